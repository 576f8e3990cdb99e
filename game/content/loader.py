"""Load and validate YAML content (survivors, enemies, items, cards, scenario briefs).

YAML is read with ``yaml.safe_load`` semantics only (SafeLoader: no Python objects, no code).
Validation errors from the pydantic models are turned into :class:`ContentError` that names
the file, the line and the card id, so a content author can find the mistake.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator, Type

import yaml
from pydantic import BaseModel, ValidationError

from ..engine.defs import (DV1_DICE, BehaviourCardDef, CharacterDef, DecksDef, DiceDef, EnemyDef, Face, ItemDef,
                           NarrativeCardDef, ScenarioDef, TensionCardDef)
from ..engine.scenario import Content, Scenario
from .. import paths
from . import limits as L
from .errors import ContentError

ROOT = paths.ROOT  # the checkout, or the wheel's game/_data (game/paths.py)
DATA = ROOT / "assets" / "data"
SCENARIOS = ROOT / "scenarios"
MAPS = ROOT / "maps"
MANOR_BRIEFS = SCENARIOS / "manor"  # the manor cards' briefs (game.content.mansion_pack)
MAP_SUFFIXES = (".tmx", ".tmj")
BRIEF_FILES: dict[str, Path] = {}  # scenario id -> the brief file it was read from (for messages)


def rel(path: Path | str) -> str:
    """``path`` relative to the repository when inside it (for messages)."""
    p = Path(path).resolve()
    try:
        return str(p.relative_to(ROOT))
    except ValueError:
        return str(p)


def check_behaviour(ct: Any, path: Path, not_boss: str = "'{boss}' is not a boss",
                    fix: str = "use the id of an enemy with the rule 'boss'", specials: Any = None) -> None:
    """Every behaviour card (R-BOSS-11, DV-7) belongs to a boss of ``ct`` and names only its attacks (and,
    with ``specials``, only those boss specials). Raises ContentError naming ``path``, the card and
    the fix (``not_boss`` with ``{boss}``, and ``fix``, say what a boss is in this content)."""
    for b in ct.behaviour.values():
        boss = ct.enemies.get(b.boss)
        if boss is None or "boss" not in boss.rules:
            raise ContentError(rel(path), f"behaviour card '{b.id}'", not_boss.format(boss=b.boss), fix)
        for ln in b.lines:
            if ln.kind == "ATTACK" and ln.attack not in boss.attacks:
                raise ContentError(rel(path), f"behaviour card '{b.id}'", f"unknown attack '{ln.attack}' for {b.boss}",
                                   "use one of: " + ", ".join(sorted(boss.attacks)))
            if specials is not None and ln.special and ln.special not in specials:
                raise ContentError(rel(path), f"behaviour card '{b.id}'", f"unknown boss special '{ln.special}'",
                                   "use a registered boss special")


MAX_YAML_BYTES = 1024 * 1024  # the largest shipped content file is under 30 KB
MAX_YAML_DEPTH = 32
MAX_YAML_ALIASES = 64
MAX_YAML_NODES = 200_000  # after aliases are expanded (billion laughs)
MAX_NUMBER_CHARS = 24


class _Refuse(Exception):
    """A YAML file over a reader limit; ``line`` 1-based or None."""

    def __init__(self, problem: str, line: int | None = None, hint: str = ""):
        super().__init__(problem)
        self.problem, self.line, self.hint = problem, line, hint


class _LimitedLoader(yaml.SafeLoader):
    """SafeLoader (no Python objects, no code) with nesting, alias and number-length limits,
    checked while the document is composed, so nothing is built past a limit."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent, index):  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_YAML_ALIASES:
                raise _Refuse(f"more than {MAX_YAML_ALIASES} aliases (*name)", self.peek_event().start_mark.line + 1,
                              "write the values out instead of repeating them with aliases")
        self._depth += 1
        if self._depth > MAX_YAML_DEPTH:
            raise _Refuse(f"nested more than {MAX_YAML_DEPTH} levels deep", self.peek_event().start_mark.line + 1,
                          "content entries nest a few levels at most; check the brackets and indentation")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node):  # type: ignore[override]
        if len(str(node.value)) > MAX_NUMBER_CHARS:
            raise _Refuse(f"a number written with {len(str(node.value))} characters", node.start_mark.line + 1,
                          "use a number the rules make sense of")
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node):  # type: ignore[override]
        if len(str(node.value)) > MAX_NUMBER_CHARS:
            raise _Refuse(f"a number written with {len(str(node.value))} characters", node.start_mark.line + 1,
                          "use a number the rules make sense of")
        return super().construct_yaml_float(node)


