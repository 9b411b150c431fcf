"""The command line's window: the commands that open it, ``menu`` (the default), ``play``
and ``screenshot``, and the window's part of two commands of the packages below,
:func:`view_replay` (``replay FILE``) and :func:`chart_png` (``levels chart``).

``game.ui.screenshots.screenshot_scene(app, name, args)`` pushes what each picture needs
onto a headless app.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from ..console import fail, warn
from ..engine.commands import MOVES_HELP, add_game_arguments, game_from_arguments
from ..engine.echo import quoted, shown
from ..engine.rulesets import RULE_IDS
from ..records.commands import (
    absent_data_dir,
    add_data_dir_argument,
    data_dir_path,
    default_data_dir_problem,
    default_data_dir_unwritable,
    nearest_named,
)
from ..records.replay import paced_replay
from ..records.settings import WINDOW_SIZE_MAX, WINDOW_SIZE_MIN

if TYPE_CHECKING:
    from ..levels import Campaign
    from ..ui.app import App

#: the pictures ``screenshot --scene`` takes (game.ui.screenshots sets each one up)
SCREENSHOT_SCENES = ("menu", "rules", "options", "stats", "replay", "levels", "scores",
                     "table", "drag", "hint", "demo", "win", "lost", "dead-end", "help", "keys")

#: scene name → the options of ``screenshot`` that its picture uses (any other is refused)
SCENE_OPTIONS: dict[str, tuple[str, ...]] = {
    "menu": ("rules",), "rules": ("rules",), "stats": ("rules",), "levels": ("rules",),
    "scores": ("rules",), "win": ("rules",), "options": (),
    **dict.fromkeys(("replay", "table", "drag", "hint", "demo", "lost", "dead-end", "help", "keys"),
                    ("rules", "game", "moves")),
}
#: what ``screenshot`` pictures when an option is left out: game 1 of the first rule set
SCREENSHOT_DEFAULTS = {"rules": RULE_IDS[0], "game": "1", "moves": ""}


#: the most frames ``screenshot --frames`` runs (about half an hour at 60 frames a second;
#: every animation settles in a few hundred)
MAX_FRAMES = 100_000


def _shown(size: tuple[int, int]) -> str:
    """A window size as ``--size`` takes it: 800x600."""
    return f"{size[0]}x{size[1]}"


#: what ``--size`` says of itself (the command's default, where it has one, is added)
SIZE_HELP = f"window size, from {_shown(WINDOW_SIZE_MIN)} to {_shown(WINDOW_SIZE_MAX)}"


def _size(text: str) -> tuple[int, int]:
    try:
        parts = text.lower().replace("×", "x").split("x")
        # ASCII digits only, as in a game number (int() also reads "８００" and " +800")
        if not all(part.isascii() and part.isdigit() for part in parts):
            raise ValueError(text)
        w, h = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a size like 1280x800") from None
    if not (WINDOW_SIZE_MIN[0] <= w <= WINDOW_SIZE_MAX[0] and WINDOW_SIZE_MIN[1] <= h <= WINDOW_SIZE_MAX[1]):
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is out of range: the window is from {_shown(WINDOW_SIZE_MIN)} "
            f"to {_shown(WINDOW_SIZE_MAX)}")
    return w, h


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the window commands."""
    menu = subparsers.add_parser("menu", help="open the game on its menu (the default)",
                                 description="Open the game window on the main menu.")
    add_data_dir_argument(menu)
    menu.add_argument("--size", type=_size, default=None,
                      help=f"{SIZE_HELP}, e.g. 1280x800")
    menu.set_defaults(func=run_menu)

    play = subparsers.add_parser("play", help="open the game straight on a deal",
                                 description="Open the game window on a deal of a rule set "
                                 "(a random deal when GAME is left out). With --moves, a practice "
                                 "game from where they lead: not counted in the statistics, no "
                                 "high score, and the saved game stays to continue.")
    add_game_arguments(play, game_required=False)
    add_data_dir_argument(play)
    play.add_argument("--size", type=_size, default=None,
                      help=f"{SIZE_HELP}, e.g. 1280x800")
    play.set_defaults(func=run_play)

    shot = subparsers.add_parser("screenshot", help="save a PNG of a scene without a display",
                                 description="Render one scene headless and write it as a PNG. "
                                 "--rules, --game and --moves are refused where the scene does not "
                                 "use them (options: none; win and the screens over the menu: "
                                 "--rules only).")
    shot.add_argument("out", metavar="OUT.png", help="the picture to write: a name ending in .png, "
                      "or - for standard output")
    shot.add_argument("--scene", choices=sorted(SCREENSHOT_SCENES), default="table",
                      help="what to picture (default table: a deal being played)")
    shot.add_argument("--rules", default=None, help="rule set (default constitution)")
    shot.add_argument("--game", default=None, help="game number (default 1)")
    shot.add_argument("--moves", default=None, metavar='"m1 m2 …"', help=MOVES_HELP)
    shot.add_argument("--size", type=_size, default=(1280, 800),
                      help=f"{SIZE_HELP} (default 1280x800)")
    shot.add_argument("--frames", type=int, default=90,
                      help="frames to run before the picture, so animations settle (default 90); "
                      "SIGTERM or Ctrl+C stops them and nothing is written")
    shot.add_argument("--real-window", action="store_true",
                      help="open a real window on the display (e.g. under Xvfb) instead of "
                      "rendering headless")
    add_data_dir_argument(shot, reads_only=True)
    shot.set_defaults(func=run_screenshot)


