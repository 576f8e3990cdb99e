"""The dungeon's replay viewer (issue 26 item 4: "saves and replays"): a game's record stepped
through one action at a time on the play screen's board, log and dice panel. The game is rebuilt
from its seed and party with the public API (``new_game_events``, ``apply``, ``recorded``), so the
replay is the game that was played; nobody can act in it.

Keys: Right or Space the next action, Left the one before (rebuilt from the start), Home the
start, End the last action, Esc back to where it was opened (the victory/defeat screen).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine import apply, new_game_events, recorded
from ...i18n import _, _f
from .. import theme as T
from ..scene import Command, Pop, left_click
from ..widgets import button, panel
from .hud import dice_panel, hero_rows
from .play import BOARD, DICE, SIDE, DungeonPlay
from .words import action_label

if TYPE_CHECKING:
    from ..app import App

#: the replay's controls: a bar along the board's bottom edge (its top holds the enemies' sentences);
#: the map is drawn above it, never under it
BAR = pygame.Rect(BOARD.left + 20, BOARD.bottom - 46, BOARD.w - 40, 40)
MAP = pygame.Rect(BOARD.left, BOARD.top, BOARD.w, BAR.top - 4 - BOARD.top)


class DungeonReplay(DungeonPlay):
    """A finished or saved dungeon game (``state``, with its ``party``) replayed step by step."""

    def __init__(self, app: "App", state: Any, party: list, names: list[str] | None = None):
        self.record = [dict(a) for a in state.record]
        self.scenario, self.seed = state.scenario, state.seed
        start, events = new_game_events(self.scenario, [tuple(p) for p in party], self.seed)
        super().__init__(app, start, party, ["replay"] * len(party), events=events, names=names)
        self.at = 0  # actions of the record applied so far

    def go(self, n: int) -> None:
        """Show the game after its first ``n`` actions (0..len(record)): forward by applying the next
        ones (their events shown as in play), back by rebuilding from the start (shown at once)."""
        n = max(0, min(len(self.record), n))
        if n < self.at:
            self.state, events = new_game_events(self.scenario, [tuple(p) for p in self.party], self.seed)
            self.show.queue.clear()
            self.show.log.clear()
            self.show.rolls = []
            self.show.feed(events)
            self.at = 0
            for entry in self.record[:n]:
                act, by = recorded(entry)
                self.show.feed(apply(self.state, act, by))
                self.at += 1
            self.show.skip()
            self.cards_seen = len(self.state.dungeon.cards)
            return
        self.show.skip()  # the last step's events are shown whole before the next one starts
        jump = n - self.at > 1
        while self.at < n:
            act, by = recorded(self.record[self.at])
            self.show.feed(apply(self.state, act, by))
            self.at += 1
        if jump:  # several actions at once (End): shown at once; one step is shown as it was played
            self.show.skip()

    # ------------------------------------------------------------------ nobody plays a replay
    def save_now(self) -> str:
        return ""  # a replay never writes the save slot

    def update(self, dt: float, app: "App") -> Command:
        self.advance(dt)
        return None

    def at_rest(self, app: "App") -> bool:
        """Nothing plays by itself in a replay: at rest once the step's show is over (issue 30 item 2)."""
        return not (self.show.busy or self.slide)

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type == pygame.KEYDOWN:
            step = {pygame.K_RIGHT: 1, pygame.K_SPACE: 1, pygame.K_LEFT: -1}.get(ev.key)
            if step is not None:
                self.go(self.at + step)
            elif ev.key == pygame.K_HOME:
                self.go(0)
            elif ev.key == pygame.K_END:
                self.go(len(self.record))
            elif ev.key == pygame.K_ESCAPE:
                return Pop()
            return None
        if left_click(ev):
            z = self.zones.at(ev.pos)
            if z is not None and z.key == "replay":
                if z.value == "close":
                    return Pop()
                self.go({"start": 0, "back": self.at - 1, "next": self.at + 1, "end": len(self.record)}[z.value])
            return None
        return super().handle(ev, app) if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL) else None

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        super().draw(surf, app)
        self.zones.items = [z for z in self.zones.items if z.key not in ("act", "group", "wait", "undo", "coach")]
        # the replay's controls, along the board's bottom edge
        panel(surf, BAR, None, fill=(24, 20, 26), edge=T.GOLD)
        T.text(surf, _f("Replay: action {n} of {total}", n=self.at, total=len(self.record)),
               (BAR.left + 12, BAR.centery), 15, T.GOLD, bold=True, anchor="midleft")
        x = BAR.right - 8
        for label, key in ((_("Close"), "close"), (_("Last"), "end"), (_("Next"), "next"), (_("Back"), "back"),
                           (_("First"), "start")):
            w = max(64, T.font(13).size(label)[0] + 20)
            x -= w + 6
            enabled = key == "close" or (key in ("next", "end") and self.at < len(self.record)) or \
                (key in ("back", "start") and self.at > 0)
            button(surf, self.zones, pygame.Rect(x, BAR.top + 6, w, BAR.h - 12), label, "replay", key,
                   hover=self.mouse, size=13, enabled=enabled, primary=(key == "next" and enabled))

    def draw_board(self, surf: pygame.Surface, v: Any) -> None:
        lay = v.layout
        self.geo = geo = self.fitted(MAP, lay).zoomed(self.zoom, self.pan)
        pygame.draw.rect(surf, (14, 12, 15), BOARD)
        surf.set_clip(MAP)
        try:
            self.draw_map(surf, v, lay, geo)
        finally:
            surf.set_clip(None)

    def draw_side(self, surf: pygame.Surface, v: Any) -> None:
        """The heroes, what the next action of the record is (nobody is asked anything) and the dice."""
        y = hero_rows(surf, pygame.Rect(SIDE.left, SIDE.top, SIDE.w, 260), v, self.names, self.controllers)
        inner = panel(surf, pygame.Rect(SIDE.left, y, SIDE.w, SIDE.bottom - 200 - y), None, fill=(24, 21, 25))
        if self.at < len(self.record):
            act, _by = recorded(self.record[self.at])
            line = _f("Next: {action}", action=action_label(v, act))
        else:
            line = _("The end of the game.")
        T.text_block(surf, line, pygame.Rect(inner.left, inner.top, inner.w, 60), 15, T.TEXT)
        T.text(surf, _("Right or Space: next · Left: back · Home / End · Esc: close"), (inner.left, inner.bottom - 18),
               12, T.DIM)
        dice_panel(surf, DICE, v, self.show.rolls)


__all__ = ["DungeonReplay"]
