"""A mode's kit: what a rule set brings to the shared play screen (issue 24 item 2).

:class:`ModeKit` is the city's kit, which adds nothing: the shared screen is the city's. A mode
with parts of its own subclasses it in its own module (the manor's: :class:`game.ui.manor_play.ManorKit`)
and is listed in :mod:`game.ui.modes`; ``PlayScene`` and ``PlayView`` ask the kit instead of
testing a rule set's state or a rule-ID prefix. Imports nothing of the UI (any module may ask a kit).
"""
from __future__ import annotations

from typing import Any

from ..ai.bot import Bot
from ..i18n import N_


class ModeKit:
    """The answers of a mode without parts of its own (the city)."""

    #: the rulebook section F1 opens when the pointer is over nothing with its own section
    rulebook_section: str | None = None
    #: hover texts of tokens whose rules the mode changes, by token kind (untranslated, ``N_``), over the shared ones
    token_tips: dict[str, str] = {}
    #: zone keys of the mode's hud: the ones it answers when clicked, the ones with a hover text
    hud_zones: tuple[str, ...] = ()
    info_zones: tuple[str, ...] = ()
    #: decision kind -> ``opener(play) -> Scene | None``: the dialogs the mode adds to the shared ones
    #: (:mod:`game.ui.play.dialogs`) or puts in their place
    dialogs: dict[str, Any] = {}
    #: what an unexplored tile's hover text says happens there (untranslated, ``N_``)
    explore_tip: str = N_("The first survivor to enter rolls the encounter die (R-EXPLORE-3).")

    def claims(self, state: Any) -> bool:
        """Whether ``state`` (a game) is played by this kit's mode."""
        return False

    def hud(self, play: Any) -> Any:
        """The mode's own part of the play screen for ``play`` (a PlayScene): fed the events
        (``feed``), drawn in the side panel, asked for its buttons (``button``) and each frame
        (``update``); None when the mode has none."""
        return None

    def bot(self, seed: int) -> Any:
        """The bot that plays a seat handed to it in this mode: ``choose(state) -> Action``."""
        return Bot(seed)

    def story_header(self, rule: str, card: bool) -> str | None:
        """The header (untranslated) of the story dialog of an event with rule ID ``rule`` drawn as
        a card (``card``) or read from the brief, when the mode names its own; None: the shared one."""
        return None

    def explore_die(self, event: Any) -> bool:
        """Whether an ``explore`` event shows the exploration die (R-EXPLORE; the city's always do)."""
        return True
