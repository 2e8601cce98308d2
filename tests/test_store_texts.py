"""Schema 3 holds each text once: every request is rebuilt byte for byte, an older database
migrates in place (backup first, all or nothing) and reports the same, an older lamen refuses it."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lamen.agents.base import ChatRequest
from lamen.cli import main
from lamen.report.data import read_report_data
from lamen.runner import Runner
from lamen.runner.run import make_agent
from lamen.spec.library import Library
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.store import db as store_db
from lamen.store.files import connect_read_only
from lamen.store.texts import TextReader, TextWriter

REPO = Path(__file__).resolve().parent.parent
V2_FIXTURE = REPO / "tests" / "data" / "store" / "v2.db.gz"  # written by lamen with schema 2 (tests/data/README.md)
POLYGLOT = REPO / "tests" / "data" / "store" / "polyglot.yaml"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _v2_copy(folder: Path) -> Path:
    folder.mkdir()
    path = folder / "tournament.db"
    with gzip.open(V2_FIXTURE) as packed, path.open("wb") as out:
        shutil.copyfileobj(packed, out)
    return path


def _rows(path: Path, query: str) -> list[tuple]:
    with sqlite3.connect(path) as db:
        rows = db.execute(query).fetchall()
    db.close()
    return rows


def test_texts_round_trip_exactly() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, sha256 BLOB NOT NULL UNIQUE, body, lines TEXT)")
    writer, reader = TextWriter(db), TextReader(db)
    samples = ["", "\n", "one line", "a\nb\r\n\nc\n", "é 租金 😀\tend", "x" * 5000, '{"k": "' + "y" * 300 + '"}']
    ids = [writer.intern(text) for text in samples]
    writer.commit()
    assert [reader.text(i) for i in ids] == samples
    assert writer.intern("a\nb\r\n\nc\n") == ids[3]  # the same text, the same id
    # Each distinct text once: the 5 one-line samples ("" among them), the 2 multi-line ones as
    # their lines' ids, and their lines not seen before: "a", "b\r", "c".
    assert db.execute("SELECT COUNT(*) FROM texts").fetchone()[0] == 10
    assert isinstance(db.execute("SELECT body FROM texts WHERE id=?", (ids[5],)).fetchone()[0], bytes)  # compressed


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(exclude_categories=("Cs",))),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(value=JSON_VALUES, ascii_only=st.booleans())
def test_any_json_text_is_taken_apart_and_rebuilt_exactly(value: object, ascii_only: bool) -> None:
    """Keys with digits, escaped quotes, backslashes before a closing quote, newlines, empty keys
    and strings, exponents: the request codec gives back the very text it took apart."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, sha256 BLOB NOT NULL UNIQUE, body, lines TEXT)")
    text = json.dumps({"meta": value, "k0": ["a\\", 'q"\\"', "1e5"]}, ensure_ascii=ascii_only,
                      separators=(",", ":"))
    stored = TextWriter(db).request_json(text)
    assert TextReader(db).request_json(*stored) == text


def test_a_rolled_back_text_is_not_remembered() -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, sha256 BLOB NOT NULL UNIQUE, body, lines TEXT)")
    writer = TextWriter(db)
    db.execute("BEGIN")
    first = writer.intern("gone")
    db.execute("ROLLBACK")
    writer.rollback()
    again = writer.intern("gone")
    assert db.execute("SELECT body FROM texts WHERE id=?", (again,)).fetchone() == ("gone",)
    assert first == again  # the id was free again, and the row is there now


