"""The options scene: every option changes by keyboard or mouse, takes effect at once
and is kept in settings.json between runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.records.settings import Settings, load_settings
from game.records.store import Store
from game.ui.app import App
from game.ui.art import SMALL_FACE_BELOW, CardArt
from game.ui.drawn import Kind
from game.ui.options import OptionsScene
from game.ui.table import TableScene
from game.ui.widgets import Choice, Slider, Toggle


def open_options(ui: SimpleNamespace, app: App) -> OptionsScene:
    scene = OptionsScene(app)
    app.push(scene)
    ui.step(app)
    return scene


def saved(app: App) -> Settings:
    store = Store(app.data_dir)
    settings = load_settings(store)
    assert store.take_warnings() == []
    return settings


def control(scene: OptionsScene, name: str) -> Toggle | Slider | Choice:
    found = scene.controls[scene.names.index(name)]
    assert isinstance(found, Toggle | Slider | Choice)
    return found


def focus_by_keys(ui: SimpleNamespace, app: App, scene: OptionsScene, name: str) -> None:
    target = control(scene, name)
    for _ in range(len(scene.ring.items)):
        if scene.ring.current is target:
            return
        ui.press(app, pygame.K_DOWN)
    raise AssertionError(f"{name} cannot be reached with the arrow keys")


def test_every_setting_has_a_control_showing_its_value(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    s = screen_app.settings
    for name in ("auto_drop", "hints", "winnable_only", "sound", "four_colour", "high_contrast"):
        toggle = control(scene, name)
        assert isinstance(toggle, Toggle) and toggle.value == getattr(s, name)
    speed = control(scene, "animation_speed")
    assert isinstance(speed, Slider) and speed.value == s.animation_speed
    size = control(scene, "window_size")
    assert isinstance(size, Choice) and size.options[size.index] == "1280 × 800"


def test_toggles_change_by_keyboard_and_are_saved(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    focus_by_keys(ui, screen_app, scene, "auto_drop")
    ui.press(screen_app, pygame.K_RETURN)
    assert screen_app.settings.auto_drop is True
    assert saved(screen_app).auto_drop is True
    ui.press(screen_app, pygame.K_LEFT)
    assert screen_app.settings.auto_drop is False and saved(screen_app).auto_drop is False
    focus_by_keys(ui, screen_app, scene, "winnable_only")
    ui.press(screen_app, pygame.K_SPACE)
    focus_by_keys(ui, screen_app, scene, "hints")
    ui.press(screen_app, pygame.K_RETURN)
    on_disk = saved(screen_app)
    assert on_disk.winnable_only is True and on_disk.hints is False


def test_sliders_step_with_the_arrows_and_follow_the_mouse(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    focus_by_keys(ui, screen_app, scene, "animation_speed")
    ui.press(screen_app, pygame.K_RIGHT)
    ui.press(screen_app, pygame.K_RIGHT)
    assert screen_app.settings.animation_speed == 1.5
    ui.press(screen_app, pygame.K_HOME)
    assert screen_app.settings.animation_speed == 0.0
    assert saved(screen_app).animation_speed == 0.0
    volume = control(scene, "volume")
    assert isinstance(volume, Slider)
    ui.click(screen_app, (volume.track.right, volume.track.centery))
    assert screen_app.settings.volume == 1.0
    ui.click(screen_app, (volume.track.x + volume.track.width // 2, volume.track.centery))
    assert screen_app.settings.volume == pytest.approx(0.5)
    assert saved(screen_app).volume == pytest.approx(0.5)


def test_card_back_and_four_colours_change_the_card_art(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    back = control(scene, "card_back")
    assert isinstance(back, Choice)
    ui.click(screen_app, back.right_rect.center)
    assert screen_app.settings.card_back == 1 and screen_app.art.back_style == 1
    four = control(scene, "four_colour")
    ui.click(screen_app, four.rect.center)
    assert screen_app.settings.four_colour is True and screen_app.art.four_colour is True
    on_disk = saved(screen_app)
    assert on_disk.card_back == 1 and on_disk.four_colour is True


def test_large_index_changes_the_cards_on_the_table(ui: SimpleNamespace, screen_app: App) -> None:
    """Large index, switched on from the options over a game, is saved, reaches the card
    art, and the table draws its cards with the large-index face when it comes back."""
    table = ui.open_table(screen_app, new_game("square", 1))
    assert table.layout.card[0] >= SMALL_FACE_BELOW, "big enough cards to have the standard face"
    scene = open_options(ui, screen_app)
    focus_by_keys(ui, screen_app, scene, "large_index")
    ui.press(screen_app, pygame.K_RETURN)
    assert screen_app.settings.large_index is True and screen_app.art.large_index is True
    assert saved(screen_app).large_index is True
    ui.press(screen_app, pygame.K_ESCAPE)
    assert screen_app.top is table
    for _ in range(300):  # the faces of the new kind are drawn a few a frame
        ui.step(screen_app)
        if not screen_app.art.refining:
            break
    ui.step(screen_app)
    screen_app.draw()
    code, _place, rect = next(p for p in reversed(table.card_positions) if p[1] != table.game.stock)
    size = table.layout.card
    large, standard = CardArt(large_index=True).face(code, size), CardArt().face(code, size)
    shown = screen_app.screen.subsurface(rect)
    opaque = [(x, y) for y in range(size[1]) for x in range(size[0]) if large.get_at((x, y)).a == 255]
    assert all(shown.get_at(xy)[:3] == large.get_at(xy)[:3] for xy in opaque)
    differ = sum(1 for xy in opaque if standard.get_at(xy)[:3] != large.get_at(xy)[:3])
    assert differ > 0.05 * len(opaque)


def test_the_window_size_option_resizes_the_window(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    focus_by_keys(ui, screen_app, scene, "window_size")
    ui.press(screen_app, pygame.K_RIGHT)
    assert screen_app.settings.window_size == (1440, 900)
    assert screen_app.size == (1440, 900) and scene.size == (1440, 900)
    assert saved(screen_app).window_size == (1440, 900)
    assert scene.ring.current is control(scene, "window_size"), "the focus stays after the resize"


def test_a_table_back_from_options_that_resized_the_window_shows_itself_not_the_options(
        ui: SimpleNamespace, app: App) -> None:
    """The window size changed in the options over a game, then Esc at once: the table,
    whose new layout waits for the size to settle, showed the options' last picture
    stretched over the window until then, so the options flashed up again. The table is
    laid out at once: no drag of the window's edge is going on."""
    assert app.data_dir is not None
    app.data_dir.mkdir(parents=True)
    ui.open_table(app, new_game("constitution", "1"))
    scene = open_options(ui, app)
    focus_by_keys(ui, app, scene, "window_size")
    ui.press(app, pygame.K_RIGHT)
    assert app.size == (1440, 900) and app.last_frame is not None
    options_stretched = pygame.transform.scale(app.last_frame, app.size)
    ui.press(app, pygame.K_ESCAPE)
    table = app.top
    assert isinstance(table, TableScene)
    assert pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(options_stretched, "RGB")
    # nor the felt and cards alone, stretched, without the bar: the table at its new size
    assert table.layout.size == (1440, 900)
    assert any(box.name == "Menu" for box in app.drawn.of(Kind.BUTTON))


