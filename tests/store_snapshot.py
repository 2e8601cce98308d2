"""What a tournament database holds per match, to compare two runs of the same tournament."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def match_results(database: Path) -> dict[str, tuple]:
    """Per match id: status, the outcome, and every turn as written."""
    with sqlite3.connect(database) as db:
        outcomes = {row[0]: row[1:] for row in db.execute(
            "SELECT m.id, m.status, o.agreement, o.agreed_offer_json, o.u_a, o.u_b, o.rounds, o.end_reason "
            "FROM matches m LEFT JOIN outcomes o ON o.match_id = m.id")}
        turns = {row[0]: row[1] for row in db.execute(
            "SELECT match_id, group_concat(side || '|' || note || '|' || message, '#') FROM "
            "(SELECT * FROM turns ORDER BY match_id, idx) GROUP BY match_id")}
    return {match_id: (*outcome, turns.get(match_id)) for match_id, outcome in outcomes.items()}
