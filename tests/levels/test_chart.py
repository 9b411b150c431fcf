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


def test_a_folder_without_a_readable_levels_file_draws_nothing(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    clear_cache()
    (tmp_path / "constitution.json").write_text("[1, 2]", encoding="utf-8")
    out = tmp_path / "chart.png"
    assert run("chart", str(out), "--folder", str(tmp_path)) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "constitution.json: it is not a JSON object" in captured.err
    assert "error: levels chart: no levels file could be read in " in captured.err
    assert not out.exists() and not list(tmp_path.glob(".chart.*"))


def test_a_damaged_levels_file_is_not_charted_as_missing() -> None:
    from game.ui.level_chart import draw_panel

    def panel(campaign: str | None) -> bytes:
        surface = pygame.Surface((560, 340))
        draw_panel(surface, surface.get_rect(), "square", campaign)
        return pygame.image.tobytes(surface, "RGB")

    pygame.font.init()
    assert panel("the levels file could not be read") != panel(None)
    assert panel(None) == panel("no levels file")
