"""What a frame drew where: the rectangles of the texts, buttons, card indices, badges,
pop-ups and panels of a screen, so that a test can check that nothing that must be read
is hidden.

A scene (or a part of one) that draws something a player must be able to read adds its
box to the frame's :class:`DrawnBoxes` while it draws. The boxes are only recorded, never
used to draw, so a screen looks the same whether anyone reads them or not; they are
cleared at the start of every frame.

A text drawn inside a control (a button's label, the value of an option row, the words
of a menu's game card) is recorded as *part of* that control's box: it may lie on its
own control, and must stay inside it. A scene drawn over another (a dialog, a help
sheet) records the sheet it lays down (a PANEL), and a SHADE when it dims the whole
window, so that what it hides of the scene below can be told from what it cuts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame


class Kind(Enum):
    """What a box holds, which says what it may and may not cover."""

    #: words a player reads (a title, a count, a status): no other text or button on them
    TEXT = "text"
    #: a button or another control (an option row, a game card): no text on it but its own
    BUTTON = "button"
    #: the corner index of a card that shows: no badge or pop-up on it
    INDEX = "index"
    #: a small mark beside a pile (a count, a direction, "Fill")
    BADGE = "badge"
    #: points that float up after a move
    POPUP = "popup"
    #: an opaque sheet laid over the scenes below (a dialog, a help sheet)
    PANEL = "panel"
    #: a bar over a table that stays in play (a folded dialog): it hides nothing readable
    BAR = "bar"
    #: the whole window dimmed under a sheet that must be closed before play goes on
    SHADE = "shade"


@dataclass(frozen=True, eq=False)
class Box:
    """One drawn thing: its kind, where it is, a name for messages, and the control it
    is drawn on when it is part of one (a label on its button)."""

    kind: Kind
    rect: pygame.Rect
    name: str
    part_of: Box | None = None


class DrawnBoxes:
    """The boxes of one frame, in the order they were drawn."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []

    def clear(self) -> None:
        """Forget the last frame's boxes (called when a frame begins)."""
        self.boxes.clear()

    def add(self, kind: Kind, rect: pygame.Rect, name: str, part_of: Box | None = None) -> Box | None:
        """Record that ``name`` was drawn in ``rect`` (on the control ``part_of``), and
        return its box; an empty rect is not recorded (None)."""
        if rect.width > 0 and rect.height > 0:
            box = Box(kind, pygame.Rect(rect), name, part_of)
            self.boxes.append(box)
            return box
        return None

    def of(self, *kinds: Kind) -> list[Box]:
        """The boxes of these kinds."""
        return [box for box in self.boxes if box.kind in kinds]


def overlaps(first: list[Box], second: list[Box]) -> list[tuple[Box, Box]]:
    """Every pair (one from each list, not the same box, neither drawn on the other)
    whose rectangles overlap."""
    return [(a, b) for a in first for b in second
            if a is not b and a.part_of is not b and b.part_of is not a and a.rect.colliderect(b.rect)]
