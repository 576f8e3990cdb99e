"""The rules reference inside the game: sections in players' words, a glossary of every keyword,
search, and the map from a rule ID (what the engine's events carry) to the section that explains it.

The text lives in ``assets/data/rulebook.yaml`` (read with the content loader: safe YAML, pydantic
models, errors naming the file and line). :class:`RulebookScene` shows it over the board.
Rule IDs stay hidden from players unless the "Show rule IDs" setting is on (the typed rule beside the words: :func:`~game.ui.ruleids.tagged`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pydantic import BaseModel, ConfigDict

from .. import i18n
from ..paths import ASSETS
from ..i18n import _, _f
from . import theme as T
from .ruleids import rule_tag, set_show_rule_ids  # noqa: F401  (their home is ruleids)
from .scene import Command, Pop, Scene
from .widgets import Caret, Zone, button, panel

if TYPE_CHECKING:
    from .app import App

RULEBOOK_FILE = ASSETS / "data" / "rulebook.yaml"


# an exact rule ID a section may list: R-EVADE-3 / DV-2, M-KERO-3 / MDV-4, D-COMBAT-4, V-DUEL-2
_EXACT = r"((?:R|M|D|V)-[A-Z]+-\d+|M?DV-\d+)"


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    title: str
    rules: list[str] = []
    text: str


class Term(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    term: str
    aliases: list[str] = []
    see: str = ""  # a translation takes it from the English entry
    text: str


class Rulebook:
    """Sections and glossary, with lookups. Raises ContentError (file, line, fix) for a bad file,
    or if a glossary entry points at a section that does not exist.

    ``base`` makes this a translation of another rulebook: it must have exactly the same section and
    glossary ids, and takes the rule IDs and 'see' links from ``base``."""

    def __init__(self, path: Path = RULEBOOK_FILE, base: "Rulebook | None" = None):
        from ..content.errors import ContentError
        from ..content.readers import load_list, rel

        self.sections: dict[str, Section] = load_list(path, "sections", Section, "section")
        self.glossary: dict[str, Term] = load_list(path, "glossary", Term, "glossary entry")
        if base is not None:
            for what, mine, theirs in (("section", self.sections, base.sections),
                                       ("glossary entry", self.glossary, base.glossary)):
                missing, extra = sorted(set(theirs) - set(mine)), sorted(set(mine) - set(theirs))
                if missing or extra:
                    raise ContentError(rel(path), f"{what} ids", "the translation does not match the English "
                                       f"rulebook (missing: {', '.join(missing) or 'none'}; unknown: "
                                       f"{', '.join(extra) or 'none'})", "translate every entry of "
                                       "assets/data/rulebook.yaml under the same id, and nothing else")
            self.sections = {k: v.model_copy(update={"rules": base.sections[k].rules}) for k, v in self.sections.items()}
            self.glossary = {k: v.model_copy(update={"see": base.glossary[k].see}) for k, v in self.glossary.items()}
        for t in self.glossary.values():
            if t.see not in self.sections:
                raise ContentError(rel(path), f"glossary entry '{t.id}'", f"'see: {t.see}' names no section",
                                   f"use one of: {', '.join(self.sections)}")
        self._exact: dict[str, Section] = {}
        self._family: dict[str, Section] = {}
        for s in self.sections.values():
            for r in s.rules:
                (self._exact if re.fullmatch(_EXACT, r) else self._family)[r] = s
        words = sorted(((w, t) for t in self.glossary.values() for w in [t.term, *t.aliases]),
                       key=lambda wt: -len(wt[0]))
        self._words = words
        # English words match whole words only ('hit' not inside 'hits'); Japanese words anywhere
        self._word_alts = [rf"(?<![\w+-])({re.escape(w)})(?![\w+])" if w.isascii() else f"({re.escape(w)})"
                           for w, _t in words]
        self._word_re = re.compile("|".join(self._word_alts), re.IGNORECASE)
        self._folded = [w.casefold() for w, _t in words]
        self._one_re: dict[int, re.Pattern] = {}  # a word's index -> its pattern alone
        self._terms_of: dict[str, list[Term]] = {}  # text -> terms_in(text) (hover cards ask every frame)
        self._by_word = {w.lower(): t for w, t in words}

    def section_for_rule(self, rule: str) -> Section | None:
        """The section explaining rule ``rule`` ('R-EVADE-3' -> evade rolls, 'M-KERO-3' -> kerosene and Burn),
        or None (no ID, or unknown)."""
        if not rule:
            return None
        m = re.match(_EXACT, rule)
        if m and m.group(1) in self._exact:
            return self._exact[m.group(1)]
        fam = re.match(r"((?:R|M|D|V)-[A-Z]+)-", rule)  # R-EVADE-3 -> R-EVADE, M-KERO-3 -> M-KERO, D-ACT-5 -> D-ACT
        return self._family.get(fam.group(1)) if fam else None

    def terms_in(self, text: str) -> list[Term]:
        """Glossary entries whose term or an alias occurs in ``text`` (first occurrence order, no repeats).

        The same matches as ``_word_re`` over the whole glossary (the leftmost match; where several words
        match there, the first in its order: longest first; whole English words; case-insensitive), found with
        only the words whose case-folded form occurs in the case-folded text, each by its own pattern (compiled
        once, when first needed): a word absent from the text cannot match. The whole pattern took about 12 ms
        on an enemy's card, asked every frame the card shows (issue 30). Answers are kept per text (512 at most)."""
        got = self._terms_of.get(text)
        if got is not None:
            return list(got)
        low = text.casefold()
        pats = []
        for i, w in enumerate(self._folded):
            if w in low:
                rx = self._one_re.get(i)
                if rx is None:
                    rx = self._one_re[i] = re.compile(self._word_alts[i], re.IGNORECASE)
                pats.append(rx)
        found = []
        pos = 0
        while pats:
            best = None
            for rx in pats:  # (in the glossary's order: at one place the first word wins, as in one alternation)
                m = rx.search(text, pos)
                if m is not None and (best is None or m.start() < best.start()):
                    best = m
            if best is None:
                break
            found.append(best)
            pos = max(best.end(), best.start() + 1)
        out: list[Term] = []
        for m in found:
            t = self._by_word.get(m.group(0).lower())
            if t is not None and t not in out:
                out.append(t)
        if len(self._terms_of) >= 512:
            self._terms_of.clear()
        self._terms_of[text] = out
        return list(out)

    def term(self, word: str) -> Term | None:
        return self._by_word.get(word.lower())

    def search(self, query: str) -> tuple[list[Section], list[Term]]:
        """Sections and glossary entries matching every word of ``query`` (case-insensitive), best first:
        title/term matches before matches in the text."""
        words = [w for w in query.lower().split() if w]
        if not words:
            return list(self.sections.values()), []

        def has(s: str) -> bool:
            s = s.lower()
            return all(w in s for w in words)

        secs = sorted((s for s in self.sections.values() if has(s.title + " " + s.text)),
                      key=lambda s: (not has(s.title), list(self.sections).index(s.id)))
        terms = sorted((t for t in self.glossary.values() if has(" ".join([t.term, *t.aliases, t.text]))),
                       key=lambda t: (not has(" ".join([t.term, *t.aliases])), t.term.lower()))
        return secs, terms


