"""The bar along the top of the screens about one rule set at a time (rules, statistics,
levels, high scores): Back, the rule-set tabs and the screen's own button read as one
row of buttons at every window size."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine import RULE_IDS
from game.ui.app import App, Scene
from game.ui.levels_scene import LevelsScene
from game.ui.rules_scene import RulesScene
from game.ui.scores_scene import ScoresScene
from game.ui.stats_scene import StatsScene

SCREENS: dict[str, type[Scene]] = {
    "rules": RulesScene, "statistics": StatsScene, "levels": LevelsScene, "high scores": ScoresScene,
}


@pytest.mark.parametrize("size", [(800, 600), (800, 1000), (800, 1400), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_bar_buttons_type_never_dwarfs_the_tabs(ui: SimpleNamespace, screen_app: App, screen: str,
                                                     size: tuple[int, int]) -> None:
    """At 800 x 1400 the statistics' and the levels' tabs had their names set at 13 px to
    fit while "Back" and "Reset…" beside them kept 18 px: where the tabs' names must be
    set smaller, so are the bar's own buttons, and Back gives the tabs its spare width.
    Every label stays inside its button."""
    screen_app.resize(size)
    scene = SCREENS[screen](screen_app, "union-square")  # type: ignore[call-arg]
    screen_app.push(scene)
    ui.step(screen_app)
    boxes = {b.name: b for b in screen_app.drawn.boxes}
    tabs = [boxes[f"the label of tab {t.label}"] for t in scene.tabs]  # type: ignore[attr-defined]
    tab_h = max(t.rect.height for t in tabs)
    assert len({t.rect.height for t in tabs}) == 1, "every tab's name at one size"
    own = [b for name, b in boxes.items()
           if name.startswith("the label of ") and not name.startswith("the label of tab ")
           and b.part_of is not None and b.part_of.rect.bottom < scene.title_y]  # type: ignore[attr-defined]
    assert any(b.name == "the label of Back" for b in own)
    for label in own:
        assert label.rect.height <= tab_h * 1.1, f"{label.name} is set larger than the tabs' names"
    for label in [*tabs, *own]:
        assert label.part_of is not None and label.part_of.rect.contains(label.rect), label.name
    assert len(RULE_IDS) == len(tabs)
