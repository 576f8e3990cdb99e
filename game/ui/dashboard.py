"""The dashboard beside the play area: city danger track, ink ribbons, sustained effects and
the current tension symbol, in words as well as colours (R-DANGER, R-INK, R-SUST, R-SPECIAL).

Everything here is read from the state through :class:`~game.engine.query.View`; nothing
changes it. The scenario brief decides what exists: the Introduction has no danger track
(``use_danger``) and ignores symbols (``ignore_symbols``, R-INTRO-5).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..engine.query import Game, View
from ..i18n import N_, _, _f

BAND_WORDS = (N_("LOW"), N_("HIGH"), N_("EXTREME"))
SYMBOL_WORDS = (N_("FIST"), N_("CLAW"), N_("FANG"), N_("HOOK"))  # tension symbols (R-SPECIAL-3), for the catalogue  # T.DANGER_BANDS' names, for the catalogue
from . import theme as T
from .art import Art
from .widgets import Zone, Zones
from .ruleids import tagged


# ================================================================== what is shown
def shows_danger(state: Game) -> bool:
    """The danger track is part of the game (not in the Introduction, R-INTRO-1)."""
    b = View.of(state).scenario.brief
    return bool(b.use_danger) and not b.intro


def shows_symbols(state: Game) -> bool:
    """Tension symbols matter (not in the Introduction, R-INTRO-5)."""
    return not View.of(state).scenario.brief.ignore_symbols


def shows_ink(state: Game) -> bool:
    """Ink ribbons matter: there are some, or a typewriter to spend them on (R-INK)."""
    return View.of(state).ink_ribbons > 0 or any(t.kind == "typewriter" for t in View.of(state).tokens) \
        or not View.of(state).scenario.brief.intro


def band_of(danger: int) -> tuple[str, tuple[int, int, int]]:
    """Band name and colour of a danger space (DV-4)."""
    for name, lo, hi, col in T.DANGER_BANDS:
        if lo <= danger <= hi:
            return name, col
    return T.DANGER_BANDS[-1][0], T.DANGER_BANDS[-1][3]


# ================================================================== sustained effects
@dataclass
class Sustained:
    """One sustained-effect token in play, described for the screen."""

    card: str
    name: str
    letter: str
    colour: tuple[int, int, int]
    what: str  # what it does
    rule: str
    where: str  # "char" | "tile"
    char: str | None
    tile: str | None
    ends: str  # when it ends, short ("to end of Vera's next turn")

    @property
    def sprite(self) -> str:
        return f"sus_{self.name.lower()}"

    def tip(self, state: Game) -> str:
        who = ""
        if self.where == "char" and self.char:
            who = first_name(state, self.char)
        elif self.tile:
            tile = View.of(state).scenario.board.tiles.get(self.tile)
            who = _(tile.name) if tile else self.tile
        if who:
            return tagged(_f("Sustained effect {name} on {who}: {what}; {ends}.", name=_(self.name), who=who,
                             what=_(self.what), ends=self.ends), f"{self.rule}, R-SUST-4", None, "()")
        return tagged(_f("Sustained effect {name}: {what}; {ends}.", name=_(self.name), what=_(self.what),
                         ends=self.ends), f"{self.rule}, R-SUST-4", None, "()")


def first_name(state: Game, cid: str | None) -> str:
    try:
        return _(View.of(state).scenario.content.characters[cid].name).replace("・", " ").split()[0]
    except (KeyError, AttributeError, IndexError):
        return str(cid)


def end_text(state: Game, info: dict, owner_is_subject: bool) -> str:
    """When a sustained token goes (R-SUST-4, R-TURN-9): at the end of the next turn of the seat
    that drew it (Shaken: after that seat's next action phase)."""
    seat = info.get("seat")
    now = View.of(state).turn > int(info.get("turn", 0)) and View.of(state).active_seat == seat
    name = first_name(state, View.of(state).characters[seat].cid) if seat is not None and seat < len(View.of(state).characters) else ""
    if info.get("ends") == "action_phase":
        if now and View.of(state).phase == "action":
            return _("ends after this action phase")
        if owner_is_subject:
            return _("for your next action phase")
        return _f("for {name}'s next action phase", name=name) if name else _("for the owner's next action phase")
    if now:
        return _("until the end of this turn")
    if owner_is_subject:
        return _("until the end of your next turn")
    return _f("until the end of {name}'s next turn", name=name) if name else _("until the end of the owner's next turn")


def sustained(state: Game) -> list[Sustained]:
    """The sustained tokens in play (View.sustained), in the order they were placed."""
    out = []
    for info in View.of(state).sustained():
        name = str(info.get("name", "?"))
        letter, colour, what, rule, where = T.SUSTAIN.get(name, (name[:1].upper(), (120, 120, 120), name, "R-SUST-1",
                                                                 "char"))
        out.append(Sustained(info["card"], name, letter, colour, what, rule, where, info.get("char"),
                             info.get("tile"), end_text(state, info, owner_is_subject=False)))
    return out


# ================================================================== tension symbol
def symbol_now(state: Game) -> tuple[str | None, bool]:
    """(symbol, known): the current tension symbol (R-SPECIAL-3) and whether it is known."""
    if not View.of(state).tension_symbol_known:
        return None, False
    return View.of(state).tension_symbol, True


def symbol_users(state: Game, sym: str | None) -> list[str]:
    """'Zombie: Bite' for every enemy type on the board whose special attack carries ``sym``
    (R-SPECIAL-2); [] when none is (issue 25 item 11: the panel named the Stalker while it was not
    on the board)."""
    if not sym:
        return []
    ct = View.of(state).scenario.content.enemies
    in_play = {e.type for e in View.of(state).enemies}
    seen: dict[str, bool] = {}
    for tid, d in ct.items():
        if d.special_symbol == sym and d.special is not None and "boss" not in d.rules:
            label = f"{_(d.name)}: {_(d.special.name)}"
            seen[label] = seen.get(label, False) or tid in in_play
    return [k for k, v in seen.items() if v]


def symbol_sentence(state: Game) -> str:
    """What the current symbol means for special attacks, in one sentence."""
    sym, known = symbol_now(state)
    if not known:
        return tagged(_("The mark that picks special attacks is not known yet: a tension card is turned over for it when "
                 "the enemies next react."), "R-SPECIAL-4", None, "()")
    if not sym:
        return tagged(_("The last tension card has no mark: every enemy makes its normal attack when it reacts."), "R-SPECIAL-2", None, "()")
    users = symbol_users(state, sym)
    who = "; ".join(users) if users else _("no enemy here")
    return tagged(_f("The last tension card shows {sym}: when they react, these enemies use their special attack — "
                     "{who}.", sym=_(sym), who=who), "R-SPECIAL-2", None, "()")


def symbol_short(state: Game) -> str:
    """The one-line form of :func:`symbol_sentence` for the tension card's foot."""
    sym, known = symbol_now(state)
    if not known:  # play3: "Symbol unknown: the deck is cut at the next reaction" read as jargon
        return _("Special attacks: decided when the enemies next react")
    if not sym:
        return _("No mark: enemies make their normal attacks")
    users = [_f("{enemy} ({attack})", enemy=u.split(": ")[0], attack=u.split(": ", 1)[1]) if ": " in u else u
             for u in symbol_users(state, sym)]
    if not users:
        return _f("{sym} mark: no enemy here has that special attack", sym=_(sym))
    if len(users) > 1:  # one line at the card's foot; the hover lists them all (symbol_sentence)
        return _f("Special attack now: {enemy} and {n} more", enemy=users[0], n=len(users) - 1)
    return _f("Special attack now: {enemy}", enemy=users[0])


# ================================================================== drawing
def draw_danger(surf: pygame.Surface, right: int, top: int, height: int, state: Game, zones: Zones) -> pygame.Rect:
    """The city danger track 0..17 ending at x = ``right``: band names over their spaces, the
    marker on the current space, the value and band in words (R-DANGER-3, DV-4)."""
    d = max(0, min(17, View.of(state).danger))
    band, bcol = band_of(d)
    cw, gap = 10, 1
    val = f"{d} {_(band)}"
    vw = T.font_for(val, 14, True).size(val)[0]
    label = _("DANGER")
    # measured in the font it is drawn in, with room for kanji drawn at 10 px in a small window (the
    # Japanese 危険度 touched the track: the newcomer's notes of session 35)
    lw = T.font_for(label, 11, True).size(label)[0] + (8 if T.has_cjk(label) else 0)
    width = lw + 8 + 18 * (cw + gap) + 8 + vw
    r = pygame.Rect(right - width, top, width, height)
    T.text(surf, label, (r.left, r.centery + 5), 11, T.MUTED, bold=True, anchor="midleft")
    x0 = r.left + lw + 8
    cell_top = r.top + height // 2 - 1
    ch = 11
    for name, lo, hi, col in T.DANGER_BANDS:
        seg = pygame.Rect(x0 + lo * (cw + gap), r.top + 1, (hi - lo + 1) * (cw + gap) - gap, cell_top - r.top - 2)
        T.text(surf, _(name), (seg.centerx, seg.centery), 10, col, bold=True, anchor="center")
        for i in range(lo, hi + 1):
            c = pygame.Rect(x0 + i * (cw + gap), cell_top, cw, ch)
            if i < d:
                fill = T.shade(col, 0.75)
            elif i == d:
                fill = col
            else:
                fill = T.shade(col, 0.3)
            pygame.draw.rect(surf, fill, c)
            if name == "HIGH":  # patterns per band, so the band is not told by colour alone
                pygame.draw.line(surf, T.shade(fill, 0.6), c.bottomleft, c.topright, 1)
            elif name == "EXTREME":
                pygame.draw.line(surf, T.shade(fill, 0.6), c.bottomleft, c.topright, 1)
                pygame.draw.line(surf, T.shade(fill, 0.6), c.topleft, c.bottomright, 1)
    mk = pygame.Rect(x0 + d * (cw + gap) - 2, cell_top - 2, cw + 4, ch + 4)
    pygame.draw.rect(surf, (250, 246, 236), mk, 2)
    pygame.draw.polygon(surf, (250, 246, 236), [(mk.centerx - 4, mk.bottom + 5), (mk.centerx + 4, mk.bottom + 5),
                                                (mk.centerx, mk.bottom + 1)])
    T.text(surf, val, (r.right, r.centery + 4), 14, bcol, bold=True, anchor="midright")
    extras = {"LOW": "no band extras", "HIGH": "the High extras of tension cards apply",
              "EXTREME": "the Extreme extras of tension cards apply"}[band]
    zones.add(Zone(r, "item_info", None, True, f"City danger {d} of 17 — {band.capitalize()} band: {extras} "
                   f"(R-DANGER-3, R-DANGER-5). Low 0-5, High 6-11, Extreme 12-17."))
    return r


def draw_ink(surf: pygame.Surface, right: int, cy: int, state: Game, art: Art, zones: Zones) -> pygame.Rect:
    """Ink ribbons left (R-INK-2): a spool icon and the count."""
    n = View.of(state).ink_ribbons
    txt = _f("Ink ribbons {n}", n=n) if n != 1 else _f("Ink ribbon {n}", n=n)
    w = T.font(13, True).size(txt)[0]
    r = pygame.Rect(right - w - 28, cy - 12, w + 28, 24)
    img = art.get("icon_ribbon", 24)
    if img:
        surf.blit(img, (r.left, r.top))
    T.text(surf, txt, (r.right, cy), 13, T.TEXT if n else T.DIM, bold=True, anchor="midright")
    zones.add(Zone(r, "item_info", None, True, f"Ink ribbons: {n}. At a typewriter (same or adjacent square) spend "
                   "one, as an action, to shuffle the tension discards back into the deck (R-INK-4)."))
    return r


def draw_sustained_chips(surf: pygame.Surface, x: int, y: int, w: int, state: Game, art: Art,
                         zones: Zones) -> int:
    """'Beside the play area': the sustained cards in play (R-SUST-2), one chip each with a tip.
    Returns the y below the chips (``y`` itself when there are none)."""
    items = sustained(state)
    if not items:
        return y
    T.text(surf, _f("SUSTAINED {n}/4", n=len(items)), (x, y + 4), 12, T.MUTED, bold=True)
    cx = x + 110
    for s in items:
        label = _(s.name)
        tw = T.font(12, True).size(label)[0]
        cw = tw + 30
        if cx + cw > x + w:
            break
        r = pygame.Rect(cx, y, cw, 22)
        pygame.draw.rect(surf, (34, 30, 36), r, border_radius=5)
        pygame.draw.rect(surf, s.colour, r, 1, border_radius=5)
        img = art.get(s.sprite, 18)
        if img:
            surf.blit(img, (r.left + 3, r.top + 2))
        T.text(surf, label, (r.left + 25, r.centery), 12, T.TEXT, bold=True, anchor="midleft")
        zones.add(Zone(r, "item_info", None, True, s.tip(state)))
        cx += cw + 5
    return y + 28


def draw_symbol_badge(surf: pygame.Surface, right: int, cy: int, state: Game, art: Art) -> pygame.Rect | None:
    """The current tension symbol as an icon and its name (R-SPECIAL-3), or None if unknown."""
    sym, known = symbol_now(state)
    if not known:
        word, img = "?", None
    elif not sym:
        word, img = _("no symbol"), None
    else:
        word, img = _(sym), art.get(f"sym_{sym}", 22)
    w = T.font(13, True).size(word)[0]
    r = pygame.Rect(right - w - (26 if img else 0), cy - 11, w + (26 if img else 0), 22)
    if img:
        surf.blit(img, (r.left, r.top))
    T.text(surf, word, (r.right, cy), 13, T.SYMBOL_COLOURS.get(sym or "", T.MUTED), bold=True, anchor="midright")
    return r
