"""The player's preferences: ``settings.json`` in the user data folder, as a typed pydantic model.

:func:`settings_model` names every preference with its type, default and range (built only when a file
holds a value it would change or refuse, or a preference changed: a start builds no pydantic model for a
file the game wrote, :func:`quick_settings`; issue 30 item 3);
:class:`Settings` holds the preferences. :func:`read_settings`
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

import copy
import json
import math
import shutil
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from ..content.errors import ContentError
from ..i18n import N_, _f
from .window import UI_SCALES  # 0 = automatic

if TYPE_CHECKING:
    from pydantic import ValidationError

SETTINGS_NAME = "settings.json"
DAMAGED_NAME = "settings.damaged.json"
MAX_SETTINGS_BYTES = 64 * 1024
MAX_NAME_CHARS = 64  # a seat name as stored (game.ui.seats keeps 16 when it is typed)
MAX_SEATS = 8
MAX_KEYS = 64


#: every preference's default, as :func:`settings_model` gives it (tests/test_settings_file.py checks
#: the two agree): the screens read these before any settings file or change builds the model
DEFAULTS: dict[str, Any] = {
    "immersive": False, "auto_ties": True, "decision_timer": False, "sfx_volume": 0.8, "music_volume": 0.4,
    "mute": False, "anim_speed": 1.0, "fullscreen": False, "ui_scale": 0.0, "show_rule_ids": False,
    "tutorial_offered": False, "language": "en", "keys": {}, "palette": "standard", "manual_dice": False,
    "manual_tension": False, "seat_names": [],
}


def _number(lo: float, hi: float):
    return lambda v: type(v) in (int, float) and math.isfinite(v) and lo <= v <= hi


def _texts(most: int, chars: int):
    return lambda v: type(v) is list and len(v) <= most and all(type(x) is str and len(x) <= chars for x in v)


def _flag(v: Any) -> bool:
    return type(v) is bool


#: per preference, a value :func:`settings_model` keeps exactly as it is (its type and range or choices; an
#: int where a float is asked is kept as that float): :func:`quick_settings` reads a settings file the game
#: wrote with no model built (issue 30 item 3: pydantic costs a returning player ~100 ms at start);
#: tests/test_settings_quick.py checks each against the model, the same names, the same values
QUICK: dict[str, Any] = {
    "immersive": _flag, "auto_ties": _flag, "decision_timer": _flag, "mute": _flag, "fullscreen": _flag,
    "show_rule_ids": _flag, "tutorial_offered": _flag, "manual_dice": _flag, "manual_tension": _flag,
    "sfx_volume": _number(0.0, 1.0), "music_volume": _number(0.0, 1.0), "anim_speed": _number(0.25, 4.0),
    "ui_scale": lambda v: type(v) in (int, float) and v in UI_SCALES,
    "language": lambda v: v in ("en", "ja") and type(v) is str,
    "palette": lambda v: v in ("standard", "colour_blind") and type(v) is str,
    "keys": lambda v: type(v) is dict and len(v) <= MAX_KEYS and all(
        type(k) is str and type(x) is str and len(k) <= 40 and len(x) <= 40 for k, x in v.items()),
    "seat_names": _texts(MAX_SEATS, MAX_NAME_CHARS),
}


def quick_settings(data: dict) -> Settings | None:
    """``data`` (a parsed settings file) as :class:`Settings` without building the model, when the model
    would keep every value of it as it is (:data:`QUICK`; a name the model does not know is kept, as
    ``extra="allow"`` does); None when any value would be changed or refused: the model validates it
    then, and says what was wrong."""
    if not all(check(data[k]) for k, check in QUICK.items() if k in data):
        return None
    values = copy.deepcopy(DEFAULTS)
    for k, v in data.items():
        values[k] = float(v) if k in QUICK and type(v) is int else copy.deepcopy(v)
    return Settings(values=values)


@lru_cache(maxsize=None)
def settings_model() -> type:
    """The pydantic model of ``settings.json`` (every preference with its type, default and range;
    units and ranges in the comments), built the first time a settings file is read or a preference
    changed: a first start with no file builds no model (issue 30 item 3, cold start)."""
    from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

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

    class SettingsModel(BaseModel):
        """Every preference of ``settings.json``."""

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

    return SettingsModel


class Settings:
    """The player's preferences: the validated model of :func:`settings_model` once a file needed it
    or a preference changed, and until then the defaults (:data:`DEFAULTS`, copied) or a file's values
    the model would keep as they are (:func:`quick_settings`), without building the model. Answers the dictionary-style reads and writes the screens use (``settings["palette"]``,
    ``settings.get("keys")``, ``settings[key] = value``) and attribute reads; a write is validated
    (a wrong value raises pydantic's ValidationError); any other attribute (``model_dump``...) is the
    model's. ``Settings()`` is every default; ``Settings(model)`` wraps a validated model;
    ``Settings(values=...)`` holds values :func:`quick_settings` found the model would keep."""

    __slots__ = ("_model", "_values")

    def __init__(self, model: Any = None, values: dict | None = None) -> None:
        object.__setattr__(self, "_model", model)
        object.__setattr__(self, "_values", None if model is not None else
                           values if values is not None else copy.deepcopy(DEFAULTS))

    @property
    def model(self) -> Any:
        """The pydantic model of these preferences (built from the defaults on first use)."""
        if self._model is None:
            object.__setattr__(self, "_model", settings_model().model_validate(self._values))
            object.__setattr__(self, "_values", None)
        return self._model

    def __getattr__(self, name: str) -> Any:  # (only for names not found on the class)
        values = self._values
        if values is not None and name in values:
            return values[name]
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.model, name)

    def __setattr__(self, key: str, value: Any) -> None:
        setattr(self.model, key, value)

    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self.model, key, value)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        if self._values is not None:
            return key in self._values
        return key in type(self._model).model_fields or key in (self._model.__pydantic_extra__ or {})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settings) and self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Settings({self._values if self._values is not None else self._model!r})"

    def get(self, key: str, default: Any = None) -> Any:
        """The preference ``key``, or ``default`` for a name the model does not know."""
        if self._values is not None:
            return self._values.get(key, default)
        return getattr(self._model, key, default) if key in self else default

    def model_dump(self, **kw: Any) -> dict[str, Any]:
        """The preferences as a dictionary (pydantic's ``model_dump``; the defaults copied before a model exists)."""
        if self._values is not None and not kw:
            return copy.deepcopy(self._values)
        return self.model.model_dump(**kw)

    def to_json(self) -> str:
        return json.dumps(self.model.model_dump(mode="json"), indent=1, ensure_ascii=False)


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
    from pydantic import ValidationError

    model = settings_model()
    notes: list[str] = []
    data = dict(data)
    for _ in range(len(model.model_fields) + 1):
        try:
            return Settings(model.model_validate(data)), notes
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
    quick = quick_settings(data) if isinstance(data, dict) else None
    return (quick, []) if quick is not None else validate_settings(data, str(path))
