"""British Constitution, Lady Cadogan (``constitution-cadogan``): one test per rule
sentence of docs/rules.md, the legal side and the illegal side."""

from __future__ import annotations

import pytest

from game.engine import LayoutError, Transfer, game_from_layout, new_game
from game.engine.cards import parse_card

from .helpers import layout, legal, position, reason

R = "constitution-cadogan"


def c(text: str) -> int:
    return parse_card(text)


@pytest.mark.parametrize("number", ["1", "11982", "123456789012345"])
def test_setup_one_card_per_place_one_on_the_waste_47_in_stock(number: str) -> None:
    game = new_game(R, number)
    assert game.card_total() == 88
    assert all(len(game.piles[t]) == 1 for t in game.tableau)
    assert len(game.piles[game.waste]) == 1
    assert len(game.piles[game.stock]) == 47
    assert [game.foundation_suit(f) for f in game.foundations] == [0, 0, 1, 1, 2, 2, 3, 3]


def _rows() -> object:
    return position(R, {"r1c1": "9S", "r2c1": "8H", "r2c2": "8S", "r3c1": "7C", "r3c2": "8D",
                        "r4c1": "6D", "r4c2": "8H", "r4c3": "5C", "r1c2": "9C", "r2c3": "9D"},
                    waste="5S")


def test_every_row_builds_down_in_alternate_colours_from_the_row_below() -> None:
    game = _rows()
    for text in ("r2c1-r1c1", "r3c1-r2c1", "r4c1-r3c1", "w-r4c1"):
        assert legal(game, text), text
    assert "8♠ cannot go on 9♠" in reason(game, "r2c2-r1c1")
    assert "5♣ cannot go on 8♦" in reason(game, "r4c3-r3c2")


def test_row1_never_takes_from_row3() -> None:
    game = _rows()
    assert reason(game, "r3c2-r1c1") == "Row 1 takes cards only from Row 2"


@pytest.mark.parametrize(("move", "why"), [
    ("r4c2-r1c1", "Row 1 takes cards only from Row 2"),
    ("r1c2-r1c1", "Row 1 takes cards only from Row 2"),
    ("w-r1c1", "Row 1 takes cards only from Row 2"),
    ("r2c3-r2c2", "Row 2 takes cards only from Row 3"),
    ("r1c1-r2c3", "Row 2 takes cards only from Row 3"),
    ("r4c2-r2c1", "Row 2 takes cards only from Row 3"),
    ("w-r3c2", "Row 3 takes cards only from Row 4"),
    ("r2c1-r3c2", "Row 3 takes cards only from Row 4"),
    ("r4c3-r4c1", "Row 4 takes cards only from the waste"),
    ("r3c1-r4c1", "Row 4 takes cards only from the waste"),
    ("s-r4c1", "the stock is turned only onto the waste"),
])
def test_each_row_takes_cards_only_from_the_row_directly_below(move: str, why: str) -> None:
    assert reason(_rows(), move) == why


def test_row_build_needs_one_rank_lower_of_the_other_colour() -> None:
    game = position(R, {"r3c1": "9S", "r4c1": "7H", "r4c2": "8S", "r4c3": "10H", "r4c4": "8D"})
    assert legal(game, "r4c4-r3c1")
    assert reason(game, "r4c1-r3c1") == "7♥ cannot go on 9♠ (it needs an 8 of the other colour)"
    assert not legal(game, "r4c2-r3c1") and not legal(game, "r4c3-r3c1")


def test_empty_pile_in_rows_1_to_3_takes_any_top_card_of_the_row_below_optionally() -> None:
    game = position(R, {"r1c1": "9S", "r2c1": "8H", "r2c2": "JD", "r2c3": "2C", "r3c2": "5H",
                        "r4c1": "3S", "r4c2": "JS", "r3c3": "4C"}, waste="10H")
    for text in ("r2c1-r1c2", "r2c2-r1c2", "r2c3-r1c2", "r4c1-r3c1", "r4c2-r3c1",
                 "r3c2-r2c4", "r3c3-r2c4"):
        assert legal(game, text), text
    assert reason(game, "r3c2-r1c2") == "Row 1 takes cards only from Row 2"
    assert reason(game, "w-r3c1") == "Row 3 takes cards only from Row 4"
    # filling is optional: other moves stay legal while spaces are open
    assert legal(game, "r2c1-r1c1") and legal(game, "s-w")


