"""The command line: one argparse parser whose subcommands each package registers.

Every package of ``game`` may have a ``commands`` module with ``register(subparsers)``;
handlers import what they need when they run, so start-up stays quick.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence

from . import __version__

PACKAGES = ("engine", "search", "records", "ui")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, with every package's subcommands."""
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="British Constitution and British Square, two-pack patience games. "
        "With no command, the game window opens on the menu.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (*PACKAGES, "bench"):
        module_name = f"game.{name}.commands" if name != "bench" else "game.bench"
        if importlib.util.find_spec(module_name) is None:
            continue
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list and "menu" in _choices(parser):
        args_list = ["menu"]
    args = parser.parse_args(args_list)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


def _choices(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def fail(message: str, status: int = 2) -> int:
    """Print a clear error message for a person and return the exit status."""
    print(f"error: {message}", file=sys.stderr)
    return status
