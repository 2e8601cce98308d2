"""Elo, TrueSkill, head-to-head and the per-agent summary on small tables with known answers."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy import special

from lamen.ratings import (
    ELO_PER_LOGIT,
    elo_in_order,
    fit_bradley_terry,
    fit_elo,
    fit_trueskill,
    head_to_head,
    summarize_agents,
    trueskill_outcomes,
)


def match(match_id, agent_a, agent_b, u_a, u_b, agreement=True, first="a", status="finished"):
    return {"match_id": match_id, "game": "g", "agent_a": agent_a, "agent_b": agent_b, "first": first,
            "u_a": u_a, "u_b": u_b, "agreement": agreement, "status": status}


@pytest.fixture
def small_table() -> pd.DataFrame:
    """ann gets 0.7 to bob's 0.3 as side A, then 0.3 to his 0.6 as side B; ann and cy reach
    no deal; ann's self-play and an errored match (no utilities) must both be ignored."""
    return pd.DataFrame(
        [
            match("m1", "ann", "bob", 0.7, 0.3),
            match("m2", "bob", "ann", 0.6, 0.3, first="b"),
            match("m3", "ann", "cy", 0.0, 0.0, agreement=False),
            match("m4", "ann", "ann", 0.5, 0.5),
            match("m5", "bob", "cy", float("nan"), float("nan"), status="errored"),
        ]
    )


def test_head_to_head_combines_both_seats(small_table):
    h2h = head_to_head(small_table)
    # ann scores (1 + 0.7 − 0.3)/2 = 0.7 on side A and (1 + 0.3 − 0.6)/2 = 0.35 on side B.
    assert h2h.mean_score.loc["ann", "bob"] == pytest.approx(0.525)
    assert h2h.mean_score.loc["bob", "ann"] == pytest.approx(0.475)
    assert h2h.mean_score.loc["ann", "cy"] == 0.5
    assert np.isnan(h2h.mean_score.loc["bob", "cy"]) and np.isnan(h2h.mean_score.loc["ann", "ann"])
    assert h2h.games.to_dict() == {
        "ann": {"ann": 0, "bob": 2, "cy": 1},
        "bob": {"ann": 2, "bob": 0, "cy": 0},
        "cy": {"ann": 1, "bob": 0, "cy": 0},
    }


def test_predicted_head_to_head_is_the_bradley_terry_win_probability(small_table):
    fit = fit_bradley_terry(small_table)
    h2h = head_to_head(small_table, fit)
    gap = (fit.rating("ann").elo - fit.rating("cy").elo) / ELO_PER_LOGIT
    assert h2h.predicted.loc["ann", "cy"] == pytest.approx(special.expit(gap), abs=1e-12)
    assert h2h.predicted.loc["ann", "cy"] + h2h.predicted.loc["cy", "ann"] == pytest.approx(1.0)


def test_summary_reports_agreement_utility_and_welfare(small_table):
    summary = {row.agent: row for row in summarize_agents(small_table)}
    ann, bob, cy = summary["ann"], summary["bob"], summary["cy"]
    assert (ann.games, ann.agreement_rate) == (3, pytest.approx(2 / 3))
    assert ann.utility == pytest.approx((0.7 + 0.3 + 0.0) / 3)
    assert ann.utility_agreed == pytest.approx((0.7 + 0.3) / 2)
    assert ann.welfare == pytest.approx((1.0 + 0.9 + 0.0) / 3)
    assert (bob.games, bob.agreement_rate) == (2, 1.0)
    assert (bob.utility, bob.welfare) == (pytest.approx(0.45), pytest.approx(0.95))
    assert (cy.games, cy.agreement_rate, cy.utility, cy.welfare) == (1, 0.0, 0.0, 0.0)
    assert math.isnan(cy.utility_agreed)


def cycle() -> pd.DataFrame:
    return pd.DataFrame(
        [match("1", "A", "B", 1.0, 0.0), match("2", "B", "C", 1.0, 0.0), match("3", "C", "A", 1.0, 0.0)]
    )


def test_elo_over_random_orderings_is_seeded_and_labelled_order_dependent():
    result = fit_elo(cycle(), orderings=100, seed=0)
    assert result.order_dependent and (result.k, result.initial, result.orderings) == (16.0, 1000.0, 100)
    medians = {r.agent: r.median for r in result.ratings}
    assert medians == pytest.approx({"A": 1000.184174, "B": 1000.184174, "C": 999.815826}, abs=1e-6)
    for rating in result.ratings:
        # The 2.5–97.5% spread spans the lowest and highest of the six possible orders.
        assert (rating.lower, rating.upper) == pytest.approx((999.627615, 1000.372385), abs=1e-6)
    assert fit_elo(cycle(), orderings=100, seed=0) == result


def test_elo_of_identical_games_is_the_same_in_every_order():
    table = pd.DataFrame([match(str(i), "ann", "bob", 0.75, 0.25) for i in range(10)])
    single = elo_in_order(table, k=8)
    result = fit_elo(table, k=8, orderings=100)
    for rating in result.ratings:
        assert rating.lower == rating.median == rating.upper == pytest.approx(single[rating.agent], abs=1e-9)
    assert single["ann"] > 1000 > single["bob"]
    with pytest.raises(ValueError, match="orderings"):
        fit_elo(table, orderings=0)


def test_trueskill_margin_counts_one_granularity_step_as_a_draw():
    """0.55 − 0.45 is 0.10000000000000003 in floating point: still a draw at granularity 0.1."""
    outcomes = trueskill_outcomes(
        np.array([0.55, 0.6, 0.3, 0.0]), np.array([0.45, 0.4, 0.7, 0.0]),
        np.array([True, True, True, False]), margin=0.1 + 1e-9,
    )
    assert outcomes.tolist() == [0, 1, -1, 0]


def test_trueskill_uses_the_observed_draw_rate_and_reports_conservative_skill():
    table = pd.DataFrame(
        [match("1", "ann", "bob", 0.55, 0.45), match("2", "ann", "bob", 0.6, 0.4),
         match("3", "bob", "ann", 0.0, 0.0, agreement=False), match("4", "bob", "ann", 0.3, 0.7)]
    )
    result = fit_trueskill(table, granularity=0.1)
    assert result.draw_rate == 0.5 and result.draw_probability == 0.5
    assert result.margin == pytest.approx(0.1 + 1e-9)
    ann, bob = result.ratings
    assert ann.agent == "ann" and ann.mu > 25 > bob.mu
    assert ann.conservative == pytest.approx(ann.mu - 3 * ann.sigma)
    p = result.win_probability.loc["ann", "bob"]
    assert 0.5 < p < 1 and p + result.win_probability.loc["bob", "ann"] == pytest.approx(1.0)
    # No decisive game at all: draw_probability is floored at 0.01, never 0.
    draws = fit_trueskill(table.iloc[[0, 2]], granularity=0.1)
    assert draws.draw_rate == 1.0
    no_draws = fit_trueskill(table.iloc[[1, 3]], granularity=0.1)
    assert no_draws.draw_rate == 0.0 and no_draws.draw_probability == 0.01
