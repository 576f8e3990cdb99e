"""What the play screen shows that is not game state, shared by the board, the heads-up display
and the play scene: the screen's rectangles, :class:`PlayUI` (log, dice rows, pointer, toasts, the
mode's strip ...), :class:`Marks` (what the board highlights), :class:`LogLine`, :class:`Roll`,
and the highlights' pulse. Level 2 of the UI's map: imports words and answers only (anim, boss
tracker, choices), never a view or a scene."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from ..engine import Action
from ..i18n import language as i18n_language
from . import boss as BS
from . import theme as T
from .presenters.anim import Animator
from .choices import ActIndex
from .numbers import EnemyNumbers


Sq = tuple[int, int]


TOP_H = 38


CAPTION_RECT = pygame.Rect(0, TOP_H, 856, 26)


BOARD_RECT = pygame.Rect(0, CAPTION_RECT.bottom, 856, 520)


LOG_BIG_TOP = 330  # the enlarged log's top edge (it covers the lower board until L is pressed again)


PROMPT_RECT = pygame.Rect(0, BOARD_RECT.bottom, 856, 54)


LOG_RECT = pygame.Rect(0, PROMPT_RECT.bottom, 856, T.H - PROMPT_RECT.bottom)


SIDE_RECT = pygame.Rect(856, TOP_H, T.W - 856, T.H - TOP_H)
#: the side panel's shared parts, top to bottom (a mode's kit shows some or none: ``ModeKit.side_parts``):
#: the acting survivor, the health track, actions left, the inventory, the action buttons, the dice
#: rows, the sustained cards, the tension card
SIDE_PARTS = ("profile", "health", "actions", "inventory", "buttons", "dice", "sustained", "tension")



@dataclass
class Roll:
    """One dice roll as shown: dice colours ('blue', 'red', 'enc'), faces, its title and what it
    meant (``title``, ``meaning``: in language ``lang``). ``reword`` () -> (title, meaning) words it
    again in the current language (None: a row made by hand, kept as it is; game.ui.presenters.rolls)."""

    kind: str
    dice: list[str]
    faces: list[str]
    title: str
    meaning: str
    success: bool | None
    rule: str
    short: str = ""  # the title's short form (the catalogue's ``short`` context) for a narrow dice row
    reword: Callable[[], tuple[str, str, str]] | None = None
    lang: str = ""
    event: Any = None  # the engine's event it shows (the enemy phase holds it back until its beat plays)

    def now(self) -> "Roll":
        """This row in the language of the moment: worded again after a language switch (issue 25
        retest: rows rolled in Japanese showed as empty boxes after a switch to English)."""
        lang = i18n_language()
        if self.reword is not None and self.lang != lang:
            self.title, self.meaning, self.short = self.reword()
            self.lang = lang
        return self


@dataclass
class LogLine:
    rule: str
    text: str
    kind: str
    msg: Any = None  # (message id, blanks) to show the line in another language (game.ui.presenters.logtext)


@dataclass
class Marks:
    """What the board highlights this frame (all derived from legal actions)."""

    act: ActIndex = field(default_factory=ActIndex)
    choice_squares: dict[Sq, list[Action]] = field(default_factory=dict)
    pick_enemies: dict[str, Action] = field(default_factory=dict)
    pick_chars: dict[str, Action] = field(default_factory=dict)
    subjects: set[str] = field(default_factory=set)  # enemies a decision is about (push, place ...)
    hover_sq: Sq | None = None
    hover_edge: str | None = None
    hover_enemy: str | None = None
    hover_char: str | None = None


@dataclass
class PlayUI:
    """Everything the play screen shows that is not game state."""

    log: list[LogLine] = field(default_factory=list)
    log_scroll: int = 0
    rolls: list[Roll] = field(default_factory=list)  # oldest first; the last ``fresh_rolls`` are new
    fresh_rolls: int = 0
    mouse: tuple[int, int] = (-1, -1)
    marks: Marks = field(default_factory=Marks)
    anim: Animator = field(default_factory=Animator)
    banner: str = ""  # an error that stays until dismissed (F5 failures)
    over_lines: list[str] = field(default_factory=list)  # why the game ended (issue 25 item 3), under the board
    phase: Any = None  # game.ui.enemyphase.PhaseShow of the enemy phase playing or recapped (issue 25 item 1)
    recap_t: float = 0.0  # seconds the phase's recap stays in the strip
    phase_recapped: bool = False  # the recap of ``phase`` has started
    toast: str = ""
    toast_t: float = 0.0
    toast_kind: str = "info"  # "info" | "refusal" (a why-not, an impossible action) | "question"
    time: float = 0.0
    controllers: list[str] = field(default_factory=list)  # per seat: "human" | "bot"
    names: list[str] = field(default_factory=list)  # per seat: the player's name, "" = "Player N" (game.ui.seats)
    scenario_name: str = ""
    hint: str = ""
    hover_key: Any = None
    hover_since: float = 0.0  # square tooltips wait a moment so they never get in the way
    hover_quiet_until: float = 0.0  # no hover tooltip before this time (just after an action; issue 25 item 7)
    # a button's tip waits for the pointer to move after an action: a button that came under a resting
    # pointer was not pointed at (issue 25's third play-test 8: Search's row gave way to a new item's Use
    # button, whose tip then covered End phase)
    tips_wait: bool = False
    woke: float = 0.0  # ui.time of the last input or action: highlights pulse for PULSE_S after it (see pulse)
    boss: BS.BossTracker = field(default_factory=BS.BossTracker)  # the behaviour card on screen
    show_rule_ids: bool = False  # setting "Show rule IDs" (hidden from players by default)
    log_big: bool = False  # L: the log panel enlarged over the board
    can_undo: bool = False  # the play scene's undo window / redo stack (game.ui.undo), for the log buttons
    can_redo: bool = False
    side_extra: Any = None  # a mode's own strip in the side panel (its kit's hud, game.ui.kit)
    side_parts: tuple[str, ...] = SIDE_PARTS  # the shared side panel's parts shown (SIDE_PARTS; the kit's side_parts)
    numbers: EnemyNumbers = field(default_factory=EnemyNumbers)  # which Zombie is which (game.ui.numbers)

    def phase_playing(self) -> Any:
        """The enemy phase (game.ui.enemyphase.PhaseShow) while its beats still play, else None: the
        turn it ends is still the one on screen (issue 25's third play-test 3: the top bar named the
        next turn and its actions, a mode's own Attack button showed, while the enemies moved)."""
        return self.phase if self.phase is not None and self.anim.beat_now() is not None else None

    def log_hidden_from(self) -> int | None:
        """The index in :attr:`log` from which lines are not shown yet, or None: while the enemy phase
        plays, the lines of its beats still to come and what follows them (the next card, "Turn 3
        begins") wait for their beat (issue 25 retest finding 6: the log gave the playback away)."""
        show = self.phase_playing()
        if show is None:
            return None
        now = self.anim.beat_now() or 0
        seen = [ln for b in show.beats[: now + 1] for ln in b.lines]
        later = [ln for b in show.beats[now + 1:] for ln in b.lines]
        mark = seen[-1] if seen else (later[0] if later else None)
        if mark is None:
            return None
        for k in range(len(self.log) - 1, max(-1, len(self.log) - 500), -1):
            if self.log[k] is mark:
                return k + 1 if seen else k
        return None

    def rolls_shown(self) -> tuple[list[Roll], int]:
        """(dice rows, how many are fresh) for the dice panel: while the enemy phase plays, the rows of
        its beats still to come wait for their beat (issue 25 retest 36 M1: an evade roll of the
        tension card's lunge was in the dice panel before the card was played back)."""
        show = self.phase_playing()
        if show is None:
            return self.rolls, self.fresh_rolls
        now = self.anim.beat_now() or 0
        later = {id(e) for b in show.beats[now + 1:] for e in b.events}
        shown = [r for r in self.rolls if r.event is None or id(r.event) not in later]
        return shown, max(0, self.fresh_rolls - (len(self.rolls) - len(shown)))

    def tension_shown(self, last: str | None, left: int) -> tuple[str | None, int]:
        """(tension card uid, cards left) for the tension panel, given the state's: while the enemy
        phase plays, the card before it until the phase's own card is played back (retest finding 6)."""
        show = self.phase_playing()
        if show is None or show.left_before < 0:
            return last, left
        now = self.anim.beat_now() or 0
        if any(b.kind == "card" for b in show.beats[: now + 1]):
            return last, left
        return show.card_before, show.left_before


PULSE_S = 4.0  # seconds highlights pulse after the last input or action; then they hold still (idle: no redraw)


def pulse_of(ui: PlayUI, speed: float) -> float:
    """0..1, the glow of a pulsing highlight at ``ui.time`` (``speed`` radians a second); 1 (steady)
    once nothing happened for :data:`PULSE_S`, so a screen left alone stops changing."""
    if ui.time - ui.woke > PULSE_S:
        return 1.0
    return 0.5 + 0.5 * math.sin(ui.time * speed)
