"""The table: where a deal is played, by mouse or keyboard, with animated cards.

The flow is the one STYLE.md asks for: input → engine move → transfers → flights →
pixels. The engine is the only source of truth; this scene never changes the piles
itself. It draws :meth:`Animator.display_piles` of the engine's piles, so cards still in
flight are drawn in the air and hidden from where they are going until they land.

Input state machine (mouse): a press on a card *arms* it; moving a few pixels turns
that into a *drag* (legal targets glow), and the release drops it; a release without
moving is a *click*, which selects the card, and a click on another place then tries
that move. Keyboard: a focus ring moves between places, Space/Enter picks a card up and
puts it down. Every key or button press first lands all flights, so input can never act
on a half-drawn position.
"""

from __future__ import annotations

import copy
import datetime
import importlib.util
import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Game, Move, Transfer, new_game, random_game_number, rules_class
from ..engine.cards import card_pretty, card_text, rank_of, suit_of
from ..engine.state import FOUNDATION, STOCK, WASTE
from ..levels import Level, LevelsError, load_campaign, random_winnable
from ..records.progress import HighScore, load_progress, save_progress
from ..records.replay import ABANDONED, LOST, WON, Recorder, Replay
from ..records.saves import finish_game, load_game_extras, save_game, save_game_extras
from ..records.scoring import Score, ScoreEvent, score_replay, stars
from ..records.store import Store
from . import theme
from .anim import MOVE, RETURN, Animator, Celebration
from .app import Scene
from .art import draw_suit
from .layout import TableLayout, table_layout
from .widgets import draw_direction_headings, draw_pile_counts, pill

if TYPE_CHECKING:
    import argparse

    from .app import App

#: pixels the mouse must move with the button down before a press becomes a drag
DRAG_THRESHOLD = 5
#: seconds between two clicks that make a double-click
DOUBLE_CLICK = 0.35
#: seconds a message stays in the HUD
MESSAGE_SECONDS = 3.0
#: seconds without a new window size before the table is laid out for it
RESIZE_SETTLE = 0.12
#: seconds between the last card landing on a win and the dialog
WIN_DIALOG_DELAY = 1.1
#: seconds a movable card takes to lift under the pointer (and to settle back)
LIFT_SECONDS = 0.08
#: seconds the shadow of a card that just landed takes to shrink away
SETTLE_SECONDS = 0.18
#: seconds a foundation glows after a card arrives on it
ARRIVAL_SECONDS = 0.45
#: seconds each frame may spend drawing crisp card faces after a resize
REFINE_BUDGET = 0.006
#: how much larger the card in hand is drawn
DRAG_SCALE = 1.05
#: seconds a "+12" stays in the air after points are earned
POPUP_SECONDS = 1.1
#: how quickly the HUD's score counts towards the real one (share of the gap per second)
TICK_RATE = 9.0

SHORT_TITLES = {
    "constitution": "British Constitution",
    "constitution-cadogan": "Lady Cadogan",
    "square": "British Square",
    "union-square": "Union Square",
}


@dataclass
class _Press:
    """The mouse button went down on a place's top card (maybe the start of a drag)."""

    place: int
    pos: tuple[int, int]
    grab: tuple[int, int]  # pointer minus the card's top-left corner


@dataclass
class _Popup:
    """Points just earned or lost, floating up from where they were earned and fading."""

    words: str
    colour: tuple[int, int, int]
    pos: tuple[int, int]
    age: float = 0.0


@dataclass
class WinRecord:
    """What a win added to the player's records, for the win dialog."""

    score: int = 0
    time_bonus: int = 0
    stars: int = 0  # 0 outside level mode
    unlocked: bool = False  # the win unlocked the next level
    rank: int | None = None  # place in the rule set's high-score table
    level_rank: int | None = None  # place in the level's table
    notes: list[str] = field(default_factory=list)  # records that could not be saved


def random_deal(rules: str, winnable_only: bool) -> tuple[str, str]:
    """A random game number for a new deal, and what to tell the player about it.

    With ``winnable_only`` the number is one the solver proved winnable; when none is known
    for the rule set, any random number, and a message saying so.
    """
    if winnable_only:
        number = random_winnable(rules)
        if number is not None:
            return number, ""
        name = SHORT_TITLES.get(rules, rules)
        return random_game_number(), f"No winnable deal is known for {name}: this is a random deal"
    return random_game_number(), ""


@dataclass
class _Drag:
    """A card following the mouse."""

    place: int
    card: int
    grab: tuple[int, int]
    pos: tuple[int, int]
    targets: frozenset[int]

    @property
    def corner(self) -> tuple[int, int]:
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])


