"""Role ratings for common-payoff games with asymmetric roles: who is a good assistant, who a
good user (FAMILIES.md §3.4, issue 17 point 5).

The agents in the seats of a match play as one team and share one score s ∈ [0, 1], but the seats
differ (DialOp Planning: an assistant and a user; Mediation: an assistant and two users). Each
agent gets one strength *per role*. The model, a fractional logit on design rows
(`lamen.ratings.design`):

    E[s] = σ(μ_x + Σ_seats a_{role(seat)}(agent in that seat))

e.g. σ(μ_x + a_assistant(i) + u_user(j)) for Planning. Seats are the table's role columns; by
default each column is its own role. Passing `roles` as a mapping column → role lets several
seats share one role (Mediation's two users as one `user` role: both seats add the same user
strength, +2 when one agent fills both, as self-play does in `partner`). Σa = 0 within each role;
μ_x is the difficulty level of instance x (every pairing plays the same instances), or one level
per game with `difficulty="game"`.

Intervals are normal intervals on the CR2 cluster-robust sandwich, clustered by instance; rank
intervals within each role come from a bootstrap over instances. As for `partner`, these are
intervals of the *marginal* model: latent per-match noise attenuates the effects.

Per (role, agent) (`RoleRating`):

- `strength` a (logit, Σa = 0 in the role) and `points` = 1000 + (400 / ln 10)·a;
- `team_score` = the expected score with this agent in this role and an average agent in every
  other seat, on an average instance: σ(μ̄ + a + Σ_other seats ā_role(seat));
- `mean_score`: the raw mean of its matches in this role; `self_play`: of the matches where it
  fills every seat (the diagonal of the role matrix); `cross_play`: of the others; `gap` =
  cross − self — each with an instance-clustered interval;
- `rank` within the role (1 = best, ties share it) and its bootstrap interval.

`RoleRatings.matrix(rows, columns)` is the role × role matrix of two seats (assistant × user):
per cell the observed mean score and number of matches, the model's score on an average instance
σ(μ̄ + a_i + u_j + …) and the model's mean over that cell's own matches (`fitted`, the figure to
set against `observed`: their difference shows complementarities the additive model misses).

Figures the data cannot determine are NaN (shown "–"), with the reason in `warnings`: every
match scoring the same; an agent whose matches in a role all scored 1 (or 0), whose strength is
±∞ with a one-sided interval from the likelihood profile (Σa = 0 then runs over the others of its
role); levels where every team scored the same extreme; agents the design does not connect.
With l2 = 0 on such separated data the fit has no finite maximum: ValueError.

The input table has one row per finished team match:

===========  ======  =========================================================================
column       type    meaning
===========  ======  =========================================================================
instance     str     the instance played (every pairing should play the same instances)
game         str     the game (family configuration) the instance belongs to
score        float   the team's score in [0, 1]
<seat>       str     one column per seat (`roles`), naming the agent in it, e.g. `assistant`,
                     `user`; Mediation: `assistant`, `user-0`, `user-1`
status       str     optional: rows whose status is not "finished" are ignored
===========  ======  =========================================================================
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Literal

import numpy as np
import pandas as pd
from scipy import special

from lamen.ratings.bradley_terry import DEFAULT_L2, ELO_BASE, ELO_PER_LOGIT, interval_z
from lamen.ratings.design import DesignRows, cluster_sandwich, fit_rows, refit_resampled, unbounded_direction
from lamen.ratings.partner import Difficulty, connected, estimates, level_warning, mean_with_interval, profile_bound
from lamen.ratings.utility import competition_ranks, rank_intervals

ROLE_TABLE_COLUMNS = ("instance", "game", "score")
_RESERVED = (*ROLE_TABLE_COLUMNS, "status")


@dataclass(frozen=True)
class RoleRating:
    """One agent in one role; `*_low` / `*_high` are `level` intervals (NaN: undetermined)."""

    role: str
    agent: str
    strength: float  # logit, Σ = 0 within the role
    strength_low: float
    strength_high: float
    strength_se: float
    points: float  # 1000 + (400 / ln 10)·strength
    points_low: float
    points_high: float
    team_score: float  # with an average agent in every other seat, on an average instance
    team_score_low: float
    team_score_high: float
    mean_score: float  # raw mean of its matches in this role
    mean_score_low: float
    mean_score_high: float
    self_play: float  # raw mean of the matches where it fills every seat (NaN without any)
    self_play_low: float
    self_play_high: float
    cross_play: float  # raw mean of its other matches in this role
    cross_play_low: float
    cross_play_high: float
    gap: float  # cross_play − self_play
    gap_low: float
    gap_high: float
    rank: float  # within the role; 1 = strongest, ties share a rank
    rank_low: float
    rank_high: float
    matches: int  # its matches in this role
    unbounded: str  # "", or "above" / "below": no finite strength (see RoleRatings.warnings)


@dataclass(frozen=True, eq=False)
class RoleMatrix:
    """Two seats' agents against each other: rows = agents in seat `rows`, columns = agents in
    seat `columns`. `observed` is the mean score of each cell's matches (NaN: none played),
    `matches` their number, `predicted` the model on an average instance with average agents in
    any other seat, `fitted` the model's mean over the cell's own matches (same instances as
    `observed`, so `observed − fitted` is the residual)."""

    rows: str
    columns: str
    observed: pd.DataFrame
    matches: pd.DataFrame
    predicted: pd.DataFrame
    fitted: pd.DataFrame


@dataclass(frozen=True, eq=False)
class _Design:
    seats: tuple[tuple[str, str], ...]  # (column, role)
    roles: tuple[str, ...]
    agents: dict[str, tuple[str, ...]]  # role → its agents, sorted
    offset: dict[str, int]  # role → index of its first strength parameter
    levels: tuple[str, ...]
    difficulty: Literal["instance", "game"]
    rows: DesignRows
    x: np.ndarray  # per match: its design row
    seat_index: dict[str, np.ndarray]  # column → per match: the agent's index within the seat's role
    cluster: np.ndarray
    n_clusters: int
    level_weight: np.ndarray

    @property
    def n_strengths(self) -> int:
        return sum(len(agents) for agents in self.agents.values())

    def seats_of(self, role: str) -> int:
        return sum(r == role for _, r in self.seats)

    def keys(self) -> list[tuple[str, str]]:
        """(role, agent) of every strength parameter, in parameter order."""
        return [(role, agent) for role in self.roles for agent in self.agents[role]]


@dataclass(frozen=True, eq=False)
class RoleRatings:
    """Role ratings, role by role and strongest first within a role, with the fit they come from.

    `params` are the strengths (role by role, agents sorted; minimum-norm gauge) then the levels;
    `covariance` is their cluster-robust sandwich. Only contrasts orthogonal to the gauge (such as
    a − ā within a role) are reported. `mean_level` = μ̄ + Σ_seats ā: a team of average agents
    scores σ(mean_level) on an average instance.
    """

    seats: tuple[tuple[str, str], ...]  # (column, role) in the order given
    roles: tuple[str, ...]
    agents: Mapping[str, tuple[str, ...]]
    ratings: tuple[RoleRating, ...]
    difficulty: Literal["instance", "game"]
    levels: tuple[str, ...]
    mean_level: float
    params: np.ndarray
    covariance: np.ndarray
    level: float
    l2: float
    n_matches: int
    n_instances: int
    replicates: int
    seed: int
    unbounded: tuple[tuple[str, str], ...]  # (role, agent) without a finite strength
    unbounded_levels: tuple[str, ...]
    warnings: tuple[str, ...]
    _table: pd.DataFrame = field(repr=False)  # the checked table, for the matrices
    _design: _Design = field(repr=False)

    def rating(self, role: str, agent: str) -> RoleRating:
        found = [r for r in self.ratings if r.role == role and r.agent == agent]
        if not found:
            raise KeyError(f"no rating of {agent!r} in role {role!r}")
        return found[0]

    def role(self, role: str) -> tuple[RoleRating, ...]:
        """The ratings of one role, strongest first."""
        if role not in self.roles:
            raise KeyError(f"no role {role!r} (roles: {', '.join(self.roles)})")
        return tuple(r for r in self.ratings if r.role == role)

    def to_frame(self) -> pd.DataFrame:
        """One row per (role, agent), role by role, strongest first; every `RoleRating` field a column."""
        return pd.DataFrame([vars(r) for r in self.ratings], columns=[f.name for f in fields(RoleRating)])

    def matrix(self, rows: str | None = None, columns: str | None = None) -> RoleMatrix:
        """The role × role matrix of two seats (default: the first two, e.g. assistant × user)."""
        names = [column for column, _ in self.seats]
        if len(names) < 2 and (rows is None or columns is None):
            raise ValueError("a role matrix needs two seats; this table has one")
        rows = names[0] if rows is None else rows
        columns = names[1] if columns is None else columns
        for seat in (rows, columns):
            if seat not in names:
                raise ValueError(f"role matrix: no seat {seat!r} (seats: {', '.join(names)})")
        if rows == columns:
            raise ValueError(f"role matrix: rows and columns are the same seat {rows!r}")
        role_of = dict(self.seats)
        design = self._design
        row_agents, column_agents = design.agents[role_of[rows]], design.agents[role_of[columns]]
        i, j = design.seat_index[rows], design.seat_index[columns]
        shape = (len(row_agents), len(column_agents))
        score = self._table["score"].to_numpy(float)
        counts = np.zeros(shape)
        sums = np.zeros(shape)
        model = np.zeros(shape)
        np.add.at(counts, (i, j), 1.0)
        np.add.at(sums, (i, j), score)
        np.add.at(model, (i, j), special.expit(design.x @ self.params))
        with np.errstate(invalid="ignore", divide="ignore"):
            observed, fitted = sums / counts, model / counts
        strength = {(r.role, r.agent): r.strength for r in self.ratings}
        a = np.array([strength[role_of[rows], agent] for agent in row_agents])
        u = np.array([strength[role_of[columns], agent] for agent in column_agents])
        # Strengths are centred within their role, so mean_level already holds ā for every seat.
        with np.errstate(invalid="ignore"):  # +∞ with −∞ (two unbounded agents): NaN, undetermined
            predicted = special.expit(self.mean_level + a[:, None] + u[None, :])

        def frame(values: np.ndarray) -> pd.DataFrame:
            table = pd.DataFrame(values, index=list(row_agents), columns=list(column_agents))
            table.index.name, table.columns.name = rows, columns
            return table

        return RoleMatrix(rows=rows, columns=columns, observed=frame(observed), matches=frame(counts.astype(int)),
                          predicted=frame(predicted), fitted=frame(fitted))


def _seat_roles(roles: Sequence[str] | Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    if isinstance(roles, str):
        raise ValueError(f"roles must be a list of seat columns or a mapping column → role, got the string {roles!r}")
    seats = tuple(roles.items()) if isinstance(roles, Mapping) else tuple((column, column) for column in roles)
    if not seats:
        raise ValueError("roles: no seat column given")
    columns = [column for column, _ in seats]
    if len(set(columns)) != len(columns):
        raise ValueError(f"roles: seat column {next(c for c in columns if columns.count(c) > 1)!r} given twice")
    for column, role in seats:
        if column in _RESERVED:
            raise ValueError(f"roles: {column!r} is a reserved column of the role match table, not a seat")
        if not isinstance(role, str) or not role.strip():
            raise ValueError(f"roles: seat column {column!r} has no role name")
    return seats


def role_matches(matches: pd.DataFrame, roles: Sequence[str] | Mapping[str, str]) -> pd.DataFrame:
    """The finished rows of a role match table, checked, with the seat columns as text; ValueError
    with a one-line message naming the row and column otherwise."""
    seats = _seat_roles(roles)
    needed = [*ROLE_TABLE_COLUMNS, *(column for column, _ in seats)]
    missing = [column for column in needed if column not in matches.columns]
    if missing:
        raise ValueError(f"role match table: missing column '{missing[0]}' (needs {', '.join(needed)})")
    rows = matches[matches["status"] == "finished"] if "status" in matches.columns else matches
    if rows.empty:
        raise ValueError("role match table: no finished match to rate")
    text_columns = ["instance", "game", *(column for column, _ in seats)]
    for column in text_columns:
        empty = rows[column].isna() | (rows[column].astype(str).str.strip() == "")
        if empty.any():
            raise ValueError(f"role match table: row {empty.idxmax()!r} has no '{column}'")
    score = pd.to_numeric(rows["score"], errors="coerce")
    bad = score.isna() | (score < 0) | (score > 1)
    if bad.any():
        label = bad.idxmax()
        value = rows.at[label, "score"]
        value = value.item() if isinstance(value, np.generic) else value  # as the user wrote it
        raise ValueError(f"role match table: row {label!r} has score {value!r}, not a number in [0, 1]")
    return pd.DataFrame({**{column: rows[column].astype(str).to_numpy() for column in text_columns},
                         "score": score.to_numpy(float)})


def _design(table: pd.DataFrame, seats: tuple[tuple[str, str], ...], difficulty: Difficulty) -> _Design:
    roles = tuple(dict.fromkeys(role for _, role in seats))
    agents = {role: tuple(sorted(set().union(*(set(table[c]) for c, r in seats if r == role)))) for role in roles}
    offset, start = {}, 0
    for role in roles:
        offset[role], start = start, start + len(agents[role])
    seat_index = {column: table[column].map({a: k for k, a in enumerate(agents[role])}).to_numpy()
                  for column, role in seats}
    cluster, instances = pd.factorize(table["game"] + "\x1f" + table["instance"], sort=True)
    if difficulty == "auto":
        # A level per instance needs different teams to compare on it: with one team per
        # instance the levels would absorb every difference between teams.
        team = pd.Series(list(zip(*(table[column] for column, _ in seats))))
        difficulty = "instance" if team.groupby(cluster).nunique().min() >= 2 else "game"
    elif difficulty not in ("instance", "game"):
        raise ValueError(f"difficulty must be 'auto', 'instance' or 'game', got {difficulty!r}")
    if difficulty == "instance":
        level_of, levels = cluster, tuple(key.replace("\x1f", "/") for key in instances)
    else:
        level_of, names = pd.factorize(table["game"], sort=True)
        levels = tuple(str(name) for name in names)
    n = len(table)
    x = np.zeros((n, start + len(levels)))
    every = np.arange(n)
    for column, role in seats:
        # Two seats of one role filled by the same agent add its strength twice.
        np.add.at(x, (every, offset[role] + seat_index[column]), 1.0)
    x[every, start + level_of] = 1.0
    return _Design(
        seats=seats, roles=roles, agents=agents, offset=offset, levels=levels, difficulty=difficulty,
        rows=DesignRows.from_matches(x, cluster, table["score"].to_numpy(float), len(instances)), x=x,
        seat_index=seat_index, cluster=cluster, n_clusters=len(instances),
        level_weight=np.bincount(level_of, minlength=len(levels)) / n,
    )


def _contrasts(design: _Design, reference: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows mapping the parameters to a − ā_role (strength), to the team logit with average agents
    elsewhere, and to μ̄ + Σ_seats ā (an average team); ā_role is the mean over the `reference`
    agents (a mask over strengths) of the role, μ̄ the mean level of the table's matches."""
    n_params, n_strengths = design.rows.n_params, design.n_strengths
    mean = {}
    for role in design.roles:
        span = slice(design.offset[role], design.offset[role] + len(design.agents[role]))
        mask = reference[span] if reference[span].any() else np.ones(span.stop - span.start, dtype=bool)
        mean[role] = np.zeros(n_params)
        mean[role][span] = mask / mask.sum()
    average_team = np.zeros(n_params)
    average_team[n_strengths:] = design.level_weight
    for column, role in design.seats:
        average_team += mean[role]
    own = np.eye(n_strengths, n_params)
    centre = np.array([mean[role] for role, _ in design.keys()])
    # With this agent in one seat of its role, the average agent fills every other seat.
    return own - centre, own - centre + average_team, average_team


