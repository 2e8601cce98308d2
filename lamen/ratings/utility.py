"""The headline rating: the utility an agent obtains, adjusted for whom and what it played.

Model, fitted by least squares on both sides' rows of every finished cross-play match:

    u = μ_game + a_agent + o_opponent + β_side·x_side + β_first·x_first + ε

x_side is +½ on side A's row and −½ on side B's, x_first +½ for the side that moved first and −½
for the other, so β_side is how much more side A obtains than side B and β_first how much more
the first mover obtains. a and o are identified by sum-to-zero constraints (the model is fitted
with full indicators and a pseudo-inverse; every reported figure is an estimable contrast, so
it is the same as under the constraints). Per agent:

- **gets** = μ̄ + a_i + ō₋ᵢ: the expected U against an average opponent, where μ̄ is the mean of
  μ_game over the tournament's game mix (weighted by rows) and ō₋ᵢ the mean opponent effect of
  the *other* agents (an agent never meets itself in cross-play). On a balanced round robin this
  is exactly the agent's mean U — the least-squares residuals sum to zero over its rows.
- **gives** = μ̄ + ā₋ᵢ + o_i: the expected U of its opponents, what it lets them get.

No agreement counts 0 (LAMEN's U, the ANAC convention). Intervals use the CR2 cluster-robust
covariance over debiasing blocks (as Bradley–Terry does); rank intervals come from a bootstrap of
whole blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import sparse

from lamen.ratings.bradley_terry import interval_z
from lamen.ratings.matches import agent_index, rated_matches

# Two estimates closer than this are the same (utilities live in [0, 1]): exact ties must
# share a rank, not be ordered by floating-point noise.
TIE = 1e-9
# Up to this many rows × parameters², the bootstrap keeps every row's outer product in memory
# (8 bytes each) and forms all replicates' normal equations by one matrix product.
DENSE_LIMIT = 20_000_000


@dataclass(frozen=True)
class UtilityRating:
    """One agent: what it gets and what it gives, in utility (0–1), with `level` intervals.

    Figures that the matches cannot identify (an agent in a group that never met the others)
    are NaN. `mean_utility` is its raw mean U over its cross-play games, for comparison.
    """

    agent: str
    gets: float
    gets_low: float
    gets_high: float
    gets_se: float
    gives: float
    gives_low: float
    gives_high: float
    gives_se: float
    games: int
    mean_utility: float


@dataclass(frozen=True)
class UtilityEffect:
    """A fixed effect in utility: side A over side B, or the first mover over the other."""

    value: float
    lower: float
    upper: float
    se: float


@dataclass(frozen=True, eq=False)
class UtilityFit:
    """The fitted additive model: ratings best `gets` first, the two effects, and the raw fit."""

    agents: tuple[str, ...]
    games: tuple[str, ...]
    ratings: tuple[UtilityRating, ...]
    side: UtilityEffect
    first_mover: UtilityEffect
    params: np.ndarray  # μ per game, a per agent, o per agent, β_side, β_first (min-norm solution)
    covariance: np.ndarray  # CR2 sandwich of params
    gets_matrix: np.ndarray  # agents × params: gets_i = row i · params
    gives_matrix: np.ndarray
    level: float
    n_matches: int
    n_blocks: int
    residual_sd: float

    def rating(self, agent: str) -> UtilityRating:
        return next(rating for rating in self.ratings if rating.agent == agent)

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([vars(rating) for rating in self.ratings])


@dataclass(frozen=True)
class UtilityRank:
    """An agent's rank by `gets` across bootstrap replicates (1 = best; ties share a rank)."""

    agent: str
    rank_median: float
    rank_lower: int
    rank_upper: int


@dataclass(frozen=True, eq=False)
class UtilityBootstrap:
    agents: tuple[str, ...]
    ranks: tuple[UtilityRank, ...]
    gets: np.ndarray  # replicates × agents
    replicates: int
    seed: int
    level: float

    def rank(self, agent: str) -> UtilityRank:
        return next(rank for rank in self.ranks if rank.agent == agent)


