"""``levels chart``: the difficulty curves as a PNG, drawn without a window."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.levels import clear_cache
from tests.levels.helpers import CONSTITUTION_1_WIN, level, run, write_campaign


def test_the_chart_is_a_png_with_a_bar_per_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clear_cache()
    write_campaign(tmp_path, levels=[level(1, "1", CONSTITUTION_1_WIN, 90.0)])
    write_campaign(tmp_path, "square", levels=[], winnable=[])
    out = tmp_path / "chart.png"
    assert run("chart", str(out), "--folder", str(tmp_path)) == 0
    captured = capsys.readouterr()
    assert captured.out == f"saved {out}\n"
    # the two rule sets without a file are named, the chart is drawn anyway
    assert "constitution-cadogan.json" in captured.err and "union-square.json" in captured.err
    image = pygame.image.load(str(out))
    assert image.get_size() == (1200, 800)
    # the constitution panel (top left) has a tall red-ish bar for the level of difficulty 90
    reds = sum(1 for x in range(40, 580, 4) for y in range(150, 400, 4)
               if (lambda c: c.r > 180 and c.g < 120)(image.get_at((x, y))))
    assert reds > 50
    assert not list(tmp_path.glob(".chart.*"))


def test_the_chart_needs_a_png_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("chart", str(tmp_path / "chart.jpg")) == 2
    assert "PNG" in capsys.readouterr().err
    assert run("chart", str(tmp_path / "nowhere" / "chart.png")) == 2
