"""Replays, saved games, statistics and settings: versioned files on disk, never pygame."""
