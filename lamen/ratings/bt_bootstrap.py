"""Block bootstrap of Bradley–Terry: whole debiasing blocks resampled, every replicate refitted
by batched Newton steps; rank intervals and the P(i stronger than j) matrix."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import sparse, special

from lamen.ratings.bradley_terry import (
    ELO_BASE,
    ELO_PER_LOGIT,
    BradleyTerryFit,
    anchor_matrix,
    fit_bradley_terry,
    interval_z,
)
from lamen.ratings.bt_design import Design, design_of, gauge_of
from lamen.ratings.matches import rated_matches
from lamen.ratings.utility import rank_intervals

# Logit strengths closer than this are equal (a 1e-7 Elo-point difference).
TIE = 1e-9


@dataclass(frozen=True)
class BootstrapRating:
    """One agent across bootstrap replicates: rank (1 = best) and Elo percentile intervals."""

    agent: str
    rank_median: float
    rank_lower: int
    rank_upper: int
    elo_median: float
    elo_lower: float
    elo_upper: float


@dataclass(frozen=True, eq=False)
class BradleyTerryBootstrap:
    """Block-bootstrap of a Bradley–Terry fit.

    `p_stronger.loc[i, j]` is the share of replicates in which i's strength exceeds j's, a tie
    (strengths within TIE, e.g. when no game was decisive) counting half, so that
    P(i > j) + P(j > i) = 1;
    `elo` holds every replicate's ratings (replicates × agents, anchored like the fit).
    """

    agents: tuple[str, ...]
    ratings: tuple[BootstrapRating, ...]
    p_stronger: pd.DataFrame
    elo: np.ndarray
    replicates: int
    seed: int
    level: float

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([vars(rating) for rating in self.ratings])



def _refit_many(
    design: Design, games: np.ndarray, score: np.ndarray, l2: float, start: np.ndarray
) -> np.ndarray:
    """Minimise the same penalised loss for many reweightings of the cells at once.

    `games` and `score` are cells × replicates; returns parameters × replicates. Every replicate
    starts at `start` (the full fit, close to its optimum), where Newton's method converges in
    a few steps; one batched Newton step over all replicates costs about what a single L-BFGS
    iteration per replicate would (6 ms vs 35 ms a replicate at 100 agents). Steps are halved
    until the loss does not increase, which keeps it safe far from the optimum too.
    """
    n_agents = len(design.agents)
    n_cells, n_replicates = games.shape
    cells = np.arange(n_cells)
    # Cell-by-agent incidence (+1 for side A's agent, −1 for side B's) for gradients, and each
    # cell's unordered pair for the Laplacian part of the Hessian.
    incidence = sparse.csr_matrix(
        (
            np.r_[np.ones(n_cells), -np.ones(n_cells)],
            (np.r_[design.cell_a, design.cell_b], np.r_[cells, cells]),
        ),
        shape=(n_agents, n_cells),
    )
    low = np.minimum(design.cell_a, design.cell_b)
    high = np.maximum(design.cell_a, design.cell_b)
    pairs, pair_of_cell = np.unique(low * n_agents + high, return_inverse=True)
    pair_low, pair_high = pairs // n_agents, pairs % n_agents
    pair_sum = sparse.csr_matrix((np.ones(n_cells), (pair_of_cell, cells)), shape=(len(pairs), n_cells))
    first = design.cell_first[:, None]
    total = games.sum(axis=0)
    gauge = gauge_of(design)
    diagonal = np.arange(n_agents)
    every = np.arange(design.n_params)

    def loss_and_gradient(params: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        theta = params[:n_agents]
        logit = theta[design.cell_a] - theta[design.cell_b] + params[-2] + params[-1] * first
        loss = (games * np.logaddexp(0.0, logit) - score * logit).sum(axis=0) / total
        loss += 0.5 * l2 * (params**2).sum(axis=0)
        p = special.expit(logit)
        residual = games * p - score
        gradient = np.empty_like(params)
        gradient[:n_agents] = incidence @ residual
        gradient[-2] = residual.sum(axis=0)
        gradient[-1] = (residual * first).sum(axis=0)
        gradient /= total
        gradient += l2 * params
        return loss, gradient, games * p * (1.0 - p)

    params = np.repeat(start[:, None], n_replicates, axis=1)
    loss, gradient, weight = loss_and_gradient(params)
    for _ in range(50):
        if np.max(np.abs(gradient)) < 1e-10:
            return params
        hessian = np.zeros((n_replicates, design.n_params, design.n_params))
        pair_weight = (pair_sum @ weight).T
        hessian[:, pair_low, pair_high] = -pair_weight
        hessian[:, pair_high, pair_low] = -pair_weight
        hessian[:, diagonal, diagonal] = -hessian[:, :n_agents, :n_agents].sum(axis=2)
        theta_side = (incidence @ weight).T
        theta_first = (incidence @ (weight * first)).T
        hessian[:, :n_agents, -2] = hessian[:, -2, :n_agents] = theta_side
        hessian[:, :n_agents, -1] = hessian[:, -1, :n_agents] = theta_first
        hessian[:, -2, -2] = hessian[:, -1, -1] = weight.sum(axis=0)
        hessian[:, -2, -1] = hessian[:, -1, -2] = (weight * first).sum(axis=0)
        hessian /= total[:, None, None]
        hessian[:, every, every] += l2
        hessian += np.outer(gauge, gauge)
        step = np.linalg.solve(hessian, gradient.T[:, :, None])[:, :, 0].T
        size = np.ones(n_replicates)
        for _ in range(30):
            trial = params - size * step
            trial_loss, trial_gradient, trial_weight = loss_and_gradient(trial)
            worse = trial_loss > loss + 1e-13
            if not worse.any():
                break
            size = np.where(worse, size / 2.0, size)
        params, loss, gradient, weight = trial, trial_loss, trial_gradient, trial_weight
    raise RuntimeError("Bradley–Terry bootstrap refit did not converge in 50 Newton steps")


def bootstrap_bradley_terry(
    matches: pd.DataFrame,
    fit: BradleyTerryFit | None = None,
    *,
    replicates: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> BradleyTerryBootstrap:
    """Refit Bradley–Terry on `replicates` resamples of whole debiasing blocks.

    Resampling blocks, not games, keeps the side × start-order replays of a pairing together,
    so the debiasing the schedule built in survives in every replicate. Replicates are refitted
    together by batched Newton steps from `fit` (fitted here if not given), which is close to
    every replicate's optimum; they minimise the same penalised loss as the fit.
    """
    if replicates < 1:
        raise ValueError(f"replicates must be ≥ 1, got {replicates}")
    interval_z(level)
    rows = rated_matches(matches)
    design = design_of(rows)
    if fit is None:
        fit = fit_bradley_terry(matches)
    if fit.agents != design.agents:
        raise ValueError("bootstrap: the fit was made on matches with different agents")
    rng = np.random.default_rng(seed)
    n_agents = len(design.agents)
    n_blocks = design.block_games.shape[0]
    games_by_cell = design.block_games.T.tocsr()
    score_by_cell = design.block_score.T.tocsr()
    theta = np.empty((replicates, n_agents))
    # Chunks bound the memory of the cells × replicates arrays.
    chunk = max(1, min(replicates, 2_000_000 // max(len(design.cell_a), 1)))
    for start in range(0, replicates, chunk):
        size = min(chunk, replicates - start)
        draws = rng.integers(0, n_blocks, size=(size, n_blocks))
        block_weights = np.bincount(
            (draws + n_blocks * np.arange(size)[:, None]).ravel(), minlength=size * n_blocks
        ).reshape(size, n_blocks)
        games = np.asarray(games_by_cell @ block_weights.T, dtype=float)
        score = np.asarray(score_by_cell @ block_weights.T, dtype=float)
        theta[start : start + size] = _refit_many(design, games, score, fit.l2, fit.params)[:n_agents].T
    elo = ELO_BASE + ELO_PER_LOGIT * theta @ anchor_matrix(design.agents, fit.anchor).T
    # Competition ranking: 1 + the number of agents stronger in that replicate. Strengths
    # within TIE are equal: exact ties (identical records) then share a rank instead of being
    # ordered by rounding noise.
    stronger = theta[:, None, :] > theta[:, :, None] + TIE
    tied = np.abs(theta[:, None, :] - theta[:, :, None]) <= TIE
    rank_median, rank_lower, rank_upper = rank_intervals(1 + stronger.sum(axis=2), level)
    tail = (1.0 - level) / 2.0
    ratings = [
        BootstrapRating(
            agent=agent,
            rank_median=float(rank_median[i]),
            rank_lower=int(rank_lower[i]),
            rank_upper=int(rank_upper[i]),
            elo_median=float(np.median(elo[:, i])),
            elo_lower=float(np.quantile(elo[:, i], tail)),
            elo_upper=float(np.quantile(elo[:, i], 1.0 - tail)),
        )
        for i, agent in enumerate(design.agents)
    ]
    p_stronger = (stronger.mean(axis=0) + 0.5 * tied.mean(axis=0)).T
    np.fill_diagonal(p_stronger, np.nan)
    return BradleyTerryBootstrap(
        agents=design.agents,
        ratings=tuple(sorted(ratings, key=lambda rating: (rating.rank_median, -rating.elo_median))),
        p_stronger=pd.DataFrame(p_stronger, index=list(design.agents), columns=list(design.agents)),
        elo=elo,
        replicates=replicates,
        seed=seed,
        level=level,
    )
