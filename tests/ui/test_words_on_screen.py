"""The table and the replay speak a player's words through the real loop: a refused
move, an empty place, the hint and a replay's step say ``8♣`` and ``Row 2, pile 4``, and
the move notation shows beside the words only once "Show move notation" is switched on in
the options."""

from __future__ import annotations

import argparse
import re
from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, Game, Move, card_pretty, new_game, profile_of
from game.engine.words import move_words
from game.records.recorder import Recorder
from game.records.settings import load_settings
from game.records.stats import load_statistics
from game.records.store import Store
from game.ui import screenshots
from game.ui.app import App
from game.ui.dialogs import confirm_dialog
from game.ui.drawn import Kind, overlaps
from game.ui.levels_scene import LevelsScene
from game.ui.options import OptionsScene
from game.ui.piles import PileRenderer
from game.ui.replay_scene import ReplayScene
from game.ui.stats_scene import StatsScene
from game.ui.table import TableScene
from game.ui.widgets import Toggle
from tests.levels.helpers import CONSTITUTION_1_WIN

#: a place code or a card in notation inside a sentence
NOTATION = re.compile(r"\b(r\d+c\d+|p\d+|c\d+|f\d+|[sw])\b|\b(10|[2-9AJQK])[CSHD]\b")


def refused_build(game: Game) -> tuple[Move, str]:
    """A Row 2 card that may not go on a Row 1 card of the deal, and what the player is
    told: the two cards with their suit symbols."""
    for src in game.tableau:
        for dst in game.tableau:
            move = game.move_table[src][dst]
            if (game.places[src].row, game.places[dst].row) == (2, 1) and game.piles[src] \
                    and game.piles[dst] and game.why_illegal(move) is not None:
                words = f"{card_pretty(game.piles[src][-1])} cannot go on {card_pretty(game.piles[dst][-1])}"
                return move, words
    raise AssertionError("the deal has no refused build")


def switch_notation_on(ui: SimpleNamespace, app: App) -> None:
    """Open the options over what is showing, switch "Show move notation" on with the
    keyboard and go back."""
    below = app.top
    scene = OptionsScene(app)
    app.push(scene)
    ui.step(app)
    toggle = scene.controls[scene.names.index("show_notation")]
    assert isinstance(toggle, Toggle) and toggle.label == "Show move notation" and not toggle.value
    for _ in range(len(scene.ring.items)):
        if scene.ring.current is toggle:
            break
        ui.press(app, pygame.K_DOWN)
    ui.press(app, pygame.K_RETURN)
    assert app.settings.show_notation is True
    store = Store(app.data_dir)
    assert load_settings(store).show_notation is True and store.take_warnings() == []
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is below


def test_a_refused_move_is_told_in_words_and_with_notation_once_asked(ui: SimpleNamespace,
                                                                     screen_app: App) -> None:
    game = new_game("constitution", 1)
    move, words = refused_build(game)
    table = ui.open_table(screen_app, game)
    ui.drag(screen_app, table, move.src, move.dst)
    assert table.message.startswith(words + " (it needs "), table.message
    assert not NOTATION.search(table.message)
    assert table.hud.footer_text() in ("", table.message)
    switch_notation_on(ui, screen_app)
    ui.drag(screen_app, table, move.src, move.dst)
    assert table.message.startswith(words) and table.message.endswith(f" [{game.move_text(move)}]")


def test_an_empty_place_picked_by_keyboard_is_named_in_words(ui: SimpleNamespace, screen_app: App) -> None:
    game = new_game("union-square", 4)
    table = ui.open_table(screen_app, game)
    empty = game.place_index("f2")
    assert not game.piles[empty]
    table.gestures.focus = empty  # where the arrow keys bring the keyboard's focus,
    table.gestures.focus_visible = True  # ringed
    ui.press(screen_app, pygame.K_RETURN)
    assert table.message == "The ♠ foundation is empty"


