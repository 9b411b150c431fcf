"""The import contracts of pyproject.toml (checked by ``lint-imports``) name every module
they must: a new scene or a new shared module left off their lists would escape them
unseen (found by the newcomer review of session 31)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import tomllib
from pathlib import Path
from typing import Any

import game
import game.ui
from game.ui.app import Scene

ROOT = Path(__file__).resolve().parent.parent


def _contract(name: str) -> dict[str, Any]:
    """The contract of pyproject.toml named ``name``."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = settings["tool"]["importlinter"]["contracts"]
    found = [c for c in contracts if c["name"] == name]
    assert len(found) == 1, name
    return found[0]


def _ui_modules() -> list[str]:
    return [f"game.ui.{m.name}" for m in pkgutil.iter_modules(game.ui.__path__) if not m.ispkg]


def test_every_module_that_defines_a_scene_is_independent_of_the_others() -> None:
    listed = set(_contract("no scene imports another scene")["modules"])
    defining = set()  # the modules that define a scene
    bases = {"game.ui.app"}  # and those whose scenes are only what other modules' scenes build on
    for name in _ui_modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Scene) and cls is not Scene and cls.__module__ == name:
                defining.add(name)
                bases.update(base.__module__ for base in cls.__mro__[1:]
                             if issubclass(base, Scene) and base.__module__ != name)
    scenes = defining - bases
    assert {"game.ui.table", "game.ui.dialogs", "game.ui.menu"} <= scenes
    assert "game.ui.rule_tabs" in bases  # the rule-set tabs that three scenes build on
    assert scenes <= listed, sorted(scenes - listed)
    # and the list names no module that is gone or holds no scene of its own
    assert listed <= scenes, sorted(listed - scenes)


def test_every_shared_module_is_kept_below_the_layers_and_away_from_pygame() -> None:
    shared = {f"game.{m.name}" for m in pkgutil.iter_modules(game.__path__) if not m.ispkg}
    assert {"game.cache", "game.paths"} <= shared
    below = _contract("the shared modules import no layer but the engine")["source_modules"]
    no_pygame = _contract("only the window imports pygame")["source_modules"]
    assert shared <= set(below), sorted(shared - set(below))
    assert shared <= set(no_pygame), sorted(shared - set(no_pygame))
