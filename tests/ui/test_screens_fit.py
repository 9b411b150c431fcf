"""Every screen fits at every size: each scene ``main.py screenshot`` can picture, in every
rule set, at the window sizes players use (wide, small, tall and narrow) and with a
20-digit game number, is drawn through the real App and loop, and what it drew (the
boxes of game/ui/drawn.py) is checked as a demanding player would look at it:

- No text lies on another text or on a button, except a text drawn as part of its own
  control (a button's label, an option row's value), which must lie wholly inside it.
- No badge or pop-up lies on a card's corner index.
- Every text, button and panel lies inside the window.
- A scene drawn over another (a dialog, a help sheet, the list of keys) lays down a
  PANEL. What lies wholly under a panel is hidden: the player opened the sheet and
  expects it to hide the table, so it is not compared. A text or index cut by a panel's
  edge (partly under it) is a defect, unless the scene above dims the whole window (a
  SHADE): then it is a modal sheet, the table is only a dim backdrop until it closes,
  and a cut at its edge hides nothing the player needs now.
- A folded dialog's BAR leaves the table in play, undimmed: it covers no text and no
  index of the table at all, not even wholly.
- Words of a higher scene never lie on words or indices that still show below it, and
  stay on its own sheet.

The indices are found here from the renderer's layout and the card faces' geometry (the
corners that show of the cards as drawn), so that a screen which does not record them
is checked all the same. Each screen that is not the table must record its main words
(:data:`MAIN_TEXTS`), so a screen that stops recording what it draws is caught.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

import pygame
import pytest

from game.cli.window import SCENE_OPTIONS
from game.engine import RULE_IDS, Game
from game.engine.cards import card_pretty
from game.records.progress import TABLE_SIZE, HighScore
from game.records.replay import ABANDONED, LOST, WON
from game.records.scoring import ScoreEvent
from game.records.settings import Settings
from game.records.stats import RECENT_RESULTS, GameResult
from game.session import Points
from game.ui import dialogs
from game.ui.app import App, Scene
from game.ui.art import face_geometry
from game.ui.dialogs import AnalysisDialog, Dialog, confirm_dialog
from game.ui.drawn import Box, Kind, overlaps
from game.ui.hud import OVERFLOW_ORDER
from game.ui.layout import TableLayout
from game.ui.menu import MenuScene
from game.ui.menu_parts import Entry
from game.ui.piles import PileRenderer
from game.ui.rules_scene import RulesScene
from game.ui.scenes import SCENES
from game.ui.scores_scene import ScoresScene
from game.ui.screenshots import TABLE_PICTURES, screenshot_scene
from game.ui.stats_scene import StatsScene
from game.ui.table import TableScene

#: the window sizes of the issue: common laptops, a small one, tall and narrow windows, a large one
SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (800, 1000), (1080, 1920), (2560, 1440)]
#: a number as long as a random deal's
NUMBER = "12345678901234567890"
#: every scene the screenshot command pictures, with the options it uses
SCENE_NAMES = sorted(SCENE_OPTIONS)
#: frames before the first look (the deal is down: the pictures land their flights), and
#: the frames at which the table is looked at again while points float and cards fly
LOOKS = (3, 12, 30)
#: the frames at which a game's end is looked at again, once its dialog is up (the win
#: dialog waits a moment, while the last card lands)
ENDED = {"win": (120,), "lost": (60,), "dead-end": (60,)}
#: what the quick test run checks: the table and its bar in every rule set at the sizes
#: where the bar is tightest, and each other screen at one size (the rest is marked slow)
QUICK = {("table", (800, 600)), ("table", (1080, 1920)), ("win", (800, 600)), ("dead-end", (800, 600)),
         ("hint", (1024, 768)), ("menu", (800, 600)), ("options", (1080, 1920)), ("stats", (1080, 1920)),
         ("scores", (800, 600)),
         ("levels", (2560, 1440)), ("rules", (800, 600)), ("help", (1080, 1920)), ("keys", (800, 600)),
         ("replay", (1366, 768))}

#: the words each screen that is not the table must be seen to record (the start of a
#: box's name, or of one of the names between "|"), so that a screen that stops
#: recording what it draws is caught
MAIN_TEXTS: dict[str, tuple[str, ...]] = {
    "menu": ("title: British Constitution", "heading: Choose a game", "heading: Play", "heading: Your games",
             "game card British Constitution: British Constitution", "Deal a random game", "the keys"),
    "options": ("title: Options", "animation_speed: Animation speed", "Back", "Restore defaults",
                "preview: Your cards", "option's help", "the keys"),
    "stats": ("title", "tab ", "Back", "figure: Played", "figure: Win rate", "win rate in the ring",
              "ring's key: won", "chart: title", "chart: 50%", "the keys"),
    "scores": ("title", "tab ", "Table: Table", "column: Score", "scoring: heading", "the keys"),
    # a rule set with levels shows their tiles, one without says why there are none
    "levels": ("title", "tab ", "High scores", "level 1: 1|problem: ", "the keys"),
    "rules": ("tab ", "page: British", "page: diagram: step 1", "page: diagram: Foundations", "page: step 1",
              "the keys"),
    "help": ("how to play: title", "how to play: block 1", "how to play: the diagram: Foundations",
             "how to play: the diagram: step 1", "how to play: the keys", "how to play: Full rules"),
    "keys": ("keys: title", "keys: H: Hint", "keys: how to close"),
    "replay": ("replay title", "the move in words", "move number", "the keys"),
}


def _cases() -> Iterator[object]:
    for size in SIZES:
        for rules in RULE_IDS:
            for scene in SCENE_NAMES:
                if "rules" not in SCENE_OPTIONS[scene] and rules != RULE_IDS[0]:
                    continue  # a screen that is the same for every rule set
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
    shown = app.scenes[first:]
    for scene, above in zip(shown, [*shown[1:], None], strict=True):
        if scene.only_on_top and above is not None and not above.opaque:
            continue  # as App.draw: one dialog at a time
        start = len(app.drawn.boxes)
        scene.draw(app.screen)
        layers.append((scene, app.drawn.boxes[start:]))
    return layers


def index_boxes(game: Game, piles: list[list[int]], layout: TableLayout, large_index: bool) -> list[Box]:
    """The corner indices that show of the face-up cards resting in ``piles`` at
    ``layout``: the top-left index of every card whose corner is not covered by the next
    card (cut to what shows) and, on a face that has one, the turned index of each
    place's top card."""
    boxes: list[Box] = []
    for place, pile in enumerate(piles):
        if not pile or place == game.stock:
            continue
        squared = not layout.steps[place]
        rects = [layout.bases[place]] * len(pile) if squared else layout.card_rects(place, len(pile))
        for i, (code, rect) in enumerate(zip(pile, rects, strict=True)):
            top = i == len(pile) - 1
            # a covered card shows down to the top of the next one
            shows = rect if top else rect.clip(rect.x, rect.y, rect.width, rects[i + 1].top - rect.top)
            geo = face_geometry(code, layout.card, large_index)
            corners = [(geo.ranks[0], geo.suits[0])]
            if top and len(geo.ranks) > 1:
                corners.append((geo.ranks[1], geo.suits[1]))
            for rank, suit in corners:
                box = pygame.Rect(rank.union(suit)).move(rect.topleft).clip(shows)
                if box.width > 0 and box.height > 0:
                    boxes.append(Box(Kind.INDEX, box, f"the index of {card_pretty(code)}"))
    return boxes


