"""Replays, saved games, statistics and settings: versioned files on disk, never pygame.

The package logs through ``logging.getLogger("game.records…")``; it sends nothing anywhere
by itself (a NullHandler) until :func:`game.records.store.open_log` adds the log file in
the data directory. Problems the player must see are in ``Store.warnings`` as well.
"""

import logging

logging.getLogger(__name__).addHandler(logging.NullHandler())
