"""The hint keeps won games: positions where a move that looks as good as another throws
the win away. The keep-won rate over many runs is a bench figure (``main.py bench``,
``hint_keep_won_pct``); these are single positions checked against the solver."""

from __future__ import annotations

import itertools
import random

import pytest

from game.engine import Game, game_from_layout, new_game
from game.engine.cards import card_pretty
from game.search import hint as hint_module
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


def test_the_hint_keeps_the_base_the_win_needs() -> None:
    # the drop and the build look equal until the search takes the fills a fill forces
    # as one step: then it sees the 3♦ go onto the 4♠ and the space it leaves in Row 1
    game = thrown_away_base()
    played = []
    for _ in range(4):
        move = hints(game, max_ms=None, twins=False)[0].move
        played.append(game.move_text(move))
        game.play(move)
    assert "r1c3-r1c7" in played
    assert "r1c7-f4" not in played[: played.index("r1c3-r1c7")]


def seen_end_game() -> Game:
    """A Lady Cadogan end game of deal 2 (from the hint's keep-won runs): the stock is
    empty, so the player sees every card. The shallow search's favourite, 7♣ into the
    space in Row 1 (``r2c5-r1c8``), left a position the solver could not win within
    200,000 positions; the 5♣ the clubs foundation needs waits in Row 4 and must climb
    through the rows."""
    return game_from_layout({
        "rules": "constitution-cadogan", "game": "2",
        "foundations": [["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"],
                        ["AC", "2C", "3C", "4C"],
                        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"],
                        ["AS", "2S", "3S", "4S", "5S", "6S", "7S"],
                        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"],
                        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
                        ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"],
                        ["AD", "2D", "3D", "4D", "5D", "6D"]],
        "tableau": [[["8D"], ["9S"], ["JH"], ["9H", "8C"], ["8S", "7D", "6C"], ["JH"], ["9D"], []],
                    [[], [], [], [], ["7C"], [], [], []],
                    [[], [], [], [], [], [], [], ["10D", "9C"]],
                    [["10C"], ["JC"], ["JD"], ["JC"], ["5C"], ["JD"], ["10H"], ["10S"]]],
        "waste": ["JS", "10H"], "stock": []})


def test_with_every_card_seen_the_hint_plays_the_end_game_out_to_a_win() -> None:
    game = seen_end_game()
    for _ in range(60):
        ranked = hints(game, max_ms=None, twins=False)
        if not ranked:
            break
        assert "leads to a win" in ranked[0].reason or "wins the game" in ranked[0].reason
        game.play(ranked[0].move)
    assert game.is_won()


def test_the_end_game_search_waits_while_a_card_is_unseen() -> None:
    # the same end game with one card of the waste still in the stock: the search that
    # wins it above does not run while a card is unseen, so no hint may claim a win
    layout = seen_end_game().to_layout()
    layout["waste"], layout["stock"] = ["10H"], ["JS"]
    game = game_from_layout(layout)
    assert all("leads to a win" not in h.reason for h in hints(game, max_ms=None))


def three_cards_wanted() -> Game:
    """A Lady Cadogan position of deal 30 (from the hint's keep-won runs): 2♦, 3♣ and 4♠
    in Row 3 are each the next card of a foundation, and a space in Row 2 can take any
    of them. Only the 3♣ can go on from Row 2: onto 4♥ in Row 1, then home (no Row 1
    top is a black 3 for the 2♦ or a red 5 for the 4♠). The solver wins after the 3♣
    and could not win after the 2♦ or the 4♠ within 200,000 positions. The stock is the
    deal's real one."""
    return game_from_layout({
        "rules": "constitution-cadogan", "game": "30",
        "foundations": [["AC", "2C", "3C"], ["AC", "2C"], ["AS", "2S", "3S"], ["AS", "2S", "3S"],
                        ["AH"], ["AH"], ["AD"], ["AD"]],
        "tableau": [[["5C", "4H"], ["JS", "10D", "9C"], ["8D"], ["7H", "6S", "5H", "4C", "3D"], ["5C"],
                     ["8H"], ["8D"], ["6D"]],
                    [["2D"], ["3H"], [], ["9H", "8S"], ["8C", "7H", "6C"], ["JC"], ["9C"], ["4C", "3D"]],
                    [["10S", "9H", "8S"], ["JS", "10H", "9S"], ["4D"], ["7C", "6H"], ["2D"], ["3C"],
                     ["6D", "5S", "4D"], ["4S"]],
                    [["9S"], ["10S"], ["7D", "6S", "5D"], ["5H"], ["JH", "10C"], ["3H"], ["JD", "10C"],
                     ["7S", "6H"]]],
        "waste": ["10D", "JD", "JH", "8C"],
        "stock": ["4S", "5S", "2H", "7C", "7S", "5D", "8H", "JC", "7D", "9D", "9D", "6C", "10H", "4H", "2H"]})


