"""``screenshot`` only reads the data folder, as ``stats`` does: a picture may be taken
while the game plays on that folder, and holds no lock, so it moves no damaged file
aside, removes nothing (no stale temporary file, no saved game that has ended), makes
nothing (no log, no lock file); and every warning it shows in the picture about a file it
could not read is printed on standard error too."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game import cli
from game.cli.window import SCENE_OPTIONS, SCREENSHOT_SCENES
from game.engine import new_game
from game.records.recorder import Recorder
from game.records.replay import IN_PROGRESS
from game.records.saves import RECENT_DIR, REPLAYS_DIR, SAVED_EXTRAS, SAVED_GAME
from game.records.stats import save_digest
from game.ui.app import App

#: the scenes drawn over the menu, which reads the saved game (and, through it, the
#: statistics) and the daily deal's progress
OVER_MENU = ("menu", "rules", "options", "stats", "scores", "levels", "replay")
#: the files each scene reads besides settings.json, which every picture reads
READS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(OVER_MENU, (SAVED_GAME, "statistics.json", "progress.json")),
    "stats": (SAVED_GAME, "statistics.json", "progress.json"),
}


def _damaged_folder(data: Path) -> None:
    """A data folder with every file the game reads damaged, replays that cannot be read
    in both lists, and temporary files that a killed write left an hour ago."""
    data.mkdir()
    (data / "settings.json").write_text("[1,2")
    (data / "statistics.json").write_text("{bad")
    (data / "progress.json").write_text('{"kind": "progress", "version": 1, "rules": 5}')
    (data / SAVED_GAME).write_text("not a replay\n")
    (data / SAVED_EXTRAS).write_text("{bad")
    for folder, name in ((RECENT_DIR, "constitution-1-20260101-000000.replay"), (REPLAYS_DIR, "mine.replay")):
        (data / folder).mkdir()
        (data / folder / name).write_text("version: 1\nbroken\n")
        stale = data / folder / f".{name}.0123abcd.british-patience.tmp"
        stale.write_text("half")
        os.utime(stale, (time.time() - 3600,) * 2)
    stale = data / ".settings.json.0123abcd.british-patience.tmp"
    stale.write_text("half")
    os.utime(stale, (time.time() - 3600,) * 2)


def _contents(folder: Path) -> dict[str, tuple[int, int, bytes | None]]:
    """Every name under ``folder``: its mode, its time of change, and a file's bytes."""
    found: dict[str, tuple[int, int, bytes | None]] = {}
    for path in [folder, *folder.rglob("*")]:
        info = os.lstat(path)
        found[str(path.relative_to(folder))] = (info.st_mode, info.st_mtime_ns,
                                                path.read_bytes() if path.is_file() else None)
    return found


def _picture(scene: str, data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> tuple[list[str], list[str]]:
    """Take the picture of ``scene`` on the folder ``data``: the warnings printed on
    standard error, and every message the picture was told to show."""
    told: list[str] = []
    real_tell = App.tell

    def tell(self: App, messages: list[str]) -> None:
        messages = list(messages)
        told.extend(messages)
        real_tell(self, messages)

    monkeypatch.setattr(App, "tell", tell)
    out = tmp_path / f"{scene}.png"
    assert cli.main(["screenshot", str(out), "--scene", scene, "--size", "800x600", "--frames", "1",
                     "--data-dir", str(data)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    err = capsys.readouterr().err
    warnings = [line.removeprefix("warning: ") for line in err.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == len(err.splitlines()), err
    return warnings, told


@pytest.mark.parametrize("scene", SCREENSHOT_SCENES)
def test_a_picture_only_reads_the_data_folder_and_says_what_it_could_not_read(
        scene: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The defect as it was found: ``screenshot --scene stats`` moved a damaged
    settings.json and statistics.json aside (without the folder's lock, while the game
    may hold it), and said only the first on standard error."""
    data = tmp_path / "data"
    _damaged_folder(data)
    before = _contents(data)
    warnings, told = _picture(scene, data, tmp_path, monkeypatch, capsys)
    assert _contents(data) == before, "the data folder changed"
    for name in ("settings.json", *READS.get(scene, ())):
        assert any(w.startswith(f"{name} could not be read") and w.endswith("it was left as it is")
                   for w in warnings), (name, warnings)
    assert not any("kept as" in w or "moved" in w for w in warnings), warnings
    assert sorted(set(warnings)) == sorted(warnings), "each warning is printed once"
    assert set(warnings) == set(told), "every notice of the picture is on standard error too"


@pytest.mark.parametrize("scene", [s for s in SCREENSHOT_SCENES if s in OVER_MENU])
def test_a_picture_never_removes_a_saved_game_that_has_ended(
        scene: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The menu removes a saved game that the statistics count as ended already; a
    picture over the menu must not (the game may be saving it this very moment), nor
    complain that it cannot."""
    game = new_game("constitution", "1")
    recorder = Recorder(game)
    recorder.play(game.legal_moves()[0])
    text = recorder.replay(IN_PROGRESS).to_text()
    data = tmp_path / "data"
    data.mkdir()
    (data / SAVED_GAME).write_text(text)
    (data / "statistics.json").write_text(
        f'{{"kind": "statistics", "version": 1, "rules": {{}}, "ended_save": "{save_digest(text)}"}}')
    before = _contents(data)
    warnings, _ = _picture(scene, data, tmp_path, monkeypatch, capsys)
    assert _contents(data) == before
    assert warnings == []  # nothing was wrong with the files: the game removes that save itself


def test_every_scene_is_covered() -> None:
    assert set(READS) <= set(SCREENSHOT_SCENES) == set(SCENE_OPTIONS)
