"""Keep the Japanese message catalogue in step with the code (Babel's extractor and .po writer).

    python -m tools.i18n            # add new message ids, drop unused ones, report untranslated ids
    python -m tools.i18n --check    # exit 1 if the catalogue is not in step (what the test checks)

Message ids are the English texts marked in game/ with ``_("...")``, ``_f("...")`` or ``N_("...")``
plus the names players read from the content files (survivors, enemies, items, scenarios).
Existing translations are kept; nothing is ever translated by this tool.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "game" / "i18n" / "locale" / "ja" / "LC_MESSAGES" / "dreadboard.po"
KEYWORDS = {"_": None, "_f": None, "N_": None}


def code_ids() -> dict[str, list[tuple[str, int]]]:
    """Message id -> [(file, line)] for every marked string under game/."""
    from babel.messages.extract import extract_from_file

    out: dict[str, list[tuple[str, int]]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for lineno, msg, _comments, _ctx in extract_from_file("python", str(path), keywords=KEYWORDS):
            if isinstance(msg, tuple):
                msg = msg[0]
            if msg:
                out.setdefault(msg, []).append((str(path.relative_to(ROOT)), lineno))
    return out


def content_ids() -> dict[str, list[tuple[str, int]]]:
    """Names and texts players read from the content files: the city's (survivors, enemies, items,
    scenarios, cards, tile names) and the mansion's (the same tables plus reserve characters,
    encounter cards, scenario events, missions, the manor map's cards and the manor maps' rooms)."""
    from game.content.loader import load_content, load_scenario

    ct = load_content()
    out: dict[str, list[tuple[str, int]]] = {}
    _content_texts(ct, out, "assets/data", "scenarios")
    for k in ct.scenarios:  # tile titles players read on the shipped maps
        try:
            board = load_scenario(k, ct).board
        except Exception:  # a campaign brief without its map: no titles to show
            continue
        for t in board.tiles.values():
            out.setdefault(t.name, []).append((f"maps:{k}", 0))
    from game.content.campaign_pack import load_pack  # the city campaign's name on its sheet

    out.setdefault(load_pack("city", ct).name, []).append(("campaigns/city", 0))
    for colour in ("green", "yellow", "amber", "red"):
        out.setdefault(colour, []).append(("tiles", 0))
    _mansion_texts(out)
    return out


def _mansion_texts(out: dict[str, list[tuple[str, int]]]) -> None:
    """The mansion's content texts (issue 12: the manor in Japanese too)."""
    from game.content.mansion_pack import load_card_scenario, load_mansion_pack, mansion_content

    ct = mansion_content()
    _content_texts(ct, out, "assets/data/mansion", "scenarios/manor")

    def add(text: str, where: str) -> None:
        if text and text.strip():
            out.setdefault(text.strip(), []).append((where, 0))

    for k, d in ct.reserve_only.items():
        for text in (d.name, d.background, d.rule_text):
            add(text, f"assets/data/mansion/characters:{k}")
    for k, d in ct.encounter.items():
        add(d.name, f"assets/data/mansion/encounter:{k}")
        add(d.text, f"assets/data/mansion/encounter:{k}")
    for k, d in ct.events.items():
        for text in [d.name, d.text] + [x for o in d.options for x in (o.label, o.text)]:
            add(text, f"assets/data/mansion/events:{k}")
    for k, d in ct.missions.items():
        for text in (d.name, d.text, d.special):
            add(text, f"assets/data/mansion/missions:{k}")
    pack = load_mansion_pack(ct)
    add(pack.name, "campaigns/mansion")
    for c in [pack.hub, *pack.cards]:
        add(c.name, f"campaigns/mansion:{c.id}")
        try:
            board = load_card_scenario(pack, "intro" if c is pack.hub else c.id, ct).board
        except Exception:  # a card whose map is not drawn yet: no rooms to name
            continue
        for t in board.tiles.values():
            add(t.name, f"maps/manor:{c.id}")


