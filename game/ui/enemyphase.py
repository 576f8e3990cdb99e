"""A watchable enemy phase (issue 25 item 1): the reaction and tension phases (R-TURN-2, R-REACT,
R-TENSION-1) played one beat at a time on the play screen, instead of within about 1.5 s.

Each enemy that acts and each tension card drawn is a *beat* (game.ui.presenters.anim.beats_of groups the
engine's events); the animator holds every beat long enough to read (anim.BEAT_S, anim.CARD_S,
scaled by the animation-speed setting). While the beats play, the strip under the board says
which beat of how many plays now and what happened in it (the enemy's path, its target, the evade
roll and its result), the tension card is held face up with what it did, and a click, Space or
Enter skips the rest. The phase's recap (one line per beat) is shown on the hand-over screen or,
without one, in the strip for a few seconds after the last beat. Nothing is only in the
animation: every line is the log's own line of that event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ..engine.query import View
from ..i18n import _, _f, language
from . import theme as T
from .presenters.logtext import shown
from .theme import fit
from .widgets import button, Zone
from .words import colour_word

RECAP_S = 6.0  # how long the recap stays in the strip when no person watches (bots alone); a person closes it


@dataclass
class Beat:
    """One enemy acting, or one tension card: the log lines of its events (game.ui.render.LogLine)."""

    kind: str  # "enemy" | "card"
    lines: list[Any] = field(default_factory=list)
    card: str = ""  # the tension card's definition id (kind "card")
    events: list[Any] = field(default_factory=list)  # the engine's events of the beat (its dice rows wait for it)
    _worded: Any = field(default=None, repr=False, compare=False)  # ((language, show_ids, lines), texts)

    def texts(self, show_ids: bool = False) -> list[str]:
        """The beat's lines in the current language, rule IDs only with ``show_ids`` (worded once per
        language: the strip shows them every frame of the enemy phase)."""
        key = (language(), show_ids, len(self.lines))
        if self._worded is None or self._worded[0] != key:
            self._worded = (key, [shown(ln.text, ln.msg) for ln in self.lines])
        return list(self._worded[1])


@dataclass
class PhaseShow:
    """The beats of one enemy phase, in order."""

    beats: list[Beat]
    turn: int = 0  # the turn whose enemy phase this is (the state has moved on to the next one)
    seat: int = -1  # the seat whose turn it was (-1: unknown)
    card_before: str | None = None  # the tension card on show before the phase (uid) and the cards then left:
    left_before: int = -1  # the panel shows them until the phase's own card is played back (retest finding 6)
    settled: int = 0  # ties the game settled in this phase ("Auto enemy ties"): the recap says so

    def recap(self, show_ids: bool = False, most: int = 6) -> list[str]:
        """One line per beat (its first line, plus what followed in a few words), at most ``most``
        lines; the last says how many more there were."""
        out = []
        for b in self.beats:
            t = b.texts(show_ids)
            if not t:
                continue
            line = t[0]
            if len(t) > 1:
                line += " " + " ".join(t[1:3])
            out.append(line)
        if len(out) > most:
            more = len(out) - (most - 1)
            out = out[: most - 1] + [_f("… and {n} more (see the log)", n=more)]
        if self.settled:  # the ties are not beats: without this line the recap left them out (the recheck)
            out.append(_("The game settled 1 tie in the rules' order (Auto enemy ties is on; the log says how).")
                       if self.settled == 1 else
                       _f("The game settled {n} ties in the rules' order (Auto enemy ties is on; the log says how).",
                          n=self.settled))
        return out


def build(events: list, lines: dict[int, Any], beats: list[int], state: Any,
          into: PhaseShow | None = None) -> PhaseShow | None:
    """The show of a batch: ``events`` the engine's, ``lines`` event index -> its log line,
    ``beats`` anim.beats_of(events). None when the batch has no enemy phase. ``into``: the show of
    the same phase's earlier batch (a tie settled between them, anim.beat_state): this batch's
    beats are added to it (and a beat it began gets this batch's lines too)."""
    if not any(b >= 0 for b in beats):
        return into
    out: list[Beat] = into.beats if into is not None else []
    for i, b in enumerate(beats):
        if b < 0:
            continue
        while len(out) <= b:
            e = events[i]
            kind = "card" if e.kind == "tension" else "enemy"
            card = ""
            if kind == "card" and isinstance(e.data, dict):
                uid = e.data.get("card")
                q = View.of(state)
                card = str(e.data.get("defn") or (q.card(uid).defn if uid and q.has_card(uid) else ""))
            out.append(Beat(kind, [], card))
        out[b].events.append(events[i])
        if i in lines:
            out[b].lines.append(lines[i])
    return into if into is not None else PhaseShow(out)


def _strip_frame(surf: pygame.Surface, rect: pygame.Rect, label: str, zones, mouse) -> int:
    """The strip's ground, its top rule and its button ``label`` at the right (zone "phase_skip");
    returns the width left for the text (px)."""
    pygame.draw.rect(surf, (26, 20, 20), rect)
    pygame.draw.line(surf, T.WARN, rect.topleft, rect.topright, 2)
    bw = max(96, T.font(14, True).size(label)[0] + 24)
    button(surf, zones, pygame.Rect(rect.right - bw - 10, rect.top + 12, bw, 30), label, "phase_skip",
           hover=mouse, size=14)
    return rect.width - bw - 40


def draw_strip(surf: pygame.Surface, rect: pygame.Rect, show: PhaseShow, now: int | None, zones, mouse,
               show_ids: bool = False, recap: bool = False, compact: bool = False) -> None:
    """The strip under the board while the enemy phase plays (beat ``now``) or its recap stays
    (``recap``): "Enemy phase 2/4" and the beat's lines; a Skip button (zone "phase_skip").
    ``compact``: one line in ``rect`` (the caption above the board, while a decision's prompt is
    shown under it)."""
    if compact:
        pygame.draw.rect(surf, (26, 20, 20), rect)
        n = len(show.beats)
        i = min(now or 0, n - 1)
        line = _f("Enemy phase {i}/{n}", i=i + 1, n=n) + ": " + " ".join(show.beats[i].texts(show_ids))
        T.text(surf, fit(line, 13, rect.width - 20), (rect.left + 10, rect.centery), 13, T.WARN, anchor="midleft")
        return
    if recap:
        draw_recap(surf, rect, show, zones, mouse, show_ids)
        return
    room = _strip_frame(surf, rect, _("Skip »"), zones, mouse)
    n = len(show.beats)
    i = min(now or 0, n - 1)
    b = show.beats[i]
    head = _f("Enemy phase {i}/{n}", i=i + 1, n=n) + "  ·  " + (
        _("tension card") if b.kind == "card" else _("an enemy acts"))
    body = " ".join(b.texts(show_ids)) or "…"
    hr = T.text(surf, fit(head, 14, room, bold=True), (rect.left + 14, rect.top + 4), 14, T.WARN, bold=True)
    hint = _("click to skip")
    if hr.right + 20 + T.font(14, True).size(hint)[0] < rect.left + room:
        T.text(surf, hint, (hr.right + 16, rect.top + 6), 12, T.DIM)
    lines = T.wrap(body, 13, room)
    if len(lines) > 2:
        lines = lines[:2]
        lines[-1] = fit(lines[-1] + " …", 13, room)
    for k, ln in enumerate(lines):
        T.text(surf, ln, (rect.left + 14, rect.top + 22 + k * 15), 13, T.TEXT)


RECAP_MAX_H = 330  # px: the recap panel grows over the board's foot up to this height


def recap_rect(rect: pygame.Rect, show: PhaseShow, show_ids: bool = False) -> tuple[pygame.Rect, list[tuple[str, bool]]]:
    """Where the recap panel lies (its foot on ``rect``'s, as tall as its lines need, over the
    board's foot when the strip is too small) and its lines: (text, first line of a beat)."""
    room = rect.width - 150
    lines: list[tuple[str, bool]] = []
    for item in show.recap(show_ids, 6):
        for k, ln in enumerate(T.wrap(item, 13, room - 16)):
            lines.append((ln, k == 0))
    most = (RECAP_MAX_H - 36) // 16
    if len(lines) > most:  # (six beats of three lines each fit: this only guards a very narrow window)
        lines = lines[: most - 1] + [(_("… (see the log)"), True)]
    h = max(rect.height, 32 + 16 * len(lines) + 6)
    return pygame.Rect(rect.left, rect.bottom - h, rect.width, h), lines


def draw_recap(surf: pygame.Surface, rect: pygame.Rect, show: PhaseShow, zones, mouse, show_ids: bool = False) -> None:
    """The recap of the enemy phase that just played (recheck R3): every beat's line whole, one
    bullet per beat, in a panel rising from the strip over the board's foot as far as it needs. It
    stays until the player clicks it (or OK), presses Enter or Space, or acts; the whole panel is
    the zone "phase_skip" (a click on it closes it and reaches nothing under it)."""
    panel, lines = recap_rect(rect, show, show_ids)
    zones.add(Zone(panel, "phase_skip"))
    room = _strip_frame(surf, panel, _("OK"), zones, mouse)
    hr = T.text(surf, fit(_("Enemy phase recap"), 14, room, bold=True), (panel.left + 14, panel.top + 5), 14, T.WARN,
                bold=True)
    hint = _("click or press Enter to close")
    if hr.right + 20 + T.font(12).size(hint)[0] < panel.left + room:
        T.text(surf, hint, (hr.right + 16, panel.top + 7), 12, T.DIM)
    y = panel.top + 26
    for ln, first in lines:
        if first:
            T.text(surf, "•", (panel.left + 14, y), 13, T.WARN, bold=True)
        T.text(surf, ln, (panel.left + 28, y), 13, T.TEXT)
        y += 16


def card_effects(show: PhaseShow, card: int, now: int) -> tuple[list[Beat], int]:
    """What the tension card of beat ``card`` set going, as beat ``now`` plays: (the beats after it
    played so far, how many are still to come). The tension phase follows the reaction phase
    (R-TURN-2), so the enemy beats after a card, up to the next card, are what the card made happen
    (a lunge, a charge: issue 25 retest 36 M1, the card said "nothing else happened" and then an
    enemy lunged)."""
    after: list[Beat] = []
    for b in show.beats[card + 1:]:
        if b.kind == "card":
            break
        after.append(b)
    played = after[: max(0, now - card)]
    return played, len(after) - len(played)


def draw_card(surf: pygame.Surface, rect: pygame.Rect, state: Any, beat: Beat, show_ids: bool = False,
              then: list[Beat] | None = None, to_come: int = 0) -> None:
    """The tension card of ``beat`` held face up over ``rect`` (the top of the side panel) with
    what it did (the lines of its beat and of the beats ``then`` it set going, :func:`card_effects`,
    and a note when ``to_come`` more are still to be played back): its name, colour in words and a
    swatch, its text."""
    td = View.of(state).scenario.content.tension.get(beat.card)
    if td is None:
        return
    col = T.TENSION_COLOURS.get(td.colour, (150, 150, 150))
    pygame.draw.rect(surf, (0, 0, 0), rect.move(3, 4), border_radius=10)
    pygame.draw.rect(surf, (32, 26, 30), rect, border_radius=10)
    pygame.draw.rect(surf, col, rect, 3, border_radius=10)
    x = rect.left + 16
    T.text(surf, _("TENSION CARD"), (x, rect.top + 10), 12, T.MUTED, bold=True)
    nr = T.text(surf, _(td.name), (x, rect.top + 28), 20, T.TEXT, bold=True)
    sw = pygame.Rect(nr.right + 12, nr.top + 5, 14, 14)
    pygame.draw.rect(surf, col, sw)
    pygame.draw.rect(surf, (240, 240, 240), sw, 1)
    T.text(surf, colour_word(td.colour).upper(), (sw.right + 6, nr.top + 3), 14, col, bold=True)
    y = T.text_block(surf, _(td.text), pygame.Rect(x, rect.top + 58, rect.width - 32, 60), 14, T.TEXT, max_lines=3) + 8
    did = beat.texts(show_ids)[1:]  # the first line is the card itself
    for b in then or ():
        did += b.texts(show_ids)
    T.text(surf, _("What it did:"), (x, y), 13, T.GOLD, bold=True)
    y += 18
    if to_come:
        did.append(_("It sets an enemy going: watch the next step.") if to_come == 1 else
                   _f("It sets enemies going: watch the next {n} steps.", n=to_come))
    if not did:
        did = [_("nothing else happened")]
    T.text_block(surf, " ".join(did), pygame.Rect(x, y, rect.width - 32, rect.bottom - y - 8), 13, T.TEXT,
                 max_lines=max(1, (rect.bottom - y - 8) // 17))
