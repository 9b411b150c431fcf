"""The hint keeps won games: positions where a move that looks as good as another throws
the win away. The keep-won rate over many runs is a bench figure (``main.py bench``,
``hint_keep_won_pct``); these are single positions checked against the solver."""

from __future__ import annotations

import pytest

from game.search.hint import hints
from game.search.solver import solve

from .layouts import thrown_away_base

#: a winning line (the solver's) from the position after ``r1c7-r1c1``
BUILD_THEN = (
    "r2c3-r1c2 r3c8-r2c3 r4c5-r3c8 r1c1-r1c7 r2c7-r1c2 r3c3-r2c7 r4c5-r3c3 r1c7-r1c1 r1c1-r1c8 r1c3-r1c8 "
    "r2c3-r1c3 r3c3-r2c3 r4c5-r3c3 r1c3-f6 r2c5-r1c3 r3c3-r2c5 r4c1-r3c3 r1c3-f1 r2c8-r1c3 r3c5-r2c8 "
    "r4c1-r3c5 r2c8-r1c3 r3c5-r2c8 r4c1-r3c5 r2c3-r1c3 r3c5-r2c3 r4c1-r3c5 r2c2-r1c3 r3c5-r2c2 r4c1-r3c5 "
    "r2c3-r1c3 r3c5-r2c3 r4c1-r3c5 r1c4-r1c3 r1c6-r1c4 r2c8-r1c6 r3c5-r2c8 r4c1-r3c5 r1c6-f5 r2c8-r1c6 "
    "r3c5-r2c8 r4c1-r3c5 r1c3-f5 r1c7-f5 r2c2-r1c7 r3c2-r2c2 r4c1-r3c2 r2c2-r1c7 r3c5-r2c2 r4c1-r3c5 "
    "r2c8-r1c7 r3c5-r2c8 r4c2-r3c5 r1c2-r1c7 r1c5-r1c2 r2c1-r1c5 r3c2-r2c1 r4c2-r3c2 r1c4-r1c3 r2c8-r1c3 "
    "r3c2-r2c8 r4c2-r3c2 r2c8-r1c6 r3c2-r2c8 r4c2-r3c2 r1c6-f2 r2c2-r1c3 r3c2-r2c2 r4c2-r3c2 r1c3-f7 "
    "r1c3-f2 r1c8-f7 r1c8-f4 r1c3-r1c4 r1c3-f4 r1c3-f5 r1c7-f5 r2c2-r1c2 r3c2-r2c2 r4c2-r3c2 r1c2-f1 "
    "r1c3-f1 r1c3-f5 r1c5-r1c7 r1c5-f1 r1c5-f5 r2c2-r1c5 r3c2-r2c2 r4c4-r3c2 r1c5-f8 r2c2-r1c5 r3c2-r2c2 "
    "r4c5-r3c2 r1c6-f8 r2c8-r1c6 r3c5-r2c8 r4c5-r3c5 r1c6-f3 r2c1-r1c6 r3c5-r2c1 r4c5-r3c5 r1c6-f3 "
    "r2c4-r1c6 r3c5-r2c4 r4c5-r3c5 r1c3-f3 r2c4-r1c3 r3c5-r2c4 r4c4-r3c5 r1c6-f1 r2c4-r1c6 r3c8-r2c4 "
    "r4c8-r3c8 r1c6-f2 r2c2-r1c6 r3c5-r2c2 r4c8-r3c5 r1c6-f5 r2c4-r1c6 r3c5-r2c4 r4c8-r3c5 r1c6-f1 "
    "r2c3-r1c6 r3c5-r2c3 r4c5-r3c5 r1c3-f7 r2c3-r1c3 r3c2-r2c3 r4c4-r3c2 r1c5-f8 r2c3-r1c5 r3c3-r2c3 "
    "r4c3-r3c3 r1c5-f5 r2c3-r1c5 r3c8-r2c3 r4c7-r3c8 r1c5-f1 r2c2-r1c5 r3c6-r2c2 r4c2-r3c6 r1c3-f6 "
    "r2c5-r1c3 r3c5-r2c5 r4c1-r3c5 r1c4-f6 r1c4-f2 r1c8-f6 r1c5-f2 r2c5-r1c5 r3c2-r2c5 r4c6-r3c2 r1c5-f6 "
    "r2c1-r1c5 r3c6-r2c1 r1c2-f6 r1c8-f4 r2c1-r1c8 r3c1-r2c1 r1c5-f4 r2c6-r1c5 r3c7-r2c6 r1c1-f7 "
    "r2c2-r1c1 r3c4-r2c2 r1c4-f7 r1c4-f2 r1c4-f6 r1c2-f2 r1c6-f8 r2c5-r1c6 r3c3-r2c5 r1c3-f8 r2c1-r1c3 "
    "r3c8-r2c1 r1c7-f7 r1c7-f4 r1c1-f8 r2c6-r1c1 r3c2-r2c6 r1c4-f4 r2c4-r1c4 r3c5-r2c4 r1c6-f2 r2c8-r1c6 "
    "r1c8-f6 r2c2-r1c8 r1c6-f6 r2c3-r1c6 r1c4-f2 r2c7-r1c4 r1c6-f2 r2c1-r1c6 r1c8-f6 r2c5-r1c8 r1c1-f7 "
    "r2c4-r1c1 r1c2-f7 r1c2-f3 r2c6-r1c2 r1c3-f8 r1c7-f8 r1c4-f3 r1c6-f7 r1c1-f7 r1c7-f4 r1c5-f4 r1c8-f8 "
    "r1c2-f8"
)


@pytest.mark.slow
def test_the_thrown_away_base_position_is_what_it_says() -> None:
    game = thrown_away_base()
    drop = game.clone()
    drop.play_text("r1c7-f4")
    assert solve(drop, max_nodes=200_000, max_seconds=600).status == "lost"
    game.play_text("r1c7-r1c1")
    game.play_all(BUILD_THEN)
    assert game.is_won()


@pytest.mark.xfail(strict=True, reason="the hint still gives the base away: the drop and the build "
                                       "look equal to its search (issue 30, game 11776's shape)")
def test_the_hint_keeps_the_base_the_win_needs() -> None:
    game = thrown_away_base()
    assert game.move_text(hints(game, max_ms=None)[0].move) != "r1c7-f4"
