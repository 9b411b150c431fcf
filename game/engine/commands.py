"""Command-line tools of the rules engine: ``deal``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from ..console import fail, wants_colour
from .deals import GameNumberError
from .rulesets import RULE_IDS, UnknownRulesError, new_game
from .state import Game, IllegalMove, Move

#: two moves of constitution game 1, as the help of --moves shows them (a test plays them)
MOVES_EXAMPLE = '"r1c2-f5 r2c6-r1c2"'
#: what --moves takes, said whole in the help (an installed game has no README to point to)
MOVES_HELP = ("moves to play first, each FROM-TO with places f1… (foundations), r1c1…r4c8 (rows and "
              "columns), c1…c4 (Square columns), p1…p16 (Union Square piles), w (waste) and s "
              "(stock); `deal RULES GAME` lists the legal ones (in constitution 1, for example: "
              f"{MOVES_EXAMPLE})")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the engine's subcommands."""
    deal = subparsers.add_parser(
        "deal",
        help="show a deal (after some moves) and its legal moves",
        description="Show the position of a deal after some moves, as text or JSON, "
        "followed by the legal moves.",
    )
    add_game_arguments(deal)
    deal.add_argument("--json", action="store_true",
                      help="print the position as one JSON object, with its legal moves in \"legal\"")
    deal.set_defaults(func=run_deal)


def add_game_arguments(parser: argparse.ArgumentParser, game_required: bool = True) -> None:
    """RULES GAME [--moves "…"], shared by the commands that start from a deal."""
    parser.add_argument("rules", metavar="RULES", help="rule set: " + ", ".join(RULE_IDS))
    parser.add_argument("game", metavar="GAME", nargs=None if game_required else "?",
                        help="game number, 1 to 10^20-1 (PySolFC numbering)")
    parser.add_argument("--moves", default="", metavar='"m1 m2 …"',
                        help=MOVES_HELP)


class MovesError(ValueError):
    """A move of ``--moves`` that is not a move, or not a legal one where it comes; the
    message says which: ``move 2 of --moves, bogus: not a move …``."""

    def __init__(self, number: int, error: IllegalMove) -> None:
        super().__init__(f"move {number} of --moves, {error}")
        #: the move's place in the list, from 1
        self.number = number
        #: what the engine said of it
        self.error = error


def play_moves(game: Game, moves: str | Sequence[str], play: Callable[[Move], object] | None = None) -> None:
    """Play ``moves`` (``--moves``: notation, split at spaces, or a list) on ``game``, each
    with ``play`` (the game's own by default; a recorder's times each move); raises
    :class:`MovesError` at the first that cannot be played. Every command that takes
    ``--moves`` plays them here, so each says which move failed in the same words."""
    texts = moves.split() if isinstance(moves, str) else list(moves)
    for number, text in enumerate(texts, 1):
        try:
            (play or game.play)(game.parse_move(text))
        except IllegalMove as err:
            raise MovesError(number, err) from None


def game_from_arguments(args: argparse.Namespace) -> Game | str:
    """The position the arguments name (``--moves`` played, :func:`play_moves`), or an
    error message for a person."""
    try:
        game = new_game(args.rules, args.game)
        play_moves(game, args.moves or "")
    except (UnknownRulesError, GameNumberError, MovesError) as err:
        return str(err)
    return game


def run_deal(args: argparse.Namespace) -> int:
    """``deal RULES GAME [--moves] [--json]``."""
    game = game_from_arguments(args)
    if isinstance(game, str):
        return fail(game)
    if args.json:
        layout = game.to_layout()
        layout["legal"] = game.legal_texts()
        print(json.dumps(layout))
    else:
        from .text import render

        print(render(game, colour=wants_colour(sys.stdout)))
    return 0

