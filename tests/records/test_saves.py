"""The saved game, recent games and saved replays; the save survives being killed."""

from __future__ import annotations

import dataclasses
import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import new_game
from game.engine.state import Game, Move
from game.records import store as store_module
from game.records.recorder import Recorder
from game.records.replay import (
    ABANDONED,
    IN_PROGRESS,
    LOST,
    MAX_MOVES,
    MAX_REPLAY_BYTES,
    WON,
    Replay,
    ReplayMove,
    load_replay,
)
from game.records.saves import (
    RECENT_GAMES,
    SAVED_GAME,
    abandon_saved_game,
    clear_saved_game,
    finish_game,
    is_replay_file_name,
    list_recent_games,
    list_replays,
    load_saved_game,
    save_game,
    save_replay,
)
from game.records.stats import load_statistics
from game.records.store import Store

from .helpers import SPECIAL_KINDS, FakeClock, lstat_of, make_special, random_recording, won_replays

ROOT = Path(__file__).resolve().parents[2]


def test_save_load_and_continue_a_game(tmp_path):
    store = Store(tmp_path)
    assert load_saved_game(store) is None
    recorder = random_recording("constitution-cadogan", 12, seed=4, steps=50)
    assert save_game(store, recorder.replay())
    saved = load_saved_game(store)
    assert saved == recorder.replay()
    again = Recorder.from_replay(saved, clock=FakeClock())
    assert again.game.to_layout() == recorder.game.to_layout()
    clear_saved_game(store)
    clear_saved_game(store)
    assert load_saved_game(store) is None and store.warnings == []


def test_a_saved_game_is_always_in_progress(tmp_path):
    store = Store(tmp_path)
    recorder = random_recording("constitution", 4, seed=1, steps=400)
    assert recorder.result == LOST
    save_game(store, recorder.replay())
    assert load_saved_game(store).result == IN_PROGRESS


def test_a_won_game_is_not_saved_and_the_previous_save_is_kept(tmp_path):
    store = Store(tmp_path)
    in_progress = random_recording("constitution", 8, seed=2, steps=20).replay()
    assert save_game(store, in_progress)
    assert save_game(store, won_replays()[0]) is False
    assert load_saved_game(store) == in_progress and store.warnings == []


def test_a_damaged_save_is_moved_aside_and_nothing_else_is_lost(tmp_path):
    store = Store(tmp_path)
    recorder = random_recording("square", 40, seed=2, steps=30)
    save_game(store, recorder.replay())
    save_replay(store, recorder.replay())
    path = tmp_path / SAVED_GAME
    lines = path.read_text().splitlines()
    move_line = lines.index("moves:") + 3
    lines[move_line] = lines[move_line].replace(" ", " x", 1)
    path.write_text("\n".join(lines) + "\n")
    assert load_saved_game(store) is None
    [warning] = store.take_warnings()
    assert f"line {move_line + 1}: " in warning and "it was kept as saved-game.replay.bad-" in warning
    assert not path.exists()
    assert [p.name.startswith(SAVED_GAME + ".bad-") for p in tmp_path.iterdir() if p.is_file()] == [True]
    assert len(list_replays(store)) == 1


def test_a_save_of_a_newer_version_is_left_for_it(tmp_path):
    """A save whose replay version is newer than this program reads is not damaged: it is
    neither moved aside, nor written over, nor deleted when another game is chosen."""
    store = Store(tmp_path)
    save_game(store, random_recording("constitution", 8, seed=2, steps=20).replay())
    path = tmp_path / SAVED_GAME
    text = path.read_text()
    assert "\nversion: 1\n" in text
    newer = text.replace("\nversion: 1\n", "\nversion: 99\n", 1)
    path.write_text(newer)
    assert load_saved_game(store) is None
    [warning] = store.take_warnings()
    assert "saved by a newer version of the game" in warning and "left as it is" in warning
    abandon_saved_game(store)
    assert not save_game(store, random_recording("square", 3, seed=1, steps=10).replay())
    assert "newer version of the game wrote it" in " ".join(store.take_warnings())
    assert path.read_text() == newer
    assert not [p for p in tmp_path.iterdir() if ".bad-" in p.name]


def test_a_save_on_a_full_disk_keeps_the_previous_save(tmp_path, monkeypatch):
    store = Store(tmp_path)
    first = random_recording("union-square", 3, seed=3, steps=20).replay()
    save_game(store, first)

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module.os, "fsync", full)
    second = random_recording("union-square", 3, seed=4, steps=40).replay()
    assert save_game(store, second) is False
    assert "the game was not saved" in store.warnings[0] and "the disk is full" in store.warnings[0]
    monkeypatch.undo()
    assert load_saved_game(store) == first


CHILD = """
import sys
from game.records.replay import parse_replay
from game.records.saves import save_game
from game.records.store import Store

store = Store(sys.argv[1])
full = parse_replay(open(sys.argv[2], encoding="utf-8").read())
versions = [full.__class__(**{**full.__dict__, "moves": full.moves[:n]}) for n in range(len(full.moves) + 1)]
print("ready", flush=True)
i = 0
while True:
    save_game(store, versions[i % len(versions)])
    i += 1
"""


