"""Every screen fits at every size: each scene ``main.py screenshot`` can picture, in every
rule set, at the window sizes players use (wide, small, tall and narrow) and with a
20-digit game number, is drawn through the real App and loop, and what it drew (the
boxes of game/ui/drawn.py) is checked: no text on another text or on a button, and no
badge or pop-up on a card's corner index.

The indices are asked of the pile renderer (``PileRenderer.index_boxes``), so they are
the corners that show of the cards as drawn.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pygame
import pytest

from game.engine import RULE_IDS
from game.engine.cards import card_pretty
from game.records.settings import Settings
from game.ui.app import App, Scene
from game.ui.drawn import Box, Kind, overlaps
from game.ui.piles import PileRenderer
from game.ui.scenes import SCENES
from game.ui.screenshots import OVER_MENU, TABLE_PICTURES, screenshot_scene
from game.ui.table import TableScene

#: the window sizes of the issue: common laptops, a small one, tall and narrow windows, a large one
SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (800, 1000), (1080, 1920), (2560, 1440)]
#: a number as long as a random deal's
NUMBER = "12345678901234567890"
#: every scene the screenshot command pictures
SCENE_NAMES = [*TABLE_PICTURES, "replay", "menu", "options", *OVER_MENU]
#: frames before the first look (the deal is down: the pictures land their flights), and
#: the frames at which the table is looked at again while points float and cards fly
LOOKS = (3, 12, 30)
#: what the quick test run checks: the table and its bar in every rule set at the sizes
#: where the bar is tightest (the rest is marked slow)
QUICK = {("table", (800, 600)), ("table", (1080, 1920)), ("win", (800, 600)), ("hint", (1024, 768))}


def _cases() -> Iterator[object]:
    for size in SIZES:
        for rules in RULE_IDS:
            for scene in SCENE_NAMES:
                if scene == "options" and rules != RULE_IDS[0]:
                    continue  # the options are the same for every rule set
                marks = [] if (scene, size) in QUICK else [pytest.mark.slow]
                yield pytest.param(scene, rules, size, marks=marks, id=f"{scene}-{rules}-{size[0]}x{size[1]}")


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """One headless app for the module (its card art is kept between scenes of a size)."""
    data = tmp_path_factory.mktemp("fit") / "data"
    data.mkdir()
    app = App(size=SIZES[0], data_dir=data, settings=Settings(), scenes=SCENES, headless=True)
    app.running = True
    yield app
    while app.scenes:
        app.pop()


def _layers(app: App) -> list[tuple[Scene, list[Box]]]:
    """Draw the stack as App.draw does, and each drawn scene with the boxes it drew (a
    scene drawn over another may cover the one below: each is checked on its own)."""
    app.draw()
    app.drawn.clear()
    first = max((i for i, s in enumerate(app.scenes) if s.opaque), default=0)
    layers = []
    for scene in app.scenes[first:]:
        start = len(app.drawn.boxes)
        scene.draw(app.screen)
        layers.append((scene, app.drawn.boxes[start:]))
    return layers


def _indices(scene: Scene) -> list[Box]:
    """The corner indices that show of the cards a scene with piles drew."""
    renderer = getattr(scene, "renderer", None)
    if not isinstance(renderer, PileRenderer):
        return []
    game = scene.game  # type: ignore[attr-defined]
    shown = getattr(scene, "display_piles", None)
    piles = shown() if shown is not None else scene.anim.display_piles(game.piles)  # type: ignore[attr-defined]
    return [Box(Kind.INDEX, rect, f"the index of {card_pretty(code)}")
            for code, rect in renderer.index_boxes(game, piles)]


def _problems(layers: list[tuple[Scene, list[Box]]]) -> list[str]:
    problems: list[str] = []
    for scene, boxes in layers:
        kinds = {kind: [b for b in boxes if b.kind is kind] for kind in Kind}
        texts = kinds[Kind.TEXT]
        seen: set[tuple[int, int]] = set()
        for a, b in overlaps(texts, texts + kinds[Kind.BUTTON]):
            pair = (min(id(a), id(b)), max(id(a), id(b)))
            if pair not in seen:
                seen.add(pair)
                problems.append(f"{scene.name}: {a.kind.value} {a.name!r} {a.rect} overlaps "
                                f"{b.kind.value} {b.name!r} {b.rect}")
        indices = _indices(scene)
        marks = [b for layer in layers for b in layer[1] if b.kind in (Kind.BADGE, Kind.POPUP)]
        for a, b in overlaps(marks, indices):
            problems.append(f"{scene.name}: {a.kind.value} {a.name!r} {a.rect} covers {b.name} {b.rect}")
    return problems


@pytest.mark.parametrize(("scene", "rules", "size"), list(_cases()))
def test_nothing_readable_is_covered(shared_app: App, scene: str, rules: str, size: tuple[int, int]) -> None:
    app = shared_app
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    pygame.event.clear()
    args = argparse.Namespace(rules=rules, game=NUMBER, game_arg=NUMBER, moves="")
    screenshot_scene(app, scene, args)
    done = 0
    problems: list[str] = []
    drew = 0
    for look in LOOKS if scene in TABLE_PICTURES else LOOKS[:1]:
        for _ in range(look - done):
            app.step(1 / 60)
        done = look
        layers = _layers(app)
        drew += sum(len(boxes) + len(_indices(s)) for s, boxes in layers)
        problems += [f"frame {look}: {p}" for p in _problems(layers)]
    if scene in TABLE_PICTURES or scene == "replay":
        assert drew > 0, "the scene recorded nothing it drew"
    assert not problems, "\n".join(problems)


def test_the_bar_of_a_narrow_window_moves_buttons_into_a_menu(shared_app: App) -> None:
    """At 800 px with a 20-digit number the bar has no room for every button: the ones
    left out are in the "⋯" menu, which opens under the bar and runs them."""
    app = shared_app
    while app.scenes:
        app.pop()
    app.running = True
    app.resize((800, 600))
    screenshot_scene(app, "table", argparse.Namespace(rules="constitution", game=NUMBER, game_arg=NUMBER,
                                                       moves=""))
    table = app.top
    assert isinstance(table, TableScene)
    hud, bar = table.hud, table.layout.hud
    app.step(1 / 60)
    assert [b.label for b in hud.overflow] == ["Rules"], "at 800 px the least needed button waits in ⋯"
    assert all(b.rect.width == 0 for b in hud.overflow), "closed, its buttons take no clicks"
    assert hud.more.rect.width > 0 and bar.contains(hud.more.rect)
    shown = [b.label for b in hud.actions if b.rect.width]
    assert sorted([*shown, "Rules"]) == sorted(b.label for b in hud.actions)

    def click(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)

    click(hud.more.rect.center)
    assert hud.menu_open and all(b.rect.width > 0 and b.rect.top >= bar.bottom for b in hud.overflow)
    layers = _layers(app)
    menu = [b for b in layers[-1][1] if b.kind is Kind.BUTTON and b.rect.top >= bar.bottom]
    assert [b.name for b in menu] == ["Rules"]
    assert not _problems(layers)
    # A press beside the open menu closes it and does nothing else.
    history = len(table.game.history)
    click((bar.centerx, table.layout.size[1] - 5))
    assert not hud.menu_open and all(b.rect.width == 0 for b in hud.overflow)
    assert len(table.game.history) == history and app.top is table
    # A button in the menu does what it says, and the menu closes.
    click(hud.more.rect.center)
    click(hud.overflow[0].rect.center)
    assert not hud.menu_open
    assert app.top is not table and app.top is not None and app.top.name == "rules"
