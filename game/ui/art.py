"""Card artwork drawn by the program: faces, backs, empty-place outlines and the table.

Everything is drawn with pygame's shape primitives at a multiple of the requested size
and reduced with ``smoothscale``, so the images are crisp and anti-aliased at any card
size from about 50x70 up to 200x280 and beyond. Suit symbols are polygons and circles,
never font glyphs; only the rank letters and digits come from the bundled DejaVu fonts
(``assets/fonts``).

Nothing here needs a display mode: surfaces are converted for fast blitting only when
one is set (``pygame.display.get_surface()`` is not None), so the module also works
headless, before the window exists.
"""

from __future__ import annotations

import math
import random
import time
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Final

import pygame
from pygame.typing import ColorLike

from game import paths
from game.engine.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    RANK_TEXT,
    SPADES,
    UNKNOWN,
    rank_of,
    suit_of,
)

__all__ = [
    "BACK_STYLES",
    "CARD_ASPECT",
    "FONT_DIR",
    "CardArt",
    "card_size_for_width",
    "draw_suit",
    "index_depth",
    "suit_colour",
    "table_surface",
]

#: A card's height divided by its width (a poker-size card is 63 x 88 mm).
CARD_ASPECT: Final[float] = 1.4

#: How many back designs there are (``back_style`` runs 0 .. BACK_STYLES - 1).
BACK_STYLES: Final[int] = 2

#: Where the bundled fonts live.
FONT_DIR: Final[Path] = paths.FONTS

_INDEX_FONT: Final = "DejaVuSansCondensed-Bold.ttf"
_COURT_FONT: Final = "DejaVuSerif-Bold.ttf"

RGB = tuple[int, int, int]
Point = tuple[float, float]

# ---------------------------------------------------------------- colours

_PAPER: Final[RGB] = (253, 252, 247)
_EDGE: Final[RGB] = (128, 128, 124)
_RED: Final[RGB] = (204, 22, 38)
_BLACK: Final[RGB] = (26, 26, 30)
_GREEN: Final[RGB] = (12, 124, 52)
_BLUE: Final[RGB] = (22, 72, 188)
_GOLD: Final[RGB] = (232, 178, 36)
_GOLD_DARK: Final[RGB] = (160, 112, 16)
_SKIN: Final[RGB] = (250, 218, 186)
_CREAM: Final[RGB] = (252, 245, 226)
_OUTLINE: Final[RGB] = (30, 26, 24)
_WHITE: Final[RGB] = (255, 255, 255)


def suit_colour(suit: int, four_colour: bool = False) -> RGB:
    """The ink colour of a suit: red or near-black, or green clubs / blue diamonds."""
    if four_colour:
        return (_GREEN, _BLACK, _RED, _BLUE)[suit]
    return _RED if suit in (HEARTS, DIAMONDS) else _BLACK


def card_size_for_width(width: int) -> tuple[int, int]:
    """The card size of that width with the standard aspect ratio ``CARD_ASPECT``."""
    return (width, round(width * CARD_ASPECT))


# ---------------------------------------------------------------- suit shapes
#
# Each suit is a set of polygons and circles in a unit box: centred on (0, 0), one unit
# tall (y from -0.5 at the top to 0.5 at the bottom, y pointing down).


class _Shape:
    """A suit symbol as filled polygons and circles in unit coordinates."""

    __slots__ = ("circles", "polys")

    def __init__(self, polys: list[list[Point]], circles: list[tuple[float, float, float]]):
        self.polys = polys
        self.circles = circles


def _bezier(p0: Point, p1: Point, p2: Point, n: int) -> list[Point]:
    """Points along a quadratic Bézier curve, excluding the end point."""
    out = []
    for i in range(n):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _heart_points(top: float, bottom: float, width: float, n: int = 96) -> list[Point]:
    """A heart outline (point down) fitted to the given vertical span and width."""
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    y0 = min(p[1] for p in raw)
    y1 = max(p[1] for p in raw)
    x1 = max(abs(p[0]) for p in raw)
    sy = (bottom - top) / (y1 - y0)
    sx = width / 2 / x1
    return [(x * sx, top + (y - y0) * sy) for x, y in raw]


def _stem(top_y: float, top_half: float, base_half: float, n: int = 10) -> list[Point]:
    """A flared stem: narrow at ``top_y``, widening with concave sides down to y = 0.5."""
    right = _bezier((top_half, top_y), (top_half * 1.2, 0.42), (base_half, 0.5), n)
    right.append((base_half, 0.5))
    left = [(-x, y) for x, y in reversed(right)]
    return right + left


def _make_shapes() -> dict[int, _Shape]:
    shapes: dict[int, _Shape] = {}
    # Hearts: a slightly narrowed classic heart curve.
    shapes[HEARTS] = _Shape([_heart_points(-0.5, 0.5, 0.98)], [])
    # Diamonds: a rhombus with gently concave sides.
    w = 0.39
    tips = [(0.0, -0.5), (w, 0.0), (0.0, 0.5), (-w, 0.0)]
    dpts: list[Point] = []
    for i in range(4):
        a, b = tips[i], tips[(i + 1) % 4]
        mid = ((a[0] + b[0]) / 2 * 0.86, (a[1] + b[1]) / 2 * 0.86)
        dpts += _bezier(a, mid, b, 8)
    shapes[DIAMONDS] = _Shape([dpts], [])
    # Spades: an upside-down heart on a flared stem.
    body = [(x, 0.28 - (y + 0.5)) for x, y in _heart_points(-0.5, 0.28, 0.92)]
    shapes[SPADES] = _Shape([body, _stem(0.12, 0.045, 0.19)], [])
    # Clubs: three balls, a filled centre and a flared stem.
    r = 0.215
    balls = [(0.0, -0.5 + r, r), (-0.245, 0.06, r), (0.245, 0.06, r)]
    centre = [(0.0, -0.2), (-0.16, 0.1), (0.0, 0.2), (0.16, 0.1)]
    shapes[CLUBS] = _Shape([centre, _stem(0.1, 0.05, 0.19)], balls)
    return shapes


