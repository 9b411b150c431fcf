"""Every scene of the game, by the name scenes ask the app for it with.

The one module that knows every scene module: a scene asks the app for another by name
(``app.show("table", game=…)``) and the app makes it with the maker registered here, so
no scene module imports another. Whoever opens the window (the command line, the
benchmark, the tests) builds its :class:`~game.ui.app.App` with :data:`SCENES`.
"""

from __future__ import annotations

import datetime
from typing import Any

from ..engine import Game
from ..levels import Level
from ..records.replay import Replay
from .app import App, Scene, SceneMaker, SceneName
from .demo_scene import DemoScene
from .dialogs import AnalysisDialog, confirm_dialog, dead_end_dialog, lost_dialog, win_dialog
from .help_scene import HelpScene, KeysScene
from .levels_scene import LevelsScene
from .menu import MenuScene
from .options import OptionsScene
from .replay_scene import ReplayScene
from .rules_scene import RulesScene
from .scores_scene import ScoresScene
from .stats_scene import StatsScene
from .table import TableScene


def table(app: App, *, game: Game | None = None, level: Level | None = None, replay: Replay | None = None,
          saved: bool = False, taken_over: bool = False, timed: bool = True,
          daily: datetime.date | None = None, note: str = "") -> Scene:
    """The table on one of: a ``game`` (a ``daily`` deal when that day is given), a
    campaign ``level``, or a ``replay`` to play on from (the saved game in progress when
    ``saved``, an assisted game when ``taken_over`` in the replay viewer, whose move
    times are made up unless ``timed``); ``note`` is said in the HUD as it opens."""
    if replay is not None:
        scene = TableScene.from_replay(app, replay, saved=saved, taken_over=taken_over, timed=timed)
    elif level is not None:
        scene = TableScene.for_level(app, level)
    elif game is not None:
        scene = TableScene(app, game, daily=daily)
    else:
        raise TypeError("a table needs a game, a level or a replay")
    if note:
        scene.say(note)
    return scene


#: the maker of every scene, by name
SCENES: dict[SceneName, SceneMaker] = {
    "menu": MenuScene,
    "options": OptionsScene,
    "table": table,
    "rules": RulesScene,
    "stats": StatsScene,
    "scores": ScoresScene,
    "levels": LevelsScene,
    "replay": ReplayScene,
    "demo": DemoScene,
    "win": win_dialog,
    "lost": lost_dialog,
    "dead end": dead_end_dialog,
    "confirm": confirm_dialog,
    "analysis": AnalysisDialog,
    "help": HelpScene,
    "keys": KeysScene,
}


def open_app(**options: Any) -> App:
    """An :class:`App` (with ``options``: size, data_dir, settings, headless) that can
    make every scene of the game."""
    return App(scenes=SCENES, **options)
