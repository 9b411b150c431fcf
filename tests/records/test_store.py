"""The data directory: atomic writes, size limits, schema versions, files moved aside."""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import stat
from pathlib import Path

import pytest

from game.records import store as store_module
from game.records.store import (
    MAX_FILE_BYTES,
    TEMPORARY_NAME,
    FileRefused,
    SaveError,
    Store,
    atomic_write_text,
    open_log,
    read_limited_text,
)

from .helpers import SPECIAL_KINDS, lstat_of, make_special

_BAD_NAME = re.compile(r"(?P<name>.+)\.bad-[0-9]{8}-[0-9]{6}(?:-[0-9]+)?")


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_atomic_write_replaces_the_file_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "sub" / "file.json"
    atomic_write_text(path, "first")
    atomic_write_text(path, "second — ünïcode")
    assert path.read_text(encoding="utf-8") == "second — ünïcode"
    assert _leftovers(path.parent) == []


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_full_disk_gives_a_clear_error_and_keeps_the_old_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "stats.json"
    atomic_write_text(path, "old and complete")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module.os, failing, full)
    with pytest.raises(SaveError, match=r"could not save .*stats\.json: the disk is full") as err:
        atomic_write_text(path, "new")
    assert isinstance(err.value, OSError)
    monkeypatch.undo()
    assert path.read_text() == "old and complete"
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("held_walk", [True, False])
@pytest.mark.parametrize("before", [None, "old and complete"])
def test_a_failed_write_says_the_previous_file_is_unchanged_only_when_there_was_one(
        tmp_path, monkeypatch, held_walk, before):
    """Through the store (the held walk, and the fallback without it): a new file that
    could not be written is not said to have a previous file."""
    if before is not None:
        (tmp_path / "stats.json").write_text(before)
    monkeypatch.setattr(store_module.held, "SUPPORTED", held_walk and store_module.held.SUPPORTED)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module.os, "fsync", full)
    with pytest.raises(SaveError, match="the disk is full") as err:
        Store(tmp_path).write_text("stats.json", "new")
    assert ("previous file is unchanged" in str(err.value)) == (before is not None)
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if before is None else ["stats.json"])


def test_a_name_too_long_is_said_in_words(tmp_path):
    with pytest.raises(SaveError, match=r"the name is too long\Z"):
        Store(tmp_path).write_text("a" * 300 + ".json", "data")


def test_a_folder_that_cannot_be_created_is_a_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError, match="could not save"):
        atomic_write_text(blocker / "inside.json", "data")


def test_read_limited_text_refuses_big_and_odd_files_without_reading_them(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    opened = []
    real_open = os.open

    def spy(path, flags, *args, **kwargs):
        if not flags & getattr(os, "O_PATH", 0):  # (a hold on the name, O_PATH, reads nothing)
            opened.append(path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(store_module.os, "open", spy)
    with pytest.raises(FileRefused, match=r"it is 1,000,001 bytes, more than the 1,000,000 allowed$"):
        read_limited_text(big)
    assert opened == []  # refused from its size alone, never opened to be read
    monkeypatch.undo()
    with pytest.raises(FileRefused, match="not a regular file"):
        read_limited_text(tmp_path)
    with pytest.raises(FileNotFoundError):
        read_limited_text(tmp_path / "missing")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"one\ntwo\nth\xc3ree\n")
    with pytest.raises(FileRefused, match=r"line 3: it is not UTF-8 text"):
        read_limited_text(bad)


def test_read_json_gives_none_for_a_missing_file(tmp_path):
    store = Store(tmp_path)
    assert store.read_json("x.json", "thing", 1) is None
    assert store.warnings == []


def test_read_json_round_trips_with_kind_and_version(tmp_path):
    store = Store(tmp_path)
    store.write_json("x.json", "thing", 3, {"a": [1, 2]})
    on_disk = json.loads((tmp_path / "x.json").read_text())
    assert on_disk == {"kind": "thing", "version": 3, "a": [1, 2]}
    assert store.read_json("x.json", "thing", 3) == on_disk


@pytest.mark.parametrize(("content", "reason"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"kind": "other", "version": 1}', "not a thing file"),
    ('{"kind": "thing"}', "no valid schema version"),
    ('{"kind": "thing", "version": true}', "no valid schema version"),
    ('{"kind": "thing", "version": 1}', "too old to be read"),
    ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
])
def test_a_file_that_cannot_be_read_is_moved_aside_with_a_message(tmp_path, caplog, content, reason):
    store = Store(tmp_path)
    (tmp_path / "x.json").write_text(content)
    (tmp_path / "other.json").write_text("kept")
    with caplog.at_level(logging.WARNING):
        assert store.read_json("x.json", "thing", 2) is None
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("x.json.bad-")]
    assert len(aside) == 1 and _BAD_NAME.fullmatch(aside[0].name)
    assert aside[0].read_text() == content
    assert not (tmp_path / "x.json").exists()
    assert (tmp_path / "other.json").read_text() == "kept"
    [warning] = store.take_warnings()
    assert reason in warning and aside[0].name in warning
    assert store.warnings == []
    assert reason in caplog.text


