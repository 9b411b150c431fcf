"""How a name a person typed is shown in a message."""

from __future__ import annotations

from game.engine.echo import shown


def test_a_name_is_shown_as_it_reads_and_a_blank_one_in_quotes() -> None:
    assert shown("deals.csv") == "deals.csv"
    assert shown("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert shown("") == "''" and shown("  ") == "'  '", "a blank name is seen in the message"
    assert shown("x" * 300, limit=10) == "x" * 9 + "…"


def test_a_byte_of_a_file_name_that_is_not_utf8_is_shown_as_the_byte() -> None:
    """``os.fsdecode`` makes byte 0xff the lone surrogate U+DCFF, which Python would show
    as ``\\udcff``: the player's file name holds the byte 0xff."""
    import os

    name = os.fsdecode(b"/tmp/bad\xff\xe9.replay")
    assert shown(name) == "/tmp/bad\\xff\\xe9.replay"
    assert shown("a\x1bb\u202ec") == "a\\x1bb\\u202ec"
