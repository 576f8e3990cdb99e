"""Palette, fonts and the id -> colour tables of the renderer (STYLE: only the renderer maps
ids to images and colours).

Fonts are shipped in ``assets/fonts/`` (Noto Sans and Fira Code, SIL OFL 1.1, with their licences;
fetched by ``tools/fetch_fonts.py``), so text looks the same on every machine; pygame's own
default font is the fallback. The one system font used is the Japanese one, in Japanese only:
the desktop's own (game.i18n.japanese_font, found the way fontconfig, Windows or macOS do).
"""
from __future__ import annotations

import re
import weakref
from collections import OrderedDict
from functools import lru_cache

import pygame

from ..i18n import N_

from .. import i18n
from ..paths import ASSETS

W, H = 1280, 720  # the logical screen; the window shows it scaled (game.ui.window), text redrawn sharp

# ---------------------------------------------------------------- palette (dark, strong contrast)
BG = (11, 10, 13)
BG2 = (20, 18, 22)
PANEL = (26, 23, 28)
PANEL_HI = (38, 33, 40)
PANEL_EDGE = (92, 28, 30)
TEXT = (236, 230, 218)
MUTED = (160, 152, 146)
DIM = (104, 98, 96)
ACCENT = (206, 44, 40)  # blood red
ACCENT_HI = (240, 84, 66)
GOLD = (232, 190, 92)
OK = (108, 206, 120)
BAD = (236, 80, 64)
WARN = (238, 170, 60)

MOVE_HL = (64, 214, 200)  # legal move squares (cold teal: stands out from the warm floor)
TARGET_HL = (255, 70, 56)  # attack targets
CHOICE_HL = (250, 210, 80)  # squares offered by a non-"act" decision (push, place ...)
DOOR_HL = (120, 230, 255)

WALL = (24, 18, 18)
WALL_EDGE = (178, 30, 30)
DOOR_WOOD = (140, 92, 48)
DOOR_DARK = (70, 44, 22)
BARRICADE = (172, 136, 70)

TILE_COLOURS = {  # R-EXPLORE-2 tile colours
    "green": (72, 160, 84),
    "yellow": (214, 196, 70),
    "amber": (226, 136, 44),
    "red": (200, 44, 44),
}
TENSION_COLOURS = {"green": (76, 170, 90), "amber": (230, 146, 40), "red": (210, 46, 46)}
DIE_COLOURS = {"blue": (38, 86, 196), "red": (184, 28, 32)}
HEALTH_COLOURS = {1: (86, 176, 96), 2: (86, 176, 96), 3: (226, 176, 56), 4: (226, 176, 56),
                  5: (216, 60, 44), 6: (110, 100, 110)}
# Palettes (setting "palette"): the colour-blind one uses the Okabe-Ito colours, told apart with
# deuteranopia, protanopia and tritanopia; tiles and health also carry words and numbers, never colour alone.
PALETTES: dict[str, dict] = {
    "standard": {"TILE_COLOURS": dict(TILE_COLOURS), "HEALTH_COLOURS": dict(HEALTH_COLOURS),
                 "MOVE_HL": MOVE_HL, "TARGET_HL": TARGET_HL},
    "colour_blind": {"TILE_COLOURS": {"green": (86, 180, 233), "yellow": (240, 228, 66), "amber": (230, 159, 0),
                                      "red": (204, 121, 167)},
                     "HEALTH_COLOURS": {1: (0, 114, 178), 2: (0, 114, 178), 3: (230, 159, 0), 4: (230, 159, 0),
                                        5: (213, 94, 0), 6: (110, 100, 110)},
                     "MOVE_HL": (86, 180, 233), "TARGET_HL": (230, 159, 0)},
}


def apply_palette(name: str) -> None:
    """Switch tile, health and highlight colours to palette ``name`` ("standard" or "colour_blind";
    anything else is standard). Drawn text is re-rendered in the new colours."""
    g = globals()
    for key, val in PALETTES.get(name, PALETTES["standard"]).items():
        if isinstance(val, dict):
            g[key].clear()
            g[key].update(val)
        else:
            g[key] = val



def __getattr__(name: str):
    """``HEALTH_LABELS`` (health step -> label; the engine names the steps, R-HEALTH-1), built on first use
    so that the first menu frame does not import the engine (cold start)."""
    if name == "HEALTH_LABELS":
        from ..engine.query import View

        globals()[name] = labels = dict(View.health_steps())
        return labels
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ENEMY_LETTERS = {"zombie": "Z", "zombie_dog": "D", "crawler": "C", "stalker": "S", "burrower": "B",
                 "stalker_two": "U"}  # U: The Stalker Unbound (Stage Two boss), never confused with Stage One's S


