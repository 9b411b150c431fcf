"""The "No more moves" dialog folds into a bar so the final position can be seen, and
opens again; its choices work from the bar, and the table's own buttons and keys work
while it is folded. Through the real loop with posted events."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.records.stats import load_statistics
from game.records.store import Store
from game.session.positions import lost_position
from game.ui import theme
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.table import TableScene
from game.ui.widgets import ANALYSIS_TITLE


def _lost_table(ui: SimpleNamespace, app: App, rules: str) -> tuple[TableScene, Dialog]:
    table = ui.open_table(app, lost_position(new_game(rules, 5)))
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No more moves"
    return table, dialog


@pytest.mark.parametrize("rules", ["square", "constitution"])
def test_the_lost_dialog_says_how_many_cards_got_home(ui: SimpleNamespace, app: App, rules: str) -> None:
    """Every card home counts in the score, and the Square sets are played for it: the
    dialog said the moves but not how far the game got."""
    table, dialog = _lost_table(ui, app, rules)
    game = table.game
    home = sum(len(game.piles[f]) for f in game.foundations)
    assert 0 < home < game.card_count
    assert f"{home} of {game.card_count} cards home" in " ".join(dialog.lines)


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


# ----- the table under the folded bar ----------------------------------------------------------


def _folded(ui: SimpleNamespace, app: App, rules: str = "constitution") -> tuple[TableScene, Dialog]:
    table, dialog = _lost_table(ui, app, rules)
    ui.press(app, pygame.K_c)
    assert app.top is dialog and dialog.folded
    ui.step(app)
    return table, dialog


def _hud_button(table: TableScene, label: str) -> theme.Button:
    return next(b for b in table.hud.buttons if b.label == label)


def _lost_count(app: App, rules: str = "constitution") -> tuple[int, int]:
    """The rule set's lost games and games played, as the statistics file holds them."""
    stats = load_statistics(Store(app.data_dir))[rules]
    return stats.lost, stats.played


@pytest.mark.parametrize("how", ["the Undo button", "U", "Ctrl+Z"])
def test_the_tables_undo_works_while_the_lost_dialog_is_folded(ui: SimpleNamespace, app: App,
                                                               how: str) -> None:
    """Undo on the table's own bar (or its keys) takes the last move back as the dialog's
    Undo does: the dialog goes, the clock runs again, and the game is not counted."""
    table, dialog = _folded(ui, app)
    played = len(table.game.history)
    if how == "the Undo button":
        ui.click(app, _hud_button(table, "Undo").rect.center)
    elif how == "U":
        ui.press(app, pygame.K_u)
    else:
        ui.press(app, pygame.K_z, pygame.KMOD_CTRL)
    ui.settle(app, table)
    assert app.top is table and dialog not in app.scenes
    assert len(table.game.history) == played - 1 and not table.game.is_lost()
    elapsed = table.session.elapsed
    ui.step(app, 10)
    assert table.session.elapsed > elapsed, "the clock runs again, as after the dialog's Undo"
    assert _lost_count(app) == (0, 0)


@pytest.mark.parametrize(("label", "key"), [("Restart", None), ("New deal", None), ("Restart", pygame.K_r),
                                            ("New deal", pygame.K_n)])
def test_restart_and_new_deal_work_while_the_lost_dialog_is_folded(ui: SimpleNamespace, app: App,
                                                                   label: str, key: int | None) -> None:
    table, dialog = _folded(ui, app)
    lost = table.game
    if key is None:
        ui.click(app, _hud_button(table, label).rect.center)
    else:
        ui.press(app, key)
    ui.settle(app, table)
    assert app.top is table and dialog not in app.scenes
    assert table.game is not lost and not table.game.history
    if label == "Restart":
        assert table.game.piles == new_game("constitution", 5).piles
    else:
        assert table.game.game != lost.game
    assert _lost_count(app) == (1, 1), "the lost game is counted once"


def test_menu_works_while_the_lost_dialog_is_folded_and_counts_the_game_once(ui: SimpleNamespace,
                                                                              app: App) -> None:
    table, _ = _folded(ui, app)
    ui.click(app, _hud_button(table, "Menu").rect.center)
    ui.step(app)
    assert app.top is not None and app.top.name == "menu" and table not in app.scenes
    assert _lost_count(app) == (1, 1)
    app.quit()
    assert _lost_count(app) == (1, 1)


