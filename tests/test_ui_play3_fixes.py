"""What a fresh player (play3, issue 10's playtest) found unclear, each fix driven through the real
scenes headless: attack options shown whole (their odds were cut off), rooms named 'The ...' read
'the Burning Block' (not 'the The Burning Block'), a framed square holding an enemy can be moved into
by clicking it, a refused walk says what is in the way, ..."""
from __future__ import annotations

import pygame
import pytest

from game.ui import theme as T
from game.ui.scenes.menu import ChoiceMenu
from tests.conftest import play_app
from tests.kit import board, game, legal, with_enemy

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def _click(app, pos, n=2):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    for _ in range(n):
        app.step([], 0.1)


def _drawn(monkeypatch, app) -> list[str]:
    seen: list[str] = []
    real = T.render

    def spy(s, *a, **kw):
        seen.append(s)
        return real(s, *a, **kw)
    monkeypatch.setattr(T, "render", spy)
    app.step([])
    return seen


def test_attack_options_are_shown_whole_with_their_odds(tmp_path, monkeypatch):
    """R-ATK-2 / DV-1: each attack option (weapon, dice, range, ammo, effects, then the chance of each
    best result) is drawn whole, wrapped onto more lines, never cut with '…' (play3 saw
    '— miss 33% · hit 33% · h…' on every option)."""
    s = game(board("AAAA", place=[("exit", (3, 0))]))
    with_enemy(s, "zombie", (2, 0))
    s.touch()
    app, play = play_app(tmp_path, s)
    app.apply(play.side_button("attack_menu", None))
    menu = app.top
    assert isinstance(menu, ChoiceMenu) and len(menu.options) >= 2
    T.CUT.clear()
    words = " ".join(_drawn(monkeypatch, app))
    assert not T.CUT, T.CUT
    for label, _a in menu.options:
        tail = label.split(" — ")[-1]  # the odds: 'miss 33% · hit 33% · hit+ 17% · critical 17%'
        assert "critical" in tail and tail.split()[-1] in words, (tail, words)
        assert "…" not in words


def test_a_room_named_the_something_is_not_the_the(tmp_path):
    """The log names rooms instead of squares (the engine's typed square, issue 23); a room whose name
    has its own article reads 'moves to the Burning Block.', never 'moves to the The Burning Block.'
    (R-SPAWN-1 spawn lines too)."""
    from game.i18n.messages import render

    vera, dog = {"t": "char", "id": "vera", "name": "Vera"}, {"t": "enemy", "id": "e1", "type": "dog", "name": "Zombie Dog"}
    burning = {"t": "sq", "xy": [1, 0], "room": "The Burning Block"}
    assert render("move.to", {"char": vera, "to": burning}, "en") == "Vera moves to the Burning Block."
    assert render("spawn.at", {"enemy": dog, "square": burning}, "en") == "A Zombie Dog appears at the Burning Block."
    assert render("move.to", {"char": vera, "to": {"t": "sq", "xy": [0, 0], "room": "Storeroom"}}, "en") == \
        "Vera moves to the Storeroom."


def test_clicking_a_framed_square_with_an_enemy_offers_the_move(tmp_path):
    """R-MOVE-1: a survivor may move into a square holding an enemy; that square is framed, and the
    hint says 'Click a framed square to move'. A click on it, when the enemy cannot be attacked
    (the Knife reaches 0, the gun is empty), offers the move instead of only refusing the attack."""
    s = game(board("AAA", place=[("exit", (2, 0))]))
    c = s.active_char
    for slot in c.inventory:  # the gun is empty and the Knife reaches 0: the zombie next door is out of reach
        for uid in slot:
            if s.cards[uid].ammo is not None:
                s.cards[uid].ammo = 0
    e = with_enemy(s, "zombie", (1, 0))
    s.touch()
    app, play = play_app(tmp_path, s)
    assert (1, 0) in play.marks.act.moves and e.uid not in play.marks.act.attacks
    centre = next(p for kind, mid, p, _r in play.view.models if kind == "e" and mid == e.uid)
    _click(app, centre)
    menu = app.top
    assert isinstance(menu, ChoiceMenu), play.ui.toast
    assert "cannot attack" in menu.title and "Move into the Zombie's square" in menu.options[0][0]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="")], 0.05)
    for _ in range(30):
        app.step([], 0.1)
    assert tuple(play.state.active_char.pos) == (1, 0)