def open_window(data_dir: Path | None, *, size: tuple[int, int] | None = None,
                headless: bool = False, picture: bool = False, unusable: bool = False) -> App:
    """An App on the data folder ``data_dir`` with the player's saved settings, the log
    file opened, and the folder held for this copy of the game: where another running
    copy holds it, this one reads it and saves nothing, and says so.

    A ``picture`` (``screenshot``, ``headless`` or in a real window) only reads the
    folder, as ``stats`` does: it holds no lock and opens no log, since it may be taken
    while the game plays on that folder; a file it cannot read is left where it is, not
    moved aside; and every warning it shows is printed on standard error too, since
    nobody watches its window.

    A data folder where nothing can be saved (``unusable``: its caller says why, once)
    is not held and gets no log, which would only fail there, each with a message."""
    from ..records.settings import load_settings
    from ..records.store import READS_ONLY, SHARED, Store, hold_data_folder, open_log
    from ..ui.scenes import open_app

    only_reads = READS_ONLY if picture else None
    store = Store(data_dir, read_only=picture)
    if not picture and not unusable:
        if hold_data_folder(store) is False:
            only_reads = SHARED
            store = Store(data_dir, read_only=True, why_read_only=SHARED)
            store.warn(f"{SHARED}: close the other window to keep this one's games")
        else:
            open_log(store)
    settings = load_settings(store)
    warnings = store.take_warnings()
    if not picture:  # said before the window opens; a picture's are said as it is told them
        for warning in warnings:
            warn(warning)
    app = open_app(size=size, data_dir=data_dir, settings=settings, headless=headless)
    app.only_reads = only_reads
    if picture:
        app.echo = _warn_once()
    app.tell(warnings)
    return app


def _warn_once() -> Callable[[str], None]:
    """Prints a warning on standard error the first time it is given (a picture's scenes
    may read a damaged file twice, and a file left where it is is warned about each
    time)."""
    said: set[str] = set()

    def once(message: str) -> None:
        if message not in said:
            said.add(message)
            warn(message)

    return once


def data_dir_checked(args: argparse.Namespace) -> tuple[str | None, str | None]:
    """``(error, warning)`` about ``--data-dir``, as ``stats`` and ``replay`` check it
    (:func:`~game.records.commands.data_dir_path`), and ``args.data_dir`` becomes the
    folder's path: a path through a file is an error; a folder where no file can be made
    gets a warning (:func:`data_dir_warning`)."""
    try:
        args.data_dir = data_dir_path(args.data_dir)
    except ValueError as err:
        return str(err), None
    return None, data_dir_warning(args.data_dir)


