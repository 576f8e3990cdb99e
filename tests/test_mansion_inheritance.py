"""M-DOC-2: every row of the inheritance table, played both ways. In a mansion game the core rule
behaves the mansion way; in a city game (core rules, core content) it behaves the core way.
Campaign rows (R-CAMP-*, R-END-*, R-SOLO-2, R-CAMP-22) are in tests/test_mansion_campaign.py."""
import pytest

from game.content.errors import ContentError
from game.engine.mansion.state import MansionState
from tests.kit import board, game, rules, run_task, rigged, tok
from tests.mansion_kit import mcontent, mgame

# tile A is where the party starts; tile B (amber, unexplored) lies east through an archway
TWO = board("AAB", "AAB", arches=[((1, 0), (2, 0))], colours={"B": "amber"}, unexplored=["B"],
            start={1: (0, 0), 2: (0, 1)})


def test_M_DOC_2_M_ENC_2_explore_draws_an_encounter_card_in_the_mansion_and_rolls_the_die_in_the_city():
    """R-EXPLORE-3 / R-DIE-1 (A) -> M-ENC-2: the mansion draws the top encounter card and spawns
    its amber row; the city rolls the encounter die."""
    m = mgame(TWO)
    top = m.mansion.decks["encounter"][0]
    r = rules(m)
    tasks = r.explore(m.active_char, r.b.tiles["B"])
    card = mcontent().encounter[top]
    assert m.mansion.decks["encounter_discard"] == [top]
    assert top not in m.mansion.decks["encounter"]
    expl = [e for e in r.ev if e.kind == "explore"][0]
    assert expl.rule == "M-ENC-2"
    if card.rows is not None:
        assert expl.data["spawn"] == list(card.rows["amber"])
        assert bool(tasks) == bool(card.rows["amber"])
    c = game(TWO, intro=False)
    rigged(c, [5])  # amber face 5: two Zombie Dogs (DV-15)
    rc = rules(c)
    rc.explore(c.active_char, rc.b.tiles["B"])
    ce = [e for e in rc.ev if e.kind == "explore"][0]
    assert ce.rule == "R-EXPLORE-3" and ce.data["roll"] == 5 and ce.data["spawn"] == ["zombie_dog", "zombie_dog"]


def test_M_DOC_2_M_ENC_3_corpse_check_draws_a_card_in_the_mansion():
    """R-CORPSE-2 (A) -> M-ENC-3: the hazard mark of a drawn encounter card raises the corpses;
    the city rolls the die (6 = hazard)."""
    m = mgame(TWO)
    hazard = next(k for k, e in mcontent().encounter.items() if e.hazard)
    m.mansion.decks["encounter"].remove(hazard)
    m.mansion.decks["encounter"].insert(0, hazard)
    tok(m, "corpse", (0, 0))
    run_task(m, "after_action")
    assert hazard in m.mansion.decks["encounter_discard"]
    assert [e.type for e in m.enemies] == ["zombie"] and not [t for t in m.tokens if t.kind == "corpse"]
    c = game(TWO, intro=False)
    tok(c, "corpse", (0, 0))
    rigged(c, [6])
    run_task(c, "after_action")
    assert [e.type for e in c.enemies] == ["zombie"]


def test_M_DOC_2_M_ENC_3_quiet_card_leaves_corpses_down():
    """M-ENC-3: a card without the hazard mark leaves the corpse where it is."""
    m = mgame(TWO)
    quiet = next(k for k, e in mcontent().encounter.items() if not e.hazard)
    m.mansion.decks["encounter"].remove(quiet)
    m.mansion.decks["encounter"].insert(0, quiet)
    tok(m, "corpse", (0, 0))
    run_task(m, "after_action")
    assert not m.enemies and [t for t in m.tokens if t.kind == "corpse"]


def test_M_DOC_2_M_TENSION_1_empty_tension_deck_fails_a_mansion_scenario_but_reshuffles_in_the_city():
    """R-TENSION-10 (R) -> M-TENSION-1: the same brief (tension_reshuffle: true) reshuffles in
    the city and fails in the mansion, where only the Introduction reshuffles."""
    m = mgame(TWO, tension_reshuffle=True)
    m.piles["tension_discard"] = list(m.piles["tension"])
    m.piles["tension"] = []
    run_task(m, "tension_draw")
    assert m.result == "failure"
    c = game(TWO, intro=False, tension_reshuffle=True)
    c.piles["tension_discard"] = list(c.piles["tension"])
    c.piles["tension"] = []
    run_task(c, "tension_draw")
    assert c.result is None and len(c.piles["tension"]) + len(c.piles["tension_discard"]) == 15


def test_M_TENSION_1_the_mansion_introduction_reshuffles():
    """M-TENSION-1 / M-INTRO-1: in the Introduction an empty deck is refilled from its discards."""
    m = mgame(TWO, intro=True)
    m.piles["tension_discard"] = list(m.piles["tension"])
    m.piles["tension"] = []
    run_task(m, "tension_draw")
    assert m.result is None and m.piles["tension"]


