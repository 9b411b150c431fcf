"""Lost games of every rule set, played by a bad policy and recorded as replays, for the
tests of the analysis ("Where did I go wrong?") and of ``main.py analyse``.

A line begins with the first ``keep`` moves of the solver's winning line (none for a deal
the solver does not win), so that it is lost late, where positions are small; then a bad
policy plays on: a move to a position not seen before (never back and forth), the last
one in the engine's order or one drawn by a seeded generator, until no legal move is left.
Everything is deterministic: the solver runs on a node budget that time never binds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import new_game
from game.engine.state import Game
from game.records.recorder import Recorder
from game.records.replay import Replay, parse_replay
from game.search.solver import WON, solve
from tests.records.helpers import STARTED, FakeClock


@dataclass(frozen=True)
class LostLine:
    """How one lost line is made: ``rules`` deal ``game``, the solver's first ``keep``
    moves, then the bad policy (the last fresh move, or a random one when ``seed`` is
    given)."""

    rules: str
    game: int
    keep: int = 0
    seed: int | None = None


#: one lost line per rule set that the analysis decides within a small node budget; the
#: tests check what it finds independently, never against numbers written here
LOST_LINES = {
    "constitution": LostLine("constitution", 3, seed=0),
    "constitution-cadogan": LostLine("constitution-cadogan", 1, keep=198),
    "square": LostLine("square", 1),
    "union-square": LostLine("union-square", 1, keep=208),
}


def play_bad_policy(game: Game, seed: int | None) -> None:
    """Play ``game`` on with the bad policy until no move leads to a fresh position."""
    rng = random.Random(seed)
    seen = {game.key()}
    while True:
        fresh = []
        for move in sorted(game.legal_moves()):
            game.play(move)
            if game.key() not in seen:
                fresh.append(move)
            game.undo()
        if not fresh:
            return
        game.play(fresh[-1] if seed is None else rng.choice(fresh))
        seen.add(game.key())


def lost_replay(line: LostLine) -> Replay:
    """The recorded game of ``line``, written out and read back as a replay file is."""
    game = new_game(line.rules, line.game)
    if line.keep:
        result = solve(game, max_nodes=200_000, max_seconds=1e6)
        assert result.status == WON
        for text in result.moves[: line.keep]:
            game.play_text(text)
    play_bad_policy(game, line.seed)
    clock = FakeClock()
    recorder = Recorder(new_game(line.rules, line.game), clock=clock, started=STARTED)
    for step in game.history:
        clock.advance(1.0)
        recorder.play(step.move)
    return parse_replay(recorder.replay().to_text())