def _separation(design: _Design) -> tuple[dict[tuple[str, str], str], tuple[str, ...]]:
    """(role, agent) strengths with no finite estimate ({key: "above"/"below"}) and levels that have
    none (every team scored 1 there, or every team 0)."""
    direction = unbounded_direction(design.rows)
    if direction is None:
        return {}, ()
    found: dict[tuple[str, str], str] = {}
    push = direction[design.n_strengths:].copy()
    rows = design.rows
    games, score = rows.games, rows.score
    won, lost = (games > 0) & np.isclose(score, games), (games > 0) & np.isclose(score, 0.0)
    mixed = (games > 0) & ~won & ~lost

    def has(cells: np.ndarray, span: slice) -> np.ndarray:
        return (rows.x[cells][:, span] != 0).any(axis=0) if cells.any() else np.zeros(span.stop - span.start, bool)
    for role in design.roles:
        span = slice(design.offset[role], design.offset[role] + len(design.agents[role]))
        values = np.round(direction[span], 9)
        # A common shift of a role is a shift of the levels: measure against the agents that have
        # a match scored strictly between 0 and 1 (their strength is finite, so they move with the
        # levels) or both a match scored 1 and one scored 0, else against the largest group of
        # the role's agents moving together. (The largest group alone is wrong when two agents
        # always score 0 and two others do not.)
        finite = has(mixed, span) | (has(won, span) & has(lost, span))
        unique, counts = np.unique(values[finite] if finite.any() else values, return_counts=True)
        reference = unique[np.argmax(counts)]
        found.update({(role, agent): ("above" if value > reference else "below")
                      for agent, value in zip(design.agents[role], values) if value != reference})
        push += design.seats_of(role) * reference
    levels = tuple(name for name, value in zip(design.levels, push) if abs(value) > 1e-7)
    return found, levels


