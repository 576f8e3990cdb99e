"""The campaign's victory and loss screens."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, _f, N_
from .. import theme as T
from ..results import reason_words
from ..ruleids import tagged
from ..scene import Command, PickScene, Push, Reset, Scene
from ..widgets import button
from .common import draw_check, draw_cross
from .sheet import CampaignSheetScene

if TYPE_CHECKING:
    from .session import CampaignSession


class CampaignOverScene(PickScene):
    """The campaign's own ending: victory (Clock Tower 2 won) or loss (R-CAMP-17, the city overrun)."""

    TITLES = (N_("THE LAST CAR LEAVES THE CITY"), N_("THE CITY IS OVERRUN"))

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the campaign's ending; nothing on it moves."""
        return self.plain_key(app)

    def sheet_scene(self) -> Scene:
        return CampaignSheetScene(self.s)

    def score_line(self) -> str:
        return ""

    def pick(self, key, value, app) -> Command:
        if key == "menu":
            return Reset(app.main_menu())
        if key == "sheet":
            return Push(self.sheet_scene())
        return None

    def key(self, ev, app) -> Command:
        return self.pick("menu", None, app) if ev.key in (pygame.K_RETURN, pygame.K_ESCAPE) else None

    #: the ending pictures (tools/make_ending_art.py): won, lost
    ART = ("ending_city_won", "ending_city_lost")

    def picture(self, app, won: bool, w: int, h: int):
        """The ending's picture (tools/make_ending_art.py, committed) scaled to ``w`` x ``h``. Raises
        game.ui.art.ArtMissing, naming the file and the tool, when the checkout lacks it."""
        return app.art.get(self.ART[0 if won else 1], w, h)

    def counts_line(self) -> str:
        """How many scenarios were played, won and failed, and how many cards are completed (issue 25
        item 4: "1 scenario played · 0 failed · 2 completed" mixed plays with completion tokens)."""
        cs = self.s.cs
        played = self.played()
        n = len(played)
        won = sum(1 for h in played if h.result == "success")
        played = _f("{n} scenario played", n=n) if n == 1 else _f("{n} scenarios played", n=n)
        return played + " " + _f("({w} won, {f} failed)", w=won, f=n - won) + " · " + \
            _f("{c} cards completed · final danger {d}", c=len(cs.completed), d=cs.danger)

    def played(self) -> list:
        """The campaign's scenarios played, in order (the history without the Introduction, which it
        holds too: R-INTRO-9)."""
        return [h for h in self.s.cs.history if h.scenario != "intro"]

    def route(self) -> list[tuple[str, bool]]:
        """The scenarios the party played, in order: (name, won)."""
        return [(self.s.card_name(h.scenario), h.result == "success") for h in self.played()]

    def survivor_rows(self) -> list[tuple[str, str, str]]:
        """(character id, name, figures) for each survivor of the party at the end (issue 25 item 4)."""
        cs = self.s.cs
        ct = cs.content
        out = []
        for c in cs.characters:
            cd = ct.characters.get(c.cid)
            name = _(cd.name) if cd is not None else c.cid
            played = sum(1 for h in self.played() if any(p[0] == c.cid for p in h.party))
            won = sum(1 for h in self.played() if h.result == "success" and any(p[0] == c.cid for p in h.party))
            health = _(T.HEALTH_LABELS.get(c.health, "?")) + (_(" (poisoned)") if c.poisoned else "")
            items = sum(len(sl) for sl in c.inventory)
            games = _f("1 scenario, {w} won", w=won) if played == 1 else _f("{p} scenarios, {w} won", p=played, w=won)
            out.append((c.cid, name, games + " · " + _f("ends {health} · carries {i} cards", health=health, i=items)))
        return out

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill((6, 5, 8))
        cs = self.s.cs
        won = cs.result == "victory"
        col = T.GOLD if won else T.BAD
        # the picture, the title over it (issue 25 item 4: both endings were plain text on black)
        pic = pygame.Rect(40, 20, T.W - 80, 200)
        img = self.picture(app, won, pic.width, pic.height)
        if img is not None:
            surf.blit(img, pic)
        pygame.draw.rect(surf, col, pic, 2)
        T.text(surf, _(self.TITLES[0 if won else 1]), (T.W // 2, pic.bottom - 40), 38, col, bold=True, anchor="center",
               shadow=True)
        y = pic.bottom + 14
        reason = reason_words(cs.result_why, cs.result_reason)
        reason = reason[:1].upper() + reason[1:]
        T.text(surf, (_("Campaign won") if won else _("Campaign lost")) + " — " + reason + ".",
               (T.W // 2, y), 18, T.TEXT, bold=True, anchor="midtop")
        y += 28
        T.text(surf, self.counts_line(), (T.W // 2, y), 15, T.MUTED, anchor="midtop")
        y += 22
        if self.score_line():  # a campaign with a score of its own (its score_line)
            T.text(surf, self.score_line(), (T.W // 2, y), 15, T.GOLD, anchor="midtop")
            y += 22
        # the route the party took: each scenario with a tick (won) or a cross (failed) and the word
        y += 6
        T.text(surf, _("The route"), (60, y), 14, T.MUTED, bold=True)
        y += 20
        x = 60
        for i, (name, ok) in enumerate(self.route()):
            word = _("won") if ok else _("failed")
            label = f"{name} ({word})"
            w = T.font(13).size(label)[0] + 26
            if x + w > T.W - 60:
                x, y = 60, y + 22
            if y > 520:
                T.text(surf, "…", (x, y), 13, T.DIM)
                break
            (draw_check if ok else draw_cross)(surf, x, y + 1, T.OK if ok else T.BAD)
            T.text(surf, label, (x + 16, y), 13, T.TEXT)
            x += w
            if i < len(self.played()) - 1 and x < T.W - 80:
                T.text(surf, "→", (x - 8, y), 13, T.DIM)
                x += 10
        if not self.played():
            T.text(surf, _("no scenario played"), (60, y), 13, T.DIM)
        y += 34
        # each survivor with their figures
        T.text(surf, _("The survivors"), (60, y), 14, T.MUTED, bold=True)
        y += 20
        for cid, name, figures in self.survivor_rows():
            cd = cs.content.characters.get(cid)
            colour = tuple(cd.colour) if cd is not None else T.TEXT
            if not app.art.portrait(surf, cid, (76, y + 14), 15, colour):
                pygame.draw.circle(surf, colour, (76, y + 14), 14)
            T.text(surf, name, (100, y + 4), 15, T.TEXT, bold=True)
            T.text(surf, figures, (330, y + 6), 14, T.TEXT)
            y += 34
            if y > T.H - 130:
                break
        if not won:
            T.text(surf, tagged(_("A lost campaign starts again from the beginning."), "rules 19.2", None, "()"),
                   (T.W // 2, T.H - 104), 14, T.DIM, anchor="center")
        button(surf, self.zones, pygame.Rect(T.W // 2 - 210, T.H - 80, 200, 46), _("Campaign sheet"), "sheet",
               hover=self.mouse, size=17)
        button(surf, self.zones, pygame.Rect(T.W // 2 + 10, T.H - 80, 200, 46), _("Main menu"), "menu",
               hover=self.mouse, primary=True, size=17)
