"""What must not change Bradley–Terry — and what does change the online ratings."""

import numpy as np
import pandas as pd
import pytest

from lamen.ratings import BradleyTerryFit, elo_in_order, fit_bradley_terry, fit_trueskill, simulate_matches

STRENGTHS = {f"agent{i}": 0.3 * i - 1.05 for i in range(8)}


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return simulate_matches(STRENGTHS, games_per_pair=8, side=0.08, seed=0)


def by_agent(fit: BradleyTerryFit, rename: dict[str, str] | None = None) -> np.ndarray:
    """Elo, lower and upper bound of every agent in a fixed order (optionally under new names)."""
    rename = rename or {}
    return np.array([[fit.rating(rename.get(a, a)).elo, fit.rating(rename.get(a, a)).lower,
                      fit.rating(rename.get(a, a)).upper] for a in STRENGTHS])


def widths(fit: BradleyTerryFit) -> np.ndarray:
    return np.array([fit.rating(agent).upper - fit.rating(agent).lower for agent in STRENGTHS])


def test_reordering_rows_changes_nothing(table):
    fit = fit_bradley_terry(table)
    shuffled = fit_bradley_terry(table.sample(frac=1.0, random_state=7))
    np.testing.assert_allclose(by_agent(shuffled), by_agent(fit), atol=1e-6)
    assert shuffled.side.elo == pytest.approx(fit.side.elo, abs=1e-6)
    assert shuffled.first_mover.elo == pytest.approx(fit.first_mover.elo, abs=1e-6)


def test_renaming_agents_changes_nothing(table):
    """New names sort in a different order, so the fit sees the agents permuted."""
    rename = {agent: f"z{7 - i}-{agent}" for i, agent in enumerate(STRENGTHS)}
    renamed = table.assign(agent_a=table["agent_a"].map(rename), agent_b=table["agent_b"].map(rename))
    fit, refit = fit_bradley_terry(table), fit_bradley_terry(renamed)
    np.testing.assert_allclose(by_agent(refit, rename), by_agent(fit), atol=1e-6)
    assert refit.side.elo == pytest.approx(fit.side.elo, abs=1e-6)


def test_swapping_sides_keeps_ratings_and_flips_the_side_effect(table):
    """Swap agent_a/agent_b, u_a/u_b and first: the same games seen from the other seat, so
    s → 1 − s. Strengths and the first-mover effect stay; side A's edge becomes side B's."""
    swapped = table.assign(
        agent_a=table["agent_b"], agent_b=table["agent_a"], u_a=table["u_b"], u_b=table["u_a"],
        first=table["first"].map({"a": "b", "b": "a"}),
    )
    fit, refit = fit_bradley_terry(table), fit_bradley_terry(swapped)
    np.testing.assert_allclose(by_agent(refit), by_agent(fit), atol=1e-6)
    assert refit.side.elo == pytest.approx(-fit.side.elo, abs=1e-6)
    assert refit.side.se == pytest.approx(fit.side.se, abs=1e-6)
    assert refit.first_mover.elo == pytest.approx(fit.first_mover.elo, abs=1e-6)


def test_replaying_every_block_shrinks_intervals_by_about_root_two(table):
    """Each block played twice (as new blocks): estimates stay, intervals shrink by ~1/√2. CR2
    leverages halve too, which makes them 3.4% narrower than exactly 1/√2 here."""
    twice = pd.concat([table, table.assign(match_id=table["match_id"] + "#2", block=table["block"] + "#2")])
    fit, refit = fit_bradley_terry(table), fit_bradley_terry(twice)
    np.testing.assert_allclose(refit.params, fit.params, atol=1e-9)
    ratio = widths(refit) / widths(fit)
    np.testing.assert_allclose(ratio, 1 / np.sqrt(2), rtol=0.05)
    assert round(float(ratio.mean() * np.sqrt(2)), 4) == 0.9656


def test_copies_inside_the_same_block_add_no_information(table):
    """Clustering at work: duplicating games within their blocks is not new evidence."""
    copied = pd.concat([table, table.assign(match_id=table["match_id"] + "#2")])
    fit, refit = fit_bradley_terry(table), fit_bradley_terry(copied)
    np.testing.assert_allclose(widths(refit), widths(fit), rtol=1e-9)


def test_twice_the_games_shrink_intervals_by_root_two_on_average():
    """Independent tables of 224 and 448 games, 20 seeds: mean width ratio ≈ 1/√2."""
    def mean_width(games_per_pair: int, seed: int) -> float:
        table = simulate_matches(STRENGTHS, games_per_pair=games_per_pair, side=0.08, seed=seed)
        return float(widths(fit_bradley_terry(table)).mean())

    ratios = [mean_width(16, seed + 1000) / mean_width(8, seed) for seed in range(20)]
    assert np.mean(ratios) * np.sqrt(2) == pytest.approx(1.0, abs=0.05)


def cycle(order: list[int]) -> pd.DataFrame:
    """A beats B, B beats C, C beats A — each outright — played in `order`."""
    games = [("A", "B"), ("B", "C"), ("C", "A")]
    return pd.DataFrame(
        [{"match_id": str(i), "game": "g", "agent_a": games[i][0], "agent_b": games[i][1], "first": "a",
          "u_a": 1.0, "u_b": 0.0, "agreement": True} for i in order]
    )


def test_elo_depends_on_the_order_of_a_cycle():
    forward = elo_in_order(cycle([0, 1, 2]))
    backward = elo_in_order(cycle([2, 1, 0]))
    # K = 16: A +8 over B; B, now 992, beats C for +8.184; C beats A (1008) for +8.373.
    assert forward == pytest.approx({"A": 999.627615, "B": 1000.184174, "C": 1000.188211}, abs=1e-6)
    assert backward == pytest.approx({"A": 1000.372385, "B": 999.811789, "C": 999.815826}, abs=1e-6)


def test_trueskill_depends_on_the_order_of_a_cycle():
    forward = {r.agent: r.mu for r in fit_trueskill(cycle([0, 1, 2])).ratings}
    backward = {r.agent: r.mu for r in fit_trueskill(cycle([2, 1, 0])).ratings}
    assert forward == pytest.approx({"A": 22.887546, "B": 25.039642, "C": 25.111529}, abs=1e-6)
    assert backward == pytest.approx({"A": 27.112454, "B": 24.888471, "C": 24.960358}, abs=1e-6)
    assert fit_trueskill(cycle([0, 1, 2])).order_dependent


def test_bradley_terry_does_not_depend_on_the_order_of_a_cycle():
    forward, backward = fit_bradley_terry(cycle([0, 1, 2])), fit_bradley_terry(cycle([2, 1, 0]))
    np.testing.assert_allclose(backward.params, forward.params, atol=1e-12)
    for rating in forward.ratings:
        assert rating.elo == pytest.approx(1000.0, abs=1e-6)
