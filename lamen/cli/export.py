"""`lamen export DB --format jsonl|parquet --out FOLDER`: every table of a tournament database as
files for pandas, DuckDB or a training pipeline (lamen.store.export; the schema is in the README).
`lamen export sft|kto|dpo DB --out FOLDER`: a harvest's training data as JSON Lines in TRL's
formats, one file per rendering (lamen.harvest.export). The database is opened read-only."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line

FORMATS = ("jsonl", "parquet")  # lamen.store.export.FORMATS, without importing the store at start
TRAINING = ("sft", "kto", "dpo")  # lamen.harvest.export.KINDS
RENDERINGS = ("text", "openai-tools")  # lamen.harvest.export.RENDERINGS


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("export", help="write a database's matches, seats, turns, calls and scores as "
                                                "JSON Lines or Parquet; or a harvest's sft|kto|dpo training data")
    parser.add_argument("what", metavar="[sft|kto|dpo] DB", help="tournament database, e.g. "
                        "reports/quickstart/tournament.db; or sft, kto or dpo followed by a harvest database")
    parser.add_argument("db", nargs="?", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--rendering", choices=RENDERINGS, help="sft|kto|dpo: only this rendering (default: both)")
    parser.add_argument("--harvest", metavar="NAME", help="sft|kto|dpo: only this harvest's trees (default: all)")
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
    if args.what in TRAINING:
        return handle_training(args)
    if args.db is not None:
        raise SpecError([Problem(f"export {one_line(args.what)} {one_line(str(args.db))}: {one_line(args.what)} is not "
                                 "a kind of training data", "use sft, kto or dpo, or give only the database")])
    args.db = Path(args.what)
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


def handle_training(args: argparse.Namespace) -> int:
    """`lamen export sft|kto|dpo DB --out FOLDER`: KIND-RENDERING.jsonl per rendering."""
    if args.db is None:
        raise SpecError([Problem(f"export {args.what}: no database given",
                                 f"lamen export {args.what} DB --out FOLDER")])
    if args.format != "jsonl":
        raise SpecError([Problem(f"--format {one_line(args.format)}: training data is written as JSON Lines",
                                 "leave --format out")])
    check_out_folder(args.out)
    from rich.console import Console

    from lamen.harvest.export import write_jsonl
    from lamen.store import Store
    from lamen.store.files import reading

    store = Store.open_read_only(args.db)
    console = Console(highlight=False, soft_wrap=True)
    try:
        with reading(args.db):
            from lamen.store.harvest import require_harvest

            require_harvest(store, args.harvest)
            args.out.mkdir(parents=True, exist_ok=True)
            for rendering in ([args.rendering] if args.rendering else RENDERINGS):
                path = args.out / f"{args.what}-{rendering}.jsonl"
                count = write_jsonl(store, args.what, rendering, path, args.harvest)
                console.print(f"{args.what} ({rendering}): {count:,} examples -> {path}", markup=False)
    finally:
        store.close()
    return 0