def test_the_hint_sees_which_wanted_card_can_go_on_up() -> None:
    # the three moves look the same at the last depth the whole search finishes; the
    # 3♣ going home shows one move further, where the equal moves alone are searched
    # (and, since the climbs, as the 3♣'s free next steps). The 4♦ of Row 3 can climb
    # through the space too (onto 5♣ in Row 1), and the solver wins after it as well:
    # it may score as high; the 2♦ and the 4♠, which cannot go on, may not
    game = three_cards_wanted()
    ranked = hints(game, max_ms=None)
    assert game.move_text(ranked[0].move) == "r3c6-r2c3"
    stuck = [h for h in ranked if game.move_text(h.move) in ("r3c5-r2c3", "r3c8-r2c3")]
    assert len(stuck) == 2 and all(ranked[0].score >= h.score + 50 for h in stuck)


@pytest.mark.slow
def test_the_three_cards_position_is_what_it_says() -> None:
    game = three_cards_wanted()
    game.play_text("r3c6-r2c3")
    assert solve(game, max_nodes=200_000, max_seconds=600).status == "won"


def few_cards_unseen() -> Game:
    """A Union Square position of deal 8 (from the hint's keep-won runs): three cards are
    still in the stock (the player knows which: 5♦, 6♠ and 2♥, the only ones not in
    sight), and the waste is long. Moving A♦ from the waste into the empty pile looks as
    good as anything to the shallow search, but loses whatever order the three come in;
    building 10♠ on 9♠ (``p6-p4``) and the other cards into the space win. The stock is
    the deal's real one."""
    return game_from_layout({
        "rules": "union-square", "game": "8",
        "foundations": [["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
                        ["AS", "2S"],
                        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
                        ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "KD",
                         "QD", "JD", "10D", "9D", "8D", "7D"]],
        "tableau": [[], ["3H"], ["2S"], ["9S"], ["7S"], ["9S", "10S"], ["KS"], ["7C"], ["7S", "6S", "5S"],
                    ["9H", "10H"], ["2C", "AC"], ["JH", "QH"], ["JC"], ["7H", "6H", "5H"], ["9C"],
                    ["6C", "5C", "4C"]],
        "waste": ["3D", "4S", "KC", "3S", "6D", "AH", "5S", "4H", "KS", "3C", "JS", "8S", "KH", "3S", "QS",
                  "AS", "2D", "4S", "10S", "JS", "10C", "8S", "QC", "8C", "4D", "8H", "QS", "AD"],
        "stock": ["5D", "6S", "2H"]})


def test_with_few_cards_unseen_the_hint_plays_out_their_orders() -> None:
    game = few_cards_unseen()
    first = hints(game, max_ms=None, twins=False)[0].move
    assert game.move_text(first) != "w-p1"
    game.play(first)
    assert solve(game, max_nodes=100_000).status == "won"


