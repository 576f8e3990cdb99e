"""The shared readers of the content packs (the city's :mod:`game.content.city_pack`, the manor's
:mod:`game.content.mansion_pack`, the campaign packs): where content lives, the limited safe YAML
reader, pydantic validation with file/line/card messages, the number and list ranges of
:mod:`game.content.limits`, and the checks every pack makes the same way (behaviour cards, a
brief's map path, a board's enemies and bosses against the content).

YAML is read with ``yaml.safe_load`` semantics only (SafeLoader: no Python objects, no code).
Validation errors from the pydantic models are turned into :class:`ContentError` that names
the file, the line and the card id, so a content author can find the mistake.

This module imports only the engine's definitions, :mod:`game.paths` and the content layer's
``limits`` and ``errors``; every pack imports it, it imports no pack (issue 24 item 6).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator, Type

import yaml
from pydantic import BaseModel, ValidationError

from ..engine.scenario import Content
from .. import paths
from . import limits as L
from .errors import ContentError, P_

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
                raise ContentError(rel(path), P_("{what} '{id}'", what=P_("behaviour card"), id=b.id),
                                   P_("unknown attack '{x}' for {y}", x=ln.attack, y=b.boss),
                                   P_("use one of: {names}", names=", ".join(sorted(boss.attacks))))
            if specials is not None and ln.special and ln.special not in specials:
                raise ContentError(rel(path), P_("{what} '{id}'", what=P_("behaviour card"), id=b.id),
                                   P_("unknown boss special '{x}'", x=ln.special), P_("use a registered boss special"))



MAX_YAML_BYTES = 1024 * 1024  # the largest shipped content file is under 30 KB
MAX_YAML_DEPTH = 32
MAX_YAML_ALIASES = 64
MAX_YAML_NODES = 200_000  # after aliases are expanded (billion laughs)
MAX_NUMBER_CHARS = 24


class Refuse(Exception):
    """A YAML file over a reader limit; ``line`` 1-based or None."""

    def __init__(self, problem: str, line: int | None = None, hint: str = ""):
        super().__init__(problem)
        self.problem, self.line, self.hint = problem, line, hint


class LimitedLoader(yaml.SafeLoader):
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
                raise Refuse(P_("more than {n} aliases (*name)", n=MAX_YAML_ALIASES), self.peek_event().start_mark.line + 1,
                             P_("write the values out instead of repeating them with aliases"))
        self._depth += 1
        if self._depth > MAX_YAML_DEPTH:
            raise Refuse(P_("nested more than {n} levels deep", n=MAX_YAML_DEPTH), self.peek_event().start_mark.line + 1,
                         P_("content entries nest a few levels at most; check the brackets and indentation"))
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node):  # type: ignore[override]
        if len(str(node.value)) > MAX_NUMBER_CHARS:
            raise Refuse(P_("a number written with {n} characters", n=len(str(node.value))), node.start_mark.line + 1,
                         P_("use a number the rules make sense of"))
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node):  # type: ignore[override]
        if len(str(node.value)) > MAX_NUMBER_CHARS:
            raise Refuse(P_("a number written with {n} characters", n=len(str(node.value))), node.start_mark.line + 1,
                         P_("use a number the rules make sense of"))
        return super().construct_yaml_float(node)


LimitedLoader.add_constructor("tag:yaml.org,2002:int", LimitedLoader.construct_yaml_int)
LimitedLoader.add_constructor("tag:yaml.org,2002:float", LimitedLoader.construct_yaml_float)


def expanded_size(node: yaml.Node) -> int:
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


def read_yaml(path: Path) -> tuple[Any, yaml.Node | None]:
    """Parse one YAML file once, within limits: size, nesting, aliases (and their expansion),
    number length. Returns (data, node tree for line numbers). Raises ContentError."""
    try:
        size = path.stat().st_size
        if size > MAX_YAML_BYTES:
            raise ContentError(rel(path), "", P_("the file is {n} KB, more than the {m} KB a content file may be",
                                                 n=size // 1024, m=MAX_YAML_BYTES // 1024),
                               P_("split it, or check it is the right file"))
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(rel(path), "", P_("file not found"), P_("check the path and the file name")) from None
    except (OSError, UnicodeDecodeError) as ex:
        raise ContentError(rel(path), "", P_("cannot read the file ({why})", why=ex.__class__.__name__),
                           P_("save it as UTF-8 text")) from None
    if not text.strip():
        raise ContentError(rel(path), "", P_("the file is empty"), P_("see docs/content.md for what it holds"))
    loader = None
    try:
        loader = LimitedLoader(text)  # the reader refuses control characters here already
        node = loader.get_single_node()
        if node is not None and expanded_size(node) > MAX_YAML_NODES:
            raise Refuse(P_("its aliases expand to more than {n} entries", n=MAX_YAML_NODES), node.start_mark.line + 1,
                         P_("write the values out instead of nesting aliases"))
        data = loader.construct_document(node) if node is not None else None
    except Refuse as ex:
        raise ContentError(rel(path), P_("line {n}", n=ex.line) if ex.line else "", P_("refused: {why}", why=ex.problem),
                           ex.hint) from None
    except yaml.YAMLError as ex:
        mark = getattr(ex, "problem_mark", None)
        where = P_("line {n}", n=mark.line + 1) if mark else ""
        problem = getattr(ex, "problem", None) or str(ex).splitlines()[0]
        raise ContentError(rel(path), where, P_("not valid YAML: {why}", why=problem),
                           P_("check indentation and quoting near that line")) from None
    except (ValueError, RecursionError, MemoryError) as ex:
        raise ContentError(rel(path), "", P_("not valid YAML ({x})", x=ex.__class__.__name__),
                           P_("check the values near the end of what you changed")) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, node


def line_of(node: yaml.Node | None, loc: tuple) -> int | None:
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


def validate(model: Type[BaseModel], data: Any, path: Path, node: yaml.Node | None, loc_prefix: tuple,
              ident: str) -> BaseModel:
    """``data`` as a ``model``, its numbers within :mod:`game.content.limits`. Raises
    ContentError naming the file, the line, ``ident`` (the card) and the field."""
    try:
        obj = model.model_validate(data)
    except ValidationError as ex:
        err = ex.errors()[0]
        loc = loc_prefix + tuple(err["loc"])
        line = line_of(node, loc)
        field = ".".join(str(x) for x in err["loc"]) or "(whole entry)"
        where = P_("line {n}: {where}", n=line, where=ident) if line else ident
        raise ContentError(rel(path), where, P_("field '{x}': {msg}", x=field, msg=err["msg"][:200]),
                           P_("fix the value; see docs/content.md for the fields")) from None
    except RecursionError:
        raise ContentError(rel(path), ident, P_("an entry refers to itself (a recursive alias)"),
                           P_("write the values out instead of using aliases")) from None
    for loc, problem in out_of_range(obj):
        line = line_of(node, loc_prefix + loc)
        field = ".".join(str(x) for x in loc)
        raise ContentError(rel(path), P_("line {n}: {where}", n=line, where=ident) if line else ident,
                           P_("field '{x}': {msg}", x=field, msg=problem),
                           P_("use a value in that range; see docs/content.md"))
    return obj


def out_of_range(obj: BaseModel, loc: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(location, problem) for every number or list of ``obj`` outside the ranges of
    :mod:`game.content.limits`, depth first."""
    name = type(obj).__name__
    for field, (lo, hi, rule) in L.FIELD_RANGES.get(name, {}).items():
        v = getattr(obj, field, None)
        if isinstance(v, int) and not isinstance(v, bool) and not lo <= v <= hi:
            yield loc + (field,), P_("{n} is out of range; the rules make sense of {a}..{b}{rule}", rule=rule, n=v,
                                     a=lo, b=hi)
    for field, most in L.LIST_LIMITS.get(name, {}).items():
        v = getattr(obj, field, None)
        if isinstance(v, (list, dict)) and len(v) > most:
            yield loc + (field,), P_("{n} entries, more than {m}", n=len(v), m=most)
    if name == "Op":
        lo, hi = L.OP_N_RANGES.get(obj.op, L.OP_N_DEFAULT)
        if not lo <= obj.n <= hi:
            yield loc + ("n",), P_("{x} with n={n} is out of range; the rules make sense of {a}..{b}{rule}",
                                   rule="R-TENSION-12", x=obj.op, n=obj.n, a=lo, b=hi)
    for field in L.COUNT_TABLES.get(name, ()):
        lo, hi = L.COUNT_RANGE
        for k, v in (getattr(obj, field, None) or {}).items():
            if not lo <= v <= hi:
                yield loc + (field, k), P_("{n} copies of '{x}' is out of range; a deck holds {a}..{b} of a card", n=v,
                                           x=k, a=lo, b=hi)
    for fname in type(obj).model_fields:
        v = getattr(obj, fname, None)
        if isinstance(v, BaseModel):
            yield from out_of_range(v, loc + (fname,))
        elif isinstance(v, (list, tuple)):
            for i, x in enumerate(v):
                if isinstance(x, BaseModel):
                    yield from out_of_range(x, loc + (fname, i))
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(x, BaseModel):
                    yield from out_of_range(x, loc + (fname, k))


