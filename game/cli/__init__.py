"""The command line, the top layer: one argparse parser whose subcommands each package
registers.

The packages below (``engine``, ``search``, ``records``, ``levels``) each have a
``commands`` module with ``register(subparsers)``; none of them imports the window. Where
a command of theirs must open one (``replay FILE`` shows the replay viewer, ``levels
chart`` draws with pygame), the command line hands that part in (:mod:`.window`), and adds
the commands that are all window: ``menu``, ``play`` and ``screenshot``; then ``bench``.
Handlers import what they need when they run, so start-up stays quick.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NoReturn, TextIO, cast

from .. import PROGRAM, __version__
from ..console import ClosedOutput, fail
from ..engine import commands as engine_commands
from ..engine.echo import shown
from ..levels import commands as levels_commands
from ..records import commands as records_commands
from ..search import commands as search_commands
from . import bench, window

#: the packages below the command line whose ``commands`` module adds subcommands, in the
#: order the help lists them
PACKAGES = ("engine", "search", "records", "levels")


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors quote what was typed escaped and cut short
    (``invalid choice: 'xxxx…'``), so a pasted page or a control sequence never reaches
    the terminal as it was typed. Every subcommand's parser is one too."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the tidied message, and exit with status 2."""
        tidy = _QUOTED.sub(lambda m: m.group(0) if len(m.group(0)) <= 44 else m.group(0)[:40] + "…'",
                           shown(message, limit=10_000))
        super().error(tidy if len(tidy) <= 400 else tidy[:399] + "…")


#: a value argparse quotes in its messages
_QUOTED = re.compile(r"'[^']*'")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, with every package's subcommands.

    The program's name in the usage is the one it was started by (``main.py`` in a
    checkout, ``british-patience`` once installed)."""
    parser = Parser(
        description="British Constitution and British Square, two-pack patience games. "
        "With no command, the game window opens on the menu.",
    )
    parser.add_argument("--version", action="version", version=f"{PROGRAM} {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    registrars: dict[str, Callable[[argparse._SubParsersAction], None]] = {
        "engine": engine_commands.register,
        "search": partial(search_commands.register, read_line=records_commands.line_of_play),
        "records": partial(records_commands.register, view_replay=window.view_replay),
        "levels": partial(levels_commands.register, draw_chart=window.chart_png),
    }
    for name in PACKAGES:
        registrars[name](subparsers)
    window.register(subparsers)
    bench.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status.

    Whatever the command, its output never ends in a traceback because of where it goes:
    an output that cannot show the suit symbols gets letters (``10C``); when the reader
    goes away (``main.py hint … | head -1``) the rest of the output is dropped and the
    command ends quietly with status 0 (on Windows too, where the closed pipe is an
    ``OSError`` with EINVAL); and when standard output takes no more (a full disk), the
    command says so in one line with status 1, as ``solve --out -`` does. Standard error
    is best-effort (:class:`Diagnostics`): what it cannot take is dropped.
    """
    sys.stdout = guarded(plain_if_needed(sys.stdout))
    if not isinstance(sys.stderr, Diagnostics):
        sys.stderr = cast(TextIO, Diagnostics(cast(TextIO, ClosedOutput()) if sys.stderr is None
                                              else plain_if_needed(sys.stderr)))
    try:
        try:
            status = _run(argv)
        except SystemExit:  # --help, --version and usage errors end this way
            _flush_output()
            raise
        _flush_output()
        return status
    except StandardOutputError as failed:
        from ..output import reason

        _drop_further_output()
        return fail(f"could not write to standard output: {reason(failed.error)}", 1)
    except OSError as err:
        if not _reader_gone(err):
            raise
        _drop_further_output()
        return 0


def _reader_gone(err: OSError) -> bool:
    """Whether ``err`` is how this system says the reader of standard output went away:
    BrokenPipeError everywhere, and on Windows also EINVAL from a write into a pipe whose
    reader has closed it."""
    return isinstance(err, BrokenPipeError) or (sys.platform == "win32" and err.errno == errno.EINVAL)


