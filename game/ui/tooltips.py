"""Tooltips for a row of buttons: after the pointer rests on a button for a moment, a
small label under it names the button and its keys ("Undo · U / Ctrl+Z"), so the
shortcuts the buttons carry are seen where they are used."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import theme
from .drawn import DrawnBoxes, Kind
from .theme import Button, Palette

#: seconds the pointer rests on a button before its tooltip shows
TOOLTIP_DELAY = 0.5


def tooltip_words(button: Button) -> str:
    """What a button's tooltip says: its own words where it has them (a button named by
    a sign, such as "⋯", says what it holds), else its name and its keys when it has any."""
    own = getattr(button, "tooltip", "")
    if isinstance(own, str) and own:
        return own
    return f"{button.label} · {button.hint}" if button.hint else button.label


class Tooltips:
    """The tooltip of whichever button the pointer rests on."""

    def __init__(self) -> None:
        #: the button under the pointer, and for how long it has been
        self.button: Button | None = None
        self.rest = 0.0
        #: where the last tooltip was drawn (empty when none is shown)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float, buttons: Sequence[Button]) -> None:
        """Time the pointer's rest on the button it is over (a press starts again)."""
        over = next((b for b in buttons if b.hover and not b.pressed), None)
        if over is not self.button:
            self.button = over
            self.rest = 0.0
        elif over is not None:
            self.rest += dt

    @property
    def showing(self) -> Button | None:
        """The button whose tooltip shows now, or None."""
        return self.button if self.button is not None and self.rest >= TOOLTIP_DELAY else None

    def draw(self, surface: pygame.Surface, px: int, palette: Palette, drawn: DrawnBoxes) -> None:
        """The tooltip under its button, kept inside the window, in ``palette``; recorded
        in the frame's ``drawn`` boxes."""
        button = self.showing
        if button is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        size = max(11, round(px * 0.9))
        image = theme.font(size).render(tooltip_words(button), True, palette.ink)
        pad = max(4, size // 2)
        rect = image.get_rect().inflate(2 * pad, pad)
        rect.midtop = (button.rect.centerx, button.rect.bottom + max(4, size // 2))
        rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, palette.shadow, rect.move(2, 2), border_radius=max(3, pad // 2))
        pygame.draw.rect(surface, palette.pill, rect, border_radius=max(3, pad // 2))
        pygame.draw.rect(surface, palette.gold, rect, width=1, border_radius=max(3, pad // 2))
        surface.blit(image, image.get_rect(center=rect.center))
        self.rect = rect
        drawn.add(Kind.TEXT, rect, f"tooltip of {button.label}")
