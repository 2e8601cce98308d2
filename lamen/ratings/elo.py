"""Elo ratings on graded scores, reported over many random game orders because Elo is online:
the same games in another order give other ratings."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from lamen.ratings.matches import agent_index, rated_matches


@dataclass(frozen=True)
class EloRating:
    """One agent's Elo: median and percentile interval over the random orderings."""

    agent: str
    median: float
    lower: float
    upper: float


@dataclass(frozen=True)
class EloRatings:
    """Elo over `orderings` random orders of the games (best first). Order-dependent by nature."""

    ratings: tuple[EloRating, ...]
    k: float
    initial: float
    orderings: int
    seed: int
    level: float
    order_dependent: bool = True

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([vars(rating) for rating in self.ratings])


def elo_expected_score(rating_a: float | np.ndarray, rating_b: float | np.ndarray) -> float | np.ndarray:
    """Expected score of A against B: 1 / (1 + 10^((R_B − R_A) / 400))."""
    return 1.0 / (1.0 + 10.0 ** ((np.asarray(rating_b) - np.asarray(rating_a)) / 400.0))


def elo_update(rating_a: float, rating_b: float, score: float, k: float = 16.0) -> tuple[float, float]:
    """Both ratings after one game in which A scored `score` (a graded score in [0, 1])."""
    change = k * (score - float(elo_expected_score(rating_a, rating_b)))
    return rating_a + change, rating_b - change


def _play(
    order: np.ndarray,
    side_a: np.ndarray,
    side_b: np.ndarray,
    score: np.ndarray,
    n_agents: int,
    k: float,
    initial: float,
) -> np.ndarray:
    """Run every ordering (one per row of `order`) side by side; one numpy step per game."""
    ratings = np.full((order.shape[0], n_agents), initial)
    run = np.arange(order.shape[0])
    for step in range(order.shape[1]):
        game = order[:, step]
        a, b = side_a[game], side_b[game]
        change = k * (score[game] - elo_expected_score(ratings[run, a], ratings[run, b]))
        ratings[run, a] += change
        ratings[run, b] -= change
    return ratings


def elo_in_order(matches: pd.DataFrame, *, k: float = 16.0, initial: float = 1000.0) -> dict[str, float]:
    """Elo after one pass over the matches in the table's row order."""
    rows = rated_matches(matches)
    agents, side_a, side_b = agent_index(rows)
    order = np.arange(len(rows))[None, :]
    ratings = _play(order, side_a, side_b, rows["score"].to_numpy(), len(agents), k, initial)
    return {agent: float(ratings[0, i]) for i, agent in enumerate(agents)}


def fit_elo(
    matches: pd.DataFrame,
    *,
    k: float = 16.0,
    initial: float = 1000.0,
    orderings: int = 100,
    seed: int = 0,
    level: float = 0.95,
) -> EloRatings:
    """Elo median and `level` percentile interval over `orderings` seeded random orders."""
    if orderings < 1:
        raise ValueError(f"orderings must be ≥ 1, got {orderings}")
    rows = rated_matches(matches)
    agents, side_a, side_b = agent_index(rows)
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((orderings, len(rows))), axis=1).astype(np.int32)
    ratings = _play(order, side_a, side_b, rows["score"].to_numpy(), len(agents), k, initial)
    tail = (1.0 - level) / 2.0
    median = np.median(ratings, axis=0)
    lower = np.quantile(ratings, tail, axis=0)
    upper = np.quantile(ratings, 1.0 - tail, axis=0)
    result = sorted(
        (
            EloRating(agent=agent, median=float(median[i]), lower=float(lower[i]), upper=float(upper[i]))
            for i, agent in enumerate(agents)
        ),
        key=lambda rating: (-rating.median, rating.agent),
    )
    return EloRatings(
        ratings=tuple(result), k=k, initial=initial, orderings=orderings, seed=seed, level=level
    )
