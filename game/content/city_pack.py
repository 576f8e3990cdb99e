"""The city's content pack: survivors, enemies, items, tension, narrative and behaviour cards,
decks, dice and the city briefs under ``scenarios/`` (``load_content``), the cross-reference lint,
the keyword check against the core rule set, the default party, and the check of a campaign brief
against its map.

Files are read with the shared readers of :mod:`game.content.readers`; errors are
:class:`ContentError` naming the file, the line and the id of the first problem. Imports the
readers and the engine's definitions only (the manor's pack builds on this one, never the other
way round; :mod:`game.content.loader` is the front door over both).
"""
from __future__ import annotations

import os
from pathlib import Path

from ..engine.defs import (DV1_DICE, BehaviourCardDef, CharacterDef, DecksDef, DiceDef, EnemyDef, Face, ItemDef,
                           NarrativeCardDef, ScenarioDef, TensionCardDef)
from ..engine.scenario import Content
from . import limits as L
from .errors import ContentError, P_
from .keys import give_keys
from .readers import (BRIEF_FILES, DATA, MANOR_BRIEFS, SCENARIOS, brief_map_path, check_behaviour, line_of, load_list,
                      read_yaml, rel, validate)

def load_dice(path: Path) -> dict[str, tuple[Face, ...]]:
    """The attack/evade dice of ``path`` (``dice.yaml``: ``dice: {blue: [6 faces], red: [6 faces]}``,
    DV-1), colour -> faces 1..6; DV-1's own dice when the file does not exist (a content folder from
    before the file). Raises ContentError naming the file and line of a bad face or a die without 6 faces."""
    if not path.exists():
        return dict(DV1_DICE)
    data, node = read_yaml(path)
    dd = validate(DiceDef, data, path, node, (), "dice")
    return {colour: tuple(faces) for colour, faces in dd.dice.items()}


def load_content(data_dir: Path | None = None, scen_dir: Path | None = None) -> Content:
    """Load every content file and cross-check references (a small content lint).

    ``data_dir`` defaults to $DREADBOARD_CONTENT (set by ``python -m game --content DIR``), else
    assets/data. Raises ContentError naming the file, line and id of the first problem.
    """
    d = Path(data_dir) if data_dir else Path(os.environ.get("DREADBOARD_CONTENT") or DATA)
    sd = Path(scen_dir) if scen_dir else SCENARIOS
    chars = load_list(d / "characters.yaml", "characters", CharacterDef, "survivor")
    enemies = load_list(d / "enemies.yaml", "enemies", EnemyDef, "enemy")
    items = load_list(d / "items.yaml", "items", ItemDef, "item")
    tension = load_list(d / "tension.yaml", "tension", TensionCardDef, "tension card")
    narrative = load_list(d / "narrative.yaml", "narrative", NarrativeCardDef, "narrative card")
    behaviour = load_list(d / "behaviour.yaml", "behaviour", BehaviourCardDef, "behaviour card")
    scenarios: dict[str, ScenarioDef] = {}
    files: dict[str, Path] = {}
    for p in sorted(sd.glob("*.yaml")):
        data, node = read_yaml(p)
        sc = validate(ScenarioDef, data, p, node, (), f"scenario in {p.name}")
        if sc.id != p.stem and (MANOR_BRIEFS / f"{sc.id}.yaml").is_file():  # (issue 29 item 6)
            raise ContentError(rel(p), P_("line {n}: id '{id}'", n=line_of(node, ('id',)), id=sc.id),
                               P_("the id '{x}' is the manor brief {y}", x=sc.id, y=rel(MANOR_BRIEFS / f'{sc.id}.yaml')),
                               P_("give the brief its own id, e.g. '{x}' (its file name)", x=p.stem))
        if sc.id in scenarios:  # two briefs with one id would shadow each other
            raise ContentError(rel(p), P_("line {n}: id '{id}'", n=line_of(node, ('id',)), id=sc.id),
                               P_("the scenario id '{id}' is already used by {x}", id=sc.id, x=rel(files[sc.id])),
                               P_("give every brief its own id"))
        scenarios[sc.id] = sc
        files[sc.id] = p
        BRIEF_FILES[sc.id] = p
    ddata, dnode = read_yaml(d / "decks.yaml")
    decks = validate(DecksDef, ddata, d / "decks.yaml", dnode, (), "deck compositions")
    ct = Content(characters=chars, enemies=enemies, items=items, tension=tension, scenarios=scenarios, decks=decks,
                 narrative=narrative, behaviour=behaviour, dice=load_dice(d / "dice.yaml"))
    lint(ct, d, sd)
    give_city_keys(ct)
    return ct


