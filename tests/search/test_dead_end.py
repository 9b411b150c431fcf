"""A dead end: moves are left, but none can ever bring a card home, so the deal cannot be
won from here (:func:`game.search.dead_end.dead_end`). The table tells the player so; the
rules still call the game in progress."""

from __future__ import annotations

import random

import pytest

from game.engine import RULE_IDS, new_game
from game.engine.state import Game
from game.search.dead_end import DeadEndLook, dead_end
from game.search.solver import LOST, WON, solve
from game.session.positions import dead_end_position, lost_position

#: constitution 35 as the demo once played it: after these 69 moves only Row 1's cards
#: can move (from pile to pile), with 11 cards home and 30 in the stock
_LINE_35 = (
    "r2c6-r1c6 r3c7-r2c6 r4c1-r3c7 r2c2-r1c5 r3c7-r2c2 r4c3-r3c7 r1c5-r1c1 r1c8-r1c7 r2c2-r1c8 "
    "r3c3-r2c2 r4c2-r3c3 r1c8-f3 r2c6-r1c8 r3c7-r2c6 r4c7-r3c7 r1c8-f5 r2c2-r1c8 r3c3-r2c2 "
    "r4c7-r3c3 r2c2-r1c4 r3c3-r2c2 r4c8-r3c3 r2c2-r1c3 r3c6-r2c2 r4c8-r3c6 r1c1-r1c5 r2c6-r1c3 "
    "r3c8-r2c6 r4c7-r3c8 r2c2-r1c6 r3c6-r2c2 r4c7-r3c6 r1c5-r1c1 r1c2-r1c1 r2c7-r1c2 r3c6-r2c7 "
    "r4c7-r3c6 r1c7-r1c5 r1c1-r1c5 r2c7-r1c6 r3c1-r2c7 r4c2-r3c1 r1c5-r1c1 r1c5-r1c7 r1c8-r1c6 "
    "r2c6-r1c8 r3c7-r2c6 r4c2-r3c7 r2c2-r1c8 r3c3-r2c2 r4c2-r3c3 r1c7-r1c5 r2c2-r1c5 r3c7-r2c2 "
    "r4c2-r3c7 r2c2-r1c8 r3c7-r2c2 r4c2-r3c7 r2c2-r1c8 r3c7-r2c2 r4c2-r3c7 r1c8-f5 r1c6-r1c8 "
    "r2c2-r1c5 r3c7-r2c2 r4c8-r3c7 r2c2-r1c7 r3c5-r2c2 r4c8-r3c5")
CONSTITUTION_35 = _LINE_35.split()

#: English Square 6 played at random (a hostile review's): after these 164 moves no card
#: can ever go home, yet piles 1 and 3 can trade a card back and forth for ever, so the
#: game is never lost by the rules
_LINE_SQUARE_6 = (
    "c1-f1 s-w s-w s-w s-w w-c2 s-w s-w w-c3 c3-c1 s-w w-c2 c1-c3 s-w c3-c1 c1-c3 s-w "
    "c3-c1 s-w s-w c1-c3 s-w s-w s-w s-w c3-c1 c1-c3 s-w c3-c1 c1-c3 s-w c3-c1 s-w s-w "
    "s-w c1-c3 c3-c1 s-w c1-c3 s-w s-w s-w c3-c1 c1-c3 c3-c1 c1-c3 s-w s-w c3-c1 s-w s-w "
    "c1-c3 c3-c1 c1-c3 c3-c1 c1-c3 c3-c1 c1-c3 s-w s-w s-w s-w s-w s-w c3-c1 s-w s-w "
    "c1-c3 c3-c1 s-w s-w c1-c3 s-w c3-c1 c1-c3 s-w s-w w-f1 c3-c1 s-w s-w w-c4 s-w c1-c3 "
    "c3-c1 s-w s-w s-w c1-c3 c3-c1 c1-c3 c3-c1 s-w s-w c1-c3 s-w s-w s-w s-w s-w s-w s-w "
    "s-w s-w s-w s-w s-w c3-c1 s-w s-w w-f1 s-w w-f2 s-w c1-c3 s-w s-w s-w s-w s-w s-w "
    "c3-c1 s-w s-w c1-c3 s-w c3-c1 c1-c3 c3-c1 c1-c3 s-w s-w s-w c3-c1 c1-c3 c3-c1 s-w "
    "c1-c3 s-w s-w s-w c3-c1 s-w c1-c3 c3-c1 s-w s-w c1-c3 c3-c1 s-w c1-c3 c3-c1 s-w "
    "c1-c3 c3-c1 c1-c3 s-w s-w c3-c1 c1-c3 c3-c1 c1-c3 c3-c1 w-f1")
SQUARE_6 = _LINE_SQUARE_6.split()


def _played(rules: str, number: str, moves: list[str]) -> Game:
    game = new_game(rules, number)
    for text in moves:
        game.play(game.parse_move(text))
    return game