def test_M_DOC_2_M_EVENT_3_event_token_draws_the_scenario_event_deck_not_the_narrative_deck():
    """R-NARR-* (R) -> M-EVENT-3: a character placed on an event-card token draws a scenario
    event card, which is removed from the game once resolved (M-EVENT-7); in the city the same
    token draws the narrative deck."""
    m = mgame(TWO, campaign=True)
    quiet = "ev_gun_cabinet"  # DRAW_A 2
    m.mansion.decks["events"].remove(quiet)
    m.mansion.decks["events"].insert(0, quiet)
    t = tok(m, "narrative", (0, 0))
    run_task(m, "narrative", token=t.uid, cid="dana")
    assert quiet in m.mansion.decks["events_removed"] and quiet not in m.mansion.decks["events"]
    assert m.token(t.uid) is None
    c = game(TWO, intro=False, narrative_deck=True)
    n0 = len(c.piles["narrative"])
    t2 = tok(c, "narrative", (0, 0))
    ev = run_task(c, "narrative", token=t2.uid, cid="vera")
    assert len(c.piles["narrative"]) == n0 - 1 and any(e.rule == "R-NARR-2" for e in ev)


def test_M_DOC_2_R_STALK_not_used_mansion_content_has_no_stalker_and_refuses_it():
    """R-STALK-* -> not used: the mansion content holds no Stalker, and a mansion card that
    spawns one is refused at load naming the file and card (the city content has it)."""
    from tests.kit import content
    assert any("stalker" in e.rules for e in content().enemies.values())
    assert not any("stalker" in e.rules for e in mcontent().enemies.values())


def test_M_DOC_2_R_STALK_refused_at_load(tmp_path):
    """R-STALK-* not used: a scenario event spawning stalker_one is refused with file and card."""
    import shutil
    from game.content.mansion_pack import MANSION_DATA, load_mansion_content
    d = tmp_path / "mansion"
    shutil.copytree(MANSION_DATA, d)
    p = d / "events.yaml"
    p.write_text(p.read_text().replace("enemies: [crawler]", "enemies: [stalker_one]"))
    with pytest.raises(ContentError) as ei:
        load_mansion_content(d)
    assert "events.yaml" in str(ei.value) and "ev_under_the_bed" in str(ei.value) and "stalker_one" in str(ei.value)


BOSSY = board("AAAAB", "AAAAB", "AAAAB", arches=[((3, 0), (4, 0))], start={1: (0, 0), 2: (4, 2)},
              place=[("boss_start", (1, 1), {})])


def _boss_board(boss):
    from dataclasses import replace
    from game.engine.board import Placement
    return replace(BOSSY, placements=(Placement("boss_start", (1, 1), (("boss", boss),)),))


def test_M_DOC_2_M_BOSS_2_knocked_out_by_the_boss_does_not_die_in_the_mansion():
    """R-BOSS-10 (A) -> M-BOSS-2: a character a boss attack knocks out with no way to revive is
    exempt from R-HEALTH-10 in the mansion; in the city they die and the scenario fails."""
    m = mgame(_boss_board("great_serpent"), party=(("dana", 1), ("marcus", 2)), objective="kill_boss")
    m.char("dana").health = 5
    run_task(m, "enemy_attack", enemy=m.core.boss, target="dana", extra=0, profile="basic", unavoidable=True,
             rule="R-BOSS-13")
    assert m.char("dana").health == 6 and not m.char("dana").dead and m.result is None
    assert m.mansion.boss_ko == ["dana"]
    c = game(_boss_board("burrower"), intro=False, party=(("vera", 1), ("mateo", 2)), objective="kill_boss")
    c.char("vera").health = 5
    run_task(c, "enemy_attack", enemy=c.core.boss, target="vera", extra=0, profile="basic", unavoidable=True,
             rule="R-BOSS-13")
    assert c.char("vera").dead and c.result == "failure"


def test_M_BOSS_2_other_knockouts_still_die():
    """M-BOSS-2: a character knocked out by anything but a boss attack follows R-HEALTH-10."""
    m = mgame(_boss_board("great_serpent"), party=(("dana", 1), ("marcus", 2)), objective="kill_boss")
    m.char("dana").health = 5
    r = rules(m)
    r.damage_char(m.char("dana"), 1, "R-FIRE-2")
    r.run()
    assert m.char("dana").dead and m.result == "failure"


def test_M_BOSS_3_nobody_conscious_left_fails():
    """M-BOSS-3: a boss scenario with no conscious character left in the play area fails."""
    m = mgame(_boss_board("great_serpent"), party=(("dana", 1),), objective="kill_boss")
    m.char("dana").health = 5
    run_task(m, "enemy_attack", enemy=m.core.boss, target="dana", extra=0, profile="basic", unavoidable=True,
             rule="R-BOSS-13")
    assert not m.char("dana").dead and m.result == "failure" and "M-BOSS-3" in m.result_reason


