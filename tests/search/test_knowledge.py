"""Forced moves, the evaluation and the demo player on whole (short) games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine import RULE_IDS, Game, new_game, profile_of
from game.engine.autodrop import safe_foundation_move
from game.search import demo
from game.search.batch import demo_deal
from game.search.demo import demo_move, play_demo
from game.search.evaluate import STUCK, WIN, evaluate
from game.search.knowledge import forced_move, is_dead
from game.search.solver import solve

from .layouts import contested_copy, random_endgame, rows_layout, square_layout, winnable
from .profiles import with_demo_plan


def is_forced(game, text: str) -> bool:
    move = game.parse_move(text)
    assert move in game.legal_moves()
    return forced_move(game, [move]) == move


def test_forced_moves_in_the_constitution_sets() -> None:
    # 10H is safe only when all four black 9s are up; the spade foundations are at 8
    game = rows_layout("constitution-cadogan", {2: 8, 3: 8, 4: 9},
                       [["JH", "10H"], ["JS", "10S", "9S"], ["JS", "10S", "9S"]])
    assert not is_forced(game, "r1c1-f5")
    assert is_forced(game, "r1c2-f3")  # a 9 whose red 8s are all up
    game.play_text("r1c2-f3")
    assert not is_forced(game, "r1c1-f5")
    game.play_text("r1c3-f4")
    assert is_forced(game, "r1c1-f5")


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_a_drop_is_not_forced_while_the_other_copy_needs_that_foundation(rules: str) -> None:
    # the black 6s are all up, so nothing builds on either 7H; but the hearts foundations
    # stand at 6 and 4, and the 7H that goes up takes the place the other copy needs
    game = contested_copy(rules)
    assert forced_move(game, game.legal_moves()) is None
    assert not is_forced(game, "r1c1-f5")
    # with the other hearts foundation at 6 too, either copy may go to either foundation
    rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    rows[0][:2] = [["JH", "7H"], ["7H"]]
    rows[1][:2] = [["8H"], ["8H"]]
    rest = {"tableau": rows, "stock": ["JH", "10H", "10H", "9H", "9H"]}
    level = rows_layout(rules, {4: 6, 5: 6}, [], extra=rest)
    assert is_forced(level, "r1c1-f5") and is_forced(level, "r1c1-f6")


def audit_safe_moves(rules: str, rng: random.Random, positions: int) -> tuple[Counter[str], list[Game]]:
    """Check the "never a mistake" claims on ``positions`` random end games
    (:func:`~tests.search.layouts.random_endgame`), each decided by an exhaustive search:
    a winnable position stays winnable after every foundation move that
    :func:`forced_move` calls forced, auto-drop plays the first of them, and
    :func:`is_dead` never calls a winnable position lost. Returns what was checked and
    the positions where a claim failed."""
    counts: Counter[str] = Counter()
    failed: list[Game] = []
    while counts["positions"] < positions:
        game = random_endgame(rules, rng, rng.randint(4, 12))
        moves = game.legal_moves()
        won = winnable(game)
        if won is None or not moves:
            continue
        counts["positions"] += 1
        counts["winnable" if won else "lost"] += 1
        forced = [m for m in moves if m.dst in game.foundations and forced_move(game, [m]) == m]
        if safe_foundation_move(game) != (forced[0] if forced else None):
            counts["auto-drop disagrees"] += 1
            failed.append(game)
        if won and is_dead(game):
            counts["is_dead wrong"] += 1
            failed.append(game)
        for move in forced:
            counts["forced moves"] += 1
            if won:
                counts["forced moves from winnable positions"] += 1
                after = game.clone()
                after.play(move)
                if winnable(after) is False:
                    counts["forced move loses"] += 1
                    failed.append(game)
    return counts, failed


@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_forced_move_never_loses_a_winnable_end_game(rules: str) -> None:
    # a counterexample search: random small end games with the suits' foundations (two
    # per suit in the Constitution sets) at random heights, against exhaustive search
    counts, failed = audit_safe_moves(rules, random.Random(f"{rules}-30"), 150)
    assert not failed, [g.to_layout() for g in failed[:2]]
    assert counts["winnable"] >= 100 and counts["forced moves from winnable positions"] >= 40, counts


def test_constitution_never_forces_a_move_that_empties_a_row1_pile() -> None:
    game = rows_layout("constitution", {4: 9}, [["JH"], ["10H"]])
    assert forced_move(game, game.legal_moves()) is None


def test_square_forces_only_the_downward_half() -> None:
    up = square_layout("square", {0: 11}, [["QC"], ["KC"], ["KC", "QC"], ["JC"]],
                       waste=["10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C", "AC"])
    assert any(m.dst == 0 for m in up.legal_moves())
    assert forced_move(up, up.legal_moves()) is None
    down = square_layout("square", {0: 24}, [["AC"], ["2C"]])
    forced = forced_move(down, down.legal_moves())
    assert forced is not None and down.move_text(forced) == "c2-f1"


def test_evaluation_prefers_progress_and_knows_the_ends() -> None:
    assert evaluate(square_layout("square", {}, [])) == WIN
    assert evaluate(square_layout("square", {0: 24}, [["2C", "AC"]])) <= STUCK
    before = rows_layout("constitution", {4: 9}, [["JH", "10H"]])
    after = before.clone()
    after.play_text("r1c1-f5")
    assert evaluate(after) > evaluate(before)


def test_demo_plays_a_whole_square_game_honestly() -> None:
    result = play_demo("square", "1", max_ms=None)
    replay = new_game("square", 1)
    replay.play_all(result.moves)
    assert result.won == replay.is_won()
    assert result.on_foundations == sum(len(replay.piles[f]) for f in replay.foundations)
    assert result.won or demo_move(replay) is None  # it stopped only when it had to
    row = demo_deal("square", "1", 0.0)
    assert row.status == ("won" if result.won else "lost") and row.moves == len(result.moves)


@pytest.mark.slow
def test_demo_plans_honestly() -> None:
    # the planned move depends only on what the player sees: shuffling the unseen stock
    # (in place, history kept) never changes it
    import random

    from game.search.demo import planned_move

    # the positions the plans' searches may reach (each position a move leads to counts)
    plan = 3600
    plans = 0
    for rules in ("constitution", "union-square", "constitution-cadogan"):
        for seed in range(2):
            game = new_game(rules, 30 + seed)
            rng = random.Random(seed)
            for _ in range(12):
                move = demo_move(game, max_nodes=100, max_ms=None, plan_nodes=plan)
                assert move is not None
                game.play(move)
            move = demo_move(game, max_nodes=100, max_ms=None, plan_nodes=plan)
            planned = planned_move(game, plan)
            plans += planned is not None
            assert move is not None and move in game.legal_moves()
            for _ in range(2):
                rng.shuffle(game.piles[game.stock])
                assert demo_move(game, max_nodes=100, max_ms=None, plan_nodes=plan) == move
                assert planned_move(game, plan) == planned
    assert plans >= 2  # the test exercises real plans, not only the hint


def _plain_card_cost(game, weight: list[float], *, runs: bool) -> float:
    """Both Constitution sets' card terms, the plain way: every card by how soon it is
    needed times (the cards on it + twice its row's distance from Row 1); with ``runs``
    (Lady Cadogan) half a point off per card of each Row 1 pile's top run."""
    from game.engine.rows import row_range
    from game.search.evaluate import _run_length

    cost = 0.0
    for row in range(4):
        for t in row_range(row):
            pile = game.piles[t]
            depth = len(pile) - 1 + 2.0 * row
            for c in pile:
                cost += weight[c] * depth
                depth -= 1
            if runs and row == 0 and pile:
                cost -= 0.5 * _run_length(pile)
    return cost


def _plain_constitution_cost(game) -> float:
    """The Constitution terms of the evaluation written the plain way: every card by how
    soon it is needed times (the cards on it + twice its row's distance from Row 1), an
    empty Row 1 pile for good costs 15 when Row 2 is empty, and the stock's known cards."""
    from game.engine.rows import row_range
    from game.search.evaluate import _card_weights

    weight = _card_weights(game)
    cost = _plain_card_cost(game, weight, runs=False)
    if not any(game.piles[t] for t in row_range(1)):
        cost += 15.0 * sum(1 for t in row_range(0) if not game.piles[t])
    cost += 4.0 * sum(weight[c] for c in game.piles[game.stock] if c)
    return -cost


@pytest.mark.slow
def test_constitution_evaluation_is_its_plain_definition_to_the_last_bit() -> None:
    # the evaluation's fast Constitution terms add the same terms in the same order, so
    # the searches (and the README's measured results) do not change
    from game.search.evaluate import FOUNDATION_CARD, _rows_terms

    game = new_game("constitution", 1)
    for text in play_demo("constitution", "1", max_ms=None).moves:
        for position in (game, game.player_view()):
            on = sum(len(position.piles[f]) for f in position.foundations)
            if on < position.card_count:
                assert _rows_terms(position) == _plain_constitution_cost(position)
                assert evaluate(position, 0) == FOUNDATION_CARD * on + _plain_constitution_cost(position)
        game.play_text(text)
    assert game.is_won()


def _plain_cadogan_cost(game) -> float:
    """Lady Cadogan's terms of the evaluation written the plain way: every card by how
    soon it is needed times (the cards on it + twice its row's distance from Row 1), half
    a point off per card of each Row 1 pile's top run, the waste's cards under its top
    times the cards on them, and eight times the stock's known cards."""
    from game.search.evaluate import _card_weights

    weight = _card_weights(game)
    cost = _plain_card_cost(game, weight, runs=True)
    waste = game.piles[game.waste]
    cost += sum(weight[c] * (len(waste) - 1 - i) for i, c in enumerate(waste[:-1]) if c)
    cost += 8.0 * sum(weight[c] for c in game.piles[game.stock] if c)
    return -cost


@pytest.mark.slow
def test_cadogan_evaluation_is_its_plain_definition_to_the_last_bit() -> None:
    # as for Constitution: the lean terms add the same terms in the same order (along a
    # won line of the solver, so that the positions go all the way to the end)
    from game.search.evaluate import FOUNDATION_CARD, _rows_terms

    game = new_game("constitution-cadogan", 374)
    line = solve(game, max_nodes=100_000, max_seconds=1e6, plan=("lines",)).moves
    assert line
    checked = 0
    for text in line:
        for position in (game, game.player_view()):
            on = sum(len(position.piles[f]) for f in position.foundations)
            if on < position.card_count:
                assert _rows_terms(position) == _plain_cadogan_cost(position)
                assert evaluate(position, 0) == FOUNDATION_CARD * on + _plain_cadogan_cost(position)
                checked += 1
        game.play_text(text)
    assert game.is_won()
    assert checked > 300



def test_a_plan_follows_the_move_most_guessed_deals_win_with(monkeypatch) -> None:
    # each guess deals the unseen cards differently; of the lines that win their guess,
    # the plan is the first one starting with the most common first move
    from collections import Counter

    from game.search.solver import SolveResult

    game = new_game("constitution", 5)
    view = game.player_view()
    legal = [game.move_text(m) for m in game.legal_moves()]
    assert len(legal) >= 2
    a, b = legal[0], legal[1]
    stocks: list[list[int]] = []

    def scripted(answers):
        calls = iter(answers)

        def fake_solve(guess, **kwargs):
            stocks.append(list(guess.piles[guess.stock]))
            line = next(calls)
            return SolveResult("won", line) if line else SolveResult("unknown")
        return fake_solve

    with_demo_plan(monkeypatch, game, samples=3)
    # the vote alone: where the won lines part before the next card, the plan's searches
    # judge each way on every guess (demo._cross_checked, tested in test_demo_plans.py)
    # and keep the vote's order for ties; here the vote's order is what it is handed
    judged: list[list[str]] = []

    def vote_order(view, wins, *rest):
        judged.append([" ".join(game.move_text(m) for m in w.moves) for w in wins])
        return wins[0]

    monkeypatch.setattr(demo, "_cross_checked", vote_order)
    monkeypatch.setattr(demo, "_PLAN_CACHE", {})
    monkeypatch.setattr(demo, "solve", scripted([[a, b], [b], [b, a]]))
    plan = demo._plan(view, 100, None)
    assert plan is not None and [game.move_text(m) for m in plan] == [b]  # two votes to one
    assert judged == [[b, f"{b} {a}", f"{a} {b}"]]  # b's lines first, each in guess order
    assert len(stocks) == 3 and len({tuple(s) for s in stocks}) == 3  # three different deals
    assert all(Counter(s) == Counter(stocks[0]) for s in stocks)  # of the same unseen cards
    assert 0 not in stocks[0]  # real cards, never the view's unknowns

    monkeypatch.setattr(demo, "_PLAN_CACHE", {})
    monkeypatch.setattr(demo, "solve", scripted([[a], None, [b, a]]))
    plan = demo._plan(view, 100, None)
    assert plan is not None and [game.move_text(m) for m in plan] == [a]  # a tie: the first guess's

    monkeypatch.setattr(demo, "_PLAN_CACHE", {})
    monkeypatch.setattr(demo, "solve", scripted([None, None, None]))
    assert demo._plan(view, 100, None) is None


@pytest.mark.parametrize("rules", sorted(r for r in RULE_IDS if profile_of(r).search.demo_plan))
def test_demo_plans_with_the_rule_sets_searches_and_budget(rules: str, monkeypatch) -> None:
    """A plan runs the rule set's searches (its demo plan's ``searches``) on each guess
    within its node budget (``nodes``, when the caller names none), and the solver
    accepts them."""
    game = new_game(rules, 3)
    calls: list[tuple[int, tuple[str, ...]]] = []
    real_solve = demo.solve

    def recording_solve(guess, *, max_nodes, max_seconds, plan, replan):
        # the demo's plans never run the replanning search, which is the demo's own way
        assert replan is False
        calls.append((max_nodes, plan))
        return real_solve(guess, max_nodes=200, max_seconds=max_seconds, plan=plan, replan=replan)

    monkeypatch.setattr(demo, "_PLAN_CACHE", {})
    monkeypatch.setattr(demo, "solve", recording_solve)
    # Lady Cadogan's quick beams, which come first, find nothing here (they have their
    # own test in test_demo_plans.py): the searches run
    monkeypatch.setattr(demo, "quick_win", lambda guess, nodes, seconds: (None, 0))
    demo.demo_move(game, max_nodes=50, max_ms=None)
    plan = game.profile.search.demo_plan
    assert plan is not None
    assert calls[:plan.samples] == [(plan.nodes, plan.searches)] * plan.samples
    # where no guess won within the 200 positions given here, a long look may follow
    # (the solver's own stages, no plan of searches), only in a rule set that takes them
    assert calls[plan.samples:] in ([], [(demo.LONG_LOOK_NODES, None)] * min(plan.long_looks, 1))

    calls.clear()
    monkeypatch.setattr(demo, "_PLAN_CACHE", {})
    demo.demo_move(game, max_nodes=50, max_ms=None, plan_nodes=0)  # 0: never plans
    assert calls == []


def test_english_square_demo_never_plans(monkeypatch) -> None:
    monkeypatch.setattr(demo, "solve", lambda *a, **k: pytest.fail("the Square demo planned"))
    assert profile_of("square").search.demo_plan is None
    assert demo.demo_move(new_game("square", 3), max_nodes=50, max_ms=None) is not None


def test_homeless_cards_counts_the_cards_below_row1_no_row1_run_could_take() -> None:
    from game.engine import game_from_layout
    from game.search.evaluate import homeless_cards

    from .test_hint_keeps_won import ROW1_REFILL_35

    game = game_from_layout(ROW1_REFILL_35)
    # 24 cards below Row 1; 8♠ goes on the 9♥, 4♣ and 3♦ on the 5♥, and no other Row 1
    # top has a card below to take
    assert homeless_cards(game) == 21
    # the fill itself leaves the rows below; J♥ then takes a 10♣, 5♦ nothing (the one
    # 4♣ is the 5♥'s), 9♣ the run 8♥, 7♣ and a red 6
    for fill, left in (("r2c8-r1c8", 19), ("r2c3-r1c8", 20), ("r2c1-r1c8", 17)):
        after = game.clone()
        after.play_text(fill)
        assert homeless_cards(after) == left
    # the player sees every card below Row 1: the view counts the same
    assert homeless_cards(game.player_view()) == 21


def test_a_build_onto_row1_leaves_the_homeless_count_as_it_is() -> None:
    from game.engine.rows import row_of
    from game.search.evaluate import homeless_cards

    rng = random.Random(1)
    builds = 0
    for number in range(1, 16):
        game = new_game("constitution", number)
        for _ in range(120):
            moves = game.legal_moves()
            if not moves:
                break
            for move in moves:
                if (move.src in game.tableau and row_of(move.src) == 1 and move.dst in game.tableau
                        and game.piles[move.dst]):
                    after = game.clone()
                    after.play(move)
                    assert homeless_cards(after) == homeless_cards(game)
                    builds += 1
            game.play(rng.choice(moves))
    assert builds > 100