def test_the_guessed_orders_never_peek_at_the_stock() -> None:
    # the same position with its three stock cards in every other order: the hint sees
    # only which cards are unseen, so it must not change
    layout = few_cards_unseen().to_layout()
    firsts = set()
    for order in itertools.permutations(layout["stock"]):
        game = game_from_layout({**layout, "stock": list(order)})
        firsts.add(game.move_text(hints(game, max_ms=None, twins=False)[0].move))
    assert len(firsts) == 1


def test_a_move_lost_in_every_order_of_the_unseen_cards_goes_below_the_others() -> None:
    # the real stock, the other five orders: A♦ into the space loses in each
    layout = few_cards_unseen().to_layout()
    for order in itertools.permutations(layout["stock"]):
        game = game_from_layout({**layout, "stock": list(order)})
        game.play_text("w-p1")
        assert solve(game, max_nodes=100_000).status == "lost"


def which_card_fills_row3() -> Game:
    """A Lady Cadogan end game of deal 29 (from the hint's keep-won runs): the stock is
    empty, so the player sees every card. A space in Row 3 takes one of five lone Row 4
    cards, and 7♥ from the waste then fills the Row 4 place it leaves. The shallow search
    likes 6♦ best (``r4c2-r3c8``); only 9♣ (``r4c8-r3c8``) wins. The solver's complete
    search proves the 6♦, 6♥, J♠ and J♥ fills lost (8,000–12,000 positions each) but
    wins after the 9♣ within a thousand; from the position itself it needs some
    26,000."""
    return game_from_layout({
        "rules": "constitution-cadogan", "game": "29",
        "foundations": [["AC", "2C", "3C"], ["AC"], ["AS", "2S", "3S", "4S", "5S"], ["AS"], ["AH"], ["AH"],
                        ["AD", "2D"], ["AD"]],
        "tableau": [[["3S"], ["10S", "9D", "8S"], ["4C", "3H"], ["10H"], ["JD"], ["7S"], ["JH"],
                     ["8C", "7H", "6C", "5H", "4S"]],
                    [["JC"], ["10D"], ["5C", "4H"], ["4D"], ["3C"], ["6S", "5D"], ["5C", "4H"], ["5D"]],
                    [["8H", "7S", "6D"], ["JC"], ["10C", "9H", "8S"], ["5H"], ["JD", "10C", "9H", "8C"],
                     ["9S"], ["7D"], []],
                    [["JS", "10D"], ["6D"], ["JS"], ["6H"], ["9C", "8H", "7C", "6H"], ["9S", "8D"], ["JH"],
                     ["9C"]]],
        "waste": ["7C", "3H", "5S", "10H", "6C", "7D", "2C", "2S", "10S", "8D", "9D", "4C", "2H", "2H", "3D",
                  "3D", "2D", "4D", "6S", "7H"],
        "stock": []})


def test_with_every_card_seen_the_hint_searches_on_from_its_best_moves() -> None:
    game = which_card_fills_row3()
    best = hints(game, max_ms=None, twins=False)[0]
    assert game.move_text(best.move) == "r4c8-r3c8"
    assert "leads to a win" in best.reason
    game.play(best.move)
    assert solve(game, max_nodes=100_000, plan=("proof",)).status == "won"


@pytest.mark.slow
def test_the_row3_fill_position_is_what_it_says() -> None:
    for text in ("r4c2-r3c8", "r4c4-r3c8", "r4c3-r3c8", "r4c7-r3c8"):
        game = which_card_fills_row3()
        game.play_text(text)
        assert solve(game, max_nodes=100_000, max_seconds=600, plan=("proof",)).status == "lost"


