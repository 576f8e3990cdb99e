"""Keep the Japanese message catalogue in step with the code (Babel's extractor and .po writer).

    python -m tools.i18n            # add new message ids, drop unused ones, report untranslated ids
    python -m tools.i18n --check    # exit 1 if the catalogue is not in step (what the test checks)

It also reports the engine's message ids (issue 23: ``emit(kind, rule, "move.to", params)``)
missing from a language's ``messages.po`` (English is a catalogue like Japanese), and the emit
sites that still pass an English sentence.

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
KEYWORDS = {"_": None, "_f": None, "N_": None, "P_": None}  # P_: a file error's sentence (game.content.errors)


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
    _mansion_texts(out)
    _dungeon_fight_texts(out)
    _dungeon_texts(out)
    return out


def _dungeon_texts(out: dict[str, list[tuple[str, int]]]) -> None:
    """The dungeon's hero cards (every face's name, title and text), its dungeons (name, story,
    map card names, map effect names) and the random delve's name (dungeon.md 16.1-16.3, 16.7),
    which its events and screens name."""
    from game.content.dungeon_pack import dungeon_pack

    pack = dungeon_pack()
    for what, table in (("heroes", pack.characters), ("heroes", pack.equipment), ("heroes", pack.abilities)):
        for k, card in table.items():
            for face in card.faces:
                for text in (face.name, getattr(face, "title", ""), face.text):
                    if text and text.strip():
                        out.setdefault(text.strip(), []).append((f"assets/data/dungeon/{what}:{k}", 0))
    for sid, scn in pack.scenarios.items():
        texts = [scn.name, scn.story] + [c.name for c in scn.cards.values()] + [e.name for e in scn.effects.values()]
        for text in texts:
            if text and text.strip():
                out.setdefault(text.strip(), []).append((f"assets/data/dungeon/scenarios:{sid}", 0))
    from game.engine.dungeon.delve import DELVE_NAME, DELVE_STORY
    for text in (DELVE_NAME, DELVE_STORY):  # a random delve's name and story
        out.setdefault(text, []).append(("game/engine/dungeon/delve.py", 0))


def _dungeon_fight_texts(out: dict[str, list[tuple[str, int]]]) -> None:
    """The dungeon's enemy cards and item cards (names and texts; dungeon.md 16.4-16.6), which
    its fighting events name."""
    from game.content.dungeon_pack import dungeon_pack

    pack = dungeon_pack()
    for what, table in (("enemies", pack.enemies), ("items", pack.items)):
        for k, d in table.items():
            for text in (d.name, d.text):
                if text and text.strip():
                    out.setdefault(text.strip(), []).append((f"assets/data/dungeon/{what}:{k}", 0))


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
    """Every message id of the UI catalogue: the code's, and the content-file words that have no
    stable key (game words) under their words (the tile colours are message ids, colour.*)
    (game.i18n.content_key: no trailing newline of a YAML block; issue 25 item 5). Texts with a
    stable key live in the content catalogue (:func:`content_keys`)."""
    from game.i18n import content_key

    ids = code_ids()
    keyed = {content_key(en) for en, _where in content_keys().values()}
    for k, v in content_ids().items():
        if content_key(k) and content_key(k) not in keyed:
            ids.setdefault(content_key(k), []).extend(v)
    return ids


# ---------------------------------------------------------------- content texts by stable key (issue 23)
def content_keys() -> dict[str, tuple[str, str]]:
    """{stable key: (English text, file it comes from)} of every content text (game.content.keys):
    the city's, the manor's and the dungeon's tables and briefs, both campaign packs, the rooms of
    the shipped Tiled maps, objective markers, the random delve's name and story."""
    from game.content.campaign_pack import load_pack
    from game.content.dungeon_pack import dungeon_pack
    from game.content.keys import keyed_texts
    from game.content.loader import load_content
    from game.content.mansion_pack import load_mansion_pack, mansion_content
    from game.engine.dungeon.delve import DELVE_NAME, DELVE_STORY
    from game.engine.messages import marker
    from game.engine.versus.data import ROSTER, SCENARIOS

    out: dict[str, tuple[str, str]] = {}
    ct, mt = load_content(), mansion_content()
    sources = [(ct.__dict__, "assets/data"), (mt.__dict__, "assets/data/mansion"),
               (dungeon_pack(), "assets/data/dungeon"), (load_pack("city", ct), "assets/campaigns/city.yaml"),
               (load_mansion_pack(mt), "assets/campaigns/mansion.yaml"),
               ([DELVE_NAME, DELVE_STORY], "game/engine/dungeon/delve.py"),
               ([c.name for c in ROSTER.values()] + [sc.name for sc in SCENARIOS.values()],
                "game/engine/versus/data.py")]
    for obj, where in sources:
        for key, en in keyed_texts(obj).items():
            if en.strip():
                out.setdefault(key, (en, f"scenarios:{key.split('.')[1]}" if key.startswith("brief.") else where))
    for board, where in _shipped_boards(ct, mt):  # the rooms of the shipped Tiled maps (game.content.keys.room_key)
        for t in board.tiles.values():
            key = getattr(t.name, "key", None)
            if key and str(t.name).strip():
                out.setdefault(key, (str(t.name), where))
    for briefs in (ct.scenarios, mt.scenarios):  # objective markers (R-SCEN-4): game.engine.messages.marker
        for sid, d in briefs.items():
            ops = [o for a in d.scenario_actions for o in a.effect]
            ops += [o for fx in d.fixed_events.values() for o in fx.effect + [x for op in fx.options for x in op.effect]]
            names = [a.marker for a in d.scenario_actions if a.marker] + [o.name for o in ops if o.op == "MARK" and o.name]
            for m in names:
                ref = marker(str(m))
                out.setdefault(ref["k"], (ref["v"], f"scenarios:{sid}"))
    return out


