"""Perft: the number of move sequences of a given length from fixed positions.

These numbers PIN move generation. They were computed once with the engine as it was when
it first passed every golden playout of PySolFC (tests/data/golden); a change in what
legal_moves offers, or in what a move (with its automatic fills) does, changes a number
here. If a rule change is intended, recompute them and say why in the commit.
"""

from __future__ import annotations

import pytest

from game.engine import Game, new_game

DEALS = ("1", "617", "31999", "32000", "99999999999999999999")

PERFT_3 = {
    "constitution": (448, 384, 576, 576, 256),
    "constitution-cadogan": (3937, 3730, 5785, 2620, 1056),
    "square": (1, 1, 2, 4, 66),
    "union-square": (3473, 5385, 8578, 1893, 21565),
}

#: square branches so little that depth 3 says almost nothing; depth 5 is still cheap
SQUARE_PERFT_5 = (1, 2, 2, 6, 535)

#: mid-game positions: game 123456 after these moves, then (depth, count) pairs
MID_GAME = {
    "constitution": (
        "r2c4-r1c4 r3c3-r2c4 r4c5-r3c3 r2c1-r1c5 r3c7-r2c1 r4c5-r3c7 r2c6-r1c1 r3c4-r2c6 r4c8-r3c4 "
        "r2c1-r1c7 r3c7-r2c1 r4c4-r3c7 r1c8-r1c7 r2c6-r1c8 r3c2-r2c6 r4c4-r3c2 r2c3-r1c4 r3c8-r2c3 "
        "r4c3-r3c8 r1c8-f4 r2c4-r1c8 r3c7-r2c4 r4c1-r3c7 r1c4-f2 r2c4-r1c7 r3c7-r2c4 r4c8-r3c7 "
        "r1c3-f2 r2c3-r1c3 r3c6-r2c3",
        ((3, 416), (4, 3320)),
    ),
    "constitution-cadogan": (
        "r3c8-r2c1 r2c6-r1c1 r4c2-r3c8 r3c7-r2c6 r2c4-r1c4 r2c6-r1c7 r4c2-r3c7 r3c1-r2c6 r3c8-r2c4 "
        "r4c6-r3c8 r2c3-r1c4 r4c3-r3c1 r3c2-r2c3 r1c4-f2 r2c4-r1c3 r4c1-r3c2 r3c3-r2c4 r1c3-f6 "
        "r3c6-r2c3 r2c3-r1c7 r4c7-r3c6 r4c3-r3c3 r1c3-f2 r2c2-r1c3 r3c1-r2c2 r4c6-r3c6 r4c7-r3c1 "
        "w-r4c1 r1c1-f2 r3c3-r2c7",
        ((3, 780), (4, 8903)),
    ),
    "union-square": (
        "p5-f1 p16-p5 p14-p16 p4-p14 p10-p4 w-p1 p13-p3 p2-p13 p1-p15 p16-p2 p8-f3 p14-p8 p5-p14 "
        "p4-p16 p13-p5 p14-p13 p15-p1 p12-p10 p9-p14 p16-p9",
        ((3, 75868),),
    ),
}

SQUARE_MID_GAME = (
    "99999999999999999999",
    "c3-c4 c2-c1 c4-c3 c3-c4 c3-c4 s-w s-w s-w w-c3 s-w s-w s-w s-w s-w s-w s-w w-c3 s-w s-w s-w "
    "w-f1 s-w s-w s-w s-w s-w s-w s-w s-w s-w w-c1 s-w s-w s-w s-w s-w s-w s-w s-w s-w w-c3 s-w "
    "s-w s-w s-w s-w s-w s-w w-c2 c2-c4 c4-c2 c4-c2 c4-c2 c4-c2 c2-c1 c1-c2 c1-c2 c2-c1 c1-c2 "
    "c2-c1",
    ((3, 34), (4, 113), (5, 366)),
)


def perft(game: Game, depth: int) -> int:
    """Leaf move sequences of length ``depth`` (play, recurse, undo)."""
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        game.play(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


@pytest.mark.parametrize("rules", sorted(PERFT_3))
def test_perft_depth_3_on_five_deals(rules: str) -> None:
    counts = tuple(perft(new_game(rules, deal), 3) for deal in DEALS)
    assert counts == PERFT_3[rules]


def test_perft_depth_5_on_square_deals() -> None:
    assert tuple(perft(new_game("square", deal), 5) for deal in DEALS) == SQUARE_PERFT_5


@pytest.mark.parametrize("rules", sorted(MID_GAME))
def test_perft_from_a_mid_game_position(rules: str) -> None:
    moves, expected = MID_GAME[rules]
    game = new_game(rules, "123456")
    game.play_all(moves)
    before = game.to_layout()
    for depth, count in expected:
        assert perft(game, depth) == count, f"depth {depth}"
    assert game.to_layout() == before  # perft's play/undo left the position as it was


def test_perft_from_a_square_mid_game_position() -> None:
    deal, moves, expected = SQUARE_MID_GAME
    game = new_game("square", deal)
    game.play_all(moves)
    for depth, count in expected:
        assert perft(game, depth) == count, f"depth {depth}"
