"""Figures of four digits and more are written one way wherever a player reads them, as
the high scores write them: with a thousands separator (``3,343``, ``1,070 moves``),
through the real loop. A game number is a name, not an amount: it keeps its digits
together (``#12345678901234567890``), and so does the clock."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.engine import new_game
from game.ui import theme
from game.ui.app import App
from game.ui.dialogs import _stars_words
from game.ui.piles import PileRenderer
from game.ui.table import TableScene
from tests.levels.helpers import CONSTITUTION_1_WIN

NUMBER = "12345678901234567890"
#: an amount of four digits or more written without its separator
UNGROUPED = re.compile(r"(?<![#\d,])\d{4,}")


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of words the screens draw from now on (the bar's through the theme, the
    score through the table's renderer), in order."""
    lines: list[str] = []
    text, render = theme.text, PileRenderer.text

    def spoken(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        lines.append(words)
        return text(surface, words, *args, **kwargs)

    def rendered(self: PileRenderer, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        lines.append(words)
        return render(self, words, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spoken)
    monkeypatch.setattr(PileRenderer, "text", rendered)
    return lines


def _long_game(ui: SimpleNamespace, app: App) -> TableScene:
    """A Union Square table over the menu, 1,070 moves into its game (its first pile's
    card moved to a space and back, again and again), with a score of 3,343."""
    ui.open_menu(app, "union-square")
    table = ui.open_table(app, new_game("union-square", NUMBER))
    there, back = (table.game.parse_move(text) for text in ("p1-p12", "p12-p1"))
    for n in range(1070):
        table.play(back if n % 2 else there)
    ui.settle(app, table)
    table.score.total = 3343
    ui.step(app, 240)  # the shown score counts up to it
    return table


def test_the_bar_writes_the_moves_and_the_score_with_separators(ui: SimpleNamespace, app: App,
                                                                said: list[str]) -> None:
    """A game 1,070 moves in with a score of 3,343: the bar said "Moves 1070" and
    "3343" (while the high scores and the end of a game's dialogs said "1,070 moves");
    it says "Moves 1,070" and "3,343", the game number and the clock as they were; and
    "Continue" in the menu says "1,070 moves"."""
    table = _long_game(ui, app)
    assert len(table.game.history) == 1070
    said.clear()
    table.hud.redraw()
    ui.step(app)
    assert any(line.startswith("Moves 1,070  ·  ") and re.fullmatch(r"Moves 1,070  ·  \d+:\d\d", line)
               for line in said), said
    assert "3,343" in said
    assert f"#{NUMBER}" in said  # a name: never "#12,345,678,901,234,567,890"
    assert not [line for line in said if UNGROUPED.search(line)]
    ui.press(app, pygame.K_ESCAPE)
    menu = app.top
    assert not isinstance(menu, TableScene)
    assert menu.continue_button.hint.endswith(" · 1,070 moves"), menu.continue_button.hint


def test_the_win_dialog_writes_the_score_with_a_separator(ui: SimpleNamespace, app: App) -> None:
    """A quick win earns a time bonus of 3,333 points: the dialog said "Score 7858 (time
    bonus +3333)" where the high scores said "7,858"; it writes both figures as they do."""
    table = TableScene(app, new_game("constitution", "1"))
    app.push(table)
    dialog = ui.play_to_the_end(app, table, CONSTITUTION_1_WIN)
    score = next(line for line in dialog.lines if line.startswith("Score "))
    assert re.fullmatch(r"Score \d{1,3}(,\d{3})+ \(time bonus \+\d{1,3}(,\d{3})+\)", score), score
    assert not [line for line in dialog.lines if UNGROUPED.search(line)], dialog.lines


def test_a_levels_par_is_written_with_a_separator() -> None:
    """The stars' reason names the par: "par (1,070 moves in 10:00)"."""
    words = _stars_words(3, 1070, 600.0, moves=1000, seconds=500.0, helps=0)
    assert words == "Three stars: within par (1,070 moves in 10:00), with no hint or undo"
