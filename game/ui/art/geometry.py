"""Where everything goes on a card face: the corner indices, the pips, the court frame.

Two designs, chosen by the card's width and the player's "large index" option:

- the **standard** face (``width >= SMALL_FACE_BELOW``, large index off): a corner index
  (rank over a small suit) top left and, turned, bottom right, with the pips of a real
  deck in their classic 2- and 3-column grid between the two index columns, the bottom
  half turned upside down;
- the **large-index** face (every card narrower than ``SMALL_FACE_BELOW``, and every
  card with the option on): a big rank top left and a big suit top right, both in the
  band a fanned pile shows of a covered card, and below them a big suit symbol on a
  small card, or the pips on a larger one; courts show a framed bust.

Positions are in the output card's pixels (floats); the renderer multiplies them by its
supersampling factor. Keeping them here, apart from the drawing, lets tests check the
geometry at every size (pips never touch an index) and lets the layout ask how deep the
index reaches (:func:`index_depth`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import pygame

from game.engine.cards import ACE, HEARTS, JACK, card, rank_of, suit_of

from .ink import CARD_ASPECT
from .shapes import shape_box

#: Cards narrower than this many pixels get the large-index face whatever the option:
#: at 44-69 px the standard index and pips are too small to read.
SMALL_FACE_BELOW: Final = 70

# (column, row) with column -1/0/1 (left/centre/right) and row from 0 (top) to 1 (bottom),
# as printed on standard cards. Pips below the middle are drawn upside down.
PIPS: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: (
        (-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0),
    ),
    9: (
        (-1, 0.0), (1, 0.0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5),
        (-1, 2 / 3), (1, 2 / 3), (-1, 1.0), (1, 1.0),
    ),
    10: (
        (-1, 0.0), (1, 0.0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3),
        (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1.0), (1, 1.0),
    ),
}

#: The rank box is this many cap heights tall, so the tail of a Q fits inside it.
RANK_BOX: Final = 1.1


@dataclass
class Pip:
    """One suit symbol printed on a face: its box, and whether it is upside down."""

    box: pygame.FRect
    flip: bool = False


@dataclass
class FaceGeometry:
    """The boxes of one face at one size, in output pixels.

    ``ranks`` and ``suits`` are the index boxes (top left first; the standard face adds
    the turned copies at the bottom right). ``pips`` are the symbols in the middle: a
    number card's pips, an ace's one big pip, the large-index face's big symbol. A court
    card has none and a ``frame`` for its portrait instead; on the standard face the
    frame is cut away round the indices: ``notch`` is the piece cut from its top-left
    corner (the same piece, turned, is cut from the bottom right). ``depth`` is how far
    down the top-left index reaches: a fanned pile must show that much of a covered card.
    """

    width: int
    height: int
    large: bool
    cap: float
    suit_h: float
    ranks: list[pygame.FRect] = field(default_factory=list)
    suits: list[pygame.FRect] = field(default_factory=list)
    pips: list[Pip] = field(default_factory=list)
    frame: pygame.FRect | None = None
    notch: pygame.FRect | None = None
    depth: float = 0.0

    def index_boxes(self) -> list[pygame.FRect]:
        """Every index box: the ranks and their small suits."""
        return [*self.ranks, *self.suits]


def uses_large_face(width: int, large_index: bool) -> bool:
    """Whether a card ``width`` pixels wide gets the large-index face."""
    return large_index or width < SMALL_FACE_BELOW


def _turned(box: pygame.FRect, w: float, h: float) -> pygame.FRect:
    """``box`` turned through 180 degrees about the centre of a ``w`` x ``h`` card."""
    return pygame.FRect(w - box.right, h - box.bottom, box.width, box.height)


def face_geometry(code: int, size: tuple[int, int], large_index: bool = False) -> FaceGeometry:
    """Where the index, the pips and the court frame of card ``code`` go at ``size``."""
    w, h = size
    if uses_large_face(w, large_index):
        return _large(code, w, h)
    return _standard(code, w, h)


def _standard(code: int, w: int, h: int) -> FaceGeometry:
    u = float(w)
    t = min(1.0, max(0.0, (120 - w) / 50))  # 1 at 70 px, 0 from 120 px: smaller cards
    cap = (0.165 + 0.025 * t) * u  # get relatively larger indices
    suit_h = (0.12 + 0.01 * t) * u
    top = 0.06 * u
    cx = 0.1 * u  # the index's centre line
    left = 0.02 * u
    suit, rank = suit_of(code), rank_of(code)
    # A one-letter rank is centred over the suit; the "10" takes more room on the right
    # (up to a clear gap before the pips) so that it keeps its height.
    index_w = (0.21 if rank == 10 else 2 * (0.1 - 0.02)) * u
    geo = FaceGeometry(w, h, False, cap, suit_h)
    rank_box = pygame.FRect(left, top, index_w, cap * RANK_BOX)
    suit_box = shape_box(suit, (cx, rank_box.bottom + 0.018 * u + suit_h / 2), suit_h)
    geo.ranks = [rank_box, _turned(rank_box, w, h)]
    geo.suits = [suit_box, _turned(suit_box, w, h)]
    geo.depth = suit_box.bottom
    if rank == ACE:
        geo.pips = [Pip(shape_box(suit, (w / 2, h / 2), 0.44 * u))]
    elif rank >= JACK:
        # The portrait fills the card but for a margin and the corners the indices need.
        inset = 0.05 * u
        margin = 0.045 * u
        geo.frame = pygame.FRect(inset, inset, w - 2 * inset, h - 2 * inset)
        geo.notch = pygame.FRect(inset, inset, max(rank_box.right, suit_box.right) + margin - inset,
                                 geo.depth + margin - inset)
    else:
        pip_h = 0.15 * u
        dx = 0.145 * u  # the side columns' distance from the middle
        row0 = 0.25 * u  # the top row's centre; the bottom row's is as far from the foot
        geo.pips = _grid(suit, rank, w / 2, dx, row0, h - row0, pip_h, turn=True)
    return geo


def _large(code: int, w: int, h: int) -> FaceGeometry:
    u = float(w)
    small = w < SMALL_FACE_BELOW
    cap = (0.32 if small else 0.29) * u
    suit_h = (0.3 if small else 0.27) * u
    top = 0.05 * u
    side = 0.08 * u
    suit, rank = suit_of(code), rank_of(code)
    geo = FaceGeometry(w, h, True, cap, suit_h)
    rank_box = pygame.FRect(side, top, 0.46 * u, cap * RANK_BOX)
    suit_w = shape_box(suit, (0, 0), suit_h).width
    suit_box = shape_box(suit, (w - side - suit_w / 2, top + cap / 2), suit_h)
    geo.ranks = [rank_box]
    geo.suits = [suit_box]
    geo.depth = max(suit_box.bottom, rank_box.bottom)
    body = pygame.FRect(side, rank_box.bottom + 0.07 * u, w - 2 * side, 0)
    body.height = h - 0.07 * u - body.top
    if rank >= JACK:
        geo.frame = body
    elif rank == ACE or small:
        size = min(0.62 * u, body.height * 0.8) if small else min(0.5 * u, body.height * 0.7)
        geo.pips = [Pip(shape_box(suit, body.center, size))]
    else:
        pip_h = 0.17 * u
        row0 = body.top + pip_h * 0.6
        geo.pips = _grid(suit, rank, w / 2, 0.2 * u, row0, body.bottom - pip_h * 0.6, pip_h,
                         turn=False)
    return geo


def _grid(suit: int, rank: int, cx: float, dx: float, top: float, bottom: float, pip_h: float,
          *, turn: bool) -> list[Pip]:
    """The pips of a number card in the classic grid between rows ``top`` and ``bottom``
    (centres), the lower half upside down when ``turn``."""
    return [
        Pip(shape_box(suit, (cx + col * dx, top + row * (bottom - top)), pip_h),
            flip=turn and row > 0.5)
        for col, row in PIPS[rank]
    ]


def index_depth(width: int, *, large_index: bool = False) -> float:
    """How far down a card of ``width`` pixels its top-left index (rank and suit)
    reaches, as a fraction of the card's height: a fanned pile must show at least this
    much of each covered card for its rank and suit to be read. The large-index face's
    index never reaches deeper than the standard one's, so a layout made for the
    standard face shows it whole too."""
    size = (max(1, width), max(1, round(width * CARD_ASPECT)))
    return face_geometry(card(HEARTS, 10), size, large_index).depth / size[1]
