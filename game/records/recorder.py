"""Recording a game as it is played, and playing a replay back.

:class:`Recorder` keeps the time of each move of the line of play, the hints and the
undos, and gives the game so far as a :class:`~game.records.replay.Replay`;
:class:`ReplayPlayer` plays a replay forward and back (back is the engine's undo, so it is
instant) and lets the player take over from any step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..engine import Game, Move, Transfer
from .replay import MAX_COUNT, MAX_SECONDS, Replay, ReplayMove, result_of
from .store import utc_iso

# ----- recording --------------------------------------------------------------------------


class Recorder:
    """A game being played, recorded as it goes: every play, undo, redo and hint.

    All play goes through the recorder (:meth:`play`, :meth:`undo`, :meth:`redo`), which
    calls the engine and keeps the time of each move of the line of play. The play clock
    starts running when the recorder is made; :meth:`pause` and :meth:`resume` stop it
    (menus, a minimised window). ``clock`` is a monotonic clock in seconds, so tests can
    pass their own. The clock stops at :data:`~.replay.MAX_SECONDS` and the hints and undos
    are counted up to :data:`~.replay.MAX_COUNT`, what a replay holds, so the game can
    always be saved and counted.
    """

    def __init__(self, game: Game, *, clock: Callable[[], float] = time.monotonic,
                 started: str | None = None, elapsed: float = 0.0, hints: int = 0, undos: int = 0,
                 times: Sequence[float] = ()) -> None:
        self.game = game
        self.hints = min(hints, MAX_COUNT)
        self.undos = min(undos, MAX_COUNT)
        self.started = started if started is not None else utc_iso()
        self._clock = clock
        self._base = min(elapsed, float(MAX_SECONDS))
        self._since = clock()
        self._running = True
        self._times = list(times)[: len(game.history)]
        #: the times of the undone moves, last undone last: a redo plays a move again at
        #: the time it was first played, as its score counts it
        self._undone_times: list[float] = []

    @classmethod
    def from_replay(cls, replay: Replay, *, clock: Callable[[], float] = time.monotonic) -> Recorder:
        """Continue a recorded game (a saved game, or a replay taken over) where it stopped."""
        return cls(replay.play_out(), clock=clock, started=replay.started or None, elapsed=replay.seconds,
                   hints=replay.hints, undos=replay.undos, times=[m.seconds for m in replay.moves])

    # ----- the clock

    @property
    def elapsed(self) -> float:
        """Seconds of play so far (the game's clock)."""
        if not self._running:
            return self._base
        return min(self._base + max(0.0, self._clock() - self._since), float(MAX_SECONDS))

    @property
    def paused(self) -> bool:
        """True while the clock is stopped."""
        return not self._running

    def pause(self) -> None:
        """Stop the play clock."""
        if self._running:
            self._base = self.elapsed
            self._running = False

    def resume(self) -> None:
        """Start the play clock again."""
        if not self._running:
            self._since = self._clock()
            self._running = True

    # ----- play

    def play(self, move: Move) -> list[Transfer]:
        """Play a move (the player's, or auto-drop's); raises IllegalMove and records nothing
        if it is not legal. Returns the engine's transfers."""
        transfers = self.game.play(move)
        self._undone_times.clear()
        self._note_time()
        return transfers

    def undo(self) -> list[Transfer]:
        """Take back the last move (counted as an undo); [] when there is nothing to undo."""
        self._sync_times()
        last = self._times[-1] if self._times else 0.0
        transfers = self.game.undo()
        if transfers:
            self.undos = min(self.undos + 1, MAX_COUNT)
            self._sync_times()
            self._undone_times.append(last)
        return transfers

    def redo(self) -> list[Transfer]:
        """Play the last undone move again, at the time it was first played (so that the
        replay scores it as the game did: see :meth:`~.scoring.Score.redo`); [] when there
        is none."""
        transfers = self.game.redo()
        if transfers:
            self._sync_times()
            if self._undone_times and len(self._times) < len(self.game.history):
                previous = self._times[-1] if self._times else 0.0
                self._times.append(max(self._undone_times.pop(), previous))
            self._note_time()
        return transfers

    def note_hint(self) -> None:
        """The player was shown a hint."""
        self.hints = min(self.hints + 1, MAX_COUNT)

    def _note_time(self) -> None:
        self._sync_times()
        if len(self._times) < len(self.game.history):
            now = round(self.elapsed, 1)
            previous = self._times[-1] if self._times else 0.0
            self._times.append(max(now, previous))

    def _sync_times(self) -> None:
        """Keep one time per move of the line of play, even if the game was played directly."""
        history = len(self.game.history)
        del self._times[history:]
        while len(self._times) < history - 1:
            self._times.append(self._times[-1] if self._times else 0.0)

    # ----- results

    @property
    def moves(self) -> list[ReplayMove]:
        """The line of play so far, with the time of each move."""
        self._sync_times()
        self._note_time()
        game = self.game
        return [ReplayMove(game.move_text(step.move), t)
                for step, t in zip(game.history, self._times, strict=True)]

    @property
    def result(self) -> str:
        """``won``, ``lost`` or ``in progress``, from the position."""
        return result_of(self.game)

    def replay(self, result: str | None = None) -> Replay:
        """The game so far as a Replay; ``result`` defaults to what the position says
        (pass ``abandoned`` when the player gives the game up)."""
        moves = tuple(self.moves)
        last = moves[-1].seconds if moves else 0.0
        replay = Replay(rules=self.game.rules, game=self.game.game, moves=moves,
                        result=self.result, seconds=max(round(self.elapsed, 1), last),
                        hints=self.hints, undos=self.undos, started=self.started)
        return replay.with_result(result) if result is not None else replay


# ----- playing back -----------------------------------------------------------------------


class ReplayPlayer:
    """Watch a replay: step forward and back, jump, play in time, take over.

    :attr:`game` is the position after :attr:`step` moves (read it, draw it, do not change
    it). Forward is the engine's play and back its undo, so both are instant and return
    the transfers to animate. The replay must be a checked one (from :func:`parse_replay`,
    :func:`load_replay` or a :class:`Recorder`).
    """

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.game = replay.opening()
        self._moves = [self.game.parse_move(m.text) for m in replay.moves]

    @property
    def step(self) -> int:
        """How many moves have been played (0 = the deal)."""
        return len(self.game.history)

    @property
    def length(self) -> int:
        """How many moves the replay has."""
        return len(self._moves)

    @property
    def at_start(self) -> bool:
        """At the deal."""
        return self.step == 0

    @property
    def at_end(self) -> bool:
        """After the last move."""
        return self.step == self.length

    def move_text(self, step: int) -> str:
        """The text of move number ``step`` (1-based, as in the file)."""
        return self.replay.moves[step - 1].text

    def time_at(self, step: int) -> float:
        """The play time of the position after ``step`` moves (0.0 for the deal)."""
        return self.replay.moves[step - 1].seconds if step > 0 else 0.0

    def forward(self) -> list[Transfer]:
        """Play the next move; its transfers, or [] at the end."""
        if self.at_end:
            return []
        return self.game.play(self._moves[self.step])

    def back(self) -> list[Transfer]:
        """Take back the last move (the engine's undo); its transfers, or [] at the start."""
        return self.game.undo()

    def jump(self, step: int) -> None:
        """Go to the position after ``step`` moves (clamped to 0…length), by play or undo."""
        step = max(0, min(step, self.length))
        while self.step > step:
            self.game.undo()
        while self.step < step:
            self.game.play(self._moves[self.step])

    def advance_to(self, seconds: float) -> list[list[Transfer]]:
        """Play, in order, every move whose time is at most ``seconds``: the transfers of
        each. At any playback speed no move is skipped — several may come at once."""
        played = []
        while not self.at_end and self.time_at(self.step + 1) <= seconds:
            played.append(self.forward())
        return played

    def take_over(self, *, clock: Callable[[], float] = time.monotonic, timed: bool = True) -> Recorder:
        """A new game to play from this step: the deal with the moves so far (which can
        be undone), the clock at this step's time. It keeps the replay's hint and undo
        counts, since the player has seen how the game went. A replay whose times were
        made up (``timed`` False: a winning line shown, never played as such) starts the
        clock at 0, its moves at 0 s, rather than carry times no one played."""
        game = self.replay.opening()
        moves = self.replay.moves[: self.step]
        for move in moves:
            game.play_text(move.text)
        return Recorder(game, clock=clock, elapsed=self.time_at(self.step) if timed else 0.0,
                        hints=self.replay.hints, undos=self.replay.undos,
                        times=[m.seconds if timed else 0.0 for m in moves])
