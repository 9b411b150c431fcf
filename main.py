"""British Constitution and British Square: start the game or one of its tools."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
