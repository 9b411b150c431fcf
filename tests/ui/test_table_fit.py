"""The table's own overlays keep what a player reads readable, through the real loop: the
hint's arrow hides no other card's index and no word on the felt, the footer's pill
covers no pile, the status is never cut, and the bar's "⋯" menu opens inside the window
and closes by Esc or a press beside it."""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import RULE_IDS, Move, new_game
from game.records.replay import load_replay
from game.records.settings import Settings
from game.ui.anim import ease_in_out
from game.ui.app import App
from game.ui.art import index_depth
from game.ui.art.faces import render_face
from game.ui.art.ink import finish
from game.ui.drawn import Kind
from game.ui.layout import TableLayout
from game.ui.piles import PileRenderer
from game.ui.scenes import SCENES
from game.ui.screenshots import screenshot_scene
from game.ui.table import TableScene
from game.ui.tooltips import TOOLTIP_DELAY, tooltip_words

#: the window sizes players use (wide, small, tall and narrow)
SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (800, 1000), (1080, 1920), (2560, 1440)]
#: a number as long as a random deal's
NUMBER = "12345678901234567890"
#: the positions whose hints are looked at: after this many moves of the first hint
HINTED_MOVES = (0, 4, 9, 15)
#: a message longer than any the game says
LONG = ("The space at Row 2, pile 4 must be filled before anything else moves: take the card from "
        "Row 3, pile 4, or turn the stock to bring a card that may fill it there, and then the next")


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """One headless app for the module (its card art is kept between tables of a size)."""
    data = tmp_path_factory.mktemp("table-fit") / "data"
    data.mkdir()
    app = App(size=SIZES[0], data_dir=data, settings=Settings(help_seen=RULE_IDS), scenes=SCENES,
              headless=True)
    app.running = True
    yield app
    while app.scenes:
        app.pop()


def _table(app: App, size: tuple[int, int], rules: str) -> TableScene:
    """The 20-digit deal of ``rules`` on the table at ``size``, its cards down."""
    while app.scenes:
        app.pop()
    app.running = True
    app.resize(size)
    pygame.event.clear()
    screenshot_scene(app, "table", argparse.Namespace(rules=rules, game=NUMBER, game_arg=NUMBER, moves=""))
    table = app.top
    assert isinstance(table, TableScene)
    _settle(app, table)
    return table


def _settle(app: App, table: TableScene) -> None:
    for _ in range(400):
        app.step(1 / 60)
        if not table.anim.busy:
            break
    app.step(1 / 60)
    assert not table.anim.busy


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


