"""One game in progress, below the screen: the rules of a session of play.

The table turns a gesture into a call here; the session plays it with the engine through
the recorder, with the automatic drops the option asks for, scores it, and answers with
an :class:`~game.session.outcome.Outcome`: the transfers to animate, the score's changes,
the result. Undo and redo go in the player's steps: a move with the fills and automatic
drops it caused is one step. The play clock is a callable passed in (the table passes
its frame time, tests their own), so nothing here waits or reads the wall clock.

A game ends once, in one of these ways, and :mod:`game.session.ending` writes what it
leaves behind: won (the high scores, the level's stars and unlock, the daily deal, the
statistics and the recent games), lost or abandoned when the player leaves it (the
statistics and the recent games), or kept as the saved game when the window closes on a
game in progress.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine import Game, Move, Transfer, new_game
from ..engine.autodrop import safe_foundation_move
from ..engine.cards import card_pretty
from ..engine.state import FOUNDATION
from ..engine.words import sentence
from ..levels import Level
from ..records.progress import load_progress
from ..records.recorder import Recorder
from ..records.replay import IN_PROGRESS, LOST, WON, Replay, result_of
from ..records.scoring import Score, score_replay
from ..records.settings import Settings
from ..records.store import Store
from ..records.ways import remember_way_shown, way_was_shown
from . import ending
from .deals import is_deal, level_after, random_deal
from .outcome import Outcome, Points, WinRecord

if TYPE_CHECKING:
    from ..search.analyse import Analysis
    from ..search.hint import Hint

#: the most automatic drops one move may cause (more than a game has cards)
MAX_DROPS = 400
#: the deals whose loss the analysis explained this run of the program, by data folder:
#: (the folder, the rule set, the game number). A deal dealt again, however it is started
#: (Restart, the menu, a level, the daily deal), is played with the way known; a later
#: run knows it from ``ways-shown.json`` (:mod:`game.records.ways`)
_WAYS_SHOWN: set[tuple[str, str, str]] = set()
#: what the player is told when they play on in a deal whose analysis showed the way
PLAYING_ON_WITH_THE_WAY = "You saw how this game is won: playing on with it counts as help"


def _deal_key(store: Store, game: Game) -> tuple[str, str, str]:
    """A deal in :data:`_WAYS_SHOWN`: the data folder, the rule set, the game number."""
    return str(store.root), game.rules, game.game


def note_way_shown(store: Store, game: Game, analysis: Analysis) -> None:
    """The analysis of ``game``'s loss answered the player (on the table after a loss, or
    in the replay viewer): an answer that shows the way makes a game of the same deal,
    dealt again, in this run or a later one (``ways-shown.json``), a game with help (see
    :meth:`PlaySession.analysis_shown`)."""
    if analysis.shows_the_way and is_deal(game):
        _WAYS_SHOWN.add(_deal_key(store, game))
        if not store.read_only:
            remember_way_shown(store, game.rules, game.game)


class PlaySession:
    """A game being played: the position, its record, score, undo steps, hints and end.

    ``settings`` is read at each call (the options may change during a game): its
    ``auto_drop`` and ``hints``. ``keep_records`` False makes a session that writes
    nothing (pictures, benchmarks). Only a real deal (its game number's cards) is ever
    recorded.
    """

    def __init__(self, game: Game, *, store: Store, settings: Settings, clock: Callable[[], float],
                 level: Level | None = None, daily: datetime.date | None = None,
                 keep_records: bool = True) -> None:
        self.game = game
        self.store = store
        self.settings = settings
        #: the campaign level being played (level mode), or None
        self.level = level
        #: the day whose daily deal this is, or None
        self.daily = daily
        #: False for positions that are not a player's game (pictures, benchmarks)
        self.keep_records = keep_records
        self.clock = clock
        self.recorder = Recorder(game, clock=clock)
        self.score = Score()
        #: engine moves in each player step that undo (and redo) take back (play) at once
        self.undo_steps: list[int] = []
        self.redo_steps: list[int] = []
        #: the hints for the position on the table (None until asked), and the one shown
        self.hint_list: list[Hint] | None = None
        self.hint_index = 0
        #: the hints shown (and charged) in each position of this game, by the position
        self.hints_shown: dict[tuple[bytes, tuple[bytes, ...]], set[Move]] = {}
        self.hints_charged = 0
        #: the end of the game (won or lost) has been taken note of; a move clears it
        self.finished = False
        #: what the win added to the records (None until the game is won)
        self.win_record: WinRecord | None = None
        #: the game was counted in the statistics (it counts once)
        self.recorded = False
        #: "Replay saved as NAME" (or why not) once the finished game's replay was saved
        self.replay_saved = ""
        self.recordable = is_deal(game)
        self.notices: list[str] = []
        #: the demo played in this game, it was taken over from a replay, or it was
        #: played on after the analysis showed the way: its win enters no high-score table
        self.assisted = False
        #: the demo played a move of this game (one undone since too): its win is the
        #: computer's, counted as won by the demo and not as the player's
        self.demo_played = False
        #: a practice game: taken over from a replay, whose moves up to the take-over were
        #: not played in this game, so the statistics never count it (see :meth:`take_over`)
        self.practice = False
        #: a move was played in this game, even if every one was undone since (see
        #: :attr:`begun`)
        self._begun = bool(game.history)
        #: the analysis of this deal's loss showed the player how it could be won (see
        #: :meth:`analysis_shown`), and that help was counted in this game
        self.way_shown = self.recordable and (self._deal_key() in _WAYS_SHOWN
                                              or way_was_shown(store, game.rules, game.game))
        self._way_counted = False
        #: the finish line last worked out, and the position it was for
        self._finish: tuple[tuple[int, bytes] | None, tuple[Move, ...]] = (None, ())

    # ----- the position ---------------------------------------------------------------

    @property
    def result(self) -> str:
        """``won``, ``lost`` or ``in progress``."""
        return result_of(self.game)

    @property
    def begun(self) -> bool:
        """A move was played in this game (here, or before it was saved), even if every
        move was undone since: given up, it counts as abandoned; closed, it is saved to
        continue. The one test of an untouched game, for the session, its records and
        the table's questions (a replay's is :attr:`~game.records.replay.Replay.begun`):
        undoing back to the deal does not make a game unplayed."""
        return self._begun

    @property
    def in_progress(self) -> bool:
        """The game was begun and is not over (leaving it gives it up)."""
        g = self.game
        return self._begun and not g.is_won() and not g.is_lost()

    @property
    def over(self) -> bool:
        """The game is won or lost (or its end was taken note of)."""
        return self.finished or self.game.is_won() or self.game.is_lost()

    @property
    def elapsed(self) -> float:
        """Seconds of play in this game (the clock stops under dialogs and at the end)."""
        return self.recorder.elapsed

    @property
    def hint(self) -> Hint | None:
        """The hint shown now, or None."""
        return self.hint_list[self.hint_index] if self.hint_list else None

    def moves_from(self, place: int) -> list[Move]:
        """The legal moves of the top card of ``place``."""
        return [m for m in self.game.legal_moves() if m.src == place]

    def move_between(self, src: int, dst: int) -> Move:
        """The move from ``src`` to ``dst``, or to the other foundation of the suit if
        the one aimed at does not take the card but a twin does."""
        g = self.game
        move = g.move_table[src][dst]
        if g.why_illegal(move) is None or dst not in g.foundations:
            return move
        suit = g.foundation_suit(dst)
        for m in self.moves_from(src):
            if m.dst in g.foundations and g.foundation_suit(m.dst) == suit:
                return m
        return move

    def take_notices(self) -> list[str]:
        """Messages for the player since the last call (records that could not be
        written, warnings of the data folder), oldest first."""
        notices, self.notices = self.notices, []
        return notices + self.store.take_warnings()

    # ----- play -------------------------------------------------------------------------

    def play(self, move: Move, *, demo: bool = False) -> Outcome:
        """Play a legal player move (the demo's with ``demo``), then the automatic drops
        the option allows."""
        points = self._charge_hints()
        transfers = self._play_scored(move, points, demo=demo)
        steps = 1
        if self.settings.auto_drop:
            while steps < MAX_DROPS:
                drop = safe_foundation_move(self.game)
                if drop is None:
                    break
                transfers += self._play_scored(drop, points, demo=demo)
                steps += 1
        self.undo_steps.append(steps)
        self._forget_redo()
        return self._changed(transfers, points)

    def finish_line(self) -> list[Move]:
        """The foundation moves that win the game from here, one card after another, when
        they alone win it (the stock is gone and no card needs a build or a fill first);
        otherwise none. What a player would do by hand, card by card, to end a game that
        is already decided."""
        g = self.game
        key = (len(g.history), g.key())
        if self._finish[0] == key:
            return list(self._finish[1])
        line: list[Move] = []
        if not g.piles[g.stock] and not g.is_won():
            trial = g.clone()
            foundations = set(trial.foundations)
            while not trial.is_won():
                home = next((m for m in trial.legal_moves() if m.dst in foundations), None)
                if home is None:
                    line = []
                    break
                trial.play(home)
                line.append(home)
        self._finish = (key, tuple(line))
        return line

    def finish(self) -> Outcome:
        """Play :meth:`finish_line` as one step of the player's (one undo takes it back
        whole); refused when foundation moves alone do not win from here."""
        line = self.finish_line()
        if not line:
            return self._refused("Not every card can go home yet")
        points = self._charge_hints()
        transfers: list[Transfer] = []
        for move in line:
            transfers += self._play_scored(move, points)
        self.undo_steps.append(len(line))
        self._forget_redo()
        return self._changed(transfers, points)

    def play_demo_move(self, move: Move) -> Outcome:
        """The demo player's move, played for the player.

        The score is the player's alone: a demo move (with the drops it causes) neither
        costs nor earns points. But the game is marked as assisted: the record counts the
        move as help (a hint), so the game is never a clean win, and an assisted win
        enters no high-score table. And the game is one the demo played in: won, it is
        counted as won by the demo, not as the player's win (even if the player made the
        rest of its moves, or this one is undone).
        """
        self._helped()
        self.demo_played = True
        return self.play(move, demo=True)

    def try_move(self, src: int, dst: int) -> Outcome:
        """Play the top card of ``src`` onto ``dst`` if that is legal (see
        :meth:`move_between`); otherwise nothing changes and ``refused`` says why."""
        move = self.move_between(src, dst)
        reason = self.game.why_illegal(move)
        if reason is not None:
            return self._refused(reason)
        return self.play(move)

    def turn_stock(self) -> Outcome:
        """Turn the next stock card onto the waste, when the rules allow it now."""
        g = self.game
        if g.waste < 0:
            return self._refused("The stock fills Row 4 by itself; it is never turned")
        return self.try_move(g.stock, g.waste)

    def send_to_foundation(self, place: int) -> Outcome:
        """The top card of ``place`` goes to a foundation if one takes it (a double-click
        or a right-click). While a space must be filled, only a fill can be played: a
        card that may fill it does so (it is the one move the card has), and any other
        card is refused with the reason a drag onto a foundation gets. The stock's cards
        never go straight to a foundation, and its refusal never names its face-down top."""
        g = self.game
        if place == g.stock:
            # its cards are face down: a refusal must not name the top one
            if not g.piles[place]:
                return self._refused("")
            if g.waste < 0:
                return self._refused("Stock cards enter play through Row 4, never straight to a foundation")
            return self._refused("Stock cards reach a foundation only from the waste: "
                                 "turn the stock (a click, or D) to bring one up")
        for move in self.moves_from(place):
            if move.dst in g.foundations:
                return self.play(move)
        owed = g.owed_space()
        if owed is not None and g.piles[place]:
            fill = self.move_between(place, owed)
            if g.why_illegal(fill) is None:
                return self.play(fill)
            reason = g.why_illegal(self.move_between(place, g.foundations[0]))
            if reason is not None and g.places[place].kind != FOUNDATION:
                return self._refused(sentence(reason))
        if g.piles[place] and g.places[place].kind != FOUNDATION:
            # one reason every foundation gives ("only the top cards of Row 1 go to the
            # foundations") says more than that none takes the card
            reasons = {g.why_illegal(self.move_between(place, f)) for f in g.foundations}
            if len(reasons) == 1 and None not in reasons:
                return self._refused(sentence(str(reasons.pop())))
            return self._refused(f"No foundation takes {card_pretty(g.piles[place][-1])} now")
        return self._refused("")

    def undo(self) -> Outcome:
        """Take back the last player step: the move with the fills and drops it caused.
        It costs the undo penalty and what the cards it takes off the foundations earned."""
        g = self.game
        if not g.history:
            return self._refused("Nothing to undo")
        steps = self.undo_steps.pop() if self.undo_steps else 1
        transfers: list[Transfer] = []
        for _ in range(steps):
            transfers += self.recorder.undo()
        # One undo for the player, however many automatic drops it took back with the move.
        self.recorder.undos -= steps - 1
        foundations = g.foundations
        back = sum(1 for t in transfers if t.src in foundations and t.dst not in foundations)
        points = [Points(tuple(self.score.undo(back)))]
        self.redo_steps.append(steps)
        self.recorder.resume()
        return self._changed(transfers, points)

    def redo(self) -> Outcome:
        """Play the last undone player step again, scored exactly as it was the first
        time (a demo move stays unscored), so an undo and a redo never earn points."""
        g = self.game
        if not g.future:
            return self._refused("Nothing to redo")
        steps = self.redo_steps.pop() if self.redo_steps else 1
        transfers: list[Transfer] = []
        for _ in range(steps):
            if not g.future:
                break
            transfers += self.recorder.redo()
        self.undo_steps.append(steps)
        landed = self._landed(transfers)
        events = self.score.redo()
        points = [Points(tuple(events), landed[-1] if landed else None)] if events else []
        return self._changed(transfers, points)

    def player_steps(self) -> list[int]:
        """How many engine moves each player step of the line of play holds, first to
        last (a move carried on from a record without them counts as one step)."""
        known = sum(self.undo_steps)
        return [1] * max(0, len(self.game.history) - known) + self.undo_steps

    def _forget_redo(self) -> None:
        """A new step was played: what was undone can no longer be redone."""
        self.redo_steps.clear()
        self.score.played()

    def _play_scored(self, move: Move, points: list[Points], *, demo: bool = False) -> list[Transfer]:
        """Play ``move`` and score the cards it put on the foundations at its time of play
        (a demo move's earn nothing)."""
        transfers = self.recorder.play(move)
        landed = self._landed(transfers)
        if landed and demo:
            self.score.unscored(len(landed))
        elif landed:
            events = self.score.foundation(len(landed), self.recorder.elapsed)
            points.append(Points(tuple(events), landed[-1]))
        return list(transfers)

    def _landed(self, transfers: list[Transfer]) -> list[int]:
        """The foundations that ``transfers`` put a card on (not from another foundation),
        in order."""
        foundations = self.game.foundations
        return [t.dst for t in transfers if t.dst in foundations and t.src not in foundations]

    def _changed(self, transfers: list[Transfer], points: list[Points]) -> Outcome:
        self.hint_list = None
        self.finished = False
        self._begun = True
        note = ""
        if self.way_shown and not self._way_counted:
            self._way_counted = True
            self._helped()
            note = PLAYING_ON_WITH_THE_WAY
        return Outcome(tuple(transfers), tuple(points), self.result, moved=True, note=note)

    def _refused(self, why: str) -> Outcome:
        return Outcome(result=self.result, refused=why)

    # ----- hints --------------------------------------------------------------------------

    def next_hint(self) -> Outcome:
        """Show the next hint for this position (the first one the first time, and the
        first again after the last); each hint shown for the first time in this position
        is counted in the record and costs the hint penalty (going round the list again,
        or seeing it again when a move and an undo bring the position back, costs nothing
        more)."""
        if not self.settings.hints:
            return self._refused("Hints are turned off in the options")
        from ..search.hint import hints

        if self.hint_list is None:
            self.hint_list = list(hints(self.game, twins=False))
            self.hint_index = 0
        elif self.hint_list:
            self.hint_index = (self.hint_index + 1) % len(self.hint_list)
        if not self.hint_list:
            return self._refused("No move to suggest")
        g = self.game
        here = (g.key(), tuple(bytes(pile) for pile in g.piles))
        shown = self.hints_shown.setdefault(here, set())
        move = self.hint_list[self.hint_index].move
        if move in shown:
            return Outcome(result=self.result)
        shown.add(move)
        self.recorder.note_hint()
        return Outcome(points=tuple(self._charge_hints()), result=self.result)

    def dead_end(self) -> bool:
        """The game is in progress, moves are left, and none of them can ever bring a card
        home, whatever the unseen cards are, so it cannot be won
        (:func:`game.search.dead_end.dead_end`, on the player's view, within a few
        milliseconds). Not a loss by the rules: leaving the game counts it as abandoned,
        as any game in progress."""
        if self.over:
            return False
        from ..search.dead_end import dead_end

        return dead_end(self.game)

    def forget_hints(self) -> None:
        """Stop showing the hint (the demo takes over)."""
        self.hint_list = None

    def analysis_shown(self, analysis: Analysis) -> None:
        """The analysis of this game's loss ("Where did I go wrong?") answered the player.

        An answer that shows the way (the move that lost, a winning line: see
        :attr:`~game.search.analyse.Analysis.shows_the_way`) is help to whoever plays on
        with it: the next change of position (an undo here, or a move in the same deal
        dealt again, now or in a later run: Restart, the menu, a level, the daily deal)
        makes the game assisted, as a replay taken over is, and the table is told so.
        Seen and left, the lost game is counted as it was played.
        """
        if analysis.shows_the_way:
            self.way_shown = True
            note_way_shown(self.store, self.game, analysis)

    @property
    def helped_by_the_way_only(self) -> bool:
        """The game is assisted only because the analysis of this deal's loss showed the
        way (no move of the demo, not taken over from a replay): every move is the
        player's own, so a level won so still opens the next (:mod:`.ending`)."""
        return self.assisted and self.way_shown and not self.demo_played and not self.practice

    def saved_game_kept_from_practice(self) -> str | None:
        """In a practice game begun (in progress, or over): the player's own saved game
        ("British Constitution #2"), which this game is never saved over, and which a new
        deal replaces once it is saved; else None."""
        if not (self.practice and self.keep_records and self._begun):
            return None
        return ending.own_saved_game(self)

    def _deal_key(self) -> tuple[str, str, str]:
        """This deal in :data:`_WAYS_SHOWN`."""
        return _deal_key(self.store, self.game)

    def _helped(self) -> None:
        """Help beyond a hint came into this game (the demo's move, a replay taken over,
        playing on after the analysis showed the way): the game is assisted, and the record
        counts the help as a hint that costs no points."""
        self.assisted = True
        self.recorder.note_hint()
        self.hints_charged += 1

    def _charge_hints(self) -> list[Points]:
        """Charge the score for every hint the record counts and the score has not (the
        hint button, and each move the demo player made for the player)."""
        points = []
        while self.hints_charged < self.recorder.hints:
            self.hints_charged += 1
            points.append(Points(tuple(self.score.hint())))
        return points

    # ----- the end of the game ---------------------------------------------------------------

    def conclude(self) -> Outcome:
        """Take note of the result once the player has seen the position (the table
        calls this when the cards have landed): a win stops the clock, earns the time
        bonus (not an assisted game) and is recorded; a loss is only marked (it is counted when the player
        leaves the game, which may first undo)."""
        g = self.game
        if g.is_won():
            self.finished = True
            self.recorder.pause()
            # An assisted game's time is not all the player's: no time bonus for it.
            bonus = [] if self.assisted else self.score.win(self.recorder.elapsed)
            ending.record_win(self, sum(e.points for e in bonus))
            self.end()
            return Outcome(points=(Points(tuple(bonus)),), result=WON)
        if g.is_lost():
            self.finished = True
            return Outcome(result=LOST)
        return Outcome(result=IN_PROGRESS)

    def end(self) -> None:
        """The player leaves the game: count it in the statistics (won, lost or
        abandoned) once, if it is a real deal that was :attr:`begun`; an untouched deal
        is not counted. A win left before its cards landed (:meth:`conclude` not called
        yet) is concluded first, so its time bonus, high score, stars and unlock are kept."""
        if self._win_unconcluded():
            self.conclude()  # which counts it
            return
        ending.count_game(self)

    def quit(self) -> None:
        """The window is closing: a game in progress is saved (to continue next time);
        a lost one is counted, and a won one whose cards were still landing is concluded
        (:meth:`end`)."""
        if self._win_unconcluded():
            self.conclude()
        ending.keep_on_quit(self)

    def _win_unconcluded(self) -> bool:
        """The game is won, but the table has not yet taken note of it (its last cards
        were still in flight when the player left)."""
        return self.game.is_won() and not self.finished

    def save_replay(self) -> str:
        """Save the game as a replay among the player's replays; what to tell the player
        (where it went, or why it could not be saved)."""
        self.replay_saved = ending.save_replay(self)
        return self.replay_saved

    def pause(self) -> None:
        """Stop the play clock (a dialog or another screen is on top)."""
        self.recorder.pause()

    def resume(self) -> None:
        """Run the play clock again, unless the game is over."""
        if not self.finished:
            self.recorder.resume()

    # ----- the next game ---------------------------------------------------------------------

    def restart(self) -> PlaySession:
        """The game is given up (counted as abandoned, or lost if no move was left) for
        a fresh game of the same position, in the same mode (and with the way the
        analysis showed, if it did: :meth:`analysis_shown`)."""
        self.end()
        g = self.game
        while g.history:
            g.undo()
        again = self.successor(type(g).from_layout(g.to_layout()), level=self.level, daily=self.daily)
        # the way the analysis showed is this deal's: it helps the game played again too
        again.way_shown = self.way_shown
        # a practice game dealt again is practice still: the player has watched its replay
        again.practice = again.assisted = self.practice
        return again

    def new_deal(self) -> tuple[PlaySession, str]:
        """The game is given up for a new random deal of the rule set (proved winnable
        when the option asks for it), no longer a level or a daily deal; and what to tell
        the player about the deal."""
        self.end()
        number, note = random_deal(self.game.rules, self.settings.winnable_only)
        return self.successor(new_game(self.game.rules, number)), note

    def next_level(self) -> Level | None:
        """The campaign level after this one, or None (not in level mode, or the last)."""
        return level_after(self.level) if self.level is not None else None

    def next_level_open(self) -> Level | None:
        """:meth:`next_level` if the player's progress has it unlocked, else None (a
        win with the demo's help, say, opens nothing)."""
        following = self.next_level()
        if following is None:
            return None
        # read only: a damaged file is the levels screen's to report and set aside
        progress = load_progress(Store(self.store.root, read_only=True))
        return following if following.number <= progress.unlocked(following.rules) else None

    def play_next_level(self) -> PlaySession | None:
        """The game ends for the next level of the campaign (None when there is none, or
        it is locked)."""
        following = self.next_level_open()
        if following is None:
            return None
        self.end()
        return self.successor(new_game(following.rules, following.game), level=following)

    def successor(self, game: Game, *, level: Level | None = None,
                  daily: datetime.date | None = None) -> PlaySession:
        """A session of ``game`` with this one's records, options, clock and keeping."""
        return PlaySession(game, store=self.store, settings=self.settings, clock=self.clock,
                           level=level, daily=daily, keep_records=self.keep_records)

    def carry_on(self, replay: Replay, *, score: Score | None = None, assisted: bool = False,
                 demo: bool = False, practice: bool = False,
                 steps: Sequence[int] | None = None) -> None:
        """Continue the recorded game ``replay`` (whose position is this session's):
        its clock, move times, hints and undos go on; its score is ``score``, or the one
        the replay's moves earn; ``assisted`` when the demo played in it or it was taken
        over from a replay (see :meth:`take_over`); ``demo`` when the demo played a move
        of it; ``practice`` when it was taken over from a replay; ``steps`` the player's
        steps of its moves (:meth:`player_steps`: a move with its drops is undone at
        once, as before), or each move a step of its own. It is :attr:`begun` as the
        replay is (a game saved undone back to its deal is)."""
        self.assisted = assisted or practice
        self.demo_played = demo
        self.practice = practice
        self._begun = replay.begun
        if steps is not None and sum(steps) == len(self.game.history):
            self.undo_steps = list(steps)
        self.recorder = Recorder(self.game, clock=self.clock, started=replay.started or None,
                                 elapsed=replay.seconds, hints=replay.hints, undos=replay.undos,
                                 times=[m.seconds for m in replay.moves])
        if score is None:
            score = Score()
            score.total = score_replay(replay)
        self.score = score
        self.hints_charged = replay.hints

    def take_over(self, replay: Replay, *, timed: bool = True) -> None:
        """Play on from ``replay`` as the replay viewer left it (its position is this
        session's), with its clock, move times, hints and undos. Not ``timed``: its times
        were made up (the analysis's winning line, paced as if played), so its score
        counts no streak bonus, which only those times would have made.

        The player has watched the game beyond this position (the solver's winning line,
        perhaps, or a replay edited by hand), so the game is assisted as one the demo
        played in: the take-over counts as help in the record (a hint that costs no
        points), so the game is never a clean win and sets no best time, and a win
        enters no high-score table.

        It is a **practice** game: its moves up to the take-over were not played in this
        game (they may be the demo's, another player's, or a won game's but its last
        move), so the statistics never count it, won, lost or given up, and it is not
        among the recent games. It is saved to continue when the window closes, but
        never over the saved game of another game, which is the player's own (see
        :func:`game.session.ending.keep_on_quit`). It is not one the demo played in
        (whoever played the replay), and not :attr:`begun` before a move is made here
        unless the replay is taken over after a move (the undos of the replay were
        another game's).
        """
        score = None
        if not timed:
            score = Score()
            score.total = score_replay(replay, timed=False)
        self.carry_on(replay, practice=True, score=score)
        self._begun = bool(self.game.history)
        self._helped()

    def rescore(self) -> None:
        """Score the moves already in the game's history as they would have scored in
        play (a position set up for a picture)."""
        if self.game.history and self.recordable:
            self.score.total = score_replay(self.recorder.replay())

