"""Rebindable keyboard shortcuts: one for every action of the action phase, undo, redo and the rules.

A binding is a key name as pygame names it (``pygame.key.name``), optionally with ``ctrl+`` /
``shift+`` in front: ``"s"``, ``"ctrl+z"``, ``"f1"``. The player's choices live in settings.json
under ``keys`` (intent -> binding); anything missing or unreadable there falls back to
:data:`DEFAULTS`. Fixed keys (Esc, Space/Enter, arrows, number keys, F5) stay in ``keys.PLAY_KEYS``.
"""
from __future__ import annotations

import pygame

from ..i18n import N_

# intent, what it does (for the Keys screen), default binding
ACTIONS: list[tuple[str, str, str]] = [
    ("search", N_("Search"), "s"),
    ("attack", N_("Attack"), "a"),
    ("use", N_("Use an item"), "u"),
    ("trade", N_("Trade"), "t"),
    ("door", N_("Open or close a door"), "d"),
    ("exit", N_("Leave by the exit"), "x"),
    ("end_phase", N_("End the action phase"), "e"),
    ("undo", N_("Undo"), "ctrl+z"),
    ("redo", N_("Redo"), "ctrl+y"),
    ("rules", N_("Rules reference"), "f1"),
]
DEFAULTS: dict[str, str] = {i: k for i, _l, k in ACTIONS}
RESERVED = {"escape", "space", "return", "enter", "left", "right", "up", "down", "f5", "home", "page up",
            "page down", "l", "=", "-", "+"} | {str(i) for i in range(10)}


def parse(spec: str) -> tuple[int, int] | None:
    """``"ctrl+z"`` -> (key code, KMOD_CTRL); None if the key name is unknown."""
    if not isinstance(spec, str) or not spec:
        return None
    parts = spec.lower().split("+")
    name = parts[-1] if parts[-1] else "+"
    mods = 0
    for p in parts[:-1]:
        if p == "ctrl":
            mods |= pygame.KMOD_CTRL
        elif p == "shift":
            mods |= pygame.KMOD_SHIFT
        elif p == "alt":
            mods |= pygame.KMOD_ALT
        else:
            return None
    try:
        code = pygame.key.key_code(name)
    except (ValueError, pygame.error):
        return None
    return code, mods


def spec_of(ev: pygame.event.Event) -> str:
    """The binding a KEYDOWN event would make ('ctrl+z', 'f1', 's')."""
    mod = getattr(ev, "mod", 0)
    name = pygame.key.name(ev.key)
    pre = ("ctrl+" if mod & pygame.KMOD_CTRL else "") + ("alt+" if mod & pygame.KMOD_ALT else "") + \
        ("shift+" if mod & pygame.KMOD_SHIFT else "")
    return pre + name


def current(settings: dict) -> dict[str, str]:
    """Intent -> binding: the player's valid choices over the defaults."""
    out = dict(DEFAULTS)
    mine = settings.get("keys") if isinstance(settings.get("keys"), dict) else {}
    for intent, spec in mine.items():
        if intent in out and parse(spec) is not None:
            out[intent] = spec.lower()
    return out


def intent_of(ev: pygame.event.Event, settings: dict) -> str | None:
    """The rebindable intent a KEYDOWN event triggers, or None."""
    mod = getattr(ev, "mod", 0)
    want = mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_SHIFT)
    for intent, spec in current(settings).items():
        p = parse(spec)
        if p is None or p[0] != ev.key:
            continue
        need = p[1]
        if all(bool(want & m) == bool(need & m) for m in (pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_SHIFT)):
            return intent
    if ev.key == pygame.K_z and mod & pygame.KMOD_CTRL and mod & pygame.KMOD_SHIFT:
        return "redo"  # Ctrl+Shift+Z, the other common redo
    return None


def conflict(settings: dict, intent: str, spec: str) -> str | None:
    """Why ``spec`` cannot be bound to ``intent`` (a fixed key, or another action's key), or None."""
    if spec.lower() in RESERVED:
        return "reserved"
    for other, s in current(settings).items():
        if other != intent and s == spec.lower():
            return other
    return None
