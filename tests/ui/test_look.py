"""How the table looks and moves: the high-contrast theme, shapes beside colours, card
lift, landing and arrival effects, progressive faces after a resize, and the footer."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, new_game
from game.engine.cards import HEARTS
from game.session.positions import near_won_position
from game.ui import theme, widgets
from game.ui.app import App
from game.ui.art import CardArt
from game.ui.dialogs import confirm_dialog
from game.ui.effects import ARRIVAL_SECONDS, LIFT_SECONDS, SETTLE_SECONDS
from game.ui.layout import table_layout
from game.ui.table import TableScene


def _table(ui: SimpleNamespace, app: App, game: object) -> TableScene:
    scene = TableScene(app, game)  # type: ignore[arg-type]
    scene.keep_records = False
    app.push(scene)
    ui.settle(app, scene)
    return scene


def _picture(app: App) -> pygame.Surface:
    app.draw()
    return app.screen.copy()


def _brightness(colour: pygame.Color) -> int:
    return colour.r + colour.g + colour.b


def test_the_palette_switches_and_back(app: App) -> None:
    assert app.palette is theme.NORMAL and not app.palette.high_contrast
    app.settings.high_contrast = True
    assert app.follow_palette()
    assert app.palette.high_contrast and app.palette.ink == theme.HIGH_CONTRAST.ink
    assert not app.follow_palette(), "no change the second time"
    dark = app.palette.felt((200, 150)).get_at((100, 75))
    app.settings.high_contrast = False
    assert app.follow_palette()
    assert app.palette.ink == theme.NORMAL.ink and app.palette.focus == theme.NORMAL.focus
    green = app.palette.felt((200, 150)).get_at((100, 75))
    assert _brightness(dark) < 60 < _brightness(green)
    assert green.g > green.r and green.g > green.b


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_high_contrast_table_is_dark_with_bright_outlines(ui: SimpleNamespace, app: App,
                                                          rules: str) -> None:
    app.settings.high_contrast = True
    scene = _table(ui, app, near_won_position(rules)[0])
    picture = _picture(app)
    lay = scene.layout
    # The felt between the HUD and the first place is near-black.
    felt = picture.get_at((lay.size[0] // 2, lay.hud.bottom + 3))
    assert _brightness(felt) < 90
    # Every empty place has a thick white edge: its left edge, a few pixels in, is white.
    empty = [i for i, pile in enumerate(scene.game.piles) if not pile]
    assert empty
    for index in empty:
        rect = lay.bases[index]
        for dx in (1, 2):
            edge = picture.get_at((rect.x + dx, rect.centery))
            assert min(edge.r, edge.g, edge.b) > 200, scene.game.place_name(index)


def test_changing_the_option_shows_when_the_table_resumes(ui: SimpleNamespace, app: App) -> None:
    scene = _table(ui, app, new_game("square", 5))
    before = _picture(app)
    app.push(confirm_dialog(app, "?", "words", "Yes", lambda: None))
    app.settings.high_contrast = True  # as the options scene does
    app.pop()
    assert app.top is scene
    after = _picture(app)
    spot = (scene.layout.size[0] // 2, scene.layout.size[1] - 4)
    assert _brightness(before.get_at(spot)) > _brightness(after.get_at(spot)) + 40
    assert app.palette.high_contrast


def test_dialog_follows_the_palette(ui: SimpleNamespace, app: App) -> None:
    _table(ui, app, new_game("constitution", 5))
    dialog = confirm_dialog(app, "Leave?", "words", "Yes", lambda: None)
    app.push(dialog)
    normal = _picture(app).get_at((dialog.panel.centerx, dialog.panel.top + 6))
    app.settings.high_contrast = True
    dark = _picture(app).get_at((dialog.panel.centerx, dialog.panel.top + 6))
    assert _brightness(dark) < _brightness(normal)
    assert dark.g <= 10


def test_drag_targets_have_a_shape_as_well_as_a_tint(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", 7)
    scene = _table(ui, app, game)
    move = next(m for m in game.legal_moves() if m.dst not in game.foundations)
    src = scene.renderer.top_rect(scene.game, move.src)
    scene.gestures.start_drag(move.src, (5, 5), (src.x + 5, src.y + 5))
    assert scene.gestures.drag is not None
    scene.gestures.drag.pos = (5, app.size[1] - 5)  # held far from every target
    picture = _picture(app)
    target = scene.renderer.top_rect(scene.game, move.dst)
    # The corner bracket sits just outside the card's corner, in the target colour: a
    # mark that is there whatever the colour looks like.
    line = max(3, target.width // 18)
    corner = picture.get_at((target.left - line // 2 - 2, target.top - line // 2 - 2 + line * 2))
    assert (corner.r, corner.g, corner.b) == app.palette.target
    bare = _picture_without_drag(app, scene)
    assert bare.get_at((target.left - line // 2 - 2, target.top + line * 2)) != corner


def _picture_without_drag(app: App, scene: TableScene) -> pygame.Surface:
    scene.gestures.drag = None
    return _picture(app)


def test_the_space_to_fill_is_labelled(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", 7)
    scene = _table(ui, app, game)
    move = next(m for m in game.legal_moves() if game.places[m.src].row == 1)
    scene.play(move)
    ui.settle(app, scene)
    owed = game.owed_space()
    if owed is None:
        pytest.skip("the move filled its space by itself")
    assert "Fill the space" in scene.hud.status()
    picture = _picture(app)
    palette = app.palette
    px = palette.scaled(max(11, scene.layout.card[1] // 7))
    label = widgets.pill("Fill", px, palette.glow, palette.pill, palette)
    centre = scene.layout.bases[owed].center
    # The pill's dark body is drawn over the space's glow.
    assert _brightness(picture.get_at((centre[0], centre[1] + label.get_height() // 2 - 3))) < 200


def test_a_movable_card_lifts_under_the_pointer(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", 7)
    scene = _table(ui, app, game)
    place = next(m.src for m in game.legal_moves())
    flat = _picture(app)
    ui.post_mouse(pygame.MOUSEMOTION, scene.renderer.top_rect(scene.game, place).center)
    ui.step(app, round(LIFT_SECONDS / ui.FRAME) + 2)
    assert scene.effects.lift == 1.0 and scene.effects.lift_place == place
    lifted = _picture(app)
    rect = scene.renderer.top_rect(scene.game, place)
    assert flat.get_at((rect.centerx, rect.bottom - 1)) != lifted.get_at((rect.centerx, rect.bottom - 1))
    ui.post_mouse(pygame.MOUSEMOTION, (3, app.size[1] - 3))
    ui.step(app, round(LIFT_SECONDS / ui.FRAME) + 2)
    assert scene.effects.lift == 0.0


def test_landing_settles_and_a_foundation_flares(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("square")
    scene = _table(ui, app, game)
    move = game.parse_move(moves[0])
    assert move.dst in game.foundations
    scene.play(move)
    while scene.anim.busy:
        ui.step(app)
    assert any(int(s[0]) == move.dst for s in scene.effects.settling)
    assert any(int(a[0]) == move.dst for a in scene.effects.arrivals)
    flare = _picture(app)
    ui.step(app, round(max(SETTLE_SECONDS, ARRIVAL_SECONDS) / ui.FRAME) + 2)
    assert not scene.effects.settling and not scene.effects.arrivals
    calm = _picture(app)
    base = scene.layout.bases[move.dst]
    ring = (base.centerx, base.top - max(3, round(base.width * 0.06)))
    assert flare.get_at(ring) != calm.get_at(ring)


def test_arrivals_flare_with_animation_off(ui: SimpleNamespace, app: App) -> None:
    app.settings.animation_speed = 0
    game, moves = near_won_position("union-square")
    scene = _table(ui, app, game)
    move = game.parse_move(moves[0])
    scene.play(move)
    assert [int(a[0]) for a in scene.effects.arrivals] == [move.dst]


def test_quick_faces_stand_in_until_refined() -> None:
    art = CardArt()
    small, big = (60, 84), (120, 168)
    code = HEARTS * 16 + 12
    art.face(code, small)
    art.change_size(big)
    rough = art.quick_face(code, big)
    assert rough.get_size() == big and art.refining
    assert art.quick_face(code, big) is rough, "the stand-in is kept until refined"
    assert art.refine(10.0) == 1
    assert not art.refining
    crisp = art.quick_face(code, big)
    assert crisp is not rough and crisp is art.face(code, big)
    # A card never drawn before is drawn crisp at once (there is nothing to scale).
    assert art.quick_face(code + 1, big) is art.face(code + 1, big)


def test_a_resize_draws_at_once_and_sharpens_over_frames(ui: SimpleNamespace, app: App) -> None:
    scene = _table(ui, app, new_game("constitution", 9))
    old_card = scene.layout.card
    app.resize((1600, 1000))
    scene._apply_resize()
    assert scene.layout.card != old_card
    ui.step(app)
    assert app.art.refining, "the first frame shows stand-ins"
    ui.check_drawn(scene)
    for _ in range(400):
        if not app.art.refining:
            break
        ui.step(app)
    assert not app.art.refining
    ui.step(app)
    code, _place, rect = next(p for p in reversed(scene.card_positions) if p[1] != scene.game.stock)
    picture = _picture(app)
    face = app.art.face(code, scene.layout.card)
    assert picture.get_at((rect.x + rect.width // 2, rect.y + rect.height // 2)) == \
        face.get_at((rect.width // 2, rect.height // 2))


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_footer_never_covers_a_place(rules: str) -> None:
    for size in ((800, 600), (1280, 800), (2560, 1440)):
        lay = table_layout(rules, size)
        assert lay.footer.height > 0
        assert pygame.Rect((0, 0), size).contains(lay.footer)
        assert not any(lay.footer.colliderect(area) for area in lay.areas)


def test_messages_and_hints_go_in_the_footer_at_800x600(ui: SimpleNamespace, tmp_path: object) -> None:
    from game.records.settings import Settings

    small = App(size=(800, 600), settings=Settings(), headless=True)
    small.running = True
    scene = _table(ui, small, new_game("constitution", 7))
    empty = _picture(small)
    scene.say("Nothing to undo")
    picture = _picture(small)
    assert scene.hud.footer_text() == "Nothing to undo"
    foot = scene.layout.footer
    assert any(picture.get_at((x, foot.centery)) != empty.get_at((x, foot.centery))
               for x in range(foot.centerx - 40, foot.centerx + 40))
    scene.message = ""
    scene.message_left = 0
    scene.hint()
    if scene.session.hint_list:
        _picture(small)
        words = scene.hud.footer_text()
        assert words.startswith("Hint") and scene.session.hint_list[0].why in words


def test_the_options_switch_turns_the_whole_screen_high_contrast(ui: SimpleNamespace, app: App) -> None:
    from game.ui.options import OptionsScene
    from game.ui.widgets import Toggle

    table = _table(ui, app, new_game("constitution", 5))
    options = OptionsScene(app)
    app.push(options)
    green = _picture(app).get_at((3, app.size[1] // 2))
    switch = next(c for c in options.controls if isinstance(c, Toggle) and c.label == "High contrast")
    switch.activate()
    assert app.settings.high_contrast
    dark = _picture(app).get_at((3, app.size[1] // 2))
    assert app.palette.high_contrast and _brightness(dark) < _brightness(green) - 40
    app.pop()
    assert app.top is table
    felt = _picture(app).get_at((table.layout.size[0] // 2, table.layout.size[1] - 3))
    assert _brightness(felt) < 60
