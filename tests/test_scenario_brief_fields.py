"""The R-SCEN-2 brief fields of the fourteen city scenarios (issue 10): district, progression,
extra_failure (R-SCEN-8 (c)), special_rules and standalone (R-STAND-1/2/3/5, DV-21)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.content.campaign_pack import _check_brief_against_slot, load_pack
from game.content.errors import ContentError
from game.content.loader import check_board_against_brief, load_content, load_scenario
from game.engine import new_game
from game.engine.defs import ScenarioDef
from game.engine.scenario import Scenario
from tests.kit import board, game

CITY = ["dt1", "ut1", "cm1", "dt2", "ut2", "cm2", "pr1", "dt3", "pr2", "ut3", "cm3", "pr3", "ct1", "ct2"]
# DV-19: district, tier and progression tokens -> path card of every scenario
DV19 = {"dt1": ("Downtown", 1, {"DT2": "P-DT2"}), "ut1": ("Uptown", 1, {"UT2": "P-UT2"}),
        "cm1": ("Commercial", 1, {"CM2": "P-CM2", "PR1": "P-PR1"}), "dt2": ("Downtown", 2, {"DT3": "P-DT3"}),
        "ut2": ("Uptown", 2, {"UT3": "P-UT3"}), "cm2": ("Commercial", 2, {"CM3": "P-CM3"}),
        "pr1": ("Precinct", 2, {"PR2": "P-PR2"}), "dt3": ("Downtown", 3, {}),
        "pr2": ("Precinct", 3, {"PR3": "P-PR3", "CLOCK_TOWER_ROUTE": "CLOCK_TOWER_ROUTE"}),
        "ut3": ("Uptown", 3, {}), "cm3": ("Commercial", 3, {}), "pr3": ("Precinct", 3, {}),
        "ct1": ("Clock Tower", 4, {}), "ct2": ("Clock Tower", 4, {})}
# DV-21: danger start and escalation packets by tier
DV21 = {1: (0, []), 2: (4, ["E1"]), 3: (8, ["E1", "E2"]), 4: (12, ["E1", "E2", "E3"])}
# [design] standalone-only tunings (R-STAND-5 / R-STAND-2 values changed per brief, each with its
# reason and before/after figures in docs/balance.md): the campaign never reads them
STANDALONE_TUNED = {"dt1": (0, ["E1"]), "cm1": (0, ["E1"]), "dt2": (6, ["E1", "E2"]), "ut2": (6, ["E1"]), "cm2": (6, ["E1"]),
                    "pr1": (6, ["E1", "E2"]), "dt3": (12, ["E1", "E2"]), "ut3": (12, ["E1", "E2"]),
                    "cm3": (12, ["E1", "E2"]), "pr3": (12, ["E1", "E2"])}


@pytest.fixture(scope="module")
def ct():
    return load_content()


def test_R_SCEN_2_every_city_brief_has_district_progression_and_standalone_of_DV19_DV21(ct):
    for sid in CITY:
        b = ct.scenarios[sid]
        district, tier, prog = DV19[sid]
        assert (b.district, b.tier, dict(b.progression)) == (district, tier, prog), sid
        danger, packets = STANDALONE_TUNED.get(sid, DV21[tier])
        assert danger >= DV21[tier][0] and set(DV21[tier][1]) <= set(packets), sid  # never easier than DV-21
        assert b.standalone is not None and b.standalone.gear == tier, sid
        assert (b.danger_start, list(b.packets), b.standalone_gear) == (danger, packets, True), sid


def test_R_SCEN_2_district_and_progression_must_match_the_campaign_pack(ct):
    pack = load_pack("city", ct)
    sl = pack.slot("UT1")
    _check_brief_against_slot(ct.scenarios["ut1"], sl, Path("assets/campaigns/city.yaml"))  # as shipped: fine
    for change in ({"district": "Downtown"}, {"progression": {"UT2": "P-DT2"}}, {"tier": 2}):
        bad = ct.scenarios["ut1"].model_copy(update=change)
        with pytest.raises(ContentError) as ex:
            _check_brief_against_slot(bad, sl, Path("assets/campaigns/city.yaml"))
        msg = str(ex.value)
        assert "ut1.yaml" in msg and next(iter(change)) in msg and "UT1" in msg, msg


def test_R_SCEN_2_progression_names_exactly_the_progression_tokens_on_the_map(ct):
    scn = load_scenario("cm1", ct)
    check_board_against_brief(scn.board, scn.brief, Path("maps/city/cm1.tmx"))
    short = scn.brief.model_copy(update={"progression": {"CM2": "P-CM2"}})
    with pytest.raises(ContentError) as ex:
        check_board_against_brief(scn.board, short, Path("maps/city/cm1.tmx"))
    assert "cm1.yaml" in str(ex.value) and "progression" in str(ex.value) and "PR1" in str(ex.value)


def test_R_STAND_1_a_city_brief_played_on_its_own_places_no_item_c_or_progression_tokens(ct):
    scn = load_scenario("cm1", ct)
    assert any(p.kind == "progression" for p in scn.board.placements)
    assert any(p.kind == "item" and str(p.get("letter")).upper() == "C" for p in scn.board.placements)
    s = new_game(scn, [("vera", 1), ("mateo", 2)], 3)
    assert not [t for t in s.tokens if t.kind == "progression" or str(t.props.get("letter", "")).upper() == "C"]
    assert any(t.kind == "item" and str(t.props.get("letter", "")).upper() == "B" for t in s.tokens)  # others stay
    # the brief's standalone field is what leaves them out: without it the map's tokens are placed
    bare = Scenario(brief=scn.brief.model_copy(update={"standalone": None}), board=scn.board, content=ct)
    s2 = new_game(bare, [("vera", 1), ("mateo", 2)], 3)
    assert sum(1 for t in s2.tokens if t.kind == "progression") == 2


def test_R_STAND_5_the_standalone_field_sets_danger_gear_and_packets(ct):
    s = new_game(load_scenario("dt2", ct), [("vera", 1), ("mateo", 2)], 5)
    assert s.danger == ct.scenarios["dt2"].standalone.danger_start == 6  # DV-21 tier 2 says 4; tuned (docs/balance.md)
    gear = sorted(s.cards[u].defn for u in s.cards if u.startswith("G"))
    assert gear == ["assault_rifle", "shotgun", "shotgun"]  # R-STAND-3: DV-21 tier-2 extras
    assert any(s.cards[u].defn == "hounds_howl" for u in s.cards if s.cards[u].deck == "T")  # E1 is in


def test_R_SCEN_2_a_brief_contradicting_its_standalone_field_is_refused_with_file_and_line(tmp_path):
    src = Path("scenarios/ut1.yaml").read_text(encoding="utf-8")
    (tmp_path / "ut1.yaml").write_text(src + "danger_start: 3\n", encoding="utf-8")
    with pytest.raises(ContentError) as ex:
        load_content(scen_dir=tmp_path)
    msg = str(ex.value)
    assert "ut1.yaml" in msg and "danger_start" in msg and "standalone" in msg, msg


def test_R_SCEN_2_special_rules_must_name_parts_of_their_brief():
    with pytest.raises(ValueError, match="no_such_action"):
        ScenarioDef(id="x", name="X", map="maps/x.tmx",
                    special_rules=[{"name": "Loud", "text": "It is loud.", "refs": ["no_such_action"]}])
    with pytest.raises(ValueError, match="nothing in the brief sets"):
        ScenarioDef(id="x", name="X", map="maps/x.tmx",
                    extra_failure=[{"when": "marker", "marker": "alarm", "text": "the alarm rings"}])


MAP = board("AAAA", place=[("objective", (3, 0), {"label": "press"}), ("exit", (0, 0))])
PRESS = {"when": "enemy_on", "at": "objective", "at_label": "press", "unless_marker": "printed",
         "text": "an enemy wrecks the press"}
PRINT = {"id": "print", "label": "Print", "at": "objective", "at_label": "press", "marker": "printed"}


def test_R_SCEN_8_extra_failure_an_enemy_on_the_named_token_ends_the_scenario_as_failure():
    from tests.kit import act, with_enemy

    s = game(MAP, intro=False, extra_failure=[PRESS], scenario_actions=[PRINT], objective="markers_and_exit",
             objective_markers=["printed"])
    assert s.result is None
    with_enemy(s, "zombie", (2, 0))
    act(s, "move", to=(1, 0))  # a state-based check after any task (R-TURN-12): nobody on the press yet
    assert s.result is None
    s.enemies[-1].pos = (3, 0)
    act(s, "move", to=(2, 0))
    assert s.result == "failure" and "wrecks the press" in s.result_reason and "R-SCEN-8" in s.result_reason


def test_R_SCEN_8_extra_failure_no_longer_counts_once_its_unless_marker_is_set():
    from tests.kit import act, with_enemy

    s = game(MAP, intro=False, extra_failure=[PRESS], scenario_actions=[PRINT], objective="markers_and_exit",
             objective_markers=["printed"])
    s.active_char.pos = (3, 0)
    act(s, "scenario", target="print")
    with_enemy(s, "zombie", (3, 0))
    act(s, "move", to=(2, 0))
    assert s.result is None  # the edition is printed: an enemy on the press no longer fails it


def test_R_SCEN_8_extra_failure_a_marker_condition_fails_when_the_marker_is_set():
    from tests.kit import act

    alarm = dict(PRINT, id="alarm", marker="alarm_rung")
    s = game(MAP, intro=False, scenario_actions=[alarm],
             extra_failure=[{"when": "marker", "marker": "alarm_rung", "text": "the alarm rang"}])
    s.active_char.pos = (3, 0)
    act(s, "scenario", target="alarm")
    assert s.result == "failure" and "the alarm rang" in s.result_reason


def test_R_SCEN_2_special_rules_and_extra_failures_are_in_the_briefing(ct):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.briefing import briefing_rules

    text = briefing_rules(ct.scenarios["cm2"])
    assert "The press" in text and "Fails if: an enemy reaches the generator" in text
    assert briefing_rules(ct.scenarios["intro"]) == ""


def test_every_city_goal_fits_the_caption_above_the_board(ct):
    """The UT1 caption read "…stand on the objective t…": each brief's one-line goal fits."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    from game.ui.playui import CAPTION_RECT
    from game.ui.theme import fit

    for sid in CITY:
        goal = "Goal: " + ct.scenarios[sid].goal
        assert ct.scenarios[sid].goal and fit(goal, 14, CAPTION_RECT.width - 36) == goal, sid


