"""British Constitution and British Square: a two-pack patience game."""

#: the program's version: the one place it is written (pyproject.toml reads it from here)
__version__ = "0.1.0"
#: the name of the command a person runs, as messages tell them to run it
PROGRAM = "british-patience"
