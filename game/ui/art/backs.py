"""Card backs (a blue lattice and a red pattern with rings) and empty-place outlines."""

from __future__ import annotations

import math
from typing import Final

import pygame

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES

from .ink import RGB, blank_card, card_radius, rounded_mask, supersample
from .shapes import draw_shape

#: How many back designs there are (``back_style`` runs 0 .. BACK_STYLES - 1).
BACK_STYLES: Final[int] = 2


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


def render_back(style: int, size: tuple[int, int]) -> pygame.Surface:
    """The back of a card at ``size`` in design ``style`` (0 blue lattice, 1 red rings)."""
    w, h = size
    k = supersample(h)
    bw, bh = w * k, h * k
    surf = blank_card(bw, bh, k)
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
        draw_shape(panel, s, (cx + math.cos(a) * rx * 0.5, cy + math.sin(a) * ry * 0.5),
                   u * 0.11, trim, flip=i == 2)
    rounded_mask(panel, round(u * 0.04))
    surf.blit(panel, (margin, margin))
    pygame.draw.rect(surf, dark, pygame.Rect(margin, margin, *pr.size),
                     max(1, line // 2), border_radius=round(u * 0.04))
    return pygame.transform.smoothscale(surf, (w, h))


# ---------------------------------------------------------------- outlines


def render_outline(size: tuple[int, int], colour: pygame.Color) -> pygame.Surface:
    """A rounded outline of a card at ``size`` in ``colour``, filled with a sixth of its alpha."""
    w, h = size
    k = supersample(h)
    bw, bh = w * k, h * k
    surf = pygame.Surface((bw, bh), pygame.SRCALPHA)
    surf.fill((colour.r, colour.g, colour.b, 0))
    radius = card_radius(bw, k)
    line = max(round(1.5 * k), round(bw * 0.02))
    rect = surf.get_rect()
    fill = pygame.Color(colour.r, colour.g, colour.b, colour.a // 6)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, colour, rect, line, border_radius=radius)
    return pygame.transform.smoothscale(surf, (w, h))

