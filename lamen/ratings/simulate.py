"""Synthetic cross-play tables from known strengths, for validating the ratings and benchmarks.

Outcomes follow the Bradley–Terry model on average: E[s] = σ(θ_A − θ_B + side + first·x).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import special


@dataclass(frozen=True)
class _Schedule:
    """The games of a round robin of debiased blocks, one array entry per game: its pairing,
    which agent sits on each side and whether side A moves first. Block configuration c = 0..3
    swaps the sides on odd c and lets B open on c ≥ 2, so each block of four plays both sides ×
    both start orders."""

    names: np.ndarray  # the agents, sorted by name (object array)
    low: np.ndarray  # per pairing: the agent earlier by name
    high: np.ndarray
    pair: np.ndarray  # per game: its pairing
    repeat: np.ndarray  # per game: its number within the pairing
    side_a: np.ndarray
    side_b: np.ndarray
    a_first: np.ndarray

    @classmethod
    def round_robin(cls, names: list[str], games_per_pair: int) -> _Schedule:
        low, high = np.triu_indices(len(names), k=1)
        pair = np.repeat(np.arange(len(low)), games_per_pair)
        repeat = np.tile(np.arange(games_per_pair), len(low))
        configuration = repeat % 4
        swap = configuration % 2 == 1
        return cls(names=np.array(names, dtype=object), low=low, high=high, pair=pair, repeat=repeat,
                   side_a=np.where(swap, high[pair], low[pair]), side_b=np.where(swap, low[pair], high[pair]),
                   a_first=configuration < 2)

    def frame(self, game: str, u_a: np.ndarray, u_b: np.ndarray, agreement: np.ndarray) -> pd.DataFrame:
        """The match table of these games with the given outcomes."""
        name = self.names
        pair_label = pd.Series(name[self.low[self.pair]]) + "-" + pd.Series(name[self.high[self.pair]])
        block = f"{game}|" + pair_label + "|" + pd.Series(self.repeat // 4).astype(str)
        return pd.DataFrame({
            "match_id": block + "|" + pd.Series(self.repeat % 4).astype(str), "game": game,
            "agent_a": name[self.side_a], "agent_b": name[self.side_b], "first": np.where(self.a_first, "a", "b"),
            "u_a": u_a, "u_b": u_b, "agreement": agreement, "block": block,
        })


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
    games = _Schedule.round_robin(names, games_per_pair)
    x = np.where(games.a_first, 1.0, -1.0)
    p = special.expit(theta[games.side_a] - theta[games.side_b] + side + first * x)
    mean_split = (p - no_deal / 2.0) / (1.0 - no_deal)
    if mean_split.min() <= 0.0 or mean_split.max() >= 1.0:
        raise ValueError(
            f"simulate_matches: no_deal={no_deal} is too high for these strengths; the mean "
            f"split would leave (0, 1) — lower no_deal or narrow the strengths"
        )
    rng = np.random.default_rng(seed)
    agreement = rng.random(len(games.pair)) >= no_deal
    split = rng.beta(concentration * mean_split, concentration * (1.0 - mean_split))
    return games.frame(game, np.where(agreement, split, 0.0), np.where(agreement, 1.0 - split, 0.0), agreement)


def simulate_utilities(
    gets: Mapping[str, float],
    gives: Mapping[str, float],
    *,
    games_per_pair: int,
    side: float = 0.0,
    first: float = 0.0,
    agreement: float = 0.8,
    concentration: float = 4.0,
    game: str = "synthetic",
    seed: int = 0,
) -> pd.DataFrame:
    """A round robin of debiased blocks (as `simulate_matches`) whose utilities follow the
    additive model of `lamen.ratings.utility` on average.

    The truth is given as each agent's gets and gives on a balanced round robin: they fix
    μ + a_i + o_j for every pairing (see `additive_truth`). A game ends in agreement with
    probability `agreement`; then each side's utility is drawn independently,
    u ~ Beta(κ·m/q, κ·(1 − m/q)) with m its expected utility and q = `agreement`, so E[u] = m
    exactly while impasses (both 0) and Beta noise make the errors anything but normal.
    """
    mu, a, o = additive_truth(gets, gives)
    games = _Schedule.round_robin(sorted(gets), games_per_pair)
    x_first = np.where(games.a_first, 0.5, -0.5)
    mean_a = mu + a[games.side_a] + o[games.side_b] + side / 2 + first * x_first
    mean_b = mu + a[games.side_b] + o[games.side_a] - side / 2 - first * x_first
    split_a, split_b = mean_a / agreement, mean_b / agreement
    if min(split_a.min(), split_b.min()) <= 0.0 or max(split_a.max(), split_b.max()) >= 1.0:
        raise ValueError("simulate_utilities: an expected utility / agreement leaves (0, 1); "
                         "raise the agreement rate or narrow gets and gives")
    rng = np.random.default_rng(seed)
    agreed = rng.random(len(games.pair)) < agreement
    u_a = np.where(agreed, rng.beta(concentration * split_a, concentration * (1 - split_a)), 0.0)
    u_b = np.where(agreed, rng.beta(concentration * split_b, concentration * (1 - split_b)), 0.0)
    return games.frame(game, u_a, u_b, agreed)


def additive_truth(gets: Mapping[str, float], gives: Mapping[str, float]) -> tuple[float, np.ndarray, np.ndarray]:
    """μ and the sum-to-zero a and o (agents sorted by name) whose round robin has these gets
    and gives: gets_i = μ + a_i − o_i/(n − 1) and gives_i = μ + o_i − a_i/(n − 1). Needs
    mean(gets) = mean(gives) (both are μ)."""
    names = sorted(gets)
    n = len(names)
    g = np.array([gets[name] for name in names], dtype=float)
    v = np.array([gives[name] for name in names], dtype=float)
    if abs(g.mean() - v.mean()) > 1e-12:
        raise ValueError("additive_truth: mean gets must equal mean gives (every utility is got by one agent "
                         "and given by another)")
    mu = g.mean()
    if n == 2:
        # Two agents: each one's opponent is the other, so gets_i + gives_i = 2μ is forced and
        # only a − o is identified; split it evenly.
        if np.any(np.abs(g + v - 2 * mu) > 1e-12):
            raise ValueError("additive_truth: with two agents gets + gives must be the same for both")
        return float(mu), (g - mu) / 2, -(g - mu) / 2
    k = 1.0 / (n - 1)
    # [[1, −k], [−k, 1]] · (a_i, o_i) = (gets_i − μ, gives_i − μ)
    det = 1 - k * k
    a = ((g - mu) + k * (v - mu)) / det
    o = ((v - mu) + k * (g - mu)) / det
    return float(mu), a, o
