"""What a path given as a tournament database really is, found without writing a byte to it.

Every command that takes a database looks here first: a missing path, a folder, an empty or text
file, a truncated or damaged SQLite file, another program's SQLite database and a database from a
newer lamen each become one line naming the file and the fix (a SpecError), never a traceback and
never a write. Read-only commands then read through `connect_read_only`, which cannot write."""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line

SQLITE_HEADER = b"SQLite format 3\x00"
LAMEN_TABLES = frozenset({"meta", "tournaments", "agents", "matches", "turns", "calls", "outcomes"})
READ_HINT = "give the path `lamen run` printed"
WRITE_HINT = "give `--db` a new file or a lamen tournament database"
DAMAGED_HINT = "restore it from a backup, or salvage it with `sqlite3 FILE .recover`"


def refuse(path: Path, what: str, hint: str) -> SpecError:
    return SpecError([Problem(f"{one_line(str(path))}: {what}", hint)])


def _header_checks(path: Path, hint: str) -> bytes:
    """The first 100 bytes (SQLite's file header) of a file that should be a SQLite database."""
    if not path.exists():
        raise refuse(path, "no such database", hint)
    if path.is_dir():
        raise refuse(path, "is a folder, not a database file", f"give the database file inside it, e.g. "
                                                               f"{path / 'tournament.db'}")
    if not path.is_file():
        raise refuse(path, "is not a regular file", hint)
    try:
        with path.open("rb") as file:
            header = file.read(100)
            size = os.fstat(file.fileno()).st_size
    except OSError as exc:
        raise refuse(path, f"cannot be read ({exc.strerror or exc})", "check its permissions") from None
    if not header:
        raise refuse(path, "is an empty file, not a lamen tournament database", hint)
    if not header.startswith(SQLITE_HEADER) or len(header) < 100:
        raise refuse(path, "file is not a database (it has no SQLite header)", hint)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # The in-header page count is valid when the two change counters agree (SQLite ≥ 3.7.0) — and
    # only without a `-wal` file: a run killed during a checkpoint leaves page 1 (with the new
    # count) copied before the pages that extend the file; the WAL still holds them, and SQLite's
    # own recovery (then quick_check) decides.
    counted = header[24:28] == header[92:96] and pages > 0 and not Path(f"{path}-wal").exists()
    if page_size < 512 or page_size & (page_size - 1) or (counted and size < pages * page_size):
        raise refuse(path, f"is a damaged SQLite database (truncated: {size:,} bytes"
                           + (f" of {pages * page_size:,})" if counted else ")"), DAMAGED_HINT)
    return header


def _uri(path: Path, header: bytes) -> str:
    """A read-only URI. A WAL database with no `-wal` file has no open connection: open it
    immutable, so SQLite creates no `-wal`/`-shm` beside it either; otherwise share the live WAL."""
    wal_mode = header[18:20] == b"\x02\x02"
    quiet = wal_mode and not Path(f"{path}-wal").exists()
    return f"{path.resolve().as_uri()}?{'immutable=1' if quiet else 'mode=ro'}"


# Files this process found healthy, by (path, size, mtime): `lamen run` looks at its database up
# to three times before playing, and a quick check reads every page.
_healthy: set[tuple[str, int, int]] = set()


def _identity(path: Path) -> tuple[str, int, int] | None:
    """What says a file is unchanged — only when no -wal holds changes the main file does not show."""
    if Path(f"{path}-wal").exists():
        return None
    stat = path.stat()
    return str(path.resolve()), stat.st_size, stat.st_mtime_ns


def connect_read_only(path: Path, hint: str = READ_HINT) -> tuple[sqlite3.Connection, int]:
    """A connection that cannot write, to a checked lamen database, and its schema version.
    Raises SpecError for anything that is not a healthy lamen database of a version this lamen reads."""
    from lamen.store.db import SCHEMA_VERSION  # db imports this module

    header = _header_checks(path, hint)
    try:
        db = sqlite3.connect(_uri(path, header), uri=True, timeout=30, isolation_level=None)
    except sqlite3.Error as exc:
        raise refuse(path, f"cannot be opened ({exc})", hint) from None
    try:
        version = _lamen_version(path, db, hint)
        if version > SCHEMA_VERSION:
            raise refuse(path, f"was written by a newer lamen (schema {version}; this lamen reads up to "
                               f"{SCHEMA_VERSION})", "upgrade lamen: pip install -U lamen")
        # Damage anywhere, found now rather than halfway through a report.
        identity = _identity(path)
        if identity is None or identity not in _healthy:
            verdict = db.execute("PRAGMA quick_check(1)").fetchone()[0]
            if verdict != "ok":
                raise refuse(path, f"is a damaged SQLite database ({verdict})", DAMAGED_HINT)
            if identity is not None:
                _healthy.add(identity)
    except sqlite3.DatabaseError as exc:
        db.close()
        raise refuse(path, f"is a damaged SQLite database ({exc})", DAMAGED_HINT) from None
    except BaseException:
        db.close()
        raise
    db.row_factory = sqlite3.Row
    return db, version


def _lamen_version(path: Path, db: sqlite3.Connection, hint: str) -> int:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables & LAMEN_TABLES:
        raise refuse(path, "not a lamen tournament database (a SQLite database without lamen's tables)", hint)
    if "meta" not in tables:
        raise refuse(path, "not a lamen tournament database (it has no lamen schema version)", hint)
    row = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    if row is None or not str(row[0]).isdigit():
        raise refuse(path, "not a lamen tournament database (it has no lamen schema version)", hint)
    version = int(row[0])
    if version <= 0:
        raise refuse(path, f"not a lamen tournament database (schema version {version})", hint)
    missing = LAMEN_TABLES - tables if version < 3 else (LAMEN_TABLES | {"texts"}) - tables
    if missing:
        raise refuse(path, f"is a damaged lamen database (tables missing: {', '.join(sorted(missing))})",
                     DAMAGED_HINT)
    return version


def check_writable_database(path: Path) -> int | None:
    """Before a command writes to `path`: None when it does not exist yet (it will be created),
    else its schema version once it is known to be a lamen database this lamen can write."""
    if not path.exists() and not path.is_symlink():
        parent = next((p for p in path.absolute().parents if p.exists()), None)
        if parent is not None and not parent.is_dir():
            raise refuse(path, f"cannot be created: {parent} is a file, not a folder", WRITE_HINT)
        if parent is not None and not os.access(parent, os.W_OK | os.X_OK):
            raise refuse(path, f"cannot be created: {parent} is not writable", WRITE_HINT)
        return None
    db, version = connect_read_only(path, WRITE_HINT)
    db.close()
    if not os.access(path, os.R_OK | os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        raise refuse(path, "is not writable", "check its permissions and its folder's")
    return version


@contextmanager
def reading(path: Path) -> Iterator[None]:
    """Damage met while reading (past the quick check) becomes the same one line."""
    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise refuse(path, f"is a damaged SQLite database ({exc})", DAMAGED_HINT) from None

