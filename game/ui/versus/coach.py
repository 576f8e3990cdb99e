"""The versus tutorial steps (issue 27 item 3): the first time a person meets each kind of decision
(deploying, setting facings, activating, giving orders, moving and turning, a duel, a bid) a short
box explains it, beside the board, with "Got it" and "No more tips". Remembered in the settings
(``versus_tips``: the steps seen, or ``"off"``), so a second game stays quiet."""
from __future__ import annotations

from typing import Any

import pygame

from ...i18n import N_, _
from .. import theme as T
from ..widgets import Zones, button, panel
from .layout import BOARD_AREA

#: decision kind (or "moving": an order while movement points are left) -> (title, text)
STEPS: dict[str, tuple[str, str]] = {
    "vs_deploy": (N_("Deploy in secret"),
                  N_("Your start squares are numbered. Click one of your models, then another start square to swap "
                     "them. The other player cannot see this screen: confirm when you are happy.")),
    "vs_face": (N_("Facings"),
                N_("Both deployments are now revealed. Choose where each model looks: click an arrow beside it. "
                   "Its back is its weak side; what it faces it can see.")),
    "activate": (N_("Your turn: activate"),
                 N_("Pick a model that has not acted this round and one or two ready order tiles, then Activate. "
                    "Or pass: you stop for the round and keep your CP for duels.")),
    "order": (N_("Orders"),
              N_("Each section of your tiles runs once. Put CP into a Move section for movement points, or into a "
                 "Close combat section and click a red target. End the activation with the facing you want.")),
    "moving": (N_("Moving"),
               N_("Click a teal square to step (1 MP). Turning is free while you move: click an arrow beside the "
                  "model before or after a step. A glowing door opens or closes for 1 MP.")),
    "duel": (N_("A duel"),
             N_("An enemy came into view or reach of one of yours during its activation. Declare a duel to "
                "interrupt it: both sides then bid CP in secret.")),
    "vs_bid": (N_("The secret bid"),
               N_("Choose your bid. The declarer must bid more than the other side; both bids are spent. The "
                  "winner's model strikes, turns or shifts at once.")),
}


class Coach:
    """Which tutorial step to show now, and its box. ``seen``: the steps already shown (kept in
    the app's settings when it has them)."""

    def __init__(self, app: Any = None):
        self.app = app
        got = app.settings.get("versus_tips", []) if app is not None and hasattr(getattr(app, "settings", None), "get") else []
        self.off = got == "off"
        self.seen: set[str] = set() if self.off else set(got or [])
        self.zones = Zones()

    def current(self, kind: str, mp: int) -> str | None:
        key = "moving" if kind == "order" and mp > 0 else kind
        if self.off or key not in STEPS or key in self.seen:
            return None
        return key

    def remember(self) -> None:
        if self.app is not None and hasattr(self.app, "set_setting"):
            try:
                self.app.set_setting("versus_tips", "off" if self.off else sorted(self.seen))
            except Exception:  # a settings file that cannot be written: the tips just come back next time
                pass

    def click(self, pos: tuple[int, int]) -> bool:
        z = self.zones.at(pos)
        if z is None:
            return False
        if z.key == "tip_ok":
            self.seen.add(z.value)
        elif z.key == "tip_off":
            self.off = True
        self.remember()
        return True

    def draw(self, surf: pygame.Surface, key: str | None, mouse: tuple[int, int], avoid: list) -> None:
        """The step's box in the first corner of the board that covers none of ``avoid`` (screen
        rectangles: squares to click, the models in play)."""
        self.zones.clear()
        if key is None:
            return
        title, text = STEPS[key]
        lines = T.wrap(_(text), 14, 380)
        r = pygame.Rect(0, 0, 410, 48 + 19 * len(lines) + 40)
        a = BOARD_AREA.inflate(-20, -20)
        for corner in ("bottomleft", "topleft", "bottomright", "topright"):
            setattr(r, corner, getattr(a, corner))
            if not r.collidelistall(avoid):
                break
        else:
            r.bottomleft = a.bottomleft
        panel(surf, r, None, fill=(30, 26, 20), edge=T.GOLD)
        T.text(surf, _(title), (r.left + 14, r.top + 10), 16, T.GOLD, bold=True)
        for i, line in enumerate(lines):
            T.text(surf, line, (r.left + 14, r.top + 36 + i * 19), 14, T.TEXT)
        button(surf, self.zones, pygame.Rect(r.left + 14, r.bottom - 38, 120, 28), _("Got it"), "tip_ok", key,
               hover=mouse, size=13, primary=True)
        button(surf, self.zones, pygame.Rect(r.left + 144, r.bottom - 38, 140, 28), _("No more tips"), "tip_off",
               hover=mouse, size=13)
