"""Languages: English (the source text) and Japanese, switched at run time without a restart.

Every string a player reads is written in English in the code as ``_("...")`` (gettext style:
the English text is the message id). The Japanese catalogue is a gettext ``.po`` file,
``game/i18n/locale/ja/LC_MESSAGES/dreadboard.po``, read with Babel (``babel.messages.pofile``)
when Japanese is first chosen. ``tests/test_i18n.py`` checks that no id used in the code is
missing from the catalogue and that the catalogue holds no unused id.

Japanese needs a font with Japanese glyphs: :func:`japanese_font` finds the desktop's own, the way
fontconfig, Windows or macOS do (game/i18n/fonts.py). Without one, :func:`set_language` raises
:class:`FontMissing` saying what to install on this system, and the game stays in English.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
DOMAIN = "dreadboard"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

FONT_HINT = "a Japanese font (game.i18n.fonts.install_hint says which for this system)"  # skip reasons


class FontMissing(RuntimeError):
    """No font with Japanese glyphs was found on this machine."""


_state: dict = {"lang": "en", "catalogues": {}}
_listeners: list[Callable[[str], None]] = []


def language() -> str:
    """The current language code ("en" or "ja")."""
    return _state["lang"]


def japanese_font(refresh: bool = False) -> str | None:
    """Path of a font file with Japanese glyphs on this desktop, or None (game.i18n.fonts; searched
    once, again with ``refresh``)."""
    if refresh or "jp_font" not in _state:
        from .fonts import find_japanese_font

        _state["jp_font"] = find_japanese_font()
    return _state["jp_font"]


def catalogue(lang: str) -> dict[str, str]:
    """The translations of ``lang`` (message id -> text), read once from its .po file with Babel.
    Raises FileNotFoundError if the catalogue is missing, ValueError if it cannot be parsed."""
    cats = _state["catalogues"]
    if lang not in cats:
        from babel.messages.pofile import read_po

        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        with open(path, "rb") as fh:
            try:
                cat = read_po(fh, locale=lang, abort_invalid=True)
            except Exception as ex:  # babel raises PoFileError (a ValueError-like) with the line
                raise ValueError(f"{path}: {ex}") from None
        cats[lang] = {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}
    return cats[lang]


def set_language(lang: str) -> None:
    """Switch every screen to ``lang`` now. Raises ValueError for an unknown language and
    FontMissing (nothing changes) when Japanese is chosen on a machine without a Japanese font."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if lang == "ja" and japanese_font() is None:
        from .fonts import install_hint

        raise FontMissing(f"Japanese needs a Japanese font and none was found; to add one {install_hint()}.")
    if lang != "en":
        catalogue(lang)
    _state["lang"] = lang
    for fn in list(_listeners):
        fn(lang)


@contextmanager
def english() -> Iterator[None]:
    """Inside the block ``_``/``_f`` give the English text, whatever the language (no font change, no
    listener called): for a line kept in English and shown later in the language of the moment
    (the log, game.ui.presenters.logtext)."""
    was = _state["lang"]
    _state["lang"] = "en"
    try:
        yield
    finally:
        _state["lang"] = was


def on_change(fn: Callable[[str], None]) -> None:
    """Call ``fn(lang)`` after every language switch (the theme drops its font caches)."""
    _listeners.append(fn)


def content_key(text: str) -> str:
    """The catalogue key of a text from a content file (a scenario's story, goal, a card's text):
    the text without the whitespace around it. A YAML ``>`` or ``|`` block ends in a newline the
    catalogue does not keep, so the raw text missed its translation (issue 25 item 5: the city
    map's scenario stories stayed English). tools/i18n.py writes content texts under this key."""
    return (text or "").strip()


CONTENT_DOMAIN = "content"


def content_po(lang: str) -> Path:
    """The .po file of ``lang``'s content catalogue: a content text's stable key -> its words
    (game.content.keys; English is the content file itself, so only other languages have one)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{CONTENT_DOMAIN}.po"


def content_catalogue(lang: str) -> dict[str, str]:
    """``lang``'s content texts by stable key (``"city.items.knife.name"`` -> its words), read once
    with Babel; {} for English and for a language without a content catalogue. Raises ValueError
    naming the file when it cannot be parsed. A stale entry (fuzzy: the English changed since it was
    translated) is left out, so the new English shows until it is translated again."""
    cats = _state["catalogues"]
    ck = "content:" + lang
    if ck not in cats:
        path = content_po(lang)
        if lang == "en" or not path.is_file():
            cats[ck] = {}
        else:
            from babel.messages.pofile import read_po

            with open(path, "rb") as fh:
                try:
                    cat = read_po(fh, locale=lang, abort_invalid=True)
                except Exception as ex:  # babel's PoFileError carries the line
                    raise ValueError(f"{path}: {ex}") from None
            cats[ck] = {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}
    return cats[ck]


def by_key(key: str | None, text: str, lang: str | None = None) -> str:
    """Content text ``text`` with stable key ``key`` in ``lang`` (default: the current language):
    the content catalogue's words for the key, else ``text`` itself (English: the content file's
    own words; a missing translation is reported by ``python -m tools.i18n --check``). Never looks
    the English words up (issue 23 item 1)."""
    lang = lang or _state["lang"]
    if lang == "en" or not key:
        return str(text)
    return content_catalogue(lang).get(key, str(text))


def _(msgid: str) -> str:
    """``msgid`` (English) in the current language; English when there is no translation. A
    content text (a :class:`game.engine.messages.Keyed` string from a content file) is looked up
    by its stable key in the content catalogue (:func:`by_key`), never by its English words."""
    lang = _state["lang"]
    key = getattr(msgid, "key", None)
    if key is not None:
        return by_key(key, msgid, lang)
    if lang == "en":
        return msgid
    cat = _state["catalogues"].get(lang, {})
    got = cat.get(msgid)
    if got is None and msgid[-1:].isspace():
        got = cat.get(content_key(msgid))
    return msgid if got is None else got


def _f(msgid: str, **kw) -> str:
    """``_(msgid).format(**kw)``: a message with named blanks, e.g. ``_f("{n} actions left", n=3)``."""
    return _(msgid).format(**kw)


def N_(msgid: str) -> str:
    """Mark a string for the catalogue without translating it now (module-level tables); translate it
    with ``_`` where it is shown."""
    return msgid
