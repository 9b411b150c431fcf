"""The main menu through the real loop with posted events: choosing a rule set, dealing
a typed game number, refusing a bad one, keyboard focus, records and resizing."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, new_game
from game.records.recorder import Recorder
from game.records.replay import WON
from game.records.saves import finish_game, save_game, save_replay
from game.records.store import Store
from game.ui.app import App
from game.ui.menu import MenuScene, RuleCard
from game.ui.menu_parts import Entry
from game.ui.widgets import TextInput

SIZES = [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440)]


def play_some(game_rules: str, number: str, moves: int) -> Recorder:
    """A recorded game with a few moves played (cards preferred over the stock)."""
    game = new_game(game_rules, number)
    t = iter(range(0, 10_000, 2))
    recorder = Recorder(game, clock=lambda: float(next(t)))
    for _ in range(moves):
        legal = game.legal_texts()
        if not legal:
            break
        plays = [m for m in legal if not m.startswith("s-")] or legal
        recorder.play(game.parse_move(plays[0]))
    return recorder


def test_the_four_rule_sets_are_listed_with_their_descriptions(ui: SimpleNamespace, app: App) -> None:
    from game.engine import RULESETS

    menu = ui.open_menu(app)
    assert [c.rules for c in menu.rule_cards] == list(RULE_IDS)
    for c in menu.rule_cards:
        assert c.title == RULESETS[c.rules].title and c.summary == RULESETS[c.rules].summary
    assert menu.rules == RULE_IDS[0]
    assert [c.selected for c in menu.rule_cards] == [True, False, False, False]


def test_arrows_and_enter_choose_a_rule_set(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    assert menu.ring.current is menu.rule_cards[0]
    ui.press(app, pygame.K_DOWN)
    ui.press(app, pygame.K_DOWN)
    assert menu.ring.current is menu.rule_cards[2]
    assert menu.rules == RULE_IDS[0], "moving the focus alone does not choose"
    ui.press(app, pygame.K_RETURN)
    assert menu.rules == "square"
    assert menu.rule_cards[2].selected and not menu.rule_cards[0].selected


def test_a_click_chooses_a_rule_set(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    card = menu.rule_cards[3]
    ui.click(app, card.rect.center)
    assert menu.rules == "union-square"
    assert menu.ring.current is card


def test_typing_a_number_deals_that_game_of_the_chosen_rules(ui: SimpleNamespace, app: App) -> None:
    table = pytest.importorskip("game.ui.table")
    menu = ui.open_menu(app)
    ui.click(app, menu.rule_cards[1].rect.center)
    ui.type_text(app, "#12,345")
    assert menu.number_input.focused, "typing a digit anywhere goes to the game number"
    assert menu.number_input.value == "#12,345"
    ui.press(app, pygame.K_RETURN)
    top = app.scenes[-1]
    assert isinstance(top, table.TableScene)
    assert top.game.rules == "constitution-cadogan"
    assert top.game.game == "12345"
    assert top.game.piles == new_game("constitution-cadogan", "12345").piles
    assert app.scenes[0] is menu


def test_the_play_button_deals_the_typed_number(ui: SimpleNamespace, app: App) -> None:
    table = pytest.importorskip("game.ui.table")
    menu = ui.open_menu(app)
    ui.click(app, menu.number_input.rect.center)
    ui.type_text(app, "ms5")
    ui.click(app, menu.number_button.rect.center)
    top = app.scenes[-1]
    assert isinstance(top, table.TableScene)
    assert (top.game.rules, top.game.game) == ("constitution", "5")


@pytest.mark.parametrize("typed, words", [
    ("12x4", "only the digits 0 to 9"),
    ("0", "Game number"),
    ("", "empty"),
    ("123456789012345678901234", "Game number"),
    ("ms5x", "Game number"),
    ("12-13", "range of games"),
    ("#1,001-#1,002", "range of games"),
])
def test_a_bad_number_shows_why_and_changes_nothing(
        ui: SimpleNamespace, app: App, typed: str, words: str) -> None:
    menu = ui.open_menu(app)
    menu.ring.focus(menu.number_input)
    ui.type_text(app, typed)
    ui.press(app, pygame.K_RETURN)
    assert app.scenes == [menu]
    assert words in menu.error
    assert menu.error.startswith("Game number "), "the message is a sentence"
    assert menu.rules == RULE_IDS[0]
    shown = app.screen.copy()
    menu.error = ""
    menu.draw(app.screen)
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(app.screen, "RGB"), \
        "the message is drawn on the screen"
    menu.error = "x"
    ui.type_text(app, "1")
    assert menu.error == "", "editing the number clears the message"


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (800, 1200)])
def test_a_number_too_long_says_the_largest_whole(ui: SimpleNamespace, app: App,
                                                  size: tuple[int, int]) -> None:
    """A number of 32 digits: the error quoted all of it, and its last line, cut short,
    lost the largest game number it names (``it must be at most 99999…``)."""
    from game.engine.deals import MAX_GAME_NUMBER
    from game.ui.drawn import Kind

    menu = ui.open_menu(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)
    menu.ring.focus(menu.number_input)
    ui.type_text(app, "1234567890" * 3 + "12")
    ui.press(app, pygame.K_RETURN)
    said = " ".join(box.name.removeprefix("error: ") for box in app.drawn.of(Kind.TEXT)
                    if box.name.startswith("error: "))
    assert said.startswith("Game number of 32 digits: "), said
    assert said.endswith(f"it must have at most 20 digits (up to {MAX_GAME_NUMBER})"), said


def test_editing_keys_in_the_number_field(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    field: TextInput = menu.number_input
    menu.ring.focus(field)
    ui.type_text(app, "1234")
    ui.press(app, pygame.K_BACKSPACE)
    ui.press(app, pygame.K_HOME)
    ui.press(app, pygame.K_DELETE)
    ui.press(app, pygame.K_END)
    ui.type_text(app, "9")
    assert field.value == "239"
    ui.press(app, pygame.K_ESCAPE)
    assert field.value == "" and app.running, "Esc first clears the field"


def test_tab_visits_every_control_and_shift_tab_goes_back(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    seen = [menu.ring.current]
    enabled = [item for item in menu.ring.items if item.enabled]
    for _ in range(len(enabled) - 1):
        ui.press(app, pygame.K_TAB)
        seen.append(menu.ring.current)
        assert sum(1 for item in menu.ring.items if item.focused) == 1
    assert set(map(id, seen)) == set(map(id, enabled))
    ui.press(app, pygame.K_TAB)
    assert menu.ring.current is seen[0]
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.ring.current is seen[-1]


def test_right_arrow_crosses_to_the_play_column(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    ui.press(app, pygame.K_RIGHT)
    assert not isinstance(menu.ring.current, RuleCard)
    assert menu.ring.current in (menu.continue_button, menu.random_button, menu.number_input,
                                 menu.number_button, menu.rules_button)
    ui.press(app, pygame.K_LEFT)
    assert isinstance(menu.ring.current, RuleCard)


def test_continue_is_disabled_without_a_saved_game_and_skipped_by_the_focus(
        ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    assert not menu.continue_button.enabled
    for _ in range(len(menu.ring.items)):
        ui.press(app, pygame.K_TAB)
        assert menu.ring.current is not menu.continue_button


def test_enter_on_a_button_opens_its_screen(ui: SimpleNamespace, app: App) -> None:
    from game.ui.options import OptionsScene
    from game.ui.rules_scene import RulesScene
    from game.ui.stats_scene import StatsScene

    menu = ui.open_menu(app)
    ui.click(app, menu.rule_cards[2].rect.center)
    for button, kind in ((menu.rules_button, RulesScene), (menu.stats_button, StatsScene),
                         (menu.options_button, OptionsScene)):
        menu.ring.focus(button)
        ui.press(app, pygame.K_RETURN)
        top = app.scenes[-1]
        assert isinstance(top, kind)
        if isinstance(top, RulesScene | StatsScene):
            assert top.rules == "square"
        ui.press(app, pygame.K_ESCAPE)
        assert app.scenes == [menu]


def test_esc_asks_before_closing_the_window_and_quit_closes_it(ui: SimpleNamespace, app: App) -> None:
    """Esc on the menu asks first (Esc twice from the table closed the game); Enter or Esc
    on the question stays, its Quit closes the window, as the menu's Quit button does."""
    from game.ui.dialogs import Dialog

    menu = ui.open_menu(app)
    for stay in (pygame.K_RETURN, pygame.K_ESCAPE):
        ui.press(app, pygame.K_ESCAPE)
        ask = app.top
        assert app.running and isinstance(ask, Dialog) and ask.title == "Quit the game?"
        assert [b.label for b in ask.buttons] == ["Stay", "Quit"]
        ui.press(app, stay)
        assert app.running and app.top is menu
    ui.press(app, pygame.K_ESCAPE)
    ask = app.top
    assert isinstance(ask, Dialog)
    ui.click(app, next(b for b in ask.buttons if b.label == "Quit").rect.center)
    assert not app.running
    app.running = True
    assert app.scenes == [menu]
    ui.click(app, menu.quit_button.rect.center)
    assert not app.running


