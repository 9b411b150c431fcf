"""A position drawn as text for a terminal: suit symbols, labelled places, stock count,
the owed fill marked, then the legal moves."""

from __future__ import annotations

import re

from .cards import card_pretty, is_red
from .constitution import Constitution
from .rows import COLUMNS, ROWS, row_of, row_range
from .square import Square
from .state import Game
from .union_square import UnionSquare

CELL = 6


def _card(code: int, colour: bool) -> str:
    text = card_pretty(code)
    pad = " " * (CELL - len(text))
    if colour and code and is_red(code):
        return f"\x1b[31m{text}\x1b[0m{pad}"
    return text + pad


def _columns(game: Game, indexes: list[int], labels: list[str], colour: bool,
             marks: dict[int, str] | None = None) -> list[str]:
    """Places side by side, each pile running down the page from bottom to top card."""
    marks = marks or {}
    lines = [("      " + "".join(label.ljust(CELL) for label in labels)).rstrip()]
    depth = max(1, *(len(game.piles[i]) for i in indexes))
    for level in range(depth):
        cells = []
        for i in indexes:
            pile = game.piles[i]
            if level < len(pile):
                cells.append(_card(pile[level], colour))
            elif level == 0:
                cells.append(marks.get(i, "·").ljust(CELL))
            else:
                cells.append(" " * CELL)
        lines.append("      " + "".join(cells).rstrip())
    return lines


def _foundations(game: Game, colour: bool) -> str:
    parts = []
    for f in game.foundations:
        pile = game.piles[f]
        shown = _card(pile[-1], colour).rstrip() if pile else "—"
        parts.append(f"{game.place_name(f)} {shown}")
    return "Foundations  " + "   ".join(parts)


def render(game: Game, colour: bool = False) -> str:
    """The whole position as text, followed by the legal moves."""
    lines = [f"{game.title} — game {game.game}", _foundations(game, colour)]
    stock = f"Stock {len(game.piles[game.stock])} cards (face down)"
    if game.waste >= 0:
        waste = game.piles[game.waste]
        if waste:
            stock += (f"    Waste {_card(waste[-1], colour).rstrip()} "
                      f"({len(waste)} card{'s' if len(waste) != 1 else ''})")
        else:
            stock += "    Waste empty"
    lines.append(stock)
    lines.append("")
    if game.rules.startswith("constitution"):
        owed = game.owed if isinstance(game, Constitution) else -1
        labels = [f"c{c + 1}" for c in range(COLUMNS)]
        for row in range(ROWS):
            block = _columns(game, list(row_range(row)), labels if row == 0 else [""] * COLUMNS,
                             colour, {owed: "[ ]"} if owed >= 0 else None)
            title = f"Row {row + 1}"
            block[1] = title.ljust(6) + block[1][6:]
            lines.extend(block if row == 0 else block[1:])
        if owed >= 0:
            lines.append("")
            lines.append(f"A fill is owed: {game.place_name(owed)} must be filled with a card "
                         f"from Row {row_of(owed) + 2}.")
    elif isinstance(game, Square):
        labels = []
        for c in game.tableau:
            d = game.direction(c)
            labels.append(game.place_name(c) + ("↑" if d > 0 else "↓" if d < 0 else ""))
        lines.extend(_columns(game, list(game.tableau), labels, colour))
    elif isinstance(game, UnionSquare):
        for row in range(4):
            indexes = list(game.tableau[row * 4:(row + 1) * 4])
            labels = []
            for p in indexes:
                d = game.direction(p)
                labels.append(game.place_name(p) + ("↑" if d > 0 else "↓" if d < 0 else ""))
            lines.extend(_columns(game, indexes, labels, colour))
    if any(len(game.piles[t]) > 1 for t in game.tableau):
        lines.append("(each pile runs down the page from its bottom card to its top card)")
    lines.append("")
    if game.is_won():
        lines.append("Won: every card is on the foundations.")
    legal = sorted(game.legal_texts(), key=_natural)
    if legal:
        lines.append(f"Legal moves ({len(legal)}): " + " ".join(legal))
    elif not game.is_won():
        lines.append("No legal move is left: the game is lost.")
    return "\n".join(lines)


def _natural(move_text: str) -> list[str | int]:
    """Sort key putting ``p2-p4`` before ``p10-p4`` and ``r1c2-f1`` before ``r1c10``."""
    return [int(part) if part.isdigit() else part for part in re.findall(r"[0-9]+|[^0-9]+", move_text)]
