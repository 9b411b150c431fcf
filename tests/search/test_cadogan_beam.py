"""Lady Cadogan's lean position (:mod:`game.search.cadogan_core`) and the beam searches
built on it (:mod:`game.search.cadogan_beam`)."""

from __future__ import annotations

import random

import pytest

from game.engine import new_game
from game.engine.cadogan import Cadogan
from game.engine.cards import parse_card
from game.engine.rows import row_of
from game.engine.state import Move
from game.search.cadogan_beam import (
    JAMMED,
    WEIGHTS,
    Beams,
    Counter,
    Evaluator,
    QuickBeams,
    Weights,
    beam_steps,
    potential,
    quick_win,
)
from game.search.cadogan_core import Core
from game.search.solver import solve

from .layouts import rows_layout


def same_position(core: Core, game: Cadogan) -> bool:
    other = Core.from_game(game)
    return (other.piles == core.piles and other.found == core.found and other.waste == core.waste
            and other.stock == core.stock and other.key == core.key and other.fkey == core.fkey)


def _kind(game: Cadogan, move: Move) -> tuple[int, object]:
    """A move up to the interchangeable places it could go to."""
    src, dst = move
    if dst in game.foundations:
        return src, ("f", dst // 2, len(game.piles[dst]))
    if dst in game.tableau and not game.piles[dst]:
        return src, ("row", row_of(dst))
    return src, dst


def test_core_plays_and_undoes_as_the_engine_does() -> None:
    for number in range(1, 9):
        game = new_game("constitution-cadogan", number)
        assert isinstance(game, Cadogan)
        core = Core.from_game(game)
        rng = random.Random(number)
        played: list[tuple[tuple[int, int], int]] = []
        for _ in range(300):
            moves = core.moves()
            engine_moves = set(game.legal_moves())
            assert {Core.engine_move(game, m) for m in moves} <= engine_moves
            # every engine move is ours, up to which empty pile of a row takes a card and
            # which of a suit's two foundations of the same height does
            ours = {_kind(game, Core.engine_move(game, m)) for m in moves}
            assert {_kind(game, m) for m in engine_moves} == ours
            if not moves:
                break
            move = rng.choice(moves)
            auto = core.play(*move)
            game.play(Core.engine_move(game, move))
            played.append((move, auto))
            assert same_position(core, game)
            if played and rng.random() < 0.3:
                move, auto = played.pop()
                core.undo(move[0], move[1], auto)
                game.undo()
                assert same_position(core, game)


def _state(core: Core) -> tuple[object, ...]:
    """Everything a core's moves and key are made from (its hashes only up to each pile's
    height: the entries above are stale by design)."""
    hashes = [h[:len(p) + 1] for h, p in zip(core.hs, core.piles, strict=True)]
    return (core.key, core.fkey, core.fbytes, [p[:] for p in core.piles], core.found[:], core.waste[:],
            core.stock[:], core.tops[:], core.wants[:], hashes)


def test_a_position_made_after_a_move_shares_piles_yet_leaves_both_right() -> None:
    """``Core.after`` is a copy then the move, at a fraction of the cost: the new position
    equals the copy's, and moves played and taken back on either (on the piles they
    share) leave the other as it was, along a long random walk of positions made so."""
    for number in range(1, 6):
        game = new_game("constitution-cadogan", number)
        assert isinstance(game, Cadogan)
        rng = random.Random(number)
        core = Core.from_game(game)
        line: list[Core] = [core]
        for _ in range(200):
            moves = core.moves()
            if not moves:
                break
            move = rng.choice(moves)
            before = _state(core)
            copied = core.copy()
            copied.play(*move)
            child = core.after(*move)
            assert _state(core) == before
            assert _state(child) == _state(copied)
            game.play(Core.engine_move(game, move))
            assert same_position(child, game)
            # moves tried and taken back on the child leave its parent (and every
            # position before it) as it was, and the other way round
            earlier = [_state(c) for c in line]
            mine = _state(child)
            for m in child.moves():
                auto = child.play(*m)
                child.undo(m[0], m[1], auto)
            for m in core.moves():
                auto = core.play(*m)
                core.undo(m[0], m[1], auto)
            assert [_state(c) for c in line] == earlier
            assert _state(child) == mine
            line.append(child)
            core = child


def test_core_key_ignores_the_order_of_a_rows_piles_and_of_a_suits_foundations() -> None:
    game = new_game("constitution-cadogan", 5)
    core = Core.from_game(game)
    swapped = core.copy()
    swapped.piles[8], swapped.piles[13] = swapped.piles[13], swapped.piles[8]
    swapped.found[0], swapped.found[1] = 3, 1
    core.found[0], core.found[1] = 1, 3
    assert Core(swapped.piles, swapped.found, swapped.waste, swapped.stock).key == \
        Core(core.piles, core.found, core.waste, core.stock).key
    moved = core.copy()
    moved.piles[8], moved.piles[16] = moved.piles[16], moved.piles[8]  # Row 2 and Row 3 differ
    assert Core(moved.piles, moved.found, moved.waste, moved.stock).key != \
        Core(core.piles, core.found, core.waste, core.stock).key


def test_each_move_lowers_the_potential_by_the_cards_it_moves() -> None:
    game = new_game("constitution-cadogan", 11)
    core = Core.from_game(game)
    rng = random.Random(4)
    for _ in range(250):
        moves = core.moves()
        if not moves:
            break
        before = potential(core)
        transfers = game.play(Core.engine_move(game, (move := rng.choice(moves))))
        core.play(*move)
        assert potential(core) == before - len(transfers)


@pytest.mark.parametrize("weights", [WEIGHTS, JAMMED], ids=["plain", "jammed"])
def test_a_childs_value_worked_out_before_its_move_is_its_full_value(weights: Weights) -> None:
    # along a won line of game 1, every child of every position is valued both ways
    evaluator = Evaluator(weights)
    game = new_game("constitution-cadogan", 1)
    result = solve(game, max_nodes=400_000, max_seconds=1e6)
    assert result.status == "won"
    core = Core.from_game(game)
    kinds = set()
    for text in result.moves:
        child = evaluator.children(core, evaluator.full(core)[1])
        for move in core.moves():
            key = core.key
            value = child(*move, core.child(*move)[1])
            assert core.key == key  # valued without the move left played
            auto = core.play(*move)
            assert abs(value - evaluator.full(core)[0]) < 1e-6
            kinds.add((move[0] >= 32, move[1] >= 40, auto))
            core.undo(move[0], move[1], auto)
        move = game.parse_move(text)
        game.play(move)
        core = Core.from_game(game)
    assert core.won()
    # stock turns, foundation moves and moves with automatic fills were all checked
    assert {(True, False, 0), (False, True, 0)} <= kinds and any(k[2] for k in kinds)


def test_a_child_looked_at_unplayed_is_the_child_played() -> None:
    # the beams look at a child without playing its move: its key, what play answers
    # and its signatures must be those of the child played
    kinds = set()
    for number in (1, 6):
        game = new_game("constitution-cadogan", number)
        result = solve(game, max_nodes=400_000, max_seconds=1e6)
        assert result.status == "won"
        core = Core.from_game(game)
        for text in result.moves:
            for src, dst in core.moves():
                key, auto, sig = core.child(src, dst)
                row1 = core.row1_signature_after(src, dst)
                assert core.play(src, dst) == auto
                assert (core.key, core.signature(), core.row1_signature()) == (key, sig, row1)
                core.undo(src, dst, auto)
                kinds.add((src < 8, dst < 8, dst >= 40, auto))
            game.play(game.parse_move(text))
            core = Core.from_game(game)
        assert core.won()
    # moves off Row 1, onto Row 1 and to a foundation, and the automatic fills, were seen
    assert any(k[0] for k in kinds) and any(k[1] for k in kinds) and any(k[2] for k in kinds)
    assert {k[3] for k in kinds} >= {0, 1, 3}


def test_the_node_budget_binds_a_beam_exactly() -> None:
    counter = Counter(400)
    for _ in beam_steps(Core.from_game(new_game("constitution-cadogan", 3)), 3, 2, WEIGHTS, counter):
        pass
    assert counter.nodes == 400


@pytest.mark.slow
def test_a_beam_win_replays_to_a_win_in_the_engine() -> None:
    for number in (1, 2):
        game = new_game("constitution-cadogan", number)
        result = solve(game, max_nodes=400_000, max_seconds=1e6)
        assert result.status == "won"
        copy = game.clone()
        copy.play_all(result.moves)
        assert copy.is_won()


@pytest.mark.slow
def test_beams_are_a_pure_function_of_the_position_and_the_budget() -> None:
    game = new_game("constitution-cadogan", 13)
    first = solve(game, max_nodes=150_000, max_seconds=1e6)
    second = solve(game, max_nodes=150_000, max_seconds=1e6)
    assert (first.status, first.moves, first.nodes) == (second.status, second.moves, second.nodes)


def test_a_beam_that_dropped_nothing_proves_the_position_lost() -> None:
    # both 9H lie in Row 1 under a higher heart: nothing can ever reach the hearts
    game = rows_layout("constitution-cadogan", {4: 8, 5: 8},
                       [["9H", "10H"], ["9H", "JH"], ["10H"], ["JH"]])
    beams = Beams(game, 10_000)
    steps = beams.steps()
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        assert stop.value is False
    assert not beams.counter.dropped


def test_a_small_winnable_position_is_won_by_the_beam() -> None:
    game = rows_layout("constitution-cadogan", {4: 9}, [["JH", "10H"]])
    beams = Beams(game, 10_000)
    steps = beams.steps()
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        assert stop.value is True
    copy = game.clone()
    copy.play_all(beams.win)
    assert copy.is_won()


def _run(search: Beams) -> bool | None:
    steps = search.steps()
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        result: bool | None = stop.value
    return result


def test_the_quick_beams_win_as_the_demo_player_s_quick_win_does() -> None:
    # the solver's first look runs the demo player's narrow beams: the same line, the
    # same positions, and a line that wins the deal
    for number in (1, 4):
        game = new_game("constitution-cadogan", number)
        quick = QuickBeams(game, 60_000)
        assert _run(quick) is True
        line, nodes = quick_win(game, 60_000)
        assert (quick.win, quick.nodes) == (line, nodes)
        copy = game.clone()
        copy.play_all(quick.win)
        assert copy.is_won()


def test_where_no_quick_beam_wins_the_solver_goes_on_with_the_beams() -> None:
    # deal 2: none of the three narrow beams wins it; they answer nothing, and the
    # solver wins it in its next stage, after the quick beams' positions
    game = new_game("constitution-cadogan", 2)
    quick = QuickBeams(game, 60_000)
    assert _run(quick) is None
    assert quick.beams == 3 and quick.win == []
    result = solve(game, max_nodes=1_000_000, max_seconds=1e6)
    assert result.status == "won"
    assert result.nodes > quick.nodes


def test_the_quick_beams_make_the_solver_win_most_deals_with_fewer_positions() -> None:
    # deal 1: the first of the solver's beams (width 10) wins it after some 55,000 positions
    # with the quick beams left out; the narrow beam of width 2 wins it far sooner
    game = new_game("constitution-cadogan", 1)
    with_quick = solve(game, max_nodes=1_000_000, max_seconds=1e6)
    without = solve(game, max_nodes=1_000_000, max_seconds=1e6, plan=("beams",))
    assert with_quick.status == without.status == "won"
    assert with_quick.nodes < without.nodes / 3


def test_signature_is_the_foundations_and_the_sizes_of_stock_and_waste() -> None:
    core = Core.from_game(new_game("constitution-cadogan", 9))
    first = core.signature()
    swapped = core.copy()
    core.found[0], core.found[1] = 1, 3
    swapped.found[0], swapped.found[1] = 3, 1
    a = Core(core.piles, core.found, core.waste, core.stock)
    b = Core(swapped.piles, swapped.found, swapped.waste, swapped.stock)
    assert a.signature() == b.signature() != first
    c = Core(a.piles, a.found, a.waste, a.stock[:-1])
    assert c.signature() != a.signature()
    # the piles do not count
    d = Core(a.piles[1:] + a.piles[:1], a.found, a.waste, a.stock)
    assert d.signature() == a.signature()


def test_jam_counts_the_cards_to_build_on_row_1_before_it_takes_a_wanted_card() -> None:
    def card(text: str) -> int:
        return parse_card(text)

    evaluator = Evaluator(Weights(jam=1.0))
    # every foundation complete but the hearts, which want the 2H
    found = [11, 11, 11, 11, 1, 1, 11, 11]
    row1 = [[card("5C")], [card("JH")], [card("9H")], [card("JD")], [card("10H")], [card("8D")],
            [card("JS")], [card("10C")]]
    rest = [[card("3S")] for _ in range(24)]

    def jam(row: list[list[int]]) -> float:
        return evaluator.jam(Core([list(p) for p in row] + rest, found, [], []))

    # on 5C, a red 4 and a black 3 must come first; no other top leads to a red 2 sooner
    # (JH, 9H, JD and 8D have the wrong colour for their distance; 10H and 10C are too far)
    assert jam(row1) == 2
    assert jam([[card("4D")], *row1[1:]]) == 1  # a black 3 on the 4D, then the 2H
    assert jam([[card("3S")], *row1[1:]]) == 0  # the 3S takes the 2H now
    assert jam([[], *row1[1:]]) == 0  # an empty Row 1 pile takes anything
    assert jam([[card("5C"), card("2H")], *row1[1:]]) == 0  # a copy is in Row 1 already
    assert Evaluator(WEIGHTS).jam(Core([list(p) for p in row1] + rest, found, [], [])) == 0


def test_row_1s_signature_is_its_tops_by_rank_and_colour_in_any_order() -> None:
    core = Core.from_game(new_game("constitution-cadogan", 9))
    base = core.row1_signature()
    # Row 1's piles in another order: the same tops
    row1 = core.piles[:8]
    turned = Core(row1[::-1] + core.piles[8:], core.found, core.waste, core.stock)
    assert turned.row1_signature() == base
    # a top swapped for the same rank of the other suit of its colour: the same
    piles = [p[:] for p in core.piles]
    top = piles[0][-1]
    suit, rank = top >> 4, top & 15
    piles[0][-1] = ((suit ^ 1) << 4) | rank
    assert Core(piles, core.found, core.waste, core.stock).row1_signature() == base
    # the other colour, another rank or an emptied pile: different
    piles[0][-1] = ((suit ^ 2) << 4) | rank
    assert Core(piles, core.found, core.waste, core.stock).row1_signature() != base
    piles[0][-1] = (suit << 4) | (rank % 13 + 1)
    assert Core(piles, core.found, core.waste, core.stock).row1_signature() != base
    piles[0] = []
    assert Core(piles, core.found, core.waste, core.stock).row1_signature() != base
    # below the tops nothing counts
    piles = [p[:] for p in core.piles]
    piles[9], piles[10] = piles[10], piles[9]
    assert Core(piles, core.found, core.waste, core.stock).row1_signature() == base


def test_a_move_that_leaves_row_1_alone_leaves_its_part_of_the_signature() -> None:
    # the beams take Row 1's part of a child's diverse signature from its parent when
    # the move neither takes a card from Row 1 nor puts one there
    kinds = set()
    for number in (2, 5, 11):
        core = Core.from_game(new_game("constitution-cadogan", number))
        rng = random.Random(number)
        for _ in range(300):
            moves = core.moves()
            if not moves:
                break
            before = core.row1_signature()
            for src, dst in moves:
                auto = core.play(src, dst)
                if src >= 8 and dst >= 8:
                    assert core.row1_signature() == before
                    kinds.add((src >= 32, auto))
                core.undo(src, dst, auto)
            core.play(*rng.choice(moves))
    # stock turns and moves with automatic fills were among them
    assert (True, 0) in kinds and any(auto for _, auto in kinds)


@pytest.mark.slow
def test_a_diverse_beam_win_replays_to_a_win_in_the_engine() -> None:
    game = new_game("constitution-cadogan", 1)
    counter = Counter(2_000_000)
    steps = beam_steps(Core.from_game(game), 20, 1, WEIGHTS, counter, diverse=True)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        line = stop.value
    assert line is not None
    copy = game.clone()
    for m in line:
        copy.play(Core.engine_move(copy, m))
    assert copy.is_won()
