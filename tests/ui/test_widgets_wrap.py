"""widgets.wrap: words into lines that fit, and a word too long for a line."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui import theme
from game.ui.widgets import wrap


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
