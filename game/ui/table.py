"""The table: where a deal is played, by mouse or keyboard, with animated cards.

The flow is the one STYLE.md asks for: input → session → engine move → transfers →
flights → pixels. The scene is put together from parts:

- :class:`~game.ui.gestures.Gestures` turns the mouse and the keyboard into the actions
  below (a drag, a click, the keyboard focus);
- the :class:`~game.session.PlaySession` plays each action and answers with an
  :class:`~game.session.Outcome`; this scene never changes the game itself, it animates
  exactly the transfers that come back, shows the points, and asks the session to take
  note of the result once the cards have landed;
- :class:`~game.ui.piles.PileRenderer` draws the piles (the same renderer as the replay
  viewer's), with the cards still in flight drawn in the air and hidden from where they
  are going until they land;
- :class:`~game.ui.hud.Hud` draws the bar at the top, the floating points and the footer.

Every key or button press first lands all flights, so input can never act on a
half-drawn position. The end-of-game dialogs are in :mod:`game.ui.dialogs`.
"""

from __future__ import annotations

import datetime
import importlib.util
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Game, Move, Transfer, new_game
from ..engine.cards import rank_of, suit_of
from ..levels import Level
from ..records.replay import LOST, WON, Replay
from ..records.store import Store
from ..session import Outcome, PlaySession, carry_on, short_title
from . import theme
from .anim import MOVE, RETURN, Animator, Celebration
from .app import Scene
from .gestures import Gestures
from .hud import Hud
from .layout import TableLayout, table_layout
from .piles import PileRenderer

if TYPE_CHECKING:
    from ..records.scoring import Score
    from .app import App

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
#: seconds an undone or redone move takes to fly back
UNDO_FLIGHT = 0.14

