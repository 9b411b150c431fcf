"""The command line as a user meets it: standard output is the command's own (no pygame
banner, so every ``--json`` parses), colour and redraws follow ``NO_COLOR`` and
``TERM=dumb``, what was typed is echoed cut short, help texts point to what exists, and
every example of the README, of the documents in ``docs/`` and of ``--help`` runs as
written."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import build_parser, main
from game.console import wants_colour
from game.engine.commands import MOVES_EXAMPLE

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: the README and the documents it links to in docs/ (the solver's record, the formats…)
DOCUMENTS = [README] + [path.read_text(encoding="utf-8") for path in sorted((ROOT / "docs").glob("*.md"))]


def _environment(home: Path, **extra: str) -> dict[str, str]:
    """A child's environment: no display, no sound device, and a home of its own, so that
    nothing touches the real user data directory."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYGAME_HIDE_SUPPORT_PROMPT")}
    return {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(home),
            "XDG_DATA_HOME": str(home / "share"), **extra}


def _run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=cwd, capture_output=True,
                          text=True, env=_environment(cwd, **extra), timeout=600)


# ----- standard output is the command's own ---------------------------------------------


def test_importing_the_window_code_prints_nothing(tmp_path: Path) -> None:
    """Every module that imports pygame is in game.ui, whose package hides the banner."""
    done = subprocess.run([sys.executable, "-c", "import game.ui.app, game.ui.level_chart, game.ui.bench"],
                          cwd=ROOT, capture_output=True, text=True, env=_environment(tmp_path), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


@pytest.mark.slow
def test_bench_json_with_the_screen_section_is_json_alone(tmp_path: Path) -> None:
    done = _run(["bench", "--json", "--quick", "--only", "ui", "--only", "records"], tmp_path)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert {"machine", "screen", "records"} <= set(results) or len(results) == 3
    assert "pygame" not in done.stdout


@pytest.mark.slow
def test_screenshot_and_chart_print_only_their_own_line(tmp_path: Path) -> None:
    for argv, first in ((["screenshot", "x.png", "--scene", "options", "--frames", "1", "--size", "800x600"],
                         "saved x.png (800x600, scene options)"),
                        (["levels", "chart", "c.png"], "saved c.png")):
        done = _run(argv, tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout == first + "\n"


# ----- colour and redraws -------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("env, colour", [
    ({}, True), ({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True), ({"TERM": "dumb"}, False),
])
def test_colour_only_on_a_terminal_that_wants_it(env: dict[str, str], colour: bool,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert wants_colour(_Terminal()) is colour
    assert wants_colour(io.StringIO()) is False


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
@pytest.mark.parametrize("env, colour", [({}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False)])
def test_deal_on_a_terminal_is_coloured_unless_told_not_to(tmp_path: Path, env: dict[str, str],
                                                          colour: bool) -> None:
    leader, follower = os.openpty()
    try:
        child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "deal", "constitution", "1"],
                                 cwd=tmp_path, stdout=follower, stderr=subprocess.PIPE,
                                 env=_environment(tmp_path, **{"TERM": "xterm", **env}))
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert child.wait(timeout=60) == 0
    finally:
        os.close(leader)
    out = b"".join(chunks).decode()
    assert "Legal moves (7)" in out
    assert ("\x1b[" in out) is colour


# ----- what was typed comes back cut short --------------------------------------------


@pytest.mark.parametrize("argv", [
    ["bench", "--only", "x" * 5000],
    ["deal", "constitution", "1", "x" * 5000],
    ["screenshot", "x.png", "--scene", "\x1b]0;pwned\x07" + "y" * 5000],
    ["levels", "build", "--count", "z" * 5000],
])
def test_usage_errors_quote_what_was_typed_cut_short_and_escaped(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert "error: " in last and len(last) < 450 and "\x1b" not in err and "\x07" not in err


@pytest.mark.parametrize("argv", [
    ["deal", "r" * 5000, "1"], ["stats", "r" * 5000], ["levels", "check", "--rules", "r" * 5000],
    ["screenshot", "x.png", "--rules", "r" * 5000], ["solve", "r" * 5000, "--range", "1-2"],
    ["hint", "\x1b[2J" + "r" * 50, "1"],
])
def test_a_long_rule_set_name_is_cut_short(argv: list[str], capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*argv, *(["--data-dir", str(tmp_path)] if argv[0] in ("stats", "screenshot") else [])]) == 2
    err = capsys.readouterr().err
    assert "unknown rule set '" in err and len(err) < 200 and "\x1b" not in err


