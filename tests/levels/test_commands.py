"""The ``levels`` commands' messages and outputs: ``check`` counts and names a missing file,
``build`` checks where it writes before it searches and says when it finds no level,
``chart`` writes through the output module."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from game import output as output_module
from game.levels import clear_cache
from tests.levels.helpers import CONSTITUTION_1_WIN, level, run, write_campaign

PNG = b"\x89PNG\r\n\x1a\n"
SQUARE_TINY = ("build", "--rules", "square", "--search", "2", "--count", "1", "--pool", "1",
               "--nodes", "1000")


def test_check_counts_one_level_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clear_cache()
    write_campaign(tmp_path, levels=[level(1, "1", CONSTITUTION_1_WIN, 10.0)])
    assert run("check", "--rules", "constitution", "--folder", str(tmp_path)) == 0
    assert capsys.readouterr().out == "constitution: 1 level, every solution wins\n"
    clear_cache()
    write_campaign(tmp_path, levels=[level(1, "1", CONSTITUTION_1_WIN[:-3], 10.0)])
    assert run("check", "--rules", "constitution", "--folder", str(tmp_path)) == 1
    assert capsys.readouterr().out.startswith("constitution: 1 of 1 level FAIL\n  level 1 (game 1): ")


def test_check_names_a_missing_file_as_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", "--rules", "union-square", "--folder", str(tmp_path)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "union-square: FAIL, the campaign file is missing"
    assert lines[1] == (f"  {tmp_path / 'union-square.json'}: the file does not exist "
                        "(make it with: british-patience levels build --rules union-square "
                        f"--out {tmp_path})")
    assert "of 0 levels" not in "\n".join(lines)


def test_check_of_a_folder_whose_name_is_too_long_says_it_cannot_be_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clear_cache()
    assert run("check", "--rules", "square", "--folder", str(tmp_path / ("x" * 300))) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --folder ") and err.endswith(": it cannot be read (File name too long)\n")


@pytest.mark.parametrize("command", [("check",), ("chart", "out.png")], ids=lambda c: c[0])
@pytest.mark.parametrize("kind", ["missing", "file"])
def test_check_and_chart_of_a_folder_that_is_not_there_say_so_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        command: tuple[str, ...], kind: str) -> None:
    """One clear error, not a failure per rule set (whose advice to build would write there)."""
    folder = tmp_path / "campaigns"
    if kind == "file":
        folder.write_text("not a folder")
    monkeypatch.chdir(tmp_path)
    assert run(*command, "--folder", str(folder)) == 2
    captured = capsys.readouterr()
    why = "there is no such folder" if kind == "missing" else "it is not a folder"
    assert captured.err == f"error: --folder {folder}: {why}\n" and captured.out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == (["campaigns"] if kind == "file" else [])


def test_build_without_out_writes_nothing_and_names_the_shipped_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The campaigns the game ships with are never written over by default."""
    from game.levels.campaign import LEVELS_DIR

    before = {p.name: p.read_bytes() for p in LEVELS_DIR.iterdir()}
    assert run(*SQUARE_TINY) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: name the folder to write with --out DIR") and str(LEVELS_DIR) in err
    assert {p.name: p.read_bytes() for p in LEVELS_DIR.iterdir()} == before


@pytest.mark.parametrize(("out", "said"), [
    ("", "error: --out '': no folder name given\n"),
    ("-", "error: --out -: a campaign is a file written into a folder, which standard output is not: "
          "name the folder\n")])
def test_build_refuses_an_empty_name_and_standard_output_before_any_work(
        out: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out ""`` wrote into the current folder (the shipped levels folder, run from
    there) and ``--out -`` made a folder named ``-``."""
    monkeypatch.chdir(tmp_path)
    assert run(*SQUARE_TINY, "--out", out) == 2
    captured = capsys.readouterr()
    assert captured.err == said and captured.out == ""
    assert list(tmp_path.iterdir()) == []


def test_check_names_a_damaged_file_as_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clear_cache()
    (tmp_path / "square.json").write_text("{", encoding="utf-8")
    assert run("check", "--rules", "square", "--folder", str(tmp_path)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "square: FAIL, the campaign file cannot be read"
    assert "it is not valid JSON" in lines[1]


def test_a_build_that_finds_no_level_says_so_and_fails(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """British Square: no deal of the first numbers is winnable. The file still records
    the search (the levels screen says how many numbers were searched)."""
    clear_cache()
    assert run(*SQUARE_TINY, "--out", str(tmp_path)) == 1
    captured = capsys.readouterr()
    assert "square: searched 2 numbers" in captured.out and "0 levels" in captured.out
    assert "error: square: no level: none of the 2 game numbers searched was proved winnable" in captured.err
    text = (tmp_path / "square.json").read_text(encoding="utf-8")
    assert '"searched": 2' in text and '"levels": []' in text


@pytest.mark.parametrize("out, reason", [
    ("/proc/lv", "no file can be made in /proc"),
    ("plain", "it is not a folder"),
    ("plain/sub", "is a file, not a folder"),
    ("missing/sub", "does not exist"),
    ("taken", "it is a folder"),
])
def test_build_refuses_where_it_cannot_write_before_searching(
        out: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    if out.startswith("/proc") and not os.path.isdir("/proc/self"):
        pytest.skip("no /proc here")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain").write_text("x")
    (tmp_path / "taken" / "square.json").mkdir(parents=True)  # a folder where the file should go
    searched: list[object] = []
    from game.levels import build

    monkeypatch.setattr(build, "build_campaign", lambda *a, **k: searched.append(a))
    assert run(*SQUARE_TINY, "--out", out) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error: --out ") and reason in captured.err
    assert searched == [] and captured.out == ""


def test_build_writes_into_a_new_folder_and_through_a_link_to_dev_null(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*SQUARE_TINY, "--out", str(tmp_path / "new")) == 1
    assert (tmp_path / "new" / "square.json").is_file()
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "square.json").symlink_to("/dev/null")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)
    assert run(*SQUARE_TINY, "--out", str(linked)) == 1
    assert os.readlink(linked / "square.json") == "/dev/null"
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_a_campaign_that_cannot_be_saved_goes_to_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A build takes long: when its campaign cannot be written (a full disk), it goes to
    standard output instead, as solve's rows do, and the error says so."""
    import errno
    import json

    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output_module, "_replace", full)
    assert run(*SQUARE_TINY, "--out", str(tmp_path)) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["rules"] == "square"
    assert "the disk is full; the square campaign went to standard output instead" in captured.err
    assert not (tmp_path / "square.json").exists()


# ----- chart ----------------------------------------------------------------------------


@pytest.mark.parametrize("out, reason", [
    ("chart.jpg", "give a name ending in .png"),
    ("nowhere/chart.png", "does not exist"),
    ("folder", "it is a folder"),
    ("", "no file name given"),
])
def test_chart_refuses_what_it_cannot_write(out: str, reason: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    assert run("chart", out) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: levels chart ") and reason in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_chart_into_a_fifo_and_onto_dev_null(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "chart.png"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read)
    reader.start()
    assert run("chart", str(fifo)) == 0
    reader.join(10)
    assert received and received[0].startswith(PNG)
    monkeypatch.setattr(output_module, "FIFO_WAIT", 0.2)
    assert run("chart", str(fifo)) == 1  # nobody reads it now: the write fails after the work, as solve's
    assert "no program read the FIFO" in capsys.readouterr().err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert run("chart", "/dev/null") == 0
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)