def test_esc_on_the_menu_names_the_game_kept(ui: SimpleNamespace, app: App) -> None:
    store = Store(app.data_dir)
    save_game(store, play_some("square", "77", 4).replay())
    ui.open_menu(app)
    ui.press(app, pygame.K_ESCAPE)
    assert "British Square #77, 4 moves" in " ".join(getattr(app.top, "lines", []))


def test_a_random_deal_is_started(ui: SimpleNamespace, app: App) -> None:
    table = pytest.importorskip("game.ui.table")
    menu = ui.open_menu(app)
    ui.click(app, menu.rule_cards[3].rect.center)
    ui.click(app, menu.random_button.rect.center)
    top = app.scenes[-1]
    assert isinstance(top, table.TableScene)
    assert top.game.rules == "union-square"
    assert 16 <= len(top.game.game) <= 20


def _no_overlaps(menu: MenuScene, size: tuple[int, int]) -> None:
    window = pygame.Rect((0, 0), size)
    rects = [item.rect for item in menu.ring.items]
    for r in rects:
        assert r.width > 0 and r.height > 0
        assert window.contains(r), f"{r} is outside {size}"
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), f"{a} overlaps {b} at {size}"
    for panel, _ in menu.panels:
        assert window.contains(panel)
    for i, (a, _) in enumerate(menu.panels):
        for b, _ in menu.panels[i + 1:]:
            assert not a.colliderect(b)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_layout_fits_every_window_size(ui: SimpleNamespace, app: App, size: tuple[int, int]) -> None:
    recorder = play_some("square", "77", 4)
    store = Store(app.data_dir)
    save_game(store, recorder.replay())
    for n in range(14):
        finish_game(store, play_some(RULE_IDS[n % 4], str(100 + n), 3).replay("abandoned"))
    menu = ui.open_menu(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)
    assert menu.size == size
    _no_overlaps(menu, size)
    small = menu.px
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440)))
    ui.step(app)
    assert menu.px >= small, "text grows with the window"