def test_empty_row4_pile_is_filled_at_once_from_the_waste_and_the_waste_from_the_stock() -> None:
    game = position(R, {"r3c1": "7C", "r4c1": "6D"}, waste="5S", stock_top="10H")
    r3c1, r4c1 = game.place_index("r3c1"), game.place_index("r4c1")
    before = game.to_layout()
    transfers = game.play_text("r4c1-r3c1")
    assert transfers == [Transfer(r4c1, r3c1, c("6D"), False),
                         Transfer(game.waste, r4c1, c("5S"), True),
                         Transfer(game.stock, game.waste, c("10H"), True)]
    assert game.piles[r4c1] == [c("5S")] and game.piles[game.waste] == [c("10H")]
    back = game.undo()
    assert len(back) == 3
    assert game.to_layout() == before
    assert game.redo() == transfers


def test_waste_with_cards_left_is_not_refilled_from_the_stock() -> None:
    game = position(R, {"r3c1": "7C", "r4c1": "6D"}, waste="JH 5S")
    transfers = game.play_text("r4c1-r3c1")
    assert [t.auto for t in transfers] == [False, True]
    assert game.piles[game.waste] == [c("JH")]


def test_waste_emptied_by_a_row4_build_is_refilled_at_once_from_the_stock() -> None:
    game = position(R, {"r4c1": "6D"}, waste="5S", stock_top="10H")
    transfers = game.play_text("w-r4c1")
    assert transfers == [Transfer(game.waste, game.place_index("r4c1"), c("5S"), False),
                         Transfer(game.stock, game.waste, c("10H"), True)]


def test_with_the_stock_empty_the_waste_and_then_row4_stay_empty() -> None:
    game = position(R, {"r4c1": "2C", "r4c2": "4C", "r1c1": "5C 6C 7C 8C 9C 10C JC"}, waste="3C",
                    foundations=[1, 11, 11, 11, 11, 11, 11, 11], rest_to_stock=False)
    r4c1 = game.place_index("r4c1")
    assert [t.auto for t in game.play_text("r4c1-r3c1")] == [False, True]
    assert game.piles[r4c1] == [c("3C")]
    assert not game.piles[game.waste] and not game.piles[game.stock]
    assert [t.auto for t in game.play_text("r4c1-r3c2")] == [False]
    assert not game.piles[r4c1]
    assert reason(game, "r4c2-r4c1") == "Row 4 takes cards only from the waste"


def test_stock_is_turned_one_card_at_a_time_once_through_without_redeal() -> None:
    game = new_game(R, "1")
    assert legal(game, "s-w")
    top = game.piles[game.stock][-1]
    transfers = game.play_text("s-w")
    assert transfers == [Transfer(game.stock, game.waste, top, False)]
    for _ in range(46):
        game.play_text("s-w")
    assert not game.piles[game.stock] and len(game.piles[game.waste]) == 48
    assert reason(game, "s-w") == "the stock is empty"
    assert reason(game, "w-s") == "nothing goes back to the stock"
    assert all(m.src != game.stock and m.dst != game.stock for m in game.legal_moves())


def test_only_row1_tops_go_to_the_foundations_never_the_waste_or_stock() -> None:
    game = position(R, {"r1c1": "5H 2C", "r2c1": "2C"}, waste="2S", stock_top="2H")
    assert legal(game, "r1c1-f1") and legal(game, "r1c1-f2")
    assert reason(game, "r2c1-f1") == "only the top cards of Row 1 go to the foundations"
    assert reason(game, "w-f3") == "only the top cards of Row 1 go to the foundations"
    assert "the stock is turned only onto the waste" in reason(game, "s-f5")
    assert reason(game, "r1c1-w") == "only the stock turns onto the waste"


def test_foundations_build_up_by_suit_and_end_at_the_jack() -> None:
    game = position(R, {"r1c1": "10C", "r1c2": "3S", "r1c3": "2S"}, foundations=[11, 9, 1, 1, 1, 1, 1, 1])
    assert "complete" in reason(game, "r1c1-f1")
    assert legal(game, "r1c1-f2")
    assert reason(game, "r1c2-f3") == "the ♠ foundation needs 2♠ next"
    assert reason(game, "r1c3-f1") == "the ♣ foundation takes only clubs"
    assert legal(game, "r1c3-f3") and legal(game, "r1c3-f4")


def test_waste_to_an_empty_row4_pile_is_offered_exactly_when_allowed() -> None:
    """An empty Row 4 pile next to a waste with cards cannot arise in play (it is filled at
    once), but from_layout accepts it; then legal_moves and why_illegal must still agree
    (or from_layout must refuse the layout)."""
    try:
        game = game_from_layout(layout(R, {"r1c1": "9S", "r4c2": "6D"}, waste="5S"))
    except LayoutError:
        return
    move = game.parse_move("w-r4c1")
    assert (game.why_illegal(move) is None) == (move in game.legal_moves())
