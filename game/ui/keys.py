"""Key bindings as tables from key to intent (STYLE: tcod's input_handlers). Scenes turn
intents into rules actions; nothing else in the UI looks at key codes."""
from __future__ import annotations

import pygame

MENU_KEYS: dict[int, str] = {
    pygame.K_UP: "up",
    pygame.K_w: "up",
    pygame.K_DOWN: "down",
    pygame.K_s: "down",
    pygame.K_TAB: "down",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back",
}

PLAY_KEYS: dict[int, str] = {
    pygame.K_ESCAPE: "pause",
    pygame.K_SPACE: "confirm",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_F5: "reload",
    pygame.K_F1: "rules",
    pygame.K_PAGEUP: "log_up",
    pygame.K_PAGEDOWN: "log_down",
    pygame.K_LEFT: "pan_left",
    pygame.K_RIGHT: "pan_right",
    pygame.K_UP: "pan_up",
    pygame.K_DOWN: "pan_down",
    pygame.K_HOME: "pan_reset",
    pygame.K_EQUALS: "zoom_in",
    pygame.K_PLUS: "zoom_in",
    pygame.K_KP_PLUS: "zoom_in",
    pygame.K_MINUS: "zoom_out",
    pygame.K_KP_MINUS: "zoom_out",
}
# with Ctrl held (Ctrl+Shift+Z is redo too)
CTRL_KEYS: dict[int, str] = {pygame.K_z: "undo", pygame.K_y: "redo"}


def play_intent(ev: pygame.event.Event) -> str | None:
    """The play scene's intent for a KEYDOWN event (modifiers included), or None."""
    mod = getattr(ev, "mod", 0)
    if mod & pygame.KMOD_CTRL:
        intent = CTRL_KEYS.get(ev.key)
        if intent == "undo" and mod & pygame.KMOD_SHIFT:
            return "redo"
        return intent
    return PLAY_KEYS.get(ev.key)


# number keys pick the n-th option of a prompt or menu
OPTION_KEYS: dict[int, int] = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
OPTION_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
# party setup: left/right step through the scenarios
SETUP_KEYS: dict[int, int] = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