_SHAPES: Final[dict[int, _Shape]] = _make_shapes()

#: Width of each suit symbol relative to its height (for layout).
_SUIT_WIDTH: Final[dict[int, float]] = {CLUBS: 0.92, SPADES: 0.92, HEARTS: 0.98, DIAMONDS: 0.78}


def _draw_shape(
    surface: pygame.Surface,
    suit: int,
    center: Point,
    height: float,
    colour: ColorLike,
    flip: bool = False,
) -> None:
    """Draw a suit symbol with plain (aliased) primitives; used on supersampled canvases."""
    shape = _SHAPES[suit]
    cx, cy = center
    s = -height if flip else height
    for poly in shape.polys:
        pygame.draw.polygon(surface, colour, [(cx + x * s, cy + y * s) for x, y in poly])
    for x, y, r in shape.circles:
        pygame.draw.circle(surface, colour, (cx + x * s, cy + y * s), r * height)


def draw_suit(
    surface: pygame.Surface,
    suit: int,
    center: tuple[float, float],
    height: float,
    colour: ColorLike,
    *,
    upside_down: bool = False,
) -> None:
    """Draw a suit symbol (0 clubs, 1 spades, 2 hearts, 3 diamonds) as anti-aliased shapes.

    The symbol is ``height`` pixels tall, centred on ``center`` (sub-pixel positions are
    honoured), and turned through 180 degrees if ``upside_down``. It is drawn at four
    times the size and smoothly reduced, then blended onto ``surface``.
    """
    if suit not in _SHAPES:
        raise ValueError(f"unknown suit {suit!r}")
    if height <= 0:
        return
    col = pygame.Color(colour)
    k = 4
    half_w = height * _SUIT_WIDTH[suit] / 2 + 1
    half_h = height / 2 + 1
    x0 = math.floor(center[0] - half_w)
    y0 = math.floor(center[1] - half_h)
    w = math.ceil(center[0] + half_w) - x0 + 1
    h = math.ceil(center[1] + half_h) - y0 + 1
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill((col.r, col.g, col.b, 0))
    _draw_shape(big, suit, ((center[0] - x0) * k, (center[1] - y0) * k), height * k, col,
                flip=upside_down)
    small = pygame.transform.smoothscale(big, (w, h))
    surface.blit(small, (x0, y0))


# ---------------------------------------------------------------- fonts and text


def _ensure_font() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


_FONTS: dict[tuple[str, int], pygame.font.Font] = {}


def _font(name: str, px: int) -> pygame.font.Font:
    """A bundled font at a pixel size, loaded once (and again after ``pygame.quit()``)."""
    _ensure_font()
    key = (name, max(1, px))
    font = _FONTS.get(key)
    if font is not None:
        try:
            font.get_ascent()
        except pygame.error:  # the font module was shut down and started again
            _FONTS.clear()
            font = None
    if font is None:
        if len(_FONTS) > 64:
            _FONTS.clear()
        font = pygame.font.Font(str(FONT_DIR / name), key[1])
        _FONTS[key] = font
    return font


@lru_cache(maxsize=8)
def _cap_ratio(name: str) -> float:
    """Cap height of a font as a fraction of its pixel size."""
    f = _font(name, 200)
    box = f.render("H", True, (0, 0, 0)).get_bounding_rect()
    return box.height / 200


@lru_cache(maxsize=512)
def _text_block(text: str, font_name: str, cap_px: int, colour: RGB) -> pygame.Surface:
    """Text whose capital letters are exactly ``cap_px`` tall, tightly spaced.

    Row 0 of the result is the cap line; glyphs that descend (the tail of Q) hang below
    ``cap_px``. Letters are placed one by one so "10" stays narrow.
    """
    font = _font(font_name, round(cap_px / _cap_ratio(font_name)))
    ascent = font.get_ascent()
    gap = max(1, round(cap_px * 0.05))
    glyphs: list[tuple[pygame.Surface, int]] = []
    for ch in text:
        img = font.render(ch, True, colour)
        box = img.get_bounding_rect()
        glyph = img.subsurface(box).copy()
        top = box.top - (ascent - cap_px)  # ink top relative to the cap line
        if ch != "Q":
            # Fit to the cap height exactly (DejaVu's J descends; round digits overshoot).
            scale = cap_px / max(1, box.height)
            glyph = pygame.transform.smoothscale(
                glyph, (max(1, round(box.width * scale)), cap_px)
            )
            top = 0
        glyphs.append((glyph, top))
    width = sum(g.get_width() for g, _ in glyphs) + gap * (len(glyphs) - 1)
    height = max(max(t + g.get_height() for g, t in glyphs), cap_px)
    out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    out.fill((*colour, 0))
    x = 0
    for g, t in glyphs:
        out.blit(g, (x, max(0, t)))
        x += g.get_width() + gap
    return out


