"""The game installs like a real program: pyproject.toml names its dependencies, the
``british-patience`` command and every package; the fonts, rules pages and campaigns are
package data that an installed copy finds; one version; a licence. (``.ci/run`` installs
the real thing with pip into a fresh environment and runs it outside the checkout.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game import paths

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def test_pyproject_declares_the_command_its_dependencies_and_one_version() -> None:
    project = PYPROJECT["project"]
    assert project["scripts"] == {"british-patience": "game.cli:main"}
    assert "version" not in project and project["dynamic"] == ["version"]
    assert SETUPTOOLS["dynamic"]["version"] == {"attr": "game.__version__"}
    wanted = {line.split("==")[0] for line in (ROOT / "requirements.txt").read_text().splitlines()
              if "==" in line}
    assert wanted == {"pygame-ce", "pysol-cards", "platformdirs"}, "the game's needs, and only those"
    dev = (ROOT / "requirements-dev.txt").read_text().splitlines()
    assert "-r requirements.txt" in dev and {"pytest", "pytest-xdist", "hypothesis"} <= {
        line.split("==")[0] for line in dev if "==" in line}
    assert {d.split(">=")[0] for d in project["dependencies"]} == wanted
    assert "from game.cli import main" in (ROOT / "main.py").read_text()
    # the game's own licence, and the DejaVu fonts' (Bitstream Vera's; DejaVu's changes are
    # in the public domain)
    assert project["license"] == "GPL-3.0-or-later AND Bitstream-Vera"


def test_every_package_of_game_is_installed() -> None:
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert on_disk <= set(SETUPTOOLS["packages"]), "a package pyproject.toml does not install"


def test_the_package_data_is_what_the_game_reads() -> None:
    mapped = SETUPTOOLS["package-dir"]
    for package, patterns in SETUPTOOLS["package-data"].items():
        folder = ROOT / mapped[package]
        for pattern in patterns:
            assert list(folder.glob(pattern)), f"{package}: {pattern} matches nothing"
    assert paths.FONTS == ROOT / mapped["game.assets"] / "fonts"
    assert paths.RULES == ROOT / mapped["game.assets"] / "rules"
    assert paths.LEVELS == ROOT / mapped["game.assets.levels"]
    assert not paths.INSTALLED


def test_the_licence_is_the_gpl_3_and_the_fonts_keep_theirs() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.split()[:7] == ["GNU", "GENERAL", "PUBLIC", "LICENSE", "Version", "3,", "29"]
    assert "END OF TERMS AND CONDITIONS" in licence and len(licence) > 30_000
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "GNU General Public License, version 3 or (at your\noption) any later version" in readme
    assert (paths.FONTS / "LICENSE-DejaVu.txt").read_text().startswith("Format: ")
    assert "assets/fonts/LICENSE-DejaVu.txt" in PYPROJECT["project"]["license-files"]


def _installed_copy(site: Path) -> None:
    """Lay the package out as pip does from pyproject.toml's mapping (no network needed)."""
    shutil.copytree(ROOT / "game", site / "game", ignore=shutil.ignore_patterns("__pycache__"))
    for package, patterns in SETUPTOOLS["package-data"].items():
        source = ROOT / SETUPTOOLS["package-dir"][package]
        target = site.joinpath(*package.split("."))
        for pattern in patterns:
            for path in source.glob(pattern):
                (target / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target / path.relative_to(source))


@pytest.mark.slow
def test_an_installed_copy_finds_its_files_from_anywhere(tmp_path: Path) -> None:
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    _installed_copy(site)
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")}
    command = [sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main())"]

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *argv], cwd=elsewhere, env=env, capture_output=True, text=True,
                              timeout=300)

    where = run("--version")
    assert where.returncode == 0 and where.stdout == f"british-patience {game.__version__}\n"
    code = "from game import paths; print(paths.INSTALLED, paths.LEVELS)"
    found = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True,
                           text=True, timeout=60)
    assert found.stdout.split() == ["True", str(site / "game" / "assets" / "levels")]
    assert run("levels", "check").returncode == 0
    for scene in ("rules", "table"):
        done = run("screenshot", f"{scene}.png", "--scene", scene, "--frames", "1", "--size", "800x600")
        assert done.returncode == 0, done.stderr
        assert (elsewhere / f"{scene}.png").read_bytes().startswith(b"\x89PNG")


def test_the_source_distribution_holds_the_tests_documents_and_requirements() -> None:
    """The sdist held only the top-level tests (no tests/*/, no test data, no main.py, no
    docs, no requirements), so its tests could not run and the README's commands could not
    work from it (hostile install review 29): MANIFEST.in grafts them in."""
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    rules = {line.strip() for line in manifest if line.strip() and not line.startswith("#")}
    assert {"graft tests", "graft docs", "graft tools", "graft .ci"} <= rules
    assert "include main.py requirements.txt requirements-dev.txt" in rules
    for name in ("main.py", "requirements.txt", "requirements-dev.txt", "docs", "tools", ".ci/run"):
        assert (ROOT / name).exists(), name
