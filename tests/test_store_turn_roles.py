"""Schema 4 keeps the role that wrote each turn in `turns.role`, for every stored turn: an errored
match keeps no transcript JSON (where schema 3 kept the roles), yet Mediation's two user seats —
one agent, both side 1 — are still told apart. A schema-3 database migrates (backup first) and
reads as before; an older lamen refuses the migrated file in one line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from lamen.cli import main
from lamen.report.data import read_report_data
from lamen.report.transcripts import viewer_data
from lamen.store import Store
from lamen.store import db as store_db
from lamen.store.legacy import write_v3

# A user agent that writes one line per seat and then loses its connection: on its second move in
# either user seat a match errors, after the first pass of the agenda. (As the assistant it writes
# no address: its matches end on format errors, finished.)
USERS = '''
def answer(request):
    content = request.messages[-1].content
    if any(line.startswith("You: ") for line in content.splitlines()):
        raise RuntimeError("connection dropped")
    if "waits for your answer" in content:
        return "[reject]"
    return "[message] I would rather fly in the morning."
'''


@pytest.fixture(scope="module")
def dropped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dropped")
    (folder / "users.py").write_text(USERS)
    spec = folder / "med.yaml"
    spec.write_text("name: med\nfamily: dialop.mediation\n"
                    "agents: [player:shared-view, 'mock:users.py:answer']\n"
                    "instances: {config: {source: human}, count: 1}\nseed: 5\n")
    db = folder / "t.db"
    main(["run", str(spec), "--db", str(db), "--quiet", "--yes"])
    return db


def _rows(path: Path, query: str) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(query).fetchall()
    finally:
        db.close()


def test_an_errored_mediation_match_keeps_the_role_of_each_turn(dropped: Path) -> None:
    store = Store.open_read_only(dropped)
    try:
        matches = {m.id: m for m in store.stored_matches("med")}
        turns = store.turns_by_match("med", roles=True)
    finally:
        store.close()
    errored = [m for m in matches.values() if m.status == "errored"]
    # The mock in the user seats beside the scripted assistant, either user first.
    assert sorted(m.row["starts"] for m in errored) == [0, 1]
    for match in errored:
        assert match.transcript_json is None and "connection dropped" in match.row["error"]
        # One pass of the round-robin user-0 → user-1 → assistant from the first mover; the first
        # mover's second move is the one that fails.
        order = ["user-0", "user-1", "assistant"] if match.row["starts"] == 0 else ["user-1", "assistant", "user-0"]
        assert [t.role for t in turns[match.id]] == order
        assert [t.side for t in turns[match.id]] == [0 if role == "assistant" else 1 for role in order]
    # As written: the column holds them, one per stored turn of a played match.
    assert _rows(dropped, "SELECT COUNT(*) FROM turns WHERE role IS NULL") == [(0,)]


def test_the_viewer_shows_the_roles_of_an_errored_match(dropped: Path) -> None:
    data = read_report_data(dropped)
    details = {match_id: detail for chunk in viewer_data(data).chunks for match_id, detail in chunk.items()}
    errored = data.matches[data.matches["status"] == "errored"]["match_id"].tolist()
    assert len(errored) == 2
    for match_id in errored:
        assert [t["role"] for t in details[match_id]["turns"]] in (["user-0", "user-1", "assistant"],
                                                                   ["user-1", "assistant", "user-0"])


@pytest.fixture()
def v3(dropped: Path, tmp_path: Path) -> Path:
    path = tmp_path / "tournament.db"
    write_v3(dropped, path)
    return path


def test_a_schema_3_database_migrates_with_a_backup_and_reads_as_before(v3: Path) -> None:
    assert _rows(v3, "SELECT value FROM meta WHERE key='schema_version'") == [("3",)]
    old = Store.open_read_only(v3)
    try:
        before_turns = old.turns_by_match("med", roles=True)
        statuses = old.statuses("med")
    finally:
        old.close()
    before = read_report_data(v3)
    tables = {table: _rows(v3, f"SELECT * FROM {table} ORDER BY rowid")
              for table in ("meta", "matches", "turns", "calls", "outcomes", "texts")}
    # Schema 3 read roles from the transcripts: a finished match's turns have them, an errored one's not.
    for match_id, turns in before_turns.items():
        assert all((t.role is None) == (statuses[match_id] == "errored") for t in turns)

    Store(v3).close()

    backup = v3.with_name("tournament.db.bak-v3")
    assert {table: _rows(backup, f"SELECT * FROM {table} ORDER BY rowid") for table in tables} == tables
    assert _rows(v3, "SELECT value FROM meta WHERE key='schema_version'") == [("4",)]
    new = Store.open_read_only(v3)
    try:
        assert new.turns_by_match("med", roles=True) == before_turns
    finally:
        new.close()
    after = read_report_data(v3)
    pd.testing.assert_frame_equal(before.matches, after.matches)
    assert (before.turns, before.outcomes) == (after.turns, after.outcomes)
    # The finished matches' roles were copied into the column; the errored ones' were never kept.
    assert _rows(v3, "SELECT COUNT(*) FROM turns t JOIN matches m ON m.id = t.match_id "
                     "WHERE m.status = 'finished' AND t.role IS NULL") == [(0,)]


def test_an_older_lamen_refuses_a_schema_4_database_in_one_line(v3: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    Store(v3).close()
    monkeypatch.setattr(store_db, "SCHEMA_VERSION", 3)  # what lamen before schema 4 reads
    assert main(["status", str(v3)]) == 1
    assert capsys.readouterr().err == (f"error: {v3}: was written by a newer lamen (schema 4; this lamen reads up "
                                       "to 3) (upgrade lamen: pip install -U lamen)\n")


def test_lamen_export_writes_each_turns_role(dropped: Path, tmp_path: Path) -> None:
    assert main(["export", str(dropped), "--out", str(tmp_path)]) == 0
    rows = [json.loads(line) for line in (tmp_path / "turns.jsonl").read_text().splitlines()]
    stored = _rows(dropped, "SELECT match_id, idx, role FROM turns")
    assert sorted((r["match_id"], r["idx"], r["role"]) for r in rows) == sorted(stored)
    assert {r["role"] for r in rows} == {"assistant", "user-0", "user-1"}
