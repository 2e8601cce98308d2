"""The store's match table (`lamen.store.tables.match_table`) as the team match table of
`lamen.ratings.partner`: for common-payoff tournaments, where both seats' utility is the team
score (lamen.runner.common_payoff); for asymmetric roles, the role match table of
`lamen.ratings.roles`."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd


def team_table(matches: pd.DataFrame) -> pd.DataFrame:
    """One row per planned match: the instance (the store's game column: every pairing played
    the same ones), the tournament as the game, the agents in seat order, the team score (u_a),
    who moved first ("i": the first seat) and the status (rate_partners keeps the finished)."""
    return pd.DataFrame({
        "instance": matches["game"].astype(str), "game": matches["tournament"].astype(str),
        "agent_i": matches["agent_a"].astype(str), "agent_j": matches["agent_b"].astype(str),
        "score": pd.to_numeric(matches["u_a"], errors="coerce"),
        "first": matches["starts"].map({0: "i", 1: "j"}), "status": matches["status"]}, index=matches.index)


def team_score_matrix(matches: pd.DataFrame) -> pd.DataFrame:
    """Mean team score of every pair of agents over their finished matches, self-play on the
    diagonal; symmetric (a pair's matches in both seat orders count for both cells)."""
    rows = team_table(matches)
    rows = rows[rows["status"] == "finished"]
    agents = sorted(set(rows["agent_i"]) | set(rows["agent_j"]))
    swapped = rows.rename(columns={"agent_i": "agent_j", "agent_j": "agent_i"})
    both = pd.concat([rows, swapped[rows["agent_i"] != rows["agent_j"]]])
    matrix = both.pivot_table(index="agent_i", columns="agent_j", values="score", aggfunc="mean")
    matrix = matrix.reindex(index=agents, columns=agents)
    matrix.index.name = matrix.columns.name = None
    return matrix


def role_table(matches: pd.DataFrame, sides: Mapping[str, int]) -> pd.DataFrame:
    """The store's match table as the role match table of `lamen.ratings.roles`: one column per
    seat (`sides`: seat → 0 for the match's first agent, 1 for its second; Mediation's two user
    seats are both 1, one user agent fills both), the instance, the tournament as the game, the
    team score and the status."""
    agents = (matches["agent_a"].astype(str), matches["agent_b"].astype(str))
    return pd.DataFrame({"instance": matches["game"].astype(str), "game": matches["tournament"].astype(str),
                         **{seat: agents[side] for seat, side in sides.items()},
                         "score": pd.to_numeric(matches["u_a"], errors="coerce"), "status": matches["status"]},
                        index=matches.index)
