"""Arcade scoring: points for cards reaching the foundations, a streak bonus, penalties for
help, a time bonus on a win, and stars against a level's par.

The arithmetic, all of it:

- **Foundation**: every card that reaches a foundation earns :data:`FOUNDATION_POINTS` (10).
- **Streak**: a foundation card that arrives at most :data:`STREAK_SECONDS` (4 s) after the
  previous one continues a streak. The k-th card of a streak (k ≥ 2) earns a bonus of
  :data:`STREAK_STEP` × (k − 1) points (5, 10, 15 …), at most :data:`STREAK_CAP` (50) per
  card. Several cards in one move (a move and the automatic drops it caused) count one
  after the other, at the same time.
- **Hint**: −:data:`HINT_PENALTY` (25) each time a hint is shown.
- **Demo**: a move the demo plays for the player earns and costs nothing
  (:meth:`Score.unscored`); the game is then assisted and enters no high-score table.
  A game taken over from a replay is assisted too, and so is one played on after "Where
  did I go wrong?" showed the move that lost it or a winning line: the take-over, or
  playing on, counts as a hint that costs nothing.
- **Undo**: −:data:`UNDO_PENALTY` (15) each time; an undo that takes cards back off the
  foundations also takes back exactly what their move earned (card points and streak
  bonus), and the streak goes back to where it was before that move.
- **Redo** plays a move again exactly as it was scored the first time (:meth:`Score.redo`):
  what it earned then, and the streak as it was after it; a demo move stays unscored. So
  undoing and redoing a move can never earn points: the pair costs the undo penalty.
- **Time bonus** on a win: ``TIME_BONUS_SCALE // max(seconds, TIME_BONUS_FLOOR)``, that is
  200 000 / seconds, counting at least 60 s (a 10-minute win earns 333, a 30-minute one 111).
  The winning move earned it, so undoing that move takes it back with the move's cards;
  winning again earns the bonus of the new time of play, once.
  An assisted game (the demo played in it, it was taken over from a replay, or it was
  played on after the analysis of its loss showed the way) earns no time bonus, whoever
  made the winning move: its time is not all the player's.
- Times are rounded to a tenth of a second first, as the replay file stores them, so the
  score of a game played on screen is exactly :func:`score_replay` of its replay.

The total may go below zero (help used before any card was played). Stars compare a won
level with its par: see :func:`stars`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .replay import Replay

FOUNDATION_POINTS = 10
STREAK_SECONDS = 4.0
STREAK_STEP = 5
STREAK_CAP = 50
HINT_PENALTY = 25
UNDO_PENALTY = 15
TIME_BONUS_SCALE = 200_000
TIME_BONUS_FLOOR = 60.0
#: how a game is scored, in a player's words (the high-score screen shows it)
SCORING_RULES = (
    f"{FOUNDATION_POINTS} points for each card that reaches a foundation",
    f"a streak: each card at most {STREAK_SECONDS:g} s after the one before earns {STREAK_STEP} "
    f"more than that one did, up to {STREAK_CAP} extra",
    f"−{HINT_PENALTY} for each hint, −{UNDO_PENALTY} for each undo",
    f"on a win, a time bonus of {TIME_BONUS_SCALE:,} ÷ seconds played (at least {TIME_BONUS_FLOOR:g} s)",
)

#: every score a file holds (a saved game's, a high score, a level's best) is from
#: −MAX_SCORE to MAX_SCORE, and so is the total of a game as it is played: a hundred times
#: what a game can earn (104 cards at most 60 points each and a time bonus of at most
#: 3,333: under 10,000), and the cost of 40,000 hints
MAX_SCORE = 1_000_000
#: a score file may hold at most this many foundation moves (more than any game has)
_MAX_STACK = 10_000


@dataclass
class ScoreEvent:
    """One change of the score, for the HUD's little "+N" animation."""

    points: int  # may be negative
    label: str  # "foundation", "streak x3", "hint", "undo", "taken back", "redone", "time bonus"


@dataclass(frozen=True)
class _Earned:
    """What one foundation move earned, and the streak before it, so an undo can take it back."""

    cards: int
    points: int
    streak_before: int
    last_before: float | None