def give_city_keys(ct: Content) -> None:
    """Every city content text gets its stable catalogue key (game.content.keys; issue 23 item 1):
    ``city.<table>.<id>.<field>`` and ``brief.<scenario id>.<field>``."""
    for table in ("characters", "enemies", "items", "tension", "narrative", "behaviour"):
        give_keys(getattr(ct, table), f"city.{table}")
    for sid, brief in ct.scenarios.items():
        give_keys(brief, f"brief.{sid}")


def lint(ct: Content, d: Path, sd: Path) -> None:
    """Every cross-reference must name something that exists."""
    for c in ct.characters.values():
        for it in c.starting_items:
            if it not in ct.items:
                raise ContentError(rel(d / "characters.yaml"), P_("{what} '{id}'", what=P_("survivor"), id=c.id),
                                   P_("starting item '{x}' is not in items.yaml", x=it), P_("add the item or fix the id"))
    for it in ct.items.values():
        for w in it.fits:
            if w not in ct.items:
                raise ContentError(rel(d / "items.yaml"), P_("{what} '{id}'", what=P_("item"), id=it.id),
                                   P_("'fits' names unknown weapon '{x}'", x=w), P_("use an item id of a weapon"))
    spawnable = set(ct.enemies) | {"stalker_one"}
    for t in ct.tension.values():
        for op in t.effect + t.high + t.extreme:
            for e in op.enemies:
                if e not in spawnable:
                    raise ContentError(rel(d / "tension.yaml"), P_("{what} '{id}'", what=P_("tension card"), id=t.id),
                                       P_("spawns unknown enemy '{x}'", x=e), P_("use an id from enemies.yaml"))
    for n in ct.narrative.values():
        for op in n.effect + [x for o in n.options for x in o.effect]:
            for e in op.enemies:
                if e not in spawnable:
                    raise ContentError(rel(d / "narrative.yaml"), P_("{what} '{id}'", what=P_("narrative card"), id=n.id),
                                       P_("spawns unknown enemy '{x}'", x=e), P_("use an id from enemies.yaml or stalker_one"))
    check_behaviour(ct, d / "behaviour.yaml")
    if ct.decks is not None:
        dk = ct.decks
        for group in (dk.item_a, dk.item_a_rare, dk.item_b_pool):
            for it in group:
                if it not in ct.items:
                    raise ContentError(rel(d / "decks.yaml"), "", P_("unknown item '{x}'", x=it), P_("use an id from items.yaml"))
        for tid, n in dk.tension_base.items():
            if tid not in ct.tension or n > len(ct.tension[tid].symbols):
                raise ContentError(rel(d / "decks.yaml"), P_("tension_base '{id}'", id=tid), P_("unknown card or too many copies"),
                                   P_("use an id from tension.yaml with at most its number of symbols"))
    lint_keywords(ct, d, sd)
    if ct.decks is not None:
        lint_encounters(ct, ct.decks.encounter_tables, rel(d / "decks.yaml"), "encounter_tables")
    for s in ct.scenarios.values():
        f = rel(BRIEF_FILES.get(s.id) or sd / f"{s.id}.yaml")
        lint_encounters(ct, s.encounter_tables, f, f"scenario '{s.id}': encounter_tables")
        if brief_map_path(s.map) is None:
            raise ContentError(f, P_("scenario '{id}': map", id=s.id),
                               P_("the map '{x}' is outside the game's maps/ folder or not a .tmx/.tmj file", x=s.map[:200]),
                               P_("put the map under maps/ and name it like maps/<name>.tmx (or play any map with --map)"))
        brief_ops = [(P_("fixed event '{x}'", x=label), fx.effect + [x for o in fx.options for x in o.effect])
                     for label, fx in s.fixed_events.items()]
        brief_ops += [(P_("scenario action '{x}'", x=a.id), a.effect) for a in s.scenario_actions]
        for card, lst in brief_ops:  # every id an effect names resolves at load (issue 29 item 6)
            for op in lst:
                for e in op.enemies:
                    if e not in spawnable:
                        raise ContentError(f, P_("scenario '{x}': {y}", x=s.id, y=card), P_("spawns unknown enemy '{x}'", x=e),
                                           P_("use an id from enemies.yaml or stalker_one"))
        for a in s.scenario_actions:
            if a.item is not None and a.item not in ct.items:
                raise ContentError(f, P_("scenario '{x}': {y}", x=s.id, y=P_("scenario action '{x}'", x=a.id)),
                                   P_("needs unknown item '{x}'", x=a.item), P_("use an id from items.yaml"))
        for it in s.item_c:
            if it not in ct.items or ct.items[it].stage is None:
                raise ContentError(f, P_("scenario '{x}'", x=s.id), P_("item_c lists '{x}', which is not an Item C card", x=it),
                                   P_("use an Item C id (items.yaml entries with a stage)"))
        for it in s.item_a + s.item_b + s.rare_item_a:
            if it not in ct.items:
                raise ContentError(f, P_("scenario '{x}'", x=s.id), P_("deck lists unknown item '{x}'", x=it),
                                   P_("use an id from items.yaml"))
        for tid in s.tension:
            if tid not in ct.tension:
                raise ContentError(f, P_("scenario '{x}'", x=s.id), P_("tension list names unknown card '{x}'", x=tid),
                                   P_("use an id from tension.yaml"))
        counts: dict[str, int] = {}
        for tid in s.tension:
            counts[tid] = counts.get(tid, 0) + 1
        for tid, n in counts.items():
            if n > len(ct.tension[tid].symbols):
                raise ContentError(f, P_("scenario '{x}'", x=s.id), P_("lists {n} copies of '{x}' but only {m} exist", n=n,
                                                                          x=tid, m=len(ct.tension[tid].symbols)),
                                   P_("list fewer copies"))


