"""Rules that explain themselves (issue 23 item 2): why a probe is refused comes from the engine
(game.engine.explain through View) as a code and data; the UI only words it. Removing a rule's check
from the engine makes its reason disappear from the screen (the UI keeps no copy), and the reasons
agree with the legal actions."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import explain, legal_actions  # noqa: E402
from game.engine.query import View  # noqa: E402
from game.ui import whynot  # noqa: E402
from tests.kit import board, game, with_enemy  # noqa: E402
from tests.ui_kit import play_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

# a 6x3 room with a wall between (0,0) and (1,0) and a wall segment that hides (5,2) from (0,0)
ROOM = board("AAAAAA", "AAAAAA", "AAAAAA", walls=[((0, 0), (1, 0)), ((4, 2), (5, 2)), ((4, 1), (5, 1))],
             start={1: (0, 0)}, place=[("exit", (5, 0))])
# two rooms, a closed door between (2, 0) and (3, 0), a barricade between (2, 1) and (3, 1)
ROOMS = board("AAAB", "AAAB", "AAAB", doors=[((2, 0), (3, 0))], barricades=[((2, 1), (3, 1))], start={1: (2, 0)})


def click_sq(app, play, sq, n=3):
    pos = play.view.layout.square_rect(sq).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    for _ in range(n):
        app.step([], 0.1)


def click_enemy(app, play, uid):
    e = next(c for kind, mid, c, r in play.view.models if kind == "e" and mid == uid)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=e, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=e, button=1)], 0.05)


def test_R_COMP_8_removing_the_capacity_check_removes_its_reason_from_the_screen(tmp_path, monkeypatch):
    s = game(ROOM)
    for _ in range(4):
        with_enemy(s, "zombie", (0, 1))
    s.touch()
    assert View(s).square_problem((0, 1)) == ("full", {"used": 4, "cap": 4})
    app, play = play_app(tmp_path, s)
    click_sq(app, play, (0, 1))
    assert play.ui.toast == "That square is full (4 of 4 units taken)."
    # the engine's R-COMP-8 check taken out: the screen no longer says the square is full
    monkeypatch.setattr(explain, "STEP_CHECKS", [c for c in explain.STEP_CHECKS if c is not explain._room])
    play.ui.toast = ""
    click_sq(app, play, (0, 1))
    assert "full" not in play.ui.toast and play.ui.toast == "You cannot move now: act here or end the phase."


def test_R_LOS_3_removing_the_sight_check_removes_its_reason_from_the_screen(tmp_path, monkeypatch):
    s = game(ROOM)
    hidden = with_enemy(s, "zombie", (5, 2))
    s.active_char.pos = (3, 2)
    s.touch()
    app, play = play_app(tmp_path, s)
    click_enemy(app, play, hidden.uid)
    assert "no line of sight" in play.ui.toast
    monkeypatch.setattr(explain, "TARGET_CHECKS", [c for c in explain.TARGET_CHECKS if c is not explain._in_sight])
    play.ui.toast = ""
    click_enemy(app, play, hidden.uid)
    # (the handgun no longer objects; the Knife's range is the reason left)
    assert "line of sight" not in play.ui.toast and play.ui.toast.startswith("You cannot attack the Zombie: out of range")


def test_R_ATK_3_target_reasons_agree_with_the_legal_attacks():
    """For every square of the room and each weapon Vera carries: an attack on a zombie there is legal
    exactly when View.target_problem has no objection (R-ATK-2/3, R-RANGE-2, R-LOS-3)."""
    for me in ((0, 0), (3, 2), (2, 1)):
        for sq in ROOM.square_tile:
            s = game(ROOM)
            s.active_char.pos = me
            z = with_enemy(s, "zombie", sq)
            s.touch()
            q = View(s)
            c = s.active_char
            for w in explain.weapons_of(q._r, c):
                legal = any(a.kind == "attack" and a.target == z.uid and a.item == w for a in legal_actions(s))
                assert legal == (q.target_problem(c, w, sq) is None), (me, sq, w, q.target_problem(c, w, sq))


def test_R_MOVE_1_square_reasons_agree_with_the_legal_moves():
    """Each square next to the survivor: a move there is legal exactly when View.square_problem has no
    objection (walls, wall corners, doors, barricades, full squares; R-MOVE-1/3/4, R-DOOR-1, R-BARR-2,
    R-COMP-8)."""
    s = game(ROOMS)
    for _ in range(4):
        with_enemy(s, "zombie", (1, 1))
    s.touch()
    q = View(s)
    me = tuple(s.active_char.pos)
    moves = {tuple(a.to) for a in legal_actions(s) if a.kind == "move"}
    seen = {}
    for sq in ROOMS.square_tile:
        if max(abs(sq[0] - me[0]), abs(sq[1] - me[1])) == 1:
            why = q.square_problem(sq)
            assert (sq in moves) == (why is None), (sq, why)
            seen[sq] = why and why.code
    assert seen[(3, 0)] == "door_closed" and seen[(1, 1)] == "full" and seen[(3, 1)] == "wall_corner"
    s.active_char.pos = (2, 1)
    s.touch()
    assert View(s).square_problem((3, 1)) == ("barricade", {})


def test_R_DOOR_5_and_R_SEARCH_1_reasons_carry_codes_not_sentences():
    s = game(ROOMS)
    q = View(s)
    c = s.active_char
    assert q.door_problem(c, (2, 0), (3, 0)) == ("door_closed", {})
    assert q.door_problem(c, (2, 0), (1, 0)) is None
    assert q.search_problem() is None  # nothing to search here


def test_every_reason_code_has_a_rule_and_ui_words():
    worded = (set(whynot.TARGET_WORDS) | set(whynot.SQUARE_WORDS) | set(whynot.ENEMY_WORDS)
              | set(whynot.SEARCH_WORDS) | set(whynot.TOKEN_WORDS) | set(whynot.ITEM_WORDS) | {"too_few_actions"})
    assert set(explain.RULE_OF) <= worded
    assert all(v.startswith(("R-", "DV-")) for v in explain.RULE_OF.values())


def test_R_BOSS_8_a_far_square_off_the_boss_tile_says_the_boss_holds_you():
    """Held on a living boss's tile, a square off it is refused for the boss, near or far (a far one once
    read "no open way leads there (closed doors, walls or full squares)")."""
    s = game(board("AAAABBBB", "AAAABBBB", arches=[((3, 0), (4, 0)), ((3, 1), (4, 1))], start={1: (0, 0)}))
    b = with_enemy(s, "burrower", (2, 1))
    s.core.boss = b.uid  # the living boss (R-BOSS-1)
    s.touch()
    q = View(s)
    assert q.held_by_boss(s.active_char)
    assert q.square_problem((6, 1)) == ("boss_holds", {})
    assert whynot.why_not_square(s, (6, 1)) == "No way out of the boss's tile until it is dead."
    assert q.square_problem((1, 1)) is None  # on its tile: a move


def test_R_BARREL_1_and_R_INK_4_a_barrel_or_typewriter_out_of_reach_says_why(tmp_path):
    """A click on a barrel the survivor cannot shoot, or a typewriter it cannot use, once did nothing;
    the engine's View.token_problem says why and the play screen words it."""
    from tests.kit import tok as with_token

    s = game(ROOM)
    far = with_token(s, "barrel", (5, 0))  # 5 squares: beyond the handgun's range
    tw = with_token(s, "typewriter", (3, 2))
    s.ink_ribbons = 0
    s.touch()
    q = View(s)
    assert q.token_problem(far.uid)[0] == "out_of_range" and q.token_problem(far.uid)[1]["barrel"] is True
    assert q.token_problem(tw.uid) == ("no_ribbons", {})
    app, play = play_app(tmp_path, s)
    for uid, words in ((far.uid, "You cannot shoot the explosive barrel: out of range: 5 squares, the Handgun reaches 2."),
                       (tw.uid, "No ink ribbon left to use the typewriter.")):
        box = next(r for u, r in play.view.token_zones if u == uid)
        play.ui.toast = ""
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1)], 0.05)
        assert play.ui.toast == words
    s.ink_ribbons = 1
    s.touch()
    assert View(s).token_problem(tw.uid) == ("not_near", {})


