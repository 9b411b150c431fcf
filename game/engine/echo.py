"""Text a person typed, quoted back in a message: escaped and cut short.

Every command that names a bad input in its message (a game number, a rule set, a range,
a file name) shows it through :func:`quoted` or :func:`shown`, so a pasted page of text
or a terminal control sequence never reaches the terminal as it was typed.
"""

from __future__ import annotations

#: the longest quotation a message holds, quotes included
LIMIT = 44
#: the longest file name a message shows
PATH_LIMIT = 160


def quoted(text: object, limit: int = LIMIT) -> str:
    """``text`` as Python writes a string (in quotes, odd characters escaped), cut to
    ``limit`` characters with ``…`` when it is longer."""
    shown_text = repr(str(text))
    return shown_text if len(shown_text) <= limit else shown_text[: limit - 4] + "…" + shown_text[0]


def escaped(ch: str) -> str:
    """A character that is not printable, escaped as Python escapes it (``\\x1b``,
    ``\\u202e``), but a byte of a file name that is not UTF-8 (``os.fsdecode`` makes byte
    0xe9 the lone surrogate U+DCE9) as that byte, ``\\xe9``."""
    if 0xDC80 <= ord(ch) <= 0xDCFF:
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return repr(ch)[1:-1]


def shown(text: object, limit: int = PATH_LIMIT) -> str:
    """``text`` (a file name, say) as it reads, without quotes, its unprintable characters
    escaped (:func:`escaped`), cut to ``limit`` characters with ``…`` when longer; a
    name that is empty or only spaces in quotes (``''``, ``' '``), so a message shows it."""
    if not str(text).strip(" "):
        return repr(str(text))
    plain = "".join(c if c.isprintable() else escaped(c) for c in str(text))
    return plain if len(plain) <= limit else plain[: limit - 1] + "…"
