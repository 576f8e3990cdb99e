"""What a fresh player (play4) found in the manor campaign and the window, fixed; headless.

Each test drives the real scenes with posted mouse events (SDL dummy drivers) and checks what the
player sees: a hostile campaign save is refused with its reason instead of crashing the game, a
damaged save list row says what is wrong in words, ... (report: /work/scratch/play4/report.md)."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.manor import ManorCampaignMenu, ManorMapScene, ManorSession  # noqa: E402
from game.ui.scene import Reset  # noqa: E402
from tests.ui_kit import click, post_click, shown_text, step_on  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def manor_slot(tmp_path, edit) -> tuple[App, object]:
    """A manor campaign saved on its map (Dana and Ivy), its slot edited by ``edit(campaign_dict)``
    as a hostile hand would; a fresh App on the manor campaign menu."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    doc = json.loads(s.slot.read_text())
    edit(doc["campaign"])
    s.slot.write_text(json.dumps(doc))
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.apply(Reset(ManorCampaignMenu()))
    app.step([])
    return app, s.slot


HOSTILE = {
    "unknown survivor": lambda c: c.__setitem__("party", ["dana", "nobody"]),
    "twice the same": lambda c: c.__setitem__("party", ["dana", "dana"]),
    "empty party": lambda c: c.__setitem__("party", []),
    "unknown step": lambda c: c.__setitem__("phase", "nonsense"),
    "unknown card": lambda c: (c.__setitem__("chosen", "NOPE"), c.__setitem__("phase", "playing")),
    "danger past the track": lambda c: c.__setitem__("danger", 10 ** 9),
    "negative kerosene": lambda c: c["kerosene"].__setitem__("dana", -7),
    "stranger in the reserve": lambda c: c.__setitem__("reserve", [{"cid": "ghost", "wounds": 2}]),
    # play4's leftovers, refused since the load check reads every id-bearing field (game.engine.campaign.checks)
    "completed: a card that does not exist": lambda c: c.__setitem__("completed", ["NOPE"]),
    "map card ZZZ": lambda c: c["map"].__setitem__("ZZZ", "unlocked"),
    "switching seat 99": lambda c: c.__setitem__("switch_seat", 99),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_campaign_save_is_refused_with_its_reason_not_a_crash(tmp_path, case):
    """play4 #1: a manor save edited by hand (a survivor the game does not know, the same one twice,
    nobody, a step or a card that does not exist, danger past the track, negative kerosene) loaded
    as a good one and the program died later with a traceback (starting the next card, drawing the
    end phase). Now Continue stays on the menu with a message naming the file, the field and what
    to do; the slot is left untouched and the game keeps running."""
    app, slot = manor_slot(tmp_path, HOSTILE[case])
    before = slot.read_bytes()
    click(app, "load", slot)
    assert isinstance(app.top, ManorCampaignMenu)
    msg = app.top.message
    assert slot.name in msg and "campaign" in msg and "load another save" in msg
    assert slot.read_bytes() == before
    app.step([], 0.05)  # and the menu still draws


def test_a_good_manor_slot_still_continues_on_its_map(tmp_path):
    """The load checks refuse only impossible states: an untouched slot opens on the manor map."""
    app, slot = manor_slot(tmp_path, lambda c: None)
    click(app, "load", slot)
    assert isinstance(app.top, ManorMapScene)


def test_a_campaign_the_rules_cannot_go_on_with_is_said_on_the_map_not_a_crash(tmp_path, monkeypatch):
    """play4 #1, the safety net under the load checks: if setting up the next card fails inside
    the rules (a state no check foresaw), the map says so naming the slot; no traceback."""
    from game.ui.campaign import session as C  # where the session begins a scenario

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    app.apply(Reset(ManorMapScene(s)))
    app.step([])

    def broken(*a, **k):
        raise ValueError("unknown survivor 'nobody'")

    monkeypatch.setattr(C, "begin_scenario", broken)
    click(app, "card", "E1A")
    click(app, "start")
    assert isinstance(app.top, ManorMapScene)
    assert s.slot.name in app.top.message and "unknown survivor 'nobody'" in app.top.message


def test_a_save_list_row_with_a_summary_that_is_not_numbers_says_so_in_words(tmp_path):
    """play4 #2: a slot whose summary turn is text was listed as "invalid literal for int() with
    base 10" (Python's words); now the row says the save is damaged and why, in the game's words,
    and what to do."""
    from game.content.campaign_saves import list_slots

    app, slot = manor_slot(tmp_path, lambda c: None)
    doc = json.loads(slot.read_text())
    doc["summary"]["turn"] = "x" * 50
    slot.write_text(json.dumps(doc))
    info = next(i for i in list_slots(slot.parent) if i.path == slot)
    assert info.status == "damaged" and info.error is not None
    assert "int()" not in info.reason and "turn or danger is not a number" in info.reason
    assert "load another save" in info.reason


def manor_end_phase(tmp_path):
    """(App, session) on the mansion end phase after a success on 1F West A, its lines all shown."""
    from game.ui.manor import ManorEndPhaseScene

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    app.apply(Reset(ManorMapScene(s)))
    click(app, "card", "W1A")
    click(app, "start")
    gs = app.top.state
    gs.result, gs.result_reason = "success", "the objective is done"
    for _ in range(60):
        step_on(app, 0.1)
        if isinstance(app.top, ManorEndPhaseScene) and app.top.zones.find("act", None) is None and \
                any(z.key == "act" for z in app.top.zones.items):
            break
    assert isinstance(app.top, ManorEndPhaseScene)
    for _ in range(40):
        app.step([], 0.5)  # every "what changed" line typed out
    return app, s


@pytest.mark.parametrize("size", [(1152, 648), (1366, 768)])
def test_lines_of_one_size_are_redrawn_at_one_size_in_a_scaled_window(tmp_path, size):
    """play4 #3: in the 1152x648 window a 1280x800 screen gets by default, the end phase drew
    "Overrun check" and "Every survivor is back to Fine." a px larger than "Poison cured" beside
    them: each line took round(15 x 0.9) = 14 px and only those 1 px too wide dropped to 13. Now a
    line a few % too wide is narrowed instead, so every line asked at 15 px comes out at one size,
    and still inside its box."""
    from game.ui import theme as T
    from game.ui.window import Presenter, scale_rect, slack

    app, _s = manor_end_phase(tmp_path)
    pres = Presenter(app.screen)
    target = pygame.Surface(size)
    pres.begin(size)
    app.step([], 0.02)
    pres.present(target)
    k, dest = pres.geometry(size)
    by_size: dict[int, set[int]] = {}
    for ln, r, used in pres.drawn:
        by_size.setdefault(ln.spec[1], set()).add(used)
        box = scale_rect(ln.rect, k, dest)  # its room: with the free background beside it (issue 25, window.free_beside)
        extra = round(pres.room.get(ln, 0) * k) * (2 if ln.align == "center" else 1)
        assert r.width <= box.width + slack(box.width, k) + extra
    assert len([1 for ln, _r, _u in pres.drawn if ln.spec[1] == 15]) >= 10  # the steps and what changed
    assert by_size[15] == {max(6, round(15 * k))}, by_size[15]
    assert T.W == 1280


def test_end_phase_done_is_on_every_page_in_one_place(tmp_path):
    """play4 #4: with many item-box transfers the end phase showed "Done" only on the last page,
    and after each transfer the buttons moved, so a second click where Done had been put an item in
    the box. Now Done sits at the decision's bottom right on every page and stays there after a
    transfer; the transfers page beside it."""
    app, s = manor_end_phase(tmp_path)
    cs = s.cs
    for _ in range(20):  # on to the item box transfers (R-END: the step before the second unlock)
        if cs.phase.endswith(".transfer"):
            break
        z = next(z for z in app.top.zones.items if z.key == "act")
        click(app, "act", z.value)
    assert cs.phase.endswith(".transfer")
    spare = cs.piles["item_a"][:6]  # a full box: more transfers than one page holds
    cs.piles["item_a"] = cs.piles["item_a"][6:]
    cs.item_box += [[u] for u in spare]
    cs.touch()
    app.step([], 0.05)

    def done_rect():
        z = next((z for z in app.top.zones.items if z.key == "act" and z.value.kind == "done"), None)
        return None if z is None else tuple(z.rect)

    first = done_rect()
    assert first is not None
    pages = [z for z in app.top.zones.items if z.key == "page"]
    assert pages, "the transfers need more than one page here"
    click(app, "page", 1)
    assert done_rect() == first
    click(app, "page", 0)
    move = next(z.value for z in app.top.zones.items if z.key == "act" and z.value.kind == "take")
    click(app, "act", move)
    app.step([], 0.05)
    assert done_rect() == first
    grid = [z.rect for z in app.top.zones.items if z.key == "act" and z.value.kind != "done"]
    assert not any(r.colliderect(pygame.Rect(first)) for r in grid)


def test_a_campaign_continued_in_its_end_phase_still_says_what_changed(tmp_path):
    """play4 #5: a campaign autosaved during its end phase continued with an empty "What changed,
    and why": the player no longer saw why danger rose or what joined the map. The slot now keeps
    the end phase's lines; Continue shows them again (and a hand-edited list is dropped, not
    trusted)."""
    from game.ui.campaign import saved_lines
    from game.ui.manor import ManorEndPhaseScene

    app, s = manor_end_phase(tmp_path)
    said = [t for _r, t in s.lines]
    assert any("joins the manor map" in t for t in said)
    app2 = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app2.apply(Reset(ManorCampaignMenu()))
    click(app2, "load", s.slot)
    assert isinstance(app2.top, ManorEndPhaseScene)
    for _ in range(40):
        app2.step([], 0.5)
    shown = shown_text(app2, warm=False, dt=0.02)
    assert any("joins the manor map" in x for x in shown), shown
    assert saved_lines({"lines": [["R-1", "ok"], ["x"], [1, 2], "no", ["R-2", "y" * 5000]]}) == [("R-1", "ok")]
    assert saved_lines({"lines": {"a": 1}}) == []


def test_a_new_manor_campaign_is_saved_under_the_name_typed(tmp_path):
    """play4 #9: the manor menu had no name field (the city's has; the README says campaigns are
    saved under the name you type), so every manor slot was "manor 16492965". Now the players type
    a name beside Easy mode; untyped, the first free "Campaign N" is used."""
    from game.content.campaign_saves import read_campaign_doc

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.apply(Reset(ManorCampaignMenu()))
    click(app, "who", "marcus")  # out (dana and marcus are chosen to begin with): dana and ivy
    click(app, "who", "ivy")
    click(app, "name")
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Hollow night"], 0.05)
    click(app, "new")
    click(app, "back")  # "Seats and players" first (issue 25 item 9)
    assert isinstance(app.top, ManorMapScene)
    assert read_campaign_doc(app.top.s.slot)["name"] == "Hollow night"
    app.apply(Reset(ManorCampaignMenu()))
    click(app, "who", "bram")  # beside the first two chosen to begin with
    click(app, "new")
    click(app, "back")
    assert read_campaign_doc(app.top.s.slot)["name"] == "Campaign 1"


def test_a_loaded_game_shows_its_last_lines_and_the_encounter_card_again(tmp_path):
    """play4 #8: after Continue the log held only "Game loaded (turn 2, after 5 actions)" and the
    encounter card just drawn (M-ENC-2) was gone from the panel: the next player did not know what
    had happened. The play scene now writes the lines of the replayed record into the log again and
    puts back the encounter card (without opening a mission or a dialog again)."""
    from game.ai.bot import Bot
    from game.content.mansion_pack import load_card_scenario, load_mansion_pack, mansion_content
    from game.engine import apply, new_game
    from game.ui.play import PlayScene

    ct = mansion_content()
    scn = load_card_scenario(load_mansion_pack(ct), "E1A", ct)
    party = [("dana", 1), ("marcus", 2)]
    gs = new_game(scn, party, 7)
    bot = Bot(3)
    for _ in range(3000):
        ev = apply(gs, bot.choose(gs))
        if any(e.kind == "encounter" and e.data.get("purpose") == "explore" for e in ev) or gs.over:
            break
    assert not gs.over and gs.record
    said = [e.text for e in ev if e.text]
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    play = PlayScene(app, gs, party, ["human", "human"])  # no events: a loaded game
    app.stack = [play]
    app.step([])
    texts = [ln.text for ln in play.ui.log]
    assert any("Game loaded" in t for t in texts)
    assert len(texts) > 3 and any(s[:20] in t for s in said for t in texts), texts[-8:]
    assert play.mode_hud.card is not None and play.mode_hud.card.get("purpose") == "explore"


def test_the_city_list_does_not_show_manor_saves_with_card_codes(tmp_path):
    """play4 #9: the city campaign menu listed the manor's saves too, by card code ("E2B · between
    scenarios", "none yet"). Manor saves are listed in the manor menu only; a city save stays in the
    city list, and a save of a pack no menu owns is still listed (never silently hidden)."""
    from game.ui.campaign import CampaignMenu, CampaignSession

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    manor = ManorSession.new(app, ["dana"], seed=4, name="Hollow")
    city = CampaignSession.new(app, ["vera", "mateo"], seed=3, name="City run")
    doc = json.loads(city.slot.read_text())
    doc["pack"], doc["name"] = "elsewhere", "Other pack"
    other = city.slot.with_name("other.json")
    other.write_text(json.dumps(doc))
    app.apply(Reset(CampaignMenu()))
    app.step([])
    listed = {z.value for z in app.top.zones.items if z.key == "load"}
    assert city.slot in listed and other in listed and manor.slot not in listed
    app.apply(Reset(ManorCampaignMenu()))
    app.step([])
    assert {z.value for z in app.top.zones.items if z.key == "load"} == {manor.slot}


def test_more_saves_than_rows_are_reached_with_older_and_newer(tmp_path):
    """play4 #9: the saved list drew its first 11 (manor) or 12 (city) rows and left the rest out
    silently: older campaigns could not be continued. Now a longer list shows "Saves 1-10 of 14"
    with Older / Newer (and the mouse wheel), and every save can be reached and continued."""
    import shutil

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    first = ManorSession.new(app, ["dana"], seed=4, name="Oldest")
    for n in range(13):
        shutil.copy(first.slot, first.slot.with_name(f"copy {n}.json"))
    os.utime(first.slot, (1, 1))  # the oldest: last in the list
    app.apply(Reset(ManorCampaignMenu()))
    app.step([])
    assert first.slot not in {z.value for z in app.top.zones.items if z.key == "load"}
    seen = set()
    for _ in range(5):
        seen |= {z.value for z in app.top.zones.items if z.key == "load"}
        older = next(z for z in app.top.zones.items if z.key == "saves_from" and z.value > app.top.first)
        if not older.enabled:
            break
        click(app, "saves_from", older.value)
    assert len(seen) == 14 and first.slot in seen
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False, precise_x=0.0, precise_y=5.0)], 0.05)
    assert app.top.first == 0
    app.apply(Reset(ManorCampaignMenu()))
    app.top.first = 10
    app.step([])
    click(app, "load", first.slot)
    assert isinstance(app.top, ManorMapScene)


