"""Issue 26 item 4: the dungeon crawl in the window (game/ui/dungeon).

A whole dungeon is played to victory through the screen: every decision is the dungeon bot's choice,
but it is made by clicking what the screen drew for it (a lit square, a ringed enemy die, a button, a
hero's pawn), so each test fails when the screen stops offering a legal action. Along the way the
tests check what a player sees: every roll's dice are drawn with the faces the engine rolled, the
next map cards of the sequence and the face-down item deck are never named on screen (hidden
information), the victory screen comes up, in English and in Japanese. Screenshots go beside the
test (and to $DUI_SHOTS when set), looked at when written.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from game.ai.dungeon_bot import DungeonBot, party
from game.content.dungeon_pack import dungeon_pack
from game.engine import View
from game.ui.app import App
from game.ui.dungeon import hud
from game.ui.dungeon.play import DungeonEnd, DungeonPlay, start_dungeon
from game.ui.dungeon.builder import HeroBuilder
from game.ui.dungeon.setup import DungeonSetup
from game.ui.modes import kit_for
from tests.ui_kit import SIZE, japanese_dir, post_click, shown_text

SEED = 3  # the Sunken Reliquary with the two default heroes (the game most tests here look at)
#: the seed of the whole games played to victory: the bot (minor actions off) wins it in round 11 (with
#: START's second green die, docs/balance.md; at SEED it now loses in round 10)
VICTORY_SEED = 0


def _shot(app: App, tmp_path: Path, name: str) -> None:
    pygame.image.save(app.screen, str(tmp_path / name))
    out = os.environ.get("DUI_SHOTS")
    if out:
        pygame.image.save(app.screen, str(Path(out) / name))


def _zone_for(play: DungeonPlay, a) -> object | None:
    """The zone the screen drew for legal action ``a`` (a square for a Move, the die for an attack)."""
    for z in play.zones.items:
        if z.key == "act" and z.value == a:
            return z
        if a.kind == "dmove" and z.key == "sq" and tuple(z.value) == tuple(a.to):
            return z
        if a.kind == "dattack" and z.key == "enemy" and z.value == a.target:
            return z
    return None


def _click_action(app: App, play: DungeonPlay, a) -> None:
    """Take legal action ``a`` the way a player does: its zone on the board or its button, or its kind's
    button and then the option in the list it opens (or the square it lights on the board)."""
    from game.ui.scenes.menu import ChoiceMenu

    z = _zone_for(play, a)
    if z is not None:
        post_click(app, z.rect.center)
        return
    g = play.zones.find("group", a.kind)
    assert g is not None, f"the screen offers no way to {a} (zones: {[(x.key, x.value) for x in play.zones.items]})"
    post_click(app, g.rect.center)
    app.step([], 0.05)
    if isinstance(app.top, ChoiceMenu):
        i = next(i for i, (_label, v) in enumerate(app.top.options) if v == a)
        menu = app.top
        while menu.zones.find("opt", i) is None:  # a later page
            menu.page += 1
            app.step([], 0.05)
        post_click(app, menu.zones.find("opt", i).rect.center)
    else:
        post_click(app, play.zones.find("pick_sq", tuple(a.to)).rect.center)


def _play_through(app: App, play: DungeonPlay, tmp_path: Path, tag: str, frames: int = 4000) -> dict:
    """Play ``play`` to its end by clicking what the bot would choose; returns what was seen."""
    bot = DungeonBot(VICTORY_SEED, minors=False)  # (the game the bot wins at this seed; buying is tested on its own)
    pack = dungeon_pack()
    defn = play.state.scenario.defn
    seen = {"rolls": [], "clicks": 0, "shots": [], "hidden_shown": []}
    hud.DRAWN = []
    shots_at = {"first_enemy_turn": False, "attack": False, "explore": False}
    for _ in range(frames):
        s = play.state
        if View(s).result is not None and isinstance(app.top, DungeonEnd):
            break
        app.step([], 0.1)
        if app.top is not play:
            continue
        now = play.show.now
        if now is not None and now.kind == "attack_roll" and not shots_at["attack"]:
            app.step([], 0.0)
            _shot(app, tmp_path, f"dungeon_{tag}_attack.png")
            shots_at["attack"] = True
        if now is not None and now.kind == "enemy_turn" and not shots_at["first_enemy_turn"] and play.show.banner:
            _shot(app, tmp_path, f"dungeon_{tag}_enemy_phase.png")
            shots_at["first_enemy_turn"] = True
        if now is not None and now.kind in ("attack_roll", "skill") and (now.data or {}).get("faces"):
            seen["rolls"].append(list(now.data["faces"]))
        p = s.pending
        if p is None or play.show.busy or p.kind == "minor_enemy":
            continue
        a = bot.choose(s)
        before = len(s.record)
        _click_action(app, play, a)
        assert len(s.record) == before + 1 and s.record[-1]["kind"] == a.kind, (a, s.record[-1:])
        seen["clicks"] += 1
        if seen["clicks"] % 7 == 0:  # hidden information: the cards still to come, the item deck
            text = " | ".join(shown_text(app))
            placed = {defn.cards[c.card].name for c in s.dungeon.cards}
            for cid in s.dungeon.sequence:
                name = defn.cards[cid].name
                if name and name not in placed and name in text:
                    seen["hidden_shown"].append(name)
            shown_items = set(s.dungeon.market) | {i for h in s.dungeon.heroes for i in h.items}
            for uid in s.dungeon.deck:
                name = pack.items[s.dungeon.item_defs[uid]].name
                if uid not in shown_items and not any(s.dungeon.item_defs[u] == s.dungeon.item_defs[uid] for u in shown_items) \
                        and name in text:
                    seen["hidden_shown"].append(name)
        if len(s.dungeon.cards) > 1 and not shots_at["explore"]:
            for _ in range(3):
                app.step([], 0.1)
            _shot(app, tmp_path, f"dungeon_{tag}_explored.png")
            shots_at["explore"] = True
    seen["drawn"] = [list(f) for f in hud.DRAWN]
    hud.DRAWN = None
    return seen


def _new_app(save_dir: Path) -> App:
    return App(pygame.Surface(SIZE), save_dir=save_dir)


def test_the_main_menu_offers_the_dungeon_and_its_setup_starts_a_game(tmp_path):
    app = _new_app(tmp_path)
    app.step([], 0.1)
    assert "Dungeon crawl" in shown_text(app)
    z = app.top.zones.find("mode:dungeon")  # the row of the dungeon's registration (game/ui/dungeon/mode.py)
    post_click(app, z.rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, DungeonSetup)
    text = " | ".join(shown_text(app))
    for d in dungeon_pack().scenarios.values():
        assert d.name in text  # every shipped dungeon offered, with its difficulty
    post_click(app, app.top.zones.find("players", 3).rect.center)
    post_click(app, app.top.zones.find("next").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, HeroBuilder)
    post_click(app, app.top.zones.find("start").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, DungeonPlay)
    assert View(app.top.state).rules == "dungeon" and len(app.top.state.dungeon.heroes) == 3
    assert kit_for(app.top.state).claims(app.top.state)  # the dungeon's kit is registered


def test_a_whole_dungeon_played_to_victory_in_the_window(tmp_path):
    """The must-show of issue 26 item 4 in English: the Sunken Reliquary to victory by clicks."""
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=VICTORY_SEED)
    app.stack = [play]
    play.enter(app)
    app.step([], 0.1)
    _shot(app, tmp_path, "dungeon_en_start.png")
    seen = _play_through(app, play, tmp_path, "en")
    assert View(play.state).result == "success"
    assert isinstance(app.top, DungeonEnd)
    app.step([], 0.1)
    text = " | ".join(shown_text(app))
    assert "VICTORY" in text and "The reliquary is won." in text
    f = app.top.figures  # counted by replaying the record, as the city's results are
    assert f["cards"] == len(play.state.dungeon.cards) - 1 and f["enemies"] >= 1
    assert f"{f['cards']} cards explored · {f['enemies']} enemies defeated" in text
    _shot(app, tmp_path, "dungeon_en_victory.png")
    assert seen["clicks"] > 20
    # every roll's dice were drawn with the faces the engine rolled
    assert seen["rolls"], "no roll was shown"
    for faces in seen["rolls"]:
        assert faces in seen["drawn"], f"the roll {faces} was never drawn"
    assert seen["hidden_shown"] == [], f"hidden cards named on screen: {seen['hidden_shown']}"


@pytest.mark.skipif(not __import__("game.i18n", fromlist=["japanese_font"]).japanese_font(), reason="no Japanese font")
def test_a_whole_dungeon_played_to_victory_in_japanese(tmp_path):
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path))
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=VICTORY_SEED)
    app.stack = [play]
    play.enter(app)
    app.step([], 0.1)
    text = " | ".join(shown_text(app))
    assert "ラウンド 1/12" in text and "Round" not in text
    seen = _play_through(app, play, tmp_path, "ja")
    assert View(play.state).result == "success" and isinstance(app.top, DungeonEnd)
    app.step([], 0.1)
    text = " | ".join(shown_text(app))
    assert "勝利" in text and "VICTORY" not in text
    _shot(app, tmp_path, "dungeon_ja_victory.png")
    for faces in seen["rolls"]:
        assert faces in seen["drawn"]


def test_an_enemy_activation_says_what_it_goes_for_before_it_moves(tmp_path):
    """The enemy phase step by step: when an enemy's turn is shown, the banner is the engine's intent
    for that enemy (read before it acted), and its path is what it then walks."""
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["bot", "bot"], seed=SEED)
    app.stack = [play]
    play.enter(app)
    checked = 0
    for _ in range(1500):
        app.step([], 0.1)
        now = play.show.now
        if now is not None and now.kind == "enemy_turn":
            uid = now.data["enemy"]
            it = play.show.intents.get(uid)
            assert it is not None
            assert play.show.banner and play.show.banner in " | ".join(shown_text(app))
            nxt = next((e for e in play.show.queue if e.kind in ("enemy_move", "enemy_turn", "round")), None)
            if it["does"] == "act" and it["path"] and nxt is not None and nxt.kind == "enemy_move" and nxt.data["enemy"] == uid:
                assert [tuple(q) for q in nxt.data["path"]] == [tuple(q) for q in it["path"]]
                checked += 1
        if checked >= 3 or play.state.result is not None:
            break
    assert checked >= 3


def test_roll_marks_read_each_die_as_the_rules_did():
    """DungeonView.roll_marks (what the dice panel draws per die) agrees with the engine's own count
    of hits and criticals in every attack of a whole bot game (D-COMBAT-1/4/5), and with the
    successes of every skill check (D-SKILL-1)."""
    from game.engine.dungeon import DungeonView
    from game.content.dungeon_pack import dungeon_scenario
    from game.engine import apply, new_game

    s = new_game(dungeon_scenario("sunken_reliquary"), party(2), SEED)
    bot, attacks, checks = DungeonBot(SEED), 0, 0
    while View(s).result is None:
        for e in apply(s, bot.choose(s)):
            marks = DungeonView.roll_marks(e)
            if e.kind == "attack_roll":
                assert sum(m["hit"] for m in marks) == e.data["hits"]
                assert sum(m["critical"] for m in marks) == e.data["criticals"]
                attacks += 1
            elif e.kind == "skill":
                assert (sum(m["hit"] for m in marks) >= e.data["target"]) == e.data["success"]
                checks += 1
    assert attacks > 10 and checks >= 1


def _builder(tmp_path, n: int = 3):
    app = _new_app(tmp_path)
    app.stack = [DungeonSetup(app)]
    app.step([], 0.1)
    post_click(app, app.top.zones.find("players", n).rect.center)
    post_click(app, app.top.zones.find("next").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, HeroBuilder)
    return app, app.top


def test_the_hero_builder_shows_each_face_and_the_rules_problems_before_confirming(tmp_path):
    """D-COMP-5/6: a card's second face is shown when flipped, with its own numbers; D-SETUP-3: an
    equipment whose REQUIRE the hero does not meet is named in red and the party cannot start;
    D-SETUP-4: a second hero on the same character is refused; the numbers are the rule set's."""
    app, b = _builder(tmp_path)
    text = " | ".join(shown_text(app))
    assert "Brannoc Hale" in text and "Warbrand" in text and "REQUIRES Might +2" in text
    post_click(app, b.zones.find("flip", 1).rect.center)  # Warbrand's second face
    app.step([], 0.1)
    text = " | ".join(shown_text(app))
    assert "Warbrand, notched" in text and "speed 2" in text  # the notched face: speed -1 (3 - 1)
    # the third hero takes the Hooked Glaive (REQUIRES Might +1); Ysolde has Might +0
    post_click(app, b.zones.find("seat", 2).rect.center)
    post_click(app, b.zones.find("next", 1).rect.center)
    app.step([], 0.1)
    assert b.party[2][1] == "glaive"
    text = " | ".join(shown_text(app))
    assert "The equipment requires Might +1; character and ability give +0." in text
    post_click(app, b.zones.find("start").rect.center)
    app.step([], 0.1)
    assert app.top is b and "The rules refuse this party yet: see the red lines." in " | ".join(shown_text(app))
    # a second Brannoc: refused (D-SETUP-4)
    b.party[2] = ["brannoc", "oathguard", "mending_rite"]
    app.step([], 0.1)
    assert "Brannoc Hale is already another hero's character: each character once." in " | ".join(shown_text(app))
    b.party[2] = ["ysolde", "ember_rod", "mending_rite"]
    post_click(app, b.zones.find("start").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, DungeonPlay)
    heroes = app.top.state.dungeon.heroes
    assert heroes[0].equipment == "warbrand" and heroes[0].faces[1] == 1  # the face chosen is the one played
    _shot(app, tmp_path, "dungeon_builder_started.png")


