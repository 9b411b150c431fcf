"""The lean cores of the solver's searches (game.search.lean and the four cores) against
the engine: random walks through deals of every rule set, comparing at each position the
moves, the keys of the positions they lead to, the safe drop, the evaluation, the
position after a move and after taking it back."""

from __future__ import annotations

import random

import pytest

from game.engine import new_game
from game.engine.state import Game
from game.search.evaluate import evaluate
from game.search.lean import LeanCore, core_class, core_of

RULES = ["constitution", "constitution-cadogan", "square", "union-square"]


def key_after(game: Game, move) -> int:  # type: ignore[no-untyped-def]
    """The key of the position an engine move leads to, built afresh."""
    copy = game.clone()
    copy.play(move)
    return core_of(copy).key


def check_position(game: Game, core: LeanCore, stock: list[int]) -> None:
    """Everything the searches ask of a core agrees with the engine's position
    (``stock``: the deal's whole stock, from which a snapshot is unpacked)."""
    fresh = core_of(game)
    assert core.key == fresh.key
    assert core.snapshot() == fresh.snapshot()
    assert core.home() == sum(len(game.piles[f]) for f in game.foundations)
    assert core.won() == game.is_won()
    legal = game.legal_moves()
    moves = core.moves()
    engine_moves = [core.engine_move(game, m) for m in moves]
    assert all(m in legal for m in engine_moves)
    # every legal move is there, but for those leading to a position equal (up to the
    # order of interchangeable places) to one of another move or to this one
    # (the search has that one already)
    here = {core.key}
    assert {core.child_key(*m) for m in moves} - here == {key_after(game, m) for m in legal} - here
    for m, move in zip(moves, engine_moves, strict=True):
        assert core.child_key(*m) == key_after(game, move)
    forced = core.forced(moves)
    safe = game.safe_drop(legal)
    assert (forced is None) == (safe is None)
    if forced is not None and safe is not None:
        assert core.child_key(*forced) == key_after(game, safe)
    weights = game.profile.search.evaluation
    assert core.evaluation(weights) == pytest.approx(evaluate(game, 0), abs=1e-6)
    # a move's value is the change of the evaluation it makes (a card going home leaves
    # the other cards' urgencies as they were, so only the others are compared)
    values = core.values(moves, weights)
    before = core.evaluation(weights)
    for m, value in zip(moves, values, strict=True):
        if m[1] >= core.foundation:
            continue
        token = core.play(*m)
        assert value == pytest.approx(core.evaluation(weights) - before, abs=1e-6)
        core.undo(m[0], m[1], token)
    back = core.to_game(game)
    assert [list(p) for p in back.piles] == [list(p) for p in game.piles]
    again = core_class(game).from_snapshot(core.snapshot(), stock)
    assert again.key == core.key


@pytest.mark.parametrize("rules", RULES)
def test_a_core_walks_deals_beside_the_engine(rules: str) -> None:
    for number in (1, 2, 3):
        game = new_game(rules, number)
        core = core_of(game)
        stock = list(core.stock)
        rng = random.Random(number)
        for _ in range(150):
            check_position(game, core, stock)
            moves = core.moves()
            if not moves:
                break
            m = rng.choice(moves)
            before = (core.key, core.snapshot())
            token = core.play(*m)
            core.undo(m[0], m[1], token)
            assert (core.key, core.snapshot()) == before  # taken back exactly
            move = core.engine_move(game, m)
            core.play(*m)
            game.play(move)


@pytest.mark.parametrize("rules", RULES)
def test_a_core_takes_back_a_line_of_moves_exactly(rules: str) -> None:
    # a search plays lines of moves and takes them back in reverse order: each move taken
    # back gives back the key from before it, and afterwards the hashes the core keeps
    # are right again (the keys of the children are compared with the engine's)
    game = new_game(rules, 4)
    core = core_of(game)
    stock = list(core.stock)
    rng = random.Random(4)
    for _ in range(40):
        before = (core.key, core.snapshot())
        line = []
        for _ in range(rng.randint(1, 25)):
            moves = core.moves()
            if not moves:
                break
            m = rng.choice(moves)
            key = core.key
            line.append((m, key, core.play(*m)))
        for m, key, token in reversed(line):
            core.undo(m[0], m[1], token)
            assert core.key == key
        assert (core.key, core.snapshot()) == before
        check_position(game, core, stock)
        moves = core.moves()
        if not moves:
            break
        m = rng.choice(moves)
        game.play(core.engine_move(game, m))
        core.play(*m)
