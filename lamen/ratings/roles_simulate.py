"""Synthetic role match tables from known role strengths, for validating `roles`.

Outcomes follow the marginal role model: on instance x a team scores s ~ Beta(κ·m, κ·(1 − m))
with m = σ(μ_x + Σ_seats a_role(agent)), so E[s] = m exactly — the fractional logit's mean model
is right while the spread of s is not Bernoulli.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import special


def simulate_role_matches(
    strengths: Mapping[str, Mapping[str, float]],
    *,
    instances: int,
    level_sd: float = 0.5,
    concentration: float = 4.0,
    game: str = "synthetic",
    seed: int = 0,
) -> pd.DataFrame:
    """Every combination of one agent per role (every ordered assistant × user pair, say) plays
    every instance once. `strengths` maps role → agent → strength (logit); the table has one seat
    column per role, named after it. Instance levels μ_x are drawn N(0, `level_sd`²)."""
    if instances < 1:
        raise ValueError(f"instances must be ≥ 1, got {instances}")
    if not strengths or any(not agents for agents in strengths.values()):
        raise ValueError("strengths: every role needs at least one agent")
    rng = np.random.default_rng(seed)
    roles = list(strengths)
    teams = list(itertools.product(*(sorted(strengths[role]) for role in roles)))
    team_logit = np.array([sum(strengths[role][agent] for role, agent in zip(roles, team)) for team in teams])
    levels = rng.normal(0.0, level_sd, instances)
    x = np.repeat(np.arange(instances), len(teams))
    which = np.tile(np.arange(len(teams)), instances)
    mean = special.expit(levels[x] + team_logit[which])
    frame = {"instance": [f"x{k}" for k in x], "game": game}
    for n, role in enumerate(roles):
        frame[role] = np.array([team[n] for team in teams], dtype=object)[which]
    frame["score"] = rng.beta(concentration * mean, concentration * (1.0 - mean))
    return pd.DataFrame(frame)
