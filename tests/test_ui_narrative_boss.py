"""UI for narrative events (core.md §14, DV-17), the tension peek, set-up gear, the Stalker and
boss fights (§15, §16, DV-6, DV-7).

Headless (SDL dummy driver), driven by posted input through App.step; every engine change comes
from a click or key on what the UI drew.
"""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_content, load_scenario  # noqa: E402
from game.engine import Action, new_game_events  # noqa: E402
from game.engine.query import View  # noqa: E402
from game.engine.state import CardState, TokenState  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.narrative import NarrativeDialog  # noqa: E402
from game.ui.scenes.peek import PeekDialog  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.hud.cards import NO_WAY_OUT  # noqa: E402
from tests.kit import board, game, rigged, with_enemy  # noqa: E402

MAP = board("AAAA", "AAAA", "BBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0), 2: (3, 0)},
            place=[("exit", (3, 2))], spawns={"A": [(3, 1)], "B": [(0, 2)]})
# tile A: the 5x5 boss arena; tile B: a corridor with an open door into it
ARENA = board("AAAAAB", "AAAAAB", "AAAAAB", "AAAAAB", "AAAAAB", open_doors=[((4, 2), (5, 2))],
              start={1: (0, 0), 2: (5, 0)}, place=[("boss_start", (2, 2), {"boss": "burrower"}), ("exit", (5, 4))])


from tests.conftest import play_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def frames(app: App, n: int = 4, dt: float = 0.25) -> None:
    for _ in range(n):
        app.step([], dt)


def click(app: App, pos, n: int = 3) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    frames(app, n)


def hover(app: App, pos, wait: float = 1.0) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    app.step([], wait)


def key(app: App, k: int, n: int = 3) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 0.05)
    frames(app, n)


def narrative_game(card: str, **kw):
    s = game(MAP, intro=False, narrative_deck=True, **kw)
    uid = f"N:{card}"
    s.piles["narrative"].remove(uid)
    s.piles["narrative"].insert(0, uid)
    s.tokens.append(TokenState(uid=s.new_uid("t"), kind="narrative", pos=(1, 0), props={}))
    return s


def peek_game():
    """Radio Chatter (PEEK_TENSION 3) on the token, the first three tension cards of the content on
    top of the draw pile, in that order."""
    s = narrative_game("radio_chatter")
    ids = list(s.scenario.content.tension)[:3]
    s.piles["tension"] = []
    for i, d in enumerate(ids):
        s.cards[f"T:{d}:t{i}"] = CardState(uid=f"T:{d}:t{i}", defn=d, deck="T")
        s.piles["tension"].append(f"T:{d}:t{i}")
    return s, ids


def enter_token(app: App, play: PlayScene) -> None:
    click(app, play.view.layout.centre((1, 0)))


# ==================================================================== narrative events
def test_narrative_dialog_opens_on_the_token_and_the_second_choice_resolves_it(tmp_path):
    """R-NARR-2: stepping onto the token opens the card over the board; R-NARR-5: clicking the
    second option sends choose(n=1): Burning Block's 'Leave it' raises danger by 1 and the card
    leaves the game (R-NARR-7); the result line stays until Continue."""
    s = narrative_game("burning_block", danger_start=3)
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    dlg = app.top
    assert isinstance(dlg, NarrativeDialog) and app.stack[0] is play  # the board is still below
    assert dlg.name == "Burning Block" and "gas main" in dlg.story
    assert "City danger +1." in dlg.texts  # consequences shown by default (R-NARR-9)
    assert s.pending.kind == "narrative"
    second = dlg.zones.find("choose", 1)
    assert second is not None and second.enabled
    click(app, second.rect.center)
    assert s.danger == 4
    assert "N:burning_block" in s.piles["narrative_removed"]
    assert isinstance(app.top, NarrativeDialog) and dlg.chosen == 1
    assert dlg.result.startswith("Leave it") and any("3" in t and "4" in t for t in dlg.after)
    click(app, dlg.zones.find("continue").rect.center)
    assert app.top is play and s.pending.kind == "act"