def rulebook_file(lang: str) -> Path:
    """assets/data/rulebook.yaml (English) or its translation rulebook.<lang>.yaml."""
    return RULEBOOK_FILE if lang == "en" else RULEBOOK_FILE.with_name(f"rulebook.{lang}.yaml")


@lru_cache(maxsize=4)
def _rulebook(lang: str) -> Rulebook:
    if lang == "en":
        return Rulebook()
    return Rulebook(rulebook_file(lang), base=_rulebook("en"))


def rulebook(lang: str | None = None) -> Rulebook:
    """The shipped rulebook in ``lang`` (default: the current language, game.i18n)."""
    return _rulebook(lang or i18n.language())


def section_for_rule(rule: str) -> Section | None:
    """Module-level shortcut for :meth:`Rulebook.section_for_rule` on the shipped rulebook."""
    return rulebook().section_for_rule(rule)



WORD_KEY = "rules"  # the zone key of a keyword on screen: hover for its meaning, click for its section


def word_zone(zones: Any, rect: "pygame.Rect", term_id: str) -> None:
    """Make ``rect`` (a keyword drawn on screen: KEROSENE, RESERVE, a card's heading) a glossary lookup:
    hovering it shows :func:`word_tip`, clicking it opens the section that explains it (the zone's key
    is "rules", its value the section id, its tip ``term:<id>``)."""
    from .widgets import Zone

    t = rulebook().glossary.get(term_id)
    if t is not None:
        zones.add(Zone(pygame.Rect(rect), WORD_KEY, t.see, True, "term:" + term_id))


