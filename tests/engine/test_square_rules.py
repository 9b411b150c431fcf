"""British Square, English layout (``square``): one test per rule sentence of docs/rules.md,
the legal side and the illegal side."""

from __future__ import annotations

import pytest

from game.engine import Transfer, new_game
from game.engine.cards import parse_card
from game.engine.square import Square

from .helpers import legal, position, reason

R = "square"


def c(text: str) -> int:
    return parse_card(text)


def square(places: dict[str, str], **kwargs: object) -> Square:
    game = position(R, places, **kwargs)  # type: ignore[arg-type]
    assert isinstance(game, Square)
    return game


@pytest.mark.parametrize("number", ["1", "31999", "99999999999999999999"])
def test_setup_four_columns_of_four_empty_foundations_and_waste_88_in_stock(number: str) -> None:
    game = new_game(R, number)
    assert game.card_total() == 104
    assert [len(game.piles[t]) for t in game.tableau] == [4, 4, 4, 4]
    assert all(not game.piles[f] for f in game.foundations)
    assert not game.piles[game.waste] and len(game.piles[game.stock]) == 88
    assert isinstance(game, Square)
    assert [game.direction(t) for t in game.tableau] == [0, 0, 0, 0]


# ----- foundations ------------------------------------------------------------------------

def test_foundation_takes_the_ace_of_its_suit_first() -> None:
    game = square({"c1": "9D AS", "c2": "9D 2S"})
    assert [game.foundation_suit(f) for f in game.foundations] == [0, 1, 2, 3]
    assert legal(game, "c1-f2")
    assert reason(game, "c1-f1") == "the ♣ foundation takes only clubs"
    assert reason(game, "c2-f2") == "the ♠ foundation needs A♠ next"


def test_foundation_goes_up_to_the_king_then_down_from_the_other_king() -> None:
    game = square({"c1": "9D KC", "c2": "9D QC"}, foundations=[12, 0, 0, 0])
    assert legal(game, "c1-f1")
    assert reason(game, "c2-f1") == "the ♣ foundation needs K♣ next"
    game.play_text("c1-f1")
    assert reason(game, "c2-f1") == "the ♣ foundation needs K♣ next"
    game = square({"c1": "9D KC", "c2": "9D QC"}, foundations=[13, 0, 0, 0])
    assert legal(game, "c1-f1")
    assert reason(game, "c2-f1") == "the ♣ foundation needs K♣ next"
    game.play_text("c1-f1")
    assert legal(game, "c2-f1")
    game = square({"c2": "9D AC"}, foundations=[25, 0, 0, 0])
    assert legal(game, "c2-f1")
    game.play_text("c2-f1")
    assert len(game.piles[0]) == 26
    assert game.piles[0] == game.foundation_sequence(0)


def test_full_foundation_of_26_takes_nothing() -> None:
    game = square({"c1": "5D"}, foundations=[26, 0, 0, 0])
    assert game.foundation_sequence(0)[:13] == game.foundation_sequence(0)[13:][::-1]
    assert reason(game, "c1-f1") == "the ♣ foundation takes only clubs"
    assert all(m.dst != 0 for m in game.legal_moves())


def test_available_cards_are_column_tops_and_the_waste_top_not_the_stock() -> None:
    game = square({"c1": "AH 9D"}, waste="AS", stock_top="AC")
    assert legal(game, "w-f2")
    assert reason(game, "c1-f3") == "the ♥ foundation takes only hearts"
    assert "the stock is turned onto the waste or into an empty column" in reason(game, "s-f1")


# ----- building on the columns ---------------------------------------------------------------

def test_column_builds_same_suit_one_rank_higher_or_lower() -> None:
    game = square({"c1": "2C 6H", "c2": "2C 5H", "c3": "2D 7H", "c4": "2D 5S"}, waste="8H")
    assert legal(game, "c2-c1") and legal(game, "c3-c1")
    assert reason(game, "c4-c1") == "5♠ cannot go on 6♥ (it needs a card of the same suit)"
    assert reason(game, "w-c1") == "8♥ cannot go on 6♥ (it needs one rank higher or lower)"


def test_no_wrap_between_king_and_ace() -> None:
    game = square({"c1": "2C KH", "c2": "2C AH", "c3": "2D QH", "c4": "3D 2H"})
    assert not legal(game, "c2-c1") and not legal(game, "c1-c2")
    assert legal(game, "c3-c1") and legal(game, "c4-c2")