def _indices(scene: Scene) -> list[Box]:
    """The corner indices that show of the cards a scene with piles drew."""
    renderer = getattr(scene, "renderer", None)
    if not isinstance(renderer, PileRenderer):
        return []
    game = scene.game  # type: ignore[attr-defined]
    shown = getattr(scene, "display_piles", None)
    piles = shown() if shown is not None else scene.anim.display_piles(game.piles)  # type: ignore[attr-defined]
    return index_boxes(game, piles, renderer.layout, renderer.art.large_index)


def _hidden(below: Box, panels: list[Box]) -> bool:
    """``below`` lies wholly under one of these panels."""
    return any(p.rect.contains(below.rect) for p in panels if p.kind is Kind.PANEL)


def _problems(layers: list[tuple[Scene, list[Box]]], size: tuple[int, int] | None = None) -> list[str]:
    """What a demanding player would call a defect in the drawn ``layers`` (lowest
    first) of a window of ``size``: see the module's docstring for the rules."""
    problems: list[str] = []
    window = pygame.Rect((0, 0), size) if size is not None else None
    # what each layer shows: its boxes, less those a sheet of a higher layer hides
    shown: list[list[Box]] = []
    for n, (scene, boxes) in enumerate(layers):
        visible = [*boxes, *_indices(scene)]
        for above_scene, above in layers[n + 1:]:
            panels = [b for b in above if b.kind in (Kind.PANEL, Kind.BAR)]
            modal = any(b.kind is Kind.SHADE for b in above)
            for box in visible:
                if box.kind not in (Kind.TEXT, Kind.INDEX) or _hidden(box, panels):
                    continue
                for panel in panels:
                    if not panel.rect.colliderect(box.rect):
                        continue
                    if panel.kind is Kind.BAR:
                        problems.append(f"{above_scene.name}: bar {panel.name!r} {panel.rect} covers "
                                        f"{box.kind.value} {box.name!r} {box.rect} of {scene.name}")
                    elif not modal:
                        problems.append(f"{above_scene.name}: panel {panel.name!r} {panel.rect} cuts "
                                        f"{box.kind.value} {box.name!r} {box.rect} of {scene.name}")
            visible = [b for b in visible if not _hidden(b, panels)]
        shown.append(visible)
    marks = [b for layer in shown for b in layer if b.kind in (Kind.BADGE, Kind.POPUP)]
    for n, ((scene, _), boxes) in enumerate(zip(layers, shown, strict=True)):
        kinds = {kind: [b for b in boxes if b.kind is kind] for kind in Kind}
        texts = kinds[Kind.TEXT]
        seen: set[tuple[int, int]] = set()
        for a, b in overlaps(texts, texts + kinds[Kind.BUTTON]):
            pair = (min(id(a), id(b)), max(id(a), id(b)))
            if pair not in seen:
                seen.add(pair)
                problems.append(f"{scene.name}: {a.kind.value} {a.name!r} {a.rect} overlaps "
                                f"{b.kind.value} {b.name!r} {b.rect}")
        sheets = [b for b in boxes if b.kind in (Kind.PANEL, Kind.BAR)]
        for box in texts + kinds[Kind.BUTTON] if sheets else []:
            if not any(sheet.rect.contains(box.rect) for sheet in sheets):
                problems.append(f"{scene.name}: {box.kind.value} {box.name!r} {box.rect} is off its sheet "
                                f"{[sheet.rect for sheet in sheets]}")
        for text in texts:
            if text.part_of is not None and not text.part_of.rect.contains(text.rect):
                problems.append(f"{scene.name}: {text.name!r} {text.rect} spills out of "
                                f"{text.part_of.name!r} {text.part_of.rect}")
        # words of a higher layer never lie on what shows of the words or indices below
        for m, layer in enumerate(shown[:n]):
            sheets = [b for _, above in layers[m + 1:n + 1] for b in above if b.kind is Kind.PANEL]
            lower = [b for b in layer if b.kind in (Kind.TEXT, Kind.INDEX)]
            for a, b in overlaps(texts, lower):
                if not any(p.rect.contains(a.rect.clip(b.rect)) for p in sheets):
                    problems.append(f"{scene.name}: {a.kind.value} {a.name!r} {a.rect} lies on "
                                    f"{b.kind.value} {b.name!r} {b.rect} below it")
        for a, b in overlaps(marks, kinds[Kind.INDEX]):
            problems.append(f"{scene.name}: {a.kind.value} {a.name!r} {a.rect} covers {b.name} {b.rect}")
        if window is not None:
            for box in boxes:
                inside = window.contains(box.rect)
                if box.kind in (Kind.TEXT, Kind.BUTTON, Kind.PANEL, Kind.BAR) and not inside:
                    problems.append(f"{scene.name}: {box.kind.value} {box.name!r} {box.rect} goes past "
                                    f"the window's edge {window.size}")
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
    looks = (*LOOKS, *ENDED.get(scene, ())) if scene in TABLE_PICTURES else LOOKS[:1]
    for look in looks:
        for _ in range(look - done):
            app.step(1 / 60)
        done = look
        layers = _layers(app)
        drew += sum(len(boxes) + len(_indices(s)) for s, boxes in layers)
        problems += [f"frame {look}: {p}" for p in _problems(layers, size)]
    if scene in ENDED:
        assert isinstance(app.top, Dialog), f"the {scene} dialog was not looked at"
    names = [b.name for _, boxes in _layers(app) for b in boxes]
    missing = [m for m in MAIN_TEXTS.get(scene, ())
               if not any(n.startswith(tuple(m.split("|"))) for n in names)]
    assert not missing, f"{scene} did not record {missing}"
    page = app.top
    if isinstance(page, RulesScene):
        # the whole page of rules, a window's height at a time
        while page.scroll < page.max_scroll:
            page.scroll_by(page.view.height)
            app.step(1 / 60)
            problems += [f"scrolled to {page.scroll}: {p}" for p in _problems(_layers(app), size)]
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
    labels = [b.label for b in hud.actions]
    # the order buttons leave the bar in: any not named in OVERFLOW_ORDER first
    order = [label for label in labels if label not in OVERFLOW_ORDER] + \
        [label for label in OVERFLOW_ORDER if label in labels]
    waiting = [b.label for b in hud.overflow]
    assert waiting, "at 800 px the least needed buttons wait in ⋯"
    assert sorted(waiting) == sorted(order[:len(waiting)]) and "Undo" not in waiting
    assert waiting == [label for label in labels if label in waiting], "in the bar's order"
    assert all(b.rect.width == 0 for b in hud.overflow), "closed, its buttons take no clicks"
    assert hud.more.rect.width > 0 and bar.contains(hud.more.rect)
    shown = [b.label for b in hud.actions if b.rect.width]
    assert sorted(shown + waiting) == sorted(labels)

    def click(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)

    click(hud.more.rect.center)
    assert hud.menu_open and all(b.rect.width > 0 and b.rect.top >= bar.bottom for b in hud.overflow)
    layers = _layers(app)
    menu = [b for b in layers[-1][1] if b.kind is Kind.BUTTON and b.rect.top >= bar.bottom]
    assert [b.name for b in menu] == waiting
    # The open menu lies over the felt for a moment (its names may be under it), but
    # never over the bar or over itself.
    in_bar = [b for b in layers[-1][1] if bar.contains(b.rect)]
    assert in_bar and not overlaps(menu, in_bar) and not overlaps(menu, menu)
    # A press beside the open menu closes it and does nothing else.
    history = len(table.game.history)
    click((bar.centerx, table.layout.size[1] - 5))
    assert not hud.menu_open and all(b.rect.width == 0 for b in hud.overflow)
    assert len(table.game.history) == history and app.top is table
    # Something opened over the table by a key closes the menu.
    click(hud.more.rect.center)
    assert hud.menu_open
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_p, mod=0, unicode="p"))
    app.step(1 / 60)
    assert app.top is not table and not hud.menu_open
    while app.top is not table:
        app.pop()
    # A button in the menu does what it says, and the menu closes.
    click(hud.more.rect.center)
    click(hud.overflow[0].rect.center)
    assert not hud.menu_open
    assert app.top is not table, f"{waiting[0]} opened nothing"