def load_list(path: Path, key: str, model: Type[BaseModel], what: str) -> dict[str, Any]:
    data, node = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ContentError(rel(path), P_("line {n}", n=1), P_("expected a top-level '{key}:' list of {what}", key=key,
                                                              what=P_(what)),
                           P_("start the file with '{key}:' followed by '- id: ...' entries", key=key))
    out: dict[str, Any] = {}
    for i, entry in enumerate(data[key]):
        ident = P_("{what} #{n}", what=P_(what), n=i + 1)
        if isinstance(entry, dict) and "id" in entry:
            ident = P_("{what} '{id}'", what=P_(what), id=entry["id"])
        obj = validate(model, entry, path, node, (key, i), ident)
        if obj.id in out:
            line = line_of(node, (key, i))
            raise ContentError(rel(path), P_("line {n}: {where}", n=line, where=ident), P_("duplicate id"),
                               P_("give every entry its own id"))
        out[obj.id] = obj
    return out



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


def check_board_against_content(board, ct: Content, path: Path) -> None:
    """Enemies and bosses placed on the map must exist in the content's enemies (a manor map's
    bosses, MDV-10, exist only in the mansion campaign's content). Raises ContentError naming the
    map file and the object."""
    for p in board.placements:
        if p.kind == "enemy" and p.get("enemy") not in ct.enemies:
            raise ContentError(rel(path), p.source or P_("square {x}", x=p.square),
                               P_("unknown enemy '{x}'", x=p.get("enemy")),
                               P_("use one of: {names}", names=", ".join(sorted(ct.enemies))))
        if p.kind == "boss_start" and p.get("boss") not in ct.enemies:
            bosses = sorted(e.id for e in ct.enemies.values() if "boss" in e.rules)
            raise ContentError(rel(path), p.source or P_("square {x}", x=p.square),
                               P_("the boss '{x}' is not in these rules' content", x=p.get("boss")),
                               P_("play the map with the rules that bring this boss (the manor's bosses come with the "
                                  "mansion campaign), or choose one of: {names}", names=", ".join(bosses)))
    if any(p.kind.startswith("dn_") for p in board.placements):  # a dungeon map card (maps/dungeon/)
        raise ContentError(rel(path), "", P_("this is a dungeon map card, played as a part of its dungeon"),
                           P_("start the dungeon from the main menu; a card is checked with python -m tools.validate"))
    if 1 not in board.start:
        raise ContentError(rel(path), "", P_("the map has no start square 1"), P_("add a 'start' object with number 1"))