@pytest.mark.parametrize("size", [(800, 600), (800, 1000)])
@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_hint_arrow_hides_no_other_index_and_no_word(shared_app: App, rules: str,
                                                         size: tuple[int, int]) -> None:
    """Every hint of several positions: each card index shown (but the moving card's and
    its landing place's), each word on the felt and each badge looks the same with the
    hint drawn as without it; and most routes cross none of them at all."""
    app = shared_app
    table = _table(app, size, rules)
    renderer = table.renderer
    looked = clear = 0
    played = 0
    for target in HINTED_MOVES:
        while played < target and not table.game.is_won() and not table.game.is_lost():
            table.hint()
            hint = table.session.hint
            if hint is None:
                break
            table.play(hint.move)
            _settle(app, table)
            played += 1
        table.hint()
        hints = table.session.hint_list or []
        for _ in hints:
            hint = table.session.hint
            assert hint is not None
            app.step(1 / 60)
            app.draw()
            keep = renderer.hint.keep_off(table.game, hint.move)
            assert keep
            # the card the hint's card goes on is lit, its index with it: it is the target
            target = renderer.top_rect(table.game, hint.move.dst)
            keep = [r for r in keep if not r.colliderect(target)]
            shown = {tuple(r): _pixels(app.screen, r) for r in keep}
            drawn = renderer.draw_hint
            renderer.draw_hint = lambda *args: None  # type: ignore[method-assign]
            try:
                app.draw()
            finally:
                renderer.draw_hint = drawn  # type: ignore[method-assign]
            hidden = [r for r in keep if _pixels(app.screen, r) != shown[tuple(r)]]
            assert not hidden, f"{rules} {size}: the hint {hint.move} hides {hidden}"
            width = max(4, table.layout.card[0] // 14)
            route = renderer.hint.route(table.game, hint.move, width)
            pad = width // 2 + 3
            crossing = [r for r in keep if any(r.inflate(2 * pad, 2 * pad).clipline(p, q)
                                               for p, q in itertools.pairwise(route))]
            looked += 1
            clear += not crossing
            table.hint()
    assert looked >= 4
    assert clear * 3 >= looked * 2, f"only {clear} of {looked} routes keep clear"


def test_the_felts_words_are_tight_boxes() -> None:
    """A row's name above its row is as wide as its words, not as the row."""
    from game.ui.layout import table_layout

    for rules in ("constitution", "constitution-cadogan"):
        for size in SIZES:
            lay = table_layout(rules, size)
            for label in lay.labels:
                if label.text.startswith("Row"):
                    wide = 2 * lay.card[0] + len(label.text) * label.px
                    assert label.rect.width <= wide, (rules, size, label)


@pytest.mark.parametrize("size", SIZES)
def test_the_footer_covers_no_pile_and_no_index(shared_app: App, size: tuple[int, int]) -> None:
    """A message wrapped onto more lines, and a hint with its reason: the footer's pill
    stays clear of every place's area (where its pile grows) and every card index."""
    app = shared_app
    for rules in RULE_IDS:
        table = _table(app, size, rules)
        lay = table.layout
        for show in ("message", "hint"):
            if show == "message":
                table.say(LONG)
            else:
                table.message = ""
                table.hud.redraw()
                table.hint()
            app.step(1 / 60)
            app.draw()
            assert [b for b in app.drawn.of(Kind.TEXT) if b.name.startswith("footer: ")]
            where = table.hud.footer.rect
            assert pygame.Rect((0, 0), size).contains(where)
            hit = [i for i, area in enumerate(lay.areas) if area.colliderect(where)]
            assert not hit, f"{rules} {size}: the footer {where} covers places {hit}"
            indices = app.drawn.of(Kind.INDEX)
            assert indices and not [b for b in indices if b.rect.colliderect(where)]
            labels = [b for b in app.drawn.of(Kind.TEXT) if not b.name.startswith("footer: ")]
            assert not [b for b in labels if b.rect.colliderect(where)]


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1366, 768), (2560, 1440)])
def test_a_long_refusal_with_more_hints_is_never_cut(shared_app: App, size: tuple[int, int]) -> None:
    """With several hints to step through, a long refusal is shown whole in the bar or the
    footer: no "…" anywhere but in a shortened game number."""
    app = shared_app
    several = 0
    for rules in RULE_IDS:
        table = _table(app, size, rules)
        table.hint()
        several += len(table.session.hint_list or []) > 1
        game = table.game
        refusals = [(len(why), s, d) for s in range(len(game.piles)) for d in range(len(game.piles))
                    if s != d and (why := table.session.try_move(s, d).refused)]
        _, src, dst = max(refusals)
        table.move(src, dst)
        app.step(1 / 60)
        words = table.message
        assert words
        texts = app.drawn.of(Kind.TEXT)
        said = [b for b in texts if b.name.startswith(("status: ", "footer: "))]
        assert " ".join(b.name.split(": ", 1)[1] for b in said).split() == words.split()
        assert not [b.name for b in texts if "…" in b.name and b.name != "game number"]
    assert several >= 3  # (British Square's first position has one move to hint)


