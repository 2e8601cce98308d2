"""The store as pandas tables: one row per match, with the judge's figures per side."""

from __future__ import annotations

import json

import pandas as pd

from lamen.store.db import Store

SIDE_FIGURES = ("internal_faithfulness", "external_faithfulness", "note_instruction", "message_instruction",
                "format_instruction", "rule_violations")


def match_table(store: Store, tournament: str | None = None) -> pd.DataFrame:
    """Every planned match with its status and, when finished, its outcome. Columns follow
    `lamen.ratings`' input (agent_a/agent_b, first, u_a/u_b, agreement, block, status)."""
    where, args = ("WHERE m.tournament=?", (tournament,)) if tournament else ("", ())
    rows = store.db.execute(
        "SELECT m.id AS match_id, m.tournament, m.stage, m.game, m.game_class, m.agent_a, m.agent_b, m.starts, "
        "m.repetition, m.mirror, m.block, m.status, m.error, m.source, o.agreement AS agreement_level, "
        "o.u_a, o.u_b, o.welfare, o.rounds, o.outcome_json "
        f"FROM matches m LEFT JOIN outcomes o ON o.match_id = m.id {where} ORDER BY m.position", args).fetchall()
    records = []
    for row in rows:
        record = {key: row[key] for key in row.keys() if key != "outcome_json"}
        outcome = json.loads(row["outcome_json"]) if row["outcome_json"] else None
        for side, suffix in ((0, "a"), (1, "b")):
            for figure in SIDE_FIGURES:
                record[f"{figure}_{suffix}"] = outcome["sides"][side][figure] if outcome else None
        records.append(record)
    frame = pd.DataFrame.from_records(records, columns=[
        "match_id", "tournament", "stage", "game", "game_class", "agent_a", "agent_b", "starts", "repetition", "mirror",
        "block", "status", "error", "source", "agreement_level", "u_a", "u_b", "welfare", "rounds",
        *[f"{f}_{s}" for s in "ab" for f in SIDE_FIGURES]])
    frame["first"] = frame["starts"].map({0: "a", 1: "b"})
    frame["agreement"] = frame["agreement_level"].isin(["soft", "hard"])
    frame["hard"] = frame["agreement_level"] == "hard"
    frame["cooperative"] = frame["game_class"] != "competitive"
    return frame
