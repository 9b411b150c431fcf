"""Hints, the demo player and the solver: they read the engine, never the screen.

- :mod:`.hint` — ``hints(game)``: the moves ranked with reasons, from the player's view.
- :mod:`.demo` — ``demo_move(game)`` and ``play_demo(rules, number)``: the honest player.
- :mod:`.solver` — ``solve(game)``: won (with the moves), lost (proved) or unknown.
- :mod:`.evaluate` — how good a position looks; :mod:`.knowledge` — forced moves, move
  order, dead positions and the position hash the searches share.
- :mod:`.batch` — ranges of deals over processes; :mod:`.commands` — ``hint``, ``solve``,
  ``demo``; :mod:`.bench` — the "search" section of ``main.py bench``.
"""
