"""How long the demo player follows a plan (:func:`game.search.demo.planned_move`): in
Lady Cadogan across the stock cards that show, for as long as the plan's next move is
legal and does not bury the card that showed; elsewhere until a card shows."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine import new_game
from game.engine.state import Game
from game.search import demo
from game.search.solver import WON, SolveResult

#: the hint is never asked for more than this (no test here needs a good one)
HINT = {"max_nodes": 20, "max_ms": None}


@pytest.fixture
def plans(monkeypatch) -> list[list[int]]:
    """Fresh plan caches, and a record of the guessed stocks planned on."""
    monkeypatch.setattr(demo, "_PLAN_CACHE", {})
    monkeypatch.setattr(demo, "_FOLLOWING", {})
    return []


def scripted(plans: list[list[int]], *lines: list[str]):
    """A solver that "wins" the n-th guessed deal it is given with ``lines[n]`` (the
    last one over again), recording each guess's stock."""

    def fake_solve(guess: Game, **kwargs) -> SolveResult:
        plans.append(list(guess.piles[guess.stock]))
        return SolveResult(WON, lines[min(len(plans), len(lines)) - 1])
    return fake_solve


def without_keep(game: Game, monkeypatch) -> None:
    """``game``'s rule set with a demo plan that is made again at every card shown."""
    profile = game.profile
    plan = dataclasses.replace(profile.search.demo_plan, keep=False)
    search = dataclasses.replace(profile.search, demo_plan=plan)
    monkeypatch.setattr(type(game), "profile", dataclasses.replace(profile, search=search))


#: a line of deal 3 whose moves stay legal whatever the cards that show: each card is
#: followed by a move in the rows, never by another turn of the stock
ROWS_BETWEEN = ["s-w", "r4c1-r3c3", "s-w", "r4c2-r3c4", "s-w", "r2c3-r1c3"]


def test_lady_cadogan_follows_a_plan_across_the_cards_that_show(plans, monkeypatch) -> None:
    game = new_game("constitution-cadogan", "3")
    assert game.profile.search.demo_plan.keep
    monkeypatch.setattr(demo, "solve", scripted(plans, ROWS_BETWEEN))
    for text in ROWS_BETWEEN:
        move = demo.demo_move(game, **HINT)
        assert move is not None and game.move_text(move) == text
        game.play(move)
    assert len(plans) == 1  # three cards showed, and the plan's next move stayed legal


def test_a_plan_that_would_bury_the_card_that_showed_is_made_again(plans, monkeypatch) -> None:
    """The plan turned the stock again at once because it took the card for another
    that was of no use yet: the card that showed may be of use."""
    game = new_game("constitution-cadogan", "3")
    monkeypatch.setattr(demo, "solve", scripted(plans, ["s-w"] * 6))
    for _ in range(3):
        move = demo.demo_move(game, **HINT)
        assert move is not None and game.move_text(move) == "s-w"
        game.play(move)
    assert [len(stock) for stock in plans] == [47, 46, 45]


def test_a_plan_is_made_again_at_every_card_shown_without_keep(plans, monkeypatch) -> None:
    game = new_game("constitution-cadogan", "3")
    without_keep(game, monkeypatch)
    monkeypatch.setattr(demo, "solve", scripted(plans, ["s-w"] * 6))
    for _ in range(6):
        move = demo.demo_move(game, **HINT)
        assert move is not None and game.move_text(move) == "s-w"
        game.play(move)
    assert len(plans) == 6
    assert [len(stock) for stock in plans] == [47, 46, 45, 44, 43, 42]


def test_a_plan_whose_next_move_a_card_made_illegal_is_made_again(plans, monkeypatch) -> None:
    game = new_game("constitution-cadogan", "3")
    # Row 1 never builds on Row 1: the move after the card is never legal
    monkeypatch.setattr(demo, "solve", scripted(plans, ["s-w", "r1c1-r1c2"], ROWS_BETWEEN[1:]))
    for text, expected in zip(ROWS_BETWEEN, (1, 2, 2, 2), strict=False):
        move = demo.demo_move(game, **HINT)
        assert move is not None and game.move_text(move) == text
        game.play(move)
        assert len(plans) == expected
    # the new plan was made where the card showed, on the cards still unseen there
    assert [len(stock) for stock in plans] == [47, 46]


#: a plan whose move after the second card is never legal (Row 1 never builds on Row 1)
LINE_THEN_BREAK = ["s-w", "r4c1-r3c3", "s-w", "r1c1-r1c2"]


def test_the_plan_followed_does_not_depend_on_what_was_remembered(plans, monkeypatch) -> None:
    """Without a time limit the plan in force is worked out from the start of the game
    when nothing is remembered: the same moves as when it was followed move by move."""
    game = new_game("constitution-cadogan", "3")
    monkeypatch.setattr(demo, "solve", scripted(plans, LINE_THEN_BREAK, ROWS_BETWEEN[3:]))
    for text in ROWS_BETWEEN[:5]:
        move = demo.demo_move(game, **HINT)
        assert move is not None and game.move_text(move) == text
        game.play(move)
    asked = len(plans)
    assert asked == 2
    move = demo.demo_move(game, **HINT)
    demo.clear_plan_cache()
    plans.clear()
    monkeypatch.setattr(demo, "solve", scripted(plans, LINE_THEN_BREAK, ROWS_BETWEEN[3:]))
    assert demo.demo_move(game, **HINT) == move
    assert len(plans) == asked  # the same plans, made again in the same places


def test_on_screen_a_plan_forgotten_is_made_where_the_last_card_showed(plans, monkeypatch) -> None:
    """With a time limit nothing is worked out from the start: the plan is the one made
    where the last card showed, if the moves since are its own, else one made here."""
    game = new_game("constitution-cadogan", "3")
    game.play(game.parse_move("s-w"))
    game.play(game.parse_move("r4c1-r3c3"))
    monkeypatch.setattr(demo, "solve", scripted(plans, ["r4c1-r3c3", "s-w"]))
    move = demo.demo_move(game, max_nodes=20, max_ms=60.0)
    assert move is not None and game.move_text(move) == "s-w"
    assert [len(stock) for stock in plans] == [46]  # one plan, where the card showed

    plans.clear()
    demo.clear_plan_cache()
    monkeypatch.setattr(demo, "solve", scripted(plans, ["r4c2-r3c4", "s-w"], ["s-w"]))
    move = demo.demo_move(game, max_nodes=20, max_ms=60.0)
    assert move is not None and game.move_text(move) == "s-w"
    assert len(plans) == 2  # not its move: a plan made here