def _table(app: App, size: tuple[int, int], rules: str = "constitution") -> TableScene:
    """The table picture of the 20-digit deal at ``size``, on the shared app."""
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    pygame.event.clear()
    screenshot_scene(app, "table", argparse.Namespace(rules=rules, game=NUMBER, game_arg=NUMBER, moves=""))
    table = app.top
    assert isinstance(table, TableScene)
    app.step(1 / 60)
    return table


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920), (2560, 1440)])
def test_a_long_status_is_shown_whole(shared_app: App, size: tuple[int, int]) -> None:
    """A status is never cut: the bar shows it whole (on one line or two), or the footer
    does (in smaller type, on as many lines as it needs)."""
    app = shared_app
    table = _table(app, size)
    words = ("The space at Row 2, pile 4 must be filled before anything else moves: take the card "
             "from Row 3, pile 4, or turn the stock to bring a card that may fill it there")
    table.say(words)
    app.step(1 / 60)
    boxes = [b for b in app.drawn.of(Kind.TEXT) if b.name.startswith(("status: ", "footer: "))]
    assert boxes
    assert " ".join(b.name.split(": ", 1)[1] for b in boxes).split() == words.split()
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(b.rect) for b in boxes)
    assert not _problems(_layers(app), size)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_score_pop_ups_rise_clear_of_the_bar_the_cards_and_each_other(shared_app: App, rules: str) -> None:
    """Points earned on every foundation at once, and a penalty: each pop-up is below the
    bar, covers no other pop-up, no card's index, and no card but its own foundation's."""
    app = shared_app
    table = _table(app, (800, 600), rules)
    game = table.game
    for place in game.foundations:
        table.hud.show_points(Points((ScoreEvent(10, "foundation"),), place))
    table.hud.show_points(Points((ScoreEvent(-25, "hint"),), None))
    bar = table.layout.hud
    for frames in (1, 20, 30):
        for _ in range(frames):
            app.step(1 / 60)
        layers = _layers(app)
        pops = [b for b in layers[0][1] if b.kind is Kind.POPUP]
        assert len(pops) >= len([f for f in game.foundations if game.piles[f]])
        assert all(p.rect.top >= bar.bottom for p in pops)
        assert not overlaps(pops, pops)
        others = [r for _, place, r in table.card_positions if place not in game.foundations]
        assert not any(p.rect.collidelist(others) >= 0 for p in pops)
        assert not _problems(layers, (800, 600))


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (800, 1000)])
@pytest.mark.parametrize("rules", RULE_IDS)
def test_score_pop_ups_cover_no_word_on_the_table(shared_app: App, rules: str, size: tuple[int, int]) -> None:
    """Points earned on every foundation at once, and a penalty: all the way up, no
    pop-up covers a word on the table ("Foundations", a row's name, the stock's and
    the waste's names and counts, a direction) or a card's index ("+10" rose over
    "Foundations" for half a second)."""
    app = shared_app
    table = _table(app, size, rules)
    game = table.game
    for place in game.foundations:
        table.hud.show_points(Points((ScoreEvent(10, "foundation"),), place))
    table.hud.show_points(Points((ScoreEvent(-25, "hint"),), None))
    bar = table.layout.hud
    for frame in range(40):
        app.step(1 / 60)
        pops = app.drawn.of(Kind.POPUP)
        if frame < 30:
            assert len(pops) >= len([f for f in game.foundations if game.piles[f]]), frame
        words = [b for b in app.drawn.boxes if b.kind in (Kind.TEXT, Kind.BADGE, Kind.INDEX)
                 and b.rect.top >= bar.bottom]
        assert overlaps(pops, words) == [], f"frame {frame}"


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)])
def test_the_bar_has_the_same_parts_in_the_same_places_in_every_rule_set(shared_app: App,
                                                                         size: tuple[int, int]) -> None:
    """Whichever rule set is played, the score, the moves and every button are in the same
    places at the same size (the titles differ, but the room kept for them does not)."""
    places = set()
    for rules in RULE_IDS:
        hud = _table(shared_app, size, rules).hud
        assert hud.plan is not None
        places.add((hud.plan.stats_x, hud.score_rect.topleft, tuple(hud.plan.status),
                    tuple((b.label, tuple(b.rect)) for b in hud.buttons)))
    assert len(places) == 1


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)])
def test_a_full_high_score_table_of_long_numbers_fits(shared_app: App, size: tuple[int, int]) -> None:
    """Ten high scores of random deals (20-digit numbers, six-figure scores, hours of
    play): every cell is recorded, and none runs into its neighbour or out of the window."""
    app = shared_app
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    scene = ScoresScene(app, "constitution")
    for n in range(TABLE_SIZE):
        scene.progress.add_score("constitution", HighScore(score=209_990 - n, game=NUMBER[:-1] + str(n),
                                                           date="2026-11-22", moves=1088 - n,
                                                           seconds=35_999.0 - n))
    app.push(scene)
    app.step(1 / 60)
    layers = _layers(app)
    cells = [b for b in layers[-1][1] if b.name.startswith("row ")]
    assert len(cells) == TABLE_SIZE * 6
    # a number too long for its column keeps its first and last digits
    numbers = [b.name.split(": Game ")[1] for b in cells if ": Game " in b.name]
    assert [n[-1] for n in numbers] == [str(n) for n in range(TABLE_SIZE)]
    assert all(n.startswith("#123") and (n == "#" + NUMBER[:-1] + n[-1] or "…" in n) for n in numbers)
    assert not _problems(layers, size)


