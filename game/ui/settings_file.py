"""The player's preferences: ``settings.json`` in the user data folder, as a typed pydantic model.

:class:`Settings` names every preference with its type, default and range. :func:`read_settings`
validates the file on load: a value of the wrong type or out of its choices keeps its default,
numbers are kept in their range (a hand-edited "music 400 %" reads as 100 %), and a file that is
not JSON at all (or not an object) gives every default; each problem becomes one line of a note
naming the file, which the main menu shows. A damaged file is copied to
``settings.damaged.json`` before the game writes a new one, so nothing the player wrote is lost.

The model answers the dictionary-style reads the screens use (``settings["palette"]``,
``settings.get("keys")``) as well as attributes; an assignment is validated (a wrong value raises
pydantic's ValidationError). Preferences this model does not name yet are kept as they are
(``extra="allow"``) so an older or newer game's file survives a round trip.
"""
from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator

from ..content.errors import ContentError
from ..i18n import N_, _f
from .window import UI_SCALES  # 0 = automatic

SETTINGS_NAME = "settings.json"
DAMAGED_NAME = "settings.damaged.json"
MAX_SETTINGS_BYTES = 64 * 1024
MAX_NAME_CHARS = 64  # a seat name as stored (game.ui.seats keeps 16 when it is typed)
MAX_SEATS = 8
MAX_KEYS = 64


def _clamp(lo: float, hi: float):
    """A before-validator: a number (not a bool) is brought into [lo, hi]; NaN and anything else
    is left for the float check to refuse (then the default is kept)."""

    def clamp(v: Any) -> Any:
        if isinstance(v, (int, float)) and not isinstance(v, bool) and not math.isnan(v):
            return max(lo, min(hi, float(v)))
        return v

    return BeforeValidator(clamp)


Volume = Annotated[float, _clamp(0.0, 1.0), Field(strict=True, allow_inf_nan=False)]  # 0..1
Speed = Annotated[float, _clamp(0.25, 4.0), Field(strict=True, allow_inf_nan=False)]  # animation speed factor
Flag = Annotated[bool, Field(strict=True)]  # "yes" or 1 is not a switch


class Settings(BaseModel):
    """Every preference of ``settings.json`` (units and ranges in the comments)."""

    model_config = ConfigDict(extra="allow", validate_assignment=True)

    immersive: Flag = False  # R-NARR-9: narrative consequences hidden
    auto_ties: Flag = True  # the game takes the rules' first option for movement/spawn ties (play.TIE_KINDS)
    decision_timer: Flag = False
    sfx_volume: Volume = 0.8  # sound effects, 0..1 (game.ui.presenters.sound)
    music_volume: Volume = 0.4  # ambient loops, 0..1
    mute: Flag = False
    anim_speed: Speed = 1.0  # animations' speed, 0.25..4
    fullscreen: Flag = False
    ui_scale: float = 0.0  # one of UI_SCALES; 0 = the largest whole multiple of 1280x720 that fits
    show_rule_ids: Flag = False  # rule IDs in the log, toasts and rules reference
    tutorial_offered: Flag = False  # the first-start offer of the tutorial was answered
    language: Literal["en", "ja"] = "en"  # game.i18n, switched without a restart
    keys: dict[Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=40)]] = Field(
        default_factory=dict, max_length=MAX_KEYS)  # rebound shortcuts, intent -> key (game.ui.bindings)
    palette: Literal["standard", "colour_blind"] = "standard"  # theme.PALETTES
    manual_dice: Flag = False  # roll physical dice and enter the results (game.ui.entry); next game on
    manual_tension: Flag = False  # draw from a physical tension deck
    seat_names: list[Annotated[str, Field(strict=True, max_length=MAX_NAME_CHARS)]] = Field(
        default_factory=list, max_length=MAX_SEATS)  # names last typed at party set-up (game.ui.seats)

    @field_validator("ui_scale", mode="before")
    @classmethod
    def _known_scale(cls, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or float(v) not in UI_SCALES:
            raise ValueError(f"must be one of {', '.join(str(s) for s in UI_SCALES)}")
        return float(v)

    # ---- the dictionary-style reads and writes the screens use
    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self, key, value)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and (key in type(self).model_fields or key in (self.__pydantic_extra__ or {}))

    def get(self, key: str, default: Any = None) -> Any:
        """The preference ``key``, or ``default`` for a name the model does not know."""
        return getattr(self, key, default) if key in self else default

    def to_json(self) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=1, ensure_ascii=False)