@pytest.mark.slow
def test_a_save_killed_at_any_instant_leaves_a_whole_save(tmp_path):
    """SIGKILL a process that saves over and over; the save must load every time."""
    if not hasattr(signal, "SIGKILL"):
        pytest.skip("needs SIGKILL")
    store = Store(tmp_path / "data")
    replay = random_recording("constitution", 77, seed=9, steps=120).replay()
    source = tmp_path / "source.replay"
    source.write_text(replay.to_text(), encoding="utf-8")
    save_game(store, replay)
    rng = random.Random(20261122)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    valid = {replay.moves[:n] for n in range(len(replay.moves) + 1)}
    runs = 30
    for _ in range(runs):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(store.root), str(source)],
                                 stdout=subprocess.PIPE, env=env, cwd=ROOT)
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.04))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        loaded = load_saved_game(store)
        assert loaded is not None, store.warnings
        assert loaded.moves in valid and store.warnings == []
    assert not [p for p in store.root.iterdir() if ".bad-" in p.name]
    # the temporary files left behind show that kills landed in the middle of writes
    assert list(store.root.glob(".saved-game.replay.*.tmp")), "no kill landed inside a write"


def test_finishing_games_counts_them_and_keeps_recent_replays(tmp_path):
    store = Store(tmp_path)
    won = won_replays()[0]
    recorder = random_recording(won.rules, 5, seed=5, steps=30)
    save_game(store, recorder.replay())
    _, path = finish_game(store, won)
    assert path is not None and load_replay(path) == won
    assert load_saved_game(store) == recorder.replay(), "a save of another game is not done away with"
    assert abandon_saved_game(store), "given up, it is counted"
    assert load_saved_game(store) is None
    assert finish_game(store, Recorder(won.opening(), clock=FakeClock()).replay(ABANDONED))[1] is None
    stats = load_statistics(store)[won.rules]
    assert (stats.played, stats.won, stats.abandoned) == (2, 1, 1)
    recent = list_recent_games(store)
    assert [e.replay.result for e in recent] == [ABANDONED, WON]
    with pytest.raises(ValueError):
        finish_game(store, recorder.replay(IN_PROGRESS))


def test_recent_games_are_pruned(tmp_path):
    store = Store(tmp_path)
    replay = random_recording("square", 9, seed=1, steps=10).replay(ABANDONED)
    for _ in range(RECENT_GAMES + 5):
        finish_game(store, replay)
    assert len(list((tmp_path / "recent").iterdir())) == RECENT_GAMES
    assert load_statistics(store)["square"].abandoned == RECENT_GAMES + 5


def test_abandoning_the_saved_game_counts_it(tmp_path):
    store = Store(tmp_path)
    save_game(store, random_recording("union-square", 15, seed=6, steps=20).replay())
    abandon_saved_game(store)
    assert load_saved_game(store) is None
    assert load_statistics(store)["union-square"].abandoned == 1
    abandon_saved_game(store)
    assert load_statistics(store)["union-square"].abandoned == 1


def test_saved_replays_are_listed_newest_first_and_broken_ones_say_why(tmp_path, monkeypatch):
    # both saves in the same second, even when the clock ticks between them
    from game.records import saves

    monkeypatch.setattr(saves, "utc_stamp", lambda: "20261124-075806")
    store = Store(tmp_path)
    first = save_replay(store, won_replays()[0])
    second = save_replay(store, won_replays()[0])
    assert first != second and second.name.endswith("-2.replay")
    os.utime(first, (1, 1))
    broken = tmp_path / "replays" / "broken.replay"
    broken.write_text("version: 1\nrules: nonsense\n")
    os.utime(broken, (2, 2))
    (tmp_path / "replays" / "notes.txt").write_text("not a replay")
    entries = list_replays(store)
    assert [e.path for e in entries] == [second, broken, first]
    assert entries[1].replay is None and entries[1].error.startswith("line 2: unknown rule set")
    assert entries[0].replay == won_replays()[0] and entries[0].error is None
    assert broken.exists()


def test_a_listed_replay_that_changes_is_checked_again(tmp_path):
    store = Store(tmp_path)
    path = save_replay(store, won_replays()[0])
    assert list_replays(store)[0].replay is not None
    text = path.read_text().replace("result: won", "result: lost")
    path.write_text(text)
    os.utime(path, (5, 5))
    [entry] = list_replays(store)
    assert entry.replay is None and "the result says lost" in entry.error
    assert len(list_replays(store, limit=0)) == 0


def test_a_listed_replay_found_damaged_is_listed_so_until_it_changes(tmp_path):
    """A file whose header reads well but whose moves do not play is not known to be
    damaged until it is checked; from then on its listing says so (without a check),
    until the file changes."""
    store = Store(tmp_path)
    path = save_replay(store, won_replays()[0])
    good = path.read_text()
    path.write_text(good.replace("result: won", "result: lost"))
    [entry] = list_replays(store)
    assert entry.summary is not None and entry.summary.result == "lost" and entry.damaged is None
    assert entry.replay is None and entry.damaged == entry.error and "the result says lost" in entry.error
    [again] = list_replays(store)
    assert again.damaged == entry.error and again.summary == entry.summary
    path.write_text(good)
    os.utime(path, (5, 5))
    [fixed] = list_replays(store)
    assert fixed.damaged is None and fixed.replay == won_replays()[0]