def test_a_refused_walk_says_what_is_in_the_way():
    """R-MOVE-1 / R-DOOR-1 / R-OOS-3: 'Not adjacent, and no open way leads there (closed doors, walls or
    full squares)' named three possible causes; the reason now says which: a closed door to open first,
    or a square with an enemy that a planned walk does not cross."""
    from game.ui.whynot import why_not_square

    s = game(board("AABB", doors=[((1, 0), (2, 0))], place=[("exit", (3, 0))]))
    assert why_not_square(s, (3, 0)).startswith("A closed door is in the way")
    s2 = game(board("AAAA", place=[("exit", (3, 0))]))
    with_enemy(s2, "zombie", (1, 0))
    s2.touch()
    assert "passes a square with an enemy or fire" in why_not_square(s2, (3, 0))
    s3 = game(board("AA.B", place=[("exit", (3, 0))]))
    assert why_not_square(s3, (3, 0)).startswith("Not adjacent, and no open way leads there")


def _end_phase(tmp_path):
    """A city campaign whose first scenario (DT1) just succeeded: the end phase on screen, fully revealed."""
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CityMapScene, EndPhaseScene
    from game.ui.scene import Reset
    from tests.ui_kit import click, end_game

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
    app.apply(Reset(CityMapScene(s)))
    click(app, "slot", "DT1")
    click(app, "start")
    end_game(app, "success", EndPhaseScene)
    assert isinstance(app.top, EndPhaseScene)
    app.step([], 30.0)  # every line revealed
    return app, s


def test_the_end_phase_hides_rule_ids_unless_the_setting_shows_them(tmp_path, monkeypatch):
    """R-END (and the "Show rule IDs" setting): the end phase listed a rule ID beside every step and
    line (R-END-X0, R-DANGER-6 ...), put '(R-END-X1)' in its question and '(rules 18.1)' under its
    title, although rule IDs are hidden from players by default. They show only with the setting."""
    app, s = _end_phase(tmp_path)
    words = " ".join(_drawn(monkeypatch, app))
    assert "R-END" not in words and "R-DANGER" not in words and "rules 18" not in words, words
    assert "City danger +1" in words  # the lines themselves are still there
    app.set_setting("show_rule_ids", True)
    words = " ".join(_drawn(monkeypatch, app))
    assert "R-END-S6" in words and "R-DANGER-6" in words


def test_a_progression_token_says_what_it_opens(tmp_path):
    """R-CAMP-10 / R-CAMP-12: a progression token's tooltip said only "Progression." and the log only
    "Campaign progression token found: DT2."; both now name the scenario it opens on the city map, and
    the tooltip the Item C card its path card waits for."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from tests.kit import tok

    s = new_game(load_scenario("dt1"), [("vera", 1)], 1)
    app, play = play_app(tmp_path, s)
    to = next(iter(play.marks.act.moves))  # a square one move away
    tok(s, "progression", to, label="DT2")
    s.touch()
    tip = " ".join(ln[0] for ln in play.view.square_lines(s, to))
    assert "Subway Concourse" in tip and "Maintenance Key" in tip and "Progression." not in tip, tip
    app.step([])
    play.do(play.marks.act.moves[to])
    texts = [ln.text for ln in play.ui.log]
    i = next(i for i, t in enumerate(texts) if t.startswith("Campaign progression token found"))
    assert texts[i + 1] == "It opens the way to Subway Concourse on the city map.", texts[i:]


def test_an_objective_item_says_where_it_is_used(tmp_path):
    """R-SCEN-4: the Valve Handle's tooltip said only "Objective item."; it now names the scenario
    action it serves and the room of the token it is used on."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from tests.kit import card

    s = new_game(load_scenario("ut2"), [("vera", 1)], 1)
    sa = s.scenario.brief.scenario_actions[0]
    obj = next(t for t in s.tokens if t.kind == sa.at)
    room = s.scenario.board.tile_of(tuple(obj.pos)).name
    s.active_char.inventory.append([card(s, "valve1", sa.item, deck="B")])
    s.touch()
    app, play = play_app(tmp_path, s)
    z = play.view.zones.find("item_info", "valve1")
    assert z is not None and sa.label in z.tip and room.removeprefix("The ") in z.tip, z and z.tip