def test_every_request_of_a_played_tournament_is_rebuilt_byte_for_byte(tmp_path: Path) -> None:
    """Each request is hashed as the agent received it; the store gives back the same hashes."""
    sent: Counter[str] = Counter()

    def recording(agent_spec, *, game, side, seed):  # noqa: ANN001, ANN202 - the runner's `make`
        agent = make_agent(agent_spec, game=game, side=side, seed=seed)
        complete = agent.complete

        async def hashed(request: ChatRequest):  # noqa: ANN202
            sent[_sha(request.model_dump_json())] += 1
            return await complete(request)

        agent.complete = hashed
        return agent

    spec = {"name": "rebuild", "agents": ["bot:linear", "bot:boulware", {"agent": "mock:polyglot",
                                                                         "params": {"replies": str(POLYGLOT)}}],
            "games": ["rental-1-distributive", "rental-2-integrative-distributive"]}
    store = Store(tmp_path / "t.db")
    asyncio.run(Runner(Tournament.model_validate(spec), store, Library.default(), make=recording).run())
    store.close()
    store = Store.open_read_only(tmp_path / "t.db")
    rebuilt = Counter(_sha(call.request.model_dump_json()) for call in store.calls("rebuild") if call.request)
    store.close()
    assert sum(sent.values()) > 1000  # 36 matches of up to 10 rounds, a note and a message a turn
    assert rebuilt == sent
    # No request is stored whole: the largest text is a system prompt or a reply, not a history.
    longest = _rows(tmp_path / "t.db", "SELECT MAX(LENGTH(body)) FROM texts WHERE typeof(body)='text'")[0][0]
    assert longest < 2000


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the v2 fixture as it was, a copy of it migrated by opening it for writing)."""
    folder = tmp_path_factory.mktemp("migration")
    original, path = _v2_copy(folder / "original"), _v2_copy(folder / "migrated")
    before = path.read_bytes()
    Store.open_read_only(path).close()
    assert path.read_bytes() == before  # reading an old database never migrates it
    Store(path).close()
    return original, path


def test_a_v2_database_migrates_in_place_with_a_backup(migrated: tuple[Path, Path]) -> None:
    original, path = migrated
    requests = {row[:3]: row[3:] for row in _rows(original, "SELECT match_id, turn_idx, call_idx, request_json, "
                                                            "reply_text, agent FROM calls")}
    outcomes = {m: (t, o) for m, t, o in _rows(original, "SELECT match_id, transcript_json, outcome_json FROM outcomes")}
    specs = {m: json.loads(s) for m, s in _rows(original, "SELECT id, spec_json FROM matches")}

    backup = path.with_name("tournament.db.bak-v2")
    for table in ("meta", "matches", "turns", "calls", "outcomes", "agents", "tournaments"):
        assert _rows(backup, f"SELECT * FROM {table} ORDER BY rowid") == _rows(original, f"SELECT * FROM {table} ORDER BY rowid")
    assert _rows(path, "SELECT value FROM meta") == [("4",)]  # and on to schema 4 (turn roles)
    assert path.stat().st_size < original.stat().st_size / 4
    store = Store.open_read_only(path)
    calls = list(store.calls())
    assert len(calls) == len(requests) == 1048
    for call in calls:
        request_json, reply_text, agent = requests[(call.match_id, call.turn_idx, call.call_idx)]
        assert call.request_json == request_json  # byte for byte, as that lamen stored it
        assert call.request is not None and call.request.model_dump_json() == request_json
        assert (call.reply.text, call.agent) == (reply_text, agent)
    stored = {m.id: m for m in store.stored_matches("store-v2")}
    assert {m: (s.transcript_json, s.outcome_json) for m, s in stored.items() if s.outcome_json} == outcomes
    assert {m: s.spec for m, s in stored.items()} == specs
    store.close()


def test_the_report_reads_the_same_from_a_migrated_database(migrated: tuple[Path, Path]) -> None:
    original, path = migrated
    before, after = read_report_data(original), read_report_data(path)
    pd.testing.assert_frame_equal(before.matches, after.matches)
    pd.testing.assert_frame_equal(before.usage, after.usage)
    pd.testing.assert_frame_equal(before.agents, after.agents)
    assert (before.spec, before.turns, before.outcomes, before.games) == (after.spec, after.turns, after.outcomes,
                                                                            after.games)
    assert len(before.matches) == 48 and len(before.turns) == 48


@pytest.mark.slow
def test_lamen_report_writes_identical_tables_from_a_migrated_database(migrated: tuple[Path, Path],
                                                                       tmp_path: Path) -> None:
    original, path = migrated
    assert main(["report", str(original), "-o", str(tmp_path / "before")]) == 0
    assert main(["report", str(path), "-o", str(tmp_path / "after")]) == 0
    tables = sorted(p.name for p in (tmp_path / "before" / "tables").iterdir())
    assert len(tables) >= 5
    for name in tables:
        assert (tmp_path / "after" / "tables" / name).read_bytes() == (tmp_path / "before" / "tables" / name).read_bytes()


def test_a_migration_killed_midway_leaves_the_old_database_whole(tmp_path: Path) -> None:
    """SIGKILL after the new tables are written, before the commit: the v2 database is untouched
    (SQLite rolls the migration back), the backup is whole, and a second try migrates."""
    path = _v2_copy(tmp_path / "db")
    before = _rows(path, "SELECT * FROM calls ORDER BY rowid")
    script = ("import os, signal, sys\n"
              "from lamen.store import migrate\n"
              "replace = migrate._replace\n"
              "def killed(db, table):\n"
              "    replace(db, table)\n"
              "    if table == 'outcomes':\n"
              "        os.kill(os.getpid(), signal.SIGKILL)\n"
              "migrate._replace = killed\n"
              "from lamen.store import Store\n"
              "Store(sys.argv[1])\n")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, check=False)
    assert done.returncode == -9, done.stderr
    assert path.with_name("tournament.db.bak-v2").exists()
    db, version = connect_read_only(path)
    db.close()
    assert version == 2
    assert _rows(path, "SELECT * FROM calls ORDER BY rowid") == before
    Store(path).close()
    assert _rows(path, "SELECT value FROM meta") == [("4",)]


def test_an_older_lamen_refuses_a_migrated_database_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = _v2_copy(tmp_path / "db")
    Store(path).close()
    monkeypatch.setattr(store_db, "SCHEMA_VERSION", 2)  # what lamen before schema 3 reads
    assert main(["status", str(path)]) == 1
    assert capsys.readouterr().err == (f"error: {path}: was written by a newer lamen (schema 4; this lamen reads up "
                                       "to 2) (upgrade lamen: pip install -U lamen)\n")
    with pytest.raises(SpecError):
        Store(path)