CHILD_AT_PHASE = """
import os
import signal
import sys

from game.records import store as store_module
from game.records.replay import parse_replay
from game.records.saves import save_game
from game.records.store import Store


def die():
    os.kill(os.getpid(), signal.SIGKILL)


def before(real):
    def wrapper(*args, **kwargs):
        die()
    return wrapper


def after(real):
    def wrapper(*args, **kwargs):
        result = real(*args, **kwargs)
        die()
        return result
    return wrapper


class HalfWriter:
    def __init__(self, handle):
        self.handle = handle

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.handle.close()

    def write(self, data):
        self.handle.write(data[: len(data) // 2])
        self.handle.flush()
        die()


phase = sys.argv[3]
if phase == "temporary file made":
    store_module._temporary_file = after(store_module._temporary_file)
    store_module._held_temporary_file = after(store_module._held_temporary_file)  # (Linux's way)
elif phase == "half written":
    real_fdopen = os.fdopen
    os.fdopen = lambda *args, **kwargs: HalfWriter(real_fdopen(*args, **kwargs))
elif phase == "written, not synced":
    os.fsync = before(os.fsync)
elif phase == "synced, not renamed":
    os.replace = before(os.replace)
elif phase == "renamed, folder not synced":
    os.replace = after(os.replace)
else:
    raise SystemExit("unknown phase " + phase)
save_game(Store(sys.argv[1]), parse_replay(open(sys.argv[2], encoding="utf-8").read()))
print("not killed")
"""


@pytest.mark.parametrize(("phase", "survivor"), [
    ("temporary file made", "old"), ("half written", "old"), ("written, not synced", "old"),
    ("synced, not renamed", "old"), ("renamed, folder not synced", "new"),
])
def test_a_save_killed_in_each_phase_of_the_write_leaves_the_old_or_the_new_save(tmp_path, phase, survivor):
    """The kill lands exactly at each step of the atomic write, not where timing puts it."""
    if not hasattr(signal, "SIGKILL"):
        pytest.skip("needs SIGKILL")
    store = Store(tmp_path / "data")
    old = random_recording("square", 31, seed=3, steps=20).replay()
    new = random_recording("square", 31, seed=3, steps=60).replay()
    assert old.moves != new.moves
    save_game(store, old)
    source = tmp_path / "new.replay"
    source.write_text(new.to_text(), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD_AT_PHASE, str(store.root), str(source), phase],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == -signal.SIGKILL, (done.stdout, done.stderr)
    loaded = load_saved_game(store)
    assert loaded == (old if survivor == "old" else new)
    assert store.warnings == [] and not [p for p in store.root.iterdir() if ".bad-" in p.name]


CHILD_FINISHING = """
import os
import signal
import sys

from game.records import saves
from game.records.replay import parse_replay
from game.records.store import Store


def die_before(real):
    def wrapper(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)
    return wrapper


phase = sys.argv[3]
step = {"before the count": "record_result", "counted, replay not kept": "_write_replay",
        "replay kept, save not removed": "clear_saved_game"}.get(phase)
if step is not None:
    setattr(saves, step, die_before(getattr(saves, step)))
elif phase != "not killed":
    raise SystemExit("unknown phase " + phase)
saves.finish_game(Store(sys.argv[1]), parse_replay(open(sys.argv[2], encoding="utf-8").read()))
print("not killed")
"""


@pytest.mark.parametrize("phase", ["before the count", "counted, replay not kept",
                                   "replay kept, save not removed", "not killed"])
def test_a_continued_game_killed_as_it_ends_is_counted_once(tmp_path, phase):
    """The game was saved, continued and has just ended; the program is killed at a step of
    finish_game. At the next start the game is counted exactly once: never lost, never twice."""
    if not hasattr(signal, "SIGKILL"):
        pytest.skip("needs SIGKILL")
    store = Store(tmp_path / "data")
    full = random_recording("constitution", 4, seed=1, steps=400).replay()
    assert full.result == LOST and len(full.moves) > 20
    save_game(store, dataclasses.replace(full, moves=full.moves[:20], result=IN_PROGRESS))
    source = tmp_path / "ended.replay"
    source.write_text(full.to_text(), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD_FINISHING, str(store.root), str(source), phase],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    if phase == "not killed":
        assert done.returncode == 0 and done.stdout == "not killed\n", done.stderr
    else:
        assert done.returncode == -signal.SIGKILL, (done.stdout, done.stderr)
    counted_before = load_statistics(store)["constitution"].played
    # the next start: a save that is offered is continued, and the game ends as before
    saved = load_saved_game(store)
    assert (saved is not None) == (phase == "before the count"), "offered only while not counted"
    if saved is not None:
        assert counted_before == 0
        finish_game(store, full)
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.lost) == (1, 1)
    assert load_saved_game(store) is None and not store.path(SAVED_GAME).exists()
    abandon_saved_game(store)
    assert load_statistics(store)["constitution"].played == 1
    assert store.warnings == []


def test_the_saved_games_score_level_and_day_are_kept_beside_it(tmp_path):
    import datetime

    from game.records.saves import load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("constitution", 8, seed=2, steps=20).replay()
    score = Score()
    score.foundation(2, 3.0)
    assert save_game(store, replay)
    assert save_game_extras(store, replay, score=score, level=3, daily=datetime.date(2026, 11, 22))
    extras = load_game_extras(store, replay)
    assert extras["score"].to_json() == score.to_json() and score.total > 0
    assert (extras["level"], extras["daily"]) == (3, datetime.date(2026, 11, 22))
    longer = random_recording("constitution", 8, seed=2, steps=25).replay()
    assert longer.moves != replay.moves
    other = dataclasses.replace(longer, started="2020-01-02T03:04:05Z")
    assert load_game_extras(store, other) == {}, "extras of another save are not used"
    twin = dataclasses.replace(replay, started="2020-01-02T03:04:05Z")  # as many moves, another start
    assert load_game_extras(store, twin) == {}, "another game of the deal with as many moves"
    # the same game (the same start) saved with more moves, whose extras were not written
    # (a full disk): its help is still known, not its score
    same = dataclasses.replace(longer, started=replay.started)
    assert replay.started and load_game_extras(store, same) == {"assisted": False, "demo": False,
                                                                 "practice": False}
    assert store.warnings == []


