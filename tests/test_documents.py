"""The README and the documents in ``docs/``: the README stays short enough to read top to
bottom, and every relative link (to a file, and to a heading in it) of every Markdown file
of the project leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.records.scoring import (
    FOUNDATION_POINTS,
    HINT_PENALTY,
    STREAK_CAP,
    STREAK_SECONDS,
    STREAK_STEP,
    TIME_BONUS_FLOOR,
    TIME_BONUS_SCALE,
    UNDO_PENALTY,
)

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: every Markdown file of the project (the rules pages the game shows, the test data's
#: notes too) for the link test; not in a hidden or build folder (a virtual environment)
MARKDOWN = sorted(path for path in ROOT.rglob("*.md")
                  if not any(part.startswith(".") or part in {"build", "dist", "node_modules"}
                             or part.endswith(".egg-info") for part in path.relative_to(ROOT).parts[:-1]))
#: the README is for players: a newcomer reads it whole; the technical detail is in docs/
README_LIMIT = 15_000


def _prose(text: str) -> str:
    """The text without its code blocks and inline code (no links are read there)."""
    return re.sub(r"`[^`]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))


def links(text: str) -> list[str]:
    """The targets of the Markdown links and images of ``text``."""
    return re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", _prose(text))


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives the headings of ``text``: lower case, punctuation dropped,
    spaces as hyphens, and ``-1``, ``-2``… after a repeated one."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", re.sub(r"```.*?```", "", text, flags=re.S), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        anchor, repeat = slug, 0
        while anchor in found:
            repeat += 1
            anchor = f"{slug}-{repeat}"
        found.add(anchor)
    return found


def test_the_readme_is_under_15_kb() -> None:
    size = len((ROOT / "README.md").read_bytes())
    assert size < README_LIMIT, f"README.md is {size} bytes; move technical detail to docs/"


def test_the_documents_are_there() -> None:
    names = {path.name for path in DOCUMENTS}
    assert {"README.md", "search.md", "replay-format.md"} <= names


def test_the_link_test_reads_every_markdown_file() -> None:
    found = {path.relative_to(ROOT).as_posix() for path in MARKDOWN}
    assert {"README.md", "docs/search.md", "tests/data/golden/README.md", "assets/rules/square.md"} <= found
    assert set(DOCUMENTS) <= set(MARKDOWN)


@pytest.mark.parametrize("document", MARKDOWN, ids=[path.relative_to(ROOT).as_posix() for path in MARKDOWN])
def test_every_relative_link_leads_to_a_file_and_heading(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    targets = [t for t in links(text) if not re.match(r"[a-z][a-z+.-]*:", t)]
    assert targets or document != ROOT / "README.md", "the README links to nothing"
    for target in targets:
        path_part, _, anchor = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        assert linked.is_file(), f"{document.name}: {target} leads to no file"
        assert ROOT in linked.parents, f"{document.name}: {target} leads out of the project"
        if anchor:
            assert linked.suffix == ".md", f"{document.name}: {target}: an anchor outside Markdown"
            assert anchor in anchors(linked.read_text(encoding="utf-8")), \
                f"{document.name}: {target}: no such heading in {linked.name}"


def test_the_link_reader_finds_links_and_anchors() -> None:
    text = "# A title\n## Why: `x` and y\n## Why: x and y\n[a](b.md#c) ![i](d.png) `[e](f)`\n"
    assert links(text) == ["b.md#c", "d.png"]
    assert anchors(text) == {"a-title", "why-x-and-y", "why-x-and-y-1"}


def test_the_readmes_scoring_is_the_games() -> None:
    # the README writes the scoring's numbers out by hand: a constant changed in
    # game/records/scoring.py must show here (found by the newcomer review of session 31)
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    scoring = text[text.index("**Scoring**"):text.index("Stars for a won level")]
    for words in (f"{FOUNDATION_POINTS} points for each card that reaches a foundation",
                  f"at most {STREAK_SECONDS:g} s after the one before earns {STREAK_STEP} ×",
                  f"− 1), at most {STREAK_CAP};",
                  f"−{HINT_PENALTY} for each hint shown, −{UNDO_PENALTY} for each undo",
                  f"a time bonus of {TIME_BONUS_SCALE:,} / seconds played (at least {TIME_BONUS_FLOOR:g} s)"):
        assert words in scoring, words
    assert f"each costs {HINT_PENALTY} points, once" in text