#: a ``constitution`` position of deal 35 (from the hint's keep-won runs), with the
#: deal's real stock: Row 1's eighth place is empty and owed a fill from Row 2
ROW1_FILL_35 = {
    "rules": "constitution", "game": "35",
    "foundations": [["AC"], ["AC"], ["AS", "2S"], ["AS"], ["AH"], ["AH"], ["AD"], ["AD"]],
    "tableau": [[["10S", "9H", "8S"], ["6H"], ["5H", "4C", "3D"], ["6D", "5S"], ["10C", "9H"],
                 ["7H", "6S", "5H"], ["10S"], []],
                [["9C"], ["6S"], ["2H"], ["10H"], ["6H"], ["3D"], ["3C"], ["JH"]],
                [["6D"], ["7C"], ["8S"], ["7C"], ["JD"], ["5D"], ["7S"], ["9S"]],
                [["10D"], ["10H"], ["10C"], ["JD"], ["JS"], ["10D"], ["4C"], ["JH"]]],
    "waste": [],
    "stock": ["9C", "8C", "JS", "8D", "2H", "2C", "3H", "9S", "2D", "2D", "2S", "5S", "4D", "9D", "3S", "8D",
              "7D", "4H", "4D", "5C", "6C", "2C", "4H", "3C", "5D", "8C", "7D", "5C", "6C", "3S", "4S", "7S",
              "JC", "9D", "7H", "3H", "8H", "4S", "JC", "8H"],
    "owed": "r1c8"}


def base_fill() -> Game:
    """The deal 35 position: 3♣ into the space (``r2c7-r1c8``) looks best to the search
    at its usual budget, two moves deep: 2♥ goes onto it and home at once, with no space
    left to fill. But the 3♣ then holds the place as a base until a 2♣ comes, and the
    solver proves the deal lost after it (1.6 million positions); 2♥ (which goes home,
    leaving the space to fill again), J♥, 10♥, 3♦ and 9♣ win."""
    return game_from_layout(ROW1_FILL_35)


def test_the_hint_fills_row1_with_a_base_that_keeps_the_win() -> None:
    # the search looks further where a Row 1 place must be filled: three moves deep, the
    # 2♥ fill has gone home and the space is filled again, and the 3♣ no longer leads
    game = base_fill()
    first = hints(game, max_ms=None, twins=False)[0].move
    assert game.move_text(first) != "r2c7-r1c8"
    game.play(first)
    assert solve(game, max_nodes=200_000, max_seconds=600).status == "won"


def first_hints_over_shuffled_stocks(layout: dict) -> set[str]:
    """The first hint of ``layout`` with its stock shuffled three ways: one move when the
    hint never looks at the face-down stock."""
    firsts = set()
    for seed in range(3):
        stock = list(layout["stock"])
        random.Random(seed).shuffle(stock)
        game = game_from_layout({**layout, "stock": stock})
        firsts.add(game.move_text(hints(game, max_ms=None, twins=False)[0].move))
    return firsts


def test_the_row1_fill_hint_never_peeks_at_the_stock() -> None:
    assert first_hints_over_shuffled_stocks(base_fill().to_layout()) == {"r2c3-r1c8"}


@pytest.mark.slow
def test_the_row1_fill_position_is_what_it_says() -> None:
    game = base_fill()
    game.play_text("r2c7-r1c8")
    # a proof: the complete searches alone (the replanning search proves nothing)
    assert solve(game, max_nodes=2_000_000, max_seconds=1200, replan=False).status == "lost"


#: the same run of deal 35 four moves on: the 2♥ filled the space and went home, and the
#: space is owed a fill again, from the same Row 2 (5♦ now where the 2♥ was)
ROW1_REFILL_35 = {
    **ROW1_FILL_35,
    "foundations": [["AC"], ["AC"], ["AS", "2S"], ["AS"], ["AH", "2H"], ["AH"], ["AD"], ["AD"]],
    "tableau": [[["10S", "9H", "8S"], ["6H"], ["5H", "4C", "3D"], ["6D", "5S"], ["10C", "9H"],
                 ["7H", "6S", "5H"], ["10S"], []],
                [["9C"], ["6S"], ["5D"], ["10H"], ["6H"], ["3D"], ["3C"], ["JH"]],
                [["6D"], ["7C"], ["8S"], ["7C"], ["JD"], ["4C"], ["7S"], ["9S"]],
                [["10D"], ["10H"], ["10C"], ["JD"], ["JS"], ["10D"], ["8H"], ["JH"]]],
    "stock": ROW1_FILL_35["stock"][:-1]}

