"""The outcome space of a game: every complete offer, what it is worth to each side, and the
points bargaining theory singles out. Pure functions over a Game; no I/O.

Utilities are additive over issues, so the Pareto frontier is built issue by issue: the frontier
of issues 1..k is the Pareto-filtered sum of the frontier of 1..k-1 with issue k's options.
Nothing is enumerated, so 10 issues × 11 values (2.6·10¹⁰ outcomes) takes milliseconds. The
Nash, Kalai–Smorodinsky and max-welfare points all lie on the frontier, so they are found there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from lamen.spec.game import Game, Offer

if TYPE_CHECKING:
    import numpy as np

# numpy is imported where arrays are made: `lamen games list` counts outcomes without it.

# Utilities closer than this are the same point (payoff ratios are not exact in floating point).
TOLERANCE = 1e-9


@dataclass(frozen=True)
class OutcomePoint:
    """One outcome: a complete offer and its utility to each side."""

    offer: dict[str, str]
    utilities: tuple[float, float]

    @property
    def welfare(self) -> float:
        return self.utilities[0] + self.utilities[1]

    @property
    def nash_product(self) -> float:
        return max(self.utilities[0], 0.0) * max(self.utilities[1], 0.0)


@dataclass(frozen=True)
class OutcomeSpace:
    """The analysis of one game; computed once per game (see `outcome_space`)."""

    n_outcomes: int
    frontier: tuple[OutcomePoint, ...]  # sorted by side A's utility, descending
    nash: OutcomePoint
    kalai_smorodinsky: OutcomePoint
    max_welfare: OutcomePoint
    ideal: tuple[float, float]  # each side's best utility (1, 1 for a valid game)
    opposition: float  # distance from the ideal point to the nearest outcome

    @property
    def frontier_utilities(self) -> np.ndarray:
        import numpy as np

        return np.array([p.utilities for p in self.frontier])


def utility_tables(game: Game) -> list[np.ndarray]:
    """Per issue, an array of shape (n_labels, 2): each label's utility to side A and side B."""
    import numpy as np

    return [np.column_stack([game.issue_utilities(0, i), game.issue_utilities(1, i)])
            for i in range(len(game.issues))]


def n_outcomes(game: Game) -> int:
    return math.prod(len(issue.labels) for issue in game.issues)


def utilities(game: Game, offer: Offer) -> tuple[float, float]:
    """Each side's utility of a complete offer (issue name -> canonical label)."""
    return game.utility(0, offer), game.utility(1, offer)


def _pareto_filter(points: np.ndarray) -> np.ndarray:
    """Indices of the non-dominated rows of an (n, 2) array, one per distinct point, ordered by
    A's utility descending: after sorting by A desc (B desc on ties), a point survives when its
    B is strictly above every B before it."""
    import numpy as np

    rounded = np.round(points / TOLERANCE) * TOLERANCE
    order = np.lexsort((-rounded[:, 1], -rounded[:, 0]))
    b_sorted = rounded[order, 1]
    running = np.maximum.accumulate(np.concatenate(([-np.inf], b_sorted[:-1])))
    return order[b_sorted > running]


@lru_cache(maxsize=256)
def outcome_space(game: Game) -> OutcomeSpace:
    """Frontier and bargaining points of a game (cached: games are immutable)."""
    import numpy as np

    tables = utility_tables(game)
    # Each stage keeps the frontier of the issues so far, with back-pointers to rebuild offers.
    frontier = np.zeros((1, 2))
    parents: list[np.ndarray] = []
    choices: list[np.ndarray] = []
    for table in tables:
        candidates = (frontier[:, None, :] + table[None, :, :]).reshape(-1, 2)
        keep = _pareto_filter(candidates)
        parents.append(keep // len(table))
        choices.append(keep % len(table))
        frontier = candidates[keep]

    def offer_of(index: int) -> dict[str, str]:
        labels: list[str] = []
        for stage in range(len(tables) - 1, -1, -1):
            labels.append(game.issues[stage].labels[int(choices[stage][index])])
            index = int(parents[stage][index])
        return {issue.name: label for issue, label in zip(game.issues, reversed(labels))}

    points = tuple(OutcomePoint(offer_of(i), (float(frontier[i, 0]), float(frontier[i, 1])))
                   for i in range(len(frontier)))
    ideal = (float(frontier[:, 0].max()), float(frontier[:, 1].max()))

    def best(score, tie_break) -> OutcomePoint:
        # Exact ties (common: every split of a distributive issue has welfare 1) go to the
        # tie-break score, then to the frontier's order (A's utility descending).
        return max(points, key=lambda p: (round(score(p) / TOLERANCE), round(tie_break(p) / TOLERANCE)))

    def balance(p: OutcomePoint) -> float:
        return min(p.utilities[0] / ideal[0], p.utilities[1] / ideal[1])

    nash = best(lambda p: p.nash_product, lambda p: p.welfare)
    kalai = best(balance, lambda p: p.welfare)
    welfare = best(lambda p: p.welfare, lambda p: p.nash_product)
    opposition = float(np.min(np.hypot(ideal[0] - frontier[:, 0], ideal[1] - frontier[:, 1])))
    return OutcomeSpace(n_outcomes=n_outcomes(game), frontier=points, nash=nash, kalai_smorodinsky=kalai,
                        max_welfare=welfare, ideal=ideal, opposition=opposition)


def distance_to_frontier(game: Game, point: tuple[float, float]) -> float:
    """Euclidean distance from an outcome's utilities to the nearest Pareto-optimal outcome
    (0 on the frontier)."""
    import numpy as np

    frontier = outcome_space(game).frontier_utilities
    return float(np.min(np.hypot(frontier[:, 0] - point[0], frontier[:, 1] - point[1])))
