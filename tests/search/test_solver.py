"""The solver: wins replay to wins in the engine, small positions are answered right,
and "lost" is said only when the whole position graph was searched."""

from __future__ import annotations

import pytest

from game.engine import new_game
from game.search.solver import solve

from .layouts import rows_layout, square_layout


def replays_to_win(game, moves: list[str]) -> bool:
    copy = game.clone()
    copy.play_all(moves)
    return copy.is_won()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_rows_two_cards_left_is_won(rules: str) -> None:
    game = rows_layout(rules, {4: 9}, [["JH", "10H"]])
    result = solve(game, max_seconds=2)
    assert result.status == "won"
    assert result.moves == ["r1c1-f5", "r1c1-f5"]
    assert replays_to_win(game, result.moves)


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_rows_jack_over_ten_is_lost(rules: str) -> None:
    # the Jack can go nowhere (there are no Queens) and it covers the Ten
    game = rows_layout(rules, {4: 9}, [["10H", "JH"]])
    result = solve(game, max_seconds=2)
    assert result.status == "lost"
    assert result.moves == []


def test_constitution_needs_a_build_between_row1_piles() -> None:
    # 10H covers 9S; 9H is under JH. Only building 10H on JS frees 9S ... and the rest.
    game = rows_layout("constitution", {2: 8, 4: 8}, [["9S", "10H"], ["JS"], ["JH", "9H"], ["10S"]])
    result = solve(game, max_seconds=2)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_square_ace_under_two_is_lost_but_union_square_wins_with_a_space() -> None:
    # clubs need 2C then AC; the AC covers the 2C. Square never fills a space from the
    # tableau, Union Square does.
    square = square_layout("square", {0: 24}, [["2C", "AC"]])
    assert solve(square, max_seconds=2).status == "lost"
    union = square_layout("union-square", {0: 24}, [["2C", "AC"]])
    result = solve(union, max_seconds=2)
    assert result.status == "won"
    assert replays_to_win(union, result.moves)


def test_square_uses_the_stock_it_can_see() -> None:
    game = square_layout("square", {0: 24, 3: 25}, [["2C"]], stock=["AD", "AC"])
    result = solve(game, max_seconds=2)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_budget_cut_is_unknown_never_lost() -> None:
    game = new_game("square", 1)
    result = solve(game, max_nodes=2000, max_seconds=5)
    assert result.status == "unknown"
    assert result.moves == []


def test_solver_does_not_touch_the_game() -> None:
    game = new_game("constitution", 3)
    game.play(game.legal_moves()[0])
    before = (game.key(), len(game.history))
    solve(game, max_seconds=2)
    assert (game.key(), len(game.history)) == before


@pytest.mark.parametrize("number", [1, 2, 3])
def test_constitution_deal_wins_replay(number: int) -> None:
    game = new_game("constitution", number)
    result = solve(game, max_seconds=5)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_view_is_refused() -> None:
    with pytest.raises(ValueError):
        solve(new_game("square", 1).player_view())


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_position_hash_matches_the_engine_key(rules: str) -> None:
    """Incremental hashes equal fresh ones, and equal hashes mean equal engine keys."""
    import random

    from game.search.knowledge import PositionHash

    rng = random.Random(7)
    by_hash: dict[int, bytes] = {}
    for number in range(1, 6):
        game = new_game(rules, number)
        hasher = PositionHash(game)
        for _ in range(150):
            moves = game.legal_moves()
            if not moves:
                break
            transfers = game.undo() if game.history and rng.random() < 0.2 else game.play(rng.choice(moves))
            hasher.update(p for t in transfers for p in (t.src, t.dst))
            key = hasher.key()
            assert key == PositionHash(game).key()
            assert by_hash.setdefault(key, game.key()) == game.key()


def test_cadogan_dead_position_is_lost_at_once() -> None:
    # both 9H lie in Row 1 under a higher heart: no hearts foundation can pass 8
    from game.search.knowledge import is_dead

    game = rows_layout("constitution-cadogan", {4: 8, 5: 8},
                       [["9H", "10H"], ["9H", "JH"], ["10H"], ["JH"]])
    assert is_dead(game)
    result = solve(game, max_seconds=2)
    assert result.status == "lost"