def test_an_option_changed_in_a_window_larger_than_a_setting_may_be_is_saved(
        ui: SimpleNamespace, screen_app: App) -> None:
    screen_app.resize((7700, 900))  # three screens wide: the system allows it
    scene = open_options(ui, screen_app)
    focus_by_keys(ui, screen_app, scene, "auto_drop")
    ui.press(screen_app, pygame.K_RETURN)
    assert screen_app.size == (7700, 900)
    on_disk = saved(screen_app)
    assert on_disk.auto_drop is True and on_disk.window_size == (7680, 900)


def window_size_shown(scene: OptionsScene) -> str:
    size = control(scene, "window_size")
    assert isinstance(size, Choice)
    return size.options[size.index]


def drag_window_to(ui: SimpleNamespace, app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)


def test_the_window_size_option_shows_the_size_the_window_is(ui: SimpleNamespace, screen_app: App) -> None:
    """The setting says 1280 × 800, but the window was dragged bigger before the options opened."""
    drag_window_to(ui, screen_app, (2560, 1440))
    scene = open_options(ui, screen_app)
    assert window_size_shown(scene) == "2560 × 1440"
    drag_window_to(ui, screen_app, (1000, 700))
    assert window_size_shown(scene) == "1000 × 700", "a drag while the options are open shows too"
    size = control(scene, "window_size")
    assert isinstance(size, Choice)
    assert size.options[size.index - 1:size.index + 2] == ["800 × 600", "1000 × 700", "1024 × 768"]
    ui.click(screen_app, control(scene, "sound").rect.center)
    assert saved(screen_app).window_size == (1000, 700), "what is saved is what is shown"
    focus_by_keys(ui, screen_app, scene, "window_size")
    ui.press(screen_app, pygame.K_RIGHT)
    assert screen_app.size == (1024, 768) and window_size_shown(scene) == "1024 × 768"
    assert saved(screen_app).window_size == (1024, 768)


