"""Per-agent outcome summary published beside every rating: an agent that forces impasse
against stronger opponents earns 0.5 a game, and only these numbers show it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from lamen.ratings.matches import rated_matches


@dataclass(frozen=True)
class AgentSummary:
    """One agent over its rated (cross-play) games.

    `utility` is its mean utility counting 0 for no deal (U); `utility_agreed` the mean over
    agreements only (U*, NaN without any); `welfare` the mean u_a + u_b of its games.
    """

    agent: str
    games: int
    agreement_rate: float
    utility: float
    utility_agreed: float
    welfare: float


def summarize_agents(matches: pd.DataFrame) -> tuple[AgentSummary, ...]:
    """Games, agreement rate, U, U* and welfare per agent, sorted by agent name."""
    rows = rated_matches(matches)
    welfare = (rows["u_a"] + rows["u_b"]).to_numpy()
    appearances = pd.DataFrame(
        {
            "agent": np.concatenate([rows["agent_a"].to_numpy(), rows["agent_b"].to_numpy()]),
            "utility": np.concatenate([rows["u_a"].to_numpy(), rows["u_b"].to_numpy()]),
            "agreement": np.concatenate([rows["agreement"].to_numpy()] * 2),
            "welfare": np.concatenate([welfare, welfare]),
        }
    )
    appearances["utility_agreed"] = appearances["utility"].where(appearances["agreement"])
    per_agent = appearances.groupby("agent").agg(
        games=("utility", "size"),
        agreement_rate=("agreement", "mean"),
        utility=("utility", "mean"),
        utility_agreed=("utility_agreed", "mean"),
        welfare=("welfare", "mean"),
    )
    return tuple(
        AgentSummary(
            agent=str(agent),
            games=int(row.games),
            agreement_rate=float(row.agreement_rate),
            utility=float(row.utility),
            utility_agreed=float(row.utility_agreed),
            welfare=float(row.welfare),
        )
        for agent, row in per_agent.iterrows()
    )
