"""tools/solve_positions.py: a range of deals solved within a budget in positions."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.engine import new_game
from game.search.solver import solve

TOOL = Path(__file__).resolve().parents[2] / "tools" / "solve_positions.py"


def test_each_deal_is_cut_at_the_positions_given(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("solve_positions", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["union-square", "1-3", "--nodes", "300"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split(",") for line in lines[:-1]]
    assert [r[0] for r in rows] == ["1", "2", "3"]
    for number, status, nodes, _ in rows:
        expected = solve(new_game("union-square", number), max_nodes=300, max_seconds=1e6)
        assert (status, int(nodes)) == (expected.status, expected.nodes)
        assert int(nodes) <= 300
    counts = {s: sum(r[1] == s for r in rows) for s in ("won", "lost", "unknown")}
    assert lines[-1].startswith(f"# {counts['won']} won, {counts['lost']} lost, {counts['unknown']} unknown")
