"""Partner ratings for common-payoff games with symmetric seats: who is a good partner.

Two agents play a match as a team and share one score s ∈ [0, 1]. The model (FAMILIES.md §3.4),
a fractional logit on design rows (`lamen.ratings.design`):

    E[s] = σ(μ_x + a_i + a_j + β_first·f)

- a_i is agent i's **partner strength** (logit), Σa = 0; a self-play match adds 2·a_i (its design
  row has +2 at i: both seats are i), so self-play counts twice, not once.
- μ_x is the difficulty level of instance x (every pairing plays the same instances, so instance
  fixed effects compare like with like); with `difficulty="game"` one level per game instead.
- f = +1 when the agent in column `agent_i` moved first, −1 when `agent_j` did (only when the
  table has a `first` column): the edge of the seat in column i opening, e.g. seat 0 when
  agent_i is always seat 0.

Intervals are normal intervals on the CR2 cluster-robust sandwich, clustered by instance (the
matches of one instance share its draw); rank intervals come from a bootstrap over instances.
The fractional logit estimates the *marginal* model: intervals are intervals of marginal
effects, which are attenuated when matches carry their own latent noise (FAMILIES.md §3.4).

Per agent (`PartnerRating`):

- `strength` a_i (logit) and `points` = 1000 + (400 / ln 10)·a_i: replacing a partner by one
  400 points stronger multiplies the odds of the team score by 10;
- `team_score` = σ(μ̄ + a_i + ā): the expected team score with an average partner (ā = 0 under
  Σa = 0; μ̄ the mean level over the table's matches, plus β_first times their mean f);
- `self_play` (its mean score with itself), `cross_play` (its mean score with the other agents)
  and the cross-play `gap` = cross − self (negative: it mainly coordinates with itself), each a
  raw mean with an instance-clustered interval;
- `rank` by strength (1 = best, ties share it) and its bootstrap interval.

Figures that the data cannot determine are NaN (shown "–"), never intervals of no width; the
reasons are in `PartnerRatings.warnings`:

- every match scored the same: no strength, interval or rank;
- an agent whose teams scored 1 in every match (or 0) has no finite strength (separation, found
  by a linear programme): its strength and team score are ±∞ with a one-sided interval whose
  finite end is a quasi-likelihood profile bound (`profile_bound`), and Σa = 0 then runs over
  the other agents, so their strengths stay finite and comparable;
- an instance where every team scored 1 (or 0) says nothing about partners; its level is held
  finite by the small L2 penalty and named in the warnings.

The input table has one row per finished team match:

=========  ======  ===========================================================================
column     type    meaning
=========  ======  ===========================================================================
instance   str     the instance played (every pairing should play the same instances)
game       str     the game (family configuration) the instance belongs to
agent_i    str     one member of the team (seat 0, when `first` is given)
agent_j    str     the other member (seat 1); equal to agent_i for self-play
score      float   the team's score in [0, 1]
first      str     optional: "i" or "j", which of the two moved first
status     str     optional: rows whose status is not "finished" are ignored
=========  ======  ===========================================================================
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Literal

import numpy as np
import pandas as pd
from scipy import linalg, optimize, special

from lamen.ratings.bradley_terry import DEFAULT_L2, ELO_BASE, ELO_PER_LOGIT, interval_z
from lamen.ratings.design import (DesignRows, cluster_sandwich, fit_rows, loss_and_gradient, refit_resampled,
                                  unbounded_direction)
from lamen.ratings.utility import competition_ranks, rank_intervals

TEAM_COLUMNS = ("instance", "game", "agent_i", "agent_j", "score")
Difficulty = Literal["auto", "instance", "game"]


@dataclass(frozen=True)
class PartnerRating:
    """One agent as a partner; `*_low` / `*_high` are `level` intervals (NaN: undetermined)."""

    agent: str
    strength: float  # a_i, logit, Σa = 0
    strength_low: float
    strength_high: float
    strength_se: float
    points: float  # 1000 + (400 / ln 10)·a_i
    points_low: float
    points_high: float
    team_score: float  # σ(μ̄ + a_i + ā): expected team score with an average partner
    team_score_low: float
    team_score_high: float
    self_play: float  # mean score of its self-play matches (NaN without any)
    self_play_low: float
    self_play_high: float
    cross_play: float  # mean score of its matches with other agents
    cross_play_low: float
    cross_play_high: float
    gap: float  # cross_play − self_play
    gap_low: float
    gap_high: float
    rank: float  # 1 = strongest partner; ties share a rank
    rank_low: float
    rank_high: float
    self_matches: int
    cross_matches: int
    unbounded: str  # "", or "above" / "below": no finite strength (see PartnerRatings.warnings)


@dataclass(frozen=True)
class FirstMoverEffect:
    """β_first in logit: the edge of the agent in column agent_i moving first."""

    value: float
    lower: float
    upper: float
    se: float


@dataclass(frozen=True, eq=False)
class PartnerRatings:
    """Partner ratings, strongest first, with the fit they come from.

    `params` are a (agents, minimum-norm gauge), the levels (`levels`: instances or games) and
    β_first when the table has a first mover; `covariance` is their cluster-robust sandwich.
    Only contrasts orthogonal to the gauge (such as a_i − ā) are reported.
    """

    agents: tuple[str, ...]
    ratings: tuple[PartnerRating, ...]
    first_mover: FirstMoverEffect | None
    difficulty: Literal["instance", "game"]
    levels: tuple[str, ...]
    mean_level: float  # μ̄ + 2ā (logit): two average partners score σ(mean_level) on an average instance
    params: np.ndarray
    covariance: np.ndarray
    level: float
    l2: float
    n_matches: int
    n_instances: int
    replicates: int
    seed: int
    unbounded_agents: tuple[str, ...]
    unbounded_levels: tuple[str, ...]
    warnings: tuple[str, ...]

    def rating(self, agent: str) -> PartnerRating:
        return next(rating for rating in self.ratings if rating.agent == agent)

    def to_frame(self) -> pd.DataFrame:
        """One row per agent, strongest first, every field of `PartnerRating` a column."""
        return pd.DataFrame([vars(rating) for rating in self.ratings], columns=[f.name for f in fields(PartnerRating)])

    def predicted(self) -> pd.DataFrame:
        """The model's team score of every pair on an average instance, σ(μ̄ + a_i + a_j)."""
        a = np.array([self.rating(agent).strength for agent in self.agents])
        values = special.expit(self.mean_level + a[:, None] + a[None, :])
        return pd.DataFrame(values, index=list(self.agents), columns=list(self.agents))


