"""``replay FILE [--check]`` and ``stats [RULES]`` on the command line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main, window
from game.records.replay import LOST, WON, Replay
from game.records.stats import record_result
from game.records.store import Store

from .helpers import WON_REPLAYS, random_recording

ROOT = Path(__file__).resolve().parents[2]


def test_check_a_won_replay(capsys):
    path = WON_REPLAYS[0]
    assert main(["replay", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    assert f"{path}: a valid replay" in out
    assert "rules:   constitution" in out
    assert "result:  won (the moves win the game)" in out


@pytest.mark.parametrize("folder", ["/etc/passwd", "", "some-folder"])
def test_check_refuses_a_data_dir_it_would_not_read(folder, capsys):
    """``--check`` reads the replay file alone: a ``--data-dir`` with it was ignored
    without a word; an option that does not apply is refused, as elsewhere."""
    assert main(["replay", str(WON_REPLAYS[0]), "--check", "--data-dir", folder]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: --data-dir does not go with --check")


def test_check_shows_a_file_name_with_control_characters_escaped(tmp_path, capsys):
    path = tmp_path / "e\x1b[31mx.replay"
    path.write_bytes(WON_REPLAYS[0].read_bytes())
    assert main(["replay", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and out.startswith(f"{tmp_path}/e\\x1b[31mx.replay: a valid replay\n")


def test_check_a_game_in_progress(tmp_path, capsys):
    path = tmp_path / "game.replay"
    replay = random_recording("union-square", 21, seed=1, steps=30).replay()
    path.write_text(replay.to_text())
    assert main(["replay", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    left = len(replay.play_out().legal_moves())
    assert left > 1
    assert f"moves:   {len(replay.moves)}" in out
    assert f"result:  in progress (after the last move {left} legal moves are left)" in out


def test_check_a_damaged_replay_names_the_line(tmp_path, capsys):
    lines = WON_REPLAYS[0].read_text().splitlines()
    lines[20] = lines[20].replace("r", "q", 1)
    path = tmp_path / "bad.replay"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: line 21: ")


def test_check_refuses_a_missing_or_huge_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.replay"), "--check"]) == 2
    assert "there is no such file" in capsys.readouterr().err
    huge = tmp_path / "huge.replay"
    with huge.open("wb") as handle:
        handle.truncate(10**9)
    assert main(["replay", str(huge), "--check"]) == 2
    assert "it is 1,000,000,000 bytes, more than the 1,000,000 allowed\n" in capsys.readouterr().err


def test_replay_without_check_opens_the_viewer(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: calls.append((path, data_dir)) or 0)
    assert main(["replay", str(WON_REPLAYS[0]), "--data-dir", str(tmp_path)]) == 0
    assert calls == [(WON_REPLAYS[0], tmp_path)]


def test_a_damaged_replay_never_opens_the_viewer(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: pytest.fail("opened"))
    path = tmp_path / "bad.replay"
    path.write_text("version: 7\n")
    assert main(["replay", str(path)]) == 2
    assert "line 1: replay version 7 is newer" in capsys.readouterr().err


def _fake(rules: str, result: str, moves: int, seconds: float) -> Replay:
    return Replay(rules=rules, game="12", result=result, seconds=seconds, hints=0, undos=0,
                  moves=tuple(random_recording(rules, 12, seed=0, steps=moves).replay().moves))


def test_stats_prints_a_table(tmp_path, capsys):
    store = Store(tmp_path)
    record_result(store, _fake("square", WON, 5, 754.0))
    record_result(store, _fake("square", LOST, 5, 60.0))
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["constitution", "constitution-cadogan", "square", "union-square"]
    rows = {line[:26].strip(): line[26:].split() for line in out[1:]}
    assert rows["played"] == ["0", "0", "2", "0"]
    assert rows["win %"] == ["-", "-", "50.0", "-"]  # no game played: no percentage
    assert rows["best time without help"] == ["-", "-", "12:34", "-"]
    assert rows["wins without hints or undo"] == ["0", "0", "1", "0"]


def test_stats_count_a_game_the_demo_won_apart_from_the_players_wins(tmp_path, capsys):
    """The reproduction: a game the demo played to its win is not the player's win."""
    store = Store(tmp_path)
    record_result(store, _fake("union-square", WON, 5, 2.0), demo=True)
    assert main(["stats", "union-square", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line[:26].strip(): line[26:].split() for line in out[1:] if line[:26].strip()}
    assert rows["played"] == ["1"] and rows["won"] == ["0"] and rows["won by the demo"] == ["1"]
    assert rows["win %"] == ["0.0"] and rows["current streak"] == ["0"] and rows["best streak"] == ["0"]
    assert rows["best time without help"] == ["-"]
    assert out[-1].split()[1:6] == ["#12", "won", "by", "the", "demo"]


def test_stats_of_one_rule_set_lists_its_last_games(tmp_path, capsys):
    store = Store(tmp_path)
    record_result(store, _fake("union-square", LOST, 5, 61.0))
    assert main(["stats", "union-square", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "the last game:\n" in out and "lost" in out and "1:01" in out and " 5 moves " in out
    assert "2026" not in out  # _fake has no start date: shown as "-"
    assert main(["stats", "nonsense"]) == 2
    assert "unknown rule set 'nonsense'" in capsys.readouterr().err


@pytest.mark.parametrize(("content", "says"), [
    ("garbage", "statistics.json could not be read"),
    ('{"kind": "statistics", "version": 99}', "statistics.json was written by a newer version of the game"),
])
def test_stats_with_a_file_it_cannot_read_says_so_and_leaves_the_file(tmp_path, capsys, content, says):
    """``stats`` only reads: it moves nothing aside, so the file stays for the version
    that can read it (or for the player to look at). It prints no table of zeros, which
    would look like statistics wiped: an error, status 1."""
    (tmp_path / "statistics.json").write_text(content)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(f"error: {says}") and "left as it is" in captured.err
    assert "no statistics are shown" in captured.err and captured.out == ""
    assert [p.name for p in tmp_path.iterdir()] == ["statistics.json"]
    assert (tmp_path / "statistics.json").read_text() == content


def test_stats_of_a_statistics_file_that_is_a_link_to_nothing_is_an_error_not_zeros(tmp_path, capsys):
    """A statistics.json linked to a file on a drive not mounted was read as no file: a
    table of zeros, status 0, as if the statistics were wiped (and the game played on to
    learn at its first count that the link is not written through). It is an error, and
    the link is left as it is (hostile command-line review 31)."""
    (tmp_path / "statistics.json").symlink_to(tmp_path / "unmounted" / "statistics.json")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        "error: statistics.json could not be read (it is a symbolic link that leads to nothing); it was "
        "left as it is; no statistics are shown, since they could not be read\n")
    assert (tmp_path / "statistics.json").is_symlink() and [p.name for p in tmp_path.iterdir()] == [
        "statistics.json"]


@pytest.mark.parametrize(("field", "value"), [
    ("game", "\x1b]0;pwned\x07\x1b[2J"), ("game", "12\x9b31m"), ("date", "\x1b[31m2026-11-22T03:15:09Z"),
    ("date", "2026-11-22T03:15:09Z\u202e"), ("result", "lost\x1b[2J"),
])
def test_stats_never_print_a_control_sequence_from_the_file(tmp_path, capsys, field, value):
    import json

    store = Store(tmp_path)
    record_result(store, _fake("square", LOST, 5, 61.0))
    document = json.loads((tmp_path / "statistics.json").read_text())
    document["rules"]["square"]["recent"][0][field] = value
    (tmp_path / "statistics.json").write_text(json.dumps(document))
    assert main(["stats", "square", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    for text in (captured.out, captured.err):
        assert all(ch.isprintable() or ch == "\n" for ch in text), text
    assert captured.err.startswith("error: statistics.json could not be read")
    assert captured.out == ""


def test_the_check_runs_from_main_py_without_a_window():
    done = subprocess.run([sys.executable, "main.py", "replay", str(WON_REPLAYS[0]), "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "invalid-on-purpose"})
    assert done.returncode == 0, done.stderr
    assert "a valid replay" in done.stdout


def test_the_last_games_show_dates_and_counts_as_a_person_reads_them(tmp_path, capsys):
    store = Store(tmp_path)
    one = random_recording("square", 12, seed=0, steps=3).replay()
    record_result(store, Replay(rules="square", game="12", result=LOST, seconds=61.0, hints=1, undos=2,
                                moves=one.moves[:1], started="2026-11-22T03:15:09Z"))
    assert main(["stats", "square", "--data-dir", str(tmp_path)]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.split() == ["2026-11-22", "03:15", "#12", "lost", "1", "move", "1:01", "1", "hint,", "2",
                            "undos"]


def test_stats_into_a_closed_pipe_ends_quietly(tmp_path):
    child = subprocess.Popen([sys.executable, "main.py", "stats", "--data-dir", str(tmp_path)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0 and err == ""


def test_a_data_dir_that_is_a_file_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    assert main(["stats", "--data-dir", str(blocker)]) == 2
    assert capsys.readouterr().err == f"error: --data-dir {blocker}: {blocker} is not a folder\n"
    assert main(["stats", "--data-dir", str(blocker / "inside")]) == 2
    assert f"{blocker} is not a folder" in capsys.readouterr().err
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: pytest.fail("opened"))
    assert main(["replay", str(WON_REPLAYS[0]), "--data-dir", str(blocker)]) == 2
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize("name", ["x" * 300, "/".join(["x" * 9] * 500)],
                         ids=["300-char name", "5000-char path"])
@pytest.mark.parametrize("command", [["stats"], ["replay", str(WON_REPLAYS[0])]])
def test_a_data_dir_whose_name_is_too_long_is_a_one_line_error(name, command, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: pytest.fail("opened"))
    assert main([*command, "--data-dir", str(tmp_path / name)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("error: --data-dir ") and "the name is too long" in captured.err
    assert len(captured.err) < 300


@pytest.mark.parametrize("kind", ["missing", "missing below", "a link to nothing", "a loop of links"])
def test_stats_of_a_data_dir_that_does_not_exist_is_an_error_not_a_table_of_zeros(kind, tmp_path, capsys):
    """The defect as it was found: a mistyped ``--data-dir`` printed a table of zeros with
    status 0, which looks like the statistics wiped. Nothing is made."""
    data = tmp_path / "data"
    if kind == "missing below":
        data = tmp_path / "new" / "deeper"
    elif kind == "a link to nothing":
        data.symlink_to(tmp_path / "gone")
    elif kind == "a loop of links":
        data.symlink_to(tmp_path / "other")
        (tmp_path / "other").symlink_to(data)
    before = sorted(os.listdir(tmp_path))
    assert main(["stats", "--data-dir", str(data)]) == 2
    captured = capsys.readouterr()
    why = ("there is no such folder" if kind.startswith("missing")
           else "it is a symbolic link that leads to no folder")
    assert captured.out == ""
    assert captured.err == (f"error: --data-dir {data}: {why}, so nothing has been recorded there "
                            "(check the name)\n")
    assert sorted(os.listdir(tmp_path)) == before


@pytest.mark.parametrize("kind", ["a file", "a device"])
def test_stats_of_a_default_data_folder_under_a_file_says_why(kind, tmp_path, monkeypatch, capsys):
    """``XDG_DATA_HOME`` naming a file or a device: the data folder can never be made.
    It printed ``statistics.json could not be read (cannot be opened: Not a directory)``;
    it now says which name is not a folder. Nothing is made or changed."""
    if kind == "a file":
        place = tmp_path / "a file"
        place.write_text("not a folder")
    else:
        place = Path(os.devnull)
    monkeypatch.setenv("XDG_DATA_HOME", str(place))
    before = sorted(os.listdir(tmp_path))
    assert main(["stats"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"error: the data folder {place / 'british-patience'} cannot be made: {place} "
                            "is not a folder, so nothing has been recorded there\n")
    assert sorted(os.listdir(tmp_path)) == before


def test_a_file_under_a_data_folder_that_is_a_file_is_not_there(tmp_path):
    """Read through a file (``/dev/null/british-patience/settings.json``), a name names
    nothing: not found, not a damaged file to move aside (which gave the raw
    ``could not be moved aside (Not a directory)``)."""
    from game.records.store import Store

    (tmp_path / "a file").write_text("not a folder")
    store = Store(tmp_path / "a file" / "british-patience")
    with pytest.raises(FileNotFoundError):
        store.read_text("settings.json")
    assert store.read_json("settings.json", "settings", 1) is None
    assert store.take_warnings() == []
    assert sorted(os.listdir(tmp_path)) == ["a file"]


def test_stats_of_an_empty_data_dir_is_a_table_of_zeros(tmp_path, capsys):
    assert main(["stats", "square", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "played" in captured.out and "no game ended yet" in captured.out and captured.err == ""


def _main_py(args: list[str], stdin: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, stdin=stdin, capture_output=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "invalid-on-purpose"})


@pytest.mark.parametrize("args", [["replay", "-", "--check"], ["analyse", "-", "--budget", "5"]])
def test_dash_reads_a_replay_from_standard_input(args, tmp_path):
    with WON_REPLAYS[0].open("rb") as handle:
        done = _main_py(args, handle)
    assert done.returncode == 0, done.stderr
    assert b"a valid replay" in done.stdout if args[0] == "replay" else b"This game was won" in done.stdout
    junk = tmp_path / "junk"
    junk.write_bytes(b"\xff\xfe\x00junk" * 100)
    huge = tmp_path / "huge"
    with huge.open("wb") as handle:
        handle.truncate(10**8)
    for path, reason in ((junk, b"it is not UTF-8 text"), (huge, b"more than the 1,000,000 bytes allowed")):
        with path.open("rb") as handle:
            done = _main_py(args, handle)
        assert done.returncode == 2 and done.stdout == b""
        assert done.stderr.startswith(b"error: -: ") and reason in done.stderr
        assert b"Traceback" not in done.stderr
    done = _main_py(args, subprocess.DEVNULL)  # empty
    assert done.returncode == 2 and b"standard input is empty" in done.stderr


@pytest.mark.parametrize("args", [["replay", "-", "--check"], ["analyse", "-"]])
def test_dash_on_a_terminal_is_refused_at_once(args):
    pty = pytest.importorskip("pty")
    leader, follower = pty.openpty()
    try:
        done = _main_py(args, follower)  # a read would wait for typing; the timeout would fail the test
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert done.stderr == b"error: -: standard input is a terminal: pipe a replay in (- < FILE.replay) " \
                          b"or give the file's name\n"


@pytest.mark.parametrize("args", [["replay", "./-", "--check"], ["analyse", "./-", "--budget", "5"]])
def test_a_file_named_dash_is_read_as_dot_slash_dash(args, tmp_path, monkeypatch, capsys):
    """``./-`` is the file named ``-``, never standard input (which holds nothing here):
    the choice is made on the name as typed, before it becomes a Path (where ``./-`` is
    ``-``)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_bytes(WON_REPLAYS[0].read_bytes())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "./-: a valid replay" in out if args[0] == "replay" else "This game was won" in out


def test_the_viewer_opens_a_file_named_dash_as_dot_slash_dash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_bytes(WON_REPLAYS[0].read_bytes())
    opened = []
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: opened.append(path) or 0)
    assert main(["replay", "./-"]) == 0
    assert opened == [Path("-")]


def test_the_viewer_needs_a_file_by_its_name(monkeypatch, capsys):
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: pytest.fail("opened"))
    assert main(["replay", "-"]) == 2
    assert "the replay viewer opens a replay file by its name" in capsys.readouterr().err


# ----- --data-dir names a folder, or is refused in one line ------------------------------------

#: a user name no system has, so ``~NOUSER`` names no home folder
NOUSER = "no-such-user-of-british-patience"


@pytest.mark.parametrize("typed", ["", f"~{NOUSER}", f"~{NOUSER}/x"], ids=["empty", "~nouser", "~nouser/x"])
@pytest.mark.parametrize("command", [["stats"], ["replay", str(WON_REPLAYS[0])]], ids=lambda c: c[0])
def test_a_data_dir_that_names_no_folder_is_a_one_line_error(command, typed, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(window, "view_replay", lambda path, data_dir: pytest.fail("opened"))
    assert main([*command, "--data-dir", typed]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    if typed:
        assert captured.err == f"error: --data-dir {typed}: ~{NOUSER} names no home folder " \
                               f"(there is no user {NOUSER})\n"
    else:
        assert captured.err.startswith("error: --data-dir '': no folder name given")
    assert list(tmp_path.iterdir()) == []


def test_a_data_dir_expands_the_home_folder_and_keeps_a_folder_named_like_one(tmp_path, monkeypatch):
    from game.records.commands import data_dir_path

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    assert data_dir_path(None) is None
    assert data_dir_path("~/games") == tmp_path / "home" / "games"
    assert data_dir_path(f"./~{NOUSER}") == tmp_path / f"~{NOUSER}", "a folder here, not a user's home"
    assert data_dir_path(".") == Path(".")
    (tmp_path / f"~{NOUSER}").mkdir()
    assert main(["stats", "--data-dir", f"./~{NOUSER}"]) == 0
    assert list((tmp_path / f"~{NOUSER}").iterdir()) == []


@pytest.mark.parametrize("command", [["replay", "--check", ""], ["replay", ""], ["analyse", ""]])
def test_an_empty_replay_name_is_named_as_empty(capsys, command):
    assert main(command) == 2
    assert capsys.readouterr().err == "error: '': no file name given\n"


def test_a_blank_replay_name_is_quoted(capsys):
    assert main(["replay", "--check", " "]) == 2
    assert capsys.readouterr().err.startswith("error: ' ': ")


@pytest.mark.parametrize("won, played, shown", [(1999, 2000, ">99.9"), (1, 20000, "<0.1"), (199, 200, "99.5"),
                                                (2000, 2000, "100.0"), (0, 2000, "0.0"), (0, 0, "-")])
def test_the_stats_win_rate_never_rounds_to_all_or_none(won: int, played: int, shown: str) -> None:
    from game.records.commands import _win_percent
    from game.records.stats import RuleStats

    assert _win_percent(RuleStats(won=won, lost=played - won)) == shown


def test_replay_help_says_that_dash_is_standard_input_as_analyse_help_does(capsys):
    """``replay --check -`` reads standard input (the README says so), but ``replay --help``
    did not, where ``analyse --help`` does."""
    said = {}
    for command in ("replay", "analyse"):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0
        said[command] = " ".join(capsys.readouterr().out.split())
        assert "FILE a .replay file (- for standard input" in said[command], said[command]
    assert ("--check reads FILE - from standard input, as analyse does (a file named - is ./-)"
            in said["replay"])