def test_restore_defaults_brings_a_dragged_window_back_to_the_default_size(
        ui: SimpleNamespace, screen_app: App) -> None:
    drag_window_to(ui, screen_app, (2560, 1440))
    scene = open_options(ui, screen_app)
    ui.click(screen_app, scene.defaults_button.rect.center)
    assert screen_app.size == Settings().window_size == (1280, 800)
    assert window_size_shown(scene) == "1280 × 800"
    # the first-game help the player has seen (the table's, on the way here) is kept
    assert saved(screen_app) == Settings(help_seen=screen_app.settings.help_seen)


@pytest.mark.parametrize(("screen", "offered"), [
    ((1366, 768), ["800 × 600", "1280 × 800"]),  # the window's own size, which fits only in width
    ((1920, 1080), ["800 × 600", "1024 × 768", "1280 × 800", "1440 × 900", "1600 × 900"]),
    ((2560, 1440), ["800 × 600", "1024 × 768", "1280 × 800", "1440 × 900", "1600 × 900", "1920 × 1080"]),
])
def test_the_window_size_option_offers_only_the_sizes_that_fit_the_desktop(
        ui: SimpleNamespace, screen_app: App, desktop: Callable[[list[tuple[int, int]]], None],
        screen: tuple[int, int], offered: list[str]) -> None:
    desktop([screen])
    scene = open_options(ui, screen_app)
    size = control(scene, "window_size")
    assert isinstance(size, Choice) and size.options == offered
    focus_by_keys(ui, screen_app, scene, "window_size")
    for _ in offered:
        ui.press(screen_app, pygame.K_RIGHT)
        assert window_size_shown(scene) in offered
        assert saved(screen_app).window_size == screen_app.size
    # the sizes are a scale: past the largest or the smallest, the arrows stay there
    assert window_size_shown(scene) == offered[-1]
    for _ in range(len(offered) + 1):
        ui.press(screen_app, pygame.K_LEFT)
    assert window_size_shown(scene) == offered[0] and saved(screen_app).window_size == screen_app.size


def test_the_window_size_option_offers_a_window_larger_than_the_desktop_as_it_is(
        ui: SimpleNamespace, screen_app: App, desktop: Callable[[list[tuple[int, int]]], None]) -> None:
    """A window given a size on the command line, or dragged across two screens."""
    desktop([(1024, 768)])
    drag_window_to(ui, screen_app, (2560, 1440))
    scene = open_options(ui, screen_app)
    size = control(scene, "window_size")
    assert isinstance(size, Choice) and size.options == ["800 × 600", "2560 × 1440"]
    assert window_size_shown(scene) == "2560 × 1440" and screen_app.size == (2560, 1440)


def test_restore_defaults_opens_the_default_size_within_a_small_desktop(
        ui: SimpleNamespace, screen_app: App, desktop: Callable[[list[tuple[int, int]]], None]) -> None:
    desktop([(1024, 600)])
    drag_window_to(ui, screen_app, (1000, 700))
    scene = open_options(ui, screen_app)
    ui.click(screen_app, scene.defaults_button.rect.center)
    assert screen_app.size == screen_app.screen.get_size() == (944, 600)
    assert window_size_shown(scene) == "944 × 600"
    assert saved(screen_app).window_size == Settings().window_size, "the default kept, for a larger screen"


