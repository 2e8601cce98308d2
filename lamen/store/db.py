"""SQLite store. A match row is planned once (its id is the hash of its spec); it becomes
`finished` or `errored` in the same transaction that writes its turns, calls and outcome, so a
crash at any point leaves either the whole match or none of it."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lamen.agents.base import ChatReply
from lamen.judge.outcome import Outcome
from lamen.transcript import ModelCall, Transcript

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tournaments (
    name TEXT PRIMARY KEY, spec_json TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS agents (
    tournament TEXT NOT NULL, agent_id TEXT NOT NULL, provider TEXT NOT NULL, model TEXT NOT NULL,
    spec_json TEXT NOT NULL, disabled_reason TEXT, PRIMARY KEY (tournament, agent_id));
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, tournament TEXT NOT NULL, stage TEXT NOT NULL, game TEXT NOT NULL,
    game_class TEXT NOT NULL, protocol TEXT NOT NULL, agent_a TEXT NOT NULL, agent_b TEXT NOT NULL,
    starts INTEGER NOT NULL, repetition INTEGER NOT NULL, mirror INTEGER NOT NULL, block TEXT NOT NULL,
    seed INTEGER NOT NULL, position INTEGER NOT NULL, spec_json TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', error TEXT, attempts INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT 'played', finished_at REAL);
CREATE INDEX IF NOT EXISTS matches_by_status ON matches (tournament, status);
CREATE TABLE IF NOT EXISTS turns (
    match_id TEXT NOT NULL, idx INTEGER NOT NULL, side INTEGER NOT NULL, round INTEGER NOT NULL,
    note TEXT NOT NULL, message TEXT NOT NULL, interrogation TEXT, PRIMARY KEY (match_id, idx));
CREATE TABLE IF NOT EXISTS calls (
    match_id TEXT NOT NULL, turn_idx INTEGER NOT NULL, call_idx INTEGER NOT NULL, purpose TEXT NOT NULL,
    agent TEXT NOT NULL, model TEXT, input_tokens INTEGER, output_tokens INTEGER, cached_tokens INTEGER,
    latency_s REAL, cost_usd REAL, from_cache INTEGER, finish_reason TEXT, request_json TEXT, reply_text TEXT,
    PRIMARY KEY (match_id, turn_idx, call_idx));
CREATE TABLE IF NOT EXISTS outcomes (
    match_id TEXT PRIMARY KEY, agreement TEXT NOT NULL, agreed_offer_json TEXT, u_a REAL NOT NULL,
    u_b REAL NOT NULL, welfare REAL NOT NULL, rounds INTEGER NOT NULL, end_reason TEXT NOT NULL,
    transcript_json TEXT, outcome_json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS response_cache (
    key TEXT PRIMARY KEY, agent TEXT NOT NULL, reply_json TEXT NOT NULL, created_at REAL NOT NULL);
"""


@dataclass(frozen=True)
class MatchRecord:
    """A planned match as the store keeps it (the runner rebuilds the full Match from the spec)."""

    id: str
    stage: str
    game: str
    game_class: str
    protocol: str
    agent_a: str
    agent_b: str
    starts: int
    repetition: int
    mirror: int
    block: str
    seed: int
    position: int


