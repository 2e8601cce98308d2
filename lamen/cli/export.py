"""`lamen export DB --format jsonl|parquet --out FOLDER`: every table of a tournament database as
files for pandas, DuckDB or a training pipeline (lamen.store.export; the schema is in the README).
The database is opened read-only."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line

FORMATS = ("jsonl", "parquet")  # lamen.store.export.FORMATS, without importing the store at start


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("export", help="write a database's matches, seats, turns, calls and scores as "
                                                "JSON Lines or Parquet")
    parser.add_argument("db", type=Path, help="tournament database, e.g. reports/quickstart/tournament.db")
    parser.add_argument("--format", default="jsonl", metavar="FORMAT", help="jsonl (default) or parquet")
    parser.add_argument("--out", type=Path, required=True, metavar="FOLDER", help="folder for the files")
    parser.set_defaults(handler=handle_export)


def check_out_folder(folder: Path) -> None:
    """`--out` must be a folder, or creatable as one, before the database is read."""
    if folder.exists() and not folder.is_dir():
        raise SpecError([Problem(f"--out {one_line(str(folder))}: is a file, not a folder", "give a folder")])
    existing = next((p for p in (folder.absolute(), *folder.absolute().parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise SpecError([Problem(f"--out {one_line(str(folder))}: cannot be created ({one_line(str(existing))} "
                                 "is a file)", "give a folder")])
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        raise SpecError([Problem(f"--out {one_line(str(folder))}: {one_line(str(existing))} is not writable",
                                 "give a folder you can write to")])


def handle_export(args: argparse.Namespace) -> int:
    if args.format not in FORMATS:
        raise SpecError([Problem(f"--format {one_line(args.format)}: unknown format", "use jsonl or parquet")])
    if args.format == "parquet":
        try:
            import pyarrow  # noqa: F401 - only to say what is missing before anything is written
        except ImportError:
            raise SpecError([Problem("--format parquet: needs pyarrow, which is not installed",
                                     "pip install 'lamen[parquet]', or use --format jsonl")]) from None
    check_out_folder(args.out)
    from rich.console import Console

    from lamen.store import Store
    from lamen.store.export import export
    from lamen.store.files import reading

    store = Store.open_read_only(args.db)  # a missing, foreign or damaged file: one line, before any folder is made
    try:
        with reading(args.db):
            args.out.mkdir(parents=True, exist_ok=True)
            written = export(store, args.out, args.format)
    finally:
        store.close()
    console = Console(highlight=False, soft_wrap=True)
    for table in written:
        console.print(f"{table.table}: {table.rows:,} rows -> {table.path}", markup=False)
    return 0
