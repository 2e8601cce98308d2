"""The adaptive scheduler's choice (lamen.adaptive): neighbours, the Kalman update of the
covariance, the expected number of misordered pairs it lowers, the greedy round with its random
floor, and the stop rule."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import integrate, stats

from lamen.adaptive import (Candidate, Ranking, after_block, choose_round, expected_gain, expected_misordered,
                            floor_count, misordered, pairs_of)


def ranking(estimate, low, high, variance=0.01, noise=0.04, groups=None) -> Ranking:
    n = len(estimate)
    return Ranking(keys=tuple("abcdefgh"[:n]), groups=groups or ("g",) * n, estimate=np.array(estimate, float),
                   low=np.array(low, float), high=np.array(high, float), covariance=np.eye(n) * variance, noise=noise)


def gets(i: int, j: int, block: str | None = None) -> Candidate:
    return Candidate(block or f"{i}-{j}", (((i, 1.0),), ((j, 1.0),)))


# a: clearly first; b and c: near tied; d: clearly last
FOUR = ranking([0.8, 0.5, 0.48, 0.1], [0.7, 0.4, 0.38, 0.0], [0.9, 0.6, 0.58, 0.2])


def test_neighbours_follow_the_current_order_and_only_overlapping_ones_are_undecided() -> None:
    assert FOUR.neighbours() == [(0, 1), (1, 2), (2, 3)]
    assert FOUR.undecided() == [(1, 2)]
    assert not FOUR.separated()
    apart = ranking([0.8, 0.5, 0.1], [0.7, 0.4, 0.0], [0.9, 0.6, 0.2])
    assert apart.undecided() == [] and apart.separated()


def test_neighbours_are_taken_within_each_group_and_an_unrated_key_is_left_out() -> None:
    roles = ranking([0.3, 0.1, 0.5, 0.2], [0.2, 0.0, 0.4, 0.1], [0.4, 0.2, 0.6, 0.3], groups=("A", "A", "U", "U"))
    assert roles.neighbours() == [(0, 1), (2, 3)]
    unrated = ranking([0.3, math.nan, 0.1], [0.2, math.nan, 0.0], [0.4, math.nan, 0.2])
    assert unrated.neighbours() == [(0, 2)]
    assert not unrated.separated()  # someone is not ranked at all


def test_one_block_halves_the_variance_of_a_figure_known_as_well_as_one_block_tells() -> None:
    covariance = after_block(np.array([[0.04]]), np.array([[1.0]]), 0.04)
    assert covariance[0, 0] == pytest.approx(0.02)
    both = after_block(np.eye(2) * 0.04, np.eye(2), 0.04)  # two independent figures, each observed once more
    np.testing.assert_allclose(both, np.eye(2) * 0.02)


def test_the_chance_of_a_misorder_now_and_expected_after_a_block() -> None:
    # Φ(−|d| / sd): a difference of one sd is misordered with probability Φ(−1); no difference, ½
    np.testing.assert_allclose(misordered(np.array([0.1, -0.1, 0.0]), np.array([0.01] * 3)),
                               [stats.norm.cdf(-1.0), stats.norm.cdf(-1.0), 0.5])
    # after: E[Φ(−|d + √(before − after)·Z| / √after)], against a numerical integral
    d, before, after = 0.05, 0.02, 0.012
    exact = integrate.quad(lambda z: stats.norm.pdf(z) * stats.norm.cdf(-abs(d + math.sqrt(before - after) * z)
                                                                         / math.sqrt(after)), -12, 12, points=[
        -d / math.sqrt(before - after)])[0]
    expected = expected_misordered(np.array([d]), np.array([before]), np.array([after]))
    assert expected[0] == pytest.approx(exact, abs=1e-6)
    assert expected[0] < misordered(np.array([d]), np.array([before]))[0]  # a block can only help on average
    # an estimated tie: ½ − arcsin(√(v / before)) / π, so a block that halves the variance leaves ¼
    assert expected_misordered(np.array([0.0]), np.array([0.02]), np.array([0.01]))[0] == pytest.approx(0.25)
    # nothing learnt, nothing changes
    assert expected_misordered(np.array([d]), np.array([before]), np.array([before]))[0] == pytest.approx(
        misordered(np.array([d]), np.array([before]))[0])


def test_the_pairs_are_every_two_ranked_keys_of_a_group_better_first() -> None:
    assert pairs_of(FOUR) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    roles = ranking([0.3, 0.1, 0.5, 0.2], [0.2, 0.0, 0.4, 0.1], [0.4, 0.2, 0.6, 0.3], groups=("A", "A", "U", "U"))
    assert pairs_of(roles) == [(0, 1), (2, 3)]


def test_a_block_of_the_near_tie_lowers_the_expected_misorders_most_and_a_settled_one_not_at_all() -> None:
    near_tie = expected_gain(FOUR, gets(1, 2))
    one_of_them = expected_gain(FOUR, gets(0, 1))
    settled = expected_gain(FOUR, gets(0, 3))
    assert near_tie > one_of_them > 0.01 > 1e-9 > settled
    # independent figures of variance 0.01, noise 0.04: a block of b and c brings each to 0.008, so
    # b − c goes from 0.02 to 0.016 and b or c against a or d from 0.02 to 0.018
    d = np.array([0.3, 0.32, 0.02, 0.4, 0.38])  # a−b, a−c, b−c, b−d, c−d (a−d does not move)
    before, after = np.full(5, 0.02), np.array([0.018, 0.018, 0.016, 0.018, 0.018])
    assert near_tie == pytest.approx(float(np.sum(misordered(d, before) - expected_misordered(d, before, after))),
                                     rel=1e-9)


def test_a_round_takes_its_floor_at_random_and_the_rest_greedily() -> None:
    candidates = [gets(i, j, f"{i}-{j}#{k}") for i in range(4) for j in range(i + 1, 4) for k in range(3)]
    choice = choose_round(FOUR, candidates, 5, 0.2, np.random.default_rng(7))
    assert len(choice.blocks) == 5 and len(set(choice.blocks)) == 5
    assert len(choice.random) == floor_count(5, 0.2) == 1
    greedy = [block for block in choice.blocks if block not in choice.random]
    # the near tie first (one of its three blocks, drawn)
    assert greedy[0].startswith("1-2#")
    assert choice == choose_round(FOUR, candidates, 5, 0.2, np.random.default_rng(7))  # a function of its inputs


def test_the_floor_is_at_least_a_fifth_and_a_short_list_is_played_whole() -> None:
    assert [floor_count(n, 0.2) for n in (1, 5, 6, 10, 11)] == [1, 1, 2, 2, 3]
    assert floor_count(10, 0.5) == 5
    with pytest.raises(ValueError, match="floor must be between 0.2 and 1"):
        floor_count(10, 0.1)
    few = [gets(0, 1), gets(2, 3)]
    assert choose_round(FOUR, few, 5, 0.2, np.random.default_rng(0)).blocks == ("0-1", "2-3")


def test_a_ranking_of_mismatched_shapes_is_refused() -> None:
    with pytest.raises(ValueError, match="covariance must be 2 × 2"):
        Ranking(keys=("a", "b"), groups=("g", "g"), estimate=np.zeros(2), low=np.zeros(2), high=np.zeros(2),
                covariance=np.eye(3), noise=1.0)
    with pytest.raises(ValueError, match="noise must be a positive number"):
        Ranking(keys=("a",), groups=("g",), estimate=np.zeros(1), low=np.zeros(1), high=np.zeros(1),
                covariance=np.eye(1), noise=0.0)


def test_the_utility_ranking_is_gets_read_through_the_model_s_parameters() -> None:
    from lamen.ratings.ranking import utility_ranking
    from lamen.ratings.simulate import simulate_utilities

    gets = {"a": 0.3, "b": 0.4, "c": 0.5}
    table = simulate_utilities(gets, {"a": 0.5, "b": 0.4, "c": 0.3}, games_per_pair=8, seed=1)
    scheduled = utility_ranking(table)
    ranking = scheduled.ranking
    assert ranking.keys == ("a", "b", "c") and scheduled.games == ("synthetic",)
    # on a balanced round robin gets is each agent's mean utility
    mean_utility = [np.r_[table.loc[table.agent_a == x, "u_a"], table.loc[table.agent_b == x, "u_b"]].mean()
                    for x in "abc"]
    np.testing.assert_allclose(ranking.estimate, mean_utility, atol=1e-12)
    # parameters: μ_synthetic, a_a a_b a_c, o_a o_b o_c, side, first
    assert scheduled.observes("a", "c", "synthetic") == (((0, 1.0), (1, 1.0), (6, 1.0)), ((0, 1.0), (3, 1.0), (4, 1.0)))
    assert scheduled.observes("a", "c", "a game not played yet") == (((1, 1.0), (6, 1.0)), ((3, 1.0), (4, 1.0)))
    assert scheduled.observes("a", "z") == ()  # z is not rated yet
    # a block of the neighbours b and c narrows what decides the ranking more than one of a and c
    assert expected_gain(ranking, scheduled.candidate("b-c", "b", "c", "synthetic")) > \
        expected_gain(ranking, scheduled.candidate("a-c", "a", "c", "synthetic"))
