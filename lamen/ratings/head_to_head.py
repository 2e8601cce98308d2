"""Head-to-head matrices: what each pairing actually scored beside what Bradley–Terry predicts,
so a reader can see where the one-number-per-agent model does not fit (e.g. cycles)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import special

from lamen.ratings.bradley_terry import BradleyTerryFit, fit_bradley_terry
from lamen.ratings.matches import agent_index, rated_matches


@dataclass(frozen=True, eq=False)
class HeadToHead:
    """Row agent against column agent, from the row agent's side of the table.

    `mean_score` is its mean graded score over all their games (either side; NaN if they never
    met), `games` how many, `predicted` σ(θ_row − θ_col) from Bradley–Terry (no side or
    first-mover effect: debiased blocks average those out).
    """

    agents: tuple[str, ...]
    mean_score: pd.DataFrame
    games: pd.DataFrame
    predicted: pd.DataFrame


def head_to_head(matches: pd.DataFrame, fit: BradleyTerryFit | None = None) -> HeadToHead:
    """Empirical and predicted head-to-head matrices; fits Bradley–Terry if `fit` is not given."""
    rows = rated_matches(matches)
    agents, side_a, side_b = agent_index(rows)
    if fit is None:
        fit = fit_bradley_terry(matches)
    if fit.agents != agents:
        raise ValueError("head_to_head: the fit was made on matches with different agents")
    n = len(agents)
    score = rows["score"].to_numpy()
    # Each game counts once for each agent, from its own side: s for A, 1 − s for B.
    cell = np.concatenate([side_a * n + side_b, side_b * n + side_a])
    points = np.concatenate([score, 1.0 - score])
    games = np.bincount(cell, minlength=n * n).reshape(n, n)
    total = np.bincount(cell, points, minlength=n * n).reshape(n, n)
    with np.errstate(invalid="ignore"):
        mean_score = np.where(games > 0, total / np.maximum(games, 1), np.nan)
    theta = fit.theta
    predicted = special.expit(theta[:, None] - theta[None, :])
    np.fill_diagonal(predicted, np.nan)
    labels = list(agents)
    return HeadToHead(
        agents=agents,
        mean_score=pd.DataFrame(mean_score, index=labels, columns=labels),
        games=pd.DataFrame(games, index=labels, columns=labels),
        predicted=pd.DataFrame(predicted, index=labels, columns=labels),
    )