def _box(kind: Kind, rect: tuple[int, int, int, int], name: str = "", part_of: Box | None = None) -> Box:
    return Box(kind, pygame.Rect(rect), name or kind.value, part_of)


class _Layer(Scene):
    """A stand-in scene for the rules' own tests (it draws nothing: its boxes are given)."""

    def __init__(self, name: str) -> None:
        self.name = name


def test_the_rules_of_sheets_bars_and_controls_catch_what_they_say() -> None:
    """The checks are real: each rule of the module's docstring fails the case it names
    and passes its allowed twin."""
    size = (800, 600)
    table, over = _Layer("table"), _Layer("over")
    words = _box(Kind.TEXT, (100, 100, 80, 20), "words")
    index = _box(Kind.INDEX, (300, 300, 20, 30), "index")
    below = [words, index]
    sheet = _box(Kind.PANEL, (90, 90, 300, 300), "sheet")  # hides both wholly
    cutting = _box(Kind.PANEL, (150, 50, 300, 300), "cutting")  # cuts the words, hides the index
    shade = _box(Kind.SHADE, (0, 0, 800, 600))
    assert not _problems([(table, below), (over, [sheet])], size)
    assert _problems([(table, below), (over, [cutting])], size), "a sheet that leaves play live cuts no words"
    assert not _problems([(table, below), (over, [shade, cutting])], size), \
        "a modal sheet may cut at its edge"
    bar = _box(Kind.BAR, (0, 290, 800, 50), "bar")
    assert _problems([(table, below), (over, [bar])], size), "a folded bar covers no index, even wholly"
    assert not _problems([(table, [words]), (over, [bar])], size)
    on_words = _box(Kind.TEXT, (120, 105, 40, 10), "on the words")
    assert _problems([(table, below), (over, [_box(Kind.PANEL, (200, 200, 50, 50)), on_words])], size), \
        "words over words that show below, and off their own sheet"
    button = _box(Kind.BUTTON, (400, 400, 100, 30), "button")
    label = _box(Kind.TEXT, (410, 405, 80, 20), "label", button)
    spilling = _box(Kind.TEXT, (410, 405, 120, 20), "spilling", button)
    assert not _problems([(table, [button, label])], size), "a label lies on its own button"
    assert _problems([(table, [button, spilling])], size), "a label stays inside its button"
    assert _problems([(table, [button, _box(Kind.TEXT, (410, 405, 80, 20))])], size), "other words stay off"
    assert _problems([(table, [_box(Kind.TEXT, (780, 10, 40, 20))])], size), "words stay inside the window"