def data_dir_warning(folder: Path | None) -> str | None:
    """Why nothing the window saves in the data folder ``folder`` (None: the default one)
    would last (the game is played all the same), or None: a folder where no file can be
    made, or that cannot be made. The folder is named as it was given, beside the one
    found to take no file (``--data-dir /proc/x: no file can be made in /proc``)."""
    from ..output import OutputError, check_output_folder

    if folder is None:
        problem = default_data_dir_problem() or default_data_dir_unwritable()
        return problem and f"{problem}; nothing will be saved"
    place = nearest_named(folder)
    try:
        check_output_folder(place, what="--data-dir")
    except OutputError as err:
        return f"--data-dir {shown(folder)}: {err.why}: nothing will be saved"
    return None


#: the video drivers SDL falls back to when no display can be reached: a window there is
#: seen by nobody
_UNSEEN_DRIVERS = ("offscreen", "dummy")


def no_display() -> str | None:
    """Why the game's window could not be seen (SDL found no display and fell back to a
    driver that draws nowhere, as over ssh with no X11 or Wayland), or None. A driver the
    caller chose (``SDL_VIDEODRIVER``: the tests' dummy one) is taken as chosen."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # standard output is the command's
    import pygame

    try:
        pygame.display.init()
    except pygame.error as err:
        return f"no display can be opened for the game's window ({err})"
    driver = pygame.display.get_driver()
    if driver not in _UNSEEN_DRIVERS:
        return None
    pygame.display.quit()
    return ("there is no display to open the game's window on (no X11 or Wayland session is "
            f"reachable: SDL could only draw off screen, with its {driver} driver)")


def _open(args: argparse.Namespace) -> App | int:
    """The App for ``menu`` and ``play``, or the exit status of a refused ``--data-dir``
    or of a window nobody could see (:func:`no_display`, status 1)."""
    problem, warning = data_dir_checked(args)
    if problem:
        return fail(problem)
    return _window_on(args.data_dir, warning, size=args.size)


def _window_on(data_dir: Path | None, warning: str | None, *,
               size: tuple[int, int] | None = None) -> App | int:
    """The App of a command that opens the game's window (``menu``, ``play``, ``replay
    FILE``) on the checked ``data_dir``, ``warning`` said first (:func:`data_dir_warning`);
    or status 1 when nobody could see the window (:func:`no_display`)."""
    unseen = no_display()
    if unseen:
        return fail(unseen, 1)
    app = open_window(data_dir, size=size, unusable=warning is not None)
    if warning:
        warn(warning)
        app.tell([warning])
    return app


def run_menu(args: argparse.Namespace) -> int:
    """Open the window on the menu and play until it closes."""
    app = _open(args)
    if isinstance(app, int):
        return app
    app.show("menu")
    app.run()
    return 0


def run_play(args: argparse.Namespace) -> int:
    """Open the window straight on a deal (over the menu, which asks first when the deal
    would give up a game in progress)."""
    from ..engine import UnknownRulesError, random_playable_number
    from ..ui.menu import MenuScene

    if args.game is None:
        try:
            args.game = random_playable_number(args.rules)
        except UnknownRulesError as err:
            return fail(str(err))
    game = game_from_arguments(args)
    if isinstance(game, str):
        return fail(game)
    app = _open(args)
    if isinstance(app, int):
        return app
    menu = app.show("menu")
    assert isinstance(menu, MenuScene)
    menu.choose(game.rules)
    if game.history:
        # moves the player did not play here (the demo's line, a friend's): a practice
        # game from where they lead, as a replay taken over is, never a win of one's own
        # at 0:00 with a high score; the player's saved game stays theirs to continue
        moves = [game.move_text(step.move) for step in game.history]
        app.show("table", replay=paced_replay(game.rules, game.game, moves), taken_over=True, timed=False)
    else:
        menu.deal(game)  # asks first when it would give up a game in progress
    app.run()
    return 0


def view_replay(path: Path, data_dir: Path | None) -> int:
    """``replay FILE``'s window: the replay viewer on the replay in ``path``, the menu
    beneath it, until the window closes; the exit status."""
    from ..records.replay import ReplayError, load_replay

    try:
        replay = load_replay(path)
    except ReplayError as err:
        return fail(f"{shown(str(path))}: {err}")
    app = _window_on(data_dir, data_dir_warning(data_dir))
    if isinstance(app, int):
        return app
    app.show("menu", rules=replay.rules)
    app.show("replay", replay=replay)
    app.run()
    return 0


def chart_png(campaigns: Mapping[str, Campaign | str | None]) -> bytes:
    """``levels chart``'s picture: the campaigns' difficulty curves as PNG bytes, drawn
    off-screen (no window and no sound device are needed)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..ui.level_chart import chart_png as draw

    return draw(campaigns)