def team_matches(matches: pd.DataFrame) -> pd.DataFrame:
    """The finished rows of a team match table, checked; ValueError with a one-line message
    naming the row and column otherwise."""
    missing = [column for column in TEAM_COLUMNS if column not in matches.columns]
    if missing:
        raise ValueError(f"team match table: missing column '{missing[0]}' (needs {', '.join(TEAM_COLUMNS)})")
    rows = matches[matches["status"] == "finished"] if "status" in matches.columns else matches
    if rows.empty:
        raise ValueError("team match table: no finished team match to rate")
    for column in ("instance", "game", "agent_i", "agent_j"):
        empty = rows[column].isna() | (rows[column].astype(str).str.strip() == "")
        if empty.any():
            raise ValueError(f"team match table: row {empty.idxmax()!r} has no '{column}'")
    score = pd.to_numeric(rows["score"], errors="coerce")
    bad = score.isna() | (score < 0) | (score > 1)
    if bad.any():
        label = bad.idxmax()
        value = rows.at[label, "score"]
        value = value.item() if isinstance(value, np.generic) else value  # as the user wrote it
        raise ValueError(f"team match table: row {label!r} has score {value!r}, "
                         "not a number in [0, 1]")
    if "first" in rows.columns:
        wrong = ~rows["first"].isin(["i", "j"])
        if wrong.any():
            label = wrong.idxmax()
            raise ValueError(f"team match table: row {label!r} has first {rows.at[label, 'first']!r} "
                             "(must be 'i' or 'j')")
    text = {column: rows[column].astype(str) for column in ("instance", "game", "agent_i", "agent_j")}
    return pd.DataFrame({**text, "score": score.to_numpy(float),
                         **({"first": rows["first"].to_numpy()} if "first" in rows.columns else {})})