def word_tip(tip: str) -> list[tuple[str, int, tuple, bool]]:
    """Tooltip rows for a keyword zone's tip ('term:<id>'): the word, its meaning, where to read more."""
    book = rulebook()
    t = book.glossary.get(tip[5:]) if tip.startswith("term:") else None
    if t is None:
        return []
    sec = book.sections.get(t.see)
    rows = [(t.term, 14, T.GOLD, True), (t.text, 13, T.TEXT, False)]
    if sec is not None:
        rows.append((_f("Click: read \"{title}\".", title=sec.title), 12, T.MUTED, False))
    return rows


def label_terms(label: str) -> list["Term"]:
    """Glossary entries named in a button's label (as shown, in the current language), first first."""
    return rulebook().terms_in(label)


def label_tip(label: str, limit: int = 2) -> list[tuple[str, int, tuple, bool]]:
    """Tooltip rows for a hovered button whose label names keywords: each word and its meaning, and
    that F1 opens the first one's section (a click presses the button) — issue 12: any keyword in
    the UI explains itself. Empty when the label names none."""
    book = rulebook()
    terms = label_terms(label)[:limit]
    rows: list[tuple[str, int, tuple, bool]] = []
    for t in terms:
        rows.append((t.term, 14, T.GOLD, True))
        rows.append((t.text, 13, T.TEXT, False))
    if terms and (sec := book.sections.get(terms[0].see)) is not None:
        rows.append((_f("F1: read \"{title}\".", title=sec.title), 12, T.MUTED, False))
    return rows


def log_tip(text: str, rule: str, show_ids: bool = False, limit: int = 3) -> list[tuple[str, int, tuple, bool]]:
    """Tooltip lines for a hovered log line: the keywords it uses with their meaning, and where its rule
    is explained ((text, size, colour, bold) rows for ``widgets.tooltip``)."""
    book = rulebook()
    rows: list[tuple[str, int, tuple, bool]] = []
    # the log is written in English by the engine: its words are found in English, shown in the language
    for t in rulebook("en").terms_in(text)[:limit]:
        t = book.glossary.get(t.id, t)
        rows.append((t.term, 14, T.GOLD, True))
        rows.append((t.text, 13, T.TEXT, False))
    sec = book.section_for_rule(rule)
    where = _f("Click: read \"{title}\", or undo to here.", title=sec.title) if sec is not None \
        else _("Click: undo to here.")
    if show_ids and rule:
        where += f" ({rule})"
    rows.append((where, 12, T.MUTED, False))
    return rows


# ====================================================================== the scene
GLOSSARY = "__glossary__"
DIAGRAM_ROW = "\x00diagram"  # a row of a section that is its board picture