def test_a_hand_edited_settings_file_keeps_volumes_and_speed_in_their_ranges(tmp_path):
    """play4: a settings.json edited by hand (music 1e308, effects "loud", speed -1) showed
    "Music volume: 400 %" and "Animation speed: 0.0" in the settings. Volumes are read as 0..1
    (100 % at most), the animation speed as 0.25..4; a value that is not a number is the default."""
    settings = {"music_volume": 1e308, "sfx_volume": "loud", "anim_speed": -1, "mute": "yes"}
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    got = App.load_settings_from(tmp_path)
    assert got["music_volume"] == 1.0 and got["sfx_volume"] == 0.8 and got["anim_speed"] == 0.25
    assert got["mute"] is False


def test_the_prompt_strip_names_scenario_event_and_mission_options(tmp_path):
    """play4: under the scenario event card (M-EVENT-3) the prompt strip offered "Option 1" and
    "Option 2", and under the mission card (M-MISSION-8) "Option 2": words that say nothing. The
    strip now names them as the cards do: "1. Follow him" / "2. Leave him"; "Draw another encounter
    card" / "Abandon the mission: back to the reserve"."""
    from game.engine import Action
    from game.ui.choices import describe as action_label
    from tests.test_ui_manor import _mission_game, event_card_game, walk_onto

    app, play, tok = event_card_game(tmp_path, "ev_bitten_guide")
    gs = play.state
    walk_onto(app, play, tok, lambda: gs.pending is not None and gs.pending.kind == "scenario_event")
    assert gs.pending.kind == "scenario_event"
    assert [action_label(gs, a) for a in gs.pending.options] == ["1. Follow him", "2. Leave him"]

    app, play, tok = _mission_game(tmp_path / "m")
    gs = play.state
    post_click(app, play.view.layout.square_rect(tok).center)
    for _ in range(60):
        app.step([], 0.2)
        p = gs.pending
        if p is not None and p.kind == "mission_assign":
            from game.engine import apply

            apply(gs, p.options[0])
        if gs.pending is not None and gs.pending.kind == "mission_continue":
            break
    assert gs.pending.kind == "mission_continue"
    labels = [action_label(gs, a) for a in gs.pending.options]
    assert labels == ["Draw another encounter card", "Abandon the mission: back to the reserve"]
    assert action_label(gs, Action(kind="decline")) != "Decline"