@dataclass(frozen=True, eq=False)
class _Design:
    agents: tuple[str, ...]
    levels: tuple[str, ...]
    difficulty: Literal["instance", "game"]
    has_first: bool
    rows: DesignRows
    x: np.ndarray  # per match: its design row
    i: np.ndarray  # per match: agent index
    j: np.ndarray
    cluster: np.ndarray  # per match: instance index
    n_clusters: int
    level_weight: np.ndarray  # share of matches per level


def _design(rows: pd.DataFrame, difficulty: Difficulty) -> _Design:
    agents = tuple(sorted(set(rows["agent_i"]) | set(rows["agent_j"])))
    index = {agent: k for k, agent in enumerate(agents)}
    i = rows["agent_i"].map(index).to_numpy()
    j = rows["agent_j"].map(index).to_numpy()
    instance_key = rows["game"] + "\x1f" + rows["instance"]
    cluster, instances = pd.factorize(instance_key, sort=True)
    if difficulty == "auto":
        # A level per instance needs teams to compare on it: with instances each played by one
        # team only, per-instance levels would absorb every difference between teams.
        teams = pd.Series(np.minimum(i, j) * len(agents) + np.maximum(i, j)).groupby(cluster).nunique()
        difficulty = "instance" if teams.min() >= 2 else "game"
    elif difficulty not in ("instance", "game"):
        raise ValueError(f"difficulty must be 'auto', 'instance' or 'game', got {difficulty!r}")
    if difficulty == "instance":
        level_of, levels = cluster, tuple(key.replace("\x1f", "/") for key in instances)
    else:
        level_of, game_names = pd.factorize(rows["game"], sort=True)
        levels = tuple(str(name) for name in game_names)
    n_agents, n_levels = len(agents), len(levels)
    has_first = "first" in rows.columns
    x = np.zeros((len(rows), n_agents + n_levels + int(has_first)))
    matches = np.arange(len(rows))
    np.add.at(x, (matches, i), 1.0)
    np.add.at(x, (matches, j), 1.0)  # self-play: i = j, so the row gets +2 at i
    x[matches, n_agents + level_of] = 1.0
    if has_first:
        x[:, -1] = np.where(rows["first"].to_numpy() == "i", 1.0, -1.0)
    return _Design(
        agents=agents, levels=levels, difficulty=difficulty, has_first=has_first,
        rows=DesignRows.from_matches(x, cluster, rows["score"].to_numpy(float), len(instances)), x=x,
        i=i, j=j, cluster=cluster, n_clusters=len(instances),
        level_weight=np.bincount(level_of, minlength=n_levels) / len(rows),
    )


