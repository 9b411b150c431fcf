"""The deals whose way to a win "Where did I go wrong?" showed, kept across runs in
``ways-shown.json``: kept newest last and capped, a damaged file moved aside, a newer
one left alone, and what is no regular file never opened nor written through."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.records.store import Store
from game.records.ways import (
    WAYS_FILE,
    WAYS_KEPT,
    load_ways_shown,
    remember_way_shown,
    way_was_shown,
)


def test_a_deal_remembered_is_known_to_a_new_store(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert load_ways_shown(store) == [] and not way_was_shown(store, "constitution", "12")
    assert remember_way_shown(store, "constitution", "12")
    assert remember_way_shown(store, "square", "ms40000")
    assert remember_way_shown(store, "constitution", "12")  # again: it becomes the newest
    fresh = Store(tmp_path)
    assert load_ways_shown(fresh) == [("square", "ms40000"), ("constitution", "12")]
    assert way_was_shown(fresh, "constitution", "12")
    assert not way_was_shown(fresh, "constitution-cadogan", "12"), "another rule set's deal"
    assert not way_was_shown(fresh, "constitution", "13")
    assert fresh.warnings == []


def test_the_oldest_deals_are_forgotten_past_the_cap(tmp_path: Path) -> None:
    store = Store(tmp_path)
    deals = [["union-square", str(n)] for n in range(1, WAYS_KEPT + 1)]
    (tmp_path / WAYS_FILE).write_text(json.dumps({"kind": "ways-shown", "version": 1, "deals": deals}))
    assert remember_way_shown(store, "constitution", "7")
    kept = load_ways_shown(store)
    assert len(kept) == WAYS_KEPT and kept[0] == ("union-square", "2") and kept[-1] == ("constitution", "7")


@pytest.mark.parametrize("deals", [
    "not a list",
    [["klondike", "12"]],
    [["constitution", "012"]],
    [["constitution", 12]],
    [["constitution"]],
    [["constitution", "12", "extra"]],
])
def test_a_damaged_file_is_moved_aside_and_forgets_only_the_ways(tmp_path: Path, deals: object) -> None:
    (tmp_path / WAYS_FILE).write_text(json.dumps({"kind": "ways-shown", "version": 1, "deals": deals}))
    store = Store(tmp_path)
    assert load_ways_shown(store) == []
    assert not (tmp_path / WAYS_FILE).exists()
    assert len(list(tmp_path.glob(f"{WAYS_FILE}.bad-*"))) == 1
    assert len(store.warnings) == 1 and "forgotten" in store.warnings[0]
    assert remember_way_shown(store, "constitution", "12")
    assert load_ways_shown(Store(tmp_path)) == [("constitution", "12")]


def test_a_file_a_newer_version_wrote_is_left_and_never_written_over(tmp_path: Path) -> None:
    newer = json.dumps({"kind": "ways-shown", "version": 2, "deals": {"x": 1}})
    (tmp_path / WAYS_FILE).write_text(newer)
    store = Store(tmp_path)
    assert not way_was_shown(store, "constitution", "12")
    assert not remember_way_shown(store, "constitution", "12")
    assert (tmp_path / WAYS_FILE).read_text() == newer
    assert sorted(p.name for p in tmp_path.iterdir()) == [WAYS_FILE]


def test_a_fifo_in_its_place_is_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / WAYS_FILE)
    store = Store(tmp_path)
    assert not way_was_shown(store, "constitution", "12")  # would hang if it opened the FIFO
    assert not remember_way_shown(store, "constitution", "12")
    assert (tmp_path / WAYS_FILE).is_fifo()
    assert store.warnings


def test_a_link_in_its_place_is_read_but_its_target_never_written(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    text = json.dumps({"kind": "ways-shown", "version": 1, "deals": [["constitution", "5"]]})
    outside.write_text(text)
    data = tmp_path / "data"
    data.mkdir()
    (data / WAYS_FILE).symlink_to(outside)
    store = Store(data)
    assert way_was_shown(store, "constitution", "5"), "the player's own link is followed to read"
    assert not remember_way_shown(store, "constitution", "6")
    assert outside.read_text() == text and (data / WAYS_FILE).is_symlink()


def test_a_link_to_a_device_is_left(tmp_path: Path) -> None:
    (tmp_path / WAYS_FILE).symlink_to("/dev/zero")
    store = Store(tmp_path)
    assert not way_was_shown(store, "constitution", "5")
    assert not remember_way_shown(store, "constitution", "6")
    assert os.readlink(tmp_path / WAYS_FILE) == "/dev/zero"


def test_a_store_that_only_reads_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path, read_only=True)
    assert not remember_way_shown(store, "constitution", "6")
    assert list(tmp_path.iterdir()) == []