@pytest.mark.parametrize("size", [*SIZES, (800, 800), (1000, 1400)])
def test_the_more_menu_opens_inside_the_window_and_closes(shared_app: App, size: tuple[int, int]) -> None:
    """The "⋯" menu names what it holds, opens whole inside the window with its buttons
    apart, and closes by Esc (leaving the table where it is) or by a press beside it."""
    app = shared_app
    table = _table(app, size, "constitution")
    hud = table.hud
    if not hud.overflow:
        assert hud.more.rect.width == 0
        return
    assert "Rules" not in [b.label for b in hud.actions]
    words = tooltip_words(hud.more)
    assert words == "More: " + ", ".join(b.label for b in hud.overflow)

    def click(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)

    # the pointer resting on "⋯" shows what it holds
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hud.more.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(round(TOOLTIP_DELAY * 60) + 3):
        app.step(1 / 60)
    assert any(b.name == "tooltip of ⋯" for b in app.drawn.of(Kind.TEXT))
    window = pygame.Rect((0, 0), size)
    for _ in range(2):
        click(hud.more.rect.center)
        assert hud.menu_open
        panel = hud.menu.panel
        assert window.contains(panel), f"{size}: the menu {panel} is cut by the window"
        rects = [b.rect for b in hud.overflow]
        assert all(panel.contains(r) and r.top >= table.layout.hud.bottom for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        app.step(1 / 60)
        assert [b.name for b in app.drawn.of(Kind.BUTTON) if b.rect.top >= table.layout.hud.bottom] == \
            [b.label for b in hud.overflow]
        history = len(table.game.history)
        if _ == 0:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
            app.step(1 / 60)
        else:
            click((window.centerx, window.bottom - 3))
        assert not hud.menu_open and all(b.rect.width == 0 for b in hud.overflow)
        assert app.top is table and len(table.game.history) == history
    # with the menu closed, Esc still leaves the table for the menu
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    app.step(1 / 60)
    assert app.top is not table


def test_a_table_left_behind_lets_go_of_its_pictures(shared_app: App) -> None:
    """A new table lets go of the window-sized pictures of a table no longer shown (its
    parts point back at it, so it would wait for the cycle collector); the footer keeps
    only its latest pictures however many messages a game says."""
    app = shared_app
    old = _table(app, (1280, 800), "constitution")
    assert old.renderer.draw_stretched(app.screen)  # it has drawn its felt and cards
    for n in range(40):
        old.say(f"Message number {n} that is long enough to be worth a picture of its own")
        app.step(1 / 60)
    assert 0 < len(old.hud.footer._pictures) <= 16
    new = _table(app, (1280, 800), "square")
    assert new is not old and old not in app.scenes
    assert not old.renderer.draw_stretched(app.screen), "the table left behind kept its picture"
    assert len(old.hud.footer._pictures) == 0
    assert new.renderer.draw_stretched(app.screen)
    # shown again (a paused game continued), it draws everything afresh
    app.push(old)
    app.step(1 / 60)
    assert old.renderer.draw_stretched(app.screen) and app.drawn.of(Kind.INDEX)


def _growing(rules: str, fresh_holds: int) -> tuple[list[Move], Move]:
    """Moves of the 20-digit deal that build its piles long (never straight back), up to
    the one that makes a pile longer than ``fresh_holds``: (the moves before, that move),
    from the first of a few seeded walks that gets there."""
    for seed in range(3, 40):
        game = new_game(rules, NUMBER)
        rng = random.Random(seed)
        played: list[Move] = []
        for _ in range(300):
            legal = [m for m in game.legal_moves()
                     if not played or (m.src, m.dst) != (played[-1].dst, played[-1].src)]
            builds = [m for m in legal if m.dst in game.tableau and game.piles[m.dst]] or legal
            if not builds:
                break
            longest = max(len(game.piles[m.dst]) for m in builds)
            pool = [m for m in builds if len(game.piles[m.dst]) == longest] if rng.random() < 0.8 else builds
            move = rng.choice(pool)
            if move.dst in game.tableau and len(game.piles[move.dst]) + 1 > fresh_holds:
                return played, move
            game.play(move)
            played.append(move)
    raise AssertionError("no pile grew long")


def _about_to_grow(app: App, rules: str, size: tuple[int, int]) -> tuple[TableScene, TableLayout, Move]:
    """A table of ``rules`` at ``size``, played through the loop up to the move that makes
    a row's pile longer than its fresh layout shows whole: the table, that fresh layout,
    and the move."""
    table = _table(app, size, rules)
    fresh = table.layout
    holds = min(fresh.readable_count(i) for i in table.game.tableau if fresh.steps[i])
    before, move = _growing(rules, holds)
    for m in before:
        table.play(m)
        _settle(app, table)
    return table, fresh, move


@pytest.mark.parametrize(("rules", "size"), [("constitution-cadogan", (2560, 1440)),
                                             ("constitution-cadogan", (1280, 800)),
                                             ("constitution", (800, 600)),
                                             ("union-square", (800, 600)),
                                             ("union-square", (1600, 600))])
def test_a_pile_grown_long_gets_the_room_to_show_every_index(shared_app: App, rules: str,
                                                              size: tuple[int, int]) -> None:
    """Through the loop: the move that makes a row's pile longer than the fresh layout
    shows whole lays the rows out again (each covered index whole), and its undo goes
    back to the fresh layout."""
    app = shared_app
    table, fresh, move = _about_to_grow(app, rules, size)
    assert table.layout.fans == ()
    table.play(move)
    _settle(app, table)
    lay = table.layout
    assert lay.fans, "the rows were not laid out again for the long pile"
    for i, pile in enumerate(table.game.piles):
        if lay.steps[i]:
            assert len(pile) <= lay.readable_count(i), table.game.place_name(i)
    indices = app.drawn.of(Kind.INDEX)
    need = index_depth(lay.card[0]) * lay.card[1]
    long = max(table.game.tableau, key=lambda i: len(table.game.piles[i]))
    rects = lay.card_rects(long, len(table.game.piles[long]))
    assert all(b.top - a.top >= need for a, b in itertools.pairwise(rects)) and indices
    table.undo()
    _settle(app, table)
    assert table.layout.fans == () and table.layout.card == fresh.card


@pytest.mark.parametrize(("rules", "size"), [("constitution-cadogan", (1280, 800)),
                                             ("union-square", (800, 600))])
def test_the_cards_glide_to_the_rows_laid_out_again(shared_app: App, rules: str,
                                                    size: tuple[int, int]) -> None:
    """Through the loop: the move that lays the rows out again for a long pile sends the
    resting cards gliding from their old places to their new ones as its card flies
    (Lady Cadogan lays its rows out again about ten times a game, and every card jumped);
    half way, a resting card that moves is drawn half way along; then the table rests at
    the new layout, drawn as afresh. With animation off, nothing glides."""
    app = shared_app
    table, fresh, move = _about_to_grow(app, rules, size)
    table.play(move)
    assert table.glide is not None and table.glide.start is fresh
    new = table.layout
    assert new is not fresh
    # a top card of a pile away from the move whose place moved furthest
    piles = table.game.piles
    away = [i for i, pile in enumerate(piles)
            if pile and i not in (move.src, move.dst) and i not in table.game.foundations
            and new.steps[i] and new.bases[i].topleft != fresh.bases[i].topleft]
    assert away, "no resting card moved"
    place = max(away, key=lambda i: abs(new.bases[i].y - fresh.bases[i].y)
                + abs(new.bases[i].x - fresh.bases[i].x))
    old_rect = fresh.card_rects(place, len(piles[place]))[-1]
    new_rect = new.card_rects(place, len(piles[place]))[-1]
    while table.glide is not None and table.glide.progress < 0.5:
        app.step(1 / 60)
    assert table.glide is not None
    t = ease_in_out(table.glide.progress)
    at = (round(old_rect.x + (new_rect.x - old_rect.x) * t),
          round(old_rect.y + (new_rect.y - old_rect.y) * t))
    face = app.art.quick_face(piles[place][-1], new.card)
    inner = face.get_rect().inflate(-new.card[0] // 3, -new.card[1] // 3)  # clear of the round corners

    def shows_face(topleft: tuple[int, int]) -> bool:
        return _pixels(app.screen, inner.move(topleft)) == _pixels(face, inner)

    assert shows_face(at), "the card is not half way along"
    assert at != new_rect.topleft and not shows_face(new_rect.topleft)
    _settle(app, table)
    for _ in range(30):
        app.step(1 / 60)
    assert table.glide is None
    _felt_as_drawn_afresh(app, table)
    # animation off: the rows are laid out again at once
    table.undo()
    _settle(app, table)
    assert table.layout.fans == ()
    app.settings.animation_speed = 0.0
    try:
        table.play(move)
        assert table.layout.fans and table.glide is None
    finally:
        app.settings.animation_speed = 1.0
        table.undo()
        _settle(app, table)


@pytest.mark.parametrize(("rules", "size"), [("constitution-cadogan", (1280, 800)),
                                             ("union-square", (800, 600))])
def test_the_moving_card_takes_off_from_where_it_lay_when_the_rows_are_laid_out_again(
        shared_app: App, rules: str, size: tuple[int, int]) -> None:
    """The move that lays the rows out again flew its card from its place in the new
    layout, 23–40 px from where it was drawn, while the resting cards glided from their
    old places (hostile review 29); its undo did the same. The card now takes off from
    where it lay, and lands where the new layout puts it."""
    app = shared_app
    table, _fresh, move = _about_to_grow(app, rules, size)
    lay_before = table.layout
    drawn = table.renderer.top_rect(table.game, move.src).topleft
    table.play(move)
    assert table.layout is not lay_before and table.glide is not None
    [flight, *_] = table.anim.flights
    locate = table.renderer.locator(table.game)
    assert flight.position(locate) == (float(drawn[0]), float(drawn[1]))
    assert locate(flight.src, flight.src_slot) != (float(drawn[0]), float(drawn[1]))
    _settle(app, table)
    tops = {p: table.renderer.top_rect(table.game, p).topleft for p in range(len(table.game.piles))}
    # the undo lays the rows back: its first card flies back from where it was drawn
    table.undo()
    assert table.layout.fans == () and table.glide is not None
    [back, *_] = table.anim.flights
    assert back.position(table.renderer.locator(table.game)) == tuple(map(float, tops[back.src]))
    _settle(app, table)


def _felt_as_drawn_afresh(app: App, table: TableScene) -> None:
    """The felt and the resting cards the loop drew are what a renderer new to the
    table's layout draws (every place's outline under its pile, no outline left where a
    place was), and the felt's words were recorded where the layout puts them."""
    piles = table.display_piles()
    drawn = table.renderer.layer(table.game, piles)
    fresh = PileRenderer(app.art, table.layout, app.palette).layer(table.game, piles)
    assert _pixels(drawn, drawn.get_rect()) == _pixels(fresh, fresh.get_rect()), \
        f"the felt of another layout at {table.layout.size}"
    words = {(b.name, tuple(b.rect)) for b in app.drawn.of(Kind.TEXT)}
    for label in table.layout.labels:
        assert any(name == label.text and label.rect.contains(rect) for name, rect in words), label.text


@pytest.mark.parametrize(("rules", "size"), [("constitution-cadogan", (1280, 720)),
                                             ("union-square", (800, 600))])
def test_the_felt_follows_the_rows_laid_out_again(shared_app: App, rules: str,
                                                   size: tuple[int, int]) -> None:
    """Through the loop, at one window size: once a long pile lays the rows out again,
    the felt drawn is the new layout's, outlines and words (the felt was kept by window
    size alone, so the old outlines stood beside the cards as ghost frames and the rows'
    names stayed where the rows had been); and again once an undo goes back."""
    app = shared_app
    table, _, move = _about_to_grow(app, rules, size)
    _felt_as_drawn_afresh(app, table)
    table.play(move)
    _settle(app, table)
    assert table.layout.fans and table.layout.size == size
    _felt_as_drawn_afresh(app, table)
    table.undo()
    _settle(app, table)
    assert table.layout.fans == ()
    _felt_as_drawn_afresh(app, table)


@pytest.mark.parametrize("size", [(800, 600), (800, 1000), (800, 1280), (1024, 768)])
def test_a_twenty_digit_number_is_shown_whole_in_the_bar(shared_app: App, size: tuple[int, int]) -> None:
    """Where the bar's left block holds the whole number in a slightly smaller text, it
    is shown whole (it was cut in the middle in tall windows as wide as 800 × 600's)."""
    for rules in RULE_IDS:
        table = _table(shared_app, size, rules)
        plan = table.hud.plan
        assert plan is not None and plan.number == f"#{NUMBER}", (rules, size, plan.number)
        assert plan.px_small - 3 <= plan.number_px <= plan.px_small


@pytest.mark.parametrize("size", [(1080, 1920), (1280, 800), (2560, 1440)])
def test_a_bar_as_wide_as_a_laptops_keeps_every_button(shared_app: App, size: tuple[int, int]) -> None:
    """A 1080-wide tall window's bar is tall, and its type was so large that Demo went
    into "⋯", where an 800-wide window shows it: the type is made a little smaller first."""
    table = _table(shared_app, size, "constitution")
    assert table.hud.menu.overflow == []
    assert {b.label for b in table.hud.actions} >= {"Hint", "Demo", "Undo", "Redo", "Menu"}


def test_the_deck_keeps_the_large_index_face_once_its_cards_got_that_small(shared_app: App) -> None:
    """Lady Cadogan 57 at 1280×800 (the won line in docs/wins): its cards are 71 px wide,
    just wide enough for the standard face, and shrink to 52–67 px and grow back as its
    rows are laid out again, so every card changed its look four times a game (hostile
    review 29). Once they got small enough for the large-index face, the table keeps it
    until the window or the game changes: drawn through the loop, a card at 71 px again
    shows the large-index face."""
    app = shared_app
    wins = Path(__file__).resolve().parents[2] / "docs" / "wins"
    replay = load_replay(wins / "constitution-cadogan-57.replay")
    while app.scenes:
        app.pop()
    app.running = True
    app.resize((1280, 800))
    screenshot_scene(app, "table", argparse.Namespace(rules=replay.rules, game=replay.game,
                                                      game_arg=replay.game, moves=""))
    table = app.top
    assert isinstance(table, TableScene) and table.game.game == "57"
    _settle(app, table)
    fresh = table.layout.card
    assert fresh[0] >= 70 and not table.large_held
    shrank = False
    for text in replay.move_texts:
        table.play(table.game.parse_move(text))
        _settle(app, table)
        shrank = shrank or table.layout.card[0] < 70
        if shrank and table.layout.card == fresh:
            break
    else:
        raise AssertionError("the cards never shrank and grew back")
    assert table.large_held
    g = table.game
    place = next(p for p in g.tableau if g.piles[p])
    rect = table.renderer.top_rect(g, place)
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    large = finish(render_face(g.piles[place][-1], fresh, app.art.four_colour, True))
    standard = finish(render_face(g.piles[place][-1], fresh, app.art.four_colour, False))
    local = inner.move(-rect.x, -rect.y)
    assert _pixels(app.screen, inner) == _pixels(large, local) != _pixels(standard, local)
    # a new game (or window) starts afresh with the face the cards' size gives
    table.exits.restart()
    _settle(app, table)
    assert not table.large_held


@pytest.mark.parametrize("size", [(800, 600), (800, 1000), (800, 1400), (1080, 1920), (1280, 800),
                                  (1920, 1080)])
def test_the_bar_is_no_taller_than_its_buttons_need(shared_app: App, size: tuple[int, int]) -> None:
    """At 800 x 1400 the bar was 76 px tall round buttons 29 px tall (its type follows
    the window's width there): a dark band with the table's cards pushed down. The bar's
    buttons take more than half its height, the bar no more than its width allows its
    type, and the cards start under it."""
    table = _table(shared_app, size, "constitution")
    hud = table.layout.hud
    buttons = [b for b in table.hud.actions if b.rect.width]
    assert buttons and all(hud.contains(b.rect) for b in buttons)
    assert buttons[0].rect.height > hud.height * 0.55, (buttons[0].rect.height, hud.height)
    assert hud.height <= max(44, round(size[0] * 0.06))
    assert min(r.top for r in table.layout.bases) > hud.bottom
