"""Synthetic team match tables from known partner strengths, for validating `partner`.

Outcomes follow the marginal partner model: on instance x the team {i, j} scores
s ~ Beta(κ·m, κ·(1 − m)) with m = σ(μ_x + a_i + a_j + β_first·f), so E[s] = m exactly — the
fractional logit's mean model is right while the spread of s is not Bernoulli.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import special


def simulate_team_matches(
    strengths: Mapping[str, float],
    *,
    instances: int,
    level_sd: float = 0.5,
    concentration: float = 4.0,
    first: float | None = None,
    game: str = "synthetic",
    seed: int = 0,
) -> pd.DataFrame:
    """Every unordered pair and every self-play team plays every instance once.

    Instance levels μ_x are drawn N(0, `level_sd`²). With `first` given, each match also gets
    a first mover ("i" or "j", fair coin) worth β_first = `first` logit to the team when the
    agent in column agent_i opens (f = +1) and −`first` when agent_j does (f = −1).
    """
    if instances < 1:
        raise ValueError(f"instances must be ≥ 1, got {instances}")
    rng = np.random.default_rng(seed)
    names = sorted(strengths)
    a = np.array([strengths[name] for name in names], dtype=float)
    i, j = np.triu_indices(len(names))
    levels = rng.normal(0.0, level_sd, instances)
    x = np.repeat(np.arange(instances), len(i))
    team_i, team_j = np.tile(i, instances), np.tile(j, instances)
    logit = levels[x] + a[team_i] + a[team_j]
    frame = {"instance": [f"x{k}" for k in x], "game": game,
             "agent_i": np.array(names, dtype=object)[team_i], "agent_j": np.array(names, dtype=object)[team_j]}
    if first is not None:
        i_first = rng.random(len(x)) < 0.5
        logit = logit + first * np.where(i_first, 1.0, -1.0)
        frame["first"] = np.where(i_first, "i", "j")
    mean = special.expit(logit)
    frame["score"] = rng.beta(concentration * mean, concentration * (1.0 - mean))
    return pd.DataFrame(frame)[["instance", "game", "agent_i", "agent_j", "score"]
                               + (["first"] if first is not None else [])]
