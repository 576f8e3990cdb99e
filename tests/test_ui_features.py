"""UI for the engine features added after the first UI: item box dialog, danger track,
unexplored tokens, sustained effects, enemy hover cards, scenario choice, saves with extras.

Headless (SDL dummy driver), driven by posted input through App.step; boards built with
tests/kit.py so every element is on screen without a full-size map.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_content, load_scenario  # noqa: E402
from game.content.saves import read_save_extra  # noqa: E402
from game.engine.state import CardState, TokenState  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.choices import describe  # noqa: E402
from game.ui.menus import PartySetup  # noqa: E402
from game.ui.scenes.menu import ChoiceMenu  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.render import screenshot_board  # noqa: E402
from tests.kit import board, game, with_enemy  # noqa: E402
from tests.kit import sustained as _sus  # noqa: E402

MAP = board("AAAB", "AAAB", "CCCB", doors=[((2, 0), (3, 0))], open_doors=[((0, 1), (0, 2))],
            start={1: (0, 0), 2: (1, 0)}, colours={"B": "yellow", "C": "green"}, unexplored=("B",),
            spawns={"B": [(3, 2)]}, place=[("exit", (0, 2))])


from tests.conftest import play_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def tok(s, kind, pos, **props):
    t = TokenState(uid=s.new_uid("t"), kind=kind, pos=pos, props=props)
    s.tokens.append(t)
    return t


def click(app: App, pos, frames: int = 2) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    for _ in range(frames):
        app.step([], 0.5)


def zone(play: PlayScene, key: str, value=None):
    z = play.view.zones.find(key, value)
    assert z is not None, f"no '{key}' zone drawn; have {sorted({z.key for z in play.view.zones.items})}"
    return z


def option_zone(play: PlayScene, kind: str, item: str):
    for z in play.view.zones.items:
        if z.key == "option" and z.value is not None and z.value.kind == kind and z.value.item == item:
            return z
    raise AssertionError(f"no {kind} button for {item}")


def test_item_box_dialog_stash_then_take(tmp_path):
    """R-IBOX-2/3: Stash opens the dialog, Put moves the card into the box; Search the box,
    Take brings it back. The engine state changes only through the dialog's buttons."""
    s = game(MAP, intro=False)
    box = tok(s, "item_box", (1, 1))
    app, play = play_app(tmp_path, s)
    vera = s.active_char
    gun = next(u for sl in vera.inventory for u in sl if s.cards[u].defn == "handgun")
    s.cards[gun].ammo = 4
    click(app, zone(play, "stash").rect.center)
    assert s.pending.kind == "stash" and play.view.dialog_rect is not None
    click(app, option_zone(play, "put", gun).rect.center)
    assert [gun] in s.item_box and [gun] not in vera.inventory
    done = next(z for z in play.view.zones.items if z.key == "option" and z.value.kind == "done"
                and play.view.dialog_rect.contains(z.rect))  # the dialog's own Done button
    click(app, done.rect.center)
    assert s.pending.kind == "act" and play.view.dialog_rect is None
    # take it back: the side panel's Search offers the box
    click(app, zone(play, "search").rect.center)
    if isinstance(app.top, ChoiceMenu):
        i = next(i for i, (_, a) in enumerate(app.top.options) if a.target == box.uid)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + i, mod=0, unicode="")], 0.05)
    assert s.pending.kind == "take"
    app.step([], 0.05)
    click(app, option_zone(play, "take", gun).rect.center)
    assert [gun] in vera.inventory and s.item_box == [] and s.cards[gun].ammo == 4  # R-AMMO-2
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")], 0.05)
    assert s.pending.kind == "act" and s.actions_left == 2


def test_danger_track_shown_outside_the_intro_and_hidden_in_it(tmp_path):
    """R-DANGER-3 / DV-4: the track with its band in words; the Introduction has none."""
    s = game(MAP, intro=False)
    s.danger = 8
    app, play = play_app(tmp_path, s)
    tips = [z for z in play.view.zones.items if z.tip.startswith("City danger")]
    assert len(tips) == 1 and "8 of 17" in tips[0].tip and "High" in tips[0].tip
    r = tips[0].rect
    high = next(col for name, _, _, col in T.DANGER_BANDS if name == "HIGH")
    assert any(tuple(app.screen.get_at((x, y)))[:3] == high for x in range(r.left, r.right)
               for y in range(r.top, r.bottom))  # the marker's space is drawn in the band colour
    intro = load_scenario("intro")
    from game.engine import new_game

    si = new_game(intro, [("vera", 1), ("mateo", 2)], 3)
    app2, play2 = play_app(tmp_path, si, party=(("vera", 1), ("mateo", 2)))
    assert not [z for z in play2.view.zones.items if z.tip.startswith("City danger")]
    assert not [z for z in play2.view.zones.items if z.tip.startswith("Ink ribbons")]


