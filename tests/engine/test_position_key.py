"""The position key: equal under the symmetry of interchangeable places, different when a
real difference exists; and the player's view of a position."""

from __future__ import annotations

import pytest

from game.engine import RULE_IDS, Game, game_from_layout, new_game

from .helpers import layout, position


def swapped(game: Game, a: str, b: str) -> Game:
    """The same position with the contents of places ``a`` and ``b`` exchanged."""
    other = game.clone()
    i, j = game.place_index(a), game.place_index(b)
    other.piles[i], other.piles[j] = other.piles[j], other.piles[i]
    return other


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
@pytest.mark.parametrize(("a", "b"), [("r1c1", "r1c8"), ("r2c2", "r2c7"), ("r3c1", "r3c4"),
                                      ("r4c3", "r4c5")])
def test_key_is_equal_when_two_places_of_one_row_swap_contents(rules: str, a: str, b: str) -> None:
    game = new_game(rules, "123456")
    assert game.piles[game.place_index(a)] != game.piles[game.place_index(b)]
    other = swapped(game, a, b)
    assert other.to_layout() != game.to_layout()
    assert other.key() == game.key()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_key_is_different_when_places_of_two_rows_swap_contents(rules: str) -> None:
    game = new_game(rules, "123456")
    assert swapped(game, "r1c1", "r2c1").key() != game.key()
    assert swapped(game, "r3c2", "r4c2").key() != game.key()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_key_is_equal_when_the_two_foundations_of_a_suit_swap(rules: str) -> None:
    one = position(rules, {"r1c1": "9D"}, foundations=[3, 1, 5, 2, 1, 1, 1, 1])
    two = position(rules, {"r1c1": "9D"}, foundations=[1, 3, 2, 5, 1, 1, 1, 1])
    assert one.key() == two.key()
    three = position(rules, {"r1c1": "9D"}, foundations=[1, 3, 2, 5, 1, 1, 2, 1])
    assert three.key() != one.key()


def test_union_square_key_is_equal_under_any_permutation_of_the_piles() -> None:
    game = new_game("union-square", "123456")
    game.play_all(game.legal_texts()[:1])
    other = game.clone()
    order = [19, 4, 12, 7, 5, 18, 6, 10, 9, 8, 17, 11, 16, 13, 15, 14]
    other.piles[4:20] = [game.piles[i] for i in order]
    assert other.piles != game.piles
    assert other.key() == game.key()


def test_square_key_is_equal_when_columns_swap_with_their_dealt_counts() -> None:
    game = position("square", {"c1": "2C 6H 5H", "c2": "9S", "c3": "3D 4D"}, dealt=[2, 1, 1, 0])
    other = position("square", {"c3": "2C 6H 5H", "c1": "9S", "c2": "3D 4D"}, dealt=[1, 1, 2, 0])
    assert other.key() == game.key()


def test_square_key_differs_when_the_dealt_count_changes_a_direction() -> None:
    built = position("square", {"c1": "2C 6H 5H"}, dealt=[2, 0, 0, 0])
    dealt = position("square", {"c1": "2C 6H 5H"}, dealt=[3, 0, 0, 0])
    assert (built.direction(4), dealt.direction(4)) == (-1, 0)
    assert built.key() != dealt.key()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_key_differs_when_the_stock_order_differs(rules: str) -> None:
    game = new_game(rules, "617")
    other = game.clone()
    stock = other.piles[other.stock]
    i = next(k for k in range(1, len(stock)) if stock[k] != stock[-1])
    stock[-1], stock[i] = stock[i], stock[-1]
    assert other.key() != game.key()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_key_differs_after_a_card_moves(rules: str) -> None:
    game = new_game(rules, "617")
    for move in game.legal_moves():
        other = game.clone()
        other.play(move)
        assert other.key() != game.key(), game.move_text(move)


def test_constitution_key_differs_by_the_row_of_the_owed_space() -> None:
    base = layout("constitution", {"r1c2": "9S", "r2c2": "5H", "r3c1": "7C", "r3c2": "6D", "r4c1": "2S"})
    none = game_from_layout(base)
    row1 = game_from_layout({**base, "owed": "r1c1"})
    row2 = game_from_layout({**base, "owed": "r2c1"})
    assert len({none.key(), row1.key(), row2.key()}) == 3
    other_row1 = game_from_layout({**base, "owed": "r1c5"})
    assert other_row1.key() == row1.key()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_player_view_hides_the_stock_and_keeps_everything_else(rules: str) -> None:
    game = new_game(rules, "31999")
    game.play(game.legal_moves()[0])
    view = game.player_view()
    assert view.is_view
    assert view.piles[view.stock] == [0] * len(game.piles[game.stock])
    assert all(view.piles[i] == game.piles[i] for i in range(len(game.piles)) if i != game.stock)
    assert view.legal_moves() == game.legal_moves()
    assert view.legal_texts() == game.legal_texts()
    layout_view, layout_game = view.to_layout(), game.to_layout()
    assert layout_view["stock"] == ["??"] * len(layout_game["stock"])
    assert {k: v for k, v in layout_view.items() if k != "stock"} == \
        {k: v for k, v in layout_game.items() if k != "stock"}
    view.piles[view.stock].clear()
    assert game.piles[game.stock], "the view must be a copy"
