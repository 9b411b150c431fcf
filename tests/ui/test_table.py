"""The table scene played through the real loop with posted mouse and keyboard events."""

from __future__ import annotations

import copy
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, new_game
from game.engine.cards import card, card_text
from game.engine.square import Square
from game.records.saves import list_replays, load_saved_game
from game.records.stats import load_statistics
from game.session.positions import lost_position, near_won_position
from game.ui import table as table_module
from game.ui.app import App, Scene
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.table import TableScene

WINS = Path(__file__).resolve().parents[1] / "data" / "wins"
UI_WINS = Path(__file__).resolve().parent / "data" / "wins"


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_near_won_deal_is_dragged_to_the_win(ui: SimpleNamespace, app: App, rules: str) -> None:
    game, moves = near_won_position(rules)
    scene = ui.open_table(app, game)
    ui.check_drawn(scene)
    for text in moves:
        move = game.parse_move(text)
        before = len(game.history)
        ui.perform(app, scene, move)
        assert len(game.history) == before + 1, f"{text} was not played"
        assert game.moves_played[-1] == move
        ui.settle(app, scene)
        ui.check_drawn(scene)
    assert game.is_won()
    ui.step(app, round(table_module.WIN_DIALOG_DELAY / ui.FRAME) + 5)
    top = app.top
    assert isinstance(top, Dialog) and top.title == "You won!"


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_first_moves_of_a_real_deal(ui: SimpleNamespace, app: App, rules: str) -> None:
    game = new_game(rules, 1234)
    scene = ui.open_table(app, game)
    ui.check_drawn(scene)
    played = 0
    for _ in range(6):
        moves = game.legal_moves()
        if not moves:
            break
        # Prefer a card move over turning the stock, so the drags are exercised.
        cards = [m for m in moves if m.src != game.stock]
        move = (cards or moves)[0]
        ui.perform(app, scene, move)
        assert game.moves_played[-1] == move
        played += 1
        ui.settle(app, scene)
        ui.check_drawn(scene)
    assert played >= 3


def test_undo_and_redo_from_the_keyboard(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("constitution")
    scene = ui.open_table(app, game)
    start = copy.deepcopy(game.piles)
    for text in moves[:3]:
        ui.perform(app, scene, game.parse_move(text))
        ui.settle(app, scene)
    after = copy.deepcopy(game.piles)
    ui.post_key(pygame.K_u)
    ui.settle(app, scene)
    assert len(game.history) == 2
    ui.check_drawn(scene)
    ui.post_key(pygame.K_z, pygame.KMOD_LCTRL)
    ui.post_key(pygame.K_z, pygame.KMOD_LCTRL)
    ui.settle(app, scene)
    assert game.piles == start and not game.history
    ui.check_drawn(scene)
    for _ in range(3):
        ui.post_key(pygame.K_y, pygame.KMOD_LCTRL)
    ui.settle(app, scene)
    assert game.piles == after and len(game.history) == 3
    ui.check_drawn(scene)
    ui.post_key(pygame.K_y, pygame.KMOD_LCTRL)  # nothing left to redo
    ui.settle(app, scene)
    assert game.piles == after
    assert "redo" in scene.message.lower()


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_drop_on_an_illegal_place_changes_nothing(ui: SimpleNamespace, app: App, rules: str) -> None:
    game = new_game(rules, 77)
    scene = ui.open_table(app, game)
    legal = set(game.legal_moves())
    illegal = next(game.move_table[s][d] for s in game.tableau for d in game.tableau
                   if s != d and game.piles[s] and game.move_table[s][d] not in legal)
    piles = copy.deepcopy(game.piles)
    ui.drag(app, scene, illegal.src, illegal.dst)
    assert game.piles == piles and not game.history
    assert scene.anim.busy  # the card flies back
    ui.settle(app, scene)
    ui.check_drawn(scene)
    assert scene.message  # the reason is shown


def test_a_drop_on_empty_felt_flies_back(ui: SimpleNamespace, app: App) -> None:
    game = new_game("square", 3)
    scene = ui.open_table(app, game)
    piles = copy.deepcopy(game.piles)
    a = ui.top_point(scene, game.tableau[0])
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, a)
    ui.post_mouse(pygame.MOUSEMOTION, (a[0] + 40, 790), rel=(40, 790 - a[1]))
    ui.step(app)
    assert scene.gestures.drag is not None
    ui.post_mouse(pygame.MOUSEBUTTONUP, (a[0] + 40, 790))
    ui.settle(app, scene)
    assert game.piles == piles
    ui.check_drawn(scene)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_resize_mid_game_and_mid_flight(ui: SimpleNamespace, app: App, rules: str) -> None:
    game, moves = near_won_position(rules)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.settle(app, scene)
    for w, h in ((800, 600), (2560, 1440), (1000, 700)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        ui.step(app)
        assert app.screen.get_size() == (w, h)
        ui.step(app, round(table_module.RESIZE_SETTLE / ui.FRAME) + 2)
        assert scene.layout.size == (w, h)
        ui.check_drawn(scene)
    # A stream of sizes (a window edge dragged) is laid out once, for the last size.
    for w in range(900, 1300, 50):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=700, size=(w, 700)))
        ui.step(app)
        assert scene.layout.size == (1000, 700)
    ui.step(app, round(table_module.RESIZE_SETTLE / ui.FRAME) + 2)
    assert scene.layout.size == (1250, 700)
    # Input right after a resize uses the new geometry at once.
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=760, size=(1100, 760)))
    ui.post_key(pygame.K_TAB)
    ui.step(app)
    assert scene.layout.size == (1100, 760)
    # Resize while a card is in the air: it lands where the new layout says.
    ui.perform(app, scene, game.parse_move(moves[1]))
    assert scene.anim.busy
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    ui.settle(app, scene)
    ui.check_drawn(scene)


