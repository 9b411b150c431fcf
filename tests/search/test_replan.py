"""The replanning search (``replan``, game.search.demo.Replanner): the demo player's way
of playing with the whole deal in sight, a stage of the Constitution sets' solver."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import new_game
from game.engine.rulesets import profile_of
from game.search import demo, solver
from game.search.solver import solve

ROWS = ("constitution", "constitution-cadogan")


def wins(rules: str, number: int, moves: list[str]) -> bool:
    game = new_game(rules, number)
    for text in moves:
        game.play_text(text)
    return game.is_won()


@pytest.mark.parametrize("rules", ROWS)
def test_the_first_million_positions_are_the_readmes_stages(rules: str) -> None:
    # the README's table was measured at 1,000,000 positions: the stages up to there
    # stay what they were, and the replanning search comes after them
    stages = profile_of(rules).search.stages
    names = [stage for stage, _ in stages]
    at = names.index(("replan",))
    assert sum(nodes or 0 for _, nodes in stages[:at]) == 1_000_000
    assert all("replan" not in stage for stage in names[:at])
    assert stages[-1][1] is None and "resume" in stages[-1][0]


@pytest.mark.parametrize("rules", ROWS)
def test_a_plan_from_the_start_is_the_line(rules: str) -> None:
    result = solve(new_game(rules, 1), plan=("replan",), max_nodes=400_000, max_seconds=600)
    assert result.status == "won"
    assert wins(rules, 1, result.moves)
    assert 0 < result.nodes <= 400_000


def test_replan_false_leaves_it_out(monkeypatch) -> None:
    def refused(*args, **kwargs):
        raise AssertionError("the replanning search ran")

    monkeypatch.setattr(solver, "_replanner", refused)
    result = solve(new_game("constitution", 1), plan=("replan",), replan=False)
    assert (result.status, result.nodes) == ("unknown", 0)


def test_the_budget_cuts_it_to_unknown() -> None:
    # game 132 needs more than a million positions of it: cut at 50,000, it answers
    # unknown, within the budget but for the last hint's few positions
    result = solve(new_game("constitution", 132), plan=("replan",), max_nodes=50_000, max_seconds=600)
    assert result.status == "unknown"
    assert 0 < result.nodes <= 50_000 + 10 * demo.DEMO_MAX_NODES


def test_its_plans_stop_at_the_solvers_end() -> None:
    # the solver hands its own end (a perf_counter time) to the replanning search, whose
    # plans take their seconds from it
    (search, _), = solver._start(new_game("constitution", 1), ("replan",), 1000, 123.5, 0)
    assert isinstance(search, demo.Replanner)
    assert search.deadline == 123.5


def test_the_solver_tells_it_how_far_its_stages_searched_from_the_start(monkeypatch) -> None:
    # a stage list cut short: 3,000 positions of the depth-first search (which does not
    # win game 132 in that many), then the replanning search
    game = new_game("constitution", 132)
    search = game.profile.search
    short = replace(game.profile, search=replace(search, stages=((("dfs",), 3000), (("replan",), 5000))))
    monkeypatch.setattr(type(game), "profile", short)
    told: list[int] = []
    real = solver._replanner

    def recording(game, max_nodes, end=None, searched=0, ran=None):
        told.append(searched)
        return real(game, max_nodes, end, searched, ran)

    monkeypatch.setattr(solver, "_replanner", recording)
    solve(game, max_nodes=8000, max_seconds=600)
    assert told == [3000]


def test_the_solver_tells_it_how_far_each_of_its_searches_went(monkeypatch) -> None:
    # 3,000 positions of the depth-first search, then 2,000 of the narrowed one (neither
    # wins game 132 in so few), then the replanning search
    game = new_game("constitution", 132)
    search = game.profile.search
    stages = ((("dfs",), 3000), (("narrowing",), 2000), (("replan",), 5000))
    monkeypatch.setattr(type(game), "profile", replace(game.profile, search=replace(search, stages=stages)))
    told: list[dict[str, int]] = []
    real = solver._replanner

    def recording(game, max_nodes, end=None, searched=0, ran=None):
        made = real(game, max_nodes, end, searched, ran)
        told.append(dict(made.ran_here))
        return made

    monkeypatch.setattr(solver, "_replanner", recording)
    solve(game, max_nodes=10_000, max_seconds=600)
    assert told == [{"dfs": 3000, "narrowing": 2000}]


def test_a_search_that_ran_to_its_end_is_told_so() -> None:
    # Lady Cadogan's quick beams end within their 60,000 positions on game 57, without
    # a win: with any budget they would search what they searched
    ran: dict[str, int] = {}
    game = new_game("constitution-cadogan", 57)
    running = solver._start(game, ("quick",), 60_000, 1e18, 0)
    result = solver.SolveResult("unknown")
    solver._run_stage(running, 1e18, result, ran)
    assert result.status == "unknown"
    assert ran == {"quick": solver.RAN_TO_ITS_END}
    assert 0 < result.nodes < 60_000


def _starts(monkeypatch, rules: str, ran: dict[str, int]) -> list[int]:
    """The moves played before each first try of the replanning search's plans on game
    ``rules`` 132 (its plans, second tries and long looks stubbed to find nothing), the
    solver's stages having run its searches as far as ``ran`` says."""
    tries: list[int] = []

    def plan(game, plan, nodes, seconds, lean=False, rescue=False):
        if not rescue:
            tries.append(len(game.history))
        return None

    monkeypatch.setattr(demo, "_solve_guess", plan)
    monkeypatch.setattr(demo, "_solver_line", lambda *args, **kwargs: None)
    search = demo.Replanner(new_game(rules, 132), 30_000)
    search.ran_here = ran
    _play_out(search)
    return tries


