"""widgets.wrap: words into lines that fit, and a word too long for a line."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui import theme
from game.ui.widgets import NO_BREAK, unbroken, wrap


@pytest.fixture(autouse=True)
def _fonts():
    pygame.init()
    yield


def test_a_long_file_name_breaks_after_a_dash_not_inside_a_word() -> None:
    # found by hostile review 22: the win dialog at 800x600 broke "….replay" as
    # "….repl" / "ay"
    name = "constitution-cadogan-99999999999999999999-20261129-084526.replay"
    px = 14
    width = theme.font(px).size(name)[0] - 10
    lines = wrap(f"Replay saved as {name}", px, width)
    assert "".join(lines[1:]) == name
    # each break is at a joint: after a dash, or before the extension's dot
    assert len(lines) >= 3
    assert all(a.endswith("-") or b.startswith(".") for a, b in itertools.pairwise(lines[1:]))
    assert all(theme.font(px).size(line)[0] <= width for line in lines)


def test_a_word_with_no_joint_is_still_cut_by_characters() -> None:
    word = "9" * 60
    px = 14
    width = theme.font(px).size("9" * 25)[0]
    lines = wrap(word, px, width)
    assert "".join(lines) == word and len(lines) == 3
    assert all(theme.font(px).size(line)[0] <= width for line in lines)


def test_a_place_or_a_move_number_is_never_split_between_two_lines() -> None:
    # found by UI review 31: the analysis's panel broke "to Row / 2, pile 6" at 1024x768
    # and "Row 4, pile / 6" at 800x600
    sentence = ("Your move 239 (J♦ from Row 3, pile 7 to Row 2, pile 8) was the last one that "
                "mattered: played in its place, 10♠ from Row 1, pile 6 to the ♠ foundation wins. "
                "One of your moves 30 to 57 lost the game; pile 13 stayed empty.")
    phrases = ["move 239", "Row 3, pile 7", "Row 2, pile 8", "Row 1, pile 6", "the ♠ foundation",
               "moves 30 to 57", "pile 13"]
    px = 14
    widest = theme.font(px).size(NO_BREAK.join(phrases))[0]
    kept = unbroken(sentence)
    assert kept.replace(NO_BREAK, " ") == sentence
    # from the widest word the lines cannot break (a wider word would be cut anyway)
    narrowest = max(theme.font(px).size(word)[0] for word in kept.split(" "))
    for width in range(narrowest, widest, 7):
        lines = wrap(kept, px, width)
        assert " ".join(lines).replace(NO_BREAK, " ") == sentence, width
        for phrase in phrases:
            assert any(phrase in line.replace(NO_BREAK, " ") for line in lines), (width, phrase, lines)
        assert all(theme.font(px).size(line)[0] <= width for line in lines)
    # without the no-break spaces, some width breaks a place in two: the test can fail
    assert any(not all(any(p in line for line in wrap(sentence, px, w)) for p in phrases)
               for w in range(150, widest, 7))