def test_a_file_of_a_newer_version_is_left_as_it_is_and_never_written_over(tmp_path):
    """A newer version of the game wrote it: not damage. It stays where that version reads
    it, and this version neither writes over it nor deletes it."""
    store = Store(tmp_path)
    newer = '{"kind": "thing", "version": 9, "a": 1}'
    (tmp_path / "x.json").write_text(newer)
    assert store.read_json("x.json", "thing", 2) is None
    [warning] = store.take_warnings()
    assert "written by a newer version of the game (schema 9; this one reads up to 2)" in warning
    assert "left as it is" in warning
    with pytest.raises(SaveError, match="newer version of the game wrote it"):
        store.write_json("x.json", "thing", 2, {"a": 0})
    assert "newer version" in (store.remove("x.json") or "")
    assert (tmp_path / "x.json").read_text() == newer
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]
    store.write_json("y.json", "thing", 2, {})  # the other files are written as before
    assert (tmp_path / "y.json").exists()


@pytest.mark.parametrize("content", ["{not json", '{"kind": "thing", "version": 1}',
                                     '{"kind": "thing", "version": 9}'])
def test_a_store_that_only_reads_moves_writes_and_deletes_nothing(tmp_path, content):
    """``stats`` reads the data folder: a file it cannot read is reported, not moved."""
    store = Store(tmp_path, read_only=True)
    (tmp_path / "x.json").write_text(content)
    before = lstat_of(tmp_path / "x.json")
    assert store.read_json("x.json", "thing", 2) is None
    [warning] = store.take_warnings()
    assert "left as it is" in warning
    assert store.set_aside("x.json", "broken") is None
    assert "left as it is" in store.take_warnings()[0]
    with pytest.raises(SaveError, match="only reads"):
        store.write_json("z.json", "thing", 2, {})
    assert store.remove("x.json") == "this command only reads the data folder"
    assert lstat_of(tmp_path / "x.json") == before and (tmp_path / "x.json").read_text() == content
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_broken_json_is_told_by_its_line_and_column_not_the_parsers_words(tmp_path):
    store = Store(tmp_path)
    (tmp_path / "x.json").write_text('{"kind": "thing",\n  "version": 1,, }')
    assert store.read_json("x.json", "thing", 1) is None
    [warning] = store.take_warnings()
    assert warning.startswith("x.json could not be read (it is not valid JSON (line 2, column 16)); ")
    assert "Expecting" not in warning and "char" not in warning


def test_a_file_of_another_kind_is_told_in_words_not_the_fields_value(tmp_path):
    store = Store(tmp_path)
    (tmp_path / "x.json").write_text('{"version": 1}')
    assert store.read_json("x.json", "settings", 1) is None
    [warning] = store.take_warnings()
    assert warning.startswith("x.json could not be read (it is not a settings file); ")
    (tmp_path / "x.json").write_text('{"kind": "statistics", "version": 1}')
    assert store.read_json("x.json", "settings", 1) is None
    [warning] = store.take_warnings()
    assert warning.startswith("x.json could not be read (it is not a settings file: it says it is a "
                              "statistics file); ")


def test_files_moved_aside_twice_in_a_second_keep_both(tmp_path):
    store = Store(tmp_path)
    for _ in range(3):
        (tmp_path / "x.json").write_text("broken")
        store.read_json("x.json", "thing", 1)
    assert len([p for p in tmp_path.iterdir() if ".bad-" in p.name]) == 3


def test_an_older_version_is_migrated_step_by_step(tmp_path):
    store = Store(tmp_path)
    (tmp_path / "x.json").write_text('{"kind": "thing", "version": 1, "name": "Ann"}')
    migrations = {
        1: lambda d: {key: value for key, value in d.items() if key != "name"} | {"names": [d["name"]]},
        2: lambda d: {**d, "count": len(d["names"])},
    }
    document = store.read_json("x.json", "thing", 3, migrations)
    assert document == {"kind": "thing", "version": 3, "names": ["Ann"], "count": 1}
    assert store.warnings == []


def test_a_failed_migration_moves_the_file_aside(tmp_path):
    store = Store(tmp_path)
    (tmp_path / "x.json").write_text('{"kind": "thing", "version": 1}')
    assert store.read_json("x.json", "thing", 2, {1: lambda d: {**d, "n": d["missing"]}}) is None
    assert "could not be brought up to date from version 1" in store.warnings[0]


def test_a_too_big_file_is_moved_aside(tmp_path):
    store = Store(tmp_path)
    with (tmp_path / "x.json").open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES * 3)
    assert store.read_json("x.json", "thing", 1) is None
    assert "it is 3,000,000 bytes, more than the 1,000,000 allowed" in store.warnings[0]


def _temporary(name, mark="0a1b2c3d"):
    return f".{name}.{mark}.british-patience.tmp"


def test_stale_temporary_files_are_removed_but_fresh_ones_kept(tmp_path):
    store = Store(tmp_path)
    old = tmp_path / _temporary("saved-game.replay")
    fresh = tmp_path / _temporary("saved-game.replay", "9f8e7d6c")
    other = tmp_path / _temporary("other")
    for p in (old, fresh, other):
        p.write_text("half")
    os.utime(old, (1, 1))
    os.utime(other, (1, 1))
    assert store.remove_stale_temporary_files("", "saved-game.replay".__eq__) == 1
    assert not old.exists() and fresh.exists() and other.exists()


def test_a_write_names_its_temporary_file_with_the_programs_mark(tmp_path, monkeypatch):
    seen = []
    replace = os.replace

    def spy(src, dst, **dir_fds):
        seen.append(os.path.basename(src))
        replace(src, dst, **dir_fds)

    monkeypatch.setattr(store_module.os, "replace", spy)
    name = os.fsdecode(b"r\xe9sum\xe9\n\x1b[2J.json")
    atomic_write_text(tmp_path / name, "x")
    [temporary] = seen
    match = TEMPORARY_NAME.fullmatch(temporary)
    assert match and match.group("name") == name and temporary.endswith(".british-patience.tmp")
    assert (tmp_path / name).read_text() == "x" and _leftovers(tmp_path) == []