@pytest.mark.parametrize("rules", RULE_IDS)
@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)])
def test_the_folded_lost_dialog_covers_nothing_readable(shared_app: App, rules: str,
                                                        size: tuple[int, int]) -> None:
    """"No more moves" folded into its bar leaves every word and index of the final
    position in sight (the bar is checked as a BAR over the table)."""
    app = shared_app
    dialog = _lost(app, rules, size)
    dialog.toggle_fold()
    for _ in range(3):
        app.step(1 / 60)
    layers = _layers(app)
    assert [b.kind for b in layers[-1][1]].count(Kind.BAR) == 1
    assert not _problems(layers, size)


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
def test_a_question_over_the_table_fits(shared_app: App, size: tuple[int, int]) -> None:
    """The question asked before a game in progress is given up (New deal) stays on its
    sheet, in the window, over the dimmed table."""
    table = _table(shared_app, size)
    shared_app.push(confirm_dialog(shared_app, "Deal a new game?",
                                   f"Game #{NUMBER} is in progress: a new deal counts it as abandoned.",
                                   "New deal", lambda: None))
    shared_app.step(1 / 60)
    layers = _layers(shared_app)
    assert layers[0][0] is table and {Kind.SHADE, Kind.PANEL} <= {b.kind for b in layers[-1][1]}
    assert not _problems(layers, size)


