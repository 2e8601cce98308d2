"""Each text once: the content-addressed `texts` table (schema 3).

A model call's request used to be stored whole, so a match of N turns stored its history N times
over (~133 KB per bot match). Now every string a request, a reply, an outcome or a match spec holds
is stored once, keyed by the SHA-256 of its UTF-8 form, and the rows that use it hold its small
integer id:

- a string with a newline is stored as the ids of its lines (`lines`), so a history that grows by
  one line per turn costs one new line, not a new copy; the system prompt of a seat is one id;
- a long one-line string (an outcome's JSON) is kept zlib-compressed when that is smaller;
- a request is kept as its *shape* (its JSON with every string blanked to "" and every other value
  to 0, itself a text shared by every request of that form), the ids of its strings and the JSON
  list of its other values — so it is rebuilt byte for byte (`Requests.rebuild`).

The ids are only meaningful inside one database."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from collections.abc import Iterable
from typing import Any

from lamen.agents.base import ChatRequest

TEXTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS texts (
    id INTEGER PRIMARY KEY, sha256 BLOB NOT NULL UNIQUE, body, lines TEXT)
"""
# One-line texts at least this long are compressed when that saves bytes (short ones gain nothing).
COMPRESS_FROM = 200
# Texts remembered per writer (string -> id), so a seat's system prompt or a history line is looked
# up in memory rather than in SQLite on every call; dropped whole when full (a cheap bound).
MEMORY = 200_000

Json = Any


def digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


class TextWriter:
    """Interns strings into `texts` on one connection. Ids learnt inside a transaction are kept
    only once it commits (`commit`), so a rolled-back id is never reused from memory."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.known: dict[str, int] = {}
        self.pending: dict[str, int] = {}

    def commit(self) -> None:
        if len(self.known) + len(self.pending) > MEMORY:
            self.known.clear()
        self.known.update(self.pending)
        self.pending.clear()

    def rollback(self) -> None:
        self.pending.clear()

    def intern(self, text: str) -> int:
        """The id of `text`, stored now if it is new."""
        found = self.known.get(text)
        if found is None:
            found = self.pending.get(text)
        if found is not None:
            return found
        key = digest(text)
        row = self.db.execute("SELECT id FROM texts WHERE sha256=?", (key,)).fetchone()
        if row is not None:
            found = int(row[0])
        elif "\n" in text:
            lines = ",".join(str(self.intern(line)) for line in text.split("\n"))
            found = int(self.db.execute("INSERT INTO texts (sha256, lines) VALUES (?, ?)", (key, lines)).lastrowid)
        else:
            found = int(self.db.execute("INSERT INTO texts (sha256, body) VALUES (?, ?)",
                                        (key, _packed(text))).lastrowid)
        self.pending[text] = found
        return found

    def intern_json(self, value: Json) -> int:
        return self.intern(json.dumps(value, sort_keys=True))

    def request(self, request: ChatRequest) -> tuple[int, str, str]:
        """(shape id, string ids, other values as JSON) of a request: see the module's doc."""
        return self.request_value(request.model_dump(mode="json"))

    def request_value(self, request: Json) -> tuple[int, str, str]:
        """`request` as JSON (a migrated v2 row is taken as it was stored, not re-dumped)."""
        strings: list[int] = []
        values: list[Json] = []

        def blank(value: Json) -> Json:
            if isinstance(value, str):
                strings.append(self.intern(value))
                return ""
            if isinstance(value, dict):
                return {key: blank(item) for key, item in value.items()}
            if isinstance(value, list):
                return [blank(item) for item in value]
            values.append(value)
            return 0

        shape = blank(request)
        return (self.intern(json.dumps(shape, separators=(",", ":"))), ",".join(map(str, strings)),
                json.dumps(values, separators=(",", ":")))

    def spec_parts(self, spec: dict[str, Any]) -> str:
        """A match spec as {key: id of its value's JSON}: the game, protocol and agents are each
        stored once however many matches share them."""
        return json.dumps({key: self.intern_json(value) for key, value in spec.items()}, separators=(",", ":"))


def _packed(text: str) -> str | bytes:
    if len(text) < COMPRESS_FROM:
        return text
    raw = text.encode("utf-8")
    packed = zlib.compress(raw, 6)
    return packed if len(packed) < len(raw) else text


class TextReader:
    """Reads texts by id on one connection, remembering the one-line texts it read (a report or an
    export meets the same system prompts and history lines many times; a bounded memory)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.known: dict[int, str] = {}

    def texts(self, ids: Iterable[int]) -> dict[int, str]:
        found: dict[int, str] = {}
        wanted = []
        for text_id in dict.fromkeys(ids):
            if text_id in self.known:
                found[text_id] = self.known[text_id]
            else:
                wanted.append(text_id)
        composite: dict[int, list[int]] = {}
        for start in range(0, len(wanted), 500):  # SQLite's bound on host parameters
            chunk = wanted[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for text_id, body, lines in self.db.execute(
                    f"SELECT id, body, lines FROM texts WHERE id IN ({marks})", chunk):
                if lines is not None:
                    composite[text_id] = [int(i) for i in lines.split(",")]
                else:
                    text = zlib.decompress(body).decode("utf-8") if isinstance(body, bytes) else body
                    found[text_id] = text
                    if len(text) < COMPRESS_FROM:
                        if len(self.known) > MEMORY:
                            self.known.clear()
                        self.known[text_id] = text
        if composite:
            lines = self.texts(i for parts in composite.values() for i in parts)
            for text_id, parts in composite.items():
                found[text_id] = "\n".join(lines[i] for i in parts)
        missing = [i for i in wanted if i not in found]
        if missing:
            raise sqlite3.DatabaseError(f"texts missing: {', '.join(map(str, missing[:5]))}")
        return found

    def text(self, text_id: int | None) -> str | None:
        return None if text_id is None else self.texts((text_id,))[text_id]

    def json(self, text_id: int | None) -> Json:
        text = self.text(text_id)
        return None if text is None else json.loads(text)

    def spec(self, parts: str) -> dict[str, Any]:
        ids = json.loads(parts)
        found = self.texts(ids.values())
        return {key: json.loads(found[text_id]) for key, text_id in ids.items()}

    def request_json(self, shape: int, strings: str, values: str) -> Json:
        """A stored request as the JSON it was (`ChatRequest.model_validate` makes it the model)."""
        string_ids = [int(i) for i in strings.split(",")] if strings else []
        found = self.texts([shape, *string_ids])
        string_iter = (found[i] for i in string_ids)
        value_iter = iter(json.loads(values))

        def fill(value: Json) -> Json:
            if isinstance(value, str):
                return next(string_iter)
            if isinstance(value, dict):
                return {key: fill(item) for key, item in value.items()}
            if isinstance(value, list):
                return [fill(item) for item in value]
            return next(value_iter)

        return fill(json.loads(found[shape]))

    def request(self, shape: int | None, strings: str | None, values: str | None) -> ChatRequest | None:
        if shape is None:
            return None
        return ChatRequest.model_validate(self.request_json(shape, strings or "", values or "[]"))
