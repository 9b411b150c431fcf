"""British Constitution and British Square: a two-pack patience game."""

__version__ = "0.1.0"
