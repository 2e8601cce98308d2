"""Bradley–Terry ratings, the primary rating: fractional-outcome maximum likelihood with side and
first-mover fixed effects and sandwich intervals clustered by debiasing block (the likelihood is
in `bt_design`, the block bootstrap in `bt_bootstrap`).

Model: P(A beats B) = σ(θ_A − θ_B + β_side + β_first·x), x = +1 when side A moved first, −1
otherwise; a graded score s counts as a win with weight s and a loss with weight 1 − s. The
likelihood only depends on the games through cells of identical design (who sits on A, who on
B, who moved first), so fits and the bootstrap work on per-cell counts and score sums.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from lamen.ratings.bt_design import design_of, fit_design, sandwich
from lamen.ratings.matches import rated_matches
from lamen.ratings.separation import unbounded_directions

ELO_PER_LOGIT = 400.0 / math.log(10.0)
ELO_BASE = 1000.0
# Penalty per rated game on ½·(Σθ² + β_side² + β_first²). It only has to keep an agent (or a
# side) that wins every game outright finite; scaling it with the number of games keeps its
# shrinkage the same at every table size, so duplicating the data changes no estimate. 1e-4
# shrinks θ by about 2e-4 × (number of agents) of its value: under 1 Elo point for 30 agents
# spread over 200 points.
DEFAULT_L2 = 1e-4


@dataclass(frozen=True)
class AgentRating:
    """One agent's Bradley–Terry rating in Elo points with its sandwich interval."""

    agent: str
    elo: float
    lower: float
    upper: float
    se: float
    games: int


@dataclass(frozen=True)
class Effect:
    """A fixed effect in Elo points: what it is worth against an equal opponent."""

    elo: float
    lower: float
    upper: float
    se: float


@dataclass(frozen=True, eq=False)
class BradleyTerryFit:
    """A Bradley–Terry fit: ratings (best first), the side and first-mover effects, and the raw fit.

    `params` are the logit strengths of `agents` (mean zero) followed by β_side and β_first;
    `covariance` is their clustered sandwich covariance. `side` is side A's edge over side B,
    `first_mover` the edge of moving first.
    """

    agents: tuple[str, ...]
    ratings: tuple[AgentRating, ...]
    side: Effect
    first_mover: Effect
    params: np.ndarray
    covariance: np.ndarray
    anchor: str | None
    level: float
    l2: float
    n_matches: int
    n_blocks: int
    # Agents and effects without a finite unpenalised estimate (`separation`): their numbers
    # are held finite by the L2 penalty and only show a direction.
    unbounded_agents: tuple[str, ...] = ()
    unbounded_effects: tuple[str, ...] = ()

    @property
    def theta(self) -> np.ndarray:
        """Logit strengths in the order of `agents`, mean zero."""
        return self.params[: len(self.agents)]

    def rating(self, agent: str) -> AgentRating:
        return next(rating for rating in self.ratings if rating.agent == agent)

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([vars(rating) for rating in self.ratings])


def anchor_matrix(agents: tuple[str, ...], anchor: str | None) -> np.ndarray:
    """Linear map from logit strengths to anchored strengths (mean zero, or the anchor at zero)."""
    n_agents = len(agents)
    if anchor is None:
        return np.eye(n_agents) - 1.0 / n_agents
    if anchor not in agents:
        raise ValueError(f"anchor agent '{anchor}' does not appear in the cross-play matches")
    shift = np.zeros((n_agents, n_agents))
    shift[:, agents.index(anchor)] = 1.0
    return np.eye(n_agents) - shift


def interval_z(level: float) -> float:
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must be between 0 and 1, got {level}")
    return float(stats.norm.ppf(0.5 + level / 2.0))


def fit_bradley_terry(
    matches: pd.DataFrame, *, anchor: str | None = None, l2: float = DEFAULT_L2, level: float = 0.95
) -> BradleyTerryFit:
    """Fit Bradley–Terry with side and first-mover effects to the finished cross-play matches.

    Ratings are 1000 + (400 / ln 10)·θ, with the mean rating at 1000 or, given `anchor`, that
    agent at 1000 (its interval is then a point). Intervals are `level` normal intervals on the
    clustered sandwich standard errors. `l2` is the penalty per game (see DEFAULT_L2); with
    l2 = 0 an agent or side that wins (or loses) every game outright has no finite rating, and
    the fit raises ValueError naming it instead of returning wherever the optimiser stopped.
    With l2 > 0 such agents and effects are listed in `unbounded_agents` / `unbounded_effects`.
    """
    z = interval_z(level)
    rows = rated_matches(matches)
    design = design_of(rows)
    unbounded_agents, unbounded_effects = unbounded_directions(design)
    if l2 == 0 and (unbounded_agents or unbounded_effects):
        raise ValueError(
            "Bradley–Terry with l2=0 has no finite maximum: "
            + ", ".join(unbounded_agents + unbounded_effects)
            + " won or lost every game outright against the rest; use l2 > 0 (the default keeps it finite)"
        )
    params = fit_design(design, l2)
    covariance = sandwich(params, design, l2)
    n_agents = len(design.agents)
    to_anchor = anchor_matrix(design.agents, anchor)
    elo = ELO_BASE + ELO_PER_LOGIT * to_anchor @ params[:n_agents]
    theta_covariance = to_anchor @ covariance[:n_agents, :n_agents] @ to_anchor.T
    se = ELO_PER_LOGIT * np.sqrt(np.clip(np.diag(theta_covariance), 0.0, None))
    ratings = sorted(
        (
            AgentRating(
                agent=agent,
                elo=float(elo[i]),
                lower=float(elo[i] - z * se[i]),
                upper=float(elo[i] + z * se[i]),
                se=float(se[i]),
                games=int(design.games[i]),
            )
            for i, agent in enumerate(design.agents)
        ),
        key=lambda rating: (-rating.elo, rating.agent),
    )

    def effect(index: int) -> Effect:
        value = ELO_PER_LOGIT * float(params[index])
        effect_se = ELO_PER_LOGIT * math.sqrt(max(float(covariance[index, index]), 0.0))
        return Effect(elo=value, lower=value - z * effect_se, upper=value + z * effect_se, se=effect_se)

    return BradleyTerryFit(
        agents=design.agents,
        ratings=tuple(ratings),
        side=effect(n_agents),
        first_mover=effect(n_agents + 1),
        params=params,
        covariance=covariance,
        anchor=anchor,
        level=level,
        l2=l2,
        n_matches=len(rows),
        n_blocks=design.block_games.shape[0],
        unbounded_agents=unbounded_agents,
        unbounded_effects=unbounded_effects,
    )


