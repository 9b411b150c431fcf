"""Small drawn marks that more than one screen shows: the stars a level earned and the
padlock of a locked one (the levels screen, the dialog of a level won)."""

from __future__ import annotations

import math

import pygame

from .theme import Palette

#: the colour of an earned star (a hollow outline stands for one not earned)
STAR_GOLD = (250, 204, 64)


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star standing on two points."""
    inner = radius * 0.45
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return points


def draw_stars(surface: pygame.Surface, rect: pygame.Rect, earned: int, palette: Palette,
               total: int = 3) -> None:
    """A row of ``total`` stars centred in ``rect``: the first ``earned`` filled gold with a
    dark edge, the others hollow outlines, so the count reads without colour."""
    size = min(rect.height, rect.width // max(1, total))
    radius = size * 0.46
    edge = max(1, round(size / 14))
    x0 = rect.centerx - size * total / 2
    for i in range(total):
        centre = (x0 + size * (i + 0.5), rect.centery + size * 0.04)
        points = star_points(centre, radius)
        if i < earned:
            pygame.draw.polygon(surface, STAR_GOLD, points)
            pygame.draw.polygon(surface, (60, 40, 0), points, edge)
        else:
            pygame.draw.polygon(surface, palette.ink_dim, points, max(1, edge))


def draw_padlock(surface: pygame.Surface, centre: tuple[int, int], size: int,
                 colour: tuple[int, int, int], palette: Palette) -> None:
    """A closed padlock about ``size`` pixels tall."""
    body = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.55))
    body.midbottom = (centre[0], centre[1] + size // 2)
    shackle = pygame.Rect(0, 0, round(size * 0.54), round(size * 0.75))
    shackle.midtop = (centre[0], centre[1] - size // 2)
    pygame.draw.rect(surface, colour, shackle, width=max(2, size // 9),
                     border_radius=shackle.width // 2)
    pygame.draw.rect(surface, colour, body, border_radius=max(2, size // 10))
    hole = pygame.Rect(0, 0, max(2, size // 8), max(3, size // 5))
    hole.center = body.center
    pygame.draw.rect(surface, palette.strip, hole, border_radius=hole.width // 2)
