"""The game's window: pygame-ce, the loop, the scenes, card art, animation and sound.

pygame prints a banner on standard output when it is first imported; every module that
imports it is in this package, so the banner is turned off here, before any of them runs
(the output of ``bench --json`` and the other commands is theirs alone).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
