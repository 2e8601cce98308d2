"""Maximum-weight reviewer ↔ paper matchings (scipy's Hungarian solver). A matching is a tuple
`m` with m[r] = the paper of reviewer r. Ties are broken by scipy's order on the table as stored
(rows = reviewers, columns = papers): the published own-view baseline depends on it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

Table = Sequence[Sequence[float]]


def best_matching(values: Table | np.ndarray) -> tuple[int, ...]:
    rows, cols = linear_sum_assignment(np.asarray(values, dtype=float), maximize=True)
    matching = [0] * len(rows)
    for r, c in zip(rows, cols):
        matching[int(r)] = int(c)
    return tuple(matching)


def matching_value(table: Table, matching: Sequence[int]) -> int:
    return int(sum(table[r][p] for r, p in enumerate(matching)))


def is_matching(payload: object, k: int) -> bool:
    return (isinstance(payload, list | tuple) and len(payload) == k
            and all(isinstance(p, int) and 0 <= p < k for p in payload) and len(set(payload)) == k)