def _run(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list:
        args_list = ["menu"]
    args, unknown = parser.parse_known_args(args_list)
    if unknown:
        # the command's own usage, which names the options it takes, not the program's
        said = shown(" ".join(unknown))
        _command_parser(parser, args).error(f"unrecognized arguments: {said}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


def _command_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the command ``args`` name, down to a command's own action
    (``levels build``), or ``parser`` itself."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest, None) or "")
            if chosen is not None:
                return _command_parser(chosen, args)
    return parser


#: what stands in for the symbols of the text when the output cannot show the suits (a
#: file written in a legacy code page, say): the suit letters of the notation and plain
#: punctuation, the same on every such output
PLAIN = str.maketrans({"♣": "C", "♠": "S", "♥": "H", "♦": "D", "—": "-", "–": "-", "·": ".", "↑": "^",
                       "↓": "v", "→": "->", "…": "...", "×": "x"})


class PlainText(io.TextIOWrapper):
    """A text stream on the bytes of ``original`` that writes the symbols of :data:`PLAIN`
    plainly (``10C``), and ``?`` for any other character the encoding lacks."""

    def __init__(self, original: io.TextIOWrapper) -> None:
        original.flush()
        super().__init__(original.buffer, encoding=original.encoding, errors="replace",
                         line_buffering=original.line_buffering, write_through=original.write_through)
        #: kept so that it is never collected: closing it would close the bytes both share
        self.original = original

    def write(self, text: str) -> int:
        """Write ``text`` with its symbols made plain; the count is of ``text`` as given."""
        super().write(text.translate(PLAIN))
        return len(text)


def plain_if_needed(stream: TextIO) -> TextIO:
    """``stream`` itself, or a :class:`PlainText` on it when it cannot show ♠♥♦♣."""
    if isinstance(stream, PlainText) or not isinstance(stream, io.TextIOWrapper):
        return stream
    try:
        "♣♠♥♦".encode(stream.encoding)
    except UnicodeEncodeError:
        return PlainText(stream)
    except LookupError:
        pass
    return stream


class StandardOutputError(Exception):
    """Standard output took no more text (a full disk, say): not an OSError, so no handler
    meant for a file catches it on its way to :func:`main`, which says so in one line."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        #: what the write or flush raised
        self.error = error


class GuardedOutput:
    """Standard output whose failures are told apart: an OSError from a write or a flush
    becomes StandardOutputError, but for the reader going away, which stays what it is (the
    command line ends quietly then). Everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        #: the stream written to
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` to the stream."""
        try:
            return self.stream.write(text)
        except OSError as err:
            raise _failed(err) from err

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each of ``lines`` to the stream."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush the stream."""
        try:
            self.stream.flush()
        except OSError as err:
            raise _failed(err) from err

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class Diagnostics:
    """Standard error, where messages and progress bars go: a write or flush that fails
    (its reader gone in ``2>&1 | head -1``, a full disk in ``2>/dev/full``, closed in
    ``2>&-``) is dropped, and so is every later one. A message that cannot be shown must not
    end the command: a range of deals would lose its results to its progress bar, and a
    failing command the status it decided on."""

    def __init__(self, stream: TextIO) -> None:
        #: the stream written to
        self.stream = stream
        #: a write or flush failed: nothing more is tried
        self.failed = False

    def write(self, text: str) -> int:
        """Write ``text`` to the stream, unless that failed once."""
        if not self.failed:
            try:
                self.stream.write(text)
            except (OSError, ValueError):
                self.failed = True
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each of ``lines`` to the stream."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush the stream, unless a write or flush failed."""
        if not self.failed:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self.failed = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _failed(err: OSError) -> BaseException:
    """What a failed write to standard output raises: the error itself when the reader has
    gone, StandardOutputError otherwise."""
    return err if _reader_gone(err) else StandardOutputError(err)


def guarded(stream: TextIO | None) -> TextIO:
    """``stream`` as a :class:`GuardedOutput` (once); a closed one (None) as one around
    :class:`~game.console.ClosedOutput`, whose writes fail: "could not write to standard
    output: it is closed"."""
    if isinstance(stream, GuardedOutput):
        return cast(TextIO, stream)
    return cast(TextIO, GuardedOutput(cast(TextIO, ClosedOutput()) if stream is None else stream))


def _flush_output() -> None:
    """Write what standard output still holds here, where a closed pipe is caught.

    Otherwise Python writes it at exit and reports the closed pipe itself.
    """
    if sys.stdout is not None:  # None under pythonw, which has no console
        sys.stdout.flush()


def _drop_further_output() -> None:
    """The reader of standard output has gone: send what is left to nowhere.

    Python flushes standard output once more on the way out and would report the closed
    pipe then (the recipe of the ``signal`` module's documentation on SIGPIPE).
    """
    try:
        fileno = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # no file behind it (None, or text in memory): nothing to complain at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)

