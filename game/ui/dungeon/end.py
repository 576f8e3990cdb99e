"""Victory and defeat (issue 26 item 4; D-END-3/4): the reason the engine gives, worded; the round
reached; each hero's fate; play the same dungeon again, look at the board, or go to the main menu."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from ...engine import apply, new_game_events, recorded
from ...i18n import _, _f
from .. import theme as T
from ..keys import MENU_KEYS
from ..modes import resolve
from ..scene import Command, Pop, Push, Reset, Scene, left_click
from ..widgets import button, panel
from ..words import words
from .words import hero_name

if TYPE_CHECKING:
    from ..app import App


#: the replay viewer the end screen opens (:mod:`.replay`)
REPLAY = "game.ui.dungeon.replay:DungeonReplay"


class DungeonEnd(Scene):
    """Victory or defeat (D-END-3/4): the reason in words, the round reached, the heroes' fates; play
    the same dungeon again with the same heroes, or go back to the main menu."""

    overlay = True
    dim_alpha = 170

    def __init__(self, play: Any, restart: Callable[[Any], Scene]):
        super().__init__()
        self.play, self.restart = play, restart
        self.figures = figures(play.state, play.party)

    def still_key(self, app: "App") -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the result, the heroes' fates and the pointer; nothing moves."""
        return self.plain_key(app)

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            z = self.zones.at(ev.pos)
            if z is not None and z.key == "end":
                return self.choose(z.value, app)
        elif ev.type == pygame.KEYDOWN and MENU_KEYS.get(ev.key) in ("confirm", "back"):
            return self.choose("menu", app)
        return None

    def choose(self, value: str, app: "App") -> Command:
        if value == "again":
            return Reset(self.restart(app))
        if value == "log":
            return Pop()
        if value == "replay":  # the game's record stepped through (.replay; by reference: it is a play screen too)
            return Push(resolve(REPLAY)(app, self.play.state, self.play.party, list(self.play.names)))
        return Reset(app.main_menu())

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        v = self.play.view()
        won = v.result == "success"
        r = pygame.Rect(0, 0, 640, 360)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(22, 18, 20), edge=T.GOLD if won else T.ACCENT)
        _emblem(surf, (r.centerx, r.top + 62), won)
        T.text(surf, _("VICTORY") if won else _("DEFEAT"), (r.centerx, r.top + 122), 40, T.GOLD if won else T.ACCENT_HI,
               bold=True, anchor="center")
        reason = words(_Reason(v.result_reason))
        if T.font(16).size(reason)[0] <= r.w - 80:
            T.text(surf, reason, (r.centerx, r.top + 160), 16, T.TEXT, anchor="center")
        else:
            T.text_block(surf, reason, pygame.Rect(r.left + 40, r.top + 150, r.w - 80, 50), 16, T.TEXT)
        fates = []
        for s, h in enumerate(v.dungeon.heroes):
            fates.append(_f("{hero}: fallen", hero=hero_name(v, s)) if h.dead else
                         _f("{hero}: {life} life, {treasure} treasure", hero=hero_name(v, s), life=h.life, treasure=h.treasure))
        T.text(surf, _f("Round {n} of {limit}", n=v.round, limit=v.round_limit), (r.centerx, r.top + 206), 15, T.MUTED,
               anchor="center")
        cols = 1 if len(fates) <= 2 else 2  # 3-4 heroes: two columns, so the lines stay above the figures
        cw = (r.w - 40) // cols
        for i, line in enumerate(fates):
            x = r.centerx if cols == 1 else r.left + 20 + (i % cols) * cw + cw // 2
            T.text(surf, T.fit(line, 14, cw - 12), (x, r.top + 226 + (i // cols) * 18), 14, T.TEXT, anchor="center")
        f = self.figures
        if f:
            T.text(surf, T.fit(_f("{cards} cards explored · {enemies} enemies defeated · {dealt} damage dealt · "
                                  "{taken} damage taken · {rolls} rolls", **f), 13, r.w - 40),
                   (r.centerx, r.bottom - 78), 13, T.MUTED, anchor="center")
        bw, rows = 142, ((_("Play again"), "again"), (_("Watch the replay"), "replay"), (_("See the board"), "log"),
                         (_("Main menu"), "menu"))
        for i, (label, key) in enumerate(rows):
            button(surf, self.zones, pygame.Rect(r.centerx - (len(rows) * (bw + 10) - 10) // 2 + i * (bw + 10),
                                                 r.bottom - 58, bw, 40),
                   label, "end", key, hover=self.mouse, size=15, primary=(key == "again"))


def figures(state: Any, party: list) -> dict[str, int]:
    """What happened in the game, counted by replaying its record from its seed with the public API
    (as the city's results screen does): cards explored, enemies defeated, damage dealt and taken,
    rolls made. {} when the record does not replay (a foreign save)."""
    out = {"cards": 0, "enemies": 0, "dealt": 0, "taken": 0, "rolls": 0}
    try:
        s, events = new_game_events(state.scenario, [tuple(p) for p in party], state.seed)
        for a in state.record:
            act, by = recorded(a)
            events += apply(s, act, by)
    except Exception:  # noqa: BLE001  (a record that no longer replays: no figures, the screen stays)
        return {}
    for e in events:
        d = e.data or {}
        out["cards"] += e.kind == "explore"
        out["enemies"] += e.kind == "enemy_defeated"
        out["dealt"] += int(d.get("n", 0)) if e.kind == "enemy_damage" else 0
        out["taken"] += int(d.get("n", 0)) if e.kind == "hero_damage" else 0
        out["rolls"] += e.kind in ("attack_roll", "skill", "defence", "enemy_defence")
    return out


class _Reason:
    """The result's reason (a message id) for :func:`game.ui.words.words`."""

    def __init__(self, mid: str):
        self.msg, self.params = mid, {}


def _emblem(surf: pygame.Surface, centre: tuple[int, int], won: bool) -> None:
    """A chalice (the reliquary lifted) or a sinking skull."""
    x, y = centre
    if won:
        col = T.GOLD
        pygame.draw.polygon(surf, col, [(x - 26, y - 30), (x + 26, y - 30), (x + 12, y + 2), (x - 12, y + 2)])
        pygame.draw.rect(surf, col, (x - 4, y + 2, 8, 18))
        pygame.draw.rect(surf, col, (x - 18, y + 20, 36, 7), border_radius=3)
    else:
        col = (200, 190, 180)
        pygame.draw.circle(surf, col, (x, y - 8), 24)
        pygame.draw.rect(surf, col, (x - 14, y + 8, 28, 16), border_radius=4)
        pygame.draw.circle(surf, (22, 18, 20), (x - 9, y - 10), 6)
        pygame.draw.circle(surf, (22, 18, 20), (x + 9, y - 10), 6)
        for i in range(3):
            pygame.draw.line(surf, (60, 110, 160), (x - 40, y + 30 + i * 6), (x + 40, y + 30 + i * 6), 2)


__all__ = ["DungeonEnd", "REPLAY"]