def test_settings_are_kept_between_runs(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    ui.click(screen_app, control(scene, "sound").rect.center)
    ui.click(screen_app, control(scene, "high_contrast").rect.center)
    later = App(size=(1280, 800), data_dir=screen_app.data_dir,
                settings=load_settings(Store(screen_app.data_dir)), headless=True)
    assert later.settings.sound is False and later.settings.high_contrast is True
    again = OptionsScene(later)
    toggle = control(again, "sound")
    assert isinstance(toggle, Toggle) and toggle.value is False


def test_restore_defaults(ui: SimpleNamespace, screen_app: App) -> None:
    screen_app.settings.help_seen = ("constitution", "square")
    scene = open_options(ui, screen_app)
    ui.click(screen_app, control(scene, "hints").rect.center)
    ui.click(screen_app, control(scene, "card_back").rect.center)
    assert screen_app.settings != Settings(help_seen=("constitution", "square"))
    ui.click(screen_app, scene.defaults_button.rect.center)
    # every option is back to its default; the first-game help seen is not an option
    assert screen_app.settings == Settings(help_seen=("constitution", "square"))
    assert saved(screen_app) == Settings(help_seen=("constitution", "square"))
    assert screen_app.art.back_style == 0
    hints = control(scene, "hints")
    assert isinstance(hints, Toggle) and hints.value is True


def test_esc_goes_back(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    ui.press(screen_app, pygame.K_ESCAPE)
    assert scene not in screen_app.scenes and screen_app.running


def test_a_save_that_fails_is_shown(ui: SimpleNamespace, screen_app: App, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    screen_app.data_dir = blocked / "data"
    scene = open_options(ui, screen_app)
    ui.click(screen_app, control(scene, "sound").rect.center)
    assert screen_app.settings.sound is False, "the change still applies for this run"
    ui.step(screen_app)
    assert any("not saved" in notice for notice in screen_app.notices.shown)
    ui.step(screen_app)


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080), (2560, 1440), (800, 1000),
                                  (800, 1280), (1080, 1920)])
def test_the_layout_fits_every_window_size(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    scene = open_options(ui, screen_app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    window = pygame.Rect((0, 0), size)
    rects = [item.rect for item in scene.ring.items]
    for i, a in enumerate(rects):
        assert window.contains(a) and scene.list_rect.contains(a)
        for b in rects[i + 1:]:
            assert not a.colliderect(b)
    assert window.contains(scene.preview_rect)
    assert not scene.preview_rect.colliderect(scene.list_rect)


def test_sound_changes_reach_the_apps_sound_effects(ui: SimpleNamespace, screen_app: App) -> None:
    class FakeSounds:
        """Stands in for game.ui.sound.Sounds: set_options and play."""

        def __init__(self) -> None:
            self.calls: list[tuple[str, object]] = []

        def set_options(self, *, enabled: bool | None = None, volume: float | None = None) -> None:
            self.calls.append(("options", (enabled, volume)))

        def play(self, name: str) -> None:
            self.calls.append(("play", name))

    fake = FakeSounds()
    screen_app.sounds = fake  # type: ignore[attr-defined]
    scene = open_options(ui, screen_app)
    focus_by_keys(ui, screen_app, scene, "volume")
    ui.press(screen_app, pygame.K_LEFT)
    assert fake.calls == [("options", (True, 0.6)), ("play", "click")]
    ui.click(screen_app, control(scene, "sound").rect.center)
    assert fake.calls[-2] == ("options", (False, 0.6))


def test_the_volume_is_greyed_while_the_sound_is_off(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_options(ui, screen_app)
    volume = control(scene, "volume")
    assert isinstance(volume, Slider) and not volume.dimmed
    ui.click(screen_app, control(scene, "sound").rect.center)
    assert screen_app.settings.sound is False and volume.dimmed
    ui.press(screen_app, pygame.K_ESCAPE)
    again = open_options(ui, screen_app)
    volume = control(again, "volume")
    assert isinstance(volume, Slider) and volume.dimmed, "greyed from the start when the sound is off"
    ui.click(screen_app, control(again, "sound").rect.center)
    assert screen_app.settings.sound is True and not volume.dimmed


@pytest.mark.parametrize("size", [(800, 1000), (800, 1280), (1080, 1920)])
def test_a_tall_window_puts_the_preview_under_the_list(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    """A tall, narrow window is filled: the preview goes under the list, both as wide as
    the list, with text as large as the portrait design's."""
    from game.ui.widgets import text_px

    scene = open_options(ui, screen_app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    assert scene.preview_rect.top > scene.list_rect.bottom
    assert scene.preview_rect.width == scene.list_rect.width > 0.6 * size[0]
    assert scene.preview_rect.bottom > 0.85 * size[1]
    assert scene.px > text_px(size)
