"""Files that are not a healthy lamen database, given to every command that takes one: each gets
one line naming the file and the fix, exit code 1, no traceback — and not a byte written, neither
to the file nor beside it (no -wal, -shm, lock or report files).

Cases: missing, a folder, empty, text, truncated, damaged pages, another program's SQLite (plain
and WAL), lamen tables without a schema version, a newer lamen's schema. Commands: status,
ratings, report (with and without -o), run --db and import --db."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from lamen.cli import main
from lamen.store.legacy import write_v2
from tests.conftest import TINY_SPEC as SPEC, copy_database



@pytest.fixture(scope="module")
def lamen_db(tiny_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real lamen database of 12 played matches (the session's tiny tournament), closed (no -wal beside it)."""
    path = copy_database(tiny_db, tmp_path_factory.mktemp("source"))
    assert sorted(p.name for p in path.parent.iterdir()) == ["tournament.db"]
    return path


def _missing(path: Path, source: Path) -> None:
    pass


def _folder(path: Path, source: Path) -> None:
    path.mkdir()


def _empty(path: Path, source: Path) -> None:
    path.write_bytes(b"")


def _text(path: Path, source: Path) -> None:
    path.write_text("name: not a database\nthis is a note\n", encoding="utf-8")


def _truncated(path: Path, source: Path) -> None:
    data = source.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _damaged_pages(path: Path, source: Path) -> None:
    data = bytearray(source.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for number in range(2, len(data) // page, 3):  # every third page from the third on: b-tree pages garbled
        data[number * page:(number + 1) * page] = b"\xaa" * page
    path.write_bytes(bytes(data))


def _sqlite_of(journal: str) -> Callable[[Path, Path], None]:
    def make(path: Path, source: Path) -> None:
        staging = path.parent.parent / f"staging-{journal}"
        staging.mkdir(exist_ok=True)
        db = sqlite3.connect(staging / "other.db")
        db.execute(f"PRAGMA journal_mode={journal}")
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes (text) VALUES ('keep me')")
        db.commit()
        db.close()
        shutil.copy(staging / "other.db", path)
    return make


def _lamen_schema(version: str | None) -> Callable[[Path, Path], None]:
    def make(path: Path, source: Path) -> None:
        staging = path.parent.parent / f"staging-{version}"
        staging.mkdir(exist_ok=True)
        shutil.copy(source, staging / "x.db")
        db = sqlite3.connect(staging / "x.db")
        if version is None:
            db.execute("DELETE FROM meta")
        else:
            db.execute("UPDATE meta SET value=? WHERE key='schema_version'", (version,))
        db.commit()
        db.close()
        shutil.copy(staging / "x.db", path)
    return make


CASES: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "missing": (_missing, "no such database"),
    "folder": (_folder, "is a folder, not a database file"),
    "empty": (_empty, "is an empty file"),
    "text": (_text, "file is not a database"),
    "truncated": (_truncated, "damaged SQLite database (truncated"),
    "damaged pages": (_damaged_pages, "damaged SQLite database (database disk image is malformed)"),
    "another program's SQLite": (_sqlite_of("delete"), "not a lamen tournament database"),
    "another program's SQLite in WAL mode": (_sqlite_of("wal"), "not a lamen tournament database"),
    "lamen tables, no schema version": (_lamen_schema(None), "not a lamen tournament database"),
    "a newer lamen's schema": (_lamen_schema("99"), "written by a newer lamen (schema 99"),
}
COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "status": lambda db, root: ["status", str(db)],
    "ratings": lambda db, root: ["ratings", str(db), "--bootstrap", "10"],
    "report": lambda db, root: ["report", str(db)],
    "report -o": lambda db, root: ["report", str(db), "-o", str(root / "out")],
    "run": lambda db, root: ["run", str(root / "spec.yaml"), "--db", str(db), "--quiet"],
    "import": lambda db, root: ["import", "lamen-evals", str(root / "evals.csv"), "--db", str(db)],
}
CREATING = ("run", "import")  # a missing database is where these start a new one


