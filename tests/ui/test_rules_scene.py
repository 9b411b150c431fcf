"""The rules scene: the rules text of every rule set, set for reading and scrolled with
the wheel and the keys, wrapped to any window width."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, RULESETS
from game.ui import theme
from game.ui.app import App
from game.ui.rules_scene import (
    INK,
    SUIT_RED,
    RulesScene,
    layout_blocks,
    load_rules_text,
    parse_rules,
)


def open_rules(ui: SimpleNamespace, app: App, rules: str = "constitution") -> RulesScene:
    scene = RulesScene(app, rules)
    app.push(scene)
    ui.step(app)
    return scene


def test_parse_headings_paragraphs_items_and_bold() -> None:
    blocks = parse_rules("# Title\n\nA paragraph\nthat goes on.\n\n## Part\n- **Row 1**: piles,\n"
                         "  still the item.\n- *second* item\n")
    assert [b.kind for b in blocks] == ["h1", "p", "h2", "li", "li"]
    assert blocks[0].spans == (("Title", ""),)
    assert blocks[1].spans == (("A paragraph that goes on.", ""),)
    assert blocks[3].spans == (("Row 1", "bold"), (": piles, still the item.", ""))
    assert blocks[4].spans[0] == ("second", "stress")


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_rule_set_has_its_rules_text(rules: str) -> None:
    blocks = parse_rules(load_rules_text(rules))
    assert blocks[0].kind == "h1"
    assert "".join(w for w, _ in blocks[0].spans).startswith(RULESETS[rules].title.split(" (")[0])
    headings = {"".join(w for w, _ in b.spans) for b in blocks if b.kind == "h2"}
    assert {"The aim", "The layout", "Moves", "Winning and losing"} <= headings
    words = load_rules_text(rules)
    assert "could not be read" not in words
    assert all(symbol in words for symbol in "♣♠♥♦")


def test_words_wrap_inside_the_width_and_red_suits_are_red(screen_app: App) -> None:
    blocks = parse_rules(load_rules_text("constitution"))
    for width, px in ((300, 12), (700, 20), (1400, 36)):
        words, height = layout_blocks(blocks, width, px)
        assert height > 0
        for w in words:
            assert w.x >= 0
            assert w.x + theme.font(w.px, w.bold).size(w.words)[0] <= width, w
    words, _ = layout_blocks(parse_rules("5♥ onto 4♦ and 7♣"), 500, 20)
    colours = {w.words: w.colour for w in words}
    assert colours["5♥"] == SUIT_RED and colours["4♦"] == SUIT_RED
    assert colours["7♣"] == INK
    _, tall = layout_blocks(blocks, 300, 14)
    _, short = layout_blocks(blocks, 900, 14)
    assert tall > short, "a narrower page makes more lines"


def test_keys_and_the_wheel_scroll_the_text(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_rules(ui, screen_app)
    assert scene.max_scroll > 0
    assert scene.scroll == 0
    ui.press(screen_app, pygame.K_DOWN)
    one = scene.scroll
    assert one > 0
    ui.press(screen_app, pygame.K_UP)
    assert scene.scroll == 0
    ui.press(screen_app, pygame.K_PAGEDOWN)
    assert scene.scroll > one * 2
    ui.press(screen_app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    ui.press(screen_app, pygame.K_DOWN)
    assert scene.scroll == scene.max_scroll, "it stops at the end"
    ui.press(screen_app, pygame.K_HOME)
    assert scene.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    ui.step(screen_app)
    assert scene.scroll > 0
    down = scene.scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    ui.step(screen_app)
    assert 0 <= scene.scroll < down
    ui.press(screen_app, pygame.K_PAGEUP)
    assert scene.scroll == 0


def test_the_scroll_bar_can_be_dragged(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_rules(ui, screen_app)
    thumb = scene.thumb
    assert thumb.height > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, scene.view.bottom),
                                         rel=(0, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, scene.view.bottom),
                                         button=1))
    ui.step(screen_app)
    assert scene.scroll == scene.max_scroll


def test_left_right_and_the_tabs_show_the_other_rule_sets(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_rules(ui, screen_app)
    ui.press(screen_app, pygame.K_END)
    ui.press(screen_app, pygame.K_RIGHT)
    assert scene.rules == "constitution-cadogan" and scene.scroll == 0
    ui.press(screen_app, pygame.K_LEFT)
    ui.press(screen_app, pygame.K_LEFT)
    assert scene.rules == "union-square"
    tab = scene.tabs[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tab.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tab.rect.center, button=1))
    ui.step(screen_app)
    assert scene.rules == "square"


def test_esc_and_back_return(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_rules(ui, screen_app)
    ui.press(screen_app, pygame.K_ESCAPE)
    assert scene not in screen_app.scenes
    scene = open_rules(ui, screen_app)
    assert scene.ring.current is scene.back_button
    ui.press(screen_app, pygame.K_RETURN)
    assert scene not in screen_app.scenes and screen_app.running


def test_resizing_rewraps_and_keeps_the_place(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_rules(ui, screen_app)
    ui.press(screen_app, pygame.K_PAGEDOWN)
    fraction = scene.scroll / scene.content_h
    sizes = [(800, 600), (2560, 1440), (1024, 768)]
    heights = []
    for w, h in sizes:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        ui.step(screen_app)
        window = pygame.Rect(0, 0, w, h)
        assert window.contains(scene.page)
        assert scene.page.contains(scene.view)
        for b in (scene.back_button, *scene.tabs):
            assert window.contains(b.rect) and not b.rect.colliderect(scene.page)
        for i, a in enumerate(scene.tabs):
            assert not a.rect.colliderect(scene.back_button.rect)
            for b in scene.tabs[i + 1:]:
                assert not a.rect.colliderect(b.rect)
        assert abs(scene.scroll / scene.content_h - fraction) < 0.05
        heights.append(scene.px)
    assert heights[1] > heights[0], "text scales with the window"


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_rules_page_draws_the_tables_diagram_with_its_numbered_steps(
        ui: SimpleNamespace, screen_app: App, rules: str) -> None:
    scene = open_rules(ui, screen_app, rules)
    diagram = scene.diagram
    assert diagram is not None and scene.content is not None
    page = scene.content.get_rect()
    assert page.contains(diagram.drawn())
    steps = RULESETS[rules].profile.guide.steps
    assert {a.step for a in diagram.arrows} == {n for n, s in enumerate(steps, start=1) if s.arrows}
    # the diagram comes after the introduction and before "The aim"
    _, head_h = layout_blocks(scene.blocks[:2], scene.view.width, scene.px)
    assert diagram.rect.top == head_h and [b.kind for b in scene.blocks[:2]] == ["h1", "p"]


@pytest.mark.parametrize("rules", RULE_IDS)
@pytest.mark.parametrize("size", [(800, 1280), (1080, 1920)])
def test_a_tall_window_draws_the_diagram_large_and_every_step_numbered(
        ui: SimpleNamespace, screen_app: App, rules: str, size: tuple[int, int]) -> None:
    """A tall window's table is tall, so is its diagram: as large as the page's width lets
    it be (it was fitted into a band half the width high, with cards 25 pixels wide in a
    1080-wide window), and every step of the guide has its number on it."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    ui.step(screen_app)
    scene = open_rules(ui, screen_app, rules)
    diagram = scene.diagram
    assert diagram is not None
    card = next(iter(diagram.cards.values()))[0]
    assert card.width >= 0.045 * size[0], f"cards {card.width} px wide in a {size[0]}-wide window"
    steps = RULESETS[rules].profile.guide.steps
    assert {a.step for a in diagram.arrows} == set(range(1, len(steps) + 1))


def test_every_rules_text_places_the_foundations_where_the_table_has_them() -> None:
    # Union Square's foundations are a column on the right of its piles; the English
    # Square's are at the top right; the Constitution sets' are right of the rows, or above
    # them in a tall window.
    assert "**Foundations** (right, one above the other)" in load_rules_text("union-square")
    assert "**Foundations** (top right)" in load_rules_text("square")
    for rules in ("constitution", "constitution-cadogan"):
        assert "to the right of the rows (above them in a tall window" in load_rules_text(rules)
    assert "(top)" not in "".join(load_rules_text(r) for r in RULE_IDS)