@pytest.mark.parametrize("command", ["deal", "hint", "play"])
def test_a_move_typed_with_control_characters_is_escaped_in_the_error(
        command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    extra = ["--data-dir", str(tmp_path)] if command == "play" else []
    assert main([command, "square", "1", "--moves", "x\x1b[31mred" + "y" * 5000, *extra]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "x\\x1b[31mred" in err and len(err) < 1100


def test_levels_check_escapes_the_folder_and_cuts_what_a_campaign_file_holds(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "lv\x1b[7mX"
    folder.mkdir()
    (folder / "constitution.json").write_text(json.dumps(
        {"kind": "levels", "version": 1, "rules": "\x1b]0;x\x07" + "x" * 500_000}))
    main(["levels", "check", "--folder", str(folder)])
    captured = capsys.readouterr()
    both = captured.out + captured.err
    assert "\x1b" not in both and "\x07" not in both and len(both) < 5000
    assert "lv\\x1b[7mX" in both


# ----- help texts ---------------------------------------------------------------------


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _parsers(sub)
    return found


def test_help_texts_point_only_to_what_a_user_has() -> None:
    """No docs/rules.md (a developers' file), and no README either: the installed game does
    not ship them, so a help text says what it means itself."""
    for parser in _parsers(build_parser()):
        text = parser.format_help()
        assert "docs/rules.md" not in text and "rules.md" not in text and "docs/" not in text, parser.prog
        assert "repository" not in text, parser.prog
        assert "README" not in text, parser.prog


def test_the_help_of_a_data_dir_that_is_only_read_says_so_and_sizes_have_both_bounds() -> None:
    """``stats`` and ``screenshot`` only read their --data-dir, but their help said "keep
    saves, replays, statistics and settings here", as if they wrote there; --size named
    no upper bound, which the error then gave (hostile command-line review 31)."""
    parsers = {parser.prog.split()[-1]: parser for parser in _parsers(build_parser())}
    for command in ("stats", "screenshot"):
        text = " ".join(parsers[command].format_help().split())
        assert "keep saves" not in text and "nothing is written there" in text, command
    for command in ("menu", "play", "replay"):
        assert "keep saves, replays" in " ".join(parsers[command].format_help().split()), command
    for command in ("menu", "play", "screenshot"):
        assert "from 800x600 to 7680x4320" in " ".join(parsers[command].format_help().split()), command


#: the examples the help texts give: (command whose help shows it, the text shown, a run of it)
_MOVES = MOVES_EXAMPLE.strip('"')
HELP_EXAMPLES = [
    (["deal"], MOVES_EXAMPLE, ["deal", "constitution", "1", "--moves", _MOVES]),
    (["hint"], MOVES_EXAMPLE, ["hint", "constitution", "1", "--moves", _MOVES, "--ms", "20"]),
    (["solve"], MOVES_EXAMPLE, ["solve", "constitution", "1", "--moves", _MOVES, "--budget", "2"]),
    (["screenshot"], MOVES_EXAMPLE, ["screenshot", "m.png", "--moves", _MOVES, "--frames", "1",
                                     "--size", "800x600"]),
    (["solve"], "#1,001-#2,000", ["solve", "union-square", "--range", "#1,001-#1,002", "--budget", "2"]),
    (["menu"], "1280x800", ["screenshot", "s.png", "--size", "1280x800", "--frames", "1"]),
]


@pytest.mark.slow
@pytest.mark.parametrize("where, shown, argv", HELP_EXAMPLES,
                         ids=[" ".join(argv) for _, _, argv in HELP_EXAMPLES])
def test_every_example_of_the_help_texts_runs(where: list[str], shown: str, argv: list[str],
                                              tmp_path: Path) -> None:
    parser = build_parser()
    for sub in _parsers(parser):
        if sub.prog.split()[1:] == where:
            assert shown in " ".join(sub.format_help().split())
            break
    else:
        raise AssertionError(f"no command {where}")
    done = _run(argv, tmp_path)
    assert done.returncode == 0, done.stderr


# ----- the README's examples (and those of docs/) ----------------------------------------


def _commands(text: str) -> list[str]:
    """Every ``british-patience …`` of a Markdown text: its code blocks' lines and its inline
    code (an inline span may be wrapped over two lines)."""
    commands = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        commands += [line for line in block.splitlines() if line.startswith("british-patience")]
    outside = re.sub(r"```.*?```", "", text, flags=re.S)
    spans = (" ".join(span.split()) for span in re.findall(r"`([^`]+)`", outside))
    commands += [span for span in spans if span.startswith("british-patience")]
    return commands


def _is_synopsis(command: str) -> bool:
    """A synopsis names what to give (``RULES``, ``[--json]``, ``a|b``, ``…``), an example does not."""
    return bool(re.search(r"\b[A-Z][A-Z_.]{2,}\b|\[|\||…", command.removeprefix("british-patience")))


README_COMMANDS = _commands(README)
README_EXAMPLES = sorted({c for c in README_COMMANDS if not _is_synopsis(c)})
README_SYNOPSES = sorted({c for c in README_COMMANDS if _is_synopsis(c)})
DOCUMENT_COMMANDS = [command for text in DOCUMENTS for command in _commands(text)]
DOCUMENT_EXAMPLES = sorted({c for c in DOCUMENT_COMMANDS if not _is_synopsis(c)})
DOCUMENT_SYNOPSES = sorted({c for c in DOCUMENT_COMMANDS if _is_synopsis(c)})



def test_the_readme_has_examples_and_the_install_line() -> None:
    assert len(README_EXAMPLES) >= 10 and len(README_SYNOPSES) >= 10
    assert "`pipx install .`" in README
    assert "python3 main.py" not in README, "a command that needs an activated venv"


def test_the_readme_starts_with_two_one_line_commands_play_and_test() -> None:
    """The README opens with exactly two commands for a fresh machine with only Python:
    one installs what is needed and starts the game, one installs it and runs the tests."""
    first_block = README.split("```")[1]
    lines = [line for line in first_block.splitlines() if line.strip()]
    assert len(lines) == 2, lines
    play, test = lines
    assert README.lstrip().startswith("# ") and README.index("```") < README.index("\n## ")
    assert play.startswith("python3 -m venv .venv && .venv/bin/pip install -q -r requirements.txt && ")
    assert test.startswith("python3 -m venv .venv && .venv/bin/pip install -q -r requirements-dev.txt && ")
    assert play.endswith(".venv/bin/python main.py")
    assert test.endswith("-m pytest -n auto") and "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy" in test
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert test in ci.splitlines(), "CI runs the README's test command word for word"


@pytest.mark.slow
@pytest.mark.parametrize("command", DOCUMENT_EXAMPLES)
def test_every_example_of_the_readme_runs(command: str, tmp_path: Path) -> None:
    """Each example of the README and of docs/, as the installed command runs it
    (``main.py`` is the same entry).

    Window commands open the menu on the dummy display and get Ctrl+C once it is up. The
    examples that take hours as written (the measurements) run a small piece of the same
    work: a range its first deal, a budget at most 5 s, ``bench`` its quick run (of the
    engine section, unless the example names one) with at most 2 hinted runs and demo
    games."""
    # a file of the project (docs/wins/…) is named from the clone's top, where a reader runs it
    argv = [str(ROOT / a) if a.startswith("docs/") and (ROOT / a).is_file() else a
            for a in shlex.split(command)[1:]]
    if "--range" in argv:
        place = argv.index("--range") + 1
        argv[place] = argv[place].split("-")[0]
    if "--budget" in argv:
        place = argv.index("--budget") + 1
        argv[place] = str(min(float(argv[place]), 5.0))
    for option in ("--hint-runs", "--demo-games"):
        if option in argv:
            place = argv.index(option) + 1
            argv[place] = str(min(int(argv[place]), 2))
    if argv[:1] == ["bench"]:
        argv += [] if "--quick" in argv else ["--quick"]
        argv += [] if "--only" in argv else ["--only", "engine"]
    if argv in ([], ["menu"]) or argv[0] == "play":
        _run_window(argv, tmp_path)
        return
    done = _run(argv, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def _run_window(argv: list[str], tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *argv], cwd=tmp_path,
                             env=_environment(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, preexec_fn=answer_ctrl_c)
    try:
        log = tmp_path / "share" / "british-patience" / "log.txt"
        deadline = time.monotonic() + 120
        while not log.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)
        assert child.poll() is None, child.communicate()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 130 and "Traceback" not in err, err


def answer_ctrl_c() -> None:
    """In a child about to start: Ctrl+C does what it does at a terminal, even when these
    tests run where it is ignored (a shell's background job ignores SIGINT, and so would
    every program it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("command", DOCUMENT_SYNOPSES)
def test_every_synopsis_of_the_readme_names_real_commands_and_options(command: str) -> None:
    words = command.split()[1:]
    parser = build_parser()
    path: list[str] = []
    for word in words:
        if not re.fullmatch(r"[a-z][a-z|-]*", word):
            break
        path.append(word.split("|")[0])
    helps = {" ".join(sub.prog.split()[1:]): sub for sub in _parsers(parser)}
    while path and " ".join(path) not in helps:
        path.pop()
    sub = helps[" ".join(path)]
    known = {option for action in sub._actions for option in action.option_strings}
    for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", command):
        assert option in known, f"{command}: {option} is not an option of {sub.prog}"
    for choices in re.findall(r"--(?:scene|only) ([a-z|-]+)", command):
        action = next(a for a in sub._actions if a.choices and set(choices.split("|")) <= set(a.choices))
        assert set(choices.split("|")) == set(action.choices), command


def test_a_long_file_name_is_cut_short(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    long_name = str(tmp_path / ("n" * 3000) / "game.replay")
    assert main(["replay", long_name, "--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "…" in err and len(err) < 300
    (tmp_path / "file").write_text("x")
    assert main(["stats", "--data-dir", str(tmp_path / "file" / ("d" * 3000))]) == 2
    err = capsys.readouterr().err
    assert "is not a folder" in err and len(err) < 400


# ----- --data-dir -----------------------------------------------------------------------------

#: a user name no system has, so ``~NOUSER`` names no home folder
NOUSER = "no-such-user-of-british-patience"
#: the window commands that take --data-dir (stats and replay: tests/records/test_commands.py)
WINDOW_COMMANDS = [["menu"], ["play", "constitution", "1"],
                   ["screenshot", "x.png", "--scene", "menu", "--frames", "1"]]


def _a_draft_of_the_users(folder: Path) -> Path:
    """A file of the player's whose name looks like a temporary file, two hours old."""
    draft = folder / ".thesis.draft.tmp"
    draft.write_text("the user's")
    os.utime(draft, (time.time() - 7200, time.time() - 7200))
    return draft


@pytest.mark.parametrize("typed", ["", f"~{NOUSER}", f"~{NOUSER}/x"], ids=["empty", "~nouser", "~nouser/x"])
@pytest.mark.parametrize("command", WINDOW_COMMANDS, ids=lambda c: c[0])
def test_a_data_dir_that_names_no_folder_is_a_one_line_error(
        command: list[str], typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui.app import App

    monkeypatch.chdir(tmp_path)
    draft = _a_draft_of_the_users(tmp_path)
    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the window opened"))
    assert main([*command, "--data-dir", typed]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    if typed:
        assert captured.err == (f"error: --data-dir {typed}: ~{NOUSER} names no home folder "
                                f"(there is no user {NOUSER})\n")
    else:
        assert captured.err.startswith("error: --data-dir '': no folder name given")
    assert [p.name for p in tmp_path.iterdir()] == [draft.name] and draft.read_text() == "the user's"


def test_the_menu_of_a_screenshot_leaves_a_users_temporary_looking_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    draft = _a_draft_of_the_users(tmp_path)
    assert main(["screenshot", str(tmp_path / "menu.png"), "--scene", "menu", "--frames", "1",
                 "--data-dir", "."]) == 0
    assert draft.read_text() == "the user's"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's fallback to off screen is Linux's")
@pytest.mark.parametrize("argv", [["play", "constitution", "3"], ["menu"], ["replay", "game.replay"]])
def test_with_no_display_the_game_says_so_and_makes_nothing(tmp_path: Path, argv: list[str]) -> None:
    """Over ssh with no X11 or Wayland, SDL fell back to drawing off screen: the game ran
    in a window nobody could see, holding the data folder, until it was killed (hostile
    install review 29). It now says there is no display, with status 1, and makes no data
    folder. A driver chosen on purpose (the tests' dummy one) is still used. The replay
    viewer too (it ran unseen: hostile command-line review 31); and pygame's banner is not
    printed on standard output first (``menu`` printed it)."""
    env = _environment(tmp_path)
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    (tmp_path / "game.replay").write_text("version: 1\nrules: constitution\ngame: 1\nmoves:\nend\n")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=tmp_path, capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "error: there is no display to open the game's window on" in done.stderr
    assert done.stdout == ""
    assert not (tmp_path / "share").exists()