def test_the_mission_cards_buttons_say_their_whole_words(tmp_path):
    """play4: the mission card's second button read "2. Abandon the mission: back to the reser…";
    the two buttons now take a px or two less when that keeps their words whole."""
    from game.engine import apply
    from game.ui import theme as T
    from game.ui.manor.kit import MissionDialog
    from tests.test_ui_manor import _mission_game

    app, play, tok = _mission_game(tmp_path)
    gs = play.state
    post_click(app, play.view.layout.square_rect(tok).center)
    for _ in range(60):
        app.step([], 0.2)
        if gs.pending is not None and gs.pending.kind == "mission_assign":
            apply(gs, gs.pending.options[0])
        if gs.pending is not None and gs.pending.kind == "mission_continue" and isinstance(app.top, MissionDialog):
            break
    assert isinstance(app.top, MissionDialog) and gs.pending.kind == "mission_continue"
    del T.CUT[:]
    shown = shown_text(app, warm=False, dt=0.05)
    assert "2. Abandon the mission: back to the reserve" in shown
    assert not [c for c in T.CUT if "Abandon" in c or "Draw another" in c]


def test_quitting_in_the_middle_of_a_switch_keeps_a_slot_that_loads(tmp_path):
    """play4: after picking a main character from the reserve (M-SWITCH-2) and before placing the
    old character's items (M-SWITCH-3), the autosave wrote a slot whose items were in transit, and
    Continue refused it: "the campaign's cards do not add up (S:dana:0 nowhere)", the campaign lost.
    The items in transit are counted in the switching step now (R-ITEM-9 conservation), so the slot
    is written mid-switch and Continue resumes at the item placement: Bram plays, Dana's items are
    still to place, and placing them goes on to the scenario."""
    from game.engine.mansion.state import Reserved
    from game.ui.manor import SwitchScene

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana"], seed=7)
    s.cs.decks["survivors"].remove("bram")  # rescued (M-RESERVE-1): from the survivor deck to the reserve
    s.cs.reserve += [Reserved(cid="bram", wounds=2)]
    s.cs.touch()
    from game.engine.campaign import conservation

    assert not conservation(s.cs)
    s.autosave()
    app.apply(Reset(ManorMapScene(s)))
    click(app, "card", "W2A")
    click(app, "start")
    assert isinstance(app.top, SwitchScene)
    click(app, "act", next(z.value for z in app.top.zones.items if z.key == "act"
                           and getattr(z.value, "target", None) == "bram"))
    assert s.cs.pending is not None and s.cs.pending.kind == "switch_items"
    click(app, "map")  # a look at the map and its Save & menu: the autosaves of a player leaving here
    s.autosave()
    app2 = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app2.apply(Reset(ManorCampaignMenu()))
    click(app2, "load", s.slot)
    assert isinstance(app2.top, SwitchScene), app2.top.message
    cs2 = app2.top.s.cs
    assert cs2.pending.kind == "switch_items" and cs2.party == ["bram"]
    assert [u for sl in cs2.pending.ctx["task"]["items"] for u in sl] == [u for sl in s.cs.pending.ctx["task"]["items"]
                                                                          for u in sl]
    for _ in range(8):  # place every item with the screen's first choice
        if cs2.pending is None or cs2.pending.kind != "switch_items":
            break
        click(app2, "act", next(z.value for z in app2.top.zones.items if z.key == "act"))
    assert cs2.pending is None or cs2.pending.kind != "switch_items"
    assert not conservation(cs2) and cs2.party == ["bram"] and cs2.phase == "playing"