def test_the_hint_names_its_move_in_words(ui: SimpleNamespace, screen_app: App) -> None:
    game = new_game("constitution", 1)
    table = ui.open_table(screen_app, game)
    ui.press(screen_app, pygame.K_h)
    ui.settle(screen_app, table)
    hint = table.session.hint
    assert hint is not None
    src, dst = hint.move
    card = card_pretty(game.piles[src][-1])
    said = f"{card} from {game.profile.place_words(src)} to {game.profile.place_words(dst)}"
    assert said in table.hud.footer_text()
    assert f": {card} to {game.profile.place_words(dst)}" in table.hud.status(), "the bar's short form"
    assert not NOTATION.search(table.hud.status()) and not NOTATION.search(table.hud.footer_text())
    switch_notation_on(ui, screen_app)
    assert f"{said} [{game.move_text(hint.move)}]" in table.hud.footer_text()


def test_a_replay_step_is_told_in_words(ui: SimpleNamespace, screen_app: App) -> None:
    game = new_game("union-square", 1)
    recorder = Recorder(game, clock=lambda: 0.0)
    move = next(m for m in game.legal_moves() if m.src != game.stock and m.dst in game.tableau)
    moved = game.piles[move.src][-1]
    recorder.play(move)
    scene = ReplayScene(screen_app, recorder.replay())
    screen_app.push(scene)
    ui.step(screen_app)
    assert scene.step_words() == "The deal"
    ui.press(screen_app, pygame.K_RIGHT)
    words = (f"{card_pretty(moved)} from {game.profile.place_words(move.src)} "
             f"to {game.profile.place_words(move.dst)}")
    assert words.startswith(card_pretty(moved) + " from pile ")
    assert scene.step_words() == words
    switch_notation_on(ui, screen_app)
    assert scene.step_words() == f"{words} [{game.move_text(move)}]"


def test_a_rule_set_without_a_daily_deal_says_so(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app, "square")
    assert not profile_of("square").daily_deal
    assert menu.daily_caption == "British Square has no daily deal"
    assert not menu.daily_button.enabled
    menu.choose("constitution")
    assert profile_of("constitution").daily_deal
    assert menu.daily_caption.startswith("Today #") and menu.daily_button.enabled


def test_the_win_dialog_shows_the_best_time_and_the_streak(ui: SimpleNamespace, app: App) -> None:
    for n in (1, 2):
        table = TableScene(app, new_game("constitution", "1"))
        app.push(table)
        dialog = ui.play_to_the_end(app, table, CONSTITUTION_1_WIN)
        stats = load_statistics(Store(app.data_dir))["constitution"]
        assert stats.won == n and stats.current_streak == n and stats.best_time is not None
        best = f"{int(stats.best_time) // 60}:{int(stats.best_time) % 60:02d}"
        streak = "1 win in a row" if n == 1 else "2 wins in a row"
        line = next(x for x in dialog.lines if x.startswith("Best time "))
        assert line.startswith(f"Best time {best}") and line.endswith(f" · {streak}")
        app.pop()
        app.pop()


