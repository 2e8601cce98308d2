"""`lamen rejudge` scores stored matches again and says what changed; `lamen export` writes every
table as JSON Lines or Parquet; both refuse bad input in one line and never write a database they
only read."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from lamen.cli import main
from lamen.judge import Outcome
from lamen.store import Store
from tests.conftest import copy_database


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def played(tiny_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 played matches (the session's tiny tournament), closed (no -wal beside the file)."""
    return copy_database(tiny_db, tmp_path_factory.mktemp("played"))


@pytest.fixture
def db(played: Path, tmp_path: Path) -> Path:
    (tmp_path / "db").mkdir()
    copy = tmp_path / "db" / "tournament.db"
    shutil.copy(played, copy)
    return copy


def test_rejudge_of_an_untouched_database_changes_nothing(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _files(db.parent)
    assert main(["rejudge", str(db)]) == 0
    assert capsys.readouterr().out == "12 matches judged again, 0 changed\n"
    assert _files(db.parent) == before  # a dry run opens the database read-only


def test_rejudge_reports_a_changed_outcome_and_writes_it_only_when_asked(db: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(db)
    match = next(m for m in store.stored_matches("tiny") if json.loads(m.outcome_json)["agreement"] != "none")
    judged = Outcome.model_validate_json(match.outcome_json)
    tampered = judged.model_copy(update={"agreement": "none", "agreed_offer": None, "utilities": (0.0, 0.0)})
    store.replace_outcomes([(match.id, tampered)], {})
    store.close()
    expected = (f"{match.id} rental-1-distributive {match.row['agent_a']} vs {match.row['agent_b']}: "
                f"agreement none -> {judged.agreement}, U 0.000/0.000 -> "
                f"{judged.utilities[0]:.3f}/{judged.utilities[1]:.3f}\n")

    before = _files(db.parent)
    assert main(["rejudge", str(db)]) == 0
    assert capsys.readouterr().out == (expected + "12 matches judged again, 1 changed\n"
                                       "dry run: nothing written (--write stores the new outcomes)\n")
    assert _files(db.parent) == before

    assert main(["rejudge", str(db), "--write"]) == 0
    assert capsys.readouterr().out == expected + "12 matches judged again, 1 changed\nwritten: 12 outcomes\n"
    store = Store.open_read_only(db)
    assert store.outcome_json(match.id) == judged.model_dump_json()
    store.close()
    assert main(["rejudge", str(db)]) == 0
    assert capsys.readouterr().out == "12 matches judged again, 0 changed\n"


def test_rejudge_refuses_an_unknown_tournament_and_a_file_that_is_no_database(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rejudge", str(db), "--tournament", "other"]) == 1
    assert capsys.readouterr().err == f"error: {db}: no tournament named 'other' (it holds: tiny)\n"
    text = tmp_path / "notes.txt"
    text.write_text("not a database", encoding="utf-8")
    assert main(["rejudge", str(text), "--write"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {text}: file is not a database") and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db", "notes.txt"]  # no lock file beside it


@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
def test_export_writes_every_table(db: Path, tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = _files(db.parent)
    out = tmp_path / "out"
    assert main(["export", str(db), "--format", fmt, "--out", str(out)]) == 0
    assert _files(db.parent) == before  # read-only: not a byte changed, no -wal made
    store = Store.open_read_only(db)
    calls = list(store.calls())
    turns = sum(len(t) for t in store.turns_by_match("tiny").values())
    store.close()
    counts = {"matches": 12, "seats": 24, "agents": 2, "turns": turns, "calls": len(calls), "scores": 12}
    assert capsys.readouterr().out == "".join(f"{table}: {n:,} rows -> {out / f'{table}.{fmt}'}\n"
                                              for table, n in counts.items())
    tables = {table: (pd.read_json(out / f"{table}.jsonl", lines=True, dtype=False) if fmt == "jsonl"
                      else pd.read_parquet(out / f"{table}.parquet")) for table in counts}
    assert {table: len(frame) for table, frame in tables.items()} == counts
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{table}.{fmt}" for table in counts)
    # Each call's request is the one the agent was sent, whole.
    assert list(tables["calls"]["request"]) == [c.request.model_dump_json() for c in calls]
    assert set(tables["seats"]["agent_id"]) == {"bot:linear", "bot:conceder"}
    assert tables["scores"]["u_a"].between(0, 1).all()
    assert list(tables["matches"].columns[:3]) == ["match_id", "tournament", "stage"]


def test_export_refuses_bad_input_in_one_line_writing_nothing(db: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["export", str(db), "--format", "xml", "--out", str(out)]) == 1
    assert capsys.readouterr().err == "error: --format xml: unknown format (use jsonl or parquet)\n"
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    assert main(["export", str(db), "--out", str(afile)]) == 1
    assert capsys.readouterr().err == f"error: --out {afile}: is a file, not a folder (give a folder)\n"
    assert main(["export", str(db), "--out", str(afile / "sub")]) == 1
    assert capsys.readouterr().err == (f"error: --out {afile / 'sub'}: cannot be created ({afile} is a file) "
                                       "(give a folder)\n")
    assert main(["export", str(afile), "--out", str(out)]) == 1
    assert capsys.readouterr().err == (f"error: {afile}: file is not a database (it has no SQLite header) "
                                       "(give the path `lamen run` printed)\n")
    assert not out.exists()
