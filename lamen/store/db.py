"""SQLite store. A match row is planned once (its id is the hash of its spec); it becomes
`finished` or `errored` in the same transaction that writes its turns, calls and outcome, so a
crash at any point leaves either the whole match or none of it.

A path is checked before it is opened (`lamen.store.files`): only a lamen database, or a file not
there yet, is ever written; `Store.open_read_only` cannot write at all."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError

from lamen.chat import ChatReply
from lamen.store.files import check_writable_database, connect_read_only
from lamen.store.migrate import migrate_in_place
from lamen.store.reads import StoreReads
from lamen.store.texts import TEXTS_SCHEMA, TextReader, TextWriter
from lamen.store.versions import Slot, Stored
from lamen.text_safety import without_surrogates
from lamen.transcript import ModelCall, Transcript

# 1: the first schema. 2: matches.fingerprint (which version of the spec a match was played under).
# 3: each text once (lamen.store.texts): match specs, requests, replies and outcomes by text id.
# 4: turns.role — the family role that wrote each turn (a game family's; NULL for negotiation), kept
# for every stored turn: an errored match keeps no transcript to read it from (Mediation's two user
# seats are one side and only the role tells them apart).
SCHEMA_VERSION = 4

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
    seed INTEGER NOT NULL, position INTEGER NOT NULL, spec_parts TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', error TEXT, attempts INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT 'played', finished_at REAL, fingerprint TEXT);
CREATE INDEX IF NOT EXISTS matches_by_status ON matches (tournament, status);
CREATE TABLE IF NOT EXISTS turns (
    match_id TEXT NOT NULL, idx INTEGER NOT NULL, side INTEGER NOT NULL, round INTEGER NOT NULL,
    note TEXT NOT NULL, message TEXT NOT NULL, interrogation TEXT, role TEXT, PRIMARY KEY (match_id, idx));
CREATE TABLE IF NOT EXISTS calls (
    match_id TEXT NOT NULL, turn_idx INTEGER NOT NULL, call_idx INTEGER NOT NULL, purpose TEXT NOT NULL,
    agent TEXT NOT NULL, model TEXT, input_tokens INTEGER, output_tokens INTEGER, cached_tokens INTEGER,
    latency_s REAL, cost_usd REAL, from_cache INTEGER, finish_reason TEXT,
    request_shape INTEGER, request_texts TEXT, request_numbers TEXT, reply INTEGER,
    PRIMARY KEY (match_id, turn_idx, call_idx));
CREATE TABLE IF NOT EXISTS outcomes (
    match_id TEXT PRIMARY KEY, agreement TEXT NOT NULL, agreed_offer_json TEXT, u_a REAL NOT NULL,
    u_b REAL NOT NULL, welfare REAL NOT NULL, rounds INTEGER NOT NULL, end_reason TEXT NOT NULL,
    transcript INTEGER, outcome INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS response_cache (
    key TEXT PRIMARY KEY, agent TEXT NOT NULL, reply_json TEXT NOT NULL, created_at REAL NOT NULL);
""" + TEXTS_SCHEMA
CALL_COLUMNS = ("match_id, turn_idx, call_idx, purpose, agent, model, input_tokens, output_tokens, cached_tokens, "
                "latency_s, cost_usd, from_cache, finish_reason, request_shape, request_texts, request_numbers, reply")
OUTCOME_COLUMNS = "match_id, agreement, agreed_offer_json, u_a, u_b, welfare, rounds, end_reason, transcript, outcome"


class StoredOutcome(Protocol):
    """What the store writes of a match's judged outcome (a family's outcome, e.g. the
    negotiation judge's `Outcome`): the figures it keeps in columns, and the whole as JSON."""

    @property
    def agreement(self) -> str: ...
    @property
    def agreed_offer(self) -> dict[str, str] | None: ...
    @property
    def utilities(self) -> tuple[float, float]: ...
    @property
    def welfare(self) -> float: ...
    @property
    def rounds(self) -> int: ...
    @property
    def end_reason(self) -> str: ...

    def model_dump_json(self) -> str: ...


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
    fingerprint: str | None = None  # see lamen.store.versions; None for imported results


