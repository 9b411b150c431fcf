"""Messages for the screen in a player's words (game.engine.words): moves, refusals and
the fill owed name cards as ``8♣`` and places as the profile does, and show the move
notation only when asked, after the words."""

from __future__ import annotations

import re

import pytest

from game.engine import RULE_IDS, card_pretty, new_game
from game.engine.cards import parse_card
from game.engine.words import fill_words, foundation_words, move_words, refusal_words, sentence, with_notation

from .helpers import position

#: what a place code or a card in notation looks like inside a sentence
NOTATION = re.compile(r"\b(r\d+c\d+|p\d+|c\d+|f\d+|[sw])\b|\b(10|[2-9AJQK])[CSHD]\b")


def test_a_move_in_words_names_the_card_and_both_places() -> None:
    game = position("constitution", {"r2c3": "7H"}, foundations=[1, 1, 1, 1, 6, 1, 1, 1])
    move = game.parse_move("r2c3-f5")
    assert move_words(game, move) == "7♥ from Row 2, pile 3 to the ♥ foundation"
    assert move_words(game, move, notation=True) == "7♥ from Row 2, pile 3 to the ♥ foundation [r2c3-f5]"
    assert move_words(game, move, short=True) == "7♥ to the ♥ foundation"
    union = new_game("union-square", 1)
    top = union.piles[union.place_index("p2")][-1]
    words = move_words(union, union.parse_move("p2-p16"))
    assert words == f"{card_pretty(top)} from pile 2 to pile 16"


def test_a_stock_card_is_not_named_until_it_is_seen() -> None:
    game = new_game("constitution-cadogan", 1)
    turn = game.parse_move("s-w")
    assert move_words(game, turn) == "the next stock card to the waste"
    # a replay has seen the card it turned: it names it and where it came from
    seen = parse_card("5S")
    assert move_words(game, turn, card=seen) == "5♠ from the stock to the waste"
    square = new_game("square", 1)
    assert move_words(square, square.parse_move("s-c2")) == "the next stock card to column 2"
    assert move_words(square, square.parse_move("s-c2"), short=True) == "the next stock card to column 2"


@pytest.mark.parametrize(("rules", "places", "move", "expected"), [
    ("constitution", {"r1c5": "9S", "r2c3": "7H"}, "r2c3-r1c5",
     "7♥ cannot go on 9♠ (it needs an 8 of the other colour)"),
    ("constitution", {"r1c2": "3C"}, "r1c2-f1", "The ♣ foundation needs 2♣ next"),
    ("constitution", {"r1c1": "2C", "r2c2": "6S", "r3c4": "5D"}, "r3c4-r2c2",
     "Row 2 is never built on; only Row 1 takes cards"),
    ("square", {"c1": "6H", "c4": "5S"}, "c4-c1", "5♠ cannot go on 6♥ (it needs a card of the same suit)"),
    ("square", {"c1": "8H"}, "c1-f1", "The ♣ foundation takes only clubs"),
    ("union-square", {"p1": "5H 6H", "p3": "5H"}, "p3-p1", "5♥ cannot go on 6♥ (pile 1 is built up)"),
    ("union-square", {"p1": "5H 6H"}, "f1-p1", "Cards never leave the ♣ foundation"),
])
def test_refusals_name_cards_and_places_in_words(rules: str, places: dict[str, str], move: str,
                                                 expected: str) -> None:
    game = position(rules, places)
    m = game.parse_move(move)
    reason = game.why_illegal(m)
    assert reason is not None
    assert refusal_words(game, m, reason) == expected
    assert not NOTATION.search(refusal_words(game, m, reason)), "no notation unless asked"
    assert refusal_words(game, m, reason, notation=True) == f"{expected} [{move}]"


@pytest.mark.parametrize("rules", RULE_IDS)
def test_no_refusal_of_a_deal_speaks_notation(rules: str) -> None:
    """Every illegal move of a few deals is refused in words: no place code, no card
    written as ``8C``."""
    for number in (1, 2, 3):
        game = new_game(rules, number)
        for src in range(len(game.places)):
            for dst in range(len(game.places)):
                reason = game.why_illegal(game.move_table[src][dst])
                if reason is not None:
                    assert not NOTATION.search(reason), (game.move_text(game.move_table[src][dst]), reason)


def test_the_fill_owed_in_words() -> None:
    game = new_game("constitution", 1)
    assert fill_words(game) == ""
    game = position("constitution", {"r1c1": "2C", "r1c2": "10S", "r2c1": "5H", "r2c2": "6S"})
    game.play_text("r1c1-f1")
    assert fill_words(game) == "Fill the space in Row 1, pile 1 from Row 2"
    assert fill_words(game, notation=True) == "Fill the space in Row 1, pile 1 from Row 2 [r1c1]"


def test_notation_follows_the_words_only_when_shown() -> None:
    assert with_notation("Hint", "r1c1-f1", False) == "Hint"
    assert with_notation("Hint", "r1c1-f1", True) == "Hint [r1c1-f1]"
    assert with_notation("The deal", "", True) == "The deal"
    assert sentence("the waste is empty") == "The waste is empty"
    assert sentence("") == ""


@pytest.mark.parametrize("rules", ["square", "union-square"])
def test_a_foundation_says_which_way_it_goes_what_it_takes_next_and_how_far_along_it_is(rules: str) -> None:
    game = position(rules, {}, foundations=[17, 5, 13, 0])
    assert foundation_words(game, 0) == "The ♣ foundation is coming down: 9♣ next (17 of 26 cards)"
    assert foundation_words(game, 1) == "The ♠ foundation is going up: 6♠ next (5 of 26 cards)"
    # the first King is on: the other King comes next, and the ranks below it
    assert foundation_words(game, 2) == "The ♥ foundation is coming down: the second K♥ next (13 of 26 cards)"
    assert foundation_words(game, 3) == ""  # empty: it takes the Ace
    assert foundation_words(game, 1, 12) == "The ♠ foundation is going up: K♠ next (12 of 26 cards)"
    assert foundation_words(game, 0, 26) == ""  # full


def test_foundations_that_only_go_up_are_not_told() -> None:
    game = position("constitution", {}, foundations=[5, 1, 1, 1, 1, 1, 1, 1])
    assert foundation_words(game, 0) == ""