@dataclass(frozen=True, eq=False)
class _Rows:
    """Both sides' rows of every match, as a sparse design with their utilities and blocks."""

    agents: tuple[str, ...]
    games: tuple[str, ...]
    x: sparse.csr_matrix
    u: np.ndarray
    block: np.ndarray  # block index per row
    n_blocks: int
    agent: np.ndarray
    cell: np.ndarray  # rows with the same design row (game, agent, opponent, side, first) share a cell
    game_weight: np.ndarray  # share of rows per game: the tournament's game mix
    n_matches: int


def _rows(matches: pd.DataFrame) -> _Rows:
    rows = rated_matches(matches)
    agents, side_a, side_b = agent_index(rows)
    game_of, games = pd.factorize(rows["game"], sort=True)
    block_of, blocks = pd.factorize(rows["block"])
    n, g = len(agents), len(games)
    a_first = (rows["first"].to_numpy() == "a").astype(float) - 0.5
    agent = np.r_[side_a, side_b]
    opponent = np.r_[side_b, side_a]
    game = np.r_[game_of, game_of]
    x_side = np.r_[np.full(len(rows), 0.5), np.full(len(rows), -0.5)]
    x_first = np.r_[a_first, -a_first]
    m = len(agent)
    index = np.arange(m)
    columns = np.r_[game, g + agent, g + n + opponent, np.full(m, g + 2 * n), np.full(m, g + 2 * n + 1)]
    values = np.r_[np.ones(3 * m), x_side, x_first]
    x = sparse.csr_matrix((values, (np.tile(index, 5), columns)), shape=(m, g + 2 * n + 2))
    return _Rows(
        agents=agents,
        games=tuple(str(name) for name in games),
        x=x,
        u=np.r_[rows["u_a"].to_numpy(float), rows["u_b"].to_numpy(float)],
        block=np.r_[block_of, block_of],
        n_blocks=len(blocks),
        agent=agent,
        cell=np.unique(np.c_[game, agent, opponent, x_side, x_first], axis=0, return_inverse=True)[1].ravel(),
        game_weight=np.bincount(game, minlength=g) / m,
        n_matches=len(rows),
    )


def _contrasts(data: _Rows) -> tuple[np.ndarray, np.ndarray]:
    """The rows of `gets` and `gives` as linear maps of the parameters."""
    n, g = len(data.agents), len(data.games)
    others = (np.ones((n, n)) - np.eye(n)) / max(n - 1, 1)
    gets = np.zeros((n, g + 2 * n + 2))
    gives = np.zeros_like(gets)
    gets[:, :g] = gives[:, :g] = data.game_weight
    gets[:, g : g + n] = np.eye(n)
    gets[:, g + n : g + 2 * n] = others
    gives[:, g : g + n] = others
    gives[:, g + n : g + 2 * n] = np.eye(n)
    return gets, gives


def _pinv(matrix: np.ndarray) -> np.ndarray:
    return np.linalg.pinv(matrix, rcond=1e-10, hermitian=True)