@pytest.mark.parametrize(("label", "name"), [("Help", "help"), ("Options", "options")])
def test_help_and_options_open_over_the_folded_dialog_and_come_back_to_it(
        ui: SimpleNamespace, app: App, label: str, name: str) -> None:
    table, dialog = _folded(ui, app)
    ui.click(app, _hud_button(table, label).rect.center)
    assert app.top is not None and app.top.name == name
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is dialog and dialog.folded and table.game.is_lost()
    # and the table still answers: its Undo takes the move back
    ui.click(app, _hud_button(table, "Undo").rect.center)
    ui.settle(app, table)
    assert app.top is table and not table.game.is_lost()


@pytest.mark.parametrize("size", [(1280, 800), (2400, 700)])
def test_the_folded_bar_says_what_the_table_answers(ui: SimpleNamespace, app: App,
                                                    size: tuple[int, int]) -> None:
    """The bar covers the table's footer, so it shows the footer's words itself (here the
    hint's answer in a lost position), then its title again; where the table's top bar
    has room for them, they are said there, once."""
    app.resize(size)
    table, dialog = _folded(ui, app)
    ui.click(app, _hud_button(table, "Hint").rect.center)
    ui.step(app)
    assert table.message == "No move to suggest"
    said = [b for b in app.drawn.boxes if b.name in ("dialog says 'No move to suggest'",
                                                      "status: No move to suggest")]
    assert len(said) == 1
    if size == (1280, 800):
        assert said[0].name.startswith("dialog")
        assert dialog.bar.contains(said[0].rect)
    else:
        assert any(b.name == "dialog title" for b in app.drawn.boxes)
    assert app.top is dialog and dialog.folded
    for _ in range(400):
        ui.step(app)
        if not table.message:
            break
    ui.step(app)
    assert any(b.name == "dialog title" for b in app.drawn.boxes)


def test_the_tables_more_menu_works_while_the_lost_dialog_is_folded(ui: SimpleNamespace, app: App) -> None:
    """In a small window the bar's buttons that do not fit are in its "⋯" menu: it stays
    open under the folded dialog, and its buttons work."""
    app.resize((800, 600))
    table, dialog = _folded(ui, app)
    assert "Options" in [b.label for b in table.hud.overflow]
    ui.click(app, table.hud.more.rect.center)
    ui.step(app)
    assert table.hud.menu_open
    ui.click(app, _hud_button(table, "Options").rect.center)
    assert app.top is not None and app.top.name == "options"
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is dialog and dialog.folded


def test_the_end_dialogs_read_the_records_without_moving_a_damaged_file(tmp_path: Path) -> None:
    """What the lost and win dialogs say of the records is read, never written: a damaged
    progress or statistics file is not moved aside by them (a second copy of the game,
    whose data folder is read-only, must not either)."""
    from game.ui.dialogs import _lost_score, _record_lines
    from tests.session.helpers import make_session

    data = tmp_path / "data"
    data.mkdir()
    for name in ("progress.json", "statistics.json"):
        (data / name).write_text("{ damaged")
    session = make_session(data, lost_position(new_game("square", 3)))
    assert _lost_score(session).startswith("Score ")
    _record_lines(session)
    assert sorted(p.name for p in data.iterdir()) == ["progress.json", "statistics.json"]


def test_a_copy_that_only_reads_the_data_folder_claims_no_high_score_place(tmp_path: Path) -> None:
    """A second copy of the game (its data folder read-only) keeps no score, so the lost
    dialog of English Square, played for the score, claims no place in its table."""
    from game.records.store import SHARED
    from game.session import PlaySession
    from game.ui.dialogs import _lost_score
    from tests.session.helpers import make_session

    data = tmp_path / "data"
    data.mkdir()
    game = lost_position(new_game("square", 3))
    writing = make_session(data, game)
    assert ": #1 in the British Square high scores when you leave this game" in _lost_score(writing)
    reading = PlaySession(game, store=Store(data, read_only=True, why_read_only=SHARED),
                          settings=writing.settings, clock=writing.clock)
    assert _lost_score(reading) == f"Score {reading.score.total:,}"