def test_a_full_inventory_says_why_it_cannot_search(tmp_path):
    """R-SEARCH-1: on an item token with a full inventory the Search button vanished and the S key said
    "Nothing to search here."; the button now stays and, clicked (or S), says the inventory is full."""
    from tests.kit import card, tok

    s = game(board("AAA", place=[("exit", (2, 0))]))
    c = s.active_char
    tok(s, "item", (0, 0), letter="A")
    s.touch()
    assert any(a.kind == "search" for a in legal(s))
    n = 0
    while len(c.inventory) < 6:
        n += 1
        c.inventory.append([card(s, f"herb{n}", "green_herb")])
    s.touch()
    assert not any(a.kind == "search" for a in legal(s))
    app, play = play_app(tmp_path, s)
    z = play.view.zones.find("search_full")
    assert z is not None and "inventory is full (6 of 6)" in z.tip
    _click(app, z.rect.center)
    assert "inventory is full" in play.ui.toast and "R-SEARCH" not in play.ui.toast
    play.ui.toast = ""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")], 0.05)
    assert "inventory is full" in play.ui.toast


def test_the_city_map_shows_the_chosen_scenarios_story_and_goal(tmp_path, monkeypatch):
    """R-CAMP-11 (choosing the next scenario): clicking an open scenario on the city map showed only its
    name on the Start button; its story and goal were first seen in the log after the board opened.
    The chosen card's story and goal now show in the party panel, and the Introduction's button says
    it is optional (R-INTRO-9: a tutorial outside the campaign)."""
    from game.content.loader import load_content
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.scene import Reset
    from tests.ui_kit import click

    import game.ui.campaign.city_map as campaign_ui  # the city map's buttons

    labels: list[str] = []
    real = campaign_ui.button
    monkeypatch.setattr(campaign_ui, "button", lambda surf, zones, rect, label, *a, **kw:
                        labels.append(label) or real(surf, zones, rect, label, *a, **kw))
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
    app.apply(Reset(CityMapScene(s)))
    before = " ".join(_drawn(monkeypatch, app))
    brief = load_content().scenarios["dt1"]
    assert "Goal:" not in before, before
    assert "Optional: the Introduction" in labels, labels
    click(app, "slot", "DT1")
    T.CUT.clear()
    after = " ".join(_drawn(monkeypatch, app))
    assert "Burning Streets · tier 1" in after
    assert "Goal: Cross the burning street" in after and brief.description.split(":")[0] in after, after
    assert not T.CUT, T.CUT


def test_a_saved_campaign_between_scenarios_does_not_say_turn_0(tmp_path, monkeypatch):
    """R-END-X2 (the campaign saves at every end phase): after Burning Streets was won the saved row read
    'Burning Streets · turn 0 · danger 1', as if it were being played; between scenarios it now reads
    'after Burning Streets · between scenarios · danger 1'."""
    from game.ui.app import App
    from game.ui.campaign import CampaignMenu
    from game.ui.scene import Reset

    app, s = _end_phase(tmp_path)
    s.autosave()
    app.apply(Reset(CampaignMenu()))
    words = " ".join(_drawn(monkeypatch, app))
    assert "after Burning Streets · between scenarios" in words and "turn 0" not in words, words