def test_undo_takes_back_a_move_until_something_is_revealed(tmp_path):
    """A Move that explores nothing can be taken back (the hero is where it was); a roll closes the
    window (game.ui.undo, as in the city)."""
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=SEED)
    app.stack = [play]
    play.enter(app)
    for _ in range(30):
        app.step([], 0.1)
    if play.state.pending.kind == "turn_order":
        post_click(app, next(z for z in play.zones.items if z.key == "act").rect.center)
    for _ in range(10):
        app.step([], 0.1)
    v = View(play.state)
    seat = v.active_seat
    h = play.state.dungeon.heroes[seat]
    start = tuple(h.pos)
    from game.engine.dungeon import DungeonView
    unexplored = set(DungeonView(play.state).unexplored())
    z = next(z for z in play.zones.items if z.key == "sq" and tuple(z.value) not in unexplored)
    post_click(app, z.rect.center)
    assert tuple(play.state.dungeon.heroes[seat].pos) == tuple(z.value)
    for _ in range(10):
        app.step([], 0.1)
    post_click(app, play.zones.find("undo").rect.center)
    assert tuple(play.state.dungeon.heroes[seat].pos) == start


def test_f1_opens_the_dungeons_rulebook_sections_in_both_languages(tmp_path):
    """F1 on the dungeon's screen opens its own section (the kit's), the enemy section over an enemy;
    both exist in English and Japanese with the same ids (test_i18n checks the rest)."""
    from game.ui.rulebook import RulebookScene, rulebook
    from tests.ui_kit import press

    for sid in ("dungeon", "dungeon_combat", "dungeon_enemies"):
        assert sid in rulebook("en").sections and sid in rulebook("ja").sections
    assert rulebook("en").section_for_rule("D-COMBAT-4").id == "dungeon_combat"
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=SEED)
    app.stack = [play]
    play.enter(app)
    app.step([], 0.1)
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulebookScene) and app.top.current == "dungeon"
    app.step([], 0.1)
    assert "Dungeon: heroes and map" in " | ".join(shown_text(app))
    press(app, pygame.K_ESCAPE)
    for _ in range(20):  # the set-up's enemy placing is shown first
        app.step([], 0.1)
    z = play.zones.find("enemy")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=z.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.1)
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulebookScene) and app.top.current == "dungeon_enemies"


