"""The session lives below the screen: importing it never imports pygame, and a whole game
is played and recorded through it in a fresh interpreter that never loads pygame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.records.scoring import FOUNDATION_POINTS

ROOT = Path(__file__).resolve().parents[2]
WIN = ROOT / "tests" / "data" / "wins" / "union-square-1.txt"

IMPORT_ALL = """
import importlib, pkgutil, sys
import game.session
for info in pkgutil.walk_packages(game.session.__path__, "game.session."):
    importlib.import_module(info.name)
print("pygame" in sys.modules)
"""

WHOLE_GAME = """
import json, sys
from pathlib import Path
from game.engine import new_game
from game.records.progress import load_progress
from game.records.saves import list_recent_games, load_saved_game
from game.records.settings import Settings
from game.records.stats import load_statistics
from game.records.store import Store
from game.session import PlaySession

data, line = Path(sys.argv[1]), Path(sys.argv[2]).read_text().split()
now = [100.0]
session = PlaySession(new_game("union-square", "1"), store=Store(data), settings=Settings(),
                      clock=lambda: now[0])
results, transfers, points = [], 0, 0
for text in line:
    now[0] += 2.0
    outcome = session.play(session.game.parse_move(text))
    results.append(outcome.result)
    transfers += len(outcome.transfers)
    points += sum(p.total for p in outcome.points)
end = session.conclude()
store = Store(data)
stats = load_statistics(store)["union-square"]
(recent,) = list_recent_games(store)
(best,) = load_progress(store).high_scores("union-square")
print(json.dumps({
    "results": sorted(set(results[:-1])), "last": results[-1], "end": end.result,
    "transfers": transfers, "points": points, "bonus": sum(p.total for p in end.points),
    "score": session.score.total, "elapsed": session.elapsed, "cards": sum(map(len, session.game.piles)),
    "on_foundations": sum(len(session.game.piles[f]) for f in session.game.foundations),
    "stats": [stats.won, stats.lost, stats.abandoned], "recent_result": recent.replay.result,
    "recent_moves": recent.replay.move_texts, "recent_seconds": recent.replay.seconds,
    "high_score": [best.score, best.game, best.moves], "saved": load_saved_game(store) is not None,
    "rank": session.win_record.rank, "pygame": "pygame" in sys.modules,
}))
"""


def _run(code: str, *args: str) -> str:
    run = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=False, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip().splitlines()[-1]


def test_no_module_of_the_session_imports_pygame() -> None:
    assert _run(IMPORT_ALL) == "False"


def test_a_whole_game_is_played_and_recorded_without_pygame(tmp_path: Path) -> None:
    line = WIN.read_text(encoding="utf-8").split()
    out = json.loads(_run(WHOLE_GAME, str(tmp_path / "data"), str(WIN)))
    assert out["pygame"] is False
    assert out["results"] == ["in progress"] and out["last"] == "won" and out["end"] == "won"
    assert out["cards"] == out["on_foundations"] == 104
    assert out["transfers"] >= len(line)
    # every card that reached a foundation earned at least its points, and the win its bonus
    assert out["points"] >= FOUNDATION_POINTS * 104  # Union Square's foundations start empty
    assert out["bonus"] > 0 and out["score"] == out["points"] + out["bonus"]
    assert out["elapsed"] == 2.0 * len(line)
    assert out["stats"] == [1, 0, 0] and out["rank"] == 1 and not out["saved"]
    assert out["recent_result"] == "won" and out["recent_moves"] == line
    assert out["recent_seconds"] == 2.0 * len(line)
    assert out["high_score"] == [out["score"], "1", len(line)]