def _gold_on_edge(app: App, rect: pygame.Rect) -> int:
    """How many rows of ``rect``'s left and right edges (their straight middle part) are
    a gold line with no gold inside: a ring that could be taken for the focus's (a tab
    filled with gold is no ring)."""
    palette = app.palette
    rings = {palette.gold, palette.focus}

    def gold(x: int, y: int) -> bool:
        return tuple(app.screen.get_at((x, y)))[:3] in rings

    count = 0
    for y in range(rect.top + rect.height // 3, rect.bottom - rect.height // 3):
        for edge, inside in ((rect.left, rect.left + 8), (rect.right - 1, rect.right - 9)):
            count += any(gold(x, y) for x in range(edge - 1, edge + 3) if x != inside) \
                and not gold(inside, y)
    return count


def test_only_the_keyboard_focus_is_ringed_in_gold(ui: SimpleNamespace, screen_app: App) -> None:
    """The shown rule set's tab, the level to play next and the chosen rule set in the
    menu are marked otherwise than with the gold ring of the focus, which is elsewhere."""
    stats = StatsScene(screen_app, "square")
    screen_app.push(stats)
    ui.step(screen_app)
    shown = stats.tabs[RULE_IDS.index("square")]
    assert not shown.focused and _gold_on_edge(screen_app, shown.rect) == 0
    assert tuple(screen_app.screen.get_at(shown.rect.midleft)) != tuple(screen_app.screen.get_at(
        stats.tabs[0].rect.midleft)), "the shown tab is marked"
    screen_app.pop()
    levels = LevelsScene(screen_app, "constitution")
    screen_app.push(levels)
    ui.step(screen_app)
    current = next(t for t in levels.tiles if t.current)
    ui.press(screen_app, pygame.K_TAB)
    if current.focused:
        ui.press(screen_app, pygame.K_TAB)
    assert not current.focused and _gold_on_edge(screen_app, current.rect) == 0
    screen_app.pop()
    menu = ui.open_menu(screen_app, "union-square")
    chosen = next(rc for rc in menu.rule_cards if rc.selected)
    menu.ring.focus(menu.random_button)
    ui.step(screen_app)
    assert not chosen.focused and _gold_on_edge(screen_app, chosen.rect) == 0
    screen_app.pop()
    game = new_game("square", 3)
    recorder = Recorder(game, clock=lambda: 0.0)
    recorder.play(game.legal_moves()[0])
    replay = ReplayScene(screen_app, recorder.replay())
    screen_app.push(replay)
    ui.press(screen_app, pygame.K_END)
    for _ in range(120):
        ui.step(screen_app)
    move = replay.game.history[-1].move
    placed = replay.layout.card_rects(move.dst, len(replay.game.piles[move.dst]))[-1] \
        if replay.layout.steps[move.dst] else replay.layout.bases[move.dst]
    assert replay.icons["play"].focused
    assert _gold_on_edge(screen_app, placed.inflate(6, 6)) == 0, "the last move is marked, not ringed"


def test_a_picture_after_moves_shows_a_players_clock_and_words(app: App) -> None:
    """The README's picture: 120 moves of a won game of Constitution, played at a steady
    player's pace, so the clock shows ten minutes, not a second; the fill owed in words."""
    args = argparse.Namespace(rules="constitution", game="1", moves=" ".join(CONSTITUTION_1_WIN[:120]))
    screenshots.screenshot_scene(app, "table", args)
    scene = app.top
    assert isinstance(scene, TableScene) and len(scene.game.history) == 120
    assert 120 * screenshots.PICTURE_PACE <= scene.session.elapsed <= 121 * screenshots.PICTURE_PACE
    assert scene.hud.status() == "Fill the space in Row 1, pile 3 from Row 2"


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (800, 1000), (2560, 1440)])
def test_a_replays_words_overlap_nothing(ui: SimpleNamespace, screen_app: App, size: tuple[int, int]) -> None:
    """The replay's title, result, move count and the move in words (with the notation,
    the longest) lie clear of each other and of the controls, inside the window."""
    screen_app.settings.show_notation = True
    game = new_game("constitution", 2)
    recorder = Recorder(game, clock=lambda: 0.0)
    move = next(m for m in game.legal_moves() if m.dst in game.foundations)
    recorder.play(move)
    scene = ReplayScene(screen_app, recorder.replay())
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    ui.press(screen_app, pygame.K_END)
    ui.step(screen_app, 60)
    assert scene.step_words().endswith(f"foundation [{game.move_text(move)}]")
    texts = screen_app.drawn.of(Kind.TEXT)
    names = {box.name for box in texts}
    assert {"replay title", "replay result", "move number", "the move in words"} <= names
    window = pygame.Rect((0, 0), size)
    for box in texts:
        assert window.contains(box.rect), box
    assert not overlaps(texts, texts)
    assert not overlaps(texts, screen_app.drawn.of(Kind.BUTTON))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920), (2560, 1440)])
def test_the_options_words_overlap_nothing(ui: SimpleNamespace, screen_app: App,
                                           size: tuple[int, int]) -> None:
    """Every option (with "Show move notation") is a control of its own, and the title and
    the focused option's help lie clear of each other and of the controls."""
    scene = OptionsScene(screen_app)
    screen_app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    scene.ring.focus(scene.controls[scene.names.index("show_notation")])
    ui.step(screen_app)
    texts = screen_app.drawn.of(Kind.TEXT)
    buttons = screen_app.drawn.of(Kind.BUTTON)
    assert {"show_notation", "Back", "Restore defaults"} <= {b.name for b in buttons}
    assert any(box.name == "option's help" for box in texts)
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(box.rect) for box in texts + buttons)
    assert not overlaps(texts, texts) and not overlaps(texts, buttons) and not overlaps(buttons, buttons)