@pytest.mark.parametrize("size", [(800, 1000), (800, 1280), (1080, 1920)])
def test_a_tall_window_stacks_the_panels_and_fills_the_window(ui: SimpleNamespace, app: App,
                                                              size: tuple[int, int]) -> None:
    """A tall, narrow window is not left two-thirds empty with the text of an 800-wide
    landscape window: the games go across the top, two by two, "Play" and "Your games"
    under them, down to the key hints, with text as large as the portrait design's."""
    from game.ui.widgets import text_px

    menu = ui.open_menu(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)
    (games, _), (play, _), (yours, _) = menu.panels
    assert games.bottom < play.top and play.top == yours.top and play.right < yours.left
    assert games.width > 0.9 * size[0] and yours.bottom > 0.93 * size[1]
    assert menu.px > text_px(size), "larger text than the landscape scale gives this width"
    cards = [rc.rect for rc in menu.rule_cards]
    assert len({r.y for r in cards}) == 2 and len({r.x for r in cards}) == 2, "two by two"
    assert all(games.contains(r) for r in cards)
    _no_overlaps(menu, size)


def test_continue_and_the_lists_come_from_the_records(ui: SimpleNamespace, app: App) -> None:
    store = Store(app.data_dir)
    for n in range(3):
        finish_game(store, play_some("constitution", str(500 + n), 3).replay("abandoned"))
    save_replay(store, play_some("union-square", "42", 5).replay())
    saved = play_some("square", "77", 4)
    save_game(store, saved.replay())
    menu = ui.open_menu(app)
    assert menu.rules == "square", "the menu starts on the saved game's rule set"
    assert menu.continue_button.enabled
    assert "#77" in menu.continue_button.hint
    assert len(menu.entries) == 3 and all("#50" in e.detail for e in menu.entries)
    assert len(menu.replay_entries) == 1 and "#42" in menu.replay_entries[0].detail
    # a saved replay says when it was begun (several may be of one deal), a recent game
    # its play time
    assert re.fullmatch(r"#42 · in progress · today \d\d:\d\d", menu.replay_entries[0].detail)
    assert all(re.fullmatch(r"#50\d · abandoned · 0:0\d", e.detail) for e in menu.entries)

    table = pytest.importorskip("game.ui.table")
    ui.click(app, menu.continue_button.rect.center)
    top = app.scenes[-1]
    assert isinstance(top, table.TableScene)
    assert top.game.rules == "square" and top.game.game == "77"
    assert top.game.moves_played == saved.game.moves_played


def test_a_listed_replay_opens_in_the_replay_scene(ui: SimpleNamespace, app: App) -> None:
    from game.ui.replay_scene import ReplayScene

    store = Store(app.data_dir)
    recorder = play_some("union-square", "42", 5)
    save_replay(store, recorder.replay())
    menu = ui.open_menu(app)
    entry = menu.replay_entries[0]
    assert entry.enabled
    ui.click(app, entry.rect.center)
    top = app.scenes[-1]
    assert isinstance(top, ReplayScene)
    assert top.replay.game == "42" and top.player.length == len(recorder.game.history)


def test_a_broken_replay_file_is_listed_and_explained(ui: SimpleNamespace, app: App) -> None:
    folder = Path(app.data_dir or ".") / "replays"
    folder.mkdir(parents=True)
    (folder / "broken.replay").write_text("version: 1\nrules: nonsense\n", encoding="utf-8")
    menu = ui.open_menu(app)
    entry = menu.replay_entries[0]
    assert entry.detail == "cannot be read"
    ui.click(app, entry.rect.center)
    assert app.scenes == [menu]
    assert "broken.replay" in menu.error


