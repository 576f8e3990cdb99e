"""Sprites: loaded once from assets/sprites/*.png (made by the scripts in tools/, sources and PNGs
committed; ``assets/sprites/INDEX.txt`` names each and the tool that makes it: tools/art_index.py),
scaled on demand and cached. A sprite of the index that is missing or cannot be read raises
:class:`ArtMissing` naming the file and the tool to run (issue 30 item 3: nothing is drawn in its place
at run time); a name no tool makes is no sprite (None).
"""
from __future__ import annotations

import weakref

from collections import OrderedDict
from pathlib import Path

import pygame

from ..paths import ASSETS

SCALED_MAX = 600  # scaled sprites kept (least recently used go first): about three zoom levels
SPRITES = ASSETS / "sprites"


# scenario / special item ids -> their picture, by a word in the id (first match wins)
ITEM_WORDS = (("keycard", "icon_card"), ("security_card", "icon_card"), ("sheet_music", "icon_sheet_music"),
              ("crank", "icon_crank"), ("winch", "icon_crank"), ("valve", "icon_valve"),
              ("kerosene", "icon_can"), ("oil", "icon_can"), ("cable", "icon_cable"), ("fuse", "icon_cable"),
              ("battery", "icon_cable"), ("detonator", "icon_cable"), ("emblem", "icon_emblem"),
              ("cutter", "icon_cutter"), ("hose", "icon_hose"))


_ALL: "weakref.WeakSet[Art]" = weakref.WeakSet()  # every Art alive (forget_scaled)


class ArtMissing(FileNotFoundError):
    """A sprite the checkout should hold is missing or damaged: the message names the file and the
    tool that makes it (``python -m tools.<tool>``)."""


def sprite_index(folder: Path = SPRITES) -> dict[str, str]:
    """``folder``'s INDEX.txt: sprite name -> the tool that makes it ({} without one). Read when a
    sprite is first not found (the menu's sprites are all there: not at cold start)."""
    try:
        lines = (folder / "INDEX.txt").read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    return dict(ln.split(" ", 1) for ln in lines if " " in ln)


def forget_scaled() -> None:
    """Drop the scaled sprites every :class:`Art` keeps (issue 30 item 4: what a game left showed, at
    every zoom level it reached; ``game.ui.memory.give_back``). The raw sprites stay."""
    for art in list(_ALL):
        art._scaled.clear()


class Art:
    """Sprite lookup by name with a per-size cache. One instance per app/renderer."""

    def __init__(self, folder: Path = SPRITES):
        self.folder = folder
        self._raw: dict[str, pygame.Surface] = {}
        self._scaled: "OrderedDict[tuple[str, int, int], pygame.Surface]" = OrderedDict()  # LRU
        _ALL.add(self)
        self._index: dict[str, str] | None = None
        self._missing: set[str] = set()

    def raw(self, name: str) -> pygame.Surface | None:
        """The full-size sprite, or None if no tool makes a sprite of that name. Raises
        :class:`ArtMissing` (naming the file and the tool to run) when the index names it and its
        file is missing or cannot be read."""
        if name in self._raw:
            return self._raw[name]
        if name in self._missing:  # asked before and not there: no disk look-up every frame
            return None
        p = self.folder / f"{name}.png"
        surf: pygame.Surface | None = None
        why = "missing"
        if p.is_file():
            try:
                surf = pygame.image.load(str(p))
            except (pygame.error, OSError) as ex:
                why = f"cannot be read ({ex})"
        if surf is None:
            if self._index is None:
                self._index = sprite_index(self.folder)
            tool = self._index.get(name)
            if tool is not None:
                raise ArtMissing(f"{p}: {why}; it is made by {tool.replace('.', '/')}.py: run python -m {tool} "
                                 "(a checkout holds it: git checkout -- assets/sprites)")
        if surf is not None and pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        if surf is not None:
            self._raw[name] = surf
        else:
            self._missing.add(name)
        return surf

    def get(self, name: str, w: int, h: int | None = None) -> pygame.Surface | None:
        """The sprite smooth-scaled to ``w`` x ``h`` (cached)."""
        h = w if h is None else h
        key = (name, w, h)
        s = self._scaled.get(key)
        if s is None:
            r = self.raw(name)
            if r is None:
                return None
            s = r if r.get_size() == (w, h) else pygame.transform.smoothscale(r, (max(1, w), max(1, h)))
            self._scaled[key] = s
            if len(self._scaled) > SCALED_MAX:  # zooming through many sizes does not grow memory
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(key)
        return s

    def faded(self, name: str, w: int, alpha: int) -> pygame.Surface | None:
        """The sprite at width ``w`` drawn at ``alpha`` (older dice rows), cached."""
        key = (f"{name}#a{alpha}", w, w)
        img = self._scaled.get(key)
        if img is None:
            base = self.get(name, w)
            if base is None:
                return None
            img = base.copy()
            img.set_alpha(alpha)
            self._scaled[key] = img
        return img

    def portrait(self, surf: pygame.Surface, cid: str, centre: tuple[int, int], rad: int, colour=None,
                 down: bool = False) -> bool:
        """Draw survivor ``cid``'s round portrait (radius ``rad`` px) centred at ``centre``; greyed
        when ``down`` (unconscious). Falls back to a plain disc of ``colour``. Returns True if a
        portrait was drawn."""
        d = max(4, rad * 2)
        img = self.get(f"portrait_{cid}", d)
        if img is None:
            pygame.draw.circle(surf, colour or (150, 150, 150), centre, rad)
            return False
        if down:
            key = (f"portrait_{cid}#down", d, d)
            grey = self._scaled.get(key)
            if grey is None:
                grey = pygame.transform.grayscale(img)
                self._scaled[key] = grey
            img = grey
        surf.blit(img, img.get_rect(center=centre))
        return True

    def item_icon(self, defn: str, item_type: str, herb: str | None) -> str:
        """Sprite name for an item card id (the renderer's id -> image table)."""
        table = {"knife": "icon_knife", "handgun": "icon_handgun", "falcon50": "icon_falcon50",
                 "magnum": "icon_magnum", "shotgun": "icon_shotgun", "ranger_custom": "icon_ranger_custom",
                 "assault_rifle": "icon_assault_rifle", "grenade_launcher": "icon_grenade_launcher",
                 "first_aid_spray": "icon_spray", "lock_pick": "icon_lock_pick", "hip_pouch": "icon_pouch"}
        if defn in table:
            return table[defn]
        for part, icon in ITEM_WORDS:  # scenario and special items by what they are
            if part in defn:
                return icon
        if herb:
            return f"icon_herb_{herb}"
        if item_type == "ammo":
            return "icon_ammo"
        if item_type == "weapon":
            return "icon_handgun"
        if item_type == "scenario" or "key" in defn:
            return "icon_key"
        return "icon_generic"