def test_the_standalone_buttons_name_their_tier(tmp_path, monkeypatch):
    """R-STAND-1 / DV-21 (a standalone scenario starts with its tier's gear and danger): the standalone
    buttons named only the scenarios, so a new player could not pick 'a tier 2'; each now ends with its
    tier ('Gas Station · tier 2', 'The Clock Tower · finale'), whole (not cut)."""
    import game.ui.campaign.menu as campaign_ui  # the campaign menu's buttons
    from game.ui.app import App
    from game.ui.scene import Reset

    labels: list[str] = []
    real = campaign_ui.button
    monkeypatch.setattr(campaign_ui, "button", lambda surf, zones, rect, label, *a, **kw:
                        labels.append(label) or real(surf, zones, rect, label, *a, **kw))
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.apply(Reset(campaign_ui.CampaignMenu()))
    T.CUT.clear()
    app.step([])
    assert "Gas Station · tier 2" in labels and "Burning Streets · tier 1" in labels, labels
    assert "The Clock Tower · finale" in labels and "Cemetery Park · tier 3" in labels
    assert not [c for c in T.CUT if "tier" in c or "finale" in c], T.CUT


def test_attack_options_that_would_read_the_same_say_which_target_or_weapon(tmp_path):
    """R-ATK-2: two Zombie Dogs in one square gave two identical blocks of attack options, and two
    Grenade Launchers two identical lines; each option now says which target or which weapon."""
    from tests.kit import card

    s = game(board("AAAA", place=[("exit", (3, 0))]))
    with_enemy(s, "zombie", (2, 0))
    with_enemy(s, "zombie", (2, 0), wounds=0)
    c = s.active_char
    c.inventory.append([card(s, "gun2", s.cards[c.inventory[1][0]].defn, ammo=6)])  # a second Handgun
    s.touch()
    app, play = play_app(tmp_path, s)
    acts = [a for lst in play.marks.act.attacks.values() for a in lst]
    labels = play.attack_labels(acts, True)
    assert len(set(labels)) == len(labels), labels
    assert any("#2 of 2 there" in x for x in labels) and any("(#2)" in x for x in labels), labels


def test_the_end_phase_preview_is_not_drawn_under_an_enemys_label(tmp_path, monkeypatch):
    """R-REACT-1 preview (hovering End phase): 'Ending now: 1 enemies on the tinted ti[attacks]attack)'
    - the summary sat above the survivor and the next enemy's "attacks" label was drawn over it. The
    summary now sits at the board's foot, clear of every enemy label, and counts one enemy right."""
    from game.ui.play import PlayScene

    s = game(board("AAAA", "AAAA", place=[("exit", (3, 1))]), )
    with_enemy(s, "zombie", (1, 0))
    s.touch()
    app, play = play_app(tmp_path, s)
    pills: list[tuple[str, pygame.Rect]] = []
    real = PlayScene.pill
    monkeypatch.setattr(PlayScene, "pill", lambda self, surf, msg, near, edge:
                        pills.append((msg, real(self, surf, msg, near, edge))) or pills[-1][1])
    z = play.view.zones.find("end_phase")
    play.draw_previews(app.screen, z.rect.center)
    summary = [(m, r) for m, r in pills if m.startswith("Ending now")]
    labels = [r for m, r in pills if m in ("attacks", "moves")]
    assert len(summary) == 1 and labels, pills
    msg, rect = summary[0]
    assert msg.startswith("Ending now: 1 enemy on the tinted tiles reacts"), msg
    assert not any(rect.colliderect(r) for r in labels), (rect, labels)