class Score:
    """The arcade score of one game as it is played (see the module docstring).

    The play session (:class:`game.session.PlaySession`, not the table) calls
    :meth:`foundation` after every move that put cards on a foundation (:meth:`unscored`
    for the demo's), :meth:`hint` when a hint is shown, :meth:`undo` on every undo (with
    the number of cards it took off the foundations), :meth:`redo` on every redo,
    :meth:`played` when a new move drops what could be redone, and :meth:`win` once when
    the game is won; :func:`score_replay` scores a recorded game with the same class.
    Each returns the events to show; :attr:`total` is the score, which stays from
    −:data:`MAX_SCORE` to :data:`MAX_SCORE` (at a bound, more points or penalties leave it
    there), so that every file it goes into can be read back.
    """

    def __init__(self) -> None:
        self._total = 0
        self.streak = 0  # foundation cards in the current streak
        self.won = False
        #: the time bonus in the total (0 until the game is won, and again once the
        #: winning move is undone)
        self.bonus = 0
        self._last: float | None = None  # time of the last foundation card
        self._stack: list[_Earned] = []
        #: for each undo that may be redone (last first): what it took off the stack, and
        #: the streak and time of the last card before it
        self._undone: list[tuple[list[_Earned], int, float | None]] = []

    def __repr__(self) -> str:
        return f"Score(total={self.total}, streak={self.streak})"

    @property
    def total(self) -> int:
        """The score so far."""
        return self._total

    @total.setter
    def total(self, value: int) -> None:
        self._total = within_score(value)

    def foundation(self, count: int, now: float, *, streaks: bool = True) -> list[ScoreEvent]:
        """``count`` cards reached a foundation at ``now`` (seconds since the game started);
        not ``streaks``: its time is not known (a line never played as such), so it
        starts no streak and adds to none."""
        if count <= 0:
            return []
        now = round(now, 1)
        streak_before, last_before = self.streak, self._last
        bonus = 0
        if streaks:
            streak = self.streak if self._last is not None and now - self._last <= STREAK_SECONDS else 0
            for _ in range(count):
                streak += 1
                if streak >= 2:
                    bonus += min(STREAK_STEP * (streak - 1), STREAK_CAP)
            self.streak, self._last = streak, now
        else:
            self.streak, self._last = 0, None
        points = FOUNDATION_POINTS * count
        self.total += points + bonus
        self._stack.append(_Earned(count, points + bonus, streak_before, last_before))
        events = [ScoreEvent(points, "foundation")]
        if bonus:
            events.append(ScoreEvent(bonus, f"streak x{self.streak}"))
        return events

    def unscored(self, count: int) -> None:
        """``count`` cards reached a foundation by a move that earns nothing (the demo's):
        the total and the streak stay as they are, but an undo that takes the cards
        back knows they earned nothing."""
        if count > 0:
            self._stack.append(_Earned(count, 0, self.streak, self._last))

    def hint(self) -> list[ScoreEvent]:
        """A hint was shown."""
        self.total -= HINT_PENALTY
        return [ScoreEvent(-HINT_PENALTY, "hint")]

    def undo(self, cards_back: int = 0) -> list[ScoreEvent]:
        """A move was undone; ``cards_back`` is how many cards the undo took off the
        foundations (0 when none): what their move earned is taken back, and the time
        bonus with the winning move (the one move that can be undone from a win)."""
        self.total -= UNDO_PENALTY
        events = [ScoreEvent(-UNDO_PENALTY, "undo")]
        if self.won:
            self.won = False
            bonus, self.bonus = self.bonus, 0
            if bonus:
                self.total -= bonus
                events.append(ScoreEvent(-bonus, "time bonus taken back"))
        taken = 0
        streak_after, last_after = self.streak, self._last
        popped: list[_Earned] = []
        while cards_back > 0 and self._stack:
            earned = self._stack.pop()
            popped.append(earned)
            cards_back -= earned.cards
            taken += earned.points
            self.streak, self._last = earned.streak_before, earned.last_before
        self._undone.append((popped, streak_after, last_after))
        if taken:
            self.total -= taken
            events.append(ScoreEvent(-taken, "taken back"))
        return events

    def redo(self) -> list[ScoreEvent]:
        """The last undone move was played again: it earns exactly what it earned the
        first time (nothing for a demo move), and the streak is back as it was after it.
        A winning move's time bonus is not among that: :meth:`win` gives the new one."""
        if not self._undone:
            return []
        popped, self.streak, self._last = self._undone.pop()
        self._stack.extend(reversed(popped))
        points = sum(e.points for e in popped)
        self.total += points
        return [ScoreEvent(points, "redone")] if points else []

    def played(self) -> None:
        """A new move was played: the moves undone before it can no longer be redone."""
        self._undone.clear()

    def win(self, seconds: float) -> list[ScoreEvent]:
        """The game was won after ``seconds`` of play: the time bonus (once for each win:
        again only after :meth:`undo` took the winning move back)."""
        if self.won:
            return []
        self.won = True
        self.bonus = time_bonus(seconds)
        self.total += self.bonus
        return [ScoreEvent(self.bonus, "time bonus")]

    def to_json(self) -> dict[str, Any]:
        """The score as a JSON object, so a saved game keeps it (a won one its time bonus)."""
        earned = [[e.cards, e.points, e.streak_before, e.last_before] for e in self._stack]
        raw: dict[str, Any] = {"total": self.total, "streak": self.streak, "won": self.won,
                               "last": self._last, "earned": earned}
        if self.won:
            raw["bonus"] = self.bonus
        return raw

    @classmethod
    def from_json(cls, raw: Any) -> Score:
        """A score from :meth:`to_json`'s object; ValueError says what is wrong."""
        if not isinstance(raw, dict):
            raise ValueError("the score is not an object")
        unknown = set(raw) - {"total", "streak", "won", "last", "earned", "bonus"}
        if unknown:
            raise ValueError(f"the score has an unknown field {sorted(unknown)[0]!r}")
        score = cls()
        score.total = _integer(raw.get("total", 0), "total", -MAX_SCORE)
        score.streak = _integer(raw.get("streak", 0), "streak", 0)
        won = raw.get("won", False)
        if not isinstance(won, bool):
            raise ValueError("the score's 'won' is not true or false")
        score.won = won
        score.bonus = _integer(raw.get("bonus", 0), "bonus", 0)
        if score.bonus and not won:
            raise ValueError("the score has a time bonus but is not won")
        score._last = _time(raw.get("last"), "last")
        earned = raw.get("earned", [])
        if not isinstance(earned, list) or len(earned) > _MAX_STACK:
            raise ValueError("the score's 'earned' is not a list of foundation moves")
        for i, item in enumerate(earned):
            if not isinstance(item, list) or len(item) != 4:
                raise ValueError(f"the score's earned[{i}] is not [cards, points, streak, time]")
            score._stack.append(_Earned(_integer(item[0], f"earned[{i}] cards", 1),
                                        _integer(item[1], f"earned[{i}] points", 0),
                                        _integer(item[2], f"earned[{i}] streak", 0),
                                        _time(item[3], f"earned[{i}] time")))
        return score


