"""The app's own duties: the window size is kept between runs."""

from __future__ import annotations

import pygame

from game.records.settings import Settings, load_settings
from game.records.store import Store
from game.ui.app import App, Scene


def test_the_window_size_is_saved_when_the_app_quits(tmp_path) -> None:
    app = App(size=(1280, 800), data_dir=tmp_path, settings=Settings(), headless=True)
    app.push(Scene(app))
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.step(1 / 60)
    assert app.size == (1000, 700)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running
    assert load_settings(Store(tmp_path)).window_size == (1000, 700)


def test_a_window_smaller_than_the_minimum_is_enlarged(tmp_path) -> None:
    app = App(size=(1280, 800), data_dir=tmp_path, settings=Settings(), headless=True)
    app.resize((300, 200))
    assert app.size == (800, 600)
    assert app.screen.get_size() == (800, 600)


def test_ctrl_c_in_the_terminal_saves_like_closing_the_window(tmp_path) -> None:
    saved: list[str] = []

    class Interrupted(Scene):
        def update(self, dt: float) -> None:
            raise KeyboardInterrupt

        def wants_quit(self) -> bool:
            saved.append("saved")
            return True

    app = App(size=(1280, 800), data_dir=tmp_path, settings=Settings(), headless=True)
    app.push(Interrupted(app))
    try:
        app.run(max_frames=5)
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the interrupt must reach the command line")
    assert saved == ["saved"]