# ---------------------------------------------------------------- helpers


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _finish(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Convert for fast blitting when a display mode exists; otherwise leave as is."""
    if _display_ready():
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


def _supersample(height: int) -> int:
    """How many times larger than the target to draw before smoothing down.

    Only powers of two: pygame's SSE smoothscale loses a little alpha and brightness
    when reducing by 3.
    """
    return 4 if height <= 320 else 2


def _check_size(size: Sequence[int]) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    if w < 8 or h < 8:
        raise ValueError(f"card size {size!r} is too small (at least 8x8)")
    return w, h


def _blank_card(bw: int, bh: int, k: int) -> pygame.Surface:
    """A white card with rounded corners and a thin grey edge, drawn ``k`` times too big."""
    surf = pygame.Surface((bw, bh), pygame.SRCALPHA)
    surf.fill((*_EDGE, 0))
    radius = max(2 * k, round(bw * 0.065))
    edge = k if bw < 150 * k else round(1.4 * k)
    rect = surf.get_rect()
    pygame.draw.rect(surf, _EDGE, rect, border_radius=radius)
    pygame.draw.rect(surf, _PAPER, rect.inflate(-2 * edge, -2 * edge), border_radius=radius - edge)
    return surf


def _rounded_mask(surf: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle covering ``surf`` transparent."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


# ---------------------------------------------------------------- pip layouts

# (column, row) with column -1/0/1 (left/centre/right) and row from 0 (top) to 1 (bottom),
# as printed on standard cards. Pips below the middle are drawn upside down.
_PIPS: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: (
        (-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0),
    ),
    9: (
        (-1, 0.0), (1, 0.0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5),
        (-1, 2 / 3), (1, 2 / 3), (-1, 1.0), (1, 1.0),
    ),
    10: (
        (-1, 0.0), (1, 0.0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3),
        (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1.0), (1, 1.0),
    ),
}


class _Layout:
    """Positions on a card face in units of the card's width.

    Small cards get relatively larger corner indices (and slightly smaller pips) so the
    rank and suit stay readable down to about 50 pixels wide.
    """

    __slots__ = (
        "ace_h", "court_letter", "frame_x", "frame_y", "index_cap", "index_gap", "index_max_w",
        "index_suit", "index_top", "index_x", "pip_col", "pip_h", "pip_top",
    )

    def __init__(self, width: int) -> None:
        c = min(1.0, max(0.0, (100 - width) / 50))  # 0 for 100 px and wider, 1 at 50 px
        self.index_cap = 0.165 + 0.035 * c  # height of the rank characters
        self.index_suit = 0.135 + 0.045 * c  # height of the small suit under the rank
        self.index_x = 0.118 + 0.01 * c  # centre line of the index
        self.index_top = 0.06 - 0.01 * c
        self.index_gap = 0.035 - 0.01 * c
        self.index_max_w = 0.17 + 0.02 * c
        self.pip_col = 0.17 - 0.02 * c  # offset of the side columns from the centre
        self.pip_h = 0.165 - 0.025 * c
        self.pip_top = 0.29 + 0.01 * c  # centre of the top row of pips
        self.ace_h = 0.44
        self.frame_x = 0.235 + 0.015 * c  # court portrait frame inset
        self.frame_y = 0.075 - 0.01 * c
        self.court_letter = width >= 80


def index_depth(width: int) -> float:
    """How far down a card of ``width`` pixels its corner index (rank and small suit)
    reaches, as a fraction of the card's height: a fanned pile must show at least this
    much of each covered card for its rank and suit to be read."""
    lay = _Layout(width)
    return (lay.index_top + lay.index_cap + lay.index_gap + lay.index_suit) / CARD_ASPECT


# ---------------------------------------------------------------- faces


def _draw_index(surf: pygame.Surface, code: int, u: float, lay: _Layout, ink: RGB) -> None:
    """Rank and small suit in the top-left corner and, rotated, in the bottom-right."""
    bw, bh = surf.get_size()
    cap = max(3, round(lay.index_cap * u))
    text = _text_block(RANK_TEXT[rank_of(code)], _INDEX_FONT, cap, ink)
    max_w = lay.index_max_w * u
    if text.get_width() > max_w:
        # "10": shrink a little, then narrow the rest of the way.
        s = max(0.86, max_w / text.get_width())
        text = pygame.transform.smoothscale(
            text, (round(max_w), max(1, round(text.get_height() * s)))
        )
        cap = round(cap * s)
    tx = lay.index_x * u - text.get_width() / 2
    ty = lay.index_top * u
    flipped = pygame.transform.flip(text, True, True)
    surf.blit(text, (round(tx), round(ty)))
    surf.blit(flipped, (round(bw - tx - text.get_width()), round(bh - ty - text.get_height())))
    sh = lay.index_suit * u
    sy = ty + cap + lay.index_gap * u + sh / 2
    suit = suit_of(code)
    _draw_shape(surf, suit, (lay.index_x * u, sy), sh, ink)
    _draw_shape(surf, suit, (bw - lay.index_x * u, bh - sy), sh, ink, flip=True)


def _draw_pips(surf: pygame.Surface, code: int, u: float, lay: _Layout, ink: RGB) -> None:
    """The pips of a number card in their standard places."""
    bw, bh = surf.get_size()
    suit, rank = suit_of(code), rank_of(code)
    top = lay.pip_top * u
    span = bh - 2 * top
    h = lay.pip_h * u
    for col, row in _PIPS[rank]:
        x = bw / 2 + col * lay.pip_col * u
        y = top + row * span
        _draw_shape(surf, suit, (x, y), h, ink, flip=row > 0.5)


def _draw_ace(surf: pygame.Surface, code: int, u: float, lay: _Layout, ink: RGB) -> None:
    """One large central pip; the ace of spades is larger still and ornamented."""
    bw, bh = surf.get_size()
    suit = suit_of(code)
    cx, cy = bw / 2, bh / 2
    if suit == SPADES:
        h = lay.ace_h * 1.3 * u
        _draw_shape(surf, suit, (cx, cy), h, ink)
        _draw_shape(surf, suit, (cx, cy + h * 0.012), h * 0.86, _PAPER)
        _draw_shape(surf, suit, (cx, cy + h * 0.016), h * 0.80, ink)
        pygame.draw.circle(surf, _PAPER, (cx, cy - h * 0.03), h * 0.07)
        pygame.draw.circle(surf, ink, (cx, cy - h * 0.03), h * 0.045)
    else:
        _draw_shape(surf, suit, (cx, cy), lay.ace_h * u, ink)


def _tint(colour: RGB, amount: float) -> RGB:
    """``colour`` mixed towards white by ``amount`` (0 .. 1)."""
    r, g, b = colour
    return (
        round(r + (255 - r) * amount),
        round(g + (255 - g) * amount),
        round(b + (255 - b) * amount),
    )


class _Pen:
    """Draws in a court panel using fractions of its width (x) and height (y)."""

    __slots__ = ("h", "lw", "surf", "w")

    def __init__(self, surf: pygame.Surface, lw: float) -> None:
        self.surf = surf
        self.w, self.h = float(surf.get_width()), float(surf.get_height())
        self.lw = max(1, round(lw))

    def pt(self, x: float, y: float) -> Point:
        return (x * self.w, y * self.h)

    def poly(self, colour: RGB, pts: Sequence[Point], outline: bool = True) -> None:
        scaled = [self.pt(x, y) for x, y in pts]
        pygame.draw.polygon(self.surf, colour, scaled)
        if outline:
            pygame.draw.polygon(self.surf, _OUTLINE, scaled, self.lw)

    def ellipse(self, colour: RGB, box: tuple[float, float, float, float],
                outline: bool = True) -> None:
        x0, y0, x1, y1 = box
        rect = pygame.Rect(round(x0 * self.w), round(y0 * self.h),
                           round((x1 - x0) * self.w), round((y1 - y0) * self.h))
        pygame.draw.ellipse(self.surf, colour, rect)
        if outline:
            pygame.draw.ellipse(self.surf, _OUTLINE, rect, self.lw)

    def circle(self, colour: RGB, x: float, y: float, r: float, outline: bool = True) -> None:
        """A circle of radius ``r`` (a fraction of the width) at (x, y)."""
        pygame.draw.circle(self.surf, colour, self.pt(x, y), r * self.w)
        if outline:
            pygame.draw.circle(self.surf, _OUTLINE, self.pt(x, y), r * self.w,
                               max(1, self.lw * 3 // 4))

    def line(self, colour: RGB, a: Point, b: Point, width: float = 1.0) -> None:
        pygame.draw.line(self.surf, colour, self.pt(*a), self.pt(*b),
                         max(1, round(self.lw * width)))


def _court_half(
    rank: int, suit: int, ink: RGB, size: tuple[int, int], u: float, letter_too: bool
) -> pygame.Surface:
    """The top half of a court card's portrait panel (the bottom half is its mirror).

    King: a bearded figure in a pointed gold crown holding a sceptre. Queen: long fair
    hair, a pearl tiara and a flower. Jack: a young man in a feathered cap with a halberd.
    """
    pw, ph = size
    half = pygame.Surface(size)
    half.fill(_CREAM)
    p = _Pen(half, u * 0.0075)
    accent = _BLUE if ink in (_RED, _GREEN) else _RED
    ink_light = _tint(ink, 0.82)

    # Background: a faint diagonal hatch in the suit colour.
    step = max(4, round(pw / 8))
    for x in range(-ph, pw + ph, step):
        pygame.draw.line(half, ink_light, (x, 0), (x + ph, ph), max(1, round(u * 0.006)))

    # Hair behind the head.
    if rank == KING:
        p.poly((238, 238, 234), [(0.28, 0.36), (0.33, 0.24), (0.67, 0.24), (0.72, 0.36),
                                 (0.74, 0.58), (0.26, 0.58)])
    elif rank == QUEEN:
        p.poly((244, 200, 64), [(0.27, 0.40), (0.33, 0.22), (0.67, 0.22), (0.73, 0.40),
                                (0.79, 0.74), (0.21, 0.74)])
    else:
        p.poly((140, 84, 36), [(0.29, 0.36), (0.34, 0.22), (0.66, 0.22), (0.71, 0.36),
                               (0.72, 0.54), (0.28, 0.54)])

    # Robe: shoulders down to the middle line, with gold trim.
    robe = [(0.02, 1.0), (0.04, 0.78), (0.14, 0.66), (0.36, 0.60), (0.64, 0.60),
            (0.86, 0.66), (0.96, 0.78), (0.98, 1.0)]
    p.poly(ink, robe)
    p.line(_GOLD, (0.06, 0.78), (0.16, 0.685), 2.2)
    p.line(_GOLD, (0.94, 0.78), (0.84, 0.685), 2.2)
    # Front panel in the accent colour with gold buttons.
    p.poly(accent, [(0.39, 0.61), (0.61, 0.61), (0.67, 1.0), (0.33, 1.0)])
    for i in range(3):
        p.circle(_GOLD, 0.5, 0.74 + i * 0.1, 0.03)

    # Collar.
    if rank == KING:
        p.poly(_WHITE, [(0.16, 0.67), (0.36, 0.58), (0.64, 0.58), (0.84, 0.67),
                        (0.76, 0.75), (0.60, 0.69), (0.40, 0.69), (0.24, 0.75)])
        for ex, ey in ((0.26, 0.68), (0.38, 0.64), (0.5, 0.645), (0.62, 0.64), (0.74, 0.68)):
            p.poly(_OUTLINE, [(ex, ey - 0.015), (ex + 0.012, ey + 0.02), (ex - 0.012, ey + 0.02)],
                   outline=False)
    elif rank == QUEEN:
        p.poly(_SKIN, [(0.38, 0.60), (0.62, 0.60), (0.59, 0.68), (0.41, 0.68)])
        for i in range(7):
            t = i / 6
            p.circle(_WHITE, 0.405 + 0.19 * t, 0.655 + 0.03 * math.sin(math.pi * t), 0.018)
    else:
        p.poly(_GOLD, [(0.33, 0.605), (0.67, 0.605), (0.60, 0.68), (0.40, 0.68)])

    # Neck and head.
    p.poly(_SKIN, [(0.44, 0.50), (0.56, 0.50), (0.57, 0.61), (0.43, 0.61)])
    hx, hy, hr = 0.5, 0.40, 0.175
    p.circle(_SKIN, hx, hy, hr)
    # Eyes, brows, nose.
    ry = hr * p.w / p.h  # the head radius as a fraction of the height
    eye_y = hy - ry * 0.08
    for ex in (-0.065, 0.065):
        p.circle(_OUTLINE, hx + ex, eye_y, 0.019, outline=False)
        p.line((110, 70, 40), (hx + ex - 0.035, eye_y - 0.045), (hx + ex + 0.035, eye_y - 0.05))
    p.line((196, 128, 104), (hx, eye_y + 0.01), (hx + 0.018, eye_y + 0.07))
    if rank == KING:
        beard = [(0.33, 0.40), (0.38, 0.49), (0.45, 0.52), (0.55, 0.52), (0.62, 0.49),
                 (0.67, 0.40), (0.70, 0.52), (0.61, 0.64), (0.5, 0.69), (0.39, 0.64), (0.30, 0.52)]
        p.poly((238, 238, 234), beard)
        p.poly((238, 238, 234), [(0.40, 0.485), (0.5, 0.46), (0.60, 0.485), (0.57, 0.505),
                                 (0.5, 0.49), (0.43, 0.505)])
    else:
        p.ellipse((204, 40, 52), (0.465, 0.475, 0.535, 0.50), outline=False)
        for ex in (-0.1, 0.1):
            p.circle(_tint((230, 120, 110), 0.35), hx + ex, hy + ry * 0.32, 0.03, outline=False)
        if rank == QUEEN:
            # Hair falling over the forehead.
            p.poly((244, 200, 64), [(0.33, 0.36), (0.36, 0.27), (0.5, 0.24), (0.64, 0.27),
                                    (0.67, 0.36), (0.58, 0.30), (0.42, 0.30)], outline=False)
        else:
            p.poly((140, 84, 36), [(0.33, 0.36), (0.35, 0.27), (0.5, 0.25), (0.65, 0.27),
                                   (0.67, 0.36), (0.6, 0.31), (0.5, 0.33), (0.4, 0.31)],
                   outline=False)

    # Headwear.
    if rank == KING:
        crown = [(0.32, 0.29), (0.30, 0.11), (0.39, 0.19), (0.44, 0.06), (0.5, 0.17),
                 (0.56, 0.06), (0.61, 0.19), (0.70, 0.11), (0.68, 0.29)]
        p.poly(_GOLD, crown)
        p.poly(_GOLD_DARK, [(0.32, 0.245), (0.68, 0.245), (0.68, 0.29), (0.32, 0.29)])
        for jx in (0.38, 0.5, 0.62):
            p.circle(_RED if jx != 0.5 else _BLUE, jx, 0.268, 0.026)
        for bx, by in ((0.30, 0.11), (0.44, 0.06), (0.56, 0.06), (0.70, 0.11)):
            p.circle(_WHITE, bx, by, 0.022)
    elif rank == QUEEN:
        tiara = [(0.35, 0.26), (0.38, 0.17), (0.44, 0.21), (0.5, 0.11), (0.56, 0.21),
                 (0.62, 0.17), (0.65, 0.26)]
        p.poly(_GOLD, tiara)
        for bx, by in ((0.38, 0.165), (0.5, 0.105), (0.62, 0.165)):
            p.circle(_WHITE, bx, by, 0.026)
        p.circle(accent, 0.5, 0.225, 0.026)
    else:
        # A feather and a soft cap with a band.
        p.poly(_WHITE, [(0.38, 0.20), (0.30, 0.09), (0.18, 0.01), (0.08, 0.0), (0.14, 0.06),
                        (0.20, 0.15), (0.32, 0.24)])
        p.line(_OUTLINE, (0.35, 0.21), (0.12, 0.03))
        p.ellipse(accent, (0.29, 0.12, 0.71, 0.28))
        p.poly(_GOLD, [(0.31, 0.225), (0.69, 0.225), (0.68, 0.27), (0.32, 0.27)])
        p.circle(_RED if accent != _RED else _BLUE, 0.5, 0.247, 0.024)

    # What each figure holds, in a hand at the side.
    if rank == KING:
        p.poly(_GOLD, [(0.155, 0.26), (0.195, 0.26), (0.195, 0.92), (0.155, 0.92)])
        p.circle(_GOLD, 0.175, 0.21, 0.07)
        p.poly(_GOLD, [(0.165, 0.08), (0.185, 0.08), (0.185, 0.16), (0.165, 0.16)])
        p.poly(_GOLD, [(0.14, 0.10), (0.21, 0.10), (0.21, 0.125), (0.14, 0.125)])
        hand = (0.175, 0.80)
    elif rank == QUEEN:
        p.line((40, 120, 50), (0.17, 0.84), (0.17, 0.30), 1.6)
        p.poly((60, 150, 60), [(0.17, 0.55), (0.26, 0.47), (0.29, 0.50), (0.18, 0.58)])
        for i in range(5):
            a = 2 * math.pi * i / 5 - math.pi / 2
            p.circle(accent if accent != ink else _RED, 0.17 + math.cos(a) * 0.055,
                     0.25 + math.sin(a) * 0.055 * p.w / p.h, 0.045)
        p.circle(_GOLD, 0.17, 0.25, 0.035)
        hand = (0.17, 0.80)
    else:
        p.poly((130, 84, 40), [(0.80, 0.34), (0.835, 0.34), (0.835, 0.95), (0.80, 0.95)])
        steel = (206, 210, 220)
        p.poly(steel, [(0.835, 0.38), (0.95, 0.33), (0.975, 0.46), (0.95, 0.58),
                       (0.835, 0.52)])
        p.poly(steel, [(0.80, 0.40), (0.72, 0.44), (0.80, 0.49)])
        p.poly(steel, [(0.79, 0.35), (0.8175, 0.22), (0.845, 0.35)])
        hand = (0.8175, 0.82)
    # The hand, coming out of a gold cuff.
    hx, hy = hand
    p.ellipse(_GOLD, (hx - 0.075, hy + 0.03, hx + 0.075, hy + 0.085))
    p.circle(_SKIN, hx, hy, 0.05)

    # The letter and a suit pip in the outer top corner of the panel (left out on small
    # cards, where they would be a smudge; the corner index says it anyway).
    if letter_too:
        cap = max(3, round(0.16 * pw))
        letter = _text_block(RANK_TEXT[rank], _COURT_FONT, cap, ink)
        ly = round(0.035 * ph)
        half.blit(letter, (round(0.9 * pw - letter.get_width() / 2), ly))
        _draw_shape(half, suit, (0.9 * pw, ly + cap * 1.75), 0.13 * pw, ink)
    return half


def _draw_court(surf: pygame.Surface, code: int, u: float, lay: _Layout, ink: RGB) -> None:
    """A framed, double-ended portrait of the King, Queen or Jack."""
    bw, bh = surf.get_size()
    x0, y0 = round(lay.frame_x * u), round(lay.frame_y * u)
    pw = bw - 2 * x0
    ph = (bh - 2 * y0) // 2
    half = _court_half(rank_of(code), suit_of(code), ink, (pw, ph), u, lay.court_letter)
    surf.blit(half, (x0, y0))
    surf.blit(pygame.transform.flip(half, True, True), (x0, y0 + ph))
    frame = pygame.Rect(x0, y0, pw, 2 * ph)
    line = max(1, round(u * 0.011))
    pygame.draw.rect(surf, ink, frame, line)
    pygame.draw.rect(surf, _GOLD, frame.inflate(-3 * line, -3 * line), max(1, line * 2 // 3))
    mid = y0 + ph
    pygame.draw.line(surf, ink, (x0, mid), (x0 + pw - 1, mid), line)


def _render_face(code: int, size: tuple[int, int], four_colour: bool) -> pygame.Surface:
    w, h = size
    k = _supersample(h)
    surf = _blank_card(w * k, h * k, k)
    u = float(w * k)
    lay = _Layout(w)
    ink = suit_colour(suit_of(code), four_colour)
    rank = rank_of(code)
    if rank == ACE:
        _draw_ace(surf, code, u, lay, ink)
    elif rank >= JACK:
        _draw_court(surf, code, u, lay, ink)
    else:
        _draw_pips(surf, code, u, lay, ink)
    _draw_index(surf, code, u, lay, ink)
    return pygame.transform.smoothscale(surf, (w, h))


# ---------------------------------------------------------------- backs


def _back_pattern_blue(panel: pygame.Surface, u: float) -> None:
    """Dark blue with a fine diamond lattice and small dots in each cell."""
    pw, ph = panel.get_size()
    panel.fill((20, 40, 92))
    step = u / 9
    lw = max(1, round(u * 0.012))
    light = (84, 122, 196)
    n = int((pw + ph) / step) + 2
    for i in range(-n, n + 1):
        x = i * step
        pygame.draw.line(panel, light, (x, 0), (x + ph, ph), lw)
        pygame.draw.line(panel, light, (x, 0), (x - ph, ph), lw)
    # The lines cross at (a, b) * step / 2 with a + b even; dot the middle of each cell.
    dot = (170, 196, 236)
    half = step / 2
    for b in range(int(ph / half) + 2):
        for a in range(int(pw / half) + 2):
            if (a + b) % 2:
                pygame.draw.circle(panel, dot, (a * half, b * half), step * 0.09)


def _back_pattern_red(panel: pygame.Surface, u: float) -> None:
    """Deep red with staggered rings and small four-point stars."""
    pw, ph = panel.get_size()
    panel.fill((132, 16, 28))
    step = u / 6.5
    lw = max(1, round(u * 0.011))
    ring = (198, 70, 70)
    star = (236, 170, 120)
    rows = int(ph / step) + 2
    cols = int(pw / step) + 2
    for j in range(-1, rows):
        for i in range(-1, cols):
            cx = (i + (0.5 if j % 2 else 0.0)) * step
            cy = j * step * 0.866
            pygame.draw.circle(panel, ring, (cx, cy), step * 0.42, lw)
            pygame.draw.circle(panel, ring, (cx, cy), step * 0.2, lw)
            s = step * 0.11
            pygame.draw.polygon(panel, star, [(cx, cy - s), (cx + s * 0.35, cy),
                                              (cx, cy + s), (cx - s * 0.35, cy)])
            pygame.draw.polygon(panel, star, [(cx - s, cy), (cx, cy - s * 0.35),
                                              (cx + s, cy), (cx, cy + s * 0.35)])


def _render_back(style: int, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    k = _supersample(h)
    bw, bh = w * k, h * k
    surf = _blank_card(bw, bh, k)
    u = float(bw)
    margin = round(u * 0.075)
    panel = pygame.Surface((bw - 2 * margin, bh - 2 * margin), pygame.SRCALPHA)
    if style == 0:
        _back_pattern_blue(panel, u)
        trim: RGB = (200, 214, 240)
        dark: RGB = (20, 40, 92)
    else:
        _back_pattern_red(panel, u)
        trim = (240, 200, 160)
        dark = (132, 16, 28)
    pr = panel.get_rect()
    line = max(1, round(u * 0.012))
    inset = round(u * 0.035)
    # A plain band round the pattern, a fine frame line, and a central medallion.
    pygame.draw.rect(panel, dark, pr, inset, border_radius=round(u * 0.04))
    pygame.draw.rect(panel, trim, pr.inflate(-2 * inset, -2 * inset), line,
                     border_radius=round(u * 0.03))
    cx, cy = pr.center
    rx, ry = u * 0.2, u * 0.26
    oval = pygame.Rect(0, 0, round(rx * 2), round(ry * 2))
    oval.center = (cx, cy)
    pygame.draw.ellipse(panel, dark, oval)
    pygame.draw.ellipse(panel, trim, oval, line)
    pygame.draw.ellipse(panel, trim, oval.inflate(-4 * line, -4 * line), max(1, line // 2))
    suits = (SPADES, HEARTS, CLUBS, DIAMONDS)
    for i, s in enumerate(suits):
        a = math.pi / 2 * i - math.pi / 2
        _draw_shape(panel, s, (cx + math.cos(a) * rx * 0.5, cy + math.sin(a) * ry * 0.5),
                    u * 0.11, trim, flip=i == 2)
    _rounded_mask(panel, round(u * 0.04))
    surf.blit(panel, (margin, margin))
    pygame.draw.rect(surf, dark, pygame.Rect(margin, margin, *pr.size),
                     max(1, line // 2), border_radius=round(u * 0.04))
    return pygame.transform.smoothscale(surf, (w, h))


# ---------------------------------------------------------------- outlines


def _render_outline(size: tuple[int, int], colour: pygame.Color) -> pygame.Surface:
    w, h = size
    k = _supersample(h)
    bw, bh = w * k, h * k
    surf = pygame.Surface((bw, bh), pygame.SRCALPHA)
    surf.fill((colour.r, colour.g, colour.b, 0))
    radius = max(2 * k, round(bw * 0.065))
    line = max(round(1.5 * k), round(bw * 0.02))
    rect = surf.get_rect()
    fill = pygame.Color(colour.r, colour.g, colour.b, colour.a // 6)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, colour, rect, line, border_radius=radius)
    return pygame.transform.smoothscale(surf, (w, h))


# ---------------------------------------------------------------- table


_TABLE_CACHE: OrderedDict[tuple[int, int, bool, bool], pygame.Surface] = OrderedDict()
_TABLE_CACHE_MAX: Final = 4
_FELT: Final[RGB] = (28, 106, 58)
#: the high-contrast table: near-black, so white outlines and yellow marks stand out
_FELT_DARK: Final[RGB] = (14, 16, 18)


@lru_cache(maxsize=1)
def _fibre_tiles() -> tuple[pygame.Surface, pygame.Surface]:
    """The felt's fine fibres: a square of per-pixel noise to add and one to subtract.

    The same for every table size, so it is made once (it is most of the felt's cost)
    and a resized window gets its new felt sooner.
    """
    rng = random.Random(19770605)
    tile = 97
    plus = pygame.Surface((tile, tile))
    minus = pygame.Surface((tile, tile))
    for y in range(tile):
        for x in range(tile):
            v = rng.randint(-6, 6)
            up, down = max(0, v), max(0, -v)
            plus.set_at((x, y), (up // 2, up, up // 2))
            minus.set_at((x, y), (down // 2, down, down // 2))
    return plus, minus


def table_surface(size: tuple[int, int], *, dark: bool = False) -> pygame.Surface:
    """A green felt table background of ``size`` with a fine texture and darker edges
    (``dark``: a near-black cloth, for the high-contrast theme).

    The texture is generated from a fixed seed, so the same size always gives the same
    picture. The last few sizes are cached; do not draw on the returned surface.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = (w, h, _display_ready(), dark)
    cached = _TABLE_CACHE.get(key)
    if cached is not None:
        _TABLE_CACHE.move_to_end(key)
        return cached
    # The broad light (mottling and vignette) is smooth, so it is composed at a quarter
    # of the size and enlarged once; only the fine fibres are laid at full size.
    vw, vh = max(4, w // 4), max(4, h // 4)
    broad = pygame.Surface((vw, vh))
    broad.fill(_FELT_DARK if dark else _FELT)
    rng = random.Random(20240611)

    # Mottling: a coarse random grid, smoothly enlarged, added and taken away.
    gw, gh = max(2, w // 90 + 2), max(2, h // 90 + 2)
    light = pygame.Surface((gw, gh))
    dim = pygame.Surface((gw, gh))
    for y in range(gh):
        for x in range(gw):
            v = rng.randint(-7, 7)
            light.set_at((x, y), (max(0, v) // 2, max(0, v), max(0, v) // 2))
            dim.set_at((x, y), (max(0, -v) // 2, max(0, -v), max(0, -v) // 2))
    broad.blit(pygame.transform.smoothscale(light, (vw, vh)), (0, 0), special_flags=pygame.BLEND_ADD)
    broad.blit(pygame.transform.smoothscale(dim, (vw, vh)), (0, 0), special_flags=pygame.BLEND_SUB)

    # Vignette: darker towards the edges.
    vig = pygame.Surface((vw, vh))
    vig.fill((255, 255, 255))
    steps = 48
    for i in range(steps):
        t = i / (steps - 1)  # 0 outside, 1 centre
        scale = 1.55 - 0.9 * t
        grey = round(255 - 90 * (1 - t) ** 1.6)
        rect = pygame.Rect(0, 0, round(vw * scale), round(vh * scale))
        rect.center = (vw // 2, vh // 2)
        if i == 0:
            vig.fill((grey, grey, grey))
        pygame.draw.ellipse(vig, (grey, grey, grey), rect)
    broad.blit(vig, (0, 0), special_flags=pygame.BLEND_MULT)
    # Enlarged without smoothing: neighbouring blocks differ by under one shade, and the
    # fibres hide that; smoothing the whole table would cost three times as long.
    surf = pygame.transform.scale(broad, (w, h))

    # Fine fibres: a tile of per-pixel noise repeated across the table.
    plus, minus = _fibre_tiles()
    tile = plus.get_width()
    for ty in range(0, h, tile):
        for tx in range(0, w, tile):
            surf.blit(plus, (tx, ty), special_flags=pygame.BLEND_ADD)
            surf.blit(minus, (tx, ty), special_flags=pygame.BLEND_SUB)

    surf = _finish(surf, alpha=False)
    _TABLE_CACHE[key] = surf
    while len(_TABLE_CACHE) > _TABLE_CACHE_MAX:
        _TABLE_CACHE.popitem(last=False)
    return surf


# ---------------------------------------------------------------- the cache


class CardArt:
    """Renders and caches card images per card size.

    Faces, backs and outlines are drawn on first use for each size (and colour, for
    outlines) and then returned from the cache; the returned surfaces are shared, so
    callers must not draw on them.
    """

    def __init__(self, *, back_style: int = 0, four_colour: bool = False) -> None:
        """Start with a back design (0 blue lattice, 1 red) and the two- or four-colour inks."""
        self._check_back(back_style)
        self.back_style = back_style
        self.four_colour = four_colour
        self._faces: dict[tuple[int, int, int, bool, bool], pygame.Surface] = {}
        self._backs: dict[tuple[int, int, int, bool], pygame.Surface] = {}
        self._outlines: dict[tuple[int, int, tuple[int, int, int, int], bool], pygame.Surface] = {}
        #: faces of an earlier size, kept after change_size() to stand in (scaled) for
        #: the new size's until refine() has drawn those
        self._sources: dict[int, pygame.Surface] = {}
        self._rough: dict[tuple[int, int, int, bool, bool], pygame.Surface] = {}
        self._pending: list[tuple[int, tuple[int, int]]] = []

    @staticmethod
    def _check_back(style: int) -> None:
        if not 0 <= style < BACK_STYLES:
            raise ValueError(f"back_style must be 0..{BACK_STYLES - 1}, not {style!r}")

    def _face_key(self, code: int, size: Sequence[int]) -> tuple[int, int, int, bool, bool]:
        if not (0 <= suit_of(code) <= 3 and ACE <= rank_of(code) <= KING):
            raise ValueError(f"not a card code: {code!r}")
        w, h = _check_size(size)
        return (code, w, h, self.four_colour and suit_of(code) in (CLUBS, DIAMONDS), _display_ready())

    def face(self, code: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of card ``code`` at ``size`` (width, height); the back for UNKNOWN."""
        if code == UNKNOWN:
            return self.back(size)
        key = self._face_key(code, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = _finish(_render_face(code, (key[1], key[2]), self.four_colour))
            self._faces[key] = surf
        return surf

    def quick_face(self, code: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``code`` at ``size`` without waiting: the crisp face if it is drawn;
        after :meth:`change_size`, the card's face of the earlier size smoothly scaled
        (a few tenths of a millisecond instead of several milliseconds), its crisp face
        queued for :meth:`refine`; otherwise the crisp face, drawn now."""
        if code == UNKNOWN:
            return self.back(size)
        key = self._face_key(code, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._rough.get(key)
        if surf is not None:
            return surf
        source = self._sources.get(code)
        if source is None:
            return self.face(code, size)
        surf = pygame.transform.smoothscale(source, (key[1], key[2]))
        self._rough[key] = surf
        self._pending.append((code, (key[1], key[2])))
        return surf

    def change_size(self, size: tuple[int, int]) -> None:
        """The cards are drawn at ``size`` from now on: images of other sizes are dropped,
        except the faces, kept as stand-ins for :meth:`quick_face` until :meth:`refine`
        has drawn every face asked for at the new size."""
        w, h = _check_size(size)
        for key, surf in self._faces.items():
            known = self._sources.get(key[0])
            # The largest face of the card stands in best (a menu's small one is blurry).
            if (key[1], key[2]) != (w, h) and (known is None or known.get_width() < key[1]):
                self._sources[key[0]] = surf
        self._faces = {k: v for k, v in self._faces.items() if (k[1], k[2]) == (w, h)}
        self._backs = {k: v for k, v in self._backs.items() if (k[1], k[2]) == (w, h)}
        self._outlines = {k: v for k, v in self._outlines.items() if (k[0], k[1]) == (w, h)}
        self._rough.clear()
        self._pending.clear()

    @property
    def refining(self) -> bool:
        """Some faces are still shown scaled from an earlier size."""
        return bool(self._pending)

    def refine(self, seconds: float) -> int:
        """Draw crisply the faces :meth:`quick_face` stood in for, for about ``seconds``
        (at least one); returns how many were drawn (the caller redraws what shows them)."""
        start = time.perf_counter()
        done = 0
        while self._pending and (done == 0 or time.perf_counter() - start < seconds):
            code, size = self._pending.pop()
            self._rough.pop(self._face_key(code, size), None)
            self.face(code, size)
            done += 1
        if not self._pending:
            self._sources.clear()
            self._rough.clear()
        return done

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card at ``size`` in the current back style."""
        w, h = _check_size(size)
        key = (self.back_style, w, h, _display_ready())
        surf = self._backs.get(key)
        if surf is None:
            surf = _finish(_render_back(self.back_style, (w, h)))
            self._backs[key] = surf
        return surf

    def outline(self, size: tuple[int, int], colour: ColorLike) -> pygame.Surface:
        """A rounded-rectangle outline with a faint fill, marking an empty place.

        ``colour`` may carry alpha; the fill inside uses a sixth of it.
        """
        w, h = _check_size(size)
        c = pygame.Color(colour)
        key = (w, h, (c.r, c.g, c.b, c.a), _display_ready())
        surf = self._outlines.get(key)
        if surf is None:
            surf = _finish(_render_outline((w, h), c))
            self._outlines[key] = surf
        return surf

    def set_options(
        self, *, back_style: int | None = None, four_colour: bool | None = None
    ) -> None:
        """Change the back style and/or the four-colour option; this empties the cache."""
        if back_style is not None:
            self._check_back(back_style)
            self.back_style = back_style
        if four_colour is not None:
            self.four_colour = four_colour
        self.clear()

    def clear(self) -> None:
        """Forget every cached image (for instance after the card size changes)."""
        self._faces.clear()
        self._backs.clear()
        self._outlines.clear()
        self._sources.clear()
        self._rough.clear()
        self._pending.clear()
