"""Where the files the game ships with are: its fonts, the rules pages and the campaigns.

In a checkout they are at the repository's root (``assets/fonts``, ``assets/rules``,
``levels``). An installed package holds them under ``game/assets`` (``fonts``, ``rules``,
``levels``: pyproject.toml maps the root's folders there), so ``python3 main.py`` in a
checkout and the installed ``british-patience`` command read the same files by the same
names. Pure Python: nothing here opens a file.
"""

from __future__ import annotations

from pathlib import Path

#: the ``game`` package's folder
PACKAGE = Path(__file__).resolve().parent
#: where an installed package keeps what it ships with
_INSTALLED = PACKAGE / "assets"
#: whether this is an installed package (not a checkout, nor an editable install of one)
INSTALLED = _INSTALLED.is_dir()

#: the bundled DejaVu fonts and their licence
FONTS = _INSTALLED / "fonts" if INSTALLED else PACKAGE.parent / "assets" / "fonts"
#: the rules of each rule set as the in-game rules screen shows them (``<rules>.md``)
RULES = _INSTALLED / "rules" if INSTALLED else PACKAGE.parent / "assets" / "rules"
#: the campaign files (``<rules>.json``)
LEVELS = _INSTALLED / "levels" if INSTALLED else PACKAGE.parent / "levels"
