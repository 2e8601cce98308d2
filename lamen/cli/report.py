"""`lamen report DB [-o FOLDER]`: write a tournament's static report (index.html, figures, CSV and
LaTeX tables) and print where it is."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from lamen.report import write_report


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("report", help="write a tournament's HTML report with figures and CSV/LaTeX tables")
    parser.add_argument("db", type=Path, help="tournament database, e.g. reports/quickstart/tournament.db")
    parser.add_argument("-o", "--output", type=Path, metavar="FOLDER",
                        help="where to write the report (default: the database's folder)")
    parser.add_argument("--tournament", metavar="NAME", help="which tournament, when the database holds several")
    parser.set_defaults(handler=handle_report)


def handle_report(args: argparse.Namespace) -> int:
    report = write_report(args.db, args.output, args.tournament)
    console = Console(highlight=False, soft_wrap=True)
    console.print(f"report: {report.index} ({len(report.figures)} figures, {len(report.tables)} tables, "
                  f"{report.seconds:.1f} s)", markup=False)
    return 0
