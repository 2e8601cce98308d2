"""Gold SQL run on gathered tables (the `sql-oracle` hub): documents' JSON records loaded into an
in-memory sqlite3 database with a naive identifier mapping (a title or column's spaces become
underscores: "singer in concert" → singer_in_concert), halves of a split table joined again,
and the rows compared with the gold execution result as multisets."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

Rows = list[dict[str, object]]


def identifier(name: str) -> str:
    return "_".join(name.split())


def _quoted(name: str) -> str:
    return '"' + identifier(name).replace('"', '""') + '"'


def gather(tables: Iterable[tuple[str, Rows]]) -> dict[str, Rows]:
    """(title, rows) pairs into one row list per table: the halves of a split table are concatenated
    in the order they came, a half seen twice is kept once."""
    joined: dict[str, Rows] = {}
    seen: set[tuple[str, int]] = set()
    for title, rows in tables:
        key = (identifier(title).lower(), hash(repr(rows)))
        if key in seen:
            continue
        seen.add(key)
        joined.setdefault(identifier(title).lower(), []).extend(rows)
    return joined


def run(tables: Mapping[str, Rows], query: str) -> list[tuple[object, ...]]:
    """The query's rows over `tables` (raises sqlite3.Error when it cannot run on them)."""
    with sqlite3.connect(":memory:") as db:
        for name, rows in tables.items():
            columns = list(dict.fromkeys(identifier(c) for row in rows for c in row))
            if not columns:
                continue
            db.execute(f"CREATE TABLE {_quoted(name)} ({', '.join(_quoted(c) for c in columns)})")
            db.executemany(f"INSERT INTO {_quoted(name)} VALUES ({', '.join('?' for _ in columns)})",
                           [_values(row, columns) for row in rows])
        return [tuple(row) for row in db.execute(query).fetchall()]


def _values(row: Mapping[str, object], columns: Sequence[str]) -> tuple[object, ...]:
    by_column = {identifier(k): v for k, v in row.items()}
    return tuple(_cell(by_column.get(c)) for c in columns)


def _cell(value: object) -> object:
    return value if value is None or isinstance(value, (int, float, str)) else str(value)


def _key(cell: object) -> object:
    if isinstance(cell, bool):
        cell = int(cell)
    if isinstance(cell, (int, float)):
        return ("n", round(float(cell), 6))
    return ("s", "" if cell is None else str(cell))


def same_result(rows: Sequence[Sequence[object]], gold: Sequence[Sequence[object]]) -> bool:
    """Equal as multisets of rows (numbers compared as numbers, to 6 places)."""
    return Counter(tuple(_key(c) for c in r) for r in rows) == Counter(tuple(_key(c) for c in r) for r in gold)
