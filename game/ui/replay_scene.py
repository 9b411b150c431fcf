"""Watching a replay: play and pause, step forward and back, change the speed (steady,
or as played: at the recorded times between moves), jump to any move on the timeline or
by number, and take over to play on from there.

The piles are drawn by the table's own renderer (game.ui.piles) at the table's geometry
(game.ui.layout), so a pile looks the same here as in play, and the moves fly with the
table's animator (game.ui.anim): the ReplayPlayer (game.records.replay) makes each step
with the engine, and this scene only animates the transfers it returns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..console import counted
from ..engine import Game
from ..engine.words import move_words, sentence
from ..records.recorder import ReplayPlayer
from ..records.replay import (
    ABANDONED,
    IN_PROGRESS,
    LOST,
    WON,
    Replay,
    format_duration,
    format_seconds,
    result_of,
)
from ..search.dead_end import dead_end
from ..session import note_way_shown
from . import theme
from .anim import Animator
from .app import App, Scene
from .drawn import Kind
from .keys import REPLAY_KEYS, is_question_mark
from .layout import TableLayout, table_layout
from .piles import PileRenderer
from .theme import Button, Palette
from .widgets import (
    ANALYSIS_TITLE,
    Choice,
    Control,
    Focusable,
    FocusRing,
    TextInput,
    draw_key_hint,
    fit_numbered,
    fit_text,
    focus_glow,
    fullest_key_hint,
    record_button,
    ui_scale,
)

#: The steady speeds, slowest first: (name, moves a second). "+" and "−" step through
#: them, so each step is really faster or slower.
STEADY_SPEEDS: tuple[tuple[str, float], ...] = (
    ("0.5 move/s", 0.5), ("1 move/s", 1.0), ("2 moves/s", 2.0), ("4 moves/s", 4.0), ("8 moves/s", 8.0),
)
#: The speeds as played, slowest first: (name, how many times faster than the recorded
#: times between moves). How fast they go depends on the replay, so they are not mixed
#: in among the steady ones: "A" (or the switch "Pace: steady" in the bar) swaps one
#: list for the other. Their names are short, to fit the speed's box at 800 px: the
#: switch, "Pace: as played", says what they are times of.
AS_PLAYED_SPEEDS: tuple[tuple[str, float], ...] = (("1×", 1.0), ("2×", 2.0), ("4×", 4.0), ("8×", 8.0))
#: the steady speed a replay starts at: 1 move/s
DEFAULT_SPEED = 1
#: While playing as played, a wait longer than this many seconds is counted down on screen.
LONG_WAIT = 2.0
#: Seconds a move's flight takes during playback at 1 move per second.
FLIGHT_SHARE = 0.45
#: seconds each frame may spend drawing crisp card faces after a resize
REFINE_BUDGET = 0.006
#: the keys that start typing a move number
DIGITS = frozenset("0123456789")
#: the viewer's key line, fullest first: the first that fits the window's width is drawn
#: (each names F1 and ?, which list every key)
KEY_LINES = (
    "Space: play/pause   ·   ← →: step   ·   PgUp PgDn: 10 moves   ·   Home End   ·   − +: speed   ·   "
    "A: as played   ·   T: take over   ·   Esc: back   ·   F1 or ?: all keys",
    "Space: play/pause   ·   ← →: step   ·   − +: speed   ·   A: as played   ·   T: take over   ·   "
    "F1 or ?: all keys",
    "Space: play   ·   ← →: step   ·   − +: speed   ·   F1 or ?: all keys",
)


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A transport icon centred in ``rect``: start, back, play, pause, forward, end."""
    size = min(rect.width, rect.height) * 0.42
    cx, cy = rect.center
    h = size / 2

    def triangle(x: float, pointing: int) -> None:
        back_x = x - pointing * h * 0.8
        tip = (x + pointing * h * 0.8, cy)
        pygame.draw.polygon(surface, colour, [(back_x, cy - h), (back_x, cy + h), tip])

    bar = max(2, round(size * 0.18))
    if name == "play":
        triangle(cx + h * 0.1, 1)
    elif name == "pause":
        for dx in (-h * 0.45, h * 0.45):
            pygame.draw.rect(surface, colour, pygame.Rect(round(cx + dx - bar / 2 - 1), round(cy - h),
                                                          bar + 2, round(size)))
    elif name in ("back", "forward"):
        d = 1 if name == "forward" else -1
        triangle(cx - d * h * 0.2, d)
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx + d * h * 0.75 - bar / 2), round(cy - h),
                                                      bar, round(size)))
    elif name in ("start", "end"):
        d = 1 if name == "end" else -1
        triangle(cx - d * h * 0.7, d)
        triangle(cx + d * h * 0.25, d)
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx + d * h * 1.2 - bar / 2), round(cy - h),
                                                      bar, round(size)))