def lint_encounters(ct: Content, tables: dict[str, list[list[str]]], file: str, where: str) -> None:
    """DV-15: an encounter table per tile colour, one row per die face (six), each naming
    enemies from enemies.yaml. Raises ContentError naming the file, the colour and the face."""
    for colour, rows in tables.items():
        if colour not in ("green", "yellow", "amber", "red"):
            raise ContentError(file, f"{where}.{colour}", P_("'{x}' is not a tile colour", x=colour),
                               P_("use yellow, amber or red (green tiles have no encounter)"))
        if len(rows) != L.ENCOUNTER_FACES:
            raise ContentError(file, f"{where}.{colour}", P_("{n} rows; the encounter die has {m} faces{rule}",
                                                             rule="DV-15", n=len(rows), m=L.ENCOUNTER_FACES),
                               P_("give one row per face, [] for nothing"))
        for face, row in enumerate(rows, 1):
            if len(row) > 8:
                raise ContentError(file, P_("{where}.{colour} face {n}", where=where, colour=colour, n=face),
                                   P_("{n} enemies, more than 8", n=len(row)), P_("list at most 8 enemies per face"))
            for e in row:
                if e not in ct.enemies:
                    raise ContentError(file, P_("{where}.{colour} face {n}", where=where, colour=colour, n=face),
                                       P_("unknown enemy '{x}'", x=e), P_("use an id from enemies.yaml"))



