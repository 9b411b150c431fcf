"""The statistics scene: figures and charts from the records, one rule set at a time."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS
from game.records.stats import DEMO_WON, GameResult, RuleStats, Statistics, load_statistics, save_statistics
from game.records.store import Store
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.stats_scene import StatsScene, tiles_of, win_rate_text


def record(app: App, rules: str, results: str) -> RuleStats:
    """Save statistics where ``rules`` had the games ``results`` (w, l, a per game, d for
    one won by the demo)."""
    stats = Statistics()
    names = {"w": "won", "l": "lost", "a": "abandoned", "d": DEMO_WON}
    for i, r in enumerate(results):
        stats[rules].add(GameResult(names[r], 50 + i, 100.0 + i, hints=i % 2, game=str(1000 + i)))
    assert save_statistics(Store(app.data_dir), stats)
    return stats[rules]


def test_the_figures_come_from_the_statistics(ui: SimpleNamespace, screen_app: App) -> None:
    s = record(screen_app, "square", "wwlawwl")
    scene = StatsScene(screen_app, "square")
    screen_app.push(scene)
    ui.step(screen_app)
    assert scene.current.played == 7 and scene.current.won == 4
    figures = dict(tiles_of(scene.current))
    assert figures["Played"] == "7"
    assert figures["Won"] == "4"
    assert figures["Win rate"] == "57%"
    assert figures["Best streak"] == "2"
    assert figures["Current streak"] == "0"
    assert figures["Best time, no help"] == "1:40"
    assert figures["Fewest moves, no help"] == "50"
    assert figures["Clean wins"] == str(s.clean_wins)


@pytest.mark.parametrize("size", [(800, 600), (800, 1280), (1080, 1920)])
def test_the_largest_figures_the_file_holds_are_drawn_whole(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    """Every count at the file's bound and the longest time: each figure is drawn whole
    (smaller where it must be), with thousands separators, never cut with "…"."""
    from game.records.replay import MAX_COUNT, MAX_SECONDS

    stats = Statistics()
    big = stats["square"]
    big.won, big.won_by_demo, big.lost, big.abandoned = MAX_COUNT, MAX_COUNT, MAX_COUNT, MAX_COUNT
    big.current_streak = big.best_streak = big.clean_wins = big.fewest_moves = MAX_COUNT
    big.best_time = float(MAX_SECONDS)
    assert save_statistics(Store(screen_app.data_dir), stats)
    scene = StatsScene(screen_app, "square")
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app, 2)
    shown = [b.name for b in screen_app.drawn.boxes
             if b.name.startswith("figure: ") and b.name.count(": ") == 2]
    assert len(shown) == 8
    for name in shown:
        assert "…" not in name, name
    assert f"figure: Won: {MAX_COUNT:,}" in shown
    captions = [b.name for b in screen_app.drawn.boxes
                if b.name.startswith("figure: ") and b.name.count(": ") == 1]
    assert "figure: Fewest moves, no help" in captions, "a caption is drawn smaller and whole, not cut"
    # each caption stays clear of its tile's sides (it touched both at 800x600), under its
    # figure, the two apart
    figures = {b.name.split(": ")[1]: b.rect for b in screen_app.drawn.boxes
               if b.name.startswith("figure: ") and b.name.count(": ") == 2}
    edge = scene.px // 2 - 1
    for box in (b for b in screen_app.drawn.boxes if b.name in captions):
        caption = box.name.removeprefix("figure: ")
        tile = next(r for r in _tiles(scene) if r.contains(box.rect))
        assert box.rect.left - tile.left >= edge and tile.right - box.rect.right >= edge, caption
        figure = figures[caption]
        assert tile.contains(figure) and figure.bottom <= box.rect.top, caption
    # the ring's key, wide with such counts, leaves the ring room for its win rate (it made
    # the ring a speck at 800x600, the rate spilling over it), and stays in its panel
    (cx, cy), hole = scene.ring_hole
    words = scene.middle_rect
    assert words.center == (cx, cy) and words.width <= 2 * hole * 0.9, (words, hole)
    keys = [b.rect for b in screen_app.drawn.boxes if b.name.startswith("ring's key: ")]
    assert len(keys) == 4 and all(scene.ring_rect.contains(k) for k in keys)


def test_no_games_yet_draws_dashes_and_an_empty_chart(ui: SimpleNamespace, screen_app: App) -> None:
    scene = StatsScene(screen_app, "union-square")
    screen_app.push(scene)
    ui.step(screen_app)
    figures = dict(tiles_of(scene.current))
    assert figures["Played"] == "0" and figures["Win rate"] == "–" and figures["Best time, no help"] == "–"
    assert not screen_app.notices.showing


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (800, 1280), (1920, 1080)])
def test_the_empty_chart_s_words_sit_clear_of_its_gridlines(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    scene = StatsScene(screen_app, "constitution")
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app, 2)
    [words] = [b.rect for b in screen_app.drawn.boxes if b.name == "chart: no games yet"]
    plot, _ = scene._plot()
    assert plot.contains(words)
    for pct in (0, 25, 50, 75, 100):
        y = plot.bottom - plot.height * pct / 100
        assert not words.top <= y <= words.bottom, f"the {pct}% line runs through the words at {size}"


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (800, 1280)])
def test_games_won_by_the_demo_are_shown_apart_from_the_wins(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    """Played counts them, the wins and the win rate do not; the ring and the chart's key
    name them, and the chart's tip tells such a game."""
    record(screen_app, "union-square", "wwdl")
    scene = StatsScene(screen_app, "union-square")
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app, 2)
    figures = dict(tiles_of(scene.current))
    assert (figures["Played"], figures["Won"], figures["Win rate"]) == ("4", "2", "50%")
    assert (figures["Current streak"], figures["Best streak"]) == ("0", "2")
    boxes = {b.name: b.rect for b in screen_app.drawn.boxes}
    assert "win rate in the ring: 50%" in boxes
    keys = [name for name in boxes if name.startswith("ring's key: ")]
    assert keys == [f"ring's key: {r}" for r in ("won", DEMO_WON, "lost", "abandoned")]
    for i, a in enumerate(keys):
        assert scene.ring_rect.contains(boxes[a]), f"{a} outside the ring's panel at {size}"
        for b in keys[i + 1:]:
            assert not boxes[a].colliderect(boxes[b]), f"{a} overlaps {b} at {size}"
    chart = ["chart: title", *(n for n in boxes if n.startswith("chart: key "))]
    assert f"chart: key {DEMO_WON}" in chart and len(chart) == 6
    for i, a in enumerate(chart):
        assert scene.chart_rect.contains(boxes[a]), f"{a} outside the chart at {size}"
        for b in chart[i + 1:]:
            assert not boxes[a].colliderect(boxes[b]), f"{a} overlaps {b} at {size}"
    plot, strip = scene._plot()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(scene._slot(plot, 2)), strip.centery),
                                         rel=(1, 0), buttons=(0, 0, 0)))
    ui.step(screen_app)
    assert any(b.name.startswith("chart: tip #1002 · won by the demo · ") for b in screen_app.drawn.boxes)


