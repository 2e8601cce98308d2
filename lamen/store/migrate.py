"""An older lamen's database brought to this schema, in place, once.

First a backup: a consistent copy of the database as it is, written beside it as
`NAME.bak-vN` (N its schema version; under a private name, then renamed, so a backup file is
always whole). Then the migration runs in one SQLite transaction: a crash or a kill at any
point rolls it back and leaves the old database as it was, still readable by the lamen that
wrote it. Last, VACUUM gives the space the old copies took back (a crash there changes nothing).

Once migrated, the meta table says the new schema: an older lamen refuses the file with one line
("written by a newer lamen", lamen.store.files). Steps run in order from the stored version: 1 → 2
fingerprints, 2 → 3 texts by id, 3 → 4 each turn's role."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from lamen.store.texts import TEXTS_SCHEMA, TextReader, TextWriter
from lamen.store.versions import fingerprint_of_canonical, judge_settings

BATCH = 500  # rows read at a time: a study's calls table does not fit in memory as one list


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.name}.bak-v{version}")


def _stored_version(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])


def _write_backup(path: Path, version: int) -> Path:
    """A copy of the database's committed state (the -wal included) as one file."""
    target = backup_path(path, version)
    draft = target.with_name(f".{target.name}.{os.getpid()}.new")
    draft.unlink(missing_ok=True)
    source = sqlite3.connect(path)
    try:
        copy = sqlite3.connect(draft)
        try:
            source.backup(copy)
        finally:
            copy.close()
        os.replace(draft, target)
    finally:
        source.close()
        draft.unlink(missing_ok=True)
    return target


def migrate_in_place(path: Path, schema: str, target: int) -> int:
    """Migrate `path` to schema `target` (`schema`: the store's CREATE statements) unless another
    process did first. Returns the version it was."""
    db = sqlite3.connect(path, timeout=30, isolation_level=None)
    db.row_factory = sqlite3.Row
    try:
        db.execute("BEGIN IMMEDIATE")  # the write lock: a second lamen waits here, then finds it done
        try:
            version = _stored_version(db)
            if version >= target:
                db.execute("ROLLBACK")
                return version
            # Read through a second connection: it sees the committed state, which the lock held
            # by this one keeps as it is until the migration commits.
            _write_backup(path, version)
            if version < 2:
                _fingerprints(db)
            if version < 3:
                _texts_once(db, schema)
            if version < 4:
                _turn_roles(db)
            db.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(target),))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        try:
            db.execute("VACUUM")
        except sqlite3.OperationalError:
            pass  # another connection is reading: the file stays larger until a later VACUUM
        return version
    finally:
        db.close()


def _fingerprints(db: sqlite3.Connection) -> None:
    """Schema 1 → 2: matches.fingerprint, from each match's stored canonical spec."""
    db.execute("ALTER TABLE matches ADD COLUMN fingerprint TEXT")
    fallbacks = {row["name"]: json.loads(row["spec_json"]).get("llm_fallback")
                 for row in db.execute("SELECT name, spec_json FROM tournaments")}
    rows = db.execute("SELECT id, tournament, spec_json FROM matches").fetchall()
    for row in rows:
        try:
            found = fingerprint_of_canonical(json.loads(row["spec_json"]), judge_settings(fallbacks.get(row["tournament"])))
        except (KeyError, TypeError, IndexError, ValueError):
            continue  # imported results carry no canonical spec
        db.execute("UPDATE matches SET fingerprint=? WHERE id=?", (found, row["id"]))


def _create(db: sqlite3.Connection, schema: str, table: str) -> None:
    """The new form of `table` under the name `new_TABLE`, from the store's own statement."""
    statement = next(s for s in schema.split(";") if f"EXISTS {table} (" in s)
    db.execute(statement.replace(f"EXISTS {table} (", f"EXISTS new_{table} ("))


def _replace(db: sqlite3.Connection, table: str) -> None:
    db.execute(f"DROP TABLE {table}")
    db.execute(f"ALTER TABLE new_{table} RENAME TO {table}")