def test_narrative_number_keys_and_enter(tmp_path):
    """Keys: 1-9 pick an option by its number; Enter closes the dialog after the result."""
    s = narrative_game("burning_block", danger_start=3)
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    key(app, pygame.K_2)
    assert s.danger == 4
    key(app, pygame.K_RETURN)
    assert app.top is play


def test_unavailable_option_greyed_and_stalker_mark(tmp_path):
    """R-NARR-5: an option that cannot be carried out is shown greyed and cannot be clicked; a
    card without a choice shows its text, what happened, and Continue; the Stalker mark (DV-5)."""
    s = narrative_game("trapped_survivor")  # Vera carries no recovery item: option 1 cannot be done
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    dlg = app.top
    assert isinstance(dlg, NarrativeDialog)
    assert dlg.zones.find("choose", 0) is not None and not dlg.zones.find("choose", 0).enabled
    assert any("cannot be carried out" in t for t in dlg.texts)
    assert dlg.chosen == 1 and dlg.zones.find("continue") is not None  # the only option resolved at once
    key(app, pygame.K_RETURN)
    s2 = narrative_game("footsteps_behind_you")
    app2, play2 = play_app(tmp_path, s2)
    enter_token(app2, play2)
    dlg2 = app2.top
    assert isinstance(dlg2, NarrativeDialog) and dlg2.mark and not dlg2.options
    assert any("Stalker" in t for t in dlg2.after)  # it appeared
    assert dlg2.zones.find("continue") is not None


def test_immersive_setting_hides_consequences_and_is_kept(tmp_path):
    """R-NARR-9: the immersive switch hides what the options do; it is stored in the settings."""
    s = narrative_game("burning_block", danger_start=3)
    app, play = play_app(tmp_path, s)
    assert app.settings["immersive"] is False
    enter_token(app, play)
    dlg = app.top
    click(app, dlg.zones.find("immersive").rect.center)
    assert app.settings["immersive"] is True
    assert json.loads((tmp_path / "settings.json").read_text())["immersive"] is True
    assert "City danger +1." not in dlg.texts and "Leave it" in dlg.texts
    app2 = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    assert app2.settings["immersive"] is True


def test_peek_dialog_reorders_the_tension_deck(tmp_path):
    """Radio Chatter (PEEK_TENSION 3, R-TENSION-12): Continue opens the peek dialog; clicking the
    third card then the first puts them back as third, first, second."""
    s, ids = peek_game()
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    assert isinstance(app.top, NarrativeDialog)
    key(app, pygame.K_RETURN)
    pk = app.top
    assert isinstance(pk, PeekDialog) and s.pending.kind == "peek"
    cards = list(pk.cards)
    assert not pk.zones.find("confirm").enabled
    click(app, pk.zones.find("card", 2).rect.center)
    click(app, pk.zones.find("card", 0).rect.center)
    assert pk.complete() == [2, 0, 1]
    click(app, pk.zones.find("confirm").rect.center)
    assert app.top is play and s.pending.kind == "act"
    assert s.piles["tension"][:3] == [cards[2], cards[0], cards[1]]


# ==================================================================== set-up gear
def test_gear_dialog_shows_the_item_and_who_has_room(tmp_path):
    """R-STAND-3: the extra gear is dealt in a dialog; each survivor's row shows the room left and a
    numbered Give button; the number key gives the card to that survivor."""
    scn = load_scenario("practice-burrower", load_content())
    party = [("vera", 1), ("mateo", 2)]
    s, events = new_game_events(scn, party, 5)
    assert s.pending.kind == "gear"
    app, play = play_app(tmp_path, s, party, events=events)
    assert play.view.dialog_rect is not None
    item = s.pending.options[0].item
    gives = [z for z in play.view.zones.items if z.key == "option" and z.value is not None and z.value.kind == "give"]
    assert {z.value.target for z in gives} == {"vera", "mateo", "box"}
    key(app, pygame.K_2)
    assert any(item in slot for slot in s.char("mateo").inventory)


