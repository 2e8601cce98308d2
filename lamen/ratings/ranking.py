"""The headline rating of each relation as the adaptive scheduler reads it (`lamen.adaptive`):
the figures that rank the agents, their intervals and covariance, and what one debiasing block
of a pairing observes of them.

- competitive (negotiation): **gets** of the utility model (`utility.fit_utility`), read through
  the model's own parameters: a block of i and j on game g observes μ_g + a_i + o_j and
  μ_g + a_j + o_i (each side's mean utility over the block; side and first mover cancel), so the
  scheduler sees that what i gets is learnt against an opponent whose gives is itself uncertain;
- common-payoff with interchangeable seats: **partner strength** (`partner.rate_partners`); a
  block observes a_i + a_j (the team's logit);
- asymmetric roles: **role strengths**, a ranking per role (`roles.rate_roles`); a block of i and
  j (both orders) observes i's strength in the first party's roles plus j's in the other's, and
  the same with i and j swapped.

`noise`, the variance one block adds to one observed figure, is read off the fit itself: a
figure observed n times has a variance of about noise / n, so noise is the median of se² · n.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from lamen.adaptive import Candidate, Ranking
from lamen.ratings.partner import rate_partners
from lamen.ratings.roles import rate_roles
from lamen.ratings.utility import fit_utility

Observes = tuple[tuple[tuple[int, float], ...], ...]


@dataclass(frozen=True, eq=False)
class ScheduledRanking:
    """A relation's `Ranking` and how a block of two agents observes its keys."""

    ranking: Ranking
    index: Mapping[str, int]  # key → position in ranking.keys
    relation: str
    sides: Mapping[str, int] | None = None  # roles: seat column → 0 (first agent) or 1
    seat_roles: Mapping[str, str] | None = None  # roles: seat column → role
    games: tuple[str, ...] = ()  # utility: the games with a level μ_g, in parameter order

    def observes(self, agent_a: str, agent_b: str, instance: str = "") -> Observes:
        """What one block of `agent_a` and `agent_b` (on `instance`, a game) observes; empty when
        either is not rated yet."""
        if self.relation == "roles":
            assert self.sides is not None and self.seat_roles is not None
            rows = []
            for first, second in ((agent_a, agent_b), (agent_b, agent_a)):
                terms: dict[int, float] = {}
                for seat, side in self.sides.items():
                    key = f"{self.seat_roles[seat]}:{(first, second)[side]}"
                    if key not in self.index:
                        return ()
                    terms[self.index[key]] = terms.get(self.index[key], 0.0) + 1.0
                rows.append(tuple(sorted(terms.items())))
            return tuple(rows)
        if agent_a not in self.index or agent_b not in self.index:
            return ()
        i, j = self.index[agent_a], self.index[agent_b]
        if self.relation == "utility":
            g, n = len(self.games), len(self.index)
            level = ((self.games.index(instance), 1.0),) if instance in self.games else ()
            return (level + ((g + i, 1.0), (g + n + j, 1.0)), level + ((g + j, 1.0), (g + n + i, 1.0)))
        if self.relation == "partner":
            return (((min(i, j), 1.0), (max(i, j), 1.0)),)
        return (((i, 1.0),), ((j, 1.0),))

    def candidate(self, block: str, agent_a: str, agent_b: str, instance: str = "") -> Candidate:
        return Candidate(block, self.observes(agent_a, agent_b, instance))


def _noise(se: np.ndarray, observed: np.ndarray) -> float:
    values = se**2 * observed
    values = values[np.isfinite(values) & (values > 0)]
    return float(np.median(values)) if len(values) else 1.0


def _blocks_per_agent(matches: pd.DataFrame, agents: Sequence[str]) -> np.ndarray:
    """Distinct blocks each agent played (the block column, else one per row)."""
    blocks = matches["block"] if "block" in matches.columns else pd.Series(np.arange(len(matches)), index=matches.index)
    counts = []
    for agent in agents:
        mine = (matches["agent_a"] == agent) | (matches["agent_b"] == agent)
        counts.append(blocks[mine].nunique())
    return np.array(counts, dtype=float)


