"""Shared helpers for the UI tests: a headless app driven by the real loop and posted
events (which carry only the attributes given to them), tables played to their end, and
a test campaign read instead of the repository's levels."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from game.engine import RULE_IDS, Game, Move
from game.levels import campaign as campaign_module
from game.records.settings import Settings
from game.ui import table as table_module
from game.ui.app import App, Scene
from game.ui.dialogs import Dialog
from game.ui.menu import MenuScene
from game.ui.scenes import SCENES
from game.ui.table import TableScene
from tests.levels.helpers import write_campaign

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A headless 1280x800 app with default settings and its own data directory, running.

    Its player has seen every rule set's first-game help (tests/ui/test_help.py tests that
    help), so a table opens straight onto its cards."""
    application = App(size=(1280, 800), data_dir=tmp_path / "data", settings=Settings(help_seen=RULE_IDS),
                      scenes=SCENES, headless=True)
    application.running = True
    pygame.event.clear()
    yield application
    pygame.event.clear()


@pytest.fixture
def screen_app(app: App) -> App:
    """The app on an empty data directory (made), with a plain scene at the bottom for a
    screen (options, statistics…) to be pushed over and to go back from."""
    assert app.data_dir is not None
    app.data_dir.mkdir(parents=True)
    app.push(Scene(app))
    return app


def step(app: App, frames: int = 1) -> None:
    """Run the real loop for a number of frames of 1/60 s."""
    for _ in range(frames):
        app.step(FRAME)


def settle(app: App, scene: TableScene, limit: int = 2000) -> None:
    """Run frames until every card has landed."""
    step(app)
    for _ in range(limit):
        if not scene.anim.busy:
            step(app)
            return
        step(app)
    raise AssertionError("the animation never finished")


def post_mouse(kind: int, pos: tuple[int, int], button: int = 1,
               rel: tuple[int, int] = (0, 0)) -> None:
    """Post a mouse event with the attributes the real driver gives."""
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=rel, buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=button))


def post_key(key: int, mod: int = 0) -> None:
    """Post a key press and its release (a key pressed again while down is the key held)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=""))


def press(app: App, key: int, mod: int = 0) -> None:
    """Press a key and run a frame."""
    post_key(key, mod)
    step(app)


def type_text(app: App, words: str) -> None:
    """Type text (one TEXTINPUT per character, as SDL sends it) and run a frame."""
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app)


def top_point(scene: TableScene, place: int) -> tuple[int, int]:
    """The centre of the top card drawn at ``place`` (or of the empty place)."""
    rects = [r for _, p, r in scene.card_positions if p == place]
    rect = rects[-1] if rects else scene.layout.bases[place]
    return rect.center


def drop_point(scene: TableScene, place: int) -> tuple[int, int]:
    """Where to let go of a card so that it lands on ``place``."""
    return top_point(scene, place)


def drag(app: App, scene: TableScene, src: int, dst: int) -> None:
    """Drag the top card of ``src`` to ``dst`` with posted events through the loop."""
    a = top_point(scene, src)
    b = drop_point(scene, dst)
    post_mouse(pygame.MOUSEBUTTONDOWN, a)
    step(app)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    post_mouse(pygame.MOUSEMOTION, mid, rel=(mid[0] - a[0], mid[1] - a[1]))
    step(app)
    post_mouse(pygame.MOUSEMOTION, b, rel=(b[0] - mid[0], b[1] - mid[1]))
    step(app)
    post_mouse(pygame.MOUSEBUTTONUP, b)
    step(app)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Press and release without moving."""
    post_mouse(pygame.MOUSEBUTTONDOWN, pos, button)
    post_mouse(pygame.MOUSEBUTTONUP, pos, button)
    step(app)


def perform(app: App, scene: TableScene, move: Move) -> None:
    """Make a move the way a player would: a click on the stock to turn it, else a drag."""
    g = scene.game
    if move.src == g.stock and move.dst == g.waste:
        click(app, top_point(scene, g.stock))
    else:
        drag(app, scene, move.src, move.dst)


