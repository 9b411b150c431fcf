"""Names vulture reports as unused that are used: read it with ``vulture game main.py
tools .ci/vulture_whitelist.py``. Each entry says who uses the name."""

_ = object()

# pygame attributes that are set, and read by pygame (a Rect's anchors, a Color's HSVA)
_.hsva  # game/ui/anim.py: a confetti colour set by hue
_.midbottom  # Rect anchors placed by assignment (badges, stats, menu, widgets)
_.midtop
_.midleft
_.midright
_.bottomright
_.bottomleft
_.topright
_.minimum_size  # game/ui/app.py: the window's smallest size, read by the window system

# the copy of the game number kept for a window without a system clipboard: tests read it
_.clipboard

# the public surface of a module that its tests drive directly
_.level_record  # game/records/progress.py: tests/records/test_progress.py
_.summarize_replay  # game/records/replay.py: a replay file's summary by its path; tests/records
_.parse_replay_bytes  # game/records/replay.py: the damaged-file tests feed it bytes
_.face_sizes  # game/ui/art/cache.py: tests/ui/test_art.py checks the cache's bound
_.index_boxes  # game/ui/art/geometry.py: tests/ui/test_art.py checks pips avoid the index
_.NAMES  # game/ui/sound.py: tests/ui/test_sound.py checks every effect has a sound
_.available  # game/ui/sound.py: tests/ui/test_sound.py
_.card_to_place_words  # game/engine/profile.py: tests/engine/test_profile.py
_.ring_hole  # game/ui/stats_scene.py: tests/ui/test_stats_scene.py checks the win rate fits the hole
_.frozen_in_row1  # game/search/knowledge.py: tests/search/test_solver.py
_.of  # game/ui/drawn.py: tests/ui/test_screens_fit.py reads a frame's boxes by kind
_.overlaps  # game/ui/drawn.py: tests/ui/test_screens_fit.py
_.readable_count  # game/ui/layout.py: tests/ui/test_table_layout.py checks every fan stays readable
_.diagram  # game/ui/help_scene.py, rules_scene.py: what was drawn, for tests/ui/test_help.py
_.text_boxes  # game/ui/help_scene.py: tests/ui/test_help.py checks the text keeps off the diagram

# unused, in the engine and the search, which other branches are rewriting: their owners
# delete these (and these lines) there, so that this branch does not edit their files
_.suit_rank  # game/engine/state.py
_.beams  # game/search/cadogan_beam.py: counted, never read

# the text-stream methods standard output's wrapper keeps, for callers that write lines
_.writelines  # game/cli/__init__.py: a file-like object's own method (print never calls it)
_.signature  # game/search/cadogan_core.py: what Core.child works out unplayed; tests/search/test_cadogan_beam.py compares