def test_the_log_file_gets_the_warnings(tmp_path):
    store = Store(tmp_path)
    path = open_log(store)
    assert open_log(store) == path  # opening twice adds no second handler
    try:
        (tmp_path / "x.json").write_text("{")
        store.read_json("x.json", "thing", 1)
        for handler in logging.getLogger("game").handlers:
            handler.flush()
        text = path.read_text(encoding="utf-8")
        assert text.count("x.json could not be read") == 1
    finally:
        for handler in list(logging.getLogger("game").handlers):
            if getattr(handler, "baseFilename", None) == str(path):
                logging.getLogger("game").removeHandler(handler)
                handler.close()


def test_the_default_data_dir_comes_from_platformdirs(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda name, appauthor=None: str(tmp_path / name))
    assert Store().root == tmp_path / "british-patience"
    assert Store(tmp_path / "mine").root == tmp_path / "mine"


def _no_home(name, appauthor=None):
    raise RuntimeError("could not determine the home directory for '~/.local/share'")


@pytest.mark.parametrize("platform_dir", [_no_home, lambda name, appauthor=None: f"~/.local/share/{name}",
                                          lambda name, appauthor=None: f"rel/{name}"])
def test_with_no_home_folder_known_nothing_is_made_and_the_player_is_told(
        monkeypatch, tmp_path, capsys, platform_dir):
    """A container's user with no HOME and no entry in the user database: platformdirs
    raised and the game crashed at start; an older platformdirs gave ``~/.local/share/…``
    as it is, and a relative ``XDG_DATA_HOME`` a folder under the current one, where the
    game then wrote (hostile install review 29). Now no data folder is used: nothing is
    made anywhere, ``stats`` says why (status 2), the game plays and saves nothing."""
    import platformdirs

    from game.cli import main
    from game.records.commands import default_data_dir_problem

    monkeypatch.setattr(platformdirs, "user_data_dir", platform_dir)
    monkeypatch.chdir(tmp_path)
    store = Store()
    assert store.root == store_module.NO_DATA_DIR
    with pytest.raises(SaveError):
        store.write_text("settings.json", "{}")
    assert store.read_json("settings.json", "settings", 1) is None
    problem = default_data_dir_problem()
    assert problem is not None and problem.startswith("no data folder can be used: ")
    assert main(["stats"]) == 2
    assert "no data folder can be used" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# ----- the data folder is untrusted: the log, temporary files, special files -----------------


@pytest.fixture
def logged():
    """``logged(store)`` opens the store's log; the handler is removed when the test ends."""
    opened = []

    def open_it(store):
        path = open_log(store)
        opened.append(path)
        return path

    yield open_it
    game_log = logging.getLogger("game")
    for handler in list(game_log.handlers):
        if getattr(handler, "baseFilename", None) in {str(p) for p in opened if p is not None}:
            game_log.removeHandler(handler)
            handler.close()


def _flush_log():
    for handler in logging.getLogger("game").handlers:
        handler.flush()


def test_printable_escapes_control_characters_and_keeps_letters():
    hostile = "é\n2026 forged\x1b]0;title\x07\x9b31m\u202e\udce9\x00\u2028ok"
    shown = store_module.printable(hostile)
    # (the lone surrogate is an undecodable byte of a file name: shown as that byte)
    assert shown == "é\\n2026 forged\\x1b]0;title\\x07\\x9b31m\\u202e\\xe9\\x00\\u2028ok"
    assert shown.isprintable()
    assert store_module.printable("x" * 1000, limit=10) == "x" * 9 + "…"
    assert store_module.display_name(os.fsdecode(b"partie-\xe9l\xe8ve\x1b.replay")) == \
        "partie-\ufffdl\ufffdve\\x1b.replay"


def test_a_warning_quoting_a_file_never_carries_a_control_sequence(tmp_path, capsys, logged):
    store = Store(tmp_path)
    path = logged(store)
    (tmp_path / "x.json").write_text('{"kind": "\\u001b]0;pwned\\u0007\\n$(rm -rf ~)\\u009b", "version": 1}')
    store.read_json("x.json", "thing", 1)
    [warning] = store.take_warnings()
    assert warning.isprintable() and "\\x1b]0;pwned" in warning
    _flush_log()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and lines[0].isprintable() and "\\n$(rm -rf ~)" in lines[0]


def test_a_settings_key_cannot_forge_a_line_of_the_log(tmp_path, logged):
    from game.records.settings import load_settings

    store = Store(tmp_path)
    path = logged(store)
    key = "a\n2026 WARNING forged\x1b[2J\x85\u2028"
    (tmp_path / "settings.json").write_text(json.dumps({"kind": "settings", "version": 1, key: 1}))
    load_settings(store)
    _flush_log()
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") == 1 and text.endswith("\n"), "one message, one line"
    assert text.isprintable() is False and text[:-1].isprintable()
    assert "forged" in text and "\\n2026" in text and "\\x1b[2J" in text and "\\x85" in text


