"""A database of this schema written out as an older lamen kept it: the schema-2 layout (every text
inline, every request whole), or schema 3 (turns without their role).

Not used by lamen's commands: `bench/store_size.py` measures what a database would weigh in the
old layout ("before") from the same played matches, and the tests make an older lamen's database
out of a fresh run (the migration is then checked to give back exactly what was played)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from lamen.store.db import Store

V2_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tournaments (
    name TEXT PRIMARY KEY, spec_json TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE TABLE agents (
    tournament TEXT NOT NULL, agent_id TEXT NOT NULL, provider TEXT NOT NULL, model TEXT NOT NULL,
    spec_json TEXT NOT NULL, disabled_reason TEXT, PRIMARY KEY (tournament, agent_id));
CREATE TABLE matches (
    id TEXT PRIMARY KEY, tournament TEXT NOT NULL, stage TEXT NOT NULL, game TEXT NOT NULL,
    game_class TEXT NOT NULL, protocol TEXT NOT NULL, agent_a TEXT NOT NULL, agent_b TEXT NOT NULL,
    starts INTEGER NOT NULL, repetition INTEGER NOT NULL, mirror INTEGER NOT NULL, block TEXT NOT NULL,
    seed INTEGER NOT NULL, position INTEGER NOT NULL, spec_json TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', error TEXT, attempts INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT 'played', finished_at REAL, fingerprint TEXT);
CREATE INDEX matches_by_status ON matches (tournament, status);
CREATE TABLE turns (
    match_id TEXT NOT NULL, idx INTEGER NOT NULL, side INTEGER NOT NULL, round INTEGER NOT NULL,
    note TEXT NOT NULL, message TEXT NOT NULL, interrogation TEXT, PRIMARY KEY (match_id, idx));
CREATE TABLE calls (
    match_id TEXT NOT NULL, turn_idx INTEGER NOT NULL, call_idx INTEGER NOT NULL, purpose TEXT NOT NULL,
    agent TEXT NOT NULL, model TEXT, input_tokens INTEGER, output_tokens INTEGER, cached_tokens INTEGER,
    latency_s REAL, cost_usd REAL, from_cache INTEGER, finish_reason TEXT, request_json TEXT, reply_text TEXT,
    PRIMARY KEY (match_id, turn_idx, call_idx));
CREATE TABLE outcomes (
    match_id TEXT PRIMARY KEY, agreement TEXT NOT NULL, agreed_offer_json TEXT, u_a REAL NOT NULL,
    u_b REAL NOT NULL, welfare REAL NOT NULL, rounds INTEGER NOT NULL, end_reason TEXT NOT NULL,
    transcript_json TEXT, outcome_json TEXT NOT NULL);
CREATE TABLE response_cache (
    key TEXT PRIMARY KEY, agent TEXT NOT NULL, reply_json TEXT NOT NULL, created_at REAL NOT NULL);
"""

_SAME = {"tournaments": "*", "agents": "*", "turns": "match_id, idx, side, round, note, message, interrogation",
         "response_cache": "*"}


def write_v2(source: Path, target: Path) -> None:
    """`target` (a new file): the database `source` (schema 4) in the schema-2 layout."""
    store = Store.open_read_only(source)
    out = sqlite3.connect(target, isolation_level=None)
    try:
        out.execute("PRAGMA journal_mode=WAL")
        out.execute("BEGIN")
        for statement in V2_SCHEMA.split(";"):
            if statement.strip():
                out.execute(statement)
        out.execute("INSERT INTO meta VALUES ('schema_version', '2')")
        for table, columns in _SAME.items():
            rows = store.db.execute(f"SELECT {columns} FROM {table} ORDER BY rowid").fetchall()
            if rows:
                out.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})",
                                [tuple(row) for row in rows])
        columns = ("id, tournament, stage, game, game_class, protocol, agent_a, agent_b, starts, repetition, mirror, "
                   "block, seed, position, status, error, attempts, source, finished_at, fingerprint")
        for row in store.db.execute(f"SELECT {columns}, spec_parts FROM matches ORDER BY rowid").fetchall():
            spec = json.dumps(store.texts.spec(row["spec_parts"]), sort_keys=True)
            out.execute(f"INSERT INTO matches ({columns}, spec_json) VALUES ({', '.join('?' * 21)})",
                        (*tuple(row)[:-1], spec))
        for call in store.calls():
            reply = call.reply
            out.execute("INSERT INTO calls VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (call.match_id, call.turn_idx, call.call_idx, call.purpose, call.agent, reply.model,
                         reply.usage.input_tokens, reply.usage.output_tokens, reply.usage.cached_tokens,
                         reply.latency_s, reply.cost_usd, int(reply.from_cache), reply.finish_reason,
                         call.request_json, reply.text))
        columns = "match_id, agreement, agreed_offer_json, u_a, u_b, welfare, rounds, end_reason"
        for row in store.db.execute(f"SELECT {columns}, transcript, outcome FROM outcomes ORDER BY rowid").fetchall():
            out.execute(f"INSERT INTO outcomes VALUES ({', '.join('?' * 10)})",
                        (*tuple(row)[:8], store.texts.text(row["transcript"]), store.texts.text(row["outcome"])))
        out.execute("COMMIT")
    finally:
        out.close()
        store.close()


def write_v3(source: Path, target: Path) -> None:
    """`target` (a new file): the database `source` (schema 4) as schema 3 kept it — the same,
    except that its turns have no `role` column (a role was kept only in a finished match's
    transcript JSON)."""
    store = Store.open_read_only(source)
    try:
        out = sqlite3.connect(target, isolation_level=None)
        try:
            store.db.backup(out)
            out.execute("ALTER TABLE turns DROP COLUMN role")
            out.execute("UPDATE meta SET value='3' WHERE key='schema_version'")
        finally:
            out.close()
    finally:
        store.close()
