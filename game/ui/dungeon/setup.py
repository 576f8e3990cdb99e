"""Starting a dungeon (issue 26 item 4): which dungeon (the shipped ones, with their difficulty and
story), how many heroes (D-OVR-1: 1-4) and who plays each (a person at this table or the bot), then
the heroes themselves (:mod:`.builder`) and the play screen.

The dungeons are read from the content pack (``game.content.dungeon_pack``); a broken pack is shown
as its error (file and place) and the menu stays.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...content.dungeon_pack import dungeon_pack, dungeon_scenario
from ...content.errors import ContentError
from ...i18n import N_, _, _f
from .. import theme as T
from ..errortext import error_text
from ..keys import MENU_KEYS
from ..scene import Command, PickScene, Pop, Push, Replace
from ..widgets import button, panel
from ...ai.dungeon_bot import party as default_party
from . import kit  # noqa: F401  (registers the dungeon's kit before its first game)
from . import saving
from .builder import HeroBuilder
from .play import DungeonPlay
from .words import content, seat_of_player

if TYPE_CHECKING:
    from ..app import App

CONTROLLERS = {"human": N_("Human"), "bot": N_("Bot")}


def continue_scene(app: "App") -> DungeonPlay:
    """The play screen of the saved dungeon (this screen's Continue and the main menu's, through the
    mode's save slot, :mod:`.mode`). Raises ContentError naming the file."""
    state, party, doc = saving.resume(app)
    play = DungeonPlay(app, state, party, list(doc.extra.controllers), names=list(doc.extra.names))
    play.resumed(party)
    return play


class DungeonSetup(PickScene):
    """Dungeon, number of heroes and who plays each; Next opens the hero builder."""

    def __init__(self, app: "App | None" = None):
        super().__init__()
        self.message = ""
        try:
            self.pack = dungeon_pack()
            self.ids = sorted(self.pack.scenarios, key=lambda i: (self.pack.scenarios[i].difficulty, i))
        except ContentError as ex:
            self.pack, self.ids = None, []
            self.message = error_text(ex)
        self.sid = "sunken_reliquary" if "sunken_reliquary" in self.ids else (self.ids[0] if self.ids else "")
        self.players = 2
        self.controllers = ["human", "human", "human", "human"]
        self.tips = True  # the tutorial steps (.coach), for a first game
        self.saved = saving.slot(app) if app is not None else None  # the dungeon in progress, if any

    def still_key(self, app: "App") -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the dungeon, party and seats chosen and the pointer; nothing moves."""
        return self.plain_key(app)

    def key(self, ev, app) -> Command:
        intent = MENU_KEYS.get(ev.key)
        if intent == "back":
            return Pop()
        if intent in ("up", "down") and self.ids:
            i = self.ids.index(self.sid) + (1 if intent == "down" else -1)
            self.sid = self.ids[i % len(self.ids)]
        elif intent == "confirm":
            return self.pick("next", None, app)
        elif pygame.K_1 <= ev.key <= pygame.K_4:
            self.players = ev.key - pygame.K_0
        return None

    def pick(self, key, value, app) -> Command:
        if key == "back":
            return Pop()
        if key == "dungeon":
            self.sid = value
        elif key == "players":
            self.players = value
        elif key == "continue":
            try:
                return Replace(continue_scene(app))
            except ContentError as ex:
                self.message = error_text(ex)
                return None
        elif key == "tips":
            self.tips = not self.tips
        elif key == "ctrl":
            self.controllers[value] = "bot" if self.controllers[value] == "human" else "human"
        elif key == "next" and self.sid:
            ctrl = self.controllers[: self.players]
            try:
                return Push(HeroBuilder(self.pack, dungeon_scenario(self.sid), default_party(self.players), ctrl,
                                        tips=self.tips))
            except (ContentError, KeyError) as ex:
                self.message = error_text(ex) if isinstance(ex, ContentError) else str(ex)
        return None

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        surf.fill(T.BG)
        T.text(surf, _("THE DUNGEON CRAWL"), (T.W // 2, 44), 32, T.ACCENT_HI, bold=True, anchor="center")
        T.text(surf, _("Build your heroes, explore card by card, lift the objective before the water rises."),
               (T.W // 2, 84), 16, T.MUTED, anchor="center")
        left = panel(surf, pygame.Rect(40, 120, 600, 500), _("Dungeon"))
        y = left.top + 28
        for sid in self.ids:
            d = self.pack.scenarios[sid]
            r = pygame.Rect(left.left, y, left.w, 60)
            sel = sid == self.sid
            button(surf, self.zones, r, "", "dungeon", sid, hover=self.mouse, selected=sel)
            T.text(surf, content(d.name), (r.left + 14, r.top + 8), 18, T.TEXT, bold=sel)
            T.text(surf, _f("difficulty {n} of 5  ·  {rounds} rounds", n=d.difficulty, rounds=d.round_limit),
                   (r.left + 14, r.top + 34), 14, T.MUTED)
            for k in range(d.difficulty):  # skulls: the difficulty as a picture too
                _skull(surf, (r.right - 24 - 22 * k, r.centery), T.ACCENT if sel else T.DIM)
            y += 68
        right = panel(surf, pygame.Rect(670, 120, 570, 500), _("Heroes"))
        story = self.pack.scenarios[self.sid].story if self.sid else ""
        T.text(surf, _("How many heroes?"), (right.left, right.top + 28), 17, T.TEXT, bold=True)
        for n in range(1, 5):
            button(surf, self.zones, pygame.Rect(right.left + 200 + (n - 1) * 60, right.top + 22, 50, 34), str(n),
                   "players", n, hover=self.mouse, selected=(n == self.players), size=18)
        for seat in range(self.players):
            yy = right.top + 80 + seat * 48
            T.text(surf, seat_of_player(None, seat), (right.left, yy + 8), 17, T.TEXT)
            button(surf, self.zones, pygame.Rect(right.left + 200, yy, 160, 36), _(CONTROLLERS[self.controllers[seat]]),
                   "ctrl", seat, hover=self.mouse, size=16)
        tip_r = pygame.Rect(right.left, right.top + 280, 36, 36)
        button(surf, self.zones, tip_r, "", "tips", hover=self.mouse, selected=self.tips)
        if self.tips:  # a tick in the box
            pygame.draw.lines(surf, T.OK, False, [(tip_r.left + 8, tip_r.centery), (tip_r.centerx - 2, tip_r.bottom - 9),
                                                  (tip_r.right - 7, tip_r.top + 8)], 4)
        T.text(surf, _("Tutorial tips during the game (for a first dungeon)"), (tip_r.right + 12, tip_r.centery), 16,
               T.TEXT, anchor="midleft")
        if story:
            T.text_block(surf, content(story), pygame.Rect(right.left, right.top + 330, right.w, 150), 15, T.MUTED)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(40, 630, 900, 40), 14, T.BAD)
        button(surf, self.zones, pygame.Rect(40, T.H - 62, 160, 44), _("Back"), "back", hover=self.mouse, size=17)
        if self.saved is not None and self.saved.status == "ok":
            name = self.pack.scenarios[self.saved.scenario_id].name if self.pack and self.saved.scenario_id in \
                self.pack.scenarios else self.saved.scenario_id
            button(surf, self.zones, pygame.Rect(T.W // 2 - 220, T.H - 62, 440, 44),
                   _f("Continue: {dungeon}", dungeon=content(name)), "continue", hover=self.mouse, size=17)
        elif self.saved is not None and self.saved.status == "damaged":
            T.text_block(surf, _f("The saved dungeon is damaged and not offered: {why}",
                                  why=error_text(self.saved.error) if self.saved.error else self.saved.reason),
                         pygame.Rect(T.W // 2 - 260, T.H - 66, 520, 50), 13, T.BAD)
        button(surf, self.zones, pygame.Rect(T.W - 260, T.H - 62, 220, 44), _("Choose heroes"), "next",
               hover=self.mouse, size=18, primary=True, enabled=bool(self.sid))


def _skull(surf: pygame.Surface, centre: tuple[int, int], col) -> None:
    """A small skull (a difficulty step)."""
    x, y = centre
    pygame.draw.circle(surf, col, (x, y - 2), 8)
    pygame.draw.rect(surf, col, (x - 5, y + 2, 10, 7), border_radius=2)
    pygame.draw.circle(surf, T.BG, (x - 3, y - 3), 2)
    pygame.draw.circle(surf, T.BG, (x + 3, y - 3), 2)


__all__ = ["DungeonSetup", "continue_scene"]
