"""`lamen validate PATH...`: one line per problem, exit 0 when every file is valid."""

from __future__ import annotations

import argparse
from pathlib import Path

from lamen.cli.common import data_dirs, library_from
from lamen.text_safety import one_line


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("validate", help="check game, issue, protocol, tournament, persona and harvest files")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="files or directories")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from rich.console import Console

    from lamen.harvest.run import harvest_problems
    from lamen.runner.checks import tournament_problems
    from lamen.spec.check import check_paths

    out = Console(highlight=False, soft_wrap=True)
    # A tournament is checked as `lamen run` checks it before planning (its family's players, settings, seats),
    # a harvest spec as `lamen harvest` checks it before growing.
    count, problems = check_paths(args.paths, library_from(args) if data_dirs(args) else None, tournament_problems,
                                  harvest_problems)
    for problem in problems:
        out.print(one_line(problem.render()), markup=False)  # problems quote the files: shown inert
    errors = [p for p in problems if p.severity == "error" or args.strict]
    warnings = len(problems) - len([p for p in problems if p.severity == "error"])
    files_with_errors = len({p.file for p in errors})
    out.print(f"{count} file(s) checked: {files_with_errors} invalid, {warnings} warning(s)", markup=False)
    return 1 if errors else 0