def test_one_square_out_of_range_is_not_1_squares():
    """R-RANGE-2: 'You cannot attack the Crawler: out of range: 1 squares, the Knife reaches 0.' now
    reads '1 square'; two squares still read '2 squares'."""
    from game.ui.whynot import why_not_enemy

    s = game(board("AAAA", place=[("exit", (3, 0))]))
    for slot in s.active_char.inventory:
        for uid in slot:
            if s.cards[uid].ammo is not None:
                s.cards[uid].ammo = 0  # only the Knife can attack
    near = with_enemy(s, "zombie", (1, 0))
    s.touch()
    msg = why_not_enemy(s, near.uid)
    assert "out of range: 1 square," in msg, msg
    s.active_char.pos = (0, 0)
    near.pos = (2, 0)
    s.touch()
    assert "out of range: 2 squares," in why_not_enemy(s, near.uid)


def test_a_tie_settled_by_the_game_says_what_the_tie_was(tmp_path):
    """R-EMOVE tie (several squares equally close; "Auto enemy ties" on): the log said only 'Settled by
    the game: Zombie at 8,4 → W 7,4'; it now also says what was tied."""
    s = game(board("AAA", "AAA", "AAA", place=[("exit", (2, 2))]))
    s.active_char.pos = (0, 1)
    with_enemy(s, "zombie", (2, 0))
    s.touch()
    app, play = play_app(tmp_path, s)
    play.do(play.marks.act.end_phase)
    for _ in range(80):
        app.step([], 0.1)
    lines = [ln.text for ln in play.ui.log if "the game chose:" in ln.text]
    assert lines and lines[0].startswith("The Zombie can end on several squares as close to Vera Castellan; "), \
        [ln.text for ln in play.ui.log]


def test_the_enlarged_log_does_not_hover_the_board_under_it(tmp_path):
    """With the log enlarged over the board (L), reading a line showed the square under it as hovered
    (a refusal pill and the square's tooltip under the log's own tooltip); no square is hovered there."""
    from game.ui.playui import LOG_BIG_TOP, LOG_RECT

    s = game(board(*["AAAAAAAAAAAA"] * 8, place=[("exit", (11, 7))]))
    app, play = play_app(tmp_path, s)
    pos = (LOG_RECT.left + 200, LOG_BIG_TOP + 40)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    app.step([], 0.1)
    under = play.view.layout.square_at(pos)
    assert under is not None and play.ui.marks.hover_sq == under  # the board is under the pointer
    play.ui.log_big = True
    app.step([], 0.1)
    assert play.ui.marks.hover_sq is None


def test_the_walk_question_names_the_room_and_warns_of_the_enemy_here(tmp_path):
    """R-MOVE-1 walk plan / R-OOS-3: the question read 'Walk to 5,4?' and did not say that the first step
    out of an enemy's square provokes it (the hover did); it names the room and warns."""
    # (3, 0) in another room, through an archway: a walk inside her own room asks "Move here?" (issue 25,
    # third play-test 9)
    s = game(board("AABB", "AABB", arches=[((1, 0), (2, 0)), ((1, 1), (2, 1))], place=[("exit", (3, 1))]))
    with_enemy(s, "zombie", (0, 0))  # in Vera's square
    s.touch()
    app, play = play_app(tmp_path, s)
    room = s.scenario.board.tile_of((3, 0)).name
    _click(app, play.view.layout.square_rect((3, 0)).center, n=1)
    menu = app.top
    assert isinstance(menu, ChoiceMenu), play.ui.toast
    from game.ui.choices import room_words

    assert menu.title == f"Walk to {room_words(room)}?" and "provokes the enemy there first" in menu.options[0][0], \
        (menu.title, menu.options)


def test_the_push_back_question_says_why_it_is_asked(tmp_path, monkeypatch):
    """R-EATK-7 (after an enemy's hit, a target sharing its square may push it away): the bar asked only
    'Push the Crawler? Pick a square or decline.' right after the survivor was pushed, with no reason;
    it now says the enemy that attacked shares the square."""
    from tests.kit import run_task

    s = game(board("AAA", "AAA", place=[("exit", (2, 1))]))
    e = with_enemy(s, "zombie", (0, 0))
    run_task(s, "push_enemy", enemy=e.uid, seat=0, rule="R-EATK-7")
    assert s.pending is not None and s.pending.kind == "push_enemy"
    app, play = play_app(tmp_path, s)
    words = " ".join(_drawn(monkeypatch, app))
    assert "The Zombie that attacked shares the square: push it away?" in words, words


