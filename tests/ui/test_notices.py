"""The notice band: what the player must be told (a settings file with bad fields, a game
or a record that could not be saved, a saved game's score lost) shows over the scene on
top, several notices together and the others in turn, clear of the buttons, until a click
on it, Esc or its time closes it. Through the real loop with posted events."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game import cli
from game.engine import new_game
from game.records.saves import SAVED_EXTRAS, SAVED_GAME
from game.records.store import SaveError, Store
from game.session.positions import lost_position
from game.ui import notices as notices_module
from game.ui.app import App, Scene
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.menu import MenuScene
from game.ui.table import TableScene

LONG = ("the statistics were not saved: could not save statistics.json in the data folder, "
        "which is on a disk that has no room left for it at the moment: permission denied "
        "(the previous file is unchanged, and the games played since it was written will be "
        "counted again once the statistics can be saved; free some room on that disk or choose "
        "another data folder with --data-dir)")


class Listener(Scene):
    """A scene that keeps the mouse and key events it was given."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.events: list[int] = []

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.events.append(event.type)


def band_words(app: App) -> str:
    """The words the last frame drew in the notice band, its lines joined."""
    return " ".join(box.name.removeprefix("notice: ") for box in app.drawn.of(Kind.TEXT)
                    if box.name.startswith("notice: "))


def listening(ui: SimpleNamespace, app: App, *messages: str) -> Listener:
    scene = Listener(app)
    app.push(scene)
    app.tell(messages)
    ui.step(app, 2)
    return scene


def test_a_settings_file_with_bad_fields_is_told_over_the_menu(
        ui: SimpleNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"kind": "settings", "version": 1, "volume": 5,
                                                    "sound": "yes"}), encoding="utf-8")
    apps: list[App] = []
    monkeypatch.setattr(App, "run", lambda self: apps.append(self))
    assert cli.main(["menu", "--data-dir", str(data)]) == 0
    (app,) = apps
    app.running = True
    pygame.event.clear()
    ui.step(app, 30)
    words = band_words(app)
    assert "settings.json: volume must be a number from 0 to 1 (found 5); using 0.7" in words
    assert "settings.json: sound must be true or false (found 'yes'); using True" in words
    assert isinstance(app.top, MenuScene) and app.notices.rect.width > 0
    ui.press(app, pygame.K_ESCAPE)  # (Esc on the menu alone quits the game)
    assert band_words(app) == "" and app.running and isinstance(app.top, MenuScene)


def test_a_click_on_the_band_closes_it_and_goes_no_further(ui: SimpleNamespace, app: App) -> None:
    scene = listening(ui, app, "the settings were not saved: the disk is full")
    assert band_words(app).startswith("The settings were not saved: the disk is full")
    ui.click(app, app.notices.rect.center)
    assert scene.events == []
    ui.step(app)
    assert band_words(app) == "" and not app.notices.showing
    ui.click(app, (5, 5))
    assert scene.events == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]


def test_a_click_beside_the_band_goes_to_the_scene_and_leaves_the_band(ui: SimpleNamespace,
                                                                       app: App) -> None:
    scene = listening(ui, app, "the settings were not saved: the disk is full")
    ui.click(app, (5, 5))
    assert scene.events == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]
    assert "disk is full" in band_words(app)


def test_esc_closes_the_band_and_does_only_that(ui: SimpleNamespace, app: App) -> None:
    scene = listening(ui, app, "the settings were not saved: the disk is full")
    ui.press(app, pygame.K_ESCAPE)
    assert scene.events == [] and band_words(app) == ""
    ui.press(app, pygame.K_ESCAPE)
    assert scene.events == [pygame.KEYDOWN]


@pytest.mark.parametrize("screen", ["options", "help", "keys", "rules", "stats", "scores", "levels"])
def test_esc_on_a_screen_closes_the_band_and_leaves_the_screen(ui: SimpleNamespace, app: App,
                                                               screen: str) -> None:
    """On a screen whose Esc goes back, Esc while a band shows closes it and goes back too:
    the first Esc seemed to do nothing. (On the table, the menu or a dialog, the first Esc
    only closes the band: tests above.)"""
    below = Listener(app)
    app.push(below)
    args = {"options": {}, "help": {"rules": "square"}, "keys": {"rows": [("Esc", "Back")]}}
    app.show(screen, **args.get(screen, {"rules": "constitution"}))  # type: ignore[arg-type]
    ui.step(app, 2)
    app.tell(["the settings were not saved: the disk is full"])
    ui.step(app, 2)
    assert "disk is full" in band_words(app)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is below and band_words(app) == "" and below.events == []


def test_the_band_goes_by_itself_after_a_few_seconds(ui: SimpleNamespace, app: App) -> None:
    listening(ui, app, "the settings were not saved: the disk is full")
    seconds = app.notices.seconds
    assert notices_module.SECONDS <= seconds <= notices_module.MOST_SECONDS
    ui.step(app, round((seconds - 0.5) / ui.FRAME))
    assert "disk is full" in band_words(app)
    ui.step(app, round(1.0 / ui.FRAME))
    assert band_words(app) == ""