def test_input_during_an_animation_lands_the_cards_first(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("constitution")
    scene = TableScene(app, game)
    app.push(scene)
    ui.step(app, 3)
    assert scene.anim.busy  # the deal is still flying
    ui.settle(app, scene)
    # A move, then at once (same frame) undo and another undo: all from a settled state.
    ui.perform(app, scene, game.parse_move(moves[0]))
    assert scene.anim.busy
    ui.post_key(pygame.K_u)
    ui.step(app)
    assert not game.history
    assert scene.anim.busy  # the undo flight
    # A drag started on the card flying back picks that card up once it has landed, and
    # acts on the real position.
    first = game.parse_move(moves[0])
    flying = scene.anim.in_air()
    assert [f.dst for f in flying] == [first.src]
    x, y = flying[0].position(scene.renderer.locator(game))
    a = pygame.Rect((round(x), round(y)), scene.layout.card).center
    b = ui.drop_point(scene, first.dst)
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, a)
    ui.step(app)
    assert not scene.anim.busy
    ui.post_mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]))
    ui.step(app)
    ui.post_mouse(pygame.MOUSEBUTTONUP, b)
    ui.step(app)
    assert len(game.history) == 1
    ui.settle(app, scene)
    ui.check_drawn(scene)
    # Many moves queued within one frame: each lands before the next is made.
    for text in moves[1:5]:
        ui.drag(app, scene, game.parse_move(text).src, game.parse_move(text).dst)
    assert len(game.history) == 5
    ui.settle(app, scene)
    ui.check_drawn(scene)


def test_auto_drop_is_undone_with_its_move_and_not_repeated(ui: SimpleNamespace, app: App) -> None:
    app.settings.auto_drop = True
    game, _ = near_won_position("constitution-cadogan")
    scene = ui.open_table(app, game)
    # 10C could go to its foundation; auto-drop only plays after the player's move.
    assert len(game.piles[0]) == 9
    ui.perform(app, scene, game.parse_move("r4c1-r3c1"))
    ui.settle(app, scene)
    assert len(game.history) >= 2
    assert game.moves_played[1] == game.parse_move("r1c1-f1")
    ui.check_drawn(scene)
    ui.post_key(pygame.K_u)
    ui.settle(app, scene)
    assert not game.history  # the move and its auto-drops, one undo
    assert len(game.piles[0]) == 9  # and undo did not drop again
    ui.post_key(pygame.K_y, pygame.KMOD_LCTRL)
    ui.settle(app, scene)
    assert game.moves_played[:2] == [game.parse_move("r4c1-r3c1"), game.parse_move("r1c1-f1")]
    ui.check_drawn(scene)


def test_keyboard_focus_pick_up_and_put_down(ui: SimpleNamespace, app: App) -> None:
    game, _ = near_won_position("square")
    scene = ui.open_table(app, game)
    assert scene.gestures.focus == game.tableau[0]
    ui.post_key(pygame.K_SPACE)  # shows the focus
    ui.post_key(pygame.K_SPACE)
    ui.step(app)
    assert scene.gestures.selected == game.tableau[0]
    order = scene.gestures.tab_order()
    for _ in range((order.index(0) - order.index(scene.gestures.focus)) % len(order)):
        ui.post_key(pygame.K_TAB)
    ui.step(app)
    assert scene.gestures.focus == 0
    ui.post_key(pygame.K_RETURN)
    ui.settle(app, scene)
    assert game.moves_played == [game.parse_move("c1-f1")]
    # Arrow keys move the focus between places by position.
    ui.post_key(pygame.K_DOWN)
    ui.step(app)
    assert scene.gestures.focus in game.tableau
    ui.post_key(pygame.K_LEFT)
    ui.post_key(pygame.K_RIGHT)
    ui.step(app)
    assert scene.gestures.focus_visible
    ui.check_drawn(scene)


def test_s_sends_the_focused_card_home(ui: SimpleNamespace, app: App) -> None:
    """The keyboard's double-click: a card a foundation takes goes there."""
    game, _ = near_won_position("square")
    scene = ui.open_table(app, game)
    ui.press(app, pygame.K_s)  # shows the focus first, as every focus key does
    assert scene.gestures.focus == game.tableau[0] and not game.history
    ui.press(app, pygame.K_s)
    ui.settle(app, scene)
    assert game.moves_played == [game.parse_move("c1-f1")]
    # picked up first, it goes home too
    home = next(m for m in game.legal_moves() if m.dst in game.foundations and m.src in game.tableau)
    scene.gestures.focus = home.src
    ui.press(app, pygame.K_SPACE)
    assert scene.gestures.selected == home.src
    ui.press(app, pygame.K_s)
    ui.settle(app, scene)
    assert game.history[-1].move.src == home.src and game.history[-1].move.dst in game.foundations
    assert scene.gestures.selected is None


def test_h_then_space_twice_plays_the_hint_by_keyboard(ui: SimpleNamespace, app: App) -> None:
    """The hint focuses its card once the keyboard is in use; picking that card up
    focuses the hint's place, so Space puts it there."""
    game = new_game("constitution", 1)
    scene = ui.open_table(app, game)
    assert not scene.gestures.focus_visible
    ui.press(app, pygame.K_h)  # the first key pressed: H shows the focus, on the hint's card
    hint = scene.session.hint
    assert hint is not None and scene.gestures.focus == hint.move.src and scene.gestures.focus_visible
    ui.press(app, pygame.K_SPACE)
    assert scene.gestures.selected == hint.move.src and scene.gestures.focus == hint.move.dst
    ui.press(app, pygame.K_SPACE)
    ui.settle(app, scene)
    assert game.history[0].move == hint.move