_LimitedLoader.add_constructor("tag:yaml.org,2002:int", _LimitedLoader.construct_yaml_int)
_LimitedLoader.add_constructor("tag:yaml.org,2002:float", _LimitedLoader.construct_yaml_float)


def _expanded_size(node: yaml.Node) -> int:
    """Nodes in the document with every alias expanded (memoised, so it is fast even when the
    expansion is astronomically large)."""
    memo: dict[int, int] = {}
    order: list[yaml.Node] = []
    stack = [node]
    seen: set[int] = set()
    while stack:  # post-order without recursion
        n = stack.pop()
        if id(n) in seen:
            order.append(n)
            continue
        seen.add(id(n))
        stack.append(n)
        kids = [c for kv in n.value for c in kv] if isinstance(n, yaml.MappingNode) else \
            list(n.value) if isinstance(n, yaml.SequenceNode) else []
        stack.extend(k for k in kids if id(k) not in seen)
    for n in order:
        if id(n) in memo:
            continue
        kids = [c for kv in n.value for c in kv] if isinstance(n, yaml.MappingNode) else \
            list(n.value) if isinstance(n, yaml.SequenceNode) else []
        memo[id(n)] = 1 + sum(memo.get(id(k), 1) for k in kids)
    return memo.get(id(node), 1)


