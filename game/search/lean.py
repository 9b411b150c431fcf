"""What the lean positions of the solver's searches share, and which one a game gets.

Each rule set has a *core* (:mod:`.constitution_core`, :mod:`.cadogan_core`,
:mod:`.square_core`, :mod:`.union_core`): the position as plain lists, moves as
``(src, dst)`` pairs of small ints played and taken back in place (``token =
core.play(src, dst)``, ``core.undo(src, dst, token)``), and a 64-bit key kept up to
date by every move. A core agrees with the engine move for move; the tests walk deals
at random beside the engine and compare.

**Keys.** A key is a sum (modulo 2^64) of random numbers, one per part of the position,
so a move changes it by the terms of the places it touched (Zobrist hashing). It must
be equal for positions equal up to the order of interchangeable places (a row's piles,
a suit's two foundations, Union Square's piles, English Square's columns) and differ,
but by chance, for all others. A pile's cards are a sequence, and interchangeable piles
a multiset of sequences: a plain sum of ``(depth, card)`` terms over a row would give
``[9♠ 8♥] [9♣ 8♦]`` and ``[9♠ 8♦] [9♣ 8♥]`` the same key. So each pile sums its own
``(depth, card)`` terms, and the key adds :func:`mix` of that sum, a function with no
such linear structure. The stock is always the first cards of the stock the search
started with, so its length is enough.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..engine.cards import JACK, KING
from ..engine.profile import Evaluation, Layout
from ..engine.state import Game, Move
from .evaluate import urgency_weight

MASK = (1 << 64) - 1
#: the deepest pile a key has terms for (every card of a rule set in one pile)
DEPTHS = 104

#: ``other_colour_foundations(c)``: the foundations of the other colour than card ``c``
#: (f5-f8 for a black card, f1-f4 for a red one), by ``c >> 5``
_OTHER_COLOUR = ((4, 5, 6, 7), (0, 1, 2, 3))


def other_colour_foundations(c: int) -> tuple[int, ...]:
    """The four foundations of the colour that builds on card ``c`` (Constitution sets)."""
    return _OTHER_COLOUR[c >> 5]


#: the multiplier of :func:`mix` (odd, with its bits spread: from the splitmix64 family)
MIX = 0xD6E8FEB86659FD93


def mix(x: int) -> int:
    """A 64-bit value scrambled (xor-shift, multiply, xor-shift): what a key adds for a
    pile whose own ``(depth, card)`` terms sum to ``x``. It has no additive structure,
    which is all a key needs of it; 0 for 0, so an empty pile adds nothing. The cores
    write it out where they play moves (a call costs more than the arithmetic)."""
    x = ((x ^ (x >> 32)) * MIX) & MASK
    return x ^ (x >> 32)


def chain(pile: list[int], terms: list[list[int]]) -> list[int]:
    """The hashes of a pile's first 0, 1, 2 … cards: each is :func:`mix` of the one below
    plus the term of the card at its depth (``terms[depth][card]``), 0 for none. The
    hash of the whole pile is the pile's term in a key: a sequence's hash, so that a
    sum of them over interchangeable piles tells their multisets apart. A card put on
    a pile costs one :func:`mix`; one taken off costs nothing (the hash below it is
    kept), which is why the cores write this out where they play moves."""
    out = [0]
    for depth, c in enumerate(pile):
        out.append(mix(out[-1] + terms[depth][c]))
    return out


@dataclass(frozen=True)
class RowsZobrist:
    """The random terms of a Constitution-set key: a card at a depth of a pile of a row,
    a card in a one-card place of a row, a suit's foundation at a height (the two of a
    suit add up, so their order is lost), the stock's size, the waste's card at a depth,
    and the row of the owed space (3: none)."""

    pile: list[list[list[int]]]
    cell: list[list[int]]
    foundation: list[list[int]]
    stock: list[int]
    waste: list[list[int]]
    owed: list[int]


def zobrist_rows(seed: int) -> RowsZobrist:
    """A fresh set of terms drawn from ``seed`` (the same in every process)."""
    rng = random.Random(seed)

    def draw() -> int:
        return rng.getrandbits(64)

    return RowsZobrist(
        pile=[[[draw() for _ in range(64)] for _ in range(DEPTHS)] for _ in range(4)],
        cell=[[draw() if c else 0 for c in range(64)] for _ in range(4)],
        foundation=[[draw() for _ in range(16)] for _ in range(4)],
        stock=[draw() for _ in range(112)],
        waste=[[draw() for _ in range(64)] for _ in range(112)],
        owed=[draw() for _ in range(4)],
    )


#: the urgency weight of a card by how many cards its foundation needs first (99: never)
URGENCY = [urgency_weight(d) for d in range(100)]
_ROWS_WEIGHTS: dict[tuple[int, ...], list[float]] = {}
_SQUARE_WEIGHTS: dict[tuple[int, ...], list[float]] = {}
_CACHE_LIMIT = 50_000


_ROWS_DISTANCES: dict[tuple[int, ...], list[int]] = {}


def card_distances(found: list[int]) -> list[int]:
    """Constitution sets: for each card code, how many cards its suit's nearer foundation
    needs before it (0: it goes up now; 99 for codes of no card in play), given the eight
    foundations' top ranks, as :func:`~.evaluate.rows_distances` counts (a shared list,
    not to be changed)."""
    key = tuple(found)
    out = _ROWS_DISTANCES.get(key)
    if out is None:
        if len(_ROWS_DISTANCES) > _CACHE_LIMIT:
            _ROWS_DISTANCES.clear()
        out = [99] * 64
        for suit in range(4):
            a, b = sorted((found[2 * suit], found[2 * suit + 1]))
            for rank in range(2, JACK + 1):
                below = b if b < rank else a if a < rank else -1
                if below >= 0:
                    out[suit * 16 + rank] = rank - 1 - below
        _ROWS_DISTANCES[key] = out
    return out


def card_weights(found: list[int]) -> list[float]:
    """Constitution sets: for each card code, :func:`~.evaluate.urgency_weight` of its
    :func:`card_distances` (a shared list, not to be changed)."""
    key = tuple(found)
    w = _ROWS_WEIGHTS.get(key)
    if w is None:
        if len(_ROWS_WEIGHTS) > _CACHE_LIMIT:
            _ROWS_WEIGHTS.clear()
        w = [URGENCY[d] for d in card_distances(found)]
        w[0] = 0.0
        _ROWS_WEIGHTS[key] = w
    return w


_SQUARE_DISTANCES: dict[tuple[int, ...], list[int]] = {}
#: the cards of each suit's foundation in order: Ace up to King, then King down to Ace
SEQUENCES: tuple[list[int], ...] = tuple(
    [s * 16 + r for r in range(1, KING + 1)] + [s * 16 + r for r in range(KING, 0, -1)] for s in range(4))


def square_distances(heights: list[int]) -> list[int]:
    """Square sets: for each card code, how many cards its foundation needs before it
    (the nearer of its two places in A…K, K…A; 99 when neither is ahead), as
    :func:`~.evaluate.square_distances` counts (a shared list, not to be changed)."""
    key = tuple(heights)
    out = _SQUARE_DISTANCES.get(key)
    if out is None:
        if len(_SQUARE_DISTANCES) > _CACHE_LIMIT:
            _SQUARE_DISTANCES.clear()
        out = [99] * 64
        for suit in range(4):
            height = heights[suit]
            for rank in range(1, KING + 1):
                up, down = rank - 1, 2 * KING - rank
                ahead = up if height <= up else down if height <= down else height + 99
                out[suit * 16 + rank] = ahead - height
        _SQUARE_DISTANCES[key] = out
    return out


def square_weights(heights: list[int]) -> list[float]:
    """Square sets: for each card code, :func:`~.evaluate.urgency_weight` of how many
    cards its foundation needs before it (the nearer of its two places in A…K, K…A), as
    :func:`~.evaluate.square_distances` counts (a shared list, not to be changed)."""
    key = tuple(heights)
    w = _SQUARE_WEIGHTS.get(key)
    if w is None:
        if len(_SQUARE_WEIGHTS) > _CACHE_LIMIT:
            _SQUARE_WEIGHTS.clear()
        w = [URGENCY[d] for d in square_distances(heights)]
        _SQUARE_WEIGHTS[key] = w
    return w


def blocked(pile: list[int], weights: list[float]) -> float:
    """Square sets: the cost of the cards under a pile's top, each by its weight times
    the cards on it (as :func:`~.evaluate.evaluate` counts them)."""
    cost = 0.0
    depth = len(pile) - 1
    for c in pile:
        cost += weights[c] * depth
        depth -= 1
    return cost


def pack(piles: list[list[int]], extra: bytes) -> bytes:
    """Piles and a few small numbers as one compact bytes value (a card code is below
    64, so 255 and 254 can mark the ends)."""
    return b"\xff".join(map(bytes, piles)) + b"\xfe" + extra


def unpack(snap: bytes) -> tuple[list[list[int]], bytes]:
    """What :func:`pack` packed."""
    piles, _, extra = snap.partition(b"\xfe")
    return list(map(list, piles.split(b"\xff"))), extra


_CHAINS: dict[tuple[int, bytes], list[int]] = {}


def chain_of(pile: list[int], terms: list[list[int]]) -> list[int]:
    """:func:`chain` of a pile, remembered (a search that unpacks positions meets the
    same piles again and again); a fresh list."""
    key = (id(terms), bytes(pile))
    out = _CHAINS.get(key)
    if out is None:
        if len(_CHAINS) > 200_000:
            _CHAINS.clear()
        out = _CHAINS[key] = chain(pile, terms)
    return out[:]


class LeanCore(Protocol):
    """What the solver's searches need of a core."""

    key: int
    #: moves to a foundation are ``(src, foundation + f)``
    foundation: int
    #: cards in play (all home when won)
    cards: int
    #: the tableau's piles (Rows, columns or the grid), bottom to top
    piles: list[list[int]]
    #: the stock, bottom to top (the next card last)
    stock: list[int]

    @classmethod
    def from_game(cls, game: Game) -> LeanCore:
        """The core of an engine position."""

    @classmethod
    def from_snapshot(cls, snap: bytes, stock: list[int]) -> LeanCore:
        """The position :meth:`snapshot` packed (``stock``: the whole stock of the
        search's start, since a position's stock is always its first cards)."""

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move (moves that give the same key as an earlier one may be left out)."""

    def forced(self, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The engine's safe drop among ``moves``, or None."""

    def child_key(self, src: int, dst: int) -> int:
        """The key of the position a legal move leads to, without playing it."""

    def home(self) -> int:
        """Cards on the foundations."""

    def play(self, src: int, dst: int) -> int:
        """Play a legal move; the token :meth:`undo` needs."""

    def undo(self, src: int, dst: int, token: int) -> None:
        """Take back the move last played."""

    def won(self) -> bool:
        """Every card is home."""

    def copy(self) -> LeanCore:
        """An independent copy."""

    def snapshot(self) -> bytes:
        """The position, packed."""

    def evaluation(self, weights: Evaluation) -> float:
        """:func:`~.evaluate.evaluate` of the position (no mobility)."""

    def values(self, moves: list[tuple[int, int]], weights: Evaluation) -> list[float]:
        """How much each move changes :meth:`evaluation` (exactly, but for a card going
        home, where the other cards' urgencies are left as they were)."""

    def ranks(self, moves: list[tuple[int, int]]) -> list[int]:
        """The moves' order where their values tie (lower first)."""

    def distances(self) -> list[int]:
        """For each card code, how many cards its foundation needs before it."""

    def fill_cards(self, moves: list[tuple[int, int]],
                   limits: dict[int, int]) -> tuple[list[int], int] | None:
        """The indexes of the moves a narrowed search may leave out (fills of spaces of
        the rows in ``limits``) and how many different cards of them to keep, or None."""

    def to_game(self, game: Game) -> Game:
        """A new engine game of ``game``'s rule set (``game`` left unchanged) in this
        position."""

    def engine_move(self, game: Game, move: tuple[int, int]) -> Move:
        """The engine's move for one of ours, in ``game``'s numbering."""


def core_of(game: Game) -> LeanCore:
    """The lean core of ``game``'s position, for its rule set."""
    return core_class(game).from_game(game)


def core_class(game: Game) -> type[LeanCore]:
    """The core class of ``game``'s rule set (by its profile's layout and fills)."""
    profile = game.profile
    if profile.layout is Layout.ROWS:
        if profile.fills_owed:
            from .constitution_core import OwedCore
            return OwedCore
        from .cadogan_core import Core
        return Core
    if profile.layout is Layout.SQUARE_COLUMNS:
        from .square_core import ColumnsCore
        return ColumnsCore
    from .union_core import GridCore
    return GridCore
