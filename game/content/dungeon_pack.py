"""The dungeon crawl's content (rules/dungeon.md section 16): hero cards, enemy cards and dice,
items and scenarios under ``assets/data/dungeon/``, read into a
:class:`~game.engine.dungeon.defs.DungeonPack`.

Files (YAML, read by the shared limited safe reader, :func:`game.content.readers.read_yaml`):

- ``heroes.yaml``: ``characters:``, ``equipment:``, ``abilities:`` lists (D-COMP-1..6);
- ``enemies.yaml``: ``enemies:`` list, ``dice:`` six faces per colour, ``pool:`` (16.5/16.6);
- ``items.yaml``: ``items:`` list (16.4);
- ``scenarios/*.yaml``: one dungeon each (16.7); its ``cards:`` map each card id to its Tiled map
  under ``maps/dungeon/`` (:func:`game.content.dungeon_maps.load_dungeon_card`; the shipped
  form), or to ``{name, story, rows}`` with the card's 7-line drawing (16.7's legend,
  :func:`game.engine.dungeon.defs.map_card_from_rows`; quick for trying a card out).

Every problem raises :class:`~game.content.errors.ContentError` naming the file, the line and
the entry, and what to do. Loading never executes code.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.dungeon.defs import (AbilityCard, CharacterCard, DieFace, DungeonPack, DungeonScenarioDef,
                                   EnemyType, EquipmentCard, ItemDef, MapCardDef, map_card_from_rows)
from .errors import ContentError, P_
from .keys import give_keys
from .readers import DATA, line_of, load_list, read_yaml, rel, validate

DUNGEON = DATA / "dungeon"
MAX_SCENARIOS = 64


def _section(path: Path, key: str, model: type, what: str, data: Any, node: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ContentError(rel(path), P_("line {n}", n=1), P_("expected a top-level '{key}:' list of {what}", key=key,
                                                              what=P_(what)),
                           P_("add '{key}:' followed by '- id: ...' entries", key=key))
    out: dict[str, Any] = {}
    for i, entry in enumerate(data[key]):
        ident = P_("{what} '{id}'", what=P_(what), id=entry["id"]) if isinstance(entry, dict) and "id" in entry \
            else P_("{what} #{n}", what=P_(what), n=i + 1)
        obj = validate(model, entry, path, node, (key, i), ident)
        if obj.id in out:
            raise ContentError(rel(path), P_("line {n}: {where}", n=line_of(node, (key, i)), where=ident),
                               P_("duplicate id"), P_("give every entry its own id"))
        out[obj.id] = obj
    return out


def read_scenario(path: Path) -> DungeonScenarioDef:
    """One dungeon scenario file. Raises ContentError naming the file, line and card."""
    data, node = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(rel(path), P_("line {n}", n=1), P_("expected a mapping with id, name, start, sequence, cards, ..."),
                           P_("see assets/data/dungeon/scenarios/sunken_reliquary.yaml"))
    cards_in = data.get("cards")
    if not isinstance(cards_in, dict) or not cards_in:
        raise ContentError(rel(path), P_("line {n}", n=line_of(node, ('cards',)) or 1), P_("no 'cards:' mapping"),
                           P_("add 'cards:' with one entry per map card and its 'rows:' drawing"))
    cards = {}
    for cid, entry in cards_in.items():
        where = P_("line {n}: {where}", n=line_of(node, ('cards', cid)), where=P_("card '{x}'", x=cid))
        if isinstance(entry, str):  # a Tiled map card under maps/dungeon/ (the shipped form)
            cards[str(cid)] = _card_map(path, where, str(cid), entry).model_dump()
            continue
        rows = entry.get("rows") if isinstance(entry, dict) else None
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise ContentError(rel(path), where, P_("no 'rows:' list of 7 drawn lines"),
                               P_("draw the card as in rules/dungeon.md 16.7, one quoted line per row"))
        extra = set(entry) - {"rows", "name", "story"}
        if extra:
            raise ContentError(rel(path), where, P_("unknown field '{x}'", x=sorted(extra)[0]), P_("use rows, name and story"))
        try:
            card = map_card_from_rows(str(cid), [r.rstrip() for r in rows], name=str(entry.get("name", "")))
        except ValueError as ex:
            raise ContentError(rel(path), where, str(ex).splitlines()[0][:300],
                               P_("fix the drawing (legend in rules/dungeon.md 16.7)")) from None
        if entry.get("story"):
            card = card.model_copy(update={"story": str(entry["story"])})
        cards[str(cid)] = card.model_dump()
    return validate(DungeonScenarioDef, {**data, "cards": cards}, path, node, (), f"scenario '{data.get('id', '?')}'")


def _card_map(path: Path, where: str, cid: str, name: str) -> MapCardDef:
    """Card ``cid`` of scenario file ``path`` from the Tiled map ``name`` (relative to
    ``maps/dungeon/``, a .tmx or .tmj inside that folder). Raises ContentError naming the scenario
    file, its line and the card, with the map's own problem."""
    from .dungeon_maps import MAPS, load_dungeon_card
    from .tiled import MapError

    target = (MAPS / name).resolve()
    if target.suffix.lower() not in (".tmx", ".tmj") or not target.is_relative_to(MAPS.resolve()):
        raise ContentError(rel(path), where, P_("the card's map {x} is not a .tmx or .tmj file inside maps/dungeon/",
                                                x=repr(name)),
                           P_("name the card's Tiled map relative to maps/dungeon/, e.g. my_dungeon/START.tmx"))
    if not target.is_file():
        raise ContentError(rel(path), where, P_("the card's map maps/dungeon/{x} does not exist", x=name),
                           P_("draw it (python -m tools.make_dungeon_maps writes maps from drawings) or fix the name"))
    try:
        return load_dungeon_card(target, cid)
    except MapError as ex:
        raise ContentError(rel(path), where, P_("its map is refused: {why}", why=ex),
                           P_("fix the map (python -m tools.validate names every problem)")) from None


