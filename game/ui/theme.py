"""Colours, fonts and the small widgets every scene shares (buttons, text)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from .. import paths
from .art import table_surface

FONT_DIR = paths.FONTS
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int]

#: the two palettes: every scene reads the colours below from this module when it
#: draws, and :func:`use` switches them all at once
NORMAL: dict[str, Any] = {
    "INK": (245, 242, 230),
    "INK_DIM": (190, 200, 190),
    "INK_OFF": (190, 200, 190),
    "GOLD": (236, 196, 84),
    "HIGHLIGHT": (255, 226, 120),
    "LEGAL": (120, 230, 140),
    "DANGER": (235, 100, 90),
    "WARN": (255, 170, 150),
    "PANEL": (16, 40, 28, 225),
    "PANEL_EDGE": (236, 196, 84),
    "DIALOG": (14, 44, 30, 245),
    "HUD": (10, 30, 20, 225),
    "BUTTON": (34, 78, 54),
    "BUTTON_HOVER": (48, 104, 72),
    "BUTTON_DOWN": (26, 60, 42),
    "BUTTON_DISABLED": (40, 56, 46),
    "BUTTON_EDGE": (90, 130, 100),
    "BUTTON_EDGE_OFF": (62, 84, 70),
    "SHADOW": (8, 24, 16),
    "FOCUS": (255, 214, 90),
    "EDGE": (70, 110, 84),
    "STRIP": (22, 58, 40),
    "STRIP_HOVER": (30, 72, 50),
    "STRIP_SELECTED": (40, 92, 62),
    "TRACK": (60, 80, 68),
    "FELT_INK": (200, 225, 205),
    "PLACE_EDGE": (235, 240, 225, 120),
    "TARGET": (120, 230, 140),
    "GLOW": (255, 214, 90),
    "PILL": (12, 40, 26),
    #: empty places' outline width and the focus ring's, in pixels per 100 px of card width
    "PLACE_LINE": 0.0,
    "FOCUS_LINE": 3,
    #: text on the table (HUD, labels, messages) is this much larger
    "TEXT_SCALE": 1.0,
}

HIGH_CONTRAST: dict[str, Any] = {
    "INK": (255, 255, 255),
    "INK_DIM": (230, 230, 230),
    "INK_OFF": (140, 140, 140),
    "GOLD": (255, 222, 0),
    "HIGHLIGHT": (255, 236, 64),
    "LEGAL": (90, 255, 120),
    "DANGER": (255, 120, 110),
    "WARN": (255, 190, 170),
    "PANEL": (0, 0, 0, 240),
    "PANEL_EDGE": (255, 255, 255),
    "DIALOG": (0, 0, 0, 252),
    "HUD": (0, 0, 0, 245),
    "BUTTON": (0, 0, 0),
    "BUTTON_HOVER": (40, 40, 72),
    "BUTTON_DOWN": (24, 24, 24),
    "BUTTON_DISABLED": (24, 24, 24),
    "BUTTON_EDGE": (255, 255, 255),
    "BUTTON_EDGE_OFF": (110, 110, 110),
    "SHADOW": (0, 0, 0),
    "FOCUS": (255, 230, 0),
    "EDGE": (220, 220, 220),
    "STRIP": (8, 8, 10),
    "STRIP_HOVER": (36, 36, 60),
    "STRIP_SELECTED": (30, 30, 64),
    "TRACK": (120, 120, 120),
    "FELT_INK": (255, 255, 255),
    "PLACE_EDGE": (255, 255, 255, 255),
    "TARGET": (0, 230, 255),
    "GLOW": (255, 230, 0),
    "PILL": (0, 0, 0),
    "PLACE_LINE": 4.0,
    "FOCUS_LINE": 5,
    "TEXT_SCALE": 1.15,
}

INK: Colour = NORMAL["INK"]
INK_DIM: Colour = NORMAL["INK_DIM"]
INK_OFF: Colour = NORMAL["INK_OFF"]
GOLD: Colour = NORMAL["GOLD"]
HIGHLIGHT: Colour = NORMAL["HIGHLIGHT"]
LEGAL: Colour = NORMAL["LEGAL"]
DANGER: Colour = NORMAL["DANGER"]
WARN: Colour = NORMAL["WARN"]
PANEL: tuple[int, int, int, int] = NORMAL["PANEL"]
PANEL_EDGE: Colour = NORMAL["PANEL_EDGE"]
DIALOG: tuple[int, int, int, int] = NORMAL["DIALOG"]
HUD: tuple[int, int, int, int] = NORMAL["HUD"]
BUTTON: Colour = NORMAL["BUTTON"]
BUTTON_HOVER: Colour = NORMAL["BUTTON_HOVER"]
BUTTON_DOWN: Colour = NORMAL["BUTTON_DOWN"]
BUTTON_DISABLED: Colour = NORMAL["BUTTON_DISABLED"]
BUTTON_EDGE: Colour = NORMAL["BUTTON_EDGE"]
BUTTON_EDGE_OFF: Colour = NORMAL["BUTTON_EDGE_OFF"]
SHADOW: Colour = NORMAL["SHADOW"]
FOCUS: Colour = NORMAL["FOCUS"]
EDGE: Colour = NORMAL["EDGE"]
STRIP: Colour = NORMAL["STRIP"]
STRIP_HOVER: Colour = NORMAL["STRIP_HOVER"]
STRIP_SELECTED: Colour = NORMAL["STRIP_SELECTED"]
TRACK: Colour = NORMAL["TRACK"]
FELT_INK: Colour = NORMAL["FELT_INK"]
PLACE_EDGE: tuple[int, int, int, int] = NORMAL["PLACE_EDGE"]
TARGET: Colour = NORMAL["TARGET"]
GLOW: Colour = NORMAL["GLOW"]
PILL: Colour = NORMAL["PILL"]
PLACE_LINE: float = NORMAL["PLACE_LINE"]
FOCUS_LINE: int = NORMAL["FOCUS_LINE"]
TEXT_SCALE: float = NORMAL["TEXT_SCALE"]
#: True while the high-contrast palette is in use
high_contrast = False


def use(high: bool) -> bool:
    """Switch every colour of this module to the high-contrast palette (or back).

    Scenes call it with ``app.settings.high_contrast`` before they draw, so a change in
    the options shows on the next frame; returns True when the palette changed.
    """
    global high_contrast
    high = bool(high)
    if high == high_contrast:
        return False
    high_contrast = high
    globals().update(HIGH_CONTRAST if high else NORMAL)
    return True


def scaled(px: int) -> int:
    """A table text size, larger in high contrast."""
    return round(px * TEXT_SCALE)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The background every scene draws first: green felt, or near-black in high contrast."""
    return table_surface(size, dark=high_contrast)