#: the same deal on a line where the J♥ took that space and the 10♠ went onto it: the
#: seventh Row 1 place is owed a fill (as a hint with a larger budget played it)
ROW1_SEVENTH_35 = {
    **ROW1_FILL_35,
    "foundations": ROW1_REFILL_35["foundations"],
    "tableau": [[["10S", "9H", "8S"], ["6H"], ["5H", "4C", "3D"], ["6D", "5S"], ["10C", "9H"],
                 ["7H", "6S", "5H", "4C"], [], ["JH", "10S"]],
                [["9C"], ["6S"], ["5D"], ["10H"], ["6H"], ["3D"], ["3C"], ["7S"]],
                [["6D"], ["7C"], ["8S"], ["7C"], ["JD"], ["8H"], ["10H"], ["9S"]],
                [["10D"], ["4S"], ["10C"], ["JD"], ["JS"], ["10D"], ["JC"], ["JH"]]],
    "stock": ROW1_FILL_35["stock"][:-3],
    "owed": "r1c7"}

#: for each position, the low cards after whose fill the solver found no win within
#: 300,000 positions (after the others, J♥, 10♥, 9♣, 7♠ and 3♦, it wins within 65,000;
#: the first position's 5♦ fill is proved lost below)
LOW_BASES = [(ROW1_REFILL_35, {"5♦", "6♠", "3♣", "6♥"}), (ROW1_SEVENTH_35, {"5♦", "6♠", "3♣", "6♥"})]


@pytest.mark.parametrize("layout, low", LOW_BASES, ids=["refill", "seventh"])
def test_the_hint_fills_row1_with_a_base_that_takes_the_cards_below(layout, low) -> None:
    # the fills look alike within the hint's search (the stock brings no 2 for five more
    # cards, and the unknown cards are of no use to it): the cards below Row 1 that no
    # Row 1 run could take tell them apart
    game = game_from_layout(layout)
    first = hints(game, max_ms=None, twins=False)[0]
    assert first.reason.split(" with ")[1].split(",")[0] not in low
    game.play(first.move)
    assert solve(game, max_nodes=200_000, max_seconds=600).status == "won"


@pytest.mark.parametrize("layout", [layout for layout, _ in LOW_BASES], ids=["refill", "seventh"])
def test_the_row1_refill_hint_never_peeks_at_the_stock(layout) -> None:
    assert len(first_hints_over_shuffled_stocks(layout)) == 1


@pytest.mark.slow
def test_the_row1_refill_position_is_what_it_says() -> None:
    # the 5♦ the hint used to fill with: lost (in 1,552,476 positions)
    game = game_from_layout(ROW1_REFILL_35)
    game.play_text("r2c3-r1c8")
    # a proof: the complete searches alone (the replanning search proves nothing)
    assert solve(game, max_nodes=2_000_000, max_seconds=1200, replan=False).status == "lost"


#: a ``constitution`` position of deal 47 (from the hint's keep-won runs: the 46th run of the
#: bench's seed), 13 cards in the stock, with the deal's real stock
DROP_47 = {
    "rules": "constitution", "game": "47",
    "foundations": [["AC", "2C", "3C"], ["AC"], ["AS", "2S", "3S", "4S", "5S", "6S"], ["AS", "2S"],
                    ["AH", "2H", "3H", "4H", "5H", "6H"], ["AH"], ["AD", "2D", "3D", "4D", "5D", "6D", "7D"],
                    ["AD"]],
    "tableau": [[["8H", "7C"], ["5S", "4H"], ["7H", "6C"], ["JD", "10S", "9H"],
                 ["10S", "9D", "8S", "7D", "6C"], ["6S", "5D", "4C"], ["7S", "6H", "5C", "4D"],
                 ["9S", "8D", "7C"]],
                [["2D"], ["3D"], ["8H"], ["JS"], ["9H"], ["3H"], ["9S"], ["6D"]],
                [["9C"], ["JC"], ["10H"], ["10D"], ["JD"], ["10D"], ["7H"], ["10H"]],
                [["10C"], ["9C"], ["JH"], ["8C"], ["JH"], ["10C"], ["JC"], ["4C"]]],
    "waste": [],
    "stock": ["4S", "8D", "3S", "8S", "JS", "2H", "9D", "5H", "3C", "2C", "5C", "7S", "8C"]}


