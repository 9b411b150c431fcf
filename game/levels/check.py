"""``levels check``: every level's stored solution must still win in the current engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..engine import RULE_IDS, IllegalMove, new_game
from .campaign import Level, LevelsError, campaign_path, load_campaign


@dataclass
class CheckReport:
    """The outcome of checking one rule set's campaign."""

    rules: str
    levels: int = 0
    searched: int = 0
    failures: list[str] = field(default_factory=list)  # "level 3 (game 17): reason"
    #: the campaign file could not be read: missing, or why it is refused
    file_problem: str | None = None
    #: the campaign file does not exist
    missing: bool = False

    @property
    def ok(self) -> bool:
        """No failure."""
        return not self.failures and self.file_problem is None

    def line(self) -> str:
        """One line for the terminal."""
        if self.missing:
            return f"{self.rules}: FAIL, the campaign file is missing"
        if self.file_problem is not None:
            return f"{self.rules}: FAIL, the campaign file cannot be read"
        if self.ok and self.levels == 0:
            searched = ("the one game number searched was not" if self.searched == 1 else
                        f"none of the {self.searched:,} game numbers searched was")
            return f"{self.rules}: no levels ({searched} proved winnable)"
        if self.ok:
            return f"{self.rules}: {_count(self.levels, 'level')}, every solution wins"
        return f"{self.rules}: {len(self.failures)} of {_count(self.levels, 'level')} FAIL"

    def details(self) -> list[str]:
        """The lines under :meth:`line`: the file's problem, or each level that fails."""
        return [self.file_problem] if self.file_problem is not None else list(self.failures)


def _count(n: int, thing: str) -> str:
    """``1 level``, ``2 levels``."""
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def replay_level(level: Level) -> str | None:
    """Play a level's solution from the deal; None when it wins, otherwise why not."""
    game = new_game(level.rules, level.game)
    for step, text in enumerate(level.solution, 1):
        try:
            game.play_text(text)
        except IllegalMove as err:
            return f"move {step}: {err}"
    if not game.is_won():
        home = game.cards_home()
        return (f"the {len(level.solution)} moves end without a win "
                f"({home} of {game.card_total()} cards on the foundations)")
    return None


def _missing(path: Path) -> bool:
    """Whether there is no file at ``path`` (not: it cannot be looked at, its name too long
    say, which is a file that cannot be read)."""
    try:
        path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return True
    except OSError:
        return False
    return False


def check_campaign(rules: str, folder: Path | None = None) -> CheckReport:
    """Check one rule set's campaign file (a missing or damaged file is a failure)."""
    report = CheckReport(rules)
    try:
        campaign = load_campaign(rules, folder)
    except LevelsError as err:
        report.file_problem = str(err)
        report.missing = _missing(campaign_path(rules, folder))
        return report
    report.levels = len(campaign.levels)
    report.searched = campaign.searched
    for level in campaign.levels:
        problem = replay_level(level)
        if problem is not None:
            report.failures.append(f"level {level.number} (game {level.game}): {problem}")
    return report


def check_all(folder: Path | None = None, rules: list[str] | None = None) -> list[CheckReport]:
    """Check the campaigns of the given rule sets (all four by default)."""
    return [check_campaign(r, folder) for r in (rules or list(RULE_IDS))]
