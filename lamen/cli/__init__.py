"""The `lamen` command: thin — parse arguments, call the library, print, exit with a code."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console

from lamen import __version__
from lamen.cli import compare, doctor, games, play, ratings, report, run, validate
from lamen.spec.problems import SpecError

COMMANDS = (validate, games, play, run, ratings, compare, report, doctor)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lamen", description="Measure how well language-model agents negotiate.")
    parser.add_argument("--version", action="version", version=f"lamen {__version__}")
    parser.add_argument("--data", action="append", default=[], metavar="DIR",
                        help="a folder with games/ issues/ protocols/ (searched before the built-ins; repeatable)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        return int(args.handler(args) or 0)
    except SpecError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        return 1
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        return 130


def run() -> None:
    sys.exit(main())