def _content_texts(ct, out: dict[str, list[tuple[str, int]]], data: str, briefs: str) -> None:
    """The texts of one content bundle: survivors (names, specials, backgrounds), enemies (names,
    texts, attack names), items, scenarios (names, goals, objectives, descriptions, special rules,
    extra failures, fixed events), narrative, tension and behaviour cards."""
    for what, table in (("characters", ct.characters), ("enemies", ct.enemies), ("items", ct.items),
                        ("scenarios", ct.scenarios)):
        for k, d in table.items():
            out.setdefault(d.name, []).append((f"{data}/{what}:{k}", 0))
    for k, d in ct.characters.items():  # the side panel shows the special ability
        for text in (d.special_name, d.special_text):
            if text:
                out.setdefault(text, []).append((f"{data}/characters:{k}", 0))
    for k, d in ct.scenarios.items():  # the goal line
        if d.objective_text:
            out.setdefault(d.objective_text, []).append((f"{briefs}:{k}", 0))
        texts = [d.goal] + [x for r in d.special_rules for x in (r.name, r.text)] + [f.text for f in d.extra_failure]
        for text in texts:  # the one-line goal and the briefing's special rules and failures (R-SCEN-2)
            if text:
                out.setdefault(text, []).append((f"{briefs}:{k}", 0))
    # issue 12, content texts through the same catalogue: the party set-up's backgrounds and scenario
    # descriptions, tension cards (name and text) and behaviour cards (name and text)
    for k, d in ct.characters.items():
        if d.background:
            out.setdefault(d.background, []).append((f"{data}/characters:{k}", 0))
    for k, d in ct.scenarios.items():
        if (d.description or "").strip():
            out.setdefault(d.description.strip(), []).append((f"{briefs}:{k}", 0))
    for k, d in ct.items.items():  # what an item does (hover cards, the extra-gear dialog)
        if d.text:
            out.setdefault(d.text, []).append((f"{data}/items:{k}", 0))
    for k, d in ct.enemies.items():  # an enemy's reference text on its hover card
        if d.text:
            out.setdefault(d.text, []).append((f"{data}/enemies:{k}", 0))
    for k, d in ct.enemies.items():  # attack names in hover cards, the symbol line and the log
        atts = getattr(d, "attacks", None) or {}
        for att in [d.basic, d.special, *(atts.values() if isinstance(atts, dict) else atts)]:
            if att is not None and getattr(att, "name", ""):
                out.setdefault(att.name, []).append((f"{data}/enemies:{k}", 0))
    for k, d in ct.narrative.items():  # narrative cards: name, story, options (R-NARR)
        for text in [d.name, d.text] + [x for o in d.options for x in (o.label, o.text)]:
            if text:
                out.setdefault(text, []).append((f"{data}/narrative:{k}", 0))
    for k, d in ct.scenarios.items():  # a brief's fixed narrative events
        for ev in (getattr(d, "fixed_events", None) or {}).values():
            for text in [getattr(ev, "name", ""), getattr(ev, "text", ""), getattr(ev, "story", "")] + \
                    [x for o in (getattr(ev, "options", None) or []) for x in (o.label, o.text)]:
                if text:
                    out.setdefault(text, []).append((f"{briefs}:{k}", 0))
    for k, d in ct.scenarios.items():  # scenario actions (buttons and log lines) and objective markers (R-SCEN-4)
        for a in d.scenario_actions:
            for text in (a.label, a.text, (a.marker or "").replace("_", " ")):
                if text:
                    out.setdefault(text, []).append((f"{briefs}:{k}", 0))
        ops = [o for a in d.scenario_actions for o in a.effect]
        ops += [o for fx in d.fixed_events.values() for o in fx.effect + [x for op in fx.options for x in op.effect]]
        for o in ops:
            if o.op == "MARK" and o.name:
                out.setdefault(o.name.replace("_", " "), []).append((f"{briefs}:{k}", 0))
    for what, table in (("tension", ct.tension), ("behaviour", ct.behaviour)):
        for k, d in table.items():
            for text in (d.name, d.text):
                if text:
                    out.setdefault(text, []).append((f"{data}/{what}:{k}", 0))


def wanted() -> dict[str, list[tuple[str, int]]]:
    """Every message id: the code's, and the content files' texts under their stable key
    (game.i18n.content_key: no trailing newline of a YAML block; issue 25 item 5)."""
    from game.i18n import content_key

    ids = code_ids()
    for k, v in content_ids().items():
        if content_key(k):
            ids.setdefault(content_key(k), []).extend(v)
    return ids


def read() -> "object":
    from babel.messages.pofile import read_po

    with open(PO, "rb") as fh:
        return read_po(fh, locale="ja")


def update() -> tuple[int, int, list[str]]:
    """Rewrite the catalogue: add missing ids (empty), drop unused ones. Returns (added, dropped, untranslated)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    old = read() if PO.is_file() else Catalog(locale="ja")
    ids = wanted()
    # The old catalogue's creation date is kept: a fresh date on every run made that one header
    # line conflict on every merge of two branches that touched strings.
    kept = {"creation_date": old.creation_date} if PO.is_file() else {}
    new = Catalog(locale="ja", project="Dreadboard", domain="dreadboard", charset="utf-8", **kept)
    added = 0
    for msgid in sorted(ids):
        m = old.get(msgid)
        string = m.string if m is not None else ""
        if m is None and old.get(msgid + "\n") is not None:  # a content text kept under its raw key before
            m = old.get(msgid + "\n")  # (with a YAML block's newline): its translation, stripped alike
            string = (m.string or "").strip()
        if m is None:
            added += 1
        new.add(msgid, string, locations=[(f, n) for f, n in ids[msgid]][:3])
    dropped = sum(1 for m in old if m.id and m.id not in ids)
    PO.parent.mkdir(parents=True, exist_ok=True)
    with open(PO, "wb") as fh:
        # No line numbers: they moved on every edit of a big UI file and made every merge
        # of two branches conflict in the catalogue. The file names stay for translators.
        write_po(fh, new, width=100, omit_header=False, sort_output=True, include_lineno=False)
    untranslated = [m.id for m in new if m.id and not m.string]
    return added, dropped, untranslated


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check; exit 1 if not in step")
    a = ap.parse_args(argv)
    if a.check:
        cat = read()
        have = {m.id for m in cat if m.id}
        ids = wanted()
        missing = sorted(set(ids) - have)
        unused = sorted(have - set(ids))
        empty = sorted(m.id for m in cat if m.id and not m.string)
        for what, lst in (("missing", missing), ("unused", unused), ("untranslated", empty)):
            for m in lst:
                print(f"{PO.relative_to(ROOT)}: {what}: {m!r}")
        return 1 if missing or unused or empty else 0
    added, dropped, untranslated = update()
    print(f"{PO.relative_to(ROOT)}: {added} added, {dropped} dropped, {len(untranslated)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