def test_reserve_rows_keep_the_wounds_clear_of_the_tag(tmp_path):
    """play4: on the manor map a reserve-only character with 4 wounds read "4 woundsreserve only":
    the words ran into the tag on the right. Every row's texts now stay apart (the number alone
    beside the wound icons when the words do not fit)."""
    from game.engine.mansion.state import Reserved
    from game.ui import theme as T

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana"], seed=7)
    s.cs.reserve += [Reserved(cid="bram", wounds=2), Reserved(cid="victor", wounds=4)]
    s.cs.touch()
    app.apply(Reset(ManorMapScene(s)))
    drawn = []
    real = T.text

    def spy(surf, text, pos, *a, **k):
        r = real(surf, text, pos, *a, **k)
        drawn.append((text, r))
        return r

    T.text = spy
    try:
        app.step([], 0.05)
    finally:
        T.text = real
    row = [(t, r) for t, r in drawn if t in ("reserve only",)]
    assert row, "the reserve-only tag is drawn"
    tag = row[0][1]
    same_line = [(t, r) for t, r in drawn if abs(r.top - tag.top) <= 2 and (t, r) != row[0] and r.left < tag.left]
    assert same_line and all(r.right + 4 <= tag.left for _t, r in same_line), same_line


def test_switching_items_says_which_items_are_still_to_come(tmp_path):
    """play4: the switching step (M-SWITCH-3) asks about the old character's items one at a time and
    never said what was still to come, so a player could not keep room for the Handgun while placing
    the Knife. The screen now names the items still to place after the one asked about."""
    from game.engine.campaign import conservation
    from game.engine.mansion.state import Reserved
    from game.ui import theme as T
    from game.ui.manor import SwitchScene

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana"], seed=7)
    s.cs.decks["survivors"].remove("bram")
    s.cs.reserve += [Reserved(cid="bram", wounds=2)]
    s.cs.touch()
    assert not conservation(s.cs)
    app.apply(Reset(ManorMapScene(s)))
    click(app, "card", "W2A")
    click(app, "start")
    click(app, "act", next(z.value for z in app.top.zones.items if z.key == "act"
                           and getattr(z.value, "target", None) == "bram"))
    assert isinstance(app.top, SwitchScene) and s.cs.pending.kind == "switch_items"

    def shown():
        return shown_text(app, warm=False, dt=0.05)

    assert "Still to place after this one: Handgun, Lock Pick" in shown()
    for _ in range(2):
        click(app, "act", next(z.value for z in app.top.zones.items if z.key == "act" and z.value.kind == "put"))
    assert "Nothing else to place after this one." in shown()