def within_score(value: int) -> int:
    """``value`` at its nearest bound when it is beyond ±:data:`MAX_SCORE`."""
    return max(-MAX_SCORE, min(value, MAX_SCORE))


def _integer(value: Any, what: str, low: int) -> int:
    if type(value) is not int or not low <= value <= MAX_SCORE:
        raise ValueError(f"the score's {what} is not a whole number from {low:,} to {MAX_SCORE:,}")
    return value


def _time(value: Any, what: str) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise ValueError(f"the score's {what} is not a time in seconds")
    return float(value)


def time_bonus(seconds: float) -> int:
    """The points a win after ``seconds`` of play earns: 200 000 / seconds (at least 60 s)."""
    return int(TIME_BONUS_SCALE // max(round(seconds, 1), TIME_BONUS_FLOOR))


def stars(moves: int, seconds: float, par_moves: int, par_seconds: int, *, hints: int, undos: int) -> int:
    """The stars (1 to 3) a won level earns against its par.

    - one star for winning;
    - two when the win is within par on moves (``moves <= par_moves``) or on time
      (``seconds <= par_seconds``);
    - three when it is within par on both, with no hint and no undo.

    ``moves`` counts the moves of the line of play (undone moves are not counted).
    """
    on_moves = moves <= par_moves
    on_time = seconds <= par_seconds
    if on_moves and on_time and hints == 0 and undos == 0:
        return 3
    if on_moves or on_time:
        return 2
    return 1


def score_replay(replay: Replay, *, timed: bool = True) -> int:
    """The arcade score of a recorded game, recomputed from its moves and their times.

    The moves are played in order; every card a move (with its automatic fills and drops)
    puts on a foundation is scored at that move's time. Then the replay's hints and undos
    are charged (their times are not recorded, and they do not change a streak), and a won
    game gets the time bonus of its play time. A replay whose times were made up (not
    ``timed``: the analysis's winning line) earns no streak bonus. Raises IllegalMove if a
    move is not legal, which never happens for a checked replay.
    """
    game = replay.opening()
    foundations = set(game.foundations)
    score = Score()
    for move in replay.moves:
        transfers = game.play_text(move.text)
        count = sum(1 for t in transfers if t.dst in foundations and t.src not in foundations)
        score.foundation(count, move.seconds, streaks=timed)
    score.total -= HINT_PENALTY * replay.hints + UNDO_PENALTY * replay.undos
    if game.is_won():
        score.win(replay.seconds)
    return score.total
