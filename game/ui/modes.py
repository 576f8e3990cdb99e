"""The modes the window knows (issue 24 item 2): each mode's registration (:class:`Mode`: its kit, its
main-menu entries, its campaigns), and :func:`kit_for`, which finds a game's kit.

No shared file lists the modes. A mode is a package under ``game/ui/`` with a module ``mode.py``
that calls :func:`register_mode` once; :func:`load_modes` imports every such module (sorted by
package name) the first time anything asks. ``mode.py`` and its package's ``__init__`` stay light
(pygame and ``game.i18n`` at most, no engine: the main menu reads them for its first frame,
``tests/test_cold_start.py``), so a mode names its kit and scenes by ``"module:attribute"``, which
are imported only when they are used (:func:`resolve`). The city registers in the same way
(``game/ui/campaign/mode.py``); its kit is the default :class:`game.ui.kit.ModeKit`.

:func:`register_kit` stays for a kit registered by hand (the toy mode's in ``tests/``); those are
asked first. docs/architecture.md, "How a new mode adds its kit". Imports nothing of the UI.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .kit import ModeKit

#: where the city's answers live (the default kit)
DEFAULT_KIT = "game.ui.kit:ModeKit"


@dataclass(frozen=True)
class MenuEntry:
    """A main-menu row a mode adds (below "Campaign"): ``label`` untranslated (``N_``), shown
    translated; ``opens`` a ``"module:callable"`` called with the App, giving the Scene pushed."""

    key: str
    label: str
    opens: str
    order: int = 50


@dataclass(frozen=True)
class CampaignKind:
    """A campaign a mode offers on the "Choose a campaign" screen and in the shared save slots.

    ``pack``: the pack name its saves carry (``CampaignSession.PACK_ID``); ``menu``: ``"module:Class"``
    of its campaign menu (a Scene made with no argument); ``session``: ``"module:Class"`` of its
    ``CampaignSession`` (``load(app, path)`` opens a saved slot); ``title``, ``blurb``: untranslated
    (``N_``); ``picture(surf, rect)``: draws the card's picture (pygame only); ``hotkey``: a letter
    that picks it; ``default``: the kind a slot without a known pack opens as (the city's)."""

    key: str
    pack: str
    menu: str
    session: str
    title: str
    blurb: str
    picture: Callable[[Any, Any], None] | None = None
    hotkey: str = ""
    order: int = 50
    default: bool = False


@dataclass(frozen=True)
class SaveSlot:
    """A save slot a mode keeps beside the city's ``save.json`` (the main menu's Continue opens the
    newest game of every slot, issue 26). ``file``: its file name in the App's save folder (looked
    for before anything is imported, so the first menu frame stays light), or a glob pattern of the
    mode's several files (``"<mode>/slot*.json"``: the newest one stands for the slot); ``label``: the mode's
    name, untranslated (``N_``); ``inspect``: ``"module:callable"``, ``(app) -> SaveInfo`` (never
    raises); ``describe``: ``"module:callable"``, ``(SaveInfo) -> str``, the slot's line in the
    current language; ``resume``: ``"module:callable"``, ``(app) -> Scene`` (raises ContentError
    naming the file)."""

    key: str
    label: str
    file: str
    inspect: str
    describe: str
    resume: str


@dataclass(frozen=True)
class Mode:
    """One mode's registration: ``key`` (a name for logs and tests), ``kit`` (``"module:Class"`` of
    its :class:`~game.ui.kit.ModeKit`, made once when a game first asks, or ``"module:NAME"`` of a kit
    its module made; None: the default kit),
    its main-menu ``entries``, its ``campaigns``, and ``diagrams`` (``"module:NAME"`` of a tuple of
    :class:`game.ui.diagrams.Diagram`: its board pictures in the rules reference) and
    ``lint_templates`` (``"module:NAME"`` of a tuple of sentence patterns of its content checks, for
    :mod:`game.ui.errortext`)."""

    key: str
    kit: str | None = None
    entries: tuple[MenuEntry, ...] = ()
    campaigns: tuple[CampaignKind, ...] = ()
    diagrams: str | None = None
    lint_templates: str | None = None
    #: the save slots it keeps besides the city's (:class:`SaveSlot`)
    saves: tuple[SaveSlot, ...] = ()
    #: a settings switch's key -> what the switch also does in this mode (untranslated, ``N_``), said
    #: after the switch's help (``game.ui.settings.switch_help``)
    setting_notes: dict[str, str] = field(default_factory=dict)


_MODES: dict[str, Mode] = {}
_LOADED = False
_KITS: dict[str, "ModeKit"] = {}
#: the registered modes' kits in registration order (made on the first ask after a change)
_MODE_KITS: list["ModeKit"] = []
#: kits registered by hand (asked first, the latest first)
_REGISTERED: list["ModeKit"] = []


def register_mode(mode: Mode) -> Mode:
    """Make ``mode`` known to the window (called once, from the mode's ``mode.py``). Returns it.
    Raises ValueError when another mode already registered the same key."""
    old = _MODES.get(mode.key)
    if old is not None and old != mode:
        raise ValueError(f"mode {mode.key!r} is registered twice (game/ui/*/mode.py)")
    _MODES[mode.key] = mode
    _MODE_KITS.clear()
    return mode


def forget_mode(key: str) -> None:
    """Undo :func:`register_mode` (a test that registered a mode of its own)."""
    _MODES.pop(key, None)
    _MODE_KITS.clear()


def mode_packages() -> list[str]:
    """The packages under ``game/ui/`` with a ``mode.py`` (their names, sorted): the modes."""
    here = Path(__file__).parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)])
                  if m.ispkg and (here / m.name / "mode.py").is_file())


