"""The marks a screen puts on the piles' places: the drop-target frames, the space owed
a fill ("Fill"), the direction of each Square column or Union Square pile and of each
foundation of both Square sets, and the stock's and waste's names with their counts.

Each badge drawn is noted for the frame: the hint's arrow keeps off it and the app's
:class:`~game.ui.drawn.DrawnBoxes` gets it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Game
from ..engine.words import foundation_words
from . import widgets
from .drawn import Kind
from .hint_arrow import arrow_head
from .layout import count_gap, line_band

if TYPE_CHECKING:
    from .piles import PileRenderer

#: the count the stock's and the waste's names keep room for beside them (no rule set
#: deals either a hundred cards)
COUNT_ROOM = "88"


class PileMarks:
    """Draws the marks on the places of a :class:`~game.ui.piles.PileRenderer`'s piles
    (its layout, palette and glows)."""

    def __init__(self, piles: PileRenderer, shapes: dict[tuple[Any, ...], pygame.Surface]) -> None:
        self.piles = piles
        #: the badges drawn this frame (emptied when the layer is drawn)
        self.badges: list[pygame.Rect] = []
        #: the words drawn this frame beside the piles (the stock's and the waste's names)
        self.texts: list[pygame.Rect] = []
        #: the badges drawn this frame that explain themselves when pointed at (a
        #: foundation's direction): place index → (the badge, its words)
        self.tips: dict[int, tuple[pygame.Rect, str]] = {}
        #: the renderer's cache of drawn shapes (it forgets them when size or colours change)
        self._shapes = shapes
        #: the size of the stock's and the waste's names and counts and whether each
        #: count stands under its name, with what it was worked out for
        #: (:meth:`counted_look`)
        self._counted_look: tuple[tuple[object, ...], tuple[int, bool]] | None = None

    def target(self, surface: pygame.Surface, rect: pygame.Rect, aimed: bool) -> None:
        """A legal destination: a tint, and a frame on a black edge (a shape, so it never
        depends on seeing the colour) standing out of the card no further than half the
        gap to its neighbour, so two neighbouring targets' frames never touch; the one
        the card would drop on now gets a thicker frame and a full glow."""
        palette = self.piles.palette
        colour = palette.target
        self.piles.glow(surface, rect, colour, 255 if aimed else 150)
        room_x, room_y = self.piles.layout.outline_room
        line = max(3, rect.width // 18) + (1 if palette.high_contrast else 0) + (2 if aimed else 0)
        radius = max(6, rect.width // 10)
        box = rect.inflate(2 * room_x, 2 * room_y)
        pygame.draw.rect(surface, (0, 0, 0), box.inflate(2, 2), width=line + 3, border_radius=radius + 1)
        pygame.draw.rect(surface, colour, box, width=line, border_radius=radius)

    def owed(self, surface: pygame.Surface, game: Game, piles: list[list[int]], pulse: float, *,
             sources: bool = True) -> None:
        """A space owed a fill glows (``pulse`` 0 … 1) and says "Fill"; the cards that
        may fill it glow with an arrow, unless not ``sources`` (a card is in hand: the
        glows would look like its own)."""
        palette = self.piles.palette
        owed = game.owed_space()
        if owed is None:
            return
        lay = self.piles.layout
        self.piles.glow(surface, lay.bases[owed], palette.glow, round(150 + 105 * pulse))
        px = palette.scaled(max(11, lay.card[1] // 7))
        label = widgets.pill("Fill", px, palette.glow, palette.pill, palette)
        spot = label.get_rect(center=lay.bases[owed].center)
        surface.blit(label, spot)
        self.badge(spot, "Fill")
        if not sources:
            return
        for s in game.fill_sources():
            if piles[s]:
                top = self.piles.drawn_top(piles, s)
                self.piles.glow(surface, top, palette.glow, 170)
                arrow_head(surface, (top.centerx, top.top - 3), 0, -1, max(6, lay.card[0] // 7), palette.glow)

    def directions(self, surface: pygame.Surface, game: Game, piles: list[list[int]]) -> None:
        """Where the layout has a slot for each column's direction (square columns), the
        direction written there; otherwise a badge on each pile whose direction is fixed
        (none where no pile has a direction). Beside each foundation that goes up and
        then down (both Square sets), a badge saying which way it is going, while it
        holds a card and is not full, which tells its words (:attr:`tips`) when pointed
        at."""
        palette = self.piles.palette
        direction = game.direction
        lay = self.piles.layout
        px = max(11, round(lay.card[1] * 0.12))
        for index, slot in lay.direction_slots.items():
            heading = direction(index) if game.piles[index] else None
            image = widgets.direction_heading(heading, px, slot.size, palette)
            spot = image.get_rect(center=slot.center)
            surface.blit(image, spot)
            self.badge(spot, f"direction of {game.place_name(index)}")
        for index, slot in lay.badge_slots.items():
            d = direction(index) if len(piles[index]) >= 2 else 0
            if d:
                self._direction_at(surface, d, slot, f"direction of {game.place_name(index)}")
        for index, slot in lay.foundation_slots.items():
            count = len(piles[index])
            d = game.foundation_direction(index, count)
            if d:
                spot = self._direction_at(surface, d, slot, f"direction of {game.place_name(index)}")
                self.tips[index] = (spot, foundation_words(game, index, count))

    def _direction_at(self, surface: pygame.Surface, direction: int, slot: pygame.Rect,
                      name: str) -> pygame.Rect:
        """The round badge of ``direction`` in ``slot``, noted as ``name``; where it went."""
        image = self._direction_badge(direction, slot.width // 2 - 1)
        spot = image.get_rect(center=slot.center)
        surface.blit(image, spot)
        self.badge(spot, name)
        return spot

    def badge(self, rect: pygame.Rect, name: str) -> None:
        """Note a badge drawn this frame (the hint keeps off it; the app's boxes get it)."""
        self.badges.append(rect)
        if self.piles.drawn is not None:
            self.piles.drawn.add(Kind.BADGE, rect, name)

    def _direction_badge(self, direction: int, radius: int) -> pygame.Surface:
        """A round badge with an arrow up (blue) or down (orange) (cached)."""
        palette = self.piles.palette
        key = ("badge", direction, radius)
        image = self._shapes.get(key)
        if image is None:
            image = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            centre = (radius + 1, radius + 1)
            colour = (40, 120, 200) if direction > 0 else (200, 90, 40)
            pygame.draw.circle(image, colour, centre, radius)
            pygame.draw.circle(image, (255, 255, 255), centre, radius, 2 if palette.high_contrast else 1)
            # as large an arrow as the disc holds (its base corners just inside the rim):
            # the one thing a Union Square player must read on a small table
            tip = (centre[0], centre[1] - direction * radius * 0.7)
            arrow_head(image, tip, 0, -direction, radius * 1.3, (255, 255, 255))
            self._shapes[key] = image
        return image

    def counts(self, surface: pygame.Surface, game: Game, piles: list[list[int]]) -> None:
        """The stock's and the waste's names above them, each with how many cards it
        holds (``piles`` as drawn) in a pill beside the name, or under it where the
        layout's box is too narrow for both on one line at a readable size (it is then
        two lines tall); never on a card. Names and counts all at one size, in one
        arrangement (:meth:`counted_look`)."""
        palette = self.piles.palette
        counted = self.piles.layout.counted
        digits = max((len(str(len(piles[index]))) for index in counted), default=1)
        px, stacked = self.counted_look(digits)
        for index, label in counted.items():
            count = widgets.pill(str(len(piles[index])), px, palette.gold, palette.pill, palette)
            words = self.piles.text(label.text, px, palette.felt_ink, palette.high_contrast)
            box = label.rect
            if stacked:
                # the name, and its count under it, the two centred in the box
                high = words.get_height() + line_gap(px) + count.get_height()
                top = box.top + (box.height - high) // 2
                spot = words.get_rect(midtop=(box.centerx, top))
                pill_spot = count.get_rect(midtop=(box.centerx, spot.bottom + line_gap(px)))
            else:
                # on one line just above the card (a box made for two lines keeps the
                # line at its foot)
                high = max(words.get_height(), count.get_height())
                line_h = min(box.height, max(high, line_band(label.px)))
                middle = pygame.Rect(box.left, box.bottom - line_h, box.width, line_h).centery
                gap = count_gap(label.px)
                left = box.centerx - (words.get_width() + gap + count.get_width()) // 2
                spot = words.get_rect(midleft=(left, middle))
                pill_spot = count.get_rect(midleft=(spot.right + gap, middle))
            surface.blit(words, spot)
            surface.blit(count, pill_spot)
            self.texts.append(spot)
            if self.piles.drawn is not None:
                self.piles.drawn.add(Kind.TEXT, spot, label.text)
            self.badge(pill_spot, f"{label.text.lower()} count")

    def counted_look(self, digits: int = len(COUNT_ROOM)) -> tuple[int, bool]:
        """The one text size of the stock's and the waste's names and of their counts,
        and whether each count stands under its name rather than beside it: beside it
        at the labels' own size where every name fits its box so with a count of
        ``digits`` digits, two at least; else under it where the boxes are tall enough
        for that (the layout makes them so where the count does not fit beside the
        name); else the arrangement that allows the larger size (so that neither name
        is drawn smaller than the other, and none shrinks when its count reaches ten).
        Worked out once per layout and palette."""
        piles = self.piles
        palette, lay = piles.palette, piles.layout
        room = "8" * max(len(COUNT_ROOM), digits)
        key = (lay.key(), tuple(tuple(label.rect) for label in lay.counted.values()),
               palette.text_scale, palette.high_contrast, room)
        if self._counted_look is not None and self._counted_look[0] == key:
            return self._counted_look[1]
        labels = list(lay.counted.values())

        def fits(px: int, stacked: bool) -> bool:
            count = widgets.pill(room, px, palette.gold, palette.pill, palette)
            for label in labels:
                words = piles.text(label.text, px, palette.felt_ink, palette.high_contrast)
                if stacked:
                    wide = max(words.get_width(), count.get_width())
                    high = words.get_height() + line_gap(px) + count.get_height()
                else:
                    wide = words.get_width() + count_gap(label.px) + count.get_width()
                    high = max(words.get_height(), count.get_height())
                if wide > label.rect.width or high > label.rect.height:
                    return False
            return True

        px = min((palette.scaled(label.px) for label in labels), default=8)
        while px > 8 and not (fits(px, False) or fits(px, True)):
            px -= 1
        look = (px, not fits(px, False) and fits(px, True))
        self._counted_look = (key, look)
        return look


def line_gap(px: int) -> int:
    """The room between the stock's or the waste's name and its count under it."""
    return max(1, px // 8)

