"""Every way a game ends, and exactly what each writes: the statistics, the recent games,
the high scores, the level's stars and unlock, the daily deal, the saved game."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine import new_game
from game.levels import Level
from game.levels import campaign as campaign_module
from game.records.progress import load_progress
from game.records.recorder import ReplayPlayer
from game.records.replay import ABANDONED, IN_PROGRESS, LOST, WON
from game.records.saves import (
    abandon_saved_game,
    list_recent_games,
    list_replays,
    load_game_extras,
    load_saved_game,
)
from game.records.scoring import HINT_PENALTY, MAX_SCORE, UNDO_PENALTY, time_bonus
from game.records.stats import DEMO_WON, load_statistics
from game.records.store import Store
from game.search.analyse import FOUND, NEVER, UNDECIDED, Analysis, Budget
from game.session import PlaySession, carry_on, ending
from game.session.positions import lost_position, near_won_position
from tests.levels.helpers import level, write_campaign
from tests.records.helpers import FakeClock
from tests.search.test_dead_end import SQUARE_6
from tests.session.helpers import CONSTITUTION_1_WIN, constitution_1, level_1, make_session, play_line


def _counts(store: Store, rules: str = "constitution") -> tuple[int, int, int]:
    stats = load_statistics(store)[rules]
    return stats.won, stats.lost, stats.abandoned


def _recent(store: Store) -> list[str]:
    return [e.replay.result for e in list_recent_games(store) if e.replay is not None]


def _nothing_written(data: Path) -> bool:
    return not data.exists() or not any(data.iterdir())


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A three-level constitution campaign (games 1, 2, 3) read instead of the repository's."""
    folder = tmp_path / "levels"
    write_campaign(folder, levels=[level(n, g, CONSTITUTION_1_WIN, 10.0 * n)
                                   for n, g in enumerate(("1", "2", "3"), 1)])
    monkeypatch.setattr(campaign_module, "LEVELS_DIR", folder)
    campaign_module.clear_cache()
    yield folder
    campaign_module.clear_cache()


# ----- won ------------------------------------------------------------------------------------


def test_a_win_is_counted_once_with_its_high_score_and_time_bonus(tmp_path: Path) -> None:
    clock = FakeClock()
    data = tmp_path / "data"
    session = constitution_1(data, clock=clock)
    play_line(session, CONSTITUTION_1_WIN, clock, seconds=1.0)
    assert session.result == WON
    assert _nothing_written(data), "nothing is written before the win is taken note of"
    before = session.score.total
    outcome = session.conclude()
    assert outcome.result == WON and session.finished
    (points,) = outcome.points
    bonus = time_bonus(len(CONSTITUTION_1_WIN))
    assert points.place is None and [(e.points, e.label) for e in points.events] == [(bonus, "time bonus")]
    assert session.score.total == before + bonus
    store = session.store
    assert _counts(store) == (1, 0, 0)
    assert _recent(store) == [WON]
    (entry,) = load_progress(store).high_scores("constitution")
    assert (entry.score, entry.game, entry.moves) == (session.score.total, "1", len(CONSTITUTION_1_WIN))
    record = session.win_record
    assert record is not None and record.rank == 1 and record.time_bonus == bonus
    assert record.stars == 0 and not record.unlocked and record.level_rank is None
    assert load_saved_game(store) is None
    # the clock stopped at the win
    elapsed = session.elapsed
    clock.advance(100)
    assert session.elapsed == elapsed
    # taking note again, leaving, or closing the window adds nothing
    session.conclude()
    session.end()
    session.quit()
    assert _counts(store) == (1, 0, 0) and len(load_progress(store).high_scores("constitution")) == 1
    assert session.score.total == before + bonus


@pytest.mark.parametrize(("par_moves", "par_seconds", "help_used", "want"), [
    (400, 600, False, 3),  # within par on both, no help
    (400, 600, True, 2),  # within par, with a hint
    (400, 100, False, 2),  # within par on moves only
    (200, 600, False, 2),  # within par on time only
    (200, 100, False, 1),  # over par on both
])
def test_a_won_level_earns_stars_against_its_par_and_unlocks_the_next(
        tmp_path: Path, campaign: Path, par_moves: int, par_seconds: int, help_used: bool,
        want: int) -> None:
    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock, level=level_1(par_moves, par_seconds))
    if help_used:
        session.next_hint()
    play_line(session, CONSTITUTION_1_WIN, clock, seconds=1.0)  # 273 moves in 273 s
    session.conclude()
    record = session.win_record
    assert record is not None and record.stars == want and record.unlocked and record.level_rank == 1
    progress = load_progress(session.store)
    assert progress.stars("constitution", 1) == want
    assert progress.unlocked("constitution") == 2
    assert progress.best_score("constitution", 1) == session.score.total
    assert progress.high_scores("constitution", 1)[0].score == session.score.total


