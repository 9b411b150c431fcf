"""What every command says to the person at the terminal: an error message with its exit
status, a warning, whether a stream is a terminal, and whether its output may hold colour.

Below every layer but the engine's words for a quotation (pure Python), so each package's
``commands`` module can use it without importing the command line above it.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import TextIO

from .engine.echo import shown


def counted(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: ``1 move``, ``52 moves``, ``1,000 moves``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def grouped(n: int) -> str:
    """``n`` as the screens write a score or a count: with thousands separators, as the
    high scores list them, and a true minus sign: ``3,343``, ``−1,250`` (never a game
    number, which is a name and keeps its digits together)."""
    return f"{n:,}".replace("-", "−")


#: the most characters of an error message printed: a message quotes what a person typed or
#: a file held, which may be anything
MOST_MESSAGE = 1000


def whole_or_text(text: str) -> int | str:
    """An option's whole number as typed (``100000``, ``1_000``), or the text itself when
    it is none (``1e5``): the command's own check then refuses it with its message
    (``--positions must be a whole number from 1 to …``) where argparse would print its
    usage and ``invalid int value``."""
    try:
        return int(text)
    except ValueError:
        return text


def is_whole_within(value: object, low: int, high: int) -> bool:
    """Whether an option read by :func:`whole_or_text` is a whole number from ``low`` to
    ``high``."""
    return isinstance(value, int) and low <= value <= high


def fail(message: str, status: int = 2) -> int:
    """Print a clear error message for a person and return the exit status.

    The message may quote what was typed or read (a move, a folder's name, a campaign's
    field), so every character a terminal would act on (an escape sequence, a line end)
    is written as Python escapes it, and a message longer than :data:`MOST_MESSAGE`
    characters is cut with ``…``: one line, whatever it quotes."""
    print(f"error: {shown(message, MOST_MESSAGE)}", file=sys.stderr)
    return status


def warn(message: str) -> None:
    """Print a warning for a person on standard error (``warning: …``): something the
    command could not read or do, though it goes on. Written as :func:`fail` writes an
    error: one line, whatever it quotes."""
    print(f"warning: {shown(message, MOST_MESSAGE)}", file=sys.stderr)


def wants_colour(stream: TextIO) -> bool:
    """Whether text for ``stream`` may hold colour: a terminal, unless ``NO_COLOR`` is set
    (to anything but the empty string, as no-color.org asks) or the terminal is ``dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


def is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal; False for a closed stream or none at all (``>&-``),
    or one with no file behind it."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, OSError, ValueError):
        return False


class ClosedOutput:
    """Standard output closed before the program started (``>&-``; Python then has None
    there): a write fails with EBADF, "it is closed", so that a command that prints says
    it could not, in one line with status 1, instead of ending with status 0 and nothing
    printed. A command that prints nothing (the window) is not troubled by it."""

    #: what :func:`is_closed` looks for (through the command line's guard around it too)
    closed_output = True

    def write(self, text: str) -> int:
        """Refuse ``text``: there is nowhere to write it."""
        raise OSError(errno.EBADF, "it is closed")

    def flush(self) -> None:
        """Nothing is ever held back."""

    def isatty(self) -> bool:
        """Not a terminal."""
        return False


def is_closed(stream: object) -> bool:
    """Whether ``stream`` is a closed standard stream: None, or :class:`ClosedOutput`."""
    return stream is None or getattr(stream, "closed_output", False) is True
