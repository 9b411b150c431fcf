"""What the piles show a player, through the real loop: every visible card index is
recorded where it is drawn, no badge (a count, a direction, "Fill") covers one, the
place names stay apart, the hint's arrow runs between the piles, and neighbouring drop
targets keep their frames apart."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pygame
import pytest

from game.engine import RULE_IDS, Game, new_game
from game.records.settings import Settings
from game.ui.app import App
from game.ui.drawn import Kind, overlaps
from game.ui.scenes import SCENES
from game.ui.table import TableScene

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


def _table(size: tuple[int, int], game: Game, tmp_path: Path) -> tuple[App, TableScene]:
    app = App(size=size, data_dir=tmp_path / "data", settings=Settings(animation_speed=0), scenes=SCENES,
              headless=True)
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