def open_menu(app: App, rules: str | None = None) -> MenuScene:
    """Push the menu with ``rules`` chosen (by default the saved game's, else the first
    rule set) and run a frame."""
    menu = MenuScene(app, rules)
    app.push(menu)
    step(app)
    return menu


def open_table(app: App, game: Game) -> TableScene:
    """Push a table for ``game`` and run frames until the deal has landed."""
    scene = TableScene(app, game)
    app.push(scene)
    settle(app, scene)
    return scene


def asked(app: App, key: int, title: str) -> str:
    """Press ``key``, which must open the dialog titled ``title``: its words, joined."""
    press(app, key)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == title, dialog
    return " ".join(dialog.lines)


def wait_for_dialog(app: App) -> Dialog:
    """Run frames until a dialog is on top (a win's comes WIN_DIALOG_DELAY after the last
    card lands) and return it."""
    for _ in range(round(table_module.WIN_DIALOG_DELAY / FRAME) + 400):
        step(app)
        if isinstance(app.top, Dialog):
            return app.top
    raise AssertionError("no dialog came up")


def play_to_the_end(app: App, table: TableScene, moves: Sequence[str]) -> Dialog:
    """On ``table`` (already pushed), let the deal land, play ``moves`` through the engine
    and wait for the dialog that ends the game."""
    settle(app, table)
    for text in moves:
        table.play(table.game.parse_move(text))
    return wait_for_dialog(app)


def check_drawn(scene: TableScene) -> None:
    """What the scene drew matches the engine: every place's cards, in order, each where
    the layout puts it, inside its area, and inside the window below the HUD."""
    game: Game = scene.game
    lay = scene.layout
    by_place: dict[int, list[tuple[int, pygame.Rect]]] = {}
    for code, place, rect in scene.card_positions:
        by_place.setdefault(place, []).append((code, rect))
    window = pygame.Rect((0, 0), lay.size)
    for index, pile in enumerate(game.piles):
        drawn = by_place.get(index, [])
        assert [c for c, _ in drawn] == pile, f"place {game.place_name(index)}"
        if not pile:
            continue
        expected = lay.card_rects(index, len(pile))
        for (_, rect), want in zip(drawn, expected, strict=True):
            assert rect == want
            assert lay.areas[index].contains(rect), f"{game.place_name(index)} spills out"
            assert window.contains(rect)
            assert rect.top >= lay.hud.bottom


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch) -> Callable[[list[tuple[int, int]]], None]:
    """``desktop(sizes)`` has the window see these desktop sizes, as a display's driver
    tells them, until the test ends (the dummy driver the tests run on tells a made-up
    one, which the game does not go by)."""
    def on(sizes: list[tuple[int, int]]) -> None:
        monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(sizes))
    return on


@pytest.fixture
def ui() -> SimpleNamespace:
    """The helpers above, for the test modules (conftest is not imported directly)."""
    return SimpleNamespace(FRAME=FRAME, step=step, settle=settle, post_mouse=post_mouse,
                           post_key=post_key, press=press, type_text=type_text, top_point=top_point,
                           drop_point=drop_point, drag=drag, click=click, perform=perform,
                           open_menu=open_menu, open_table=open_table, wait_for_dialog=wait_for_dialog,
                           asked=asked, play_to_the_end=play_to_the_end, check_drawn=check_drawn)


@pytest.fixture
def use_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Path]]:
    """``use_campaign(levels, winnable)`` writes a Constitution campaign of those levels
    (tests.levels.helpers.level objects) and winnable game numbers to a folder of its own,
    read instead of the repository's levels until the test ends; it returns the folder."""
    folder = tmp_path / "levels"

    def use(levels: list[dict[str, Any]], winnable: list[str]) -> Path:
        write_campaign(folder, levels=levels, winnable=winnable)
        monkeypatch.setattr(campaign_module, "LEVELS_DIR", folder)
        campaign_module.clear_cache()
        return folder

    yield use
    campaign_module.clear_cache()
