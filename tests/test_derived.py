"""Derived data behind one door (issue 23 item 6): every registered rule set plays the same games
with the engine's shortcuts trusted and with them off (``game.engine.derived.shortcuts``).

The shortcuts: the quiet end check (skipped while nothing it reads changed), tasks marked
``pure`` (no end check after them), the run kept between actions (and the notes a handler keeps
for its own pass), the kept token, enemy and occupancy indexes. With them off, the rules do
everything afresh on a clone, so a rule set that marks a task pure wrongly, keeps a note on its
run past its pass, or reads in its end check what the core's key does not cover, gives another
game here, without anything to declare. The check runs by itself over every rule set in
``RULESETS``: a rule set of the game without a sample below fails it by name. Rule sets built on
the core's lookups (``Common``) also have their kept indexes and end check recounted at every
step (``tests/test_speed_caches.check_step``).
"""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.__main__ import default_party
from game.ai.modes import bot_for
from game.engine import apply, legal_actions, new_game
from game.engine.derived import shortcuts, trusted
from game.engine.machine import RULESETS


def _scenario(sid: str):
    if sid.startswith("mansion:"):
        from game.content.mansion_pack import load_card_scenario
        from tests.mansion_kit import mcontent, mpack
        return load_card_scenario(mpack(), sid.split(":", 1)[1], mcontent())
    from game.content.loader import load_scenario
    return load_scenario(sid)


def _game(sid: str, players: int) -> Callable[[int], tuple]:
    def make(seed: int):
        scn = _scenario(sid)
        party = default_party(players, scn.content)
        if len(scn.board.start) < 2:
            party = [(cid, 1) for cid, _ in party]
        s = new_game(scn, party, seed)
        return s, legal_actions, apply, bot_for(s, seed).choose
    return make


def _campaign(mansion: bool) -> Callable[[int], tuple]:
    """A campaign state at its end phase after a scenario, played through its own decisions."""
    def make(seed: int):
        from game.engine.campaign import apply as capply
        from game.engine.campaign import legal as clegal
        if mansion:
            from tests.mansion_kit import mchoose, mend, mnew
            cs = mnew(seed=seed)
            gs = mchoose(cs, sorted(_first_choices(cs))[0])
            mend(cs, gs, "success" if seed % 2 else "failure")
        else:
            from tests.campaign_kit import choose, end, new
            cs = new(seed=seed)
            gs = choose(cs, sorted(_first_choices(cs))[0])
            end(cs, gs, "success" if seed % 2 else "failure")
        return cs, clegal, capply, None
    return make


def _crawl(seed: int):
    """The kernel-composed test mode (tests/rulesets/crawl.py): a rule set not built on the core."""
    from game.engine.scenario import Scenario
    from tests.kit import content, scenario
    from tests.rulesets import crawl
    b = crawl.start_board()
    scn = Scenario(brief=scenario(b).brief, board=b, content=content(), rules="crawl", cards=crawl.CARDS)
    return new_game(scn, [("hero", 1)], seed), legal_actions, apply, None


def _versus(sid: str) -> Callable[[int], tuple]:
    """Versus (rules/versus.md): hidden deployment, duels, alternating activations."""
    def make(seed: int):
        from game.engine.versus import new_versus
        return new_versus(sid, None, seed), legal_actions, apply, None
    return make


def _dungeon(sid: str) -> Callable[[int], tuple]:
    """The dungeon crawl (rules/dungeon.md): 2 heroes of the bot's party, random legal actions
    (minor actions, windows, barrage and reroll decisions included) and the bot's."""
    def make(seed: int):
        from game.ai.dungeon_bot import DungeonBot, party
        from game.content.dungeon_pack import dungeon_scenario
        return new_game(dungeon_scenario(sid), party(2), seed), legal_actions, apply, DungeonBot(seed).choose
    return make


def _first_choices(cs) -> list[str]:
    from game.engine.campaign import playable
    return playable(cs)


#: a small game of each rule set of the game, by rule set name: ``make(seed) -> (state, legal,
#: apply, bot or None)``. A new mode adds one line here (the test below fails until it does).
SAMPLES: dict[str, list[tuple[Callable[[int], tuple], int]]] = {
    "core": [(_game("outskirts", 3), 3), (_game("practice-burrower", 2), 8), (_game("practice-stalker", 2), 5)],
    "mansion": [(_game("mansion:intro", 2), 6), (_game("mansion:intro", 3), 13)],
    "campaign": [(_campaign(False), 1), (_campaign(False), 2)],
    "mansion_campaign": [(_campaign(True), 1), (_campaign(True), 2)],
    "crawl": [(_crawl, 1), (_crawl, 4)],
    "versus": [(_versus("sanctuary"), 2), (_versus("swift"), 3)],
    "dungeon": [(_dungeon("sunken_reliquary"), 1), (_dungeon("sunken_reliquary"), 4)],  # a test mode composed from the kernel (not required, checked too)
}