def utility_ranking(matches: pd.DataFrame, *, level: float = 0.95) -> ScheduledRanking:
    """Gets of the utility model, from the finished cross-play rows of a rating table."""
    fit = fit_utility(matches, level=level)
    rating = {r.agent: r for r in fit.ratings}
    low = np.array([rating[a].gets_low for a in fit.agents])
    high = np.array([rating[a].gets_high for a in fit.agents])
    estimate = np.array([rating[a].gets for a in fit.agents])  # NaN where the matches cannot identify it
    covariance = fit.gets_matrix @ fit.covariance @ fit.gets_matrix.T
    se = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    cross = matches[(matches["agent_a"] != matches["agent_b"])]
    if "status" in cross.columns:
        cross = cross[cross["status"] == "finished"]
    noise = _noise(se, _blocks_per_agent(cross, fit.agents))
    ranking = Ranking(keys=fit.agents, groups=("gets",) * len(fit.agents), estimate=estimate, low=low, high=high,
                      covariance=fit.covariance, noise=noise, contrast=fit.gets_matrix)
    return ScheduledRanking(ranking, {a: k for k, a in enumerate(fit.agents)}, "utility", games=fit.games)


def partner_ranking(team: pd.DataFrame, blocks: pd.DataFrame, *, level: float = 0.95) -> ScheduledRanking:
    """Partner strengths of a team match table (`team_table`); `blocks` is the store's table
    (agent_a, agent_b, block, status) the blocks are counted from."""
    fit = rate_partners(team, level=level, replicates=0)
    agents = fit.agents
    n = len(agents)
    bounded = np.array([not r.unbounded for r in (fit.rating(a) for a in agents)])
    reference = bounded if bounded.any() else ~bounded
    contrast = np.zeros((n, len(fit.params)))
    contrast[:, :n] = np.eye(n) - reference / reference.sum()
    covariance = contrast @ fit.covariance @ contrast.T
    ratings = [fit.rating(a) for a in agents]
    estimate = np.array([r.strength for r in ratings])
    low = np.array([r.strength_low for r in ratings])
    high = np.array([r.strength_high for r in ratings])
    se = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    noise = _noise(se, _blocks_per_agent(_finished_cross(blocks), agents))
    ranking = Ranking(keys=agents, groups=("partner",) * n, estimate=estimate, low=low, high=high,
                      covariance=covariance, noise=noise)
    return ScheduledRanking(ranking, {a: k for k, a in enumerate(agents)}, "partner")


def role_ranking(table: pd.DataFrame, seat_roles: Mapping[str, str], sides: Mapping[str, int],
                 blocks: pd.DataFrame, *, level: float = 0.95) -> ScheduledRanking:
    """Role strengths of a role match table (`role_table`), a ranking per role; `seat_roles` maps
    each seat column to its role, `sides` each seat to the match's first (0) or second (1) agent."""
    fit = rate_roles(table, dict(seat_roles), level=level, replicates=0)
    keys = [(role, agent) for role in fit.roles for agent in fit.agents[role]]
    n_strengths = len(keys)
    contrast = np.zeros((n_strengths, len(fit.params)))
    start = 0
    for role in fit.roles:
        members = fit.agents[role]
        bounded = np.array([(role, a) not in fit.unbounded for a in members])
        reference = bounded if bounded.any() else ~bounded
        span = slice(start, start + len(members))
        contrast[span, span] = np.eye(len(members)) - reference / reference.sum()
        start += len(members)
    covariance = contrast @ fit.covariance @ contrast.T
    ratings = [fit.rating(role, agent) for role, agent in keys]
    se = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    per_agent = dict(zip(sorted({a for _, a in keys}), _blocks_per_agent(
        _finished_cross(blocks), sorted({a for _, a in keys}))))
    noise = _noise(se, np.array([per_agent[a] for _, a in keys]))
    labels = tuple(f"{role}:{agent}" for role, agent in keys)
    ranking = Ranking(keys=labels, groups=tuple(role for role, _ in keys),
                      estimate=np.array([r.strength for r in ratings]), low=np.array([r.strength_low for r in ratings]),
                      high=np.array([r.strength_high for r in ratings]), covariance=covariance, noise=noise)
    return ScheduledRanking(ranking, {label: k for k, label in enumerate(labels)}, "roles", dict(sides),
                            dict(seat_roles))


def _finished_cross(frame: pd.DataFrame) -> pd.DataFrame:
    rows = frame[frame["agent_a"] != frame["agent_b"]]
    return rows[rows["status"] == "finished"] if "status" in rows.columns else rows
