"""The player's settings, kept in ``settings.json`` in the data directory.

Each field is checked on its own when the file is read: a value of the wrong type or out
of range gets that field's default with a warning, and the other fields are kept. A file
that is not settings JSON at all is moved aside and the defaults are used.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, fields
from typing import Any

from ..engine import RULE_IDS
from .store import Migration, SaveError, Store

SETTINGS_FILE = "settings.json"
SETTINGS_KIND = "settings"
SETTINGS_VERSION = 1
#: ``{v: f}``: f turns a version v file into a version v + 1 one (none yet: every file is at 1)
SETTINGS_MIGRATIONS: dict[int, Migration] = {}

ANIMATION_SPEED_RANGE = (0.0, 4.0)
VOLUME_RANGE = (0.0, 1.0)
CARD_BACKS = (0, 1)
#: the smallest window: the game's layouts are made for at least this size, so the window
#: never gets smaller (game.ui.app takes its minimum from here)
WINDOW_SIZE_MIN = (800, 600)
#: the largest window size a setting or ``--size`` may ask for (three 2560-wide screens)
WINDOW_SIZE_MAX = (7680, 4320)


@dataclass
class Settings:
    """Everything the options scene changes; kept between runs."""

    animation_speed: float = 1.0  # multiplier of the normal speed; 0 turns animation off
    auto_drop: bool = False
    hints: bool = True
    #: the move notation of docs/rules.md beside the words of hints, refusals and replays, for
    #: players who write replays by hand
    show_notation: bool = False
    winnable_only: bool = False
    sound: bool = True
    volume: float = 0.7
    card_back: int = 0  # 0 or 1
    four_colour: bool = False
    large_index: bool = False  # the large rank-and-suit face at every card size
    high_contrast: bool = False
    window_size: tuple[int, int] = (1280, 800)
    #: the rule sets whose first-game help the player has seen (shown once each)
    help_seen: tuple[str, ...] = ()


def window_size_kept(size: tuple[int, int]) -> tuple[int, int]:
    """The window size the settings keep for a window of ``size``: the nearest they allow
    (the system may make a window of any size, a setting is from WINDOW_SIZE_MIN to
    WINDOW_SIZE_MAX)."""
    return (min(max(int(size[0]), WINDOW_SIZE_MIN[0]), WINDOW_SIZE_MAX[0]),
            min(max(int(size[1]), WINDOW_SIZE_MIN[1]), WINDOW_SIZE_MAX[1]))


def _number(value: Any, low: float, high: float) -> float | None:
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= high:
        return None
    return float(value)


def _check_field(name: str, value: Any) -> tuple[Any, str | None]:
    """The value to use for one field, and the problem with it (None when it is good)."""
    if name == "animation_speed":
        speed = _number(value, *ANIMATION_SPEED_RANGE)
        return speed, (None if speed is not None else
                       f"a number from {ANIMATION_SPEED_RANGE[0]:g} to {ANIMATION_SPEED_RANGE[1]:g}")
    if name == "volume":
        volume = _number(value, *VOLUME_RANGE)
        return volume, (None if volume is not None else
                        f"a number from {VOLUME_RANGE[0]:g} to {VOLUME_RANGE[1]:g}")
    if name == "card_back":
        good = type(value) is int and value in CARD_BACKS
        return value, (None if good else f"one of {', '.join(map(str, CARD_BACKS))}")
    if name == "window_size":
        if (isinstance(value, list | tuple) and len(value) == 2
                and all(type(v) is int for v in value)
                and all(lo <= v <= hi for v, lo, hi in zip(value, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX,
                                                           strict=True))):
            return (value[0], value[1]), None
        return None, (f"[width, height] from {WINDOW_SIZE_MIN[0]}x{WINDOW_SIZE_MIN[1]} "
                      f"to {WINDOW_SIZE_MAX[0]}x{WINDOW_SIZE_MAX[1]}")
    if name == "help_seen":
        if isinstance(value, list | tuple) and all(v in RULE_IDS for v in value):
            return tuple(r for r in RULE_IDS if r in value), None
        return None, f"a list of rule sets from {', '.join(RULE_IDS)}"
    return value, (None if type(value) is bool else "true or false")


def check_settings(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a JSON object, field by field: a bad or missing field gets its default.

    Returns the settings and one message per bad field (missing fields are not an error:
    an older file simply did not have them). Unknown keys are ignored with a message.
    """
    defaults = Settings()
    values: dict[str, Any] = {}
    problems = []
    known = {f.name for f in fields(Settings)}
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value, problem = _check_field(f.name, raw[f.name])
        if problem is None:
            values[f.name] = value
        else:
            problems.append(f"{f.name} must be {problem} (found {_short(raw[f.name])}); "
                            f"using {_short(getattr(defaults, f.name))}")
    unknown = [key for key in raw if key not in known and key not in ("kind", "version")]
    if unknown:
        problems.append(_unknown_message(unknown))
    return dataclasses.replace(defaults, **values), problems


