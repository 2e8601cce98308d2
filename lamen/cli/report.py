"""`lamen report DB [-o FOLDER]`: write a tournament's static report (index.html, figures, CSV and
LaTeX tables) and print where it is."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from lamen.spec.problems import Problem, SpecError


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("report", help="write a tournament's HTML report with figures and CSV/LaTeX tables")
    parser.add_argument("db", type=Path, help="tournament database, e.g. reports/quickstart/tournament.db")
    parser.add_argument("-o", "--output", type=Path, metavar="FOLDER",
                        help="where to write the report (default: the database's folder)")
    parser.add_argument("--tournament", metavar="NAME", help="which tournament, when the database holds several")
    parser.set_defaults(handler=handle_report)


def check_output_folder(folder: Path) -> None:
    """`-o` must be a folder, or creatable as one, before anything is read or written."""
    if folder.exists() and not folder.is_dir():
        raise SpecError([Problem(f"-o {folder}: is a file, not a folder", "give a folder for the report")])
    existing = next((p for p in (folder.absolute(), *folder.absolute().parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise SpecError([Problem(f"-o {folder}: cannot be created ({existing} is a file)", "give a folder for the report")])
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        raise SpecError([Problem(f"-o {folder}: {existing} is not writable", "give a folder you can write to")])


def handle_report(args: argparse.Namespace) -> int:
    from rich.console import Console

    from lamen.report import write_report
    from lamen.store import Store
    from lamen.store.files import reading

    if args.output is not None:
        check_output_folder(args.output)
    Store.open_read_only(args.db).close()  # a missing, foreign or damaged file: one line, before any folder is made
    with reading(args.db):
        report = write_report(args.db, args.output, args.tournament)
    console = Console(highlight=False, soft_wrap=True)
    console.print(f"report: {report.index} ({len(report.figures)} figures, {len(report.tables)} tables, "
                  f"{report.seconds:.1f} s)", markup=False)
    return 0