def _play_out(search: demo.Replanner) -> None:
    """Run a replanning search to its end."""
    steps = search.steps()
    with pytest.raises(StopIteration):
        while True:
            next(steps)


def test_the_plan_at_the_start_is_not_made_again_where_the_stages_ran_its_searches(monkeypatch) -> None:
    # constitution's demo plan is its depth-first and narrowed searches side by side, in
    # 10,000 positions: 5,000 each. Where the solver's stages ran both at least as far,
    # that plan would search again what they searched and find no win
    plan = profile_of("constitution").search.demo_plan
    assert plan is not None and plan.searches == ("dfs", "narrowing") and plan.nodes == 10_000
    alone = _starts(monkeypatch, "constitution", {})
    after = _starts(monkeypatch, "constitution", {"dfs": 10_000, "narrowing": 600_000})
    assert alone[0] == 0 and 0 not in after
    # the plans it does make are those it made before, from the next card on
    assert after and after == alone[1:len(after) + 1]
    assert _starts(monkeypatch, "constitution", {"dfs": 10_000, "narrowing": 4999})[0] == 0
    assert _starts(monkeypatch, "constitution", {"narrowing": 600_000})[0] == 0


def test_lady_cadogans_plan_at_the_start_needs_its_quick_beams_and_its_beams_run() -> None:
    # its plan: the quick beams, then the beams, each in 60,000 positions
    plan = profile_of("constitution-cadogan").search.demo_plan
    assert plan is not None and plan.quick_beams and plan.searches == ("beams",)
    assert demo._repeats_stages(plan, {"quick": solver.RAN_TO_ITS_END, "beams": 800_000, "proof": 5000})
    assert demo._repeats_stages(plan, {"quick": 60_000, "beams": 60_000})
    assert not demo._repeats_stages(plan, {"quick": 59_999, "beams": 800_000})
    assert not demo._repeats_stages(plan, {"quick": solver.RAN_TO_ITS_END, "beams": 59_999})
    assert not demo._repeats_stages(plan, {"beams": 800_000})


def _looks(monkeypatch, searched: int) -> list[int]:
    """The moves played before each long look of a replanning search of game 132 (its
    plans and looks stubbed to find nothing), the solver's stages having searched
    ``searched`` positions from its start."""
    looks: list[int] = []

    def look(guess, nodes, seconds, plan=None):
        looks.append(len(guess.history))
        return None

    monkeypatch.setattr(demo, "_solver_line", look)
    monkeypatch.setattr(demo, "_solve_guess", lambda *args, **kwargs: None)
    search = demo.Replanner(new_game("constitution", 132), 30_000)
    search.searched_here = searched
    _play_out(search)
    return looks


def test_a_long_look_at_the_start_is_not_taken_again_after_the_solvers_own_stages(monkeypatch) -> None:
    # a long look is the solver's stages within LONG_LOOK_NODES: after those stages
    # searched at least as many from the same position, it would find nothing new there
    # (game 132: the stages' first 1,000,000 positions leave it unknown, and the look
    # that won it came 3 moves in)
    alone = _looks(monkeypatch, 0)
    after = _looks(monkeypatch, demo.LONG_LOOK_NODES)
    assert alone[0] == 0 and 0 not in after
    # the looks it does take are those it took before, from the next card on
    assert after and after == alone[1:len(after) + 1]
    assert _looks(monkeypatch, demo.LONG_LOOK_NODES - 1)[0] == 0


def test_lady_cadogans_long_looks_come_first_and_alone(monkeypatch) -> None:
    # after the solver's stages, each card that shows gets a long look (which begins with
    # the plan's quick beams) and nothing else, until the looks are spent; then second
    # tries, then the quick beams alone (everything stubbed to find nothing)
    calls: list[tuple[int, str]] = []

    def plan(game, plan, nodes, seconds, lean=False, rescue=False):
        calls.append((len(game.history), "second try" if rescue else "lean" if lean else "plan"))
        return None

    def look(guess, nodes, seconds, plan=None):
        calls.append((len(guess.history), "look"))
        return None

    monkeypatch.setattr(demo, "_solve_guess", plan)
    monkeypatch.setattr(demo, "_solver_line", look)
    search = demo.Replanner(new_game("constitution-cadogan", 944), 100_000_000)
    search.searched_here = demo.LONG_LOOK_NODES
    search.ran_here = {"quick": solver.RAN_TO_ITS_END, "beams": 800_000, "proof": 5000}
    _play_out(search)
    kinds = [kind for _, kind in calls]
    looks = max(profile_of("constitution-cadogan").search.demo_plan.long_looks, demo.REPLAN_LONG_LOOKS)
    assert kinds[:looks + demo.RESCUES] == ["look"] * looks + ["second try"] * demo.RESCUES
    assert set(kinds[looks + demo.RESCUES:]) == {"lean"}
    # nothing at the start, where the stages ran all of it; one try a card after it
    moves = [at for at, _ in calls]
    assert moves[0] > 0 and moves == sorted(set(moves))


@pytest.mark.slow
def test_it_wins_the_deal_no_other_search_decides() -> None:
    # constitution 132: unknown to the other searches at 40,000,000 positions, and lost
    # by the demo player with 75 sets of guesses; the replanning search plays on with the
    # real stock and wins it
    result = solve(new_game("constitution", 132), plan=("replan",), max_nodes=3_000_000, max_seconds=1200)
    assert result.status == "won"
    assert wins("constitution", 132, result.moves)
