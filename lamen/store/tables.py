"""The store as pandas tables: one row per match, with the judge's figures per side."""

from __future__ import annotations

import pandas as pd

from lamen.store.db import Store

SIDE_FIGURES = ("internal_faithfulness", "external_faithfulness", "note_instruction", "message_instruction",
                "format_instruction", "rule_violations")


def match_table(store: Store, tournament: str | None = None) -> pd.DataFrame:
    """Every planned match with its status and, when finished, its outcome. Columns follow
    `lamen.ratings`' input (agent_a/agent_b, first, u_a/u_b, agreement, block, status)."""
    records = []
    for record in store.match_rows(tournament):
        outcome = record.pop("outcome")
        for side, suffix in ((0, "a"), (1, "b")):
            for figure in SIDE_FIGURES:
                # A common-payoff family's outcome has no judged sides (lamen.runner.common_payoff).
                record[f"{figure}_{suffix}"] = outcome["sides"][side][figure] if outcome and "sides" in outcome else None
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