@pytest.mark.parametrize(("key", "mod"), [(pygame.K_u, 0), (pygame.K_z, pygame.KMOD_CTRL)])
def test_the_undo_keys_do_what_the_open_lost_dialogs_undo_does(ui: SimpleNamespace, app: App,
                                                                key: int, mod: int) -> None:
    """U and Ctrl+Z, which the key legend gives for Undo, choose the open dialog's Undo:
    the dialog goes, the last move is taken back, and the game is not counted lost."""
    table, dialog = _lost_table(ui, app, "constitution")
    assert not dialog.folded and "Undo" in [b.label for b in dialog.buttons]
    played = len(table.game.history)
    ui.press(app, key, mod)
    ui.settle(app, table)
    assert app.top is table and dialog not in app.scenes
    assert len(table.game.history) == played - 1 and not table.game.is_lost()
    assert _lost_count(app) == (0, 0)


def test_ctrl_shift_z_is_not_undo_on_the_lost_dialog(ui: SimpleNamespace, app: App) -> None:
    """Ctrl+Shift+Z is Redo, which a lost position has none of: the dialog stays."""
    table, dialog = _lost_table(ui, app, "constitution")
    played = len(table.game.history)
    ui.press(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    ui.step(app, 3)
    assert app.top is dialog and len(table.game.history) == played


def test_the_lost_dialogs_figures_stand_on_a_line_of_their_own(ui: SimpleNamespace, app: App) -> None:
    """After Lady Cadogan's long title and a 20-digit game number, the figures on the same
    line wrapped at 800 px and left "home" alone on the next line."""
    table, dialog = _lost_table(ui, app, "constitution-cadogan")
    game = table.game
    assert dialog.lines[1] == f"{game.title} · game #{game.game}"
    home = sum(len(game.piles[f]) for f in game.foundations)
    assert dialog.lines[2] == f"{len(game.history)} moves · {home} of {game.card_count} cards home"


def test_a_second_enter_after_save_replay_does_not_undo_the_lost_game(ui: SimpleNamespace, app: App) -> None:
    """Enter on "Save replay" saves it and shows the dialog again without that button; the
    focus went back to the first one, "Undo", so a second Enter took the last move back."""
    table, dialog = _lost_table(ui, app, "constitution")
    moves = len(table.game.history)
    dialog.focus_on("Save replay")
    assert dialog.buttons[dialog.focus].label == "Save replay"
    ui.press(app, pygame.K_RETURN)
    again = app.top
    assert isinstance(again, Dialog) and again is not dialog and again.title == "No more moves"
    assert "Save replay" not in [b.label for b in again.buttons]
    assert again.buttons[again.focus].label == "Menu"
    assert [b.label for b in again.buttons if b.focused] == ["Menu"], "the ring is where Enter acts"
    ui.press(app, pygame.K_RETURN)
    assert len(table.game.history) == moves and table.game.is_lost()
    assert app.top.name == "menu"


@pytest.mark.parametrize("how", ["H", "the Hint button"])
def test_the_lost_dialog_closed_with_esc_comes_back_with_the_hint(ui: SimpleNamespace, app: App,
                                                                  how: str) -> None:
    """Esc closes "No more moves" for good: nothing on the table said the game was over,
    and nothing brought the dialog (and "Where did I go wrong?") back but an undo and a
    redo (hostile review 29). The bar says how, and H (or Hint) brings it."""
    table, dialog = _lost_table(ui, app, "constitution")
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    counted = _lost_count(app)
    ui.step(app)
    said = [b.name for b in app.drawn.boxes if "No more moves" in b.name]
    assert said and all("H for the game's end" in name for name in said)
    if how == "H":
        ui.press(app, pygame.K_h)
    else:
        ui.click(app, _hud_button(table, "Hint").rect.center)
    again = app.top
    assert isinstance(again, Dialog) and again.title == "No more moves" and again is not dialog
    assert ANALYSIS_TITLE in [b.label for b in again.buttons]
    assert _lost_count(app) == counted  # not counted again
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
