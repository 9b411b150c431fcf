"""The data directory: atomic writes, size limits, schema versions, files moved aside."""

from __future__ import annotations

import errno
import json
import logging
import os
import re

import pytest

from game.records import store as store_module
from game.records.store import (
    MAX_FILE_BYTES,
    FileRefused,
    SaveError,
    Store,
    atomic_write_text,
    open_log,
    read_limited_text,
)

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
    real_open = type(big).open

    def spy(self, *args, **kwargs):
        opened.append(self)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(type(big), "open", spy)
    with pytest.raises(FileRefused, match=r"more than the 1\.0 MB allowed"):
        read_limited_text(big)
    assert opened == []  # refused from its size alone
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
    ('{"kind": "thing", "version": 9}', "written by a newer version of the game"),
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
    assert "3.0 MB, more than the 1.0 MB allowed" in store.warnings[0]


def test_stale_temporary_files_are_removed_but_fresh_ones_kept(tmp_path):
    store = Store(tmp_path)
    old = tmp_path / ".saved-game.replay.abc123.tmp"
    fresh = tmp_path / ".saved-game.replay.def456.tmp"
    other = tmp_path / ".other.abc.tmp"
    for p in (old, fresh, other):
        p.write_text("half")
    os.utime(old, (1, 1))
    os.utime(other, (1, 1))
    assert store.remove_stale_temporary_files("saved-game.replay") == 1
    assert not old.exists() and fresh.exists() and other.exists()


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
