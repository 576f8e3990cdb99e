"""The tutorial: a first play of the Introduction that teaches each phase with prompts pointing at
what to click. Offered on the main menu at first start (remembered in settings.json as
``tutorial_offered``), skippable at any step.

A :class:`Tutorial` is a list of :class:`Step` objects attached to a play scene (``play.tutorial``).
Each step has a text, a target on screen to point at (or none) and a condition that finishes it
(something the player did, read from the game state) or a "Next" button. The play scene calls
:meth:`Tutorial.update` every frame and :meth:`Tutorial.draw` after the board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from ..engine.query import View
from ..i18n import N_, _, _f
from . import theme as T
from .playui import BOARD_RECT, LOG_RECT
from .widgets import Zone, Zones, button

if TYPE_CHECKING:
    from .play import PlayScene

TUTORIAL_SEED = 3  # a quiet start: the first four tension cards are calm (checked by the tutorial test)
TUTORIAL_PARTY = [("vera", 1)]

Target = Callable[["PlayScene"], "pygame.Rect | None"]


def _zone(key: str) -> Target:
    def find(play: "PlayScene") -> pygame.Rect | None:
        z = play.view.zones.find(key)
        return z.rect if z is not None else None
    return find


def _survivor(play: "PlayScene") -> pygame.Rect | None:
    c = View.of(play.state).active_char
    lay = play.view.layout
    return lay.square_rect(tuple(c.pos)) if lay is not None and c.pos is not None else None


def _a_move(play: "PlayScene") -> pygame.Rect | None:
    lay = play.view.layout
    moves = sorted(play.marks.act.moves)
    if lay is None or not moves:
        return None
    # the step toward the exit is the one to try: the square nearest the exit token
    ex = next((t.pos for t in View.of(play.state).tokens if t.kind == "exit"), None)
    if ex is not None:
        moves.sort(key=lambda q: max(abs(q[0] - ex[0]), abs(q[1] - ex[1])))
    return lay.square_rect(moves[0])


def _a_door(play: "PlayScene") -> pygame.Rect | None:
    """A door the survivor can work now, else the nearest closed door on the board (walk to it)."""
    lay = play.view.layout
    if lay is None:
        return None
    doors = list(play.marks.act.doors)
    if doors:
        from ..engine import parse_edge_id

        a, b = parse_edge_id(doors[0])
    else:
        q = View(play.state)
        me = View.of(play.state).active_char.pos
        closed = [e for e in View.of(play.state).scenario.board.features if q.edge(*e).value == "door_closed"]
        if me is None or not closed:
            return None
        a, b = min(closed, key=lambda e: max(abs(e[0][0] - me[0]), abs(e[0][1] - me[1])))
    ra, rb = lay.square_rect(tuple(a)), lay.square_rect(tuple(b))
    return ra.union(rb).inflate(-ra.width // 2, -ra.height // 2)


def _a_zombie(play: "PlayScene") -> pygame.Rect | None:
    """The nearest enemy to the survivor."""
    lay = play.view.layout
    me = View.of(play.state).active_char.pos
    if lay is None or me is None or not View.of(play.state).enemies:
        return None
    e = min(View.of(play.state).enemies, key=lambda e: max(abs(e.pos[0] - me[0]), abs(e.pos[1] - me[1])))
    return lay.square_rect(tuple(e.pos))


def _actions(play: "PlayScene") -> pygame.Rect | None:
    return getattr(play.view, "actions_rect", None)


def _tension(play: "PlayScene") -> pygame.Rect | None:
    return getattr(play.view, "tension_rect", None)


@dataclass
class Step:
    """One prompt. ``done(play, start)`` says the player did what it asks (``start`` is the state's step
    number when the prompt appeared); without ``done`` the step waits for Next."""

    text: str
    target: Target | None = None
    done: Callable[["PlayScene", int], bool] | None = None
    title: str = ""
    optional: bool = False  # a try the player may pass over with Next


def _moved(play: "PlayScene", start: int) -> bool:
    return any(r.get("kind") == "move" for r in View.of(play.state).record()[start:])


def _acted(kinds: tuple[str, ...]) -> Callable[["PlayScene", int], bool]:
    def done(play: "PlayScene", start: int) -> bool:
        return any(r.get("kind") in kinds for r in View.of(play.state).record()[start:])
    return done


def _next_turn(play: "PlayScene", start: int) -> bool:
    st = play.state
    return View.of(st).over or any(r.get("kind") == "end_phase" for r in View.of(st).record()[start:]) or View.of(st).turn > 1


STEPS: list[Step] = [
    Step(N_("This is Vera, your survivor. The goal of Warehouse Breakout is written above the board: get out "
         "through the yard exit without being hit past Danger."), _survivor, title=N_("Welcome")),
    Step(N_("Your turn starts with the action phase: 4 actions. The dots on the right count them. Moving one "
         "square costs one action."), _actions, title=N_("Action phase")),
    Step(N_("Click a framed square next to Vera to move there."), _a_move, _moved, title=N_("Move")),
    Step(N_("Made a mistake? Undo (Ctrl+Z) takes an action back until something new is revealed: a die rolled, "
         "a card drawn, a tile explored. Try it, or press Next."), _zone("undo"), _acted(()), title=N_("Undo"),
         optional=True),
    Step(N_("Hover a square further away: the game shows the path and what it costs. A click on a square you "
         "cannot reach tells you why."), None, title=N_("Plans and reasons")),
    Step(N_("Doors are the brown bars in the walls; they glow when you stand next to one. Click it to open it "
         "(1 action). Open doors link rooms: enemies in linked rooms react to you. Open a door, or press Next."),
         _a_door, _acted(("door",)),
         title=N_("Doors"), optional=True),
    Step(N_("Hover a zombie to read its card. When one is marked red and in reach, click it to attack with your "
         "handgun: the best die result counts."), _a_zombie, title=N_("Enemies")),
    Step(N_("When you are done, end the action phase: press Space or click End phase."), _zone("end_phase"),
         _next_turn, title=N_("End the phase")),
    Step(N_("Reaction phase: zombies in your room and linked rooms attacked or moved. Tension phase: a tension card "
         "was drawn; most are quiet, some bring trouble. It is shown here."), _tension, title=N_("Reaction and tension")),
    Step(N_("Every log line can be clicked: read the rule behind it, or undo back to it. Hover a line for its "
         "keywords. F1 opens the rules reference. Now lead Vera to the exit!"), lambda p: LOG_RECT,
         title=N_("The log and the rules")),
]


class Tutorial:
    """The running tutorial of one play scene (see module docstring)."""

    def __init__(self, steps: list[Step] | None = None):
        self.steps = steps if steps is not None else list(STEPS)
        self.i = 0
        self.start_step = 0  # the game's step number when the current prompt appeared
        self.zones = Zones()
        self.finished = False
        self.skipped = False
        self.arrow_tip: tuple[float, float] | None = None  # where the last arrow drawn ends (tests)

    @property
    def step(self) -> Step | None:
        return None if self.finished or self.i >= len(self.steps) else self.steps[self.i]

    def advance(self, play: "PlayScene") -> None:
        self.i += 1
        self.start_step = len(View.of(play.state).record())
        if self.i >= len(self.steps):
            self.finished = True

    def skip(self) -> None:
        self.finished = self.skipped = True

    def update(self, play: "PlayScene") -> None:
        """Finish the current step when the player did what it asks."""
        s = self.step
        if s is not None and s.done is not None and s.done(play, self.start_step):
            self.advance(play)

    def waits_for_next(self) -> bool:
        """Whether the current prompt shows a Next button (it waits for Next, or is a try that may be
        passed over)."""
        s = self.step
        return s is not None and (s.done is None or s.optional)

    def press_enter(self, play: "PlayScene") -> bool:
        """Enter on a prompt with a Next button goes Next (issue 25's third play-test: Enter on
        "1/10 Welcome" asked to end the phase, then ended the turn). Returns whether it did; Enter
        is left to the game while a decision other than the action phase is asked. Before the prompt
        that teaches ending the phase, Enter on a prompt that waits for the board only says so (two
        Enters there would end the first turn unseen)."""
        p = View.of(play.state).pending
        if self.step is None or p is None or p.kind != "act":
            return False
        if self.waits_for_next():
            self.advance(play)
            return True
        if self.i < self.end_phase_step():
            play.toast(_("Do it on the board to go on"), 2.5, "info")
            return True
        return False

    def end_phase_step(self) -> int:
        """The index of the prompt that teaches ending the action phase (len(steps) if none)."""
        return next((i for i, s in enumerate(self.steps) if s.done is _next_turn), len(self.steps))

    def click(self, pos: tuple[int, int], play: "PlayScene") -> bool:
        """Handle a click on the prompt box (Next / Skip). Returns True if it was on the box."""
        z = self.zones.at(pos)
        if z is None:
            return False
        if z.key == "tut_next":
            self.advance(play)
        elif z.key == "tut_skip":
            self.skip()
        return True

    def draw(self, surf: pygame.Surface, play: "PlayScene", mouse: tuple[int, int], time: float) -> None:
        self.zones.clear()
        s = self.step
        if s is None:
            return
        target = s.target(play) if s.target is not None else None
        if target is not None:  # a pulsing frame around what to click, and an arrow to it
            k = 0.5 + 0.5 * abs(((time * 1.6) % 2) - 1)
            col = T.lerp(T.GOLD, (255, 255, 255), k)
            pygame.draw.rect(surf, (0, 0, 0), target.inflate(10, 10), 5, border_radius=8)
            pygame.draw.rect(surf, col, target.inflate(8, 8), 3, border_radius=8)
        w, pad = 470, 14
        lines = T.wrap(_(s.text), 15, w - 2 * pad)
        h = 34 + len(lines) * 21 + 48
        box = pygame.Rect(0, 0, w, h)
        # a corner of the board that covers neither what to click nor the message or caption at the top
        avoid = [r for r in (target.inflate(12, 12) if target is not None else None, play.view.toast_rect,
                             play.view.caption_rect) if r is not None]
        top = max([BOARD_RECT.top + 8] + [r.bottom + 6 for r in (play.view.caption_rect,) if r is not None])
        spots = [("topright", (BOARD_RECT.right - 10, top)), ("bottomright", (BOARD_RECT.right - 10, BOARD_RECT.bottom - 8)),
                 ("topleft", (BOARD_RECT.left + 10, top)), ("bottomleft", (BOARD_RECT.left + 10, BOARD_RECT.bottom - 8))]
        for corner, at in spots:
            setattr(box, corner, at)
            if not any(box.colliderect(r) for r in avoid):
                break
        else:
            box.topright = spots[0][1]
        if target is not None:
            a = pygame.Vector2(box.center)
            b = pygame.Vector2(target.center)
            if (b - a).length() > 40:
                d = (b - a).normalize()
                # stop at the target's frame along the arrow (a wide button is not a circle of its width)
                edge = min(target.width / 2 / abs(d.x) if d.x else float("inf"),
                           target.height / 2 / abs(d.y) if d.y else float("inf"))
                tip = b - d * (edge + 8)
                self.arrow_tip = (tip.x, tip.y)
                start = a + d * 20
                pygame.draw.line(surf, (0, 0, 0), start, tip, 7)
                pygame.draw.line(surf, T.GOLD, start, tip, 3)
                left = tip - d * 16 + pygame.Vector2(-d.y, d.x) * 9
                right = tip - d * 16 - pygame.Vector2(-d.y, d.x) * 9
                pygame.draw.polygon(surf, T.GOLD, [tip, left, right])
        pygame.draw.rect(surf, (0, 0, 0), box.move(4, 5), border_radius=10)
        pygame.draw.rect(surf, (30, 24, 20), box, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, box, 2, border_radius=10)
        self.zones.add(Zone(box, "tut_box"))
        T.text(surf, _f("TUTORIAL {i}/{n} · {title}", i=self.i + 1, n=len(self.steps), title=_(s.title)),
               (box.left + pad, box.top + 10), 14, T.GOLD, bold=True)
        y = box.top + 34
        for ln in lines:
            T.text(surf, ln, (box.left + pad, y), 15, T.TEXT)
            y += 21
        by = box.bottom - 40
        skip = _("Skip tutorial")
        button(surf, self.zones, pygame.Rect(box.left + pad, by, max(130, T.font(13).size(skip)[0] + 24), 30), skip,
               "tut_skip", hover=mouse, size=13)
        if s.done is None or s.optional:
            last = self.i == len(self.steps) - 1
            word = _("Done") if last else _("Next")
            label = f"{word} · Enter"  # the key that presses it (issue 25: Enter went to the game instead)
            bw = max(110, T.font(14, bold=True).size(label)[0] + 24)
            button(surf, self.zones, pygame.Rect(box.right - pad - bw, by, bw, 30), label,
                   "tut_next", hover=mouse, primary=True, size=14)
        else:
            T.text(surf, _("Do it on the board to go on"), (box.right - pad, by + 15), 13, T.MUTED, anchor="midright")

