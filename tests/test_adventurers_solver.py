"""Exact tours: brute force and Held–Karp agree, golden optima on the paper's board and by hand."""

from __future__ import annotations

import numpy as np
import pytest

from lamen.families.adventurers.solver import (
    all_tour_values, all_tours, best_tour, brute_force, held_karp, tour_value, worst_tour,
)
from tests.adventurers_boards import HAND_BOARD, PAPER_BOARD_1


def _random_weights(rng: np.random.Generator, n: int) -> np.ndarray:
    upper = np.triu(rng.integers(0, 11, (n, n)), 1)
    return upper + upper.T


def _agree_on(boards: int, seed: int) -> int:
    """Compare both solvers on `boards` random boards of 4–9 rooms, half with a fixed prefix."""
    rng = np.random.default_rng(seed)
    for k in range(boards):
        n = 4 + k % 6
        weights = _random_weights(rng, n)
        prefix = (0,)
        if k % 2:
            prefix = (0, *(int(r) for r in rng.permutation(np.arange(1, n))[: int(rng.integers(1, n - 1))]))
        brute, dynamic = brute_force(weights, prefix), held_karp(weights, prefix)
        assert brute.value == dynamic.value, (n, prefix, weights.tolist())
        assert tour_value(weights, dynamic.tour) == dynamic.value and dynamic.tour[: len(prefix)] == prefix
        assert sorted(dynamic.tour[1:-1]) == list(range(1, n)) and dynamic.tour[-1] == 0
    return boards


def test_held_karp_equals_brute_force_on_1000_random_boards() -> None:
    assert _agree_on(1_000, seed=1) == 1_000


@pytest.mark.slow
def test_held_karp_equals_brute_force_on_10000_random_boards() -> None:
    assert _agree_on(10_000, seed=2) == 10_000


def test_paper_board_1_optimum_worst_and_tour_count() -> None:
    joint = PAPER_BOARD_1.joint()
    best = best_tour(joint)
    assert best.value == 52 and tour_value(joint, best.tour) == 52
    assert best.tour == (0, 1, 3, 4, 2, 5, 0)  # L-E-K-C-B-A-L: the first of the two optima
    assert worst_tour(joint).value == 28
    values = all_tour_values(joint)
    assert values.size == 60 and int((values == 52).sum()) == 2
    assert round(float(values.mean()), 1) == 41.2
    # The paper's agreed path L-E-A-B-K-C-L also collects 52 (stated in its example dialogue).
    assert tour_value(joint, [0, 1, 5, 2, 3, 4, 0]) == 52


def test_hand_board_three_tours() -> None:
    joint = HAND_BOARD.joint()
    assert all_tours(4).tolist() == [[0, 1, 2, 3, 0], [0, 1, 3, 2, 0], [0, 2, 1, 3, 0]]
    assert all_tour_values(joint).tolist() == [17, 17, 14]
    assert best_tour(joint).value == 17 and best_tour(joint).tour == (0, 1, 2, 3, 0)
    assert worst_tour(joint).value == 14 and worst_tour(joint).tour == (0, 2, 1, 3, 0)


def test_prefix_is_kept_and_a_full_prefix_is_scored_as_is() -> None:
    joint = HAND_BOARD.joint()
    # From L-B: L-B-K-A-L collects 2+4+5+3 = 14, L-B-A-K-L 2+9+5+1 = 17.
    assert best_tour(joint, (0, 2)).tour == (0, 2, 3, 1, 0) and best_tour(joint, (0, 2)).value == 17
    assert best_tour(joint, (0, 2, 3, 1)).value == 2 + 9 + 5 + 1
    assert held_karp(joint, (0, 3, 2, 1, 0)).value == 17


def test_reverse_of_an_optimum_is_reported_once() -> None:
    # Both directions of a cycle score the same; solvers name the one with the smaller second room.
    joint = PAPER_BOARD_1.joint()
    assert held_karp(joint).tour == (0, 1, 3, 4, 2, 5, 0)


def test_held_karp_reaches_16_rooms_and_beats_every_sampled_tour() -> None:
    rng = np.random.default_rng(16)
    weights = _random_weights(rng, 16)
    best = held_karp(weights)
    samples = [tour_value(weights, (0, *rng.permutation(np.arange(1, 16)), 0)) for _ in range(2_000)]
    assert tour_value(weights, best.tour) == best.value >= max(samples)


def test_solver_limits_and_bad_prefixes_are_refused() -> None:
    with pytest.raises(ValueError, match="brute force is for at most 9 rooms, got 10"):
        brute_force(np.zeros((10, 10), dtype=int))
    with pytest.raises(ValueError, match="Held–Karp is for at most 16 rooms, got 17"):
        held_karp(np.zeros((17, 17), dtype=int))
    with pytest.raises(ValueError, match="repeats a room"):
        best_tour(HAND_BOARD.joint(), (0, 1, 1))
    with pytest.raises(ValueError, match="starts at the start room"):
        best_tour(HAND_BOARD.joint(), (1, 2))
