"""The "No more moves" dialog folds into a bar so the final position can be seen, and
opens again; its choices work from the bar. Through the real loop with posted events."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.session.positions import lost_position
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.table import TableScene


def _lost_table(ui: SimpleNamespace, app: App, rules: str) -> tuple[TableScene, Dialog]:
    table = ui.open_table(app, lost_position(new_game(rules, 5)))
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No more moves"
    return table, dialog


def _covered(app: App, table: TableScene) -> int:
    """How many cards' corner index (their top-left quarter) the dialog's drawn boxes cover."""
    w, h = table.layout.card
    corners = [pygame.Rect(rect.x, rect.y, w // 4, h // 4) for _, _, rect in table.card_positions]
    boxes = [b.rect for b in app.drawn.of(Kind.TEXT, Kind.BUTTON)
             if b.name.startswith("dialog")]
    return sum(1 for c in corners if any(c.colliderect(b) for b in boxes))


@pytest.mark.parametrize(("rules", "size"), [("constitution", (800, 600)), ("union-square", (1280, 800)),
                                             ("square", (1080, 1920))])
def test_the_lost_dialog_folds_into_a_bar_and_opens_again(ui: SimpleNamespace, app: App, rules: str,
                                                          size: tuple[int, int]) -> None:
    app.resize(size)
    table, dialog = _lost_table(ui, app, rules)
    assert not dialog.folded
    assert any(dialog.panel.colliderect(rect) for _, _, rect in table.card_positions), \
        "open, the dialog hides part of the position"
    hide = dialog.fold_button
    ui.click(app, hide.rect.center)
    assert app.top is dialog and dialog.folded
    ui.step(app)
    # Folded: a bar at the bottom, the table not shaded, no card index under it.
    assert dialog.bar.bottom <= size[1] and dialog.bar.top > size[1] * 0.8
    names = {b.name for b in app.drawn.boxes if b.name.startswith("dialog")}
    assert names == {"dialog title", "dialog Undo", "dialog Show (C)"}
    assert _covered(app, table) == 0
    assert app.screen.get_at(table.card_positions[0][2].move(3, 3).topleft) == \
        table.renderer.layer(table.game, table.display_piles()).get_at(
            table.card_positions[0][2].move(3, 3).topleft), "nothing shades the table"
    # "Show" opens it again; the C key folds and unfolds it too.
    ui.click(app, dialog.show_button.rect.center)
    assert not dialog.folded
    ui.press(app, pygame.K_c)
    assert dialog.folded
    ui.press(app, pygame.K_c)
    assert not dialog.folded and app.top is dialog


def test_undo_from_the_folded_bar_takes_the_last_move_back(ui: SimpleNamespace, app: App) -> None:
    table, dialog = _lost_table(ui, app, "constitution")
    played = len(table.game.history)
    ui.press(app, pygame.K_c)
    assert dialog.folded and dialog.bar_buttons[0].focused
    ui.click(app, dialog.bar_buttons[0].rect.center)
    ui.settle(app, table)
    assert app.top is table and len(table.game.history) == played - 1