def test_the_log_never_follows_a_symbolic_link(tmp_path, logged):
    outside = tmp_path / "outside.txt"
    outside.write_text("the user's file\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / "log.txt").symlink_to(outside)
    store = Store(data)
    assert logged(store) is None
    [warning] = store.take_warnings()
    assert "log.txt is not used: it is a symbolic link" in warning
    logging.getLogger("game.records").warning("a message")
    assert outside.read_text() == "the user's file\n"
    (data / "log.txt").unlink()
    (data / "log.txt").symlink_to(tmp_path / "dangling")
    assert logged(Store(data)) is None
    assert not (tmp_path / "dangling").exists(), "not created through a dangling link either"


def test_the_log_is_never_a_fifo_a_device_or_a_hard_link(tmp_path, logged):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "log.txt")
    store = Store(data)
    assert logged(store) is None, "refused at once, without waiting for a reader"
    assert "not a regular file" in store.take_warnings()[0]
    os.unlink(data / "log.txt")
    (data / "log.txt").symlink_to("/dev/null")
    assert logged(store) is None and "symbolic link" in store.take_warnings()[0]
    os.unlink(data / "log.txt")
    outside = tmp_path / "outside.txt"
    outside.write_text("kept\n")
    os.link(outside, data / "log.txt")
    assert logged(store) is None and "hard link" in store.take_warnings()[0]
    assert outside.read_text() == "kept\n"


@pytest.mark.parametrize("in_held_folder", [False, True])
def test_a_fifo_swapped_in_after_the_check_is_never_written(tmp_path, monkeypatch, in_held_folder):
    """The name is checked, then opened without blocking and checked again on the open
    file: a FIFO put in its place between the two (with a reader waiting) gets nothing
    (by its path, and by its name in the folder held on a descriptor)."""
    path = tmp_path / "log.txt"
    where = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY) if in_held_folder else None
    real_stat = os.stat
    readers = []

    def swap(target, *args, **kwargs):
        if os.fspath(target) in (str(path), path.name) and not readers:
            os.mkfifo(path)
            readers.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            raise FileNotFoundError(target)  # what the check saw, just before the swap
        return real_stat(target, *args, **kwargs)

    monkeypatch.setattr(store_module.os, "stat", swap)
    try:
        with pytest.raises(FileRefused, match="not a regular file"):
            store_module.open_log_file(path, where)
        assert readers, "the check was made"
        assert os.read(readers[0], 100) == b"", "nothing was written, and the writer has gone"
    finally:
        for fd in readers + ([where] if where is not None else []):
            os.close(fd)
    assert path.is_fifo()


def test_the_log_rolls_over_by_renaming_over_a_regular_file(tmp_path, logged, monkeypatch):
    monkeypatch.setattr(store_module, "_LOG_BYTES", 2000)
    data = tmp_path / "data"
    data.mkdir()
    (data / "log.txt.1").write_text("an older log\n")
    store = Store(data)
    path = logged(store)
    for n in range(60):
        logging.getLogger("game.records").warning("message number %d", n)
    _flush_log()
    assert "an older log" not in (data / "log.txt.1").read_text()
    assert path.stat().st_size <= 2000 and "message number 59" in path.read_text()


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_the_log_never_rolls_over_onto_a_link_a_fifo_or_a_folder(tmp_path, logged, monkeypatch, kind):
    monkeypatch.setattr(store_module, "_LOG_BYTES", 2000)
    outside = tmp_path / "outside.txt"
    outside.write_text("the user's file\n")
    data = tmp_path / "data"
    data.mkdir()
    make_special(kind, data / "log.txt.1", outside)
    before = lstat_of(data / "log.txt.1")
    store = Store(data)
    path = logged(store)
    for n in range(60):
        logging.getLogger("game.records").warning("message number %d", n)
    _flush_log()
    assert outside.read_text() == "the user's file\n"
    assert lstat_of(data / "log.txt.1") == before, "left as it was"
    assert path.stat().st_size <= 2000 and "message number 0" in path.read_text(), "the log stopped"


def test_a_log_that_cannot_roll_over_stops_quietly(tmp_path, logged, monkeypatch):
    monkeypatch.setattr(store_module, "_LOG_BYTES", 1000)
    data = tmp_path / os.fsdecode(b"donn\xe9es\n\x1b[2J")
    data.mkdir()
    (data / "log.txt.1").mkdir()
    (data / "log.txt.1" / "inside").write_text("kept")
    store = Store(data)
    path = logged(store)
    assert path is not None and store.warnings == []
    for n in range(40):
        logging.getLogger("game.records").warning("message number %d", n)
    _flush_log()
    assert (data / "log.txt.1" / "inside").read_text() == "kept"
    assert path.stat().st_size <= 1000 and "message number 0" in path.read_text()


_HELD = pytest.mark.skipif(not store_module.held.SUPPORTED, reason="names are walked by name here")
_ROOT = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")


@_HELD
def test_the_log_rolls_over_in_its_own_folder_after_the_folder_is_swapped_for_a_link(
        tmp_path, logged, monkeypatch):
    """The log keeps to the folder it was opened in: when the data folder's name is
    swapped for a link to another folder while the game runs, the roll-over renames and
    makes nothing there (it once renamed that folder's ``log.txt`` by name)."""
    monkeypatch.setattr(store_module, "_LOG_BYTES", 2000)
    data = tmp_path / "data"
    data.mkdir()
    path = logged(Store(data))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "log.txt").write_text("another program's log\n")
    data.rename(tmp_path / "moved")
    data.symlink_to(elsewhere)
    for n in range(60):
        logging.getLogger("game.records").warning("message number %d", n)
    _flush_log()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["log.txt"]
    assert (elsewhere / "log.txt").read_text() == "another program's log\n"
    moved = tmp_path / "moved"
    assert "message number 59" in (moved / "log.txt").read_text()
    assert "message number 0" in (moved / "log.txt.1").read_text()
    assert path == data / "log.txt"