#: at most this many unknown settings are named in the one message that tells of them
NAMED_UNKNOWN = 3


def _unknown_message(unknown: list[str]) -> str:
    """One message for every unknown setting, however many a file holds: the first few
    named, and how many more."""
    named = ", ".join(_short(key) for key in unknown[:NAMED_UNKNOWN])
    if len(unknown) == 1:
        return f"unknown setting {named} ignored"
    more = len(unknown) - NAMED_UNKNOWN
    return f"{len(unknown):,} unknown settings ignored ({named}{f' and {more:,} more' if more > 0 else ''})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def load_settings(store: Store) -> Settings:
    """The saved settings (defaults when there are none). Never raises: a broken file is
    moved aside, a bad field gets its default; both with a warning in ``store.warnings``."""
    document = store.read_json(SETTINGS_FILE, SETTINGS_KIND, SETTINGS_VERSION, SETTINGS_MIGRATIONS)
    if document is None:
        return Settings()
    settings, problems = check_settings(document)
    for problem in problems:
        store.warn(f"{SETTINGS_FILE}: {problem}")
    return settings


def save_settings(store: Store, settings: Settings) -> bool:
    """Write the settings atomically; False (with a warning) when that failed.

    What is written is what :func:`load_settings` reads back: a number out of its range is
    written at its nearest bound (a window of 8000 × 5000 as 7680 × 4320), and a value that
    is none of its setting's gets the default, each with a warning; the other settings are
    written as they are."""
    data = _to_json(settings)
    for name, value in list(data.items()):
        nearest = _nearest(name, value)
        if nearest is not value:
            store.warn(f"{SETTINGS_FILE}: {name} {_short(value)} is out of range; saved as {_short(nearest)}")
            data[name] = nearest
    checked, problems = check_settings(data)
    for problem in problems:
        store.warn(f"{SETTINGS_FILE}: {problem}")
    try:
        store.write_json(SETTINGS_FILE, SETTINGS_KIND, SETTINGS_VERSION, _to_json(checked))
    except SaveError as err:
        store.warn(f"the settings were not saved: {err}")
        return False
    return True


def _to_json(settings: Settings) -> dict[str, Any]:
    data = dataclasses.asdict(settings)
    data["window_size"] = list(settings.window_size)
    data["help_seen"] = list(settings.help_seen)
    return data


def _nearest(name: str, value: Any) -> Any:
    """The value of setting ``name`` nearest ``value`` within its range, when ``value`` is a
    number (or a window size) out of it; ``value`` itself otherwise."""
    ranges = {"animation_speed": ANIMATION_SPEED_RANGE, "volume": VOLUME_RANGE}
    if name in ranges and type(value) in (int, float) and math.isfinite(value):
        low, high = ranges[name]
        return value if low <= value <= high else min(max(value, low), high)
    if (name == "window_size" and isinstance(value, list | tuple) and len(value) == 2
            and all(type(v) is int for v in value)):
        sizes = list(window_size_kept((value[0], value[1])))
        return value if sizes == list(value) else sizes
    return value