def test_a_new_deal_instead_of_continue_asks_then_abandons_the_saved_game(ui: SimpleNamespace,
                                                                         app: App) -> None:
    """One stray digit and Enter must not throw the saved game away: the menu asks first,
    naming it; "Keep playing" (or Esc) keeps it, "New game" counts it as abandoned."""
    pytest.importorskip("game.ui.table")
    from game.records.saves import load_saved_game
    from game.records.stats import load_statistics
    from game.ui.dialogs import Dialog
    from game.ui.table import TableScene

    store = Store(app.data_dir)
    save_game(store, play_some("square", "77", 4).replay())
    menu = ui.open_menu(app)
    ui.type_text(app, "99")
    ui.press(app, pygame.K_RETURN)
    ask = app.scenes[-1]
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    assert "British Square #77, 4 moves" in " ".join(ask.lines)
    assert load_saved_game(store) is not None
    assert load_statistics(store)["square"].abandoned == 0
    ui.press(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is menu and menu.continue_button.enabled
    assert load_saved_game(store) is not None
    for start in (lambda: menu.start_number("99"), menu.start_random):
        start()
        ask = app.scenes[-1]
        assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
        ui.click(app, next(b for b in ask.buttons if b.label == "Keep playing").rect.center)
        assert app.scenes[-1] is menu and load_saved_game(store) is not None
    menu.start_number("99")
    ask = app.scenes[-1]
    assert isinstance(ask, Dialog)
    ui.click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    assert isinstance(app.scenes[-1], TableScene) and app.scenes[-1].game.game == "99"
    assert load_saved_game(store) is None
    assert load_statistics(store)["square"].abandoned == 1
    assert not menu.continue_button.enabled


def test_a_new_deal_over_a_saved_game_never_begun_asks_nothing(ui: SimpleNamespace, app: App) -> None:
    """A deal left before its first move is not counted when it is replaced: no question."""
    pytest.importorskip("game.ui.table")
    from game.ui.table import TableScene

    store = Store(app.data_dir)
    save_game(store, play_some("square", "77", 0).replay())
    ui.open_menu(app)
    ui.type_text(app, "99")
    ui.press(app, pygame.K_RETURN)
    assert isinstance(app.scenes[-1], TableScene)


def test_coming_back_to_the_menu_refreshes_the_lists(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    assert menu.entries == []
    store = Store(app.data_dir)
    finish_game(store, play_some("constitution", "31", 3).replay("abandoned"))
    app.push(MenuScene(app))
    app.pop()
    assert len(menu.entries) == 1 and "#31" in menu.entries[0].detail
    assert menu.ring.items[-1] is menu.entries[0], "the new entry can be reached by keyboard"


def test_ctrl_v_pastes_a_game_number(ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "#1,234\n")
    menu = ui.open_menu(app)
    menu.ring.focus(menu.number_input)
    ui.press(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert menu.number_input.value == "#1,234", "the line break is dropped"


@pytest.mark.parametrize("size", SIZES)
def test_the_empty_lists_show_a_fan_of_cards_inside_the_panel(
        ui: SimpleNamespace, app: App, size: tuple[int, int]) -> None:
    menu = ui.open_menu(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)
    assert menu.empty_fan
    for _, rect in menu.empty_fan:
        assert menu.lists_rect.contains(rect)


# ----- the data folder as the menu starts: odd names, long replays, left-over files ---------------


def test_file_names_that_are_not_utf8_never_crash_the_menu(ui: SimpleNamespace, app: App) -> None:
    from game.ui.replay_scene import ReplayScene

    folder = Path(app.data_dir or ".") / "replays"
    folder.mkdir(parents=True)
    good = folder / os.fsdecode(b"partie-\xe9l\xe8ve.replay")
    good.write_text(play_some("union-square", "42", 5).replay().to_text(), encoding="utf-8")
    broken = folder / os.fsdecode(b"cass\xe9\x1b[2J.replay")
    broken.write_text("version: 1\nrules: nonsense\n", encoding="utf-8")
    os.utime(good, (1, 1))
    menu = ui.open_menu(app)
    ui.step(app, 3)  # drawn: a name that is not UTF-8 reaches the font
    by_detail = {e.detail: e for e in menu.replay_entries}
    shown = by_detail["cannot be read"]
    assert shown.main == "cass\ufffd\\x1b[2J.replay"
    ui.click(app, shown.rect.center)
    ui.step(app, 2)
    assert app.top is menu and menu.error.startswith("cass\ufffd\\x1b[2J.replay: line 2: unknown rule set")
    other = next(e for e in menu.replay_entries if e is not shown)
    ui.click(app, other.rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.replay.game == "42"
    ui.step(app, 3)


def test_the_menu_reaches_its_first_frame_without_replaying_the_listed_games(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine.state import Game
    from game.records import replay as replay_module

    store = Store(app.data_dir)
    long_game = play_some("constitution", "500", 40).replay("abandoned")
    for _ in range(30):
        finish_game(store, long_game)
        save_replay(store, long_game)
    played: list[object] = []
    parsed: list[str] = []
    real_play = Game.play
    real_parse = replay_module.parse_replay

    def counting_play(self: Game, move: object) -> object:
        played.append(move)
        return real_play(self, move)  # type: ignore[arg-type]

    def counting_parse(text: str) -> object:
        parsed.append(text)
        return real_parse(text)

    monkeypatch.setattr(Game, "play", counting_play)
    monkeypatch.setattr(replay_module, "parse_replay", counting_parse)
    menu = ui.open_menu(app)
    assert played == [] and parsed == [], "no listed game is replayed before the first frame"
    assert app.frames >= 1 and len(menu.entries) >= 12 and len(menu.replay_entries) >= 1
    assert all("#500 · abandoned" in e.detail for e in menu.entries + menu.replay_entries)
    entry = next(e for e in menu.replay_entries if e.enabled)
    ui.click(app, entry.rect.center)
    assert len(parsed) == 1 and len(played) >= len(long_game.moves), "checked when opened"


def test_the_menu_removes_what_killed_writes_left_and_nothing_else(ui: SimpleNamespace, app: App) -> None:
    data = Path(app.data_dir or ".")
    (data / "recent").mkdir(parents=True)
    mark = "abcdef01.british-patience.tmp"
    left = [data / f".statistics.json.{mark}", data / f".progress.json.{mark}",
            data / "recent" / f".square-1-20260101-000000.replay.{mark}"]
    outside = data.parent / "outside"
    outside.mkdir()
    (outside / f".statistics.json.{mark}").write_text("the user's")
    (data / "replays").symlink_to(outside, target_is_directory=True)
    (data / f".settings.json.{mark}").symlink_to(outside / f".statistics.json.{mark}")
    for path in left:
        path.write_text("half")
        os.utime(path, (1, 1))
    os.utime(outside / f".statistics.json.{mark}", (1, 1))
    os.utime(data / f".settings.json.{mark}", (1, 1), follow_symlinks=False)
    ui.open_menu(app)
    assert not any(p.exists() for p in left)
    assert (outside / f".statistics.json.{mark}").read_text() == "the user's"
    assert (data / f".settings.json.{mark}").is_symlink()


def test_the_four_colour_option_colours_the_games_suits_as_the_cards(ui: SimpleNamespace, app: App) -> None:
    """With four-colour suits on, Union Square's diamond and Constitution's club on the
    menu are drawn in the cards' inks (blue and green), as the cards are."""
    from game.engine.cards import CLUBS, DIAMONDS
    from game.ui.art import suit_colour

    menu = ui.open_menu(app)

    def inks(rules: str) -> set[tuple[int, int, int]]:
        rect = next(rc.rect for rc in menu.rule_cards if rc.rules == rules)
        badge = pygame.Rect(rect.x, rect.y, rect.height, rect.height).clip(rect)
        return {tuple(app.screen.get_at((x, y)))[:3] for x in range(badge.left, badge.right)
                for y in range(badge.top, badge.bottom)}

    app.draw()
    assert suit_colour(DIAMONDS, True) not in inks("union-square")
    app.settings.four_colour = True
    app.draw()
    assert suit_colour(DIAMONDS, True) in inks("union-square")
    assert suit_colour(CLUBS, True) in inks("square")


@pytest.mark.parametrize(("size", "shown"), [((800, 600), "e.g. 12345"),
                                            ((1280, 800), "Game number, e.g. 12345")])
def test_the_number_fields_hint_is_never_cut(ui: SimpleNamespace, app: App, size: tuple[int, int],
                                              shown: str) -> None:
    """At 800 x 600 the field is too narrow for "Game number, e.g. 12345" (the label above it
    says "Game number" already): it shows "e.g. 12345" whole, not "Game number, e.g. 123…"."""
    menu = ui.open_menu(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)
    assert [words for _, words in menu.number_input.texts] == [shown]


# ----- the saved replays: every one reachable, however many ---------------------------------------


def _save_replays(app: App, count: int, recent: int = 0) -> set[str]:
    """``count`` saved replays of different deals (and ``recent`` recent games); their
    game numbers."""
    store = Store(app.data_dir)
    for n in range(recent):
        finish_game(store, play_some("square", str(900 + n), 3).replay("abandoned"))
    numbers = {f"{n % 9 + 1}{'3' * 17}{n:02d}" for n in range(count)}
    for number in numbers:
        assert save_replay(store, play_some(RULE_IDS[int(number[-1]) % 4], number, 3).replay("abandoned"))
    return numbers


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)])
def test_seven_saved_replays_all_show_where_the_panel_has_room(ui: SimpleNamespace, app: App,
                                                               size: tuple[int, int]) -> None:
    """Three recent games and seven saved replays: the lists take the panel's room, so
    every replay shows, in a larger window as in a smaller, with no line saying more."""
    _save_replays(app, 7, recent=3)
    app.resize(size)
    menu = ui.open_menu(app)
    assert len(menu.replay_entries) == 7
    assert all(e.enabled and menu.lists_rect.contains(e.rect) for e in menu.replay_entries)
    assert all(e in menu.ring.items for e in menu.replay_entries)
    names = [b.name for b in app.drawn.boxes]
    assert len([n for n in names if n.startswith("replay ") and ": " not in n]) == 7
    assert not [n for n in names if n.startswith("more replays")]


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)])
def test_a_listed_games_date_and_result_are_never_cut(ui: SimpleNamespace, app: App,
                                                      size: tuple[int, int]) -> None:
    """At 800 x 600 up to 1280 x 800 a saved replay's detail lost its end ("#4242 ·
    abandoned · 29 N…", "today 0…") and a 20-digit game's its result and date
    ("#12345678901234567890…"): where name and detail cannot stand side by side, each
    entry takes two lines, the detail under the name, and still every entry shows. Only
    a long game number may lose digits from its middle."""
    _save_replays(app, 7, recent=3)
    app.resize(size)
    menu = ui.open_menu(app)
    lines = [*menu.entries, *menu.replay_entries]
    assert len(lines) == 10 and all(e.enabled and menu.lists_rect.contains(e.rect) for e in lines)
    for e in lines:
        (name_rect, name), (detail_rect, shown) = e.texts
        assert name == e.main
        number, rest = e.detail.split(" · ", 1)
        shown_number, shown_rest = shown.split(" · ", 1)
        assert shown_rest == rest, f"{e.detail!r} was drawn as {shown!r}"
        head, cut, tail = shown_number.partition("…")
        assert number.startswith(head) and number.endswith(tail)
        assert not cut or (len(head) >= 4 and len(tail) >= 3), f"{number} was drawn as {shown_number}"
        assert e.rect.contains(detail_rect.clip(e.rect)) and detail_rect.right <= e.rect.right
        if detail_rect.top >= name_rect.bottom:
            assert name_rect.left == detail_rect.left, "the detail stands under the name"
        else:
            assert name_rect.right < detail_rect.left, "name and detail side by side, apart"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (800, 1280)])