def test_near_the_end_the_hint_sees_a_drop_into_a_dead_corner() -> None:
    # 4♣ home (``r1c6-f1``) and 6♦ onto 7♣ look alike to the search, and the drop gains
    # more at once; every position the drop leads to is seen within 260 positions (the
    # unseen cards taken to be of no use), none won, so it sinks
    game = game_from_layout(DROP_47)
    first = hints(game, max_ms=None, twins=False)[0]
    assert game.move_text(first.move) != "r1c6-f1"
    game.play(first.move)
    assert solve(game, max_nodes=200_000, max_seconds=600).status == "won"
    drop = game_from_layout(DROP_47)
    drop.play_text("r1c6-f1")
    assert solve(drop, max_nodes=200_000, max_seconds=600).status == "lost"


def test_the_end_game_drop_hint_never_peeks_at_the_stock() -> None:
    assert len(first_hints_over_shuffled_stocks(DROP_47)) == 1


#: Lady Cadogan 212, a hinted run of the bench's keep-won figure 101 moves from the deal
#: (12 cards in the stock, every one unseen). Building 9♣ from Row 4 onto 10♥ lets the
#: waste's other 9♣ fall into Row 4 and locks the deal: the solver proves it lost in a
#: few hundred positions, and so it is on every order of the unseen cards. The same 9♣
#: from the waste onto 10♦ wins. The shallow search scores the two alike.
CADOGAN_212_LOCK = (
    "s-w s-w w-r4c4 r2c2-r1c3 r3c1-r2c1 w-r4c2 r3c2-r2c2 r2c2-r1c2 r3c8-r2c3 s-w r4c4-r3c1 "
    "r2c3-r1c6 r2c4-r1c6 r4c2-r3c2 r3c3-r2c2 r2c2-r1c1 r2c5-r1c1 r3c2-r2c2 r2c2-r1c7 r4c1-r3c6 "
    "r4c2-r3c7 w-r4c2 r4c4-r3c2 r4c3-r3c2 r3c6-r2c7 w-r4c3 r3c7-r2c8 w-r4c5 r3c1-r2c2 s-w "
    "r4c7-r3c1 r3c1-r2c4 r3c2-r2c5 r3c2-r2c8 s-w s-w r4c6-r3c1 r4c7-r3c2 r2c7-r1c6 s-w s-w "
    "w-r4c4 r4c7-r3c3 s-w r4c1-r3c8 s-w s-w r4c1-r3c4 s-w r4c6-r3c4 r2c6-r1c1 r1c1-f1 r1c7-f1 "
    "r2c8-r1c7 r4c6-r3c7 r3c1-r2c6 r2c6-r1c5 r1c5-f1 s-w s-w r3c2-r2c6 r2c6-r1c5 r4c1-r3c1 s-w "
    "s-w w-r4c8 w-r4c8 r4c7-r3c2 r3c2-r2c6 r3c5-r2c6 r4c5-r3c2 r2c6-r1c5 r2c1-r1c1 r1c1-f2 "
    "r1c7-f2 r3c1-r2c1 r2c1-r1c5 r1c5-f3 s-w s-w s-w s-w s-w s-w r4c2-r3c1 r4c5-r3c5 r3c5-r2c3 "
    "s-w r4c8-r3c5 r3c2-r2c3 s-w s-w r4c3-r3c2 w-r4c1 r4c1-r3c3 s-w s-w r4c5-r3c3 s-w r4c5-r3c8 "
    "s-w"
)