def test_the_tutorial_steps_point_at_what_to_click_once_each(tmp_path):
    """The dungeon's tutorial steps (tips on, as the set-up offers for a first game): the turn order
    step first, gone once the players pick; then the move step; the enemy-phase step in the enemy phase."""
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=SEED, tips=True)
    app.stack = [play]
    play.enter(app)
    for _ in range(20):
        app.step([], 0.1)
    text = " | ".join(shown_text(app))
    assert "Tutorial: the heroes' phase has no fixed order." in text
    _shot(app, tmp_path, "dungeon_tutorial_order.png")
    post_click(app, next(z for z in play.zones.items if z.key == "act").rect.center)
    for _ in range(10):
        app.step([], 0.1)
    text = " | ".join(shown_text(app))
    assert "heroes' phase has no fixed order" not in text and "Tutorial: the lit squares" in text
    bot = DungeonBot(SEED)
    for _ in range(600):  # play on (the bot's choices by the screen's buttons) to the enemy phase
        app.step([], 0.1)
        s = play.state
        if s.phase == "enemy" and play.show.busy:
            break
        if play.show.busy or s.pending.kind == "minor_enemy":
            continue
        _click_action(app, play, bot.choose(s))
    app.step([], 0.1)
    assert play.coach.current == "enemy" and "Tutorial: in the enemy phase each die acts in turn." in " | ".join(shown_text(app))
    _shot(app, tmp_path, "dungeon_tutorial_enemy.png")