def _same_game(make: Callable[[int], tuple], seed: int, steps: int = 150, recount: bool = True) -> int:
    """Play ``steps`` actions (the bot's or random legal ones) with the shortcuts trusted; before
    each, apply the same action to a clone with every shortcut off; the two must give the same
    events and the same state. Returns the steps played."""
    s, legal, act, bot = make(seed)
    rnd = random.Random(seed)
    n = 0
    from game.engine.core.common import Common
    from game.engine.machine import ruleset_of
    from tests.test_speed_caches import check_step
    kept_indexes = recount and isinstance(getattr(s, "rules", None), str) and \
        issubclass(ruleset_of(s).run_class, Common)
    while n < steps and legal(s):
        if kept_indexes:  # the core's kept indexes and end check against a recount (test_speed_caches)
            check_step(s, random.Random(seed * 1000 + n))
        options = legal(s)
        a = bot(s) if bot is not None and rnd.random() < 0.6 else rnd.choice(options)
        ref = s.clone() if hasattr(type(s), "clone") else s.model_copy(deep=True)
        with shortcuts(False):
            ref_ev = act(ref, a)
        ev = act(s, a)
        assert [(e.kind, e.rule, e.text) for e in ev] == [(e.kind, e.rule, e.text) for e in ref_ev], \
            f"{s.rules} seed {seed} step {n}: {a.short()} told otherwise with the shortcuts off"
        assert s.model_dump_json() == ref.model_dump_json(), \
            f"{s.rules} seed {seed} step {n}: {a.short()} gave another state with the shortcuts off"
        n += 1
    return n


def test_every_rule_set_of_the_game_has_a_sample_for_the_recount():
    """A rule set registered by the game (not by a test) without a sample here would escape the
    check below: name it."""
    shipped = {name for name, rs in RULESETS.items() if rs.run_class.__module__.startswith("game.")}
    assert shipped - set(SAMPLES) == set(), "add a sample game of these rule sets to SAMPLES"


@pytest.mark.parametrize("name,i", [(n, i) for n, lst in SAMPLES.items() for i in range(len(lst))])
def test_shortcuts_change_no_game_of_any_rule_set(name, i):
    make, seed = SAMPLES[name][i]
    assert trusted()
    assert _same_game(make, seed) > 0


def test_shortcuts_off_is_the_reference_and_is_restored():
    assert trusted()
    with shortcuts(False):
        assert not trusted()
        with shortcuts(True):
            assert trusted()
        assert not trusted()
    assert trusted()


def test_releasing_the_shared_data_changes_no_game():
    """derived.release drops the shared actions, the plain copies and a board's memos mid-game;
    the game goes on exactly as one that kept them."""
    from game.engine.derived import BOARD_MEMOS, release

    def play(cut: bool):
        s, legal, act, _ = _game("outskirts", 2)(7)
        rnd = random.Random(7)
        for n in range(60):
            if not legal(s):
                break
            if cut and n % 20 == 10:
                release(s.scenario.board)
                assert not any(k in s.scenario.board.__dict__ for k in BOARD_MEMOS)
            act(s, rnd.choice(legal(s)))
        return s.model_dump_json()
    assert play(True) == play(False)


@pytest.mark.parametrize("name,i", [(n, i) for n, lst in SAMPLES.items() for i in range(len(lst))])
def test_a_task_marked_pure_leaves_nothing_for_the_end_check_in_any_rule_set(name, i, monkeypatch):
    """``@task(pure=True)`` lets the machine skip the end check after the task. That is right only
    if a full check right after it finds nothing: checked after every pure task run in every
    sample, whatever rule set it belongs to (nothing else to declare)."""
    make, seed = SAMPLES[name][i]
    make(seed)  # (registers the rule set if its module was not imported yet)
    rs = RULESETS[name]
    seen = []

    def guard(fn, task_name):
        def run_pure(run, task):
            fn(run, task)
            s = run.s
            if s.result is None:
                copy = s.clone() if hasattr(type(s), "clone") else s.model_copy(deep=True)
                with shortcuts(False):
                    full = rs.run_class(copy)
                    full.check_end()
                assert copy.result is None, f"{name}: after pure task {task_name} the end check finds " \
                    f"{[e.text for e in full.ev]}"
            seen.append(task_name)
        return run_pure

    for t in rs.pure_tasks:
        monkeypatch.setitem(rs.tasks, t, guard(rs.tasks[t], t))
    _same_game(make, seed, steps=100, recount=False)
    if name in ("core", "mansion"):
        assert len(set(seen)) >= 4, seen  # (the city's and the manor's pure tasks do run)