# ==================================================================== the Stalker and bosses
def test_stalker_has_its_own_sprite_and_hover_card(tmp_path):
    """R-STALK-4..8 on the hover card; the S disc comes from its own sprite."""
    s = game(MAP, intro=False)
    st = with_enemy(s, "stalker_one_low", (2, 1))
    app, play = play_app(tmp_path, s)
    assert play.view.art.get("enemy_stalker", 40) is not None
    ctr = next(c for k, mid, c, r in play.view.models if mid == st.uid)
    hover(app, ctr)
    text = " ".join(play.view.hover_lines)
    for word in ("Relentless", "Forced entry", "Pursuit", "Supply drop"):
        assert word in text


def boss_game(**kw):
    return game(ARENA, intro=False, objective="kill_boss", **kw)


def test_boss_turn_draws_a_behaviour_card_and_the_panel_shows_it(tmp_path):
    """R-BOSS-11: the active survivor ends the phase on the boss's tile; the tension phase draws a
    behaviour card, its lines resolve (R-BOSS-12), the card is discarded, and the boss column shows
    the dial and the card's name and lines until the next action."""
    s = boss_game()
    boss = s.enemy(s.core.boss)
    uid = next(u for u in s.piles["behaviour"] if s.cards[u].defn == "thrash")
    s.piles["behaviour"].remove(uid)
    s.piles["behaviour"].insert(0, uid)
    s.active_char.pos = (1, 1)
    rigged(s, [6] * 12)  # every evade die a critical: no push decisions
    app, play = play_app(tmp_path, s)
    left, full = View(s).boss_dial()
    assert play.view.boss_texts[:2] == ["The Burrower", f"{left}/{full}"]  # the dial (R-BOSS-7)
    assert "No way out until it is dead (R-BOSS-8)" in play.view.boss_texts
    assert next(r for k, mid, c, r in play.view.models if mid == boss.uid) == play.view.layout.sq // 2  # large base
    key(app, pygame.K_SPACE, n=1)  # actions left: the first press asks, the second ends the action phase
    key(app, pygame.K_SPACE, n=1)  # -> reaction -> tension: behaviour card
    assert s.piles["behaviour_discard"] == [uid]
    assert play.ui.boss.card is not None and play.ui.boss.card.name == "Thrash"
    assert any(st.kind == "boss_line" for st in play.ui.anim.steps)
    frames(app, 12)
    assert "Thrash" in play.view.boss_texts and "Attack: Thrash" in play.view.boss_texts
    assert play.ui.boss.card.lines[0].notes  # the evade roll is noted under its line
    assert not play.ui.anim.busy
    # the next action clears the resolved card
    assert s.pending.kind == "act"
    click(app, play.view.layout.centre((1, 2)))
    assert play.ui.boss.card is None and "Thrash" not in play.view.boss_texts


def test_no_way_out_tip_and_toast_on_the_boss_tile(tmp_path):
    """R-BOSS-8: on the boss's tile the squares outside it are not legal; hovering one says why
    and clicking it toasts the same."""
    s = boss_game()
    s.active_char.pos = (4, 2)  # next to the open door to the corridor
    app, play = play_app(tmp_path, s)
    out = play.view.layout.centre((5, 2))
    hover(app, out)
    assert play.view.hover_lines == [NO_WAY_OUT]
    click(app, out, n=0)
    assert play.ui.toast == NO_WAY_OUT and s.active_char.pos == (4, 2)  # rule IDs hidden
    assert "no way out of the boss's tile" in play.hint() and "R-BOSS-8" not in play.hint()  # IDs hidden
    app.set_setting("show_rule_ids", True)  # the reason's typed rule beside its words (issue 23)
    try:
        assert "R-BOSS-8" in play.hint()
    finally:
        app.set_setting("show_rule_ids", False)


