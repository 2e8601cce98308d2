"""Scoring: Identical ⊇ Correct ⊇ Optimal, range-normalised joint score and percentile rank."""

from __future__ import annotations

import pytest

from lamen.families.adventurers.scoring import (
    Outcome, is_tour, percentile_rank, range_normalised, score_game, tour_coins,
)
from tests.adventurers_boards import HAND_BOARD, PAPER_BOARD_1


def test_hand_board_scores() -> None:
    # Tours 17, 17, 14 (worked out in adventurers_boards): best 17, worst 14.
    assert tour_coins(HAND_BOARD, "LKBAL") == 17 and tour_coins(HAND_BOARD, "LBKAL") == 14
    assert range_normalised(HAND_BOARD, 17) == 1.0 and range_normalised(HAND_BOARD, 14) == 0.0
    assert percentile_rank(HAND_BOARD, 17) == 100.0
    assert percentile_rank(HAND_BOARD, 14) == pytest.approx(100 / 3)
    assert score_game(HAND_BOARD, tuple("LBKAL"), tuple("LBKAL")) == Outcome(
        "both_submitted", True, True, False, 14, 0.0, pytest.approx(100 / 3))


def test_paper_board_1_scores() -> None:
    # L-B-K-E-A-C-L: (4+3) + (5+2) + (1+6) + (6+3) + (1+1) + (1+6) = 39 of a 28–52 range;
    # 26 of the 60 tours collect at most 39.
    path = tuple("LBKEACL")
    assert tour_coins(PAPER_BOARD_1, path) == 39
    assert range_normalised(PAPER_BOARD_1, 39) == pytest.approx(11 / 24)
    assert percentile_rank(PAPER_BOARD_1, 39) == pytest.approx(100 * 26 / 60)
    assert percentile_rank(PAPER_BOARD_1, 28) == pytest.approx(100 / 60)
    outcome = score_game(PAPER_BOARD_1, tuple("LEABKCL"), tuple("LEABKCL"))  # the paper's agreed path
    assert outcome == Outcome("both_submitted", True, True, True, 52, 1.0, 100.0)


@pytest.mark.parametrize(("path", "why"), [
    ("LEABKCEL", "eight rooms: E twice"),
    ("LEABKEL", "right length, E twice, C never (the upstream length check passes it)"),
    ("EABKCLE", "starts outside the living room"),
    ("LEABKC", "does not return"),
    ("LEABKXL", "an unknown room"),
])
def test_incorrect_paths_score_nothing_even_when_identical(path: str, why: str) -> None:
    assert not is_tour(PAPER_BOARD_1, tuple(path)), why
    assert score_game(PAPER_BOARD_1, tuple(path), tuple(path)) == Outcome(
        "both_submitted", True, False, False, None, 0.0, 0.0)


def test_different_submissions_and_timeouts_score_nothing() -> None:
    forward, backward = tuple("LEABKCL"), tuple("LCKBAEL")  # one cycle, two directions
    assert score_game(PAPER_BOARD_1, forward, backward) == Outcome(
        "both_submitted", False, False, False, None, 0.0, 0.0)
    assert score_game(PAPER_BOARD_1, forward, None) == Outcome("timeout", False, False, False, None, 0.0, 0.0)
    with pytest.raises(ValueError, match="is not a round trip"):
        tour_coins(PAPER_BOARD_1, tuple("LEL"))