DEFAULTS: dict[str, Any] = Settings().model_dump()


class Note(str):
    """A note on the settings file: its English text (the ``str``), and :meth:`shown` words it in
    the language of the moment (the notes are made before the file's language is set)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> "Note":
        note = super().__new__(cls, template.format(**params))
        note.template, note.params = template, params
        return note

    def shown(self) -> str:
        """The note in the current language (the problem pydantic or the reader named stays as given)."""
        return _f(self.template, **self.params)


def menu_note(notes: list) -> str:
    """What the main menu says of ``notes`` (a settings file's :class:`Note` or a plain line each):
    the first in the language of the moment, and how many more; '' for none."""
    if not notes:
        return ""
    first = notes[0].shown() if isinstance(notes[0], Note) else notes[0]
    return first + (_f(" (and {n} more)", n=len(notes) - 1) if len(notes) > 1 else "")


BAD_VALUE = N_("{where}: {field}: {problem}; the default is used")
NOT_AN_OBJECT = N_("{where}: not a JSON object of settings; every setting is back to its default")
UNREADABLE = N_("{where}: could not be read; every setting is back to its default")
DAMAGED = N_("{where}: {problem}; every setting is back to its default")
DAMAGED_KEPT = N_("{where}: {problem}; every setting is back to its default (kept as {name})")


def _short(ex: ValidationError, field: str) -> str:
    for e in ex.errors():
        if e["loc"] and e["loc"][0] == field:
            return e["msg"].removeprefix("Value error, ")
    return "not valid"


def validate_settings(data: Any, where: str = SETTINGS_NAME) -> tuple[Settings, list[str]]:
    """A :class:`Settings` from parsed JSON ``data``, and one note per problem: each bad preference
    keeps its default ("<where>: music_volume: Input should be a valid number; the default is used")."""
    if not isinstance(data, dict):
        return Settings(), [Note(NOT_AN_OBJECT, where=where)]
    notes: list[str] = []
    data = dict(data)
    for _ in range(len(Settings.model_fields) + 1):
        try:
            return Settings.model_validate(data), notes
        except ValidationError as ex:
            bad = sorted({str(e["loc"][0]) for e in ex.errors() if e["loc"]})
            if not bad:
                break
            for field in bad:
                notes.append(Note(BAD_VALUE, where=where, field=field, problem=_short(ex, field)))
                data.pop(field, None)
    return Settings(), notes + [Note(UNREADABLE, where=where)]


def read_settings(folder: str | Path) -> tuple[Settings, list[str]]:
    """The settings file in ``folder`` validated (see module doc) and the notes on what was wrong
    ([] when the file is fine or absent). A file that could not be read at all is copied to
    ``settings.damaged.json`` beside it, once, before the game writes a fresh one."""
    from ..content.saves import read_json_limited

    path = Path(folder) / SETTINGS_NAME
    if not path.is_file():
        return Settings(), []
    try:
        data = read_json_limited(path, max_bytes=MAX_SETTINGS_BYTES, max_depth=4, what="settings file")
    except ContentError as ex:
        kept = path.with_name(DAMAGED_NAME)
        where = f"{ex.file}: {ex.where}" if ex.where else ex.file
        try:
            if not kept.exists():
                shutil.copyfile(path, kept)
            return Settings(), [Note(DAMAGED_KEPT, where=where, problem=ex.problem, name=kept.name)]
        except OSError:
            return Settings(), [Note(DAMAGED, where=where, problem=ex.problem)]
    return validate_settings(data, str(path))
