"""Whether a game that still has legal moves has come to a dead end.

By the rules a game is lost only when no legal move is left. Some positions keep legal
moves for ever and still lead nowhere: in ``constitution``, Row 1's cards can be moved
from pile to pile while nothing can reach a foundation and no card can come up from the
rows below. A player may shuffle there for a long time before seeing it.
:func:`dead_end` tells such a position by looking at every position the player could
reach from it, as the player sees it (never the stock's order): when no move on the way
sends a card to a foundation or brings a stock card into play, nothing the player does
can change the foundations again, the cards still unseen cannot matter, and the deal
cannot be won from here. (A position from which a few more cards can still go home, but
no win, is not told: the player has something left to play for, a score in English
Square, and meets the dead end after those cards.)

Pure Python; it never imports pygame.
"""

from __future__ import annotations

import math
import time

from ..engine.state import Game, Move
from .knowledge import PositionHash

#: the most positions :func:`dead_end` looks at (beyond it, it cannot tell): a dead end
#: of Row 1's shuffles is a few hundred positions at most
DEAD_END_POSITIONS = 1500
#: and the longest it looks, in milliseconds: the table asks after each move, in the
#: frame
DEAD_END_MS = 6.0
#: positions between two looks at the clock
_CLOCK_EVERY = 32


def dead_end(game: Game, limit: int = DEAD_END_POSITIONS, max_ms: float | None = DEAD_END_MS) -> bool:
    """True when nothing the player does can bring another card to a foundation, whatever
    the unseen cards are, so ``game`` cannot be won from here: every position reachable
    from it was looked at (at most ``limit``), and no move on the way sends a card to a
    foundation or brings a stock card into play. False when such a move is within reach,
    when the limit or ``max_ms`` (None: no time limit) runs out first, and when the game
    is already won or has no legal move (the rules' own loss, which the table tells
    already). Only the player's view is searched; ``game`` is not changed."""
    return DeadEndLook(game, limit).run(max_ms) is True


class DeadEndLook:
    """:func:`dead_end`'s look, in as many slices of time as it takes: the table gives
    it a few milliseconds a frame, so that a large dead end (Union Square's legal moves cost
    so much that 64 positions took 6.4 ms) is told however busy the machine, and no frame
    waits for it.
    It looks at a copy of the player's view made when it starts: ``game`` may change
    meanwhile (the answer is then about the position it started from)."""

    def __init__(self, game: Game, limit: int = DEAD_END_POSITIONS) -> None:
        self.limit = limit
        self.answer: bool | None = None
        view = self.view = game.player_view()
        self.stock, self.foundations = view.stock, set(view.foundations)
        moves = [] if view.is_won() else view.legal_moves()
        if not moves or _leads_on(moves, self.stock, self.foundations):
            self.answer = False
        self.keys = PositionHash(view)
        self.seen = {self.keys.key()}
        self.stack = [iter(moves)]

    def run(self, max_ms: float | None = DEAD_END_MS) -> bool | None:
        """Look on for at most ``max_ms`` milliseconds (None: to the end): the answer
        (:func:`dead_end`'s, except that running out of time answers None: not known
        yet, to be run again)."""
        if self.answer is not None:
            return self.answer
        view, keys, seen, stack = self.view, self.keys, self.seen, self.stack
        stock, foundations = self.stock, self.foundations
        end = math.inf if max_ms is None else time.perf_counter() + max_ms / 1000.0
        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if stack:
                    view.undo()
                    keys.undone()
                continue
            transfers = view.play_legal(move)
            if any(t.src == stock or t.dst in foundations for t in transfers):
                return self._answer(False)  # a card goes home, or a card nobody has seen comes into play
            keys.played(transfers)
            key = keys.key()
            if key in seen:
                view.undo()
                keys.undone()
                continue
            seen.add(key)
            if len(seen) > self.limit:
                return self._answer(False)
            moves = view.legal_moves()
            if _leads_on(moves, stock, foundations):
                return self._answer(False)
            stack.append(iter(moves))
            if not len(seen) % _CLOCK_EVERY and time.perf_counter() > end:
                return None
        return self._answer(True)

    def _answer(self, answer: bool) -> bool:
        self.answer = answer
        self.stack = []
        return answer


def _leads_on(moves: list[Move], stock: int, foundations: set[int]) -> bool:
    """One of ``moves`` turns or deals a stock card or sends a card home (looked at
    before going deeper)."""
    return any(move.src == stock or move.dst in foundations for move in moves)
