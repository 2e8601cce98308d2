"""The outcome space: exact bargaining points of the paper's games, and agreement with brute
force on random small games."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lamen.space import TOLERANCE, distance_to_frontier, outcome_space, utilities
from lamen.spec.game import Game
from lamen.spec.issue import Issue
from lamen.spec.load import load_game


def test_single_issue_distributive() -> None:
    space = outcome_space(load_game("rental-1-distributive"))
    assert space.n_outcomes == 11
    assert len(space.frontier) == 11  # every split is Pareto-optimal in pure conflict
    assert space.nash.offer == {"rent": "$1000"} and space.nash.utilities == (0.5, 0.5)
    assert space.kalai_smorodinsky.offer == {"rent": "$1000"}
    assert space.max_welfare.offer == {"rent": "$1000"}  # all welfare ties at 1; the balanced one wins
    assert space.opposition == pytest.approx(math.sqrt(2) / 2)


def test_single_issue_compatible() -> None:
    space = outcome_space(load_game("rental-1-compatible"))
    assert [p.offer for p in space.frontier] == [{"duration": "36 months"}]
    assert space.nash.utilities == (1.0, 1.0)
    assert space.opposition == 0.0


def test_mixture_shares_the_compatible_issue() -> None:
    space = outcome_space(load_game("rental-2-mixture"))
    assert space.n_outcomes == 121
    assert len(space.frontier) == 11
    assert space.nash.offer == {"rent": "$1000", "duration": "36 months"}
    assert space.nash.utilities == pytest.approx((0.75, 0.75))
    assert space.opposition == pytest.approx(math.hypot(0.25, 0.25))


def test_integrative_distributive_trades_issues() -> None:
    # Landlord weights rent 2:1, tenant subletting 2:1: each takes the issue it values more.
    space = outcome_space(load_game("rental-2-integrative-distributive"))
    assert space.nash.offer == {"rent": "$1500", "subletting": "10 days"}
    assert space.nash.utilities == pytest.approx((2 / 3, 2 / 3))
    assert space.max_welfare.welfare == pytest.approx(4 / 3)
    assert space.opposition == pytest.approx(math.hypot(1 / 3, 1 / 3))


def test_integrative_mixture_points_differ() -> None:
    # U_landlord = (2 + x)/3 and U_tenant = (3 - 2x)/3 with x the rent step / 10 at 36 months:
    # Nash maximises (2 + x)(3 - 2x) at x = 0; Kalai–Smorodinsky equalises them near x = 1/3.
    space = outcome_space(load_game("rental-2-integrative-mixture"))
    assert space.nash.offer == {"rent": "$500", "duration": "36 months"}
    assert space.nash.utilities == pytest.approx((2 / 3, 1.0))
    assert space.kalai_smorodinsky.offer == {"rent": "$800", "duration": "36 months"}
    assert space.kalai_smorodinsky.utilities == pytest.approx((2.3 / 3, 2.4 / 3))
    assert space.max_welfare.offer == {"rent": "$500", "duration": "36 months"}


def test_rental_agreement_four_issues() -> None:
    game = load_game("rental-agreement")
    space = outcome_space(game)
    assert space.n_outcomes == 11**4
    assert space.nash.utilities == pytest.approx((0.625, 0.625))
    assert space.nash.offer["duration"] == "36 months"
    assert utilities(game, space.nash.offer) == pytest.approx(space.nash.utilities)


def test_distance_to_frontier() -> None:
    game = load_game("rental-2-mixture")
    on = utilities(game, {"rent": "$1200", "duration": "36 months"})
    below = utilities(game, {"rent": "$1000", "duration": "6 months"})
    assert distance_to_frontier(game, on) == 0.0
    assert below == pytest.approx((0.25, 0.25))
    assert distance_to_frontier(game, below) == pytest.approx(math.hypot(0.5, 0.5))  # to (0.75, 0.75)


def _ten_issue_game(rng: np.random.Generator) -> Game:
    issues = [
        Issue(name=f"issue {k}", descriptions=("", ""),
              payoffs=(tuple(float(v) for v in rng.permutation(11)), tuple(float(v) for v in rng.permutation(11))),
              payoff_labels=(tuple(str(v) for v in range(11)),) * 2)
        for k in range(10)
    ]
    weights = (tuple(rng.uniform(1, 5, 10)), tuple(rng.uniform(1, 5, 10)))
    return Game(name="big", description="", issues=tuple(issues), issue_weights=weights)


def test_ten_issues_of_eleven_values_without_enumerating() -> None:
    game = _ten_issue_game(np.random.default_rng(7))
    space = outcome_space(game)
    assert space.n_outcomes == 11**10 == 25_937_424_601
    # Every frontier point is a real offer with exactly those utilities, and none dominates another.
    points = space.frontier_utilities
    for point in space.frontier:
        assert utilities(game, point.offer) == pytest.approx(point.utilities, abs=1e-12)
    assert all(np.diff(points[:, 0]) < 0) and all(np.diff(points[:, 1]) > 0)
    assert space.ideal == pytest.approx((1.0, 1.0))


# ---- brute force on random small games -------------------------------------------------------

@st.composite
def small_games(draw: st.DrawFn) -> Game:
    n_issues = draw(st.integers(1, 3))
    issues = []
    for k in range(n_issues):
        n_labels = draw(st.integers(1, 4))
        payoffs = tuple(
            tuple(float(v) for v in draw(st.lists(st.integers(-3, 10), min_size=n_labels, max_size=n_labels)
                                         .filter(lambda xs: max(xs) > 0)))
            for _ in range(2))
        labels = tuple(f"v{j}" for j in range(n_labels))
        issues.append(Issue(name=f"i{k}", descriptions=("", ""), payoffs=payoffs, payoff_labels=(labels, labels)))
    weights = tuple(
        tuple(float(w) for w in draw(st.lists(st.integers(0, 4), min_size=n_issues, max_size=n_issues)
                                     .filter(lambda ws: sum(ws) > 0)))
        for _ in range(2))
    return Game(name="random", description="", issues=tuple(issues), issue_weights=weights)


def brute_force(game: Game) -> dict[str, object]:
    offers = [dict(zip([i.name for i in game.issues], combo))
              for combo in itertools.product(*[i.labels for i in game.issues])]
    points = [utilities(game, offer) for offer in offers]
    distinct = {(round(a / TOLERANCE), round(b / TOLERANCE)): (a, b) for a, b in points}
    frontier = sorted(
        (p for p in distinct.values()
         if not any(q[0] >= p[0] - TOLERANCE and q[1] >= p[1] - TOLERANCE
                    and (q[0] > p[0] + TOLERANCE or q[1] > p[1] + TOLERANCE) for q in distinct.values())),
        key=lambda p: -p[0])
    ideal = (max(p[0] for p in points), max(p[1] for p in points))
    return {
        "n": len(offers),
        "frontier": frontier,
        "nash": max(max(a, 0) * max(b, 0) for a, b in points),
        "welfare": max(a + b for a, b in points),
        "kalai": max(min(a / ideal[0], b / ideal[1]) for a, b in points),
        "opposition": min(math.hypot(ideal[0] - a, ideal[1] - b) for a, b in points),
        "ideal": ideal,
    }


@settings(max_examples=300, deadline=None)
@given(small_games())
def test_space_matches_brute_force(game: Game) -> None:
    space = outcome_space(game)
    truth = brute_force(game)
    assert space.n_outcomes == truth["n"]
    assert space.frontier_utilities.shape == (len(truth["frontier"]), 2)
    np.testing.assert_allclose(space.frontier_utilities, np.array(truth["frontier"]), atol=1e-9)
    assert space.nash.nash_product == pytest.approx(truth["nash"], abs=1e-9)
    assert space.max_welfare.welfare == pytest.approx(truth["welfare"], abs=1e-9)
    ks = space.kalai_smorodinsky.utilities
    assert min(ks[0] / truth["ideal"][0], ks[1] / truth["ideal"][1]) == pytest.approx(truth["kalai"], abs=1e-9)
    assert space.opposition == pytest.approx(truth["opposition"], abs=1e-9)
    for point in space.frontier:
        assert utilities(game, point.offer) == pytest.approx(point.utilities, abs=1e-12)
