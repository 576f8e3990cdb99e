"""The state records the rules read at every step are slotted dataclasses, and saves are unchanged (issue 8).

The game state itself, survivors, enemies, tokens, cards, the pending decision, sustained effects,
the reaction record and the core sub-state are plain slotted records instead of pydantic models (a pydantic model's class
defines ``__getattr__``, which keeps CPython from specialising attribute loads). Pydantic still reads
and writes them as fields of ``GameState``: these tests check that a played game's save is the same
JSON after a load, that the field types and "no unknown key" are still enforced when a save is read,
and that the generation numbers the caches rely on still move with every assignment.
"""
from __future__ import annotations

import json

import pydantic
import pytest

from game.__main__ import default_party
from game.ai.bot import Bot
from game.content.loader import load_scenario
from game.engine import apply, new_game
from game.engine.mansion.state import MansionState
from game.engine.state import (CardState, CharState, CoreState, EnemyState, GameState, Pending, ReactionState,
                               Sustained, TokenState, generation)

RECORDS = (CardState, CharState, EnemyState, TokenState, Pending, Sustained, ReactionState, CoreState, GameState,
           MansionState)


def played(steps: int = 120) -> GameState:
    scn = load_scenario("outskirts")
    s = new_game(scn, default_party(4), 3)
    bot = Bot(3)
    for _ in range(steps):
        if s.over:
            break
        apply(s, bot.choose(s))
    return s


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_records_have_slots_and_no_getattr_hook(cls):
    """No ``__dict__`` and no ``__getattr__`` anywhere in the class: attribute loads can be specialised."""
    assert not issubclass(cls, pydantic.BaseModel)
    assert not any("__getattr__" in vars(k) for k in cls.__mro__)
    assert "__dict__" not in dir(cls) or not hasattr(cls.__new__(cls), "__dict__")


def test_a_save_reads_back_to_the_same_json_and_the_same_records():
    s = played()
    js = s.model_dump_json()
    back = GameState.model_validate_json(js)
    assert back.model_dump_json() == js
    assert type(back.characters[0]) is CharState and type(back.characters[0].pos) is tuple
    assert back.characters == s.characters and back.enemies == s.enemies and back.tokens == s.tokens
    assert type(next(iter(back.cards.values()))) is CardState
    assert back.same_as(s)


@pytest.mark.parametrize("where,key,value", [
    ("characters", "bogus", 1),        # an unknown key is refused, as with the models
    ("characters", "health", "many"),  # a value of the wrong type is refused
    ("enemies", "pos", [1]),           # a square must have two coordinates
    ("tokens", "props", [1, 2]),
])
def test_a_save_with_a_broken_record_is_refused(where, key, value):
    s = played(20)
    doc = json.loads(s.model_dump_json())
    doc[where][0][key] = value
    with pytest.raises(pydantic.ValidationError):
        GameState.model_validate_json(json.dumps(doc))


def test_card_deck_letters_are_still_checked_on_load():
    s = played(5)
    doc = json.loads(s.model_dump_json())
    doc["cards"][next(iter(doc["cards"]))]["deck"] = "Z"
    with pytest.raises(pydantic.ValidationError):
        GameState.model_validate_json(json.dumps(doc))


def test_every_assignment_to_a_board_record_moves_the_generation():
    """The occupancy and token indexes are kept by generation number (test_speed_caches)."""
    c, e, t = CharState(cid="vera", seat=0), EnemyState(uid="e1", type="zombie", pos=(1, 1)), \
        TokenState(uid="t1", kind="fire", pos=(2, 2))
    for rec, name, value in ((c, "pos", (3, 3)), (c, "health", 2), (e, "pos", (0, 1)), (e, "wounds", 1),
                             (t, "pos", (4, 4))):
        g = generation()
        setattr(rec, name, value)
        assert generation() != g, (type(rec).__name__, name)


def test_model_copy_and_dump_behave_as_before():
    c = CharState(cid="vera", seat=0, pos=[2, 3], inventory=[["k1"]])
    assert c.pos == (2, 3)  # a list square becomes a tuple, as pydantic made it
    d = c.model_copy(deep=True)
    d.inventory[0].append("k2")
    assert c.inventory == [["k1"]] and d == CharState(cid="vera", seat=0, pos=(2, 3), inventory=[["k1", "k2"]])
    assert c.model_dump(mode="json")["pos"] == [2, 3]
    assert Sustained(name="Jammed", seat=1).model_copy(update={"turn": 4}).turn == 4


def test_a_mansion_state_keeps_its_own_fields_through_a_save():
    from tests.kit import board
    from tests.mansion_kit import mgame

    s = mgame(board("AAAA", "AAAA"), party=(("dana", 1), ("marcus", 1)), campaign=True)
    js = s.model_dump_json()
    back = MansionState.model_validate_json(js)
    assert type(back) is MansionState and back.rules == "mansion" and back.model_dump_json() == js
    assert list(MansionState.model_fields)[-1] == "mansion" and "manual" in GameState.model_fields


def test_clone_keeps_the_attached_scenario_and_forgets_derived_data():
    s = played(30)
    s.cache["x"] = 1
    c = s.clone()
    assert c.scenario is s.scenario and c.cache == {} and c.same_as(s)
    c.characters[0].inventory.append(["new"])
    assert not c.same_as(s)
