"""The palette, the fonts and the small pieces every scene draws with (text, panels,
buttons)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .. import paths
from .art import table_surface
from .art.ink import font as art_font

FONT_DIR = paths.FONTS
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Palette:
    """The colours every screen draws with, and the few sizes that go with them.

    The :class:`~game.ui.app.App` holds one, :data:`NORMAL` or :data:`HIGH_CONTRAST` as
    the option asks; scenes read it from the app as they draw, and the app replaces it
    (and has every scene draw afresh) when the option changes.
    """

    #: the high-contrast palette: a near-black table, thick white outlines, larger text
    high_contrast: bool
    #: text and marks
    ink: Colour
    #: text that matters less
    ink_dim: Colour
    #: the text of what is switched off
    ink_off: Colour
    #: headings and the chosen
    gold: Colour
    #: what changes (points, the hovered game number)
    highlight: Colour
    #: a game won
    legal: Colour
    #: a game lost, a damaged file
    danger: Colour
    #: warnings
    warn: Colour
    #: panels
    panel: RGBA
    #: a panel's edge
    panel_edge: Colour
    #: a dialog's panel
    dialog: RGBA
    #: the table's bar
    hud: RGBA
    #: a button
    button: Colour
    #: a button under the pointer
    button_hover: Colour
    #: a button pressed
    button_down: Colour
    #: a button switched off
    button_disabled: Colour
    #: a button's edge
    button_edge: Colour
    #: the edge of a button switched off
    button_edge_off: Colour
    #: shadows
    shadow: Colour
    #: the keyboard focus
    focus: Colour
    #: thin edges and rules
    edge: Colour
    #: a list's strip
    strip: Colour
    #: a strip under the pointer
    strip_hover: Colour
    #: the chosen strip
    strip_selected: Colour
    #: a slider's track
    track: Colour
    #: words and suits drawn on the felt
    felt_ink: Colour
    #: an empty place's outline
    place_edge: RGBA
    #: where a card in hand may go
    target: Colour
    #: glows: the hint, the space owed a fill
    glow: Colour
    #: a label's body
    pill: Colour
    #: empty places' outline width, in pixels per 100 px of card width (2 px at least: a
    #: thinner line is smoothed into the felt and no longer stands out 3:1 from it)
    place_line: float
    #: the focus ring's width, in pixels
    focus_line: int
    #: text on the table (HUD, labels, messages) is this much larger
    text_scale: float

    def scaled(self, px: int) -> int:
        """A table text size, larger in high contrast."""
        return round(px * self.text_scale)

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The background every scene draws first: green felt, or near-black in high
        contrast."""
        return table_surface(size, dark=self.high_contrast)


NORMAL = Palette(
    high_contrast=False,
    ink=(245, 242, 230),
    ink_dim=(220, 230, 220),
    ink_off=(190, 200, 190),
    gold=(236, 196, 84),
    highlight=(255, 226, 120),
    legal=(120, 230, 140),
    danger=(245, 120, 110),
    warn=(255, 215, 200),
    panel=(16, 40, 28, 225),
    panel_edge=(236, 196, 84),
    dialog=(14, 44, 30, 245),
    hud=(10, 30, 20, 225),
    button=(34, 78, 54),
    button_hover=(48, 104, 72),
    button_down=(26, 60, 42),
    button_disabled=(40, 56, 46),
    button_edge=(90, 130, 100),
    button_edge_off=(62, 84, 70),
    shadow=(8, 24, 16),
    focus=(255, 214, 90),
    edge=(70, 110, 84),
    strip=(22, 58, 40),
    strip_hover=(30, 72, 50),
    strip_selected=(40, 92, 62),
    track=(60, 80, 68),
    felt_ink=(215, 235, 220),
    place_edge=(200, 220, 205, 120),
    target=(120, 230, 140),
    glow=(255, 214, 90),
    pill=(12, 40, 26),
    place_line=2.0,
    focus_line=3,
    text_scale=1.0,
)

HIGH_CONTRAST = Palette(
    high_contrast=True,
    ink=(255, 255, 255),
    ink_dim=(230, 230, 230),
    ink_off=(140, 140, 140),
    gold=(255, 222, 0),
    highlight=(255, 236, 64),
    legal=(90, 255, 120),
    danger=(255, 120, 110),
    warn=(255, 190, 170),
    panel=(0, 0, 0, 240),
    panel_edge=(255, 255, 255),
    dialog=(0, 0, 0, 252),
    hud=(0, 0, 0, 245),
    button=(0, 0, 0),
    button_hover=(40, 40, 72),
    button_down=(24, 24, 24),
    button_disabled=(24, 24, 24),
    button_edge=(255, 255, 255),
    button_edge_off=(110, 110, 110),
    shadow=(0, 0, 0),
    focus=(255, 230, 0),
    edge=(220, 220, 220),
    strip=(8, 8, 10),
    strip_hover=(36, 36, 60),
    strip_selected=(30, 30, 64),
    track=(120, 120, 120),
    felt_ink=(255, 255, 255),
    place_edge=(255, 255, 255, 255),
    target=(0, 230, 255),
    glow=(255, 230, 0),
    pill=(0, 0, 0),
    place_line=4.0,
    focus_line=5,
    text_scale=1.15,
)


def palette_for(high_contrast: bool) -> Palette:
    """The palette of the high-contrast option's value."""
    return HIGH_CONTRAST if high_contrast else NORMAL


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """A bundled DejaVu font at a pixel size (the card art's fonts, loaded once)."""
    return art_font(BOLD if bold else REGULAR, max(6, int(px)))


def text(surface: pygame.Surface, words: str, px: int, pos: tuple[float, float], colour: Colour, *,
         bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw a line of text in ``colour``; ``anchor`` is a pygame.Rect attribute name
    (``center``…)."""
    image = font(px, bold).render(words, True, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, palette: Palette, *, radius: int = 14,
          fill: RGBA | None = None, edge: Colour | None = None) -> None:
    """A translucent rounded panel with a thin edge (the palette's panel and its edge
    unless told)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, palette.panel if fill is None else fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, palette.panel_edge if edge is None else edge, layer.get_rect(),
                     width=3 if palette.high_contrast else 2, border_radius=radius)
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

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """Draw at ``self.rect`` with a label of ``px`` pixels."""
        p = palette
        if not self.enabled:
            colour = p.button_disabled
        elif self.pressed:
            colour = p.button_down
        elif self.hover:
            colour = p.button_hover
        else:
            colour = p.button
        radius = max(4, self.rect.height // 4)
        if self.enabled:
            # raised by its shadow; a button that does nothing now lies flat, so that it
            # is told apart by its shape as well as by its colours
            shadow = self.rect.move(0, max(2, self.rect.height // 16))
            pygame.draw.rect(surface, p.shadow, shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        edge = p.focus if self.focused else (p.gold if self.hover and self.enabled else
                                             p.button_edge if self.enabled else p.button_edge_off)
        thin = 2 if p.high_contrast else 1
        pygame.draw.rect(surface, edge, self.rect, width=p.focus_line if self.focused else thin,
                         border_radius=radius)
        text(surface, self.label, px, self.rect.center, p.ink if self.enabled else p.ink_off,
             bold=True, anchor="center")
