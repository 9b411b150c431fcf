"""The table: green felt with a fine texture and darker edges (or near-black cloth)."""

from __future__ import annotations

import random
from typing import Final

import pygame

from ...cache import BoundedCache, cached
from .ink import RGB, display_ready, finish

#: the felts of the last few sizes
_TABLE_CACHE: BoundedCache[tuple[int, int, bool, bool], pygame.Surface] = BoundedCache(4)
_FELT: Final[RGB] = (28, 106, 58)
#: the high-contrast table: near-black, so white outlines and yellow marks stand out
_FELT_DARK: Final[RGB] = (14, 16, 18)


@cached(1)
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
    key = (w, h, display_ready(), dark)
    kept = _TABLE_CACHE.get(key)
    if kept is not None:
        return kept
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

    surf = finish(surf, alpha=False)
    return _TABLE_CACHE.put(key, surf)

