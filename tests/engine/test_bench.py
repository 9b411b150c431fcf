"""``main.py bench``'s engine section: it runs, and reports every figure for every rule
set. The figures themselves are speeds of this machine, so no test judges them."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.engine import RULE_IDS

FIGURES = {"deals", "legal_moves_median_us", "legal_moves_p99_us", "play_undo_per_s", "random_games_per_s",
           "moves_per_random_game", "random_wins"}


def test_bench_json_reports_the_engine_figures_for_every_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "engine", "--quick", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    engine = results["engine"]
    assert set(engine) == set(RULE_IDS)
    for rules, figures in engine.items():
        assert set(figures) == FIGURES, rules
        assert figures["deals"] == 10
        assert figures["play_undo_per_s"] > 0 and figures["random_games_per_s"] > 0
        assert 0 < figures["legal_moves_median_us"] <= figures["legal_moves_p99_us"]
        assert figures["moves_per_random_game"] > 0 and 0 <= figures["random_wins"] <= 10
    assert {"python", "cpus", "platform"} <= set(results["machine"])