def test_a_campaign_not_yet_played_is_listed_as_such_not_turn_0(tmp_path):
    """play4: a manor campaign begun and saved on its map was listed as "card none yet · turn 0 ·
    danger 0"; it now reads "nothing played yet · danger 0 · <date>"; a game in progress still
    names its card and turn."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    ManorSession.new(app, ["dana"], seed=4, name="Fresh")
    app.apply(Reset(ManorCampaignMenu()))
    shown = shown_text(app, warm=False, dt=0.05)
    assert any(x.startswith("nothing played yet · danger 0 · ") for x in shown), shown
    assert not any("none yet" in x or "turn 0" in x for x in shown)


def test_rule_ids_hidden_in_japanese_leave_no_empty_brackets():
    """play4: with rule IDs hidden (issue 12), the Japanese switching screen read "各プレイヤーは1回
    交代できます（）。": the ID went, its full-width brackets stayed. They go with it now."""
    from game import i18n
    from game.ui.ruleids import tagged

    ja = i18n.catalogue("ja")["Fewer than four characters and a main character in the reserve: each player may "
                              "switch once."]
    assert ja == "キャラクターが4人未満で控えにメインキャラクターがいる：各プレイヤーは1回交代できます。"
    assert tagged(ja, "M-SWITCH-1", False, "()") == ja  # the ID is typed: hidden, nothing of it is left
    assert tagged(ja, "M-SWITCH-1", True, "()") == ja + " (M-SWITCH-1)"