def test_a_practice_save_whose_newer_extras_were_written_but_not_its_moves_stays_practice(tmp_path):
    """The help is written before the moves: when the moves cannot be written after it
    (a full disk), the save before, of the same game, is continued as practice still."""
    from game.records.saves import load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    before = random_recording("constitution", 8, seed=2, steps=20).replay()
    assert save_game(store, before)
    assert save_game_extras(store, before, score=Score(), assisted=True, practice=True)
    later = dataclasses.replace(random_recording("constitution", 8, seed=2, steps=25).replay(),
                                started=before.started)
    assert save_game_extras(store, later, score=Score(), assisted=True, practice=True)
    saved = load_saved_game(store)
    assert saved is not None and len(saved.moves) == len(before.moves)
    extras = load_game_extras(store, saved)
    assert extras["practice"] is True and extras["assisted"] is True and "score" not in extras


def test_whether_the_demo_played_in_the_saved_game_is_kept_and_a_file_without_it_still_reads(tmp_path):
    import json

    from game.records.saves import SAVED_EXTRAS, load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("constitution", 8, seed=2, steps=20).replay()
    save_game(store, replay)
    assert save_game_extras(store, replay, score=Score(), assisted=True, demo=True)
    extras = load_game_extras(store, replay)
    assert extras["assisted"] and extras["demo"]
    assert save_game_extras(store, replay, score=Score(), assisted=True)
    assert not load_game_extras(store, replay)["demo"], "a replay taken over is not the demo's"
    document = json.loads((tmp_path / SAVED_EXTRAS).read_text())
    del document["demo"]  # as written before it was kept: not known, so not the demo's
    (tmp_path / SAVED_EXTRAS).write_text(json.dumps(document))
    extras = load_game_extras(store, replay)
    assert extras["assisted"] and not extras["demo"] and store.warnings == []


def test_a_game_undone_back_to_its_deal_is_counted_when_given_up_and_one_never_begun_is_not(tmp_path):
    """The line of play is empty either way; the undos tell a game whose moves were all
    taken back from one in which no move was played."""
    store = Store(tmp_path)
    game = new_game("constitution", "1")
    recorder = Recorder(game, clock=FakeClock())
    untouched = recorder.replay()
    recorder.play(game.parse_move("r1c2-f5"))
    recorder.play(game.parse_move("r2c6-r1c2"))
    recorder.undo()
    recorder.undo()
    undone = recorder.replay()
    assert undone.moves == untouched.moves == () and undone.undos == 2
    assert undone.begun and not untouched.begun
    assert finish_game(store, untouched.with_result(ABANDONED)) == (True, None)
    assert load_statistics(store)["constitution"].played == 0
    # saved to continue (the window closed on it), then given up for another game
    assert save_game(store, undone)
    assert load_saved_game(store) == undone
    assert abandon_saved_game(store)
    assert load_saved_game(store) is None
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.abandoned) == (1, 1)
    [entry] = list_recent_games(store)
    assert entry.replay is not None and entry.replay.result == ABANDONED and entry.replay.undos == 2


def test_the_saved_games_player_steps_are_kept_and_a_file_without_them_still_reads(tmp_path):
    import json

    from game.records.saves import SAVED_EXTRAS, load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("constitution", 8, seed=2, steps=20).replay()
    moves = len(replay.moves)
    assert moves > 2
    save_game(store, replay)
    steps = [1] * (moves - 3) + [3]
    assert save_game_extras(store, replay, score=Score(), steps=steps)
    assert load_game_extras(store, replay)["steps"] == steps
    document = json.loads((tmp_path / SAVED_EXTRAS).read_text())
    del document["steps"]  # as written before the steps were kept
    (tmp_path / SAVED_EXTRAS).write_text(json.dumps(document))
    extras = load_game_extras(store, replay)
    assert "steps" not in extras and "score" in extras and store.warnings == []


def test_damaged_extras_are_moved_aside_and_the_game_goes_on_without_them(tmp_path):
    import json

    from game.records.saves import SAVED_EXTRAS, load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("square", 8, seed=2, steps=20).replay()
    save_game(store, replay)
    save_game_extras(store, replay, score=Score(), level=2)
    document = json.loads((tmp_path / SAVED_EXTRAS).read_text())
    document["level"] = -7
    (tmp_path / SAVED_EXTRAS).write_text(json.dumps(document))
    assert load_game_extras(store, replay) == {}
    [warning] = store.take_warnings()
    assert "saved-game.json could not be read" in warning and "the level -7 is not a level number" in warning
    assert load_saved_game(store) == replay, "the game itself is not lost"


def test_older_extras_are_brought_up_to_date_by_their_migrations(tmp_path, monkeypatch):
    """Every file is at version 1 so far; this plays a future version 2."""
    import json

    from game.records import saves as saves_module
    from game.records.saves import SAVED_EXTRAS, load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("square", 8, seed=2, steps=20).replay()
    save_game_extras(store, replay, score=Score(), level=5)
    document = json.loads((tmp_path / SAVED_EXTRAS).read_text())
    document["stage"] = document.pop("level")
    (tmp_path / SAVED_EXTRAS).write_text(json.dumps(document))
    monkeypatch.setattr(saves_module, "EXTRAS_VERSION", 2)
    monkeypatch.setitem(saves_module.EXTRAS_MIGRATIONS, 1,
                        lambda d: {**{k: v for k, v in d.items() if k != "stage"}, "level": d["stage"]})
    assert load_game_extras(store, replay)["level"] == 5 and store.warnings == []