def test_first_built_card_fixes_the_direction_and_it_holds_while_built_cards_are_on_top() -> None:
    game = square({"c1": "2C 6H", "c2": "2C 5H", "c3": "2D 4H", "c4": "3D 6H"}, waste="3H")
    assert game.direction(4) == 0
    game.play_text("c2-c1")
    assert game.direction(4) == -1
    assert reason(game, "c4-c1") == "6♥ cannot go on 5♥ (that column is being built down)"
    game.play_text("c3-c1")
    assert game.direction(4) == -1
    assert legal(game, "w-c1")
    assert not legal(game, "c4-c1")


def test_column_is_free_again_when_its_top_is_a_dealt_card() -> None:
    game = square({"c1": "2C 6H 5H", "c2": "2C 4H", "c3": "2D 7H", "c4": "3D 5H"}, dealt=[2, 2, 2, 2])
    assert game.direction(4) == -1
    assert not legal(game, "c3-c1")
    game.play_text("c1-c2")  # 5H goes up onto 4H; c1's top is its dealt 6H again
    assert game.direction(4) == 0 and game.direction(5) == 1
    assert legal(game, "c3-c1") and legal(game, "c4-c1")


def test_moving_the_top_of_a_run_to_another_column_reverses_the_sequence() -> None:
    game = square({"c1": "2C 7H 6H 5H", "c2": "2C 4H"}, dealt=[2, 2, 0, 0])
    game.play_all("c1-c2 c1-c2 c1-c2")
    assert game.piles[5] == [c("2C"), c("4H"), c("5H"), c("6H"), c("7H")]
    assert game.direction(5) == 1 and game.dealt == [1, 2, 0, 0]
    assert game.direction(4) == 0


def test_filling_card_in_an_empty_column_is_free_in_both_directions() -> None:
    game = square({"c2": "2C 6S", "c3": "2C 8S", "c4": "3D 5S"}, waste="7S")
    game.play_text("w-c1")
    assert game.dealt[0] == 1 and game.direction(4) == 0
    assert legal(game, "c2-c1") and legal(game, "c3-c1")
    game.play_text("c2-c1")
    assert game.direction(4) == -1 and not legal(game, "c3-c1")
    game.play_text("c1-c4")
    assert game.direction(4) == 0 and legal(game, "c3-c1")


def test_empty_column_is_filled_only_from_the_waste_or_the_stock() -> None:
    game = square({"c2": "2C 6S", "c3": "2C 8S"}, waste="JD", stock_top="QH")
    assert legal(game, "w-c1") and legal(game, "s-c1")
    assert reason(game, "c2-c1") == ("an empty column is filled only from the waste or the stock, "
                                     "never from column 2")
    assert reason(game, "s-c2") == "column 2 is not empty (the stock fills only spaces)"
    transfers = game.play_text("s-c1")
    assert transfers == [Transfer(game.stock, 4, c("QH"), False)]
    assert game.piles[4] == [c("QH")] and game.dealt[0] == 1


def test_empty_column_is_never_filled_by_itself() -> None:
    game = square({"c1": "AD", "c2": "2C 6S"})
    assert [t.auto for t in game.play_text("c1-f4")] == [False]
    assert not game.piles[4]


def test_stock_turns_one_card_at_a_time_onto_the_waste_once_through() -> None:
    game = new_game(R, "617")
    top = game.piles[game.stock][-1]
    assert game.play_text("s-w") == [Transfer(game.stock, game.waste, top, False)]
    for _ in range(87):
        game.play_text("s-w")
    assert not game.piles[game.stock] and len(game.piles[game.waste]) == 88
    assert reason(game, "s-w") == "the stock is empty"
    assert reason(game, "w-s") == "nothing can be put on the stock"
    assert all(game.stock not in m for m in game.legal_moves())


def test_foundation_cards_never_leave() -> None:
    game = square({"c1": "2H 3C"}, foundations=[2, 0, 0, 0])
    assert reason(game, "f1-c1") == "cards never leave the ♣ foundation"
    assert reason(game, "f1-w") == "cards never leave the ♣ foundation"


@pytest.mark.parametrize(("height", "way"), [(0, 0), (1, 1), (12, 1), (13, -1), (17, -1), (25, -1), (26, 0)])
def test_a_foundation_goes_up_to_its_first_king_and_down_from_there(height: int, way: int) -> None:
    # at thirteen cards the next is the other King, and the ranks below it follow
    game = square({}, foundations=[height, 0, 0, 0])
    assert game.foundation_direction(0) == way
    assert [game.foundation_direction(0, n) for n in (0, 5, 13, 26)] == [0, 1, -1, 0]
    assert all(game.foundation_direction(f) == 0 for f in (1, 2, 3))