_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """A bundled DejaVu font at a pixel size, loaded once."""
    key = (BOLD if bold else REGULAR, max(6, int(px)))
    cached = _fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(str(FONT_DIR / key[0]), key[1])
        _fonts[key] = cached
    return cached


def text(surface: pygame.Surface, words: str, px: int, pos: tuple[float, float], *,
         colour: tuple[int, int, int] | None = None, bold: bool = False,
         anchor: str = "topleft") -> pygame.Rect:
    """Draw a line of text (in INK unless told); ``anchor`` is a pygame.Rect attribute
    name (``center``…)."""
    image = font(px, bold).render(words, True, INK if colour is None else colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, *, radius: int = 14,
          fill: tuple[int, int, int, int] | None = None,
          edge: tuple[int, int, int] | None = None) -> None:
    """A translucent rounded panel with a thin edge (PANEL and PANEL_EDGE unless told)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, PANEL if fill is None else fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, PANEL_EDGE if edge is None else edge, layer.get_rect(),
                     width=3 if high_contrast else 2, border_radius=radius)
    surface.blit(layer, rect)


@dataclass
class Button:
    """A clickable, focusable button with a label and an action."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    hover: bool = False
    pressed: bool = False
    focused: bool = False
    hint: str = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a mouse event; True when the button consumed it."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos) and self.enabled:
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos) and self.enabled:
                self.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        """Draw at ``self.rect`` with a label of ``px`` pixels."""
        if not self.enabled:
            colour = BUTTON_DISABLED
        elif self.pressed:
            colour = BUTTON_DOWN
        elif self.hover:
            colour = BUTTON_HOVER
        else:
            colour = BUTTON
        radius = max(4, self.rect.height // 4)
        shadow = self.rect.move(0, max(2, self.rect.height // 16))
        pygame.draw.rect(surface, SHADOW, shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        edge = FOCUS if self.focused else (GOLD if self.hover and self.enabled else
                                           BUTTON_EDGE if self.enabled else BUTTON_EDGE_OFF)
        thin = 2 if high_contrast else 1
        pygame.draw.rect(surface, edge, self.rect, width=FOCUS_LINE if self.focused else thin,
                         border_radius=radius)
        text(surface, self.label, px, self.rect.center, colour=INK if self.enabled else INK_OFF,
             bold=True, anchor="center")
