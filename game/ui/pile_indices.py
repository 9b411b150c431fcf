"""Where the corner indices of the resting cards show, for the app's record of what a
frame shows that a player reads, and for the hint's arrow to keep off."""

from __future__ import annotations

import math

import pygame

from ..engine import Game
from .art import CardArt, face_geometry
from .drawn import Box, Kind
from .layout import TableLayout


class IndexBoxes:
    """The boxes of the visible corner indices of a layer's resting cards (the index
    boxes of each face are cached per card and size)."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        #: the visible corner indices of the resting cards as last drawn into the layer
        self.boxes: list[Box] = []
        self._index_cache: dict[tuple[int, tuple[int, int], bool],
                                tuple[pygame.Rect, pygame.Rect | None]] = {}

    def index_box(self, code: int, rect: pygame.Rect, *, bottom: bool = False) -> pygame.Rect | None:
        """Where the corner index of card ``code`` drawn at ``rect`` is: the top-left
        one, or the turned one at the bottom right when ``bottom`` (None where the
        face has none there)."""
        size = (rect.width, rect.height)
        key = (code, size, self.art.large_faces)
        boxes = self._index_cache.get(key)
        if boxes is None:
            if len(self._index_cache) > 2000:
                self._index_cache.clear()
            geo = face_geometry(code, size, self.art.large_faces)
            tops = [geo.ranks[0], geo.suits[0]]
            top = tops[0].union(tops[1])
            turned = (geo.ranks[1].union(geo.suits[1]) if len(geo.ranks) > 1 and len(geo.suits) > 1
                      else None)

            def whole(box: pygame.FRect) -> pygame.Rect:
                left, top_y = math.floor(box.left), math.floor(box.top)
                return pygame.Rect(left, top_y, math.ceil(box.right) - left, math.ceil(box.bottom) - top_y)

            boxes = self._index_cache[key] = (whole(top), whole(turned) if turned is not None else None)
        box = boxes[1] if bottom else boxes[0]
        return box.move(rect.topleft) if box is not None else None

    def visible(self, layout: TableLayout, game: Game, piles: list[list[int]]) -> list[Box]:
        """The corner index of every resting face-up card, as much of it as shows: each
        covered card of a fan shows the part above the next card; a pile's top card
        shows its indices whole."""
        boxes: list[Box] = []
        for index, pile in enumerate(piles):
            if not pile or index == game.stock:
                continue
            name = game.place_name(index)
            rects = layout.card_rects(index, len(pile)) if layout.steps[index] else [layout.bases[index]]
            cards = pile if layout.steps[index] else pile[-1:]
            for slot, (code, rect) in enumerate(zip(cards, rects, strict=True)):
                box = self.index_box(code, rect)
                if box is None:
                    continue
                if slot + 1 < len(rects):
                    box = box.clip(pygame.Rect(rect.x, rect.y, rect.width, rects[slot + 1].top - rect.top))
                    if box.height > 0:
                        boxes.append(Box(Kind.INDEX, box, f"{name} card {slot + 1}"))
                    continue
                boxes.append(Box(Kind.INDEX, box, f"{name} top"))
                turned = self.index_box(code, rect, bottom=True)
                if turned is not None:
                    boxes.append(Box(Kind.INDEX, turned, f"{name} top (turned)"))
        return boxes
