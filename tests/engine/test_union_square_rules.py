"""British Square, American (``union-square``): one test per rule sentence of docs/rules.md,
the legal side and the illegal side."""

from __future__ import annotations

import pytest

from game.engine import Transfer, new_game
from game.engine.cards import parse_card
from game.engine.union_square import UnionSquare

from .helpers import legal, position, reason

R = "union-square"


def c(text: str) -> int:
    return parse_card(text)


def union(places: dict[str, str], **kwargs: object) -> UnionSquare:
    game = position(R, places, **kwargs)  # type: ignore[arg-type]
    assert isinstance(game, UnionSquare)
    return game


@pytest.mark.parametrize("number", ["2", "32000", "9999999"])
def test_setup_sixteen_piles_of_one_one_card_on_the_waste_87_in_stock(number: str) -> None:
    game = new_game(R, number)
    assert game.card_total() == 104
    assert [len(game.piles[t]) for t in game.tableau] == [1] * 16
    assert all(not game.piles[f] for f in game.foundations)
    assert len(game.piles[game.waste]) == 1 and len(game.piles[game.stock]) == 87
    assert [game.place_name(t) for t in game.tableau] == [f"p{i}" for i in range(1, 17)]


def test_pile_direction_is_fixed_by_its_bottom_two_cards() -> None:
    game = union({"p1": "5H 6H", "p2": "7H", "p3": "5H", "p4": "9S 8S 7S", "p5": "6S", "p6": "8S"},
                 waste="10S")
    assert game.direction(4) == 1 and game.direction(7) == -1
    assert legal(game, "p2-p1")
    assert reason(game, "p3-p1") == "5♥ cannot go on 6♥ (pile 1 is built up)"
    assert legal(game, "p5-p4")
    assert reason(game, "p6-p4") == "8♠ cannot go on 7♠ (pile 4 is built down)"


def test_pile_of_one_card_takes_either_direction() -> None:
    game = union({"p1": "6D", "p2": "5D", "p3": "7D", "p4": "6C", "p5": "8D"})
    assert game.direction(4) == 0
    assert legal(game, "p2-p1") and legal(game, "p3-p1")
    assert reason(game, "p4-p1") == "6♣ cannot go on 6♦ (it needs a card of the same suit)"
    assert reason(game, "p5-p1") == "8♦ cannot go on 6♦ (it needs one rank higher or lower)"


def test_pile_back_to_one_card_takes_either_direction_again() -> None:
    game = union({"p1": "5H 6H", "p2": "7H", "p3": "4H"})
    game.play_text("p1-p2")
    assert game.direction(4) == 0 and game.direction(5) == -1
    assert legal(game, "p3-p1")


def test_no_wrap_between_king_and_ace() -> None:
    game = union({"p1": "KC", "p2": "AC", "p3": "QC", "p4": "2C"})
    assert not legal(game, "p2-p1") and not legal(game, "p1-p2")
    assert legal(game, "p3-p1") and legal(game, "p4-p2")


def test_empty_pile_takes_any_available_card_the_waste_top_or_another_pile_top() -> None:
    game = union({"p1": "JD", "p2": "3S", "p3": "9H 10H"}, waste="KC", stock_top="2D")
    for text in ("w-p5", "p1-p5", "p2-p5", "p3-p5"):
        assert legal(game, text), text
    assert reason(game, "s-p5") == "the stock is turned only onto the waste"
    assert reason(game, "f1-p5") == "cards never leave the ♣ foundation"


def test_nothing_refills_an_empty_pile_or_the_waste_by_itself() -> None:
    game = union({"p1": "JD", "p2": "QD"}, waste="AS", stock_top="2D")
    assert game.play_text("p1-p2") == [Transfer(4, 5, c("JD"), False)]
    assert not game.piles[4]
    assert game.play_text("w-f2") == [Transfer(game.waste, 1, c("AS"), False)]
    assert not game.piles[game.waste]
    assert game.piles[game.stock][-1] == c("2D")
    assert legal(game, "s-w")


def test_stock_turns_one_card_at_a_time_onto_the_waste_once_through() -> None:
    game = new_game(R, "3")
    top = game.piles[game.stock][-1]
    assert game.play_text("s-w") == [Transfer(game.stock, game.waste, top, False)]
    for _ in range(86):
        game.play_text("s-w")
    assert not game.piles[game.stock] and len(game.piles[game.waste]) == 88
    assert reason(game, "s-w") == "the stock is empty"
    assert reason(game, "w-s") == "nothing can be put on the stock"
    assert all(game.stock not in m for m in game.legal_moves())


def test_foundations_go_ace_to_king_then_king_to_ace_from_waste_or_pile_tops() -> None:
    game = union({"p1": "KH", "p2": "QH", "p3": "2H"}, waste="AH", foundations=[0, 0, 13, 0])
    assert reason(game, "w-f3") == "the ♥ foundation needs K♥ next"
    assert reason(game, "p2-f3") == "the ♥ foundation needs K♥ next"
    game.play_text("p1-f3")
    game.play_text("p2-f3")
    assert len(game.piles[2]) == 15
    assert reason(game, "p3-f3") == "the ♥ foundation needs J♥ next"
    assert reason(game, "p3-f4") == "the ♦ foundation takes only diamonds"
    empty = union({"p1": "AH"}, waste="AD")
    assert legal(empty, "p1-f3") and legal(empty, "w-f4")