def test_several_notices_show_together_and_the_others_in_turn(ui: SimpleNamespace, app: App) -> None:
    told = [f"notice number {n} about the data folder" for n in range(1, 6)]
    listening(ui, app, *told)
    words = band_words(app)
    shown = [n for n, message in enumerate(told, start=1) if message[:1].upper() + message[1:] in words]
    assert shown == [1, 2, 3] and "2 more after this" in words
    ui.press(app, pygame.K_ESCAPE)
    ui.step(app)
    words = band_words(app)
    assert "Notice number 4" in words and "Notice number 5" in words and "Notice number 1" not in words
    assert "more after this" not in words


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_band_never_covers_a_dialogs_buttons(ui: SimpleNamespace, app: App,
                                                 size: tuple[int, int]) -> None:
    app.resize(size)
    ui.open_table(app, lost_position(new_game("constitution", 5)))
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    told = [f"Notice {n}: {LONG}" for n in range(3)]
    app.tell(told)  # a band of them all is taller than the room beside the dialog's buttons
    buttons = [b.rect for b in dialog._active()]
    shown = ""
    for _ in told:
        ui.step(app, 2)
        assert app.notices.rect.height > 0
        assert buttons and app.notices.rect.collidelist(buttons) < 0
        assert app.screen.get_rect().contains(app.notices.rect)
        shown += band_words(app)
        if not app.notices.waiting:
            break
        ui.press(app, pygame.K_ESCAPE)
    assert all(message in shown for message in told)  # in turn where they do not fit together


class Buttons(Scene):
    """A scene of buttons but for a strip across the middle of the window."""

    def __init__(self, app: App, gap: pygame.Rect) -> None:
        super().__init__(app)
        self.rows = [pygame.Rect(0, 0, app.size[0], gap.top), pygame.Rect(0, gap.bottom, app.size[0],
                                                                          app.size[1] - gap.bottom)]

    def draw(self, surface: pygame.Surface) -> None:
        for row in self.rows:
            self.app.drawn.add(Kind.BUTTON, row, "a row of buttons")


def test_notices_with_no_room_together_clear_of_the_buttons_come_in_turn(ui: SimpleNamespace,
                                                                         app: App) -> None:
    gap = pygame.Rect(0, 300, 1280, 160)
    app.push(Buttons(app, gap))
    told = [f"Notice {n}: {LONG[:150]}" for n in range(3)]
    app.tell(told)
    shown = ""
    for turn in range(len(told)):
        ui.step(app, 2)
        assert gap.contains(app.notices.rect), f"turn {turn}: {app.notices.rect}"
        shown += band_words(app)
        if not app.notices.waiting:
            break
        ui.press(app, pygame.K_ESCAPE)
    assert turn > 0 and all(message in shown for message in told)


def test_a_saved_games_score_set_aside_is_told_on_continuing(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("constitution", 5))
    table.play(table.game.legal_moves()[0])
    ui.settle(app, table)
    app.quit()  # the game is saved, with its score beside it
    assert app.data_dir is not None
    extras = app.data_dir / SAVED_EXTRAS
    assert (app.data_dir / SAVED_GAME).exists() and extras.exists()
    damaged = json.loads(extras.read_text(encoding="utf-8"))
    damaged["score"]["last"] = "x"
    extras.write_text(json.dumps(damaged), encoding="utf-8")
    app.scenes.clear()
    app.running = True
    menu = ui.open_menu(app)
    ui.click(app, menu.continue_button.rect.center)
    ui.step(app, 2)
    assert isinstance(app.top, TableScene)
    words = band_words(app)
    assert "saved-game.json could not be read" in words and "score recomputed" in words


def test_a_game_that_could_not_be_saved_on_leaving_for_the_menu_is_told(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    class Menu(Scene):
        """Stands in for the menu: only its name and place matter."""

        name = "menu"

    menu = Menu(app)
    app.push(menu)
    table = ui.open_table(app, new_game("constitution", 5))
    table.play(table.game.legal_moves()[0])
    ui.settle(app, table)

    def full(self: Store, name: str, text: str) -> Path:
        raise SaveError(f"could not save {name}: no space left on device")

    monkeypatch.setattr(Store, "write_text", full)
    ui.press(app, pygame.K_ESCAPE)
    ui.step(app)
    assert app.top is menu
    assert "The game was not saved: could not save" in band_words(app)


def test_a_flood_of_notices_waits_as_a_few_and_a_count() -> None:
    """However many notices come (a hostile file can give thousands), a dozen wait, the
    last of them counting the others, so the player is not kept closing bands for hours."""
    notices = notices_module.Notices()
    notices.tell(f"problem number {n}" for n in range(40_000))
    assert len(notices.waiting) == notices_module.MOST_WAITING
    assert notices.waiting[:2] == ["Problem number 0", "Problem number 1"]
    kept = notices_module.MOST_WAITING - 1
    assert notices.waiting[-1].startswith(f"{40_000 - kept:,} more messages are not shown here")
    notices.tell(["problem number 3"])  # one waiting already is not counted again
    assert notices.waiting[-1].startswith(f"{40_000 - kept:,} more")