def snapshot(folder: Path) -> dict[str, str]:
    """Every path under `folder` with its bytes' digest (folders as 'dir')."""
    return {str(p.relative_to(folder)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("case", list(CASES))
def test_every_command_refuses_every_bad_database_in_one_line_without_writing(
        case: str, command: str, lamen_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if case == "missing" and command in CREATING:
        pytest.skip("a missing --db is where `lamen run` and `lamen import` create a new database")
    make, expected = CASES[case]
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    (tmp_path / "evals.csv").write_text("model_name,game_type\n", encoding="utf-8")
    folder = tmp_path / "case"
    folder.mkdir()
    database = folder / "tournament.db"
    make(database, lamen_db)
    before = snapshot(tmp_path)

    code = main(COMMANDS[command](database, tmp_path))

    out, err = capsys.readouterr()
    lines = [line for line in (out + err).splitlines() if line.strip()]
    assert code == 1
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"error: {database}: ") and expected in lines[0], lines[0]
    assert "Traceback" not in out + err
    assert snapshot(tmp_path) == before  # not a byte changed, nothing created beside it


def test_a_missing_database_is_created_by_run(tmp_path: Path, report_data_only: list[Path]) -> None:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    database = tmp_path / "new" / "tournament.db"
    assert main(["run", str(tmp_path / "spec.yaml"), "--db", str(database), "--quiet"]) == 0
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM matches WHERE status='finished'").fetchone()[0] == 12
    assert report_data_only == [database]


def test_a_real_process_prints_one_line_and_exits_1(lamen_db: Path, tmp_path: Path) -> None:
    """The same, through `python -m lamen` (what a user runs): exit status and streams as seen."""
    text = tmp_path / "notes.db"
    _text(text, lamen_db)
    before = text.read_bytes()
    done = subprocess.run([sys.executable, "-m", "lamen", "status", str(text)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"error: {text}: file is not a database (it has no SQLite header) " \
                          "(give the path `lamen run` printed)\n"
    assert text.read_bytes() == before


def test_an_older_lamen_database_is_migrated_by_run_and_read_as_is_by_the_rest(lamen_db: Path, tmp_path: Path,
                                                                               report_data_only: list[Path]) -> None:
    """A schema-1 database (no fingerprints): status and report read it without writing; run
    migrates it (fingerprints filled in from the stored specs) and finds nothing left to play."""
    old = tmp_path / "old.db"
    write_v2(lamen_db, old)  # the same matches in the layout schemas 1 and 2 share
    with sqlite3.connect(old) as db:
        db.execute("ALTER TABLE matches DROP COLUMN fingerprint")
        db.execute("UPDATE meta SET value='1' WHERE key='schema_version'")
    db.close()
    before = old.read_bytes()
    assert main(["status", str(old)]) == 0
    assert old.read_bytes() == before
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    assert main(["run", str(tmp_path / "spec.yaml"), "--db", str(old), "--quiet"]) == 0
    with sqlite3.connect(old) as db:
        assert db.execute("SELECT value FROM meta").fetchone()[0] == "4"
        migrated = dict(db.execute("SELECT id, fingerprint FROM matches"))
    with sqlite3.connect(lamen_db) as db:
        assert migrated == dict(db.execute("SELECT id, fingerprint FROM matches"))  # as a new run writes them
    assert len(migrated) == 12 and None not in migrated.values()


def test_report_onto_an_existing_file_is_refused_untouched(lamen_db: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "report.html"
    target.write_text("<p>mine</p>", encoding="utf-8")
    before = snapshot(tmp_path)
    assert main(["report", str(lamen_db), "-o", str(target)]) == 1
    assert capsys.readouterr().err == f"error: -o {target}: is a file, not a folder (give a folder for the report)\n"
    assert snapshot(tmp_path) == before