class TableScene(Scene):
    """One deal on the table, played until won, lost or left."""

    def __init__(self, app: App, game: Game, *, level: Level | None = None,
                 daily: datetime.date | None = None) -> None:
        super().__init__(app)
        #: False for positions that are not a player's game (pictures, benchmarks)
        self.keep_records = True
        #: the campaign level being played (level mode), or None
        self.level = level
        #: the day whose daily deal this is, or None
        self.daily = daily
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self._score_px = 14
        self.store = Store(app.data_dir)
        self.anim = Animator()
        self.layout: TableLayout = table_layout(game.rules, app.size)
        self._text_cache: dict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = {}
        self._glow_cache: dict[tuple[int, int, tuple[int, int, int], int], pygame.Surface] = {}
        self._shapes: dict[tuple[Any, ...], pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        self._hud: pygame.Surface | None = None
        self._hud_key: Any = None
        self.buttons: list[theme.Button] = []
        self.number_rect = pygame.Rect(0, 0, 0, 0)
        #: the pointer is over the game number (which a click copies)
        self.number_hover = False
        self.toast = ""
        #: every card drawn in a place: (card code, place index, rect), bottom to top per
        #: place; the cards under the top of a squared-up pile share its rect
        self.card_positions: list[tuple[int, int, pygame.Rect]] = []
        self.active = True
        self._pending_size: tuple[int, int] | None = None
        self._pending_left = 0.0
        self.hover: int | None = None
        self._hover_movable = False
        #: how far the hovered movable card is lifted (0 resting … 1 lifted)
        self.lift = 0.0
        self._lift_place: int | None = None
        #: cards that just landed: [place, slot, age in seconds]
        self.settling: list[list[float]] = []
        #: foundations a card just arrived on: [place, age in seconds]
        self.arrivals: list[list[float]] = []
        self._contrast: bool | None = None
        self._held: tuple[int, tuple[int, int], pygame.Surface] | None = None
        self.game = game
        self._reset_state()
        self._start_record()
        self._build_buttons()
        self._relayout(app.size)
        self._deal_animation()

    @classmethod
    def new(cls, app: App, rules: str, number: str | int) -> TableScene:
        """A table on a fresh deal of ``rules`` numbered ``number``."""
        return cls(app, new_game(rules, number))

    @classmethod
    def for_level(cls, app: App, level: Level) -> TableScene:
        """A table on a campaign level's deal, in level mode."""
        return cls(app, new_game(level.rules, level.game), level=level)

    @classmethod
    def from_replay(cls, app: App, replay: Replay, *, saved: bool = False) -> TableScene:
        """A table continuing a recorded game (the saved game in progress when ``saved``),
        with its clock, move times, hints and undos carried on; a saved game also keeps
        its score, its level and its daily deal."""
        extras = load_game_extras(Store(app.data_dir), replay) if saved else {}
        scene = cls(app, replay.play_out(), level=_level_of(replay, extras.get("level")),
                    daily=extras.get("daily"))
        scene.recorder = Recorder(scene.game, clock=scene._play_clock,
                                  started=replay.started or None, elapsed=replay.seconds,
                                  hints=replay.hints, undos=replay.undos,
                                  times=[m.seconds for m in replay.moves])
        score = extras.get("score")
        if isinstance(score, Score):
            scene.score = score
        else:
            scene.score.total = score_replay(replay)
        scene.shown_score = float(scene.score.total)
        scene._hints_charged = replay.hints
        return scene

    # ----- state ------------------------------------------------------------------------

    def _reset_state(self) -> None:
        self.undo_groups: list[int] = []
        self.redo_groups: list[int] = []
        self.selected: int | None = None
        self.press: _Press | None = None
        self.drag: _Drag | None = None
        self.focus = self.game.tableau.start
        self.focus_visible = False
        self.hint_list: list[Any] | None = None
        self.hint_index = 0
        self.message = ""
        self.message_left = 0.0
        self.clock = 0.0
        self.last_click: tuple[int, float] | None = None
        self.hover = None
        self.celebration: Celebration | None = None
        self.result_due = False
        self.win_dialog_in: float | None = None
        self.finished = False
        self._layer_key = None
        self.settling = []
        self.arrivals = []
        self.lift = 0.0
        self.score = Score()
        #: the score the HUD shows: it counts towards ``score.total``
        self.shown_score = 0.0
        self.popups: list[_Popup] = []
        self._hints_charged = 0
        #: what the win added to the records (None until the game is won)
        self.win_record: WinRecord | None = None

    def set_game(self, game: Game, *, keep_mode: bool = True) -> None:
        """Put a new position on the table (new deal, restart) and deal it; without
        ``keep_mode`` it is no longer a level or a daily deal."""
        self.anim.finish()
        if not keep_mode:
            self.level = None
            self.daily = None
        self.game = game
        self._reset_state()
        self._start_record()
        self._relayout(self.app.size)
        self._deal_animation()

    def _deal_animation(self) -> None:
        # A deal that is already won or lost says so once its cards are down.
        self.result_due = True
        g = self.game
        order = [*g.foundations, *g.tableau] + ([g.waste] if g.waste >= 0 else [])
        self.anim.queue_deal(g.piles, order, g.stock, speed=self.speed)
        if self.anim.busy:
            self._sound("deal")

    def _sound(self, name: str) -> None:
        """Play one of the app's sound effects (silent when sound is off or absent)."""
        self.app.sounds.play(name)

    def _sound_of_landing(self, on_foundation: bool) -> None:
        self._sound("foundation" if on_foundation else "putdown")

    @property
    def speed(self) -> float:
        """The animation speed setting (0 turns flights off)."""
        return max(0.0, float(self.app.settings.animation_speed))

    @property
    def short_title(self) -> str:
        """The rule set's short name (British Constitution, Lady Cadogan…)."""
        return SHORT_TITLES.get(self.game.rules, self.game.title)

    @property
    def in_progress(self) -> bool:
        """Moves were made and the game is not over (leaving it loses them)."""
        return bool(self.game.history) and not self.game.is_won() and not self.game.is_lost()

    # ----- scene hooks --------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again for the new window size, once the size has settled.

        Dragging a window edge sends a stream of sizes, and every new card size means
        drawing the cards afresh; so the old picture is shown stretched until no new size
        has come for RESIZE_SETTLE seconds (or until the next input, which needs the real
        geometry at once).
        """
        if size == self.layout.size:
            self._pending_size = None
            return
        self._pending_size = size
        self._pending_left = RESIZE_SETTLE

    def _apply_resize(self) -> None:
        if self._pending_size is not None:
            size, self._pending_size = self._pending_size, None
            self._relayout(size)

    def _relayout(self, size: tuple[int, int]) -> None:
        old_card = self.layout.card
        self.layout = table_layout(self.game.rules, size)
        if self.layout.card != old_card:
            # Card images are cached per size; keep only the new size's, so resizing
            # the window many times does not pile up images of every size in memory.
            # The faces of the old size stand in, scaled, until update() has drawn the
            # new ones a few at a time: the table shows at the new size at once.
            self.app.art.change_size(self.layout.card)
            self._glow_cache.clear()
            self._shapes.clear()
            self._held = None
        self._background = None
        self._layer_key = None
        self._hud_key = None
        self._place_buttons()
        if self.celebration is not None:
            self.celebration = None

    def pause(self) -> None:
        """A dialog or another scene is on top: drop any half-made gesture, stop the clock."""
        self.active = False
        self._cancel_gesture()
        self.recorder.pause()

    def resume(self) -> None:
        """Back on top: the clock runs again unless the game is over; options changed
        meanwhile (high contrast, four colours…) show at once."""
        self.active = True
        self._hud_key = None
        self._layer_key = None
        self._background = None
        self._use_theme()
        if not self.finished:
            self.recorder.resume()

    def wants_quit(self) -> bool:
        """The window is closing: a game in progress is saved (to continue next time);
        a lost one is counted."""
        if self._records_wanted():
            g = self.game
            if g.is_lost():
                self._end_game()
            elif g.history and not g.is_won():
                self._write_record(self._save_game)
        return True

    def _save_game(self) -> None:
        """Save the game in progress with its score, level and daily deal."""
        replay = self.recorder.replay()
        if save_game(self.store, replay):
            save_game_extras(self.store, replay, score=self.score,
                             level=self.level.number if self.level is not None else None,
                             daily=self.daily)

    def update(self, dt: float) -> None:
        """Advance flights, the celebration, the clock and messages."""
        self.clock += dt
        if self._pending_size is not None:
            self._pending_left -= dt
            if self._pending_left <= 0:
                self._apply_resize()
        if self.app.art.refining and self.app.art.refine(REFINE_BUDGET):
            self._layer_key = None  # crisp faces replace the scaled ones
        landed = self.anim.update(dt)
        self._age_effects(dt)
        for flight in landed:
            if flight.kind == RETURN or not flight.quiet:
                self.settling.append([flight.dst, flight.dst_slot, 0.0])
            if flight.kind == MOVE and not flight.quiet and flight.dst in self.game.foundations:
                self.arrivals.append([flight.dst, 0.0])
        landed = [f for f in landed if not f.quiet]
        if landed:
            self._sound_of_landing(any(f.dst in self.game.foundations for f in landed))
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = ""
        if self.result_due and not self.anim.busy:
            self.result_due = False
            self._check_result()
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
        if self.win_dialog_in is not None:
            self.win_dialog_in -= dt
            if self.win_dialog_in <= 0:
                self.win_dialog_in = None
                if self.app.top is self:
                    from .dialogs import win_dialog

                    self.app.push(win_dialog(self.app, self))

    def _age_effects(self, dt: float) -> None:
        """Lift the hovered movable card (or let it down); age landings and arrivals."""
        g = self.game
        want = (self.hover is not None and self._hover_movable and self.drag is None
                and self.selected is None and not self.anim.busy and bool(g.piles[self.hover]))
        if want and self.hover != self._lift_place:
            self._lift_place, self.lift = self.hover, 0.0
        step = dt / LIFT_SECONDS
        self.lift = min(1.0, self.lift + step) if want else max(0.0, self.lift - step)
        if self.lift == 0.0 and not want:
            self._lift_place = None
        for item in self.settling:
            item[2] += dt
        self.settling = [s for s in self.settling if s[2] < SETTLE_SECONDS]
        for item in self.arrivals:
            item[1] += dt
        self.arrivals = [a for a in self.arrivals if a[1] < ARRIVAL_SECONDS]
        if self.popups:
            for popup in self.popups:
                popup.age += dt
            self.popups = [p for p in self.popups if p.age < POPUP_SECONDS]
        target = float(self.score.total)
        if self.shown_score != target:
            gap = target - self.shown_score
            self.shown_score += gap * min(1.0, dt * TICK_RATE)
            if abs(target - self.shown_score) < 0.5:
                self.shown_score = target

    def _check_result(self) -> None:
        if self.game.is_won():
            self.finished = True
            self._sound("win")
            self.recorder.pause()
            bonus = self.score.win(self.recorder.elapsed)
            self._earn(bonus, None)
            self._record_win(sum(e.points for e in bonus))
            self._end_game()
            self._start_celebration()
            self.win_dialog_in = WIN_DIALOG_DELAY
        elif self.game.is_lost():
            self.finished = True
            if self.app.top is self:
                from .dialogs import lost_dialog

                self.app.push(lost_dialog(self.app, self))

    def _start_celebration(self) -> None:
        g = self.game
        launch: list[tuple[int, tuple[float, float]]] = []
        for f in g.foundations:
            corner = self.layout.bases[f].topleft
            launch.extend((c, (float(corner[0]), float(corner[1]))) for c in g.piles[f])
        # Leave the foundations from the top down, one foundation after another in turn.
        launch.sort(key=lambda item: (-rank_of(item[0]), suit_of(item[0])))
        launch = launch[:52]
        launch.reverse()
        self.celebration = Celebration(self.layout.size, launch, self.layout.card,
                                       seed=sum(map(ord, g.game)), dark=theme.high_contrast)

    # ----- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard; any press lands the flights first."""
        if event.type in _INPUT:
            self._apply_resize()
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.anim.finish()
        if event.type == pygame.MOUSEMOTION:
            self._on_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._on_release(event)
        elif event.type == pygame.KEYDOWN:
            self._on_key(event)

    def _on_motion(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            button.handle(event)
        pos = event.pos
        self.number_hover = self.drag is None and self.number_rect.collidepoint(pos)
        hover = self.place_at(pos) if self.drag is None else None
        if hover != self.hover:
            self.hover = hover
            self._hover_movable = hover is not None and bool(self._moves_from(hover))
        if self.press is not None and self.drag is None:
            dx, dy = pos[0] - self.press.pos[0], pos[1] - self.press.pos[1]
            if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                self._start_drag(self.press.place, self.press.grab, pos)
        if self.drag is not None:
            self.drag.pos = (int(pos[0]), int(pos[1]))

    def _on_press(self, event: pygame.event.Event) -> None:
        if any(button.handle(event) for button in self.buttons):
            return
        pos = event.pos
        if event.button == 3:
            place = self.place_at(pos)
            if place is not None:
                self.send_to_foundation(place)
            return
        if event.button != 1:
            return
        self.focus_visible = False
        if self.number_rect.collidepoint(pos):
            self.copy_game_number()
            return
        place = self.place_at(pos)
        if place is None:
            self.selected = None
            return
        if self.selected is not None and place != self.selected:
            src = self.selected
            self.selected = None
            if self._try_move(src, place):
                return
        if self.last_click is not None and self.last_click[0] == place \
                and self.clock - self.last_click[1] <= DOUBLE_CLICK and place != self.game.stock:
            self.last_click = None
            self.selected = None
            self.send_to_foundation(place)
            return
        pile = self.game.piles[place]
        kind = self.game.places[place].kind
        if pile and kind != FOUNDATION:
            rect = self._top_rect(place)
            self.press = _Press(place, (int(pos[0]), int(pos[1])),
                                (int(pos[0]) - rect.x, int(pos[1]) - rect.y))

    def _on_release(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            button.handle(event)
        if event.button != 1:
            return
        if self.drag is not None:
            self._drop(self.drag, event.pos)
            self.drag = None
            self.press = None
            return
        press = self.press
        self.press = None
        if press is None:
            return
        self.last_click = (press.place, self.clock)
        self._click(press.place)

    def _click(self, place: int) -> None:
        """A click on a card without dragging it: select it (the stock turns)."""
        g = self.game
        if place == g.stock:
            self.turn_stock()
            return
        if self.selected == place:
            self.selected = None
            return
        if self._moves_from(place):
            self.selected = place
            self._sound("pickup")
        else:
            self.selected = None
            self._say(f"{card_pretty(g.piles[place][-1])} has no move now")

    def _on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key != pygame.K_ESCAPE and (self.drag is not None or self.press is not None):
            # A key while a card is in hand puts it back first: the position may change.
            self._cancel_gesture()
        ctrl = bool(event.mod & pygame.KMOD_CTRL) if hasattr(event, "mod") else False
        shift = bool(event.mod & pygame.KMOD_SHIFT) if hasattr(event, "mod") else False
        if key == pygame.K_ESCAPE:
            if self.drag is not None or self.selected is not None:
                self._cancel_gesture()
                self.selected = None
            else:
                self.ask_menu()
        elif key == pygame.K_z and ctrl:
            self.redo() if shift else self.undo()
        elif key == pygame.K_y and ctrl:
            self.redo()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_h:
            self.hint()
        elif key == pygame.K_p:
            self.start_demo()
        elif key == pygame.K_d:
            self.turn_stock()
        elif key == pygame.K_n:
            self.ask_new_deal()
        elif key == pygame.K_r:
            self.ask_restart()
        elif key == pygame.K_TAB:
            self._tab(-1 if shift else 1)
        elif key in _ARROWS:
            self._arrow(_ARROWS[key])
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._keyboard_act()

    # ----- gestures -------------------------------------------------------------------------

    def _cancel_gesture(self) -> None:
        self.press = None
        self.drag = None

    def _start_drag(self, place: int, grab: tuple[int, int], pos: tuple[int, int]) -> None:
        g = self.game
        targets = frozenset(m.dst for m in self._moves_from(place))
        self._sound("pickup")
        self.selected = None
        self.drag = _Drag(place, g.piles[place][-1], grab, (int(pos[0]), int(pos[1])), targets)

    def _drop(self, drag: _Drag, pos: tuple[int, int]) -> None:
        corner = drag.corner
        target = self._drop_target(pos, pygame.Rect(corner, self.layout.card))
        slot = len(self.game.piles[drag.place]) - 1
        start = (float(corner[0]), float(corner[1]))
        if target is None or target == drag.place:
            self.anim.fly_back(drag.card, drag.place, slot, start, speed=self.speed)
            return
        move = self._resolve(drag.place, target)
        reason = self.game.why_illegal(move)
        if reason is not None:
            self._say(reason)
            self._sound("illegal")
            self.anim.fly_back(drag.card, drag.place, slot, start, speed=self.speed)
            return
        self.play(move, start=start)

    def _drop_target(self, pos: tuple[int, int], card: pygame.Rect) -> int | None:
        areas = self.layout.areas
        counts = self.game.piles
        best, best_area = None, 0
        for i, area in enumerate(areas):
            region = area.union(self.layout.pile_rect(i, len(counts[i])))
            if region.collidepoint(pos):
                return i
            overlap = region.clip(card)
            if overlap.width * overlap.height > best_area:
                best, best_area = i, overlap.width * overlap.height
        return best

    def _resolve(self, src: int, dst: int) -> Move:
        """The move from ``src`` to ``dst``, or to the other foundation of the suit if
        the one aimed at does not take the card but a twin does."""
        g = self.game
        move = g.move_table[src][dst]
        if g.why_illegal(move) is None or dst not in g.foundations:
            return move
        for m in self._moves_from(src):
            if m.dst in g.foundations:
                return m
        return move

    def _try_move(self, src: int, dst: int) -> bool:
        """Play src→dst if legal (True), otherwise say why."""
        move = self._resolve(src, dst)
        reason = self.game.why_illegal(move)
        if reason is not None:
            self._say(reason)
            self._sound("illegal")
            return False
        self.play(move)
        return True

    def _moves_from(self, place: int) -> list[Move]:
        return [m for m in self.game.legal_moves() if m.src == place]

    # ----- keyboard -----------------------------------------------------------------------------

    def _tab_order(self) -> list[int]:
        g = self.game
        extra = [g.waste] if g.waste >= 0 else []
        return [*g.tableau, *extra, g.stock, *g.foundations]

    def _tab(self, step: int) -> None:
        order = self._tab_order()
        i = order.index(self.focus) if self.focus in order else 0
        self.focus = order[(i + step) % len(order)]
        self.focus_visible = True

    def _arrow(self, direction: tuple[int, int]) -> None:
        self.focus_visible = True
        here = self.layout.areas[self.focus].center
        best, best_score = None, math.inf
        for i, area in enumerate(self.layout.areas):
            if i == self.focus:
                continue
            dx, dy = area.centerx - here[0], area.centery - here[1]
            along = dx * direction[0] + dy * direction[1]
            if along <= 0:
                continue
            across = abs(dx * direction[1]) + abs(dy * direction[0])
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = i, score
        if best is not None:
            self.focus = best

    def _keyboard_act(self) -> None:
        """Space/Enter: pick up the focused card, or put the held one down here."""
        self.focus_visible = True
        g = self.game
        place = self.focus
        if self.selected is not None:
            src = self.selected
            if src == place:
                self.selected = None
                return
            if src == g.stock and place == g.waste:
                self.selected = None
                self.turn_stock()
                return
            self.selected = None
            self._try_move(src, place)
            return
        if place == g.stock:
            if any(m.dst != g.waste for m in self._moves_from(place)):
                self.selected = place
                self._say("Put the stock card on the waste or into an empty column")
            else:
                self.turn_stock()
            return
        if not g.piles[place]:
            self._say(f"{g.place_name(place)} is empty")
            return
        if g.places[place].kind == FOUNDATION:
            self._say("Foundation cards never leave their foundation")
            return
        if self._moves_from(place):
            self.selected = place
            self._sound("pickup")
        else:
            self._say(f"{card_pretty(g.piles[place][-1])} has no move now")

    # ----- actions (buttons, keys, dialogs) ---------------------------------------------------

    def play(self, move: Move, *, start: tuple[float, float] | None = None) -> None:
        """Play a player move, then any auto-drops, and animate every transfer."""
        from ..engine.autodrop import safe_foundation_move

        g = self.game
        self._charge_hints()
        transfers = self._scored(self.recorder.play(move))
        steps = 1
        if self.app.settings.auto_drop:
            while steps < 400:
                drop = safe_foundation_move(g)
                if drop is None:
                    break
                transfers += self._scored(self.recorder.play(drop))
                steps += 1
        self.undo_groups.append(steps)
        self.redo_groups.clear()
        if move.src == g.stock:
            self._sound("stock")
        self._after_change(transfers, start=start)

    def _after_change(self, transfers: list[Transfer], *, start: tuple[float, float] | None = None,
                      seconds: float | None = None) -> None:
        self.selected = None
        self._hover_movable = self.hover is not None and bool(self._moves_from(self.hover))
        self.hint_list = None
        self.result_due = True
        self.finished = False
        self.win_dialog_in = None
        self.celebration = None
        if seconds is None:
            self.anim.queue_transfers(transfers, self.game.piles, speed=self.speed, start=start)
        else:
            self.anim.queue_transfers(transfers, self.game.piles, speed=self.speed, start=start,
                                      seconds=seconds)
        if transfers and not self.anim.busy:  # animation off: the cards are down already
            self._sound_of_landing(any(t.dst in self.game.foundations for t in transfers))
            self.arrivals.extend([t.dst, 0.0] for t in transfers if t.dst in self.game.foundations)

    def undo(self) -> None:
        """Take back the last player move with the fills and auto-drops it caused."""
        self.anim.finish()
        g = self.game
        if not g.history:
            self._say("Nothing to undo")
            return
        steps = self.undo_groups.pop() if self.undo_groups else 1
        transfers: list[Transfer] = []
        for _ in range(steps):
            transfers += self.recorder.undo()
        # One undo for the player, however many auto-drops it took back with the move.
        self.recorder.undos -= steps - 1
        foundations = self.game.foundations
        back = sum(1 for t in transfers if t.src in foundations and t.dst not in foundations)
        self._earn(self.score.undo(back), None)
        self.redo_groups.append(steps)
        self.recorder.resume()
        self._after_change(transfers, seconds=0.14)

    def redo(self) -> None:
        """Play again the last undone player move (with its auto-drops)."""
        self.anim.finish()
        g = self.game
        if not g.future:
            self._say("Nothing to redo")
            return
        steps = self.redo_groups.pop() if self.redo_groups else 1
        transfers: list[Transfer] = []
        for _ in range(steps):
            if not g.future:
                break
            transfers += self._scored(self.recorder.redo())
        self.undo_groups.append(steps)
        self._after_change(transfers, seconds=0.14)

    def turn_stock(self) -> None:
        """Turn the next stock card onto the waste, when the rules allow it now."""
        self.anim.finish()
        g = self.game
        if g.waste < 0:
            self._say("The stock fills Row 4 by itself; it is never turned")
            return
        move = g.move_table[g.stock][g.waste]
        reason = g.why_illegal(move)
        if reason is not None:
            self._say(reason)
            return
        self.play(move)

    def send_to_foundation(self, place: int) -> None:
        """Double-click / right-click: the card goes to a foundation if one takes it."""
        self.anim.finish()
        g = self.game
        for move in self._moves_from(place):
            if move.dst in g.foundations:
                self.play(move)
                return
        if g.piles[place] and g.places[place].kind != FOUNDATION:
            self._say(f"No foundation takes {card_pretty(g.piles[place][-1])} now")

    def hint(self) -> None:
        """Show the next hint: an arrow from the card to its destination, with the reason."""
        if not self.app.settings.hints:
            self._say("Hints are turned off in the options")
            return
        if importlib.util.find_spec("game.search.hint") is None:
            self._say("hints are not available")
            return
        from ..search.hint import hints

        if self.hint_list is None:
            self.hint_list = list(hints(self.game, twins=False))
            self.hint_index = 0
        elif self.hint_list:
            self.hint_index = (self.hint_index + 1) % len(self.hint_list)
        if self.hint_list:
            self.recorder.note_hint()
            self._charge_hints()
        else:
            self._say("No move to suggest")

    def start_demo(self) -> None:
        """Let the demo player play this game by itself (any click or key takes over)."""
        g = self.game
        if self.finished or g.is_won() or g.is_lost():
            self._say("This game is over: the demo has nothing to play")
            return
        from .demo_scene import DemoScene

        self.anim.finish()
        self._cancel_gesture()
        self.selected = None
        self.hint_list = None
        self.app.push(DemoScene(self.app, self))

    def demo_stopped(self, why: str) -> None:
        """The demo handed the game back: say why; a game it lost shows its dialog now."""
        self._say(why)
        if self.game.is_lost():
            self.result_due = True

    def _charge_hints(self) -> None:
        """Charge the score for every hint the record counts and the score has not (the
        hint button, and each move the demo player made for the player)."""
        while self._hints_charged < self.recorder.hints:
            self._hints_charged += 1
            self._earn(self.score.hint(), None)

    def _scored(self, transfers: list[Transfer]) -> list[Transfer]:
        """Score the cards one move (or redo) put on the foundations, at its time of play."""
        foundations = self.game.foundations
        landed = [t.dst for t in transfers if t.dst in foundations and t.src not in foundations]
        if landed:
            self._earn(self.score.foundation(len(landed), self.recorder.elapsed), landed[-1])
        return list(transfers)

    def _earn(self, events: list[ScoreEvent], place: int | None) -> None:
        """Show points earned or lost: "+10" rising from the foundation ``place`` (or
        from under the score when None); the HUD's number counts towards the new total."""
        points = sum(e.points for e in events)
        if not events or not any(e.points for e in events):
            return
        if place is not None:
            anchor = self.layout.bases[place].center
        else:
            anchor = (self.score_rect.centerx, self.layout.hud.bottom + self.layout.card[1] // 2)
        # One figure per change; a streak or a penalty says what it was.
        words = f"+{points}" if points >= 0 else f"−{-points}"
        labels = [e.label for e in events if e.label != "foundation" and e.points]
        if labels:
            # "streak x3" is said "×3", short enough for the foundation's width
            words += " " + labels[0].replace("streak x", "×")
        colour = theme.HIGHLIGHT if points >= 0 else theme.WARN
        self.popups = [p for p in self.popups if p.pos != anchor]
        self.popups.append(_Popup(words, colour, anchor))
        del self.popups[:-8]
        if self.speed == 0:
            self.shown_score = float(self.score.total)

    def restart(self) -> None:
        """Back to the start of this deal (a fresh game of the same position); the game
        given up is counted as abandoned (or lost, if no move was left)."""
        self._end_game()
        g = self.game
        while g.history:
            g.undo()
        self.set_game(type(g).from_layout(g.to_layout()))

    def new_deal(self) -> None:
        """A new random deal of the same rule set (one proved winnable when the option
        "winnable deals only" is on); it is no longer a level or a daily deal."""
        self._end_game()
        number, note = random_deal(self.game.rules, self.app.settings.winnable_only)
        self.set_game(new_game(self.game.rules, number), keep_mode=False)
        if note:
            self._say(note)

    def next_level(self) -> Level | None:
        """The campaign level after this one, or None (not in level mode, or the last)."""
        if self.level is None:
            return None
        try:
            levels = load_campaign(self.level.rules).levels
        except LevelsError:
            return None
        return levels[self.level.number] if self.level.number < len(levels) else None

    def play_next_level(self) -> None:
        """Deal the next level of the campaign (level mode goes on)."""
        following = self.next_level()
        if following is None:
            return
        self._end_game()
        self.level = following
        self.set_game(new_game(following.rules, following.game))

    def go_to_levels(self) -> None:
        """Leave the table for the levels screen of this rule set."""
        self._end_game()
        from .levels_scene import LevelsScene

        scenes = self.app.scenes
        below = scenes[: scenes.index(self)] if self in scenes else []
        if below and isinstance(below[-1], LevelsScene):
            while self.app.top is not below[-1]:
                self.app.pop()
            below[-1].show(self.game.rules)
            return
        from .menu import MenuScene

        self.app.reset(MenuScene(self.app, self.game.rules))
        self.app.push(LevelsScene(self.app, self.game.rules))

    def say(self, words: str) -> None:
        """Show a message in the HUD (or the footer when the HUD has no room)."""
        self._say(words)

    def ask_restart(self) -> None:
        """Restart, asking first if that would throw away a game in progress."""
        self._confirm_then("Restart this deal?", "The moves you made will be lost.", "Restart",
                           self.restart)

    def ask_new_deal(self) -> None:
        """New deal, asking first if a game is in progress."""
        self._confirm_then("Start a new deal?", "The game in progress will be abandoned.",
                           "New deal", self.new_deal)

    def ask_menu(self) -> None:
        """Back to the menu, asking first if a game is in progress."""
        self._confirm_then("Leave this game?", "The game in progress will be abandoned.",
                           "Leave", self.go_to_menu)

    def _confirm_then(self, title: str, words: str, yes: str, action: Any) -> None:
        self._cancel_gesture()
        if not self.in_progress:
            action()
            return
        from .dialogs import confirm_dialog

        self.app.push(confirm_dialog(self.app, title, words, yes, action))

    def go_to_menu(self) -> None:
        """Leave the table for the menu (the one below it if there is one)."""
        self._end_game()
        scenes = self.app.scenes
        below = scenes[: scenes.index(self)] if self in scenes else []
        if below and type(below[-1]).__name__ == "MenuScene":
            while self.app.top is not below[-1]:
                self.app.pop()
            return
        if importlib.util.find_spec("game.ui.menu") is None:
            self.app.pop()
            return
        from .menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def show_rules(self) -> None:
        """Open the rules of this game over the table."""
        from .rules_scene import RulesScene

        self.app.push(RulesScene(self.app, self.game.rules))

    def copy_game_number(self) -> None:
        """Put the game number on the clipboard; it is kept in ``app.clipboard`` as well,
        since the system clipboard may not work (headless, no clipboard support)."""
        number = self.game.game
        self.app.clipboard = number
        scrap: Any = getattr(pygame, "scrap", None)
        try:
            if scrap is not None and hasattr(scrap, "put_text"):
                scrap.put_text(number)
        except (pygame.error, NotImplementedError, RuntimeError):
            pass
        self._say(f"Game number {number} copied")

    def _say(self, words: str) -> None:
        self.message = words
        self.message_left = MESSAGE_SECONDS
        self._hud_key = None

    # ----- records -----------------------------------------------------------------------------

    def _play_clock(self) -> float:
        """The play clock the recorder reads: the scene's own time, advanced by update()."""
        return self.clock

    @property
    def elapsed(self) -> float:
        """Seconds of play in this game (the clock stops under dialogs and at the end)."""
        return self.recorder.elapsed

    def _start_record(self) -> None:
        self.recorder = Recorder(self.game, clock=self._play_clock)
        self.recorded = False
        #: "Replay saved as NAME" once the finished game's replay was saved
        self.replay_saved = ""
        self.recordable = _is_deal(self.game)

    def _records_wanted(self) -> bool:
        return self.keep_records and self.recordable and not self.recorded

    def _record_win(self, time_bonus: int) -> None:
        """A won game: its score into the high-score tables; in level mode the stars and
        the unlock; a daily deal counted as won. Once per game, a real deal only."""
        if self.win_record is not None:
            return
        record = self.win_record = WinRecord(score=self.score.total, time_bonus=time_bonus)
        if not self._records_wanted():
            return
        g = self.game
        rules = g.rules
        seconds = round(self.recorder.elapsed, 1)
        moves = len(g.history)
        progress = load_progress(self.store)
        entry = HighScore(score=self.score.total, game=g.game, date=datetime.date.today().isoformat(),
                          moves=moves, seconds=seconds)
        record.rank = progress.add_score(rules, entry)
        level = self.level
        if level is not None and level.rules == rules and level.game == g.game:
            record.stars = stars(moves, seconds, level.par_moves, level.par_seconds,
                                 hints=self.recorder.hints, undos=self.recorder.undos)
            try:
                record.unlocked = progress.record_level_win(rules, level.number, record.stars,
                                                            self.score.total, moves, seconds, g.game)
            except ValueError as err:
                record.notes.append(str(err))
            record.level_rank = progress.add_score(rules, entry, level=level.number)
        if self.daily is not None:
            progress.record_daily_win(rules, self.daily)
        if not save_progress(self.store, progress):
            record.notes.extend(self.store.take_warnings())

    def _end_game(self) -> None:
        """Count the game in the statistics (won, lost or abandoned) once, if it is a
        real deal that had moves; an untouched deal is not counted."""
        if not self._records_wanted():
            return
        g = self.game
        if g.is_won():
            result = WON
        elif g.is_lost():
            result = LOST
        elif g.history:
            result = ABANDONED
        else:
            return
        self.recorded = True
        replay = self.recorder.replay(result)
        self._write_record(lambda: finish_game(self.store, replay))

    def save_replay(self) -> None:
        """Save the finished game as a replay, then show the end dialog again with
        where it went (or why it could not be saved)."""
        from ..records.saves import save_replay
        from .dialogs import lost_dialog, win_dialog

        result = WON if self.game.is_won() else LOST if self.game.is_lost() else None
        path = save_replay(self.store, self.recorder.replay(result))
        if path is not None:
            self.replay_saved = f"Replay saved as {path.name}"
        else:
            self.replay_saved = "; ".join(self.store.take_warnings()) or "The replay was not saved."
        self._sound("click")
        if self.app.top is self:
            dialog = win_dialog if self.game.is_won() else lost_dialog
            self.app.push(dialog(self.app, self))

    def _write_record(self, write: Any) -> None:
        """Run a records call; a failure is shown as a message, never a crash."""
        try:
            write()
        except (OSError, ValueError) as err:
            self._say(f"The game record was not saved: {err}")

    # ----- geometry helpers ------------------------------------------------------------------

    def display_piles(self) -> list[list[int]]:
        """What is drawn in each place now (cards in flight or in hand left out)."""
        piles = self.anim.display_piles(self.game.piles)
        if self.drag is not None and piles[self.drag.place]:
            piles[self.drag.place].pop()
        return piles

    def _slot_rect(self, place: int, slot: int) -> pygame.Rect:
        count = max(slot + 1, len(self.game.piles[place]))
        base = self.layout.bases[place]
        return base.move(0, round(slot * self.layout.pile_step(place, count)))

    def _locate(self, place: int, slot: int) -> tuple[float, float]:
        r = self._slot_rect(place, slot)
        return (float(r.x), float(r.y))

    def _top_rect(self, place: int) -> pygame.Rect:
        n = len(self.game.piles[place])
        return self._slot_rect(place, max(0, n - 1))

    def place_at(self, pos: tuple[int, int]) -> int | None:
        """The place under the pointer (its cards or its empty outline), or None."""
        piles = self.game.piles
        for i in range(len(piles)):
            if self.layout.pile_rect(i, len(piles[i])).collidepoint(pos):
                return i
        return None

    # ----- buttons and HUD ----------------------------------------------------------------

    def _build_buttons(self) -> None:
        specs: list[tuple[str, Any, str]] = [
            ("Hint", self.hint, "H"),
            ("Demo", self.start_demo, "P"),
            ("Undo", self.undo, "U / Ctrl+Z"),
            ("Redo", self.redo, "Ctrl+Y"),
            ("Restart", self.ask_restart, "R"),
            ("New deal", self.ask_new_deal, "N"),
        ]
        if importlib.util.find_spec("game.ui.rules_scene") is not None:
            specs.append(("Rules", self.show_rules, ""))
        specs.append(("Menu", self.ask_menu, "Esc"))
        self.buttons = [theme.Button(label, self._clicking(action), hint=keys)
                         for label, action, keys in specs]

    def _clicking(self, action: Any) -> Any:
        """A button's action, with the button's click sound first."""
        def press() -> None:
            self._sound("click")
            action()
        return press

    def _button_px(self) -> int:
        return max(12, round(self.layout.hud.height * 0.3))

    def _place_buttons(self) -> None:
        hud = self.layout.hud
        px = self._button_px()
        f = theme.font(px, bold=True)
        pad = round(px * (0.9 if hud.width >= 1100 else 0.55))
        gap = max(4, round(px * 0.4))
        h = round(hud.height * 0.62)
        x = hud.right - max(8, round(hud.height * 0.2))
        y = hud.centery - h // 2
        for button in reversed(self.buttons):
            w = f.size(button.label)[0] + 2 * pad
            x -= w
            button.rect = pygame.Rect(x, y, w, h)
            x -= gap

    def _hud_surface(self) -> pygame.Surface:
        """The bar at the top: rule set, game number, moves, time, status, buttons.

        Drawn again only when one of those changes. Where the window is too narrow for
        a line of status, the status shows in the footer below the cards instead.
        """
        g = self.game
        seconds = int(self.elapsed)
        for warning in self.store.take_warnings():
            self._say(warning)
        self._refresh_buttons()
        status = self.message or self._status()
        key = (self.layout.size, g.game, len(g.history), seconds, status, theme.high_contrast,
               self.number_hover, tuple((b.hover, b.pressed, b.enabled) for b in self.buttons))
        if self._hud is not None and key == self._hud_key:
            return self._hud
        hud = self.layout.hud
        surf = pygame.Surface(hud.size, pygame.SRCALPHA)
        surf.fill(theme.HUD)
        pygame.draw.line(surf, (*theme.GOLD, 255 if theme.high_contrast else 160), (0, hud.height - 1),
                         (hud.width, hud.height - 1), 2 if theme.high_contrast else 1)
        px_big = theme.scaled(max(13, round(hud.height * 0.3)))
        px_small = theme.scaled(max(11, round(hud.height * 0.25)))
        left = max(10, round(hud.height * 0.3))
        right = (self.buttons[0].rect.left if self.buttons else hud.width) - left
        line1 = round(hud.height * 0.12)
        line2 = round(hud.height * 0.56)
        title = g.title if hud.width >= 1500 else SHORT_TITLES.get(g.rules, g.title)
        if self.level is not None:
            title += f" · Level {self.level.number}"
        elif self.daily is not None:
            title += " · Daily deal"
        title_rect = theme.text(surf, title, px_big, (left, line1), colour=theme.GOLD, bold=True)
        self.number_rect = theme.text(surf, f"#{g.game}", px_small, (left, line2),
                                      colour=theme.HIGHLIGHT if self.number_hover else theme.INK)
        if self.number_hover:
            # pointed at: underlined like a link, since a click copies it
            r = self.number_rect
            pygame.draw.line(surf, theme.HIGHLIGHT, (r.left, r.bottom), (r.right, r.bottom), 1)
        self.number_rect.inflate_ip(8, 6)
        minutes, secs = divmod(seconds, 60)
        stats = f"Moves {len(g.history)}  ·  {minutes}:{secs:02d}"
        stats_w = theme.font(px_big, bold=True).size(stats)[0]
        gap = round(hud.height * 0.5)
        if title_rect.right + gap + stats_w <= right:
            stats_rect = theme.text(surf, stats, px_big, (title_rect.right + gap, line1),
                                    colour=theme.INK, bold=True)
            after_number = self.number_rect.right + 4
            hint_px = max(11, px_small - 3)  # smaller is hard to read
            hint_w = theme.font(hint_px).size("click to copy")[0]
            if after_number + hint_w <= right:
                theme.text(surf, "click to copy", hint_px,
                           (after_number, self.number_rect.centery), colour=theme.INK_DIM,
                           anchor="midleft")
            status_x = stats_rect.left
        else:
            stats_rect = theme.text(surf, stats, px_small, (self.number_rect.right + gap // 2, line2),
                                    colour=theme.INK, bold=True)
            status_x = stats_rect.right + gap
        # The score: its word is drawn here, its number every frame by _draw_score (it
        # counts up when points are earned), in a slot wide enough for six digits.
        digits_w = theme.font(px_big, bold=True).size("−888888")[0]
        slot_on_line1 = (stats_rect.top == line1 and stats_rect.right + gap
                         + theme.font(px_big).size("Score ")[0] + digits_w <= right)
        label_px = px_big if slot_on_line1 else px_small
        label_w = theme.font(label_px).size("Score ")[0]
        slot_w = label_w + digits_w
        if slot_on_line1:
            slot = pygame.Rect(stats_rect.right + gap, line1, slot_w, stats_rect.height)
        elif stats_rect.top == line1:
            slot = pygame.Rect(stats_rect.left, line2, slot_w, self.number_rect.height)
            status_x = slot.right + gap // 2
        else:
            slot = pygame.Rect(stats_rect.right + gap // 2, line2, slot_w, stats_rect.height)
            status_x = slot.right + gap // 2
        theme.text(surf, "Score", label_px, (slot.x, slot.centery), colour=theme.INK_DIM,
                   anchor="midleft")
        self.score_rect = pygame.Rect(slot.x + label_w, slot.y, slot_w - label_w, slot.height)
        self._score_px = px_big
        room = right - status_x
        self.toast = ""
        if status:
            if room >= 200:
                surf.blit(self._fit_text(status, px_small, room, theme.HIGHLIGHT),
                          (status_x, line2 if status_x == stats_rect.left or slot.top == line2
                           else line1))
            else:
                self.toast = status
        for button in self.buttons:
            button.draw(surf, self._button_px())
        self._hud, self._hud_key = surf, key
        return surf

    def _fit_text(self, words: str, px: int, room: int, colour: tuple[int, int, int]) -> pygame.Surface:
        f = theme.font(px)
        if f.size(words)[0] > room:
            while words and f.size(words + "…")[0] > room:
                words = words[:-1]
            words += "…"
        return f.render(words, True, colour)

    def _refresh_buttons(self) -> None:
        g = self.game
        for button in self.buttons:
            if button.label == "Undo":
                button.enabled = bool(g.history)
            elif button.label == "Redo":
                button.enabled = bool(g.future)
            elif button.label == "Hint":
                button.enabled = bool(self.app.settings.hints)
            elif button.label == "Demo":
                button.enabled = not self.finished

    def _status(self) -> str:
        g = self.game
        owed = getattr(g, "owed", -1)
        if owed >= 0:
            row = (owed - g.tableau.start) // 8 + 1
            return f"Fill the space at {g.place_name(owed)} with a card from Row {row + 1}"
        if self.selected is not None and g.piles[self.selected]:
            top = g.piles[self.selected][-1]
            what = "the stock card" if self.selected == g.stock else card_pretty(top)
            return f"Holding {what}: choose where it goes (Esc to put it back)"
        if self.hint_list:
            h = self.hint_list[self.hint_index]
            more = " (H for the next)" if len(self.hint_list) > 1 else ""
            return f"Hint {self.hint_index + 1} of {len(self.hint_list)}: {g.move_text(h.move)}{more}"
        return ""

    # ----- drawing --------------------------------------------------------------------------------

    def _text(self, words: str, px: int, colour: tuple[int, int, int] = theme.INK,
              bold: bool = False) -> pygame.Surface:
        key = (words, px, colour, bold)
        image = self._text_cache.get(key)
        if image is None:
            if len(self._text_cache) > 400:
                self._text_cache.clear()
            image = theme.font(px, bold).render(words, True, colour)
            self._text_cache[key] = image
        return image

    def _glow(self, size: tuple[int, int], colour: tuple[int, int, int], width: int) -> pygame.Surface:
        """A soft rounded frame a little larger than a card, for highlights (cached)."""
        key = (size[0], size[1], colour, width)
        surf = self._glow_cache.get(key)
        if surf is None:
            pad = width * 2
            w, h = size[0] + 2 * pad, size[1] + 2 * pad
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(4, round(size[0] * 0.08))
            for i in range(pad, 0, -1):
                alpha = round(200 * (1 - i / (pad + 1)) ** 2)
                rect = pygame.Rect(pad - i, pad - i, size[0] + 2 * i, size[1] + 2 * i)
                pygame.draw.rect(surf, (*colour, alpha), rect, width=2, border_radius=radius + i)
            inner = pygame.Rect(pad, pad, *size)
            pygame.draw.rect(surf, (*colour, 46), inner, border_radius=radius)
            pygame.draw.rect(surf, (*colour, 255), inner, width=max(2, width // 2), border_radius=radius)
            self._glow_cache[key] = surf
        return surf

    def _draw_glow(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
                   alpha: int = 255) -> None:
        width = max(3, round(rect.width * 0.06))
        glow = self._glow(rect.size, colour, width)
        glow.set_alpha(alpha)
        surface.blit(glow, (rect.x - width * 2, rect.y - width * 2))

    def _shadow(self, size: tuple[int, int], drop: int) -> tuple[pygame.Surface, int]:
        """A card's soft dark shadow cast ``drop`` pixels down (and half that right),
        with a hole where the card itself lies, and how far it spreads (cached)."""
        spread = max(3, size[0] // 12)
        key = ("shadow", size, drop)
        surf = self._shapes.get(key)
        if surf is None:
            surf = pygame.Surface((size[0] + 2 * spread + drop, size[1] + 2 * spread + drop),
                                  pygame.SRCALPHA)
            radius = max(4, round(size[0] * 0.08))
            shift = (drop // 2, drop)
            for i in range(spread, -1, -1):
                alpha = round(150 * (1 - i / (spread + 1)) ** 2)
                rect = pygame.Rect(spread - i + shift[0], spread - i + shift[1],
                                   size[0] + 2 * i, size[1] + 2 * i)
                pygame.draw.rect(surf, (0, 0, 0, alpha), rect, border_radius=radius + i)
            # The card covers its own place: clearing it keeps the shadow off a card
            # drawn beneath (a lifted card's own resting image, a card that just landed).
            pygame.draw.rect(surf, (0, 0, 0, 0), pygame.Rect(spread, spread, *size),
                             border_radius=radius)
            self._shapes[key] = surf
        return surf, spread

    def _draw_shadow(self, surface: pygame.Surface, corner: tuple[float, float], offset: float,
                     alpha: int) -> None:
        """The shadow of a card whose top-left corner is at ``corner``, cast ``offset``
        pixels down (and half that right): further for a card held higher."""
        image, spread = self._shadow(self.layout.card, max(0, round(offset)))
        image.set_alpha(alpha)
        surface.blit(image, (round(corner[0]) - spread, round(corner[1]) - spread))

    def _draw_target(self, surface: pygame.Surface, rect: pygame.Rect, aimed: bool) -> None:
        """A legal destination: a tint, and corner brackets (a shape, so it never depends
        on seeing the colour); the one the card would drop on now gets a full frame."""
        colour = theme.TARGET
        self._draw_glow(surface, rect, colour, 255 if aimed else 150)
        arm = max(8, rect.width // 4)
        line = max(3, rect.width // 18) + (1 if theme.high_contrast else 0)
        box = rect.inflate(line * 2 + 4, line * 2 + 4)
        corners = ((box.topleft, 1, 1), (box.topright, -1, 1), (box.bottomleft, 1, -1),
                   (box.bottomright, -1, -1))
        for width, ink in ((line + 4, (0, 0, 0)), (line, colour)):
            for (x, y), sx, sy in corners:
                x, y = x - (sx < 0), y - (sy < 0)
                pygame.draw.line(surface, ink, (x, y), (x + sx * arm, y), width)
                pygame.draw.line(surface, ink, (x, y), (x, y + sy * arm), width)
        if aimed:
            pygame.draw.rect(surface, (0, 0, 0), box.inflate(4, 4), width=line + 4,
                             border_radius=max(6, rect.width // 10))
            pygame.draw.rect(surface, colour, box, width=line, border_radius=max(6, rect.width // 10))

    def _use_theme(self) -> None:
        """Follow the high-contrast setting; what was drawn in the other palette is
        drawn again."""
        theme.use(self.app.settings.high_contrast)
        if self._contrast != theme.high_contrast:
            self._contrast = theme.high_contrast
            self._background = None
            self._layer_key = None
            self._hud_key = None
            self._glow_cache.clear()
            self._shapes.clear()
            self._text_cache.clear()

    def _background_surface(self) -> pygame.Surface:
        if self._background is not None:
            return self._background
        lay = self.layout
        g = self.game
        surf = theme.felt(lay.size).copy()
        art = self.app.art
        outline = art.outline(lay.card, theme.PLACE_EDGE)
        line = round(lay.card[0] * theme.PLACE_LINE / 100)
        px = theme.scaled(max(10, round(lay.card[1] * 0.12)))
        for place in g.places:
            rect = lay.bases[place.index]
            surf.blit(outline, rect)
            if line:
                pygame.draw.rect(surf, theme.PLACE_EDGE[:3], rect, width=line,
                                 border_radius=max(4, round(lay.card[0] * 0.065)))
            if place.kind == FOUNDATION:
                draw_suit(surf, g.foundation_suit(place.index), rect.center, lay.card[0] * 0.42,
                          theme.FELT_INK)
            elif place.kind in (STOCK, WASTE):
                word = "Stock" if place.kind == STOCK else "Waste"
                image = self._text(word, px, theme.FELT_INK, True)
                surf.blit(image, image.get_rect(center=rect.center))
        for words, centre, label_px in lay.labels:
            image = self._text(words, theme.scaled(label_px), theme.FELT_INK, theme.high_contrast)
            surf.blit(image, image.get_rect(center=centre))
        self._background = surf
        return surf

    def _layer_surface(self, piles: list[list[int]]) -> pygame.Surface:
        """Background plus every resting card; redrawn only when what rests changes."""
        key = (self.layout.size, tuple(map(tuple, piles)))
        if self._layer is not None and key == self._layer_key \
                and self._layer.get_size() == self.layout.size:
            return self._layer
        background = self._background_surface()
        if self._layer is None or self._layer.get_size() != background.get_size():
            self._layer = background.copy()
        else:
            self._layer.blit(background, (0, 0))
        layer = self._layer
        lay = self.layout
        g = self.game
        art = self.app.art
        size = lay.card
        positions: list[tuple[int, int, pygame.Rect]] = []
        back = art.back(size)
        for index, pile in enumerate(piles):
            if not pile:
                continue
            if lay.steps[index] == 0:
                rect = lay.bases[index]
                positions.extend((c, index, rect) for c in pile)
                if index == g.stock:
                    depth = min(4, (len(pile) + 11) // 12)
                    for d in range(depth, 0, -1):
                        layer.blit(back, rect.move(-d, -d))
                    layer.blit(back, rect.move(0, 0))
                else:
                    if len(pile) > 1:
                        edge = rect.move(-2, -2)
                        layer.blit(art.quick_face(pile[-2], size), edge)
                    layer.blit(art.quick_face(pile[-1], size), rect)
                continue
            rects = lay.card_rects(index, len(pile))
            for c, rect in zip(pile, rects, strict=True):
                layer.blit(art.quick_face(c, size), rect)
                positions.append((c, index, rect))
        self.card_positions = positions
        self._layer_key = key
        return layer

    def _card_image(self, place: int, card: int) -> pygame.Surface:
        art = self.app.art
        size = self.layout.card
        return art.back(size) if place == self.game.stock else art.quick_face(card, size)

    def _held_image(self, place: int, card: int) -> pygame.Surface:
        """The card in hand, a little larger than on the table (cached for one card)."""
        held = self._held
        if held is None or held[0] != card or held[1] != self.layout.card:
            size = self.layout.card
            big = (round(size[0] * DRAG_SCALE), round(size[1] * DRAG_SCALE))
            image = pygame.transform.smoothscale(self._card_image(place, card), big)
            held = self._held = (card, size, image)
        return held[2]

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the piles, highlights, flights, the card in hand, hint and HUD."""
        self._use_theme()
        if self._pending_size is not None:
            if self._layer is not None:
                # The window is being resized: the last picture, stretched, for a moment.
                surface.blit(pygame.transform.scale(self._layer, surface.get_size()), (0, 0))
                return
            self._apply_resize()
        piles = self.display_piles()
        surface.blit(self._layer_surface(piles), (0, 0))
        self._draw_settling(surface, piles)
        self._draw_marks(surface, piles)
        self._draw_lifted(surface, piles)
        self._draw_arrivals(surface)
        art = self.app.art
        size = self.layout.card
        stock = self.game.stock
        for flight in self.anim.in_air():
            x, y = flight.position(self._locate)
            # The shadow falls further from a card that flies higher, and is back under
            # it when it lands (a card just leaving or landing casts none worth drawing).
            drop = size[0] * 0.08 * math.sin(math.pi * flight.progress())
            if drop >= 1:
                self._draw_shadow(surface, (x, y), drop + 1, 110)
            if (flight.src == stock) != (flight.dst == stock) and flight.kind == MOVE:
                # A card leaving the stock turns face up on the way (and one going
                # back, on undo, turns face down): a flip about its vertical axis.
                turn = flight.progress() if flight.src == stock else 1.0 - flight.progress()
                image = art.back(size) if turn < 0.5 else art.quick_face(flight.card, size)
                width = max(1, round(size[0] * abs(math.cos(math.pi * turn))))
                image = pygame.transform.scale(image, (width, size[1]))
                surface.blit(image, (round(x + (size[0] - width) / 2), round(y)))
            else:
                surface.blit(art.quick_face(flight.card, size), (round(x), round(y)))
        if self.drag is not None:
            corner = self.drag.corner
            image = self._held_image(self.drag.place, self.drag.card)
            grow = ((image.get_width() - size[0]) // 2, (image.get_height() - size[1]) // 2)
            at = (corner[0] - grow[0], corner[1] - grow[1])
            self._draw_shadow(surface, (corner[0], corner[1]), max(6, size[0] * 0.12), 120)
            surface.blit(image, at)
        self._draw_hint(surface)
        if self.celebration is not None:
            # The cards bounce on the felt only: the HUD above stays readable (its bar
            # lets the felt show through, so it would not hide the trails by itself).
            lay = self.layout
            surface.set_clip(pygame.Rect(0, lay.hud.bottom, lay.size[0], lay.size[1] - lay.hud.bottom))
            self.celebration.draw(surface, lambda c: art.quick_face(c, size))
            surface.set_clip(None)
        surface.blit(self._hud_surface(), self.layout.hud)
        self._draw_score(surface)
        self._draw_footer(surface)

    def _draw_score(self, surface: pygame.Surface) -> None:
        """The score's number in its HUD slot (brighter while it counts), and the points
        just earned floating up and fading."""
        total = round(self.shown_score)
        counting = total != self.score.total
        words = str(total) if total >= 0 else f"−{-total}"
        image = self._text(words, self._score_px, theme.HIGHLIGHT if counting else theme.GOLD, True)
        rect = self.score_rect.move(self.layout.hud.topleft)
        surface.blit(image, image.get_rect(midleft=(rect.x, rect.centery)))
        if not self.popups:
            return
        px = theme.scaled(max(12, round(self.layout.card[1] * 0.13)))
        rise = self.layout.card[1] * 0.45
        for popup in self.popups:
            t = popup.age / POPUP_SECONDS
            image = pill(popup.words, px, popup.colour, theme.PILL)
            image.set_alpha(round(255 * min(1.0, 3.0 * (1.0 - t))))
            y = round(popup.pos[1] - rise * ease_out(t))
            surface.blit(image, image.get_rect(midbottom=(popup.pos[0], y)))
            image.set_alpha(None)

    def _draw_lifted(self, surface: pygame.Surface, piles: list[list[int]]) -> None:
        """The movable card under the pointer, raised a little with its shadow below."""
        place = self._lift_place
        if place is None or self.lift <= 0 or not piles[place] or self.anim.busy:
            return
        rect = self._top_rect(place) if self.layout.steps[place] else self.layout.bases[place]
        rise = self.layout.card[1] * 0.035 * ease_out(self.lift)
        self._draw_shadow(surface, (rect.x, rect.y - rise), 2 + rise, round(130 * self.lift))
        surface.blit(self._card_image(place, piles[place][-1]), (rect.x, round(rect.y - rise)))

    def _draw_settling(self, surface: pygame.Surface, piles: list[list[int]]) -> None:
        """Cards that just landed: their shadow shrinks under them as they settle."""
        for place, slot, age in self.settling:
            index, slot = int(place), int(slot)
            if slot >= len(piles[index]):
                continue
            t = age / SETTLE_SECONDS
            rect = (self._slot_rect(index, slot) if self.layout.steps[index]
                    else self.layout.bases[index])
            self._draw_shadow(surface, rect.topleft, 3 * (1 - t), round(150 * (1 - t)))

    def _draw_arrivals(self, surface: pygame.Surface) -> None:
        """A card reached a foundation: the foundation flares and a few sparks fly off."""
        for place, age in self.arrivals:
            t = age / ARRIVAL_SECONDS
            rect = self.layout.bases[int(place)]
            self._draw_glow(surface, rect, theme.GLOW, round(230 * (1 - t) ** 1.5))
            reach = rect.width * (0.45 + 0.5 * ease_out(t))
            dot = max(2, round(rect.width * 0.045 * (1 - t)))
            for i in range(8):
                a = i * math.pi / 4 + 0.4
                x = rect.centerx + math.cos(a) * reach
                y = rect.centery + math.sin(a) * reach * 1.2
                pygame.draw.circle(surface, theme.HIGHLIGHT, (round(x), round(y)), dot)

    def _draw_marks(self, surface: pygame.Surface, piles: list[list[int]]) -> None:
        """Owed space, selection, legal targets, focus, directions and counts."""
        lay = self.layout
        g = self.game
        busy = self.anim.busy

        def top(index: int) -> pygame.Rect:
            n = len(piles[index])
            return lay.card_rects(index, n)[-1] if n else lay.bases[index]

        owed = getattr(g, "owed", -1)
        if owed >= 0 and not busy:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
            self._draw_glow(surface, lay.bases[owed], theme.GLOW, round(150 + 105 * pulse))
            # The space to fill says so in words; the cards that may fill it get an arrow.
            px = theme.scaled(max(11, lay.card[1] // 7))
            label = pill("Fill", px, theme.GLOW, theme.PILL)
            surface.blit(label, label.get_rect(center=lay.bases[owed].center))
            for s in g.owed_sources():  # type: ignore[attr-defined]
                if piles[s]:
                    self._draw_glow(surface, top(s), theme.GLOW, 170)
                    arrow = top(s)
                    _arrow_head(surface, (arrow.centerx, arrow.top - 3), 0, -1,
                                max(6, lay.card[0] // 7), theme.GLOW)
        if self.drag is not None:
            hovered = self._drop_target(self.drag.pos, pygame.Rect(self.drag.corner, lay.card))
            for t in self.drag.targets:
                self._draw_target(surface, top(t), t == hovered)
        elif self.selected is not None and not busy:
            self._draw_glow(surface, top(self.selected), theme.GLOW, 255)
            for t in {m.dst for m in self._moves_from(self.selected)}:
                self._draw_target(surface, top(t), False)
        if self.focus_visible:
            rect = top(self.focus).inflate(8, 8)
            radius = max(6, lay.card[0] // 10)
            width = theme.FOCUS_LINE
            pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), width=width + 4,
                             border_radius=radius + 2)
            pygame.draw.rect(surface, theme.FOCUS, rect, width=width, border_radius=radius)
        self._draw_directions(surface, piles)
        draw_pile_counts(surface, self.game, self.layout, piles)

    def _badge(self, direction: int, radius: int) -> pygame.Surface:
        """A round badge with an arrow up (blue) or down (orange) (cached)."""
        key = ("badge", direction, radius)
        image = self._shapes.get(key)
        if image is None:
            image = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            centre = (radius + 1, radius + 1)
            colour = (40, 120, 200) if direction > 0 else (200, 90, 40)
            pygame.draw.circle(image, colour, centre, radius)
            pygame.draw.circle(image, (255, 255, 255), centre, radius, 2 if theme.high_contrast else 1)
            tip = (centre[0], centre[1] - direction * radius * 0.6)
            _arrow_head(image, tip, 0, -direction, radius * 1.1, (255, 255, 255))
            self._shapes[key] = image
        return image

    def _draw_directions(self, surface: pygame.Surface, piles: list[list[int]]) -> None:
        """Square: each column's direction above it; Union Square: a badge on each pile
        whose direction is fixed."""
        g = self.game
        direction = getattr(g, "direction", None)
        if direction is None:
            return
        lay = self.layout
        draw_direction_headings(surface, g, lay)
        if lay.direction_slots:
            return
        radius = max(8, lay.card[0] // 7)
        for index in g.tableau:
            d = direction(index) if len(piles[index]) >= 2 else 0
            if d:
                base = lay.bases[index]
                surface.blit(self._badge(d, radius), (base.right - 2 * radius - 4, base.top + 2))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """The hint: an arrow from the card to where it goes (its reason is in the footer)."""
        if not self.hint_list or self.anim.busy:
            return
        move: Move = self.hint_list[self.hint_index].move
        a = self._top_rect(move.src).center
        n = len(self.game.piles[move.dst])
        b = (self._slot_rect(move.dst, n).center if self.layout.steps[move.dst]
             else self.layout.bases[move.dst].center)
        width = max(4, self.layout.card[0] // 14) + (2 if theme.high_contrast else 0)
        pygame.draw.line(surface, (0, 0, 0), a, b, width + 4)
        pygame.draw.line(surface, theme.GLOW, a, b, width)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        _arrow_head(surface, b, dx / length, dy / length, width * 4, theme.GLOW)
        pygame.draw.circle(surface, (0, 0, 0), a, width * 1.5 + 2)
        pygame.draw.circle(surface, theme.GLOW, a, width * 1.5)

    def footer_text(self) -> str:
        """What the footer says now: a message or status the HUD had no room for, else
        the current hint's move and reason."""
        if self.toast and (self.message or not self.hint_list):
            return self.toast
        if self.hint_list and not self.anim.busy:
            h = self.hint_list[self.hint_index]
            count = len(self.hint_list)
            which = f"Hint {self.hint_index + 1} of {count}" if count > 1 else "Hint"
            return f"{which}: {self.game.move_text(h.move)} {h.reason}"
        return self.toast

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The footer strip below the cards: a pill with the footer text, fading out
        with its message."""
        words = self.footer_text()
        foot = self.layout.footer
        if not words or foot.height <= 0:
            return
        key = ("footer", words, foot.size)
        image = self._shapes.get(key)
        if image is None:
            room = foot.width - 2 * foot.height
            px = theme.scaled(max(11, round(foot.height * 0.55)))
            # Smaller type before an ellipsis: the reason of a hint is worth reading whole.
            while px > 11 and theme.font(px).size(words)[0] > room:
                px -= 1
            colour = theme.HIGHLIGHT if words == self.toast else theme.INK
            text = self._fit_text(words, px, room, colour)
            pill = text.get_rect().inflate(round(foot.height * 1.2), 0)
            pill.height = foot.height
            image = pygame.Surface(pill.size, pygame.SRCALPHA)
            theme.panel(image, image.get_rect(), radius=pill.height // 2)
            image.blit(text, text.get_rect(center=image.get_rect().center))
            if len(self._shapes) > 300:
                self._shapes.clear()
            self._shapes[key] = image
        fade = 1.0
        if self.message and words == self.message and self.message_left < 0.4:
            fade = max(0.0, self.message_left / 0.4)
        image.set_alpha(round(255 * fade))
        surface.blit(image, image.get_rect(center=foot.center))


def ease_out(t: float) -> float:
    """Quick at first, gentle at the end (0 → 0, 1 → 1)."""
    return 1 - (1 - min(1.0, max(0.0, t))) ** 2


_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def _arrow_head(surface: pygame.Surface, tip: tuple[float, float], ux: float, uy: float, size: float,
                colour: tuple[int, int, int]) -> None:
    """A filled triangle pointing along (ux, uy) with its point at ``tip``."""
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    px, py = -uy * size * 0.6, ux * size * 0.6
    points = [tip, (bx + px, by + py), (bx - px, by - py)]
    pygame.draw.polygon(surface, (20, 20, 20), points, width=0)
    inner = [(tip[0] - ux * 2, tip[1] - uy * 2), (bx + px * 0.8, by + py * 0.8),
             (bx - px * 0.8, by - py * 0.8)]
    pygame.draw.polygon(surface, colour, inner)


def _level_of(replay: Replay, number: object) -> Level | None:
    """The campaign level ``number`` of the replay's rule set, if it is that replay's deal."""
    if not isinstance(number, int):
        return None
    try:
        levels = load_campaign(replay.rules).levels
    except LevelsError:
        return None
    if 1 <= number <= len(levels) and levels[number - 1].game == replay.game:
        return levels[number - 1]
    return None


def _is_deal(game: Game) -> bool:
    """The position is its game number's deal after the moves of its history (so it can
    be recorded as a replay), not a made-up layout."""
    try:
        fresh = new_game(game.rules, game.game)
        for move in game.moves_played:
            fresh.play(move)
    except (ValueError, KeyError):
        return False
    return fresh.piles == game.piles


# ----- positions for tests and pictures ------------------------------------------------------


def near_won_position(rules: str) -> tuple[Game, list[str]]:
    """A position a few moves from a win, and the moves (in notation) that win it.

    Each exercises its rule set's special moves: owed fills and a stock fill
    (constitution), waste and stock refills (Cadogan), a stock card straight into an
    empty column (square), a stock turn (union-square).
    """
    cls = rules_class(rules)
    probe = cls([[] for _ in cls.places], "1")

    def found(heights: list[int]) -> list[list[str]]:
        return [[card_text(c) for c in probe.foundation_sequence(probe.foundation_suit(f))[:n]]
                for f, n in zip(cls.foundations, heights, strict=True)]

    layout: dict[str, Any] = {"rules": rules, "game": "1", "waste": [], "stock": []}
    if rules == "constitution":
        rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
        rows[0][0], rows[1][0], rows[2][0], rows[3][0] = ["10H"], ["9C"], ["10C"], ["JC"]
        layout.update(foundations=found([8, 11, 11, 11, 9, 11, 11, 11]), tableau=rows, stock=["JH"])
        moves = ("r1c1-f5 r2c1-r1c1 r3c1-r2c1 r4c1-r3c1 r1c1-f1 r2c1-r1c1 r3c1-r2c1 r4c1-r3c1 "
                 "r1c1-f1 r2c1-r1c1 r3c1-r2c1 r1c1-f1 r2c1-r1c1 r1c1-f5")
    elif rules == "constitution-cadogan":
        rows = [[[] for _ in range(8)] for _ in range(4)]
        rows[0][0], rows[3][0] = ["10C"], ["JC"]
        layout.update(foundations=found([9, 11, 11, 11, 10, 11, 10, 11]), tableau=rows,
                      waste=["JH"], stock=["JD"])
        moves = ("r1c1-f1 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 r1c1-f1 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 "
                 "r1c1-f5 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 r1c1-f7")
    elif rules == "square":
        layout.update(foundations=found([24, 25, 24, 26]),
                      tableau=[["AC", "2C"], ["AH"], ["2H"], []], stock=["AS"])
        moves = "c1-f1 c1-f1 c3-f3 c2-f3 s-c1 c1-f2"
    else:
        piles: list[list[str]] = [[] for _ in range(16)]
        piles[0], piles[1], piles[2] = ["AC", "2C"], ["AH"], ["2H"]
        layout.update(foundations=found([24, 25, 24, 26]), tableau=piles, stock=["AS"])
        moves = "p1-f1 p1-f1 p3-f3 p2-f3 s-w w-f2"
    return cls.from_layout(layout), moves.split()


def lost_position(game: Game, seed: int = 7, limit: int = 3000, tries: int = 12) -> Game:
    """Play random legal moves (never straight back) from ``game`` until it is lost,
    with random players of seeds ``seed``, ``seed + 1``… in turn until one loses.

    Returns the lost game (``game`` itself when the first player loses; a copy with the
    moves played otherwise). Raises ValueError if none of ``tries`` players loses
    within ``limit`` moves.
    """
    start = copy.deepcopy(game)
    for attempt in range(tries):
        trial = game if attempt == 0 else copy.deepcopy(start)
        rng = random.Random(seed + attempt)
        last: Move | None = None
        for _ in range(limit):
            if trial.is_lost():
                return trial
            moves = [m for m in trial.legal_moves()
                     if last is None or (m.src, m.dst) != (last.dst, last.src)]
            if not moves:
                moves = trial.legal_moves()
            if not moves:
                break
            last = rng.choice(moves)
            trial.play(last)
        if trial.is_lost():
            return trial
    raise ValueError("no lost position came up from this deal; pass --moves that lose")


def screenshot_scene(app: App, name: str, args: argparse.Namespace) -> None:
    """Set up ``table``, ``drag``, ``hint`` (the first hint shown), ``demo`` (the demo
    player at work), ``win`` or ``lost`` on a headless app (raises ValueError)."""
    from ..engine import GameNumberError, IllegalMove, UnknownRulesError

    rules = args.rules
    try:
        if name == "win":
            game, moves = near_won_position(rules_class(rules).rules)
            last = game.parse_move(moves.pop())
            game.play_all(moves)
        else:
            game = new_game(rules, args.game)
            game.play_all(args.moves)
            last = None
    except (UnknownRulesError, GameNumberError, IllegalMove) as err:
        raise ValueError(str(err)) from None
    if name == "lost":
        game = lost_position(game)
    scene = TableScene(app, game)
    scene.keep_records = False
    if game.history and scene.recordable:
        # The moves played before the picture score as they would have in play.
        scene.score.total = score_replay(scene.recorder.replay())
        scene.shown_score = float(scene.score.total)
    app.push(scene)
    scene.anim.finish()
    if last is not None:
        scene.play(last)
    elif name == "hint":
        scene.hint()
        if not scene.hint_list:
            raise ValueError("there is no move to hint in this position")
    elif name == "demo":
        scene.start_demo()
        if scene.app.top is scene:
            raise ValueError("the demo has nothing to play in this position")
    elif name == "drag":
        legal = game.legal_moves()
        useful = [m for m in legal if m.src != game.stock and m.dst not in game.foundations] or \
            [m for m in legal if m.src != game.stock]
        if not useful:
            # No card may move now: show a card picked up anyway, on its way to a foundation.
            tops = [t for t in game.tableau if game.piles[t]]
            if not tops:
                raise ValueError("no card can be picked up in this position")
            useful = [game.move_table[tops[0]][game.foundations[-1]]]
        move = useful[0]
        src = scene._top_rect(move.src)
        dst = scene._slot_rect(move.dst, len(game.piles[move.dst]))
        grab = (src.width // 2, src.height // 3)
        scene._start_drag(move.src, grab, (src.x + grab[0], src.y + grab[1]))
        assert scene.drag is not None
        scene.drag.pos = (round(src.x + (dst.x - src.x) * 0.7 + grab[0]),
                          round(src.y + (dst.y - src.y) * 0.7 + grab[1]) - src.height // 5)