def _batches(db: sqlite3.Connection, texts: TextWriter, query: str) -> Iterator[list[sqlite3.Row]]:
    cursor = db.execute(query)
    while rows := cursor.fetchmany(BATCH):
        yield rows
        texts.commit()  # bounds the writer's memory; a rollback discards this writer whole


def _texts_once(db: sqlite3.Connection, schema: str) -> None:
    """Schema 2 → 3: match specs, requests, replies, transcripts and outcomes as text ids."""
    db.execute(TEXTS_SCHEMA)
    texts = TextWriter(db)

    _create(db, schema, "matches")
    columns = ("id, tournament, stage, game, game_class, protocol, agent_a, agent_b, starts, repetition, mirror, "
               "block, seed, position, status, error, attempts, source, finished_at, fingerprint")
    for rows in _batches(db, texts, f"SELECT {columns}, spec_json FROM matches ORDER BY rowid"):
        db.executemany(f"INSERT INTO new_matches ({columns}, spec_parts) VALUES ({', '.join('?' * 21)})",
                       [(*tuple(row)[:-1], texts.spec_parts(json.loads(row["spec_json"]))) for row in rows])
    _replace(db, "matches")
    db.execute("CREATE INDEX IF NOT EXISTS matches_by_status ON matches (tournament, status)")

    _create(db, schema, "calls")
    columns = ("match_id, turn_idx, call_idx, purpose, agent, model, input_tokens, output_tokens, cached_tokens, "
               "latency_s, cost_usd, from_cache, finish_reason")
    for rows in _batches(db, texts, f"SELECT {columns}, request_json, reply_text FROM calls ORDER BY rowid"):
        values = []
        for row in rows:
            request = row["request_json"]
            # Taken apart as the text it is: rebuilt byte for byte, whatever ChatRequest became since.
            shape, strings, others = texts.request_json(request) if request else (None, None, None)
            reply = None if row["reply_text"] is None else texts.intern(row["reply_text"])
            values.append((*tuple(row)[:13], shape, strings, others, reply))
        db.executemany(f"INSERT INTO new_calls ({columns}, request_shape, request_texts, request_numbers, reply) "
                       f"VALUES ({', '.join('?' * 17)})", values)
    _replace(db, "calls")

    _create(db, schema, "outcomes")
    columns = "match_id, agreement, agreed_offer_json, u_a, u_b, welfare, rounds, end_reason"
    for rows in _batches(db, texts, f"SELECT {columns}, transcript_json, outcome_json FROM outcomes ORDER BY rowid"):
        db.executemany(f"INSERT INTO new_outcomes ({columns}, transcript, outcome) VALUES ({', '.join('?' * 10)})",
                       [(*tuple(row)[:8],
                         None if row["transcript_json"] is None else texts.intern(row["transcript_json"]),
                         texts.intern(row["outcome_json"])) for row in rows])
    _replace(db, "outcomes")


def _turn_roles(db: sqlite3.Connection) -> None:
    """Schema 3 → 4: turns.role, filled from each finished match's stored transcript (where the
    role of each turn was kept until now). An errored match kept no transcript: its turns stay
    without a role, as they read before."""
    db.execute("ALTER TABLE turns ADD COLUMN role TEXT")
    texts = TextReader(db)
    rows = db.execute("SELECT match_id, transcript FROM outcomes WHERE transcript IS NOT NULL").fetchall()
    for start in range(0, len(rows), BATCH):
        batch = rows[start:start + BATCH]
        found = texts.texts(row["transcript"] for row in batch)
        for row in batch:
            try:
                turns = json.loads(found[row["transcript"]]).get("turns") or ()
            except (KeyError, TypeError, ValueError, AttributeError):
                continue  # not a transcript this lamen wrote: its turns keep no role
            roles = [(turn.get("role"), row["match_id"], index) for index, turn in enumerate(turns)
                     if isinstance(turn, dict) and turn.get("role") is not None]
            db.executemany("UPDATE turns SET role=? WHERE match_id=? AND idx=?", roles)
