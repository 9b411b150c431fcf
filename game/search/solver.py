"""The solver: can this deal be won? Full information (it sees the stock), so its answer
is a property of the deal, never advice to a player.

A depth-first search over the position graph with make/unmake (``play``/``undo`` on one
private clone). Every position reached is put in a set keyed by its position hash
(:class:`~game.search.knowledge.PositionHash`, equal when ``Game.key()`` is); a
position already in the set is not searched again. That is a reachability search, so it
is complete: if a won position can be reached, it is found. When the search ends without
running out of budget and without a win, every reachable position has been seen, which
proves the deal lost. When the budget runs out, the answer is "unknown" — nothing seen
before the cut is trusted as a proof, because the whole search stops there.

Forced moves (see :mod:`game.search.knowledge`) are played without branching; the
other moves are tried best first by the evaluation of the position each leads to
(:mod:`game.search.evaluate`), ties in :func:`~game.search.knowledge.ordered_moves` order.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..engine.cadogan import Cadogan
from ..engine.square import Square
from ..engine.state import Game, Move
from .evaluate import evaluate
from .hint import rank_moves
from .knowledge import PositionHash, forced_move, is_dead, ordered_moves

WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: the default node budget: far more than ten seconds of search on one core
DEFAULT_MAX_NODES = 50_000_000
_CHECK_EVERY = 1024
#: the share of the time the greedy probe may take before the exhaustive search
PROBE_SHARE = 0.9
PROBE_NODES = 300
PROBE_MS = 50.0


@dataclass
class SolveResult:
    """What the solver found for a position."""

    status: str  # "won" | "lost" | "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line in notation when won
    nodes: int = 0  # positions the exhaustive search visited
    seconds: float = 0.0
    probe_seconds: float = 0.0  # of which the greedy probe took this long


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


class _Search:
    """One solver run: the private position, the seen set and the budget."""

    def __init__(self, game: Game, max_nodes: int, max_seconds: float) -> None:
        self.game = game
        self.hash = PositionHash(game)
        self.seen: set[int] = {self.hash.key()}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = time.perf_counter() + max_seconds
        self.win: list[str] = []

    def run(self) -> bool:
        """True when a win was found (``self.win`` holds it), False when proved lost.

        An explicit stack of move iterators, one per position on the current line, so
        that lines thousands of moves long need no recursion.
        """
        game = self.game
        seen = self.seen
        hasher = self.hash
        if game.is_won():
            return True
        stack = [iter(self._candidates())]
        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if stack:
                    hasher.update(p for t in game.undo() for p in (t.src, t.dst))
                continue
            hasher.update(p for t in game.play(move) for p in (t.src, t.dst))
            key = hasher.key()
            if key in seen:
                hasher.update(p for t in game.undo() for p in (t.src, t.dst))
                continue
            seen.add(key)
            self.nodes += 1
            if self.nodes % _CHECK_EVERY == 0 and (
                    self.nodes >= self.max_nodes or time.perf_counter() > self.deadline):
                raise _OutOfBudget
            if game.is_won():
                self.win = [game.move_text(m) for m in game.moves_played]
                return True
            stack.append(iter(self._candidates()))
        return False

    def _candidates(self) -> list[Move]:
        """The moves to try here: the forced one alone, or all in a good order."""
        game = self.game
        moves = game.legal_moves()
        if not moves or is_dead(game):
            return []
        forced = forced_move(game, moves)
        if forced is not None:
            return [forced]
        ordered = ordered_moves(game, moves)
        if len(ordered) < 2:
            return ordered
        scored = []
        for i, move in enumerate(ordered):
            game.play(move)
            scored.append((-evaluate(game, 0), i, move))
            game.undo()
        scored.sort()
        return [m for _, _, m in scored]


def probe(game: Game, deadline: float, *, max_nodes_per_move: int = PROBE_NODES) -> list[str]:
    """Play one line greedily with the hint's lookahead, seeing the whole deal.

    Returns the line in notation (a win when the copy ends won).
    Where the depth-first order wanders, this finds many wins of the games with a waste
    quickly; it proves nothing when it fails.
    """
    copy = game.clone()
    hasher = PositionHash(copy)
    seen = {hasher.key()}
    while not copy.is_won() and time.perf_counter() < deadline:
        ranked = rank_moves(copy, seen, max_nodes=max_nodes_per_move, max_ms=PROBE_MS, avoid_repeats=True)
        if not ranked:
            break
        transfers = copy.play(ranked[0][0])
        hasher.update(p for t in transfers for p in (t.src, t.dst))
        seen.add(hasher.key())
    return [copy.move_text(m) for m in copy.moves_played]


def _probes_first(game: Game) -> bool:
    """Lady Cadogan and Square, where the depth-first order rarely finds a win in time and
    the probe sometimes does; Union Square's wins come quickly from the search itself."""
    return isinstance(game, (Cadogan, Square))


def solve(game: Game, *, max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float = 10.0) -> SolveResult:
    """Decide whether ``game`` can be won from its current position.

    Works on a clone (``game`` is never changed). Returns "won" with the winning moves
    (from this position, in notation), "lost" only when every reachable position was
    searched, or "unknown" when ``max_nodes`` or ``max_seconds`` ran out first.
    In Lady Cadogan and Square a greedy probe (:func:`probe`) first gets a share of the
    time. Raises ValueError for a player's view, whose stock is unknown.
    """
    if game.is_view:
        raise ValueError("the solver needs the whole deal, not a player's view")
    start = time.perf_counter()
    probe_seconds = 0.0
    if _probes_first(game) and not game.is_won():
        line = probe(game, start + PROBE_SHARE * max_seconds)
        probe_seconds = time.perf_counter() - start
        copy = game.clone()
        copy.play_all(line)
        if copy.is_won():
            return SolveResult(WON, line, 0, probe_seconds, probe_seconds)
    search = _Search(game.clone(), max_nodes, start + max_seconds - time.perf_counter())
    try:
        won = search.run()
        status = WON if won else LOST
    except _OutOfBudget:
        status = UNKNOWN
    return SolveResult(status, search.win if status == WON else [], search.nodes,
                       time.perf_counter() - start, probe_seconds)
