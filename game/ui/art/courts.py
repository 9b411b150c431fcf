"""The court cards' portraits: a King, a Queen and a Jack for each suit.

Like the courts of a real pack, every one of the twelve differs: the figure's robe is in
its suit's ink with a second colour of its own per suit, it carries its suit as an
emblem on the chest, holds its own attribute (the King of Clubs an orb, the Jack of
Spades a halberd...) and has its own hair. The standard face shows the figure double
ended, cut at the waist and turned; the large-index face shows the bust once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES

from ...cache import cached
from .ink import (
    BLUE,
    CREAM,
    GOLD,
    GOLD_DARK,
    OUTLINE,
    PAPER,
    RED,
    RGB,
    SKIN,
    WHITE,
    Point,
    shade,
    tint,
)
from .shapes import bezier, draw_shape

_YELLOW: RGB = (240, 192, 40)
_GREEN: RGB = (36, 132, 64)
_ROYAL: RGB = (40, 84, 190)
_STEEL: RGB = (206, 210, 220)
_WOOD: RGB = (130, 84, 40)
_LEAF: RGB = (52, 140, 60)
_HAIR = {"white": (238, 238, 234), "grey": (150, 150, 154), "brown": (120, 72, 32),
         "ginger": (204, 110, 40), "blonde": (244, 200, 64), "black": (44, 40, 40),
         "auburn": (150, 52, 30)}


@dataclass(frozen=True)
class CourtStyle:
    """How one court card is dressed: the robe (its suit's ink), a second colour for
    the front panel and the headwear, the hair, and the attribute it holds."""

    rank: int
    suit: int
    robe: RGB
    panel: RGB
    hair: RGB
    item: str


#: The second colour of each suit's courts, chosen so that the two black suits and the
#: two red suits differ at a glance (and never equal the suit's own ink).
_PANEL = {CLUBS: RED, SPADES: _ROYAL, HEARTS: _YELLOW, DIAMONDS: _GREEN}

#: What each court holds.
ITEMS = {
    (KING, CLUBS): "orb", (KING, SPADES): "sword", (KING, HEARTS): "sceptre",
    (KING, DIAMONDS): "axe",
    (QUEEN, CLUBS): "tulip", (QUEEN, SPADES): "sceptre", (QUEEN, HEARTS): "rose",
    (QUEEN, DIAMONDS): "fan",
    (JACK, CLUBS): "arrow", (JACK, SPADES): "halberd", (JACK, HEARTS): "leaf",
    (JACK, DIAMONDS): "lance",
}

_HAIRS = {
    (KING, CLUBS): "brown", (KING, SPADES): "white", (KING, HEARTS): "ginger",
    (KING, DIAMONDS): "grey",
    (QUEEN, CLUBS): "auburn", (QUEEN, SPADES): "black", (QUEEN, HEARTS): "blonde",
    (QUEEN, DIAMONDS): "brown",
    (JACK, CLUBS): "black", (JACK, SPADES): "blonde", (JACK, HEARTS): "brown",
    (JACK, DIAMONDS): "ginger",
}


def court_style(rank: int, suit: int, ink: RGB) -> CourtStyle:
    """The dress of the court of ``rank`` and ``suit`` printed in ``ink``."""
    panel = _PANEL[suit]
    if panel == ink:  # four-colour inks: keep the panel apart from the robe
        panel = _YELLOW
    return CourtStyle(rank, suit, ink, panel, _HAIR[_HAIRS[rank, suit]], ITEMS[rank, suit])


class _Pen:
    """Draws a figure using fractions of its box's width (x) and height (y).

    The box is the figure's own, with the proportions it is drawn for; ``left`` and
    ``right`` say how far the panel around it reaches (at most 0 and at least 1), for
    the robe's hem and the attribute held at the side.
    """

    __slots__ = ("h", "left", "lw", "right", "surf", "w", "x0", "y0")

    def __init__(self, surf: pygame.Surface, panel: pygame.Rect, lw: float) -> None:
        self.surf = surf
        self.h = float(panel.height)
        self.w = min(float(panel.width), 1.0 * self.h)
        self.x0 = panel.x + (panel.width - self.w) / 2
        self.y0 = float(panel.y)
        self.left = (panel.x - self.x0) / self.w
        self.right = (panel.right - self.x0) / self.w
        self.lw = max(1, round(lw))

    def pt(self, x: float, y: float) -> Point:
        """The pixel at fractions (x, y) of the panel."""
        return (self.x0 + x * self.w, self.y0 + y * self.h)

    def poly(self, colour: RGB, pts: Sequence[Point], outline: bool = True) -> None:
        """A filled polygon, outlined in dark ink unless ``outline`` is False."""
        scaled = [self.pt(x, y) for x, y in pts]
        pygame.draw.polygon(self.surf, colour, scaled)
        if outline:
            pygame.draw.polygon(self.surf, OUTLINE, scaled, self.lw)

    def ellipse(self, colour: RGB, box: tuple[float, float, float, float],
                outline: bool = True) -> None:
        """A filled ellipse in the box (x0, y0, x1, y1)."""
        x0, y0, x1, y1 = box
        a, b = self.pt(x0, y0), self.pt(x1, y1)
        rect = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
        pygame.draw.ellipse(self.surf, colour, rect)
        if outline:
            pygame.draw.ellipse(self.surf, OUTLINE, rect, self.lw)

    def circle(self, colour: RGB, x: float, y: float, r: float, outline: bool = True) -> None:
        """A circle of radius ``r`` (a fraction of the width) at (x, y)."""
        pygame.draw.circle(self.surf, colour, self.pt(x, y), r * self.w)
        if outline:
            pygame.draw.circle(self.surf, OUTLINE, self.pt(x, y), r * self.w,
                               max(1, self.lw * 3 // 4))

    def line(self, colour: RGB, a: Point, b: Point, width: float = 1.0) -> None:
        """A straight line ``width`` pen widths thick."""
        pygame.draw.line(self.surf, colour, self.pt(*a), self.pt(*b),
                         max(1, round(self.lw * width)))

    def lines(self, colour: RGB, pts: Sequence[Point], width: float = 1.0) -> None:
        """An open polyline ``width`` pen widths thick."""
        pygame.draw.lines(self.surf, colour, False, [self.pt(x, y) for x, y in pts],
                          max(1, round(self.lw * width)))

    def rod(self, colour: RGB, x: float, y0: float, y1: float, half: float) -> None:
        """An upright outlined bar ``2 * half`` wide from y0 down to y1."""
        self.poly(colour, [(x - half, y0), (x + half, y0), (x + half, y1), (x - half, y1)])

    def suit(self, suit: int, x: float, y: float, height: float, colour: RGB) -> None:
        """A suit symbol ``height`` (a fraction of the width) tall centred on (x, y)."""
        draw_shape(self.surf, suit, self.pt(x, y), height * self.w, colour)

    def aspect(self) -> float:
        """Height / width of the panel: turns a length across into one downwards."""
        return self.w / self.h


# ---------------------------------------------------------------- what they hold


def _orb(p: _Pen, s: CourtStyle, x: float) -> None:
    y = 0.68
    p.rod(GOLD, x, y - 0.2, y - 0.07, 0.014)
    p.rod(GOLD, x, y - 0.165, y - 0.14, 0.05)
    p.circle(GOLD, x, y, 0.09)
    p.line(GOLD_DARK, (x - 0.09, y), (x + 0.09, y), 1.5)
    p.line(GOLD_DARK, (x, y - 0.09 * p.aspect()), (x, y), 1.5)
    p.circle(s.panel, x - 0.035, y + 0.04, 0.02, outline=False)


def _sword(p: _Pen, s: CourtStyle, x: float) -> None:
    p.poly(_STEEL, [(x - 0.025, 0.66), (x - 0.025, 0.12), (x, 0.05), (x + 0.025, 0.12),
                    (x + 0.025, 0.66)])
    p.line(shade(_STEEL, 0.3), (x, 0.12), (x, 0.64))
    p.rod(GOLD, x, 0.66, 0.69, 0.08)
    p.rod(s.panel, x, 0.69, 0.86, 0.018)
    p.circle(GOLD, x, 0.88, 0.028)


def _sceptre(p: _Pen, s: CourtStyle, x: float) -> None:
    p.rod(GOLD, x, 0.22, 0.94, 0.018)
    p.rod(GOLD_DARK, x, 0.5, 0.53, 0.03)
    p.circle(GOLD, x, 0.2, 0.06)
    p.suit(s.suit, x, 0.2 - 0.005, 0.085, s.robe)
    p.circle(WHITE, x, 0.2 - 0.06 * p.aspect() - 0.02, 0.02)


def _axe(p: _Pen, s: CourtStyle, x: float) -> None:
    p.rod(_WOOD, x, 0.12, 0.95, 0.016)
    p.poly(_STEEL, [(x + 0.016, 0.16), (x + 0.12, 0.08), (x + 0.14, 0.2), (x + 0.12, 0.33),
                    (x + 0.016, 0.26)])
    p.poly(_STEEL, [(x - 0.016, 0.17), (x - 0.07, 0.2), (x - 0.016, 0.24)])
    p.poly(GOLD, [(x - 0.02, 0.08), (x, 0.02), (x + 0.02, 0.08)])


def _tulip(p: _Pen, s: CourtStyle, x: float) -> None:
    p.line(_LEAF, (x, 0.84), (x, 0.3), 1.6)
    p.poly(_LEAF, [(x, 0.6), (x + 0.1, 0.48), (x + 0.11, 0.52), (x + 0.01, 0.64)])
    p.poly(_LEAF, [(x, 0.5), (x - 0.09, 0.4), (x - 0.1, 0.44), (x - 0.01, 0.55)])
    p.poly(s.panel, [(x - 0.065, 0.18), (x - 0.03, 0.23), (x, 0.16), (x + 0.03, 0.23),
                     (x + 0.065, 0.18), (x + 0.06, 0.29), (x, 0.33), (x - 0.06, 0.29)])


def _rose(p: _Pen, s: CourtStyle, x: float) -> None:
    p.line((40, 120, 50), (x, 0.84), (x, 0.3), 1.6)
    p.poly(_LEAF, [(x, 0.55), (x + 0.09, 0.47), (x + 0.12, 0.5), (x + 0.01, 0.58)])
    for i in range(5):
        a = 2 * math.pi * i / 5 - math.pi / 2
        p.circle(RED, x + math.cos(a) * 0.05, 0.25 + math.sin(a) * 0.05 * p.aspect(), 0.042)
    p.circle(GOLD, x, 0.25, 0.03)


def _fan(p: _Pen, s: CourtStyle, x: float) -> None:
    cx, cy = x + 0.02, 0.5
    r = 0.16
    ribs = 7
    pts = [(cx, cy)]
    for i in range(ribs + 1):
        a = math.pi * (1.1 + 0.8 * i / ribs)
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r * p.aspect()))
    p.poly(s.panel, pts)
    for i in range(ribs + 1):
        a = math.pi * (1.1 + 0.8 * i / ribs)
        p.line(OUTLINE, (cx, cy), (cx + math.cos(a) * r, cy + math.sin(a) * r * p.aspect()))
    p.rod(_WOOD, cx, cy, 0.8, 0.014)


def _arrow(p: _Pen, s: CourtStyle, x: float) -> None:
    p.rod(_WOOD, x, 0.16, 0.95, 0.012)
    p.poly(_STEEL, [(x, 0.05), (x + 0.05, 0.17), (x - 0.05, 0.17)])
    for dy in (0.0, 0.05):
        p.poly(WHITE, [(x, 0.84 + dy), (x + 0.05, 0.8 + dy), (x + 0.05, 0.86 + dy),
                       (x, 0.9 + dy)])
        p.poly(WHITE, [(x, 0.84 + dy), (x - 0.05, 0.8 + dy), (x - 0.05, 0.86 + dy),
                       (x, 0.9 + dy)])


def _halberd(p: _Pen, s: CourtStyle, x: float) -> None:
    p.rod(_WOOD, x, 0.34, 0.95, 0.0175)
    p.poly(_STEEL, [(x + 0.0175, 0.38), (x + 0.13, 0.33), (x + 0.155, 0.46),
                    (x + 0.13, 0.58), (x + 0.0175, 0.52)])
    p.poly(_STEEL, [(x - 0.0175, 0.4), (x - 0.1, 0.44), (x - 0.0175, 0.49)])
    p.poly(_STEEL, [(x - 0.0275, 0.35), (x, 0.22), (x + 0.0275, 0.35)])


def _leaf(p: _Pen, s: CourtStyle, x: float) -> None:
    p.line(_WOOD, (x, 0.95), (x, 0.3), 1.4)
    p.poly(_LEAF, [(x, 0.08), (x + 0.07, 0.2), (x + 0.075, 0.36), (x, 0.5), (x - 0.075, 0.36),
                   (x - 0.07, 0.2)])
    p.line(shade(_LEAF, 0.4), (x, 0.12), (x, 0.48))


def _lance(p: _Pen, s: CourtStyle, x: float) -> None:
    p.rod(_WOOD, x, 0.14, 0.95, 0.014)
    p.poly(_STEEL, [(x, 0.03), (x + 0.03, 0.14), (x - 0.03, 0.14)])
    p.poly(s.panel, [(x - 0.014, 0.17), (x - 0.2, 0.22), (x - 0.014, 0.29)])
    p.suit(s.suit, x - 0.07, 0.225, 0.05, WHITE)


_ITEM_DRAW: dict[str, Callable[[_Pen, CourtStyle, float], None]] = {
    "orb": _orb, "sword": _sword, "sceptre": _sceptre, "axe": _axe, "tulip": _tulip,
    "rose": _rose, "fan": _fan, "arrow": _arrow, "halberd": _halberd, "leaf": _leaf,
    "lance": _lance,
}


# ---------------------------------------------------------------- the figure


def _inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``point`` lies inside ``polygon`` (even-odd rule)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _hair_back(p: _Pen, s: CourtStyle) -> None:
    """The hair behind the head (and the King's beard is drawn with the face)."""
    if s.rank == KING:
        p.poly(s.hair, [(0.28, 0.36), (0.33, 0.24), (0.67, 0.24), (0.72, 0.36), (0.74, 0.58),
                        (0.26, 0.58)])
    elif s.rank == QUEEN:
        p.poly(s.hair, [(0.27, 0.40), (0.33, 0.22), (0.67, 0.22), (0.73, 0.40), (0.79, 0.74),
                        (0.21, 0.74)])
    else:
        p.poly(s.hair, [(0.29, 0.36), (0.34, 0.22), (0.66, 0.22), (0.71, 0.36), (0.72, 0.54),
                        (0.28, 0.54)])


def _both(curve: list[Point]) -> list[Point]:
    """A curve over the left shoulder, then its mirror image over the right."""
    return curve + [(1 - x, y) for x, y in reversed(curve)]


@cached(32)
def _lozenges(left: float) -> tuple[Point, ...]:
    """Where the cape's pattern goes when the panel reaches ``left``: a staggered grid
    inside the cape, below its border, beside the front panel."""
    inner = bezier((left, 0.96), (0.08, 0.7), (0.36, 0.665), 12)
    below = [(left, 1.0), *_both(inner), (1 - left, 1.0)]
    spots = []
    for row in range(8):
        y = 0.7 + row * 0.045
        shift = 0.035 if row % 2 else 0.0
        for col in range(-12, 26):
            x = col * 0.07 + shift
            if abs(x - 0.5) > 0.25 and _inside((x, y - 0.02), below) and _inside((x, y + 0.02), below):
                spots.append((x, y))
    return tuple(spots)


def _robe(p: _Pen, s: CourtStyle) -> None:
    """Shoulders down to the waist: a cape in the suit's ink with a border in the suit's
    second colour, a front panel in that colour, gold trim, and the suit as an emblem
    on the chest."""
    left, right = min(0.0, p.left), max(1.0, p.right)
    robe = [(left, 1.0), *_both(bezier((left, 0.9), (0.02, 0.62), (0.36, 0.6), 12)), (right, 1.0)]
    p.poly(s.robe, robe)
    inner = bezier((left, 0.96), (0.08, 0.7), (0.36, 0.665), 12)
    # A woven pattern of small lozenges on the cape, below its border.
    cloth = tint(s.robe, 0.3)
    for x, y in _lozenges(round(left, 3)):
        p.poly(cloth, [(x, y - 0.016), (x + 0.013, y), (x, y + 0.016), (x - 0.013, y)],
               outline=False)
    outer = bezier((left, 0.9), (0.03, 0.64), (0.36, 0.61), 12)
    for curve_a, curve_b in ((outer, inner),):
        band = curve_a + list(reversed(curve_b))
        p.poly(s.panel, band)
        p.poly(s.panel, [(1 - x, y) for x, y in band])
    for curve in (inner, [(1 - x, y) for x, y in inner]):
        p.lines(GOLD, curve, 2.0)
    for i in range(1, 6):  # studs along the border
        x, y = outer[i * 2]
        x2, y2 = inner[i * 2]
        p.circle(GOLD, (x + x2) / 2, (y + y2) / 2, 0.014, outline=False)
        p.circle(GOLD, 1 - (x + x2) / 2, (y + y2) / 2, 0.014, outline=False)
    p.poly(s.panel, [(0.36, 0.61), (0.64, 0.61), (0.70, 1.0), (0.30, 1.0)])
    for i in range(5):  # a row of gold studs down each edge of the panel
        y = 0.66 + i * 0.08
        p.circle(GOLD, 0.37 - (y - 0.61) * 0.15, y, 0.016, outline=False)
        p.circle(GOLD, 0.63 + (y - 0.61) * 0.15, y, 0.016, outline=False)
    p.circle(WHITE, 0.5, 0.845, 0.085)
    p.circle(GOLD, 0.5, 0.845, 0.085, outline=False)
    p.circle(WHITE, 0.5, 0.845, 0.07, outline=False)
    p.suit(s.suit, 0.5, 0.845, 0.1, s.robe)


def _collar(p: _Pen, s: CourtStyle) -> None:
    if s.rank == KING:  # ermine
        p.poly(WHITE, [(0.16, 0.67), (0.36, 0.58), (0.64, 0.58), (0.84, 0.67), (0.76, 0.75),
                       (0.60, 0.69), (0.40, 0.69), (0.24, 0.75)])
        for ex, ey in ((0.26, 0.68), (0.38, 0.64), (0.5, 0.645), (0.62, 0.64), (0.74, 0.68)):
            p.poly(OUTLINE, [(ex, ey - 0.015), (ex + 0.012, ey + 0.02), (ex - 0.012, ey + 0.02)],
                   outline=False)
    elif s.rank == QUEEN:  # a low neckline and pearls
        p.poly(SKIN, [(0.38, 0.60), (0.62, 0.60), (0.59, 0.68), (0.41, 0.68)])
        for i in range(7):
            t = i / 6
            p.circle(WHITE, 0.405 + 0.19 * t, 0.655 + 0.03 * math.sin(math.pi * t), 0.018)
    else:
        p.poly(GOLD, [(0.33, 0.605), (0.67, 0.605), (0.60, 0.68), (0.40, 0.68)])


def _head(p: _Pen, s: CourtStyle) -> None:
    p.poly(SKIN, [(0.44, 0.50), (0.56, 0.50), (0.57, 0.61), (0.43, 0.61)])
    hx, hy, hr = 0.5, 0.40, 0.175
    p.circle(SKIN, hx, hy, hr)
    ry = hr * p.aspect()  # the head's radius as a fraction of the height
    eye_y = hy - ry * 0.08
    brow = shade(s.hair, 0.3) if s.hair != _HAIR["white"] else (120, 120, 120)
    for ex in (-0.065, 0.065):
        p.circle(OUTLINE, hx + ex, eye_y, 0.019, outline=False)
        p.line(brow, (hx + ex - 0.035, eye_y - 0.045), (hx + ex + 0.035, eye_y - 0.05))
    p.line((196, 128, 104), (hx, eye_y + 0.01), (hx + 0.018, eye_y + 0.07))
    if s.rank == KING:
        beard = [(0.33, 0.40), (0.38, 0.49), (0.45, 0.52), (0.55, 0.52), (0.62, 0.49),
                 (0.67, 0.40), (0.70, 0.52), (0.61, 0.64), (0.5, 0.69), (0.39, 0.64), (0.30, 0.52)]
        p.poly(s.hair, beard)
        p.poly(s.hair, [(0.40, 0.485), (0.5, 0.46), (0.60, 0.485), (0.57, 0.505),
                        (0.5, 0.49), (0.43, 0.505)])
        return
    p.ellipse((204, 40, 52), (0.465, 0.475, 0.535, 0.50), outline=False)
    for ex in (-0.1, 0.1):
        p.circle(tint((230, 120, 110), 0.35), hx + ex, hy + ry * 0.32, 0.03, outline=False)
    if s.rank == QUEEN:  # hair over the forehead
        p.poly(s.hair, [(0.33, 0.36), (0.36, 0.27), (0.5, 0.24), (0.64, 0.27), (0.67, 0.36),
                        (0.58, 0.30), (0.42, 0.30)], outline=False)
    else:
        p.poly(s.hair, [(0.33, 0.36), (0.35, 0.27), (0.5, 0.25), (0.65, 0.27), (0.67, 0.36),
                        (0.6, 0.31), (0.5, 0.33), (0.4, 0.31)], outline=False)


def _headwear(p: _Pen, s: CourtStyle) -> None:
    if s.rank == KING:
        p.poly(GOLD, [(0.32, 0.29), (0.30, 0.11), (0.39, 0.19), (0.44, 0.06), (0.5, 0.17),
                      (0.56, 0.06), (0.61, 0.19), (0.70, 0.11), (0.68, 0.29)])
        p.poly(GOLD_DARK, [(0.32, 0.245), (0.68, 0.245), (0.68, 0.29), (0.32, 0.29)])
        for jx in (0.38, 0.5, 0.62):
            p.circle(s.panel if jx == 0.5 else RED if s.panel != RED else BLUE, jx, 0.268, 0.026)
        for bx, by in ((0.30, 0.11), (0.44, 0.06), (0.56, 0.06), (0.70, 0.11)):
            p.circle(WHITE, bx, by, 0.022)
    elif s.rank == QUEEN:
        p.poly(GOLD, [(0.35, 0.26), (0.38, 0.17), (0.44, 0.21), (0.5, 0.11), (0.56, 0.21),
                      (0.62, 0.17), (0.65, 0.26)])
        for bx, by in ((0.38, 0.165), (0.5, 0.105), (0.62, 0.165)):
            p.circle(WHITE, bx, by, 0.026)
        p.circle(s.panel, 0.5, 0.225, 0.026)
    else:  # a soft cap in the suit's second colour, with a feather
        p.poly(WHITE, [(0.38, 0.20), (0.30, 0.09), (0.18, 0.01), (0.08, 0.0), (0.14, 0.06),
                       (0.20, 0.15), (0.32, 0.24)])
        p.line(OUTLINE, (0.35, 0.21), (0.12, 0.03))
        p.ellipse(s.panel, (0.29, 0.12, 0.71, 0.28))
        p.poly(GOLD, [(0.31, 0.225), (0.69, 0.225), (0.68, 0.27), (0.32, 0.27)])
        p.circle(s.robe, 0.5, 0.247, 0.024)


def _figure(p: _Pen, s: CourtStyle) -> None:
    """The figure from the crown to the waist, filling the pen's panel."""
    _hair_back(p, s)
    _robe(p, s)
    _collar(p, s)
    _head(p, s)
    _headwear(p, s)
    # The attribute is held at the right: the top-left corner of a standard face's
    # portrait is cut away for the index.
    x = min(max(0.83, (1 + p.right) / 2), p.right - 0.16)
    _ITEM_DRAW[s.item](p, s, x)
    # The arm: a sleeve from the shoulder down to the hand, with a gold cuff.
    p.poly(s.panel, [(0.74, 0.63), (0.86, 0.66), (x + 0.07, 0.8), (x + 0.05, 0.87),
                     (x - 0.06, 0.86), (0.8, 0.76), (0.7, 0.7)])
    p.line(GOLD, (0.78, 0.67), (x - 0.005, 0.83), 1.6)
    p.ellipse(GOLD, (x - 0.075, 0.83, x + 0.075, 0.885))
    p.circle(SKIN, x, 0.80, 0.05)


def _frame_outline(frame: pygame.Rect, notch: pygame.Rect | None, inset: float) -> list[Point]:
    """The frame's outline ``inset`` pixels inside it: a rectangle, or with the notch's
    corner cut from the top left and, turned, from the bottom right."""
    x0, y0 = frame.x + inset, frame.y + inset
    x1, y1 = frame.right - 1 - inset, frame.bottom - 1 - inset
    if notch is None:
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    nx, ny = notch.right - 1 + inset, notch.bottom - 1 + inset
    mx, my = frame.right - 1 - (nx - frame.x), frame.bottom - 1 - (ny - frame.y)
    return [(nx, y0), (x1, y0), (x1, my), (mx, my), (mx, y1), (x0, y1), (x0, ny), (nx, ny)]


def draw_portrait(surf: pygame.Surface, frame: pygame.Rect, style: CourtStyle, lw: float,
                  *, double: bool, notch: pygame.Rect | None = None) -> None:
    """The court's portrait in ``frame`` of ``surf`` with a line of ``lw`` pixels: the
    figure to the waist and, turned below it, again (``double``), or once (the bust).
    ``notch`` is the corner cut away for the index (and, turned, its opposite)."""
    height = frame.height // 2 if double else frame.height
    half = pygame.Surface((frame.width, height))
    half.fill(CREAM)
    hatch = tint(style.panel, 0.8)
    step = max(4, round(frame.width / 9))
    for x in range(-height, frame.width + height, step):
        pygame.draw.line(half, hatch, (x, 0), (x + height, height), max(1, round(lw * 0.6)))
    _figure(_Pen(half, half.get_rect(), lw * 0.7), style)
    surf.fill(CREAM, frame)
    surf.blit(half, frame.topleft)
    if double:
        surf.blit(pygame.transform.flip(half, True, True), (frame.x, frame.bottom - height))
        mid = frame.y + height
        pygame.draw.line(surf, style.robe, (frame.x, mid), (frame.right - 1, mid), max(1, round(lw)))
    if notch is not None:
        surf.fill(PAPER, notch)
        surf.fill(PAPER, pygame.Rect(frame.right + frame.x - notch.right,
                                     frame.bottom + frame.y - notch.bottom, notch.width, notch.height))
    line = max(1, round(lw * 1.4))
    pygame.draw.polygon(surf, style.robe, _frame_outline(frame, notch, 0), line)
    pygame.draw.polygon(surf, GOLD, _frame_outline(frame, notch, line + round(lw * 1.2)),
                        max(1, round(lw * 0.9)))