class RulebookScene(Scene):
    """The rules reference over the board: a search field, the list of sections (and the glossary),
    the chosen section's text and the definitions of the keywords it uses. Esc or F1 closes it."""

    overlay = True
    dim_alpha = 190

    def __init__(self, section: str | None = None, query: str = "", notes: dict[str, str] | None = None):
        super().__init__()
        self.query = query
        #: section id -> a line about the game in play, shown under the section's title (issue 25 item 8:
        #: "tension" says this scenario's own empty-deck rule)
        self.notes = dict(notes or {})
        self.current = section if section in rulebook().sections else (section if section == GLOSSARY else "turn")
        self.scroll = 0
        self.list_top = 0  # the first section shown in the list (the list scrolls: 36 sections do not fit)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(70, 34, 1140, 652)
        self.caret = Caret()  # the search field's: blinks a while after each key, then stays lit

    def update(self, dt: float, app: "App") -> Command:
        self.caret.tick(dt)
        return None

    def at_rest(self, app: "App") -> bool:
        """Only the search field's caret blinking after a key runs on the clock (issue 30 item 2)."""
        return not (self.query and self.caret.blinking)

    def still_key(self, app: "App") -> object | None:
        """The query and its caret, the section and scroll, the pointer and the language (the App's key)."""
        return (self.plain_key(app), bool(self.query) and self.caret.lit)

    def enter(self, app: "App") -> None:
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass

    @property
    def book(self) -> Rulebook:
        return rulebook()  # the current language's (switching language while it is open switches it too)

    def results(self) -> tuple[list[Section], list[Term]]:
        return self.book.search(self.query)

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            self.caret.woke()
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.MOUSEWHEEL:
            if self.list_rect.collidepoint(self.mouse):  # the wheel over the list scrolls the list
                self.list_top = max(0, self.list_top - ev.y * 3)
            else:
                self.scroll = max(0, self.scroll - ev.y * 3)
        elif ev.type == pygame.TEXTINPUT:
            self.query = (self.query + ev.text)[:40]
            self.pick_first()
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_ESCAPE, pygame.K_F1):
                return self.close()
            if ev.key == pygame.K_BACKSPACE:
                self.query = self.query[:-1]
                self.pick_first()
            elif ev.key in (pygame.K_DOWN, pygame.K_UP):
                ids = [s.id for s in self.results()[0]] + [GLOSSARY]
                i = ids.index(self.current) if self.current in ids else -1
                self.current = ids[(i + (1 if ev.key == pygame.K_DOWN else -1)) % len(ids)]
                self.scroll = 0
            elif ev.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll + (8 if ev.key == pygame.K_PAGEDOWN else -8))
        elif ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1:
            z = self.zones.at(ev.pos)
            if z is None:
                return self.close() if not self.rect.collidepoint(ev.pos) else None
            if z.key == "close":
                return self.close()
            if z.key == "section":
                self.current, self.scroll = z.value, 0
            elif z.key == "term":
                self.current, self.scroll = self.book.glossary[z.value].see, 0
            elif z.key == "clear":
                self.query = ""
        return None

    def pick_first(self) -> None:
        secs, terms = self.results()
        if terms and not secs:
            self.current = GLOSSARY
        elif secs and self.current not in [s.id for s in secs]:
            self.current = secs[0].id
        self.scroll = 0

    def close(self) -> Command:
        try:
            pygame.key.stop_text_input()
        except pygame.error:
            pass
        return Pop()

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        self.art = getattr(app, "art", None)
        r = self.rect
        pygame.draw.rect(surf, (0, 0, 0), r.move(5, 6), border_radius=10)
        panel(surf, r, None, fill=(22, 19, 23), edge=T.GOLD, radius=10)
        self.zones.add(Zone(r, "panel"))
        T.text(surf, _("RULES REFERENCE"), (r.left + 20, r.top + 14), 20, T.GOLD, bold=True)
        T.text(surf, _("Type to search · Up/Down: sections · wheel scrolls · Esc closes"), (r.left + 250, r.top + 20),
               13, T.MUTED)
        button(surf, self.zones, pygame.Rect(r.right - 104, r.top + 10, 90, 30), _("Close"), "close", hover=self.mouse,
               size=14)
        # search field
        sf = pygame.Rect(r.left + 16, r.top + 50, 300, 32)
        pygame.draw.rect(surf, (12, 10, 13), sf, border_radius=5)
        pygame.draw.rect(surf, T.GOLD if self.query else (100, 88, 96), sf, 1, border_radius=5)
        shown = self.query + ("|" if self.caret.lit else "")
        T.text(surf, shown if self.query else _("Search: e.g. evade, corner, burst"), (sf.left + 10, sf.top + 7), 15,
               T.TEXT if self.query else T.DIM)
        if self.query:
            button(surf, self.zones, pygame.Rect(sf.right - 28, sf.top + 4, 24, 24), "x", "clear", hover=self.mouse,
                   size=13)
        secs, terms = self.results()
        y = sf.bottom + 10
        n_words = len(terms) if self.query else len(self.book.glossary)
        items = [(s.id, s.title) for s in secs] + [(GLOSSARY, _f("Glossary ({n} words)", n=n_words))]
        step = 27
        y += 6  # room for the "more above" line
        rows = max(1, (r.bottom - 24 - y) // step)  # the list scrolls: the chosen section is always in view
        ids = [sid for sid, _t in items]
        if self.current in ids:
            i = ids.index(self.current)
            self.list_top = min(self.list_top, i) if i < self.list_top else max(self.list_top, i - rows + 1)
        self.list_top = max(0, min(self.list_top, len(items) - rows))
        self.list_rect = pygame.Rect(sf.left, y, sf.width, rows * step)
        if self.list_top > 0:
            T.text(surf, _f("▲ {n} more", n=self.list_top), (sf.centerx, y - 9), 11, T.MUTED, anchor="center")
        for sid, title in items[self.list_top:self.list_top + rows]:
            button(surf, self.zones, pygame.Rect(sf.left, y, sf.width, 24), title, "section", sid, hover=self.mouse,
                   size=14, selected=sid == self.current)
            y += step
        below = len(items) - self.list_top - rows
        if below > 0:
            T.text(surf, _f("▼ {n} more (wheel)", n=below), (sf.centerx, y + 4), 11, T.MUTED, anchor="center")
        if not secs and not terms:
            T.text(surf, _f("Nothing matches '{query}'.", query=self.query), (sf.left, y + 4), 14, T.MUTED)
        body = pygame.Rect(sf.right + 24, r.top + 52, r.right - sf.right - 44, r.height - 70)
        pygame.draw.line(surf, T.PANEL_EDGE, (body.left - 12, body.top), (body.left - 12, body.bottom), 1)
        if self.current == GLOSSARY:
            self.draw_glossary(surf, body, terms if self.query else sorted(self.book.glossary.values(),
                                                                            key=lambda t: t.term.lower()))
        else:
            self.draw_section(surf, body, self.book.sections[self.current], bool(app.settings.get("show_rule_ids")))

    def _lines(self, surf, body, rows: list[tuple[str, int, tuple, bool, Any]]) -> None:
        """Draw (text, size, colour, bold, term id or None) rows wrapped, scrolled by ``self.scroll`` lines."""
        flat: list[tuple[str, int, tuple, bool, Any]] = []
        for s, size, col, bold, tid in rows:
            if s == DIAGRAM_ROW:  # a board picture (game.ui.diagrams), one row high in the scroll
                flat.append((s, size, col, bold, tid))
                continue
            if s == "":
                flat.append(("", size, col, bold, None))
                continue
            for ln in T.wrap(s, size, body.width, bold):
                flat.append((ln, size, col, bold, tid))
        self.scroll = min(self.scroll, max(0, len(flat) - 8))
        y = body.top
        for ln, size, col, bold, tid in flat[self.scroll:]:
            if ln == DIAGRAM_ROW:
                from .diagrams import draw_diagram

                if y + size > body.bottom:
                    break
                y += draw_diagram(surf, pygame.Rect(body.left, y, body.width, size), tid, getattr(self, "art", None))
                continue
            f = T.font(size, bold)
            if y + f.get_linesize() > body.bottom:
                T.text(surf, _("▼ more (wheel)"), (body.right, body.bottom - 2), 12, T.MUTED, anchor="bottomright")
                break
            if ln:
                img = f.render(ln, True, col)
                T.put(surf, img, (body.left, y), (ln, size, col, bold, False))
                if tid is not None:
                    self.zones.add(Zone(img.get_rect(topleft=(body.left, y)), "term", tid))
            y += f.get_linesize() + (2 if ln else -6)

    def draw_section(self, surf, body, sec: Section, show_ids: bool = False) -> None:
        rows: list[tuple[str, int, tuple, bool, Any]] = [(sec.title, 22, T.GOLD, True, None), ("", 8, T.TEXT, False, None)]
        from .diagrams import diagram_for

        if self.notes.get(sec.id):
            rows.append((self.notes[sec.id], 16, T.GOLD, True, None))
            rows.append(("", 8, T.TEXT, False, None))
        if diagram_for(sec.id) is not None:  # a board picture played by the engine (issue 12)
            rows.append((DIAGRAM_ROW, 170, T.TEXT, False, sec.id))
        for para in sec.text.strip().split("\n"):
            rows.append((para, 16, T.TEXT, False, None))
            rows.append(("", 8, T.TEXT, False, None))
        if show_ids and sec.rules:
            rows.append((_f("Rule IDs: {ids}", ids=", ".join(sec.rules)), 13, T.MUTED, False, None))
        words = self.book.terms_in(sec.text)
        if words:
            rows.append(("", 8, T.TEXT, False, None))
            rows.append((_("WORDS USED HERE (click one to read its section)"), 13, T.MUTED, True, None))
            for t in words[:10]:
                rows.append((f"{t.term}: {t.text}", 14, (214, 200, 176), False, t.id))
        self._lines(surf, body, rows)

    def draw_glossary(self, surf, body, terms: list[Term]) -> None:
        rows: list[tuple[str, int, tuple, bool, Any]] = [(_("Glossary"), 22, T.GOLD, True, None),
                                                         ("", 8, T.TEXT, False, None)]
        for t in terms:
            also = _f(" (also: {words})", words=", ".join(t.aliases[:4])) if t.aliases else ""
            rows.append((f"{t.term}{also}", 16, T.GOLD, True, t.id))
            rows.append((t.text, 15, T.TEXT, False, t.id))
            rows.append(("", 6, T.TEXT, False, None))
        self._lines(surf, body, rows)
