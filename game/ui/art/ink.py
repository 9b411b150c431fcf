"""What every piece of card art shares: the inks, the paper, the fonts, the blank card
and the supersampling that keeps the drawings crisp.

Everything is drawn with pygame's shape primitives at a multiple of the requested size
and reduced once with ``smoothscale``; nothing is ever enlarged from a bitmap.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

import pygame

from game import paths
from game.engine.cards import DIAMONDS, HEARTS

from ...cache import BoundedCache, cached

#: A card's height divided by its width (a poker-size card is 63 x 88 mm).
CARD_ASPECT: Final[float] = 1.4

#: Where the bundled fonts live.
FONT_DIR: Final[Path] = paths.FONTS

#: The corner index's font (ranks only: suits are always drawn as shapes).
INDEX_FONT: Final = "DejaVuSansCondensed-Bold.ttf"

RGB = tuple[int, int, int]
Point = tuple[float, float]

PAPER: Final[RGB] = (253, 252, 247)
EDGE: Final[RGB] = (128, 128, 124)
RED: Final[RGB] = (204, 22, 38)
BLACK: Final[RGB] = (26, 26, 30)
GREEN: Final[RGB] = (12, 124, 52)
BLUE: Final[RGB] = (22, 72, 188)
GOLD: Final[RGB] = (232, 178, 36)
GOLD_DARK: Final[RGB] = (160, 112, 16)
SKIN: Final[RGB] = (250, 218, 186)
CREAM: Final[RGB] = (252, 245, 226)
OUTLINE: Final[RGB] = (30, 26, 24)
WHITE: Final[RGB] = (255, 255, 255)


def suit_colour(suit: int, four_colour: bool = False) -> RGB:
    """The ink colour of a suit: red or near-black, or green clubs / blue diamonds."""
    if four_colour:
        return (GREEN, BLACK, RED, BLUE)[suit]
    return RED if suit in (HEARTS, DIAMONDS) else BLACK


def card_size_for_width(width: int) -> tuple[int, int]:
    """The card size of that width with the standard aspect ratio ``CARD_ASPECT``."""
    return (width, round(width * CARD_ASPECT))


def tint(colour: RGB, amount: float) -> RGB:
    """``colour`` mixed towards white by ``amount`` (0 .. 1)."""
    r, g, b = colour
    return (
        round(r + (255 - r) * amount),
        round(g + (255 - g) * amount),
        round(b + (255 - b) * amount),
    )


def shade(colour: RGB, amount: float) -> RGB:
    """``colour`` mixed towards black by ``amount`` (0 .. 1)."""
    return (round(colour[0] * (1 - amount)), round(colour[1] * (1 - amount)),
            round(colour[2] * (1 - amount)))


# ---------------------------------------------------------------- fonts and text

#: the fonts loaded, by file name and pixel size
_FONTS: BoundedCache[tuple[str, int], pygame.font.Font] = BoundedCache(64)


def font(name: str, px: int) -> pygame.font.Font:
    """A bundled font at a pixel size, loaded once (and again after ``pygame.quit()``)."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (name, max(1, px))
    found = _FONTS.get(key)
    if found is not None:
        try:
            found.get_ascent()
        except pygame.error:  # the font module was shut down and started again
            _FONTS.clear()
            found = None
    if found is None:
        found = _FONTS.put(key, pygame.font.Font(str(FONT_DIR / name), key[1]))
    return found


@cached(8)
def _cap_ratio(name: str) -> float:
    """Cap height of a font as a fraction of its pixel size."""
    box = font(name, 200).render("H", True, (0, 0, 0)).get_bounding_rect()
    return box.height / 200


@cached(512)
def text_block(text: str, font_name: str, cap_px: int, colour: RGB) -> pygame.Surface:
    """Text whose capital letters are exactly ``cap_px`` tall, tightly spaced.

    Row 0 of the result is the cap line; glyphs that descend (the tail of Q) hang below
    ``cap_px``. Letters are placed one by one so "10" stays narrow. The surface is
    shared: callers must not draw on it.
    """
    f = font(font_name, round(cap_px / _cap_ratio(font_name)))
    ascent = f.get_ascent()
    gap = max(1, round(cap_px * 0.05))
    glyphs: list[tuple[pygame.Surface, int]] = []
    for ch in text:
        img = f.render(ch, True, colour)
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


def fitted_text(text: str, cap_px: int, box_w: int, box_h: int, colour: RGB) -> pygame.Surface:
    """Index text at ``cap_px`` fitted into ``box_w`` x ``box_h``: a wide "10" is drawn
    a little smaller and then narrowed, and a descending Q is kept inside the box."""
    img = text_block(text, INDEX_FONT, cap_px, colour)
    if img.get_width() > box_w:
        s = max(0.86, box_w / img.get_width())
        img = text_block(text, INDEX_FONT, max(3, round(cap_px * s)), colour)
    if img.get_width() > box_w or img.get_height() > box_h:
        img = pygame.transform.smoothscale(
            img, (min(img.get_width(), box_w), min(img.get_height(), box_h)))
    return img


# ---------------------------------------------------------------- surfaces


def display_ready() -> bool:
    """A display mode is set, so surfaces can be converted for fast blitting."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def finish(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Convert for fast blitting when a display mode exists; otherwise leave as is."""
    if display_ready():
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


def supersample(height: int) -> int:
    """How many times larger than the target to draw before smoothing down.

    Only powers of two: pygame's SSE smoothscale loses a little alpha and brightness
    when reducing by 3.
    """
    return 4 if height <= 320 else 2


def check_size(size: Sequence[int]) -> tuple[int, int]:
    """``size`` as two ints; ValueError when it is too small to draw a card on."""
    w, h = int(size[0]), int(size[1])
    if w < 8 or h < 8:
        raise ValueError(f"card size {size!r} is too small (at least 8x8)")
    return w, h


def card_radius(bw: int, k: int) -> int:
    """The corner radius of a card ``bw`` pixels wide drawn ``k`` times too big."""
    return max(2 * k, round(bw * 0.065))


def blank_card(bw: int, bh: int, k: int) -> pygame.Surface:
    """A white card with rounded corners and a thin grey edge, drawn ``k`` times too big
    (a new surface, to draw on)."""
    return _blank_card(bw, bh, k).copy()


@cached(1)
def _blank_card(bw: int, bh: int, k: int) -> pygame.Surface:
    """The blank card of one size, drawn once: every face of that size starts from it."""
    surf = pygame.Surface((bw, bh), pygame.SRCALPHA)
    surf.fill((*EDGE, 0))
    radius = card_radius(bw, k)
    edge = k if bw < 150 * k else round(1.4 * k)
    rect = surf.get_rect()
    pygame.draw.rect(surf, EDGE, rect, border_radius=radius)
    pygame.draw.rect(surf, PAPER, rect.inflate(-2 * edge, -2 * edge), border_radius=radius - edge)
    return surf


def rounded_mask(surf: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle covering ``surf`` transparent."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
