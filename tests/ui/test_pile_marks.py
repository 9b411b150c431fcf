"""What the piles show a player, through the real loop: every visible card index is
recorded where it is drawn, no badge (a count, a direction, "Fill") covers one, the
place names stay apart, each Square foundation says which way it is going, the hint's
arrow runs between the piles, and neighbouring drop targets keep their frames apart."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, Game, Layout, new_game, rules_class
from game.records.settings import Settings
from game.ui import theme
from game.ui.app import App
from game.ui.drawn import Kind, overlaps
from game.ui.scenes import SCENES
from game.ui.table import TableScene
from game.ui.tooltips import TOOLTIP_DELAY
from tests.engine.helpers import position

SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (800, 1000), (1080, 1920), (2560, 1440)]
NUMBER = "12345678901234567890"


def _long_piles(game: Game, moves: int = 60, seed: int = 3) -> Game:
    """``game`` after up to ``moves`` moves that mostly build on the longest piles (never
    straight back, never into a lost position), so that the fans are long."""
    rng = random.Random(seed)
    last = None
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if last is None or (m.src, m.dst) != (last.dst, last.src)]
        builds = [m for m in legal if m.dst in game.tableau] or legal
        if not builds:
            break
        longest = max(len(game.piles[m.dst]) for m in builds)
        pool = [m for m in builds if len(game.piles[m.dst]) == longest] if rng.random() < 0.7 else builds
        move = rng.choice(pool)
        game.play(move)
        if game.is_lost():
            game.undo()
            break
        last = move
    return game


def _table(size: tuple[int, int], game: Game, tmp_path: Path,
           high_contrast: bool = False) -> tuple[App, TableScene]:
    app = App(size=size, data_dir=tmp_path / "data",
              settings=Settings(animation_speed=0, high_contrast=high_contrast), scenes=SCENES, headless=True)
    app.running = True
    scene = TableScene(app, game)
    scene.keep_records = False
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    return app, scene


@pytest.mark.parametrize(("rules", "size"), list(itertools.product(RULE_IDS, SIZES)))
def test_every_index_is_recorded_and_no_badge_covers_one(rules: str, size: tuple[int, int],
                                                         tmp_path: Path) -> None:
    app, scene = _table(size, _long_piles(new_game(rules, NUMBER)), tmp_path)
    scene.hint()
    app.step(1 / 60)
    game = scene.game
    indices = app.drawn.of(Kind.INDEX)
    # one per face-up card that shows (a fan's every card, a squared pile's top), and
    # the turned index of each top card where the face has one
    shown = sum(len(p) if scene.layout.steps[i] else 1
                for i, p in enumerate(game.piles) if p and i != game.stock)
    tops = sum(1 for i, p in enumerate(game.piles) if p and i != game.stock)
    assert shown <= len(indices) <= shown + tops
    for box in indices:
        assert any(box.rect.colliderect(rect) for _, _, rect in scene.card_positions), box.name
    badges = app.drawn.of(Kind.BADGE)
    counts = [b for b in badges if b.name.endswith("count")]
    assert len(counts) == (2 if game.waste >= 0 else 1)
    assert overlaps(badges, indices) == []
    table_words = [b for b in app.drawn.of(Kind.TEXT) if b.rect.top >= scene.layout.hud.bottom
                   and not b.rect.colliderect(scene.layout.footer)]
    names = {b.name for b in table_words}
    assert {"Stock", "Foundations"} <= names and ("Waste" in names) == (game.waste >= 0)
    assert overlaps(table_words, table_words) == []
    assert overlaps(table_words, indices) == []


@pytest.mark.parametrize(("rules", "size"), list(itertools.product(
    [r for r in RULE_IDS if new_game(r, NUMBER).waste >= 0], SIZES)))
def test_the_stock_and_the_waste_are_named_at_one_size(rules: str, size: tuple[int, int],
                                                       tmp_path: Path) -> None:
    """Through the loop, the stock turned by clicks until the waste's count has two
    digits: "Stock" and "Waste" are written at one size, their counts too, each name
    with its count inside its box, and none changes size as the counts change (in Lady
    Cadogan at 800 x 600, "Waste" was drawn smaller than "Stock" once its count reached
    ten)."""
    app, scene = _table(size, new_game(rules, NUMBER), tmp_path)
    game, lay = scene.game, scene.layout

    def drawn() -> dict[str, pygame.Rect]:
        app.step(1 / 60)
        boxes = {b.name: b.rect for b in app.drawn.of(Kind.TEXT) if b.name in ("Stock", "Waste")}
        boxes.update({b.name: b.rect for b in app.drawn.of(Kind.BADGE) if b.name.endswith(" count")})
        assert len(boxes) == 4
        assert boxes["Stock"].height == boxes["Waste"].height
        assert boxes["stock count"].height == boxes["waste count"].height
        for label in lay.counted.values():
            name = label.text
            whole = boxes[name].union(boxes[f"{name.lower()} count"])
            assert label.rect.left <= whole.left and whole.right <= label.rect.right, name
        return boxes

    first = drawn()
    stock = lay.bases[game.stock].center
    turns = 0
    while len(game.piles[game.waste]) < 10 and turns < 30:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stock, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=stock, button=1))
        app.step(1 / 60)
        turns += 1
    assert len(game.piles[game.waste]) >= 10 and scene.layout is lay
    later = drawn()
    assert later["Waste"].size == first["Waste"].size and later["Stock"].size == first["Stock"].size
    assert later["waste count"].height == first["waste count"].height


#: the windows the stock's and the waste's names are read in: the smallest, landscape,
#: short and wide, tall and narrow, and large
NAMED_SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1200, 600), (800, 1000), (800, 1400),
               (1080, 1920), (2560, 1440)]
#: a long run in alternate colours for each row of both Constitution sets (the longest
#: fans their rules allow, so that the rows get their smallest cards)
LONG_RUNS = {"r1c1": "JH 10S 9H 8S 7H 6S 5H 4S 3H 2S", "r2c1": "JD 10C 9D 8C 7D 6C 5D 4C 3D 2C",
             "r3c1": "JS 10H 9S 8H 7S 6H 5S 4H 3S 2H", "r4c1": "JC 10D 9C 8D 7C 6D 5C 4D 3C 2D"}


def _mid_game(rules: str, kind: str) -> Game:
    """A position of ``rules`` in the middle of a game: a deal played on for 80 moves
    mostly onto its longest piles ("played"), or (the rows' smallest cards) a long run
    on each row of fans with twelve cards in the waste ("long")."""
    if kind == "played":
        return _long_piles(new_game(rules, NUMBER), 80)
    profile = rules_class(rules).profile
    if profile.layout is Layout.ROWS:
        runs = {name: run for name, run in LONG_RUNS.items() if int(name[1]) <= profile.built_rows}
    elif profile.layout is Layout.UNION_GRID:
        runs = {"p1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH",
                "p9": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"}
    else:
        runs = {"c1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH 2H 3H 4H 5H"}
    waste = "8C 9C 10C JC 2D 3D 4D 6D 7D 8D 9D 10D" if rules_class(rules).waste >= 0 else ""
    return position(rules, runs, waste=waste)


@pytest.mark.parametrize(("rules", "size", "kind", "high_contrast"), [
    *[(rules, size, kind, False) for rules in RULE_IDS for size in NAMED_SIZES
      for kind in ("played", "long")],
    *[(rules, size, "long", True) for rules in RULE_IDS for size in NAMED_SIZES[:5]]])
def test_the_stock_and_the_waste_are_named_readably_mid_game(rules: str, size: tuple[int, int], kind: str,
                                                             high_contrast: bool, tmp_path: Path) -> None:
    """In the middle of a game, where long fans have made the cards small, the names
    "Stock" and "Waste" and their counts are drawn at 11 px at least (as the rows'
    names are; in Lady Cadogan at 800 x 600 they were squeezed beside their counts
    into one card's width at 8 px), each count beside its name or under it, both in
    the name's box above the card and on no card; the two names at one size."""
    app, scene = _table(size, _mid_game(rules, kind), tmp_path, high_contrast)
    game, lay = scene.game, scene.layout
    least = pygame.font.Font.get_height(theme.font(11, high_contrast))
    names = {b.name: b.rect for b in app.drawn.of(Kind.TEXT) if b.name in ("Stock", "Waste")}
    counts = {b.name: b.rect for b in app.drawn.of(Kind.BADGE) if b.name.endswith(" count")}
    assert sorted(names) == sorted(label.text for label in lay.counted.values())
    assert len({rect.height for rect in names.values()}) == 1
    cards = [rect for _, _, rect in scene.card_positions] + list(lay.bases)
    for index, label in lay.counted.items():
        name, count = names[label.text], counts[f"{label.text.lower()} count"]
        assert name.height >= least, (label.text, name.size, lay.card)
        assert count.height >= least
        assert label.rect.contains(name) and label.rect.contains(count), (label.rect, name, count)
        beside = count.left >= name.right and count.centery == name.centery
        under = count.top >= name.bottom and abs(count.centerx - name.centerx) <= 1
        assert beside or under
        assert count.bottom <= lay.bases[index].top
        assert name.collidelist(cards) == -1 and count.collidelist(cards) == -1
    if kind == "long":  # counts of two digits
        assert min(len(game.piles[index]) for index in lay.counted) >= 10


#: the rule sets whose foundations go up to the King and then down again
SQUARE_SETS = [r for r in RULE_IDS if rules_class(r).profile.layout is not Layout.ROWS]
#: the window sizes the foundations' badges are looked at in: the smallest, landscape,
#: tall and very wide
BADGE_SIZES = [(800, 600), (1024, 768), (1280, 720), (1920, 1080), (800, 1280), (1080, 1920), (2400, 700)]
#: the colours of a direction badge going up and coming down (PileMarks._direction_badge)
UP, DOWN = (40, 120, 200), (200, 90, 40)


def _foundations_both_ways(rules: str) -> Game:
    """A position of ``rules`` whose ♣ foundation is coming down (17 cards: 10♣ on top),
    whose ♠ foundation is going up (A♠ to 5♠), whose ♥ foundation is empty and whose ♦
    foundation is full; the cards each takes next (9♣, 6♠) are on top of the first and
    the fourth place of the tableau."""
    cls = rules_class(rules)
    first, second, third, fourth = (cls.places[t].name for t in cls.tableau[:4])
    piles = {first: "9H 9C", second: "QH", third: "4S 5S", fourth: "2C 6S"}
    return position(rules, piles, foundations=[17, 5, 0, 26], waste="7H")


def _badge_colour(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int] | None:
    """UP or DOWN, whichever most of the pixels in ``rect`` are near (None: neither)."""
    near = {UP: 0, DOWN: 0}
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            pixel = tuple(surface.get_at((x, y)))[:3]
            for colour in near:
                near[colour] += sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40
    best = max(near, key=lambda colour: near[colour])
    return best if near[best] >= rect.width * rect.height // 5 else None


@pytest.mark.parametrize(("rules", "size", "high_contrast"), [
    *[(rules, size, False) for rules in SQUARE_SETS for size in BADGE_SIZES],
    *[(rules, (1024, 768), True) for rules in SQUARE_SETS]])
def test_each_square_foundation_shows_which_way_it_is_going(rules: str, size: tuple[int, int],
                                                            high_contrast: bool, tmp_path: Path) -> None:
    """A foundation going up has the blue ▲ badge of a pile going up, one coming down
    from the King the orange ▼; an empty one (it takes the Ace) and a full one have
    none. Each badge stands just right of the top of its own card, inside the window
    and clear of every card and place, the felt's words, the bar, the footer and the
    other badges (before, nothing said whether a foundation showing Q♠ needed K♠ or
    J♠)."""
    app, scene = _table(size, _foundations_both_ways(rules), tmp_path, high_contrast)
    game, lay = scene.game, scene.layout
    assert [len(game.piles[f]) for f in game.foundations] == [17, 5, 0, 26]
    badges = app.drawn.of(Kind.BADGE)
    shown = {b.name: b for b in badges if b.name.startswith("direction of f")}
    assert sorted(shown) == ["direction of f1", "direction of f2"]
    window = pygame.Rect((0, 0), size)
    cards = [rect for _, _, rect in scene.card_positions]
    words = [b for b in app.drawn.of(Kind.TEXT) if b.rect.colliderect(window)]
    for f, colour in ((0, DOWN), (1, UP)):
        badge = shown[f"direction of {game.place_name(f)}"]
        rect, base = badge.rect, lay.bases[f]
        assert _badge_colour(app.screen, rect.inflate(-rect.width // 3, -rect.height // 3)) == colour
        assert window.contains(rect)
        assert not rect.colliderect(lay.hud) and not rect.colliderect(lay.footer)
        assert rect.collidelist(cards) == -1 and rect.collidelist(lay.areas) == -1
        assert overlaps([badge], words) == [] and overlaps([badge], badges) == []
        # its own card's: just beside the top of it, nearer it than any other place
        assert 0 < rect.left - base.right <= lay.card[0] // 10
        assert base.top <= rect.top and rect.bottom <= base.centery
        nearest = min(range(len(lay.bases)), key=lambda i: _distance(rect, lay.bases[i]))
        assert nearest == f


def _tips(app: App) -> list[str]:
    return [b.name for b in app.drawn.of(Kind.TEXT) if b.name.startswith("tooltip: ")]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (800, 1280)])
@pytest.mark.parametrize("rules", SQUARE_SETS)
def test_a_foundations_badge_pointed_at_says_where_it_is_going(ui: SimpleNamespace, app: App, rules: str,
                                                               size: tuple[int, int]) -> None:
    """The pointer resting on a foundation's badge as long as on a button of the bar
    brings up its words: which way the foundation goes, the card it takes next and how
    many of its 26 it holds; level with the badge, inside the window, on no card of its
    own foundation and on no other word of the table; gone when the pointer leaves."""
    app.resize(size)
    scene = ui.open_table(app, _foundations_both_ways(rules))
    badge = next(b.rect for b in app.drawn.of(Kind.BADGE) if b.name == "direction of f1")
    ui.post_mouse(pygame.MOUSEMOTION, badge.center)
    ui.step(app, round(TOOLTIP_DELAY / ui.FRAME) // 2)
    assert _tips(app) == []  # passing over a badge shows nothing
    ui.step(app, round(TOOLTIP_DELAY / ui.FRAME))
    assert _tips(app) == ["tooltip: The ♣ foundation is coming down: 9♣ next (17 of 26 cards)"]
    tip = next(b for b in app.drawn.of(Kind.TEXT) if b.name.startswith("tooltip: "))
    lay = scene.layout
    assert pygame.Rect((0, 0), size).contains(tip.rect) and not tip.rect.colliderect(lay.hud)
    assert tip.rect.centery == badge.centery
    assert not tip.rect.colliderect(badge) and not tip.rect.colliderect(lay.bases[0])
    table_words = [b for b in app.drawn.of(Kind.TEXT) if b is not tip and b.rect.top >= lay.hud.bottom]
    assert overlaps([tip], table_words) == []
    ui.post_mouse(pygame.MOUSEMOTION, (badge.centerx, lay.bases[0].bottom + 2))
    ui.step(app, 2)
    assert _tips(app) == []


def test_a_foundation_with_the_keyboards_focus_says_where_it_is_going(ui: SimpleNamespace, app: App) -> None:
    """Tab and Shift+Tab go round the places, the foundations last: on a foundation with
    a badge, its words show at once; on one without (empty, or full), none do."""
    ui.open_table(app, _foundations_both_ways("union-square"))
    ui.press(app, pygame.K_TAB)  # the focus shows where it is, on the first pile
    assert _tips(app) == []
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the ♦ foundation: full
    assert _tips(app) == []
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the ♥ foundation: empty
    assert _tips(app) == []
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert _tips(app) == ["tooltip: The ♠ foundation is going up: 6♠ next (5 of 26 cards)"]
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert _tips(app) == ["tooltip: The ♣ foundation is coming down: 9♣ next (17 of 26 cards)"]
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the stock
    assert _tips(app) == []


def test_the_first_shift_tab_shows_the_focus_on_the_last_place(ui: SimpleNamespace, app: App) -> None:
    """Going back from where the focus starts (the first pile) leads to the last place,
    the last foundation: the first Shift+Tab shows the focus there, as a first Tab shows
    it on the first pile."""
    table = ui.open_table(app, _foundations_both_ways("union-square"))
    order = table.gestures.tab_order()
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.gestures.focus_visible and table.gestures.focus == order[-1]
    ui.press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.gestures.focus == order[-2]


def _distance(a: pygame.Rect, b: pygame.Rect) -> int:
    """The gap between two rectangles (0 where they touch or overlap)."""
    return max(0, b.left - a.right, a.left - b.right) + max(0, b.top - a.bottom, a.top - b.bottom)


@pytest.mark.parametrize("rules", [r for r in RULE_IDS if r not in SQUARE_SETS])
def test_foundations_that_only_go_up_have_no_badge(rules: str, tmp_path: Path) -> None:
    game = position(rules, {}, foundations=[5, 1, 11, 2, 1, 1, 1, 1])
    app, _ = _table((1280, 720), game, tmp_path)
    assert not [b for b in app.drawn.of(Kind.BADGE) if b.name.startswith("direction of f")]


def _crossed(route: list[tuple[int, int]], rects: list[pygame.Rect]) -> list[pygame.Rect]:
    return [r for r in rects if any(r.clipline(p, q) for p, q in itertools.pairwise(route))]


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_hint_arrow_runs_between_the_piles(rules: str, tmp_path: Path) -> None:
    app, scene = _table((1280, 800), _long_piles(new_game(rules, NUMBER), 30), tmp_path)
    game = scene.game
    r = scene.renderer
    width = max(4, scene.layout.card[0] // 14)
    straight_crossed = 0
    for move in game.legal_moves():
        app.step(1 / 60)
        src = r.top_rect(game, move.src)
        landing = (r.slot_rect(game, move.dst, len(game.piles[move.dst])) if scene.layout.steps[move.dst]
                   else scene.layout.bases[move.dst])
        others = [b.rect for b in app.drawn.of(Kind.INDEX, Kind.BADGE)
                  if not b.rect.colliderect(src) and not landing.collidepoint(b.rect.center)]
        route = r.hint.route(game, move, width)
        assert route[0] == src.center
        assert landing.inflate(2, 2).collidepoint(route[-1])
        straight_crossed += bool(_crossed([src.center, landing.center], others))
        assert _crossed(route, [o.inflate(width, width) for o in others]) == [], game.move_text(move)
    if rules in ("constitution-cadogan", "union-square"):
        # in these positions a straight arrow would cross other cards' indices
        assert straight_crossed > 0


@pytest.mark.parametrize("size", [(800, 600), (800, 1280)])
@pytest.mark.parametrize("rules", SQUARE_SETS)
def test_the_hint_arrow_keeps_off_the_foundations_badges(rules: str, size: tuple[int, int],
                                                         tmp_path: Path) -> None:
    app, scene = _table(size, _foundations_both_ways(rules), tmp_path)
    game = scene.game
    r = scene.renderer
    width = max(4, scene.layout.card[0] // 14)
    badges = [b.rect for b in app.drawn.of(Kind.BADGE) if b.name.startswith("direction of f")]
    assert len(badges) == 2
    homes = [m for m in game.legal_moves() if m.dst in game.foundations]
    assert sorted(game.move_text(m)[-2:] for m in homes) == ["f1", "f2"]
    for move in game.legal_moves():
        route = r.hint.route(game, move, width)
        assert _crossed(route, [b.inflate(width, width) for b in badges]) == [], game.move_text(move)


def test_the_hint_lights_its_card_and_its_place(tmp_path: Path) -> None:
    app, scene = _table((1280, 800), new_game("square", NUMBER), tmp_path)
    game = scene.game
    before = app.screen.copy()
    scene.hint()
    app.step(1 / 60)
    move = scene.session.hint_list[0].move
    after = app.screen
    glow = app.palette.glow
    for rect in (scene.renderer.top_rect(game, move.src), scene.renderer.top_rect(game, move.dst)):
        # the glow's frame lies along the card's left edge (half-way down, below the
        # arrow's way): it takes on the glow's colour
        spot = (rect.left, rect.centery + rect.height // 4)
        was, now = before.get_at(spot), after.get_at(spot)
        assert sum(abs(a - b) for a, b in zip(now[:3], glow, strict=True)) < \
            sum(abs(a - b) for a, b in zip(was[:3], glow, strict=True)) - 30


def test_neighbouring_targets_keep_their_frames_apart(tmp_path: Path) -> None:
    app, scene = _table((800, 600), new_game("union-square", NUMBER), tmp_path)
    lay = scene.layout
    first, second = lay.bases[4], lay.bases[5]  # side by side in the first row of piles
    assert first.top == second.top and second.left > first.right
    surface = pygame.Surface(lay.size)
    surface.fill((0, 80, 0))
    scene.renderer.target(surface, first, aimed=True)
    scene.renderer.target(surface, second, aimed=False)
    colour = app.palette.target
    middle = (first.right + second.left) // 2
    column = [tuple(surface.get_at((middle, y)))[:3] for y in range(first.top, first.bottom)]
    assert colour not in column
    # each frame is there, just outside its own card
    room = lay.outline_room[0]
    assert tuple(surface.get_at((first.right + room - 2, first.centery)))[:3] == colour
    assert tuple(surface.get_at((second.left - room + 1, second.centery)))[:3] == colour


@pytest.mark.parametrize("rules", SQUARE_SETS)
def test_direction_badges_are_large_enough_to_read_at_800x600(rules: str, tmp_path: Path) -> None:
    """Which way a pile or a foundation goes is the one thing a Square player must read
    on the table; at 800 x 600 the badges were 16 pixels across (a first-hour player
    found them too small). Every direction badge is at least 18."""
    app, _ = _table((800, 600), _foundations_both_ways(rules), tmp_path)
    shown = [b.rect for b in app.drawn.of(Kind.BADGE) if b.name.startswith("direction of")]
    assert shown and min(min(rect.size) for rect in shown) >= 18, [rect.size for rect in shown]
