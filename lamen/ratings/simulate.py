"""Synthetic cross-play tables from known strengths, for validating the ratings and benchmarks.

Outcomes follow the Bradley–Terry model on average: E[s] = σ(θ_A − θ_B + side + first·x).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import special


def simulate_matches(
    strengths: Mapping[str, float],
    *,
    games_per_pair: int,
    side: float = 0.0,
    first: float = 0.0,
    no_deal: float = 0.2,
    concentration: float = 4.0,
    game: str = "synthetic",
    seed: int = 0,
) -> pd.DataFrame:
    """A round robin of debiased blocks: each pairing plays games in blocks of four — both
    sides × both start orders — so side and first-mover effects cancel within a block.

    Each game ends without agreement with probability `no_deal` (s = 0.5); otherwise it is a
    split of a unit surplus, u_A ~ Beta(κ·m, κ·(1 − m)) and u_B = 1 − u_A, so s = u_A. The split
    mean m = (p − no_deal/2) / (1 − no_deal) makes E[s] = p = σ(logit) exactly, so Bradley–Terry
    on graded scores is the right mean model; κ = `concentration` sets how noisy a game is.
    """
    names = sorted(strengths)
    theta = np.array([strengths[name] for name in names], dtype=float)
    low, high = np.triu_indices(len(names), k=1)
    pair = np.repeat(np.arange(len(low)), games_per_pair)
    repeat = np.tile(np.arange(games_per_pair), len(low))
    configuration = repeat % 4
    swap = configuration % 2 == 1
    a_first = configuration < 2
    side_a = np.where(swap, high[pair], low[pair])
    side_b = np.where(swap, low[pair], high[pair])
    x = np.where(a_first, 1.0, -1.0)
    p = special.expit(theta[side_a] - theta[side_b] + side + first * x)
    mean_split = (p - no_deal / 2.0) / (1.0 - no_deal)
    if mean_split.min() <= 0.0 or mean_split.max() >= 1.0:
        raise ValueError(
            f"simulate_matches: no_deal={no_deal} is too high for these strengths; the mean "
            f"split would leave (0, 1) — lower no_deal or narrow the strengths"
        )
    rng = np.random.default_rng(seed)
    agreement = rng.random(len(pair)) >= no_deal
    split = rng.beta(concentration * mean_split, concentration * (1.0 - mean_split))
    u_a = np.where(agreement, split, 0.0)
    u_b = np.where(agreement, 1.0 - split, 0.0)
    name = np.array(names, dtype=object)
    pair_label = pd.Series(name[low[pair]]) + "-" + pd.Series(name[high[pair]])
    block = f"{game}|" + pair_label + "|" + pd.Series(repeat // 4).astype(str)
    return pd.DataFrame(
        {
            "match_id": block + "|" + pd.Series(configuration).astype(str),
            "game": game,
            "agent_a": name[side_a],
            "agent_b": name[side_b],
            "first": np.where(a_first, "a", "b"),
            "u_a": u_a,
            "u_b": u_b,
            "agreement": agreement,
            "block": block,
        }
    )
