"""A mode composed from the tactics kernel, not inherited from ``CoreRun`` (issue 23 item 5):
tests/rulesets/crawl.py plays orthogonal movement with water and pits, a board that grows at an
exit, corner-to-corner sight with per-viewer blockers, a d6 pool and wounds, through the public
API (new game, legal actions, apply, save and load, replay)."""
from __future__ import annotations

from game.engine import GameState, apply, legal_actions, new_game, replay
from game.engine.machine import ruleset_of
from game.engine.scenario import Scenario
from tests.kit import content, scenario
from tests.rulesets import crawl

PARTY = [("hero", 1)]


def crawl_scenario() -> Scenario:
    b = crawl.start_board()
    return Scenario(brief=scenario(b).brief, board=b, content=content(), rules="crawl", cards=crawl.CARDS)


def moves(s) -> set:
    return {tuple(a.to) for a in legal_actions(s) if a.kind == "move"}


def act(s, kind, **kw):
    a = next(a for a in legal_actions(s) if a.kind == kind and all(getattr(a, k) == v for k, v in kw.items()))
    return apply(s, a)


def test_D_MOVE_1_D_TERRAIN_1_orthogonal_steps_with_water_costing_two():
    s = new_game(crawl_scenario(), PARTY, 1)
    assert s.rules == "crawl" and s.pending.kind == "act"
    m = moves(s)
    assert (2, 1) in m and (1, 2) in m  # 3 points straight up (through the pit), or left and up
    assert (1, 1) not in m  # 3 points to (1,2) or (2,1), then the water (1,1) costs 2 more
    run = ruleset_of(s).run_class(s)
    hero = next(t for t in s.tokens if t.kind == "hero")
    water, enter, through = run._move_tests(hero)
    from game.engine.kernel import path_costs
    assert path_costs(run.g, hero.pos, cost=water, enter=enter, through=through)[(1, 1)] == 5
    assert all(abs(x - 2) + abs(y - 4) <= 3 for x, y in m)  # never a diagonal shortcut
    assert (0, 4) not in m  # a wall square of the card (void, D-MAP-3)


def test_D_TERRAIN_2_a_pit_on_the_way_hurts():
    s = new_game(crawl_scenario(), PARTY, 1)
    ev = act(s, "move", to=(2, 1))
    step = next(e for e in ev if e.kind == "move")
    assert [tuple(q) for q in step.data["path"]] == [(2, 3), (2, 2), (2, 1)]
    assert [e.data["n"] for e in ev if e.kind == "damage"] == [1]
    hero = next(t for t in s.tokens if t.kind == "hero")
    assert hero.props["wounds"] == 1


def test_D_EXPLORE_1_stepping_on_the_exit_places_the_next_card_and_its_foe():
    s = new_game(crawl_scenario(), PARTY, 1)
    act(s, "move", to=(2, 1))
    ev = act(s, "move", to=(2, -1))
    assert [e.data["card"] for e in ev if e.kind == "explore"] == ["C1"]
    assert [(g.card, tuple(g.at), g.rot) for g in s.grown] == [("C1", (2, -1), 0)]
    run = ruleset_of(s).run_class(s)
    assert run.b.has((2, -2)) and run.b.tile_of((2, -2)).id == "C1@1"
    foe = next(t for t in s.tokens if t.kind == "foe")
    assert foe.pos == (2, -6)  # the card's encounter point (2,0), with the entrance on (2,-1)


def test_D_LOS_4_a_shot_needs_sight_and_a_foe_between_blocks_for_the_viewer():
    s = new_game(crawl_scenario(), PARTY, 2)
    act(s, "move", to=(2, 1))
    act(s, "move", to=(2, -1))
    act(s, "end_phase")
    assert any(a.kind == "attack" for a in legal_actions(s))
    run = ruleset_of(s).run_class(s)
    hero = next(t for t in s.tokens if t.kind == "hero")
    foe = next(t for t in s.tokens if t.kind == "foe")
    from game.engine.kernel import corner_sight
    assert corner_sight(run.b, hero.pos, foe.pos)
    assert not corner_sight(run.b, hero.pos, foe.pos, {(2, -3), (1, -3), (3, -3)})  # a row of foes between


def test_the_crawl_saves_loads_and_replays_with_its_grown_board():
    scn = crawl_scenario()
    s = new_game(scn, PARTY, 3)
    act(s, "move", to=(2, 1))
    act(s, "move", to=(2, -1))
    act(s, "end_phase")
    while not s.over and any(a.kind == "attack" for a in legal_actions(s)):
        act(s, "attack")
    loaded = GameState.model_validate_json(s.model_dump_json()).attach(scn)
    assert legal_actions(loaded) == legal_actions(s)
    again = replay(scn, PARTY, 3, s.record)
    assert again.model_dump_json() == s.model_dump_json()
    assert ruleset_of(loaded).run_class(loaded).b is ruleset_of(s).run_class(s).b  # one grown board, shared


def test_the_crawl_is_not_built_on_the_city():
    from game.engine.core import CoreRun
    assert not issubclass(crawl.CrawlRun, CoreRun)
    import inspect
    src = inspect.getsource(crawl)
    assert "game.engine.core" not in src and "game.engine.mansion" not in src
