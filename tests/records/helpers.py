"""Shared pieces of the records tests: a controllable clock and recorded games."""

from __future__ import annotations

import random
from pathlib import Path

from game.engine import RULE_IDS, new_game
from game.records.recorder import Recorder
from game.records.replay import Replay, parse_replay

DATA = Path(__file__).parent / "data"
#: replays of won games, found by the solver and recorded with made-up times
WON_REPLAYS = sorted(DATA.glob("*-won.replay"))
STARTED = "2026-11-22T03:15:00Z"


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, start: float = 500.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def random_recording(rules: str, game: str | int, seed: int, steps: int = 80) -> Recorder:
    """A game of random legal moves with undos, redos and hints mixed in, recorded."""
    rng = random.Random(seed)
    clock = FakeClock()
    recorder = Recorder(new_game(rules, game), clock=clock, started=STARTED)
    for _ in range(steps):
        clock.advance(rng.uniform(0.05, 4.0))
        roll = rng.random()
        if roll < 0.12:
            recorder.undo()
        elif roll < 0.16:
            recorder.redo()
        elif roll < 0.2:
            recorder.note_hint()
        else:
            legal = recorder.game.legal_moves()
            if not legal:
                break
            recorder.play(rng.choice(sorted(legal)))
    clock.advance(1.5)
    return recorder


def sample_replays() -> list[Replay]:
    """One in-progress replay of about 40 moves for each rule set (deterministic)."""
    out = []
    for n, rules in enumerate(RULE_IDS):
        recorder = random_recording(rules, 1000 + n, seed=n, steps=60)
        out.append(recorder.replay())
    return out


def won_replays() -> list[Replay]:
    """The stored won games, parsed."""
    return [parse_replay(path.read_text(encoding="utf-8")) for path in WON_REPLAYS]


#: what may stand where the game keeps a file, and must be left as it is
SPECIAL_KINDS = ("link to a file", "dangling link", "link to a fifo", "fifo", "folder", "device")


def make_special(kind: str, path: Path, outside: Path) -> None:
    """Put a ``kind`` of :data:`SPECIAL_KINDS` at ``path``; ``outside`` is a regular file
    elsewhere (a link to a file points there). A device needs root: skipped otherwise."""
    import os
    import stat

    import pytest

    if kind == "link to a file":
        path.symlink_to(outside)
    elif kind == "dangling link":
        path.symlink_to(path.parent / "nowhere")
    elif kind == "link to a fifo":
        os.mkfifo(path.parent / "a-fifo")
        path.symlink_to(path.parent / "a-fifo")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_text("kept")
    elif kind == "device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        except (OSError, AttributeError):
            pytest.skip("making a device needs root")
    else:
        raise ValueError(kind)


def lstat_of(path: Path) -> tuple[int, int]:
    """What a name is (mode and inode, never followed), to check it was left as it was."""
    info = path.lstat()
    return info.st_mode, info.st_ino