def enemy_sprite(type_id: str) -> str:
    """Sprite name of an enemy type: the three Stalker Stage One cards share one model (R-STALK-3)."""
    if type_id.startswith("stalker_one"):
        return "enemy_stalker"
    return f"enemy_{type_id}"


def enemy_letter(type_id: str, name: str = "") -> str:
    """The letter on an enemy's disc: the table above, else the first letter of its name
    without 'The' (bosses and Stalker stages), else '?'."""
    if type_id in ENEMY_LETTERS:
        return ENEMY_LETTERS[type_id]
    if type_id.startswith("stalker"):
        return "S"
    words = [w for w in name.split() if w.lower() != "the"]
    return words[0][0].upper() if words else "?"

# unexplored tokens (R-EXPLORE-1): colour, letter and a count of pips, so colour is never alone
UNEXPLORED = {"yellow": ("Y", 1, (176, 150, 26)), "amber": ("A", 2, (190, 100, 18)), "red": ("R", 3, (160, 26, 26))}

# sustained effects (R-SUST, DV-16): token letter, colour, what it does, rule, on a character or a tile;
# their names (data of the engine's events and of the panel) are catalogue entries, translated where shown
SUSTAIN_NAMES = (N_("Jammed"), N_("Shaken"), N_("Blackout"), N_("Frenzy"))
#: an enemy's base size (R-EVADE-3; ``EnemyDef.base``), translated where shown
BASE_SIZES = (N_("small"), N_("medium"), N_("large"))
SUSTAIN = {
    "Jammed": ("J", (150, 150, 170), N_("no rapid-fire dice"), "R-SUST-1", "char"),
    "Shaken": ("S", (120, 160, 210), N_("only 3 actions in the action phase"), "R-SUST-3", "char"),
    "Blackout": ("B", (70, 60, 120), N_("line of sight only 1 square on this tile"), "R-LOS-6", "tile"),
    "Frenzy": ("F", (200, 60, 50), N_("enemies on this tile move 1 square further"), "DV-16", "tile"),
}

# tension symbols (R-SPECIAL, DV-5)
SYMBOL_COLOURS = {"FANG": (230, 226, 210), "CLAW": (214, 120, 70), "HOOK": (190, 120, 200), "FIST": (200, 170, 120)}

# city danger track (R-DANGER-3, DV-4): band name, first and last space, colour
DANGER_BANDS = [("LOW", 0, 5, (92, 150, 100)), ("HIGH", 6, 11, (226, 150, 44)), ("EXTREME", 12, 17, (214, 50, 40))]

FACE_WORDS = {"BLANK": N_("blank"), "HIT": N_("hit"), "HIT_PLUS": N_("hit+"), "CRIT": N_("critical")}  # translated where shown
TIER_NEEDS = {1: N_("needs hit, hit+ or critical"), 2: N_("needs hit+ or critical"), 3: N_("needs a critical")}


# ---------------------------------------------------------------- fonts
def _font_file(name: str) -> str | None:
    """The shipped font ``name`` in assets/fonts/, or None (pygame's default font) if it is missing."""
    local = ASSETS / "fonts" / name
    return str(local) if local.is_file() else None


def font_path(bold: bool = False, mono: bool = False) -> str | None:
    """Path of the bundled font file (None = pygame's default font); in Japanese the Japanese font
    (game.i18n.japanese_font)."""
    if mono:
        return _font_file("FiraCode-Regular.ttf")
    if i18n.language() == "ja":
        jp = i18n.japanese_font()
        if jp is not None:
            return jp
    return _font_file("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")


class _Font(pygame.font.Font):
    """A font whose line spacing leaves room between lines: the Japanese fonts report a line size
    no taller than the size asked (13 px for 13 px text), so lines laid out by it touched and
    overlapped (issue 25 item 5: the log's Japanese lines, the enemy hover card's lines)."""

    def __init__(self, path, size: int):
        super().__init__(path, size)
        self._least = round(size * 1.3)

    def get_linesize(self) -> int:
        return max(super().get_linesize(), self._least)


#: fonts kept (size, bold, mono): the sizes of the logical screen and of the sharp redraw at the
#: window's size. A font holds about its file in memory (Noto Sans: 0.58 MB; issue 29 item 7: 256
#: kept grew the soak's memory by 15 %); the play screen uses 27 of them at both window sizes
FONT_CACHE = 64


