"""Load and validate YAML content (survivors, enemies, items, cards, scenario briefs).

YAML is read with ``yaml.safe_load`` semantics only (SafeLoader: no Python objects, no code).
Validation errors from the pydantic models are turned into :class:`ContentError` that names
the file, the line and the card id, so a content author can find the mistake.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Type

import yaml
from pydantic import BaseModel, ValidationError

from ..engine.defs import (BehaviourCardDef, CharacterDef, DecksDef, EnemyDef, ItemDef, NarrativeCardDef,
                           ScenarioDef, TensionCardDef)
from ..engine.scenario import Content, Scenario
from .errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "assets" / "data"
SCENARIOS = ROOT / "scenarios"


def rel(path: Path | str) -> str:
    """``path`` relative to the repository when inside it (for messages)."""
    p = Path(path).resolve()
    try:
        return str(p.relative_to(ROOT))
    except ValueError:
        return str(p)


def _read(path: Path) -> tuple[Any, yaml.Node | None]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(rel(path), "", "file not found", "check the path and the file name") from None
    except (OSError, UnicodeDecodeError) as ex:
        raise ContentError(rel(path), "", f"cannot read the file ({ex.__class__.__name__})",
                           "save it as UTF-8 text") from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as ex:
        mark = getattr(ex, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else ""
        problem = getattr(ex, "problem", None) or str(ex).splitlines()[0]
        raise ContentError(rel(path), where, f"not valid YAML: {problem}",
                           "check indentation and quoting near that line") from None
    return data, node


def _line_of(node: yaml.Node | None, loc: tuple) -> int | None:
    """Line (1-based) of the YAML node at pydantic error location ``loc``."""
    best = node.start_mark.line + 1 if node is not None else None
    cur = node
    for key in loc:
        if cur is None:
            break
        nxt = None
        if isinstance(cur, yaml.MappingNode) and isinstance(key, str):
            for k, v in cur.value:
                if getattr(k, "value", None) == key:
                    nxt = v
                    best = k.start_mark.line + 1
                    break
        elif isinstance(cur, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(cur.value):
            nxt = cur.value[key]
            best = nxt.start_mark.line + 1
        cur = nxt
    return best


def _validate(model: Type[BaseModel], data: Any, path: Path, node: yaml.Node | None, loc_prefix: tuple,
              ident: str) -> BaseModel:
    try:
        return model.model_validate(data)
    except ValidationError as ex:
        err = ex.errors()[0]
        loc = loc_prefix + tuple(err["loc"])
        line = _line_of(node, loc)
        field = ".".join(str(x) for x in err["loc"]) or "(whole entry)"
        where = (f"line {line}: " if line else "") + ident
        raise ContentError(rel(path), where, f"field '{field}': {err['msg']}",
                           "fix the value; see docs/content.md for the fields") from None


def _load_list(path: Path, key: str, model: Type[BaseModel], what: str) -> dict[str, Any]:
    data, node = _read(path)
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ContentError(rel(path), "line 1", f"expected a top-level '{key}:' list of {what}",
                           f"start the file with '{key}:' followed by '- id: ...' entries")
    out: dict[str, Any] = {}
    for i, entry in enumerate(data[key]):
        ident = f"{what} #{i + 1}"
        if isinstance(entry, dict) and "id" in entry:
            ident = f"{what} '{entry['id']}'"
        obj = _validate(model, entry, path, node, (key, i), ident)
        if obj.id in out:
            line = _line_of(node, (key, i))
            raise ContentError(rel(path), f"line {line}: {ident}", "duplicate id", "give every entry its own id")
        out[obj.id] = obj
    return out


def load_content(data_dir: Path | None = None, scen_dir: Path | None = None) -> Content:
    """Load every content file and cross-check references (a small content lint).

    ``data_dir`` defaults to $DREADBOARD_CONTENT (set by ``python -m game --content DIR``), else
    assets/data. Raises ContentError naming the file, line and id of the first problem.
    """
    d = Path(data_dir) if data_dir else Path(os.environ.get("DREADBOARD_CONTENT") or DATA)
    sd = Path(scen_dir) if scen_dir else SCENARIOS
    chars = _load_list(d / "characters.yaml", "characters", CharacterDef, "survivor")
    enemies = _load_list(d / "enemies.yaml", "enemies", EnemyDef, "enemy")
    items = _load_list(d / "items.yaml", "items", ItemDef, "item")
    tension = _load_list(d / "tension.yaml", "tension", TensionCardDef, "tension card")
    narrative = _load_list(d / "narrative.yaml", "narrative", NarrativeCardDef, "narrative card")
    behaviour = _load_list(d / "behaviour.yaml", "behaviour", BehaviourCardDef, "behaviour card")
    scenarios: dict[str, ScenarioDef] = {}
    for p in sorted(sd.glob("*.yaml")):
        data, node = _read(p)
        sc = _validate(ScenarioDef, data, p, node, (), f"scenario in {p.name}")
        scenarios[sc.id] = sc
    ddata, dnode = _read(d / "decks.yaml")
    decks = _validate(DecksDef, ddata, d / "decks.yaml", dnode, (), "deck compositions")
    ct = Content(characters=chars, enemies=enemies, items=items, tension=tension, scenarios=scenarios, decks=decks,
                 narrative=narrative, behaviour=behaviour)
    lint(ct, d, sd)
    return ct


def lint(ct: Content, d: Path, sd: Path) -> None:
    """Every cross-reference must name something that exists."""
    for c in ct.characters.values():
        for it in c.starting_items:
            if it not in ct.items:
                raise ContentError(rel(d / "characters.yaml"), f"survivor '{c.id}'",
                                   f"starting item '{it}' is not in items.yaml", "add the item or fix the id")
    for it in ct.items.values():
        for w in it.fits:
            if w not in ct.items:
                raise ContentError(rel(d / "items.yaml"), f"item '{it.id}'", f"'fits' names unknown weapon '{w}'",
                                   "use an item id of a weapon")
    spawnable = set(ct.enemies) | {"stalker_one"}
    for t in ct.tension.values():
        for op in t.effect + t.high + t.extreme:
            for e in op.enemies:
                if e not in spawnable:
                    raise ContentError(rel(d / "tension.yaml"), f"tension card '{t.id}'",
                                       f"spawns unknown enemy '{e}'", "use an id from enemies.yaml")
    for n in ct.narrative.values():
        for op in n.effect + [x for o in n.options for x in o.effect]:
            for e in op.enemies:
                if e not in spawnable:
                    raise ContentError(rel(d / "narrative.yaml"), f"narrative card '{n.id}'",
                                       f"spawns unknown enemy '{e}'", "use an id from enemies.yaml or stalker_one")
    for b in ct.behaviour.values():
        boss = ct.enemies.get(b.boss)
        if boss is None or "boss" not in boss.rules:
            raise ContentError(rel(d / "behaviour.yaml"), f"behaviour card '{b.id}'", f"'{b.boss}' is not a boss",
                               "use the id of an enemy with the rule 'boss'")
        for ln in b.lines:
            if ln.kind == "ATTACK" and ln.attack not in boss.attacks:
                raise ContentError(rel(d / "behaviour.yaml"), f"behaviour card '{b.id}'",
                                   f"unknown attack '{ln.attack}' for {b.boss}",
                                   "use one of: " + ", ".join(sorted(boss.attacks)))
    if ct.decks is not None:
        dk = ct.decks
        for group in (dk.item_a, dk.item_a_rare, dk.item_b_pool):
            for it in group:
                if it not in ct.items:
                    raise ContentError(rel(d / "decks.yaml"), "", f"unknown item '{it}'", "use an id from items.yaml")
        for tid, n in dk.tension_base.items():
            if tid not in ct.tension or n > len(ct.tension[tid].symbols):
                raise ContentError(rel(d / "decks.yaml"), f"tension_base '{tid}'", "unknown card or too many copies",
                                   "use an id from tension.yaml with at most its number of symbols")
    lint_keywords(ct, d, sd)
    for s in ct.scenarios.values():
        f = rel(sd / f"{s.id}.yaml")
        for it in s.item_c:
            if it not in ct.items or ct.items[it].stage is None:
                raise ContentError(f, f"scenario '{s.id}'", f"item_c lists '{it}', which is not an Item C card",
                                   "use an Item C id (items.yaml entries with a stage)")
        for it in s.item_a + s.item_b + s.rare_item_a:
            if it not in ct.items:
                raise ContentError(f, f"scenario '{s.id}'", f"deck lists unknown item '{it}'", "use an id from items.yaml")
        for tid in s.tension:
            if tid not in ct.tension:
                raise ContentError(f, f"scenario '{s.id}'", f"tension list names unknown card '{tid}'",
                                   "use an id from tension.yaml")
        counts: dict[str, int] = {}
        for tid in s.tension:
            counts[tid] = counts.get(tid, 0) + 1
        for tid, n in counts.items():
            if n > len(ct.tension[tid].symbols):
                raise ContentError(f, f"scenario '{s.id}'", f"lists {n} copies of '{tid}' but only "
                                   f"{len(ct.tension[tid].symbols)} exist", "list fewer copies")


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
        for label, fx in sc.fixed_events.items():
            ops(sd / f"{sc.id}.yaml", f"fixed event '{label}'", fx.effect + [x for o in fx.options for x in o.effect])
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
            raise ContentError(rel(path), card, f"unknown {cat.replace('_', ' ')} keyword '{kw}'",
                               "use one of: " + ", ".join(sorted(names)))


def load_scenario(sid: str, content: Content | None = None, map_path: str | Path | None = None) -> Scenario:
    """A ready-to-play scenario: brief + board (Tiled) + content. ``map_path`` overrides the
    brief's map (``python -m game --map``). Raises ContentError / MapError."""
    from .tiled import load_board

    ct = content or load_content()
    if sid not in ct.scenarios:
        raise ContentError(rel(SCENARIOS), "", f"no scenario with id '{sid}'",
                           "choose one of: " + ", ".join(sorted(ct.scenarios)))
    brief = ct.scenarios[sid]
    path = Path(map_path) if map_path else ROOT / brief.map
    board = load_board(path)
    check_board_against_content(board, ct, path)
    return Scenario(brief=brief, board=board, content=ct)


def check_board_against_content(board, ct: Content, path: Path) -> None:
    """Enemies placed on the map must exist in enemies.yaml."""
    for p in board.placements:
        if p.kind == "enemy" and p.get("enemy") not in ct.enemies:
            raise ContentError(rel(path), p.source or f"square {p.square}", f"unknown enemy '{p.get('enemy')}'",
                               "use one of: " + ", ".join(sorted(ct.enemies)))
    if 1 not in board.start:
        raise ContentError(rel(path), "", "the map has no start square 1", "add a 'start' object with number 1")
