"""Command-line entries that open the window: ``menu`` (the default), ``play``,
``screenshot``.

``game.ui.screenshots.screenshot_scene(app, name, args)`` pushes what each picture needs
onto a headless app.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..cli import fail
from ..engine.commands import add_game_arguments, game_from_arguments

if TYPE_CHECKING:
    from .app import App

#: scene name → the module whose screenshot_scene() builds it
SCREENSHOT_SCENES = dict.fromkeys(("menu", "rules", "options", "stats", "replay", "levels", "scores",
                                   "table", "drag", "hint", "demo", "win", "lost"), "game.ui.screenshots")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is out of range (320x240 to 7680x4320)")
    return w, h


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """``--data-dir DIR``: where saves, replays, statistics and settings live."""
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help="keep saves, replays, statistics and settings here "
                        "(default: the user data directory)")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the window commands."""
    menu = subparsers.add_parser("menu", help="open the game on its menu (the default)",
                                 description="Open the game window on the main menu.")
    add_data_dir(menu)
    menu.add_argument("--size", type=_size, default=None, help="window size, e.g. 1280x800")
    menu.set_defaults(func=run_menu)

    play = subparsers.add_parser("play", help="open the game straight on a deal",
                                 description="Open the game window on a deal of a rule set "
                                 "(a random deal when GAME is left out).")
    add_game_arguments(play, game_required=False)
    add_data_dir(play)
    play.add_argument("--size", type=_size, default=None, help="window size, e.g. 1280x800")
    play.set_defaults(func=run_play)

    shot = subparsers.add_parser("screenshot", help="save a PNG of a scene without a display",
                                 description="Render one scene headless and write it as a PNG.")
    shot.add_argument("out", type=Path, metavar="OUT.png")
    shot.add_argument("--scene", choices=sorted(SCREENSHOT_SCENES), default="table")
    shot.add_argument("--rules", default="constitution", help="rule set (default constitution)")
    shot.add_argument("--game", default="1", help="game number (default 1)")
    shot.add_argument("--moves", default="", help="moves to play first, in RULES.md notation")
    shot.add_argument("--size", type=_size, default=(1280, 800), help="window size (default 1280x800)")
    shot.add_argument("--frames", type=int, default=90,
                      help="frames to run before the picture, so animations settle (default 90)")
    shot.add_argument("--real-window", action="store_true",
                      help="open a real window on the display (e.g. under Xvfb) instead of "
                      "rendering headless")
    add_data_dir(shot)
    shot.set_defaults(func=run_screenshot)


def _app(args: argparse.Namespace, *, headless: bool = False) -> App:
    """An App with the player's saved settings (and the log file opened)."""
    from ..records.settings import load_settings
    from ..records.store import Store, open_log
    from .app import App

    store = Store(args.data_dir)
    if not headless:
        open_log(store)
    settings = load_settings(store)
    warnings = store.take_warnings()
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    app = App(size=args.size, data_dir=args.data_dir, settings=settings, headless=headless)
    app.messages.extend(warnings)
    return app


def run_menu(args: argparse.Namespace) -> int:
    """Open the window on the menu and play until it closes."""
    from .menu import MenuScene

    app = _app(args)
    app.push(MenuScene(app))
    app.run()
    return 0


def run_play(args: argparse.Namespace) -> int:
    """Open the window straight on a deal."""
    from ..engine import random_game_number

    if args.game is None:
        args.game = random_game_number()
    game = game_from_arguments(args)
    if isinstance(game, str):
        return fail(game)
    from .menu import MenuScene
    from .table import TableScene

    app = _app(args)
    app.push(MenuScene(app))
    app.push(TableScene(app, game))
    app.run()
    return 0


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the named scene headless and save it."""
    if not args.real_window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    args.game_arg = args.game
    module = importlib.import_module(SCREENSHOT_SCENES[args.scene])
    app = _app(args, headless=not args.real_window)
    try:
        module.screenshot_scene(app, args.scene, args)
    except ValueError as err:
        return fail(str(err))
    app.running = True
    for _ in range(max(1, args.frames)):
        app.step(1 / 60)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(args.out)
    print(f"saved {args.out} ({args.size[0]}x{args.size[1]}, scene {args.scene})")
    return 0