def test_a_dungeon_saved_in_play_continues_from_the_setup_screen_and_a_damaged_save_is_named(tmp_path):
    """Saves as in the city: the game saves itself as each round begins and on 'Save and quit'; the
    dungeon's set-up offers to continue it; the continued game is the same position (its record
    replayed and checked by the save path); a damaged save is not offered and its reason is shown."""
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "bot"], seed=SEED)
    app.stack = [play]
    play.enter(app)
    bot = DungeonBot(SEED, minors=False)
    for _ in range(400):
        app.step([], 0.1)
        s = play.state
        if s.dungeon.round >= 2 and s.pending is not None and s.pending.kind == "act" and not play.show.busy:
            break
        if play.show.busy or s.pending.kind == "minor_enemy" or not play.is_human(s.pending.seat):
            continue
        _click_action(app, play, bot.choose(s))
    assert play.state.dungeon.round >= 2
    assert play.save_now() == ""
    step, record = play.state.step, list(play.state.record)
    app2 = _new_app(tmp_path)
    app2.stack = [DungeonSetup(app2)]
    app2.step([], 0.1)
    assert "Continue: The Sunken Reliquary" in " | ".join(shown_text(app2))
    post_click(app2, app2.top.zones.find("continue").rect.center)
    app2.step([], 0.1)
    assert isinstance(app2.top, DungeonPlay)
    again = app2.top
    import json

    assert again.state.step == step and json.loads(json.dumps(again.state.record)) == json.loads(json.dumps(record))
    assert again.controllers == ["human", "bot"]
    assert again.show.log, "the continued game's log shows its last events"
    # a damaged save: not offered, the reason shown, the screen still works
    (tmp_path / "dungeon_save.json").write_text('{"version": 1, "state": ')
    (tmp_path / "dungeon_save.prev.json").unlink(missing_ok=True)
    for f in tmp_path.glob("dungeon_save*"):
        if f.name != "dungeon_save.json":
            f.unlink()
    app3 = _new_app(tmp_path)
    app3.stack = [DungeonSetup(app3)]
    app3.step([], 0.1)
    text = " | ".join(shown_text(app3))
    assert "Continue:" not in text and "The saved dungeon is damaged and not offered" in text


