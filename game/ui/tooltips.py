"""Tooltips: after the pointer rests on a button for a moment, a small label under it
names the button and its keys ("Undo · U / Ctrl+Z"), so the shortcuts the buttons carry
are seen where they are used; and a badge on the table that explains itself (which way
a Square foundation is going) says so beside it, when the pointer rests on it or the
keyboard's focus is on its place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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


def tip_box(words: str, px: int) -> pygame.Rect:
    """The box a tooltip of ``words`` takes for type of about ``px`` (at the origin)."""
    size = _tip_px(px)
    width, height = theme.font(size).size(words)
    pad = max(4, size // 2)
    return pygame.Rect(0, 0, width + 2 * pad, height + pad)


def draw_tip(surface: pygame.Surface, words: str, px: int, box: pygame.Rect, palette: Palette,
             drawn: DrawnBoxes, name: str) -> None:
    """A tooltip of ``words`` in ``box`` (as :func:`tip_box` made it), in ``palette``:
    a panel with a gold edge and a shadow; recorded in the frame's ``drawn`` boxes as
    ``name``."""
    size = _tip_px(px)
    radius = max(3, max(4, size // 2) // 2)
    image = theme.font(size).render(words, True, palette.ink)
    pygame.draw.rect(surface, palette.shadow, box.move(2, 2), border_radius=radius)
    pygame.draw.rect(surface, palette.pill, box, border_radius=radius)
    pygame.draw.rect(surface, palette.gold, box, width=1, border_radius=radius)
    surface.blit(image, image.get_rect(center=box.center))
    drawn.add(Kind.TEXT, box, name)


def _tip_px(px: int) -> int:
    """The size of a tooltip's words beside words of ``px``."""
    return max(11, round(px * 0.9))


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
        words = tooltip_words(button)
        rect = tip_box(words, px)
        rect.midtop = (button.rect.centerx, button.rect.bottom + max(4, _tip_px(px) // 2))
        rect.clamp_ip(surface.get_rect())
        draw_tip(surface, words, px, rect, palette, drawn, f"tooltip of {button.label}")
        self.rect = rect


#: what a table's badges that explain themselves say: place index → (the badge, its words)
BadgeWords = Mapping[int, tuple[pygame.Rect, str]]


class BadgeTips:
    """The words of a badge on the table that explains itself (a Square foundation's
    direction, its next card and its count), beside the badge: once the pointer has
    rested on the badge for :data:`TOOLTIP_DELAY`, or at once while the keyboard's focus
    is on its place (the player went there)."""

    def __init__(self) -> None:
        #: the place whose badge is under the pointer, and for how long it has been
        self.place: int | None = None
        self.rest = 0.0
        #: where the last tip was drawn (empty when none is shown)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float, pointer: tuple[int, int] | None, badges: BadgeWords) -> None:
        """Time the pointer's rest on the badge it is over (None: no pointer on the table,
        or a card held)."""
        over = next((place for place, (rect, _) in badges.items()
                     if pointer is not None and rect.collidepoint(pointer)), None)
        if over != self.place:
            self.place = over
            self.rest = 0.0
        elif over is not None:
            self.rest += dt

    def showing(self, badges: BadgeWords, focus: int | None) -> int | None:
        """The place whose badge's words show now: the one the pointer rests on, else the
        keyboard's ``focus`` (None where it is not shown) where it has a badge."""
        if self.place is not None and self.rest >= TOOLTIP_DELAY and self.place in badges:
            return self.place
        return focus if focus is not None and focus in badges else None

    def draw(self, surface: pygame.Surface, badges: BadgeWords, focus: int | None,
             cards: Sequence[pygame.Rect], px: int, palette: Palette, drawn: DrawnBoxes) -> None:
        """The words of the badge :meth:`showing`, level with it on the side away from its
        place's card (``cards[place]``); where the window has no room there, on the far
        side of the card; kept inside the window."""
        place = self.showing(badges, focus)
        if place is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        badge, words = badges[place]
        card = cards[place]
        gap = max(4, _tip_px(px) // 2)
        box = tip_box(words, px)
        window = surface.get_rect()
        if badge.centerx >= card.centerx:
            rect = box.move_to(midleft=(badge.right + gap, badge.centery))
            other = box.move_to(midright=(card.left - gap, badge.centery))
        else:
            rect = box.move_to(midright=(badge.left - gap, badge.centery))
            other = box.move_to(midleft=(card.right + gap, badge.centery))
        if not window.contains(rect):
            rect = other if window.contains(other) else rect.clamp(window)
        draw_tip(surface, words, px, rect, palette, drawn, f"tooltip: {words}")
        self.rect = rect
