"""Compare two tournament databases (and their report folders) as a user sees them: the matches
(ids, seeds, status, errors), the stored turns, every call (purpose, agent, model, tokens, cost,
cache hit, finish reason, the request rebuilt byte for byte, the reply), the outcomes (agreement,
offer, utilities, welfare, rounds, end reason, the stored transcript and outcome JSON), the
tournament and agent specs, and the report's CSV tables. Latencies and timestamps are left out
(they are measured, not computed). Prints what differs; exits 1 when anything does.

    python bench/compare_databases.py OLD.db NEW.db [--tables OLD_DIR/tables NEW_DIR/tables]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path

from lamen.store import Store

MATCH_COLUMNS = ("id, tournament, stage, game, game_class, protocol, agent_a, agent_b, starts, repetition, "
                 "mirror, block, seed, position, status, error, attempts, source, fingerprint")


def _rows(path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


def snapshot(path: Path) -> dict[str, object]:
    """Everything compared, by table: lists of rows in a fixed order."""
    store = Store.open_read_only(path)
    try:
        tournaments = store.tournaments()
        # The reply without its latency (measured, not computed).
        calls = [(c.match_id, c.turn_idx, c.call_idx, c.purpose, c.agent, c.request_json,
                  c.reply.model_dump_json(exclude={"latency_s"})) for c in store.calls()]
        outcomes = {m: (store.outcome_json(m), store.transcript_json(m))
                    for (m,) in _rows(path, "SELECT match_id FROM outcomes ORDER BY match_id")}
        specs = {t: store.tournament_spec(t) for t in tournaments}
        match_specs = sorted((m.id, json.dumps(m.spec, sort_keys=True)) for t in tournaments
                             for m in store.stored_matches(t))
        agents = {t: [repr(r) for r in store.agent_rows(t)] for t in tournaments}
    finally:
        store.close()
    return {
        "matches": _rows(path, f"SELECT {MATCH_COLUMNS} FROM matches ORDER BY id"),
        "match_specs": match_specs,
        "turns": _rows(path, "SELECT * FROM turns ORDER BY match_id, idx"),
        "calls": sorted(calls, key=lambda c: (c[0], c[1], c[2])),
        "outcome_rows": _rows(path, "SELECT match_id, agreement, agreed_offer_json, u_a, u_b, welfare, rounds, "
                                    "end_reason FROM outcomes ORDER BY match_id"),
        "outcome_texts": outcomes,
        "tournament_specs": specs,
        "agents": agents,
    }


def _first_difference(old: object, new: object) -> str:
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return f"{len(old)} rows vs {len(new)}"
        at = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
        return f"first at row {at}: {str(old[at])[:400]} != {str(new[at])[:400]}"
    if isinstance(old, dict) and isinstance(new, dict):
        keys = sorted(set(old) | set(new), key=str)
        at = next(k for k in keys if old.get(k) != new.get(k))
        return f"first at {at}: {str(old.get(at))[:400]} != {str(new.get(at))[:400]}"
    return f"{str(old)[:400]} != {str(new)[:400]}"


def compare(old_db: Path, new_db: Path, old_tables: Path | None, new_tables: Path | None) -> list[str]:
    found: list[str] = []
    old, new = snapshot(old_db), snapshot(new_db)
    for table in old:
        if old[table] != new[table]:
            found.append(f"{table}: {_first_difference(old[table], new[table])}")
    if old_tables is not None and new_tables is not None:
        names = sorted({p.name for p in old_tables.glob("*.csv")} | {p.name for p in new_tables.glob("*.csv")})
        for name in names:
            a, b = old_tables / name, new_tables / name
            if not a.exists() or not b.exists() or a.read_bytes() != b.read_bytes():
                found.append(f"report table {name} differs")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--tables", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    tables = args.tables or (None, None)
    found = compare(args.old, args.new, *tables)
    counts = {k: len(v) for k, v in snapshot(args.old).items() if isinstance(v, (list, dict))}
    print(f"compared {counts}; report tables: {len(list(tables[0].glob('*.csv'))) if tables[0] else 0}")
    print("\n".join(found) if found else "identical")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
