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
- :class:`~game.ui.hud.Hud` draws the bar at the top, the floating points and the footer;
- :class:`~game.ui.effects.TableEffects` adds the small motions (a card lifting under the
  pointer, landings, foundations flaring, the celebration of a win);
- :class:`~game.ui.exits.TableExits` leaves the table (asking first when a game in
  progress would be given up).

Every key or button press first lands all flights, so input can never act on a
half-drawn position. The end-of-game dialogs are in :mod:`game.ui.dialogs`.
"""

from __future__ import annotations

import datetime
import math
import sys
import time
import weakref
from typing import TYPE_CHECKING, ClassVar

import pygame

from ..engine import Game, Move, Transfer, new_game
from ..engine.words import refusal_words, sentence
from ..levels import Level
from ..records.replay import WON, Replay
from ..records.store import printable
from ..search import dead_end as dead_ends
from ..search.dead_end import DeadEndLook
from ..session import Outcome, PlaySession, carry_on
from ..session.ending import game_lost
from .anim import FLIGHT_SECONDS, Animator, Glide, ease_in_out
from .app import Scene
from .art.geometry import uses_large_face
from .effects import TableEffects
from .exits import TableExits
from .gestures import Gestures
from .hud import Hud
from .keys import MODIFIER_KEYS, is_a_press
from .layout import TableLayout, label_px, longest_in_rows, table_layout
from .notices import told
from .piles import PileRenderer
from .table_help import TableHelp
from .tooltips import BadgeTips

if TYPE_CHECKING:
    from ..records.scoring import Score
    from .app import App

#: seconds a message stays in the HUD
MESSAGE_SECONDS = 3.0
#: seconds without a new window size before the table is laid out for it
RESIZE_SETTLE = 0.12
#: seconds between the last card landing on a win and the dialog
WIN_DIALOG_DELAY = 1.1
#: seconds each frame may spend drawing crisp card faces after a resize
REFINE_BUDGET = 0.006
#: seconds an undone or redone move takes to fly back
UNDO_FLIGHT = 0.14

_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
#: the keys and bar buttons that, as a won game's last cards fly or its celebration
#: plays, bring the win's dialog at once (:meth:`TableScene._would_pass_the_win_by`)
_PASS_THE_WIN_KEYS = frozenset((pygame.K_ESCAPE, pygame.K_n, pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER,
                                pygame.K_SPACE))
_PASS_THE_WIN_BUTTONS = frozenset(("Menu", "New deal", "Restart"))


class TableScene(Scene):
    """One deal on the table, played until won, lost or left."""

    name = "table"
    #: every table not yet collected: a table's parts point back at it, so one left
    #: behind lives on (with pictures as large as the window) until Python's cycle
    #: collector runs; a new table lets go of the pictures of those no longer shown
    _tables: ClassVar[weakref.WeakSet[TableScene]] = weakref.WeakSet()

    def __init__(self, app: App, game: Game, *, level: Level | None = None,
                 daily: datetime.date | None = None) -> None:
        super().__init__(app)
        for old in list(TableScene._tables):
            if old.app is app and old not in app.scenes:
                old.release()
        TableScene._tables.add(self)
        #: the scene's own time, advanced by update(): the play clock reads it
        self.clock = 0.0
        self.store = app.store()
        self.session = PlaySession(game, store=self.store, settings=app.settings, clock=self._play_clock,
                                   level=level, daily=daily)
        self.anim = Animator()
        #: the resting cards gliding to the places of a layout made for a long pile, or None
        self.glide: Glide | None = None
        #: every face is the large-index one until the window or the game changes: the
        #: cards got small enough for it in this game (:meth:`_hold_large`)
        self.large_held = False
        #: when the table last drew itself whole (not a stretched picture), by
        #: ``time.perf_counter()``; infinity before its first frame
        self._drawn_at = math.inf
        self.layout: TableLayout = table_layout(game.rules, app.size)
        self.renderer = PileRenderer(app.art, self.layout, app.palette, app.drawn)
        self.gestures = Gestures(self)
        self.exits = TableExits(self)
        self.help = TableHelp(self)
        self.hud = Hud(self)
        self.effects = TableEffects()
        #: the words of the badge pointed at (a Square foundation's direction)
        self.badge_tips = BadgeTips()
        self._pending_size: tuple[int, int] | None = None
        self._pending_left = 0.0
        #: the player chose to close the window although the game could not be saved
        self._closing_anyway = False
        #: the dialog that asks so, while it is open
        self._unsaved_dialog: Scene | None = None
        #: the game was paused for the menu, which keeps it to continue (see :meth:`dropped`);
        #: cleared when the table is on the screen again
        self.paused_for_menu = False
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
    def from_replay(cls, app: App, replay: Replay, *, saved: bool = False,
                    taken_over: bool = False, timed: bool = True) -> TableScene:
        """A table continuing a recorded game (the saved game in progress when ``saved``),
        with its clock, move times, hints and undos carried on; a saved game also keeps
        its score, its level and its daily deal. A replay ``taken_over`` in the viewer is
        an assisted game (:meth:`PlaySession.take_over`; not ``timed``: its times were made
        up, so its moves earn no streak bonus), and the table says so."""
        store = app.store()
        carried = carry_on(store, replay, saved=saved)
        app.tell(store.take_warnings())  # a saved game's extras moved aside: its score is lost
        scene = cls(app, carried.game, level=carried.level, daily=carried.daily)
        if taken_over:
            scene.session.take_over(replay, timed=timed)
            moves = len(replay.moves)
            start = f"Playing on after move {moves:,}" if moves else "Playing on from the deal"
            scene.say(f"{start}: practice, not counted in your statistics, no high score")
        else:
            scene.session.carry_on(replay, score=carried.score, assisted=carried.assisted,
                                   demo=carried.demo, practice=carried.practice, steps=carried.steps)
            if carried.practice:
                scene.say("A practice game (taken over from a replay): not counted in your statistics")
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
        return self.game.profile.short_title

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
        self.effects.reset()
        self.message = ""
        self.message_left = 0.0
        self.result_due = False
        self.win_dialog_in: float | None = None
        #: the end or dead end to tell when the table is on top again (a screen opened
        #: over it as its last cards landed)
        self.told_due = False
        #: "No way to win" was shown for the dead end the game is in: not again while every
        #: position after it is still one (the player chose to keep playing)
        self.dead_end_told = False
        #: the look under way for a dead end (a few milliseconds a frame), with the move
        #: it looks after: dropped when the position changes before it answers
        self.dead_end_look: tuple[PlaySession, object, DeadEndLook] | None = None
        self.hud.shown_score = 0.0
        self.hud.popups = []

    def take(self, session: PlaySession) -> None:
        """Put the next game (the session's restart, new deal or next level) on the table
        and deal it."""
        self.anim.finish()
        self.tell_notices()
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
        self.glide = None  # a new window: the old places are nowhere on it
        rules, piles = self.game.rules, self.game.piles
        layout = table_layout(rules, size)
        fans = longest_in_rows(layout, piles)
        self._fit_layout(table_layout(rules, size, fans=fans) if fans else layout)
        # a new window or a new game: the face follows the cards' size afresh
        self.large_held = False
        self._hold_large()

    def _hold_large(self) -> None:
        """Once the cards are small enough for the large-index face, keep it for every
        size until the window or the game changes: Lady Cadogan's cards shrink and grow
        as its rows are laid out again, and crossing that size changed every card's look
        up to four times a game (hostile review 29). That face's index never reaches
        deeper than the standard one's, so the layout shows it whole at any size."""
        if uses_large_face(self.layout.card[0], large_index=False):
            self.large_held = True

    def _fit_layout(self, layout: TableLayout) -> None:
        before = self.layout.card
        self.layout = layout
        self.gestures.rescale_grab(before, layout.card)
        self.renderer.set_layout(layout)
        self.hud.relayout()
        self.effects.celebration = None

    def _fit_piles(self) -> bool:
        """Lay the rows out again where a pile has grown past what they show with every
        covered index whole (a row's fan takes height from the others, or the cards get
        smaller), and back to the fresh layout once every pile fits it again. The resting
        cards glide to their new places as the move's first card flies (none with
        animation off). True when the rows were laid out again."""
        rules, piles, size = self.game.rules, self.game.piles, self.layout.size
        fans = longest_in_rows(self.layout, piles)
        before = self.layout
        if fans is not None:
            # (where even the smallest cards cannot show the piles whole, the same
            # layout stays: it squeezes them least)
            if fans != self.layout.fans:
                self._fit_layout(table_layout(rules, size, fans=fans))
        elif self.layout.fans and longest_in_rows(table_layout(rules, size), piles) is None:
            self._fit_layout(table_layout(rules, size))
        if self.layout is not before:
            self.glide = Glide(before, FLIGHT_SECONDS / self.speed) if self.speed > 0 else None
            self._hold_large()
        return self.layout is not before

    def _takeoff(self, transfers: list[Transfer]) -> tuple[float, float] | None:
        """Where the first card of ``transfers`` lay before them, when the move laid the
        rows out again (:meth:`_fit_piles`): it takes off from where it was drawn, not
        from its place in the new layout (a jump of up to 40 px), as the resting cards
        glide from theirs. None otherwise: the flight starts from its place."""
        glide = self.glide
        if glide is None or not transfers:
            return None
        first = transfers[0]
        count = len(self.game.piles[first.src])
        for t in transfers:
            count += (t.src == first.src) - (t.dst == first.src)
        if count < 1:
            return None
        corner = glide.start.card_rects(first.src, count)[-1].topleft
        return (float(corner[0]), float(corner[1]))

    def release(self) -> None:
        """Let go of the pictures drawn for this table (it is no longer shown); shown
        again (a paused game continued), it draws them afresh."""
        self.renderer.release()
        self.hud.release()

    def pause(self) -> None:
        """A dialog or another scene is on top: drop any half-made gesture, stop the clock."""
        self.gestures.cancel()
        self.session.pause()

    def _being_played(self) -> bool:
        """The game goes on: the table is on top, or the demo plays it (the scene on top
        :attr:`~game.ui.app.Scene.plays_below` it), and the window is not away."""
        app = self.app
        top = app.top
        if app.away or top is None:
            return False
        return top is self or (top.plays_below and app.under(top) is self)

    def resume(self) -> None:
        """Back on top: the clock runs again unless the game is over or the window is
        away (it runs when the window is back); options changed meanwhile (high
        contrast, four colours…) show at once."""
        self.hud.redraw()
        self.renderer.redraw()
        if not self.app.away:
            self.session.resume()

    def window_away(self) -> None:
        """The window was minimised or lost the focus: the clock stops, as under a dialog
        (time spent elsewhere is not play: it would count against the best time, the
        time bonus and a level's stars), and a half-made drag is dropped. Heard on top
        or under a dialog alike (the app tells every scene)."""
        self.gestures.cancel()
        self.session.pause()

    def window_back(self) -> None:
        """The window is back: the clock runs again if the table is on top or the demo
        plays it (unless the game is over); under a dialog it stays stopped until the
        dialog closes."""
        if self._being_played():
            self.session.resume()

    def palette_changed(self) -> None:
        """The high-contrast option changed: the piles and the bar are drawn afresh."""
        self.renderer.set_palette(self.app.palette)
        self.hud.redraw()

    def wants_quit(self) -> bool:
        """The window is closing: a game in progress is saved (to continue next time);
        a lost one is counted.

        When that cannot be written (a full disk, a data folder that cannot be written),
        the window stays open and says so: the player may keep playing, or close anyway
        and lose the game knowingly. What was not written is also said on standard
        error, so a player who closes anyway, or stops the game with a signal (when no
        window can ask), is told all the same."""
        if self._closing_anyway:
            return True
        if self._unsaved_dialog is not None and self._unsaved_dialog in self.app.scenes:
            return False  # the player is being asked already (a second close waits for it)
        own = self.exits.own_game_named() if self.session.in_progress else None
        if own is not None:
            # a practice game over the player's own game is never saved in its place (the
            # table below saves that one): asked about as when a saved game of theirs exists
            self.session.notices.append(f"This practice game was not saved: your game ({own}) is saved to "
                                        "continue, and a game taken over from a replay never takes its place")
        else:
            self.session.quit()
        problems = list(dict.fromkeys(self.session.take_notices()))  # each said once
        for problem in problems:
            print(f"warning: {printable(problem)}", file=sys.stderr)
        if not game_lost(problems) or self.app.stopped_by is not None or not self.app.running:
            return True  # (saved without its score and level: said on standard error)
        self._unsaved_dialog = self.app.show(
            "confirm", title="Your game could not be saved",
            words=" ".join([*map(_said, problems), "If you close the window now, this game is lost."]),
            yes="Close anyway", action=self._close_anyway)
        return False

    def _close_anyway(self) -> None:
        """The player closes the window although the game could not be saved."""
        self._closing_anyway = True
        self.app.quit()

    def dropped(self) -> None:
        """The table is gone from the screen (a practice game taken over from this lost
        game's winning line went to the menu, which drops every screen): a game that
        ended here is counted now if it was not yet (a lost game is counted as the player
        leaves it). A game in progress is the menu's to keep when it was paused for the
        menu (:meth:`TableExits.pause_to_menu`); any other game in progress dropped is
        given up (counted as abandoned) rather than lost without a trace."""
        if self.session.over or not self.paused_for_menu:
            self.give_up()

    def give_up(self) -> None:
        """The game is given up from outside the table (a new deal replaces it in the
        menu while it is paused; the table is dropped): counted as abandoned (or lost)
        if it was begun and not counted yet."""
        self.session.end()
        self.tell_notices()

    def tell_notices(self) -> None:
        """Pass what the session has to tell the player (records not written, warnings
        of the data folder) to the app, which shows it over whatever screen is on top."""
        self.app.tell(self.session.take_notices())

    def update(self, dt: float) -> None:
        """Advance flights, the celebration, the clock and messages."""
        self.paused_for_menu = False  # on the screen again (continued from the menu)
        self.clock += dt
        self.tell_notices()
        self.help.update()
        if self._pending_size is not None:
            self._pending_left -= dt
            if self._pending_left <= 0:
                self._apply_resize()
        self.renderer.refine(REFINE_BUDGET)
        if self.glide is not None:
            self.glide.elapsed += dt
            if self.glide.progress >= 1:
                self.glide = None
        landed = self.anim.update(dt)
        self.effects.update(dt, self.gestures.place_to_lift(self.anim.busy))
        self.hud.update(dt)
        hands = self.gestures
        held = hands.press is not None or hands.drag is not None
        self.badge_tips.update(dt, None if held else hands.pointer, self.renderer.marks.tips)
        foundations = self.game.foundations
        self.effects.landed(landed, foundations)
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
        self.effects.update_celebration(dt)
        if self.win_dialog_in is not None:
            self.win_dialog_in -= dt
            # a screen opened over the table meanwhile (Options, Help): the dialog waits
            if self.win_dialog_in <= 0 and self.app.top is self:
                self.win_dialog_in = None
                self.app.show("win", table=self)
        if self.told_due and self.app.top is self and not self.anim.busy:
            self.told_due = False
            self._tell_result()
        if self.dead_end_look is not None and self.app.top is self and not self.anim.busy:
            self._look_on_for_dead_end()

    def _check_result(self) -> None:
        outcome = self.session.conclude()
        if outcome.result == WON:
            self.sound("win")
            for points in outcome.points:
                self.hud.show_points(points)
            if self.speed > 0:  # (animation off: no cards bounce; the dialog says it all)
                self.effects.celebrate(self.game, self.layout, self.app.palette)
            self.win_dialog_in = WIN_DIALOG_DELAY
        elif self.app.top is self:
            self._tell_result()
        else:
            # a screen opened over the table as the last cards landed: told on its return
            self.told_due = True

    def _win_on_its_way(self) -> bool:
        """The game is won and its dialog is not up yet: the last cards are flying, or
        the celebration has its moment before the dialog."""
        return self.win_dialog_in is not None or (self.result_due and self.game.is_won())

    def _would_pass_the_win_by(self, event: pygame.event.Event) -> bool:
        """A key or click that leaves the table (Esc, N, R, the Menu, New deal and
        Restart buttons), or that means "go on" (Enter, Space, a click on the felt). The
        others do what they do (Undo, Options and Help: the dialog waits for a screen
        opened over the table)."""
        if not is_a_press(event):
            return False
        if event.type == pygame.KEYDOWN:
            return event.key in _PASS_THE_WIN_KEYS
        pos = getattr(event, "pos", None)
        hit = None if pos is None else next((b for b in self.hud.buttons if b.rect.collidepoint(pos)), None)
        return hit is None or hit.label in _PASS_THE_WIN_BUTTONS

    def _show_win_now(self) -> None:
        """Land the cards, count the win if it is not counted yet, and show its dialog."""
        self.anim.finish()
        if self.result_due:
            self.result_due = False
            self._check_result()
        self.win_dialog_in = None
        self.app.show("win", table=self)

    def _tell_result(self) -> None:
        """Show "No more moves" for a lost game, or "No way to win" for a dead end."""
        if self.game.is_lost():
            self.app.show("lost", table=self)
        else:
            self._tell_dead_end()

    def _tell_dead_end(self) -> None:
        """Show "No way to win" when the moves left can no longer lead to a win (once for
        each dead end the game walks into: shuffling on in it says nothing more). The
        look (:class:`~game.search.dead_end.DeadEndLook`) takes a few milliseconds of
        this frame and, when it needs more, of the next ones."""
        self.dead_end_look = None
        if self.session.over:
            return
        self.dead_end_look = (self.session, self._last_step(), DeadEndLook(self.game))
        self._look_on_for_dead_end()

    def _last_step(self) -> object:
        """The last move played (None at the deal): a new one, or an undo, changes it."""
        history = self.game.history
        return history[-1] if history else None

    def _look_on_for_dead_end(self) -> None:
        """Give the look for a dead end its milliseconds of this frame; tell its answer
        once it has one, if the position is still the one it looks at."""
        assert self.dead_end_look is not None
        session, step, look = self.dead_end_look
        if session is not self.session or step is not self._last_step() or session.over:
            self.dead_end_look = None
            return
        answer = look.run(dead_ends.DEAD_END_MS)
        if answer is None:
            return
        self.dead_end_look = None
        if not answer:
            self.dead_end_told = False
        elif not self.dead_end_told:
            self.dead_end_told = True
            self.app.show("dead end", table=self)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard; any press (but of a modifier key alone) lands the flights
        first."""
        if event.type in _INPUT:
            self._apply_resize()
        if self._win_on_its_way() and self._would_pass_the_win_by(event):
            # the game is won: a press that would leave it (or does nothing) brings its
            # dialog now, which offers the same ways on, rather than leave the win unseen
            self._show_win_now()
            return
        if event.type == pygame.KEYDOWN:
            if event.key in MODIFIER_KEYS:
                return  # Shift, Ctrl or Alt alone (on the way to Ctrl+Z, Alt+Tab) does nothing
            if event.key == pygame.K_ESCAPE and self.hud.menu_open:
                self.hud.close_menu()  # Esc closes the open "⋯" menu, and does only that
                return
            if self.hud.menu.handle_key(event):
                return
            self.anim.finish()  # (a press lands them in Gestures.on_press, minding the card seen)
        hands = self.gestures
        if event.type == pygame.MOUSEMOTION:
            hands.on_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            hands.on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            hands.on_release(event)
        elif event.type == pygame.KEYDOWN:
            hands.on_key(event)
        elif event.type == pygame.WINDOWLEAVE:
            hands.pointer = None

    # ----- actions (gestures, buttons, keys, dialogs) ------------------------------------------

    def play(self, move: Move, *, start: tuple[float, float] | None = None) -> None:
        """Play a legal player move, then any automatic drops, and animate every transfer."""
        outcome = self.session.play(move)
        self._show(outcome, start=start, stock=move.src == self.game.stock)

    def play_demo_move(self, move: Move) -> None:
        """Play the demo player's move for the player (see PlaySession.play_demo_move)."""
        outcome = self.session.play_demo_move(move)
        self._show(outcome, stock=move.src == self.game.stock)

    def move(self, src: int, dst: int, *, start: tuple[float, float] | None = None) -> bool:
        """Play the top card of ``src`` onto ``dst`` if legal (True); otherwise say why."""
        outcome = self.session.try_move(src, dst)
        if outcome.refused:
            self.say(refusal_words(self.game, self.session.move_between(src, dst), outcome.refused,
                                   notation=self.app.settings.show_notation))
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

    def finish(self) -> None:
        """Every card left goes home, one after another, as one step of the player's
        (offered only once foundation moves alone win: see PlaySession.finish_line)."""
        self.anim.finish()
        self._show(self.session.finish())

    def hint(self) -> None:
        """Show the next hint: an arrow from the card to its destination, with the reason
        (an older message would hide the reason: it goes). In a dead end the player was
        told of and played on in, no hint can help: "No way to win" comes again instead,
        at no cost, with the analysis of the game ("Where did I go wrong?") in it, and in a
        lost game "No more moves" comes again."""
        self.hush()
        if self.game.is_lost() and not self.result_due and self.app.top is self:
            # the dialog was closed (not folded into its bar, which stays over the table):
            # it comes again, with "Where did I go wrong?" in it
            self.app.show("lost", table=self)
            return
        # (asked again of this very position: the look after an undo that left the dead
        # end may not have answered yet, and the flag is the last dead end's)
        if self.dead_end_told and not self.session.over and self.session.dead_end():
            self.app.show("dead end", table=self)
            return
        self._show(self.session.next_hint())

    def _show(self, outcome: Outcome, *, start: tuple[float, float] | None = None,
              seconds: float | None = None, stock: bool = False) -> None:
        """Show what the session did: why nothing happened, or the points and the flights."""
        if outcome.refused:
            self.say(outcome.refused)
        elif outcome.note:
            self.say(outcome.note)
        elif outcome.moved:
            self.hush()  # a refusal or notice about the position before is stale now
        for points in outcome.points:
            self.hud.show_points(points)
        if not outcome.moved:
            return
        if stock:
            self.sound("stock")
        self.gestures.position_changed()
        relaid = self._fit_piles()
        self.result_due = True
        self.told_due = False
        self.win_dialog_in = None
        self.effects.celebration = None
        transfers: list[Transfer] = list(outcome.transfers)
        if start is None and relaid:
            start = self._takeoff(transfers)
        if seconds is None:
            self.anim.queue_transfers(transfers, self.game.piles, speed=self.speed, start=start)
        else:
            self.anim.queue_transfers(transfers, self.game.piles, speed=self.speed, start=start,
                                      seconds=seconds)
        if transfers and not self.anim.busy:  # animation off: the cards are down already
            foundations = self.game.foundations
            self._sound_of_landing(any(t.dst in foundations for t in transfers))
            self.effects.arrived(transfers, foundations)

    def start_demo(self) -> None:
        """Let the demo player play this game by itself (any click or key takes over).
        The game goes on under the demo, and so does its clock: the time the demo plays
        is the game's time (the scene pushed over the table paused it: it runs again)."""
        if self.session.over:
            self.say("This game is over: the demo has nothing to play")
            return
        self.anim.finish()
        self.gestures.cancel()
        self.gestures.selected = None
        self.session.forget_hints()
        self.app.show("demo", table=self)
        if self._being_played():
            self.session.resume()

    def after_demo(self, event: pygame.event.Event) -> None:
        """The click or key that stopped the demo does what it does on the table, except
        on the Demo button (which only stops it)."""
        pos = getattr(event, "pos", None)
        if pos is None or not any(b.label == "Demo" and b.rect.collidepoint(pos) for b in self.hud.buttons):
            self.handle_event(event)

    def demo_stopped(self, why: str) -> None:
        """The demo handed the game back: say why; a game it lost shows its dialog now."""
        self.say(why)
        # a game the demo lost shows its dialog, a dead end it stopped in says so
        if not self.game.is_won():
            self.result_due = True

    def save_replay(self) -> None:
        """Save the game as a replay (a finished one, or one in a dead end), then show
        its dialog again with where it went (or why it could not be saved)."""
        self.session.save_replay()
        self.sound("click")
        if self.app.top is self:
            g = self.game
            shown = self.app.show("win" if g.is_won() else "lost" if g.is_lost() else "dead end", table=self)
            # the focus was on "Save replay", now gone: not back on the first button, "Undo"
            # in these two, where a second Enter would take back the game's last move
            if not g.is_won() and hasattr(shown, "focus_on"):
                shown.focus_on("Menu" if g.is_lost() else "Keep playing")

    def say(self, words: str) -> None:
        """Show a message in the HUD (or the footer when the HUD has no room)."""
        self.message = sentence(words)
        self.message_left = MESSAGE_SECONDS

    def hush(self) -> None:
        """End the message shown, so the status under it (what to fill, the hint) shows."""
        self.message = ""
        self.message_left = 0.0
        self.hud.redraw()

    # ----- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the piles, highlights, flights, hint, HUD and the card in hand, every
        face the large-index one while the table holds it (:attr:`large_held`)."""
        with self.app.art.holding_large(self.large_held):
            self._draw_table(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        if self._pending_size is not None:
            # The window is being resized: the last picture, stretched, for a moment (the
            # whole frame, bar and flying cards with it, when the table was on top). A
            # size that came while another screen was on top (the options' window size)
            # is no drag to wait out: that screen's picture is not the table's, so the
            # table is laid out at once.
            last = self.app.last_frame
            on_top = self.app.top is self
            if not on_top or self.app.last_frame_of is self:
                if last is not None and on_top and self.app.last_frame_at >= self._drawn_at:
                    surface.blit(pygame.transform.scale(last, surface.get_size()), (0, 0))
                    return
                if self.renderer.draw_stretched(surface):
                    return
            self._apply_resize()
        self._drawn_at = time.perf_counter()
        r = self.renderer
        g = self.game
        piles = self.display_piles()
        glide = self.glide
        surface.blit(r.layer(g, piles) if glide is None else
                     r.gliding_layer(g, piles, glide.start, ease_in_out(glide.progress)), (0, 0))
        self.effects.draw_settling(surface, r, g, piles)
        # The marks on places: the space owed a fill, what the hands are doing, each
        # pile's direction, the stock's and waste's counts.
        if not self.anim.moving:
            # with a card in hand (picked up by keyboard or click, or dragged) the cards
            # that may fill the space stop glowing: their glow would look like its own
            in_hand = self.gestures.selected is not None or self.gestures.drag is not None
            r.draw_owed(surface, g, piles, 0.5 + 0.5 * math.sin(self.clock * 5.0), sources=not in_hand)
        self.gestures.draw(surface, piles, palette)
        r.draw_directions(surface, g, piles)
        r.draw_counts(surface, g, piles)
        self.effects.draw_lift_and_arrivals(surface, r, g, piles, self.anim.busy)
        r.draw_flights(surface, g, self.anim)
        hint = self.session.hint
        if hint is not None and not self.anim.moving:  # (a card flying back moves nothing)
            r.draw_hint(surface, g, hint.move)
        self._draw_badge_tip(surface)
        self.effects.draw_celebration(surface, self.app.art, self.layout)
        self.hud.draw(surface)
        # The card in hand is above everything, the bar and the footer too: it is the
        # card the player is carrying, wherever the pointer takes it.
        drag = self.gestures.drag
        if drag is not None:
            r.draw_held(surface, g, drag.place, drag.card, drag.corner)

    def _draw_badge_tip(self, surface: pygame.Surface) -> None:
        """The words of the badge the pointer rests on, or of the keyboard's focus (a
        foundation going up or coming down), while nothing is held and no dialog is
        over the table; at the size of the bar's tooltips."""
        hands = self.gestures
        if self.app.top is not self or hands.press is not None or hands.drag is not None:
            self.badge_tips.rect = pygame.Rect(0, 0, 0, 0)
            return
        focus = hands.focus if hands.focus_visible else None
        plan = self.hud.plan
        px = plan.button_px if plan is not None else label_px(self.layout.card[1])
        self.badge_tips.draw(surface, self.renderer.marks.tips, focus, self.layout.bases, px,
                             self.app.palette, self.app.drawn)


def _said(problem: str) -> str:
    """A problem as a sentence of the question's words: as a notice tells it
    (:func:`~game.ui.notices.told`), ended with a full stop."""
    words = told(problem)
    return words if words.endswith((".", "!", "?")) else words + "."