def test_every_city_briefing_rules_line_fits_the_set_up_footer(ct):
    """The special rules and extra failures (R-SCEN-2) shown in the set-up screen's footer fit its
    three lines without an ellipsis."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    from game.ui import theme as T
    from game.ui.briefing import briefing_rules

    for sid in CITY:
        text = briefing_rules(ct.scenarios[sid])
        assert len(T.wrap(text, 12, T.W - 660)) <= 3, sid


# the campaign's required scenarios (DV-19; the optional UT3, CM3, PR3 carry the relief)
REQUIRED = ["dt1", "ut1", "cm1", "dt2", "ut2", "cm2", "pr1", "dt3", "pr2", "ct1", "ct2"]


def test_R_DANGER_3_design_no_required_city_brief_raises_the_danger_itself(ct):
    """R-DANGER-3 [design] says the 17-space track leaves room for about two failures on the longest
    required route. Bot campaigns (2 Dec third session, docs/balance.md) showed the danger rising about 1 a
    scenario inside the scenarios, so the required briefs' own DANGER +1 (the Subway's demolition
    charges, the Newspaper Office's press) were taken out: no scenario action or fixed event of a
    required city brief moves the marker up. The optional scenarios' relief (DV-19) stays."""
    for sid in REQUIRED:
        b = ct.scenarios[sid]
        effects = [op for a in b.scenario_actions for op in a.effect]
        effects += [op for ev in b.fixed_events.values() for op in ev.effect + [x for o in ev.options for x in o.effect]]
        assert not [op for op in effects if op.op == "DANGER" and op.n > 0], sid
    relief = {sid: sum(op.n for a in ct.scenarios[sid].scenario_actions for op in a.effect if op.op == "DANGER")
              + sum(op.n for ev in ct.scenarios[sid].fixed_events.values() for op in ev.effect if op.op == "DANGER")
              for sid in ("ut3", "cm3", "pr3")}
    assert relief == {"ut3": -2, "cm3": -1, "pr3": -2}, relief  # DV-19


