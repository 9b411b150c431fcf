"""Golden data dealt and played by PySolFC itself (tests/data/golden, see its README).

Every opening layout must be reproduced card for card, and every step of every playout
must give the same layout and exactly the same set of legal moves before the move is
played.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import new_game

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "golden"
LAYOUTS = sorted(GOLDEN.glob("*.json"))
PLAYOUTS = sorted((GOLDEN / "playouts").glob("*.jsonl"))


def test_golden_data_is_present() -> None:
    assert len(LAYOUTS) == 44
    assert {p.name.split("_")[0] for p in LAYOUTS} == {
        "constitution", "constitution-cadogan", "square", "union-square"}
    assert PLAYOUTS


@pytest.mark.parametrize("path", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_golden_layout_is_dealt_card_for_card(path: Path) -> None:
    golden = json.loads(path.read_text())
    rules, number = path.stem.split("_")
    assert golden["rules"] == rules and golden["game"] == number
    dealt = new_game(rules, number).to_layout()
    for key, value in golden.items():
        assert dealt[key] == value, f"{path.name}: {key} differs"


@pytest.mark.parametrize("path", PLAYOUTS, ids=[p.stem for p in PLAYOUTS])
def test_golden_playout_layouts_and_legal_moves_match_at_every_step(path: Path) -> None:
    steps = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    first = steps[0]
    game = new_game(first["rules"], first["game"])
    for step in steps:
        here = f"{path.name} step {step['step']}"
        layout = game.to_layout()
        for key, value in step["layout"].items():
            assert layout[key] == value, f"{here}: {key} differs"
        assert game.legal_texts() == step["legal"], here
        if step["move"] is None:
            break
        game.play_text(step["move"])
    assert len(game.history) == sum(1 for s in steps if s["move"] is not None)
