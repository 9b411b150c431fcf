"""Where the files the game ships with are: its fonts, the rules pages and the campaigns.

In a checkout they are at the repository's root (``assets/fonts``, ``assets/rules``,
``levels``). An installed package holds them under ``game/assets`` (``fonts``, ``rules``,
``levels``: pyproject.toml maps the root's folders there), so ``python3 main.py`` in a
checkout and the installed ``british-patience`` command read the same files by the same
names. And the one rule for the symbolic links the program follows in folders it did not
choose (:func:`foreign_link`). Pure Python: nothing here opens a file.
"""

from __future__ import annotations

import os
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


def foreign_link(link_owner: int, folder_owner: int) -> bool:
    """A symbolic link owned by ``link_owner`` in a folder owned by ``folder_owner`` is not
    to be followed. A user follows their own links and root's. Root follows only its own
    links in its own folders (``/bin``, ``/dev/stdout``): never another user's, nor its
    own in another user's folder, who may have swapped anything in. Stricter than Linux's
    protected_symlinks, which trusts any link outside sticky world-writable folders. On
    a system without user ids, no link is foreign."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:
        return False
    user = geteuid()
    if user != 0:
        # a user's own link, or root's anywhere (an admin's ``~/Documents``): a user
        # cannot make a link of root's, and what root set up gives them no more than
        # their own rights
        return link_owner not in (user, 0)
    return not (link_owner == 0 and folder_owner == 0)