def test_unexplored_token_drawn_for_an_unexplored_tile(tmp_path):
    """R-EXPLORE-1: an unexplored yellow tile carries a yellow token (with Y and one pip)."""
    s = game(MAP, intro=False)
    assert "B" not in s.explored
    view = screenshot_board(s, tmp_path / "u.png")
    img = pygame.image.load(str(tmp_path / "u.png"))
    r = view.unexplored_at["B"]
    assert s.scenario.board.tiles["B"].squares >= {view.layout.square_at(r.center)}
    fill = T.UNEXPLORED["yellow"][2]

    def near(c) -> bool:
        return all(abs(a - b) <= 12 for a, b in zip(c, fill))

    hits = sum(near(tuple(img.get_at((x, y)))[:3]) for x in range(r.left, r.right) for y in range(r.top, r.bottom))
    assert hits > r.width * r.height // 10
    s.explored.append("B")
    view2 = screenshot_board(s, tmp_path / "e.png")
    img2 = pygame.image.load(str(tmp_path / "e.png"))
    assert "B" not in view2.unexplored_at
    assert sum(near(tuple(img2.get_at((x, y)))[:3]) for x in range(r.left, r.right)
               for y in range(r.top, r.bottom)) < hits // 4


def test_enemy_hover_card_text(tmp_path):
    """R-ENEMY-1 / DV-6 / R-SPECIAL-2: hovering an enemy shows its reference card, whether its
    special is live, and for each of the active survivor's weapons whether it can attack and why not."""
    s = game(MAP, intro=False)
    s.tension_symbol, s.tension_symbol_known = "FANG", True
    z = with_enemy(s, "zombie", (2, 1))
    app, play = play_app(tmp_path, s)
    ctr = next(c for kind, mid, c, r in play.view.models if kind == "e" and mid == z.uid)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ctr, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    text = "\n".join(play.view.hover_lines)
    assert text.startswith("Zombie")
    assert "Threat 1" in text and "Move 1" in text and "HP 1" in text and "wounds 0" in text
    assert "Small base" in text
    assert "Basic — Grab" in text and "Special [FANG] — Bite" in text
    assert "LIVE: the tension symbol is FANG" in text
    assert "Knife — cannot: out of range" in text and "R-RANGE-2" not in text  # rule IDs hidden by default
    app.set_setting("show_rule_ids", True)  # the refusal's typed rule beside its words (issue 23)
    try:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(ctr[0] + 1, ctr[1]), rel=(1, 0), buttons=(0, 0, 0))], 0.05)
        assert "R-RANGE-2" in "\n".join(play.view.hover_lines)
    finally:
        app.set_setting("show_rule_ids", False)
    assert "Handgun — can attack" in text


def test_sustained_effects_shown_with_name_and_end(tmp_path):
    """R-SUST-1/4: a token next to the survivor (Jammed) and on the tile (Blackout), each with
    its name and when it ends; the cards beside the play area as chips."""
    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    s.core.sustain = _sus({
        "T:a": {"name": "Jammed", "char": "vera", "tile": "A", "seat": 0, "turn": s.turn, "ends": "end_of_turn"},
        "T:b": {"name": "Blackout", "char": "vera", "tile": "C", "seat": 0, "turn": s.turn, "ends": "end_of_turn"}})
    s.piles["tension_sustained"] = ["T:a", "T:b"]
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    tips = [z.tip for z in play.view.zones.items if z.tip.startswith("Sustained effect")]
    assert any("Jammed on Vera" in t and "until the end of Vera's next turn" in t for t in tips)
    assert any("Blackout on Tile C" in t and "line of sight only 1 square" in t for t in tips)
    assert len(tips) == 4  # a board token and a chip each


def test_scenario_picker_lists_every_scenario_and_starts_the_chosen_one(tmp_path):
    surf = pygame.Surface((1280, 720))
    app = App(surf, save_dir=tmp_path)
    app.step([])
    click(app, app.top.zones.find("new").rect.center, 0)
    setup = app.top
    assert isinstance(setup, PartySetup)
    # with many briefs the picker is a stepper (< name >): stepping through it offers every one
    every = set(load_content().scenarios)
    ids: set = set()
    for _ in range(len(every) + 1):
        ids |= {z.value for z in setup.zones.items if z.key == "scenario"}
        if setup.zones.find("scenario", "intro") is not None:
            break
        nxt = [z for z in setup.zones.items if z.key == "scenario"][-1]
        click(app, nxt.rect.center, 0)
    for _ in range(len(every)):
        if ids == every:
            break
        nxt = [z for z in setup.zones.items if z.key == "scenario"][-1]
        click(app, nxt.rect.center, 0)
        ids |= {z.value for z in setup.zones.items if z.key == "scenario"}
    assert ids == every
    while setup.zones.find("scenario", "intro") is None:
        click(app, [z for z in setup.zones.items if z.key == "scenario"][-1].rect.center, 0)
    click(app, setup.zones.find("scenario", "intro").rect.center, 0)
    click(app, setup.zones.find("start").rect.center, 0)
    assert isinstance(app.top, PlayScene) and app.top.state.scenario_id == "intro"
    # the log starts with the engine's own set-up line (new_game_events)
    assert app.top.ui.log[0].rule == "R-SCEN-3" and "set-up done" in app.top.ui.log[0].text


