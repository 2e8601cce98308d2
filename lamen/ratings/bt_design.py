"""The Bradley–Terry likelihood on cells of identical design: the sufficient statistics, the
penalised fractional log-loss with its gradient and Hessian, the fit to machine precision, and
the clustered (CR2) sandwich covariance. `bradley_terry` turns these into ratings."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import optimize, sparse, special

from lamen.ratings.design import DesignRows, cluster_sandwich
from lamen.ratings.matches import agent_index


@dataclass(frozen=True, eq=False)
class Design:
    """The likelihood's sufficient statistics: matches grouped into cells of identical design
    (agent on side A, agent on side B, who moved first), kept per block for clustering and
    resampling."""

    agents: tuple[str, ...]
    cell_a: np.ndarray
    cell_b: np.ndarray
    cell_first: np.ndarray
    block_games: sparse.csr_matrix
    block_score: sparse.csr_matrix
    games: np.ndarray

    @property
    def n_params(self) -> int:
        return len(self.agents) + 2

    def cell_matrix(self) -> np.ndarray:
        n_cells = len(self.cell_a)
        rows = np.arange(n_cells)
        design = np.zeros((n_cells, self.n_params))
        design[rows, self.cell_a] = 1.0
        design[rows, self.cell_b] = -1.0
        design[:, -2] = 1.0
        design[:, -1] = self.cell_first
        return design


def design_of(rows: pd.DataFrame) -> Design:
    agents, side_a, side_b = agent_index(rows)
    first = np.where(rows["first"].to_numpy() == "a", 1, 0)
    key = (side_a * len(agents) + side_b) * 2 + first
    cells, cell_of_match = np.unique(key, return_inverse=True)
    block_of_match, blocks = pd.factorize(rows["block"])
    shape = (len(blocks), len(cells))
    where = (block_of_match, cell_of_match)
    block_games = sparse.csr_matrix((np.ones(len(rows)), where), shape=shape)
    block_score = sparse.csr_matrix((rows["score"].to_numpy(dtype=float), where), shape=shape)
    games = np.bincount(side_a, minlength=len(agents)) + np.bincount(side_b, minlength=len(agents))
    return Design(
        agents=agents,
        cell_a=cells // 2 // len(agents),
        cell_b=cells // 2 % len(agents),
        cell_first=np.where(cells % 2 == 1, 1.0, -1.0),
        block_games=block_games,
        block_score=block_score,
        games=games,
    )


def loss_and_gradient(
    params: np.ndarray, design: Design, games: np.ndarray, score: np.ndarray, l2: float
) -> tuple[float, np.ndarray]:
    """Mean fractional log-loss per game plus the penalty, and its gradient."""
    n_agents = len(design.agents)
    theta = params[:n_agents]
    logit = theta[design.cell_a] - theta[design.cell_b] + params[-2] + params[-1] * design.cell_first
    n_games = games.sum()
    # −[s·log σ(η) + (1 − s)·log(1 − σ(η))] = log(1 + e^η) − s·η, summed per cell
    loss = (games @ np.logaddexp(0.0, logit) - score @ logit) / n_games
    residual = (games * special.expit(logit) - score) / n_games
    gradient = np.empty_like(params)
    gradient[:n_agents] = np.bincount(design.cell_a, residual, n_agents) - np.bincount(
        design.cell_b, residual, n_agents
    )
    gradient[-2] = residual.sum()
    gradient[-1] = residual @ design.cell_first
    gradient += l2 * params
    return loss + 0.5 * l2 * params @ params, gradient


def minimise(
    design: Design, games: np.ndarray, score: np.ndarray, l2: float, start: np.ndarray, gtol: float
) -> np.ndarray:
    result = optimize.minimize(
        loss_and_gradient,
        start,
        args=(design, games, score, l2),
        jac=True,
        method="L-BFGS-B",
        options={"gtol": gtol, "ftol": 1e-15, "maxiter": 10_000},
    )
    # L-BFGS also stops when the loss no longer changes in floating point, around |g| ≈ 1e-8;
    # anything much larger means it failed.
    if np.max(np.abs(result.jac)) > 1e-6:
        raise RuntimeError(f"Bradley–Terry fit did not converge: {result.message}")
    params = result.x
    # With l2 = 0 the likelihood cannot see a common shift of θ; fix it at mean zero.
    params[: len(design.agents)] -= params[: len(design.agents)].mean()
    return params


def gauge_of(design: Design) -> np.ndarray:
    """Unit vector of a common shift of every θ, the one direction no game informs."""
    n_agents = len(design.agents)
    gauge = np.zeros(design.n_params)
    gauge[:n_agents] = 1.0 / math.sqrt(n_agents)
    return gauge


def hessian_of(params: np.ndarray, design: Design, games: np.ndarray, l2: float) -> np.ndarray:
    """Hessian of the mean penalised loss (the loss is per game, hence the division)."""
    x = design.cell_matrix()
    p = special.expit(x @ params)
    hessian = (x.T * (games * p * (1 - p))) @ x / games.sum()
    hessian[np.arange(len(params)), np.arange(len(params))] += l2
    return hessian


def sandwich(params: np.ndarray, design: Design, l2: float) -> np.ndarray:
    """Covariance of the parameters, robust to misspecification and clustered by block.

    Graded scores are not Bernoulli, so the Fisher information misstates the variance; the
    sandwich H⁻¹·(Σ_blocks g_b g_bᵀ)·H⁻¹ does not rely on it, and summing scores within a block
    lets the replays of one pairing be correlated. With few blocks per agent the plain (CR1)
    sandwich is too small: 91.8% coverage for nominal 95% over 200 synthetic recovery seeds. So
    residuals get the bias-reduced CR2 correction of Bell & McCaffrey: block b's residuals are
    multiplied by (I − H_bb)^(−1/2), H_bb being the block's leverage (93.6% coverage).
    """
    # The general engine's CR2 sandwich on this design's rows, with the common θ shift as gauge.
    rows = DesignRows(x=design.cell_matrix(), cluster_games=design.block_games, cluster_score=design.block_score,
                      offset=np.zeros(len(design.cell_a)))
    return cluster_sandwich(params, rows, l2, gauge_of(design)[:, None])


def fit_design(design: Design, l2: float) -> np.ndarray:
    """L-BFGS to the neighbourhood of the optimum, then Newton steps to machine precision, so
    that fits of equivalent tables agree to far better than the 1e-6 the invariances promise."""
    if l2 < 0:
        raise ValueError(f"l2 must be ≥ 0, got {l2}")
    games = np.asarray(design.block_games.sum(axis=0)).ravel()
    score = np.asarray(design.block_score.sum(axis=0)).ravel()
    params = minimise(design, games, score, l2, np.zeros(design.n_params), gtol=1e-10)
    gauge = gauge_of(design)
    for _ in range(3):
        _, gradient = loss_and_gradient(params, design, games, score, l2)
        hessian = hessian_of(params, design, games, l2) + np.outer(gauge, gauge)
        params = params - np.linalg.solve(hessian, gradient)
    return params
