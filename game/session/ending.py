"""What the end of a game writes, in one place.

- A **win** (once per game): its score into the rule set's high-score table; in level
  mode the stars against the level's par, the unlock of the next level, the level's
  bests and its own table; a daily deal marked won. An assisted win (the demo played in
  the game, it was taken over from a replay, or played on after the analysis of its loss
  showed the way) writes none of these: no high score, no stars, no level best, and the
  daily deal is not marked won; nor does it unlock the next level (else letting the demo
  play each level would open the whole campaign), but for a level won by hand with the
  way the analysis showed: that deal is known for good (``ways-shown.json``), so without
  the unlock the campaign would stop at a level no later win could open. Then, like
  every ended game
  (an assisted win too, with its help counted):
- **Counted** (won, lost, or abandoned when the player leaves it once it is begun: a
  move was played, even if every move was undone since; never a practice game, taken
  over from a replay, whose save is only forgotten when it ends): the statistics (a win in which
  the demo played a move as won by the demo, not as the player's), the replay among the
  recent games, and the saved game removed.
- **Kept** when the window closes on a game in progress (begun, even if undone back to
  its deal), or the player goes to the menu: the saved game (its replay and, beside it,
  the score, level, daily deal, whether it is assisted and whether the demo played in
  it, and the player's steps for undo) to continue. A lost game is counted instead; a
  won one has been counted already. There is one saved game: another game saved over it
  replaces it, so that one is counted as abandoned first; but a practice game is never
  saved over the player's own saved game (the player is told, and the window asks before
  it closes), and a practice save is replaced without a count.

Only a real deal is written (see :attr:`PlaySession.recordable`), never a made-up
position or a picture's, and each game is counted once. A write that fails becomes a
message for the player (:meth:`PlaySession.take_notices`), never a crash.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ..engine import profile_of
from ..records.progress import HighScore, load_progress, save_progress
from ..records.replay import ABANDONED, LOST, WON
from ..records.saves import (
    abandon_saved_game,
    finish_game,
    forget_practice,
    is_practice,
    load_game_extras,
    load_saved_game,
    same_game,
    save_game,
    save_game_extras,
)
from ..records.saves import save_replay as save_replay_file
from ..records.scoring import stars
from .outcome import WinRecord

if TYPE_CHECKING:
    from ..levels import Level
    from ..records.store import Store
    from .session import PlaySession

T = TypeVar("T")


def records_wanted(session: PlaySession) -> bool:
    """The game is one to write about and has not been counted yet."""
    return session.keep_records and session.recordable and not session.recorded


def record_win(session: PlaySession, time_bonus: int) -> None:
    """A won game: the high-score tables; in level mode the stars and the unlock; a
    daily deal counted as won; none of these for an assisted win. Once per game;
    :attr:`PlaySession.win_record` says what the win added, for the win dialog."""
    if session.win_record is not None:
        return
    record = session.win_record = WinRecord(score=session.score.total, time_bonus=time_bonus,
                                            demo=session.demo_played, practice=session.practice)
    if not records_wanted(session):
        return
    record.assisted = session.assisted
    if session.assisted:
        if session.helped_by_the_way_only:
            _unlock_after_help(session, record)
        return
    g = session.game
    rules = g.rules
    recorder = session.recorder
    entry = _high_score(session)
    moves, seconds = entry.moves, entry.seconds
    store = session.store
    progress = load_progress(store)
    record.rank = progress.add_score(rules, entry)
    level = _level_played(session)
    if level is not None:
        record.stars = stars(moves, seconds, level.par_moves, level.par_seconds,
                             hints=recorder.hints, undos=recorder.undos)
        before = progress.level_record(rules, level.number)
        if before.stars > record.stars:
            record.kept_stars = before.stars
            if before.best_score is not None and before.best_score > session.score.total:
                record.kept_score = before.best_score
        try:
            record.unlocked = progress.record_level_win(rules, level.number, record.stars,
                                                        session.score.total, moves, seconds, g.game)
        except ValueError:
            # the progress file no longer opens this level (set aside as damaged while
            # it was played, say): the stars are not kept, so none are shown
            record.stars = 0
            record.notes.append(_LEVEL_NOT_OPEN.format(level.number))
        try:
            record.level_rank = progress.add_score(rules, entry, level=level.number)
        except ValueError as err:
            record.notes.append(str(err))
    if session.daily is not None:
        progress.record_daily_win(rules, session.daily)
    if not save_progress(store, progress):
        # nothing of it was kept: the dialog claims no place in a table, nor an unlock
        record.rank = record.level_rank = None
        record.unlocked = False
        record.notes.extend(store.take_warnings())


#: a level won that the progress file does not open (set aside as damaged while the level
#: was played, say)
_LEVEL_NOT_OPEN = "Your progress does not have level {} open, so this win earns no stars and opens no level"


def _level_played(session: PlaySession) -> Level | None:
    """The campaign level whose deal the session plays (None outside level mode, or for
    a game that is not the level's own deal)."""
    level = session.level
    g = session.game
    return level if level is not None and level.rules == g.rules and level.game == g.game else None


def _unlock_after_help(session: PlaySession, record: WinRecord) -> None:
    """A level won by hand with the way the analysis of its lost game showed: no stars
    and no high score, but the next level opens (see the module docstring)."""
    level = _level_played(session)
    if level is None:
        return
    g = session.game
    store = session.store
    progress = load_progress(store)
    try:
        record.unlocked = progress.record_level_won_with_help(g.rules, level.number)
    except ValueError:
        record.notes.append(_LEVEL_NOT_OPEN.format(level.number))
        return
    if record.unlocked and not save_progress(store, progress):
        record.unlocked = False
        record.notes.extend(store.take_warnings())


def count_game(session: PlaySession) -> None:
    """Count the game in the statistics (won, won by the demo, lost or abandoned) once,
    with its replay among the recent games, if it is a real deal that was begun. A
    practice game (taken over from a replay) is never counted: once over, or given up,
    its save is forgotten (it may be saved again if the player undoes and plays on)."""
    if not records_wanted(session):
        return
    g = session.game
    if session.practice:
        _write(session, lambda: forget_practice(session.store, session.recorder.replay()))
        return
    if g.is_won():
        result = WON
    elif g.is_lost():
        result = LOST
    elif session.begun:
        result = ABANDONED
    else:
        return
    replay = session.recorder.replay(result)
    demo = session.demo_played
    # counted once: a count that could not be written is tried again (the player may
    # free the disk and close the window again, or undo and play on)
    # a game left in a dead end ("No way to win") could only have been played on to the
    # same score: in a rule set played for the score, its score is final, as a lost one's
    final = result == LOST or (result == ABANDONED and g.profile.scores_at_end and session.dead_end())
    session.recorded = _write(session, lambda: finish_game(session.store, replay, demo=demo)[0]) is True
    if session.recorded and final and g.profile.scores_at_end and not session.assisted:
        _write(session, lambda: _record_lost_score(session))


def _high_score(session: PlaySession) -> HighScore:
    """The game as a high-score table keeps it: its score, deal, today's date, its moves
    and its time of play."""
    g = session.game
    return HighScore(score=session.score.total, game=g.game, date=datetime.date.today().isoformat(),
                     moves=len(g.history), seconds=round(session.recorder.elapsed, 1))


def _record_lost_score(session: PlaySession) -> None:
    """A lost game of a rule set played for the score (or one left in a dead end): its
    score into the high-score table (the dialog has said where it would rank)."""
    if not _add_high_score(session.store, session.game.rules, _high_score(session)):
        session.notices.extend(session.store.take_warnings())


def _add_high_score(store: Store, rules: str, entry: HighScore) -> bool:
    """``entry`` into ``rules``' high-score table; False (with a warning) when it could
    not be written."""
    progress = load_progress(store)
    progress.add_score(rules, entry)
    return save_progress(store, progress)


def abandon_saved(store: Store) -> bool:
    """:func:`~game.records.saves.abandon_saved_game` (another game replaces the saved
    one: it is counted as abandoned), and a saved game of a rule set played for the score
    that was left in a dead end enters the high scores as it is counted, as it would
    have from its table: no move could raise its score (the dialog said where it would
    rank). Never a practice game's or an assisted game's score. True when no save is
    left to count."""
    saved = load_saved_game(store)
    entry: HighScore | None = None
    if saved is not None and saved.begun and profile_of(saved.rules).scores_at_end:
        extras = load_game_extras(store, saved)
        score = extras.get("score")
        if score is not None and not extras.get("assisted") and not extras.get("practice"):
            from ..search.dead_end import dead_end

            if dead_end(saved.play_out(), max_ms=None):
                entry = HighScore(score=score.total, game=saved.game, date=datetime.date.today().isoformat(),
                                  moves=len(saved.moves), seconds=round(saved.seconds, 1))
    if not abandon_saved_game(store):
        return False
    if saved is not None and entry is not None:
        _add_high_score(store, saved.rules, entry)
    return True


#: why a game played on after it was counted (a win or a loss undone) is not saved: a
#: save would count it again when it ends
COUNTED_NOT_SAVED = ("This game was counted in your statistics when it ended, so the moves played "
                     "since cannot be saved to continue")


def keep_on_quit(session: PlaySession) -> None:
    """The window closes: save a game in progress to continue, count a lost one. A game
    played on after it was counted (its win or loss undone) is not saved, and the player
    is told (the window asks before it closes), not left to lose it without a word."""
    if session.keep_records and session.recordable and session.recorded:
        if session.in_progress:
            session.notices.append(COUNTED_NOT_SAVED)
        return
    if not records_wanted(session):
        return
    if session.game.is_lost():
        count_game(session)
    elif session.in_progress:
        # a game undone back to its deal too: it was begun, and is counted when it ends
        _write(session, lambda: _save_game(session))


#: how a notice begins when the game was saved without its score and level
PARTLY_SAVED = "Your game was saved, but not its score and level"


def game_lost(notices: list[str]) -> bool:
    """Among what saving the game said, something means the game itself was not saved
    (not only its score and level: :data:`PARTLY_SAVED`)."""
    return any(not notice.startswith(PARTLY_SAVED) for notice in notices)


def own_saved_game(session: PlaySession) -> str | None:
    """The saved game, named ("British Constitution #2"), when it is one of the player's
    own (not practice); else None."""
    previous = load_saved_game(session.store)
    if previous is None or is_practice(session.store, previous):
        return None
    return f"{previous.title} #{previous.game}"


def _save_game(session: PlaySession) -> None:
    """Save the game in progress with its score, level and daily deal. A different game
    saved before is given up first (counted as abandoned); when that count cannot be
    written, the save before is kept and this game is not saved over it: the player is
    told, and the game they are playing is what they may lose, not one they left."""
    store = session.store
    replay = session.recorder.replay()
    previous = load_saved_game(store)
    if session.practice and previous is not None and not is_practice(store, previous):
        session.notices.append(f"This practice game was not saved: your saved game ({previous.title} "
                               f"#{previous.game}) stays yours to continue, and a game taken over "
                               "from a replay never takes its place")
        return
    if previous is not None and not same_game(previous, replay) and not abandon_saved(store):
        session.notices.append(f"This game was not saved: the game saved before it ({previous.title} "
                               f"{previous.game}) could not be counted as given up, so it is kept")
        return
    level = session.level

    def extras() -> bool:
        return save_game_extras(store, replay, score=session.score,
                                level=level.number if level is not None else None, daily=session.daily,
                                assisted=session.assisted, demo=session.demo_played,
                                practice=session.practice, steps=session.player_steps())

    if session.assisted:
        # the help it had is written first: a save without it would be continued as the
        # player's own game (a practice game counted, a demo's win taken for theirs)
        if not extras():
            session.notices.append("This game was not saved: the help it had (a replay taken over, "
                                   "the demo or the analysis) could not be written beside it")
            return
        save_game(store, replay)
    elif save_game(store, replay) and not extras():
        # the game itself is saved: only its score and level are not (said, but the
        # window need not ask before it closes, since the game is not lost)
        why = "; ".join(store.take_warnings())
        session.notices.append(f"{PARTLY_SAVED} ({why}): it continues with its score worked out again")


def save_replay(session: PlaySession) -> str:
    """Save the game among the player's replays; where it went, or why it was not saved."""
    g = session.game
    result = WON if g.is_won() else LOST if g.is_lost() else None
    path = save_replay_file(session.store, session.recorder.replay(result))
    if path is not None:
        return f"Replay saved as {path.name}"
    return "; ".join(session.store.take_warnings()) or "The replay was not saved."


def _write(session: PlaySession, write: Callable[[], T]) -> T | None:
    """Run a records call and give its answer; a failure becomes a message for the player
    (and None), never a crash."""
    try:
        return write()
    except (OSError, ValueError) as err:
        session.notices.append(f"The game record was not saved: {err}")
        return None