# ==================================================================== a big board: zoom and scroll
def test_big_map_squares_at_least_36_px_wheel_zooms_about_the_pointer(tmp_path):
    """The 24x16 Outskirts map is laid out with 36 px squares (it scrolls, the active survivor in
    view); the wheel zooms keeping the square under the pointer; Home resets; clicks still hit
    the square drawn under them."""
    scn = load_scenario("outskirts", load_content())
    s, events = new_game_events(scn, [("vera", 1)], 3)
    app, play = play_app(tmp_path, s, events=events)
    lay = play.view.layout
    assert lay.sq == 36 and lay.overflows
    assert play.view.board_area.contains(lay.square_rect(tuple(s.active_char.pos)))
    pos = lay.centre(tuple(s.active_char.pos))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 0.05)
    lay2 = play.view.layout
    assert lay2.sq > 36 and lay2.square_at(pos) == tuple(s.active_char.pos)
    target = next(iter(play.marks.act.moves))
    click(app, lay2.centre(target))
    assert tuple(s.active_char.pos) == target
    key(app, pygame.K_HOME, n=1)
    assert play.view.layout.sq == 36


def test_bots_read_the_card_choose_and_the_dialog_closes_itself(tmp_path):
    """With only bots at the table the card is still shown: the bot chooses after a moment and the
    dialog closes on its own."""
    s = narrative_game("burning_block", danger_start=3)
    surf = pygame.Surface((1280, 720))
    app = App(surf, save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: s.scenario, bot_speed=0.2)
    play = PlayScene(app, s, [("vera", 1)], ["bot"])
    app.stack = [play]
    play.do(Action(kind="move", to=(1, 0)))  # as if the bot had walked onto the token
    seen = False
    for _ in range(200):
        app.step([], 0.05)
        seen = seen or isinstance(app.top, NarrativeDialog)
        if "N:burning_block" in s.piles["narrative_removed"] and app.top is play:
            break
    assert seen and "N:burning_block" in s.piles["narrative_removed"] and app.top is play


def test_random_input_over_dialogs_and_a_boss_fight(tmp_path):
    """Random clicks and keys on whatever is drawn (narrative dialog, peek, boss column, board):
    no exception, and the engine always waits on a decision."""
    import random

    s = boss_game(party=(("vera", 1), ("mateo", 2)), narrative_deck=True)
    s.tokens.append(TokenState(uid=s.new_uid("t"), kind="narrative", pos=(1, 1), props={}))
    s.tokens.append(TokenState(uid=s.new_uid("t"), kind="narrative", pos=(1, 0), props={}))
    s.characters[1].pos = (3, 3)
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    rng = random.Random(5)
    keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_ESCAPE, pygame.K_UP,
            pygame.K_BACKSPACE]
    for _ in range(300):
        top = app.top
        zones = getattr(getattr(top, "view", None), "zones", None) or top.zones
        r = rng.random()
        if r < 0.6 and zones.items:
            z = rng.choice(zones.items)
            if z.key in ("menu", "quit"):
                continue
            pos = z.rect.center
        elif r < 0.8:
            pos = (rng.randrange(1280), rng.randrange(720))
        else:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="")], 0.1)
            continue
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], rng.choice([0.016, 0.3]))
        assert app.running
        if s.over:
            break  # the results screen and menus have their own tests
        assert s.pending is not None


