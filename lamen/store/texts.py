"""Each text once: the content-addressed `texts` table (schema 3).

A model call's request used to be stored whole, so a match of N turns stored its history N times
over (~133 KB per bot match). Now every string a request, a reply, an outcome or a match spec holds
is stored once, keyed by the SHA-256 of its UTF-8 form, and the rows that use it hold its small
integer id:

- a string with a newline is stored as the ids of its lines (`lines`), so a history that grows by
  one line per turn costs one new line, not a new copy; the system prompt of a seat is one id;
- a long one-line string (an outcome's JSON) is kept zlib-compressed when that is smaller;
- a request is kept as its JSON text taken apart: each string literal as JSON escapes it (its
  newlines are the two characters \\n, and it is split into lines there; `lines` then starts
  with a backslash), each number literal as written, and the *shape* — the text with every
  string value blanked to "" (keys stay) and every number to 0, one text shared by every
  request of that form.
  Putting them back (`TextReader.request_json`) gives the very text that was taken apart, so
  every request is rebuilt byte for byte.

The ids are only meaningful inside one database."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import zlib
from collections.abc import Iterable
from typing import Any

from lamen.chat import ChatRequest

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
ESCAPED_NEWLINE = "\\n"  # a newline inside a JSON string literal
NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")  # outside strings only


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
        elif "\n" in text or ESCAPED_NEWLINE in text:
            # A request's strings are kept as JSON escapes them: their newlines are "\\n".
            joiner, mark = ("\n", "") if "\n" in text else (ESCAPED_NEWLINE, "\\")
            lines = mark + ",".join(str(self.intern(line)) for line in text.split(joiner))
            found = int(self.db.execute("INSERT INTO texts (sha256, lines) VALUES (?, ?)", (key, lines)).lastrowid)
        else:
            found = int(self.db.execute("INSERT INTO texts (sha256, body) VALUES (?, ?)",
                                        (key, _packed(text))).lastrowid)
        self.pending[text] = found
        return found

    def intern_json(self, value: Json) -> int:
        return self.intern(json.dumps(value, sort_keys=True))

    def request(self, request: ChatRequest) -> tuple[int, str, str]:
        """(shape id, string ids, number literals) of a request: see the module's doc."""
        return self.request_json(request.model_dump_json())

    def request_json(self, text: str) -> tuple[int, str, str]:
        """A request's JSON text, taken apart so that `TextReader.request_json` gives back exactly
        this text: each string literal (as JSON escapes it) by id, each number as written, and
        the rest — the shape — as one shared text. Regular expressions, not a JSON walk: this
        runs for every model call."""
        parts = _literals(text)  # text between literals, a literal's content, text between...
        between, literals = parts[0::2], parts[1::2]
        intern = self.intern
        strings: list[str] = []
        kept: list[str] = []
        for index, literal in enumerate(literals):
            if between[index + 1].startswith(":"):
                kept.append(literal)  # a key stays in the shape
            else:
                kept.append("")
                strings.append(str(intern(literal)))
        joined = "\0".join(between)  # no NUL outside a JSON string: the parts split back exactly
        numbers = NUMBER.findall(joined)
        between = NUMBER.sub("0", joined).split("\0")
        shape = "".join(f'{outside}"{literal}"' for outside, literal in zip(between, kept)) + between[-1]
        return intern(shape), ",".join(strings), ",".join(numbers)

    def spec_parts(self, spec: dict[str, Any]) -> str:
        """A match spec as {key: id of its value's JSON}: the game, protocol and agents are each
        stored once however many matches share them."""
        return json.dumps({key: self.intern_json(value) for key, value in spec.items()}, separators=(",", ":"))


def _literals(text: str) -> list[str]:
    """JSON text split at the quotes that open and close its string literals: the odd items are the
    literals' contents (as escaped). `str.split` and a short loop, not a regular expression: this
    runs on every request, and Python's `re` is five times slower at it."""
    pieces = text.split('"')
    if '\\"' not in text:  # no escaped quote (nor a literal ending in a backslash)
        return pieces
    parts: list[str] = []
    held: str | None = None
    for piece in pieces:
        if held is not None:
            piece, held = f'{held}"{piece}', None
        # A quote after an odd run of backslashes is escaped: it belongs to the literal.
        if piece.endswith("\\") and (len(piece) - len(piece.rstrip("\\"))) % 2:
            held = piece
            continue
        parts.append(piece)
    return parts


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
                    composite[text_id] = lines
                else:
                    text = zlib.decompress(body).decode("utf-8") if isinstance(body, bytes) else body
                    found[text_id] = text
                    if len(text) < COMPRESS_FROM:
                        if len(self.known) > MEMORY:
                            self.known.clear()
                        self.known[text_id] = text
        if composite:
            parts = {text_id: [int(i) for i in lines.lstrip("\\").split(",")] for text_id, lines in composite.items()}
            lines = self.texts(i for ids in parts.values() for i in ids)
            for text_id, ids in parts.items():
                joiner = ESCAPED_NEWLINE if composite[text_id].startswith("\\") else "\n"
                found[text_id] = joiner.join(lines[i] for i in ids)
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

    def request_json(self, shape: int, strings: str, numbers: str) -> str:
        """A stored request's JSON text, exactly as it was taken apart (`TextWriter.request_json`)."""
        string_ids = [int(i) for i in strings.split(",")] if strings else []
        found = self.texts([shape, *string_ids])
        parts = _literals(found[shape])
        between, keys = parts[0::2], parts[1::2]
        # Outside the literals the only digits left are the numbers' placeholders, "0".
        pieces = "\0".join(between).split("0")
        values = numbers.split(",") if numbers else []
        between = "".join(piece + value for piece, value in zip(pieces, [*values, ""])).split("\0")
        texts = iter(string_ids)
        out = [between[0]]
        for index, key in enumerate(keys):
            literal = key if between[index + 1].startswith(":") else found[next(texts)]
            out.append(f'"{literal}"{between[index + 1]}')
        return "".join(out)
