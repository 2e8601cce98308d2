"""The headline rating, the utility an agent obtains: synthetic recovery and coverage, the exact
balanced-round-robin identity, invariances, and what it does when the matches cannot say.

Synthetic truth (lamen.ratings.simulate_utilities): 8 agents whose gets are 0.07 apart
(0.155 … 0.645) and whose gives are 0.021 apart in another order; side A obtains +0.05. Each
pairing plays two debiased blocks of four (both sides × both start orders): 28 × 8 = 224 games.
A game ends in agreement with probability 0.9, and then each side's utility is Beta(4m/0.9, …)
with its model mean m — impasses at 0 and Beta noise, so the errors are far from normal. 0.07 is
about the utility gap of Bradley–Terry's recovery test (0.3 logit ≈ 0.075 of the split).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from lamen.ratings import (
    additive_truth,
    bootstrap_utility,
    fit_utility,
    simulate_utilities,
    summarize_agents,
)

NAMES = [f"agent{i}" for i in range(8)]
GETS = dict(zip(NAMES, 0.4 + 0.07 * (np.arange(8) - 3.5)))
GIVES = dict(zip(NAMES, 0.4 + 0.021 * ((3 * np.arange(8)) % 8 - 3.5)))
SEEDS = range(100)


@pytest.fixture(scope="module")
def fits():
    return [fit_utility(simulate_utilities(GETS, GIVES, games_per_pair=8, side=0.05, agreement=0.9, seed=seed))
            for seed in SEEDS]


def test_ranking_is_recovered(fits) -> None:
    taus = [stats.kendalltau([fit.rating(a).gets for a in NAMES], list(GETS.values())).statistic for fit in fits]
    assert np.mean(taus) >= 0.95
    # Pinned for these 100 seeds: 64 exact orders, 29 with one adjacent swap, 7 with two.
    assert np.mean(taus) == pytest.approx((64 + 29 * 13 / 14 + 7 * 12 / 14) / 100, abs=1e-12)
    assert all(fit.n_matches == 224 for fit in fits)


def test_cr2_intervals_cover_the_truth(fits) -> None:
    gets = [fit.rating(a).gets_low <= GETS[a] <= fit.rating(a).gets_high for fit in fits for a in NAMES]
    gives = [fit.rating(a).gives_low <= GIVES[a] <= fit.rating(a).gives_high for fit in fits for a in NAMES]
    assert 0.90 <= np.mean(gets) <= 0.98 and 0.90 <= np.mean(gives) <= 0.98
    assert (sum(gets), sum(gives)) == (736, 728)  # of 800 each: 92.0% and 91.0%
    side = [fit.side.lower <= 0.05 <= fit.side.upper for fit in fits]
    assert sum(side) == 92


def balanced(seed: int = 0, **options) -> pd.DataFrame:
    """Every ordered pairing in both games, both sides and both start orders, twice."""
    gets = {"ann": 0.3, "bo": 0.35, "cy": 0.4, "di": 0.45, "ed": 0.5}
    gives = {"ann": 0.45, "bo": 0.3, "cy": 0.5, "di": 0.35, "ed": 0.4}
    return pd.concat([simulate_utilities(gets, gives, games_per_pair=8, game=game, seed=seed + i, **options)
                      for i, game in enumerate(("g1", "g2"))], ignore_index=True)


def opponents_mean(matches: pd.DataFrame, agent: str) -> float:
    return float(pd.concat([matches.loc[matches["agent_a"] == agent, "u_b"],
                            matches.loc[matches["agent_b"] == agent, "u_a"]]).mean())


def test_on_a_balanced_round_robin_gets_is_the_mean_utility_exactly() -> None:
    """Least-squares residuals sum to zero over each agent's rows, and on a balanced design the
    game, side, first-mover and opponent terms average out: gets = mean U, gives = the mean U of
    the agent's opponents, to rounding."""
    matches = balanced(side=0.05, first=0.03)
    fit = fit_utility(matches)
    for summary in summarize_agents(matches):
        rating = fit.rating(summary.agent)
        assert rating.gets == pytest.approx(summary.utility, abs=1e-12)
        assert rating.mean_utility == pytest.approx(summary.utility, abs=1e-12)
        assert rating.gives == pytest.approx(opponents_mean(matches, summary.agent), abs=1e-12)
        assert rating.gets_low < rating.gets < rating.gets_high
    assert [r.agent for r in fit.ratings] == sorted(fit.agents, key=lambda a: -fit.rating(a).gets)


def test_two_agents_gets_and_gives_are_each_others_means() -> None:
    matches = simulate_utilities({"ann": 0.5, "bob": 0.3}, {"ann": 0.3, "bob": 0.5}, games_per_pair=8, seed=2)
    fit = fit_utility(matches)
    ann = [*matches.loc[matches["agent_a"] == "ann", "u_a"], *matches.loc[matches["agent_b"] == "ann", "u_b"]]
    assert fit.rating("ann").gets == pytest.approx(np.mean(ann), abs=1e-12)
    assert fit.rating("bob").gives == pytest.approx(np.mean(ann), abs=1e-12)