class Timeline(Control):
    """The replay's moves as a track: click or drag to jump; ←/→ step while focused."""

    def __init__(self, scene: ReplayScene) -> None:
        super().__init__()
        self.scene = scene
        self.dragging = False

    def _jump_to_x(self, x: int) -> None:
        length = self.scene.player.length
        if self.rect.width > 0 and length:
            t = (x - self.rect.x) / self.rect.width
            self.scene.jump(round(max(0.0, min(1.0, t)) * length))

    def click(self, pos: tuple[int, int]) -> None:
        """Jump to the move under the pointer and start dragging."""
        self.dragging = True
        self._jump_to_x(pos[0])

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """Clicks and drags along the track."""
        if event.type == pygame.MOUSEMOTION and self.dragging:
            buttons = getattr(event, "buttons", None)
            if buttons and not buttons[0]:
                # the left button is up, yet its release never came (the window lost the
                # pointer meanwhile): the drag is over, and this motion moves nothing
                self.dragging = False
                return super().handle_mouse(event)
            self._jump_to_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and self.rect.inflate(0, self.rect.height // 2).collidepoint(event.pos):
            self.click(event.pos)
            return True
        return super().handle_mouse(event) if event.type == pygame.MOUSEMOTION else False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """← and → step one move."""
        if event.key == pygame.K_LEFT:
            self.scene.step_back()
            return True
        if event.key == pygame.K_RIGHT:
            self.scene.step_forward()
            return True
        return False

    def activate(self) -> None:
        """Enter plays or pauses."""
        self.scene.toggle_play()

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """The track, the part already played, a tick per move when there is room, the knob."""
        player = self.scene.player
        r = self.rect
        track = pygame.Rect(r.x, r.centery - max(2, px // 5), r.width, max(4, px * 2 // 5))
        pygame.draw.rect(surface, palette.track, track, border_radius=track.height // 2)
        t = player.step / player.length if player.length else 0.0
        done = track.copy()
        done.width = round(track.width * t)
        pygame.draw.rect(surface, palette.gold, done, border_radius=track.height // 2)
        if player.length and r.width / player.length >= 6:
            for i in range(1, player.length):
                x = r.x + round(r.width * i / player.length)
                pygame.draw.line(surface, (30, 50, 40), (x, track.y), (x, track.bottom - 1), 1)
        knob = (r.x + round(r.width * t), r.centery)
        pygame.draw.circle(surface, palette.ink, knob, max(6, round(px * 0.6)))
        pygame.draw.circle(surface, palette.gold, knob, max(6, round(px * 0.6)), 2)
        turn = self.scene.turn
        if turn is not None and player.length:
            # where the player's moves end and the winning line begins: a notch across the
            # track, taller than the knob, drawn over it
            x = r.x + round(r.width * turn / player.length)
            half = max(8, round(px * 0.85))
            wide = max(4, px // 4)
            notch = pygame.Rect(x - wide // 2, r.centery - half, wide, 2 * half)
            pygame.draw.rect(surface, palette.warn, notch, border_radius=notch.width // 2)
        if self.focused:
            focus_glow(surface, r.inflate(px, px // 2), max(4, r.height // 2), palette)


def _ends_lost(replay: Replay) -> bool:
    """The replay's game was lost, or left in a dead end (:func:`game.search.dead_end.dead_end`:
    moves were left, but none could ever bring a card home)."""
    if replay.result == LOST:
        return True
    return replay.result == ABANDONED and dead_end(replay.play_out())


@dataclass(frozen=True)
class HeaderPlan:
    """How the replay's header says its words: the type's size, the title (the rule set
    and the game number) and the result, and whether the result goes under the title."""

    px: int
    title: str
    result: str
    two_lines: bool


#: the widest the speed's box gets, in the bar's text size (``px``) units
SPEED_BOX_PX = 30


class ReplayScene(Scene):
    """One replay on the table with its playback controls."""

    name = "replay"
    escape_goes_back = True  # Esc leaves the viewer, past a notice band showing (see Scene)

    def __init__(self, app: App, replay: Replay, at: int = 0, heading: str = "",
                 turn: int | None = None) -> None:
        """The viewer on ``replay``, at the position after ``at`` moves (the deal by default).
        ``heading`` names a line that was never played as such (``winning line``): the bar
        then shows it and the count of moves instead of a result and a time. ``turn``:
        the moves after the first ``turn`` are the analysis's winning line, not the
        player's (the timeline marks the point, and each of those moves says so)."""
        super().__init__(app)
        self.replay = replay
        self.heading = heading
        self.turn = turn
        self.player = ReplayPlayer(replay)
        self.anim = Animator()
        self.playing = False
        self.timer = 0.0
        self.play_clock = 0.0
        #: the speed last chosen in each list, steady (False) and as played (True), so the
        #: switch between them comes back to it
        self._speed_chosen = {False: DEFAULT_SPEED, True: 0}
        self.message = ""
        #: the header's plan, with the window size and words it was made for
        self._header: tuple[tuple[tuple[int, int], str, str], HeaderPlan] | None = None
        self.size = app.size
        self.px = 20
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.words_y = 0
        self.keys_y = 0
        self.layout: TableLayout = table_layout(replay.rules, app.size, footer=False)
        self.renderer = PileRenderer(app.art, self.layout, app.palette, app.drawn)
        self.icons: dict[str, Button] = {
            "start": Button("", self.to_start), "back": Button("", self.step_back),
            "play": Button("", self.toggle_play), "forward": Button("", self.step_forward),
            "end": Button("", self.to_end),
        }
        self.speed = Choice("Speed", [name for name, _ in STEADY_SPEEDS], DEFAULT_SPEED, self._set_speed)
        self._as_played = False
        #: the switch between the steady speeds and the speeds as played, at the right of
        #: the line of words (the row of controls has no room for it at 800 px)
        self.timing = Button(self._timing_label(), self.toggle_as_played)
        self.goto = TextInput("Move no.", self.goto_typed, on_change=self._clear_message, max_len=6)
        self.timeline = Timeline(self)
        self.take_over_button = Button("Take over", self.take_over)
        #: a lost game's replay offers the analysis of its line, as the lost game's dialog
        #: does; so does one of a game left in a dead end, as its "No way to win" does
        self.analyse_button = Button(ANALYSIS_TITLE, self.analyse) if not heading and _ends_lost(replay) \
            else None
        self.menu_button = Button("Back", self.back)
        self.ring = FocusRing()
        self.resize(app.size)
        self.ring.focus(self.icons["play"])
        if at:
            self.jump(at)
        self._dim_the_ends()

    @property
    def game(self) -> Game:
        """The position on the table."""
        return self.player.game

    # ----- playback ------------------------------------------------------------------------

    @property
    def as_played(self) -> bool:
        """Playback keeps the recorded times between moves."""
        return self._as_played

    def _timing_label(self) -> str:
        return f"Pace: {'as played' if self._as_played else 'steady'}"

    @property
    def speeds(self) -> tuple[tuple[str, float], ...]:
        """The speeds offered now, slowest first: the steady ones or the ones as played."""
        return AS_PLAYED_SPEEDS if self.as_played else STEADY_SPEEDS

    @property
    def speed_index(self) -> int:
        """The speed chosen, in :attr:`speeds`."""
        return self.speed.index

    @property
    def rate(self) -> float:
        """Moves a second at a steady pace, or how many times faster than played."""
        return self.speeds[self.speed_index][1]

    def _set_speed(self, index: int) -> None:
        self._sync_clock()

    def faster(self) -> None:
        """The next faster speed ("+"); the fastest stays."""
        self.speed.set(min(len(self.speeds) - 1, self.speed.index + 1))

    def slower(self) -> None:
        """The next slower speed ("−"); the slowest stays."""
        self.speed.set(max(0, self.speed.index - 1))

    def toggle_as_played(self) -> None:
        """The switch ("A"): offer the speeds as played (or the steady ones), at the one
        last chosen among them. A replay with no times (every move at 0 s: times left out)
        has no pace to keep, nor has a line never played as such (:attr:`heading`: the
        analysis's winning line, whose times are made up, one move a second): the bar
        says so, and the speed stays steady."""
        if not self._as_played and self.heading:
            self.message = "This line was never played, so it has no times: it plays at a steady speed."
            return
        if not self._as_played and not any(move.seconds > 0 for move in self.player.replay.moves):
            self.message = "This replay has no times to play it at: it plays at a steady speed."
            return
        on = self._as_played = not self._as_played
        self.timing.label = self._timing_label()
        self._speed_chosen[not on] = self.speed.index
        self.speed.options = [name for name, _ in self.speeds]
        self.speed.index = self._speed_chosen[on]
        self._sync_clock()

    def _sync_clock(self) -> None:
        """Set the playback clock to the recorded time of the position on the table."""
        self.play_clock = self.player.time_at(self.player.step)
        self.timer = 0.0

    def _flight_speed(self) -> float:
        """The animator's speed: the animation setting, quicker at fast playback."""
        setting = float(self.app.settings.animation_speed)
        if setting <= 0:
            return 0.0
        if self.as_played:
            return setting
        return max(setting, self.rate / (FLIGHT_SHARE * 5))

    def _clear_message(self, value: str) -> None:
        self.message = ""

    def toggle_play(self) -> None:
        """Play or pause; playing from the end starts again from the deal (from the
        turning point, :attr:`turn`, in the analysis's winning line)."""
        if self.playing:
            self.playing = False
            return
        if self.player.at_end:
            self.jump(self.turn or 0)
        self.playing = True
        self._sync_clock()

    def step_forward(self) -> None:
        """One move on (animated)."""
        self.anim.finish()
        self.message = ""
        transfers = self.player.forward()
        self.anim.queue_transfers(transfers, self.game.piles, speed=self._flight_speed())
        self._sync_clock()
        if self.player.at_end:
            self.playing = False

    def step_back(self) -> None:
        """One move back (animated); pauses playback."""
        self.playing = False
        self.anim.finish()
        self.message = ""
        transfers = self.player.back()
        self.anim.queue_transfers(transfers, self.game.piles, speed=self._flight_speed())

    def jump(self, step: int) -> None:
        """Go straight to the position after ``step`` moves."""
        self.anim.finish()
        self.message = ""
        self.player.jump(step)
        self._sync_clock()

    def to_start(self) -> None:
        """Back to the deal; pauses."""
        self.playing = False
        self.jump(0)

    def to_end(self) -> None:
        """The last position; pauses."""
        self.playing = False
        self.jump(self.player.length)

    def goto_typed(self, typed: str) -> None:
        """Jump to the move number typed in the field, which is then cleared for the next
        number (it keeps its focus); or say why it is not one: a number past the end is
        cleared too (the next digits typed would only lengthen it), other text stays, to
        mend."""
        # (with or without its thousands separators, as the bar writes it: "1,070")
        words = typed.strip().lstrip("#").replace(",", "")
        # ASCII digits only: str.isdigit also takes "²" or "①", which int() refuses
        if not (words.isascii() and words.isdigit()):
            self.message = f"Type a move number from 0 to {self.player.length:,}."
            return
        n = int(words)
        if n > self.player.length:
            self.goto.set_text("")  # (which clears the message: said after it)
            self.message = (f"This replay has {counted(self.player.length, 'move')}; "
                            f"type 0 to {self.player.length:,}.")
            return
        self.playing = False
        self.jump(n)
        self.goto.set_text("")
        self.message = ""

    def take_over(self) -> None:
        """Play on from this position as a new game (the moves so far can be undone): an
        assisted game, since the player has seen the moves after it. A line never played
        as such (:attr:`heading`: the analysis's winning line, paced as if played) hands
        on no made-up time: the new game's clock starts at 0. A position where the game
        is over (won, or no move left) has nothing to play on: the bar says so, and
        nothing is taken over."""
        over = result_of(self.game)
        if over != IN_PROGRESS:
            why = "the game is won here" if over == WON else "no move is left here"
            self.message = f"Nothing to take over: {why}. Step back (←) to play on from an earlier move."
            return
        self.anim.finish()
        recorder = self.player.take_over(timed=not self.heading)
        self.app.swap("table", replay=recorder.replay(), taken_over=True, timed=not self.heading)

    def analyse(self) -> None:
        """Where did I go wrong? The analysis of the replay's whole line (a lost game's),
        over the viewer, which is there again when it closes; pauses playback."""
        self.playing = False
        self.anim.finish()
        game = self.replay.play_out()
        store = self.app.store()
        # an answer that shows the way helps whoever deals this deal again (as on the table)
        self.app.show("analysis", game=game, answered=lambda answer: note_way_shown(store, game, answer))

    def back(self) -> None:
        """Leave the replay."""
        self.app.pop()

    def show_keys(self) -> None:
        """The list of the viewer's keys (F1 or ?), over the viewer; pauses playback."""
        self.playing = False
        self.anim.finish()
        self.app.show("keys", rows=REPLAY_KEYS, back_to="the replay")

    def palette_changed(self) -> None:
        """The high-contrast option changed: the piles are drawn afresh."""
        self.renderer.set_palette(self.app.palette)

    def update(self, dt: float) -> None:
        """Fly the cards and, while playing, make the next move when its time comes; the
        playback buttons that have nothing to do where the replay stands are dimmed."""
        self.renderer.refine(REFINE_BUDGET)
        self.anim.update(dt)
        self.goto.update(dt)
        if self.playing:
            self._play_on(dt)
        self._dim_the_ends()

    def _dim_the_ends(self) -> None:
        """At the deal, "start" and "back" have nothing to do, and at the last move
        "forward" and "end": they are dimmed there (and do nothing), as a player expects
        of such buttons. A dimmed button keeps the keyboard's focus if it has it (Tab
        leaves it as from any other)."""
        player = self.player
        for name in ("start", "back"):
            self.icons[name].enabled = not player.at_start
        for name in ("forward", "end"):
            self.icons[name].enabled = not player.at_end

    def _play_on(self, dt: float) -> None:
        """Make the next move when its time comes (while playing)."""
        if self.as_played:
            self.play_clock += dt * self.rate
            batches = self.player.advance_to(self.play_clock)
            if batches:
                # Moves recorded close together land at once; only the last one flies.
                self.anim.finish()
                self.anim.queue_transfers(batches[-1], self.game.piles, speed=self._flight_speed())
        else:
            self.timer += dt
            if self.timer >= 1.0 / self.rate and not self.anim.busy:
                self.step_forward()
        if self.player.at_end:
            self.playing = False

    def wait_left(self) -> float:
        """While playing as played: recorded seconds until the next move, at this speed."""
        if not (self.playing and self.as_played) or self.player.at_end:
            return 0.0
        return max(0.0, (self.player.time_at(self.player.step + 1) - self.play_clock) / self.rate)

    # ----- layout ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table and the controls out for a window of ``size``."""
        self.size = size
        w, h = size
        s = ui_scale(size)
        self.px = px = max(12, round(18 * s))
        pad = round(px * 0.8)
        line_h = round(px * 1.4)
        bh = round(px * 2.2)
        # a line of its own for the move in words, which may be long ("10♥ from Row 2,
        # pile 3 to the ♥ foundation"), above the timeline, which gets the full width
        words_h = round(px * 1.6)
        # the key line under the buttons, as every screen has one
        keys_h = round(px * 1.4)  # room under its descenders
        bar_h = pad + words_h + line_h + round(px * 0.5) + bh + round(pad * 0.5) + keys_h
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        self.keys_y = self.bar.bottom - keys_h // 2 - 1
        self.words_y = self.bar.y + pad + words_h // 2
        self.layout = table_layout(self.replay.rules, (w, h - bar_h), footer=False)
        self.renderer.set_layout(self.layout)
        self.timeline.rect = pygame.Rect(pad + round(px * 0.5), self.bar.y + pad + words_h,
                                         w - 2 * pad - px, line_h)
        y = self.bar.bottom - keys_h - round(pad * 0.5) - bh
        x = pad
        for button in self.icons.values():
            button.rect = pygame.Rect(x, y, round(bh * 1.25), bh)
            x += round(bh * 1.25) + round(px * 0.3)
        x += round(px * 0.6)
        right = w - pad
        self.menu_button.rect = pygame.Rect(right - round(px * 5), y, round(px * 5), bh)
        take_w = round(px * 7.5)
        self.take_over_button.rect = pygame.Rect(self.menu_button.rect.x - round(px * 0.5) - take_w, y,
                                                 take_w, bh)
        left_of = self.take_over_button.rect.x
        if self.analyse_button is not None:
            analyse_w = theme.font(round(px * 0.9), bold=True).size(ANALYSIS_TITLE)[0] + round(px * 1.6)
            self.analyse_button.rect = pygame.Rect(left_of - round(px * 0.5) - analyse_w, y, analyse_w, bh)
            left_of = self.analyse_button.rect.x
        room = left_of - round(px * 0.6) - x
        goto_w = min(round(px * 6.5), room // 3)
        self.goto.rect = pygame.Rect(left_of - round(px * 0.6) - goto_w, y, goto_w, bh)
        # the speed's box takes the room up to the move number's, but no more than its
        # words need with room to spare: across a very wide window its arrows would lie
        # a screen apart
        speed_w = min(self.goto.rect.x - round(px * 0.6) - x, SPEED_BOX_PX * px)
        self.speed.rect = pygame.Rect(x, y, max(px * 8, speed_w), bh)
        timing_w = theme.font(round(px * 0.8), bold=True).size("Pace: as played")[0] + px
        self.timing.rect = pygame.Rect(w - pad - timing_w, self.bar.y + round(pad * 0.6), timing_w,
                                       words_h - 2)
        items: list[Focusable] = [self.timeline, *self.icons.values(), self.speed, self.goto,
                                  *self._buttons(), self.timing]
        self.ring.set_items(items, [0] + [1] * (len(items) - 1))

    def _buttons(self) -> list[Button]:
        """The bar's buttons at its right, left to right."""
        analyse = [self.analyse_button] if self.analyse_button is not None else []
        return [*analyse, self.take_over_button, self.menu_button]

    # ----- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Space plays/pauses, ←/→ step, Home/End, PageUp/PageDown ten moves, +/− speed,
        A as played or steady, T takes over, digits type a move number, F1 or ? lists
        the keys (:data:`game.ui.keys.REPLAY_KEYS`), Esc goes back."""
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT:
            typed = str(getattr(event, "text", ""))
            # the field takes a move number only: any other key is the replay's own, even
            # while the field has the focus (as it keeps it after a jump)
            if typed[:1] in DIGITS or (self.goto.focused and typed[:1] == "#"):
                self.ring.focus(self.goto)
                self.goto.handle_text(event)
            elif typed in ("+", "="):
                self.faster()
            elif typed in ("-", "_"):
                self.slower()
            elif typed.lower() == "a":
                self.toggle_as_played()
            elif typed.lower() == "t":
                self.take_over()
        elif event.type == pygame.MOUSEWHEEL:
            if getattr(event, "y", 0) > 0:
                self.step_back()
            elif getattr(event, "y", 0) < 0:
                self.step_forward()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.ring.handle_mouse(event)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_F1 or is_question_mark(event):
            self.show_keys()
            return
        if key == pygame.K_ESCAPE:
            if self.goto.focused and self.goto.value:
                self.goto.set_text("")
            else:
                self.back()
            return
        # an empty field has no text for the arrows, Home and End to move in: they step
        # the replay (as after a jump, which empties the field and leaves it the focus)
        steps = key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)
        if self.goto.focused and not (steps and not self.goto.value) and self.goto.handle_key(event):
            return
        if self.goto.focused and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.goto.activate()
            return
        actions = {pygame.K_SPACE: self.toggle_play, pygame.K_HOME: self.to_start, pygame.K_END: self.to_end,
                   pygame.K_PAGEUP: lambda: self._jump_by(-10), pygame.K_PAGEDOWN: lambda: self._jump_by(10)}
        # Space plays and pauses whatever has the focus, as the key line says (Enter
        # presses the focused button)
        if key in actions:
            actions[key]()
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and not isinstance(self.ring.current, Choice):
            self.step_back() if key == pygame.K_LEFT else self.step_forward()
            return
        self.ring.handle_key(event)

    def _jump_by(self, n: int) -> None:
        self.playing = False
        self.jump(self.player.step + n)

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The table with its cards, the header and the playback controls."""
        r = self.renderer
        game = self.game
        piles = self.anim.display_piles(game.piles)
        surface.fill((0, 0, 0), pygame.Rect(0, self.layout.size[1], self.size[0], self.size[1]))
        surface.blit(r.layer(game, piles), (0, 0))
        r.draw_counts(surface, game, piles)
        r.draw_directions(surface, game, piles)
        r.draw_flights(surface, game, self.anim)
        self._draw_last_move(surface)
        self._draw_header(surface)
        self._draw_bar(surface)

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        """A soft glow round the card the last move placed (when it has landed): a hard
        gold ring is the keyboard focus's mark, which a playback button has."""
        palette = self.app.palette
        if self.player.at_start or self.anim.busy:
            return
        move = self.game.history[-1].move
        n = len(self.game.piles[move.dst])
        if n == 0:
            return
        rect = self.layout.card_rects(move.dst, n)[-1] if self.layout.steps[move.dst] else \
            self.layout.bases[move.dst]
        self.renderer.glow(surface, rect, palette.glow)

    def header_plan(self) -> HeaderPlan:
        """How the header says the title (with the whole game number) and the summary:
        on one line at the header's size, or a little smaller; where that is too wide
        (a tall, narrow window's header is high), on two lines, the title at the largest
        size at which it fits; else on one line as large as it fits, the game number
        losing its middle digits only where even the smallest type is too wide."""
        hud = self.layout.hud
        r = self.replay
        left = f"Replay · {r.title} · #{r.game}"
        right = self.summary()
        key = (hud.size, left, right)
        if self._header is not None and self._header[0] == key:
            return self._header[1]
        biggest = max(12, round(hud.height * 0.34))

        def wide(words: str, px: int, bold: bool = False) -> int:
            return theme.font(px, bold).size(words)[0]

        def one_line(px: int) -> bool:
            return wide(left, px, True) + wide(right, round(px * 0.85)) + 3 * px <= hud.width

        def two_lines(px: int) -> bool:
            high = theme.font(px, True).get_linesize() + theme.font(round(px * 0.85)).get_linesize()
            return (max(wide(left, px, True), wide(right, round(px * 0.85))) + 2 * px <= hud.width
                    and high <= hud.height - 4)

        sizes = range(biggest, 11, -1)
        tries = [*((px, False) for px in sizes if px >= round(biggest * 0.8)), *((px, True) for px in sizes),
                 *((px, False) for px in sizes)]
        found = next(((px, two) for px, two in tries if (two_lines if two else one_line)(px)), None)
        if found is not None:
            plan = HeaderPlan(found[0], left, right, found[1])
        else:
            room = hud.width - wide(right, round(12 * 0.85)) - 3 * 12
            plan = HeaderPlan(12, fit_numbered(left, 12, room, bold=True), right, False)
        self._header = (key, plan)
        return plan

    def _draw_header(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        hud = self.layout.hud
        layer = pygame.Surface(hud.size, pygame.SRCALPHA)
        layer.fill(palette.hud)
        surface.blit(layer, hud)
        pygame.draw.line(surface, palette.gold, (hud.x, hud.bottom - 1), (hud.right - 1, hud.bottom - 1), 1)
        plan = self.header_plan()
        px, small = plan.px, round(plan.px * 0.85)
        if plan.two_lines:
            high = theme.font(px, True).get_linesize()
            top = hud.centery - (high + theme.font(small).get_linesize()) // 2
            at, result_at, anchor = (hud.x + px, top + high // 2), (hud.x + px, top + high), "topleft"
        else:
            at, result_at, anchor = (hud.x + px, hud.centery), (hud.right - px, hud.centery), "midright"
        drawn = self.app.drawn
        drawn.add(Kind.TEXT, theme.text(surface, plan.title, px, at, colour=palette.gold, bold=True,
                                        anchor="midleft"), "replay title")
        drawn.add(Kind.TEXT, theme.text(surface, plan.result, small, result_at, colour=palette.ink_dim,
                                        anchor=anchor), "replay result")

    def summary(self) -> str:
        """The bar's right-hand words: the result, the moves and the time played, or for a
        line never played as such (:attr:`heading`) its name and moves only."""
        r = self.replay
        if self.heading:
            return f"{self.heading} · {counted(len(r.moves), 'move')}"
        return f"{r.result} · {counted(len(r.moves), 'move')} · {format_seconds(r.seconds)}"

    def step_words(self) -> str:
        """The move that made the position on the table, in words (``7♥ from Row 2,
        pile 3 to the ♥ foundation``), or the wait for the next one while it is long."""
        wait = self.wait_left()
        if wait > LONG_WAIT:
            return f"Next move in {format_duration(math.ceil(wait))}"
        if not self.player.step:
            return "The deal"
        step = self.game.history[-1]
        moved = step.transfers[0].card if step.transfers else None
        notation = self.app.settings.show_notation
        words = move_words(self.game, step.move, card=moved, notation=notation)
        turn = self.turn
        if turn is not None and self.player.step > turn:
            k, n = self.player.step - turn, self.player.length - turn
            instead = f" (instead of your move {turn + 1:,})" if k == 1 else ""
            return f"Winning line, move {k:,} of {n:,}{instead}: {words}"
        if turn is not None and self.player.step == turn and turn:
            return f"Your move {turn:,}, then the winning line: {words}"
        return sentence(words)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        px = self.px
        layer = pygame.Surface(self.bar.size, pygame.SRCALPHA)
        layer.fill(palette.hud)
        surface.blit(layer, self.bar)
        pygame.draw.line(surface, palette.gold, self.bar.topleft, (self.bar.right - 1, self.bar.top), 1)
        player = self.player
        x = round(px * 0.8)
        count = theme.text(surface, f"Move {player.step:,} of {player.length:,}", round(px * 0.9),
                           (x, self.words_y), bold=True, anchor="midleft", colour=palette.ink)
        x = count.right + px
        words = self.message or self.step_words()
        room = self.timing.rect.x - x - px
        said = theme.text(surface, fit_text(words, round(px * 0.9), room), round(px * 0.9), (x, self.words_y),
                          colour=palette.warn if self.message else palette.ink_dim, anchor="midleft")
        drawn = self.app.drawn
        drawn.add(Kind.TEXT, count, "move number")
        drawn.add(Kind.TEXT, said, "the move in words")
        self._draw_button(surface, self.timing, round(px * 0.8), "Pace")
        self.timeline.draw(surface, px, palette)
        drawn.add(Kind.BUTTON, self.timeline.rect, "the timeline")
        for name, button in self.icons.items():
            button.draw(surface, px, palette)
            drawn.add(Kind.BUTTON, button.rect, f"playback control {name}")
            icon = "pause" if name == "play" and self.playing else name
            draw_icon(surface, icon, button.rect, palette.ink if button.enabled else palette.ink_dim)
            if button.focused:
                focus_glow(surface, button.rect, max(4, button.rect.height // 4), palette)
        self.speed.draw(surface, round(px * 0.85), palette)
        self.speed.record(drawn, self.speed.label)
        self.goto.draw(surface, round(px * 0.9), palette)
        self.goto.record(drawn, "go to move")
        for button in self._buttons():
            self._draw_button(surface, button, round(px * 0.9))
        self._draw_keys(surface)

    def _draw_button(self, surface: pygame.Surface, button: Button, px: int, name: str = "") -> None:
        """A button of the bar at text size ``px``, recorded (as ``name``, or its label), with
        the focus's glow when it has the focus."""
        palette = self.app.palette
        button.draw(surface, px, palette)
        record_button(self.app.drawn, button, px, name)
        if button.focused:
            focus_glow(surface, button.rect, max(4, button.rect.height // 4), palette)

    def key_line(self) -> str:
        """The fullest of :data:`KEY_LINES` that fits the window's width."""
        return fullest_key_hint(KEY_LINES, self.px, self.size[0])

    def _draw_keys(self, surface: pygame.Surface) -> None:
        keys = draw_key_hint(surface, self.key_line(), self.px, self.size, self.keys_y, self.app.palette)
        self.app.drawn.add(Kind.TEXT, keys, "the keys")