def test_hovering_the_chart_names_a_game(ui: SimpleNamespace, screen_app: App) -> None:
    record(screen_app, "constitution", "wlwlwa")
    scene = StatsScene(screen_app, "constitution")
    screen_app.push(scene)
    ui.step(screen_app)
    plot, strip = scene._plot()
    x = round(scene._slot(plot, 2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, strip.centery), rel=(1, 0),
                                         buttons=(0, 0, 0)))
    ui.step(screen_app)
    assert scene.hover_game == 2
    x = round(scene._slot(plot, 40))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, strip.centery), rel=(1, 0),
                                         buttons=(0, 0, 0)))
    ui.step(screen_app)
    assert scene.hover_game is None, "no game was played in that slot yet"


def test_reset_asks_then_sets_the_rule_set_shown_back_to_zero(ui: SimpleNamespace, screen_app: App) -> None:
    """"Reset…" asks first (saying what goes and what stays); "Keep them" keeps them; "Reset"
    zeroes the rule set shown, on disk too, and leaves the other rule sets as they were."""
    app = screen_app
    record(app, "square", "wwlaw")
    stats = load_statistics(Store(app.data_dir))
    stats["union-square"].add(GameResult("won", 80, 300.0, game="77"))
    assert save_statistics(Store(app.data_dir), stats)
    scene = StatsScene(app, "square")
    app.push(scene)
    ui.step(app)
    for answer in ("Keep them", "Reset"):
        ui.click(app, scene.reset_button.rect.center)
        ask = app.top
        assert isinstance(ask, Dialog) and ask.title == "Reset these statistics?"
        assert ask.lines[0].startswith("British Square: 5 games played, 3 won, best streak 2. All of it goes "
                                       "back to zero, for good")
        assert "replays, high scores and saved game are kept" in ask.lines[0]
        ui.click(app, next(b for b in ask.buttons if b.label == answer).rect.center)
        ui.step(app)
        assert app.top is scene
        on_disk = load_statistics(Store(app.data_dir))
        if answer == "Keep them":
            assert on_disk["square"].played == 5 and scene.current.played == 5
    assert on_disk["square"] == RuleStats() and scene.current.played == 0
    assert on_disk["union-square"].won == 1 and scene.stats["union-square"].won == 1
    assert dict(tiles_of(scene.current))["Played"] == "0"
    # nothing counted now: the button is greyed out and asks nothing
    ui.step(app)
    assert not scene.reset_button.enabled
    ui.click(app, scene.reset_button.rect.center)
    assert app.top is scene
    ui.press(app, pygame.K_RIGHT)  # Union Square has a game: it may be reset
    ui.step(app)
    assert scene.reset_button.enabled