def test_minor_actions_buying_and_abilities_are_taken_through_their_buttons(tmp_path):
    """D-ACT-5 / D-ITEM-1: with the bot's minor actions on (it buys and uses abilities), a whole game
    is played through the screen: each minor action by its kind's button and the list or the board
    squares it opens, every buy also shown in the market; the game reaches its end."""
    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=SEED)
    app.stack = [play]
    play.enter(app)
    bot = DungeonBot(SEED)
    minors: list[str] = []
    for _ in range(5000):
        app.step([], 0.1)
        s = play.state
        if s.result is not None or app.top is not play:
            if s.result is not None:
                break
            continue
        if play.show.busy or s.pending.kind == "minor_enemy":
            continue
        a = bot.choose(s)
        if a.kind == "dbuy":  # the item is on the market panel the player buys from
            assert play.zones.find("buy", a.item) is not None
        before = len(s.record)
        _click_action(app, play, a)
        assert len(s.record) == before + 1 and s.record[-1]["kind"] == a.kind
        if a.kind in ("dbuy", "dsurge", "dfleet", "dmend", "dspark", "duse"):
            minors.append(a.kind)
    assert play.state.result is not None
    assert minors, "the bot took no minor action"


def test_the_board_zooms_with_the_wheel_and_its_squares_stay_inside_its_frame(tmp_path):
    """A grown dungeon gets small: the wheel zooms the board (up to 3x), a right-drag moves it, 0 shows
    the whole map again; zoomed in, no square's zone reaches outside the board's frame (a click on
    the log or the side panel never moves a hero)."""
    from game.ui.dungeon.play import BOARD
    from tests.ui_kit import press

    app = _new_app(tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=SEED)
    app.stack = [play]
    play.enter(app)
    for _ in range(20):
        app.step([], 0.1)
    cell = play.geo.cell
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=BOARD.center, rel=(0, 0), buttons=(0, 0, 0))], 0.0)
    for _ in range(8):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.0)
    assert play.zoom == 3.0 and play.geo.cell > cell
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=BOARD.center, button=3)], 0.0)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(BOARD.centerx + 200, BOARD.centery), rel=(200, 0),
                                 buttons=(0, 0, 1))], 0.0)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=BOARD.center, button=3)], 0.1)
    assert play.pan[0] == 200
    for z in play.zones.items:
        if z.key in ("sq", "enemy", "pick_sq"):
            assert BOARD.contains(z.rect), z
    press(app, pygame.K_0)
    app.step([], 0.1)
    assert play.zoom == 1.0 and play.pan == (0, 0) and play.geo.cell == cell
