"""The winning lines of docs/wins: deals that the solver leaves unknown at the README's
budget, each won by a line the demo player found (docs/search.md, "Results"). Each file
is a won replay, so the replay reader checks every move against the rules and that the
last one wins the deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import new_game
from game.records.replay import WON, load_replay

WINS = Path(__file__).resolve().parents[2] / "docs" / "wins"
#: the deals of games 1-1000 that the solver leaves unknown at 1,000,000 positions and a
#: line wins (docs/search.md names them)
EXPECTED = {"constitution-132", "constitution-497", "constitution-729", "constitution-cadogan-57",
            "constitution-cadogan-464", "constitution-cadogan-641", "constitution-cadogan-732",
            "constitution-cadogan-912", "constitution-cadogan-944"}


def test_the_folder_holds_the_deals_the_docs_name() -> None:
    assert {path.stem for path in WINS.glob("*.replay")} >= EXPECTED


@pytest.mark.parametrize("path", sorted(WINS.glob("*.replay")), ids=lambda p: p.stem)
def test_each_line_wins_its_deal(path: Path) -> None:
    replay = load_replay(path)
    assert f"{replay.rules}-{replay.game}" == path.stem
    assert replay.result == WON
    game = new_game(replay.rules, replay.game)
    for text in replay.move_texts:
        game.play_text(text)
    assert game.is_won()