def test_M_DOC_2_M_CHAR_roster_is_the_mansion_cast():
    """R-CHAR-1, DV-8 (R) -> M-CHAR-2, MDV-1: a mansion game seats Dana, not Vera; a city game
    the other way round."""
    from game.engine import new_game
    from tests.kit import scenario
    from tests.mansion_kit import mscenario
    with pytest.raises(ValueError):
        new_game(mscenario(TWO), [("vera", 1)], 1)
    with pytest.raises(ValueError):
        new_game(scenario(TWO), [("dana", 1)], 1)
    assert sorted(mcontent().characters) == ["bram", "dana", "ivy", "marcus"]
    assert sorted(mcontent().reserve_only) == ["lyle", "theo", "victor"]


def test_M_DOC_2_M_DANGER_1_manor_danger_track_same_numbers():
    """R-DANGER-* (A) -> M-DANGER-1 / M-DOC-3: the same track (0..17, same moves), called the
    manor danger track."""
    from game.engine.defs import Op
    m = mgame(TWO)
    c = game(TWO, intro=False)
    for s in (m, c):
        s.danger = 16
        ev = run_task(s, "op", op=Op(op="DANGER", n=3).model_dump(), card="")
        assert s.danger == 17
        texts = [e.text for e in ev if e.kind == "danger"]
        assert texts and texts[0].startswith("Manor danger" if s is m else "City danger")


def test_M_DOC_2_mansion_state_is_its_own_class_and_saves_round_trip():
    """M-CAMP-5 (during play): a mansion game is a MansionState; its JSON loads back equal."""
    m = mgame(TWO, campaign=True)
    assert isinstance(m, MansionState) and m.rules == "mansion"
    back = MansionState.model_validate_json(m.model_dump_json())
    assert back.same_as(m)


def test_M_DOC_2_the_mansion_copies_no_core_handler():
    """Issue 23 item 5: the mansion replaces rows of M-DOC-2 through the core's hooks and shared
    steps, never a copy of a core handler's body. Its scenario events show and resolve through the
    core's story steps (StoryRules row EVENTS); the push of an enemy is the core's task with the
    mansion's prompt and context (MDV-1 Heavyweight); Marksman rolls the core's attack pool."""
    import inspect

    from game.engine.core import CoreRun
    from game.engine.core.narrative import Narrative, StoryRules
    from game.engine.mansion import MansionRun
    from game.engine.mansion.events import EVENTS, ScenarioEvents
    from game.engine.mansion.specials import Specials

    assert MansionRun.rules.tasks["push_enemy"] is CoreRun.rules.tasks["push_enemy"]
    assert "t_push_enemy" not in vars(Specials)
    assert isinstance(EVENTS, StoryRules) and EVENTS.decision in MansionRun.rules.decisions
    for name in ("t_event_resolve", "d_scenario_event"):
        src = inspect.getsource(vars(ScenarioEvents)[name])
        assert "self.story_" in src and "self.emit(" not in src and "self.ask(" not in src
    assert "attack_dice(" in inspect.getsource(Specials.do_attack)
    assert "story_event" in vars(Narrative)


def test_M_EVENT_10_a_scenario_event_with_options_asks_through_the_shared_story_step(monkeypatch):
    """The mansion's event resolve calls the core's story step with its own row (M-EVENT-2/3/10)."""
    from game.engine.core.narrative import Narrative
    from game.engine.mansion.events import EVENTS

    seen = []
    orig = Narrative.story_event

    def spy(self, how, ev, ctx, rule, mark=False):
        seen.append((how, rule, dict(ctx)))
        return orig(self, how, ev, ctx, rule, mark)
    monkeypatch.setattr(Narrative, "story_event", spy)
    m = mgame(TWO)
    card = m.mansion.decks["events"][0]
    ev = run_task(m, "event_resolve", event=card, label=None)
    assert seen and seen[0][0] is EVENTS and seen[0][1] == "M-EVENT-3" and seen[0][2]["event"] == card
    assert [e.rule for e in ev if e.kind == "narrative"] == ["M-EVENT-3"]


def test_R_ITEM_6_the_mansion_stash_and_the_city_draw_reshuffle_through_the_cores_one_step():
    """M-MISSION-13 STASH_A and the city's draw_a refill an empty Item A deck through the core's
    ``reshuffle_item_a`` (R-ITEM-6), not copies of it; the draw path keeps its silence in the log."""
    import inspect

    from game.engine.mansion.reserve import Reserve
    assert "reshuffle_item_a(" in inspect.getsource(Reserve.stash_item_a)
    m = mgame(TWO)
    m.piles["item_a_discard"] = list(m.piles["item_a"])
    m.piles["item_a"] = []
    r = rules(m)
    r.stash_item_a(1)
    assert [e.rule for e in r.ev if e.kind == "reshuffle"] == ["R-ITEM-6"]
    assert m.piles["item_a_discard"] == [] and len(m.item_box) == 1
    s = game(TWO)
    s.piles["item_a_discard"] = list(s.piles["item_a"])
    s.piles["item_a"] = []
    n = len(s.piles["item_a_discard"])
    ev = run_task(s, "draw_a", cid=s.active_char.cid)
    assert len(s.piles["item_a"]) == n - 1 and s.piles["item_a_discard"] == []
    assert not any(e.kind == "reshuffle" for e in ev)
