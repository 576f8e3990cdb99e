"""What the engine's message ids say, in each language (issue 23 item 1).

The engine emits a message id and typed parameters (:mod:`game.engine.messages`); this module
renders them through gettext catalogues read with Babel: ``locale/<lang>/LC_MESSAGES/messages.po``
for every language, English included (English is a catalogue like Japanese, not the id). A
catalogue is compiled in memory (``babel.messages.mofile.write_mo``) and read back as
``babel.support.Translations``, so plural forms follow each catalogue's ``Plural-Forms`` header
through ``ngettext`` (the counting parameter is ``n``), and a message with a context
(``"ctx|id"``) goes through ``pgettext``/``npgettext``.

No pygame here and no game state: :func:`render` needs only the id and the parameters, so the
engine's ``Event.text`` (the English sentence, for tests and tools) uses it too.
"""
from __future__ import annotations

import io
import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterator, Mapping

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
LANGS = ("en", "ja")

_cache: dict[str, tuple[Any, dict[str, str]]] = {}

#: which-one numbers of enemy models (enemy uid -> number) the play screen shows while it draws and
#: acts (:func:`numbering`); None elsewhere (the engine's English ``Event.text``, tools, other screens)
NUMBERS: ContextVar[Mapping[str, int] | None] = ContextVar("enemy_numbers", default=None)


@contextmanager
def numbering(numbers: Mapping[str, int]) -> Iterator[None]:
    """Enemy references name their model's number inside this block ("Zombie 2": two Zombies on the
    board told apart in the log and the prompts; issue 25 retest)."""
    token = NUMBERS.set(numbers)
    try:
        yield
    finally:
        NUMBERS.reset(token)


def po_path(lang: str) -> Path:
    """The .po file of ``lang``'s message catalogue."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(lang: str):
    """The Babel ``Catalog`` of ``lang``. Raises FileNotFoundError, or ValueError naming the file
    and the problem when it cannot be parsed."""
    from babel.messages.pofile import read_po

    path = po_path(lang)
    with open(path, "rb") as fh:
        try:
            return read_po(fh, locale=lang, abort_invalid=True)
        except Exception as ex:  # babel's PoFileError carries the line
            raise ValueError(f"{path}: {ex}") from None


#: folders of message catalogues a rule set outside game/ brings along (``<folder>/<lang>/LC_MESSAGES/
#: messages.po``, read after the game's own), in the order added (:func:`add_catalogues`)
EXTRA: list[Path] = []


def add_catalogues(folder: "str | Path") -> None:
    """Add a rule set's own message catalogues (``folder/<lang>/LC_MESSAGES/messages.po`` for each
    language it words; a language it lacks falls back to the id, which ``tools.i18n`` reports for the
    game's own ids only). A mode that lives outside game/ (a toy rule set in tests/rulesets/) keeps its
    messages beside its code and registers them with one line, as it registers its rule set. An id the
    game's catalogue has already is not replaced. Adding the same folder twice changes nothing."""
    folder = Path(folder).resolve()
    if folder not in EXTRA:
        EXTRA.append(folder)
        _cache.clear()


def _with_extras(cat: Any, lang: str) -> Any:
    """``cat`` with the messages of the :data:`EXTRA` catalogues of ``lang`` it lacks added."""
    from babel.messages.pofile import read_po

    for folder in EXTRA:
        path = folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not path.is_file():
            continue
        with open(path, "rb") as fh:
            try:
                more = read_po(fh, locale=lang, abort_invalid=True)
            except Exception as ex:  # babel's PoFileError carries the line
                raise ValueError(f"{path}: {ex}") from None
        for m in more:
            if m.id and cat.get(m.id, context=m.context) is None:
                cat.add(m.id, m.string, context=m.context)
    return cat


def _load(lang: str) -> tuple[Any, dict[str, str]]:
    """(``Translations``, {singular id: plural id}) of ``lang``, built once."""
    hit = _cache.get(lang)
    if hit is None:
        from babel.messages.mofile import write_mo
        from babel.support import Translations

        cat = _with_extras(read_catalogue(lang), lang)
        buf = io.BytesIO()
        write_mo(buf, cat)
        buf.seek(0)
        plurals = {}
        for m in cat:
            if m.id and isinstance(m.id, (tuple, list)):
                key = m.id[0] if not m.context else f"{m.context}|{m.id[0]}"
                plurals[key] = m.id[1]
        hit = _cache[lang] = (Translations(fp=buf, domain=DOMAIN), plurals)
    return hit


def ids(lang: str) -> set[str]:
    """Every message id (with ``ctx|`` for a context) that ``lang``'s catalogue translates."""
    out = set()
    for m in read_catalogue(lang):
        if not m.id:
            continue
        mid = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if all(strings) and not m.fuzzy:
            out.add(f"{m.context}|{mid}" if m.context else mid)
    return out