def _cr2(data: _Rows, bread: np.ndarray, residual: np.ndarray) -> np.ndarray:
    """Cluster-robust covariance with the bias-reduced CR2 correction (Bell & McCaffrey): each
    block's residuals are multiplied by (I − H_bb)^(−1/2) before the blocks' scores are summed,
    which undoes the shrinkage of residuals fitted on few blocks."""
    order = np.argsort(data.block, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(data.block[order]) != 0])
    sizes = np.diff(np.r_[starts, len(order)])
    scores = np.zeros((data.n_blocks, data.x.shape[1]))
    for size in np.unique(sizes):
        first_rows = starts[sizes == size]
        # Chunks of blocks keep the dense rows small on large tournaments.
        for chunk in range(0, len(first_rows), max(1, 20_000 // size)):
            members = order[first_rows[chunk : chunk + max(1, 20_000 // size)][:, None] + np.arange(size)]
            x = data.x[members.ravel()].toarray().reshape(*members.shape, -1)
            leverage = np.einsum("bip,bjp->bij", x @ bread, x)
            values, vectors = np.linalg.eigh(np.eye(size) - leverage)
            # A leverage of 1: the fit reproduces that residual exactly, nothing to rescale.
            scale = np.where(values > 1e-10, 1.0 / np.sqrt(np.clip(values, 1e-10, None)), 0.0)
            rotated = np.einsum("bji,bj->bi", vectors, residual[members])
            adjusted = np.einsum("bij,bj->bi", vectors, scale * rotated)
            scores[data.block[members[:, 0]]] = np.einsum("bip,bi->bp", x, adjusted)
    return bread @ (scores.T @ scores) @ bread


def _estimable(contrast: np.ndarray, projector: np.ndarray) -> np.ndarray:
    """Whether each row of `contrast` is a function of the data (lies in the design's row space)."""
    return np.all(np.abs(contrast - contrast @ projector) < 1e-8, axis=-1)


def fit_utility(matches: pd.DataFrame, *, level: float = 0.95) -> UtilityFit:
    """Fit the additive utility model to the finished cross-play matches (see the module doc)."""
    z = interval_z(level)
    data = _rows(matches)
    gram = (data.x.T @ data.x).toarray()
    bread = _pinv(gram)
    params = bread @ (data.x.T @ data.u)
    residual = data.u - data.x @ params
    covariance = _cr2(data, bread, residual)
    projector = bread @ gram
    gets_matrix, gives_matrix = _contrasts(data)
    n, g = len(data.agents), len(data.games)
    raw = np.bincount(data.agent, data.u, n) / np.maximum(np.bincount(data.agent, minlength=n), 1)
    games = np.bincount(data.agent, minlength=n)

    def interval(contrast: np.ndarray) -> tuple[float, float, float, float]:
        if not _estimable(contrast, projector):
            return (np.nan,) * 4
        value = float(contrast @ params)
        se = float(np.sqrt(max(contrast @ covariance @ contrast, 0.0)))
        return value, value - z * se, value + z * se, se

    ratings = []
    for i, agent in enumerate(data.agents):
        gets, gets_low, gets_high, gets_se = interval(gets_matrix[i])
        gives, gives_low, gives_high, gives_se = interval(gives_matrix[i])
        ratings.append(UtilityRating(agent, gets, gets_low, gets_high, gets_se, gives, gives_low, gives_high,
                                     gives_se, int(games[i]), float(raw[i])))
    ratings.sort(key=lambda rating: (-np.nan_to_num(rating.gets, nan=-np.inf), rating.agent))

    def effect(column: int) -> UtilityEffect:
        contrast = np.zeros(len(params))
        contrast[column] = 1.0
        return UtilityEffect(*interval(contrast))

    dof = max(len(data.u) - np.linalg.matrix_rank(gram), 1)
    return UtilityFit(
        agents=data.agents,
        games=data.games,
        ratings=tuple(ratings),
        side=effect(g + 2 * n),
        first_mover=effect(g + 2 * n + 1),
        params=params,
        covariance=covariance,
        gets_matrix=gets_matrix,
        gives_matrix=gives_matrix,
        level=level,
        n_matches=data.n_matches,
        n_blocks=data.n_blocks,
        residual_sd=float(np.sqrt(residual @ residual / dof)),
    )


def competition_ranks(values: np.ndarray) -> np.ndarray:
    """1 + how many values are larger by more than TIE, along the last axis (ties share a rank;
    NaN, an unidentified figure, ranks last)."""
    values = np.where(np.isnan(values), -np.inf, values)
    return 1 + (values[..., None, :] > values[..., :, None] + TIE).sum(axis=-1)


def rank_intervals(ranks: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per agent (column) of replicate ranks: the median rank and the `level` percentile
    interval, whose ends are ranks that occurred (inverted-CDF quantiles)."""
    tail = (1.0 - level) / 2.0
    return (np.median(ranks, axis=0), np.quantile(ranks, tail, axis=0, method="inverted_cdf"),
            np.quantile(ranks, 1.0 - tail, axis=0, method="inverted_cdf"))


def bootstrap_utility(
    matches: pd.DataFrame, fit: UtilityFit | None = None, *, replicates: int = 1000, seed: int = 0,
    level: float = 0.95,
) -> UtilityBootstrap:
    """Refit the model on `replicates` resamples of whole debiasing blocks; rank intervals of gets."""
    if replicates < 1:
        raise ValueError(f"replicates must be ≥ 1, got {replicates}")
    interval_z(level)
    data = _rows(matches)
    fit = fit if fit is not None else fit_utility(matches, level=level)
    if fit.agents != data.agents:
        raise ValueError("bootstrap: the fit was made on matches with different agents")
    rng = np.random.default_rng(seed)
    # Per block: its rows' X'u, so a replicate's X'Wu is a weighted sum over blocks.
    to_block = sparse.csr_matrix((np.ones(len(data.u)), (data.block, np.arange(len(data.u)))),
                                 shape=(data.n_blocks, len(data.u)))
    xu_blocks = (to_block @ sparse.diags(data.u) @ data.x).toarray()
    n_params = data.x.shape[1]
    gets = np.empty((replicates, len(data.agents)))
    # The design has directions no data inform (a common shift of μ against a, or against o).
    # Adding the projector on them makes every replicate's normal equations solvable by a plain
    # solve, and changes no estimable figure such as gets.
    gram = (data.x.T @ data.x).toarray()
    values, vectors = np.linalg.eigh(gram)
    null = vectors[:, values < 1e-10 * values.max()]
    gauge = null @ null.T
    draws = (np.bincount(rng.integers(0, data.n_blocks, data.n_blocks), minlength=data.n_blocks)
             for _ in range(replicates))

    def solve(grams: np.ndarray, right: np.ndarray) -> np.ndarray:
        try:
            return np.linalg.solve(grams + gauge, right[..., None])[..., 0]
        except np.linalg.LinAlgError:  # a resample that lost every block of an agent
            return np.einsum("...pq,...q->...p", _pinv(grams + gauge), right)

    # Rows of one design cell differ only in u: a replicate's X'WX needs just how many rows of
    # each cell it holds, block weights × the blocks' cell counts.
    n_cells = int(data.cell.max()) + 1
    block_cells = sparse.csr_matrix((np.ones(len(data.u)), (data.block, data.cell)), shape=(data.n_blocks, n_cells))
    x_cells = data.x[np.unique(data.cell, return_index=True)[1]]
    if n_cells * n_params**2 <= DENSE_LIMIT:
        # Small tables: every cell's outer product once; all replicates by matrix products.
        dense = x_cells.toarray()
        outer = (dense[:, :, None] * dense[:, None, :]).reshape(n_cells, -1)
        for start in range(0, replicates, 256):
            weights = np.array([next(draws) for _ in range(min(256, replicates - start))], dtype=float)
            grams = (np.asarray((block_cells.T @ weights.T).T) @ outer).reshape(-1, n_params, n_params)
            gets[start : start + len(weights)] = solve(grams, weights @ xu_blocks) @ fit.gets_matrix.T
    else:
        x_t = x_cells.T.tocsr()
        for r, weights in enumerate(draws):
            counts = block_cells.T @ weights.astype(float)
            gram_r = (x_t.multiply(counts[None, :]) @ x_cells).toarray()
            gets[r] = fit.gets_matrix @ solve(gram_r, weights @ xu_blocks)
    median, lower, upper = rank_intervals(competition_ranks(gets), level)
    result = [
        UtilityRank(agent=agent, rank_median=float(median[i]), rank_lower=int(lower[i]), rank_upper=int(upper[i]))
        for i, agent in enumerate(data.agents)
    ]
    return UtilityBootstrap(agents=data.agents, ranks=tuple(result), gets=gets, replicates=replicates, seed=seed,
                            level=level)