def _contrasts(design: _Design, reference: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows mapping the parameters to a_i − ā (strength), to μ̄ + a_i + ā (team logit) and to
    μ̄ + 2ā (two average partners), ā being the mean over the `reference` agents (a mask) and μ̄
    the mean level of the table's matches (with β_first times their mean f)."""
    n_agents, n_levels = len(design.agents), len(design.levels)
    mean_a = np.zeros(design.rows.n_params)
    mean_a[:n_agents] = reference / reference.sum()
    mu_bar = np.zeros(design.rows.n_params)
    mu_bar[n_agents:n_agents + n_levels] = design.level_weight
    if design.has_first:
        # The table's average match, first mover included (β_first·f̄; f̄ = 0 when balanced).
        mu_bar[-1] = design.x[:, -1].mean()
    own = np.zeros((n_agents, design.rows.n_params))
    own[:, :n_agents] = np.eye(n_agents)
    return own - mean_a, own + mean_a + mu_bar, mu_bar + 2.0 * mean_a


def profile_bound(
    design: DesignRows, params: np.ndarray, contrast: np.ndarray, l2: float, dispersion: float, z: float,
    side: Literal["above", "below"],
) -> float:
    """The finite end of a one-sided interval for a contrast that runs off to ±∞ (`side`).

    The quasi-likelihood profile: the loss minimised with the contrast held at c, against its
    infimum (c far out), scaled by the dispersion φ of the fit: 2·n·(ℓ(c) − ℓ∞)/φ, where n is
    the number of matches. The bound is the c where that reaches z² (for 95%: the 2.5% tail
    on the finite side). It is a likelihood bound, not a cluster-robust one.
    """
    total = design.games.sum()
    norm = contrast @ contrast
    basis = linalg.null_space(contrast[None, :])
    x_free = design.x @ basis
    sign = 1.0 if side == "above" else -1.0
    start = float(contrast @ params)

    def loss(c: float) -> float:
        held = design.with_offset(x_free, design.x @ contrast * (c / norm))
        fitted = fit_rows(held, l2)
        unpenalised, _ = loss_and_gradient(fitted, held, held.games, held.score, 0.0)
        return unpenalised

    infimum = loss(start + sign * 40.0)

    def excess(c: float) -> float:
        return 2.0 * total * (loss(c) - infimum) / dispersion - z * z

    # Bracket the crossing: `inside` (towards the infinite side) below z², `outside` above it.
    step = 1.0
    inside = start
    while excess(inside) > 0:
        inside += sign * step
        step *= 2.0
        if step > 64.0:
            return math.nan
    step = 1.0
    outside = inside - sign * step
    while excess(outside) < 0:
        step *= 2.0
        outside = inside - sign * step
        if step > 1e3:
            return math.nan
    return float(optimize.brentq(excess, min(inside, outside), max(inside, outside), xtol=1e-6))


def mean_with_interval(
    score: np.ndarray, cluster: np.ndarray, n_clusters: int, z: float, parts: list[tuple[np.ndarray, float]]
) -> tuple[float, float, float]:
    """Σ sign·mean(score[mask]) over `parts` (mask, sign), with a normal interval on the
    cluster-robust variance: each cluster's influence Σ sign·(s − mean)/n over its rows, the
    sum of their squares times G/(G − 1) over the G clusters with rows."""
    value = 0.0
    influence = np.zeros(n_clusters)
    for mask, sign in parts:
        if not mask.any():
            return (math.nan,) * 3
        mean = float(score[mask].mean())
        value += sign * mean
        influence += sign * np.bincount(cluster[mask], (score[mask] - mean) / mask.sum(), n_clusters)
    used = np.zeros(n_clusters, dtype=bool)
    for mask, _ in parts:
        used[cluster[mask]] = True
    g = used.sum()
    se = math.sqrt(g / (g - 1) * float(influence @ influence)) if g >= 2 else math.nan
    if not se > 1e-12:
        return value, math.nan, math.nan
    return value, value - z * se, value + z * se


def _separation(design: _Design) -> tuple[dict[str, str], tuple[str, ...]]:
    """Agents whose strength has no finite estimate ({agent: "above"/"below"}) and levels that
    have none (every team scored 1 there, or every team 0)."""
    direction = unbounded_direction(design.rows)
    if direction is None:
        return {}, ()
    n_agents, n_levels = len(design.agents), len(design.levels)
    a = np.round(direction[:n_agents], 9)
    # A common shift of every a is the same as shifting the levels by twice as much: measure
    # against the largest group of agents moving together (as Bradley–Terry does).
    values, counts = np.unique(a, return_counts=True)
    reference = values[np.argmax(counts)]
    agents = {agent: ("above" if value > reference else "below")
              for agent, value in zip(design.agents, a) if value != reference}
    level_push = direction[n_agents:n_agents + n_levels] + 2.0 * reference
    levels = tuple(name for name, value in zip(design.levels, level_push) if abs(value) > 1e-7)
    return agents, levels


def estimates(contrasts: np.ndarray, params: np.ndarray, covariance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each contrast's estimate and standard error (rows of `contrasts` over the parameters)."""
    spread = np.einsum("ap,pq,aq->a", contrasts, covariance, contrasts)
    return contrasts @ params, np.sqrt(np.clip(spread, 0, None))


def level_warning(unbounded_levels: tuple[str, ...], n_levels: int, difficulty: str, about: str) -> str:
    """The warning for difficulty levels where every team scored the same extreme."""
    return (f"{len(unbounded_levels)} of {n_levels} {difficulty} level(s) have every team scoring the same extreme "
            f"(0 or 1): they say nothing about {about}, and their difficulty is held by the L2 penalty (first: "
            f"{unbounded_levels[0]}).")


def connected(gauge: np.ndarray, *contrasts: np.ndarray) -> bool:
    """Whether every contrast is a figure of the data: it has no component along the directions no
    match informs (two groups of agents that never share an instance, with a level per instance,
    are each a free shift against their own instances)."""
    return bool(np.all(np.abs(np.concatenate(contrasts) @ gauge) < 1e-8))


def rate_partners(
    matches: pd.DataFrame,
    *,
    difficulty: Difficulty = "auto",
    l2: float = DEFAULT_L2,
    level: float = 0.95,
    replicates: int = 1000,
    seed: int = 0,
) -> PartnerRatings:
    """Fit the partner model to a team match table (see the module doc) and bootstrap ranks.

    `difficulty`: one level per instance, per game, or "auto" (per instance when every instance
    was played by at least two different teams). `l2` is the penalty per match on ½·|θ|², as in
    Bradley–Terry: it only keeps separated fits finite. With l2 = 0 separated data raise
    ValueError. `replicates` bootstrap resamples of whole instances give the rank intervals
    (0: no rank intervals).
    """
    z = interval_z(level)
    if replicates < 0:
        raise ValueError(f"replicates must be ≥ 0, got {replicates}")
    rows = team_matches(matches)
    design = _design(rows, difficulty)
    n_agents = len(design.agents)
    score = rows["score"].to_numpy(float)
    same = bool(np.ptp(score) == 0)
    unbounded, unbounded_levels = _separation(design)
    if same:
        # Every team scored the same extreme: only the levels run off; no agent stands out.
        unbounded = {}
    if l2 == 0 and (unbounded or unbounded_levels):
        raise ValueError("partner ratings with l2=0 have no finite maximum: "
                         + ", ".join(list(unbounded) + list(unbounded_levels))
                         + " scored 1 (or 0) in every match; use l2 > 0 (the default keeps it finite)")
    params = fit_rows(design.rows, l2)
    covariance = cluster_sandwich(params, design.rows, l2)
    # Σa = 0 over the agents with a finite strength: an agent held finite only by the penalty
    # would otherwise drag everyone's strength (and the average partner) along with it.
    bounded = np.array([agent not in unbounded for agent in design.agents])
    strength_map, team_map, mean_map = _contrasts(design, bounded if bounded.any() else ~bounded)
    strength, strength_se = estimates(strength_map, params, covariance)
    team_logit, team_se = estimates(team_map, params, covariance)
    warnings: list[str] = []
    if same:
        warnings.append(f"Every team match scored {score[0]:g}: the partner ratings cannot tell the agents apart.")
    for agent, side in unbounded.items():
        outcome, infinity = ("1 (the best score)", "+∞") if side == "above" else ("0", "−∞")
        warnings.append(
            f"{agent} has no finite partner strength: its teams scored {outcome} in every match. Its strength is "
            f"{infinity}, with a one-sided bound from the likelihood profile; the other agents' strengths are "
            f"measured against the mean of the agents with a finite strength.")
    if unbounded_levels:
        warnings.append(level_warning(unbounded_levels, len(design.levels), design.difficulty, "partners"))
    gauge = design.rows.gauge()
    comparable = connected(gauge, strength_map, team_map)
    if not comparable:
        warnings.append("The matches do not connect every agent to the others (e.g. groups of agents that never "
                        "share an instance): their strengths cannot be compared and are not shown.")
        strength[:] = strength_se[:] = team_logit[:] = math.nan
    ranks = competition_ranks(strength).astype(float)
    if same or not comparable:
        ranks[:] = math.nan
    rank_low = np.full(n_agents, math.nan)
    rank_high = np.full(n_agents, math.nan)
    if replicates and not same and comparable and design.n_clusters >= 2:
        rng = np.random.default_rng(seed)
        draws = rng.integers(0, design.n_clusters, size=(replicates, design.n_clusters))
        weights = np.zeros((replicates, design.n_clusters))
        np.add.at(weights, (np.arange(replicates)[:, None], draws), 1.0)
        chunk = max(1, 400_000 // max(design.rows.x.shape[0], 1))
        resampled = np.vstack([refit_resampled(design.rows, weights[start:start + chunk], l2, params)
                               for start in range(0, replicates, chunk)])
        _, rank_low, rank_high = rank_intervals(competition_ranks(resampled @ strength_map.T), level)

    def interval(value: float, se: float, known: bool) -> tuple[float, float]:
        if not known or not se > 1e-12:
            return math.nan, math.nan
        return value - z * se, value + z * se

    if unbounded:
        # Pearson dispersion φ of the fit, for the profile bounds (cells the penalty holds at a
        # probability of 0 or 1 add nothing: their residual vanishes with their variance).
        p = special.expit(design.x @ params)
        variance = p * (1.0 - p)
        pearson = np.divide((score - p) ** 2, variance, out=np.zeros_like(p), where=variance > 1e-12)
        dof = max(len(score) - (design.rows.n_params - gauge.shape[1]), 1)
        dispersion = max(float(pearson.sum()) / dof, 1e-12)

    ratings = []
    for k, agent in enumerate(design.agents):
        known = not same and comparable and agent not in unbounded
        low, high = interval(strength[k], strength_se[k], known)
        team_low, team_high = interval(team_logit[k], team_se[k], known)
        if agent in unbounded and not same and comparable:
            # One-sided: the finite end from the likelihood profile, the other end infinite.
            side = unbounded[agent]
            ends = [profile_bound(design.rows, params, contrast, l2, dispersion, z, side)
                    for contrast in (strength_map[k], team_map[k])]
            infinite = math.inf if side == "above" else -math.inf
            (low, high), (team_low, team_high) = [(end, infinite) if side == "above" else (infinite, end)
                                                  for end in ends]
            strength[k] = team_logit[k] = infinite
        is_self = (design.i == k) & (design.j == k)
        is_cross = ((design.i == k) | (design.j == k)) & ~is_self
        self_play = mean_with_interval(score, design.cluster, design.n_clusters, z, [(is_self, 1.0)])
        cross_play = mean_with_interval(score, design.cluster, design.n_clusters, z, [(is_cross, 1.0)])
        gap = mean_with_interval(score, design.cluster, design.n_clusters, z, [(is_cross, 1.0), (is_self, -1.0)])
        ratings.append(PartnerRating(
            agent=agent, strength=float(strength[k]), strength_low=low, strength_high=high,
            strength_se=float(strength_se[k]) if known and strength_se[k] > 1e-12 else math.nan,
            points=ELO_BASE + ELO_PER_LOGIT * float(strength[k]),
            points_low=ELO_BASE + ELO_PER_LOGIT * low, points_high=ELO_BASE + ELO_PER_LOGIT * high,
            team_score=float(special.expit(team_logit[k])),
            team_score_low=float(special.expit(team_low)), team_score_high=float(special.expit(team_high)),
            self_play=self_play[0], self_play_low=self_play[1], self_play_high=self_play[2],
            cross_play=cross_play[0], cross_play_low=cross_play[1], cross_play_high=cross_play[2],
            gap=gap[0], gap_low=gap[1], gap_high=gap[2],
            rank=float(ranks[k]), rank_low=float(rank_low[k]), rank_high=float(rank_high[k]),
            self_matches=int(is_self.sum()), cross_matches=int(is_cross.sum()),
            unbounded=unbounded.get(agent, ""),
        ))
    ratings.sort(key=lambda rating: (-np.nan_to_num(rating.strength, nan=-np.inf), rating.agent))

    first_mover = None
    if design.has_first:
        contrast = np.zeros(design.rows.n_params)
        contrast[-1] = 1.0
        if np.all(np.abs(gauge.T @ contrast) < 1e-8):
            se = math.sqrt(max(float(contrast @ covariance @ contrast), 0.0))
            low, high = interval(float(params[-1]), se, not same)
            first_mover = FirstMoverEffect(value=float(params[-1]), lower=low, upper=high, se=se)
        else:
            warnings.append("The same seat moved first in every match: the first-mover effect is not identified.")
            first_mover = FirstMoverEffect(math.nan, math.nan, math.nan, math.nan)
    return PartnerRatings(
        agents=design.agents, ratings=tuple(ratings), first_mover=first_mover, difficulty=design.difficulty,
        levels=design.levels, mean_level=float(mean_map @ params),
        params=params, covariance=covariance, level=level, l2=l2, n_matches=len(rows),
        n_instances=design.n_clusters, replicates=replicates, seed=seed,
        unbounded_agents=tuple(unbounded), unbounded_levels=unbounded_levels, warnings=tuple(warnings),
    )
