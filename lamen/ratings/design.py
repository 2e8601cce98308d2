"""A fractional-logit GLM on design rows: the rating engine every relation shares
(FAMILIES.md §3.4).

A match with design row x (one entry per parameter) and score s ∈ [0, 1] counts as a win with
weight s and a loss with weight 1 − s of a logistic model with logit x·θ. Matches with the same
design row form a *cell*; the likelihood only needs each cell's number of matches and score sum,
kept per *cluster* (the unit the intervals and the bootstrap resample: a debiasing block, an
instance) so that

- `fit_rows` maximises the penalised likelihood (Newton steps to machine precision);
- `cluster_sandwich` gives the cluster-robust (CR2) covariance of the parameters;
- `refit_resampled` refits many reweightings of the clusters at once (the bootstrap);
- `unbounded_direction` finds a direction along which the unpenalised likelihood keeps rising
  (separation), by a linear programme.

Directions of θ that no design row informs (a common shift of partner strengths against the
instance levels, say) are the *gauge*: the fit leaves them at zero (the minimum-norm solution),
and every reported figure should be an estimable contrast, which does not depend on them.
Bradley–Terry (`bt_design`) is one such design: it uses this sandwich and this programme, and
keeps its own fit and batched bootstrap, specialised to its ±1 rows for speed. `partner` is
another (common-payoff teams: +1 at each member, +2 for self-play, an instance level).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import optimize, sparse, special


@dataclass(frozen=True, eq=False)
class DesignRows:
    """The likelihood's sufficient statistics.

    `x` is cells × parameters (one distinct design row per cell); `cluster_games[c, k]` is how
    many matches of cluster c have the design row of cell k and `cluster_score[c, k]` the sum of
    their scores. `offset` (per cell) is added to every logit: zero, except for profiles.
    """

    x: np.ndarray
    cluster_games: sparse.csr_matrix
    cluster_score: sparse.csr_matrix
    offset: np.ndarray

    @classmethod
    def from_matches(
        cls, x_rows: np.ndarray, cluster: np.ndarray, score: np.ndarray, n_clusters: int | None = None
    ) -> DesignRows:
        """Group matches (one design row each, with their cluster index and score) into cells."""
        x_rows = np.asarray(x_rows, dtype=float)
        cells, cell_of_match = np.unique(x_rows, axis=0, return_inverse=True)
        cell_of_match = cell_of_match.ravel()
        n_clusters = int(cluster.max()) + 1 if n_clusters is None else n_clusters
        shape = (n_clusters, len(cells))
        where = (cluster, cell_of_match)
        return cls(
            x=cells,
            cluster_games=sparse.csr_matrix((np.ones(len(x_rows)), where), shape=shape),
            cluster_score=sparse.csr_matrix((np.asarray(score, dtype=float), where), shape=shape),
            offset=np.zeros(len(cells)),
        )

    @property
    def n_params(self) -> int:
        return self.x.shape[1]

    @property
    def games(self) -> np.ndarray:
        """Matches per cell."""
        return np.asarray(self.cluster_games.sum(axis=0)).ravel()

    @property
    def score(self) -> np.ndarray:
        """Score sum per cell."""
        return np.asarray(self.cluster_score.sum(axis=0)).ravel()

    def with_offset(self, x: np.ndarray, offset: np.ndarray) -> DesignRows:
        """The same cells and clusters with another design matrix and offset (for profiles)."""
        return DesignRows(x=x, cluster_games=self.cluster_games, cluster_score=self.cluster_score, offset=offset)

    def gauge(self) -> np.ndarray:
        """Orthonormal basis (parameters × k) of the directions no design row informs."""
        values, vectors = np.linalg.eigh(self.x.T @ self.x)
        return vectors[:, values < 1e-10 * max(values.max(), 1.0)]


def loss_and_gradient(
    params: np.ndarray, rows: DesignRows, games: np.ndarray, score: np.ndarray, l2: float
) -> tuple[float, np.ndarray]:
    """Mean fractional log-loss per match plus ½·l2·|θ|², and its gradient."""
    logit = rows.x @ params + rows.offset
    total = games.sum()
    # −[s·log σ(η) + (1 − s)·log(1 − σ(η))] = log(1 + e^η) − s·η, summed per cell
    loss = (games @ np.logaddexp(0.0, logit) - score @ logit) / total
    gradient = rows.x.T @ (games * special.expit(logit) - score) / total + l2 * params
    return float(loss + 0.5 * l2 * params @ params), gradient


def _hessian(params: np.ndarray, rows: DesignRows, games: np.ndarray, l2: float) -> np.ndarray:
    p = special.expit(rows.x @ params + rows.offset)
    hessian = (rows.x.T * (games * p * (1.0 - p))) @ rows.x / games.sum()
    hessian[np.diag_indices_from(hessian)] += l2
    return hessian


def fit_rows(rows: DesignRows, l2: float, start: np.ndarray | None = None) -> np.ndarray:
    """Penalised maximum likelihood by damped Newton steps, to a gradient below 1e-12.

    The loss is convex, so Newton with step halving converges from anywhere; the gauge is
    added to the Hessian so that it is invertible also when l2 = 0, and the gradient never has
    a gauge component, so the parameters keep none (minimum norm). Raises RuntimeError when it
    does not converge (with l2 = 0 on separated data, where no finite maximum exists).
    """
    if l2 < 0:
        raise ValueError(f"l2 must be ≥ 0, got {l2}")
    games, score = rows.games, rows.score
    gauge = rows.gauge()
    params = np.zeros(rows.n_params) if start is None else np.array(start, dtype=float)
    params -= gauge @ (gauge.T @ params)
    loss, gradient = loss_and_gradient(params, rows, games, score, l2)
    for _ in range(200):
        if np.max(np.abs(gradient)) < 1e-12:
            return params
        step = np.linalg.solve(_hessian(params, rows, games, l2) + gauge @ gauge.T, gradient)
        size = 1.0
        for _ in range(60):
            trial = params - size * step
            trial_loss, trial_gradient = loss_and_gradient(trial, rows, games, score, l2)
            if trial_loss <= loss + 1e-15:
                break
            size /= 2.0
        if np.array_equal(trial, params) or (trial_loss >= loss and np.max(np.abs(trial_gradient)) < 1e-9):
            # Floating point cannot improve the loss further: converged as far as it can be.
            return trial
        params, loss, gradient = trial, trial_loss, trial_gradient
    raise RuntimeError(f"fractional-logit fit did not converge (largest gradient {np.max(np.abs(gradient)):.2e}); "
                       "with l2=0 the data may be separated")


def cluster_sandwich(params: np.ndarray, rows: DesignRows, l2: float, gauge: np.ndarray | None = None) -> np.ndarray:
    """Covariance of the parameters, robust to misspecification and clustered.

    Graded scores are not Bernoulli, so the Fisher information misstates the variance; the
    sandwich H⁻¹·(Σ_clusters g_c g_cᵀ)·H⁻¹ does not rely on it and lets the matches of one
    cluster be correlated. With few clusters the plain (CR1) sandwich is too small, so each
    cluster's residuals get the bias-reduced CR2 correction of Bell & McCaffrey: they are
    multiplied by (I − H_cc)^(−1/2), H_cc being the cluster's leverage. `gauge` (default: the
    uninformed directions) is added to the Hessian to invert it without touching any estimable
    contrast.
    """
    gauge = rows.gauge() if gauge is None else gauge
    coo = rows.cluster_games.tocoo()
    cluster, cell, games = coo.row, coo.col, coo.data
    score = np.asarray(rows.cluster_score[cluster, cell]).ravel()
    x = rows.x
    p = special.expit(x @ params + rows.offset)
    all_games = rows.games
    hessian = _hessian(params, rows, all_games, l2) * all_games.sum()
    bread = np.linalg.inv(hessian + gauge @ gauge.T)
    # Every (cluster, cell) entry acts as one observation of weight n·p(1 − p): matches with the
    # same design row in one cluster have identical leverage rows, so aggregating them is exact.
    weight = games * p[cell] * (1.0 - p[cell])
    root = np.sqrt(weight)
    residual = games * p[cell] - score
    # A cell whose probability rounds to 0 or 1 (a penalty-held separated fit) carries no
    # weight and no leverage: its standardised residual is taken as 0.
    standardised = np.divide(residual, root, out=np.zeros_like(residual), where=root > 1e-150)
    x_bread = x @ bread
    adjusted = np.empty_like(standardised)
    order = np.argsort(cluster, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(cluster[order]) != 0])
    sizes = np.diff(np.r_[starts, len(order)])
    for size in np.unique(sizes):
        members = order[starts[sizes == size][:, None] + np.arange(size)]
        cells = cell[members]
        cross = np.einsum("bip,bjp->bij", x_bread[cells], x[cells])
        leverage = root[members][:, :, None] * cross * root[members][:, None, :]
        values, vectors = np.linalg.eigh(np.eye(size) - leverage)
        # A leverage of 1 means the fit reproduces that residual exactly: no information to
        # rescale, so that direction is dropped (pseudo-inverse).
        scale = np.where(values > 1e-10, 1.0 / np.sqrt(np.clip(values, 1e-10, None)), 0.0)
        rotated = np.einsum("bji,bj->bi", vectors, standardised[members])
        adjusted[members] = np.einsum("bij,bj->bi", vectors, scale * rotated)
    scores = sparse.csr_matrix((adjusted * root, (cluster, cell)), shape=rows.cluster_games.shape)
    cluster_gradient = np.asarray(scores @ x)
    return bread @ (cluster_gradient.T @ cluster_gradient) @ bread


def refit_resampled(
    rows: DesignRows, cluster_weights: np.ndarray, l2: float, start: np.ndarray
) -> np.ndarray:
    """Minimise the same penalised loss for many reweightings of the clusters at once.

    `cluster_weights` is replicates × clusters (how often each cluster was drawn); returns
    replicates × parameters. Every replicate starts at `start` (the full fit, close to its
    optimum) and takes batched Newton steps, halved until the loss does not increase. A
    parameter whose cells all went undrawn is pulled to 0 by the penalty (with l2 = 0 it keeps
    its start value); either way it moves no other estimable figure.
    """
    games = np.asarray(rows.cluster_games.T @ cluster_weights.T, dtype=float)  # cells × replicates
    score = np.asarray(rows.cluster_score.T @ cluster_weights.T, dtype=float)
    x = rows.x
    n_params = rows.n_params
    total = games.sum(axis=0)
    outer = (x[:, :, None] * x[:, None, :]).reshape(len(x), -1)
    gauge = rows.gauge()
    projector = gauge @ gauge.T
    every = np.arange(n_params)
    informed = (np.abs(x).T @ games) > 0  # parameters × replicates

    def evaluate(params: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        logit = x @ params + rows.offset[:, None]
        loss = (games * np.logaddexp(0.0, logit) - score * logit).sum(axis=0) / total
        loss += 0.5 * l2 * (params**2).sum(axis=0)
        p = special.expit(logit)
        gradient = x.T @ (games * p - score) / total + l2 * params
        return loss, gradient, games * p * (1.0 - p)

    params = np.repeat(np.asarray(start, dtype=float)[:, None], cluster_weights.shape[0], axis=1)
    loss, gradient, weight = evaluate(params)
    for _ in range(100):
        if np.max(np.abs(gradient)) < 1e-10:
            return params.T
        hessian = (weight.T @ outer).reshape(-1, n_params, n_params) / total[:, None, None]
        # Without a penalty an undrawn parameter has neither gradient nor curvature: the identity
        # keeps the system solvable and the step there zero.
        hessian[:, every, every] += l2 + (~informed).T * (l2 == 0)
        hessian += projector
        step = np.linalg.solve(hessian, gradient.T[:, :, None])[:, :, 0].T
        size = np.ones(params.shape[1])
        for _ in range(60):
            trial = params - size * step
            trial_loss, trial_gradient, trial_weight = evaluate(trial)
            worse = trial_loss > loss + 1e-13
            if not worse.any():
                break
            size = np.where(worse, size / 2.0, size)
        params, loss, gradient, weight = trial, trial_loss, trial_gradient, trial_weight
    raise RuntimeError("bootstrap refit did not converge in 100 Newton steps")


def unbounded_direction(rows: DesignRows, gauge: np.ndarray | None = None) -> np.ndarray | None:
    """A direction d along which the unpenalised likelihood rises without end, or None.

    With graded scores the maximum is finite unless some direction of the parameters lifts the
    logit only of cells won outright (every score 1), lowers it only on cells lost outright
    (every score 0), and leaves every other cell alone. Whether one exists is a linear
    programme; the returned d pushes every cell that can be pushed (the total push is
    maximised) and has no component along `gauge` (default: the uninformed directions).
    """
    games, score = rows.games, rows.score
    present = games > 0
    won = present & np.isclose(score, games)
    lost = present & np.isclose(score, 0.0)
    if not (won.any() or lost.any()):
        return None
    x = rows.x
    mixed = present & ~(won | lost)
    # Maximise the total push of d, bounded so the programme stays finite: 0 ≤ x·d ≤ 1 on cells
    # won outright, −1 ≤ x·d ≤ 0 on cells lost outright, x·d = 0 on the rest.
    upper = np.vstack([-x[won], x[won], x[lost], -x[lost]])
    bound = np.r_[np.zeros(won.sum()), np.ones(won.sum()), np.zeros(lost.sum()), np.ones(lost.sum())]
    result = optimize.linprog(
        -(x[won].sum(axis=0) - x[lost].sum(axis=0)), A_ub=upper, b_ub=bound,
        A_eq=x[mixed] if mixed.any() else None, b_eq=np.zeros(mixed.sum()) if mixed.any() else None,
        bounds=[(None, None)] * rows.n_params, method="highs",
    )
    if result.status != 0 or -result.fun < 1e-9:
        return None
    gauge = rows.gauge() if gauge is None else gauge
    return result.x - gauge @ (gauge.T @ result.x)