# ----- a full disk as a game ends ---------------------------------------------------------------


def _statistics_disk_full(monkeypatch):
    """Every write of statistics.json fails as on a full disk; other files are written."""
    from game.records import stats as stats_module

    real = stats_module.Store.write_json

    def write_json(self, name, *args, **kwargs):
        if name == stats_module.STATS_FILE:
            raise store_module.SaveError(f"could not save {name}: the disk is full")
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(stats_module.Store, "write_json", write_json)


@pytest.mark.parametrize("how", ["ended", "abandoned"])
def test_on_a_full_disk_the_save_is_kept_until_the_statistics_count_it(tmp_path, monkeypatch, how):
    store = Store(tmp_path)
    full = random_recording("constitution", 4, seed=1, steps=400).replay()
    assert full.result == LOST
    saved = dataclasses.replace(full, moves=full.moves[:20], result=IN_PROGRESS)
    assert save_game(store, saved)
    _statistics_disk_full(monkeypatch)
    if how == "ended":
        finish_game(store, full)
    else:
        abandon_saved_game(store)
    warnings = store.take_warnings()
    assert any("the statistics were not saved" in w and "the disk is full" in w for w in warnings)
    assert load_saved_game(store) == saved, "the save is kept: the game is neither lost nor uncounted"
    monkeypatch.undo()
    # the disk has room again: the game ends (or is given up) once more and is counted once
    if how == "ended":
        finish_game(store, full)
    else:
        abandon_saved_game(store)
    stats = load_statistics(store)["constitution"]
    assert stats.played == 1 and (stats.lost, stats.abandoned) == ((1, 0) if how == "ended" else (0, 1))
    assert load_saved_game(store) is None and store.warnings == []


# ----- recent/ and replays/ are never pruned through a symbolic link -----------------------------


def test_a_recent_folder_that_is_a_link_out_of_the_data_folder_is_never_pruned(tmp_path):
    outside = tmp_path / "the user's folder"
    outside.mkdir()
    precious = []
    for n in range(RECENT_GAMES + 5):
        path = outside / f"square-{n}-20200101-000000.replay"
        path.write_text("the user's own file")
        os.utime(path, (n, n))
        precious.append(path)
    data = tmp_path / "data"
    data.mkdir()
    (data / "recent").symlink_to(outside, target_is_directory=True)
    store = Store(data)
    replay = random_recording("square", 9, seed=1, steps=10).replay(ABANDONED)
    for _ in range(3):
        finish_game(store, replay)
    assert all(p.read_text() == "the user's own file" for p in precious)
    assert load_statistics(store)["square"].abandoned == 3, "the games are still counted"


def test_pruning_removes_only_the_oldest_replays_the_game_wrote(tmp_path):
    store = Store(tmp_path)
    recent = tmp_path / "recent"
    recent.mkdir()
    outside = tmp_path / "outside.replay"
    outside.write_text("the user's")
    (recent / "a-link.replay").symlink_to(outside)
    os.utime(recent / "a-link.replay", (1, 1), follow_symlinks=False)
    os.mkfifo(recent / "a-fifo.replay")
    os.utime(recent / "a-fifo.replay", (1, 1))
    (recent / "a-folder.replay").mkdir()
    os.utime(recent / "a-folder.replay", (1, 1))
    # a file of a name the game never gives is the player's, however old
    odd = recent / os.fsdecode(b"partie-\xe9l\xe8ve\n.replay")
    odd.write_text("old")
    os.utime(odd, (2, 2))
    mine = recent / "my-precious-win.replay"
    mine.write_text(won_replays()[0].to_text())
    os.utime(mine, (2, 2))
    replay = random_recording("square", 9, seed=1, steps=10).replay(ABANDONED)
    # the game's own name, but a newer version of the game wrote it: that version's to keep
    newer = recent / "square-9-20190101-000000.replay"
    newer.write_text(replay.to_text().replace("version: 1", "version: 2", 1))
    os.utime(newer, (3, 3))
    # a newer version's replay too long for this version to read is still that version's
    newer_long = recent / "square-9-20180101-000000.replay"
    newer_long.write_text("version: 3\n" + "x" * (MAX_REPLAY_BYTES + 10))
    os.utime(newer_long, (3, 3))
    own_old = recent / "square-9-20190101-000001.replay"
    own_old.write_text(replay.to_text())
    os.utime(own_old, (4, 4))
    for _ in range(RECENT_GAMES):
        finish_game(store, replay)
    assert not own_old.exists(), "the oldest replay the game wrote went"
    own = [p for p in recent.iterdir() if is_replay_file_name(p.name) and p not in (newer, newer_long)]
    assert len(own) == RECENT_GAMES
    assert odd.read_text() == "old" and load_replay(mine) == won_replays()[0]
    assert "version: 2" in newer.read_text() and newer_long.read_text().startswith("version: 3")
    assert outside.read_text() == "the user's" and (recent / "a-link.replay").is_symlink()
    assert (recent / "a-fifo.replay").is_fifo() and (recent / "a-folder.replay").is_dir()


def test_replays_in_a_linked_folder_are_listed_and_never_deleted(tmp_path):
    outside = tmp_path / "shared replays"
    outside.mkdir()
    data = tmp_path / "data"
    data.mkdir()
    (data / "replays").symlink_to(outside, target_is_directory=True)
    store = Store(data)
    path = save_replay(store, won_replays()[0])
    assert path is not None and (outside / path.name).is_file()
    [entry] = list_replays(store)
    assert entry.summary is not None and entry.replay == won_replays()[0]
    assert store.remove_files("replays", [path.name]) == 0 and (outside / path.name).exists()