def cadogan_212_lock() -> Game:
    game = new_game("constitution-cadogan", 212)
    game.play_all("".join(CADOGAN_212_LOCK).split())
    return game


def test_the_cadogan_hint_shuns_a_move_lost_on_every_guessed_order(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cadogan_212_lock()
    assert len(game.piles[game.stock]) == 12
    assert game.move_text(hints(game, max_ms=None, twins=False)[0].move) == "w-r4c4"
    # without the guessed orders the lock comes first (the search sees the two alike)
    monkeypatch.setattr(hint_module, "_shun_the_doomed", lambda *_: None)
    assert game.move_text(hints(game, max_ms=None, twins=False)[0].move) == "r4c2-r3c2"


def test_the_cadogan_lock_position_is_what_it_says() -> None:
    game = cadogan_212_lock()
    lock, win = game.clone(), game.clone()
    lock.play_text("r4c2-r3c2")
    win.play_text("w-r4c4")
    assert solve(lock, max_nodes=200_000, max_seconds=600).status == "lost"
    assert solve(win, max_nodes=200_000, max_seconds=600).status == "won"


def test_the_cadogan_guesses_never_peek_at_the_stock() -> None:
    assert first_hints_over_shuffled_stocks(cadogan_212_lock().to_layout()) == {"w-r4c4"}


#: Lady Cadogan 13 after the hint's own first 39 moves: the waste's top card is 2♣,
#: which both club foundations (on their Aces) take next; Row 3, pile 1 is empty. The
#: hint turned the stock, burying 2♣ in a waste gone through once ("no other move gains
#: anything in sight"), and the game was lost; moving a Row 4 card into Row 3's space
#: lets 2♣ fall into Row 4, from where it climbs home (a hostile expert's review)
CADOGAN_13_WASTE_TWO = (
    "r2c7-r1c2 r3c8-r2c7 r2c7-r1c8 r1c8-f5 s-w s-w s-w s-w r4c4-r3c8 s-w s-w r3c2-r2c7 s-w s-w s-w "
    "s-w s-w r4c5-r3c2 s-w s-w r3c1-r2c2 r4c1-r3c1 s-w r3c1-r2c3 r4c1-r3c1 r3c7-r2c4 s-w s-w "
    "r4c1-r3c7 r3c7-r2c3 r4c1-r3c7 r3c7-r2c5 s-w r4c1-r3c7 r2c5-r1c6 s-w r3c1-r2c3 r4c1-r3c1 "
    "r3c1-r2c5"
)


def cadogan_13_waste_two() -> Game:
    game = new_game("constitution-cadogan", 13)
    game.play_all(CADOGAN_13_WASTE_TWO.split())
    return game


def test_the_cadogan_hint_lets_the_card_a_foundation_wants_fall_from_the_waste() -> None:
    game = cadogan_13_waste_two()
    waste = game.piles[game.waste]
    assert card_pretty(waste[-1]) == "2♣" and [card_pretty(game.piles[f][-1]) for f in (0, 1)] == ["A♣", "A♣"]
    ranked = hints(game, max_ms=None, twins=False)
    first = ranked[0]
    assert game.move_text(first.move) != "s-w"
    after = game.clone()
    after.play(first.move)
    assert card_pretty(after.piles[game.waste][-1]) != "2♣"
    assert "2♣ from the waste fills Row 4" in first.reason
    # it still ranks the turn first where the waste's top card is not wanted next
    other = new_game("constitution-cadogan", 3)
    other.play_all(["r2c5-r1c4", "r3c5-r2c5", "r2c3-r1c3"])
    assert other.move_text(hints(other, max_ms=None, twins=False)[0].move) == "s-w"


@pytest.mark.slow
def test_the_cadogan_waste_two_position_is_what_it_says() -> None:
    # letting 2♣ fall into Row 4 keeps the deal won (the solver wins it from there)
    game = cadogan_13_waste_two()
    game.play_text("r4c7-r3c1")
    assert solve(game, max_nodes=3_000_000, max_seconds=600).status == "won"
