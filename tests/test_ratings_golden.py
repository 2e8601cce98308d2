"""Golden values: the published numbers every rating implementation must reproduce."""

import math

import pandas as pd
import pytest
import trueskill
from scipy import stats

from lamen.ratings import (
    ELO_PER_LOGIT,
    elo_expected_score,
    elo_update,
    fit_bradley_terry,
    fit_trueskill,
    trueskill_win_probability,
)


def debiased_block(agent: str, opponent: str, score: float, block: str) -> list[dict]:
    """Four games of one pairing — both sides × both start orders — where `agent` scores `score`."""
    games = []
    for index, (agent_on_a, first) in enumerate([(True, "a"), (False, "a"), (True, "b"), (False, "b")]):
        u_a = score if agent_on_a else 1.0 - score
        games.append(
            {
                "match_id": f"{block}-{index}",
                "game": "split",
                "agent_a": agent if agent_on_a else opponent,
                "agent_b": opponent if agent_on_a else agent,
                "first": first,
                "u_a": u_a,
                "u_b": 1.0 - u_a,
                "agreement": True,
                "block": block,
            }
        )
    return games


def test_trueskill_package_defaults_match_published_values():
    env = trueskill.TrueSkill()
    winner, loser = trueskill.rate_1vs1(env.create_rating(), env.create_rating(), env=env)
    assert (round(winner.mu, 3), round(winner.sigma, 3)) == (29.396, 7.171)
    assert (round(loser.mu, 3), round(loser.sigma, 3)) == (20.604, 7.171)
    drawn_a, drawn_b = trueskill.rate_1vs1(env.create_rating(), env.create_rating(), drawn=True, env=env)
    assert (round(drawn_a.mu, 3), round(drawn_a.sigma, 3)) == (25.000, 6.458)
    assert (round(drawn_b.mu, 3), round(drawn_b.sigma, 3)) == (25.000, 6.458)
    assert round(trueskill.quality_1vs1(env.create_rating(), env.create_rating(), env=env), 3) == 0.447
    even = trueskill.TrueSkill(draw_probability=0.5)
    winner, loser = trueskill.rate_1vs1(even.create_rating(), even.create_rating(), env=even)
    assert (round(winner.mu, 3), round(winner.sigma, 3)) == (30.267, 7.077)
    assert (round(loser.mu, 3), round(loser.sigma, 3)) == (19.733, 7.077)
    assert env.expose(trueskill.Rating(30, 2)) == pytest.approx(24.0)


def test_one_trueskill_win_matches_the_closed_form_update():
    """One decisive game: no draws observed, so draw_probability = 0.01 and tau = 0; the
    package must give the textbook 1-vs-1 update (Herbrich et al., v and w functions)."""
    table = pd.DataFrame(
        [{"match_id": "m", "game": "g", "agent_a": "ann", "agent_b": "bob", "first": "a",
          "u_a": 0.7, "u_b": 0.3, "agreement": True}]
    )
    result = fit_trueskill(table)
    mu, sigma, beta = 25.0, 25.0 / 3.0, 25.0 / 6.0
    c = math.sqrt(2 * beta**2 + 2 * sigma**2)
    margin = stats.norm.ppf((0.01 + 1) / 2) * math.sqrt(2) * beta
    t = 0.0 - margin / c
    v = stats.norm.pdf(t) / stats.norm.cdf(t)
    w = v * (v + t)
    new_mu = mu + sigma**2 / c * v
    new_sigma = sigma * math.sqrt(1 - sigma**2 / c**2 * w)
    ann, bob = result.ratings
    assert (ann.agent, bob.agent) == ("ann", "bob")
    assert ann.mu == pytest.approx(new_mu, abs=1e-6) and round(ann.mu, 3) == 29.224
    assert bob.mu == pytest.approx(2 * mu - new_mu, abs=1e-6)
    assert ann.sigma == pytest.approx(new_sigma, abs=1e-6) and round(ann.sigma, 3) == 7.192
    assert ann.conservative == pytest.approx(ann.mu - 3 * ann.sigma)
    assert result.draw_probability == 0.01 and result.draw_rate == 0.0


def test_trueskill_win_probability_formula():
    stronger, weaker = trueskill.Rating(30, 25 / 3), trueskill.Rating(25, 25 / 3)
    # Φ(5 / √(2·(25/6)² + 2·(25/3)²)) = Φ(0.37947)
    assert trueskill_win_probability(stronger, weaker, beta=25 / 6) == pytest.approx(0.647831, abs=1e-6)
    assert trueskill_win_probability(weaker, weaker, beta=25 / 6) == 0.5


def test_elo_k32_from_equal_ratings_moves_16_points():
    assert elo_update(1000.0, 1000.0, 1.0, k=32) == (1016.0, 984.0)
    assert elo_update(1000.0, 1000.0, 0.0, k=32) == (984.0, 1016.0)


def test_elo_400_point_gap_expects_ten_elevenths():
    assert elo_expected_score(1400.0, 1000.0) == pytest.approx(10 / 11, abs=1e-15)


def test_bradley_terry_ten_elevenths_is_a_400_point_gap():
    """A scores 10/11 from every seat: unpenalised Bradley–Terry puts A exactly 400 Elo above B,
    and a debiased block leaves no side or first-mover effect."""
    table = pd.DataFrame(debiased_block("A", "B", 10 / 11, "b1"))
    fit = fit_bradley_terry(table, l2=0.0)
    assert fit.rating("A").elo == pytest.approx(1200.0, abs=1e-9)
    assert fit.rating("B").elo == pytest.approx(800.0, abs=1e-9)
    assert fit.side.elo == pytest.approx(0.0, abs=1e-9)
    assert fit.first_mover.elo == pytest.approx(0.0, abs=1e-9)
    anchored = fit_bradley_terry(table, l2=0.0, anchor="B")
    assert anchored.rating("A").elo == pytest.approx(1400.0, abs=1e-9)
    assert anchored.rating("B").elo == 1000.0
    assert ELO_PER_LOGIT * math.log(10) == pytest.approx(400.0)