def test_save_keeps_bots_and_map_and_continue_restores_them(tmp_path):
    intro = load_scenario("intro")
    surf = pygame.Surface((1280, 720))
    app = App(surf, save_dir=tmp_path)
    play = app.start_game([("vera", 1), ("mateo", 2)], ["human", "bot"], seed=5, scenario=intro)
    from game.content.loader import ROOT

    mp = str(ROOT / "maps" / "intro.tmx")  # as if started with --map maps/intro.tmx
    app.save(play.state, play.party, play.controllers, mp)
    extra = read_save_extra(app.save_path())
    assert extra == {"map": mp, "controllers": ["human", "bot"], "names": []}  # no names typed
    cont = app.continue_game()
    assert cont.controllers == ["human", "bot"] and cont.map_path == mp and cont.state.same_as(play.state)
    app.save(play.state, play.party, ["bot", "human"], None)  # no override: the brief's own map
    cont = app.continue_game()
    assert cont.controllers == ["bot", "human"] and not cont.map_path


def test_herb_stack_is_one_row_with_both_icons(tmp_path):
    s = game(MAP, intro=False)
    s.cards["H1"] = CardState(uid="H1", defn="green_herb", deck="A")
    s.cards["H2"] = CardState(uid="H2", defn="red_herb", deck="A")
    s.active_char.inventory.append(["H1", "H2"])
    app, play = play_app(tmp_path, s)
    rows = [z for z in play.view.zones.items if z.key == "item_info" and z.value == "H1"]
    assert len(rows) == 1 and not [z for z in play.view.zones.items if z.key == "item_info" and z.value == "H2"]


def test_random_clicks_on_a_board_with_every_new_element(tmp_path):
    """Random clicks on whatever is drawn (dialogs, box, typewriter, barrel, corpse, sustained
    tokens), random keys: no exception, and the engine always waits on a decision."""
    import random

    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    tok(s, "item_box", (1, 1))
    tok(s, "typewriter", (2, 1))
    tok(s, "barrel", (2, 2))
    tok(s, "corpse", (1, 2))
    tok(s, "fire", (0, 1))
    with_enemy(s, "zombie", (3, 1))
    s.danger = 13
    card = s.piles["tension"].pop()  # a real card lies beside the play area (R-SUST-2)
    s.core.sustain = _sus({card: {"name": "Frenzy", "char": "vera", "tile": "B", "seat": 0, "turn": s.turn,
                                 "ends": "end_of_turn"}})
    s.piles["tension_sustained"] = [card]
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    rng = random.Random(3)
    keys = [pygame.K_SPACE, pygame.K_1, pygame.K_2, pygame.K_ESCAPE]
    for _ in range(200):
        top = app.top
        zones = getattr(getattr(top, "view", None), "zones", None) or top.zones
        if rng.random() < 0.8 and zones.items:
            z = rng.choice(zones.items)
            if z.key in ("menu", "quit"):
                continue
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=z.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)]
        else:
            events = [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="")]
        app.step(events, rng.choice([0.016, 0.3]))
        assert app.running
        if not s.over:
            assert s.pending is not None


def test_R_EASY_6_ribbon_exchange_button_asks_how_many_cards(tmp_path):
    """R-EASY-6 brief hook on screen: the side panel's Ribbon button spends an ink ribbon; outside
    easy mode a menu asks how many tension cards go back (min..max), in easy mode none does."""
    for easy in (False, True):
        s = game(MAP, intro=False, easy=easy, tension_reshuffle=False, ribbon_exchange={"max_cards": 3, "min_cards": 2})
        s.piles["tension_discard"], s.piles["tension"] = s.piles["tension"][:5], s.piles["tension"][5:]
        s.ink_ribbons = 1
        s.touch()
        draw = len(s.piles["tension"])
        app, play = play_app(tmp_path, s)
        click(app, zone(play, "ribbons").rect.center)
        if easy:
            assert s.pending.kind == "act" and len(s.piles["tension"]) == draw + 3
            continue
        assert s.pending.kind == "ribbon_cards"
        picks = [z for z in play.view.zones.items if z.key == "option" and z.value is not None and z.value.kind == "pick"]
        assert sorted(z.value.n for z in picks) == [2, 3]
        assert describe(s, picks[0].value).endswith(" tension cards back into the draw pile")  # n >= 2 here
        click(app, next(z for z in picks if z.value.n == 3).rect.center)
        assert s.pending.kind == "act" and len(s.piles["tension"]) == draw + 3 and s.ink_ribbons == 0