def test_a_dialog_over_the_table_has_the_only_focus_ring(ui: SimpleNamespace, app: App,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    table = ui.open_table(app, new_game("square", 5))
    rings: list[pygame.Rect] = []
    drawn_ring = PileRenderer.focus_ring

    def ring(self: PileRenderer, surface: pygame.Surface, rect: pygame.Rect) -> None:
        rings.append(rect)
        drawn_ring(self, surface, rect)

    monkeypatch.setattr(PileRenderer, "focus_ring", ring)
    ui.press(app, pygame.K_RIGHT)
    assert table.gestures.focus_visible and rings, "the keyboard focus is ringed on the table"
    dialog = confirm_dialog(app, "Abandon this game?", "It counts as abandoned.", "Abandon", lambda: None)
    app.push(dialog)
    rings.clear()
    ui.step(app, 3)
    assert app.top is dialog and any(b.focused for b in dialog.buttons)
    assert rings == [], "no focus ring on the table under the dialog"


def test_a_legal_move_or_a_hint_ends_an_older_message(ui: SimpleNamespace, screen_app: App) -> None:
    """A refusal is about the position it was made in: the next legal move ends it, so the
    bar says what is true now (the fill owed), and a hint asked for is shown at once, not
    hidden for seconds behind the old words."""
    game = new_game("constitution", 1)
    move, words = refused_build(game)
    table = ui.open_table(screen_app, game)
    ui.drag(screen_app, table, move.src, move.dst)
    assert table.message.startswith(words)
    ui.press(screen_app, pygame.K_h)
    ui.settle(screen_app, table)
    assert table.message == ""
    assert table.hud.status().startswith("Hint 1 of ")
    ui.drag(screen_app, table, move.src, move.dst)
    assert table.message.startswith(words)
    legal = game.legal_moves()[0]
    ui.perform(screen_app, table, legal)
    assert game.moves_played[-1:] == [legal]
    assert table.message == ""


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_hint_on_screen_names_its_move_once(ui: SimpleNamespace, screen_app: App, rules: str) -> None:
    """The footer names the move in words, then says why: the reason's first part, which
    says the move again ("plays 2♣ to the foundation"), is left out there."""
    game = new_game(rules, 12345678901234567890)
    table = ui.open_table(screen_app, game)
    ui.press(screen_app, pygame.K_h)
    ui.settle(screen_app, table)
    hint = table.session.hint
    assert hint is not None
    restated = hint.reason.removesuffix(hint.why).removesuffix(", ") if hint.why else hint.reason
    assert restated and hint.reason.startswith(restated)
    footer = table.hud.footer_text()
    assert restated not in footer, footer
    assert footer.endswith(f" — {hint.why}" if hint.why else move_words(game, hint.move))


def test_the_hint_says_which_other_hints_are_as_good(ui: SimpleNamespace, screen_app: App) -> None:
    """Where the search scores several moves alike, the first is first only by the order
    of a tie: the footer says which other hints are as good, and a move that can never
    be a mistake (``safe``) ties with none."""
    from dataclasses import replace

    from game.search.hint import Hint

    game = new_game("union-square", 3)
    table = ui.open_table(screen_app, game)
    ui.press(screen_app, pygame.K_h)
    ui.settle(screen_app, table)
    moves = game.legal_moves()[:5]
    scores = [163.49, 163.49, 163.47, 162.89, 10.0]
    listed = [Hint(m, s, "builds", "why") for m, s in zip(moves, scores, strict=True)]
    table.session.hint_list = listed
    said = []
    for index in range(5):
        table.session.hint_index = index
        said.append(table.hud.footer_text().split(":")[0])
    assert said == ["Hint 1 of 5 (as good as hints 2 and 3)", "Hint 2 of 5 (as good as hints 1 and 3)",
                    "Hint 3 of 5 (as good as hints 1 and 2)", "Hint 4 of 5", "Hint 5 of 5"]
    table.session.hint_list = [replace(listed[0], safe=True), *listed[1:]]
    table.session.hint_index = 0
    assert table.hud.footer_text().startswith("Hint 1 of 5: ")
    table.session.hint_index = 1
    assert table.hud.footer_text().startswith("Hint 2 of 5 (as good as hint 3): ")
