"""Campaign files: the shipped ones win, damaged ones are refused with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import RULE_IDS, UnknownRulesError
from game.levels import LevelsError, clear_cache, load_campaign, winnable_numbers
from game.levels.campaign import LEVELS_DIR
from game.levels.check import check_campaign, replay_level
from tests.levels.helpers import CONSTITUTION_1_WIN, level, run, write_campaign


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    clear_cache()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_shipped_level_wins(rules: str) -> None:
    campaign = load_campaign(rules)
    assert campaign.rules == rules
    assert campaign.searched > 0
    assert set(lv.game for lv in campaign.levels) <= set(campaign.winnable)
    if rules != "square":
        assert len(campaign.levels) >= 20, "the issue asks for at least 20 levels"
    difficulties = [lv.difficulty for lv in campaign.levels]
    assert difficulties == sorted(difficulties)
    for lv in campaign.levels:
        assert replay_level(lv) is None, f"{rules} level {lv.number} (game {lv.game})"
        assert 1 <= lv.par_moves <= len(lv.solution)
        assert lv.par_seconds >= lv.par_moves


def test_levels_check_passes_on_the_shipped_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check") == 0
    out = capsys.readouterr().out
    for rules in RULE_IDS:
        assert f"{rules}: " in out


def test_a_good_file_loads(tmp_path: Path) -> None:
    write_campaign(tmp_path)
    campaign = load_campaign("constitution", tmp_path)
    assert [lv.game for lv in campaign.levels] == ["1"]
    assert campaign.levels[0].solution == CONSTITUTION_1_WIN
    assert campaign.winnable == ["1", "2", "3", "5", "8"]
    assert load_campaign("constitution", tmp_path) is campaign  # cached
    assert check_campaign("constitution", tmp_path).ok


def test_a_missing_file_names_the_command_that_makes_it(tmp_path: Path) -> None:
    with pytest.raises(LevelsError, match=r"does not exist.*levels build --rules square"):
        load_campaign("square", tmp_path)
    with pytest.raises(UnknownRulesError):
        load_campaign("klondike", tmp_path)


def _document(tmp_path: Path) -> dict:
    return json.loads(write_campaign(tmp_path).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(version=2), "newer version"),
    (lambda d: d.update(kind="statistics"), "not a levels file"),
    (lambda d: d.update(rules="square"), "levels of 'square'"),
    (lambda d: d.update(searched=-1), "searched"),
    (lambda d: d.update(winnable="1 2 3"), "winnable"),
    (lambda d: d["winnable"].append("0"), r"winnable\[5\]"),
    (lambda d: d["winnable"].append("1"), "twice"),
    (lambda d: d["winnable"].remove("1"), "not in the winnable list"),
    (lambda d: d["levels"][0].update(number=2), "numbered"),
    (lambda d: d["levels"][0].update(solution=["r1c2-f5"]), "solution"),
    (lambda d: d["levels"][0].update(par_moves=0), "par_moves"),
    (lambda d: d["levels"][0].update(par_seconds=1.5), "par_seconds"),
    (lambda d: d["levels"][0].update(difficulty=101), "difficulty"),
    (lambda d: d["levels"][0].update(game="#1"), "written as the game number"),
    (lambda d: d["levels"].append(dict(d["levels"][0], number=2, difficulty=5.0)), "easier"),
    (lambda d: d.update(levels=[{}] * 10_001), "more than the 10,000 the level progress keeps"),
])
def test_a_damaged_file_is_refused_with_the_reason(tmp_path: Path, change, reason: str) -> None:
    document = _document(tmp_path)
    change(document)
    (tmp_path / "constitution.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(LevelsError, match=reason) as err:
        load_campaign("constitution", tmp_path)
    assert "constitution.json" in str(err.value)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    (tmp_path / "union-square.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(LevelsError, match=r"union-square\.json: line 1: it is not UTF-8"):
        load_campaign("union-square", tmp_path)
    (tmp_path / "union-square.json").write_text("{", encoding="utf-8")
    with pytest.raises(LevelsError, match="not valid JSON"):
        load_campaign("union-square", tmp_path)


def test_winnable_numbers_are_empty_when_the_file_is_bad(tmp_path: Path) -> None:
    (tmp_path / "constitution.json").write_text("[]", encoding="utf-8")
    assert winnable_numbers("constitution", tmp_path) == []


def test_check_reports_a_solution_that_no_longer_wins(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    short = CONSTITUTION_1_WIN[:-5]
    # game 1's winning line does not even start game 2
    write_campaign(tmp_path, levels=[level(1, "1", short, 1.0), level(2, "2", CONSTITUTION_1_WIN, 2.0)])
    report = check_campaign("constitution", tmp_path)
    assert report.levels == 2
    assert len(report.failures) == 2
    assert report.failures[0].startswith(f"level 1 (game 1): the {len(short)} moves end without a win")
    assert report.failures[1].startswith("level 2 (game 2): move 1: r1c2-f5: ")
    assert run("check", "--rules", "constitution", "--folder", str(tmp_path)) == 1
    out = capsys.readouterr().out
    assert "constitution: 2 of 2 levels FAIL" in out
    assert "level 2 (game 2): move 1" in out


def test_check_fails_on_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", "--rules", "square", "--folder", str(tmp_path)) == 1
    assert "does not exist" in capsys.readouterr().out


def test_the_default_folder_is_the_repository_levels_folder() -> None:
    assert LEVELS_DIR == Path(__file__).resolve().parents[2] / "levels"


def test_check_says_when_a_campaign_has_no_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_campaign(tmp_path, "square", levels=[], winnable=[])
    assert run("check", "--rules", "square", "--folder", str(tmp_path)) == 0
    assert "square: no levels (none of the 10 game numbers searched was proved winnable)" in (
        capsys.readouterr().out)