def test_every_saved_replay_is_reached_with_the_keys(ui: SimpleNamespace, app: App,
                                                     size: tuple[int, int]) -> None:
    """Thirty saved replays and twelve recent games: the replays that do not fit are
    paged, a line under them says which show of how many, and ↓ from the first replay
    walks through every one of them, each brought into the panel as it gets the focus;
    Page Up goes back a page, and Enter opens the replay with the focus."""
    from game.ui.replay_scene import ReplayScene

    numbers = _save_replays(app, 30, recent=12)
    app.resize(size)
    menu = ui.open_menu(app)
    assert len(menu.replay_entries) == 30
    window = menu.replay_window
    shown = [e for e in menu.replay_entries if e.enabled]
    assert window.more and 2 <= len(shown) == window.rows < 30
    names = [b.name for b in app.drawn.boxes]
    assert f"more replays: 1–{window.rows} of 30" in names
    assert "more replays: ▼" in names and "more replays: ▲" in names
    menu.ring.focus(shown[0])
    reached = []
    for i in range(30):
        focused = menu.ring.current
        assert focused is menu.replay_entries[i] and focused.enabled
        assert menu.lists_rect.contains(focused.rect)
        assert not focused.rect.colliderect(window.rect), "the line under the list is not covered"
        reached.append(focused)
        ui.press(app, pygame.K_DOWN)
    assert menu.ring.current is not menu.replay_entries[-1], "↓ on the last replay goes on round the ring"
    assert {e.detail.split(" ")[0] for e in reached} == {f"#{n}" for n in numbers}
    assert f"more replays: {31 - window.rows}–30 of 30" in [b.name for b in app.drawn.boxes]
    entries = menu.replay_entries
    menu.ring.focus(entries[-1])
    ui.press(app, pygame.K_PAGEUP)
    target = entries[29 - window.rows]
    assert menu.ring.current is target and target.enabled
    ui.press(app, pygame.K_RETURN)
    assert isinstance(app.top, ReplayScene)
    assert target.detail.startswith(f"#{app.top.replay.game} ")


