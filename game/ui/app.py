"""The window, the main loop and the stack of scenes, which find each other by name.

A scene never imports another scene's module: it asks the app for one by name with its
arguments (``app.show("rules", rules="square")``), and the app makes it with the maker
registered under that name (:mod:`game.ui.scenes` registers every scene of the game).

One loop, paced to the display (vsync where the driver allows it, otherwise a steady
60 frames per second). Each frame: events go to the top scene (which hands on what it
lets through: a folded dialog to the table), every scene updates, and the stack is drawn
from the lowest opaque scene up, so a dialog draws over the table beneath it. What the
player must be told whatever screen is open (a file moved aside, a record not saved) goes
to :meth:`App.tell`, and shows in the notice band (:mod:`game.ui.notices`) over the top
scene.

Ctrl+C in the terminal (SIGINT), a polite kill (SIGTERM) and the terminal closing (SIGHUP)
end the loop as closing the window does: every scene saves what it must. From the first
such signal on, the others are ignored, so a second Ctrl+C never cuts that save short.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import signal
import socket
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import FrameType
from typing import Any, Literal, Protocol, runtime_checkable

import pygame

from ..records.settings import WINDOW_SIZE_MIN, Settings, save_settings, window_size_kept
from ..records.store import Store
from .art import CardArt
from .drawn import DrawnBoxes, Kind
from .notices import Notices
from .sound import Sounds
from .theme import Palette, palette_for

#: the smallest the window gets (the settings' smallest window size)
MIN_SIZE = WINDOW_SIZE_MIN
#: what a window whose size the game picks (the saved size, the options' sizes) leaves of
#: the desktop, for the system's panels and docks and the window's own title bar: pygame-ce
#: tells the desktop's size but not the part of it those leave free
DESKTOP_MARGIN = (80, 100)
FPS = 60
#: a key held down presses again after REPEAT_DELAY ms, then every REPEAT_INTERVAL ms
REPEAT_DELAY = 400
REPEAT_INTERVAL = 70
#: the keys that press again while held: they move a focus, scroll or delete a character.
#: Any other key held (Space, Enter, U, H, Esc…) acts once, however long it is held
REPEATING_KEYS = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
                            pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE})
#: the window events that mean the player is elsewhere, and back (a game's clock stops
#: meanwhile, as it does under a dialog): the app keeps the window's state from them
_AWAY = (pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST)
_BACK = (pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWFOCUSGAINED)
#: the signals that stop the game as closing its window does (those this system has)
STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))

log = logging.getLogger(__name__)

#: the names the scenes are found by
SceneName = Literal["menu", "options", "table", "rules", "stats", "scores", "levels", "replay", "demo",
                    "win", "lost", "dead end", "confirm", "analysis", "help", "keys"]


#: makes a scene for an app from the keyword arguments a scene asks for it with (a scene
#: class, or a function such as :func:`game.ui.scenes.table`)
SceneMaker = Callable[..., "Scene"]


def _keep_minimum_size() -> None:
    """Tell the window system the smallest the window may be dragged to (:data:`MIN_SIZE`),
    so that a drag stops there rather than the window being set back after it. Told again
    after every ``set_mode``, which forgets it."""
    with warnings.catch_warnings():
        # pygame-ce 2.5 deprecates this in favour of drawing on a pygame.Window rather than
        # through pygame.display, which is what the whole game draws through
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.minimum_size = MIN_SIZE


def _ignore_signal(number: int, frame: FrameType | None) -> None:
    """A stop signal while the game is being saved: nothing to do.

    A Python handler rather than SIG_IGN, because a signal already caught but not yet
    handled when the handler changes to SIG_IGN makes Python print "Signal N ignored due
    to race condition" with a traceback; this handler takes it quietly.
    """


def _hold_stop_signals() -> None:
    """Block the stop signals for the rest of the program, which is ending after one.

    Ignoring them with a Python handler is not enough: when the interpreter shuts down it
    puts the default action back on every signal that has a Python handler, and a late
    Ctrl+C in that moment would kill the program with the game saved but its exit status
    lost. A blocked signal is never delivered; it dies with the process. (Where threads
    have no signal mask, as on Windows, the Python handler is all there is.)
    """
    if hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread():
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


class _Arrivals:
    """The order in which signals arrived, from the interpreter's wake-up socket.

    Python runs the handlers of signals that arrived together in the order of their
    numbers, not of their arrival: a SIGTERM and then a Ctrl+C sent while the program is
    too busy to look would reach :meth:`App._stop` as SIGINT first, and the program would
    end with Ctrl+C's status instead of SIGTERM's. The interpreter writes each signal's
    number to its wake-up socket as it arrives, in arrival order.
    """

    def __init__(self, reader: socket.socket, writer: socket.socket, previous: int) -> None:
        self.reader = reader
        self.writer = writer
        self.previous = previous

    @classmethod
    def open(cls) -> _Arrivals | None:
        """Wake-up sockets set up, or None where the system gives none (the handlers then
        see the signals in the interpreter's order)."""
        try:
            reader, writer = socket.socketpair()
        except OSError:
            return None
        try:
            for end in (reader, writer):
                end.setblocking(False)
            previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        except (OSError, ValueError):
            reader.close()
            writer.close()
            return None
        return cls(reader, writer, previous)

    def first(self, number: int) -> int:
        """The stop signal that arrived first among those waiting (``number``, the one
        being handled, when the socket holds none)."""
        try:
            arrived = self.reader.recv(4096)
        except OSError:
            return number
        return next((n for n in arrived if n in STOP_SIGNALS), number)

    def close(self) -> None:
        """Give the interpreter back its wake-up socket, and close these."""
        with contextlib.suppress(OSError, ValueError):
            signal.set_wakeup_fd(self.previous)
        self.reader.close()
        self.writer.close()


def desktop_room() -> tuple[int, int] | None:
    """The largest window the game opens by itself: the desktop the window opens on (the
    first) less :data:`DESKTOP_MARGIN`, but never smaller than :data:`MIN_SIZE` (on a
    desktop smaller than that the window is 800 x 600 all the same: the layouts need it).

    None when the desktop's size is not known: SDL's dummy driver, which draws pictures
    without a display, makes one up (1024 x 768), and a driver may tell none, or 0 x 0.
    """
    if pygame.display.get_driver() == "dummy":
        return None
    desktops = pygame.display.get_desktop_sizes()
    if not desktops or min(desktops[0]) <= 0:
        return None
    width, height = desktops[0]
    return at_least_min((width - DESKTOP_MARGIN[0], height - DESKTOP_MARGIN[1]))


def fits(size: tuple[int, int], room: tuple[int, int] | None) -> bool:
    """A window of ``size`` fits in ``room`` (:func:`desktop_room`; anything fits in None)."""
    return room is None or (size[0] <= room[0] and size[1] <= room[1])


def at_least_min(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, each side no smaller than :data:`MIN_SIZE`'s."""
    return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """The window size the game opens for ``size`` asked by itself (the saved size, the
    default): no smaller than :data:`MIN_SIZE` and, each side, no larger than
    :func:`desktop_room`, so that the window and its title bar are on the screen."""
    room = desktop_room()
    width, height = at_least_min(size)
    if room is None:
        return width, height
    return min(width, room[0]), min(height, room[1])


class Scene:
    """One screen (menu, table, dialog…): events in, update, draw.

    ``opaque`` scenes hide what is below them; dialogs set it False. A scene drawn
    ``only_on_top`` (a dialog) is not drawn while another see-through scene lies over it: one
    panel at a time, never a second one's edges and buttons peeking out from under the
    first. ``name`` is the name the scene is found by (the app gives a scene it made the
    name it was asked for). A scene that ``plays_below`` plays the game of the scene under
    it (the demo, on the table): that game goes on meanwhile, its play clock too. On a
    screen whose Esc is its way back (``escape_goes_back``: options, help, statistics…),
    Esc closes a notice band showing and goes back too: the player pressing it means to
    leave. (On the table, the menu and a dialog, the first Esc only closes the band.)
    """

    opaque = True
    only_on_top = False
    plays_below = False
    escape_goes_back = False
    name = ""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def lets_input_through(self) -> bool:
        """The scene hands the input it does not take to the scene below it (a folded
        dialog to the table): see :meth:`App.gets_input`."""
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event (only the top scene gets them, and hands on what it
        lets through)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; lay the scene out again."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one (or one over it stopped letting
        input through: a folded dialog opened again)."""

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again (or takes input again
        through the one over it: a dialog folded)."""

    def window_away(self) -> None:
        """The window was minimised or lost the keyboard focus: the player is elsewhere.

        Every scene on the stack hears it (not only the top one), and so does a scene
        pushed while the window is away; :attr:`App.away` tells the state at any time."""

    def window_back(self) -> None:
        """The window is back (shown, with the focus) after :meth:`window_away`; every scene
        on the stack hears it."""

    def palette_changed(self) -> None:
        """The app's palette was replaced: what was drawn in the old one is drawn again."""

    def wants_quit(self) -> bool:
        """The window is closing: save what must be saved; False keeps the app open."""
        return True

    def dropped(self) -> None:
        """The scene was taken off the stack (popped, replaced, or every scene dropped for
        the menu): what ended on it and was not written yet is written now."""


@runtime_checkable
class KeepsPausedGame(Protocol):
    """A screen (the menu) that can hold a paused table and offer to continue it."""

    def hold(self, table: Scene, game: tuple[str, str, int], *, unsaved: bool = False,
             practice: bool = False) -> None:
        """Keep ``table`` to continue; ``game`` is its (rule set, game number, moves),
        which the saved game in progress must still match when the player continues,
        unless the game could not be saved (``unsaved``): then the table alone holds it.
        ``practice``: a practice game, taken over from a replay, never counted."""

    def give_up_paused(self) -> None:
        """Another game replaces the paused one: a paused game that could not be saved is
        counted as abandoned now, as a saved game is when it is replaced."""

    def game_in_progress(self) -> str | None:
        """The game in progress that another would give up (counted as abandoned), named
        as the player knows it, when a move was played in it; else None."""

    def practice_in_progress(self) -> bool:
        """The game in progress is a practice game (taken over from a replay): giving it
        up counts nothing."""

    def in_progress_is(self, rules: str, *, daily: datetime.date | None = None,
                       level: int | None = None) -> bool:
        """The game in progress is that daily deal or level of ``rules``."""

    def level_in_progress(self, rules: str) -> int | None:
        """The level of ``rules`` whose game is in progress, if one is."""

    def continue_game(self) -> None:
        """Take up the game in progress."""

    def play_random(self, rules: str) -> None:
        """Deal a random deal of ``rules``, as the menu's Play button does."""


def ask_to_give_up(app: App, given_up: str, yes: str, action: Callable[[], None], *,
                   practice: bool = False) -> None:
    """Ask before another game gives up the game in progress named ``given_up`` (from the
    menu or the levels screen); ``yes`` deals it (``action``), "Keep playing" keeps it.
    A ``practice`` game is never counted, so it is only left."""
    if practice:
        app.show("confirm", title="Leave your practice game?",
                 words=f"Your practice game ({given_up}) ends here. Practice games are not counted "
                       "in your statistics.",
                 yes=yes, action=action)
        return
    app.show("confirm", title="Give up your game?",
             words=f"Your game in progress ({given_up}) will be counted as abandoned.",
             yes=yes, action=action)


@runtime_checkable
class GivesUp(Protocol):
    """A screen (the table) whose game can be given up from outside it."""

    def give_up(self) -> None:
        """End the game: count it (abandoned, or lost if no move was left) if it was
        begun, and tell the player what could not be written."""


class App:
    """The window, the clock, the shared card art and settings, and the scene stack."""

    def __init__(self, *, size: tuple[int, int] | None = None, data_dir: Path | None = None,
                 settings: Settings | None = None, headless: bool = False,
                 scenes: Mapping[SceneName, SceneMaker] | None = None) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.settings = settings or Settings()
        self.data_dir = data_dir
        #: why this window only reads the data folder and writes nothing there, or None
        #: when it writes: another running copy of the game holds the folder (:data:`SHARED`,
        #: see :func:`~game.records.store.hold_data_folder`), or the window is a picture
        #: that ``screenshot`` takes (it reads the folder as ``stats`` does)
        self.only_reads: str | None = None
        #: also given every message :meth:`tell` shows (a picture's command prints them on
        #: standard error, since nobody watches its window), or None
        self.echo: Callable[[str], None] | None = None
        # a size given on the command line is the player's own (a picture's, maybe, larger
        # than any screen): only the size the game picks by itself is fitted to the desktop
        self.size = fit_to_desktop(self.settings.window_size) if size is None else at_least_min(size)
        self.screen = self._open_window(self.size)
        #: the last frame drawn before the window last changed size (None before): what a
        #: scene may show stretched while a dragged window edge sends a stream of sizes
        self.last_frame: pygame.Surface | None = None
        #: the scene on top when :attr:`last_frame` was taken: only that scene's own picture
        #: may stand in for it (another scene's, stretched, would flash that screen again)
        self.last_frame_of: Scene | None = None
        #: when :attr:`last_frame` was taken (``time.perf_counter()``)
        self.last_frame_at = 0.0
        pygame.display.set_caption("British Constitution & British Square")
        self.clock = pygame.time.Clock()
        #: the colours every scene draws with (the high-contrast option's)
        self.palette: Palette = palette_for(self.settings.high_contrast)
        #: what the last frame drew where (texts, buttons, card indices, badges, pop-ups)
        self.drawn = DrawnBoxes()
        self.art = CardArt(back_style=self.settings.card_back, four_colour=self.settings.four_colour,
                           large_index=self.settings.large_index)
        self.sounds = Sounds(enabled=self.settings.sound, volume=self.settings.volume)
        self.scenes: list[Scene] = []
        #: how to make each scene, by name
        self.makers: dict[SceneName, SceneMaker] = dict(scenes or {})
        self.running = False
        self.frames = 0
        #: what the player must be told over whatever screen is on top (see :meth:`tell`)
        self.notices = Notices()
        #: the last text copied (kept here too, since the system clipboard may not work)
        self.clipboard = ""
        #: the signal that stopped the loop (SIGINT, SIGTERM, SIGHUP), None until one came
        self.stopped_by: int | None = None
        self._arrivals: _Arrivals | None = None
        #: the window has the keyboard focus, and is minimised (kept here, whatever scene
        #: is on top, so that no scene opening or closing meanwhile loses them)
        self.focused = True
        self.minimised = False
        pygame.key.set_repeat(REPEAT_DELAY, REPEAT_INTERVAL)
        #: the keys down now, each with the scene on top when it went down (see :meth:`_pressed`)
        self._held: dict[int, Scene | None] = {}
        #: a held key's press was just dropped: the character it types (SDL sends it next,
        #: as its own event) is dropped too, so that + or A held acts once
        self._drop_text = False

    def store(self) -> Store:
        """The data folder, as every scene reads and writes it: read-only when this window
        only reads it (:attr:`only_reads`: another copy of the game holds it, or it is a
        picture), which moves nothing aside and writes nothing."""
        if self.only_reads is not None:
            return Store(self.data_dir, read_only=True, why_read_only=self.only_reads)
        return Store(self.data_dir)

    @property
    def away(self) -> bool:
        """The player is elsewhere: the window is minimised or lacks the keyboard focus
        (a game's clock does not run meanwhile)."""
        return self.minimised or not self.focused

    @staticmethod
    def _open_window(size: tuple[int, int]) -> pygame.Surface:
        screen = App._set_mode(size)
        _keep_minimum_size()
        return screen

    @staticmethod
    def _set_mode(size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if pygame.display.get_surface() is not None:
            # Asking for vsync again on a window that has it crashes pygame-ce 2.5
            # (segmentation fault in set_mode), so a resize keeps the first choice.
            return pygame.display.set_mode(size, flags)
        if os.environ.get("SDL_VIDEODRIVER") != "dummy":
            try:
                return pygame.display.set_mode(size, flags, vsync=1)
            except pygame.error:
                pass  # this driver cannot pace to the display: the clock paces at FPS
        return pygame.display.set_mode(size, flags)

    # ----- the scene stack ----------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene that gets input now."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top (the one below pauses, and so does any scene it let input
        through to); pushed while the window is away, it hears so at once."""
        for below in self._taking_input():
            below.pause()
        self.scenes.append(scene)
        scene.resize(self.size)
        if self.away:
            scene.window_away()

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below resumes. Quits when none is left."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.dropped()
        if self.scenes:
            for below in self._taking_input():
                below.resume()
        else:
            self.running = False
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it lies (a screen under the one on top
        that no longer has anything to show); popped if it is on top."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.dropped()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.scenes:
            self.scenes.pop().dropped()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Make ``scene`` the only scene (for example back to the menu)."""
        while self.scenes:
            self.scenes.pop().dropped()  # top first, as popping them one by one would
        self.push(scene)

    def under(self, scene: Scene) -> Scene | None:
        """The scene just below ``scene`` on the stack (None at the bottom, or when
        ``scene`` is not on the stack)."""
        if scene not in self.scenes:
            return None
        index = self.scenes.index(scene)
        return self.scenes[index - 1] if index > 0 else None

    def gets_input(self, scene: Scene) -> bool:
        """``scene`` takes the player's input: it is on top, or every scene over it lets
        input through to it (a dialog folded into a bar over the table)."""
        return scene in self._taking_input()

    def _taking_input(self) -> list[Scene]:
        """The scenes that take the player's input (:meth:`gets_input`), the top first."""
        taking: list[Scene] = []
        for scene in reversed(self.scenes):
            taking.append(scene)
            if not scene.lets_input_through:
                break
        return taking

    def back_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene`` (which resumes)."""
        while self.top is not None and self.top is not scene:
            self.pop()

    # ----- scenes by name ---------------------------------------------------------------

    def make(self, name: SceneName, **args: Any) -> Scene:
        """A new scene called ``name``, made with ``args`` by its registered maker."""
        maker = self.makers.get(name)
        if maker is None:
            raise KeyError(f"no scene is registered as {name!r}")
        scene = maker(self, **args)
        scene.name = name
        return scene

    def show(self, name: SceneName, **args: Any) -> Scene:
        """Make the scene ``name`` and put it on top."""
        scene = self.make(name, **args)
        self.push(scene)
        return scene

    def swap(self, name: SceneName, **args: Any) -> Scene:
        """Make the scene ``name`` and put it in the top scene's place."""
        scene = self.make(name, **args)
        self.replace(scene)
        return scene

    def start(self, name: SceneName, **args: Any) -> Scene:
        """Make the scene ``name`` the only scene (every other one is dropped)."""
        scene = self.make(name, **args)
        self.reset(scene)
        return scene

    # ----- the loop -------------------------------------------------------------------

    def quit(self) -> None:
        """Close the window after asking every scene whether it must save first."""
        for scene in reversed(self.scenes):
            if not scene.wants_quit():
                return
        self.remember_window_size()
        self.running = False

    def window_size_to_keep(self) -> tuple[int, int]:
        """The window size the settings keep for the next start: the window's (the nearest
        a setting may be), unless it is the size kept already made to fit this desktop
        (:func:`fit_to_desktop`): a window the game made smaller for a small screen keeps
        the player's size for the next, larger one."""
        kept = (self.settings.window_size[0], self.settings.window_size[1])
        if self.size == fit_to_desktop(kept):
            return kept
        return window_size_kept(self.size)

    def remember_window_size(self) -> None:
        """Keep the window's size in the settings, so the next start opens it the same
        (the nearest size the settings allow: the system may give a window larger than
        any they keep)."""
        size = self.window_size_to_keep()
        if tuple(self.settings.window_size) == size:
            return
        self.settings.window_size = size
        store = self.store()
        save_settings(store, self.settings)
        self.tell(store.take_warnings())

    def tell(self, messages: Iterable[str]) -> None:
        """Show the player these messages (a file moved aside, a record not saved…) over
        the scene on top, in the notice band, until they close it or its time is up; and
        to :attr:`echo`, when there is one."""
        messages = list(messages)
        if self.echo is not None:
            for message in messages:
                self.echo(message)
        self.notices.tell(messages)

    def resize(self, size: tuple[int, int], *, fit: bool = False) -> None:
        """Lay every scene out for a new window size: the size the window system gave (a
        drag, a maximised window), or a size the game picks (``fit``: made to fit the
        desktop, see :func:`fit_to_desktop`). Never below :data:`MIN_SIZE`: a window
        system that lets the window be dragged smaller has it set back to that."""
        size = fit_to_desktop(size) if fit else at_least_min(size)
        if size != self.screen.get_size():
            self.last_frame = self.screen.copy()
            self.last_frame_at = time.perf_counter()
            self.last_frame_of = self.top
            self.screen = self._open_window(size)
        self.size = size
        for scene in self.scenes:
            scene.resize(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, a click on the notice band or Esc while
        it shows to the band (Esc on to a top scene whose Esc goes back, too), the rest to
        the top scene. The window going away or coming back is told to every scene on the
        stack first."""
        if event.type in _AWAY or event.type in _BACK:
            self._window_changed(event.type)
        if not self._pressed(event):
            return
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif self.notices.handle(event) and not (
                self.top is not None and self.top.escape_goes_back and event.type == pygame.KEYDOWN
                and event.key == pygame.K_ESCAPE):
            return
        elif self.top is not None:
            self.top.handle_event(event)

    def _pressed(self, event: pygame.event.Event) -> bool:
        """Keep which keys are down from their presses and releases, and tell a key held
        down pressing again (pygame sends it as another press, with nothing to mark it)
        from a new press: False for such a press to drop, and for the character it
        types. Only :data:`REPEATING_KEYS` press again, and only while the scene that took
        the first press is on top (Backspace held to leave a screen deletes nothing on the
        next)."""
        if event.type == pygame.KEYUP:
            self._held.pop(event.key, None)
            self._drop_text = False
        elif event.type == pygame.KEYDOWN:
            self._drop_text = False
            if event.key not in self._held:
                self._held[event.key] = self.top
            elif event.key not in REPEATING_KEYS or self._held[event.key] is not self.top:
                # the character the held key types again comes next: dropped with it
                self._drop_text = True
                return False
        elif event.type == pygame.TEXTINPUT and self._drop_text:
            self._drop_text = False
            return False
        return True

    def _window_changed(self, kind: int) -> None:
        """Keep the window's state from one of its events (the :data:`_AWAY` and
        :data:`_BACK` kinds); when the player went away or came back, tell every scene."""
        was = self.away
        if kind == pygame.WINDOWFOCUSLOST:
            self.focused = False
        elif kind == pygame.WINDOWMINIMIZED:
            self.minimised = True
        else:
            # restored or maximised: shown again; a window with the focus is shown too
            self.minimised = False
            if kind == pygame.WINDOWFOCUSGAINED:
                self.focused = True
        if self.away:
            self._held.clear()  # the keys' releases go to the window that has the focus now
        if self.away == was:
            return
        for scene in list(self.scenes):
            if self.away:
                scene.window_away()
            else:
                scene.window_back()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        for scene in list(self.scenes):
            scene.update(dt)
        self.notices.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def follow_palette(self) -> bool:
        """Take the palette the high-contrast option asks for (the options may have just
        changed it); when that replaces the palette, every scene is told, so it draws
        afresh. True then."""
        wanted = palette_for(self.settings.high_contrast)
        if wanted is self.palette:
            return False
        self.palette = wanted
        for scene in self.scenes:
            scene.palette_changed()
        return True

    def draw(self, surface: pygame.Surface | None = None) -> None:
        """Draw the stack from its lowest opaque scene up, in the palette the options ask
        for, and the notice band over it."""
        self.follow_palette()
        self.drawn.clear()
        target = surface or self.screen
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        shown = self.scenes[first:]
        top = 0
        for scene, above in zip(shown, [*shown[1:], None], strict=True):
            if scene.only_on_top and above is not None and not above.opaque:
                continue
            top = len(self.drawn.boxes)
            scene.draw(target)
        # the band keeps clear of the buttons of the scene on top, which takes the input
        buttons = [box.rect for box in self.drawn.boxes[top:] if box.kind is Kind.BUTTON]
        self.notices.draw(target, self.palette, self.drawn, buttons)

    def run(self, max_frames: int | None = None) -> None:
        """Run the loop until the last scene is popped, quit, or ``max_frames`` frames.

        Ctrl+C, SIGTERM and SIGHUP stop it: every scene saves what it must (as when the
        window closes) while further signals are ignored, then KeyboardInterrupt (Ctrl+C)
        or SystemExit with status 128 + the signal's number (SIGTERM 143, SIGHUP 129)
        goes on to the command line.
        """
        self.running = True
        previous = self._catch_stop_signals()
        try:
            log.info("the game window is open (%dx%d)", *self.size)
            while self.running and (max_frames is None or self.frames < max_frames):
                dt = self.clock.tick(FPS) / 1000.0
                self.step(min(dt, 0.1))
                if self.stopped_by is not None:
                    # the handler's KeyboardInterrupt was lost: raised inside code whose
                    # exceptions Python ignores (a weakref callback the garbage collector
                    # ran), it never reached this loop, and the stop signals are held back
                    # now, so none would come again: the game would run on, deaf to Ctrl+C
                    raise KeyboardInterrupt
        except KeyboardInterrupt:
            self._ignore_stop_signals()
            for scene in reversed(self.scenes):
                scene.wants_quit()
            if self.stopped_by is not None and self.stopped_by != signal.SIGINT:
                # (each scene saved what it keeps: a practice game, for one, is never saved)
                log.info("stopped by %s: each screen saved what it keeps",
                         signal.Signals(self.stopped_by).name)
                raise SystemExit(128 + self.stopped_by) from None
            raise
        finally:
            if self.stopped_by is None:
                self._restore_signals(previous)
            # else the program is ending: a late signal must not interrupt its last steps

    def _catch_stop_signals(self) -> dict[int, Any]:
        """Route the stop signals to :meth:`_stop`, and note the order they arrive in
        (:meth:`_Arrivals.first`); the handlers they had, to restore."""
        previous: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return previous  # only the main thread may set handlers (and gets the signals)
        self._arrivals = _Arrivals.open()
        for number in STOP_SIGNALS:
            previous[number] = signal.getsignal(number)
            signal.signal(number, self._stop)
        return previous

    def _stop(self, number: int, frame: FrameType | None) -> None:
        """A stop signal: hold back the others from now on, then interrupt the loop."""
        self._ignore_stop_signals()
        _hold_stop_signals()
        self.stopped_by = number if self._arrivals is None else self._arrivals.first(number)
        raise KeyboardInterrupt

    @staticmethod
    def _ignore_stop_signals() -> None:
        if threading.current_thread() is threading.main_thread():
            for number in STOP_SIGNALS:
                signal.signal(number, _ignore_signal)

    def _restore_signals(self, previous: dict[int, Any]) -> None:
        if self._arrivals is not None:
            self._arrivals.close()
            self._arrivals = None
        for number, handler in previous.items():
            # None: a handler set outside Python (SDL's), which cannot be put back
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
