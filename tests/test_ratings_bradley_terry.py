"""Bradley–Terry: agreement with an independent fit, degenerate tables, and the bootstrap."""

import numpy as np
import pandas as pd
import pytest
from scipy import special
from sklearn.linear_model import LogisticRegression

from lamen.ratings import (
    ELO_PER_LOGIT,
    bootstrap_bradley_terry,
    fit_bradley_terry,
    rated_matches,
    simulate_matches,
)
from lamen.ratings.bt_bootstrap import _refit_many
from lamen.ratings.bt_design import design_of

STRENGTHS = {"ada": 0.6, "bo": 0.2, "cy": -0.1, "di": -0.7}


def debiased_block(agent: str, opponent: str, score: float, block: str) -> list[dict]:
    """Four games of one pairing — both sides × both start orders — where `agent` scores `score`."""
    games = []
    for index, (agent_on_a, first) in enumerate([(True, "a"), (False, "a"), (True, "b"), (False, "b")]):
        u_a = score if agent_on_a else 1.0 - score
        games.append(
            {"match_id": f"{block}-{index}", "game": "split", "agent_a": agent if agent_on_a else opponent,
             "agent_b": opponent if agent_on_a else agent, "first": first, "u_a": u_a, "u_b": 1.0 - u_a,
             "agreement": True, "block": block}
        )
    return games


def sklearn_fit(table: pd.DataFrame) -> tuple[np.ndarray, float, float]:
    """Unpenalised logistic regression on the same design: one column per agent but the first
    (its strength is the reference, 0), a column of ones for side A and ±1 for the first mover.
    A graded score s enters as a win row of weight s and a loss row of weight 1 − s."""
    rows = rated_matches(table)
    agents = sorted(set(rows["agent_a"]) | set(rows["agent_b"]))
    design = np.zeros((len(rows), len(agents) + 2))
    design[np.arange(len(rows)), [agents.index(a) for a in rows["agent_a"]]] += 1.0
    design[np.arange(len(rows)), [agents.index(b) for b in rows["agent_b"]]] -= 1.0
    design[:, -2] = 1.0
    design[:, -1] = np.where(rows["first"] == "a", 1.0, -1.0)
    design = np.delete(design, 0, axis=1)
    score = rows["score"].to_numpy()
    model = LogisticRegression(
        C=1e12, fit_intercept=False, solver="newton-cholesky", tol=1e-12, max_iter=1000
    )
    model.fit(
        np.vstack([design, design]),
        np.r_[np.ones(len(rows)), np.zeros(len(rows))],
        sample_weight=np.r_[score, 1.0 - score],
    )
    theta = np.r_[0.0, model.coef_[0][:-2]]
    return theta - theta.mean(), model.coef_[0][-2], model.coef_[0][-1]


def binary_table(seed: int) -> pd.DataFrame:
    """Win-or-lose games (u = 1/0) drawn from the model itself, with side and first-mover effects."""
    rng = np.random.default_rng(seed)
    table = simulate_matches(STRENGTHS, games_per_pair=40, side=0.3, first=-0.2, seed=seed)
    agent_a, agent_b = table["agent_a"].map(STRENGTHS), table["agent_b"].map(STRENGTHS)
    x = np.where(table["first"] == "a", 1.0, -1.0)
    win = rng.random(len(table)) < special.expit(agent_a - agent_b + 0.3 - 0.2 * x)
    return table.assign(u_a=win.astype(float), u_b=(~win).astype(float), agreement=True)


def test_binary_outcomes_agree_with_sklearn_logistic_regression():
    table = binary_table(seed=3)
    fit = fit_bradley_terry(table, l2=0.0)
    theta, side, first = sklearn_fit(table)
    np.testing.assert_allclose(fit.theta, theta, atol=1e-5)
    assert fit.side.elo / ELO_PER_LOGIT == pytest.approx(side, abs=1e-5)
    assert fit.first_mover.elo / ELO_PER_LOGIT == pytest.approx(first, abs=1e-5)


def test_graded_outcomes_agree_with_weighted_logistic_regression():
    table = simulate_matches(STRENGTHS, games_per_pair=12, side=0.2, first=0.1, seed=5)
    fit = fit_bradley_terry(table, l2=0.0)
    theta, side, first = sklearn_fit(table)
    np.testing.assert_allclose(fit.theta, theta, atol=1e-5)
    assert fit.side.elo / ELO_PER_LOGIT == pytest.approx(side, abs=1e-5)
    assert fit.first_mover.elo / ELO_PER_LOGIT == pytest.approx(first, abs=1e-5)


def test_rock_paper_scissors_ratings_are_flat():
    """Each beats the next by 0.8 from every seat: no agent is stronger, whatever the cycle."""
    table = pd.DataFrame(
        debiased_block("rock", "scissors", 0.8, "r")
        + debiased_block("scissors", "paper", 0.8, "s")
        + debiased_block("paper", "rock", 0.8, "p")
    )
    fit = fit_bradley_terry(table)
    for rating in fit.ratings:
        assert rating.elo == pytest.approx(1000.0, abs=1e-6)
    assert fit.side.elo == pytest.approx(0.0, abs=1e-6)


def test_an_agent_that_wins_everything_gets_a_finite_top_rating():
    table = pd.DataFrame(
        debiased_block("champ", "bo", 1.0, "x")
        + debiased_block("champ", "cy", 1.0, "y")
        + debiased_block("bo", "cy", 0.7, "z")
    )
    fit = fit_bradley_terry(table)
    assert [rating.agent for rating in fit.ratings] == ["champ", "bo", "cy"]
    assert round(fit.rating("champ").elo, 2) == 1846.28
    assert np.isfinite(fit.rating("champ").upper)
    # Unpenalised, bo vs cy alone fixes their gap: σ(Δ) = 0.7.
    gap = fit.rating("bo").elo - fit.rating("cy").elo
    assert gap == pytest.approx(ELO_PER_LOGIT * special.logit(0.7), abs=0.5)


