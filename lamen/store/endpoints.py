"""What each endpoint of an endpoint pool did in each run of a tournament (lamen.agents.pool):
requests, answers, failures, times set aside, busy seconds, and the run's wall time so far, from
which the pool's throughput follows. Rewritten as the run goes, so a crash keeps the counts up to
the last finished match.

The table is made when a pool first reports, so databases of runs without pools (and older
ones) are left as they were; reading a database without it finds no counts."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from lamen.agents.pool import EndpointCount
from lamen.store.db import Store

ENDPOINTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS endpoint_counts (
    tournament TEXT NOT NULL, run_started REAL NOT NULL, agent TEXT NOT NULL, endpoint TEXT NOT NULL,
    requests INTEGER NOT NULL, answered INTEGER NOT NULL, failed INTEGER NOT NULL, set_aside INTEGER NOT NULL,
    busy_s REAL NOT NULL, wall_s REAL NOT NULL, PRIMARY KEY (tournament, run_started, agent, endpoint))
"""


@dataclass(frozen=True)
class StoredEndpointCount:
    """One endpoint's counts in one run, with that run's wall time so far."""

    run_started: float  # the run's start (seconds since the epoch): names the run
    wall_s: float
    count: EndpointCount

    @property
    def answered_per_s(self) -> float:
        return self.count.answered / self.wall_s if self.wall_s > 0 else 0.0


def save_endpoint_counts(store: Store, tournament: str, run_started: float, wall_s: float,
                         counts: Iterable[EndpointCount]) -> None:
    """The counts so far of this run's pools, replacing the ones saved before in this run."""
    rows = [(tournament, run_started, c.agent, c.endpoint, c.requests, c.answered, c.failed, c.set_aside, c.busy_s,
             wall_s) for c in counts]
    with store.transaction() as db:
        db.execute(ENDPOINTS_SCHEMA)
        db.executemany("INSERT OR REPLACE INTO endpoint_counts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def endpoint_counts(store: Store, tournament: str) -> list[StoredEndpointCount]:
    """Every run's counts for `tournament`, oldest run first, endpoints in the order first saved."""
    try:
        rows = store.db.execute(
            "SELECT run_started, agent, endpoint, requests, answered, failed, set_aside, busy_s, wall_s "
            "FROM endpoint_counts WHERE tournament=? ORDER BY run_started, rowid", (tournament,)).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return []
        raise
    return [StoredEndpointCount(row[0], row[8], EndpointCount(*row[1:8])) for row in rows]


def endpoint_lines(counts: Iterable[StoredEndpointCount]) -> list[str]:
    """One line per endpoint, then the pool's throughput: what `lamen run` prints after a run."""
    lines: list[str] = []
    pools: dict[str, list[StoredEndpointCount]] = {}
    for stored in counts:
        pools.setdefault(stored.count.agent, []).append(stored)
    for agent, endpoints in pools.items():
        for stored in endpoints:
            c = stored.count
            aside = f", set aside {c.set_aside}×" if c.set_aside else ""
            lines.append(f"{agent} at {c.endpoint}: {c.requests} requests, {c.answered} answered, {c.failed} failed"
                         f"{aside}")
        answered = sum(s.count.answered for s in endpoints)
        wall = max(s.wall_s for s in endpoints)
        lines.append(f"{agent}: {answered} answers from {len(endpoints)} endpoints in {wall:.1f} s "
                     f"({answered / wall if wall > 0 else 0.0:.1f}/s)")
    return lines