class _Terminated(Exception):
    """SIGTERM arrived while a screenshot was being prepared."""


def _terminate(_signum: int, _frame: FrameType | None) -> None:
    raise _Terminated


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the named scene headless and write it as PNG.

    Everything that can be checked is checked before a window is opened: the scene's
    options, the rule set, ``--frames``, the deal and its ``--moves`` (as ``deal`` checks
    them), ``--data-dir`` and the output (see
    :mod:`game.output`). The data folder is only read (:func:`open_window`'s
    ``picture``). SIGTERM, like Ctrl+C, stops the frames and nothing is written."""
    from ..engine import UnknownRulesError, rules_class
    from ..output import OutputError, check_output, write_output

    unused = [f"--{name}" for name in ("rules", "game", "moves")
              if getattr(args, name) is not None and name not in SCENE_OPTIONS[args.scene]]
    if unused:
        return fail(f"the {args.scene} scene does not use {' or '.join(unused)}")
    for name, value in SCREENSHOT_DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    try:
        args.rules = rules_class(args.rules).rules
    except UnknownRulesError as err:
        return fail(str(err))
    if not 1 <= args.frames <= MAX_FRAMES:
        return fail(f"--frames must be a whole number from 1 to {MAX_FRAMES:,}")
    if "moves" in SCENE_OPTIONS[args.scene]:  # the deal and its moves, in deal's words
        game = game_from_arguments(args)
        if isinstance(game, str):
            return fail(game)
    try:  # checked as stats checks it: a picture writes nothing there, so nothing is tried
        folder = data_dir_path(args.data_dir)
    except ValueError as err:
        return fail(str(err))
    absent = absent_data_dir(args.data_dir, folder)
    args.data_dir = folder
    try:
        out = check_output(args.out, what="screenshot", suffix=".png")
    except OutputError as err:
        return fail(str(err))
    if not args.real_window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    args.game_arg = args.game
    from ..ui.screenshots import screenshot_scene

    if absent:  # a picture of a game with nothing recorded may be what was meant: it is taken
        warn(f"{absent}; the picture shows nothing recorded")
    app = open_window(args.data_dir, size=args.size, headless=not args.real_window, picture=True)
    try:
        screenshot_scene(app, args.scene, args)
    except ValueError as err:
        return fail(str(err))
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        picture = _frames_then_picture(app, args.frames)
    except _Terminated:
        return fail("screenshot: stopped by SIGTERM before the picture was taken; nothing was written", 143)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if picture is None:
        return fail("screenshot: the window was closed before the picture was taken; nothing was written", 1)
    try:
        write_output(out, picture)
    except OutputError as err:
        return fail(str(err), 1)  # the work was done: a write that fails is status 1
    width, height = app.screen.get_size()
    where = "the picture to standard output" if out.is_stdout else out.shown
    print(f"saved {where} ({width}x{height}, scene {args.scene})",
          file=sys.stderr if out.is_stdout else sys.stdout)
    return 0


def _wait(seconds: float) -> None:
    """Sleep (the screenshot's pace for the demo's frames)."""
    time.sleep(seconds)


def _frames_then_picture(app: App, frames: int) -> bytes | None:
    """Run ``frames`` frames so animations settle, then the PNG of the screen; None when
    the window closed first."""
    from ..ui.png import png_bytes

    app.running = True
    due = time.perf_counter()
    for _ in range(frames):
        if app.top is not None and app.top.name == "demo":
            # the demo plans in another process, in real time: its frames keep to the
            # clock, so that --frames 400 shows what 400 frames of play would show
            due += 1 / 60
            _wait(max(0.0, due - time.perf_counter()))
        app.step(1 / 60)
        if not app.running:
            return None
    app.draw()
    return png_bytes(app.screen)