def test_a_side_that_wins_everything_stays_finite():
    """Side A takes the whole surplus in every game: only the penalty bounds the side effect."""
    table = pd.DataFrame(debiased_block("ann", "bob", 0.5, "x")).assign(u_a=1.0, u_b=0.0)
    fit = fit_bradley_terry(table)
    assert fit.rating("ann").elo == pytest.approx(1000.0, abs=1e-9)
    # (σ(β) − 1) + 1e-4·β = 0 at β = 7.23 logits
    assert round(fit.side.elo, 2) == 1256.19


def test_anchor_puts_the_named_agent_at_1000_and_keeps_every_gap():
    table = simulate_matches(STRENGTHS, games_per_pair=8, side=0.1, seed=11)
    mean_anchored = fit_bradley_terry(table)
    anchored = fit_bradley_terry(table, anchor="cy")
    assert anchored.rating("cy").elo == 1000.0
    assert anchored.rating("cy").upper - anchored.rating("cy").lower == pytest.approx(0.0, abs=1e-9)
    shift = mean_anchored.rating("cy").elo - 1000.0
    for agent in STRENGTHS:
        assert anchored.rating(agent).elo == pytest.approx(mean_anchored.rating(agent).elo - shift, abs=1e-9)
    assert np.mean([r.elo for r in mean_anchored.ratings]) == pytest.approx(1000.0, abs=1e-9)
    with pytest.raises(ValueError, match="anchor agent 'zed'"):
        fit_bradley_terry(table, anchor="zed")


def test_batched_bootstrap_refit_equals_a_fresh_fit_of_the_resampled_table():
    """A replicate is the table with some blocks repeated and some dropped: refitting it by
    weights (batched Newton from the full fit) must equal fitting that table from scratch."""
    table = simulate_matches(STRENGTHS, games_per_pair=8, side=0.1, seed=2)
    fit = fit_bradley_terry(table)
    blocks = pd.unique(table["block"])
    weights = np.random.default_rng(0).multinomial(len(blocks), np.full(len(blocks), 1 / len(blocks)))
    resampled = pd.concat(
        [
            table[table["block"] == block].assign(
                match_id=table["match_id"] + f"#{copy}", block=table["block"] + f"#{copy}"
            )
            for block, count in zip(blocks, weights)
            for copy in range(count)
        ]
    )
    design = design_of(rated_matches(table))
    games = np.asarray(design.block_games.T @ weights, dtype=float)[:, None]
    score = np.asarray(design.block_score.T @ weights)[:, None]
    refit = _refit_many(design, games, score, fit.l2, fit.params)[:, 0]
    np.testing.assert_allclose(refit, fit_bradley_terry(resampled).params, atol=1e-9)


def test_bootstrap_is_seeded_and_ranks_well_separated_agents():
    strengths = {"ada": 1.0, "bo": 0.35, "cy": -0.35, "di": -1.0}
    table = simulate_matches(strengths, games_per_pair=16, side=0.1, seed=4)
    fit = fit_bradley_terry(table)
    first = bootstrap_bradley_terry(table, fit, replicates=300, seed=9)
    again = bootstrap_bradley_terry(table, fit, replicates=300, seed=9)
    np.testing.assert_array_equal(first.elo, again.elo)
    assert [(r.agent, r.rank_lower, r.rank_upper) for r in first.ratings] == [
        ("ada", 1, 1), ("bo", 2, 2), ("cy", 3, 3), ("di", 4, 4)
    ]
    assert first.p_stronger.loc["ada", "di"] == 1.0 and first.p_stronger.loc["di", "ada"] == 0.0
    assert np.isnan(first.p_stronger.loc["bo", "bo"])


def test_bootstrap_spread_agrees_with_the_sandwich_interval():
    """Two estimates of the same uncertainty: bootstrap SD within 20% of the sandwich SE."""
    table = simulate_matches(STRENGTHS, games_per_pair=24, side=0.1, seed=6)
    fit = fit_bradley_terry(table)
    bootstrap = bootstrap_bradley_terry(table, fit, replicates=1000, seed=1)
    sandwich = np.array([fit.rating(agent).se for agent in fit.agents])
    np.testing.assert_allclose(bootstrap.elo.std(axis=0), sandwich, rtol=0.2)
    ada = next(r for r in bootstrap.ratings if r.agent == "ada")
    assert ada.elo_lower < fit.rating("ada").elo < ada.elo_upper
    p = bootstrap.p_stronger.to_numpy()
    off_diagonal = ~np.eye(len(fit.agents), dtype=bool)
    np.testing.assert_allclose((p + p.T)[off_diagonal], 1.0)


def test_two_agents_and_level_validation():
    table = simulate_matches({"ann": 0.4, "bob": -0.4}, games_per_pair=8, seed=1)
    fit = fit_bradley_terry(table)
    assert [r.agent for r in fit.ratings] == ["ann", "bob"]
    assert fit.rating("ann").elo + fit.rating("bob").elo == pytest.approx(2000.0, abs=1e-9)
    with pytest.raises(ValueError, match="level"):
        fit_bradley_terry(table, level=95)
    with pytest.raises(ValueError, match="l2"):
        fit_bradley_terry(table, l2=-1.0)