def test_an_enemy_killed_by_being_pushed_into_fire_says_so(tmp_path):
    """R-FIRE-3 (an enemy pushed into a fire square suffers 1 damage): the log read 'The Zombie is pushed
    to the Market Street.' then 'Zombie is killed.' with no cause; the second line now names the fire."""
    from tests.kit import run_task, tok

    s = game(board("AAA", "AAA", place=[("exit", (2, 1))]))
    e = with_enemy(s, "zombie", (1, 0))
    tok(s, "fire", (2, 0))
    run_task(s, "push_enemy", enemy=e.uid, seat=0, rule="R-ATK-7")
    app, play = play_app(tmp_path, s)
    push = next(a for a in s.pending.options if a.kind == "push" and tuple(a.to) == (2, 0))
    play.do(push)
    texts = [ln.text for ln in play.ui.log]
    assert "Zombie is killed (pushed into the fire)." in texts, texts


def test_an_enemy_that_stays_says_it_stays():
    """R-EMOVE-6 (an enemy already in its target's square stays): after an attack (R-OOS-2) the log said
    'The Zombie Dog is already in Vera Castellan's square.' and a playtest asked what happened; it now
    ends ', so it stays where it is.' (said by the engine's message since issue 23, not edited by the UI)."""
    from tests.kit import run_task

    s = game(board("AA", place=[("exit", (1, 0))]))
    c = s.characters[0]
    e = with_enemy(s, "zombie_dog", tuple(c.pos))
    ev = run_task(s, "move_reaction", enemy=e.uid, rule="R-OOS-2")
    idle = next(x for x in ev if x.kind == "enemy_idle")
    assert idle.rule == "R-EMOVE-6" and idle.msg == "emove.already_there"
    assert idle.text.endswith("square, so it stays where it is."), idle.text


def test_a_story_card_holds_the_board_where_the_next_phase_begins(tmp_path):
    """R-NARR-2 (the card is resolved when drawn; the turn goes on afterwards): the card's dialog let the
    board animate the reaction and tension phases under it, so a playtest read 'Strays' after the dogs had
    already moved onto the survivor. The board now plays the card's consequences and waits at the next
    phase until the card is closed."""
    from game.engine import Event
    from game.ui.narrative import NarrativeDialog

    s = game(board("AAAA", place=[("exit", (3, 0))]))
    z = with_enemy(s, "zombie", (3, 0))
    app, play = play_app(tmp_path, s)
    evs = [Event(kind="narrative", rule="R-NARR-2", text="Narrative: Strays.", data={"name": "Strays", "story": "Dogs."}),
           Event(kind="spawn", rule="R-SPAWN-1", text="A Zombie appears at (3, 0).", data={"enemy": z.uid, "pos": [3, 0]}),
           Event(kind="phase", rule="R-TURN-2", text="Reaction phase: 1 enemy reacts.", data={}),
           Event(kind="enemy_move", rule="R-EMOVE-1", text="The Zombie moves.", data={"enemy": z.uid, "frm": [3, 0],
                                                                                     "to": [2, 0]})]
    play.ui.anim.add_events(evs, {("e", z.uid): (3, 0)})
    play.story_queue.append(NarrativeDialog(play, evs[0], evs[1:]))  # as PlayScene.do queues a drawn card
    app.step([], 0.05)  # the story step is reached: the card opens
    dlg = app.top
    assert isinstance(dlg, NarrativeDialog), type(dlg)
    for _ in range(30):
        app.step([], 0.1)
    kinds = [st.kind for st in play.ui.anim.steps]
    assert kinds[:1] == ["phase"] and "move" in kinds, kinds  # the spawn played; the reaction waits
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 0.05)
    for _ in range(30):
        app.step([], 0.1)
    assert app.top is play and not play.ui.anim.steps


