"""Agent × simulator ratings for agent-vs-environment families (PeopleJoin-QA, ToolWOZ; FAMILIES.md
§3.4, issue 18 point 3): how good is each agent, and how much does the verdict depend on who plays
the people it serves?

Every agent plays every simulator on the same instances. Per metric of the family
(`Family.metrics`: Match, P-Prec, reward, success ...), with the metric mapped onto [0, 1] by its
scale, the model is the general fractional logit (`lamen.ratings.design`, through
`lamen.ratings.roles` with the two seats *agent* and *simulator*):

    E[score] = σ(μ_instance + a_agent + s_simulator)

so `a` is an agent's strength against an average simulator and `s` how easy a simulator makes
the task. Counts (messages, words, people contacted) have no scale: they get the matrix and the
rankings, not the model.

Per metric (`MetricView`): the agent × simulator matrix of the observed mean (and how many
matches each cell holds); the role ratings (agent and simulator strengths, with intervals; None
with the reason when the model cannot be fitted); each simulator's ranking of the agents (by the
observed mean under it, 1 = best, ties share a rank); and Kendall's τ_b between every two
simulators' rankings — 1 when the simulators order the agents identically, −1 when reversed, NaN
when a simulator cannot tell any two agents apart.

The input table (`agent_env_table`) has one row per finished match: instance, game, agent,
simulator, status, and the metrics of its stored outcome (a metric the match did not define, such
as P-Prec when nobody was contacted, is NaN and left out of that metric's figures).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from lamen.core.family import Family, MetricSpec
from lamen.core.grading import GradeAgreement, grade_agreement
from lamen.ratings.roles import RoleRatings, rate_roles
from lamen.ratings.utility import competition_ranks

SEATS = ("agent", "simulator")
TEAM = MetricSpec("team", "score")  # a family that names no metrics: its headline score alone


@dataclass(frozen=True, eq=False)
class MetricView:
    metric: MetricSpec
    observed: pd.DataFrame  # agent (rows) × simulator (columns): mean of the metric, raw units
    matches: pd.DataFrame  # how many matches each cell's mean is over
    ratings: RoleRatings | None  # the agent × simulator model on the scaled metric; None: see `reason`
    reason: str
    rankings: pd.DataFrame  # agent × simulator: the agent's rank under that simulator (1 = best)
    tau: pd.DataFrame  # simulator × simulator: Kendall's τ_b between their rankings

    def agreement(self) -> float:
        """The smallest τ between two simulators (NaN with fewer than two, or none defined)."""
        values = [self.tau.iat[i, j] for i in range(len(self.tau)) for j in range(i + 1, len(self.tau))]
        finite = [v for v in values if not math.isnan(v)]
        return min(finite) if finite else math.nan


def agent_env_table(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """The store's match rows (`Store.match_rows`: agent_a the agent, agent_b the simulator) as
    one row per finished match with the outcome's metrics and its team score as `team`."""
    records = [{"instance": str(row["game"]), "game": str(row["tournament"]), "agent": str(row["agent_a"]),
                "simulator": str(row["agent_b"]), "status": row["status"], "team": row["outcome"].get("team"),
                **row["outcome"].get("metrics", {})}
               for row in rows if row["status"] == "finished" and row.get("outcome")]
    return pd.DataFrame.from_records(records, columns=None if records else
                                     ["instance", "game", "agent", "simulator", "status", "team"])


def ranking(means: pd.Series, higher_is_better: bool) -> np.ndarray:
    """Competition ranks of the agents by their mean (1 = best; NaN: not played)."""
    values = means.to_numpy(float)
    ranks = competition_ranks(values if higher_is_better else -values).astype(float)
    ranks[np.isnan(values)] = math.nan
    return ranks


def kendall_tau(first: np.ndarray, second: np.ndarray) -> float:
    """τ_b of two rankings over the agents both rank; NaN when either ties everything."""
    both = ~(np.isnan(first) | np.isnan(second))
    if both.sum() < 2 or np.ptp(first[both]) == 0 or np.ptp(second[both]) == 0:
        return math.nan
    return float(stats.kendalltau(first[both], second[both]).statistic)