def test_boss_hover_card_lists_its_attacks_and_why_it_cannot_be_attacked_from_outside(tmp_path):
    """DV-6 on the hover card: each named attack with its evade difficulty (R-BOSS-13); a survivor
    off the boss's tile is told R-BOSS-9 for every weapon."""
    s = boss_game()
    s.active_char.pos = (5, 2)  # in the corridor, outside the arena
    app, play = play_app(tmp_path, s)
    boss = s.enemy(s.core.boss)
    ctr = next(c for k, mid, c, r in play.view.models if mid == boss.uid)
    hover(app, ctr)
    text = "\n".join(play.view.hover_lines)
    for att in ("Bite", "Thrash", "Lunge"):
        assert f"{att}:" in text
    assert "sweep · evade 1" in text and "Soft Underbelly" in text
    assert "only survivors on the boss's tile can attack it" in text and "R-BOSS-9" not in text  # IDs hidden
    from game.ui import ruleids

    try:  # the rule is typed: beside the words with "Show rule IDs" on (issue 23)
        ruleids.set_show_rule_ids(True)
        play.view.hover_lines = []
        hover(app, (ctr[0] + 1, ctr[1]))
        hover(app, ctr)
        assert "(R-BOSS-9)" in "\n".join(play.view.hover_lines)
    finally:
        ruleids.set_show_rule_ids(False)


def test_a_game_loaded_in_the_middle_of_a_choice_shows_the_card_again(tmp_path):
    """A save made while a narrative choice was pending: the dialog is rebuilt from the card."""
    from game.engine import apply

    s = narrative_game("checkpoint_overrun", danger_start=3)
    apply(s, Action(kind="move", to=(1, 0)))
    assert s.pending.kind == "narrative"
    app, play = play_app(tmp_path, s)
    frames(app, 2)
    dlg = app.top
    assert isinstance(dlg, NarrativeDialog) and dlg.name == "Checkpoint Overrun" and len(dlg.options) == 2
    key(app, pygame.K_2)
    assert s.danger == 4 and "N:checkpoint_overrun" in s.piles["narrative_removed"]


def test_R_NARR_9_optional_decision_timer_takes_the_first_option(tmp_path):
    """R-NARR-9: off by default (nothing happens after 2 minutes); switched on, the first legal
    option is taken when 120 seconds run out."""
    s = narrative_game("burning_block", danger_start=3)
    app, play = play_app(tmp_path, s)
    assert app.settings.get("decision_timer") is False
    enter_token(app, play)
    app.step([], 130.0)
    assert s.pending.kind == "narrative"  # no timer: still waiting
    app.set_setting("decision_timer", True)
    s2 = narrative_game("burning_block", danger_start=3)
    app2, play2 = play_app(tmp_path, s2)
    enter_token(app2, play2)
    app2.step([], 60.0)
    assert s2.pending.kind == "narrative"
    app2.step([], 61.0)
    assert s2.pending.kind != "narrative"
    assert s2.record[-1] == {"kind": "choose", "n": 0}  # the first option: Let it burn


def test_boss_column_and_gear_dialog_hide_rule_ids_unless_the_setting_is_on(tmp_path, monkeypatch):
    """Played: the boss practice showed "R-BOSS-7", "(R-BOSS-11, R-BOSS-12)", "R-STAND-3" and
    "(R-IBOX-3)" with "Show rule IDs" off; the log and the board hide them. Now so do these."""
    from game.ui import theme as T

    scn = load_scenario("practice-burrower", load_content())
    party = [("vera", 1)]
    s, events = new_game_events(scn, party, 5)
    app, play = play_app(tmp_path, s, party, events=events)
    drawn: list[str] = []
    real_text, real_block = T.text, T.text_block

    def text(surf, t, *a, **k):
        drawn.append(str(t))
        return real_text(surf, t, *a, **k)

    def block(surf, t, *a, **k):
        drawn.append(str(t))
        return real_block(surf, t, *a, **k)

    monkeypatch.setattr(T, "text", text)
    monkeypatch.setattr(T, "text_block", block)
    app.step([], 0.05)
    assert play.view.dialog_rect is not None and any("BEHAVIOUR DECK" in t for t in drawn)
    assert not [t for t in drawn if "R-BOSS" in t or "R-STAND" in t or "R-IBOX" in t]
    app.set_setting("show_rule_ids", True)
    try:
        drawn.clear()
        app.step([], 0.05)
        assert "R-BOSS-7" in drawn and "R-STAND-3" in drawn
    finally:
        app.set_setting("show_rule_ids", False)


