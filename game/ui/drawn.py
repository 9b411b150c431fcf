"""What a frame drew where: the rectangles of the texts, buttons, card indices, badges and
pop-ups of a screen, so that a test can check that nothing that must be read is hidden.

A scene (or a part of one) that draws something a player must be able to read adds its
box to the frame's :class:`DrawnBoxes` while it draws. The boxes are only recorded, never
used to draw, so a screen looks the same whether anyone reads them or not; they are
cleared at the start of every frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame


class Kind(Enum):
    """What a box holds, which says what it may and may not cover."""

    #: words a player reads (a title, a count, a status): no other text or button on them
    TEXT = "text"
    #: a button: no text on it but its own label
    BUTTON = "button"
    #: the corner index of a card that shows: no badge or pop-up on it
    INDEX = "index"
    #: a small mark beside a pile (a count, a direction, "Fill")
    BADGE = "badge"
    #: points that float up after a move
    POPUP = "popup"


@dataclass(frozen=True)
class Box:
    """One drawn thing: its kind, where it is, and a name for messages."""

    kind: Kind
    rect: pygame.Rect
    name: str


class DrawnBoxes:
    """The boxes of one frame, in the order they were drawn."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []

    def clear(self) -> None:
        """Forget the last frame's boxes (called when a frame begins)."""
        self.boxes.clear()

    def add(self, kind: Kind, rect: pygame.Rect, name: str) -> None:
        """Record that ``name`` was drawn in ``rect`` (an empty rect is not recorded)."""
        if rect.width > 0 and rect.height > 0:
            self.boxes.append(Box(kind, pygame.Rect(rect), name))

    def of(self, *kinds: Kind) -> list[Box]:
        """The boxes of these kinds."""
        return [box for box in self.boxes if box.kind in kinds]


def overlaps(first: list[Box], second: list[Box]) -> list[tuple[Box, Box]]:
    """Every pair (one from each list, not the same box) whose rectangles overlap."""
    return [(a, b) for a in first for b in second
            if a is not b and a.rect.colliderect(b.rect)]
