"""The four suit symbols as polygons and circles, never font glyphs.

Each suit is a set of polygons and circles in a unit box: centred on (0, 0), one unit
tall (y from -0.5 at the top to 0.5 at the bottom, y pointing down), and
``SUIT_WIDTH[suit]`` wide.
"""

from __future__ import annotations

import math
from typing import Final

import pygame
from pygame.typing import ColorLike

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES

from .ink import Point


class _Shape:
    """A suit symbol as filled polygons and circles in unit coordinates."""

    __slots__ = ("circles", "polys")

    def __init__(self, polys: list[list[Point]], circles: list[tuple[float, float, float]]):
        self.polys = polys
        self.circles = circles


def bezier(p0: Point, p1: Point, p2: Point, n: int) -> list[Point]:
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
    right = bezier((top_half, top_y), (top_half * 1.2, 0.42), (base_half, 0.5), n)
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
        dpts += bezier(a, mid, b, 8)
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
SUIT_WIDTH: Final[dict[int, float]] = {CLUBS: 0.92, SPADES: 0.92, HEARTS: 0.98, DIAMONDS: 0.78}


def shape_box(suit: int, center: Point, height: float) -> pygame.FRect:
    """The box a suit symbol of ``height`` centred on ``center`` fills."""
    w = height * SUIT_WIDTH[suit]
    return pygame.FRect(center[0] - w / 2, center[1] - height / 2, w, height)


def draw_shape(
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
    half_w = height * SUIT_WIDTH[suit] / 2 + 1
    half_h = height / 2 + 1
    x0 = math.floor(center[0] - half_w)
    y0 = math.floor(center[1] - half_h)
    w = math.ceil(center[0] + half_w) - x0 + 1
    h = math.ceil(center[1] + half_h) - y0 + 1
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill((col.r, col.g, col.b, 0))
    draw_shape(big, suit, ((center[0] - x0) * k, (center[1] - y0) * k), height * k, col,
               flip=upside_down)
    small = pygame.transform.smoothscale(big, (w, h))
    surface.blit(small, (x0, y0))
