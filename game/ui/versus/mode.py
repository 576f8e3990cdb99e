"""The versus game's registration (issue 24, :mod:`game.ui.modes`): its main-menu row, which opens its
set-up screen, and its kit. Light on purpose (the main menu reads it for its first frame): the
screens and the kit are named, imported when used."""
from __future__ import annotations

from ...i18n import N_
from ..modes import MenuEntry, Mode, SaveSlot, register_mode

MODE = register_mode(Mode(
    key="versus", kit="game.ui.versus.kit:KIT", lint_templates="game.ui.versus.lint:LINT_TEMPLATES",
    entries=(MenuEntry("versus", N_("Versus (two players)"), "game.ui.versus.setup:VersusSetup", order=20),),
    # its three save slots (saves.slot_path); the newest that loads is the one Continue opens
    saves=(SaveSlot("versus", N_("Versus (two players)"), "versus/slot[0-9].json", "game.ui.versus.saves:slot_info",
                    "game.ui.versus.saves:describe", "game.ui.versus.setup:continue_scene"),)))