def _their_link_to_roots_folder(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """An empty folder of root's, and user 65534's link ``name`` to it, in their folder."""
    victim = tmp_path / "roots-folder"
    victim.mkdir()
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 65534, 65534)
    (theirs / name).symlink_to(victim)
    os.lchown(theirs / name, 65534, 65534)
    return victim, theirs / name


def _close_logs_under(folder: Path) -> None:
    """Take off the game's logger every log file opened under ``folder`` (none should be)."""
    game_log = logging.getLogger("game")
    for handler in list(game_log.handlers):
        if str(getattr(handler, "baseFilename", "")).startswith(str(folder)):
            game_log.removeHandler(handler)
            handler.close()


@_HELD
@_ROOT
def test_root_makes_no_log_and_no_lock_through_another_users_link_on_the_data_folders_way(tmp_path):
    """Root on a data folder whose path user 65534 swapped for a link to a folder of
    root's: no ``log.txt`` and no ``instance.lock`` are made there (they were, by name:
    only the last part was checked), and the player is told why."""
    victim, link = _their_link_to_roots_folder(tmp_path, "data")
    store = Store(link)
    try:
        assert open_log(store) is None
        assert store_module.hold_data_folder(store) is None
    finally:
        _close_logs_under(link)
    assert list(victim.iterdir()) == []
    said = store.take_warnings()
    assert len(said) == 2 and all("another user may have made" in w for w in said), said
    assert said[0].startswith("log.txt is not used") and said[1].startswith("instance.lock was not made")


@_HELD
@_ROOT
def test_root_makes_no_data_folder_through_another_users_link_on_its_way(tmp_path):
    """The data folder is missing, and a folder on its way is user 65534's link to a
    folder of root's: root makes no ``british-patience`` there (the folders were made
    by name, ``mkdir -p``, before the walk refused the link), writes nothing, makes no
    log and no lock, and says why."""
    victim, link = _their_link_to_roots_folder(tmp_path, "share")
    store = Store(link / "british-patience")
    try:
        assert open_log(store) is None
        assert store_module.hold_data_folder(store) is None
        with pytest.raises(SaveError, match="another user may have made"):
            store.write_text("settings.json", "{}")
    finally:
        _close_logs_under(link)
    assert list(victim.iterdir()) == []
    said = store.take_warnings()
    assert len(said) == 2 and all("another user may have made" in w for w in said), said


def test_the_data_folder_and_the_folders_on_its_way_are_made_when_missing(tmp_path):
    """The folders made on the walk (each in the one held before it) are the folders a
    ``mkdir -p`` makes, through the player's own link too."""
    (tmp_path / "real").mkdir()
    (tmp_path / "mine").symlink_to(tmp_path / "real")
    store = Store(tmp_path / "mine" / "a" / "b" / "british-patience")
    store.write_text("settings.json", "{}")
    assert (tmp_path / "real" / "a" / "b" / "british-patience" / "settings.json").read_text() == "{}"
    (tmp_path / "file").write_text("x")
    with pytest.raises(SaveError):
        Store(tmp_path / "file" / "british-patience").write_text("settings.json", "{}")
    assert (tmp_path / "file").read_text() == "x"


@_HELD
@_ROOT
def test_a_listed_folder_swapped_for_another_users_link_after_its_look_lists_nothing(
        tmp_path, monkeypatch):
    """``recent`` is looked at (a link root may follow), then swapped for user 65534's
    link to a folder of root's before it is opened: the open walks the link itself and
    refuses it, so no name, size or time from root's folder reaches the menu."""
    secret = tmp_path / "roots-folder"
    secret.mkdir()
    (secret / "private-name.replay").write_text("x")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 65534, 65534)
    (theirs / "recent").symlink_to(secret)
    os.lchown(theirs / "recent", 65534, 65534)
    store = Store(theirs)
    monkeypatch.setattr(Store, "foreign_link", lambda self, name: None)  # the look, before the swap
    assert store.files("recent", through_link=True) == []
    ours = tmp_path / "roots-data"  # root's own link in root's own folder is still listed through
    (ours / "kept").mkdir(parents=True)
    (ours / "kept" / "a.replay").write_text("x")
    (ours / "recent").symlink_to("kept")
    assert [f.name for f in Store(ours).files("recent", through_link=True)] == ["a.replay"]


def test_special_files_are_never_opened_for_reading(tmp_path):
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "link.json").symlink_to(tmp_path / "fifo.json")
    (tmp_path / "dev.json").symlink_to("/dev/zero")
    for name in ("fifo.json", "link.json", "dev.json"):
        with pytest.raises(FileRefused, match="not a regular file"):
            read_limited_text(tmp_path / name)  # a FIFO without a writer would hang an open


def _stale(path, content="half"):
    path.write_text(content)
    os.utime(path, (1, 1))
    return path


