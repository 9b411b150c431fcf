"""Hints, the demo player and the solver: they read the engine, never the screen."""