def test_why_not_attack_the_boss_says_the_once():
    """Played: "You cannot attack the The Burrower: out of range ..."; the article is said once."""
    from game.ui.whynot import why_not_enemy

    s = boss_game()
    c = s.active_char
    c.pos = (0, 0)  # on the boss's tile, too far for the Knife (her only weapon here)
    c.inventory = [sl for sl in c.inventory if all(s.cards[u].defn != "handgun" for u in sl)]
    s.cache.clear()  # the legal actions of this step were listed with the Handgun
    boss = next(e for e in s.enemies if e.type == "burrower")
    msg = why_not_enemy(s, boss.uid)
    assert msg.startswith("You cannot attack the Burrower:") and "the The" not in msg, msg


def test_issue12_peek_with_a_physical_tension_deck_shows_no_card_of_the_engine(tmp_path):
    """R-TENSION-12 with "Draw from your own tension deck" on: the peek dialog shows three face-down
    cards and what to do at the table, never a card name from the engine's pile (whose order is not
    the table's); its Done button (or Enter) answers, and the engine's pile is unchanged."""
    from game.ui import theme as T

    s = narrative_game("radio_chatter")
    s.manual = ["tension"]
    pile = list(s.piles["tension"])
    names = {s.scenario.content.tension[s.cards[u].defn].name for u in pile}
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    key(app, pygame.K_RETURN)
    pk = app.top
    assert isinstance(pk, PeekDialog) and s.pending.kind == "peek" and pk.table == 3 and pk.cards == []
    T.SHOWN = []
    try:
        frames(app, 2)
        shown = list(T.SHOWN)
    finally:
        T.SHOWN = None
    assert any("top 3 cards of your tension deck" in t for t in shown)
    assert not any(n in t for t in shown for n in names), [t for t in shown if any(n in t for n in names)]
    assert pk.zones.find("card") is None
    click(app, pk.zones.find("done").rect.center)
    assert app.top is play and s.pending.kind == "act" and s.piles["tension"] == pile
    assert not any(n in ln.text for ln in play.ui.log for n in names)


def test_R_BOSS_12_the_behaviour_cards_lines_and_notes_follow_the_language(tmp_path):
    """R-BOSS-12 and issue 23: the behaviour card's lines come from the engine's message references and
    the notes under them (who evades, who is hit) are worded when drawn, so after a switch to Japanese
    neither the lines nor the notes stay English (both were English sentences before)."""
    from game import i18n
    from game.ui.boss import line_words, note_words

    if i18n.japanese_font() is None:
        pytest.skip("no Japanese font")
    s = boss_game()
    uid = next(u for u in s.piles["behaviour"] if s.cards[u].defn == "thrash")
    s.piles["behaviour"].remove(uid)
    s.piles["behaviour"].insert(0, uid)
    s.active_char.pos = (1, 1)
    rigged(s, [6] * 12)
    app, play = play_app(tmp_path, s)
    key(app, pygame.K_SPACE, n=1)
    key(app, pygame.K_SPACE, n=1)
    frames(app, 12)
    card = play.ui.boss.card
    assert card is not None and card.lines[0].notes
    assert line_words(card.lines[0]) == "Attack: Thrash" and "evades" in note_words(s, *card.lines[0].notes[0][:2])
    i18n.set_language("ja")
    try:
        ja = [line_words(ln) for ln in card.lines] + [note_words(s, w, d) for ln in card.lines for w, d, _c, _q in ln.notes]
        assert not any(word in " ".join(ja) for word in ("Attack", "evades", "is hit", "Move toward")), ja
    finally:
        i18n.set_language("en")
