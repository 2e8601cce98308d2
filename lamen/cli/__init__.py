"""The `lamen` command: thin — parse arguments, call the library, print, exit with a code.

Starting is fast: the command modules register their parsers with light imports only (argparse,
pathlib, lamen.spec.problems); pandas, scipy, matplotlib, pydantic models, the provider SDKs, the
store, runner and report load inside the handlers that use them, so `lamen --version`, `--help`
and `lamen games list` never pay for them. tests/test_cli_startup.py holds the line."""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from lamen import __version__
from lamen.cli import compare, doctor, export, games, harvest, play, ratings, rejudge, report, run, validate
from lamen.cli.common import add_data_option
from lamen.spec.problems import SpecError
from lamen.text_safety import one_line

COMMANDS = (validate, games, play, run, ratings, compare, rejudge, report, export, doctor, harvest)


class Parser(argparse.ArgumentParser):
    """argparse with a one-line usage error (exit 2, as argparse's): the usage block it prints
    by default buries the one line that says what is wrong."""

    def error(self, message: str) -> NoReturn:
        hint = f"see `{self.prog} --help`"
        choice = re.search(r"invalid choice: '(.*)' \(choose from (.*)\)$", message)
        if choice:
            close = difflib.get_close_matches(choice.group(1), re.findall(r"'([^']*)'", choice.group(2)), n=1)
            hint = f"did you mean '{close[0]}'?" if close else hint
        self.exit(2, f"{self.prog}: error: {one_line(message)} ({hint})\n")


def _leaf_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """The parsers that end a command line (`run`, `games show`, `import lamen-evals`, ...)."""
    subcommands = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    if not subcommands:
        return [parser]
    return [leaf for action in subcommands for sub in dict.fromkeys(action.choices.values())
            for leaf in _leaf_parsers(sub)]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="lamen", description="Measure how well language-model agents negotiate.")
    parser.add_argument("--version", action="version", version=f"lamen {__version__}")
    add_data_option(parser, after_command=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(commands)
    # `--data` also after the command, where users put options (`lamen run --data D SPEC`).
    for leaf in _leaf_parsers(parser):
        add_data_option(leaf, after_command=True)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from rich.console import Console  # after parsing: `--help` and `--version` exit before it is needed

    err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)
    try:
        return int(args.handler(args) or 0)
    except SpecError as exc:
        # Problems quote file contents and arguments: shown inert, one line each.
        for problem in exc.problems:
            err.print(one_line(problem.render()), markup=False)
        return 1
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        return 130


def run() -> None:
    sys.exit(main())
