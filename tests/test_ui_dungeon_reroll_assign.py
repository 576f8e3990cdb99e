"""Issue 26 leftover: the Lucky Knucklebone's reroll buttons (16.4 I-10) and the barrage hit
assignment buttons (D-KEY-14/15) on the dungeon's play screen had no test. Here a person clicks
them: the screen offers one button per legal choice worded by the catalogue (English and
Japanese), the click takes exactly that choice, and the dice panel then shows the new roll."""
from __future__ import annotations

import pygame

from game.content.dungeon_pack import dungeon_scenario
from game.engine.actions import make_typed
from game.engine.api import apply
from game.ui.app import App
from game.ui.dungeon.play import DungeonPlay
from tests.dungeon_fight_kit import seed_with
from tests.dungeon_kit import enemy, hero, ok, position
from tests.ui_kit import SIZE, japanese_dir, post_click, shown_text

SR = dungeon_scenario("sunken_reliquary")


def _screen(tmp_path, s, party, ja: bool = False) -> tuple[App, DungeonPlay]:
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path) if ja else tmp_path)
    play = DungeonPlay(app, s, party, ["human"] * len(party))
    app.stack = [play]
    play.enter(app)
    for _ in range(40):  # until nothing is being shown any more
        app.step([], 0.2)
        if not play.show.busy:
            break
    return app, play


def _button(play: DungeonPlay, action):
    z = next((z for z in play.zones.items if z.key == "act" and z.value == action), None)
    assert z is not None, f"no button for {action}: {[(z.key, z.value) for z in play.zones.items]}"
    return z


def _uid_at(s, pos):
    return next(e.uid for e in s.dungeon.enemies if tuple(e.pos) == pos)


def test_the_knucklebone_reroll_buttons_reroll_the_die_clicked(tmp_path):
    """16.4 I-10: after Brannoc's attack roll [1, 1] the screen offers 'Reroll die 1', 'Reroll die 2'
    and 'Keep the roll'; clicking 'Reroll die 2' rerolls that die (a 6: a critical) and uses the
    Knucklebone up."""
    party = [("brannoc", "warbrand", "battle_surge")]
    s = position(SR, heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", items=["i1-lucky_knucklebone"])],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(1, 1, 6))
    ok(apply(s, make_typed("dattack", seat=0, how="melee", target=_uid_at(s, (2, 3)))))
    assert s.pending.kind == "dreroll"
    app, play = _screen(tmp_path, s, party)
    text = " | ".join(shown_text(app))
    assert "Reroll die 1" in text and "Reroll die 2" in text and "Keep the roll" in text
    post_click(app, _button(play, make_typed("dreroll", seat=0, n=1)).rect.center)
    for _ in range(60):
        app.step([], 0.2)
    h = play.state.dungeon.heroes[0]
    assert h.items == []  # used up
    assert play.state.pending.kind != "dreroll"
    assert any(k == "reroll" for k, _line in play.show.log), play.show.log
    assert any(k == "critical" for k, _line in play.show.log)  # the rerolled 6 (16.4 I-10)
    roll = next(e for e in play.show.rolls if e.kind == "attack_roll")  # the dice panel: the roll as rerolled
    assert roll.data["faces"] == [1, 6]


def test_keep_the_roll_keeps_it_and_the_knucklebone(tmp_path):
    party = [("brannoc", "warbrand", "battle_surge")]
    s = position(SR, heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", items=["i1-lucky_knucklebone"])],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(1, 1, 6))
    ok(apply(s, make_typed("dattack", seat=0, how="melee", target=_uid_at(s, (2, 3)))))
    app, play = _screen(tmp_path, s, party)
    post_click(app, _button(play, make_typed("dreroll", seat=0, n=-1)).rect.center)
    for _ in range(40):
        app.step([], 0.2)
    assert play.state.dungeon.heroes[0].items == ["i1-lucky_knucklebone"]
    assert not any(k == "reroll" for k, _line in play.show.log)


def test_the_barrage_buttons_give_each_hit_die_the_target_clicked_in_japanese_too(tmp_path):
    """D-KEY-14/15: Ysolde's Ember Rod (barrage) rolls [6, 6]; the screen asks for die 1's target,
    then die 2's, with one button per legal enemy; the hits land where they were sent."""
    party = [("ysolde", "ember_rod", "mending_rite")]
    s = position(SR, heroes=[hero("ysolde", (2, 3), "ember_rod", "mending_rite")],
                 enemies=[enemy("green", 2, (2, 1)), enemy("green", 2, (0, 1))], seed=seed_with(6, 6))
    a, b = _uid_at(s, (2, 1)), _uid_at(s, (0, 1))
    ok(apply(s, make_typed("dattack", seat=0, how="ranged", target=a)))
    assert s.pending.kind == "dassign"
    app, play = _screen(tmp_path, s, party)
    text = " | ".join(shown_text(app))
    assert "Hit die 1 on" in text
    labels = [z.value for z in play.zones.items if z.key == "act"]
    assert {x.target for x in labels} == {a, b} and {x.n for x in labels} == {0}
    post_click(app, _button(play, make_typed("dassign", seat=0, n=0, target=a)).rect.center)
    app.step([], 0.2)
    assert play.state.pending.kind == "dassign"
    assert {z.value.n for z in play.zones.items if z.key == "act"} == {1}
    post_click(app, _button(play, make_typed("dassign", seat=0, n=1, target=b)).rect.center)
    for _ in range(40):
        app.step([], 0.2)
    lives = {tuple(e.pos): e.life for e in play.state.dungeon.enemies}
    assert lives == {(2, 1): 1, (0, 1): 1}  # one critical each


def test_the_barrage_and_reroll_buttons_are_worded_in_japanese(tmp_path):
    party = [("ysolde", "ember_rod", "mending_rite")]
    s = position(SR, heroes=[hero("ysolde", (2, 3), "ember_rod", "mending_rite", items=["i1-lucky_knucklebone"])],
                 enemies=[enemy("green", 2, (2, 1)), enemy("green", 2, (0, 1))], seed=seed_with(6, 6))
    ok(apply(s, make_typed("dattack", seat=0, how="ranged", target=_uid_at(s, (2, 1)))))
    app, play = _screen(tmp_path, s, party, ja=True)
    text = " | ".join(shown_text(app))
    buttons = [z for z in play.zones.items if z.key == "act"]
    assert buttons and "Reroll" not in text and "Hit die" not in text and "Keep the roll" not in text
    import os

    if os.environ.get("DUI_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["DUI_SHOTS"], "dungeon_reroll_ja.png"))
