"""The manor campaign's scenes, headless (issue 14 "Scenes"), driven by posted mouse events: City
or Manor when a campaign starts; the manor map (cards by floor and wing, locked/open with what
opens them, added by what; M-MAP); the switching step at set-up (M-SWITCH); a mission with its
clue draws (M-MISSION); the encounter card in the dice panel (M-ENC); Burn and the kerosene
counter (M-KERO); a manor slot saved and continued from the campaign menu."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.campaign import CampaignMenu  # noqa: E402
from game.ui.campaigns import CampaignKindScene  # noqa: E402
from game.ui.manor import CardInfo, ManorCampaignMenu, ManorMapScene, ManorSession, SwitchScene  # noqa: E402
from game.ui.manor.kit import MissionDialog  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.scene import Reset  # noqa: E402

from tests.ui_kit import click, end_game, post_click  # noqa: E402  (the shared UI test set-up)

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def new_manor(tmp_path, party=("dana", "ivy"), seed=4):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, list(party), seed=seed)
    app.apply(Reset(ManorMapScene(s)))
    app.step([])
    return app, s


def test_campaign_button_asks_city_or_manor_and_begins_a_manor_campaign(tmp_path):
    """M-CAMP-1, M-CHAR-4: Campaign -> City or Manor; the manor menu offers only the four main
    characters; Enter the manor starts a campaign in a slot naming the pack, on the manor map."""
    from game.content.campaign_saves import read_campaign_doc

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.step([])
    click(app, "campaign")
    assert isinstance(app.top, CampaignKindScene)
    click(app, "kind", "manor")
    assert isinstance(app.top, ManorCampaignMenu)
    app.step([])
    assert {z.value for z in app.top.zones.items if z.key == "who"} == {"dana", "marcus", "bram", "ivy"}
    assert app.top.chosen == ["dana", "marcus"]  # the first two to begin with, as in the city
    click(app, "who", "dana")  # out
    click(app, "who", "marcus")
    click(app, "who", "bram")
    click(app, "who", "ivy")
    click(app, "new")
    click(app, "back")  # "Seats and players" first (issue 25 item 9)
    assert isinstance(app.top, ManorMapScene)
    s = app.top.s
    assert s.cs.party == ["bram", "ivy"] and s.cs.kerosene == {"bram": 3, "ivy": 1}  # MDV-3: kerosene = limit
    slots = list((tmp_path / "campaigns").glob("*.json"))
    assert len(slots) == 1 and read_campaign_doc(slots[0])["pack"] == "mansion"
    # the city is one click away too
    app.apply(Reset(CampaignKindScene()))
    click(app, "kind", "city")
    assert isinstance(app.top, CampaignMenu) and not isinstance(app.top, ManorCampaignMenu)


def test_manor_map_shows_every_card_by_floor_and_wing_with_its_state_and_why(tmp_path):
    """M-MAP-1..5, MDV-4: the four A cards open, Basement locked naming the Cellar Key, the B
    cards not on the map yet naming the success that adds them, Laboratory 4 naming the COMPLETED
    condition; west left of the hall, east right of it, the second floor above the first; only
    open cards can be clicked."""
    app, s = new_manor(tmp_path)
    scene = app.top
    rects = scene.layout()
    assert set(rects) == {c.id for c in s.pack.cards}
    assert rects["W1A"].right <= rects["GH"].left and rects["GH"].right <= rects["E1A"].left
    assert rects["W2A"].bottom <= rects["W1A"].top and rects["W1A"].bottom <= rects["BSMT"].top
    info = {cid: CardInfo(s, cid) for cid in rects}
    assert [c for c in info if info[c].state == "unlocked"] == ["W1A", "E1A", "W2A", "E2A"] or \
        sorted(c for c in info if info[c].state == "unlocked") == ["E1A", "E2A", "W1A", "W2A"]
    assert info["BSMT"].state == "locked" and "Cellar Key" in info["BSMT"].status_line
    assert info["W1B"].state == "absent" and info["W1B"].added == "Added by success in Dining Wing"
    assert "Sheet Music" in info["W1B"].needs
    assert info["LAB4"].added == "Added when Courtyard and Guardhouse are complete"
    assert info["W2B"].needs == "Needs 1 in the reserve"
    clickable = {z.value for z in scene.zones.items if z.key == "card" and z.enabled}
    assert clickable == {"W1A", "E1A", "W2A", "E2A"}
    # hovering a locked card reads it in the side panel; clicking it chooses nothing
    post_click(app, rects["BSMT"].center)
    assert scene.selected is None and scene.hover == "BSMT"


def test_choosing_an_open_card_starts_its_scenario_with_the_mansion_rules(tmp_path):
    """M-MAP-5: an open card is chosen by clicking it and Start; nobody can switch (empty
    reserve, M-SWITCH-1), so its scenario starts at once with the mansion rules, kerosene carried."""
    app, s = new_manor(tmp_path)
    click(app, "card", "W1A")
    click(app, "start")
    assert isinstance(app.top, PlayScene) and app.top.campaign is s
    gs = app.top.state
    assert gs.rules == "mansion" and gs.mansion.kerosene == {"dana": 2, "ivy": 1}
    assert app.top.mode_hud is not None  # the kerosene / reserve strip is on the side panel
    app.step([])
    assert app.top.view.zones.find("manor_info") is None  # nobody in the reserve yet


def test_switching_at_setup_takes_a_main_character_from_the_reserve(tmp_path):
    """M-SWITCH-1..7, M-SWITCH-9 (solo): with a main character in the reserve the set-up asks;
    switching puts the old character into the reserve with health-1 wounds, the new one starts
    one step right per wound token with the kerosene that fits its limit; then each old item is
    given, boxed or discarded; the scenario starts with the new character."""
    from game.engine.mansion.state import Reserved

    app, s = new_manor(tmp_path, party=("dana",))
    s.cs.reserve.append(Reserved(cid="bram", wounds=2))
    s.cs.touch()
    dana_items = [sl[0] for sl in s.cs.char("dana").inventory]
    click(app, "card", "E1A")
    click(app, "start")
    assert isinstance(app.top, SwitchScene)
    acts = {z.value.target: z for z in app.top.zones.items if z.key == "act"}
    assert set(acts) == {"dana", "bram"}  # keep Dana, or take Bram
    click(app, "act", acts["bram"].value)
    assert s.cs.party == ["bram"] and s.cs.char("bram").health == 3  # Fine + 2 wounds (M-SWITCH-6)
    assert s.cs.reserve_of("dana").wounds == 0 and s.cs.kerosene == {"bram": 2}  # M-SWITCH-4: 2 of Dana's 2
    moved = []
    for _ in range(len(dana_items)):
        assert isinstance(app.top, SwitchScene) and s.cs.pending.kind == "switch_items"
        z = next(z for z in app.top.zones.items if z.key == "act" and z.value.kind == "give")
        moved.append(z.value.item)
        click(app, "act", z.value)
    assert isinstance(app.top, PlayScene)
    gs = app.top.state
    assert [c.cid for c in gs.characters] == ["bram"] and gs.char("bram").health == 3
    assert [sl[0] for sl in gs.char("bram").inventory] == moved == dana_items  # nothing of his own (M-SWITCH-7)
    assert [r.cid for r in gs.mansion.reserve] == ["dana"]


def _mission_game(tmp_path, kind="mission"):
    """2F West B (the card with the mission token) as a campaign scenario with two reserve
    characters, the active survivor one step from the token of ``kind``."""
    import itertools

    from game.content.mansion_pack import load_card_scenario, load_mansion_pack, mansion_content
    from game.engine import legal_actions, new_game
    from game.engine.mansion.state import Reserved
    from tests.conftest import play_app

    ct = mansion_content()
    scn = load_card_scenario(load_mansion_pack(ct), "W2B", ct)
    # the set-up this game was written with (danger 4, packet E1, the tier gear: the values 2F West B's
    # brief carried before manor briefs lost them, M-MODE-3), so the seeded game stays the same
    import dataclasses
    scn = dataclasses.replace(scn, brief=scn.brief.model_copy(
        update={"danger_start": 4, "packets": ["E1"], "standalone_gear": True}))
    gs = new_game(scn, [("dana", 1)], 5)
    gs.mansion.campaign = True
    gs.mansion.decks["survivors"] = ["lyle"]
    gs.mansion.reserve = [Reserved(cid="theo", wounds=1), Reserved(cid="marcus", wounds=3)]
    deck = gs.mansion.decks["missions"]  # Supply Run (2 clues, MDV-7) on top: the mission draws cards
    deck.remove("MS1")
    deck.insert(0, "MS1")
    from game.ai.bot import Bot

    bot = Bot(1)
    while gs.pending.kind != "act":
        from game.engine import apply

        apply(gs, bot.choose(gs))
    tok = next(t for t in gs.tokens if t.kind == kind)
    c = gs.active_char
    for dx, dy in itertools.product((-1, 0, 1), (-1, 0, 1)):
        q = (tok.pos[0] + dx, tok.pos[1] + dy)
        if (dx or dy) and gs.scenario.board.has(q) and not any(e.pos == q for e in gs.enemies):
            c.pos = q
            gs.touch()
            if any(a.kind == "move" and tuple(a.to) == tuple(tok.pos) for a in legal_actions(gs)):
                break
    app, play = play_app(tmp_path, gs, party=[("dana", 1)])
    return app, play, tuple(tok.pos)


def event_card_game(tmp_path, card: str):
    """:func:`_mission_game` at the event-card token, with scenario event ``card`` on top of the
    scenario event deck (M-EVENT-3). Returns (App, PlayScene, token square)."""
    app, play, tok = _mission_game(tmp_path, kind="narrative")
    deck = play.state.mansion.decks["events"]
    deck.remove(card)
    deck.insert(0, card)
    return app, play, tok


def walk_onto(app, play, tok, until, frames: int = 30) -> None:
    """Click square ``tok`` (the active survivor walks onto the token there), then let frames of
    0.2 s pass until ``until()`` holds (``frames`` at most)."""
    post_click(app, play.view.layout.square_rect(tok).center)
    for _ in range(frames):
        app.step([], 0.2)
        if until():
            break


def draw_until_done(app, gs, tries: int = 12) -> None:
    """M-MISSION-3..8: on the mission card, draw encounter cards ("Draw another") until the mission
    no longer asks whether to go on (its clues found, its character killed)."""
    for _ in range(tries):
        app.step([], 0.1)
        if gs.pending is None or gs.pending.kind != "mission_continue":
            break
        click(app, "mission_act", next(z.value for z in app.top.zones.items if z.key == "mission_act"
                                       and z.value.kind == "choose"))


def test_a_mission_opens_its_card_assigns_a_reserve_character_and_draws_for_clues(tmp_path):
    """M-MISSION-1..9: walking onto the mission token opens the mission card; the player assigns a
    reserve character by clicking its row, draws encounter cards (only their top edge counts)
    until the clues are found, the character is killed or the player abandons; the card leaves the
    game; Continue returns to the board."""
    app, play, tok = _mission_game(tmp_path)
    gs = play.state
    walk_onto(app, play, tok, lambda: isinstance(app.top, MissionDialog))  # onto the mission token
    assert isinstance(app.top, MissionDialog) and gs.pending.kind == "mission_assign"
    card = gs.mansion.mission.card
    rows = {z.value.target for z in app.top.zones.items if z.key == "mission_act"}
    assert rows == {"theo", "marcus"}
    click(app, "mission_act", next(z.value for z in app.top.zones.items if z.key == "mission_act"
                                   and z.value.target == "theo"))
    assert gs.mansion.mission is None or gs.mansion.mission.cid == "theo"
    draw_until_done(app, gs)
    assert gs.mansion.mission is None and card in gs.mansion.decks["missions_removed"]  # M-MISSION-9
    hud = play.mode_hud
    assert hud.mission["step"] in ("completed", "killed", "abandoned")
    assert hud.mission["draws"], "the cards drawn for the mission are on the card"
    assert any("Mission" in t for t in app.top.texts)
    click(app, "continue")
    assert app.top is play and hud.mission is None and gs.pending.kind == "act"


def test_a_scenario_event_card_with_a_choice_opens_as_a_dialog(tmp_path):
    """M-EVENT-3, M-EVENT-10: walking onto an event-card token draws the top scenario event card;
    it opens over the board titled as a scenario event card, with its two options; clicking one
    resolves it and the card leaves the campaign (M-EVENT-7)."""
    from game.ui.narrative import NarrativeDialog

    app, play, tok = event_card_game(tmp_path, "ev_bitten_guide")
    gs = play.state
    walk_onto(app, play, tok, lambda: isinstance(app.top, NarrativeDialog))
    dlg = app.top
    assert isinstance(dlg, NarrativeDialog) and gs.pending.kind == "scenario_event"
    assert dlg.name == "The Bitten Guide" and dlg.choosing()
    app.step([])
    assert [z.value for z in dlg.zones.items if z.key == "choose" and z.enabled] == [0, 1]
    click(app, "choose", 1)  # Leave him
    assert gs.pending.kind != "scenario_event" and "ev_bitten_guide" in gs.mansion.decks["events_removed"]
    assert dlg.chosen == 1
    click(app, "continue")
    assert app.top is play


def test_exploring_shows_the_encounter_card_in_the_dice_panel(tmp_path):
    """M-ENC-2: walking onto an unexplored tile draws an encounter card instead of rolling the
    die; the card is shown in the side panel (never over the board) with the row of the tile's
    colour, and no encounter-die roll joins the dice rows."""
    from game.engine import legal_actions

    app, play, _tok = _mission_game(tmp_path)
    gs = play.state
    b = gs.scenario.board
    mv = next(a for a in legal_actions(gs) if a.kind == "move" and b.tile_of(tuple(a.to)).id not in gs.explored
              and b.tile_of(tuple(a.to)).colour.value != "green")
    post_click(app, play.view.layout.square_rect(tuple(mv.to)).center)
    for _ in range(10):
        app.step([], 0.2)
    shown = play.mode_hud.card
    assert shown is not None and shown["purpose"] == "explore" and shown["card"] in gs.scenario.content.encounter
    assert shown["tile"] == b.tile_of(tuple(mv.to)).id
    assert play.mode_hud.card_at.left >= 856  # the side panel, not the board
    assert not any(r.kind == "explore" for r in play.ui.rolls)


def test_burn_button_spends_one_kerosene_and_removes_the_corpses(tmp_path):
    """M-KERO-3: with a corpse in the survivor's square the manor strip offers Burn; clicking it
    removes every corpse there for one action and one kerosene token; the counter shows it."""
    from game.engine.state import TokenState

    app, play, _tok = _mission_game(tmp_path)
    gs = play.state
    c = gs.active_char
    gs.tokens.append(TokenState(uid=gs.new_uid("t"), kind="corpse", pos=tuple(c.pos)))
    gs.touch()
    before, acts = gs.mansion.kerosene[c.cid], gs.actions_left
    play._marks_key = None
    click(app, "manor_burn")
    assert not any(t.kind == "corpse" and tuple(t.pos) == tuple(c.pos) for t in gs.tokens)
    assert gs.mansion.kerosene[c.cid] == before - 1 and gs.actions_left == acts - 1
    app.step([])
    lim = gs.scenario.content.kerosene_limit(c.cid)
    assert play.mode_hud.kerosene_label(c.cid) == f"{before - 1}/{lim}"


def test_a_manor_slot_is_continued_from_the_manor_campaign_menu(tmp_path):
    """Manor campaigns use the campaign slots: written at every decision, listed only in the
    manor menu, opened on the scene where they stopped with the same campaign state."""
    app, s = new_manor(tmp_path)
    click(app, "card", "E2A")
    click(app, "start")
    assert isinstance(app.top, PlayScene)
    app2 = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app2.apply(Reset(CampaignKindScene()))
    click(app2, "kind", "manor")
    slots = [z.value for z in app2.top.zones.items if z.key == "load"]
    assert len(slots) == 1
    click(app2, "load", slots[0])
    assert isinstance(app2.top, PlayScene) and app2.top.state.scenario.brief.id == "m_e2a"
    assert app2.top.campaign.cs.same_as(s.cs)


def test_a_finished_manor_scenario_goes_through_the_mansion_end_phase_to_the_manor_map(tmp_path):
    """M-END-1..4: a success runs the mansion end phase step by step (its own step list, incl.
    the reserve's healing M-END-3 and the second unlock step M-MAP-10), every decision a button;
    then the manor map shows the card completed (M-ITEMC-2 when its Item C token was found) and
    the card its success adds, locked (M-MAP-2/3)."""
    from game.ui.manor import ManorEndPhaseScene

    app, s = new_manor(tmp_path)
    click(app, "card", "W1A")
    click(app, "start")
    play = app.top
    gs = play.state
    key = next(t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "C")
    gs.tokens.remove(key)  # as if its Item C token had been searched (the card goes to a survivor below)
    end_game(app, "success", ManorEndPhaseScene)
    assert isinstance(app.top, ManorEndPhaseScene)
    steps = [n for n, _ in app.top.steps(True)]
    assert "reserve_heal" in steps and "unlock2" in steps
    for _ in range(40):
        app.step([], 0.5)
        if app.top.zones.find("next"):
            break
        z = next((z for z in app.top.zones.items if z.key == "act" and z.value.kind == "done"), None) or \
            next(z for z in app.top.zones.items if z.key == "act")
        click(app, "act", z.value)
    click(app, "next")
    assert isinstance(app.top, ManorMapScene)
    assert s.cs.history[-1].scenario == "W1A" and s.cs.history[-1].result == "success"
    assert CardInfo(s, "W1B").state in ("locked", "unlocked")  # added by W1A's success (M-MAP-2)
    assert CardInfo(s, "W1A").state == "completed" and "W1A" not in {z.value for z in app.top.zones.items
                                                                      if z.key == "card" and z.enabled}


def test_square_tooltips_name_the_manor_rules(tmp_path):
    """M-MISSION-1, M-EVENT-3, M-ENC-2: hovering a mission token, an event-card token or an
    unexplored tile in a manor game says what the manor does there (not the city's die)."""
    app, play, tok = _mission_game(tmp_path)
    gs = play.state
    words = " ".join(t for t, *_ in play.view.square_lines(gs, tok))
    assert "Mission token" in words and "M-MISSION-1" not in words  # the rule: a typed tag (issue 23)
    from game.ui import ruleids

    ruleids.set_show_rule_ids(True)
    try:
        assert "M-MISSION-1" in " ".join(t for t, *_ in play.view.square_lines(gs, tok))
    finally:
        ruleids.set_show_rule_ids(False)
    ev = next(t for t in gs.tokens if t.kind == "narrative")
    assert "scenario event card" in " ".join(t for t, *_ in play.view.square_lines(gs, tuple(ev.pos)))
    b = gs.scenario.board
    t = next(t for t in b.tiles.values() if t.unexplored and t.id not in gs.explored and t.colour.value != "green")
    words = " ".join(x for x, *_ in play.view.square_lines(gs, sorted(t.squares)[0]))
    assert "encounter card" in words and "encounter die" not in words


def test_the_introduction_is_played_in_the_grand_hall_before_the_first_card(tmp_path):
    """M-INTRO-1, M-MAP-1: before the first card the map offers the Introduction (the Grand Hall);
    it plays with no reserve, mission or scenario event, and after it the manor map comes back
    (no end phase)."""
    app, s = new_manor(tmp_path)
    click(app, "intro")
    click(app, "start")
    assert isinstance(app.top, PlayScene)
    gs = app.top.state
    assert gs.scenario.brief.id == "m_gh" and gs.scenario.brief.intro and not gs.mansion.campaign
    end_game(app, "success", ManorMapScene)
    assert isinstance(app.top, ManorMapScene) and s.cs.intro_done
    app.step([])
    assert app.top.zones.find("intro") is None  # offered once


def manor_screens(tmp_path):
    """(name, app) for the manor's screens: the campaign choice, the manor menu, the manor map,
    switching (character, then items), the play screen with the manor strip and an encounter
    card, a mission, the mansion end phase."""
    from game.engine import Action
    from game.engine.mansion.state import Reserved
    from game.ui.manor import ManorEndPhaseScene

    def app_with(*stack):
        app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
        app.stack = list(stack)
        return app

    yield "campaign choice", app_with(CampaignKindScene())
    menu = ManorCampaignMenu()
    menu.chosen = ["dana", "marcus"]
    yield "manor menu", app_with(menu)
    app, s = new_manor(tmp_path, party=("dana",), seed=7)
    s.cs.reserve += [Reserved(cid="bram", wounds=2), Reserved(cid="victor", wounds=4)]
    s.cs.killed.append("lyle")
    s.cs.touch()
    yield "manor map", app_with(ManorMapScene(s))
    s.apply(Action(kind="choose", target="W2A"))
    yield "switching", app_with(SwitchScene(s))
    s.apply(Action(kind="pick", target="bram"))
    yield "switching items", app_with(SwitchScene(s))
    app2, play, tok = _mission_game(tmp_path)
    play.mode_hud.card = {"card": next(iter(play.state.scenario.content.encounter)), "purpose": "explore",
                       "tile": next(iter(play.state.scenario.board.tiles))}
    yield "play with the manor strip", app_with(play)
    post_click(app2, play.view.layout.square_rect(tok).center)
    for _ in range(30):
        app2.step([], 0.2)
        if isinstance(app2.top, MissionDialog):
            break
    yield "mission", app_with(play, app2.top)
    app3, s3 = new_manor(tmp_path, seed=9)
    click(app3, "card", "E1A")
    click(app3, "start")
    end_game(app3, "failure", ManorEndPhaseScene)
    yield "end phase", app_with(app3.top)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_manor_screens_keep_their_text_in_its_box(tmp_path, lang):
    """Every manor screen, in English and Japanese: no button label cut, no text off screen or
    out of its panel, no wrapped block losing lines (the checks of tests/test_ui_text_fit.py)."""
    from game import i18n
    from tests.test_ui_text_fit import frame

    if lang == "ja" and i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    problems, names = [], []
    try:
        i18n.set_language(lang)
        for name, app in manor_screens(tmp_path):
            names.append(name)
            assert app.set_language(lang, save=False) == ""  # an App starts in its settings' language
            app.step([], 0.02)
            problems += [f"{name}: {p}" for p in frame(app)]
    finally:
        i18n.set_language("en")
    assert len(names) == 8, names
    # texts of the manor's content drawn by the core play screen are the content's to shorten (reported)
    from game.content.mansion_pack import mansion_content

    ct = mansion_content()
    theirs = [d.special_text[:40] for d in ct.characters.values() if d.special_text]
    theirs += [(b.goal or b.objective_text or "")[:40] for b in ct.scenarios.values()]
    if lang == "ja":  # the same texts in Japanese (issue 12: the manor's content goes through the catalogue)
        ja = i18n.catalogue("ja")
        theirs += [ja.get(d.special_text, "")[:20] for d in ct.characters.values() if d.special_text]
        theirs += [ja.get(b.goal or b.objective_text or "", "")[:20] for b in ct.scenarios.values()]
    problems = [p for p in problems if not any(t and t[:30] in p for t in theirs)]
    assert not problems, "\n".join(problems)


def test_a_rescue_is_said_and_the_reserve_strip_grows(tmp_path):
    """M-RESERVE-1, M-EVENT-9 RESCUE: an event card that rescues someone puts the top survivor card
    into the reserve; the play screen says who in a toast and the strip shows the new portrait
    with its wound count."""
    from game.ui.narrative import NarrativeDialog

    app, play, tok = event_card_game(tmp_path, "ev_locked_pantry")
    gs = play.state
    walk_onto(app, play, tok, lambda: isinstance(app.top, NarrativeDialog))
    assert [r.cid for r in gs.mansion.reserve] == ["theo", "marcus", "lyle"]
    assert "Lyle Brennan" in play.ui.toast
    click(app, "continue")
    app.step([])
    assert {z.value for z in play.view.zones.items if z.key == "manor_info"} == {"theo", "marcus", "lyle"}


def test_issue12_manor_rule_ids_show_only_with_the_setting(tmp_path):
    """Rule IDs are hidden from players by default (issue 12), the manor's M- IDs too: the switching
    screen's rule lines and captions drop '(M-SWITCH-1)' unless "Show rule IDs" is on."""
    import re

    from game.ui.rulebook import set_show_rule_ids
    from tests.ui_kit import shown_text as shown

    screens = dict(manor_screens(tmp_path))
    rx = re.compile(r"\b(?:M|MDV)-[A-Z0-9-]+")
    try:
        set_show_rule_ids(False)
        assert not [x for x in shown(screens["switching"]) if rx.search(x)]
        set_show_rule_ids(True)
        assert any("M-SWITCH-1" in x for x in shown(screens["switching"]))
    finally:
        set_show_rule_ids(False)


def test_manor_menu_shares_the_campaign_menus_saved_rows_rename_and_continue(tmp_path):
    """The manor menu is the campaign menu with the manor's side drawn in: it lists only manor
    saves (a city save is not there), each by name with the card it stands on, and Rename and
    Continue work on it as on the city's rows (issue 14: one campaign layer, shared scenes)."""
    from game.content.campaign_saves import read_campaign_doc
    from game.ui.campaign import CampaignSession

    app, s = new_manor(tmp_path)
    city = CampaignSession.new(app, ["vera", "mateo"], seed=3, name="City run")
    app.apply(Reset(ManorCampaignMenu()))
    app.step([])
    assert app.top.zones.find("load", s.slot) is not None and app.top.zones.find("load", city.slot) is None
    click(app, "rename", s.slot)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")] * 20, 0.05)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Hollow night"], 0.05)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")], 0.05)
    assert read_campaign_doc(s.slot)["name"] == "Hollow night" and read_campaign_doc(city.slot)["name"] == "City run"
    click(app, "load", s.slot)
    assert isinstance(app.top, ManorMapScene) and app.top.s.name == "Hollow night"


def test_M_MAP_1_the_introduction_button_says_it_is_optional(tmp_path, monkeypatch):
    """M-MAP-1: the Grand Hall is where the Introduction is played; it is not a campaign scenario, so the
    map offers it as optional beside the four open cards (a new player read "Play the Introduction
    first" as required)."""
    import game.ui.manor.map as manor_ui  # the manor map draws the buttons

    labels: list[str] = []
    real = manor_ui.button
    monkeypatch.setattr(manor_ui, "button", lambda surf, zones, rect, label, *a, **kw:
                        labels.append(label) or real(surf, zones, rect, label, *a, **kw))
    app, s = new_manor(tmp_path)
    app.step([])
    assert "Optional: the Introduction" in labels, labels
    assert not any("first" in x for x in labels), labels