def test_a_replay_name_taken_by_a_link_or_a_fifo_is_left_alone(tmp_path, monkeypatch):
    from game.records import saves

    monkeypatch.setattr(saves, "utc_stamp", lambda: "20261124-075806")
    store = Store(tmp_path)
    won = won_replays()[0]
    folder = tmp_path / "replays"
    folder.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("the user's")
    name = saves.replay_file_name(won)
    (folder / name).symlink_to(tmp_path / "dangling")
    os.mkfifo(folder / name.replace(".replay", "-2.replay"))
    (folder / name.replace(".replay", "-3.replay")).symlink_to(outside)
    path = save_replay(store, won)
    assert path is not None and path.name == name.replace(".replay", "-4.replay")
    assert load_replay(path) == won
    assert (folder / name).is_symlink() and not (tmp_path / "dangling").exists()
    assert (folder / name.replace(".replay", "-2.replay")).is_fifo()
    assert outside.read_text() == "the user's"


def test_special_files_among_the_replays_are_not_listed_and_nothing_hangs(tmp_path):
    store = Store(tmp_path)
    folder = tmp_path / "replays"
    folder.mkdir()
    os.mkfifo(folder / "fifo.replay")
    (folder / "zero.replay").symlink_to("/dev/zero")
    (folder / "loop.replay").symlink_to(folder / "loop.replay")
    good = save_replay(store, won_replays()[0])
    assert [e.path for e in list_replays(store)] == [good]


# ----- the lists hold summaries; a replay is checked move by move when it is opened --------------


def test_listing_long_replays_reads_summaries_and_plays_no_move(tmp_path, monkeypatch):
    from game.engine.state import Game

    store = Store(tmp_path)
    long_game = random_recording("constitution", 77, seed=9, steps=300).replay(ABANDONED)
    for _ in range(5):
        save_replay(store, long_game)
        finish_game(store, long_game)
    played = []
    real_play = Game.play

    def counting(self, move):
        played.append(move)
        return real_play(self, move)

    monkeypatch.setattr(Game, "play", counting)
    entries = list_replays(store) + list_recent_games(store)
    assert len(entries) == 10 and played == []
    assert all(e.summary is not None and e.summary.moves == len(long_game.moves) for e in entries)
    assert {(e.summary.rules, e.summary.game, e.summary.result, e.summary.started) for e in entries} == {
        ("constitution", "77", ABANDONED, long_game.started)}
    assert entries[0].replay == long_game and len(played) >= len(long_game.moves), "checked when asked"


def test_a_summary_counts_the_moves_of_any_replay_the_program_accepts(tmp_path):
    from game.records.replay import parse_replay, summarize_replay

    path = tmp_path / "x.replay"
    for n, rules in enumerate(("constitution", "constitution-cadogan", "square", "union-square")):
        recorder = random_recording(rules, 30 + n, seed=n, steps=80)
        text = recorder.replay().to_text()
        lines = text.splitlines()
        start = lines.index("moves:")
        edited = [*lines[:start + 1], "# a comment", "", *("  " + line if i % 3 == 0 else line
                                                             for i, line in enumerate(lines[start + 1:-1])),
                  "   # another", "end", "# after"]
        for variant in (text, "\n".join(edited) + "\n", "\r\n".join(edited)):
            path.write_bytes(variant.encode())
            replay = parse_replay(variant)
            summary = summarize_replay(path)
            assert (summary.moves, summary.seconds, summary.result) == (len(replay.moves), replay.seconds,
                                                                       replay.result)


def oscillating_replay(moves: int) -> Replay:
    """Union Square 1 with a card moved back and forth ``moves`` times: legal, however long."""
    game = new_game("union-square", 1)
    there = next(m for m in sorted(game.legal_moves())
                 if any(b.src == m.dst and b.dst == m.src for b in _after(game, m)))
    back = Move(there.dst, there.src)
    texts = [game.move_text(there)]
    game.play(there)
    texts.append(game.move_text(back))
    return Replay("union-square", "1", tuple(ReplayMove(texts[i % 2], i * 0.5) for i in range(moves)),
                  result=ABANDONED, seconds=moves * 0.5)


def _after(game: Game, move: Move) -> list[Move]:
    game.play(move)
    try:
        return list(game.legal_moves())
    finally:
        game.undo()


def test_a_replay_too_long_to_read_back_is_not_written_and_says_why(tmp_path):
    store = Store(tmp_path)
    assert save_replay(store, oscillating_replay(40_000)) is not None, "a long readable one is kept"
    assert not store.take_warnings()
    assert save_game(store, oscillating_replay(40_000).with_result(IN_PROGRESS))
    # as many moves as a replay may hold, but their times make the file too big
    assert save_replay(store, oscillating_replay(MAX_MOVES)) is None
    assert "more than the 1,000,000 allowed" in store.take_warnings()[0]
    too_long = oscillating_replay(MAX_MOVES + 1)
    before = sorted(p.name for p in (tmp_path / "replays").iterdir())
    assert save_replay(store, too_long) is None
    assert sorted(p.name for p in (tmp_path / "replays").iterdir()) == before, "nothing written"
    warnings = store.take_warnings()
    assert len(warnings) == 1 and "50,001 moves" in warnings[0] and "50,000" in warnings[0]
    saved = (tmp_path / SAVED_GAME).read_bytes()
    assert not save_game(store, too_long.with_result(IN_PROGRESS))
    assert (tmp_path / SAVED_GAME).read_bytes() == saved, "the previous save is kept"
    assert "50,001 moves" in store.take_warnings()[0]
    # an ended game that long is still counted, though its replay cannot be kept
    assert finish_game(store, too_long)[1] is None
    assert load_statistics(store)["union-square"].abandoned == 1
    for entry in list_recent_games(store):
        assert entry.error is None, "every replay written reads back"


