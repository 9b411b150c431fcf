"""The scenes ``main.py screenshot`` photographs, set up on a headless app.

:func:`screenshot_scene` pushes what one picture needs: the menu; a screen over the menu
(options, statistics, high scores, levels, rules); a replay halfway through; or the table
at play (``table``), with a card in hand (``drag``), a hint shown (``hint``), the demo
player at work (``demo``), a game just won (``win``), lost (``lost``) or in a dead end
(``dead-end``: "No way to win"). The scene modules
themselves carry no picture set-up. A ValueError says why a picture cannot be made.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Callable

from ..engine import (
    RULE_IDS,
    RULESETS,
    GameNumberError,
    IllegalMove,
    UnknownRulesError,
    new_game,
    rules_class,
)
from ..engine.commands import MovesError, play_moves
from ..records.recorder import Recorder
from ..records.replay import Replay
from ..session.positions import dead_end_position, lost_position, near_won_position
from .app import App, Scene
from .levels_scene import LevelsScene
from .menu import MenuScene
from .options import OptionsScene
from .replay_scene import ReplayScene
from .rules_scene import RulesScene
from .scores_scene import ScoresScene
from .stats_scene import StatsScene
from .table import TableScene

#: the pictures of the table at play
TABLE_PICTURES = ("table", "drag", "hint", "demo", "win", "lost", "dead-end")
#: the help over the table: how to play (``help``) and the list of keys (``keys``)
HELP_PICTURES = ("help", "keys")
#: the screens about one rule set, drawn over the menu
OVER_MENU: dict[str, Callable[[App, str], Scene]] = {
    "stats": StatsScene, "scores": ScoresScene, "levels": LevelsScene, "rules": RulesScene,
}

#: seconds a move takes a steady player, for the clock of a picture taken after --moves
PICTURE_PACE = 5.0


def screenshot_scene(app: App, name: str, args: argparse.Namespace) -> None:
    """Push the scene ``name`` for ``args`` (``rules``, ``game``, ``moves``) onto ``app``."""
    if name in TABLE_PICTURES:
        table_picture(app, name, args)
    elif name == "replay":
        replay_picture(app, args)
    elif name in HELP_PICTURES:
        help_picture(app, name, args)
    elif name == "options":
        app.push(MenuScene(app))
        app.push(OptionsScene(app))
    elif name == "menu":
        rules = _rules(args)
        scene = MenuScene(app, rules)
        scene.choose(rules)
        app.push(scene)
    elif name in OVER_MENU:
        rules = _rules(args)
        app.push(MenuScene(app, rules))
        app.push(OVER_MENU[name](app, rules))
    else:
        raise ValueError(f"there is no scene {name!r} to photograph")


def _rules(args: argparse.Namespace) -> str:
    """``--rules``, checked."""
    rules = str(getattr(args, "rules", RULE_IDS[0]))
    if rules not in RULESETS:
        raise ValueError(f"unknown rule set {rules!r}: choose one of {', '.join(RULE_IDS)}")
    return rules


def table_picture(app: App, name: str, args: argparse.Namespace) -> None:
    """The table on ``--rules``/``--game`` after ``--moves``: as it is (``table``), with
    a card in hand (``drag``), the first hint shown (``hint``), the demo player at work
    (``demo``); or a position just won (``win``), lost (``lost``) or in a dead end
    (``dead-end``)."""
    rules = args.rules
    recorder: Recorder | None = None
    try:
        if name == "win":
            game, moves = near_won_position(rules_class(rules).rules)
            last = game.parse_move(moves.pop())
            game.play_all(moves)
        else:
            game = new_game(rules, args.game)
            recorder = Recorder(game, clock=_paced_clock())
            play_moves(game, args.moves or "", recorder.play)
            last = None
    except (UnknownRulesError, GameNumberError, IllegalMove, MovesError) as err:
        raise ValueError(str(err)) from None
    if name == "lost":
        game = lost_position(game)
    elif name == "dead-end":
        game = dead_end_position(game)
    scene = TableScene(app, game)
    scene.keep_records = False
    if recorder is not None and name not in ("lost", "dead-end") and game.history:
        # The moves played before the picture were played at a steady player's pace:
        # the clock and the score show what they would have in play.
        scene.session.carry_on(recorder.replay())
    else:
        scene.session.rescore()
    scene.hud.shown_score = float(scene.score.total)
    app.push(scene)
    scene.anim.finish()
    if last is not None:
        scene.play(last)
    elif name == "hint":
        scene.hint()
        if not scene.session.hint_list:
            raise ValueError("there is no move to hint in this position")
    elif name == "demo":
        scene.start_demo()
        if scene.app.top is scene:
            raise ValueError("the demo has nothing to play in this position")
    elif name == "drag":
        _pick_up(scene)


def help_picture(app: App, name: str, args: argparse.Namespace) -> None:
    """The table on ``--rules``/``--game`` with how to play its rule set over it
    (``help``), or the list of the table's keys (``keys``)."""
    table_picture(app, "table", args)
    scene = app.top
    assert isinstance(scene, TableScene)
    if name == "help":
        scene.help.show_help()
    else:
        scene.help.show_keys()


def _pick_up(scene: TableScene) -> None:
    """A card in hand, most of the way to where it may go."""
    game = scene.game
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
    src = scene.renderer.top_rect(game, move.src)
    dst = scene.renderer.slot_rect(game, move.dst, len(game.piles[move.dst]))
    grab = (src.width // 2, src.height // 3)
    hands = scene.gestures
    hands.start_drag(move.src, grab, (src.x + grab[0], src.y + grab[1]))
    assert hands.drag is not None
    hands.drag.pos = (round(src.x + (dst.x - src.x) * 0.7 + grab[0]),
                      round(src.y + (dst.y - src.y) * 0.7 + grab[1]) - src.height // 5)


def replay_picture(app: App, args: argparse.Namespace) -> None:
    """A replay of ``--rules``/``--game`` (``--moves``, or thirty moves), halfway through,
    over the menu."""
    replay = picture_replay(args)
    app.push(MenuScene(app, replay.rules))
    scene = ReplayScene(app, replay)
    scene.jump(len(replay.moves) // 2)
    app.push(scene)


def picture_replay(args: argparse.Namespace) -> Replay:
    """A replay for the picture: ``--moves`` if given, otherwise the first legal move
    (in notation order) played thirty times from the deal."""
    try:
        game = new_game(str(args.rules), str(getattr(args, "game_arg", None) or args.game))
    except (UnknownRulesError, GameNumberError) as err:
        raise ValueError(str(err)) from None
    recorder = Recorder(game, clock=iter(range(0, 100000, 3)).__next__)
    moves = getattr(args, "moves", "") or ""
    play_moves(game, moves, recorder.play)  # a MovesError is a ValueError
    if not game.history:
        for _ in range(30):
            legal = game.legal_texts()
            if not legal:
                break
            # Prefer a move of the cards over a turn of the stock, so the picture shows play.
            plays = [m for m in legal if not m.startswith("s-")] or legal
            recorder.play(game.parse_move(plays[len(plays) // 2]))
    return recorder.replay()


def _paced_clock() -> Callable[[], float]:
    """A clock for the moves played before a picture: it starts at 0 and each reading
    is PICTURE_PACE seconds after the one before, so a move comes every PICTURE_PACE
    seconds."""
    ticks = itertools.count(0.0, PICTURE_PACE)
    return lambda: next(ticks)
