"""Rule-set knowledge stays in the engine: the search, the levels, the records, the play
session, the window and the command line ask a game's profile (game/engine/profile.py)
and its typed methods, never which rule set or which class a game is."""

from __future__ import annotations

import ast
from pathlib import Path

from game.engine import RULE_IDS

GAME = Path(__file__).resolve().parent.parent / "game"
PACKAGES = ("search", "levels", "records", "session", "ui", "cli")
GAME_CLASSES = {"RowsGame", "SquareGame", "Constitution", "Cadogan", "Square", "UnionSquare"}
RULE_MODULES = {"constitution", "cadogan", "square", "union_square", "rows", "squares"}


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module and of its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _is_text(node: ast.expr) -> bool:
    """A string constant, or a tuple, list or set of them."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_is_text(e) for e in node.elts)
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _name(node: ast.Attribute | ast.Name) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id


def _problems(text: str, where: str) -> list[str]:
    """What the module ``text`` (named ``where``) asks about rule sets that it may not."""
    tree = ast.parse(text)
    docs = _docstrings(tree)
    found = []
    if "type: ignore[attr-defined]" in text:
        found.append(f"{where}: type: ignore[attr-defined]")
    for node in ast.walk(tree):
        line = f"{where}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and node.value in RULE_IDS and id(node) not in docs:
            found.append(f"{line}: names the rule set {node.value!r}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "isinstance" and len(node.args) == 2:
                kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
                if any(isinstance(k, ast.Name) and k.id in GAME_CLASSES for k in kinds):
                    found.append(f"{line}: isinstance on a game class")
            if node.func.id in ("getattr", "hasattr") and node.args and ast.unparse(node.args[0]) in (
                    "g", "game", "self.game", "view", "position"):
                found.append(f"{line}: {node.func.id} on a game")
        elif isinstance(node, ast.ImportFrom) and node.module:
            module = node.module.split(".")[-1]
            if module in RULE_MODULES and any(a.name in GAME_CLASSES for a in node.names):
                found.append(f"{line}: imports a rule set's class")
        elif isinstance(node, ast.Compare) and any(_is_text(side) for side in (node.left, *node.comparators)):
            if any(isinstance(side, (ast.Attribute, ast.Name)) and _name(side) == "rules"
                   for side in (node.left, *node.comparators)):
                found.append(f"{line}: compares a rule-set id")
    return found


def test_code_outside_the_engine_never_asks_which_rule_set_it_is() -> None:
    files = [p for package in PACKAGES for p in sorted((GAME / package).rglob("*.py"))]
    assert len(files) > 60
    problems = [problem for path in files
                for problem in _problems(path.read_text(encoding="utf-8"), path.name)]
    assert problems == []


def test_the_check_sees_what_it_looks_for() -> None:
    # each kind of question it forbids, in a module of the shape it reads
    source = (
        '"""A docstring may name "constitution"."""\n'
        "from ..engine.cadogan import Cadogan\n"
        "def f(game, rules):\n"
        '    """So may this one: "square"."""\n'
        '    if rules is not None and rules in RULE_IDS:  # a check that it is one at all\n'
        '        pass\n'
        '    if rules == "union-square" or isinstance(game, Cadogan):\n'
        '        return getattr(game, "owed", -1)  # type: ignore[attr-defined]\n'
    )
    kinds = sorted(p.split(": ", 1)[1] for p in _problems(source, "probe.py"))
    assert kinds == ["compares a rule-set id", "getattr on a game", "imports a rule set's class",
                     "isinstance on a game class", "names the rule set 'union-square'",
                     "type: ignore[attr-defined]"]
