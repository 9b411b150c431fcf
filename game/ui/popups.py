"""The points just earned or lost, floating up from where they were earned and fading:
what one is, and where on the table it may rise without covering what matters."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..console import grouped
from ..session import Points
from .art import face_geometry
from .drawn import Kind
from .piles import ease_out
from .widgets import pill

if TYPE_CHECKING:
    from .table import TableScene
    from .theme import Palette

#: seconds a "+12" stays in the air after points are earned
POPUP_SECONDS = 1.1


@dataclass
class Popup:
    """Points just earned or lost, floating up from where they were earned and fading.

    ``place`` is the foundation they were earned on (None for the score itself)."""

    words: str
    colour: tuple[int, int, int]
    place: int | None
    age: float = 0.0


def points_popup(points: Points, palette: Palette) -> Popup | None:
    """The pop-up saying a change of the score: one figure per change, with what a streak
    or a penalty was; None when no points changed."""
    events = points.events
    if not any(e.points for e in events):
        return None
    total = points.total
    words = f"+{total:,}" if total >= 0 else grouped(total)
    labels = [e.label for e in events if e.label != "foundation" and e.points]
    if labels:
        # "streak x3" is said "×3", short enough for the foundation's width
        words += " " + labels[0].replace("streak x", "×")
    colour = palette.highlight if total >= 0 else palette.warn
    return Popup(words, colour, points.place)


class PopupPlacer:
    """Draws a table's pop-ups where each covers no card, no word on the table (the
    felt's, the marks'), no other pop-up, not the bar and not the footer's words."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface, popups: list[Popup], score: pygame.Rect,
             footer: pygame.Rect) -> None:
        """The ``popups``, floating up and fading: each where it covers no card (but its
        own foundation's middle, between its indices, when the felt has no room), no word
        on the table, no other pop-up, not the bar and not the ``footer``'s words; one for
        the score rises from under ``score`` (in the window). The newest are placed first;
        one with nowhere to go is not drawn."""
        if not popups:
            return
        table = self.table
        palette = table.app.palette
        px = palette.scaled(max(11, round(table.layout.card[1] * 0.13)))
        cards = [rect for _, _, rect in table.card_positions]
        # the felt's words ("Foundations", the rows' names) and what the marks wrote
        # this frame (the stock's and waste's names and counts, directions, "Fill")
        marks = table.renderer.marks
        words = [box.rect for box in table.renderer.label_boxes] + marks.texts + marks.badges
        placed: list[pygame.Rect] = [footer] if footer.width else []
        for popup in reversed(popups):
            image = pill(popup.words, px, popup.colour, palette.pill, palette)
            path = self._path(popup, image.get_size(), score, cards, words, placed)
            if path is None:
                continue
            start, end = path
            t = popup.age / POPUP_SECONDS
            rect = start.move(0, round((end.y - start.y) * ease_out(t)))
            image.set_alpha(round(255 * min(1.0, 3.0 * (1.0 - t))))
            surface.blit(image, rect)
            image.set_alpha(None)
            placed.append(start.union(end))
            table.app.drawn.add(Kind.POPUP, rect, popup.words)

    def _path(self, popup: Popup, size: tuple[int, int], score: pygame.Rect, cards: list[pygame.Rect],
              words: list[pygame.Rect], placed: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Rect] | None:
        """Where a pop-up of ``size`` starts and ends its rise: the first of its places
        (above its foundation, then over the foundation's middle; under the bar below the
        score, then at the end of the footer) whose whole path is free of the ``cards``,
        the ``words`` on the table and the pop-ups ``placed``."""
        lay = self.table.layout
        window = pygame.Rect((0, 0), lay.size)
        top = lay.hud.bottom + 3
        rise = round(lay.card[1] * 0.3)
        start = pygame.Rect((0, 0), size)
        tries: list[tuple[pygame.Rect, int, list[pygame.Rect]]] = []
        if popup.place is not None:
            base = lay.bases[popup.place]
            start.midbottom = (base.centerx, base.top - 3)
            tries.append((start.copy(), rise, cards + words))
            band = self._middle_band(popup.place)
            if band is not None and band.height >= size[1]:
                start.midbottom = (base.centerx, band.bottom)
                others = [c for c in cards if not base.contains(c)]
                tries.append((start.copy(), band.height - size[1], others + words))
        else:
            start.midtop = (score.centerx, top + rise)
            tries.append((start.copy(), rise, cards + words))
            foot = lay.footer
            if foot.height > 0:
                start.midright = (foot.right - foot.height, foot.centery)
                tries.append((start.copy(), 0, []))
        for first, reach, obstacles in tries:
            for up in (min(reach, first.top - top), 0):
                end = first.move(0, -max(0, up))
                path = first.union(end)
                if path.top >= top and window.contains(path) and path.collidelist(obstacles) < 0 \
                        and path.collidelist(placed) < 0:
                    return first, end
        return None

    def _middle_band(self, place: int) -> pygame.Rect | None:
        """The band across the top card of ``place`` between its indices (below the
        top-left one, above the turned one), where a pop-up covers no index; None when the
        place is empty."""
        table = self.table
        game, lay = table.game, table.layout
        pile = game.piles[place]
        if not pile:
            return None
        rect = table.renderer.top_rect(game, place) if lay.steps[place] else lay.bases[place]
        geo = face_geometry(pile[-1], lay.card, table.app.art.large_faces)
        top = math.ceil(max(geo.ranks[0].bottom, geo.suits[0].bottom)) + 2
        bottom = (math.floor(min(geo.ranks[1].top, geo.suits[1].top)) - 2 if len(geo.ranks) > 1
                  else rect.height - 3)
        return pygame.Rect(rect.x, rect.y + top, rect.width, max(0, bottom - top))
