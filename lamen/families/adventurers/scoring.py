"""Scoring a Traveling Adventurers game: Identical ⊇ Correct ⊇ Optimal, joint score, percentile rank.

A game scores only when both players submitted the same path (Identical) and that path is a
true round trip from the start room through every other room exactly once (Correct — checked
here; the upstream code compared lengths only). The team's coins are then placed between the
worst and the best tour (range-normalised joint score) and ranked among all tours (percentile).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lamen.families.adventurers.board import Board
from lamen.families.adventurers.solver import all_tour_values, best_tour, tour_value, worst_tour


def is_round_trip(rooms: Sequence[str], path: Sequence[str]) -> bool:
    """A Hamiltonian cycle from rooms[0]: start, every other room once, back to start."""
    path = tuple(path)
    return (len(path) == len(rooms) + 1 and path[0] == path[-1] == rooms[0]
            and sorted(path[1:-1]) == sorted(rooms[1:]))


def is_tour(board: Board, path: Sequence[str]) -> bool:
    return is_round_trip(board.rooms, path)


def tour_coins(board: Board, path: Sequence[str]) -> int:
    """Joint coins along a correct tour (both players' coins on every hallway walked)."""
    if not is_tour(board, path):
        raise ValueError(f"{'-'.join(path)} is not a round trip through every room")
    return tour_value(board.joint(), [board.index(room) for room in path])


def range_normalised(board: Board, coins: int) -> float:
    """(coins − worst) / (best − worst): 0 for the worst tour, 1 for the best."""
    joint = board.joint()
    best, worst = best_tour(joint).value, worst_tour(joint).value
    if best == worst:  # every tour collects the same: any correct tour is the best one
        return 1.0
    return (coins - worst) / (best - worst)


def percentile_rank(board: Board, coins: int) -> float:
    """Share of all distinct tours collecting at most `coins`, in percent.

    The paper shows human players "the percentile rank of the solution" (§6.1) without a formula;
    we count ties as at most, so every optimal tour ranks 100 and the worst 100/N.
    """
    values = all_tour_values(board.joint())
    return 100.0 * float(np.count_nonzero(values <= coins)) / values.size


@dataclass(frozen=True)
class Outcome:
    end_reason: str                  # "both_submitted" or "timeout"
    identical: bool
    correct: bool
    optimal: bool
    coins: int | None                # joint coins of the submitted tour when correct
    joint_score: float               # range-normalised; 0 unless identical and correct
    percentile: float                # percentile rank; 0 unless identical and correct


def score_game(board: Board, user_path: Sequence[str] | None, bot_path: Sequence[str] | None) -> Outcome:
    """The team's result from the two submissions (None: that player never submitted)."""
    if user_path is None or bot_path is None:
        return Outcome("timeout", False, False, False, None, 0.0, 0.0)
    identical = tuple(user_path) == tuple(bot_path)
    correct = identical and is_tour(board, user_path)
    if not correct:
        return Outcome("both_submitted", identical, False, False, None, 0.0, 0.0)
    coins = tour_coins(board, user_path)
    optimal = coins == best_tour(board.joint()).value
    return Outcome("both_submitted", True, True, optimal, coins,
                   range_normalised(board, coins), percentile_rank(board, coins))