def load_dungeon_pack(root: Path | None = None) -> DungeonPack:
    """The dungeon's content from ``root`` (default ``assets/data/dungeon``). Raises
    ContentError naming the file, the line and the entry of the first problem."""
    root = root or DUNGEON
    heroes_path, enemies_path = root / "heroes.yaml", root / "enemies.yaml"
    hd, hn = read_yaml(heroes_path)
    ed, en = read_yaml(enemies_path)
    items = load_list(root / "items.yaml", "items", ItemDef, "item")
    dice: dict[str, list] = {}
    if not isinstance(ed, dict) or not isinstance(ed.get("dice"), dict) or not isinstance(ed.get("pool"), dict):
        raise ContentError(rel(enemies_path), P_("line {n}", n=1), P_("expected 'dice:' (six faces per colour) and 'pool:'"),
                           P_("see rules/dungeon.md 16.5"))
    for colour, faces in ed["dice"].items():
        if not isinstance(faces, list):
            raise ContentError(rel(enemies_path), P_("line {n}: {where}", n=line_of(en, ('dice', colour)),
                                                     where=P_("die '{x}'", x=colour)),
                               P_("expected a list of six faces"), P_("list {x} for faces 1..6", x="{type, pips}"))
        dice[colour] = [validate(DieFace, f, enemies_path, en, ("dice", colour, i), f"{colour} face {i + 1}")
                        for i, f in enumerate(faces)]
    scenarios = {}
    files = sorted((root / "scenarios").glob("*.yaml"))[:MAX_SCENARIOS]
    for f in files:
        scn = read_scenario(f)
        if scn.id in scenarios:
            raise ContentError(rel(f), P_("line {n}", n=1), P_("scenario id '{x}' is used by another file too", x=scn.id),
                               P_("give every dungeon its own id"))
        scenarios[scn.id] = scn
    raw = {"characters": _section(heroes_path, "characters", CharacterCard, "character", hd, hn),
           "equipment": _section(heroes_path, "equipment", EquipmentCard, "equipment", hd, hn),
           "abilities": _section(heroes_path, "abilities", AbilityCard, "ability", hd, hn),
           "enemies": _section(enemies_path, "enemies", EnemyType, "enemy", ed, en),
           "dice": dice, "pool": ed["pool"], "items": items, "scenarios": scenarios}
    try:
        pack = DungeonPack(**raw)
    except ValueError as ex:
        msg = str(ex).splitlines()
        raise ContentError(rel(root), "", (msg[2] if len(msg) > 2 else msg[0]).strip()[:300],
                           P_("check that the dice, pool and scenarios name known entries")) from None
    for table in ("characters", "equipment", "abilities", "enemies", "items", "scenarios"):
        give_keys(getattr(pack, table), f"dungeon.{table}")  # stable keys (game.content.keys; issue 23)
    return pack


@lru_cache(maxsize=2)
def dungeon_pack() -> DungeonPack:
    """The shipped dungeon content (read once)."""
    return load_dungeon_pack()


__all__ = ["DUNGEON", "dungeon_pack", "dungeon_scenario", "load_dungeon_pack", "read_scenario"]


def dungeon_scenario(scenario_id: str, pack: DungeonPack | None = None):
    """The shipped dungeon ``scenario_id`` (or one of ``pack``) ready for
    :func:`game.engine.api.new_game` (party: one ``(character, equipment, ability)`` per hero,
    ``"card:2"`` for a card's second face). Raises KeyError naming the known dungeons."""
    from ..engine.dungeon.rules import DungeonScenario

    pack = pack or dungeon_pack()
    if scenario_id not in pack.scenarios:
        raise KeyError(f"unknown dungeon {scenario_id!r}; known: {', '.join(sorted(pack.scenarios))}")
    return DungeonScenario(pack, pack.scenarios[scenario_id])