def test_temporary_files_are_never_removed_through_links_or_when_not_regular(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    victims = [_stale(outside / _temporary("statistics.json"), "the user's"),
               _stale(outside / "precious.txt", "the user's")]
    data = tmp_path / "data"
    data.mkdir()
    (data / "recent").symlink_to(outside, target_is_directory=True)
    (data / _temporary("progress.json")).symlink_to(victims[1])
    os.mkfifo(data / _temporary("settings.json"))
    (data / _temporary("statistics.json")).mkdir()
    (data / _temporary("statistics.json") / "inside").write_text("x")
    for special in (data / _temporary("settings.json"), data / _temporary("statistics.json")):
        os.utime(special, (1, 1))
    os.utime(data / _temporary("progress.json"), (1, 1), follow_symlinks=False)
    store = Store(data)
    owned = {"progress.json", "settings.json", "statistics.json"}.__contains__
    assert store.remove_stale_temporary_files("", owned) == 0
    assert store.remove_stale_temporary_files("recent", owned) == 0
    assert all(v.read_text() == "the user's" for v in victims)
    assert (data / _temporary("progress.json")).is_symlink()
    assert (data / _temporary("settings.json")).is_fifo()
    assert (data / _temporary("statistics.json") / "inside").exists()


def test_remove_files_removes_only_regular_files_of_a_real_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.replay").write_text("the user's")
    data = tmp_path / "data"
    (data / "recent").mkdir(parents=True)
    (data / "recent" / "link.replay").symlink_to(outside / "a.replay")
    os.mkfifo(data / "recent" / "fifo.replay")
    (data / "recent" / "plain.replay").write_text("x")
    (data / "replays").symlink_to(outside, target_is_directory=True)
    store = Store(data)
    assert store.remove_files("replays", ["a.replay"]) == 0
    assert store.remove_files("recent", ["link.replay", "fifo.replay", "plain.replay", "missing"]) == 1
    assert (outside / "a.replay").read_text() == "the user's"
    assert (data / "recent" / "link.replay").is_symlink() and (data / "recent" / "fifo.replay").is_fifo()
    assert [f.name for f in store.files("replays")] == []
    assert [f.name for f in store.files("replays", through_link=True)] == ["a.replay"]
    assert sorted(f.name for f in store.files("recent")) == [], "only regular files are listed"


# ----- only a regular file is moved aside, written over or deleted -----------------------------


OUTSIDE_TEXT = '{"kind": "other", "version": 1}'


def _special_x_json(tmp_path, kind):
    """A data folder whose x.json is a special file of ``kind`` (a link points to a file
    outside it): the folder, the outside file and x.json's lstat before the test."""
    outside = tmp_path / "outside.json"
    outside.write_text(OUTSIDE_TEXT)
    data = tmp_path / "data"
    data.mkdir()
    make_special(kind, data / "x.json", outside)
    return data, outside, lstat_of(data / "x.json")


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_only_a_regular_file_is_moved_aside(tmp_path, kind):
    data, outside, before = _special_x_json(tmp_path, kind)
    store = Store(data)
    assert store.set_aside("x.json", "it is damaged") is None
    [warning] = store.take_warnings()
    assert "x.json could not be read (it is damaged)" in warning and "left as it is" in warning
    assert lstat_of(data / "x.json") == before
    assert outside.read_text() == OUTSIDE_TEXT
    assert not [p for p in data.iterdir() if ".bad-" in p.name]


@pytest.mark.parametrize("kind", ["link to a file", "link to a fifo", "fifo", "folder", "device"])
def test_a_special_file_that_cannot_be_read_is_left_where_it_is(tmp_path, kind):
    data, outside, before = _special_x_json(tmp_path, kind)
    store = Store(data)
    assert store.read_json("x.json", "thing", 1) is None
    [warning] = store.take_warnings()
    assert "x.json could not be read" in warning and "left as it is" in warning
    assert lstat_of(data / "x.json") == before
    assert outside.read_text() == OUTSIDE_TEXT


def test_a_damaged_file_with_an_odd_name_is_moved_aside_and_named_escaped(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "utc_stamp", lambda: "20261122-031500")
    name = os.fsdecode(b"d\xe9g\xe2t\n\x1b[2J.json")
    (tmp_path / name).write_text("broken")
    os.symlink(tmp_path / "nowhere", tmp_path / f"{name}.bad-20261122-031500")
    store = Store(tmp_path)
    moved = store.set_aside(name, "it is damaged")
    assert moved is not None and moved.read_text() == "broken" and moved.name.endswith("-2")
    [warning] = store.take_warnings()
    assert warning.isprintable() and "\\x1b[2J" in warning


@pytest.mark.parametrize("held_walk", [True, False])
def test_a_file_that_is_a_link_to_nothing_is_refused_not_missing(tmp_path, monkeypatch, held_walk):
    """A game's file linked to nothing (a drive not mounted) read as no file, so the game
    started from defaults and said nothing until its first save failed (hostile
    command-line review 31): it is refused, and left as it is, with a message. A missing
    file is still missing, and so is every file of a data folder that is not there."""
    monkeypatch.setattr(store_module.held, "SUPPORTED", held_walk and store_module.held.SUPPORTED)
    (tmp_path / "settings.json").symlink_to(tmp_path / "unmounted" / "settings.json")
    store = Store(tmp_path)
    with pytest.raises(FileRefused, match=r"^it is a symbolic link that leads to nothing$"):
        store.read_text("settings.json")
    assert store.read_json("settings.json", "settings", 1) is None
    [warning] = store.take_warnings()
    assert warning.startswith("settings.json could not be read (it is a symbolic link that leads to nothing)")
    assert (tmp_path / "settings.json").is_symlink() and not (tmp_path / "unmounted").exists()
    with pytest.raises(FileNotFoundError):
        store.read_text("statistics.json")
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    with pytest.raises(FileNotFoundError):
        Store(tmp_path / "gone").read_text("settings.json")


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_write_never_replaces_a_link_a_fifo_a_device_or_a_folder(tmp_path, kind):
    data, outside, before = _special_x_json(tmp_path, kind)
    store = Store(data)
    with pytest.raises(SaveError, match="only a regular file is written over"):
        store.write_json("x.json", "thing", 1, {"n": 1})
    assert lstat_of(data / "x.json") == before
    assert outside.read_text() == OUTSIDE_TEXT
    assert _leftovers(data) == []


def test_a_write_replaces_a_regular_file_of_any_name(tmp_path):
    name = os.fsdecode(b"\xff\xfe\t\x1b]0;x\x07.json")
    (tmp_path / name).write_text("old")
    os.link(tmp_path / name, tmp_path / "another name")
    Store(tmp_path).write_text(name, "new")
    assert (tmp_path / name).read_text() == "new"
    assert (tmp_path / "another name").read_text() == "old", "a hard link elsewhere keeps its file"


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_remove_deletes_only_a_regular_file(tmp_path, kind):
    data, outside, before = _special_x_json(tmp_path, kind)
    odd = os.fsdecode(b"\xe9\n\x1b[2J.json")
    (data / odd).write_text("mine to delete")
    store = Store(data)
    problem = store.remove("x.json")
    assert problem is not None and "only a regular file is deleted" in problem
    assert lstat_of(data / "x.json") == before
    assert outside.read_text() == OUTSIDE_TEXT
    assert store.remove(odd) is None and not os.path.lexists(data / odd)
    assert store.remove("missing.json") is None


# ----- one copy of the game holds the data folder ------------------------------------------------


def _held_elsewhere(path):
    """The lock file ``path`` taken as another running copy of the game takes it (a lock on
    an open file of its own: flock locks belong to the open file, so this process's own
    try to take it fails as another process's would)."""
    fcntl = pytest.importorskip("fcntl")
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def test_the_first_copy_holds_the_data_folder_and_a_second_is_told(tmp_path):
    data = tmp_path / "data"
    other = _held_elsewhere(tmp_path / "elsewhere.lock")  # an unrelated lock changes nothing
    try:
        assert store_module.hold_data_folder(Store(data)) is True
        assert store_module.hold_data_folder(Store(data)) is True, "held already by this copy"
        assert (data / store_module.LOCK_FILE).is_file()
    finally:
        os.close(other)
    second = tmp_path / "second"
    second.mkdir()
    holder = _held_elsewhere(second / store_module.LOCK_FILE)
    try:
        assert store_module.hold_data_folder(Store(second)) is False
    finally:
        os.close(holder)  # the other copy ends: its lock goes with it
    assert store_module.hold_data_folder(Store(second)) is True


@pytest.mark.parametrize("kind", ["symlink", "fifo", "directory"])
def test_a_lock_file_that_is_not_a_regular_file_is_never_opened(tmp_path, kind, monkeypatch):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    data = tmp_path / "data"
    data.mkdir()
    lock = data / store_module.LOCK_FILE
    if kind == "symlink":
        lock.symlink_to(victim)
    elif kind == "fifo":
        os.mkfifo(lock)
    else:
        lock.mkdir()
    before = lstat_of(lock), victim.stat().st_mode
    store = Store(data)
    real_open = os.open
    opened = []

    def spy(path, flags, *args, **kwargs):
        fd = real_open(path, flags, *args, **kwargs)
        if not flags & getattr(os, "O_PATH", 0) and not stat.S_ISREG(os.fstat(fd).st_mode):
            opened.append(path)  # (the O_PATH hold looks, and opens nothing)
        return fd

    monkeypatch.setattr(store_module.os, "open", spy)
    assert store_module.hold_data_folder(store) is None, "the game goes on as the only copy"
    if getattr(os, "O_PATH", 0) and os.path.isdir("/proc/self/fd"):
        assert opened == [], "a FIFO put there is never opened"
    monkeypatch.undo()
    assert (lstat_of(lock), victim.stat().st_mode) == before and victim.read_text() == "precious"
    [warning] = store.warnings
    assert warning.startswith("instance.lock is a ") and "would not be noticed" in warning


def test_a_store_that_only_reads_removes_nothing(tmp_path):
    (tmp_path / "recent").mkdir()
    (tmp_path / "recent" / "x.replay").write_text("x")
    store = Store(tmp_path, read_only=True, why_read_only="another copy holds it")
    assert store.remove_files("recent", ["x.replay"]) == 0
    assert (tmp_path / "recent" / "x.replay").exists()
    with pytest.raises(store_module.SaveError, match="another copy holds it"):
        store.write_text("settings.json", "{}")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_name_swapped_for_a_fifo_after_its_look_is_never_opened(tmp_path, monkeypatch):
    """Someone who can write in the folder swaps a regular file for a FIFO between the
    look at it and the open: the file looked at is the one read, and no FIFO (or device)
    is ever opened (opening some devices does something already)."""
    import stat as stat_module

    path = tmp_path / "statistics.json"
    path.write_text("{}")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    real_check, real_open = store_module._check_readable, os.open
    opened_fifos: list[str] = []

    def check_then_swap(info, limit):
        real_check(info, limit)
        if path.exists() and not path.is_fifo():
            os.replace(fifo, path)  # the name now holds a FIFO

    def spy(name, flags, *args, **kwargs):
        fd = real_open(name, flags, *args, **kwargs)
        if not flags & getattr(os, "O_PATH", 0) and stat_module.S_ISFIFO(os.fstat(fd).st_mode):
            opened_fifos.append(os.fspath(name))
        return fd

    monkeypatch.setattr(store_module, "_check_readable", check_then_swap)
    monkeypatch.setattr(store_module.os, "open", spy)
    try:
        text = read_limited_text(path)
    except FileRefused:
        text = None
    assert path.is_fifo(), "the swap was made"
    assert opened_fifos == []
    if store_module._O_PATH:
        assert text == "{}", "on Linux the file looked at is the one read"


def test_a_number_of_thousands_of_digits_is_told_as_such_not_as_bad_json(tmp_path):
    """Valid JSON, but Python reads no whole number of more than 4,300 digits: the
    message says what is wrong with the file (before, "it is not valid JSON")."""
    (tmp_path / "x.json").write_text('{"kind": "thing", "version": 1, "lost": ' + "9" * 5000 + "}")
    store = Store(tmp_path)
    assert store.read_json("x.json", "thing", 1) is None
    warnings = store.take_warnings()
    assert len(warnings) == 1 and "a number with thousands of digits" in warnings[0]
    assert "not valid JSON" not in warnings[0]


def _users_home(tmp_path: Path, uid: int = 12345) -> Path:
    """A home folder of user ``uid``, as root finds it with ``HOME`` kept (``sudo -E``)."""
    home = tmp_path / "home"
    home.mkdir()
    os.chown(home, uid, uid)
    return home


@_ROOT
def test_root_playing_in_a_users_data_folder_leaves_every_file_and_folder_the_users(tmp_path):
    """Root with a user's HOME (``sudo -E``) made ``~/.local`` and ``~/.local/share``
    root's, and replaced the user's settings and statistics with root's files of mode
    0600: the user could then neither save nor read them, and lost the statistics
    (hostile review 29). Everything made keeps the owner of the folder it is made in, a
    file replaced keeps its owner and mode, and new folders are 0700."""
    home = _users_home(tmp_path)
    store = Store(home / ".local" / "share" / "british-patience")
    store.write_text("settings.json", "{}")
    for folder in (home / ".local", home / ".local" / "share", store.root):
        info = os.stat(folder)
        assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (12345, 12345, 0o700), folder
    settings = store.root / "settings.json"
    assert (os.stat(settings).st_uid, os.stat(settings).st_gid) == (12345, 12345)
    # the user's own file, readable by all, replaced: owner and mode kept
    os.chmod(settings, 0o644)
    os.chown(settings, 12345, 100)
    store.write_text("settings.json", '{"a": 1}')
    info = os.stat(settings)
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (12345, 100, 0o644)
    assert settings.read_text() == '{"a": 1}'
    # a folder of the data folder (recent replays), and the log and the lock
    store.write_text("recent/a.replay", "x")
    try:
        assert open_log(store) is not None
        assert store_module.hold_data_folder(store) is True
    finally:
        _close_logs_under(store.root)
    for path in (store.root / "recent", store.root / "recent" / "a.replay", store.root / "log.txt",
                 store.root / "instance.lock"):
        assert os.stat(path).st_uid == 12345, path
    assert stat.S_IMODE(os.stat(store.root / "recent").st_mode) == 0o700


def test_a_file_this_user_may_not_read_is_left_as_it_is_and_never_written_over(tmp_path, monkeypatch):
    """After root had played with a user's data folder, the user's next start moved root's
    unreadable ``statistics.json`` aside as damaged and counted from zero (hostile review
    29). A file this user may not read is someone else's, not damaged: it is left where it
    is, said so, and nothing is saved over it or removes it."""
    store = Store(tmp_path)
    store.write_json("statistics.json", "statistics", 1, {"played": 7})
    real_reopen = store_module.held.reopen
    real_open = os.open

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    # this user may not open the file (as a user meets root's 0600 file)
    monkeypatch.setattr(store_module.held, "reopen", denied)
    monkeypatch.setattr(store_module, "open_regular", lambda *a, **k: denied())
    assert store.read_json("statistics.json", "statistics", 1) is None
    said = store.take_warnings()
    assert len(said) == 1 and "may not read it" in said[0] and "nothing is saved over it" in said[0], said
    monkeypatch.setattr(store_module.held, "reopen", real_reopen)
    assert os.open is real_open
    with pytest.raises(SaveError, match="may not read it"):
        store.write_json("statistics.json", "statistics", 1, {"played": 0})
    assert store.remove("statistics.json") is not None
    assert json.loads((tmp_path / "statistics.json").read_text())["played"] == 7
    assert [p.name for p in tmp_path.iterdir()] == ["statistics.json"]


def test_a_default_data_folder_where_nothing_can_be_made_is_said_at_the_start(monkeypatch, tmp_path):
    """A read-only HOME (or a data folder not this user's): ``--data-dir`` so named was
    warned of at the start, the default folder was not, and the player learnt only at the
    game's end that nothing was saved (hostile install review 29). Nothing is made to find
    out: the system is asked."""
    import argparse

    import platformdirs

    from game.cli.window import data_dir_checked
    from game.records import commands

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda name, appauthor=None: str(home / "share" / name))
    assert data_dir_checked(argparse.Namespace(data_dir=None)) == (None, None)
    asked: list[str] = []

    def read_only(path, mode):
        asked.append(os.fspath(path))
        return False

    monkeypatch.setattr(commands.os, "access", read_only)
    error, warning = data_dir_checked(argparse.Namespace(data_dir=None))
    assert error is None and warning is not None
    assert warning.startswith(f"the data folder {home / 'share' / 'british-patience'} cannot be made: "
                              f"no file can be made in {home}")
    assert warning.endswith("; nothing will be saved") and asked == [str(home)]
    assert list(home.iterdir()) == []
