"""Shared pieces of the session tests: a session on a data folder of its own, with a
clock the test moves by hand, and a real deal's winning line."""

from __future__ import annotations

import datetime
from pathlib import Path

from game.engine import Game, new_game
from game.levels import Level
from game.records.settings import Settings
from game.records.store import Store
from game.session import PlaySession
from tests.records.helpers import FakeClock

WINS = Path(__file__).resolve().parents[1] / "data" / "wins"
#: a winning line of constitution game 1, found by the solver once and kept as data
CONSTITUTION_1_WIN = (WINS / "constitution-1.txt").read_text(encoding="utf-8").split()


def make_session(data: Path, game: Game, *, clock: FakeClock | None = None, auto_drop: bool = False,
                 hints: bool = True, level: Level | None = None, daily: datetime.date | None = None
                 ) -> PlaySession:
    """A session of ``game`` writing to ``data``, with its own settings and clock."""
    settings = Settings(auto_drop=auto_drop, hints=hints)
    return PlaySession(game, store=Store(data), settings=settings, clock=clock or FakeClock(),
                       level=level, daily=daily)


def level_1(par_moves: int, par_seconds: int) -> Level:
    """Level 1 of a constitution campaign: game 1, with the par given."""
    return Level(rules="constitution", number=1, game="1", solution=list(CONSTITUTION_1_WIN),
                 par_moves=par_moves, par_seconds=par_seconds, difficulty=10.0)


def play_line(session: PlaySession, moves: list[str], clock: FakeClock | None = None,
              seconds: float = 0.0) -> None:
    """Play the moves in notation through the session, ``seconds`` apart on ``clock``."""
    for text in moves:
        if clock is not None:
            clock.advance(seconds)
        outcome = session.play(session.game.parse_move(text))
        assert outcome.moved and not outcome.refused, text


def constitution_1(data: Path, *, clock: FakeClock | None = None, level: Level | None = None,
                   daily: datetime.date | None = None) -> PlaySession:
    """A session of constitution game 1 (a real deal, so it is recorded)."""
    return make_session(data, new_game("constitution", "1"), clock=clock, level=level, daily=daily)