def test_the_wheel_and_the_arrows_page_the_saved_replays(ui: SimpleNamespace, app: App) -> None:
    """The wheel over the lists moves the replays a line at a time, ▲ and ▼ a page; a
    click then opens the replay it is on; the keyboard's focus on a replay moved out of
    the panel goes to the nearest one shown."""
    from game.ui.replay_scene import ReplayScene

    _save_replays(app, 30, recent=12)
    app.resize((1920, 1080))
    menu = ui.open_menu(app)
    window = menu.replay_window
    entries = menu.replay_entries
    rows = window.rows
    menu.ring.focus(entries[0])
    first = entries[0].rect.copy()
    ui.post_mouse(pygame.MOUSEMOTION, first.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    ui.step(app)
    assert window.top == 1 and not entries[0].enabled and entries[1].rect == first
    assert menu.ring.current is entries[1], "the focus stays in the panel"
    assert entries[1].hover and not entries[0].hover
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    ui.step(app)
    assert window.top == 0
    ui.click(app, window.down_rect.center)
    assert window.top == rows and entries[rows].enabled and not entries[rows - 1].enabled
    for _ in range(10):
        ui.click(app, window.down_rect.center)
    assert window.top == 30 - rows and entries[-1].enabled
    ui.click(app, window.up_rect.center)
    assert window.top == 30 - 2 * rows
    entry = entries[window.top]
    ui.click(app, entry.rect.center)
    assert isinstance(app.top, ReplayScene) and entry.detail.startswith(f"#{app.top.replay.game} ")


def test_a_replay_that_fails_to_open_says_so_instead_of_its_result(ui: SimpleNamespace, app: App) -> None:
    """A friend's file whose header says lost but whose moves do not fit the deal is
    listed by its header until it is opened; once the open fails, its line says it is
    damaged (and a ring, not a lost game's dot), in this menu and in the next, until the
    file changes."""
    from game.ui.menu_parts import UNREADABLE
    from game.ui.replay_scene import ReplayScene

    folder = Path(app.data_dir or ".") / "replays"
    folder.mkdir(parents=True)
    good = play_some("constitution", "3", 6).replay("abandoned").to_text()
    friend = folder / "from a friend.replay"
    friend.write_text(good.replace("game: 3\n", "game: 12345\n").replace("result: abandoned", "result: lost"),
                      encoding="utf-8")
    menu = ui.open_menu(app)
    line = menu.replay_entries[0]
    assert line.detail.startswith("#12345 · lost") and line.mark == "lost"
    ui.click(app, line.rect.center)
    assert app.top is menu and menu.error.startswith("from a friend.replay: line ")
    assert line.detail == "#12345 · damaged" and line.mark == UNREADABLE
    ui.step(app)
    assert any(b.name == "replay Constitution: #12345 · damaged" for b in app.drawn.boxes)
    # the menu lists its files again when it comes back from another screen
    app.show("options")
    ui.step(app)
    app.pop()
    ui.step(app)
    assert [e.detail for e in menu.replay_entries] == ["#12345 · damaged"]
    again = ui.open_menu(app)
    assert [e.detail for e in again.replay_entries] == ["#12345 · damaged"]
    # put right, the file is listed by its header again, and opens
    friend.write_text(good, encoding="utf-8")
    app.pop()
    again = ui.open_menu(app)
    fixed = again.replay_entries[0]
    assert fixed.detail.startswith("#3 · abandoned") and fixed.mark == "abandoned"
    ui.click(app, fixed.rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.replay.game == "3"


def test_the_replay_list_says_when_only_the_newest_are_listed() -> None:
    from game.records.saves import MAX_LISTED
    from game.ui.menu_parts import ListWindow

    window = ListWindow()
    window.count, window.rows, window.top = MAX_LISTED, 16, 0
    assert window.words() == f"1–16 of the newest {MAX_LISTED}"
    window.count = 30
    assert window.words() == "1–16 of 30"


def test_the_focus_on_a_replay_paged_or_resized_away_stays_among_the_replays(
        ui: SimpleNamespace, app: App) -> None:
    """▲ ▼ clicked, or the window made smaller, while a replay has the keyboard's focus:
    the focus goes to the nearest replay shown, so Enter still opens a replay."""
    _save_replays(app, 30, recent=12)
    app.resize((1920, 1080))
    menu = ui.open_menu(app)
    window, entries = menu.replay_window, menu.replay_entries
    menu.ring.focus(entries[0])
    ui.click(app, window.down_rect.center)
    assert window.top == window.rows
    assert menu.ring.current is entries[window.top]
    last = entries[window.top + window.rows - 1]
    menu.ring.focus(last)
    app.resize((800, 600))
    ui.step(app)
    current = menu.ring.current
    assert current in entries and current.enabled, "the focus is not sent back to the rule sets"
    assert menu.lists_rect.contains(current.rect)


def test_a_replay_removed_or_put_right_while_the_menu_is_open(ui: SimpleNamespace, app: App) -> None:
    """A listed replay removed since is dropped from the list with the reason, not
    called damaged; a damaged one put right while the menu is open opens on the next
    click."""
    from game.ui.replay_scene import ReplayScene

    folder = Path(app.data_dir or ".") / "replays"
    folder.mkdir(parents=True)
    good = play_some("constitution", "3", 6).replay("abandoned").to_text()
    gone = folder / "gone.replay"
    gone.write_text(good, encoding="utf-8")
    friend = folder / "friend.replay"
    friend.write_text(good.replace("game: 3\n", "game: 12345\n"), encoding="utf-8")
    menu = ui.open_menu(app)
    assert len(menu.replay_entries) == 2
    gone_line = next(e for e in menu.replay_entries if e.detail.startswith("#3 "))
    gone.unlink()
    ui.click(app, gone_line.rect.center)
    assert app.top is menu and menu.error == "gone.replay: the file is no longer there"
    assert [e.detail.split(" ")[0] for e in menu.replay_entries] == ["#12345"]
    line = menu.replay_entries[0]
    ui.step(app)
    ui.click(app, line.rect.center)
    assert app.top is menu and line.detail == "#12345 · damaged"
    friend.write_text(good, encoding="utf-8")
    ui.click(app, line.rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.replay.game == "3"


def test_a_long_file_name_leaves_room_for_the_reason_and_the_message_clears(
        ui: SimpleNamespace, app: App) -> None:
    from game.ui.menu import NAME_IN_ERROR
    from game.ui.replay_scene import ReplayScene

    folder = Path(app.data_dir or ".") / "replays"
    folder.mkdir(parents=True)
    good = play_some("constitution", "3", 6).replay("abandoned").to_text()
    long_name = "a friend's game " + "x" * 150 + ".replay"
    (folder / long_name).write_text(good.replace("game: 3\n", "game: 12345\n"), encoding="utf-8")
    menu = ui.open_menu(app)
    (folder / "zz good.replay").write_text(good, encoding="utf-8")
    bad = menu.replay_entries[0]
    ui.click(app, bad.rect.center)
    name, reason = menu.error.split(": ", 1)
    assert name.endswith("…") and len(name) == NAME_IN_ERROR and reason.startswith("line ")
    menu = ui.open_menu(app)
    good_line = next(e for e in menu.replay_entries if e.detail.startswith("#3 "))
    menu.error = "an old message"
    ui.click(app, good_line.rect.center)
    assert isinstance(app.top, ReplayScene)
    assert menu.error == ""


def test_listed_games_names_stand_in_one_column_and_the_detail_uses_the_room_left(app: App) -> None:
    """A listed game without a result mark (a result the file does not give, a game in
    progress) keeps the mark's room, so the names line up; a detail longer than half the
    line is shown whole where the name leaves it room."""
    surface = pygame.Surface((600, 40))
    detail = "#1 · result not given · 16:50"
    lines = [Entry("Union Square", detail, lambda: None, mark="result not given"),
             Entry("Constitution", "#1 · won · 9:16", lambda: None, mark=WON)]
    px = 16
    for entry in lines:
        entry.rect = pygame.Rect(0, 0, 360, round(px * 1.8))
        entry.draw(surface, px, app.palette)
    (name_a, words_a), (_, shown) = lines[0].texts
    (name_b, _), _ = lines[1].texts
    assert words_a == "Union Square" and name_a.left == name_b.left
    assert shown == detail, "the detail was cut though the name left it room"


def test_a_long_continue_caption_is_set_smaller_before_it_is_cut(ui: SimpleNamespace, app: App,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1280 x 800 "Constitution daily #1879 · no moves yet" lost its end ("no mov…")."""
    from game.ui import menu as menu_module

    shown: dict[str, tuple[str, int]] = {}
    real = menu_module.drawn_text

    def record(drawn: object, name: str, surface: pygame.Surface, words: str, px: int,
               *args: object, **kwargs: object) -> pygame.Rect:
        shown[name] = (words, px)
        return real(drawn, name, surface, words, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(menu_module, "drawn_text", record)
    menu = ui.open_menu(app, "constitution")
    caption = "Constitution daily #1879 · no moves yet"
    menu.continue_button.hint = caption
    ui.step(app)
    words, px = shown[f"caption: {caption}"]
    assert words == caption
    assert px < max(10, round(menu.px * 0.78)), "set smaller than the usual caption"
    # at 800 x 600 even that is too wide: the name of the rule set chosen beside it goes
    app.resize((800, 600))
    menu.continue_rules = "constitution-cadogan"
    menu.choose("constitution-cadogan")
    long = "Lady Cadogan daily #821 · no moves yet"
    menu.continue_button.hint = long
    ui.step(app)
    assert shown[f"caption: {long}"][0] == "Daily #821 · no moves yet"


def test_a_listed_game_says_when_it_was_begun_in_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two replays of one deal could not be told apart: the list gave no date."""
    import datetime
    import time

    from game.ui.menu_parts import started_words

    day = datetime.date(2026, 11, 30)
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        # 19:25 UTC is 04:25 the next day in Tokyo
        assert started_words("2026-11-29T19:25:39Z", day) == "today 04:25"
        assert started_words("2026-11-29T19:25:39+00:00", day) == "today 04:25"
        assert started_words("2026-11-28T19:25:39Z", day) == "29 Nov 04:25"
        assert started_words("2025-11-28T19:25:39Z", day) == "29 Nov 2025"
        # a hand-made header's time the local zone takes out of range is no time at all
        assert started_words("9999-12-31T23:59:59Z", day) == ""
    finally:
        monkeypatch.setenv("TZ", "America/New_York")
        time.tzset()
    try:
        assert started_words("0001-01-01T00:00:00Z", day) == ""
    finally:
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()
    assert started_words("2026-11-29T19:25:39Z", day) == "29 Nov 19:25"
    assert started_words("") == "" and started_words("yesterday") == ""


def test_a_game_in_progress_is_named_as_it_was_dealt() -> None:
    from game.engine.words import game_named
    from game.ui.menu import dealt_as

    named = "British Constitution #1981, 5 moves"
    assert game_named("British Constitution", "1981", 5, dealt_as(None, 3)) == \
        "British Constitution level 3, #1981, 5 moves"
    assert game_named("British Constitution", "1981", 5, dealt_as(None, None)) == named
    today = datetime.date.today()
    assert game_named("British Constitution", "1981", 5, dealt_as(today, None)) == \
        "British Constitution today's daily deal, #1981, 5 moves"
