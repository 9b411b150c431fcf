"""A press while cards fly acts on what the player saw under the pointer: a flying card is
picked up once it has landed, a card something landed on is not, and never the card the
landing brought under the pointer. Through the real loop with posted events."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.engine import Move, new_game
from game.engine.state import FOUNDATION
from game.ui.app import App
from game.ui.table import TableScene


def _fly(ui: SimpleNamespace, app: App, table: TableScene, move: Move, progress: float) -> tuple[int, int]:
    """Play ``move`` and run frames until its card is ``progress`` of the way; the centre of
    that card as drawn then."""
    card = table.game.piles[move.src][-1]
    table.play(move)
    for _ in range(200):
        flight = next((f for f in table.anim.in_air() if f.card == card), None)
        if flight is not None and flight.progress() >= progress:
            x, y = flight.position(table.renderer.locator(table.game))
            return pygame.Rect((round(x), round(y)), table.layout.card).center
        ui.step(app)
    raise AssertionError("the card never flew")


def _tableau_moves(table: TableScene) -> list[Move]:
    g = table.game
    return [m for m in g.legal_moves() if m.src in g.tableau and m.dst in g.tableau]


def test_a_press_on_a_flying_card_picks_that_card_up(ui: SimpleNamespace, app: App) -> None:
    # Find a move whose card, half-way, is over where another pile's card lies once
    # everything has landed: the press must still take the card that was flying.
    for number in range(1, 40):
        table = ui.open_table(app, new_game("constitution", number))
        for move in _tableau_moves(table):
            card = table.game.piles[move.src][-1]
            pos = _fly(ui, app, table, move, 0.5)
            other = table.gestures.place_at(pos)
            g = table.game
            if (other is not None and other != move.dst and g.piles[other]
                    and g.places[other].kind != FOUNDATION):
                break
            table.anim.finish()
            table.undo()
            ui.settle(app, table)
        else:
            app.pop()
            continue
        break
    else:
        raise AssertionError("no flight crosses another pile")
    assert table.anim.busy
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, pos)
    ui.step(app)
    assert not table.anim.busy, "the press lands the flights"
    press = table.gestures.press
    assert press is not None and press.place == move.dst
    assert table.game.piles[move.dst][-1] == card
    # Moving the pointer lifts that card, held where it was grabbed.
    away = (pos[0] + 20, pos[1] + 20)
    ui.post_mouse(pygame.MOUSEMOTION, away, rel=(20, 20))
    ui.step(app)
    drag = table.gestures.drag
    assert drag is not None and drag.card == card and drag.place == move.dst
    assert drag.card != table.game.piles[other][-1]
    ui.post_mouse(pygame.MOUSEBUTTONUP, away)
    ui.settle(app, table)
    ui.check_drawn(table)


def test_a_press_on_a_card_something_lands_on_picks_nothing(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("constitution", 3))
    moves = _tableau_moves(table)
    assert moves
    move = moves[0]
    under = table.game.piles[move.dst][-1]
    seen = table.renderer.top_rect(table.game, move.dst)
    # The index corner of the card the move goes onto, pressed as the card takes off.
    pos = (seen.x + 4, seen.y + 4)
    _fly(ui, app, table, move, 0.05)
    assert table.gestures.seen_at(pos).card == under
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, pos)
    ui.step(app)
    assert not table.anim.busy
    assert table.game.piles[move.dst][-2:-1] == [under]
    assert table.gestures.press is None and table.gestures.selected is None
    ui.post_mouse(pygame.MOUSEBUTTONUP, pos)
    ui.step(app)
    assert table.gestures.selected is None and table.gestures.drag is None
    # With nothing flying, the same press picks up the card on top, as always.
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, pos)
    ui.step(app)
    press = table.gestures.press
    assert press is not None and press.place == move.dst


def test_quick_clicks_on_the_stock_turn_one_card_each(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("square", 4))
    g = table.game
    stock = ui.top_point(table, g.stock)
    before = len(g.piles[g.stock])
    for n in range(1, 4):
        ui.click(app, stock)  # the next click comes while this card is still in the air
        assert table.anim.busy
        assert len(g.piles[g.stock]) == before - n
        assert table.gestures.selected is None
    ui.settle(app, table)
    ui.check_drawn(table)


def test_a_modifier_key_alone_leaves_the_cards_flying(ui: SimpleNamespace, app: App) -> None:
    """Shift, Ctrl or Alt on the way to Ctrl+Z or Alt+Tab landed every flying card at once,
    the deal's included (hostile review 29); a key pressed for itself still lands them."""
    table = TableScene(app, new_game("constitution", 3))
    app.push(table)
    ui.step(app, 3)
    assert table.anim.busy  # the deal is flying
    for key in (pygame.K_LSHIFT, pygame.K_RCTRL, pygame.K_LALT):
        ui.press(app, key)
        assert table.anim.busy, pygame.key.name(key)
    ui.press(app, pygame.K_TAB)
    assert not table.anim.busy