def test_square_6_walks_into_a_dead_end_that_goes_round_for_ever() -> None:
    assert not dead_end(_played("square", "6", SQUARE_6[:-1]), max_ms=None)
    game = _played("square", "6", SQUARE_6)
    assert dead_end(game, max_ms=None)
    for _ in range(200):  # the first legal move, again and again: never lost, never home
        home = sum(len(game.piles[f]) for f in game.foundations)
        game.play(game.legal_moves()[0])
        assert sum(len(game.piles[f]) for f in game.foundations) == home and not game.is_lost()


def test_constitution_35_walks_into_a_dead_end_at_its_69th_move() -> None:
    before = _played("constitution", "35", CONSTITUTION_35[:-1])
    assert not dead_end(before, max_ms=None), "r4c8-r3c5 still brings a stock card into Row 4"
    game = _played("constitution", "35", CONSTITUTION_35)
    assert game.legal_moves() and not game.is_lost(), "not lost by the rules: Row 1 can still shuffle"
    assert all(m.src in game.tableau[:8] and m.dst in game.tableau[:8] for m in game.legal_moves())
    piles, history = [list(p) for p in game.piles], list(game.history)
    assert dead_end(game, max_ms=None)
    assert [list(p) for p in game.piles] == piles and list(game.history) == history, "left as it was"
    assert solve(game, max_nodes=200_000, max_seconds=60).status == LOST
    # shuffling on in it stays in it
    game.play(game.legal_moves()[0])
    assert dead_end(game, max_ms=None)


def test_it_never_looks_at_the_stock() -> None:
    """The answer is the same whatever order the unseen stock is in (it searches the
    player's view): it is no peek."""
    game = _played("constitution", "35", CONSTITUTION_35)
    for seed in range(3):
        other = game.clone()
        stock = other.piles[other.stock]
        random.Random(seed).shuffle(stock)
        assert dead_end(other, max_ms=None)


def test_too_small_a_look_cannot_tell() -> None:
    game = _played("constitution", "35", CONSTITUTION_35)
    assert not dead_end(game, limit=2, max_ms=None)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_fresh_deal_a_won_game_and_a_game_lost_by_the_rules_are_no_dead_end(rules: str) -> None:
    """Not at the deal; not when no move is left (the lost game's own dialog says so)."""
    assert not dead_end(new_game(rules, 1), max_ms=None)
    lost = lost_position(new_game(rules, 5))
    assert lost.is_lost() and not dead_end(lost, max_ms=None)


def test_a_position_where_a_card_can_still_go_home_is_no_dead_end() -> None:
    """Lady Cadogan 5 played at random to where nothing more can come home; one move
    before, a card could still reach a foundation."""
    rnd = random.Random(4)
    game = new_game("constitution-cadogan", "5")
    while not dead_end(game, max_ms=None):
        moves = game.legal_moves()
        assert moves and not game.is_won()
        game.play(rnd.choice(moves))
    home = sum(len(game.piles[f]) for f in game.foundations)
    game.undo()
    while game.history and dead_end(game, max_ms=None):
        game.undo()
    assert not dead_end(game, max_ms=None)
    assert sum(len(game.piles[f]) for f in game.foundations) <= home


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_dead_end_of_random_play_is_lost_for_the_full_information_solver(rules: str) -> None:
    """Sound: in the dead ends random play walks into, the solver, which sees the stock,
    never wins (a few deals per rule set; Union Square's random play finds none)."""
    found = 0
    for number in range(1, 201 if rules != "union-square" else 41):
        if found >= 6:
            break
        rnd = random.Random(number)
        game = new_game(rules, str(number))
        for _ in range(400):
            moves = game.legal_moves()
            if not moves or game.is_won():
                break
            game.play(rnd.choice(moves))
            if dead_end(game, max_ms=None):
                found += 1
                assert solve(game, max_nodes=100_000, max_seconds=60).status != WON
                break
    if rules != "union-square":
        assert found >= 3, "random play walks into dead ends"


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_look_in_slices_answers_as_the_whole_look_does(rules: str) -> None:
    """:class:`DeadEndLook` run a slice of no time at a time (the clock is read every 32
    positions) answers what one look to the end answers, in a dead end and at the deal,
    and Union Square's dead end (64 positions, about 6 ms, the whole of one frame's
    slice) takes it more than one slice."""
    alive = new_game(rules, "12345678901234567890")
    dead = dead_end_position(alive.clone())
    assert dead_end(dead, max_ms=None) and not dead_end(alive, max_ms=None)
    for game in (dead, alive):
        look = DeadEndLook(game)
        slices = 0
        answer = None
        while answer is None:
            slices += 1
            assert slices < 1000
            answer = look.run(0.0)
        assert answer is dead_end(game, max_ms=None)
        assert look.run(0.0) is answer, "asked again, it answers the same"
        if rules == "union-square" and game is dead:
            assert slices > 1