# ----- the data folder: only the game's own regular files are deleted ---------------------------


def _stale(path, content="half"):
    path.write_text(content)
    os.utime(path, (1, 1))
    return path


def test_stale_temporary_files_of_the_games_own_files_are_removed_and_nothing_else(tmp_path):
    from game.records.saves import remove_stale_temporary_files

    store = Store(tmp_path)
    (tmp_path / "recent").mkdir()
    (tmp_path / "replays").mkdir()
    mark = "0a1b2c3d.british-patience.tmp"
    stale = [_stale(tmp_path / f".statistics.json.{mark}"), _stale(tmp_path / f".progress.json.{mark}"),
             _stale(tmp_path / f".settings.json.{mark}"), _stale(tmp_path / f".saved-game.replay.{mark}"),
             _stale(tmp_path / f".saved-game.json.{mark}"), _stale(tmp_path / f".ways-shown.json.{mark}"),
             _stale(tmp_path / "recent" / f".square-1-20260101-000000.replay.{mark}"),
             _stale(tmp_path / "replays" / f".constitution-cadogan-ms40000-20260101-000000-2.replay.{mark}")]
    fresh = tmp_path / ".statistics.json.9f8e7d6c.british-patience.tmp"
    fresh.write_text("a write in progress")
    users = [".thesis.draft.tmp", ".statistics.json.abcdefgh.tmp", ".statistics.json.0a1b2c3d.tmp",
             f".log.txt.{mark}", f".notes.{mark}", ".statistics.json.0A1B2C3D.british-patience.tmp",
             ".statistics.json.0a1b2c3.british-patience.tmp", f".statistics.json\n.{mark}",
             os.fsdecode(b".stat\xe9stics.json.") + mark, f".square-1-20260101-000000.replay.{mark}",
             "statistics.json", "notes.tmp"]
    kept = [fresh] + [_stale(tmp_path / name, "the user's") for name in users]
    kept += [_stale(tmp_path / "recent" / f".settings.json.{mark}", "the user's"),
             _stale(tmp_path / "recent" / f".my-1-20260101-000000.replay.{mark}", "the user's"),
             _stale(tmp_path / "replays" / f".square-01-20260101-000000.replay.{mark}", "the user's")]
    other = tmp_path / "elsewhere"
    other.mkdir()
    kept.append(_stale(other / f".statistics.json.{mark}"))
    assert remove_stale_temporary_files(store) == len(stale)
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept)


def test_stale_temporary_files_are_never_links_fifos_or_folders(tmp_path):
    from game.records.saves import remove_stale_temporary_files

    outside = _stale(tmp_path / "precious.txt", "the user's")
    data = tmp_path / "data"
    data.mkdir()
    mark = "0a1b2c3d.british-patience.tmp"
    (data / f".progress.json.{mark}").symlink_to(outside)
    os.mkfifo(data / f".settings.json.{mark}")
    (data / f".statistics.json.{mark}").mkdir()
    for name in (f".settings.json.{mark}", f".statistics.json.{mark}"):
        os.utime(data / name, (1, 1))
    os.utime(data / f".progress.json.{mark}", (1, 1), follow_symlinks=False)
    assert remove_stale_temporary_files(Store(data)) == 0
    assert outside.read_text() == "the user's" and (data / f".progress.json.{mark}").is_symlink()
    assert (data / f".settings.json.{mark}").is_fifo() and (data / f".statistics.json.{mark}").is_dir()


@pytest.mark.parametrize("name", ["saved-game.replay", "saved-game.json"])
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_giving_up_the_saved_game_deletes_only_regular_files(tmp_path, name, kind):
    from game.records.saves import SAVED_EXTRAS, save_game_extras
    from game.records.scoring import Score

    outside = tmp_path / "outside.txt"
    outside.write_text("the user's")
    data = tmp_path / "data"
    data.mkdir()
    store = Store(data)
    replay = random_recording("square", 8, seed=2, steps=20).replay()
    assert save_game(store, replay) and save_game_extras(store, replay, score=Score())
    (data / name).unlink()
    make_special(kind, data / name, outside)
    before = lstat_of(data / name)
    store.take_warnings()
    abandon_saved_game(store)
    assert lstat_of(data / name) == before, "left as it was"
    assert outside.read_text() == "the user's"
    other = SAVED_EXTRAS if name == SAVED_GAME else SAVED_GAME
    assert not os.path.lexists(data / other), "the regular file of the pair is removed"
    warnings = store.take_warnings()
    assert any(w.startswith(f"{name} could not be removed: it is ") and "left as it is" in w
               for w in warnings), warnings
    assert not [p for p in data.iterdir() if ".bad-" in p.name]


def test_a_saved_game_linked_from_elsewhere_is_counted_once_and_the_link_kept(tmp_path):
    elsewhere = tmp_path / "elsewhere.replay"
    replay = random_recording("union-square", 5, seed=3, steps=20).replay()
    assert save_game(Store(tmp_path / "first"), replay)
    os.replace(tmp_path / "first" / SAVED_GAME, elsewhere)
    data = tmp_path / "data"
    data.mkdir()
    (data / SAVED_GAME).symlink_to(elsewhere)
    text = elsewhere.read_text()
    store = Store(data)
    assert load_saved_game(store) == replay, "a link to a regular file is read"
    abandon_saved_game(store)
    assert (data / SAVED_GAME).is_symlink() and elsewhere.read_text() == text
    assert any("left as it is" in w for w in store.take_warnings())
    assert load_saved_game(store) is None, "counted already: not offered again"
    abandon_saved_game(store)
    assert load_statistics(store)["union-square"].abandoned == 1
    assert (data / SAVED_GAME).is_symlink() and elsewhere.read_text() == text
    assert not save_game(store, replay), "a save is not written over the link"
    assert "only a regular file is written over" in store.take_warnings()[-1]
    assert elsewhere.read_text() == text