def load_modes() -> dict[str, Mode]:
    """Import every mode's ``mode.py`` once; the registered modes by key (the registry itself: read it,
    change it only through :func:`register_mode` and :func:`forget_mode`)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        for name in mode_packages():
            importlib.import_module(f"{__package__}.{name}.mode")
    return _MODES


def resolve(ref: str) -> Any:
    """The attribute named by ``"package.module:attribute"`` (imported now). Raises ImportError or
    AttributeError naming the reference."""
    module, _sep, attr = ref.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except AttributeError:
        raise AttributeError(f"{ref!r}: {module} has no {attr!r} (a mode's registration, game/ui/*/mode.py)") from None


def menu_entries() -> list[MenuEntry]:
    """Every mode's main-menu rows, in ``order`` then key order."""
    return sorted((e for m in load_modes().values() for e in m.entries), key=lambda e: (e.order, e.key))


def campaign_kinds() -> list[CampaignKind]:
    """Every mode's campaigns, in ``order`` then key order."""
    return sorted((c for m in load_modes().values() for c in m.campaigns), key=lambda c: (c.order, c.key))


def save_slots() -> list[SaveSlot]:
    """Every mode's own save slots, in mode key then slot key order."""
    return sorted((s for m in load_modes().values() for s in m.saves), key=lambda s: s.key)


def register_kit(kit: "ModeKit") -> "ModeKit":
    """Make ``kit`` known to the play screen by hand (asked before the modes' kits). Returns it."""
    if kit not in _REGISTERED:
        _REGISTERED.insert(0, kit)
    return kit


def forget_kit(kit: "ModeKit") -> None:
    """Undo :func:`register_kit` (a test that registered a kit for its own games)."""
    if kit in _REGISTERED:
        _REGISTERED.remove(kit)


def _kit(ref: str) -> "ModeKit":
    if ref not in _KITS:  # a kit class (made here) or a kit made by its module (the same one it registers)
        got = resolve(ref)
        _KITS[ref] = got() if isinstance(got, type) else got
    return _KITS[ref]


def mode_kits() -> list["ModeKit"]:
    """The kits of the registered modes that have one (made once each)."""
    if not _MODE_KITS:
        _MODE_KITS.extend(_kit(m.kit) for m in load_modes().values() if m.kit)
    return _MODE_KITS


def all_kits() -> list["ModeKit"]:
    """Every kit known: the ones registered by hand, then the modes' (the default kit not included)."""
    return [*_REGISTERED, *mode_kits()]


def kit_for(state: Any) -> "ModeKit":
    """The kit of the mode playing ``state`` (the default kit, the city's, when no other claims it)."""
    return next((k for k in (*_REGISTERED, *mode_kits()) if k.claims(state)), _kit(DEFAULT_KIT))