def test_a_win_whose_progress_cannot_be_saved_claims_no_place_nor_unlock(
        tmp_path: Path, campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress file cannot be written (a full disk, a second copy of the game): the
    win dialog must not say "New high score" or "Level 2 is unlocked" of what was not
    kept; it says the progress was not saved."""
    from game.records import progress as progress_module

    def full(self: Store, name: str, *args: object, **kwargs: object) -> object:
        raise progress_module.SaveError(f"could not save {name}: the disk is full")

    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock, level=level_1(400, 600))
    play_line(session, CONSTITUTION_1_WIN, clock, seconds=1.0)
    monkeypatch.setattr(progress_module.Store, "write_json", full)
    session.conclude()
    record = session.win_record
    assert record is not None and record.stars == 3
    assert record.rank is None and record.level_rank is None and not record.unlocked
    assert any("the disk is full" in note for note in record.notes)


def test_a_won_daily_deal_is_remembered(tmp_path: Path) -> None:
    day = datetime.date(2026, 11, 22)
    session = constitution_1(tmp_path / "data", daily=day)
    play_line(session, CONSTITUTION_1_WIN)
    session.conclude()
    progress = load_progress(session.store)
    assert progress.daily_won("constitution", day)
    assert not progress.daily_won("constitution", day + datetime.timedelta(days=1))


def test_undo_after_a_win_and_winning_again_counts_once(tmp_path: Path) -> None:
    session = constitution_1(tmp_path / "data")
    play_line(session, CONSTITUTION_1_WIN)
    won = session.conclude()
    record = session.win_record
    bonus = time_bonus(session.elapsed)
    assert [e.points for e in won.points[0].events] == [bonus]
    before_undo = session.score.total
    undone = session.undo()
    assert undone.moved and not session.finished
    assert "time bonus taken back" in [e.label for p in undone.points for e in p.events]
    session.redo()
    again = session.conclude()
    assert again.result == WON and [e.points for e in again.points[0].events] == [bonus], \
        "the undo took the time bonus back with the winning move: the new win earns it again"
    assert session.score.total == before_undo - UNDO_PENALTY, "one time bonus in the score"
    assert not session.conclude().points[0].events, "once"
    assert session.win_record is record
    assert _counts(session.store) == (1, 0, 0)


# ----- lost -----------------------------------------------------------------------------------


def test_a_lost_game_is_counted_when_the_player_leaves_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = make_session(data, lost_position(new_game("constitution", "5")))
    outcome = session.conclude()
    assert outcome.result == LOST and session.finished and not outcome.points
    assert _nothing_written(data), "the player may still undo"
    session.end()
    assert _counts(session.store) == (0, 1, 0)
    assert _recent(session.store) == [LOST]
    assert not load_progress(session.store).high_scores("constitution")
    session.end()
    assert _counts(session.store) == (0, 1, 0), "counted once"


def test_a_lost_english_square_game_enters_its_high_scores_when_counted(tmp_path: Path) -> None:
    """English Square is played for the score (no deal of it is known to be winnable): a
    lost game's score enters its high-score table as the game is counted, once; a lost
    game the demo helped with does not."""
    data = tmp_path / "data"
    session = make_session(data, lost_position(new_game("square", "5")))
    session.score.total = 420
    assert session.conclude().result == LOST
    assert _nothing_written(data), "the player may still undo"
    session.end()
    [entry] = load_progress(session.store).high_scores("square")
    assert (entry.score, entry.game, entry.moves) == (420, "5", len(session.game.history))
    session.end()
    assert len(load_progress(session.store).high_scores("square")) == 1, "counted once"
    helped = make_session(tmp_path / "helped", lost_position(new_game("square", "6")))
    helped.assisted = True
    helped.conclude()
    helped.end()
    assert not load_progress(helped.store).high_scores("square")


def test_an_english_square_game_left_in_a_dead_end_enters_its_high_scores(tmp_path: Path) -> None:
    """A Square dead end may go round for ever, never lost by the rules: the game left
    there is counted as abandoned, and its score, which no move could raise, enters the
    high scores as a lost game's does (it was dropped: a hostile review). A game left
    before its dead end enters nothing."""
    session = make_session(tmp_path / "data", new_game("square", "6"))
    play_line(session, SQUARE_6)
    assert session.in_progress and session.dead_end()
    session.score.total = 300
    session.end()
    assert _counts(session.store, "square") == (0, 0, 1)
    [entry] = load_progress(session.store).high_scores("square")
    assert (entry.score, entry.game, entry.moves) == (300, "6", len(SQUARE_6))
    before = make_session(tmp_path / "before", new_game("square", "6"))
    play_line(before, SQUARE_6[:-1])
    before.score.total = 300
    before.end()
    assert _counts(before.store, "square") == (0, 0, 1)
    assert not load_progress(before.store).high_scores("square")


def test_a_saved_english_square_game_in_a_dead_end_replaced_by_another_enters_its_high_scores(
        tmp_path: Path) -> None:
    """Left in its dead end for the menu (saved), then replaced from the menu, the levels
    screen or a new game's save: counted as abandoned, and its score enters the high
    scores once, as when it is left from its table (the menu's way dropped it: a hostile
    review). A saved game before its dead end enters nothing."""
    session = make_session(tmp_path / "data", new_game("square", "6"))
    play_line(session, SQUARE_6)
    session.score.total = 300
    session.quit()
    assert load_saved_game(session.store) is not None
    assert ending.abandon_saved(session.store)
    assert _counts(session.store, "square") == (0, 0, 1)
    [entry] = load_progress(session.store).high_scores("square")
    assert (entry.score, entry.game, entry.moves) == (300, "6", len(SQUARE_6))
    assert ending.abandon_saved(session.store)  # nothing saved any more: nothing more
    assert len(load_progress(session.store).high_scores("square")) == 1
    before = make_session(tmp_path / "before", new_game("square", "6"))
    play_line(before, SQUARE_6[:-1])
    before.score.total = 300
    before.quit()
    assert ending.abandon_saved(before.store)
    assert _counts(before.store, "square") == (0, 0, 1)
    assert not load_progress(before.store).high_scores("square")


def test_closing_the_window_on_a_lost_game_counts_it_and_saves_nothing(tmp_path: Path) -> None:
    session = make_session(tmp_path / "data", lost_position(new_game("constitution", "5")))
    session.quit()
    assert _counts(session.store) == (0, 1, 0)
    assert load_saved_game(session.store) is None


# ----- abandoned --------------------------------------------------------------------------------


def _begun(data: Path, *, clock: FakeClock | None = None, level: Level | None = None,
           daily: datetime.date | None = None) -> PlaySession:
    """Constitution game 1 with the first ten moves of its winning line played."""
    session = constitution_1(data, clock=clock, level=level, daily=daily)
    play_line(session, CONSTITUTION_1_WIN[:10])
    return session


def test_restart_abandons_the_game_for_the_same_deal_in_the_same_mode(tmp_path: Path, campaign: Path) -> None:
    day = datetime.date(2026, 11, 22)
    session = _begun(tmp_path / "data", level=level_1(300, 600), daily=day)
    fresh = new_game("constitution", "1")
    following = session.restart()
    assert _counts(session.store) == (0, 0, 1)
    assert _recent(session.store) == [ABANDONED]
    assert following is not session and following.game.piles == fresh.piles
    assert not following.game.history and following.score.total == 0
    assert following.level == session.level and following.daily == day
    assert following.store is session.store and following.settings is session.settings
    assert load_saved_game(session.store) is None


def test_a_new_deal_abandons_the_game_and_leaves_level_mode(tmp_path: Path, campaign: Path) -> None:
    session = _begun(tmp_path / "data", level=level_1(300, 600))
    following, note = session.new_deal()
    assert _counts(session.store) == (0, 0, 1)
    assert note == ""
    assert following.level is None and following.daily is None
    assert following.game.rules == "constitution" and not following.game.history


def test_a_new_deal_from_the_winnable_list_when_asked(tmp_path: Path, campaign: Path) -> None:
    session = constitution_1(tmp_path / "data")
    session.settings.winnable_only = True
    following, note = session.new_deal()
    assert note == "" and following.game.game in {"1", "2", "3", "5", "8"}
    assert _nothing_written(tmp_path / "data"), "an untouched deal is not counted"
    square = make_session(tmp_path / "data", new_game("square", "3"))
    square.settings.winnable_only = True
    _, note = square.new_deal()
    assert note == "No winnable deal is known for British Square: this is a random deal"


def test_the_next_level_abandons_this_one_and_deals_the_next(tmp_path: Path, campaign: Path) -> None:
    from game.records.progress import save_progress

    session = _begun(tmp_path / "data", level=level_1(300, 600))
    # locked, it is not dealt, and the game goes on uncounted
    assert session.next_level_open() is None and session.play_next_level() is None
    assert _counts(session.store) == (0, 0, 0) and session.in_progress
    progress = load_progress(session.store)
    progress.record_level_win("constitution", 1, 1, 100, 300, 600.0, "1")
    progress.record_level_win("constitution", 2, 1, 100, 300, 600.0, "2")
    assert save_progress(session.store, progress)
    following = session.play_next_level()
    assert following is not None
    assert _counts(session.store) == (0, 0, 1)
    assert following.level is not None and following.level.number == 2
    assert following.game.game == "2" and not following.game.history
    last = following.successor(new_game("constitution", "3"), level=following.next_level())
    assert last.level is not None and last.level.number == 3 and last.next_level() is None
    assert last.play_next_level() is None and _counts(session.store) == (0, 0, 1)


def test_leaving_for_the_menu_abandons_a_game_with_moves(tmp_path: Path) -> None:
    session = _begun(tmp_path / "data")
    assert session.in_progress
    session.end()
    assert _counts(session.store) == (0, 0, 1)
    replay = next(e.replay for e in list_recent_games(session.store))
    assert replay is not None and len(replay.moves) == 10


def test_an_untouched_deal_left_at_once_is_not_counted(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = constitution_1(data)
    session.end()
    session.restart().quit()
    assert _nothing_written(data)


# ----- a game undone back to its deal -----------------------------------------------------------

#: four moves of constitution game 1, which the player then undoes to the deal
UNDONE = ["r1c2-f5", "r2c6-r1c2", "r3c6-r2c6", "r4c6-r3c6"]


def _undone_to_the_deal(data: Path) -> PlaySession:
    session = constitution_1(data)
    play_line(session, UNDONE)
    for _ in UNDONE:
        assert session.undo().moved
    assert not session.game.history and session.game.piles == new_game("constitution", "1").piles
    return session


@pytest.mark.parametrize("leave", ["new deal", "restart", "menu"])
def test_a_game_undone_back_to_its_deal_is_counted_abandoned_when_given_up(tmp_path: Path,
                                                                          leave: str) -> None:
    """Moves were played: undoing them all does not make the game unplayed, else a
    player could dodge every loss that way."""
    session = _undone_to_the_deal(tmp_path / "data")
    assert session.begun and session.in_progress
    following = {"new deal": lambda: session.new_deal()[0], "restart": session.restart,
                 "menu": lambda: (session.end(), None)[1]}[leave]()
    assert session.recorded and _counts(session.store) == (0, 0, 1)
    replay = next(e.replay for e in list_recent_games(session.store))
    assert replay is not None and replay.result == ABANDONED and replay.moves == () and replay.undos == 4
    if following is not None:
        assert not following.begun and not following.in_progress


def test_an_untouched_deal_or_one_with_a_hint_alone_is_not_begun(tmp_path: Path) -> None:
    session = constitution_1(tmp_path / "data")
    assert not session.begun and not session.in_progress
    session.next_hint()
    assert not session.begun
    session.quit()
    session.new_deal()
    assert _nothing_written(tmp_path / "data")


def test_closing_the_window_on_a_game_undone_back_to_its_deal_saves_it_and_it_counts_when_it_ends(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = _undone_to_the_deal(data)
    session.quit()
    store = session.store
    saved = load_saved_game(store)
    assert saved is not None and saved.moves == () and saved.undos == 4 and saved.begun
    assert _counts(store) == (0, 0, 0), "a saved game is not counted"
    # continued, it is a game begun: given up, it counts
    carried = carry_on(store, saved, saved=True)
    again = make_session(data, carried.game)
    again.carry_on(saved, score=carried.score, steps=carried.steps)
    assert again.begun and again.in_progress and again.recorder.undos == 4
    again.new_deal()
    assert _counts(store) == (0, 0, 1) and load_saved_game(store) is None
    # a saved game of that kind given up from the menu (another game chosen) counts too
    other = _undone_to_the_deal(tmp_path / "other")
    other.quit()
    assert abandon_saved_game(other.store)
    assert _counts(other.store) == (0, 0, 1) and load_saved_game(other.store) is None


def test_a_replay_taken_over_at_its_deal_is_not_begun_until_a_move(tmp_path: Path) -> None:
    """The replay's undos were another game's: taken over at the deal and closed at once,
    nothing is saved; once a move is played (and undone), the game is begun and saved,
    as a practice game, which ending never counts."""
    watched = _undone_to_the_deal(tmp_path / "watched")
    replay = watched.recorder.replay()
    assert replay.begun
    session = make_session(tmp_path / "data", replay.play_out())
    session.take_over(replay)
    assert not session.begun and not session.in_progress
    session.quit()
    assert load_saved_game(session.store) is None
    play_line(session, UNDONE[:1])
    session.undo()
    assert session.begun and session.in_progress
    session.quit()
    saved = load_saved_game(session.store)
    assert saved is not None and saved.begun and not saved.moves
    assert load_game_extras(session.store, saved)["practice"] is True
    session.end()
    assert _counts(session.store) == (0, 0, 0) and _recent(session.store) == []
    assert load_saved_game(session.store) is None, "the practice game ended: its save is gone"


def _taken_over(data: Path, moves: int, clock: FakeClock | None = None) -> PlaySession:
    """A session playing on from a won replay of constitution 1 taken over after ``moves``."""
    watched = constitution_1(data.parent / f"watched-{data.name}", clock=clock)
    play_line(watched, CONSTITUTION_1_WIN, clock, seconds=1.0)
    replay = watched.recorder.replay()
    recorder = ReplayPlayer(replay)
    recorder.jump(moves)
    taken = recorder.take_over().replay()
    session = make_session(data, taken.play_out(), clock=clock)
    session.take_over(taken)
    return session


def test_a_won_replay_taken_over_at_its_last_move_and_won_again_counts_nothing(tmp_path: Path) -> None:
    """The loophole: a won replay, taken over before its last move and finished, counted
    as a new win (again and again with the same replay). A practice game counts nothing:
    not won, not among the recent games, no streak, no high score."""
    clock = FakeClock()
    for n in range(3):
        session = _taken_over(tmp_path / "data", len(CONSTITUTION_1_WIN) - 1, clock)
        assert session.practice and session.assisted
        play_line(session, CONSTITUTION_1_WIN[-1:], clock, seconds=1.0)
        assert session.result == WON
        session.conclude()
        record = session.win_record
        assert record is not None and record.practice and record.rank is None
        store = session.store
        stats = load_statistics(store)["constitution"]
        assert (stats.played, stats.won, stats.current_streak, len(stats.recent)) == (0, 0, 0, 0), n
        assert _recent(store) == [] and load_progress(store).high_scores("constitution") == []


def test_a_practice_game_lost_or_given_up_counts_nothing(tmp_path: Path) -> None:
    session = _taken_over(tmp_path / "data", 40)
    play_line(session, CONSTITUTION_1_WIN[40:45])
    successor, _ = session.new_deal()
    assert _counts(session.store) == (0, 0, 0) and _recent(session.store) == []
    assert not successor.practice, "the next deal is the player's own game again"
    session = _taken_over(tmp_path / "data2", 40)
    session.restart()
    assert _counts(session.store) == (0, 0, 0)


def test_a_practice_game_never_takes_the_place_of_the_saved_game(tmp_path: Path) -> None:
    """The player's own game in progress is saved; a practice game closed then is not
    saved over it (which would count the player's game as abandoned): the player is
    told, and the window asks before closing."""
    data = tmp_path / "data"
    own = constitution_1(data)
    play_line(own, CONSTITUTION_1_WIN[:5])
    own.quit()
    before = (data / "saved-game.replay").read_bytes()
    session = _taken_over(data, 40)
    play_line(session, CONSTITUTION_1_WIN[40:42])
    session.quit()
    assert (data / "saved-game.replay").read_bytes() == before
    assert _counts(session.store) == (0, 0, 0)
    notices = session.take_notices()
    assert len(notices) == 1 and "practice game was not saved" in notices[0]


def test_a_saved_practice_game_stays_practice_and_is_forgotten_uncounted(tmp_path: Path) -> None:
    """Saved to continue (no other game was saved), a practice game comes back as
    practice; the menu giving it up for another game forgets it without a count."""
    data = tmp_path / "data"
    session = _taken_over(data, 40)
    play_line(session, CONSTITUTION_1_WIN[40:42])
    session.quit()
    store = Store(data)
    saved = load_saved_game(store)
    assert saved is not None and len(saved.moves) == 42
    carried = carry_on(store, saved, saved=True)
    assert carried.practice and carried.assisted
    again = make_session(data, carried.game)
    again.carry_on(saved, score=carried.score, assisted=carried.assisted, demo=carried.demo,
                   practice=carried.practice, steps=carried.steps)
    assert again.practice
    play_line(again, CONSTITUTION_1_WIN[42:])
    again.conclude()
    assert _counts(store) == (0, 0, 0) and load_saved_game(store) is None
    # saved again, then given up from the menu for another deal
    session = _taken_over(tmp_path / "data", 40)
    play_line(session, CONSTITUTION_1_WIN[40:41])
    session.quit()
    assert load_saved_game(store) is not None
    assert abandon_saved_game(store)
    assert load_saved_game(store) is None and _counts(store) == (0, 0, 0)
    assert _recent(store) == []


def test_a_practice_flag_in_the_saved_extras_needs_an_assisted_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = _taken_over(data, 40)
    play_line(session, CONSTITUTION_1_WIN[40:41])
    session.quit()
    store = Store(data)
    extras = data / "saved-game.json"
    extras.write_text(extras.read_text().replace('"assisted": true', '"assisted": false'))
    saved = load_saved_game(store)
    assert saved is not None
    assert load_game_extras(store, saved) == {}
    assert any("practice" in w for w in store.take_warnings())


# ----- closing the window -------------------------------------------------------------------------


def test_closing_the_window_saves_a_game_in_progress_to_continue(tmp_path: Path, campaign: Path) -> None:
    clock = FakeClock()
    day = datetime.date(2026, 11, 22)
    session = _begun(tmp_path / "data", clock=clock, level=level_1(300, 600), daily=day)
    clock.advance(5)
    session.next_hint()
    session.undo()
    session.quit()
    store = session.store
    assert _counts(store) == (0, 0, 0), "a saved game is not counted"
    saved = load_saved_game(store)
    assert saved is not None and saved.result == IN_PROGRESS
    assert saved.move_texts == CONSTITUTION_1_WIN[:9]
    assert (saved.hints, saved.undos) == (1, 1)
    extras = load_game_extras(store, saved)
    assert extras["score"].total == session.score.total and extras["level"] == 1 and extras["daily"] == day
    # continued, it goes on with its clock, counts, score, level and daily deal
    carried = carry_on(store, saved, saved=True)
    assert carried.level is not None and carried.level.number == 1 and carried.daily == day
    again = make_session(tmp_path / "data", carried.game, clock=clock, level=carried.level,
                         daily=carried.daily)
    again.carry_on(saved, score=carried.score)
    assert again.game.piles == session.game.piles
    assert again.elapsed == pytest.approx(saved.seconds)
    assert again.score.total == session.score.total
    assert (again.recorder.hints, again.recorder.undos, again.hints_charged) == (1, 1, 1)
    again.next_hint()
    assert again.score.total == session.score.total - HINT_PENALTY, "the old hint is not charged again"


def test_a_continued_game_without_its_extras_recomputes_its_score(tmp_path: Path) -> None:
    session = _begun(tmp_path / "data")
    session.quit()
    saved = load_saved_game(session.store)
    assert saved is not None
    carried = carry_on(session.store, saved)  # a replay taken over, not the saved game
    assert carried.score is None and carried.level is None
    again = make_session(tmp_path / "data", carried.game)
    again.carry_on(saved)
    assert again.score.total == session.score.total > 0


# ----- what is never written ---------------------------------------------------------------------


def test_a_made_up_position_and_a_picture_write_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game, moves = near_won_position("constitution")
    made_up = make_session(data, game)
    assert not made_up.recordable
    play_line(made_up, moves)
    made_up.conclude()
    made_up.quit()
    assert made_up.win_record is not None and made_up.win_record.rank is None
    picture = _begun(data)
    picture.keep_records = False
    picture.end()
    picture.quit()
    assert _nothing_written(data)


def test_the_replay_of_a_finished_game_is_saved_on_request(tmp_path: Path) -> None:
    session = make_session(tmp_path / "data", lost_position(new_game("constitution", "5")))
    words = session.save_replay()
    (entry,) = list_replays(session.store)
    assert words == f"Replay saved as {entry.path.name}" == session.replay_saved
    assert entry.replay is not None and entry.replay.result == LOST


def test_a_record_that_cannot_be_written_becomes_a_message(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    session = _begun(tmp_path / "data")

    def full(*args: object, **options: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ending, "finish_game", full)
    session.end()
    assert session.take_notices() == ["The game record was not saved: [Errno 28] No space left on device"]
    assert session.take_notices() == []
    assert not session.recorded, "a count that failed is tried again"
    monkeypatch.undo()
    session.end()
    assert session.recorded and _counts(session.store) == (0, 0, 1) and session.take_notices() == []


# ----- the demo's help --------------------------------------------------------------------------


def test_a_win_the_demo_helped_with_is_counted_as_won_by_the_demo_and_enters_no_high_score_table(
        tmp_path: Path) -> None:
    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock)
    play_line(session, CONSTITUTION_1_WIN[:-1], clock, seconds=1.0)
    before = session.score.total
    session.play_demo_move(session.game.parse_move(CONSTITUTION_1_WIN[-1]))
    assert session.result == WON and session.assisted
    outcome = session.conclude()
    assert [p.total for p in outcome.points] == [0]
    assert session.score.total == before, "the demo's winning move earns nothing, not even a time bonus"
    record = session.win_record
    assert record is not None and record.assisted and record.rank is None
    store = session.store
    assert load_progress(store).high_scores("constitution") == []
    assert _counts(store) == (0, 0, 0)
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.won_by_demo, stats.current_streak, stats.win_percent) == (1, 1, 0, 0.0)
    assert stats.clean_wins == 0 and stats.recent[-1].hints == 1
    assert stats.recent[-1].result == DEMO_WON


def test_a_game_the_demo_played_in_earns_no_time_bonus_even_when_the_player_wins_it(
        tmp_path: Path) -> None:
    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock)
    session.play_demo_move(session.game.parse_move(CONSTITUTION_1_WIN[0]))
    play_line(session, CONSTITUTION_1_WIN[1:], clock, seconds=0.1)
    before = session.score.total
    outcome = session.conclude()
    assert session.result == WON and [p.total for p in outcome.points] == [0]
    assert session.score.total == before
    record = session.win_record
    assert record is not None and record.time_bonus == 0
    # nor is it the player's win in the statistics
    stats = load_statistics(session.store)["constitution"]
    assert (stats.won, stats.won_by_demo, stats.current_streak) == (0, 1, 0)


def test_a_level_or_daily_deal_the_demo_helped_win_earns_no_stars_unlock_best_or_daily(
        tmp_path: Path, campaign: Path) -> None:
    """Else letting the demo play each level would open the whole campaign."""
    clock = FakeClock()
    day = datetime.date(2026, 11, 22)
    session = constitution_1(tmp_path / "data", clock=clock, level=level_1(400, 600), daily=day)
    play_line(session, CONSTITUTION_1_WIN[:-1], clock, seconds=1.0)
    session.play_demo_move(session.game.parse_move(CONSTITUTION_1_WIN[-1]))
    session.conclude()
    record = session.win_record
    assert record is not None and record.assisted
    assert (record.stars, record.unlocked, record.rank, record.level_rank) == (0, False, None, None)
    progress = load_progress(session.store)
    assert progress.stars("constitution", 1) == 0
    assert progress.unlocked("constitution") == 1
    assert progress.best_score("constitution", 1) is None
    assert progress.high_scores("constitution", 1) == []
    assert not progress.daily_won("constitution", day)
    # a win of the demo's in the statistics, with its help
    assert _counts(session.store) == (0, 0, 0)
    stats = load_statistics(session.store)["constitution"]
    assert stats.won_by_demo == 1 and stats.recent[-1].hints == 1


def _answer(session: PlaySession, verdict: str, last_winnable: int | None, first_lost: int | None,
            line: tuple[str, ...]) -> Analysis:
    """An answer of "Where did I go wrong?" about ``session``'s game."""
    start, moves = new_game(session.game.rules, session.game.game), tuple(CONSTITUTION_1_WIN[:3])
    return Analysis(start=start, moves=moves, verdict=verdict, last_winnable=last_winnable,
                    first_lost=first_lost, line=line, checks=(), budget=Budget(seconds=1.0), seconds=0.0,
                    nodes=0)


def test_a_level_or_daily_deal_played_on_after_the_analysis_showed_the_way_is_an_assisted_win(
        tmp_path: Path, campaign: Path) -> None:
    """Like a win the demo helped with: no stars, level best or daily win, no high score
    and no time bonus; the help is counted as a hint that costs nothing. But the next
    level opens: every move was the player's, and the deal is known for good, so without
    it no later win could ever open the rest of the campaign."""
    clock = FakeClock()
    day = datetime.date(2026, 11, 22)
    session = constitution_1(tmp_path / "data", clock=clock, level=level_1(400, 600), daily=day)
    play_line(session, CONSTITUTION_1_WIN[:3], clock, seconds=1.0)
    session.analysis_shown(_answer(session, FOUND, 1, 2, tuple(CONSTITUTION_1_WIN[1:])))
    assert not session.assisted and session.recorder.hints == 0, "not until the player plays on"
    before = session.score.total
    undone = session.undo()
    assert undone.note and session.assisted and session.recorder.hints == 1
    assert session.score.total == before - UNDO_PENALTY, "the help costs no points"
    assert not session.undo().note, "counted once"
    play_line(session, CONSTITUTION_1_WIN[1:], clock, seconds=1.0)
    outcome = session.conclude()
    assert session.result == WON and [p.total for p in outcome.points] == [0]
    record = session.win_record
    assert record is not None and record.assisted
    assert (record.stars, record.unlocked, record.rank, record.level_rank) == (0, True, None, None)
    progress = load_progress(session.store)
    assert progress.high_scores("constitution") == [] and progress.unlocked("constitution") == 2
    assert progress.stars("constitution", 1) == 0 and progress.best_score("constitution", 1) is None
    assert progress.high_scores("constitution", 1) == []
    assert not progress.daily_won("constitution", day)
    stats = load_statistics(session.store)["constitution"]
    assert (stats.best_time, stats.fewest_moves, stats.recent[-1].hints) == (None, None, 1)


def test_a_level_won_with_the_way_known_and_the_demos_help_opens_nothing(
        tmp_path: Path, campaign: Path) -> None:
    """The way shown opens the next level only for a win the player played by hand."""
    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock, level=level_1(400, 600))
    play_line(session, CONSTITUTION_1_WIN[:3], clock, seconds=1.0)
    session.analysis_shown(_answer(session, FOUND, 1, 2, tuple(CONSTITUTION_1_WIN[1:])))
    play_line(session, CONSTITUTION_1_WIN[3:-1], clock, seconds=1.0)
    session.play_demo_move(session.game.parse_move(CONSTITUTION_1_WIN[-1]))
    session.conclude()
    record = session.win_record
    assert record is not None and record.assisted and not session.helped_by_the_way_only
    assert (record.stars, record.unlocked) == (0, False)
    assert load_progress(session.store).unlocked("constitution") == 1
    assert session.next_level_open() is None, "no Next level into a locked level"


def test_the_same_deal_dealt_again_is_played_with_the_way_known(tmp_path: Path) -> None:
    """The way the analysis showed is the deal's, however it is dealt again (the menu,
    a level, the daily deal): the first move of the new game makes it assisted; a deal in
    another data folder, or another deal, is not touched."""
    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock)
    play_line(session, CONSTITUTION_1_WIN[:3], clock, seconds=1.0)
    session.analysis_shown(_answer(session, FOUND, 1, 2, tuple(CONSTITUTION_1_WIN[1:])))
    again = constitution_1(tmp_path / "data", clock=clock)
    assert again.way_shown
    outcome = again.play(again.game.parse_move(CONSTITUTION_1_WIN[0]))
    assert outcome.note and again.assisted and again.recorder.hints == 1
    play_line(again, CONSTITUTION_1_WIN[1:], clock, seconds=1.0)
    again.conclude()
    record = again.win_record
    assert record is not None and record.assisted and record.rank is None
    assert not constitution_1(tmp_path / "other", clock=clock).way_shown
    other = make_session(tmp_path / "data", new_game("constitution", "2"), clock=clock)
    assert not other.way_shown