def _shipped_boards(ct, mt) -> list:
    """(board, its map file) of every shipped city scenario and manor map card that loads."""
    from game.content.loader import load_scenario
    from game.content.mansion_pack import load_card_scenario, load_mansion_pack

    out = []
    for k in ct.scenarios:
        try:
            board = load_scenario(k, ct).board
        except Exception:  # a campaign brief without its map: no rooms to name
            continue
        out.append((board, board.source or f"maps:{k}"))
    pack = load_mansion_pack(mt)
    for c in [pack.hub, *pack.cards]:
        try:
            board = load_card_scenario(pack, "intro" if c is pack.hub else c.id, mt).board
        except Exception:  # a card whose map is not drawn yet
            continue
        out.append((board, board.source or f"maps/manor:{c.id}"))
    return out


CONTENT_PO = ROOT / "game" / "i18n" / "locale" / "ja" / "LC_MESSAGES" / "content.po"


def _plain(text: str) -> str:
    """A text with its white space made single spaces (how the catalogue's comment keeps the English)."""
    return " ".join(str(text).split())


def read_content() -> "object":
    """The Japanese content catalogue (an empty one when the file does not exist yet)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    if not CONTENT_PO.is_file():
        return Catalog(locale="ja")
    with open(CONTENT_PO, "rb") as fh:
        return read_po(fh, locale="ja")


def english_of(m) -> str:
    """The English words a content catalogue entry was translated from (its ``#.`` comment)."""
    return _plain(" ".join(m.auto_comments))


def content_problems() -> list[str]:
    """One line per content key missing from the Japanese content catalogue, unused there,
    untranslated, or stale (its English changed since it was translated: the entry is fuzzy)."""
    cat = read_content()
    keys = content_keys()
    have = {m.id: m for m in cat if m.id}
    rel = CONTENT_PO.relative_to(ROOT)
    out = [f"{rel}: missing: {k!r} ({keys[k][1]})" for k in sorted(set(keys) - set(have))]
    out += [f"{rel}: unused: {k!r}" for k in sorted(set(have) - set(keys))]
    for k in sorted(set(have) & set(keys)):
        m = have[k]
        if not m.string:
            out.append(f"{rel}: untranslated: {k!r}")
        elif m.fuzzy or english_of(m) != _plain(keys[k][0]):
            out.append(f"{rel}: stale (the English changed; translate again, then drop the fuzzy flag): {k!r}")
    return out


def update_content() -> tuple[int, int, list[str]]:
    """Rewrite the content catalogue: one entry per stable key, its English in a ``#.`` comment; a
    translation kept, marked fuzzy when the English changed; a new key takes the UI catalogue's
    translation of its words if there is one (texts translated under their English before they had
    keys, or by a branch that still does so). Returns (added, dropped, untranslated keys)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from game.i18n import content_key

    old = read_content()
    ui = read() if PO.is_file() else Catalog(locale="ja")
    ui_words = {content_key(m.id): m.string for m in ui if m.id and isinstance(m.id, str) and m.string}
    keys = content_keys()
    kept = {"creation_date": old.creation_date} if CONTENT_PO.is_file() else {}
    new = Catalog(locale="ja", project="Dreadboard", domain="content", charset="utf-8", **kept)
    added = 0
    for key in sorted(keys):
        en, where = keys[key]
        m = old.get(key)
        flags: set[str] = set()
        if m is not None and m.string:
            string = m.string
            if m.fuzzy or english_of(m) != _plain(en):
                flags.add("fuzzy")
        else:
            string = ui_words.get(content_key(en), "")
            added += m is None
        new.add(key, string, locations=[(where, 0)], auto_comments=[_plain(en)], flags=flags)
    dropped = sum(1 for m in old if m.id and m.id not in keys)
    CONTENT_PO.parent.mkdir(parents=True, exist_ok=True)
    with open(CONTENT_PO, "wb") as fh:
        write_po(fh, new, width=100, omit_header=False, sort_output=True, include_lineno=False)
    return added, dropped, [m.id for m in new if m.id and not m.string]


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


# ---------------------------------------------------------------- the engine's message ids (issue 23)
ENGINE = ROOT / "game" / "engine"
#: ids the renderer builds from data (a face, a list separator, an action kind, a health step)
#: message ids the engine builds as ``prefix + key``: every key each prefix may get
DYNAMIC: dict[str, list[str]] = {
    "act.": [],  # the kinds an action of the action phase may have (R-ACT-1), filled from ActionKind
    "demand.": ["DISCARD_AMMO", "DISCARD_WEAPON", "DISCARD_RECOVERY"],  # a tension card's discard (R-TENSION-12)
    "colour.": ["green", "yellow", "amber", "red"],  # a tension card's or a tile's colour (R-TENSION-1, R-EXPLORE)
    "cause.": ["poison", "fire", "blast", "eruption", "tremor"],  # what hurt a survivor (CoreRun.damage_char)
    "base.": ["small", "medium", "large"],  # an enemy's base size (R-EVADE-2)
    "boss.target.": ["ACTIVE", "NEAREST", "FARTHEST", "MOST_WOUNDED"],  # a behaviour card's Move line (R-BOSS-12)
    "danger.change.": ["city", "manor"],  # the danger track's name (CoreRun.DANGER_NAME, M-DANGER-1)
    "mission.how.": ["completed", "abandoned", "killed"],  # how a mission ends (M-MISSION-9)
    "reason.": ["won_exit", "won_boss", "won_objective"],  # a won scenario's reason (End.succeed)
    "die.": ["blue", "red"],  # a die entered at the table (issue 12)
    "band.": ["low", "high", "extreme"],  # a danger band (R-DANGER-3)
    "result.": ["success", "failure"],  # a scenario's result (R-TURN-12; "impossible.over" names it too)
    "camp.danger.": ["city", "manor"],  # the campaign's danger track (EndPhaseRun.DANGER_TRACK)
    "emove.why.": ["R-OOS-2", "R-TENSION-12", "R-REACT-4", "R-STALK-7"],  # why an enemy moves (reactions._MOVE_WHY)
    "dungeon.how.": ["melee", "ranged"],  # a dungeon attack's type (D-COMBAT-8/9; dungeon/fight.py)
    "dungeon.skill.": ["might", "agility", "lore"],  # a dungeon skill (D-SKILL-3; dungeon/fight.py)
    "dungeon.colour.": ["green", "blue", "red"],  # an enemy die's colour (D-COMP-9; dungeon/fight.py)
    "window.": ["minor_enemy", "duel"],  # a window any seat may act in (Machine.open_window; dungeon, versus)
}
RENDER_IDS = ["reason.won_exit", "reason.won_boss", "reason.won_objective", "reason.last_space",  # End.succeed
              "narrative.event", "event.card", "impossible.not_your_decision",  # StoryRules.title, api
              "impossible.over", "impossible.nothing", "impossible.not_legal", "impossible.no_campaign_decision",  # api
              "roll.attacks", "roll.tremor", "roll.attack", "roll.attack_rapid", "roll.barrel", "roll.explores",  # rolls.py
              "enemy.numbered",  # messages.value: which Zombie (the play screen's numbers)
              "ask.draw_encounter", "ask.draw_event", "ask.draw_mission", "ask.draw_survivor",  # mansion TABLE_DECKS
              "camp.intro_city", "camp.intro_city_done", "camp.intro_manor", "camp.intro_manor_done",  # INTRO
              "boss.line.attack", "boss.line.attack_bonus", "boss.line.attack_fresh", "boss.line.attack_bonus_fresh",
              "face.blank", "face.hit", "face.hit_plus", "face.crit", "list.sep", "list.plus",
              # the play screen's menus (game/ui/play/input.py)
              "menu.use_item", "menu.discard_ask", "menu.discard", "menu.typewriter_ask", "menu.typewriter_spend",
              "menu.wounds", "menu.one_action", "menu.door.door_open", "menu.door.door_closed", "menu.door.barricade"]


def _action_phase_kinds() -> tuple:
    from game.engine.actions import ActionKind as K

    return (K.MOVE, K.STAIRS, K.DOOR, K.CLEAR, K.SEARCH, K.STASH, K.TYPEWRITER, K.RIBBONS, K.TRADE, K.USE, K.ATTACK,
            K.EXIT, K.SCENARIO, K.BURN)


def _id_literals(node) -> list[str]:
    """The string literals a message-id argument can be (``"a.b"`` or ``"a.b" if x else "a.c"``)."""
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _id_literals(node.body) + _id_literals(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "within" and node.args:
        return [x + s for x in _id_literals(node.args[0]) for s in ("", ".within")]  # (CoreRun.within)
    return []


def _english(node) -> bool:
    """An argument that writes a sentence: an f-string, or text joined with ``+``."""
    import ast

    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right) or any(
            isinstance(x, ast.Constant) and isinstance(x.value, str) and " " in x.value for x in (node.left, node.right))
    return False


def engine_messages() -> tuple[dict[str, list[str]], list[str]]:
    """({message id: ["file:line", ...]} used by the engine, ["file:line: English emit", ...]).

    Ids come from ``emit``'s third argument and from nested message references
    (``{"t": "msg", "id": "..."}``); an ``"act." + kind`` reference stands for every action kind."""
    import ast

    from game.engine.messages import is_id

    DYNAMIC["act."] = [k.value for k in _action_phase_kinds()]
    used: dict[str, list[str]] = {}
    english: list[str] = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit" \
                    and len(node.args) >= 3:
                arg = node.args[2]
                lits = _id_literals(arg)
                if isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant) and arg.left.value in DYNAMIC:
                    lits = [arg.left.value + k for k in DYNAMIC[arg.left.value]]
                if lits and all(is_id(x) or x == "" for x in lits):
                    for x in lits:
                        if x:
                            used.setdefault(x, []).append(f"{rel}:{node.lineno}")
                elif lits or _english(arg):
                    english.append(f"{rel}:{node.lineno}: {ast.unparse(arg)[:70]}")
                # (an id held in a name, an attribute or a call's result is checked when games are played:
                # tests/test_messages.py renders every event of bot games)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("ask", "wait", "entry"):  # a decision's prompt (Machine.ask, wait, entry)
                arg = node.args[2] if len(node.args) >= 3 else next((k.value for k in node.keywords if k.arg == "prompt"), None)
                lits = _id_literals(arg) if arg is not None else []
                if lits and all(is_id(x) for x in lits):
                    for x in lits:
                        used.setdefault(x, []).append(f"{rel}:{node.lineno}")
                elif lits or (arg is not None and _english(arg)):
                    english.append(f"{rel}:{node.lineno}: prompt {ast.unparse(arg)[:70]}")
            if isinstance(node, ast.Dict):
                keys = {k.value: v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)}
                t = keys.get("t")
                if isinstance(t, ast.Constant) and t.value == "msg" and "id" in keys:
                    v = keys["id"]
                    if isinstance(v, ast.BinOp) and isinstance(v.left, ast.Constant):
                        prefix = v.left.value
                        if prefix not in DYNAMIC:
                            english.append(f"{rel}:{node.lineno}: message id built from {prefix!r} unknown to "
                                           f"tools.i18n.DYNAMIC")
                        for k in DYNAMIC.get(prefix, ()):
                            used.setdefault(f"{prefix}{k}", []).append(f"{rel}:{node.lineno}")
                    for x in _id_literals(v):
                        used.setdefault(x, []).append(f"{rel}:{node.lineno}")
    for x in RENDER_IDS:
        used.setdefault(x, []).append("game/i18n/messages.py")
    return used, english


def missing_messages() -> list[str]:
    """One line per message id the engine uses that a language's catalogue lacks."""
    from game.i18n.messages import LANGS, ids, po_path

    used, _english = engine_messages()
    out = []
    for lang in LANGS:
        have = ids(lang)
        for mid in sorted(set(used) - have):
            out.append(f"{po_path(lang).relative_to(ROOT)}: missing: {mid!r} (used at {used[mid][0]})")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check; exit 1 if not in step")
    a = ap.parse_args(argv)
    gone = missing_messages()
    for line in gone:
        print(line)
    _used, english = engine_messages()
    print(f"game/engine: {len(english)} emit sites still pass an English sentence")
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
        content = content_problems()
        for line in content:
            print(line)
        return 1 if missing or unused or empty or gone or content else 0
    c_added, c_dropped, c_untranslated = update_content()  # first: it takes translations the UI catalogue drops
    print(f"{CONTENT_PO.relative_to(ROOT)}: {c_added} added, {c_dropped} dropped, {len(c_untranslated)} untranslated")
    added, dropped, untranslated = update()
    print(f"{PO.relative_to(ROOT)}: {added} added, {dropped} dropped, {len(untranslated)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
