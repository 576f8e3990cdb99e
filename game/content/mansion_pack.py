"""Load the mansion data pack: ``assets/data/mansion/`` (characters, reserve-only profiles, items,
bosses, behaviour decks, the encounter, scenario event and mission decks), the manor briefs under
``scenarios/manor/`` and the campaign pack ``assets/campaigns/mansion.yaml``.

Every file is read with the limited safe YAML reader of :mod:`game.content.readers` and checked
by the pydantic models of :mod:`game.engine.mansion.defs` / :mod:`game.engine.mansion.pack`;
then the pack is linted (deck sizes and compositions of MDV-6..8, the MDV-7 deck rules, keyword
vocabulary, references). Errors are :class:`ContentError` naming the file, the card and what to do.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..engine.defs import ScenarioDef, Strict
from ..engine.mansion.defs import (HARMFUL_COMPLETION, MISSION_ONLY, EncounterCardDef, MainCharacterDef,
                                   MansionContent, MissionDef, ReserveCharacterDef, ScenarioEventDef)
from ..engine.scenario import Scenario
from .errors import ContentError, P_
from .city_pack import load_content
from .keys import give_keys
from .readers import (BRIEF_FILES, DATA, ROOT, brief_map_path, check_behaviour, check_board_against_content, line_of,
                      load_list, read_yaml, rel, validate)

MANSION_DATA = DATA / "mansion"
MANOR_SCENARIOS = ROOT / "scenarios" / "manor"
#: MDV-3: the Kerosene Can copies added to the Item A deck when items.yaml says nothing (``item_a_add``)
KEROSENE_CANS = 4
#: deck sizes of §14 / MDV-6..8
SIZES = {"encounter": 30, "events": 16, "missions": 10}
#: the default party of a mansion game, in seat order (main characters, M-CHAR-4)
MANSION_PARTY = ("dana", "marcus", "bram", "ivy")


#: a city brief's set-up values that a manor brief may not carry (M-MODE-3): the campaign plays a card
#: with the campaign's danger and packets (R-CAMP-8) and no tier gear, and alone with the card's
#: ``standalone`` block in assets/campaigns/mansion.yaml or its tier's values, so in a manor brief
#: they would never be read
CITY_ONLY_FIELDS = ("danger_start", "packets", "standalone_gear", "standalone")


def _no_city_standalone_fields(data, node, path: Path) -> None:
    """Refuse a manor brief that sets one of :data:`CITY_ONLY_FIELDS`. Raises ContentError naming
    the file, the line and the field, and where the value belongs instead."""
    if not isinstance(data, dict):
        return
    for key in CITY_ONLY_FIELDS:
        if key in data:
            line = line_of(node, (key,))
            field = P_("field '{x}'", x=key)
            raise ContentError(rel(path), P_("line {n}: {where}", n=line, where=field) if line else field,
                               P_("a manor brief's '{x}' is never read{rule}: alone a card plays with its standalone "
                                  "values, in the campaign with the campaign's danger and packets", rule="M-MODE-3", x=key),
                               P_("remove the line; set the card's standalone values in assets/campaigns/mansion.yaml"))


def _briefs(folder: Path) -> dict[str, tuple[ScenarioDef, Path]]:
    """Manor briefs by id: scenarios/manor/*.yaml, then the stubs in scenarios/manor/stub/ for ids
    the real briefs do not have yet."""
    out: dict[str, tuple[ScenarioDef, Path]] = {}
    for sub in (folder, folder / "stub"):
        for p in sorted(sub.glob("*.yaml")) if sub.is_dir() else []:
            data, node = read_yaml(p)
            _no_city_standalone_fields(data, node, p)
            sc = validate(ScenarioDef, data, p, node, (), f"manor brief in {p.name}")
            if sc.id in out and sub == folder:
                raise ContentError(rel(p), P_("line {n}: id '{id}'", n=line_of(node, ('id',)), id=sc.id),
                                   P_("the brief id '{x}' is already used by {y}", x=sc.id, y=rel(out[sc.id][1])),
                                   P_("give every manor brief its own id"))
            out.setdefault(sc.id, (sc, p))
    return out


def load_mansion_content(data_dir: Path | None = None, scen_dir: Path | None = None) -> MansionContent:
    """The mansion content (core tables adjusted as M-DOC-2 says, plus the mansion decks).
    Raises ContentError naming the file, the card and what to do."""
    d = Path(data_dir) if data_dir else MANSION_DATA
    core = load_content()
    chars_path = d / "characters.yaml"
    chars = load_list(chars_path, "characters", MainCharacterDef, "main character")
    reserve = load_list(chars_path, "reserve_only", ReserveCharacterDef, "reserve-only character")
    for cid in reserve:
        if cid in chars:
            raise ContentError(rel(chars_path), P_("reserve-only character '{x}'", x=cid),
                               P_("also listed as a main character"),
                               P_("a character is either main or reserve-only{rule}", rule="M-CHAR-1"))
    extra_items = load_list(d / "items.yaml", "items", type(next(iter(core.items.values()))), "item")
    # the city's Item C cards are not mansion content (MDV-5 replaces them)
    items = {k: v for k, v in core.items.items() if v.stage is None}
    for k, v in extra_items.items():
        if k in items:
            raise ContentError(rel(d / "items.yaml"), P_("item '{x}'", x=k), P_("the id is already a core item"),
                               P_("give mansion items their own ids"))
        items[k] = v
    bosses = load_list(d / "enemies.yaml", "enemies", type(next(iter(core.enemies.values()))), "boss")
    # M-DOC-2: the Stalker (R-STALK-*) and the city's bosses are not used
    enemies = {k: v for k, v in core.enemies.items() if "boss" not in v.rules and "stalker" not in v.rules}
    enemies.update(bosses)
    behaviour = load_list(d / "behaviour.yaml", "behaviour", type(next(iter(core.behaviour.values()))),
                           "behaviour card")
    encounter = load_list(d / "encounter.yaml", "encounter", EncounterCardDef, "encounter card")
    events = load_list(d / "events.yaml", "events", ScenarioEventDef, "scenario event")
    missions = load_list(d / "missions.yaml", "missions", MissionDef, "mission")
    briefs = _briefs(Path(scen_dir) if scen_dir else MANOR_SCENARIOS)
    add, gear = _deck_numbers(d / "items.yaml", items, core.decks)
    item_a = dict(core.decks.item_a)
    for k, n in add.items():
        item_a[k] = item_a.get(k, 0) + n
    decks = core.decks.model_copy(update={"item_a": item_a, "item_a_rare": {}, "standalone_gear": gear})
    tension = _tension_words(d / "tension.yaml", core.tension)
    ct = MansionContent(characters=chars, enemies=enemies, items=items, tension=tension,
                        scenarios={k: v for k, (v, _) in briefs.items()}, decks=decks, narrative={},
                        behaviour=behaviour, reserve_only=reserve, encounter=encounter, events=events,
                        missions=missions, dice=core.dice)
    lint_mansion(ct, d, briefs, set(core.scenarios))
    for table in ("characters", "reserve_only", "items", "enemies", "tension", "behaviour", "encounter", "events",
                  "missions"):  # stable keys (game.content.keys): the city's shared cards keep their city keys
        give_keys(getattr(ct, table), f"manor.{table}")
    for sid, brief in ct.scenarios.items():
        give_keys(brief, f"brief.{sid}")
    return ct


class TensionWordsDef(Strict):
    """The manor's name and text for one core tension card (``assets/data/mansion/tension.yaml``):
    the card's colour, effects and symbols stay the core's (M-DOC-2, DV-16)."""

    id: str
    name: str | None = None
    text: str


def _tension_words(path: Path, core_tension: dict) -> dict:
    """The core tension cards with the manor's words where ``path`` gives them (the file is
    optional). Raises ContentError naming the file and the entry when an id is not a core
    tension card."""
    if not path.is_file():
        return core_tension
    words = load_list(path, "tension_words", TensionWordsDef, "tension card words")
    out = dict(core_tension)
    for k, w in words.items():
        if k not in out:
            raise ContentError(rel(path), P_("tension card words '{x}'", x=k),
                               P_("not a tension card of assets/data/tension.yaml"),
                               P_("use one of: {names}", names=", ".join(sorted(core_tension))))
        update = {"text": w.text} | ({"name": w.name} if w.name else {})
        out[k] = out[k].model_copy(update=update)
    return out


def _deck_numbers(path: Path, items: dict, core_decks) -> tuple[dict[str, int], dict[int, list[str]]]:
    """The mansion's own deck numbers from ``items.yaml``: ``item_a_add`` (Item A cards added to the
    core's regular ones: MDV-3's Kerosene Cans, default 4 of them and nothing else) and
    ``standalone_gear`` (the tier gear of a manor card played on its own, M-MODE-3 / R-STAND-3;
    default the core's DV-21 table). Raises ContentError naming the file and the entry."""
    data, _ = read_yaml(path)
    data = data if isinstance(data, dict) else {}
    add = data.get("item_a_add", {"kerosene_can": KEROSENE_CANS})
    gear = data.get("standalone_gear", core_decks.standalone_gear)
    if not isinstance(add, dict) or not all(isinstance(k, str) and type(n) is int and 0 < n <= 20 for k, n in add.items()):
        raise ContentError(rel(path), P_("item_a_add"), P_("must map item ids to counts from 1 to 20"),
                           P_("write it as {x}", x="item_a_add: {kerosene_can: 4, handgun_ammo: 2}"))
    if not isinstance(gear, dict) or not all(type(t) is int and 1 <= t <= 4 and isinstance(v, list) for t, v in gear.items()):
        raise ContentError(rel(path), P_("standalone_gear"), P_("must map tiers 1 to 4 to lists of item ids"),
                           P_("write it as {x}", x="{1: [], 2: [shotgun], 3: [shotgun, assault_rifle], 4: [magnum]}"))
    for where, ids in [(P_("item_a_add"), list(add))] + [(P_("standalone_gear tier {n}", n=t), v) for t, v in gear.items()]:
        for k in ids:
            if k not in items:
                raise ContentError(rel(path), where, P_("'{x}' is not an item", x=k), P_("use an item id from items.yaml"))
    return add, {int(t): list(v) for t, v in gear.items()}


def lint_mansion(ct: MansionContent, d: Path, briefs: dict[str, tuple[ScenarioDef, Path]],
                 core_ids: set[str] = frozenset()) -> None:
    """Cross-references and the deck rules of MDV-6..8 (sizes, symbol totals, the mission deck
    rules), the effect vocabulary of the mansion rule set, and where mission-only keywords may
    appear (M-MISSION-13)."""
    import game.engine.mansion  # noqa: F401  (registers the rule set)
    from ..engine.machine import RULESETS

    known = RULESETS["mansion"].keywords
    spawnable = set(ct.enemies)

    def ops(path: Path, card: str, lst, mission: bool = False) -> None:
        for op in lst:
            if op.op not in known["effect"]:
                raise ContentError(rel(path), card, P_("unknown effect keyword '{x}'", x=op.op),
                                   P_("use one of: {names}", names=", ".join(sorted(known["effect"]))))
            if op.op in MISSION_ONLY and not mission:
                raise ContentError(rel(path), card, P_("'{x}' is valid only in mission texts{rule}", rule="M-MISSION-13",
                                                       x=op.op),
                                   P_("use it on a mission card, or another keyword here"))
            for e in op.enemies:
                if e not in spawnable:
                    raise ContentError(rel(path), card, P_("spawns unknown enemy '{x}'; the Stalker is not used in the "
                                                           "mansion game{rule}", rule="M-DOC-2", x=e),
                                       P_("use one of: {names}", names=", ".join(sorted(spawnable))))

    for sizes_key, table, fname in (("encounter", ct.encounter, "encounter.yaml"), ("events", ct.events, "events.yaml"),
                                    ("missions", ct.missions, "missions.yaml")):
        if len(table) != SIZES[sizes_key]:
            raise ContentError(rel(d / fname), "", P_("{n} cards; the deck has {m}", n=len(table), m=SIZES[sizes_key]),
                               P_("add or remove cards (mansion.md §14)"))
    for c in ct.characters.values():
        for it in c.starting_items:
            if it not in ct.items:
                raise ContentError(rel(d / "characters.yaml"), P_("main character '{x}'", x=c.id),
                                   P_("starting item '{x}' is not an item", x=it), P_("use an item id"))
        if c.special not in known["character_special"]:
            raise ContentError(rel(d / "characters.yaml"), P_("main character '{x}'", x=c.id),
                               P_("unknown special '{x}'", x=c.special),
                               P_("use one of: {names}", names=", ".join(sorted(known["character_special"]))))
    for e in ct.encounter.values():
        ops(d / "encounter.yaml", P_("{what} '{id}'", what=P_("encounter card"), id=e.id), e.special)
        for colour, row in (e.rows or {}).items():
            for x in row:
                if x not in spawnable:
                    raise ContentError(rel(d / "encounter.yaml"), P_("encounter card '{x}' row {y}", x=e.id, y=colour),
                                       P_("unknown enemy '{x}'", x=x), P_("use one of: {names}", names=", ".join(sorted(spawnable))))
    hz = sum(e.hazard for e in ct.encounter.values())
    if hz != 5 or sum(e.clues for e in ct.encounter.values()) != 21 or sum(e.wounds for e in ct.encounter.values()) != 17:
        raise ContentError(rel(d / "encounter.yaml"), "", P_("the top edges do not add up to 21 clues, 17 wounds and 5 "
                                                             "hazard marks"),
                           P_("match the table of the encounter cards' top edges{rule}", rule="MDV-6"))
    for ev in ct.events.values():
        ops(d / "events.yaml", P_("{what} '{id}'", what=P_("scenario event"), id=ev.id),
            ev.effect + [x for o in ev.options for x in o.effect])
    zero = [m.id for m in ct.missions.values() if m.clues == 0]
    if len(zero) > 1:
        raise ContentError(rel(d / "missions.yaml"), P_("missions {x}", x=", ".join(zero)),
                           P_("more than one mission needs 0 clues"), P_("the mission deck allows at most one{rule}",
                                                                          rule="MDV-7"))
    for m in ct.missions.values():
        ops(d / "missions.yaml", P_("mission '{x}'", x=m.id), m.start + m.completion, mission=True)
        for op in m.completion:
            if op.op in HARMFUL_COMPLETION or (op.op == "DANGER" and op.n > 0):
                raise ContentError(rel(d / "missions.yaml"), P_("mission '{x}'", x=m.id),
                                   P_("completion text contains '{x}', which the mission deck forbids{rule}", rule="MDV-7",
                                      x=op.op), P_("a completion is a benefit"))
    check_behaviour(ct, d / "behaviour.yaml", "'{boss}' is not a mansion boss", "use great_serpent or apex_prototype",
                    specials=known.get("boss_special", ()))

    for sid, (sc, path) in briefs.items():
        if sid in core_ids:  # one id, two briefs: --scenario would play the core one (issue 29 item 6)
            raise ContentError(rel(BRIEF_FILES.get(sid) or path), P_("id '{x}'", x=sid),
                               P_("the id '{x}' of this city brief is the manor brief {y}", x=sid, y=rel(path)),
                               P_("give the city brief its own id (its file name)"))
        for label, fx in sc.fixed_events.items():
            ops(path, P_("scenario event entry '{x}'", x=label), fx.effect + [x for o in fx.options for x in o.effect])
        for a in sc.scenario_actions:  # R-SCEN-4: every id an action names resolves at load
            ops(path, P_("brief '{x}': {y}", x=sid, y=P_("scenario action '{x}'", x=a.id)), a.effect)
            if a.item is not None and a.item not in ct.items:
                raise ContentError(rel(path), P_("brief '{x}': {y}", x=sid, y=P_("scenario action '{x}'", x=a.id)),
                                   P_("needs unknown item '{x}'", x=a.item), P_("use an item id"))
        for it in sc.item_a + sc.item_b + sc.rare_item_a:
            if it not in ct.items:
                raise ContentError(rel(path), P_("brief '{x}'", x=sid), P_("deck lists unknown item '{x}'", x=it),
                                   P_("use an item id"))
        for tid in sc.tension:
            if tid not in ct.tension:
                raise ContentError(rel(path), P_("brief '{x}'", x=sid), P_("unknown tension card '{x}'", x=tid),
                                   P_("use a tension card id"))
        if brief_map_path(sc.map) is None:
            raise ContentError(rel(path), P_("brief '{x}': map", x=sid), P_("the map '{x}' is outside maps/", x=sc.map[:200]),
                               P_("put the map under maps/manor/"))


@lru_cache(maxsize=2)
def mansion_content() -> MansionContent:
    """The shipped mansion content, loaded once."""
    return load_mansion_content()


def mansion_scenario(brief: ScenarioDef, board, content: MansionContent | None = None) -> Scenario:
    """A scenario played with the mansion rule set."""
    return Scenario(brief=brief, board=board, content=content or mansion_content(), rules="mansion")


MANSION_PACK = ROOT / "assets" / "campaigns" / "mansion.yaml"


def load_mansion_pack(content: MansionContent | None = None, path: Path | None = None):
    """The mansion campaign pack (the manor map, MDV-4), checked against the content: unlock
    items exist and are Item C cards, bosses exist, every card's brief exists. Raises
    ContentError naming the file and the card."""
    from ..engine.mansion.pack import MansionPack

    path = path or MANSION_PACK
    data, node = read_yaml(path)
    pack = validate(MansionPack, data, path, node, (), "mansion campaign")
    ct = content or mansion_content()
    give_keys(pack, "campaign.manor")
    for i, c in enumerate(pack.cards):
        where = P_("line {n}: {where}", n=line_of(node, ('cards', i)), where=P_("card {x}", x=c.id))
        for it in (c.unlock.items if c.unlock else []):
            if it not in ct.items or ct.items[it].stage is None:
                raise ContentError(rel(path), where, P_("unlock item '{x}' is not a mansion Item C card", x=it),
                                   P_("use an id from assets/data/mansion/items.yaml with a stage"))
        if c.boss and c.boss not in ct.enemies:
            raise ContentError(rel(path), where, P_("unknown boss '{x}'", x=c.boss), P_("use great_serpent or apex_prototype"))
        if c.brief not in ct.scenarios:
            raise ContentError(rel(path), where, P_("no brief '{x}'", x=c.brief),
                               P_("add scenarios/manor/{x}.yaml (or run python -m tools.make_mansion_stub_maps)", x=c.brief))
    return pack


def load_card_scenario(pack, cid: str, content: MansionContent | None = None) -> Scenario:
    """The scenario played for map card ``cid`` (``"intro"``: the Grand Hall), brief + board,
    with the mansion rules. Raises ContentError when the map's Item C tokens do not match the
    pack (MDV-4) or the map is broken."""
    from ..engine.campaign.carry import token_key
    from .tiled import load_board

    ct = content or mansion_content()
    card = pack.hub if cid == "intro" else pack.card(cid)
    brief = ct.scenarios[card.brief]
    path = brief_map_path(brief.map)
    if path is None or not path.is_file():
        raise ContentError(rel(MANOR_SCENARIOS / f"{card.brief}.yaml"), f"brief '{card.brief}': map",
                           f"the map {brief.map} does not exist", "draw it, or run python -m tools.make_mansion_stub_maps")
    board = load_board(path)
    check_board_against_content(board, ct, path)
    n_c = sum(1 for p in board.placements if (k := token_key(p.kind, p.square, dict(p.props))) and k.startswith("C@"))
    if cid != "intro" and n_c != card.item_c_tokens:
        if "item_c_tokens" not in card.model_fields_set:  # the pack is silent (0 by default): its file is to blame
            raise ContentError(rel(MANSION_PACK), P_("card {x}", x=cid),
                               P_("the card gives no item_c_tokens (so 0), its map {x} has {n} Item C token(s)",
                                  x=rel(path), n=n_c),
                               P_("add 'item_c_tokens: {n}' to card {x}{rule}", rule="MDV-4, MDV-5", n=n_c, x=cid))
        raise ContentError(rel(path), P_("card {x}", x=cid),
                           P_("{n} Item C token(s) on the map, the mansion pack {x} says {m}", n=n_c, x=rel(MANSION_PACK),
                              m=card.item_c_tokens),
                           P_("add or remove item tokens with letter C, or fix the card's item_c_tokens{rule}",
                              rule="MDV-4, MDV-5"))
    return Scenario(brief=brief, board=board, content=ct, rules="mansion")


def load_standalone_scenario(sid: str, map_path: str | Path | None = None) -> Scenario | None:
    """Manor brief ``sid`` (``m_gh``, ``m_w1a`` ...) ready to play on its own, as
    ``python -m game --scenario m_w1a`` does: the Grand Hall as the mansion Introduction,
    any other card as a standalone scenario (M-MODE-3: tier gear, danger and packets, no
    reserve, missions or Item C tokens). ``map_path`` plays another map with that brief's rules.
    Returns None when ``sid`` is not a manor brief. Raises ContentError / MapError."""
    from ..engine.campaign import standalone_mansion
    from .tiled import load_board

    ct = mansion_content()
    if sid not in ct.scenarios:
        return None
    pack = load_mansion_pack(ct)
    card = next((c for c in pack.cards if c.brief == sid), None)
    if card is None:
        raise ContentError(rel(MANOR_SCENARIOS / f"{sid}.yaml"), P_("brief '{x}'", x=sid),
                           P_("no card of the manor map plays this brief"),
                           P_("add a card for it to assets/campaigns/mansion.yaml{rule}", rule="MDV-4"))
    intro = card.start == "hub"
    if map_path:
        board = load_board(Path(map_path))
        check_board_against_content(board, ct, Path(map_path))
        scn = Scenario(brief=ct.scenarios[sid], board=board, content=ct, rules="mansion")
    else:
        scn = load_card_scenario(pack, "intro" if intro else card.id, ct)
    return scn if intro else standalone_mansion(pack, scn)