def _lost(app: App, rules: str, size: tuple[int, int]) -> Dialog:
    """The lost picture's "No more moves" dialog, up over its table."""
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    screenshot_scene(app, "lost", argparse.Namespace(rules=rules, game=NUMBER, game_arg=NUMBER, moves=""))
    for _ in range(60):  # the table sees the loss on a frame, and asks
        if isinstance(app.top, Dialog):
            break
        app.step(1 / 60)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.foldable
    return dialog


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
def test_where_did_i_go_wrong_fits_while_it_searches_and_when_it_answers(shared_app: App,
                                                                        size: tuple[int, int]) -> None:
    """The analysis dialog over the lost table: its progress while the search runs, and
    its answer (wrapped to the sheet), overlap nothing and stay on the sheet."""
    app = shared_app
    _lost(app, "constitution", size)
    table = app.scenes[0]
    assert isinstance(table, TableScene)
    # the window shared by the sizes keeps its last answer, which a same question gets at
    # once: forgotten, so that each size shows the search in progress too
    dialogs._ANSWERED.pop(app, None)
    analysis = AnalysisDialog(app, table.game, seconds=1.0)
    app.push(analysis)
    try:
        app.step(1 / 60)
        layers = _layers(app)
        assert any(b.name == "the analysis's progress" for b in layers[-1][1])
        assert not _problems(layers, size)
        deadline = time.monotonic() + 60
        while analysis.analysis is None and not analysis.failure:
            assert time.monotonic() < deadline, "the analysis never answered"
            app.step(1 / 60)
            time.sleep(0.01)
        app.step(1 / 60)
        layers = _layers(app)
        said = [b for b in layers[-1][1] if b.name.startswith("dialog line")]
        assert said and not _problems(layers, size)
    finally:
        analysis.job.cancel()


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)])
def test_the_menu_with_full_lists_fits(shared_app: App, size: tuple[int, int]) -> None:
    """The menu of a player with many games: twelve recent games and twelve replays of
    random deals (20-digit numbers, long names), a game to continue and an error shown."""
    app = shared_app
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    menu = MenuScene(app, "constitution-cadogan")
    detail = f"#{NUMBER} · won · 1:02:03"
    menu.entries = [Entry("British Constitution (Lady Cadogan)", detail, lambda: None, mark=WON)
                    for _ in range(12)]
    menu.replay_entries = [Entry(f"{NUMBER}-a-replay-with-a-long-name.replay", detail, lambda: None,
                                 mark=LOST) for _ in range(12)]
    menu.continue_button.enabled = True
    menu.continue_button.hint = f"Lady Cadogan #{NUMBER} · 312 moves"
    menu.error = f"#{NUMBER}99 is not a game number: a game number has at most 20 digits"
    app.push(menu)
    app.step(1 / 60)
    layers = _layers(app)
    names = [b.name for b in layers[-1][1]]
    assert any(n.startswith("recent game ") for n in names) and any(n.startswith("replay ") for n in names)
    assert any(n.startswith("error: ") for n in names)
    # a number too long for its line loses its middle digits, not the result and time after it
    details = [n for n in names if n.startswith("recent game ") and "#1" in n]
    assert len(details) == len([n for n in names if n.startswith("recent game ") and ": British" in n])
    assert all(n.endswith("890 · won · 1:02:03") for n in details)
    assert not _problems(layers, size)


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)])
def test_statistics_of_many_games_fit_with_a_game_pointed_at(shared_app: App, size: tuple[int, int]) -> None:
    """Statistics after a thousand games (four-figure counts, "100%"-wide rates), the chart
    full, and the mouse on a game of it: its tip names a 20-digit deal and stays clear."""
    app = shared_app
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    stats = StatsScene(app, "constitution")
    current = stats.stats["constitution"]
    current.won, current.lost, current.abandoned = 1234, 5678, 910
    current.current_streak, current.best_streak = 12, 34
    current.best_time, current.fewest_moves = 3599.0, 1088
    current.recent = [GameResult((WON, LOST, ABANDONED)[n % 3], 300 + n, 600.0 + n, game=NUMBER)
                      for n in range(RECENT_RESULTS)]
    app.push(stats)
    app.step(1 / 60)
    plot, _ = stats._plot()
    stats.hover_game = RECENT_RESULTS // 2
    app.step(1 / 60)
    layers = _layers(app)
    assert any(b.name.startswith("chart: tip #") for b in layers[-1][1])
    assert any(b.name == "chart: oldest and newest" for b in layers[-1][1])
    assert plot.width > 0 and not _problems(layers, size)
