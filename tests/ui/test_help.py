"""The help a new player gets: how to play each rule set on one screen (shown by itself on
the first game of a rule set, and on F1 or the Help button), its drawn diagram, the list
of keys on ``?``, and the tooltips of the table's buttons; all through the real loop."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, new_game, profile_of
from game.engine.state import FOUNDATION
from game.records.settings import Settings, load_settings
from game.records.store import Store
from game.ui import tooltips as tooltips_module
from game.ui.app import App
from game.ui.diagram import draw_diagram
from game.ui.drawn import Kind, overlaps
from game.ui.help_scene import HelpScene, KeysScene
from game.ui.keys import MOUSE, OTHER_KEYS
from game.ui.scenes import SCENES
from game.ui.table import TableScene

SIZES = [(800, 600), (1024, 768), (1280, 800), (1080, 1920), (2560, 1440)]


def _new_player(tmp_path: Path, name: str = "data") -> App:
    """An app whose player has never seen any help, on its own data directory."""
    app = App(size=(1280, 800), data_dir=tmp_path / name, settings=Settings(), scenes=SCENES, headless=True)
    app.running = True
    pygame.event.clear()
    return app


def _button(table: TableScene, label: str) -> pygame.Rect:
    return next(b.rect for b in table.hud.buttons if b.label == label)


def test_the_first_game_of_each_rule_set_shows_how_to_play_once(
        ui: SimpleNamespace, tmp_path: Path) -> None:
    app = _new_player(tmp_path)
    table = TableScene(app, new_game("square", 7))
    app.push(table)
    ui.step(app)
    assert isinstance(app.top, HelpScene) and app.top.rules == "square"
    # remembered on disk at once, for this rule set only
    saved = json.loads((tmp_path / "data" / "settings.json").read_text())
    assert saved["help_seen"] == ["square"]
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    # the second game of the same rule set opens straight onto its cards
    second = TableScene(app, new_game("square", 8))
    app.reset(second)
    ui.step(app, 3)
    assert app.top is second
    # another rule set's first game shows its own help
    union = TableScene(app, new_game("union-square", 8))
    app.reset(union)
    ui.step(app)
    assert isinstance(app.top, HelpScene) and app.top.rules == "union-square"
    ui.click(app, (5, app.size[1] - 5))
    assert app.top is union
    # the next run remembers both
    later = App(size=(1280, 800), data_dir=tmp_path / "data",
                settings=load_settings(Store(tmp_path / "data")), scenes=SCENES, headless=True)
    later.running = True
    again = TableScene(later, new_game("union-square", 9))
    later.push(again)
    ui.step(later, 3)
    assert later.top is again
    assert later.settings.help_seen == ("square", "union-square")


def test_pictures_of_the_table_never_show_the_first_game_help(ui: SimpleNamespace, tmp_path: Path) -> None:
    app = _new_player(tmp_path)
    table = TableScene(app, new_game("constitution", 3))
    table.keep_records = False
    app.push(table)
    ui.step(app, 3)
    assert app.top is table
    assert app.settings.help_seen == ()


def test_f1_opens_how_to_play_and_esc_closes_it_leaving_the_game_as_it_was(
        ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("constitution-cadogan", 5))
    move = next(m for m in table.game.legal_moves() if m.src != table.game.stock)
    ui.perform(app, table, move)
    ui.settle(app, table)
    piles, history = copy.deepcopy(table.game.piles), len(table.game.history)
    clock = table.session.elapsed
    ui.press(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.rules == "constitution-cadogan"
    ui.step(app, 120)  # two seconds reading the help
    # a click on a card under the sheet does not reach the table
    ui.click(app, ui.top_point(table, table.game.tableau[0]))
    assert app.top is table
    ui.press(app, pygame.K_F1)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    assert table.game.piles == piles and len(table.game.history) == history
    assert table.session.elapsed - clock < 0.5  # the clock stood still while the help showed
    ui.press(app, pygame.K_F1)
    ui.press(app, pygame.K_RETURN)
    assert app.top is table and table.game.piles == piles


def test_the_help_button_opens_how_to_play(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("union-square", 5))
    ui.click(app, _button(table, "Help").center)
    assert isinstance(app.top, HelpScene)
    ui.click(app, app.top.panel.center)
    assert app.top is table


def test_the_first_games_help_writes_no_settings_over_a_newer_versions(
        ui: SimpleNamespace, tmp_path: Path) -> None:
    """Through the loop: the first game's help, remembered at once, leaves the settings
    file a newer version of the game wrote as it was (it was replaced by this version's
    defaults), and the player is told the settings were not saved."""
    data = tmp_path / "data"
    data.mkdir()
    newer = json.dumps({"kind": "settings", "version": 2, "volume": 0.3, "new_thing": "keep me"})
    (data / "settings.json").write_text(newer)
    app = App(size=(1280, 800), data_dir=data, settings=load_settings(Store(data)), scenes=SCENES,
              headless=True)
    app.running = True
    pygame.event.clear()
    told: list[str] = []
    app.tell = told.extend  # type: ignore[method-assign]
    app.push(TableScene(app, new_game("square", 7)))
    ui.step(app)
    assert isinstance(app.top, HelpScene)
    assert (data / "settings.json").read_text() == newer
    assert any("the settings were not saved" in words for words in told), told
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("settings")) == ["settings.json"]


def test_question_mark_lists_every_key_the_table_answers_to(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("square", 5))
    app.resize((800, 600))  # a bar with a "⋯" menu: its button is no key
    ui.step(app, 30)
    assert table.hud.menu.overflow
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                         unicode="?"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                         unicode="?"))
    ui.step(app)
    legend = app.top
    assert isinstance(legend, KeysScene)
    rows = dict((what, keys) for keys, what in legend.rows)
    assert not any("⋯" in keys or "⋯" in what for keys, what in legend.rows)
    # each button's shortcut, as the button carries it, then the keys beside them
    for button in table.hud.actions:
        if button.hint:
            assert rows.get(button.label, rows.get(f"{button.label}; with a card picked up: put it back")) \
                == button.hint
    assert rows["Undo"] == "U / Ctrl+Z" and rows["Help"] == "F1"
    keys = [k for k, _ in legend.rows if k]
    assert len(keys) == len(set(keys))  # a key with two uses is one line
    assert ("Esc", "Menu; with a card picked up: put it back") in legend.rows
    assert all(row in legend.rows for row in OTHER_KEYS if row[0] != "Esc")
    assert legend.rows[-len(MOUSE) - 1:] == [("", "With the mouse"), *MOUSE]
    # every row is drawn inside the sheet, and the sheet inside the window
    assert pygame.Rect((0, 0), app.size).contains(legend.panel)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    # each key the legend names does what it says: D turns the stock
    stock = len(table.game.piles[table.game.stock])
    ui.press(app, pygame.K_d)
    assert len(table.game.piles[table.game.stock]) == stock - 1


@pytest.mark.parametrize("size", [(800, 600), (800, 1400), (1024, 768)])
def test_the_keys_sheet_wraps_a_long_line_rather_than_shrink_the_list(
        ui: SimpleNamespace, app: App, size: tuple[int, int]) -> None:
    """Through the loop: the list of keys keeps a type of at least 13 pixels in a window
    800 wide (the longest description, the hint's H then Space, made the whole list
    9 pixels at 800x600), the long descriptions wrapped onto more lines, every line
    inside the sheet and none over another."""
    app.resize(size)
    ui.open_table(app, new_game("constitution", 1))
    ui.step(app, 5)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                         unicode="?"))
    ui.step(app, 3)
    legend = app.top
    assert isinstance(legend, KeysScene)
    assert legend.px >= 13
    assert any(len(lines) > 1 for lines in legend.lines), "no description was wrapped"
    boxes = [b for b in app.drawn.of(Kind.TEXT) if b.name.startswith("keys: ")]
    hint = [b for b in boxes if b.name.startswith("keys: H, then Space: ")]
    assert len(hint) >= 2
    assert all(legend.panel.contains(b.rect) for b in boxes)
    assert not any(a.rect.colliderect(b.rect) for a, b in itertools.combinations(boxes, 2)
                   if a.name != "keys: how to close" and b.name != "keys: how to close")
    assert pygame.Rect((0, 0), app.size).contains(legend.panel)


def test_resting_the_pointer_on_a_button_shows_its_name_and_keys(ui: SimpleNamespace, app: App) -> None:
    table = ui.open_table(app, new_game("constitution", 5))
    undo = _button(table, "Undo")
    ui.post_mouse(pygame.MOUSEMOTION, undo.center)
    ui.step(app, 3)
    assert table.hud.tooltips.showing is None  # a pointer passing by shows nothing
    ui.step(app, round(tooltips_module.TOOLTIP_DELAY / ui.FRAME) + 2)
    shown = table.hud.tooltips.showing
    assert shown is not None and shown.label == "Undo"
    assert tooltips_module.tooltip_words(shown) == "Undo · U / Ctrl+Z"
    tip = table.hud.tooltips.rect
    assert tip.width > 0 and tip.top >= undo.bottom
    assert [b.rect for b in app.drawn.boxes if b.name == "tooltip of Undo"] == [tip]
    assert pygame.Rect((0, 0), app.size).contains(tip)
    # the words are drawn: the tooltip's area is not the bar's or the felt's plain colour
    colours = {app.screen.get_at((x, tip.centery))[:3] for x in range(tip.left + 4, tip.right - 4)}
    assert len(colours) > 3
    # the pointer leaves: the tooltip goes
    ui.post_mouse(pygame.MOUSEMOTION, (app.size[0] // 2, app.size[1] // 2))
    ui.step(app)
    assert table.hud.tooltips.showing is None and table.hud.tooltips.rect.width == 0


@pytest.mark.parametrize("rules", RULE_IDS)
@pytest.mark.parametrize("size", SIZES)
def test_the_help_sheet_fits_the_window_and_its_text_stays_off_the_diagram(
        ui: SimpleNamespace, app: App, rules: str, size: tuple[int, int]) -> None:
    app.resize(size)
    table = ui.open_table(app, new_game(rules, 1))
    table.help.show_help()
    ui.step(app)
    sheet = app.top
    assert isinstance(sheet, HelpScene) and sheet.diagram is not None
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(sheet.panel)
    assert sheet.px >= 11  # readable
    guide = profile_of(rules).guide
    # the goal, the steps, the notes, how to move cards and what to do when stuck
    assert len(sheet.text_boxes) == 3 + len(guide.steps) + len(guide.notes)
    for box in sheet.text_boxes:
        assert sheet.panel.contains(box)
        assert not box.colliderect(sheet.diagram_rect)
    for a, b in zip(sheet.text_boxes, sheet.text_boxes[1:], strict=False):
        assert a.bottom <= b.top
    assert sheet.diagram_rect.contains(sheet.diagram.drawn())
    # the frame's record: the sheet, with its title, text blocks, the diagram's words,
    # the keys line and its button on it, none over another (the button's label is on
    # its own button)
    mine = [b for b in app.drawn.boxes if b.name.startswith("how to play")]
    sheets = [b for b in mine if b.kind is Kind.PANEL]
    assert [b.rect for b in sheets] == [sheet.panel]
    blocks = [b.rect for b in mine if b.name.startswith("how to play: block")]
    assert blocks == sheet.text_boxes
    words = [b for b in mine if b.kind in (Kind.TEXT, Kind.BUTTON)]
    assert len(words) >= len(sheet.text_boxes) + len(sheet.diagram.labels) + 3
    assert all(sheet.panel.contains(b.rect) for b in words)
    assert not overlaps(words, words)


@pytest.mark.parametrize("rules", RULE_IDS)
@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)])
def test_the_diagram_draws_the_real_layout_labelled_with_the_guides_arrows(
        app: App, rules: str, size: tuple[int, int]) -> None:
    profile = profile_of(rules)
    surface = pygame.Surface((900, 560))
    area = pygame.Rect(10, 10, 880, 540)
    diagram = draw_diagram(surface, area, profile, size)
    # every place is drawn, inside the diagram, no two places overlapping
    assert sorted(diagram.cards) == list(range(len(profile.places)))
    tops = [rects[0] for rects in diagram.cards.values()]
    for i, r in enumerate(tops):
        assert area.contains(r)
        assert r.collidelist(tops[i + 1:]) < 0
    # each part is named once, inside the diagram, over no card and no other label
    parts = {profile.part_of(i) for i in range(len(profile.places))}
    assert sorted(words for words, _ in diagram.labels) == sorted(profile.part_words(p) for p in parts)
    cards = [r for rects in diagram.cards.values() for r in rects]
    for n, (words, rect) in enumerate(diagram.labels):
        assert area.contains(rect), words
        assert rect.collidelist(cards) < 0, words
        assert rect.collidelist([r for _, r in diagram.labels[n + 1:]]) < 0, words
    # every arrow of the guide is drawn, between places of the parts it names
    want = [(n, a, b) for n, s in enumerate(profile.guide.steps, start=1) for a, b in s.arrows]
    got = [(a.step, profile.part_of(a.src), profile.part_of(a.dst)) for a in diagram.arrows]
    assert got == want
    assert all(area.contains(badge) for badge in diagram.badges)


@pytest.mark.parametrize("rules", RULE_IDS)
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920)])
def test_a_step_that_fills_a_space_points_at_a_place_drawn_empty(
        app: App, rules: str, size: tuple[int, int]) -> None:
    """"Fill an empty column" points at an empty place, not at a pile of cards; no arrow
    takes a card from such a place, and no other step's arrow ends there."""
    profile = profile_of(rules)
    surface = pygame.Surface((900, 560))
    surface.fill((250, 245, 230))
    diagram = draw_diagram(surface, pygame.Rect(10, 10, 880, 540), profile, size)
    steps = profile.guide.steps
    fills = [a for a in diagram.arrows if steps[a.step - 1].into_space]
    assert len(fills) == sum(len(s.arrows) for s in steps if s.into_space)
    assert {a.dst for a in fills} == diagram.spaces and len(diagram.spaces) == len(fills)
    for arrow in diagram.arrows:
        assert arrow.src not in diagram.spaces
        assert arrow.dst not in diagram.spaces or steps[arrow.step - 1].into_space
    for index in diagram.spaces:
        [space] = diagram.cards[index]
        # drawn as a space: no white card face inside its outline
        inside = space.inflate(-4, -4)
        faces = [surface.get_at((x, y))[:3] == (255, 255, 252)
                 for x in range(inside.left, inside.right, 2) for y in range(inside.top, inside.bottom, 2)]
        assert not any(faces), (rules, index)
    # every rule set has a step that fills a space, with a space to show
    assert diagram.spaces