@lru_cache(maxsize=FONT_CACHE)
def font(size: int, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    """A cached font object. Call after ``pygame.font.init()``."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(bold, mono)
    f = _Font(path, size)
    if bold and (path is None or "NotoSans-" not in path) and size >= FAUX_BOLD_FROM:
        f.set_bold(True)  # the Japanese fonts come in one weight
    return f


#: the least px a font made bold by pygame (the Japanese fonts' one weight) is drawn bold at: below it the
#: thickened strokes of kanji run together (issue 25: 物置 read as a blot at 960x540)
FAUX_BOLD_FROM = 14


#: letters the bundled Noto Sans has no glyph for: kana, CJK ideographs, full-width forms
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def has_cjk(s: str) -> bool:
    """True if ``s`` has kana, kanji or full-width forms (letters that need more pixels to be read)."""
    return _CJK.search(s) is not None


def font_for(s: str, size: int, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    """The font that draws ``s``: :func:`font`, except that a line with Japanese letters shown while
    the game is in English (a campaign or player name typed in Japanese) takes the Japanese font
    where the desktop has one, instead of drawing empty boxes (issue 25, third play-test 2)."""
    if not mono and i18n.language() != "ja" and _CJK.search(s) and i18n.japanese_font() is not None:
        return _jp_font(size, bold)
    return font(size, bold, mono)


@lru_cache(maxsize=8)
def _jp_font(size: int, bold: bool) -> pygame.font.Font:
    """The Japanese font at ``size`` while the game is in English (:func:`font_for`); cached."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = _Font(i18n.japanese_font(), size)
    if bold and size >= FAUX_BOLD_FROM:
        f.set_bold(True)
    return f


def _language_changed(_lang: str) -> None:
    """A language switch: fonts, measured and rendered text are dropped (other glyphs, other font)."""
    font.cache_clear()
    _wrap.cache_clear()
    _rendered.clear()
    _rendered_bytes[0] = 0
    _DRAWABLE.clear()


# Glyphs the bundled Noto Sans lacks (engine log texts use arrows): shown with safe look-alikes.
_GLYPHS = str.maketrans({"→": "»", "←": "«", "▲": "^", "▼": "v", "↑": "^", "↓": "v", "⏎": "", "✺": "*",
                         "✦": "*", "★": "*", "⟫": ">>", "●": "o", "○": "o", "◐": "o", "☠": "x", "☣": "!"})


def clean(s: str) -> str:
    """``s`` with glyphs the font cannot draw replaced (no tofu boxes on screen)."""
    return s.translate(_GLYPHS)


_DRAWABLE: dict[str, bool] = {}


def drawable(ch: str) -> bool:
    """True if the text font (the language's) has a glyph for the character ``ch``: it does not
    render as the font's empty box (what a private-use character renders as). Cached."""
    got = _DRAWABLE.get(ch)
    if got is None:
        f = font(15)
        box = _DRAWABLE.get("\U000F0000 box")
        if box is None:
            box = pygame.image.tobytes(f.render("\U000F0000", True, (255, 255, 255)), "RGBA")
            _DRAWABLE["\U000F0000 box"] = box  # type: ignore[assignment]
        got = ch.isspace() or pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA") != box
        _DRAWABLE[ch] = got
    return got


CUT: list[str] = []  # texts cut to fit their box (button labels, text blocks, fit() with "…"), for the fit tests
#: while a list (tests/test_i18n_screens.py sets it), every line of text drawn is appended to it, so a
#: test can check that a Japanese screen shows no English word
SHOWN: list[str] | None = None
RENDER_CACHE_MAX = 3000  # rendered lines kept; least recently used go first
#: ... and at most this many bytes of them (issue 29 item 7: 3,000 long lines are ~100 MB of pixels,
#: which random input on every screen filled in ten minutes)
RENDER_CACHE_BYTES = 16 * 1024 * 1024
_rendered: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_rendered_bytes = [0]  # the pixels' bytes of the surfaces in _rendered


def render(s: str, size: int = 16, colour=TEXT, bold: bool = False, mono: bool = False) -> pygame.Surface:
    """One line of anti-aliased text as a surface, cached (LRU, ``RENDER_CACHE_MAX`` lines): panel
    and log text that does not change is not rendered again each frame. Do not draw on the result."""
    if SHOWN is not None:
        SHOWN.append(s)
    return render_exact(s, size, colour, bold, mono)


def forget_rendered() -> None:
    """Drop every rendered line kept (:func:`render`'s cache): what a game left showed (issue 30 item 4:
    ``game.ui.memory.give_back``); the next frames render what they draw again."""
    _rendered.clear()
    _rendered_bytes[0] = 0


def render_exact(s: str, size: int, colour=TEXT, bold: bool = False, mono: bool = False) -> pygame.Surface:
    """:func:`render` without noting the line as shown (the window's sharp redraw of a line
    already drawn); same cache."""
    key = (s, size, tuple(colour), bold, mono)
    img = _rendered.get(key)
    if img is not None:
        _rendered.move_to_end(key)
        return img
    img = font_for(s, size, bold, mono).render(s, True, colour)
    _rendered[key] = img
    _rendered_bytes[0] += img.get_pitch() * img.get_height()
    while len(_rendered) > RENDER_CACHE_MAX or (_rendered_bytes[0] > RENDER_CACHE_BYTES and len(_rendered) > 1):
        _k, old = _rendered.popitem(last=False)
        _rendered_bytes[0] -= old.get_pitch() * old.get_height()
    return img


def text(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int = 16, colour=TEXT, bold: bool = False,
         anchor: str = "topleft", mono: bool = False, shadow: bool = False) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name. Returns its rect."""
    s = clean(s)
    img = render(s, size, colour, bold, mono)
    r = img.get_rect(**{anchor: pos})
    if not _TARGETS:  # nothing is recorded (the window is 1280x720, or no window): just draw
        if shadow:
            surf.blit(render(s, size, (0, 0, 0), bold, mono), r.move(1, 2))
        surf.blit(img, r)
        return r
    align = _ALIGN.get(anchor, "left")
    if shadow:
        put(surf, render(s, size, (0, 0, 0), bold, mono), r.move(1, 2), (s, size, (0, 0, 0), bold, mono), align)
    put(surf, img, r, (s, size, colour, bold, mono), align)
    return r


# which edge of a line stays put when its sharp redraw is a little wider, by the anchor it was placed with
_ALIGN = {"center": "center", "midtop": "center", "midbottom": "center", "topright": "right",
          "bottomright": "right", "midright": "right"}


# ---------------------------------------------------------------- crisp text at the window's size
# Screens are laid out on the logical 1280x720 surface. When the window shows it at another size
# (game.ui.window.Presenter), every line of text drawn on a registered surface is also recorded here,
# with the pixels under it before and after: the presenter takes the text out of the picture where
# nothing has been drawn over it since, scales the picture, and draws those lines again with the
# font at the window's real size, so text is sharp at 1.5x, 0.78x or 2x while its place is unchanged.
class Line:
    """One recorded line: ``spec`` = (text, size, colour, bold, mono); ``rect`` its logical box (on
    the registered surface); ``area`` the part inside the surface, ``clip`` the visible part;
    ``bg`` the pixels of ``area`` before the line, ``after`` their bytes after it; ``align``
    left / center / right (which edge stays put when the real-size text is a little wider)."""

    __slots__ = ("spec", "rect", "area", "clip", "bg", "after", "align")

    def __init__(self, spec, rect, area, clip, bg, after, align):
        self.spec, self.rect, self.area, self.clip, self.bg, self.after, self.align = (
            spec, rect, area, clip, bg, after, align)

    def moved(self, dx: int, dy: int) -> "Line":
        return Line(self.spec, self.rect.move(dx, dy), self.area.move(dx, dy), self.clip.move(dx, dy),
                    self.bg, self.after, self.align)


_TARGETS: "weakref.WeakKeyDictionary[pygame.Surface, list[Line]]" = weakref.WeakKeyDictionary()


def crisp_begin(surf: pygame.Surface) -> None:
    """Record the lines of text drawn on ``surf`` (and its subsurfaces) from now on."""
    _TARGETS[surf] = []


def crisp_end(surf: pygame.Surface) -> list[Line]:
    """Stop recording on ``surf``; the lines drawn since :func:`crisp_begin`, in drawing order."""
    return _TARGETS.pop(surf, [])


def crisp_lines(surf: pygame.Surface) -> list[Line] | None:
    """The list being recorded for ``surf`` (None when it is not recorded): panels kept in a cache
    take their lines with their picture and put them back when the picture is put back."""
    return _TARGETS.get(surf)


def put(surf: pygame.Surface, img: pygame.Surface, dest, spec: tuple, align: str = "left") -> None:
    """Blit a rendered line of text ``img`` (``spec`` = text, size, colour, bold, mono) at ``dest``
    (a position or rect); on a recorded surface the line is noted for the sharp redraw."""
    if not _TARGETS:
        surf.blit(img, dest)
        return
    parent = surf.get_abs_parent()
    lines = _TARGETS.get(parent)
    if lines is None:
        surf.blit(img, dest)
        return
    dx, dy = surf.get_abs_offset()
    r = img.get_rect(topleft=(dest[0], dest[1]))
    rect = r.move(dx, dy)
    area = rect.clip(parent.get_rect())
    clip = surf.get_clip().move(dx, dy).clip(area)
    if not clip.width or not clip.height:
        surf.blit(img, r)
        return
    sub = parent.subsurface(area)
    bg = sub.copy()
    surf.blit(img, r)
    lines.append(Line(spec, rect, area, clip, bg, pygame.image.tobytes(sub, "RGBX"), align))


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (word wrap). Cached: the same text at
    the same width is measured once (the log and the panels re-ask every frame)."""
    return list(_wrap(s, size, width, bold))


def _tokens(para: str) -> list[tuple[str, str]]:
    """(separator, piece) pairs for wrapping: words split at spaces; Japanese text (no spaces) may
    break after any character, so each wide character is its own piece joined with ''."""
    out: list[tuple[str, str]] = []
    for w in para.split(" "):
        sep = " "
        buf = ""
        for ch in w:
            if ord(ch) >= 0x2E80:  # CJK, kana, full-width forms
                if buf:
                    out.append((sep, buf))
                    sep, buf = "", ""
                out.append((sep, ch))
                sep = ""
            else:
                buf += ch
        if buf or sep == " ":
            out.append((sep, buf))
    return _kinsoku(out)


# Japanese line-breaking rules (JIS X 4051 kinsoku, the common subset): a line never starts with
# closing brackets, commas, full stops, small kana or the prolonged sound mark, and never ends with
# an opening bracket. Such a character is glued to its neighbour, so the pair moves to the next line
# together (oidashi) and no line ever overflows its width to hang the punctuation.
NO_LINE_START = set("、。，．,.:;!?！？：；)]}）〕］｝〉》」』】〙〗’”・ーヽヾゝゞ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥")
NO_LINE_END = set("([{（〔［｛〈《「『【〘〖‘“")


def _kinsoku(tokens: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Merge (separator, piece) pairs so that no piece starts with a character of
    :data:`NO_LINE_START` or follows a piece ending in :data:`NO_LINE_END` without a space."""
    out: list[tuple[str, str]] = []
    for sep, w in tokens:
        if out and sep == "" and w and (w[0] in NO_LINE_START or (out[-1][1] and out[-1][1][-1] in NO_LINE_END)):
            psep, pw = out[-1]
            out[-1] = (psep, pw + w)
        else:
            out.append((sep, w))
    return out


@lru_cache(maxsize=8192)
def _wrap(s: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    out: list[str] = []
    for para in clean(s).split("\n"):
        line = ""
        for sep, w in _tokens(para):
            t = (line + sep + w) if line else w
            if f.size(t)[0] <= width or not line:
                line = t
            else:
                out.append(line)
                line = w
        out.append(line)
    return tuple(out)


i18n.on_change(_language_changed)


def text_block(surf: pygame.Surface, s: str, rect: pygame.Rect, size: int = 15, colour=TEXT, bold: bool = False,
               line_gap: int = 2, max_lines: int | None = None) -> int:
    """Word-wrapped text inside ``rect``; returns the y below the last line."""
    f = font(size, bold)
    lines = wrap(s, size, rect.width, bold)
    if max_lines is not None and len(lines) > max_lines:
        CUT.append(s)
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip() + "…"
    y = rect.top
    for ln in lines:
        put(surf, render(ln, size, colour, bold), (rect.left, y), (ln, size, colour, bold, False))
        y += f.get_linesize() + line_gap
    return y


def lerp(a, b, t: float):
    """Linear blend of two colours (or numbers)."""
    if isinstance(a, tuple):
        return tuple(int(x + (y - x) * t) for x, y in zip(a, b))
    return a + (b - a) * t


def shade(c, k: float):
    """Darken (k < 1) or lighten (k > 1) a colour."""
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def initials(name: str) -> str:
    """'Vera Castellan' -> 'VC'."""
    parts = [p for p in name.split() if p]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def fit(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` cut with an ellipsis to fit ``width`` pixels (recorded in :data:`CUT` for the text-fit test)."""
    f = font_for(s, size, bold)
    if f.size(clean(s))[0] <= width:
        return s
    CUT.append(s)  # cut short: the text-fit test reports it
    while len(s) > 2 and f.size(clean(s) + "…")[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"