def test_a_reset_that_cannot_be_written_says_so_and_loses_nothing(
        ui: SimpleNamespace, screen_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk: the warning is shown, the file on disk is the one before."""
    app = screen_app
    record(app, "square", "wl")
    before = Path(app.data_dir or ".", "statistics.json").read_bytes()
    scene = StatsScene(app, "square")
    app.push(scene)
    ui.step(app)

    def full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    ui.click(app, scene.reset_button.rect.center)
    ask = app.top
    assert isinstance(ask, Dialog)
    ui.click(app, next(b for b in ask.buttons if b.label == "Reset").rect.center)
    ui.step(app)
    monkeypatch.undo()
    assert any("not saved" in notice for notice in app.notices.shown), app.notices.shown
    assert Path(app.data_dir or ".", "statistics.json").read_bytes() == before
    assert scene.current.played == 2


def test_left_right_switch_rule_sets_and_esc_goes_back(ui: SimpleNamespace, screen_app: App) -> None:
    scene = StatsScene(screen_app, None)
    screen_app.push(scene)
    ui.step(screen_app)
    assert scene.rules == RULE_IDS[0]
    ui.press(screen_app, pygame.K_RIGHT)
    assert scene.rules == RULE_IDS[1]
    ui.press(screen_app, pygame.K_LEFT)
    ui.press(screen_app, pygame.K_LEFT)
    assert scene.rules == RULE_IDS[-1]
    ui.press(screen_app, pygame.K_ESCAPE)
    assert scene not in screen_app.scenes and screen_app.running


def test_a_broken_statistics_file_is_reported(ui: SimpleNamespace, screen_app: App) -> None:
    Path(screen_app.data_dir or ".", "statistics.json").write_text("{not json", encoding="utf-8")
    scene = StatsScene(screen_app, "square")
    screen_app.push(scene)
    ui.step(screen_app)
    assert any("statistics.json" in notice for notice in screen_app.notices.shown)
    assert scene.current.played == 0


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080), (2560, 1440), (1080, 1920),
                                  (800, 1400)])
def test_the_layout_fits_every_window_size(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    record(screen_app, "square", "wl" * 30)
    scene = StatsScene(screen_app, "square")
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    window = pygame.Rect((0, 0), size)
    boxes = [scene.tiles_rect, scene.ring_rect, scene.chart_rect, scene.back_button.rect,
             *(t.rect for t in scene.tabs), scene.reset_button.rect]
    for i, a in enumerate(boxes):
        assert window.contains(a), f"{a} outside {size}"
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), f"{a} overlaps {b} at {size}"
    plot, strip = scene._plot()
    assert scene.chart_rect.contains(plot) and scene.chart_rect.contains(strip)
    # the chart's title, its key and its gridline labels: inside it, none over another
    words = [b.rect for b in screen_app.drawn.of(Kind.TEXT) if b.name.startswith("chart:")]
    for i, a in enumerate(words):
        assert scene.chart_rect.contains(a)
        assert a.collidelist(words[i + 1:]) < 0, f"{a} overlaps other words of the chart at {size}"


@pytest.mark.parametrize("results", ["w", "wl", "wla", "wlawl", "wl" * 6, "wl" * 25])
def test_the_ends_of_the_chart_are_labelled_without_words_on_top_of_each_other(
        ui: SimpleNamespace, screen_app: App, results: str) -> None:
    record(screen_app, "constitution", results)
    scene = StatsScene(screen_app, "constitution")
    screen_app.push(scene)
    ui.step(screen_app)
    labels = scene.end_labels
    if len(results) == 1:
        assert labels == []
    else:
        assert len(labels) == (2 if len(results) >= 12 else len(labels)) >= 1
    for i, a in enumerate(labels):
        assert scene.chart_rect.contains(a)
        for b in labels[i + 1:]:
            assert not a.colliderect(b), f"{a} overlaps {b} with {len(results)} games"


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440)])
def test_a_win_rate_of_100_percent_fits_inside_the_rings_hole(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    record(screen_app, "square", "www")
    scene = StatsScene(screen_app, "square")
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    (cx, cy), hole = scene.ring_hole
    words = scene.middle_rect
    assert hole > 0 and words.center == (cx, cy)
    # the widest words the ring shows, with room to spare on both sides
    assert words.width <= 2 * hole * 0.9, f"'100%' is {words.width} px wide in a hole of {2 * hole} px"
    assert words.height <= 2 * hole



@pytest.mark.parametrize(("won", "played", "shown"), [
    (0, 3, "0%"), (3, 3, "100%"), (1, 2, "50%"), (4, 7, "57%"), (1, 6, "17%"), (994, 1000, "99%"),
    (199, 200, "99.5%"), (1, 300, "0.3%"), (1, 200, "0.5%"), (6, 1000, "1%"), (1999, 2000, ">99.9%"),
    (1, 3000, "<0.1%"), (2999, 3000, ">99.9%"), (999_999_998, 999_999_999, ">99.9%"), (0, 0, "–"),
])
def test_the_win_rate_says_all_or_none_only_when_it_is_so(won: int, played: int, shown: str) -> None:
    """Never 100% unless every game was won, never 0% unless none was; a decimal only
    where the whole number would mislead."""
    assert win_rate_text(won, played) == shown


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080), (800, 1280)])
def test_199_wins_and_a_loss_are_not_shown_as_100_percent(
        ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    """The tile and the ring both say 99.5%, and the wider words still fit in the hole."""
    record(screen_app, "constitution", "w" * 100 + "l" + "w" * 99)
    scene = StatsScene(screen_app, "constitution")
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    names = [b.name for b in screen_app.drawn.boxes]
    assert "figure: Win rate: 99.5%" in names
    assert dict(tiles_of(scene.current))["Win rate"] == "99.5%"
    (cx, cy), hole = scene.ring_hole
    ring = [b for b in screen_app.drawn.boxes if b.name == "win rate in the ring: 99.5%"]
    assert len(ring) == 1 and ring[0].rect.center == (cx, cy)
    assert ring[0].rect.width <= 2 * hole * 0.9


def test_after_a_reset_by_keyboard_the_focus_leaves_the_greyed_out_button(ui: SimpleNamespace,
                                                                        screen_app: App) -> None:
    app = screen_app
    record(app, "square", "wl")
    scene = StatsScene(app, "square")
    app.push(scene)
    ui.step(app)
    scene.ring.focus(scene.reset_button)
    ui.press(app, pygame.K_RETURN)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Reset these statistics?"
    ui.click(app, next(b for b in ask.buttons if b.label == "Reset").rect.center)
    ui.step(app)
    assert app.top is scene and not scene.reset_button.enabled
    assert scene.ring.current is scene.tabs[RULE_IDS.index("square")]


def _tiles(scene: StatsScene) -> list[pygame.Rect]:
    """The figures' tiles as the scene lays them out: four a row in its tiles' box."""
    r, cols, rows = scene.tiles_rect, 4, 2
    gap = round(scene.px * 0.6)
    tw, th = (r.width - (cols - 1) * gap) // cols, (r.height - (rows - 1) * gap) // rows
    return [pygame.Rect(r.x + c * (tw + gap), r.y + row * (th + gap), tw, th)
            for row in range(rows) for c in range(cols)]
