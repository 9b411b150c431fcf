"""Changing a rule set's profile for one test."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game.engine import Game


def with_demo_plan(monkeypatch: pytest.MonkeyPatch, game: Game, **changes: Any) -> None:
    """For this test, ``game``'s rule set plans with its demo plan changed so."""
    plan = game.profile.search.demo_plan
    assert plan is not None
    search = dataclasses.replace(game.profile.search, demo_plan=dataclasses.replace(plan, **changes))
    monkeypatch.setattr(type(game), "profile", dataclasses.replace(game.profile, search=search))