def _read(path: Path) -> tuple[Any, yaml.Node | None]:
    """Parse one YAML file once, within limits: size, nesting, aliases (and their expansion),
    number length. Returns (data, node tree for line numbers). Raises ContentError."""
    try:
        size = path.stat().st_size
        if size > MAX_YAML_BYTES:
            raise ContentError(rel(path), "", f"the file is {size // 1024} KB, more than the {MAX_YAML_BYTES // 1024} KB "
                               "a content file may be", "split it, or check it is the right file")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(rel(path), "", "file not found", "check the path and the file name") from None
    except (OSError, UnicodeDecodeError) as ex:
        raise ContentError(rel(path), "", f"cannot read the file ({ex.__class__.__name__})",
                           "save it as UTF-8 text") from None
    if not text.strip():
        raise ContentError(rel(path), "", "the file is empty", "see docs/content.md for what it holds")
    loader = None
    try:
        loader = _LimitedLoader(text)  # the reader refuses control characters here already
        node = loader.get_single_node()
        if node is not None and _expanded_size(node) > MAX_YAML_NODES:
            raise _Refuse(f"its aliases expand to more than {MAX_YAML_NODES} entries", node.start_mark.line + 1,
                          "write the values out instead of nesting aliases")
        data = loader.construct_document(node) if node is not None else None
    except _Refuse as ex:
        raise ContentError(rel(path), f"line {ex.line}" if ex.line else "", f"refused: {ex.problem}", ex.hint) from None
    except yaml.YAMLError as ex:
        mark = getattr(ex, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else ""
        problem = getattr(ex, "problem", None) or str(ex).splitlines()[0]
        raise ContentError(rel(path), where, f"not valid YAML: {problem}",
                           "check indentation and quoting near that line") from None
    except (ValueError, RecursionError, MemoryError) as ex:
        raise ContentError(rel(path), "", f"not valid YAML ({ex.__class__.__name__})",
                           "check the values near the end of what you changed") from None
    finally:
        if loader is not None:
            loader.dispose()
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
    """``data`` as a ``model``, its numbers within :mod:`game.content.limits`. Raises
    ContentError naming the file, the line, ``ident`` (the card) and the field."""
    try:
        obj = model.model_validate(data)
    except ValidationError as ex:
        err = ex.errors()[0]
        loc = loc_prefix + tuple(err["loc"])
        line = _line_of(node, loc)
        field = ".".join(str(x) for x in err["loc"]) or "(whole entry)"
        where = (f"line {line}: " if line else "") + ident
        raise ContentError(rel(path), where, f"field '{field}': {err['msg'][:200]}",
                           "fix the value; see docs/content.md for the fields") from None
    except RecursionError:
        raise ContentError(rel(path), ident, "an entry refers to itself (a recursive alias)",
                           "write the values out instead of using aliases") from None
    for loc, problem in _out_of_range(obj):
        line = _line_of(node, loc_prefix + loc)
        field = ".".join(str(x) for x in loc)
        raise ContentError(rel(path), (f"line {line}: " if line else "") + ident, f"field '{field}': {problem}",
                           "use a value in that range; see docs/content.md")
    return obj


def _out_of_range(obj: BaseModel, loc: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(location, problem) for every number or list of ``obj`` outside the ranges of
    :mod:`game.content.limits`, depth first."""
    name = type(obj).__name__
    for field, (lo, hi, rule) in L.FIELD_RANGES.get(name, {}).items():
        v = getattr(obj, field, None)
        if isinstance(v, int) and not isinstance(v, bool) and not lo <= v <= hi:
            yield loc + (field,), f"{v} is out of range; the rules make sense of {lo}..{hi} ({rule})"
    for field, most in L.LIST_LIMITS.get(name, {}).items():
        v = getattr(obj, field, None)
        if isinstance(v, (list, dict)) and len(v) > most:
            yield loc + (field,), f"{len(v)} entries, more than {most}"
    if name == "Op":
        lo, hi = L.OP_N_RANGES.get(obj.op, L.OP_N_DEFAULT)
        if not lo <= obj.n <= hi:
            yield loc + ("n",), f"{obj.op} with n={obj.n} is out of range; the rules make sense of {lo}..{hi} " \
                "(R-TENSION-12)"
    for field in L.COUNT_TABLES.get(name, ()):
        lo, hi = L.COUNT_RANGE
        for k, v in (getattr(obj, field, None) or {}).items():
            if not lo <= v <= hi:
                yield loc + (field, k), f"{v} copies of '{k}' is out of range; a deck holds {lo}..{hi} of a card"
    for fname in type(obj).model_fields:
        v = getattr(obj, fname, None)
        if isinstance(v, BaseModel):
            yield from _out_of_range(v, loc + (fname,))
        elif isinstance(v, (list, tuple)):
            for i, x in enumerate(v):
                if isinstance(x, BaseModel):
                    yield from _out_of_range(x, loc + (fname, i))
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(x, BaseModel):
                    yield from _out_of_range(x, loc + (fname, k))


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


def load_dice(path: Path) -> dict[str, tuple[Face, ...]]:
    """The attack/evade dice of ``path`` (``dice.yaml``: ``dice: {blue: [6 faces], red: [6 faces]}``,
    DV-1), colour -> faces 1..6; DV-1's own dice when the file does not exist (a content folder from
    before the file). Raises ContentError naming the file and line of a bad face or a die without 6 faces."""
    if not path.exists():
        return dict(DV1_DICE)
    data, node = _read(path)
    dd = _validate(DiceDef, data, path, node, (), "dice")
    return {colour: tuple(faces) for colour, faces in dd.dice.items()}


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
    files: dict[str, Path] = {}
    for p in sorted(sd.glob("*.yaml")):
        data, node = _read(p)
        sc = _validate(ScenarioDef, data, p, node, (), f"scenario in {p.name}")
        if sc.id != p.stem and (MANOR_BRIEFS / f"{sc.id}.yaml").is_file():  # (issue 29 item 6)
            raise ContentError(rel(p), f"line {_line_of(node, ('id',))}: id '{sc.id}'",
                               f"the id '{sc.id}' is the manor brief {rel(MANOR_BRIEFS / f'{sc.id}.yaml')}",
                               f"give the brief its own id, e.g. '{p.stem}' (its file name)")
        if sc.id in scenarios:  # two briefs with one id would shadow each other
            raise ContentError(rel(p), f"line {_line_of(node, ('id',))}: id '{sc.id}'",
                               f"the scenario id '{sc.id}' is already used by {rel(files[sc.id])}",
                               "give every brief its own id")
        scenarios[sc.id] = sc
        files[sc.id] = p
        BRIEF_FILES[sc.id] = p
    ddata, dnode = _read(d / "decks.yaml")
    decks = _validate(DecksDef, ddata, d / "decks.yaml", dnode, (), "deck compositions")
    ct = Content(characters=chars, enemies=enemies, items=items, tension=tension, scenarios=scenarios, decks=decks,
                 narrative=narrative, behaviour=behaviour, dice=load_dice(d / "dice.yaml"))
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
    check_behaviour(ct, d / "behaviour.yaml")
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
    if ct.decks is not None:
        lint_encounters(ct, ct.decks.encounter_tables, rel(d / "decks.yaml"), "encounter_tables")
    for s in ct.scenarios.values():
        f = rel(BRIEF_FILES.get(s.id) or sd / f"{s.id}.yaml")
        lint_encounters(ct, s.encounter_tables, f, f"scenario '{s.id}': encounter_tables")
        if brief_map_path(s.map) is None:
            raise ContentError(f, f"scenario '{s.id}': map", f"the map '{s.map[:200]}' is outside the game's maps/ "
                               "folder or not a .tmx/.tmj file", "put the map under maps/ and name it like "
                               "maps/<name>.tmx (or play any map with --map)")
        brief_ops = [(f"fixed event '{label}'", fx.effect + [x for o in fx.options for x in o.effect])
                     for label, fx in s.fixed_events.items()]
        brief_ops += [(f"scenario action '{a.id}'", a.effect) for a in s.scenario_actions]
        for card, lst in brief_ops:  # every id an effect names resolves at load (issue 29 item 6)
            for op in lst:
                for e in op.enemies:
                    if e not in spawnable:
                        raise ContentError(f, f"scenario '{s.id}': {card}", f"spawns unknown enemy '{e}'",
                                           "use an id from enemies.yaml or stalker_one")
        for a in s.scenario_actions:
            if a.item is not None and a.item not in ct.items:
                raise ContentError(f, f"scenario '{s.id}': scenario action '{a.id}'", f"needs unknown item '{a.item}'",
                                   "use an id from items.yaml")
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


def lint_encounters(ct: Content, tables: dict[str, list[list[str]]], file: str, where: str) -> None:
    """DV-15: an encounter table per tile colour, one row per die face (six), each naming
    enemies from enemies.yaml. Raises ContentError naming the file, the colour and the face."""
    for colour, rows in tables.items():
        if colour not in ("green", "yellow", "amber", "red"):
            raise ContentError(file, f"{where}.{colour}", f"'{colour}' is not a tile colour",
                               "use yellow, amber or red (green tiles have no encounter)")
        if len(rows) != L.ENCOUNTER_FACES:
            raise ContentError(file, f"{where}.{colour}", f"{len(rows)} rows; the encounter die has "
                               f"{L.ENCOUNTER_FACES} faces (DV-15)", "give one row per face, [] for nothing")
        for face, row in enumerate(rows, 1):
            if len(row) > 8:
                raise ContentError(file, f"{where}.{colour} face {face}", f"{len(row)} enemies, more than 8",
                                   "list at most 8 enemies per face")
            for e in row:
                if e not in ct.enemies:
                    raise ContentError(file, f"{where}.{colour} face {face}", f"unknown enemy '{e}'",
                                       "use an id from enemies.yaml")


def brief_map_path(map_field: str) -> Path | None:
    """The file a brief's ``map:`` names, if it is a .tmx/.tmj inside the game's maps/ folder
    (relative to the repository root); None otherwise (the brief is refused)."""
    if not map_field or "\x00" in map_field or Path(map_field).is_absolute():
        return None
    try:
        p = (ROOT / map_field).resolve()
        if not p.is_relative_to(MAPS.resolve()) or p.suffix.lower() not in MAP_SUFFIXES:
            return None
    except (OSError, RuntimeError, ValueError):
        return None
    return p


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
            raise ContentError(rel(path), card, f"unknown {cat.replace('_', ' ')} keyword '{kw}'",
                               "use one of: " + ", ".join(sorted(names)))


PREFERRED_SURVIVORS = ("vera", "mateo", "anton", "grigor")  # seat order of a default party


def party_for(ct: Content, n: int, file: str = "") -> list[tuple[str, int]]:
    """A default party of ``n`` survivors from the content: the shipped four in their usual
    order when present, then the others in file order; start squares alternate 1, 2 (R-SCEN-5).
    Raises ContentError (naming characters.yaml) when the content has fewer than ``n``."""
    ids = [c for c in PREFERRED_SURVIVORS if c in ct.characters] + \
        [c for c in ct.characters if c not in PREFERRED_SURVIVORS]
    if len(ids) < n:
        raise ContentError(file or "characters.yaml", "", f"{n} players need {n} survivors; the content has "
                           f"{len(ids)}", "add survivors to characters.yaml or play with fewer players")
    return [(ids[i], 1 if i % 2 == 0 else 2) for i in range(n)]


def load_scenario(sid: str, content: Content | None = None, map_path: str | Path | None = None) -> Scenario:
    """A ready-to-play scenario: brief + board (Tiled) + content. ``map_path`` overrides the
    brief's map (``python -m game --map``). Raises ContentError / MapError."""
    from .tiled import load_board

    ct = content or load_content()
    if sid not in ct.scenarios:
        from .mansion_pack import load_standalone_scenario, mansion_content

        manor = load_standalone_scenario(sid, map_path)  # a manor brief: the mansion rules (M-MODE-3)
        if manor is not None:
            return manor
        declared = _declared_id(SCENARIOS / f"{sid}.yaml")
        if declared is not None and declared != sid:
            raise ContentError(rel(SCENARIOS / f"{sid}.yaml"), "id", f"the brief {sid}.yaml declares the id "
                               f"'{declared}', so no scenario has the id '{sid}'", f"set 'id: {sid}' in that file")
        raise ContentError(rel(SCENARIOS), "", f"no scenario with id '{sid}'",
                           "choose one of: " + ", ".join(sorted(ct.scenarios))
                           + "; manor: " + ", ".join(sorted(mansion_content().scenarios)))
    brief = ct.scenarios[sid]
    if map_path:
        path = Path(map_path)
    else:
        bf = rel(BRIEF_FILES.get(sid) or SCENARIOS / f"{sid}.yaml")
        found = brief_map_path(brief.map)
        if found is None:
            raise ContentError(bf, f"scenario '{sid}': map", f"the map '{brief.map[:200]}' is outside the game's "
                               "maps/ folder or not a .tmx/.tmj file", "put the map under maps/")
        if not found.is_file():
            raise ContentError(bf, f"scenario '{sid}': map", f"the brief's map {brief.map} does not exist",
                               "put the map there, or fix the brief's 'map:' line")
        path = found
    board = load_board(path)
    check_board_against_content(board, ct, path)
    if not map_path:
        check_board_against_brief(board, brief, path)
    return Scenario(brief=brief, board=board, content=ct)


def _declared_id(path: Path) -> str | None:
    """The ``id`` a brief file declares, or None when there is no such file or it cannot be read."""
    try:
        data, _node = _read(path) if path.is_file() else (None, None)
    except (ContentError, OSError):
        return None
    return str(data.get("id")) if isinstance(data, dict) and data.get("id") is not None else None


def check_board_against_brief(board, brief: ScenarioDef, path: Path) -> None:
    """R-SCEN-2: a campaign brief's (one with a ``district``) ``progression`` names exactly the
    progression tokens on its map (by label), and the tokens its scenario actions and extra failures stand on exist. Raises
    ContentError naming the brief file and what to change."""
    bf = rel(BRIEF_FILES.get(brief.id) or SCENARIOS / f"{brief.id}.yaml")
    on_map = sorted(str(p.get("label", "")) for p in board.placements if p.kind == "progression")
    if brief.district is not None and on_map != sorted(brief.progression):  # a campaign brief (DV-19)
        raise ContentError(bf, f"scenario '{brief.id}': progression",
                           f"the brief lists progression tokens {sorted(brief.progression)}, the map "
                           f"{rel(path)} has {on_map}",
                           "give the brief one 'progression' entry per progression token label on the map (R-SCEN-2)")
    for f in brief.extra_failure:
        if f.when == "enemy_on" and not any(p.kind == f.at and (f.at_label is None or str(p.get("label")) == f.at_label)
                                            for p in board.placements):
            raise ContentError(bf, f"scenario '{brief.id}': extra_failure",
                               f"no '{f.at}' token{' labelled ' + repr(f.at_label) if f.at_label else ''} on the map "
                               f"{rel(path)}", "place that token on the map or fix 'at'/'at_label' (R-SCEN-8)")


def check_board_against_content(board, ct: Content, path: Path) -> None:
    """Enemies and bosses placed on the map must exist in the content's enemies (a manor map's
    bosses, MDV-10, exist only in the mansion campaign's content). Raises ContentError naming the
    map file and the object."""
    for p in board.placements:
        if p.kind == "enemy" and p.get("enemy") not in ct.enemies:
            raise ContentError(rel(path), p.source or f"square {p.square}", f"unknown enemy '{p.get('enemy')}'",
                               "use one of: " + ", ".join(sorted(ct.enemies)))
        if p.kind == "boss_start" and p.get("boss") not in ct.enemies:
            bosses = sorted(e.id for e in ct.enemies.values() if "boss" in e.rules)
            raise ContentError(rel(path), p.source or f"square {p.square}",
                               f"the boss '{p.get('boss')}' is not in these rules' content",
                               "play the map with the rules that bring this boss (the manor's bosses come with the "
                               "mansion campaign), or choose one of: " + ", ".join(bosses))
    if 1 not in board.start:
        raise ContentError(rel(path), "", "the map has no start square 1", "add a 'start' object with number 1")
