"""The window: shows the logical 1280x720 screen at the window's real size, with sharp text.

Every screen is laid out and drawn on one logical 1280x720 surface (``theme.W`` x ``theme.H``).
:class:`Presenter` puts that picture into the window, aspect kept (black bands where the window's
shape differs), and, when the window is not exactly 1280x720, draws the text again with the font at
the window's real pixel size: lines of text drawn on the logical surface are recorded by
``theme.put`` with the pixels under them; the presenter takes each line out of the picture where
nothing has been drawn over it since (so a dialog or a dimmed overlay keeps the text under it as
it was), scales the picture smoothly and draws those lines at ``size * k`` px where the scaled line
was (``k`` = window px per logical px). A line whose real-size text would be wider than its scaled
box (plus :func:`slack`) is narrowed to fit when it is only a few % wider (:data:`SQUEEZE`: the lines of one
screen keep one size), else drawn one px smaller until it fits, so nothing grows out of its box at any scale.

Mouse positions arrive in window pixels and are turned into logical ones (:meth:`Presenter.to_logical`).

The UI scale (setting ``ui_scale``) is how large the interface is drawn in a window: 0 = automatic
(the largest whole multiple of 1280x720 that fits 90 % of the desktop, else 1280x720 or less), or a
factor from :data:`UI_SCALES` (1280x720 times the factor, never larger than the desktop). A fullscreen
window always fills the screen.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pygame

from . import theme as T

UI_SCALES = (0.0, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0)  # 0 = automatic; the largest is checked by the text-fit test
LARGEST_UI_SCALE = max(UI_SCALES)


class Presenter:
    """Shows the logical surface ``frame`` in a window surface of any size.

    ``begin()`` before the frame is drawn, ``present(window)`` after. Costs: one comparison of the
    frame with the last one, band by band, where its pixels lie (no copy; the bands that differ are
    copied into the last frame's copy); at exactly 1280x720 one blit of those bands; at any other size a
    smooth scale of those bands plus one text render per line in them (``theme.render``'s cache). A
    frame like the last draws nothing."""

    def __init__(self, frame: pygame.Surface | None = None):
        self.frame = frame if frame is not None else pygame.Surface((T.W, T.H))
        self._work: pygame.Surface | None = None
        self.backdrop: pygame.Surface | None = None  # drawn in the bands beside the picture (fill_bands)
        self._bands: pygame.Surface | None = None
        self.size = (T.W, T.H)  # the window's size at the last present
        self.recording = False
        self.recorded = 0  # lines of text recorded in the last frame
        self.drawn: list[tuple[T.Line, pygame.Rect, int]] = []  # lines shown: (line, window rect, size used)
        #: each line shown -> the logical px of free background beside its box it may take (:func:`free_beside`)
        self.room: dict[T.Line, int] = {}
        self.changed = True  # the last present found the frame changed (False: nothing was drawn)
        self._prev: bytearray | None = None  # the last frame's pixels (bands copied in as they change), its window size
        self._prev_size: tuple[int, int] = (0, 0)
        self._sig: dict = {}
        self._stale = False
        self._win: pygame.Surface | None = None  # the surface presented into last

    # ------------------------------------------------------------------ geometry
    @staticmethod
    def geometry(size: tuple[int, int]) -> tuple[float, pygame.Rect]:
        """(k, the picture's rect in the window) for a window of ``size``: aspect kept, centred."""
        w, h = max(1, size[0]), max(1, size[1])
        k = min(w / T.W, h / T.H)
        pw, ph = max(1, round(T.W * k)), max(1, round(T.H * k))
        return k, pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window pixel -> the logical pixel under it; in a band beside the picture (-1, -1), the
        position the scenes read as 'nowhere' (no hover, no button: a click there does nothing)."""
        k, r = self.geometry(self.size)
        if not r.collidepoint(pos):
            return (-1, -1)
        x = int((pos[0] - r.left) / k)
        y = int((pos[1] - r.top) / k)
        return max(0, min(T.W - 1, x)), max(0, min(T.H - 1, y))

    def resized(self, display: pygame.Surface | None) -> None:
        """The events read next are mapped by ``display``'s size as it is now, not the size the last frame
        was drawn for (issue 25: in the frame the window changed size, a click on Campaign opened New game)."""
        if display is not None:
            self.size = tuple(display.get_size())

    def event(self, ev: pygame.event.Event) -> pygame.event.Event:
        """``ev`` with its mouse position (and motion) in logical pixels."""
        if ev.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or self.size == (T.W, T.H):
            return ev
        d = dict(ev.dict)
        d["pos"] = self.to_logical(ev.pos)
        if "rel" in d:
            k, _r = self.geometry(self.size)
            d["rel"] = (int(d["rel"][0] / k), int(d["rel"][1] / k))
        return pygame.event.Event(ev.type, d)

    # ------------------------------------------------------------------ a frame
    def begin(self, size: tuple[int, int]) -> None:
        """A frame is about to be drawn for a window of ``size``: record its text unless 1:1."""
        self.size = tuple(size)
        self.recording = self.size != (T.W, T.H)
        if self.recording:
            T.crisp_begin(self.frame)

    def present(self, window: pygame.Surface) -> bool:
        """Put the frame into ``window`` (scaled, aspect kept) and redraw its text sharp; only the
        bands of :data:`BAND` logical rows whose pixels or lines changed since the last present are
        scaled and their lines redrawn (a frame like the last one costs one comparison). Returns
        False when nothing changed (the window already shows this frame), else True; ``changed``
        holds the same answer."""
        lines = T.crisp_end(self.frame) if self.recording else []
        self.recorded = len(lines)
        size = window.get_size()
        k, dest = self.geometry(size)
        nb = (T.H + BAND - 1) // BAND
        changed, full = self._diff(size, window, nb)  # bands as bits of an int (band b = 1 << b)
        if size == (T.W, T.H):  # only the bands that changed are copied into the window (it shows the rest)
            self.changed = bool(changed)
            for y0, y1 in _runs([b for b in range(nb) if changed >> b & 1]):
                window.blit(self.frame, (0, y0), area=pygame.Rect(0, y0, T.W, y1 - y0))
            self.drawn = []
            self._remember(size, {}, window)
            return self.changed
        sig: dict = {}  # the same pixels are the same lines: no need to compare the lines themselves
        self.changed = bool(changed)
        if not changed:
            self._remember(size, sig, window)
            return False
        spans = [_mask_of(ln.area) for ln in lines]  # (each line's bands, once)
        for _ in range(nb):  # a line's whole area is redone with its band (its undo compares the whole area);
            # lines that cross band edges chain (the log, the side panel): until no band is added, not a
            # fixed 4 rounds (issue 25, third play-test 5: "Quiet Moment" was drawn half sharp, half stale)
            more = 0
            for sp in spans:
                if sp & changed and sp & ~changed:
                    more |= sp
            more &= ~changed
            if not more:
                break
            changed |= more
        runs = _runs([b for b in range(nb) if changed >> b & 1])
        if self._work is None:
            self._work = self.frame.copy()
        work = self._work
        for y0, y1 in runs:
            r = pygame.Rect(0, y0, T.W, y1 - y0)
            work.blit(self.frame, r.topleft, area=r)
        keep: list[T.Line] = []
        for ln, sp in zip(reversed(lines), reversed(spans)):  # undo the text draws from the last one, where
            if sp & ~changed:  # the pixels are as it left them
                continue
            sub = work.subsurface(ln.area)
            if pygame.image.tobytes(sub, "RGBX") == ln.after:
                sub.blit(ln.bg, (0, 0))
                keep.append(ln)
        if full and dest.size != size:
            self.fill_bands(window, dest)
        exact = dest.size in ((T.W * 2, T.H * 2), (T.W * 3, T.H * 3))
        old_clip = window.get_clip()
        for y0, y1 in runs:
            _scale_rows(work, y0, y1, k, dest, window, exact)
        drawn = [d for d in self.drawn if not _mask_of(d[0].area) & changed] if not full else []
        boxes = [ln.rect for ln in lines]
        room = dict(self.room) if not full else {}
        for ln in reversed(keep):
            # below 1:1 a line may take the free background beside its box (its real-size text is wider
            # than its scaled box: hinting; and small text is drawn no smaller than MIN_SHARP_PX)
            room[ln] = free_beside(work, ln, boxes) if k < 1 else 0
            img, r, used = self.line_image(ln, k, dest, room[ln])
            # a line cut by its area's clip stays cut there; a whole line may use its slack
            window.set_clip(dest if ln.clip == ln.rect else scale_rect(ln.clip, k, dest).clip(dest))
            window.blit(img, r)
            drawn.append((ln, r, used))
        window.set_clip(old_clip)
        self.drawn = drawn
        self.room = {d[0]: room.get(d[0], 0) for d in drawn}
        self._remember(size, sig, window)
        return True

    def _diff(self, size: tuple[int, int], window: pygame.Surface, nb: int) -> tuple[int, bool]:
        """(the bands of :data:`BAND` rows whose pixels differ from the last present's, as bits of an int;
        whether everything is drawn afresh: the first frame, another window or size, :meth:`invalidate`). The
        frame's pixels are compared where they lie (its buffer, not a copy) with the copy kept of the last
        frame, and only the bands that differ are copied into it: copying the whole frame and cutting the
        copy into bands took 1-2 ms of every frame at 1920x1080 (issue 30)."""
        rows = self.frame.get_pitch() * BAND
        buf = self.frame.get_buffer()
        with memoryview(buf) as live:  # (the surface stays locked while it is looked at: nothing is drawn here)
            n = live.nbytes
            prev = self._prev
            full = (prev is None or self._prev_size != size or self._stale or n != len(prev) or window is not self._win)
            if full:
                self._prev = bytearray(live)
                changed = (1 << nb) - 1
            else:
                changed = 0
                for b in range(nb):
                    a, z = b * rows, min(n, (b + 1) * rows)
                    if not prev.startswith(live[a:z], a):
                        changed |= 1 << b
                        prev[a:z] = live[a:z]
        del buf
        return changed, full

    def _remember(self, size: tuple[int, int], sig: dict, window: pygame.Surface) -> None:
        self._prev_size, self._sig, self._stale, self._win = size, sig, False, window

    @property
    def stale(self) -> bool:
        """The next present draws everything (:meth:`invalidate` was called since the last one)."""
        return self._stale

    def invalidate(self) -> None:
        """The window's pixels are not what was presented (exposed, resized, a new display surface):
        the next present draws everything."""
        self._stale = True

    def fill_bands(self, window: pygame.Surface, dest: pygame.Rect) -> None:
        """The bands beside the picture (a window of another shape than 16:9): the backdrop picture
        (``self.backdrop``, scaled to cover the window, darkened; made once per window size), else black."""
        size = window.get_size()
        if self.backdrop is None:
            window.fill((0, 0, 0))
            return
        if self._bands is None or self._bands.get_size() != size:
            bw, bh = self.backdrop.get_size()
            k = max(size[0] / bw, size[1] / bh)
            big = pygame.transform.smoothscale(self.backdrop, (max(1, round(bw * k)), max(1, round(bh * k))))
            cover = pygame.Surface(size)
            cover.blit(big, ((size[0] - big.get_width()) // 2, (size[1] - big.get_height()) // 2))
            shade = pygame.Surface(size)
            shade.fill((150, 150, 150))
            cover.blit(shade, (0, 0), special_flags=pygame.BLEND_MULT)  # darker than the picture: it frames it
            self._bands = cover
        for band in (pygame.Rect(0, 0, size[0], dest.top), pygame.Rect(0, dest.bottom, size[0], size[1] - dest.bottom),
                     pygame.Rect(0, 0, dest.left, size[1]), pygame.Rect(dest.right, 0, size[0] - dest.right, size[1])):
            if band.width > 0 and band.height > 0:
                window.blit(self._bands, band, area=band)

    @staticmethod
    def line_image(ln: T.Line, k: float, dest: pygame.Rect, free: int = 0) -> tuple[pygame.Surface, pygame.Rect, int]:
        """(picture, window rect, size used) of ``ln`` drawn at the window's real size: the font at
        ``size * k`` px but never below :func:`least_px` (8 px text is not readable, Japanese below 10
        px neither: issue 25), one px smaller while wider than its room, narrowed (at most
        :data:`SQUEEZE`) rather than made smaller, and narrowed to its room at the least size; placed
        on the box's left, centre or right edge (``ln.align``), centred in its height. Its room is
        the scaled box plus :func:`slack` plus ``free`` logical px of empty background beside it
        (:func:`free_beside`; on both sides for a centred line)."""
        s, size, colour, bold, mono = ln.spec
        box = scale_rect(ln.rect, k, dest)
        least = least_px(s)
        want = max(least, round(size * k))
        extra = round(free * k) * (2 if ln.align == "center" else 1)
        room = box.width + slack(box.width, k) + extra
        words = " " in s.strip() and k < 1  # small text: words kept apart as on the logical line (spaced)
        used = want

        def draw(px: int, narrow: float = SQUEEZE) -> pygame.Surface:
            if words:
                return spaced(s, size, px, tuple(colour), bold, mono, k, room, narrow)
            img = T.render_exact(s, px, colour, bold, mono)
            if room < img.get_width() <= room * narrow:
                # a few % too wide (hinting, rounding): narrowed, not a px smaller, so the lines of one
                # screen keep one size (play4: at 0.9 some were 14 px and their neighbours 13)
                img = squeezed(s, px, tuple(colour), bold, mono, room)
            return img

        img = draw(used)
        while img.get_width() > room and used > max(least, want * 3 // 4):
            used -= 1
            img = draw(used)
        if img.get_width() > room:  # at the least readable size: narrowed to its room (at most NARROW_MOST)
            img = draw(used, NARROW_MOST)
        r = img.get_rect(centery=box.centery)
        if ln.align == "center":
            r.centerx = box.centerx
        elif ln.align == "right":
            r.right = box.right
        else:
            r.left = box.left
        return img, r, used


#: the smallest real px a line of text is redrawn at in a window smaller than 1280x720 (issue 25: at
#: 960x540 labels of 10-11 logical px came out at 7-8 px, hard to read); a line with Japanese letters:
#: MIN_SHARP_CJK_PX (kanji at 8 px are blots: the 左右キー hint, the room labels)
MIN_SHARP_PX = 9
MIN_SHARP_CJK_PX = 10


def least_px(s: str) -> int:
    """The least real px the line ``s`` is redrawn at (:data:`MIN_SHARP_PX`, or
    :data:`MIN_SHARP_CJK_PX` when it has kana or kanji)."""
    return MIN_SHARP_CJK_PX if T.has_cjk(s) else MIN_SHARP_PX


#: how much narrower than drawn a line at the least readable size may be made to fit its room (more would
#: smear its letters; such a line keeps its width, running into its box's margin)
NARROW_MOST = 1.3
#: logical px kept between a line's real-size text and another line's box beside it (about a space)
GAP = 5
#: how far past its box a line may take free background, as a share of its width (+4 logical px)
FREE_SHARE = 0.3
#: the difference per channel from the background beside a line that still counts as background
FREE_TOLERANCE = 10


def free_beside(work: pygame.Surface, ln: T.Line, boxes: list[pygame.Rect]) -> int:
    """How many logical px of plain background lie beside ``ln``'s box on ``work`` (the frame with
    its lines' text taken out) on the side its real-size text grows to: the right of a left-aligned
    line, the left of a right-aligned one, the narrower side of a centred one. Plain: every pixel of
    the box's middle rows within :data:`FREE_TOLERANCE` of the colour at the box's edge, no other
    line's box there, inside its clip and the screen; 2 px kept clear; at most
    :data:`FREE_SHARE` of its width + 4."""
    if ln.clip != ln.rect:
        return 0
    most = int(ln.rect.width * FREE_SHARE) + 4
    sides = {"left": ("right",), "right": ("left",), "center": ("left", "right")}[ln.align]
    return min(_free_side(work, ln.rect, boxes, side, most) for side in sides)


def _free_side(work: pygame.Surface, r: pygame.Rect, boxes: list[pygame.Rect], side: str, most: int) -> int:
    top, bottom = r.top + 2, r.bottom - 2
    if bottom <= top:
        return 0
    if side == "right":
        strip = pygame.Rect(r.right, top, most, bottom - top)
    else:
        strip = pygame.Rect(r.left - most, top, most, bottom - top)
    strip = strip.clip(work.get_rect())
    if strip.width <= 2:
        return 0
    for b in boxes:  # another line's text there: only up to it
        if b is not r and b.colliderect(strip):
            if side == "right" and b.left >= r.right:
                strip.width = min(strip.width, b.left - GAP - strip.left)
            elif side == "left" and b.right <= r.left:
                left = max(strip.left, b.right + GAP)
                strip.width, strip.left = strip.right - left, left
            else:
                return 0
            if strip.width <= 2:
                return 0
    ref = work.get_at((r.right - 1 if side == "right" else r.left, r.centery))
    t = FREE_TOLERANCE
    mask = pygame.mask.from_threshold(work.subsurface(strip), ref, (t, t, t, 255))
    mask.invert()  # the pixels that are not background
    rects = mask.get_bounding_rects()
    if not rects:
        return strip.width - 2
    if side == "right":
        return max(0, min(q.left for q in rects) - 2)
    return max(0, strip.width - max(q.right for q in rects) - 2)


#: logical rows per band: the presenter compares, scales and redraws the frame band by band
BAND = 40
#: rows above and below a band scaled with it, so the smooth filter meets its neighbours as in one piece
MARGIN = 4


def _mask_of(r: pygame.Rect) -> int:
    """The bands a logical rect touches, as bits of an int (band b is ``1 << b``)."""
    top, bottom = r.top, r.bottom
    if bottom <= top:
        return 0
    b0, b1 = (top if top > 0 else 0) // BAND, (top if top > bottom - 1 else bottom - 1) // BAND + 1
    if b1 <= b0:
        return 0
    return (1 << b1) - (1 << b0)


def _runs(bands: list[int]) -> list[tuple[int, int]]:
    """Sorted band numbers -> runs of logical rows (y0, y1), neighbours merged."""
    runs: list[list[int]] = []
    for b in bands:
        if runs and runs[-1][1] == b:
            runs[-1][1] = b + 1
        else:
            runs.append([b, b + 1])
    return [(a * BAND, min(T.H, z * BAND)) for a, z in runs]


def _scale_rows(work: pygame.Surface, y0: int, y1: int, k: float, dest: pygame.Rect, window: pygame.Surface,
                exact: bool) -> None:
    """Logical rows y0..y1 of ``work`` scaled into their place in ``window`` (``MARGIN`` rows more
    on each side are scaled with them and cut off, so a band's edge matches its neighbour's)."""
    inner = scale_rect(pygame.Rect(0, y0, T.W, y1 - y0), k, dest)
    if y0 == 0 and y1 == T.H:
        src, outer = work, dest
    else:
        m0, m1 = max(0, y0 - MARGIN), min(T.H, y1 + MARGIN)
        src = work.subsurface(pygame.Rect(0, m0, T.W, m1 - m0))
        outer = scale_rect(pygame.Rect(0, m0, T.W, m1 - m0), k, dest)
    scaled = (pygame.transform.scale if exact else pygame.transform.smoothscale)(src, outer.size)
    window.blit(scaled, inner.topleft, area=pygame.Rect(inner.left - outer.left, inner.top - outer.top,
                                                         inner.width, inner.height))


#: how much wider than its box a sharp line may come out and still be narrowed to fit instead of drawn
#: a px smaller (8 %: unnoticeable in a line; more than the width one px of font size adds at 13-20 px)
SQUEEZE = 1.08


@lru_cache(maxsize=512)
def squeezed(s: str, size: int, colour: tuple, bold: bool, mono: bool, width: int) -> pygame.Surface:
    """The line ``s`` at ``size`` px narrowed to ``width`` px (smooth scale, same height); cached."""
    img = T.render_exact(s, size, colour, bold, mono)
    return pygame.transform.smoothscale(img, (max(1, width), img.get_height()))


#: the alpha from which a text pixel counts as ink (fainter fringes do not close a gap between words)
INK = 60


@lru_cache(maxsize=512)
def spaced(s: str, size: int, want: int, colour: tuple, bold: bool, mono: bool, k: float,
           room: int = 0, narrow: float = 0.0) -> pygame.Surface:
    """The line ``s`` drawn at ``want`` px, its words one by one, each gap between two words' ink as
    wide as the ``size`` px line's scaled by ``k`` (at least 2 px). A font's space is hinted narrower
    than its share at small sizes (1-2 px at 8-9 px bold, and the glyphs' sides shrink too: a 0.77
    window read 'Breakroom' and 'attackdie'; issue 25 retest). A line up to :data:`SQUEEZE` wider
    than ``room`` px (``narrow`` times wider when given) has its words narrowed to fit (the gaps stay). Cached."""
    narrow = narrow or SQUEEZE
    parts = [(m.start(2), m.group(2)) for m in re.finditer(r"( *)(\S+)", s)]
    f = T.font(size, bold, mono)
    imgs = [T.render_exact(w, want, colour, bold, mono) for _i, w in parts]
    scaled_gaps, wide_gaps = [], []
    for j in range(1, len(parts)):
        (i0, w0), (i1, w1) = parts[j - 1], parts[j]
        a, b = T.render_exact(w0, size, colour, bold, mono), T.render_exact(w1, size, colour, bold, mono)
        ink = (f.size(s[:i1])[0] + b.get_bounding_rect(INK).left) - (f.size(s[:i0])[0] + a.get_bounding_rect(INK).right)
        # the blank between the two words' ink, scaled; twice any blank inside them and more (small hinted
        # glyphs stand 2 px apart: a 3 px gap between words read as none)
        scaled_gaps.append(max(3, round(ink * k)))
        wide_gaps.append(max(scaled_gaps[-1], 2 * max(_inner_gap(imgs[j - 1]), _inner_gap(imgs[j])) + 1))

    def place(gaps: list[int]) -> list[int]:
        xs = [0]
        for j in range(1, len(parts)):
            xs.append(xs[-1] + imgs[j - 1].get_bounding_rect(INK).right + gaps[j - 1] - imgs[j].get_bounding_rect(INK).left)
        return xs

    xs = place(wide_gaps)
    if parts and room and xs[-1] + imgs[-1].get_width() > room:
        xs = place(scaled_gaps)  # no room for the wide gaps: the scaled ones before narrower words or a smaller font
    xs = [x + round(f.size(s[:parts[0][0]])[0] * k) for x in xs] if parts else xs  # leading spaces kept
    over = xs[-1] + imgs[-1].get_width() - room if parts and room else 0
    if over > 0:  # a few % too wide: the words are narrowed, never the gaps between them
        inside = sum(img.get_width() for img in imgs)
        if inside - over < inside / narrow:
            room = 0  # too much: the caller draws it a px smaller
        else:
            shift, narrow = 0, []
            for j, img in enumerate(imgs):
                w = max(1, img.get_width() - round(over * (sum(i.get_width() for i in imgs[:j + 1])) / inside) + shift)
                narrow.append(pygame.transform.smoothscale(img, (w, img.get_height())))
                xs[j] -= shift
                shift += img.get_width() - w
            imgs = narrow
    h = max((img.get_height() for img in imgs), default=1)
    out = pygame.Surface((max([1] + [x + img.get_width() for x, img in zip(xs, imgs)]), h), pygame.SRCALPHA)
    for x, img in zip(xs, imgs):  # words never overlap: the brightest pixel is the word's own
        out.blit(img, (x, (h - img.get_height()) // 2), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def _inner_gap(img: pygame.Surface) -> int:
    """The widest blank (columns with no pixel of alpha :data:`INK`) between the glyphs of a word's picture."""
    spans = sorted((r.left, r.right) for r in pygame.mask.from_surface(img, INK - 1).get_bounding_rects())
    widest, end = 0, None
    for a, b in spans:
        if end is not None and a > end:
            widest = max(widest, a - end)
        end = b if end is None else max(end, b)
    return widest


def slack(width: int, k: float = 1.0) -> int:
    """How many px a sharp line may be wider than its scaled box (``width`` px at ``k`` window px
    per logical px). Small text is hinted narrow ('critical: a star' is 76 px at 13 px but 128 at
    20), so a line scaled up may take 4 % more (the gaps around it grew by k too); scaled down only
    1 px (the next word on the row, a button's edge start right after its box)."""
    return max(1, round(width * 0.04)) if k > 1 else 1


def scale_rect(r: pygame.Rect, k: float, dest: pygame.Rect) -> pygame.Rect:
    """A logical rect -> the window rect it is shown in."""
    x0, y0 = dest.left + round(r.left * k), dest.top + round(r.top * k)
    x1, y1 = dest.left + round(r.right * k), dest.top + round(r.bottom * k)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)