def test_the_way_shown_is_remembered_by_the_next_run_of_the_program(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window closed after the analysis showed the way: the next run of the program
    (its memory of this run gone) still deals that deal with the way known, so the win
    is an assisted one, with no high score."""
    from game.session import session as session_module

    clock = FakeClock()
    session = constitution_1(tmp_path / "data", clock=clock)
    play_line(session, CONSTITUTION_1_WIN[:3], clock, seconds=1.0)
    session.analysis_shown(_answer(session, FOUND, 1, 2, tuple(CONSTITUTION_1_WIN[1:])))
    session.quit()
    monkeypatch.setattr(session_module, "_WAYS_SHOWN", set())  # a new run of the program
    again = constitution_1(tmp_path / "data", clock=clock)
    assert again.way_shown
    play_line(again, CONSTITUTION_1_WIN, clock, seconds=1.0)
    again.conclude()
    record = again.win_record
    assert record is not None and record.assisted and record.rank is None
    assert not constitution_1(tmp_path / "other", clock=clock).way_shown


@pytest.mark.parametrize(("verdict", "last_winnable", "first_lost", "line"), [
    (NEVER, None, 0, ()),  # lost from the deal: no move of the player's lost it
    (UNDECIDED, None, None, ()),  # nothing decided
    (UNDECIDED, None, 3, ()),  # lost at the end, where it stopped: nothing before was decided
])
def test_an_answer_that_shows_no_way_to_win_is_no_help(
        tmp_path: Path, verdict: str, last_winnable: int | None, first_lost: int | None,
        line: tuple[str, ...]) -> None:
    session = constitution_1(tmp_path / "data")
    play_line(session, CONSTITUTION_1_WIN[:3])
    answer = _answer(session, verdict, last_winnable, first_lost, line)
    assert not answer.shows_the_way
    session.analysis_shown(answer)
    assert not session.undo().note
    play_line(session, CONSTITUTION_1_WIN[2:])
    session.conclude()
    record = session.win_record
    assert record is not None and not record.assisted and record.rank == 1


def test_a_game_taken_over_from_a_replay_is_practice_and_its_win_sets_no_record(tmp_path: Path) -> None:
    clock = FakeClock()
    watched = constitution_1(tmp_path / "watched", clock=clock)
    play_line(watched, CONSTITUTION_1_WIN[:-1], clock, seconds=1.0)
    replay = watched.recorder.replay()
    assert replay.hints == 0
    session = make_session(tmp_path / "data", replay.play_out(), clock=clock)
    session.take_over(replay)
    assert session.assisted and session.recorder.hints == 1
    plain = make_session(tmp_path / "plain", replay.play_out(), clock=clock)
    plain.carry_on(replay)
    play_line(session, CONSTITUTION_1_WIN[-1:], clock, seconds=1.0)
    play_line(plain, CONSTITUTION_1_WIN[-1:])
    assert session.result == WON
    session.conclude()
    plain.conclude()
    plain_record = plain.win_record
    assert plain_record is not None and plain_record.time_bonus > 0
    assert session.score.total == plain.score.total - plain_record.time_bonus, \
        "the take-over costs no points, but an assisted game earns no time bonus"
    record = session.win_record
    assert record is not None and record.assisted and record.rank is None
    store = session.store
    assert load_progress(store).high_scores("constitution") == []
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.won, stats.best_time, stats.fewest_moves) == (0, 0, None, None)
    assert stats.recent == [] and record.practice, "a practice game is never counted"


def test_a_saved_game_remembers_that_the_demo_played_in_it(tmp_path: Path) -> None:
    session = _begun(tmp_path / "data")
    total = session.score.total
    move = session.game.parse_move(CONSTITUTION_1_WIN[10])
    session.play_demo_move(move)
    assert session.score.total == total
    session.quit()
    saved = load_saved_game(session.store)
    assert saved is not None
    carried = carry_on(session.store, saved, saved=True)
    assert carried.assisted and carried.score is not None and carried.score.total == total
    assert carried.demo
    again = make_session(tmp_path / "data", carried.game)
    again.carry_on(saved, score=carried.score, assisted=carried.assisted, demo=carried.demo)
    assert again.assisted and again.demo_played
    # won after it was continued, by the player alone: still a game the demo played in
    play_line(again, CONSTITUTION_1_WIN[11:])
    again.conclude()
    stats = load_statistics(again.store)["constitution"]
    assert (stats.won, stats.won_by_demo, stats.current_streak) == (0, 1, 0)
    # A game the demo never touched is not marked.
    plain = _begun(tmp_path / "other")
    plain.quit()
    replay = load_saved_game(plain.store)
    assert replay is not None
    carried = carry_on(plain.store, replay, saved=True)
    assert not carried.assisted and not carried.demo


def test_a_win_the_player_finished_after_the_demo_played_is_counted_as_won_by_the_demo(
        tmp_path: Path) -> None:
    """The demo played one move, which the player undid: the rest of the win is the
    player's, but the game is one the demo played in (as its help is counted)."""
    data = tmp_path / "data"
    first = constitution_1(data)
    play_line(first, CONSTITUTION_1_WIN)
    first.conclude()
    assert load_statistics(first.store)["constitution"].current_streak == 1
    session = constitution_1(data)
    session.play_demo_move(session.game.parse_move(CONSTITUTION_1_WIN[0]))
    session.undo()
    play_line(session, CONSTITUTION_1_WIN)
    session.conclude()
    assert session.result == WON and session.demo_played
    stats = load_statistics(session.store)["constitution"]
    assert (stats.won, stats.won_by_demo, stats.played) == (1, 1, 2)
    assert (stats.current_streak, stats.best_streak, stats.win_percent) == (0, 1, 50.0)
    assert [r.result for r in stats.recent] == [WON, DEMO_WON]
    # its replay among the recent games is of a won game (what the cards reached)
    assert _recent(session.store) == [WON, WON]


def test_a_game_the_demo_played_in_and_lost_or_given_up_is_counted_as_such(tmp_path: Path) -> None:
    session = _begun(tmp_path / "data")
    session.play_demo_move(session.game.parse_move(CONSTITUTION_1_WIN[10]))
    session.new_deal()
    stats = load_statistics(session.store)["constitution"]
    assert (stats.abandoned, stats.won_by_demo) == (1, 0)
    ended = lost_position(new_game("constitution", "1"))
    texts = [ended.move_text(step.move) for step in ended.history]
    lost = constitution_1(tmp_path / "data")
    lost.play_demo_move(lost.game.parse_move(texts[0]))
    play_line(lost, texts[1:])
    assert lost.result == LOST
    lost.end()
    stats = load_statistics(lost.store)["constitution"]
    assert (stats.lost, stats.abandoned, stats.won_by_demo) == (1, 1, 0)


def test_a_continued_game_undoes_a_move_with_its_automatic_drops_at_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = make_session(data, new_game("constitution", "1"), auto_drop=True)
    g = session.game
    for text in CONSTITUTION_1_WIN:
        move = g.parse_move(text)
        if g.why_illegal(move) is None:
            session.play(move)
        if session.undo_steps[-1] > 1:
            break
    steps = session.undo_steps[-1]
    assert steps > 1, "a move that caused automatic drops"
    moves, total = len(g.history), session.score.total
    session.quit()
    saved = load_saved_game(session.store)
    assert saved is not None
    carried = carry_on(session.store, saved, saved=True)
    again = make_session(data, carried.game, auto_drop=False)  # the option changed since
    again.carry_on(saved, score=carried.score, assisted=carried.assisted, steps=carried.steps)
    assert again.score.total == total
    undone = again.undo()
    assert len(again.game.history) == moves - steps, "the move and its drops, at once"
    assert again.recorder.undos == 1
    assert [e.label for p in undone.points for e in p.events] == ["undo", "taken back"]


def test_another_game_saved_over_the_saved_one_counts_that_one_abandoned(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = _begun(data)
    first.quit()
    store = first.store
    # The same game saved again (more moves, or continued from its save) replaces nothing.
    first.play(first.game.parse_move(CONSTITUTION_1_WIN[10]))
    first.quit()
    saved = load_saved_game(store)
    assert saved is not None and len(saved.moves) == 11 and _counts(store) == (0, 0, 0)
    carried = carry_on(store, saved, saved=True)
    again = make_session(data, carried.game)
    again.carry_on(saved, score=carried.score)
    again.play(again.game.parse_move(CONSTITUTION_1_WIN[11]))
    again.quit()
    assert _counts(store) == (0, 0, 0)
    # Another game of the same deal (a replay taken over, say) saved over it gives it up.
    other = constitution_1(data)
    other.recorder.started = "2020-01-01T00:00:00Z"
    play_line(other, CONSTITUTION_1_WIN[:3])
    other.quit()
    assert _counts(store) == (0, 0, 1)
    replay = load_saved_game(store)
    assert replay is not None and len(replay.moves) == 3


def test_a_game_is_not_saved_over_one_that_could_not_be_counted(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The game saved before cannot be counted as given up (a statistics file this version
    may not write, a full disk): it stays saved, and the new game is not saved over it;
    the player is told. Nothing is counted twice, nor is a second replay left of it."""
    from game.records import stats as stats_module

    data = tmp_path / "data"
    first = _begun(data)
    first.quit()
    store = first.store
    kept = load_saved_game(store)
    assert kept is not None
    real = stats_module.Store.write_json

    def full(self: Store, name: str, *args: object, **kwargs: object) -> object:
        if name == stats_module.STATS_FILE:
            raise stats_module.SaveError(f"could not save {name}: the disk is full")
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(stats_module.Store, "write_json", full)
    other = make_session(data, new_game("union-square", "7"))
    other.play(other.game.legal_moves()[0])
    for _ in range(2):
        other.quit()
        told = other.take_notices()
        assert any("This game was not saved" in n and "British Constitution 1" in n for n in told), told
        assert load_saved_game(store) == kept, "the game saved before is kept"
    assert _counts(store) == (0, 0, 0) and _recent(store) == []
    monkeypatch.undo()
    other.quit()
    assert _counts(store) == (0, 0, 1), "the space is back: the old game is counted, once"
    saved = load_saved_game(store)
    assert saved is not None and saved.rules == "union-square" and len(_recent(store)) == 1


# ----- what is written can always be read back -----------------------------------------------


@pytest.mark.parametrize("total", [MAX_SCORE - 1, 10**12 - 1], ids=["near the bound", "absurd"])
def test_a_saved_score_never_makes_a_win_discard_the_level_progress(
        tmp_path: Path, campaign: Path, total: int) -> None:
    """A saved game's extras hold a score near (or far beyond) what a file may hold; the
    game is continued and won: the progress written is read back whole, levels and all."""
    import json

    from game.records.progress import Progress, save_progress
    from game.records.saves import SAVED_EXTRAS

    data = tmp_path / "data"
    store = Store(data)
    progress = Progress()
    for number, game in enumerate(("1", "2", "3"), 1):
        progress.record_level_win("constitution", number, 3, 100, 50, 100.0, game)
    assert save_progress(store, progress)
    clock = FakeClock()
    session = constitution_1(data, clock=clock, level=level_1(300, 600))
    play_line(session, CONSTITUTION_1_WIN[:-1], clock, seconds=1.0)
    session.quit()
    extras = json.loads((data / SAVED_EXTRAS).read_text())
    extras["score"]["total"] = total
    (data / SAVED_EXTRAS).write_text(json.dumps(extras))
    saved = load_saved_game(store)
    assert saved is not None
    carried = carry_on(store, saved, saved=True)
    warnings = store.take_warnings()
    if total > MAX_SCORE:
        assert carried.score is None and any("saved-game.json could not be read" in w for w in warnings)
        assert [p.name for p in data.iterdir() if p.name.startswith(SAVED_EXTRAS + ".bad-")]
    else:
        assert carried.score is not None and carried.score.total == total and warnings == []
    again = make_session(data, carried.game, clock=clock, level=carried.level)
    again.carry_on(saved, score=carried.score)
    play_line(again, CONSTITUTION_1_WIN[-1:], clock, seconds=1.0)
    again.conclude()
    assert again.store.take_warnings() == []
    reread = Store(data)
    progress = load_progress(reread)
    assert reread.warnings == [] and progress.unlocked("constitution") == 4
    [best] = progress.high_scores("constitution")
    assert best.score == again.score.total
    assert best.score == MAX_SCORE if total <= MAX_SCORE else 0 < best.score < 10_000, "recomputed"
    assert load_statistics(reread)["constitution"].won == 1 and reread.warnings == []


def test_a_level_number_the_progress_cannot_hold_is_a_note_not_a_crash(tmp_path: Path) -> None:
    import dataclasses

    from game.records.progress import MAX_LEVEL

    clock = FakeClock()
    beyond = dataclasses.replace(level_1(300, 600), number=MAX_LEVEL + 1)
    session = constitution_1(tmp_path / "data", clock=clock, level=beyond)
    play_line(session, CONSTITUTION_1_WIN, clock, seconds=1.0)
    session.conclude()
    record = session.win_record
    assert record is not None and record.rank == 1 and record.level_rank is None
    assert any("level 10001 has no high-score table" in note for note in record.notes)
    # nor is the level open in the progress: the stars are not kept, so none are shown
    assert record.stars == 0 and not record.unlocked
    assert ("Your progress does not have level 10001 open, so this win earns no stars and opens no level"
            in record.notes)
    progress = load_progress(session.store)
    assert session.store.warnings == [] and progress.high_scores("constitution")[0].score == record.score


def test_a_practice_game_whose_help_cannot_be_written_is_not_saved_as_a_plain_game(tmp_path: Path) -> None:
    """The review's case: ``saved-game.json`` could not be written (here a folder of that
    name), the replay was, and the next start continued a plain game: counted, with a
    high score. The help is written first now, and without it the game is not saved."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "saved-game.json").mkdir()
    session = _taken_over(data, 40)
    play_line(session, CONSTITUTION_1_WIN[40:42])
    session.quit()
    assert load_saved_game(session.store) is None
    notices = session.take_notices()
    assert any("the help it had" in n for n in notices), notices


def test_a_practice_game_dealt_again_is_practice_still(tmp_path: Path) -> None:
    """Restart of a practice game dealt a plain game, counted and ranked, of a deal whose
    winning line the player had just watched: it stays practice."""
    session = _taken_over(tmp_path / "data", len(CONSTITUTION_1_WIN) - 3)
    again = session.restart()
    assert again.practice and again.assisted and not again.game.history
    play_line(again, CONSTITUTION_1_WIN)
    again.conclude()
    record = again.win_record
    assert record is not None and record.practice and record.rank is None
    assert _counts(again.store) == (0, 0, 0)
    successor, _ = again.new_deal()
    assert not successor.practice and not successor.assisted


def test_a_game_saved_without_its_score_is_not_called_lost(tmp_path: Path) -> None:
    """The replay is saved, its extras are not (``saved-game.json`` a folder): the player
    is told that the score was not kept, and the window need not ask before closing (it
    said "If you close the window now, this game is lost", which was false)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "saved-game.json").mkdir()
    session = constitution_1(data)
    play_line(session, CONSTITUTION_1_WIN[:3])
    session.quit()
    saved = load_saved_game(session.store)
    assert saved is not None and len(saved.moves) == 3
    notices = session.take_notices()
    assert len(notices) == 1 and notices[0].startswith(ending.PARTLY_SAVED), notices
    assert not ending.game_lost(notices)
    assert ending.game_lost(["This game was not saved: the disk is full"])