def test_R_STAND_1_design_the_newspaper_offices_item_c_token_lies_in_the_newsroom(ct):
    """[design] campaign-only map value (R-STAND-1: standalone play places no Item C token): the
    Newspaper Office's Item C token lies in the Newsroom, the tile of the composing desk, not in
    the Editor's Office behind it. Played from the state where bot campaigns first chose CM2
    (20 campaigns x 5 seeds), the detour there lost the scenario half the time (24 % won; 50 %
    with the tokens ignored; 44 % with the token in the Newsroom, docs/balance.md)."""
    scn = load_scenario("cm2", ct)
    tok = next(p for p in scn.board.placements if p.kind == "item" and str(p.get("letter")).upper() == "C")
    desk = next(p for p in scn.board.placements if p.kind == "objective" and p.get("label") == "composing")
    assert scn.board.tile_of(tok.square).id == scn.board.tile_of(desk.square).id == "newsroom"


def test_R_STAND_1_design_the_archives_route_and_item_c_tokens_lie_in_the_vault(ct):
    """[design] campaign-only map values (R-STAND-1): the Precinct Archives' Clock Tower route token
    and its second Item C token lie in the Microfiche Vault, the tile of the reader, not in the red
    Evidence Cage below it, which the party no longer has to open. From the state where bot
    campaigns first chose PR2 (25 campaigns x 5 seeds): 42 % won with the tokens in the cage,
    63 % with the tokens ignored, 54 % with them in the Vault (docs/balance.md)."""
    scn = load_scenario("pr2", ct)
    reader = next(p for p in scn.board.placements if p.kind == "objective" and p.get("label") == "reader")
    route = next(p for p in scn.board.placements if p.kind == "progression" and p.get("label") == "CLOCK_TOWER_ROUTE")
    cs = [p for p in scn.board.placements if p.kind == "item" and str(p.get("letter")).upper() == "C"]
    vault = scn.board.tile_of(reader.square).id
    assert vault == "microfiche_vault"
    assert scn.board.tile_of(route.square).id == vault
    assert sorted(scn.board.tile_of(p.square).id for p in cs) == ["case_files", vault]


def test_R_EASY_6_design_the_long_four_survivor_briefs_trade_a_ribbon_for_two_to_four_cards(ct):
    """R-EASY-6 brief hook, [design] values (docs/balance.md, 2 Dec third session): with 4 survivors the Subway
    Concourse, the Newspaper Office and the Precinct Archives lost 23, 21 and 20 of 200 games to
    the empty tension deck (the issue allows 1 in 10). Each now lets a ribbon buy back 2-4 discards
    (the Subway had no exchange, the Newspaper Office 1-3): 14, 18 and 20 of 200. The brief's
    special rule says so in words."""
    for sid in ("dt2", "cm2", "pr2"):
        b = ct.scenarios[sid]
        assert (b.ribbon_exchange.min_cards, b.ribbon_exchange.max_cards) == (2, 4), sid
        assert any("2-4 random tension discards" in r.text for r in b.special_rules), sid
