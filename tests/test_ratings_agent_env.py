"""Agent × simulator ratings (`lamen.ratings.agent_env`): the matrix, the rankings per simulator,
Kendall's τ between simulators, and the σ(μ_instance + a_agent + s_simulator) fit — on tables whose
answers are known."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import special

from lamen.core.family import MetricSpec
from lamen.ratings.agent_env import agent_env_table, agent_env_views, kendall_tau, ranking

AGENTS = ("a1", "a2", "a3")
SIMULATORS = ("s1", "s2")


def _table(score: dict[tuple[str, str], list[float]], instances: int) -> pd.DataFrame:
    rows = [{"instance": f"i{k}", "game": "g", "agent": a, "simulator": s, "status": "finished", "value": v}
            for (a, s), values in score.items() for k, v in zip(range(instances), values)]
    return pd.DataFrame(rows)


def test_rankings_and_tau_follow_the_observed_means() -> None:
    # s1 orders a1 > a2 > a3; s2 swaps a2 and a3: τ_b = 1/3 (two of three pairs agree).
    table = _table({("a1", "s1"): [0.9, 0.8], ("a2", "s1"): [0.5, 0.6], ("a3", "s1"): [0.2, 0.1],
                    ("a1", "s2"): [0.9, 0.9], ("a2", "s2"): [0.1, 0.2], ("a3", "s2"): [0.4, 0.5]}, 2)
    view, = agent_env_views(table, (MetricSpec("value", "v"),), AGENTS, SIMULATORS, replicates=0)
    assert view.observed.loc["a2", "s1"] == pytest.approx(0.55)
    assert view.rankings["s1"].tolist() == [1.0, 2.0, 3.0] and view.rankings["s2"].tolist() == [1.0, 3.0, 2.0]
    assert view.tau.loc["s1", "s2"] == pytest.approx(1 / 3) and view.agreement() == pytest.approx(1 / 3)
    assert view.matches.loc["a1", "s2"] == 2


def test_a_count_is_ranked_lower_first_and_not_rated() -> None:
    table = _table({(a, s): [n] for n, a in enumerate(AGENTS, 1) for s in SIMULATORS}, 1)
    view, = agent_env_views(table, (MetricSpec("value", "messages", scale=None, higher_is_better=False),),
                            AGENTS, SIMULATORS, replicates=0)
    assert view.rankings["s1"].tolist() == [1.0, 2.0, 3.0]
    assert view.ratings is None and "count" in view.reason
    assert view.tau.loc["s1", "s2"] == 1.0


def test_ties_share_a_rank_and_tau_is_undefined_when_one_simulator_ties_everyone() -> None:
    assert ranking(pd.Series([0.5, 0.5, 0.1]), True).tolist() == [1.0, 1.0, 3.0]
    assert math.isnan(kendall_tau(np.array([1.0, 1.0, 1.0]), np.array([1.0, 2.0, 3.0])))
    assert kendall_tau(np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.0, math.nan])) == 1.0


def test_the_fit_recovers_additive_agent_and_simulator_effects() -> None:
    # Expected scores exactly σ(μ + a + s) on every instance: the fit returns those effects.
    a = {"a1": 1.0, "a2": 0.0, "a3": -1.0}
    s = {"s1": 0.5, "s2": -0.5}
    rows = [{"instance": f"i{k}", "game": "g", "agent": agent, "simulator": sim, "status": "finished",
             "value": float(special.expit(a[agent] + s[sim]))}
            for k in range(4) for agent in AGENTS for sim in SIMULATORS]
    view, = agent_env_views(pd.DataFrame(rows), (MetricSpec("value", "v"),), replicates=0)
    ratings = view.ratings
    assert ratings is not None
    strength = {(r.role, r.agent): r.strength for r in ratings.ratings}
    # Small L2 shrinkage only: within 2% of the true contrasts.
    assert strength["agent", "a1"] - strength["agent", "a3"] == pytest.approx(2.0, rel=0.02)
    assert strength["simulator", "s1"] - strength["simulator", "s2"] == pytest.approx(1.0, rel=0.02)
    assert view.rankings["s1"].tolist() == [1.0, 2.0, 3.0] and view.tau.loc["s1", "s2"] == 1.0


def test_two_agents_that_always_fail_do_not_make_a_graded_agent_unbounded() -> None:
    # a1 always 1, a2 graded, a3 and a4 always 0: only a1 (+∞) and a3, a4 (−∞) have no finite strength.
    table = _table({("a1", "s1"): [1, 1], ("a1", "s2"): [1, 1], ("a2", "s1"): [0.4, 0.5], ("a2", "s2"): [0.9, 0.8],
                    ("a3", "s1"): [0, 0], ("a3", "s2"): [0, 0], ("a4", "s1"): [0, 0], ("a4", "s2"): [0, 0]}, 2)
    view, = agent_env_views(table, (MetricSpec("value", "v"),), replicates=0)
    assert view.ratings is not None
    unbounded = {r.agent: r.unbounded for r in view.ratings.ratings if r.role == "agent"}
    assert unbounded == {"a1": "above", "a2": "", "a3": "below", "a4": "below"}


def test_a_metric_a_match_did_not_define_is_left_out_not_zero() -> None:
    rows = [{"game": "i0", "tournament": "t", "agent_a": "a1", "agent_b": "s1", "status": "finished",
             "outcome": {"team": 0.5, "metrics": {"p_rec": 0.5}}},
            {"game": "i0", "tournament": "t", "agent_a": "a2", "agent_b": "s1", "status": "finished",
             "outcome": {"team": 1.0, "metrics": {"p_rec": 1.0, "p_prec": 1.0}}},
            {"game": "i0", "tournament": "t", "agent_a": "a2", "agent_b": "s1", "status": "errored", "outcome": None}]
    table = agent_env_table(rows)
    assert len(table) == 2
    prec, = agent_env_views(table, (MetricSpec("p_prec", "P-Prec"),), replicates=0)
    assert math.isnan(prec.observed.loc["a1", "s1"]) and prec.observed.loc["a2", "s1"] == 1.0
    assert prec.matches.loc["a1", "s1"] == 0
    team, = agent_env_views(table, (), replicates=0)  # a family that names no metrics: its score
    assert team.metric.key == "team" and team.observed.loc["a2", "s1"] == 1.0
