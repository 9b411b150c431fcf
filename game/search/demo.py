"""The demo player: plays a game by itself, one hint at a time, as honestly as a person.

It sees only the player's view (through :func:`game.search.hint.hints`), so its results
measure what a careful player could do without peeking at the stock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..engine.rulesets import new_game
from ..engine.state import Game, Move
from .hint import hints

#: more moves than any of these games needs: a demo that gets here is going round in circles
DEFAULT_MAX_MOVES = 1500
#: the demo looks further than the hint: a move every few tens of milliseconds is still
#: quick to watch, and three times the hint's nodes win many more games
DEMO_MAX_NODES = 1000
DEMO_MAX_MS = 200.0


@dataclass
class DemoResult:
    """How one demo game went."""

    rules: str
    game: str
    won: bool
    moves: list[str] = field(default_factory=list)  # the moves played, in notation
    on_foundations: int = 0  # cards on the foundations at the end
    seconds: float = 0.0


def demo_move(game: Game, *, max_nodes: int = DEMO_MAX_NODES, max_ms: float = DEMO_MAX_MS) -> Move | None:
    """The demo player's next move in ``game`` (its best hint), or None when no move is
    left or every move only goes back to a position the game has already been through."""
    ranked = hints(game, max_nodes=max_nodes, max_ms=max_ms, avoid_repeats=True)
    return ranked[0].move if ranked else None


def play_demo(rules: str, number: str, *, max_moves: int = DEFAULT_MAX_MOVES,
              max_nodes: int = DEMO_MAX_NODES, max_ms: float = DEMO_MAX_MS) -> DemoResult:
    """Play deal ``number`` of ``rules`` from the start with the demo player.

    Stops when the game is won, no move is left (or none that leads anywhere new), or
    after ``max_moves`` moves.
    Raises UnknownRulesError / GameNumberError for a bad rule set or number.
    """
    start = time.perf_counter()
    game = new_game(rules, number)
    while len(game.history) < max_moves:
        move = demo_move(game, max_nodes=max_nodes, max_ms=max_ms)
        if move is None:
            break
        game.play(move)
    return DemoResult(game.rules, game.game, game.is_won(),
                      [game.move_text(m) for m in game.moves_played],
                      sum(len(game.piles[f]) for f in game.foundations),
                      time.perf_counter() - start)