def _create_whole(path: Path) -> bool:
    """Create a new database so that it appears whole: built beside `path` under a private name,
    then linked into place. A reader (another `lamen run --wait`, `lamen status`) never meets a
    half-made file — empty, or SQLite without lamen's tables — and refuses it. False when another
    process created `path` first (its database is then checked like any existing one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.new")
    draft.unlink(missing_ok=True)
    try:
        db = sqlite3.connect(draft, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")  # persistent in the file's header
            db.execute("BEGIN")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            db.execute("COMMIT")
        finally:
            db.close()  # the last connection: SQLite folds the -wal back into the file and removes it
        try:
            os.link(draft, path)  # never replaces: a database another process made first is kept
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links: a rename, checked first
            if path.exists():
                return False
            os.rename(draft, path)
        return True
    finally:
        draft.unlink(missing_ok=True)


class Store(StoreReads):
    """One SQLite database file; safe to open from several processes (WAL, busy timeout).

    `Store(path)` opens for writing: it creates a new database, migrates an older lamen one (after
    a backup beside it, lamen.store.migrate), and refuses (SpecError, file untouched) anything else.
    `Store.open_read_only(path)` never writes; it reads this schema and the older ones."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.writable = True
        existing = check_writable_database(self.path)
        if existing is None:
            # Made whole now, or by another process a moment ago: checked like any existing one.
            existing = SCHEMA_VERSION if _create_whole(self.path) else check_writable_database(self.path)
        if existing is not None and existing < SCHEMA_VERSION:
            migrate_in_place(self.path, SCHEMA, SCHEMA_VERSION)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.writer = TextWriter(self.db)
        self.texts = TextReader(self.db)
        self.schema_version = SCHEMA_VERSION

    @classmethod
    def open_read_only(cls, path: str | Path) -> "Store":
        """A checked lamen database (this schema or an older one), opened so it cannot be written."""
        store = cls.__new__(cls)
        store.path = Path(path)
        store.writable = False
        store.db, store.schema_version = connect_read_only(store.path)
        store.texts = TextReader(store.db)
        return store

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            self.writer.rollback()  # ids of texts the rollback removed are forgotten too
            raise
        self.db.execute("COMMIT")
        self.writer.commit()

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
        with self.transaction() as db:
            rows = [(r.id, tournament, r.stage, r.game, r.game_class, r.protocol, r.agent_a, r.agent_b, r.starts,
                     r.repetition, r.mirror, r.block, r.seed, r.position, self.writer.spec_parts(spec), r.fingerprint)
                    for r, spec in records]
            before = self.db.total_changes  # the specs' new texts are not new matches
            db.executemany(
                "INSERT OR IGNORE INTO matches (id, tournament, stage, game, game_class, protocol, agent_a, agent_b, "
                "starts, repetition, mirror, block, seed, position, spec_parts, fingerprint) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        return self.db.total_changes - before

    def stored_versions(self, tournament: str) -> list[Stored]:
        """Every stored match of a tournament: its slot, id, status and fingerprint."""
        # A schema-1 database opened read-only has no fingerprints: its ids still tell versions apart.
        fingerprint = "fingerprint" if self.schema_version >= 2 else "NULL AS fingerprint"
        rows = self.db.execute("SELECT id, stage, game, agent_a, agent_b, starts, repetition, mirror, status, "
                               f"{fingerprint} FROM matches WHERE tournament=?", (tournament,))
        return [Stored(slot=_slot(row), id=row["id"], status=row["status"], fingerprint=row["fingerprint"])
                for row in rows]

    def drop_matches(self, match_ids: list[str]) -> None:
        """Matches forgotten with their turns, calls and outcomes (the response cache stays: an
        identical request in the replay is still answered without paying again)."""
        with self.transaction() as db:
            for table, column in (("turns", "match_id"), ("calls", "match_id"), ("outcomes", "match_id"),
                                  ("matches", "id")):
                db.executemany(f"DELETE FROM {table} WHERE {column}=?", [(match_id,) for match_id in match_ids])

    def statuses(self, tournament: str) -> dict[str, str]:
        rows = self.db.execute("SELECT id, status FROM matches WHERE tournament=?", (tournament,))
        return {row["id"]: row["status"] for row in rows}

    # ---- results ---------------------------------------------------------------------------

    def save_match(self, match_id: str, transcript: Transcript, outcome: StoredOutcome) -> None:
        """Turns, calls, outcome and status of one match, in one transaction."""
        try:
            self._save_match(match_id, transcript, outcome)
        except (UnicodeEncodeError, PydanticSerializationError):
            # A lone surrogate (JSON from a provider may carry one) has no UTF-8 form: the match is
            # stored with U+FFFD in its place rather than lost. Only this rare path pays for the copy.
            self._save_match(match_id, _without_surrogates(transcript), _without_surrogates(outcome))

    def _save_match(self, match_id: str, transcript: Transcript, outcome: StoredOutcome) -> None:
        status = "errored" if transcript.error else "finished"
        with self.transaction() as db:
            db.execute("DELETE FROM turns WHERE match_id=?", (match_id,))
            db.execute("DELETE FROM calls WHERE match_id=?", (match_id,))
            db.execute("DELETE FROM outcomes WHERE match_id=?", (match_id,))
            for index, turn in enumerate(transcript.turns):
                db.execute("INSERT INTO turns (match_id, idx, side, round, note, message, interrogation, role) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (match_id, index, turn.side, turn.round, turn.note, turn.message, turn.interrogation,
                            turn.role))
                self._save_calls(match_id, index, turn.calls, transcript.agents[turn.side])
            if transcript.unfinished_calls:
                # The turn an error cut short has no row in `turns`; its paid calls still count.
                side = transcript.starts if len(transcript.turns) % 2 == 0 else 1 - transcript.starts
                self._save_calls(match_id, len(transcript.turns), transcript.unfinished_calls, transcript.agents[side])
            if not transcript.error:
                self._put_outcome(match_id, outcome, _slim_transcript(transcript))
            db.execute("UPDATE matches SET status=?, error=?, attempts=attempts+1, finished_at=? WHERE id=?",
                       (status, transcript.error, time.time(), match_id))

    def _save_calls(self, match_id: str, turn_index: int, calls: Iterable[ModelCall], agent: str,
                    offset: int = 0) -> None:
        for call_index, call in enumerate(calls, start=offset):
            reply = call.reply or ChatReply(text="")
            shape, strings, values = self.writer.request(call.request) if call.request else (None, None, None)
            self.db.execute(f"INSERT INTO calls ({CALL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (match_id, turn_index, call_index, call.purpose, call.agent or agent, reply.model,
                             reply.usage.input_tokens, reply.usage.output_tokens, reply.usage.cached_tokens,
                             reply.latency_s, reply.cost_usd, int(reply.from_cache), reply.finish_reason,
                             shape, strings, values, self.writer.intern(reply.text)))

    def _put_outcome(self, match_id: str, outcome: StoredOutcome, transcript_json: str | None) -> None:
        self.db.execute(f"INSERT OR REPLACE INTO outcomes ({OUTCOME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (match_id, outcome.agreement, json.dumps(outcome.agreed_offer), outcome.utilities[0],
                         outcome.utilities[1], outcome.welfare, outcome.rounds, outcome.end_reason,
                         None if transcript_json is None else self.writer.intern(transcript_json),
                         self.writer.intern(outcome.model_dump_json())))

    def replace_outcomes(self, outcomes: Iterable[tuple[str, StoredOutcome]], fingerprints: dict[str, str]) -> int:
        """New judged outcomes for stored matches (`lamen rejudge --write`), with the fingerprints
        that now name the judge that scored them, in one transaction; each match's transcript
        stays as it was. Returns how many were written."""
        written = 0
        with self.transaction() as db:
            for match_id, outcome in outcomes:
                row = db.execute("SELECT transcript FROM outcomes WHERE match_id=?", (match_id,)).fetchone()
                if row is None:
                    continue
                self._put_outcome(match_id, outcome, self.texts.text(row["transcript"]))
                if match_id in fingerprints:
                    db.execute("UPDATE matches SET fingerprint=? WHERE id=?", (fingerprints[match_id], match_id))
                written += 1
        return written

    def save_imported(self, match_id: str, outcome: StoredOutcome, source: str) -> None:
        """A finished match known only by its outcome (imported results: no turns, no calls)."""
        with self.transaction() as db:
            self._put_outcome(match_id, outcome, None)
            db.execute("UPDATE matches SET status='finished', source=?, finished_at=? WHERE id=?",
                       (source, time.time(), match_id))

    def disable_agent(self, tournament: str, agent_id: str, reason: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE agents SET disabled_reason=? WHERE tournament=? AND agent_id=?",
                       (without_surrogates(reason), tournament, agent_id))

    # ---- response cache --------------------------------------------------------------------

    def cached_reply(self, key: str) -> ChatReply | None:
        row = self.db.execute("SELECT reply_json FROM response_cache WHERE key=?", (key,)).fetchone()
        return ChatReply.model_validate_json(row["reply_json"]) if row else None

    def cache_reply(self, key: str, agent: str, reply: ChatReply) -> None:
        # One statement in autocommit mode: written at once (a paid reply survives a crash), and
        # cheap enough to do on every call.
        try:
            text = reply.model_dump_json()
        except PydanticSerializationError:  # a lone surrogate: see save_match
            text = _without_surrogates(reply).model_dump_json()
        self.db.execute("INSERT OR REPLACE INTO response_cache VALUES (?, ?, ?, ?)", (key, agent, text, time.time()))

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


Model = TypeVar("Model", bound=BaseModel)


def _without_surrogates(model: Model) -> Model:
    """A copy of a model with every lone surrogate in its text replaced by U+FFFD."""
    def clean(value: Any) -> Any:
        if isinstance(value, str):
            return without_surrogates(value)
        if isinstance(value, dict):
            return {clean(k): clean(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(clean(v) for v in value)
        return value

    return type(model).model_validate(clean(model.model_dump()))


def _slot(row: sqlite3.Row) -> Slot:
    return (row["stage"], row["game"], row["agent_a"], row["agent_b"], row["starts"], row["repetition"], row["mirror"])


def _slim_transcript(transcript: Transcript) -> str:
    """The transcript without its per-call requests (those live in `calls`), for re-judging."""
    slim = transcript.model_copy(update={"turns": tuple(t.model_copy(update={"calls": ()}) for t in transcript.turns)})
    return slim.model_dump_json()
