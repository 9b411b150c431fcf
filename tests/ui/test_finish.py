"""The "Finish" button: once every card left can go home by itself (the stock gone, no
build or fill needed), the footer offers it and a click or F plays them all home, as one
step that one undo takes back. Through the real loop with posted events."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.session.positions import near_won_position
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.table import TableScene


def _ready_table(ui: SimpleNamespace, app: App) -> TableScene:
    """Union Square near a win, with its last stock card turned by a click on the stock:
    every card left can go home now."""
    game, _ = near_won_position("union-square")
    table = ui.open_table(app, game)
    assert table.hud.finish.rect.width == 0, "no finish while the stock holds a card"
    ui.click(app, ui.top_point(table, game.stock))
    ui.settle(app, table)
    assert not game.piles[game.stock]
    ui.step(app, 2)
    return table


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920)])
def test_a_click_on_finish_plays_every_card_home(ui: SimpleNamespace, app: App,
                                                 size: tuple[int, int]) -> None:
    app.resize(size)
    table = _ready_table(ui, app)
    button = table.hud.finish
    assert button.rect.width > 0
    assert table.layout.footer.contains(button.rect), "in the footer's strip, over no card"
    assert any(b.kind == Kind.BUTTON and b.rect == button.rect for b in app.drawn.boxes)
    before = len(table.game.history)
    ui.click(app, button.rect.center)
    ui.settle(app, table)
    assert table.game.is_won()
    assert len(table.session.undo_steps) and table.session.undo_steps[-1] == len(table.game.history) - before
    assert table.hud.finish.rect.width == 0
    for _ in range(200):
        ui.step(app)
        if isinstance(app.top, Dialog):
            break
    assert isinstance(app.top, Dialog) and app.top.title.startswith("You won")


def test_f_finishes_and_undo_takes_it_back_whole(ui: SimpleNamespace, app: App) -> None:
    table = _ready_table(ui, app)
    piles = [list(p) for p in table.game.piles]
    ui.press(app, pygame.K_f)
    ui.settle(app, table)
    assert table.game.is_won()
    ui.press(app, pygame.K_u)
    ui.settle(app, table)
    assert [list(p) for p in table.game.piles] == piles
    ui.step(app, 2)
    assert table.hud.finish.rect.width > 0, "offered again"


def test_no_finish_at_the_start_of_a_deal_and_f_says_why(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("union-square", 5))
    ui.step(app, 3)
    assert table.hud.finish.rect.width == 0
    ui.press(app, pygame.K_f)
    assert table.message == "Not every card can go home yet"
    assert not table.game.history
