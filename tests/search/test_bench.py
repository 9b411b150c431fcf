"""``main.py bench``'s search section: it runs and reports every figure for every rule
set, the demo player's on-screen move among them. The figures are speeds of this machine,
so no test judges them; the solver's part is shortened here (a tenth of a second a deal)."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.engine import RULE_IDS
from game.search import bench

FIGURES = {"hint_positions", "hint_median_ms", "hint_max_ms", "demo_move_median_ms", "demo_move_max_ms",
           "solver_deals", "solver_budget_s", "solver_positions_per_s", "solver_all_positions_per_s",
           "solver_decided_pct",
           "solver_won_pct", "core_positions_per_s"}


@pytest.mark.slow
def test_bench_json_reports_the_search_figures_for_every_rule_set(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real_solve = bench.solve
    monkeypatch.setattr(bench, "solve", lambda game, max_seconds: real_solve(game, max_seconds=0.1))
    assert main(["bench", "--only", "search", "--quick", "--json"]) == 0
    search = json.loads(capsys.readouterr().out)["search"]
    assert set(search) == set(RULE_IDS)
    for rules, figures in search.items():
        assert set(figures) == FIGURES, rules
        assert figures["hint_positions"] == 25 and figures["solver_deals"] == 3
        assert 0 < figures["hint_median_ms"] <= figures["hint_max_ms"]
        assert 0 < figures["demo_move_median_ms"] <= figures["demo_move_max_ms"]
        assert 0 <= figures["solver_won_pct"] <= figures["solver_decided_pct"] <= 100
        # every rule set's solver searches something (Lady Cadogan's only with its beams)
        assert figures["solver_all_positions_per_s"] > 0
        assert figures["core_positions_per_s"] > 0
