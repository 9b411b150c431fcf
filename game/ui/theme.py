"""Colours, fonts and the small widgets every scene shares (buttons, text)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

INK = (245, 242, 230)
INK_DIM = (190, 200, 190)
GOLD = (236, 196, 84)
HIGHLIGHT = (255, 226, 120)
LEGAL = (120, 230, 140)
DANGER = (235, 100, 90)
PANEL = (16, 40, 28, 225)
PANEL_EDGE = (236, 196, 84)
BUTTON = (34, 78, 54)
BUTTON_HOVER = (48, 104, 72)
BUTTON_DOWN = (26, 60, 42)
BUTTON_DISABLED = (40, 56, 46)
FOCUS = (255, 214, 90)

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
         colour: tuple[int, int, int] = INK, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw a line of text; ``anchor`` is a pygame.Rect attribute name (``center``…)."""
    image = font(px, bold).render(words, True, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, *, radius: int = 14,
          fill: tuple[int, int, int, int] = PANEL, edge: tuple[int, int, int] = PANEL_EDGE) -> None:
    """A translucent rounded panel with a thin gold edge (dialogs, HUD)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, edge, layer.get_rect(), width=2, border_radius=radius)
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
        pygame.draw.rect(surface, (8, 24, 16), shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        edge = FOCUS if self.focused else (GOLD if self.hover and self.enabled else (90, 130, 100))
        pygame.draw.rect(surface, edge, self.rect, width=3 if self.focused else 1, border_radius=radius)
        text(surface, self.label, px, self.rect.center, colour=INK if self.enabled else INK_DIM,
             bold=True, anchor="center")