def rate_roles(
    matches: pd.DataFrame,
    roles: Sequence[str] | Mapping[str, str],
    *,
    difficulty: Difficulty = "auto",
    l2: float = DEFAULT_L2,
    level: float = 0.95,
    replicates: int = 1000,
    seed: int = 0,
) -> RoleRatings:
    """Fit the role model to a role match table (see the module doc) and bootstrap ranks per role.

    `roles`: the seat columns, each its own role (`["assistant", "user"]`), or a mapping seat
    column → role (`{"assistant": "assistant", "user-0": "user", "user-1": "user"}`).
    `difficulty`: a level per instance, per game, or "auto" (per instance when every instance was
    played by at least two different teams). `l2`: the penalty per match on ½·|θ|², which only
    keeps separated fits finite; with l2 = 0 separated data raise ValueError. `replicates`
    bootstrap resamples of whole instances give the rank intervals (0: none).
    """
    z = interval_z(level)
    if replicates < 0:
        raise ValueError(f"replicates must be ≥ 0, got {replicates}")
    seats = _seat_roles(roles)
    table = role_matches(matches, dict(seats))
    design = _design(table, seats, difficulty)
    keys = design.keys()
    score = table["score"].to_numpy(float)
    same = bool(np.ptp(score) == 0)
    unbounded, unbounded_levels = _separation(design)
    if same:
        unbounded = {}  # every team scored the same extreme: only the levels run off
    if l2 == 0 and (unbounded or unbounded_levels):
        raise ValueError("role ratings with l2=0 have no finite maximum: "
                         + ", ".join([f"{agent} as {role}" for role, agent in unbounded] + list(unbounded_levels))
                         + " scored 1 (or 0) in every match; use l2 > 0 (the default keeps it finite)")
    params = fit_rows(design.rows, l2)
    covariance = cluster_sandwich(params, design.rows, l2)
    bounded = np.array([key not in unbounded for key in keys])
    strength_map, team_map, average_team = _contrasts(design, bounded)
    strength, strength_se = estimates(strength_map, params, covariance)
    team_logit, team_se = estimates(team_map, params, covariance)

    warnings: list[str] = []
    if same:
        warnings.append(f"Every match scored {score[0]:g}: the role ratings cannot tell the agents apart.")
    for (role, agent), side in unbounded.items():
        outcome, infinity = ("1 (the best score)", "+∞") if side == "above" else ("0", "−∞")
        warnings.append(
            f"{agent} as {role} has no finite strength: its teams scored {outcome} in every match. Its strength is "
            f"{infinity}, with a one-sided bound from the likelihood profile; the other {role} strengths are "
            f"measured against the mean of those with a finite strength.")
    if unbounded_levels:
        warnings.append(level_warning(unbounded_levels, len(design.levels), design.difficulty, "the agents"))
    gauge = design.rows.gauge()
    comparable = connected(gauge, strength_map, team_map)
    if not comparable:
        warnings.append("The matches do not connect every agent to the others (e.g. groups of teams that never "
                        "share an instance): their strengths cannot be compared and are not shown.")
        strength[:] = strength_se[:] = team_logit[:] = math.nan

    role_of_key = np.array([role for role, _ in keys])
    ranks = np.full(len(keys), math.nan)
    rank_low = np.full(len(keys), math.nan)
    rank_high = np.full(len(keys), math.nan)
    if not same and comparable:
        for role in design.roles:
            ranks[role_of_key == role] = competition_ranks(strength[role_of_key == role])
    if replicates and not same and comparable and design.n_clusters >= 2:
        rng = np.random.default_rng(seed)
        draws = rng.integers(0, design.n_clusters, size=(replicates, design.n_clusters))
        weights = np.zeros((replicates, design.n_clusters))
        np.add.at(weights, (np.arange(replicates)[:, None], draws), 1.0)
        chunk = max(1, 400_000 // max(design.rows.x.shape[0], 1))
        resampled = np.vstack([refit_resampled(design.rows, weights[start:start + chunk], l2, params)
                               for start in range(0, replicates, chunk)]) @ strength_map.T
        for role in design.roles:
            mask = role_of_key == role
            _, rank_low[mask], rank_high[mask] = rank_intervals(competition_ranks(resampled[:, mask]), level)

    def interval(value: float, se: float, known: bool) -> tuple[float, float]:
        if not known or not se > 1e-12:
            return math.nan, math.nan
        return value - z * se, value + z * se

    if unbounded:
        # Pearson dispersion φ of the fit, for the profile bounds (cells held at 0 or 1 add nothing).
        p = special.expit(design.x @ params)
        variance = p * (1.0 - p)
        pearson = np.divide((score - p) ** 2, variance, out=np.zeros_like(p), where=variance > 1e-12)
        dof = max(len(score) - (design.rows.n_params - gauge.shape[1]), 1)
        dispersion = max(float(pearson.sum()) / dof, 1e-12)

    # Per match, for the raw means: which agent fills each seat, and whether one agent fills all.
    seat_agents = np.column_stack([table[column].to_numpy() for column, _ in seats])
    alone = (seat_agents == seat_agents[:, :1]).all(axis=1)
    ratings = []
    for k, (role, agent) in enumerate(keys):
        known = not same and comparable and (role, agent) not in unbounded
        low, high = interval(strength[k], strength_se[k], known)
        team_low, team_high = interval(team_logit[k], team_se[k], known)
        if (role, agent) in unbounded and not same and comparable:
            side = unbounded[role, agent]
            ends = [profile_bound(design.rows, params, contrast, l2, dispersion, z, side)
                    for contrast in (strength_map[k], team_map[k])]
            infinite = math.inf if side == "above" else -math.inf
            (low, high), (team_low, team_high) = [(end, infinite) if side == "above" else (infinite, end)
                                                  for end in ends]
            strength[k] = team_logit[k] = infinite
        in_role = np.zeros(len(table), dtype=bool)
        for column, seat_role in seats:
            if seat_role == role:
                in_role |= table[column].to_numpy() == agent
        is_self = in_role & alone & (seat_agents[:, 0] == agent)
        is_cross = in_role & ~is_self
        means = [mean_with_interval(score, design.cluster, design.n_clusters, z, parts)
                 for parts in ([(in_role, 1.0)], [(is_self, 1.0)], [(is_cross, 1.0)],
                               [(is_cross, 1.0), (is_self, -1.0)])]
        (mean, mean_low, mean_high), (self_play, self_low, self_high), (cross, cross_low, cross_high), \
            (gap, gap_low, gap_high) = means
        ratings.append(RoleRating(
            role=role, agent=agent, strength=float(strength[k]), strength_low=low, strength_high=high,
            strength_se=float(strength_se[k]) if known and strength_se[k] > 1e-12 else math.nan,
            points=ELO_BASE + ELO_PER_LOGIT * float(strength[k]),
            points_low=ELO_BASE + ELO_PER_LOGIT * low, points_high=ELO_BASE + ELO_PER_LOGIT * high,
            team_score=float(special.expit(team_logit[k])),
            team_score_low=float(special.expit(team_low)), team_score_high=float(special.expit(team_high)),
            mean_score=mean, mean_score_low=mean_low, mean_score_high=mean_high,
            self_play=self_play, self_play_low=self_low, self_play_high=self_high,
            cross_play=cross, cross_play_low=cross_low, cross_play_high=cross_high,
            gap=gap, gap_low=gap_low, gap_high=gap_high,
            rank=float(ranks[k]), rank_low=float(rank_low[k]), rank_high=float(rank_high[k]),
            matches=int(in_role.sum()), unbounded=unbounded.get((role, agent), ""),
        ))
    order = {role: n for n, role in enumerate(design.roles)}
    ratings.sort(key=lambda r: (order[r.role], -np.nan_to_num(r.strength, nan=-np.inf), r.agent))
    return RoleRatings(
        seats=seats, roles=design.roles, agents=design.agents, ratings=tuple(ratings),
        difficulty=design.difficulty, levels=design.levels, mean_level=float(average_team @ params),
        params=params, covariance=covariance, level=level, l2=l2, n_matches=len(table),
        n_instances=design.n_clusters, replicates=replicates, seed=seed,
        unbounded=tuple(unbounded), unbounded_levels=unbounded_levels, warnings=tuple(warnings),
        _table=table, _design=design,
    )