class Store:
    """One SQLite database file; safe to open from several processes (WAL, busy timeout)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        with self.transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            row = self.db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            elif int(row["value"]) != SCHEMA_VERSION:
                raise RuntimeError(f"{self.path}: database schema version {row['value']}, this lamen reads {SCHEMA_VERSION}")

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ---- planning --------------------------------------------------------------------------

    def save_tournament(self, name: str, spec: dict[str, Any], agents: Iterable[dict[str, Any]]) -> None:
        now = time.time()
        with self.transaction() as db:
            db.execute("INSERT INTO tournaments VALUES (?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                       "spec_json=excluded.spec_json, updated_at=excluded.updated_at",
                       (name, json.dumps(spec, sort_keys=True), now, now))
            for agent in agents:
                db.execute("INSERT INTO agents (tournament, agent_id, provider, model, spec_json) VALUES (?, ?, ?, ?, ?) "
                           "ON CONFLICT(tournament, agent_id) DO UPDATE SET spec_json=excluded.spec_json, "
                           "provider=excluded.provider, model=excluded.model",
                           (name, agent["id"], agent["provider"], agent.get("model", ""), json.dumps(agent, sort_keys=True)))

    def plan(self, tournament: str, records: Iterable[tuple[MatchRecord, dict[str, Any]]]) -> int:
        """Insert matches not planned yet; returns how many were new."""
        before = self.db.total_changes
        with self.transaction() as db:
            db.executemany(
                "INSERT OR IGNORE INTO matches (id, tournament, stage, game, game_class, protocol, agent_a, agent_b, "
                "starts, repetition, mirror, block, seed, position, spec_json) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(r.id, tournament, r.stage, r.game, r.game_class, r.protocol, r.agent_a, r.agent_b, r.starts,
                  r.repetition, r.mirror, r.block, r.seed, r.position, json.dumps(spec, sort_keys=True))
                 for r, spec in records])
        return self.db.total_changes - before

    def statuses(self, tournament: str) -> dict[str, str]:
        rows = self.db.execute("SELECT id, status FROM matches WHERE tournament=?", (tournament,))
        return {row["id"]: row["status"] for row in rows}

    # ---- results ---------------------------------------------------------------------------

    def save_match(self, match_id: str, transcript: Transcript, outcome: Outcome) -> None:
        """Turns, calls, outcome and status of one match, in one transaction."""
        status = "errored" if transcript.error else "finished"
        with self.transaction() as db:
            db.execute("DELETE FROM turns WHERE match_id=?", (match_id,))
            db.execute("DELETE FROM calls WHERE match_id=?", (match_id,))
            db.execute("DELETE FROM outcomes WHERE match_id=?", (match_id,))
            for index, turn in enumerate(transcript.turns):
                db.execute("INSERT INTO turns VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (match_id, index, turn.side, turn.round, turn.note, turn.message, turn.interrogation))
                self._save_calls(match_id, index, turn.calls, transcript.agents[turn.side])
            if transcript.unfinished_calls:
                # The turn an error cut short has no row in `turns`; its paid calls still count.
                side = transcript.starts if len(transcript.turns) % 2 == 0 else 1 - transcript.starts
                self._save_calls(match_id, len(transcript.turns), transcript.unfinished_calls, transcript.agents[side])
            if not transcript.error:
                db.execute("INSERT INTO outcomes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (match_id, outcome.agreement, json.dumps(outcome.agreed_offer), outcome.utilities[0],
                            outcome.utilities[1], outcome.welfare, outcome.rounds, outcome.end_reason,
                            _slim_transcript(transcript), outcome.model_dump_json()))
            db.execute("UPDATE matches SET status=?, error=?, attempts=attempts+1, finished_at=? WHERE id=?",
                       (status, transcript.error, time.time(), match_id))

    def _save_calls(self, match_id: str, turn_index: int, calls: Iterable[ModelCall], agent: str,
                    offset: int = 0) -> None:
        for call_index, call in enumerate(calls, start=offset):
            reply = call.reply or ChatReply(text="")
            self.db.execute("INSERT INTO calls VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (match_id, turn_index, call_index, call.purpose, call.agent or agent, reply.model,
                             reply.usage.input_tokens, reply.usage.output_tokens, reply.usage.cached_tokens,
                             reply.latency_s, reply.cost_usd, int(reply.from_cache), reply.finish_reason,
                             call.request.model_dump_json() if call.request else None, reply.text))

    def save_imported(self, match_id: str, outcome: Outcome, source: str) -> None:
        """A finished match known only by its outcome (imported results: no turns, no calls)."""
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO outcomes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (match_id, outcome.agreement, json.dumps(outcome.agreed_offer), outcome.utilities[0],
                        outcome.utilities[1], outcome.welfare, outcome.rounds, outcome.end_reason, None,
                        outcome.model_dump_json()))
            db.execute("UPDATE matches SET status='finished', source=?, finished_at=? WHERE id=?",
                       (source, time.time(), match_id))

    def disable_agent(self, tournament: str, agent_id: str, reason: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE agents SET disabled_reason=? WHERE tournament=? AND agent_id=?", (reason, tournament, agent_id))

    # ---- response cache --------------------------------------------------------------------

    def cached_reply(self, key: str) -> ChatReply | None:
        row = self.db.execute("SELECT reply_json FROM response_cache WHERE key=?", (key,)).fetchone()
        return ChatReply.model_validate_json(row["reply_json"]) if row else None

    def cache_reply(self, key: str, agent: str, reply: ChatReply) -> None:
        # One statement in autocommit mode: written at once (a paid reply survives a crash), and
        # cheap enough to do on every call.
        self.db.execute("INSERT OR REPLACE INTO response_cache VALUES (?, ?, ?, ?)",
                        (key, agent, reply.model_dump_json(), time.time()))

    # ---- reading ---------------------------------------------------------------------------

    def summary(self, tournament: str | None = None) -> dict[str, Any]:
        where, args = ("WHERE m.tournament=?", (tournament,)) if tournament else ("", ())
        counts = {row["status"]: row["n"] for row in self.db.execute(
            f"SELECT status, COUNT(*) AS n FROM matches m {where} GROUP BY status", args)}
        agreements = self.db.execute(
            f"SELECT COUNT(*) FROM outcomes o JOIN matches m ON m.id=o.match_id {where} "
            f"{'AND' if where else 'WHERE'} o.agreement != 'none'", args).fetchone()[0]
        spend, tokens = self.db.execute(
            f"SELECT COALESCE(SUM(c.cost_usd), 0), COALESCE(SUM(c.input_tokens + c.output_tokens), 0) "
            f"FROM calls c JOIN matches m ON m.id=c.match_id {where}", args).fetchone()
        return {"total": sum(counts.values()), "finished": counts.get("finished", 0), "errored": counts.get("errored", 0),
                "pending": counts.get("pending", 0), "agreements": agreements, "spend_usd": spend, "tokens": tokens}

    def tournaments(self) -> list[str]:
        return [row["name"] for row in self.db.execute("SELECT name FROM tournaments ORDER BY created_at")]


def _slim_transcript(transcript: Transcript) -> str:
    """The transcript without its per-call requests (those live in `calls`), for re-judging."""
    slim = transcript.model_copy(update={"turns": tuple(t.model_copy(update={"calls": ()}) for t in transcript.turns)})
    return slim.model_dump_json()