def metric_view(table: pd.DataFrame, metric: MetricSpec, agents: Sequence[str], simulators: Sequence[str],
                replicates: int = 1000) -> MetricView:
    """One metric's matrix, ratings, rankings and τ (see the module doc)."""
    rows = table[table[metric.key].notna()] if metric.key in table.columns else table.iloc[0:0]
    values = pd.to_numeric(rows[metric.key], errors="coerce") if len(rows) else pd.Series(dtype=float)
    rows = rows.assign(value=values)
    observed = rows.pivot_table(index="agent", columns="simulator", values="value", aggfunc="mean") \
        .reindex(index=list(agents), columns=list(simulators))
    counts = rows.pivot_table(index="agent", columns="simulator", values="value", aggfunc="count") \
        .reindex(index=list(agents), columns=list(simulators)).fillna(0).astype(int)
    for frame in (observed, counts):
        frame.index.name, frame.columns.name = "agent", "simulator"
    rankings = pd.DataFrame({s: ranking(observed[s], metric.higher_is_better) for s in simulators},
                            index=list(agents))
    rankings.index.name, rankings.columns.name = "agent", "simulator"
    tau = pd.DataFrame([[1.0 if s == t else kendall_tau(rankings[s].to_numpy(), rankings[t].to_numpy())
                         for t in simulators] for s in simulators], index=list(simulators), columns=list(simulators))
    tau.index.name = "τ: simulator"
    ratings, reason = None, ""
    if metric.scale is None:
        reason = f"{metric.label} is a count, not a score in [0, 1]: it is compared, not rated"
    elif rows.empty:
        reason = f"no finished match defines {metric.label}"
    else:
        scored = rows.assign(score=(rows["value"] / metric.scale).clip(0.0, 1.0))
        try:
            ratings = rate_roles(scored[["instance", "game", "score", *SEATS]], list(SEATS), replicates=replicates)
        except ValueError as exc:
            reason = str(exc)
    return MetricView(metric=metric, observed=observed, matches=counts, ratings=ratings, reason=reason,
                      rankings=rankings, tau=tau)


def agent_env_views(table: pd.DataFrame, metrics: Sequence[MetricSpec], agents: Sequence[str] | None = None,
                    simulators: Sequence[str] | None = None, replicates: int = 1000) -> tuple[MetricView, ...]:
    """A `MetricView` per metric (the family's, or its team score when it names none), agents and
    simulators in the given order (default: sorted as found)."""
    agents = list(agents) if agents is not None else sorted(set(table["agent"]))
    simulators = list(simulators) if simulators is not None else sorted(set(table["simulator"]))
    return tuple(metric_view(table, metric, agents, simulators, replicates) for metric in (metrics or (TEAM,)))


def shown_metrics(family: Family, table: pd.DataFrame) -> tuple[MetricSpec, ...]:
    """The family's metrics, and its LLM judge's grade after them when the table holds it (a
    tournament that named a `match_judge`)."""
    judge = family.llm_judge
    if judge is not None and judge.metric.key in table.columns and table[judge.metric.key].notna().any():
        return (*family.metrics, judge.metric)
    return family.metrics


def judge_agreement(family: Family, table: pd.DataFrame) -> GradeAgreement | None:
    """How far the family's LLM judge agrees with the deterministic metric it stands beside, over
    the finished sessions it was asked about (share of equal grades, Cohen's κ); None: no session
    was judged."""
    judge = family.llm_judge
    if judge is None:
        return None
    key, unreadable = judge.metric.key, f"{judge.metric.key}_unreadable"
    graded = table[key].notna() if key in table.columns else pd.Series(False, index=table.index)
    unread = (table[unreadable] == 1.0) if unreadable in table.columns else pd.Series(False, index=table.index)
    asked = table[graded | unread]
    if asked.empty:
        return None
    return grade_agreement((float(row[judge.compares_with]), None if math.isnan(row[key]) else float(row[key]))
                           if key in asked.columns else (float(row[judge.compares_with]), None)
                           for _, row in asked.iterrows())


__all__ = ["MetricView", "TEAM", "agent_env_table", "agent_env_views", "judge_agreement", "kendall_tau", "metric_view",
           "ranking", "shown_metrics"]
