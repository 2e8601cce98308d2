"""TrueSkill ratings via the `trueskill` package: win, draw or loss by a utility margin, games
processed once in the table's row order (so the result depends on that order)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
import trueskill
from scipy import stats

from lamen.ratings.matches import agent_index, rated_matches

# Utilities are floats computed from YAML weights; a difference that is one granularity step
# up to rounding must still count as a draw.
FLOAT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class TrueSkillRating:
    """One agent's TrueSkill: mean, uncertainty, and the conservative estimate mu − 3·sigma."""

    agent: str
    mu: float
    sigma: float
    conservative: float


@dataclass(frozen=True, eq=False)
class TrueSkillRatings:
    """TrueSkill ratings (best conservative estimate first) and the predicted win matrix.

    `win_probability.loc[i, j]` = Φ((μ_i − μ_j) / √(2β² + σ_i² + σ_j²)). Order-dependent: the
    games were processed in the table's row order.
    """

    ratings: tuple[TrueSkillRating, ...]
    win_probability: pd.DataFrame
    draw_rate: float
    draw_probability: float
    margin: float
    beta: float
    order_dependent: bool = True

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([vars(rating) for rating in self.ratings])


def trueskill_outcomes(u_a: np.ndarray, u_b: np.ndarray, agreement: np.ndarray, margin: float) -> np.ndarray:
    """+1 where A wins (u_a − u_b > margin), −1 where B wins, 0 for a draw or no agreement."""
    gap = np.asarray(u_a, dtype=float) - np.asarray(u_b, dtype=float)
    outcome = np.where(gap > margin, 1, np.where(gap < -margin, -1, 0))
    return np.where(np.asarray(agreement, dtype=bool), outcome, 0)


def trueskill_win_probability(a: trueskill.Rating, b: trueskill.Rating, beta: float) -> float:
    """P(a beats b) = Φ((μ_a − μ_b) / √(2β² + σ_a² + σ_b²)); the package does not provide it."""
    spread = math.sqrt(2.0 * beta**2 + a.sigma**2 + b.sigma**2)
    return float(stats.norm.cdf((a.mu - b.mu) / spread))


def fit_trueskill(matches: pd.DataFrame, *, granularity: float = 0.0) -> TrueSkillRatings:
    """TrueSkill over the finished cross-play matches, in row order.

    A gap of at most `granularity` (the game's utility step) plus float tolerance is a draw, as
    is no agreement. The environment is TrueSkill(draw_probability=max(observed draw rate, 0.01),
    tau=0): with draw_probability 0 a draw would raise sigma, and tau = 0 because the agents do
    not change between games.
    """
    if granularity < 0:
        raise ValueError(f"granularity must be ≥ 0, got {granularity}")
    rows = rated_matches(matches)
    agents, side_a, side_b = agent_index(rows)
    margin = granularity + FLOAT_TOLERANCE
    outcomes = trueskill_outcomes(rows["u_a"], rows["u_b"], rows["agreement"], margin)
    draw_rate = float(np.mean(outcomes == 0))
    environment = trueskill.TrueSkill(draw_probability=max(draw_rate, 0.01), tau=0.0)
    ratings = [environment.create_rating() for _ in agents]
    for a, b, outcome in zip(side_a, side_b, outcomes):
        if outcome >= 0:
            ratings[a], ratings[b] = trueskill.rate_1vs1(
                ratings[a], ratings[b], drawn=outcome == 0, env=environment
            )
        else:
            ratings[b], ratings[a] = trueskill.rate_1vs1(ratings[b], ratings[a], env=environment)
    win = np.array(
        [[trueskill_win_probability(ri, rj, environment.beta) for rj in ratings] for ri in ratings]
    )
    np.fill_diagonal(win, np.nan)
    result = sorted(
        (
            TrueSkillRating(agent=agent, mu=r.mu, sigma=r.sigma, conservative=r.mu - 3.0 * r.sigma)
            for agent, r in zip(agents, ratings)
        ),
        key=lambda rating: (-rating.conservative, rating.agent),
    )
    return TrueSkillRatings(
        ratings=tuple(result),
        win_probability=pd.DataFrame(win, index=list(agents), columns=list(agents)),
        draw_rate=draw_rate,
        draw_probability=environment.draw_probability,
        margin=margin,
        beta=environment.beta,
    )
