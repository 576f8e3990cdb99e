"""The dungeon crawl's registration (issue 24, :mod:`game.ui.modes`): its main-menu row, which opens
its set-up screen, and its kit. Light on purpose (the main menu reads it for its first frame): the
screens and the kit are named, imported when used."""
from __future__ import annotations

from ...i18n import N_
from ..modes import MenuEntry, Mode, SaveSlot, register_mode

MODE = register_mode(Mode(
    key="dungeon", kit="game.ui.dungeon.kit:KIT", lint_templates="game.ui.dungeon.lint:LINT_TEMPLATES",
    entries=(MenuEntry("dungeon", N_("Dungeon crawl"), "game.ui.dungeon.setup:DungeonSetup", order=10),),
    saves=(SaveSlot("dungeon", N_("Dungeon crawl"), "dungeon_save.json", "game.ui.dungeon.saving:slot",
                    "game.ui.dungeon.saving:describe", "game.ui.dungeon.setup:continue_scene"),)))