_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class TableScene(Scene):
    """One deal on the table, played until won, lost or left."""

    def __init__(self, app: App, game: Game, *, level: Level | None = None,
                 daily: datetime.date | None = None) -> None:
        super().__init__(app)
        #: the scene's own time, advanced by update(): the play clock reads it
        self.clock = 0.0
        self.store = Store(app.data_dir)
        self.session = PlaySession(game, store=self.store, settings=app.settings, clock=self._play_clock,
                                   level=level, daily=daily)
        self.anim = Animator()
        self.layout: TableLayout = table_layout(game.rules, app.size)
        self.renderer = PileRenderer(app.art, self.layout)
        self.gestures = Gestures(self)
        self.hud = Hud(self, self._button_specs())
        self.active = True
        self._pending_size: tuple[int, int] | None = None
        self._pending_left = 0.0
        self._reset_table()
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
        carried = carry_on(Store(app.data_dir), replay, saved=saved)
        scene = cls(app, carried.game, level=carried.level, daily=carried.daily)
        scene.session.carry_on(replay, score=carried.score)
        scene.hud.shown_score = float(scene.score.total)
        return scene

    # ----- what is on the table -------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The position being played."""
        return self.session.game

    @property
    def score(self) -> Score:
        """The game's score."""
        return self.session.score

    @property
    def level(self) -> Level | None:
        """The campaign level being played (level mode), or None."""
        return self.session.level

    @property
    def daily(self) -> datetime.date | None:
        """The day whose daily deal this is, or None."""
        return self.session.daily

    @property
    def keep_records(self) -> bool:
        """False for positions that are not a player's game (pictures, benchmarks)."""
        return self.session.keep_records

    @keep_records.setter
    def keep_records(self, keep: bool) -> None:
        self.session.keep_records = keep

    @property
    def short_title(self) -> str:
        """The rule set's short name (British Constitution, Lady Cadogan…)."""
        return short_title(self.game)

    @property
    def card_positions(self) -> list[tuple[int, int, pygame.Rect]]:
        """Every card drawn in a place: (card code, place index, rect)."""
        return self.renderer.card_positions

    @property
    def speed(self) -> float:
        """The animation speed setting (0 turns flights off)."""
        return max(0.0, float(self.app.settings.animation_speed))

    def display_piles(self) -> list[list[int]]:
        """What is drawn in each place now (cards in flight or in hand left out)."""
        piles = self.anim.display_piles(self.game.piles)
        drag = self.gestures.drag
        if drag is not None and piles[drag.place]:
            piles[drag.place].pop()
        return piles

    def _play_clock(self) -> float:
        return self.clock

    def _reset_table(self) -> None:
        """Nothing held, said, flying or celebrated: a position just put on the table."""
        self.gestures.reset()
        self.message = ""
        self.message_left = 0.0
        self.celebration: Celebration | None = None
        self.result_due = False
        self.win_dialog_in: float | None = None
        #: how far the hovered movable card is lifted (0 resting … 1 lifted)
        self.lift = 0.0
        self._lift_place: int | None = None
        #: cards that just landed: [place, slot, age in seconds]
        self.settling: list[list[float]] = []
        #: foundations a card just arrived on: [place, age in seconds]
        self.arrivals: list[list[float]] = []
        self.hud.shown_score = 0.0
        self.hud.popups = []

    def _take(self, session: PlaySession) -> None:
        """Put the next game on the table and deal it."""
        self.anim.finish()
        self.session = session
        self._reset_table()
        self._relayout(self.app.size)
        self._deal_animation()

    def _deal_animation(self) -> None:
        # A deal that is already won or lost says so once its cards are down.
        self.result_due = True
        g = self.game
        order = [*g.foundations, *g.tableau] + ([g.waste] if g.waste >= 0 else [])
        self.anim.queue_deal(g.piles, order, g.stock, speed=self.speed)
        if self.anim.busy:
            self.sound("deal")

    def sound(self, name: str) -> None:
        """Play one of the app's sound effects (silent when sound is off or absent)."""
        self.app.sounds.play(name)

    def _sound_of_landing(self, on_foundation: bool) -> None:
        self.sound("foundation" if on_foundation else "putdown")

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
        self.layout = table_layout(self.game.rules, size)
        self.renderer.set_layout(self.layout)
        self.hud.relayout()
        self.celebration = None

    def pause(self) -> None:
        """A dialog or another scene is on top: drop any half-made gesture, stop the clock."""
        self.active = False
        self.gestures.cancel()
        self.session.pause()

    def resume(self) -> None:
        """Back on top: the clock runs again unless the game is over; options changed
        meanwhile (high contrast, four colours…) show at once."""
        self.active = True
        self.hud.redraw()
        self.renderer.redraw()
        self._use_theme()
        self.session.resume()

    def wants_quit(self) -> bool:
        """The window is closing: a game in progress is saved (to continue next time);
        a lost one is counted."""
        self.session.quit()
        return True

    def update(self, dt: float) -> None:
        """Advance flights, the celebration, the clock and messages."""
        self.clock += dt
        if self._pending_size is not None:
            self._pending_left -= dt
            if self._pending_left <= 0:
                self._apply_resize()
        self.renderer.refine(REFINE_BUDGET)
        landed = self.anim.update(dt)
        self._age_effects(dt)
        foundations = self.game.foundations
        for flight in landed:
            if flight.kind == RETURN or not flight.quiet:
                self.settling.append([flight.dst, flight.dst_slot, 0.0])
            if flight.kind == MOVE and not flight.quiet and flight.dst in foundations:
                self.arrivals.append([flight.dst, 0.0])
        landed = [f for f in landed if not f.quiet]
        if landed:
            self._sound_of_landing(any(f.dst in foundations for f in landed))
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
        hands = self.gestures
        hover = hands.hover
        want = (hover is not None and hands.hover_movable and hands.drag is None
                and hands.selected is None and not self.anim.busy and bool(self.game.piles[hover]))
        if want and hover != self._lift_place:
            self._lift_place, self.lift = hover, 0.0
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
        self.hud.update(dt)

    def _check_result(self) -> None:
        outcome = self.session.conclude()
        if outcome.result == WON:
            self.sound("win")
            for points in outcome.points:
                self.hud.show_points(points)
            self._start_celebration()
            self.win_dialog_in = WIN_DIALOG_DELAY
        elif outcome.result == LOST and self.app.top is self:
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

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard; any press lands the flights first."""
        if event.type in _INPUT:
            self._apply_resize()
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.anim.finish()
        hands = self.gestures
        if event.type == pygame.MOUSEMOTION:
            hands.on_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            hands.on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            hands.on_release(event)
        elif event.type == pygame.KEYDOWN:
            hands.on_key(event)

    # ----- actions (gestures, buttons, keys, dialogs) ------------------------------------------

    def play(self, move: Move, *, start: tuple[float, float] | None = None) -> None:
        """Play a legal player move, then any automatic drops, and animate every transfer."""
        outcome = self.session.play(move)
        self._show(outcome, start=start, stock=move.src == self.game.stock)

    def play_demo(self, move: Move) -> None:
        """Play the demo player's move for the player (see PlaySession.play_demo)."""
        outcome = self.session.play_demo(move)
        self._show(outcome, stock=move.src == self.game.stock)

    def move(self, src: int, dst: int, *, start: tuple[float, float] | None = None) -> bool:
        """Play the top card of ``src`` onto ``dst`` if legal (True); otherwise say why."""
        outcome = self.session.try_move(src, dst)
        if outcome.refused:
            self.say(outcome.refused)
            self.sound("illegal")
            return False
        self._show(outcome, start=start, stock=src == self.game.stock)
        return True

    def undo(self) -> None:
        """Take back the last player move with the fills and auto-drops it caused."""
        self.anim.finish()
        self._show(self.session.undo(), seconds=UNDO_FLIGHT)

    def redo(self) -> None:
        """Play again the last undone player move (with its auto-drops)."""
        self.anim.finish()
        self._show(self.session.redo(), seconds=UNDO_FLIGHT)

    def turn_stock(self) -> None:
        """Turn the next stock card onto the waste, when the rules allow it now."""
        self.anim.finish()
        self._show(self.session.turn_stock(), stock=True)

    def send_to_foundation(self, place: int) -> None:
        """Double-click / right-click: the card goes to a foundation if one takes it."""
        self.anim.finish()
        self._show(self.session.send_to_foundation(place), stock=place == self.game.stock)

    def hint(self) -> None:
        """Show the next hint: an arrow from the card to its destination, with the reason."""
        self._show(self.session.next_hint())

    def _show(self, outcome: Outcome, *, start: tuple[float, float] | None = None,
              seconds: float | None = None, stock: bool = False) -> None:
        """Show what the session did: why nothing happened, or the points and the flights."""
        if outcome.refused:
            self.say(outcome.refused)
        for points in outcome.points:
            self.hud.show_points(points)
        if not outcome.moved:
            return
        if stock:
            self.sound("stock")
        self.gestures.position_changed()
        self.result_due = True
        self.win_dialog_in = None
        self.celebration = None
        transfers: list[Transfer] = list(outcome.transfers)
        if seconds is None:
            self.anim.queue_transfers(transfers, self.game.piles, speed=self.speed, start=start)
        else:
            self.anim.queue_transfers(transfers, self.game.piles, speed=self.speed, start=start,
                                      seconds=seconds)
        if transfers and not self.anim.busy:  # animation off: the cards are down already
            foundations = self.game.foundations
            self._sound_of_landing(any(t.dst in foundations for t in transfers))
            self.arrivals.extend([t.dst, 0.0] for t in transfers if t.dst in foundations)

    def start_demo(self) -> None:
        """Let the demo player play this game by itself (any click or key takes over)."""
        if self.session.over:
            self.say("This game is over: the demo has nothing to play")
            return
        from .demo_scene import DemoScene

        self.anim.finish()
        self.gestures.cancel()
        self.gestures.selected = None
        self.session.forget_hints()
        self.app.push(DemoScene(self.app, self))

    def demo_stopped(self, why: str) -> None:
        """The demo handed the game back: say why; a game it lost shows its dialog now."""
        self.say(why)
        if self.game.is_lost():
            self.result_due = True

    def restart(self) -> None:
        """Back to the start of this deal (a fresh game of the same position); the game
        given up is counted as abandoned (or lost, if no move was left)."""
        self._take(self.session.restart())

    def new_deal(self) -> None:
        """A new random deal of the same rule set (one proved winnable when the option
        "winnable deals only" is on); it is no longer a level or a daily deal."""
        session, note = self.session.new_deal()
        self._take(session)
        if note:
            self.say(note)

    def next_level(self) -> Level | None:
        """The campaign level after this one, or None (not in level mode, or the last)."""
        return self.session.next_level()

    def play_next_level(self) -> None:
        """Deal the next level of the campaign (level mode goes on)."""
        session = self.session.play_next_level()
        if session is not None:
            self._take(session)

    def save_replay(self) -> None:
        """Save the finished game as a replay, then show the end dialog again with
        where it went (or why it could not be saved)."""
        from .dialogs import lost_dialog, win_dialog

        self.session.save_replay()
        self.sound("click")
        if self.app.top is self:
            dialog = win_dialog if self.game.is_won() else lost_dialog
            self.app.push(dialog(self.app, self))

    def say(self, words: str) -> None:
        """Show a message in the HUD (or the footer when the HUD has no room)."""
        self.message = words
        self.message_left = MESSAGE_SECONDS
        self.hud.redraw()

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
        self.say(f"Game number {number} copied")

    # ----- leaving the table ----------------------------------------------------------------

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

    def _confirm_then(self, title: str, words: str, yes: str, action: Callable[[], None]) -> None:
        self.gestures.cancel()
        if not self.session.in_progress:
            action()
            return
        from .dialogs import confirm_dialog

        self.app.push(confirm_dialog(self.app, title, words, yes, action))

    def go_to_levels(self) -> None:
        """Leave the table for the levels screen of this rule set."""
        self.session.end()
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

    def go_to_menu(self) -> None:
        """Leave the table for the menu (the one below it if there is one)."""
        self.session.end()
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

    def _button_specs(self) -> list[tuple[str, Callable[[], None], str]]:
        """The HUD's buttons: label, action (with the click sound first), shortcut keys."""
        specs: list[tuple[str, Callable[[], None], str]] = [
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
        return [(label, self._clicking(action), keys) for label, action, keys in specs]

    def _clicking(self, action: Callable[[], None]) -> Callable[[], None]:
        def press() -> None:
            self.sound("click")
            action()
        return press

    # ----- drawing --------------------------------------------------------------------------------

    def _use_theme(self) -> None:
        """Follow the high-contrast setting; what was drawn in the other palette is
        drawn again."""
        theme.use(self.app.settings.high_contrast)
        if self.renderer.follow_palette():
            self.hud.redraw()

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the piles, highlights, flights, the card in hand, hint and HUD."""
        self._use_theme()
        if self._pending_size is not None:
            # The window is being resized: the last picture, stretched, for a moment.
            if self.renderer.draw_stretched(surface):
                return
            self._apply_resize()
        r = self.renderer
        g = self.game
        piles = self.display_piles()
        surface.blit(r.layer(g, piles), (0, 0))
        r.draw_settling(surface, g, piles, [(int(p), int(s), age / SETTLE_SECONDS)
                                            for p, s, age in self.settling])
        self._draw_marks(surface, piles)
        place = self._lift_place
        if place is not None and self.lift > 0 and piles[place] and not self.anim.busy:
            r.draw_lifted(surface, g, piles, place, self.lift)
        r.draw_arrivals(surface, [(int(p), age / ARRIVAL_SECONDS) for p, age in self.arrivals])
        r.draw_flights(surface, g, self.anim)
        drag = self.gestures.drag
        if drag is not None:
            r.draw_held(surface, g, drag.place, drag.card, drag.corner)
        hint = self.session.hint
        if hint is not None and not self.anim.busy:
            r.draw_hint(surface, g, hint.move)
        if self.celebration is not None:
            # The cards bounce on the felt only: the HUD above stays readable (its bar
            # lets the felt show through, so it would not hide the trails by itself).
            lay = self.layout
            size = lay.card
            surface.set_clip(pygame.Rect(0, lay.hud.bottom, lay.size[0], lay.size[1] - lay.hud.bottom))
            self.celebration.draw(surface, lambda c: self.app.art.quick_face(c, size))
            surface.set_clip(None)
        self.hud.draw(surface)

    def _draw_marks(self, surface: pygame.Surface, piles: list[list[int]]) -> None:
        """Owed space, selection, legal targets, focus, directions and counts."""
        r = self.renderer
        g = self.game
        busy = self.anim.busy
        hands = self.gestures
        if not busy:
            r.draw_owed(surface, g, piles, 0.5 + 0.5 * math.sin(self.clock * 5.0))
        if hands.drag is not None:
            aimed = hands.aimed()
            for t in hands.drag.targets:
                r.target(surface, r.drawn_top(piles, t), t == aimed)
        elif hands.selected is not None and not busy:
            r.glow(surface, r.drawn_top(piles, hands.selected), theme.GLOW, 255)
            for t in {m.dst for m in self.session.moves_from(hands.selected)}:
                r.target(surface, r.drawn_top(piles, t), False)
        if hands.focus_visible:
            r.focus_ring(surface, r.drawn_top(piles, hands.focus))
        r.draw_directions(surface, g, piles)
        r.draw_counts(surface, g, piles)