@pytest.mark.parametrize("kind", ["link to a fifo", "fifo", "folder", "device"])
def test_a_saved_game_that_is_not_a_regular_file_is_left_where_it_is(tmp_path, kind):
    data = tmp_path / "data"
    data.mkdir()
    make_special(kind, data / SAVED_GAME, tmp_path / "unused")
    before = lstat_of(data / SAVED_GAME)
    store = Store(data)
    assert load_saved_game(store) is None
    [warning] = store.take_warnings()
    assert "saved-game.replay could not be read" in warning and "left as it is" in warning
    assert lstat_of(data / SAVED_GAME) == before
    assert not [p for p in data.iterdir() if ".bad-" in p.name]


# ----- the saved game's extras: read and written within the same bounds ------------------------


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d["score"].update(total=10**12 - 1), "the score's total is not a whole number"),
    (lambda d: d["score"].update(total=-10**9), "the score's total is not a whole number"),
    (lambda d: d.update(level=10**6), "the level 1000000 is not a level number"),
    (lambda d: d.update(steps=[1] * (d["moves"] + 1)), "the 'steps' are not counts of moves"),
    (lambda d: d.update(steps=[0, d["moves"]]), "the 'steps' are not counts of moves"),
    (lambda d: d.update(demo="yes"), "'demo' is not true or false"),
    (lambda d: d.update(demo=True, assisted=False), "the demo played in a game not assisted"),
])
def test_extras_holding_a_value_no_game_reaches_are_moved_aside(tmp_path, change, reason):
    import json

    from game.records.saves import SAVED_EXTRAS, load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("union-square", 8, seed=2, steps=20).replay()
    save_game(store, replay)
    assert save_game_extras(store, replay, score=Score(), level=2, steps=[1] * len(replay.moves))
    document = json.loads((tmp_path / SAVED_EXTRAS).read_text())
    change(document)
    (tmp_path / SAVED_EXTRAS).write_text(json.dumps(document))
    assert load_game_extras(store, replay) == {}
    [warning] = store.take_warnings()
    assert "saved-game.json could not be read" in warning and reason in warning
    assert "the game continues with its score recomputed" in warning
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(SAVED_EXTRAS + ".bad-")]
    assert load_saved_game(store) == replay, "the game itself is not lost"


def test_extras_the_program_would_refuse_are_never_written(tmp_path):
    from game.records.progress import MAX_LEVEL
    from game.records.saves import SAVED_EXTRAS, load_game_extras, save_game_extras
    from game.records.scoring import Score

    store = Store(tmp_path)
    replay = random_recording("square", 8, seed=2, steps=20).replay()
    save_game(store, replay)
    assert save_game_extras(store, replay, score=Score(), level=MAX_LEVEL)
    before = (tmp_path / SAVED_EXTRAS).read_text()
    assert save_game_extras(store, replay, score=Score(), level=MAX_LEVEL + 1) is False
    [warning] = store.take_warnings()
    assert warning.startswith("the saved game's score and level were not saved: the level 10001")
    assert (tmp_path / SAVED_EXTRAS).read_text() == before
    assert load_game_extras(store, replay)["level"] == MAX_LEVEL and store.warnings == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_root_on_another_users_data_folder_follows_none_of_the_links_put_there(tmp_path: Path) -> None:
    """Root plays on a data folder of user 65534, who made ``saved-game.replay`` a link to
    a file only root may read, and ``recent``/``replays`` links to a folder of root's: the
    secret is not read (nor quoted into a message that user's log.txt would keep), and no
    replay is written through the links. Root's own link put there is not followed
    either (the user may have swapped it in)."""
    secret = tmp_path / "secret"
    secret.write_text("root:$6$SECRETHASH:19000\n")
    secret.chmod(0o600)
    victim = tmp_path / "victim-folder"
    victim.mkdir()
    data = tmp_path / "theirs"
    data.mkdir()
    os.chown(data, 65534, 65534)
    for name, target in ((SAVED_GAME, secret), ("recent", victim), ("replays", victim)):
        (data / name).symlink_to(target)
        os.lchown(data / name, 65534, 65534)
    store = Store(data)
    assert load_saved_game(store) is None
    warnings = " ".join(store.take_warnings())
    assert "SECRETHASH" not in warnings and "another user" in warnings
    replay = won_replays()[0]
    finish_game(store, replay)
    save_replay(store, replay)
    store.take_warnings()
    assert list(victim.iterdir()) == [] and list_replays(store) == [] and list_recent_games(store) == []
    said = store.take_warnings()
    assert len(said) == 2 and all("is not listed" in w for w in said), said  # recent/ and replays/
    assert list_replays(store) == [] and store.take_warnings() == [], "said once a run"
    assert secret.read_text() == "root:$6$SECRETHASH:19000\n" and (data / SAVED_GAME).is_symlink()
    (data / SAVED_GAME).unlink()
    (data / SAVED_GAME).symlink_to(secret)  # root's own link, in that user's folder
    assert load_saved_game(store) is None
    assert "SECRETHASH" not in " ".join(store.take_warnings())