def test_R_USE_2_and_R_USE_4_why_an_item_cannot_be_used():
    """View.item_problem: ammo for a weapon not carried (R-USE-2), a weapon (used by attacking), a key
    (passive, R-USE-4), a card not carried; handgun ammo with the handgun carried is usable."""
    from tests.kit import card

    s = game(ROOMS)
    c = s.active_char
    shells = card(s, "X:shells", "shotgun_shells")
    key = card(s, "X:key", "storeroom_key")
    ammo = card(s, "X:ammo", "handgun_ammo")
    stray = card(s, "X:stray", "green_herb")
    c.inventory += [[shells], [key], [ammo]]
    s.touch()
    q = View(s)
    knife = next(u for slot in c.inventory for u in slot if s.cards[u].defn == "knife")
    assert q.item_problem(shells) == ("no_weapon_for_ammo", {"ammo": "Shotgun Shells", "fits": ["shotgun", "ranger_custom"]})
    assert q.item_problem(knife).code == "used_by_attacking"
    assert q.item_problem(key).code == "passive"
    assert q.item_problem(stray).code == "not_carried"
    assert q.item_problem(ammo) is None
    assert all(explain.RULE_OF[code].startswith("R-") for code in ("no_weapon_for_ammo", "passive", "not_carried"))


def test_R_USE_2_and_R_USE_4_the_inventory_row_says_why_an_item_cannot_be_used(tmp_path):
    """The item probe worded on screen (issue 23 item 2): hovering an inventory row of the survivor
    acting says why it cannot be used now (shells with no shotgun carried, R-USE-2; a key, R-USE-4),
    in English and Japanese; a usable item's row says nothing of the kind."""
    from game import i18n
    from tests.kit import card
    from tests.ui_kit import play_app, zones_of

    s = game(ROOMS)
    c = s.active_char
    shells, key, ammo = card(s, "X:shells", "shotgun_shells"), card(s, "X:key", "storeroom_key"), card(s, "X:ammo", "handgun_ammo")
    c.inventory += [[shells], [key], [ammo]]
    s.touch()
    app, play = play_app(tmp_path, s)
    tips = {z.value: z.tip for z in zones_of(app.top).items if z.key == "item_info" and z.value}
    assert "No weapon you carry takes the Shotgun Shells: it fits the Shotgun, Ranger Custom." in tips[shells]
    assert "works by being carried" in tips[key] and "R-USE" not in tips[ammo]
    assert whynot.why_not_item(s, ammo) == ""
    if i18n.japanese_font() is not None:
        i18n.set_language("ja")
        try:
            assert "carried" not in whynot.why_not_item(s, key) and "R-USE" not in whynot.why_not_item(s, key)
            from game.ui import ruleids

            ruleids.set_show_rule_ids(True)  # the reason's typed rule beside the Japanese words (issue 23)
            try:
                assert whynot.why_not_item(s, key).endswith(" (R-USE-4)")
            finally:
                ruleids.set_show_rule_ids(False)
        finally:
            i18n.set_language("en")