def test_union_squares_diagram_has_its_foundations_on_the_right(app: App) -> None:
    profile = profile_of("union-square")
    diagram = draw_diagram(pygame.Surface((800, 500)), pygame.Rect(0, 0, 800, 500), profile, (1280, 800))
    foundations = [diagram.cards[p.index][0] for p in profile.places if p.kind == FOUNDATION]
    others = [diagram.cards[p.index][0] for p in profile.places if p.kind != FOUNDATION]
    assert min(f.left for f in foundations) > max(o.right for o in others)
    assert len({f.left for f in foundations}) == 1  # one above the other, in a column


def test_the_help_opens_the_full_rules_and_back_returns_to_the_game(ui: SimpleNamespace, app: App) -> None:
    from game.ui.rules_scene import RulesScene

    table = ui.open_table(app, new_game("union-square", 5))
    ui.press(app, pygame.K_F1)
    sheet = app.top
    assert isinstance(sheet, HelpScene)
    ui.click(app, sheet.rules_button.rect.center)
    assert isinstance(app.top, RulesScene) and app.top.rules == "union-square"
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    ui.press(app, pygame.K_F1)
    ui.press(app, pygame.K_r)
    assert isinstance(app.top, RulesScene)


def test_question_mark_on_the_help_sheet_lists_the_keys_as_its_foot_says(ui: SimpleNamespace,
                                                                         app: App) -> None:
    """The sheet's foot says "?: every key", and ? did nothing there (hostile review 29)."""
    table = ui.open_table(app, new_game("constitution", 5))
    ui.press(app, pygame.K_F1)
    help_sheet = app.top
    assert isinstance(help_sheet, HelpScene)
    assert any(b.name == "how to play: the keys" for b in app.drawn.boxes)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                         unicode="?"))
    ui.step(app)
    legend = app.top
    assert isinstance(legend, KeysScene)
    assert legend.rows == table.help.legend()
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table  # the list took the help's place: Esc is back on the game


def test_every_key_the_table_answers_to_is_in_the_list_of_keys(ui: SimpleNamespace, app: App) -> None:
    """A key bound on the table but left out of the list would pass the test above (found by
    a newcomer's review, session 29): each shortcut's letter is a row's key."""
    table = ui.open_table(app, new_game("constitution-cadogan", 5))
    named = {part for keys, _ in table.help.legend()
             for part in keys.replace(",", " ").replace("/", " ").split()}
    shortcuts = table.gestures._shortcuts()
    assert len(shortcuts) >= 8
    for key in shortcuts:
        assert pygame.key.name(key).upper() in named, pygame.key.name(key)
    assert {"Tab", "Space", "Enter", "Esc", "?", "U", "F1"} <= named