def test_h_then_space_turns_the_stock_when_the_hint_does(ui: SimpleNamespace, app: App) -> None:
    game = new_game("square", 1)
    scene = ui.open_table(app, game)
    ui.press(app, pygame.K_h)
    hint = scene.session.hint
    assert hint is not None and hint.move == game.parse_move("s-w") and scene.gestures.focus == game.stock
    ui.press(app, pygame.K_SPACE)
    ui.settle(app, scene)
    assert [step.move for step in game.history] == [hint.move]


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_DOWN,
                                 pygame.K_TAB], ids=["space", "enter", "right", "down", "tab"])
def test_the_first_focus_key_shows_the_focus_where_it_is(ui: SimpleNamespace, app: App, key: int) -> None:
    """While no focus ring shows (none yet, or the mouse was used since), Tab, an arrow,
    Space or Enter shows it where the focus is and names that place, and does nothing
    else: no card is picked up, the focus does not move. (Space picked up Row 1's first
    card, or said it had no move, with no ring to show which card it meant.)"""
    game = new_game("constitution", 1)
    table = ui.open_table(app, game)
    hands = table.gestures
    start = hands.focus
    assert not hands.focus_visible
    ui.press(app, key)
    assert hands.focus_visible and hands.focus == start and hands.selected is None
    assert not game.history
    assert table.message == "Row 1, pile 1 has the focus: arrows move it, Space acts on it"
    ui.press(app, pygame.K_RIGHT)
    assert hands.focus == game.place_index("r1c2")
    # the words named the place the focus has left: they go (they stayed, naming it)
    assert "has the focus" not in table.message
    # a click hides the ring: the next key shows it again where the focus is
    ui.click(app, (app.size[0] // 2, app.size[1] - 5))
    assert not hands.focus_visible
    ui.press(app, key)
    assert hands.focus_visible and hands.focus == game.place_index("r1c2") and hands.selected is None
    assert table.message.startswith("Row 1, pile 2 has the focus")


_ARROW_KEYS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}


def _beyond(here: pygame.Rect, there: pygame.Rect, way: tuple[int, int]) -> tuple[int, int] | None:
    """How far ``there`` lies wholly beyond ``here`` going ``way`` and how far out of
    line across it is (0: the two overlap across), or None when it is not wholly that way."""
    dx, dy = way
    if dy:
        along = there.top - here.bottom if dy > 0 else here.top - there.bottom
        off = max(0, there.left - here.right, here.left - there.right)
    else:
        along = there.left - here.right if dx > 0 else here.left - there.right
        off = max(0, there.top - here.bottom, here.top - there.bottom)
    return None if along < 0 else (along, off)


def _that_way(here: pygame.Rect, there: pygame.Rect, way: tuple[int, int],
              card: tuple[int, int]) -> tuple[int, int] | None:
    """How far the centre of card ``there`` lies ahead of ``here``'s going ``way`` and how
    far across, when it lies more than half a card that way and at most twice as far
    across (None otherwise: a stock at the far end of the table is not "down" from Row 4's
    first pile, 658 pixels across for 144 down)."""
    dx, dy = way
    if dy:
        ahead, across = (there.centery - here.centery) * dy, abs(there.centerx - here.centerx)
    else:
        ahead, across = (there.centerx - here.centerx) * dx, abs(there.centery - here.centery)
    return (ahead, across) if ahead > card[1 if dy else 0] / 2 and across <= 2 * ahead else None


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1200), (800, 1280), (2400, 700)])
@pytest.mark.parametrize("rules", RULE_IDS)
def test_an_arrow_moves_the_focus_to_the_place_that_way(ui: SimpleNamespace, app: App, rules: str,
                                                        size: tuple[int, int]) -> None:
    """From every place, each arrow key takes the focus to a place wholly that way (its
    region, a fanned pile's room included), in line with it where one is (the nearest),
    else out of line by a quarter of a card at most. Where no place is either, it goes to
    a place whose card lies that way (more than half a card), one that no other such
    place beats both ahead and across; the focus stays only where no place lies that way.
    Every place can be reached by arrows alone. (Up from Row 1 went to the first
    foundation, beside the rows to the right; Down from Row 4 in a tall window went to
    the stock under the last pile; Union Square's first pile went down to the waste.
    Union Square's ninth pile went nowhere to the left, nor its waste down; then a tall
    Constitution's Row 4 went down to the stock in the far corner, from its first pile.)"""
    app.resize(size)
    table = ui.open_table(app, new_game(rules, 12345678901234567890))
    g, lay = table.game, table.layout
    areas = lay.areas
    reached = {p: set() for p in range(len(g.piles))}
    for place in range(len(g.piles)):
        for key, way in _ARROW_KEYS.items():
            table.gestures.focus = place
            ui.press(app, key)
            moved = table.gestures.focus
            assert table.gestures.focus_visible
            name = g.place_name
            where = f"{rules} {size}: {pygame.key.name(key)} from {name(place)} to {name(moved)}"
            slack = (lay.card[0] if way[1] else lay.card[1]) // 4
            ahead = {i: b for i in range(len(g.piles)) if i != place
                     and (b := _beyond(areas[place], areas[i], way)) is not None}
            in_line = {i: along for i, (along, off) in ahead.items() if off == 0}
            near = {i for i, (_, off) in ahead.items() if off <= slack}
            cards = {i: w for i in range(len(g.piles)) if i != place
                     and (w := _that_way(lay.bases[place], lay.bases[i], way, lay.card)) is not None}
            if in_line:
                assert moved in in_line and in_line[moved] == min(in_line.values()), where
            elif near:
                assert moved in near, where
            elif cards:
                assert moved in cards, where
                go, side = cards[moved]
                beaten = [a <= go and s <= side and (a, s) != (go, side) for a, s in cards.values()]
                assert not any(beaten), where
            else:
                assert moved == place, where
            reached[place].add(moved)
    for start in reached:
        seen, todo = {start}, [start]
        while todo:
            for nxt in reached[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        assert len(seen) == len(g.piles), f"{rules} {size}: arrows from {g.place_name(start)} miss places"


def test_click_then_click_and_double_click(ui: SimpleNamespace, app: App) -> None:
    game, _ = near_won_position("union-square")
    scene = ui.open_table(app, game)
    p1 = game.place_index("p1")
    ui.click(app, ui.top_point(scene, p1))
    assert scene.gestures.selected == p1
    ui.step(app, 30)  # long enough that the next click is not a double-click
    ui.click(app, ui.top_point(scene, 0))
    ui.settle(app, scene)
    assert game.moves_played == [game.parse_move("p1-f1")]
    ui.step(app, 30)
    # Double-click: two clicks within the double-click time send the card home.
    ui.click(app, ui.top_point(scene, p1))
    ui.click(app, ui.top_point(scene, p1))
    ui.settle(app, scene)
    assert game.moves_played[-1] == game.parse_move("p1-f1")
    # Right-click does the same.
    ui.click(app, ui.top_point(scene, game.place_index("p3")), button=3)
    ui.settle(app, scene)
    assert game.moves_played[-1] == game.parse_move("p3-f3")
    ui.check_drawn(scene)


def test_a_click_on_a_place_that_refuses_the_selected_card_says_why(ui: SimpleNamespace, app: App) -> None:
    # found by hostile review 22: the refusal lasted a frame, then the same click was
    # taken as a click on the target card ("3 of diamonds has no move now"), or silently
    # selected it when it had moves of its own
    game = new_game("constitution-cadogan", 7)
    scene = ui.open_table(app, game)
    src, dst = game.place_index("r2c4"), game.place_index("r1c2")
    reason = game.why_illegal(game.move_table[src][dst])
    assert reason is not None and scene.session.moves_from(src)
    ui.click(app, ui.top_point(scene, src))
    assert scene.gestures.selected == src
    ui.step(app, 30)
    ui.click(app, ui.top_point(scene, dst))
    ui.step(app, 5)
    assert reason in scene.message and "has no move now" not in scene.message
    assert scene.gestures.selected is None and not game.history


def test_a_click_on_the_stock_with_a_card_selected_turns_it_without_a_refusal(ui: SimpleNamespace,
                                                                              app: App) -> None:
    game = new_game("constitution-cadogan", 7)
    scene = ui.open_table(app, game)
    sounds: list[str] = []
    scene.sound = sounds.append  # type: ignore[method-assign]
    ui.click(app, ui.top_point(scene, game.place_index("r2c4")))
    ui.step(app, 30)
    sounds.clear()
    ui.click(app, ui.top_point(scene, game.stock))
    ui.settle(app, scene)
    assert game.moves_played == [game.parse_move("s-w")]
    assert "illegal" not in sounds and scene.gestures.selected is None


def test_hint_key_shows_the_hints(ui: SimpleNamespace, app: App) -> None:
    game = new_game("square", 9)
    scene = ui.open_table(app, game)
    ui.post_key(pygame.K_h)
    ui.step(app)
    assert scene.session.hint_list is not None


def test_game_number_click_copies(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", "123456")
    scene = ui.open_table(app, game)
    ui.click(app, scene.hud.number_rect.center)
    assert app.clipboard == "123456"
    assert "copied" in scene.message


def test_pointing_at_the_game_number_marks_it_as_clickable(ui: SimpleNamespace, app: App) -> None:
    game = new_game("square", "77")
    scene = ui.open_table(app, game)
    ui.step(app)
    number = scene.hud.number_rect.copy()

    def highlighted() -> int:
        return sum(1 for x in range(number.left, number.right) for y in range(number.top, number.bottom)
                   if app.screen.get_at((x, y))[:3] == app.palette.highlight)

    assert not scene.hud.number_hover and highlighted() == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=number.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    ui.step(app)
    assert scene.hud.number_hover and highlighted() > 10
    away = (number.centerx, scene.layout.size[1] - 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(1, 1), buttons=(0, 0, 0)))
    ui.step(app)
    assert not scene.hud.number_hover and highlighted() == 0


def test_abandoning_a_game_in_progress_asks_first(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("square")
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.settle(app, scene)
    ui.post_key(pygame.K_n)
    ui.step(app)
    assert isinstance(app.top, Dialog)
    ui.post_key(pygame.K_ESCAPE)
    ui.step(app)
    assert app.top is scene and scene.game is game
    ui.post_key(pygame.K_n)
    ui.step(app)
    ui.post_key(pygame.K_RIGHT)
    ui.post_key(pygame.K_RETURN)
    ui.settle(app, scene)
    assert app.top is scene and scene.game is not game and not scene.game.history
    ui.check_drawn(scene)


@pytest.mark.slow
def test_restart_goes_back_to_the_deal(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("constitution")
    start = copy.deepcopy(game.piles)
    scene = ui.open_table(app, game)
    for text in moves[:4]:
        ui.perform(app, scene, game.parse_move(text))
    ui.settle(app, scene)
    scene.exits.restart()
    ui.settle(app, scene)
    assert scene.game.piles == start and not scene.game.history
    ui.check_drawn(scene)


def test_a_lost_position_offers_undo(ui: SimpleNamespace, app: App) -> None:
    game = lost_position(new_game("constitution", 5))
    played = len(game.history)
    scene = ui.open_table(app, game)
    ui.step(app)
    top = app.top
    assert isinstance(top, Dialog) and top.title == "No more moves"
    ui.post_key(pygame.K_RETURN)  # "Undo" has the focus
    ui.settle(app, scene)
    assert app.top is scene and len(game.history) == played - 1


def test_escape_returns_to_the_menu_below(ui: SimpleNamespace, app: App) -> None:
    class MenuScene(Scene):
        """Stands in for game.ui.menu.MenuScene: only its name and place matter."""

        name = "menu"

    menu = MenuScene(app)
    app.push(menu)
    ui.open_table(app, new_game("union-square", 4))
    ui.post_key(pygame.K_ESCAPE)
    ui.step(app)
    assert app.top is menu


@pytest.mark.slow
def test_owed_fill_is_shown(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("constitution")
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.settle(app, scene)
    assert game.owed_space() == game.place_index("r1c1")
    assert "Fill the space in Row 1, pile 1 from Row 2" in scene.hud.status()
    # The glow is drawn over the empty place: its pixels differ from the plain layer.
    layer = scene.renderer.layer(scene.game, scene.display_piles())
    rect = scene.layout.bases[game.place_index("r1c1")]
    screen = app.screen
    differs = sum(1 for x in range(rect.left, rect.right, 3)
                  if screen.get_at((x, rect.top)) != layer.get_at((x, rect.top)))
    assert differs > rect.width // 6


def test_with_animation_off_every_move_is_drawn_at_once(ui: SimpleNamespace, app: App) -> None:
    app.settings.animation_speed = 0
    game, moves = near_won_position("constitution")
    scene = TableScene(app, game)
    app.push(scene)
    ui.step(app)
    assert not scene.anim.busy  # no deal animation either
    ui.check_drawn(scene)
    for text in moves[:5]:
        ui.perform(app, scene, game.parse_move(text))
        assert not scene.anim.busy
        ui.step(app)
        ui.check_drawn(scene)
    assert len(game.history) == 5


def test_a_key_while_dragging_puts_the_card_back_first(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("square")
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.settle(app, scene)
    a = ui.top_point(scene, game.place_index("c2"))
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, a)
    ui.post_mouse(pygame.MOUSEMOTION, (a[0] + 60, a[1] + 60), rel=(60, 60))
    ui.step(app)
    assert scene.gestures.drag is not None
    ui.post_key(pygame.K_u)
    ui.post_mouse(pygame.MOUSEBUTTONUP, (a[0] + 60, a[1] + 60))
    ui.settle(app, scene)
    assert scene.gestures.drag is None and not game.history
    ui.check_drawn(scene)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "number", "line"), [
    ("constitution", "1", WINS / "constitution-1.txt"),
    ("constitution-cadogan", "40", UI_WINS / "constitution-cadogan-40.txt"),
    ("union-square", "1", WINS / "union-square-1.txt"),
])
def test_a_whole_real_deal_is_won_by_dragging_and_counted(ui: SimpleNamespace, app: App,
                                                          rules: str, number: str,
                                                          line: Path) -> None:
    # a winning line the solver found once, kept as data so the test never waits for it
    moves = line.read_text().split()
    game = new_game(rules, number)
    app.settings.animation_speed = 6.0  # the same flights, quicker, so the test is short
    scene = ui.open_table(app, game)
    for count, text in enumerate(moves, start=1):
        ui.perform(app, scene, game.parse_move(text))
        assert len(game.history) == count, f"move {count} {text} was not played"
        ui.settle(app, scene)
        ui.check_drawn(scene)
    assert game.is_won()
    stats = load_statistics(scene.store)[rules]
    assert (stats.won, stats.lost, stats.abandoned) == (1, 0, 0)
    assert stats.recent[-1].moves == len(moves)
    # the win dialog offers to save the replay; the saved file replays to the same win
    for _ in range(600):
        if isinstance(app.top, Dialog):
            break
        ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "You won!"
    save = next(b for b in dialog.buttons if b.label == "Save replay")
    ui.click(app, save.rect.center)
    again = app.top
    assert isinstance(again, Dialog) and again is not dialog
    assert "Save replay" not in [b.label for b in again.buttons]
    assert any(line.startswith("Replay saved as") for line in again.lines)
    (saved,) = list_replays(scene.store)
    assert saved.replay is not None and saved.replay.result == "won"
    assert saved.replay.play_out().is_won()


def _square_deal_in_foundation_order() -> tuple[Square, list[str]]:
    """A whole British Square game from a hand-made opening (no numbered Square deal is
    known to be winnable): each column holds the second A-2-3-4 of one suit, topped by the
    4, and the stock brings every other card in the order its foundation takes it."""
    columns = [[card_text(card(suit, rank)) for rank in (1, 2, 3, 4)] for suit in range(4)]
    stock_in_order = []
    for suit in range(4):
        up = [card_text(card(suit, rank)) for rank in range(1, 14)]
        down = [card_text(card(suit, rank)) for rank in range(13, 4, -1)]
        stock_in_order += up + down
    layout = {"rules": "square", "game": "1", "foundations": [[], [], [], []],
              "tableau": columns, "waste": [], "stock": stock_in_order[::-1]}
    moves = []
    for suit in range(4):
        moves += [f"s-w w-f{suit + 1}"] * 22 + [f"c{suit + 1}-f{suit + 1}"] * 4
    return Square.from_layout(layout), " ".join(moves).split()


@pytest.mark.slow
def test_a_whole_square_game_is_won_by_dragging(ui: SimpleNamespace, app: App) -> None:
    game, moves = _square_deal_in_foundation_order()
    app.settings.animation_speed = 6.0
    scene = ui.open_table(app, game)
    ui.check_drawn(scene)
    for count, text in enumerate(moves, start=1):
        ui.perform(app, scene, game.parse_move(text))
        assert len(game.history) == count, f"move {count} {text} was not played"
        ui.settle(app, scene)
        ui.check_drawn(scene)
    assert game.is_won()
    assert len(moves) == 192
    for _ in range(600):
        if isinstance(app.top, Dialog):
            break
        ui.step(app)
    assert isinstance(app.top, Dialog) and app.top.title == "You won!"


def test_a_game_given_up_is_counted_as_abandoned(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", 8)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.legal_moves()[0])
    ui.settle(app, scene)
    scene.exits.ask_new_deal()
    ui.post_key(pygame.K_RIGHT)
    ui.post_key(pygame.K_RETURN)
    ui.settle(app, scene)
    stats = load_statistics(scene.store)["constitution"]
    assert stats.abandoned == 1 and stats.played == 1
    # An untouched deal left at once is not counted.
    scene.exits.new_deal()
    assert load_statistics(scene.store)["constitution"].played == 1


def test_closing_the_window_saves_the_game_to_continue(ui: SimpleNamespace, app: App) -> None:
    game = new_game("union-square", 12)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.legal_moves()[0])
    ui.settle(app, scene)
    ui.post_key(pygame.K_h)  # a hint is counted in the record
    ui.step(app, 30)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app)
    assert not app.running
    saved = load_saved_game(scene.store)
    assert saved is not None and saved.move_texts == [game.move_text(m) for m in game.moves_played]
    assert saved.seconds > 0
    # Continuing it puts the same position back, with its clock and counts.
    app.running = True
    again = TableScene.from_replay(app, saved)
    assert again.game.piles == game.piles
    assert again.session.recorder.hints == saved.hints
    assert again.session.elapsed == pytest.approx(saved.seconds)


def test_a_game_that_cannot_be_saved_keeps_the_window_open_until_the_player_says(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Closing the window when the game cannot be saved (a full disk) does not lose the
    game silently: a dialog says so (and standard error too); "Keep playing" keeps the
    window and the game, "Close anyway" closes it."""
    from game.records import saves as saves_module
    from game.records.store import SaveError
    def full(self: object, name: str, text: str) -> object:
        raise SaveError(f"could not save {name}: the disk is full")

    monkeypatch.setattr(saves_module.Store, "write_text", full)
    game = new_game("union-square", 12)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.legal_moves()[0])
    ui.settle(app, scene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 2)
    dialog = app.top
    assert app.running and isinstance(dialog, Dialog) and dialog.title == "Your game could not be saved"
    assert any("the disk is full" in line for line in dialog.lines)
    assert "the disk is full" in capsys.readouterr().err
    assert [b.label for b in dialog.buttons] == ["Keep playing", "Close anyway"]
    ui.press(app, pygame.K_ESCAPE)
    assert app.running and app.top is scene and len(scene.game.moves_played) == 1
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 2)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    ui.click(app, dialog.buttons[1].rect.center)
    assert not app.running
    assert load_saved_game(scene.store) is None


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file the game writes fails as on a full disk."""
    from game.records import store as store_module

    def full(self: object, name: str, text: str) -> object:
        raise store_module.SaveError(f"could not save {name}: the disk is full")

    monkeypatch.setattr(store_module.Store, "write_text", full)


def test_a_second_close_waits_for_the_first_question(ui: SimpleNamespace, app: App,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Two closes in a row (two QUIT events in one frame) ask once, and the window stays
    until the player answers; the dialog's words are wrapped inside its panel."""
    _disk_full(monkeypatch)
    game = new_game("union-square", 12)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.legal_moves()[0])
    ui.settle(app, scene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 3)
    dialogs = [s for s in app.scenes if isinstance(s, Dialog)]
    assert app.running and len(dialogs) == 1
    said = [b for b in app.drawn.of(Kind.TEXT) if b.name.startswith("dialog line")]
    assert said and all(dialogs[0].panel.contains(b.rect) for b in said)
    assert any("this game is lost" in b.name for b in said), "the last words are shown whole"
    ui.press(app, pygame.K_ESCAPE)
    assert app.running and app.top is scene


def test_a_lost_game_whose_count_failed_is_counted_when_it_can_be(ui: SimpleNamespace, app: App,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The count of a lost game fails (a full disk): closing asks, and once the disk has
    room again the next close counts it, once."""
    game = lost_position(new_game("constitution", 5))
    scene = ui.open_table(app, game)
    ui.step(app)
    _disk_full(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 2)
    top = app.top
    assert app.running and isinstance(top, Dialog) and top.title == "Your game could not be saved"
    ui.press(app, pygame.K_ESCAPE)  # keep playing
    monkeypatch.undo()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 2)
    assert not app.running
    stats = load_statistics(scene.store)["constitution"]
    assert (stats.played, stats.lost) == (1, 1)


def _unsaved_game_held_by_the_menu(ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch,
                                   *, room_again: bool = True) -> tuple[object, TableScene]:
    """A union-square game of one move, left for the menu on a full disk (so the menu
    holds its table, unsaved); then the disk has room again, if ``room_again``."""
    menu = ui.open_menu(app, "union-square")
    _disk_full(monkeypatch)
    game = new_game("union-square", 12)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.legal_moves()[0])
    ui.settle(app, scene)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.continue_button.hint.startswith("Not saved: ")
    if room_again:
        monkeypatch.undo()
    return menu, scene


def test_the_menu_keeps_a_game_that_could_not_be_saved_and_asks_before_closing(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Menu (or Esc) when the game cannot be saved: the menu holds the table itself, so
    "Continue" goes back to it, and closing the window from the menu asks first."""
    from game.ui.menu import MenuScene

    menu, scene = _unsaved_game_held_by_the_menu(ui, app, monkeypatch, room_again=False)
    assert isinstance(menu, MenuScene) and menu.continue_button.enabled
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 2)
    top = app.top
    assert app.running and isinstance(top, Dialog) and top.title == "Your game could not be saved"
    ui.press(app, pygame.K_ESCAPE)
    menu.continue_game()
    ui.step(app)
    assert app.top is scene and len(scene.game.moves_played) == 1


def test_esc_on_the_menu_says_the_held_game_could_not_be_saved(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "Quit the game?" question said the game held by the menu "is kept" though it
    was never saved. It says it could not be saved; Quit tries once more and, the disk
    still full, asks again with the reason rather than closing."""
    from game.ui.dialogs import Dialog

    _unsaved_game_held_by_the_menu(ui, app, monkeypatch, room_again=False)
    ui.press(app, pygame.K_ESCAPE)  # closes the notice band saying the game was not saved
    ui.press(app, pygame.K_ESCAPE)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Quit the game?"
    words = " ".join(ask.lines)
    assert "could not be saved" in words and "is kept" not in words
    ui.click(app, next(b for b in ask.buttons if b.label == "Quit").rect.center)
    ui.step(app, 2)
    again = app.top
    assert app.running and isinstance(again, Dialog) and again.title == "Your game could not be saved"


def test_a_new_deal_from_the_menu_counts_the_paused_game_that_could_not_be_saved(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu holds a game that could not be saved; a new deal replaces it. It is
    counted as abandoned, as a saved game would be (it was dropped uncounted)."""
    from game.ui.dialogs import Dialog
    from game.ui.menu import MenuScene

    menu, scene = _unsaved_game_held_by_the_menu(ui, app, monkeypatch)
    assert isinstance(menu, MenuScene)
    menu.start_number("7")
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    assert f"British Square (Union Square) #{scene.game.game}" in " ".join(ask.lines)
    assert load_statistics(scene.store)["union-square"].played == 0, "nothing is counted before the answer"
    ui.click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    ui.step(app)
    stats = load_statistics(scene.store)["union-square"]
    assert (stats.played, stats.abandoned) == (1, 1)
    assert isinstance(app.top, TableScene) and app.top.game.game == "7"
    assert menu.paused is None and not menu.paused_unsaved


def test_a_level_started_from_the_menu_counts_the_paused_game_that_could_not_be_saved(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same through the levels screen opened from that menu."""
    from game.levels import load_campaign
    from game.ui.dialogs import Dialog
    from game.ui.levels_scene import LevelsScene
    from game.ui.menu import MenuScene

    menu, scene = _unsaved_game_held_by_the_menu(ui, app, monkeypatch)
    assert isinstance(menu, MenuScene)
    levels = LevelsScene(app, "union-square")
    app.push(levels)
    ui.step(app)
    levels.play(load_campaign("union-square").levels[0])
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    ui.click(app, next(b for b in ask.buttons if b.label == "Play level 1").rect.center)
    ui.step(app)
    stats = load_statistics(scene.store)["union-square"]
    assert (stats.played, stats.abandoned) == (1, 1)
    assert menu.paused is None


def test_sounds_follow_the_cards(ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    game, moves = near_won_position("union-square")
    scene = ui.open_table(app, game)
    assert heard == ["deal"]
    heard.clear()
    ui.perform(app, scene, game.parse_move(moves[0]))  # p1-f1 by drag
    ui.settle(app, scene)
    assert heard == ["pickup", "foundation"]
    heard.clear()
    ui.drag(app, scene, game.place_index("p2"), game.place_index("p4"))  # AH onto an empty pile
    ui.settle(app, scene)
    assert heard == ["pickup", "putdown"]
    heard.clear()
    ui.drag(app, scene, game.place_index("p4"), game.place_index("f1"))  # AH on clubs: illegal
    ui.settle(app, scene)
    assert heard == ["pickup", "illegal"]
    heard.clear()
    ui.click(app, next(b for b in scene.hud.buttons if b.label == "Undo").rect.center)
    ui.settle(app, scene)
    assert heard[0] == "click" and heard[-1] == "putdown"


def test_with_a_card_in_hand_the_cards_that_may_fill_the_space_stop_glowing(ui: SimpleNamespace,
                                                                            app: App) -> None:
    """A space owed a fill lights the cards that may fill it; the card picked up was lit
    the same way, so it could not be told from them."""
    game = new_game("constitution", "5")
    for text in ("r1c6-f3", "r2c5-r1c6"):
        game.play(game.parse_move(text))
    scene = ui.open_table(app, game)
    ui.settle(app, scene)
    assert game.owed_space() == game.place_index("r2c5")
    sources = [s for s in game.fill_sources() if game.piles[s]]
    assert len(sources) >= 3
    layer = scene.renderer.layer(scene.game, scene.display_piles())

    def lit(place: int) -> int:
        """The pixels along the top edge of the card on ``place`` that the marks changed."""
        rect = scene.renderer.drawn_top(scene.display_piles(), place)
        return sum(1 for x in range(rect.left + 4, rect.right - 4, 2)
                   if app.screen.get_at((x, rect.top + 1)) != layer.get_at((x, rect.top + 1)))

    assert all(lit(s) > 5 for s in sources), "the cards that may fill the space glow"
    held, other = sources[-1], sources[0]
    ui.click(app, scene.renderer.drawn_top(scene.display_piles(), held).center)
    ui.step(app)
    assert scene.gestures.selected == held
    assert lit(held) > 5 and lit(other) == 0, "only the card in hand glows"


def test_the_more_menu_answers_the_arrows_and_enter_and_any_other_key_closes_it(
        ui: SimpleNamespace, app: App) -> None:
    """With the "⋯" menu open, the arrows and Enter moved the table's focus and picked up
    a card under it, the menu staying open (hostile review 29). Now they go through the
    menu, drawn focused; another key closes it and does what it does on the table."""
    app.resize((800, 600))
    table = ui.open_table(app, new_game("constitution-cadogan", 7))
    ui.settle(app, table)
    hud = table.hud
    assert len(hud.overflow) >= 2
    ui.click(app, hud.more.rect.center)
    assert hud.menu_open
    focus = table.gestures.focus
    ui.press(app, pygame.K_DOWN)
    ui.press(app, pygame.K_DOWN)
    ui.press(app, pygame.K_UP)
    assert [b.focused for b in hud.overflow] == [True] + [False] * (len(hud.overflow) - 1)
    assert table.gestures.focus == focus and table.gestures.selected is None and hud.menu_open
    ui.press(app, pygame.K_TAB)
    assert hud.overflow[1].focused
    ui.press(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    first = hud.overflow[0].label
    assert first == "Help" and hud.overflow[0].focused
    ui.press(app, pygame.K_RETURN)
    assert app.top is not None and app.top.name == "help" and not hud.menu_open
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    # opened again, nothing is focused until a key asks; D closes it and turns the stock
    ui.click(app, hud.more.rect.center)
    assert hud.menu_open and not any(b.focused for b in hud.overflow)
    stock = len(table.game.piles[table.game.stock])
    ui.press(app, pygame.K_d)
    assert not hud.menu_open and len(table.game.piles[table.game.stock]) == stock - 1


def test_a_press_on_a_covered_card_lifts_the_top_card_under_the_pointer(ui: SimpleNamespace,
                                                                        app: App) -> None:
    """Only a pile's top card moves: pressed on a card under it, the top card was lifted
    and drawn far from the pointer (122 px in British Square; hostile review 29). It now
    comes under the pointer."""
    table = ui.open_table(app, new_game("square", 7))
    ui.settle(app, table)
    game = table.game
    column = next(p for p in game.tableau if len(game.piles[p]) >= 3)
    rects = [r for _, p, r in table.card_positions if p == column]
    bottom = rects[0]
    at = (bottom.centerx, bottom.top + 5)
    assert not rects[-1].collidepoint(at)
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, at)
    ui.step(app)
    to = (at[0] + 30, at[1] + 40)
    ui.post_mouse(pygame.MOUSEMOTION, to, rel=(30, 40))
    ui.step(app)
    drag = table.gestures.drag
    assert drag is not None and drag.card == game.piles[column][-1]
    held = pygame.Rect(drag.corner, table.layout.card)
    assert held.collidepoint(to)
    ui.post_mouse(pygame.MOUSEBUTTONUP, to)
    ui.settle(app, table)
    assert table.gestures.drag is None


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_opposite_arrow_goes_back_where_the_last_one_came_from(ui: SimpleNamespace, app: App,
                                                                    rules: str) -> None:
    """The nearest place that way is chosen by the places' shapes, so from Union Square's
    waste Right led to pile 1 and Left from there to the stock (hostile review 29). From
    every place, each arrow that moves the focus, then its opposite, comes back, through
    the real loop."""
    table = ui.open_table(app, new_game(rules, 7))
    ui.settle(app, table)
    hands = table.gestures
    ui.press(app, pygame.K_TAB)  # the first focus key shows the focus
    assert hands.focus_visible
    opposite = {pygame.K_LEFT: pygame.K_RIGHT, pygame.K_RIGHT: pygame.K_LEFT,
                pygame.K_UP: pygame.K_DOWN, pygame.K_DOWN: pygame.K_UP}
    moved = 0
    for place in range(len(table.game.piles)):
        for key, back in opposite.items():
            hands.focus = place
            ui.press(app, key)
            if hands.focus == place:  # no place that way: nothing to retrace
                continue
            moved += 1
            ui.press(app, back)
            assert hands.focus == place, (table.game.place_name(place), pygame.key.name(key))
    assert moved > len(table.game.piles)
    # a new arrow after the retrace goes by the places' shapes again, not back and forth
    hands.focus = table.game.tableau.start
    ui.press(app, pygame.K_RIGHT)
    second = hands.focus
    ui.press(app, pygame.K_RIGHT)
    assert hands.focus not in (table.game.tableau.start, second)


def test_while_the_window_is_being_resized_the_whole_last_frame_shows_stretched(
        ui: SimpleNamespace, app: App) -> None:
    """Until the size settles, only the felt and the resting cards were drawn, stretched:
    the bar blinked off for a whole drag of the window's edge, and a card in flight
    vanished (hostile review 29). The whole last frame shows, bar and flying card with it."""
    game, moves = near_won_position("constitution")
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.step(app, 3)
    assert scene.anim.busy
    before = app.screen.copy()
    w, h = app.size
    size = (w + 100, h + 60)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(app)
    assert app.screen.get_size() == size and scene.layout.size == (w, h)  # not laid out yet
    stretched = pygame.transform.scale(before, size)
    bar = pygame.Rect(0, 0, size[0], round(scene.layout.hud.height * size[1] / h))
    assert pygame.image.tobytes(app.screen.subsurface(bar), "RGB") == \
        pygame.image.tobytes(stretched.subsurface(bar), "RGB")
    ui.step(app, round(table_module.RESIZE_SETTLE / ui.FRAME) + 2)
    assert scene.layout.size == size
    ui.settle(app, scene)
    ui.check_drawn(scene)


def test_the_hint_stays_shown_while_a_card_dropped_where_it_cannot_go_flies_back(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's arrow (and the glow of a space owed a fill) went away while any card
    flew, so an illegal drop's flight back hid it for a fifth of a second (hostile review
    29); a card flying back changes no place, and the arrow stays."""
    table = ui.open_table(app, new_game("union-square", 1))
    ui.settle(app, table)
    ui.press(app, pygame.K_h)
    assert table.session.hint is not None
    drawn: list[int] = []
    real = table.renderer.draw_hint
    monkeypatch.setattr(table.renderer, "draw_hint", lambda *a: (drawn.append(1), real(*a)))
    g = table.game
    legal = {(m.src, m.dst) for m in g.legal_moves()}
    src, dst = next((s, d) for s in g.tableau for d in g.tableau
                    if s != d and g.piles[s] and g.piles[d] and (s, d) not in legal)
    ui.drag(app, table, src, dst)
    assert table.anim.busy and not table.anim.moving  # flying back
    drawn.clear()
    ui.step(app, 3)
    assert table.anim.busy and len(drawn) == 3
    # a real move hides it while its card flies (the arrow would point from where it was)
    ui.settle(app, table)
    hint = table.session.hint
    assert hint is not None
    table.play(hint.move)
    drawn.clear()
    ui.step(app)
    assert table.anim.moving and drawn == []
