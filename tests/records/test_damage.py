"""Damaged, edited and hostile replay files: refused with a clear message, never a crash.

Each property builds damage from a good replay of every rule set. Only ReplayError may
come out of the parser: anything else fails the test. Damage that can never leave a
valid file (a cut, a big number, a wrong version, an illegal move, two moves swapped)
must always be refused; damage that may by chance still be a valid file (a flipped byte,
two header lines swapped) must be refused or give a replay consistent with its text.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.records.replay import ReplayError, parse_replay, parse_replay_bytes

from .helpers import sample_replays, won_replays

TEXTS = [r.to_text() for r in sample_replays()] + [won_replays()[0].to_text()]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_MESSAGE = re.compile(r"line [0-9]+: \S.*")

texts = st.sampled_from(TEXTS)


def _refused(text: str) -> ReplayError:
    try:
        parse_replay(text)
    except ReplayError as err:
        _check_message(err, text)
        return err
    raise AssertionError("the damaged replay was accepted")


def _check_message(err: ReplayError, text: str) -> None:
    message = str(err)
    assert _MESSAGE.fullmatch(message), message
    assert len(message) < 400, "a message quotes at most a short piece of the file"
    assert err.line is not None and 1 <= err.line <= max(1, text.count("\n") + 1)


def _refused_or_consistent(data: bytes) -> None:
    try:
        replay = parse_replay_bytes(data)
    except ReplayError as err:
        assert str(err)
        return
    again = parse_replay(replay.to_text())
    assert again == replay
    assert again.play_out().to_layout() == replay.play_out().to_layout()


def _move_lines(text: str) -> list[int]:
    lines = text.split("\n")
    start = lines.index("moves:") + 1
    end = lines.index("end")
    return list(range(start, end))


@SETTINGS
@given(texts, st.data())
def test_a_cut_short_file_is_always_refused(text, data):
    # cutting only the final newline leaves every line complete
    cut = data.draw(st.integers(0, len(text) - 2))
    err = _refused(text[:cut])
    # whether the cut falls at a line end or inside a line, the message says what happened
    assert "cut short" in err.reason, str(err)


@SETTINGS
@given(texts, st.data())
def test_flipped_bytes_are_refused_or_read_consistently(text, data):
    raw = bytearray(text.encode())
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(raw) - 1))
        raw[where] ^= data.draw(st.integers(1, 255))
    _refused_or_consistent(bytes(raw))


@SETTINGS
@given(texts, st.data())
def test_two_move_lines_swapped_are_always_refused(text, data):
    lines = text.split("\n")
    moves = _move_lines(text)
    i, j = data.draw(st.lists(st.sampled_from(moves), min_size=2, max_size=2, unique=True))
    lines[i], lines[j] = lines[j], lines[i]
    _refused("\n".join(lines))


@SETTINGS
@given(texts, st.data())
def test_any_two_lines_swapped_are_refused_or_read_consistently(text, data):
    lines = text.split("\n")
    i, j = data.draw(st.lists(st.integers(0, len(lines) - 1), min_size=2, max_size=2, unique=True))
    lines[i], lines[j] = lines[j], lines[i]
    _refused_or_consistent("\n".join(lines).encode())


_NUMBERS = re.compile(r"(?<![0-9A-Za-z.])[0-9]+(?:\.[0-9]+)?(?![0-9A-Za-z])")


@pytest.mark.slow
@SETTINGS
@given(texts, st.data(), st.integers(41, 4000))
def test_a_huge_number_anywhere_is_always_refused(text, data, digits):
    spans = [m.span() for m in _NUMBERS.finditer(text)]
    start, end = data.draw(st.sampled_from(spans))
    huge = data.draw(st.sampled_from(["9", "1", "4"])) * digits
    _refused(text[:start] + huge + text[end:])


def _not_one(version: str) -> bool:
    value = version.strip()
    return "\n" not in version and not (value.isascii() and value.isdigit() and int(value) == 1)


@SETTINGS
@given(texts, st.one_of(st.integers(2, 10**30), st.integers(-10**9, 0),
                        st.text(min_size=1, max_size=8).filter(_not_one)))
def test_a_wrong_version_is_always_refused(text, version):
    damaged = text.replace("version: 1\n", f"version: {version}\n", 1)
    err = _refused(damaged)
    assert err.line == 2


@pytest.mark.slow
@SETTINGS
@given(texts, st.data())
def test_a_move_made_illegal_is_refused_naming_its_line_and_the_rule(text, data):
    replay = parse_replay(text)
    lines = text.split("\n")
    moves = _move_lines(text)
    n = data.draw(st.integers(0, len(moves) - 1))
    game = replay.opening()
    for move in replay.moves[:n]:
        game.play_text(move.text)
    illegal = [m for row in game.move_table for m in row if m.src != m.dst and game.why_illegal(m)]
    move = data.draw(st.sampled_from(illegal))
    number, _, seconds = lines[moves[n]].split()
    lines[moves[n]] = f"{number} {game.move_text(move)} {seconds}"
    err = _refused("\n".join(lines))
    assert str(err) == f"line {moves[n] + 1}: {game.move_text(move)}: {game.why_illegal(move)}"


@SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes_never_crash(data):
    try:
        parse_replay_bytes(data)
    except ReplayError as err:
        assert str(err)


@pytest.mark.slow
@SETTINGS
@given(texts, st.data())
def test_inserted_garbage_lines_never_crash(text, data):
    lines = text.split("\n")
    where = data.draw(st.integers(0, len(lines)))
    junk = data.draw(st.text(max_size=300))
    lines.insert(where, junk)
    _refused_or_consistent("\n".join(lines).encode("utf-8", "surrogatepass"))
