"""A mode's kit: what a rule set brings to the shared play screen (issue 24 item 2).

:class:`ModeKit` is the city's kit, which adds nothing: the shared screen is the city's. A mode
with parts of its own subclasses it in its own package (``game/ui/<mode>/``) and names it in its
registration (``mode.py``, :mod:`game.ui.modes`); ``PlayScene``, ``PlayView`` and the shared dialogs
ask the kit instead of testing a rule set's state or a rule-ID prefix. Imports nothing of the UI
(any module may ask a kit).
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
    #: the rule IDs of those hover texts, by token kind, tagged beside them with "Show rule IDs" (never in the words)
    token_rules: dict[str, str] = {}
    #: zone keys of the mode's hud: the ones it answers when clicked, the ones with a hover text
    hud_zones: tuple[str, ...] = ()
    info_zones: tuple[str, ...] = ()
    #: decision kind -> ``opener(play) -> Scene | None``: the dialogs the mode adds to the shared ones
    #: (:mod:`game.ui.play.dialogs`) or puts in their place
    dialogs: dict[str, Any] = {}
    #: what an unexplored tile's hover text says happens there (untranslated, ``N_``)
    explore_tip: str = N_("The first survivor to enter rolls the encounter die.")
    explore_rule: str = "R-EXPLORE-3"

    #: the mode's own decisions a story card's choice asks, answered in the shared narrative dialog
    #: (``game.ui.narrative``; the shared one: ``narrative``, R-NARR-5); see :meth:`pending_story`
    story_decisions: tuple[str, ...] = ()
    #: the mode's own decks drawn at the table when the tension-deck switch is off (``enter`` decision,
    #: ``ctx["what"]``) -> what to tell the players (untranslated, ``N_``); see :meth:`table_card_label`
    table_decks: dict[str, str] = {}
    #: (width, height) of a card button of those decks in the entry dialog
    table_card_size: tuple[int, int] = (230, 52)
    #: the shared side panel's parts the mode shows, top to bottom, from ``game.ui.playui.SIDE_PARTS``
    #: (profile, health, actions, inventory, buttons, dice, sustained, tension); None: all of them;
    #: ``()``: none, the mode's own strip (``hud``) gets the whole panel
    side_parts: tuple[str, ...] | None = None
    #: the effects (``game.ui.presenters.sound`` names) the mode's own events make, by event kind, over the shared table
    event_sounds: dict[str, tuple[str, ...]] = {}
    #: the results screen's words over the shared (city's) ones, untranslated (``N_``): ``won``, ``lost``
    #: (the title), ``who`` (the heading of the players' column)
    results_words: dict[str, str] = {}
    #: the results screen's parts below the players' rows: ``enemies`` (killed, by type), ``tension``
    #: (cards drawn), ``saves`` (who saved whom); None: all of them (the city's)
    results_parts: tuple[str, ...] | None = None

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

    def pending_story(self, state: Any) -> Any:
        """The ``narrative`` Event (kind "narrative", ``data`` as the engine's narrative events) behind
        a pending decision of :attr:`story_decisions`, rebuilt for a game loaded in mid-choice; None."""
        return None

    def table_card_label(self, state: Any, action: Any) -> str | None:
        """The label (translated) of a ``draw`` option from one of :attr:`table_decks`; None: not one."""
        return None

    def draw_table_card(self, surf: Any, rect: Any, state: Any, action: Any, art: Any, hot: bool) -> bool:
        """Draw the face of a card button of :attr:`table_decks` in ``rect`` (the entry dialog adds the
        key number and the click zone); False: not drawn, the dialog draws a plain button with
        :meth:`table_card_label`."""
        return False

    def results_headline(self, state: Any, stats: Any) -> str | None:
        """The results screen's line under the title (translated): the scenario's name and the
        mode's own figures; None: the shared (city's) line (player turns, tension cards drawn).
        ``stats``: the shared figures (:class:`game.ui.results.GameStats`)."""
        return None

    def results_columns(self, state: Any) -> list[tuple[str, Any]] | None:
        """The results screen's columns after the player's name: (heading untranslated ``N_``,
        ``value(character, stats) -> str``) each; None: the shared (city's) ones (how they ended,
        damage taken and dealt, kills, items found)."""
        return None
