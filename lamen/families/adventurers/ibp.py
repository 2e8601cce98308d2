"""The paper's solver-aided agent core: the intermediate best path (IBP, §4.5).

At every turn the problem-solving agent solves the TSP exactly on what it knows: its own coins
plus the partner coins learned so far, unknown partner coins counted as 0, with the already
agreed path fixed as a prefix.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lamen.families.adventurers.solver import Solution, best_tour

Learned = Sequence[Sequence[int | None]]  # partner coins per hallway as told; None = not told


def known_coins(own: Sequence[Sequence[int]], learned: Learned) -> np.ndarray:
    """Own coins plus learned partner coins, unknown partner coins as 0 (the paper's default)."""
    partner = np.array([[0 if value is None else value for value in row] for row in learned], dtype=np.int64)
    return np.asarray(own, dtype=np.int64) + partner


def intermediate_best_path(own: Sequence[Sequence[int]], learned: Learned,
                           agreed: Sequence[int] = (0,)) -> Solution:
    """The best round trip extending the agreed prefix (room indices) under known coins."""
    return best_tour(known_coins(own, learned), agreed)
