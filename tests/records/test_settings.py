"""Settings: kept between runs; a bad field gets its default, a broken file is moved aside."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.records.settings import (
    SETTINGS_FILE,
    Settings,
    check_settings,
    load_settings,
    save_settings,
)
from game.records.store import Store


def test_defaults_when_there_is_no_file(tmp_path):
    store = Store(tmp_path)
    assert load_settings(store) == Settings()
    assert store.warnings == []


def test_settings_are_kept_between_runs(tmp_path):
    changed = Settings(animation_speed=2.5, auto_drop=True, hints=False, winnable_only=True, sound=False,
                       volume=0.25, card_back=1, four_colour=True, high_contrast=True,
                       window_size=(1920, 1080), help_seen=("constitution", "union-square"))
    assert save_settings(Store(tmp_path), changed)
    on_disk = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert on_disk["kind"] == "settings" and on_disk["version"] == 1
    assert on_disk["window_size"] == [1920, 1080]
    assert on_disk["help_seen"] == ["constitution", "union-square"]
    store = Store(tmp_path)
    assert load_settings(store) == changed and store.warnings == []


@pytest.mark.parametrize(("field", "value"), [
    ("animation_speed", "fast"),
    ("animation_speed", -1),
    ("animation_speed", 1e308),
    ("animation_speed", True),
    ("volume", 1.5),
    ("card_back", 2),
    ("card_back", 0.0),
    ("window_size", [10, 10]),
    ("window_size", [799, 600]),
    ("window_size", [800, 599]),
    ("window_size", [1280]),
    ("window_size", "1280x800"),
    ("window_size", [1280.0, 800.0]),
    ("auto_drop", 1),
    ("hints", "yes"),
    ("sound", None),
    ("large_index", "big"),
    ("help_seen", ["square", "spider"]),
    ("help_seen", "square"),
    ("help_seen", [["square"]]),
])
def test_a_bad_field_gets_its_default_and_the_others_are_kept(tmp_path, field, value):
    store = Store(tmp_path)
    save_settings(store, Settings(auto_drop=True, volume=0.5) if field not in ("auto_drop", "volume")
                  else Settings(hints=False, card_back=1))
    document = json.loads((tmp_path / SETTINGS_FILE).read_text())
    document[field] = value
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(document))
    loaded = load_settings(store)
    assert getattr(loaded, field) == getattr(Settings(), field)
    expected = {k: v for k, v in document.items() if k not in ("kind", "version", field)}
    for key, kept in expected.items():
        assert getattr(loaded, key) == (tuple(kept) if key in ("window_size", "help_seen") else kept)
    [warning] = store.warnings
    assert warning.startswith(f"settings.json: {field} must be") and "using" in warning
    assert (tmp_path / SETTINGS_FILE).exists()  # the file is not moved for one bad field


def test_a_window_size_too_small_is_refused_naming_the_smallest_window():
    """The window never gets smaller than 800 x 600 (the layouts need it): the message
    says so, and the smallest window is a good setting."""
    loaded, problems = check_settings({"window_size": [640, 480]})
    assert loaded == Settings()
    assert problems == ["window_size must be [width, height] from 800x600 to 7680x4320 (found [640, 480]); "
                        "using (1280, 800)"]
    assert check_settings({"window_size": [800, 600]}) == (Settings(window_size=(800, 600)), [])


def test_unknown_settings_are_ignored_with_a_message():
    loaded, problems = check_settings({"volume": 0.1, "theme": "dark"})
    assert loaded == Settings(volume=0.1)
    assert problems == ["unknown setting 'theme' ignored"]


def test_many_unknown_settings_are_one_message(tmp_path):
    """A hostile file with 40,000 unknown keys is one warning, not 40,000 lines."""
    document = {"kind": "settings", "version": 1, "volume": 0.2}
    document.update({f"k{n}": 0 for n in range(40_000)})
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(document))
    store = Store(tmp_path)
    assert load_settings(store) == Settings(volume=0.2)
    assert store.warnings == [
        "settings.json: 40,000 unknown settings ignored ('k0', 'k1', 'k2' and 39,997 more)"]


def test_a_broken_file_is_moved_aside_and_defaults_are_used(tmp_path):
    store = Store(tmp_path)
    (tmp_path / SETTINGS_FILE).write_text('{"kind": "settings", "version": 1, "volume": ')
    assert load_settings(store) == Settings()
    assert "settings.json could not be read (it is not valid JSON" in store.warnings[0]
    assert not (tmp_path / SETTINGS_FILE).exists()


def test_settings_out_of_range_are_saved_at_their_bound_and_read_back(tmp_path):
    store = Store(tmp_path)
    wide = Settings(volume=3.0, animation_speed=-1.0, window_size=(9000, 100), card_back=7, auto_drop=True)
    assert save_settings(store, wide)
    warnings = store.take_warnings()
    assert warnings == ["settings.json: animation_speed -1.0 is out of range; saved as 0.0",
                        "settings.json: volume 3.0 is out of range; saved as 1.0",
                        "settings.json: window_size [9000, 100] is out of range; saved as [7680, 600]",
                        "settings.json: card_back must be one of 0, 1 (found 7); using 0"]
    assert load_settings(store) == Settings(volume=1.0, animation_speed=0.0, window_size=(7680, 600),
                                            auto_drop=True)
    assert store.warnings == [], "what was written is read back without a complaint"


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([f.name for f in dataclasses.fields(Settings)] + ["x"]),
                       st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
                                 st.lists(st.integers(), max_size=3))))
def test_any_json_values_give_valid_settings(raw):
    loaded, _ = check_settings(raw)
    again, none = check_settings({**dataclasses.asdict(loaded), "window_size": list(loaded.window_size)})
    assert again == loaded and none == []


def test_an_older_settings_file_is_brought_up_to_date_by_the_settings_migrations(tmp_path, monkeypatch):
    """Every file is at version 1 so far; this plays a future version 2 that renamed a
    field, to show load_settings reads through its migration table."""
    from game.records import settings as settings_module

    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"kind": "settings", "version": 1, "speed": 2.5}))
    monkeypatch.setattr(settings_module, "SETTINGS_VERSION", 2)
    def rename(d):
        return {**{k: v for k, v in d.items() if k != "speed"}, "animation_speed": d["speed"]}

    monkeypatch.setitem(settings_module.SETTINGS_MIGRATIONS, 1, rename)
    store = Store(tmp_path)
    loaded = load_settings(store)
    assert loaded == Settings(animation_speed=2.5) and store.warnings == []
    assert save_settings(store, loaded)
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["version"] == 2


def test_a_settings_file_older_than_any_migration_is_moved_aside(tmp_path, monkeypatch):
    from game.records import settings as settings_module

    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"kind": "settings", "version": 1, "sound": False}))
    monkeypatch.setattr(settings_module, "SETTINGS_VERSION", 2)
    store = Store(tmp_path)
    assert load_settings(store) == Settings()
    assert "schema version 1 is too old to be read" in store.warnings[0]
    assert [p for p in tmp_path.iterdir() if p.name.startswith(SETTINGS_FILE + ".bad-")]


def test_settings_on_a_full_disk_keep_the_old_file_and_say_so(tmp_path, monkeypatch):
    import errno

    from game.records import store as store_module

    store = Store(tmp_path)
    assert save_settings(store, Settings(volume=0.2))

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module.os, "fsync", full)
    assert save_settings(store, Settings(volume=0.9)) is False
    [warning] = store.take_warnings()
    assert warning.startswith("the settings were not saved: ") and "the disk is full" in warning
    monkeypatch.undo()
    assert load_settings(store) == Settings(volume=0.2)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_newer_versions_settings_are_never_written_over_by_a_store_that_did_not_read_them(tmp_path):
    """The window reads the settings with one store and saves them with another (each
    scene makes its own): a file a newer version of the game wrote stays as it is, and
    the save says why it was not made, with no file moved aside and none left behind."""
    newer = json.dumps({"kind": "settings", "version": 2, "volume": 0.3, "new_thing": "keep me"})
    (tmp_path / SETTINGS_FILE).write_text(newer)
    reader = Store(tmp_path)
    assert load_settings(reader) == Settings()
    assert "newer version" in reader.take_warnings()[0]
    writer = Store(tmp_path)
    assert save_settings(writer, Settings(help_seen=("constitution",))) is False
    [warning] = writer.take_warnings()
    assert warning.startswith("the settings were not saved: ")
    assert "a newer version of the game wrote it" in warning
    assert (tmp_path / SETTINGS_FILE).read_text() == newer
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]
    # this version's own file, or a damaged one, is written as before
    (tmp_path / SETTINGS_FILE).write_text("{damaged")
    assert save_settings(Store(tmp_path), Settings(volume=0.2))
    assert load_settings(Store(tmp_path)) == Settings(volume=0.2)