def test_an_unexplored_tiles_tooltip_says_what_its_colour_means(tmp_path):
    """R-EXPLORE-2 (tile colours express danger): every tile label names its colour ('Pawn Shop · yellow')
    and the tooltip said only 'token Y, 1 pip'; it now says what yellow and amber promise."""
    s = game(board("ABC", colours={"B": "yellow", "C": "amber"}, unexplored=("B", "C"), place=[("exit", (2, 0))]))
    app, play = play_app(tmp_path, s)
    yellow = " ".join(ln[0] for ln in play.view.square_lines(s, (1, 0)))
    amber = " ".join(ln[0] for ln in play.view.square_lines(s, (2, 0)))
    assert "at most one or two wandering enemies" in yellow, yellow
    assert "several enemies or one stronger one" in amber, amber


def test_a_closed_card_on_the_city_map_can_be_read_but_not_started(tmp_path, monkeypatch):
    """R-CAMP-11/12: a card that is not open (DT2 at the start) was not clickable at all; clicking it now
    shows its story and why it is not open (and, for a locked card, where its item comes from), while
    the Start button stays 'Click an open scenario'."""
    import game.ui.campaign.city_map as campaign_ui  # slot_status as the city map reads it
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.scene import Reset
    from tests.ui_kit import click, end_game

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
    app.apply(Reset(CityMapScene(s)))
    click(app, "peek", "DT2")
    words = " ".join(_drawn(monkeypatch, app))
    assert "Subway Concourse · tier 2" in words and "NOT YET REACHABLE:" in words, words
    start = app.top.zones.find("start")
    assert start is not None and not start.enabled
    assert campaign_ui.slot_status(s.cs, "DT2")[0] == "unreachable"


def test_a_tension_cards_danger_band_line_is_said_in_the_log(tmp_path):
    """R-DANGER-5 (a card's extra effect for the band the danger marker is in is resolved too): at High
    danger 'Uneasy Silence' ("... drift toward you") brought a Zombie with no word why; the log now says
    the card's High line is played too."""
    s = game(board("AAAA", spawns={"A": [(3, 0)]}, place=[("exit", (3, 0))]), intro=False,
             tension=["uneasy_silence"] * 15, use_danger=True, ignore_symbols=False)
    s.danger = 8  # the High band
    s.touch()
    app, play = play_app(tmp_path, s)
    play.do(play.marks.act.end_phase)
    for _ in range(40):
        app.step([], 0.1)
    texts = [ln.text for ln in play.ui.log]
    i = next(i for i, t in enumerate(texts) if t.startswith("Tension card: Uneasy Silence"))
    assert "High danger: this card's extra line for the high band is played too." in texts[i + 1:], texts[i:]


def test_the_typewriter_question_counts_ribbons_in_the_right_number(tmp_path):
    """R-INK-4: 'spend 1 of 1 ink ribbon(s)' reads 'spend 1 of 1 ink ribbon' (and '2 ink ribbons')."""
    from tests.kit import tok

    s = game(board("AAA", place=[("exit", (2, 0))]), intro=False, use_danger=True, tension=["quiet_moment"] * 15)
    t = tok(s, "typewriter", (1, 0))
    s.ink_ribbons = 1
    s.touch()
    app, play = play_app(tmp_path, s)
    assert any(a.target == t.uid for a in play.marks.act.typewriter), play.marks.act.typewriter
    _click(app, play.view.layout.square_rect((1, 0)).center, n=1)
    menu = app.top
    assert isinstance(menu, ChoiceMenu), play.ui.toast
    assert "spend 1 of 1 ink ribbon," in menu.options[0][0] and "(s)" not in menu.options[0][0]
