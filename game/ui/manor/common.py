"""The manor campaign's words and small pictures shared by its screens: floors, wings, card states,
wound steps (MDV-9), icons, the reserve rows and the manor danger track; the mansion pack."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...content import mansion_pack as mp
from ...engine import Action
from ...i18n import _, _f, N_
from .. import theme as T
from ..campaign import describe, draw_danger

if TYPE_CHECKING:
    from ..app import App
    from .session import ManorSession


PACK_ID = "mansion"


#: floors top to bottom as the manor map shows them (a floor the pack names but this list does not goes last)
FLOORS = ["Grounds", "2F", "1F", "B1", "B2"]


FLOOR_NAMES = {"Grounds": N_("Grounds"), "2F": N_("Second floor"), "1F": N_("Ground floor"), "B1": N_("Basement"),
               "B2": N_("Below the basement")}


WING_NAMES = {"West": N_("West wing"), "East": N_("East wing"), "Centre": N_("Centre"), "North": N_("North"),
              "South": N_("South"), "Lab": N_("Laboratory")}


#: card state -> (word, icon, colour): the word and the icon say it, the colour only repeats it
STATES = {"hub": (N_("HUB"), "mi_hub", T.GOLD), "unlocked": (N_("OPEN"), "mi_unlocked", T.OK),
          "locked": (N_("LOCKED"), "mi_locked", T.WARN), "completed": (N_("COMPLETED"), "mi_completed", (214, 120, 110)),
          "absent": (N_("NOT ON THE MAP"), "mi_absent", T.DIM)}


#: MDV-9: wound tokens on a reserve profile -> the health step a switched-in character starts on
WOUND_STEPS = {0: N_("Fine"), 1: N_("Fine"), 2: N_("Caution"), 3: N_("Caution"), 4: N_("Danger")}


KILL_WOUNDS = 5  # M-MISSION-7, M-RESERVE-5


STAGE_NAMES = {1: "I", 2: "II", 3: "III"}


def icon(surf: pygame.Surface, app: "App", name: str, pos: tuple[int, int], size: int) -> pygame.Rect:
    """Blit icon ``name`` (assets/sprites, tools/make_manor_icons.py) with its top-left at ``pos``."""
    img = app.art.get(name, size)
    r = pygame.Rect(pos, (size, size))
    if img is not None:
        surf.blit(img, r)
    return r


def wound_step(wounds: int) -> str:
    """MDV-9: the health step a reserve character with ``wounds`` tokens is switched in on."""
    return _(WOUND_STEPS[wounds]) if wounds in WOUND_STEPS else _("killed")


def mansion_pack():
    """The manor's content and pack loaders (game.content.mansion_pack); the campaign calls are
    game.engine.campaign's, the same as the city's."""
    return mp


def draw_reserve_rows(surf, app, ct, reserve, rect: pygame.Rect) -> int:
    """One row per reserve character: portrait, name, wound tokens as icons with their number, and
    the health step it would start on if switched in (MDV-9); reserve-only characters say so."""
    y = rect.top
    for res in reserve:
        if y > rect.bottom - 20:
            break
        app.art.portrait(surf, res.cid, (rect.left + 11, y + 11), 11)
        main = res.cid in ct.characters
        T.text(surf, _(ct.character_name(res.cid)), (rect.left + 28, y + 3), 13, T.TEXT, bold=True)
        x = rect.left + 150
        for k in range(min(res.wounds, KILL_WOUNDS)):
            icon(surf, app, "mi_wound", (x + k * 15, y + 2), 16)
        tag = wound_step(res.wounds) if main else _("reserve only")
        tx = x + 15 * max(1, min(res.wounds, KILL_WOUNDS)) + 4
        words = _f("{n} wounds", n=res.wounds) if res.wounds != 1 else _("1 wound")
        if tx + T.font(12).size(words)[0] > rect.right - T.font(12).size(tag)[0] - 8:
            words = str(res.wounds)  # the icons say "wounds"; the words ran into the tag (play4: "4 woundsreserve only")
        T.text(surf, words, (tx, y + 3), 12, T.TEXT)
        T.text(surf, tag, (rect.right, y + 3), 12, T.MUTED, anchor="topright")
        y += 23
    return y


def draw_manor_danger(surf, cs, rect: pygame.Rect) -> None:
    """The manor danger track (M-DANGER-1: the core track's numbers and bands, renamed)."""

    draw_danger(surf, cs, rect, _("MANOR DANGER"))


def describe_manor(s: ManorSession, a: Action) -> str:
    """A manor campaign action as a button label."""
    cs = s.cs
    who = (lambda c: _(cs.content.character_name(c))) if hasattr(cs.content, "character_name") else (lambda c: c)
    if a.kind == "choose" and a.target and not a.item:
        return s.card_name(a.target)
    if a.kind == "pick" and a.target:
        return _f("Play as {name}", name=who(a.target))
    if a.kind == "done":
        return _("Done")

    return describe(cs, a)