def lint_keywords(ct: Content, d: Path, sd: Path, rules: str = "core") -> None:
    """Every keyword content names (effects, sustained effects, survivor specials, weapon
    specials, enemy rules, boss specials) must be one the rule set registered (R-TENSION-12).
    Raises ContentError naming the file, the card and the known keywords."""
    from ..engine.machine import RULESETS
    import game.engine.api  # noqa: F401  (registers the core rule set)

    known = RULESETS[rules].keywords
    uses: list[tuple[Path, str, str, str]] = []

    def ops(path: Path, card: str, lst) -> None:
        for op in lst:
            uses.append((path, card, "effect", op.op))
            if op.op == "SUSTAIN":
                uses.append((path, card, "sustained", op.name or ""))
    for t in ct.tension.values():
        ops(d / "tension.yaml", f"tension card '{t.id}'", t.effect + t.high + t.extreme)
    for n in ct.narrative.values():
        ops(d / "narrative.yaml", f"narrative card '{n.id}'", n.effect + [x for o in n.options for x in o.effect])
    for sc in ct.scenarios.values():
        bf = BRIEF_FILES.get(sc.id) or sd / f"{sc.id}.yaml"
        for label, fx in sc.fixed_events.items():
            ops(bf, f"fixed event '{label}'", fx.effect + [x for o in fx.options for x in o.effect])
        for a in sc.scenario_actions:
            ops(bf, f"scenario action '{a.id}'", a.effect)
    for c in ct.characters.values():
        uses.append((d / "characters.yaml", f"survivor '{c.id}'", "character_special", c.special))
    for it in ct.items.values():
        if it.weapon is not None and it.weapon.special:
            uses.append((d / "items.yaml", f"item '{it.id}'", "weapon_special", it.weapon.special))
    for e in ct.enemies.values():
        for r in e.rules:
            uses.append((d / "enemies.yaml", f"enemy '{e.id}'", "enemy_rule", r))
    for b in ct.behaviour.values():
        for ln in b.lines:
            if ln.special:
                uses.append((d / "behaviour.yaml", f"behaviour card '{b.id}'", "boss_special", ln.special))
    for path, card, cat, kw in uses:
        names = known.get(cat)
        if names is not None and kw not in names:
            raise ContentError(rel(path), card, P_("unknown {what} keyword '{x}'", what=P_(cat.replace("_", " ")), x=kw),
                               P_("use one of: {names}", names=", ".join(sorted(names))))


PREFERRED_SURVIVORS = ("vera", "mateo", "anton", "grigor")  # seat order of a default party


def party_for(ct: Content, n: int, file: str = "") -> list[tuple[str, int]]:
    """A default party of ``n`` survivors from the content: the shipped four in their usual
    order when present, then the others in file order; start squares alternate 1, 2 (R-SCEN-5).
    Raises ContentError (naming characters.yaml) when the content has fewer than ``n``."""
    ids = [c for c in PREFERRED_SURVIVORS if c in ct.characters] + \
        [c for c in ct.characters if c not in PREFERRED_SURVIVORS]
    if len(ids) < n:
        raise ContentError(file or "characters.yaml", "", P_("{n} players need {m} survivors; the content has {ids}", n=n, m=n,
                                                             ids=len(ids)),
                           P_("add survivors to characters.yaml or play with fewer players"))
    return [(ids[i], 1 if i % 2 == 0 else 2) for i in range(n)]



def check_board_against_brief(board, brief: ScenarioDef, path: Path) -> None:
    """R-SCEN-2: a campaign brief's (one with a ``district``) ``progression`` names exactly the
    progression tokens on its map (by label), and the tokens its scenario actions and extra failures stand on exist. Raises
    ContentError naming the brief file and what to change."""
    bf = rel(BRIEF_FILES.get(brief.id) or SCENARIOS / f"{brief.id}.yaml")
    on_map = sorted(str(p.get("label", "")) for p in board.placements if p.kind == "progression")
    if brief.district is not None and on_map != sorted(brief.progression):  # a campaign brief (DV-19)
        raise ContentError(bf, P_("scenario '{id}': progression", id=brief.id),
                           P_("the brief lists progression tokens {a}, the map {b} has {c}", a=sorted(brief.progression),
                              b=rel(path), c=on_map),
                           P_("give the brief one 'progression' entry per progression token label on the map{rule}",
                              rule="R-SCEN-2"))
    for f in brief.extra_failure:
        if f.when == "enemy_on" and not any(p.kind == f.at and (f.at_label is None or str(p.get("label")) == f.at_label)
                                            for p in board.placements):
            raise ContentError(bf, P_("scenario '{id}': extra_failure", id=brief.id),
                               P_("no '{x}' token labelled {y} on the map {z}", x=f.at, y=repr(f.at_label), z=rel(path))
                               if f.at_label else P_("no '{x}' token on the map {z}", x=f.at, z=rel(path)),
                               P_("place that token on the map or fix 'at'/'at_label'{rule}", rule="R-SCEN-8"))