def template(mid: str, lang: str, n: Any = None) -> str:
    """The sentence of message ``mid`` in ``lang`` with its {blanks}; plural forms chosen by ``n``.
    An id the catalogue lacks comes back as itself (``tools.i18n`` and its test report it)."""
    tr, plurals = _load(lang)
    ctx, _sep, key = mid.rpartition("|")
    plural = plurals.get(mid)
    if plural is not None:
        count = n if isinstance(n, int) else 1
        return tr.npgettext(ctx, key, plural, count) if ctx else tr.ngettext(key, plural, count)
    return tr.pgettext(ctx, key) if ctx else tr.gettext(key)


def _content(text: str, lang: str, key: str | None = None) -> str:
    """A content name or text in ``lang``: by its stable key ``key`` in the content catalogue
    (game.i18n.by_key; issue 23 item 1), never by its English words. A reference without a key (a
    room of a Tiled map, a save written before keys) is still found by its words in the UI
    catalogue (game.i18n.catalogue)."""
    if lang == "en" or not text:
        return text
    from . import by_key, catalogue

    if key:
        return by_key(key, text, lang)

    try:
        return catalogue(lang).get(text, text)
    except (FileNotFoundError, ValueError):
        return text


def _key(ref: dict, field: str, k: str) -> str | None:
    """The stable key of the content text in ``ref[field]``: ``ref[k]`` (written by
    game.engine.messages.keyed), else the text's own (a Keyed text in a reference built outside an
    event, such as a campaign slot's status), else None."""
    return ref.get(k) or getattr(ref.get(field), "key", None)


def _the(name: str, lang: str) -> str:
    """English puts an article before a room ("the Storeroom"; "The Burning Block" keeps its own)."""
    if lang != "en":
        return name
    if name.lower().startswith("the "):  # 'The Burning Block' reads 'the Burning Block' inside a sentence
        return "the " + name[4:]
    return f"the {name}"


def numbered(name: str, uid: str | None, lang: str) -> str:
    """An enemy model's ``name`` (in ``lang``) with its which-one number when :func:`numbering` gives
    model ``uid`` one ("Zombie 2"), else the name."""
    no = (NUMBERS.get() or {}).get(uid) if uid else None
    return template("enemy.numbered", lang).format(name=name, n=no) if no else name


def value(v: Any, lang: str) -> str:
    """One parameter in ``lang``: a reference rendered by its type, other values as they are."""
    if isinstance(v, dict) and "t" in v:
        t = v["t"]
        if t in ("char", "enemy", "item", "card"):
            name = _content(str(v.get("name") or v.get("id") or v.get("type") or "?"), lang, _key(v, "name", "k"))
            return numbered(name, v.get("id"), lang) if t == "enemy" else name
        if t == "sq":
            xy = v.get("xy")
            if v.get("room"):
                return _the(_content(v["room"], lang, _key(v, "room", "rk")), lang)
            return f"({xy[0]}, {xy[1]})" if xy else "?"
        if t == "room":
            return _the(_content(str(v.get("name") or v.get("id")), lang, _key(v, "name", "k")), lang)
        if t == "text":  # a content text: by its stable key; without one (an old save) the catalogue holds it
            raw = str(v.get("v", ""))  # as the content file has it (a YAML '>' block ends in a line break), or stripped
            if _key(v, "v", "k"):
                return _content(raw, lang, _key(v, "v", "k")).strip()
            got = _content(raw, lang)
            return (got if got != raw else _content(raw.strip(), lang)).strip()
        if t == "faces":
            words = [render("face." + str(f).lower(), {}, lang) for f in v.get("v", [])]
            return "[" + ", ".join(words) + "]"
        if t == "msg":
            return render(str(v["id"]), v.get("params") or {}, lang)
        if t == "health":  # a health step (R-HEALTH-1): its label
            return render(f"health.{v.get('v')}", {}, lang)
        if t == "list":
            sep = template("list." + str(v.get("sep") or "sep"), lang)
            return sep.join(value(x, lang) for x in v.get("v", []))
    if isinstance(v, bool):
        return str(v)
    return str(v)


def render(mid: str, params: dict[str, Any] | None, lang: str) -> str:
    """Message ``mid`` with ``params`` as a sentence in ``lang`` ("en", "ja")."""
    params = params or {}
    tpl = template(mid, lang, params.get("n"))
    if not params:
        return tpl
    numbers = NUMBERS.get()
    if numbers and lang == "en":  # 'Zombie 2 moves', not 'The Zombie 2 moves' (a number names one model)
        for k, v in params.items():
            if isinstance(v, dict) and v.get("t") == "enemy" and numbers.get(v.get("id")):
                tpl = re.sub(r"\b(?:[Aa]n?|[Tt]he) \{%s\}" % re.escape(k), "{%s}" % k, tpl)
    try:
        return tpl.format_map({k: value(v, lang) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):  # a catalogue entry with a blank the event lacks
        return tpl


__all__ = ["add_catalogues", "render", "template", "value", "ids", "read_catalogue", "po_path", "numbered", "numbering",
           "LANGS", "DOMAIN", "NUMBERS"]