def test_invariant_to_game_order_agent_names_and_side_labels() -> None:
    matches = balanced(seed=4, side=0.05).iloc[:-3]  # unbalanced on purpose
    fit = fit_utility(matches)
    shuffled = fit_utility(matches.sample(frac=1.0, random_state=1))
    renamed = fit_utility(matches.replace({"agent_a": {"ann": "zed"}, "agent_b": {"ann": "zed"}}))
    # The same games told from the other side: A and B swapped, s → the other side's utility.
    swapped = matches.assign(agent_a=matches["agent_b"], agent_b=matches["agent_a"], u_a=matches["u_b"],
                             u_b=matches["u_a"], first=matches["first"].map({"a": "b", "b": "a"}))
    mirrored = fit_utility(swapped)
    for agent in fit.agents:
        for other, name in ((shuffled, agent), (renamed, "zed" if agent == "ann" else agent), (mirrored, agent)):
            assert other.rating(name).gets == pytest.approx(fit.rating(agent).gets, abs=1e-12)
            assert other.rating(name).gives_high == pytest.approx(fit.rating(agent).gives_high, abs=1e-12)
    assert mirrored.side.value == pytest.approx(-fit.side.value, abs=1e-12)
    assert mirrored.first_mover.value == pytest.approx(fit.first_mover.value, abs=1e-12)


def test_doubling_the_data_shrinks_intervals_by_root_two() -> None:
    matches = balanced(seed=5)
    again = matches.assign(match_id=matches["match_id"] + "'", block=matches["block"] + "'")
    single, double = fit_utility(matches), fit_utility(pd.concat([matches, again], ignore_index=True))
    for agent in single.agents:
        assert double.rating(agent).gets == pytest.approx(single.rating(agent).gets, abs=1e-12)
        assert double.rating(agent).gets_se / single.rating(agent).gets_se == pytest.approx(2**-0.5, rel=0.05)


def test_groups_that_never_met_have_no_comparable_rating() -> None:
    left = simulate_utilities({"a": 0.4, "b": 0.3, "c": 0.5}, {"a": 0.4, "b": 0.4, "c": 0.4}, games_per_pair=4, seed=1)
    right = simulate_utilities({"x": 0.4, "y": 0.3, "z": 0.5}, {"x": 0.4, "y": 0.4, "z": 0.4}, games_per_pair=4,
                               game="other", seed=2)
    fit = fit_utility(pd.concat([left, right], ignore_index=True))
    assert all(np.isnan(rating.gets) for rating in fit.ratings)
    assert not np.isnan(fit.side.value)  # the side effect is still measured within each group


def test_side_always_first_leaves_both_effects_unidentified_but_not_gets() -> None:
    matches = balanced(seed=6)
    matches = matches[matches["first"] == "a"]
    fit = fit_utility(matches)
    assert np.isnan(fit.side.value) and np.isnan(fit.first_mover.value)
    for summary in summarize_agents(matches):
        assert fit.rating(summary.agent).gets == pytest.approx(summary.utility, abs=1e-12)


def test_bootstrap_ranks_and_ties() -> None:
    matches = balanced(seed=7)
    boot = bootstrap_utility(matches, replicates=300, seed=3)
    fit = fit_utility(matches)
    best = fit.ratings[0].agent
    assert boot.rank(best).rank_lower == 1
    assert boot.gets.shape == (300, 5)
    # The bootstrap mean of gets sits on the estimate (OLS is linear in the resampled blocks).
    np.testing.assert_allclose(boot.gets.mean(axis=0), [fit.rating(a).gets for a in fit.agents], atol=0.01)
    # Two agents with identical records tie in every replicate: one shared rank.
    twin = matches[(matches["agent_a"] != "ed") & (matches["agent_b"] != "ed")]
    twin = pd.concat([twin, twin.replace("di", "ed").assign(match_id=lambda t: t["match_id"] + "'",
                                                              block=lambda t: t["block"] + "'")])
    twin = twin[~((twin["agent_a"] == "ed") & (twin["agent_b"] == "ed"))]
    ranks = bootstrap_utility(twin, replicates=200, seed=1)
    assert (ranks.rank("di").rank_lower, ranks.rank("di").rank_upper) == (
        ranks.rank("ed").rank_lower, ranks.rank("ed").rank_upper)


def test_bootstrap_is_the_same_on_the_large_table_path(monkeypatch: pytest.MonkeyPatch) -> None:
    matches = balanced(seed=8)
    small = bootstrap_utility(matches, replicates=50, seed=4)
    monkeypatch.setattr("lamen.ratings.utility.DENSE_LIMIT", 0)
    large = bootstrap_utility(matches, replicates=50, seed=4)
    np.testing.assert_allclose(large.gets, small.gets, atol=1e-10)


def test_additive_truth_reproduces_gets_and_gives() -> None:
    mu, a, o = additive_truth({"p": 0.2, "q": 0.5, "r": 0.5}, {"p": 0.4, "q": 0.3, "r": 0.5})
    assert mu == pytest.approx(0.4) and a.sum() == pytest.approx(0) and o.sum() == pytest.approx(0)
    assert mu + a[0] + (o[1] + o[2]) / 2 == pytest.approx(0.2)
    with pytest.raises(ValueError, match="mean gets must equal mean gives"):
        additive_truth({"p": 0.2, "q": 0.5}, {"p": 0.2, "q": 0.2})
    with pytest.raises(ValueError, match="level"):
        fit_utility(balanced(), level=1.5)
