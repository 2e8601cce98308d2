"""Exact maximum-coin round trips on a complete graph: brute force, Held–Karp and tour enumeration.

Rooms are indices 0..n-1 with 0 the start room; a tour is (0, r1, ..., r_{n-1}, 0). Weights are a
symmetric integer matrix (coins on the hallway between two rooms); the game maximises coins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

import numpy as np

BRUTE_FORCE_MAX_ROOMS = 9
HELD_KARP_MAX_ROOMS = 16
BRUTE_FORCE_PREFERRED_ROOMS = 7  # bench/adventurers_solver.py: at 8 rooms brute force already costs more than Held–Karp
# A value no tour reaches: marks unreachable Held–Karp states without floats (weights are ints).
_UNREACHABLE = np.int64(-(2**62))

Tour = tuple[int, ...]


@dataclass(frozen=True)
class Solution:
    value: int
    tour: Tour


def as_matrix(weights: Sequence[Sequence[int]] | np.ndarray) -> np.ndarray:
    """A square int64 matrix; symmetry is the caller's contract (boards validate it)."""
    matrix = np.asarray(weights, dtype=np.int64)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or matrix.shape[0] < 2:
        raise ValueError(f"weights must be a square matrix of at least 2 rooms, got shape {matrix.shape}")
    return matrix


def tour_value(weights: Sequence[Sequence[int]] | np.ndarray, tour: Sequence[int]) -> int:
    """Coins collected along the consecutive hallways of `tour` (no validity check)."""
    matrix = as_matrix(weights)
    steps = np.asarray(tour, dtype=np.int64)
    return int(matrix[steps[:-1], steps[1:]].sum())


@lru_cache(maxsize=16)
def _permutations(m: int) -> np.ndarray:
    """All orderings of range(m) in lexicographic order, shape (m!, m); cached per size."""
    return np.array(list(permutations(range(m))), dtype=np.int64).reshape(-1, m)


def _check_prefix(n: int, prefix: Sequence[int]) -> tuple[int, ...]:
    path = tuple(int(room) for room in prefix) or (0,)
    if path[0] != 0:
        raise ValueError(f"a prefix starts at the start room 0, got {path}")
    body = path[1:]
    closes = len(body) == n and body[-1] == 0  # a whole round trip: n-1 rooms, then home
    rooms = body[:-1] if closes else body
    if len(set(rooms)) != len(rooms) or any(not 0 < room < n for room in rooms):
        raise ValueError(f"prefix {path} repeats a room or leaves the board of {n} rooms")
    return path


@dataclass(frozen=True)
class _Search:
    """What a prefix leaves to choose: the rooms not yet visited (at least one), and its coins."""

    matrix: np.ndarray
    path: Tour
    done: int
    rest: list[int]


def _search(weights: Sequence[Sequence[int]] | np.ndarray, prefix: Sequence[int], max_rooms: int,
            method: str) -> _Search | Solution:
    """The search after `prefix`, or already its answer when nothing is left to choose (the
    prefix is a whole round trip, or only the way home remains)."""
    matrix = as_matrix(weights)
    n = matrix.shape[0]
    if n > max_rooms:
        raise ValueError(f"{method} is for at most {max_rooms} rooms, got {n}")
    path = _check_prefix(n, prefix)
    done = tour_value(matrix, path) if len(path) > 1 else 0
    if len(path) == n + 1:
        return Solution(done, path)
    rest = sorted(set(range(1, n)) - set(path))
    if not rest:
        return Solution(done + int(matrix[path[-1], 0]), path + (0,))
    return _Search(matrix, path, done, rest)


def _canonical(tour: Tour, prefix_len: int) -> Tour:
    # With only the start fixed, a cycle and its reverse score the same: report the one whose
    # second room is smaller, so every solver names the same optimum the same way.
    if prefix_len == 1 and len(tour) > 3 and tour[1] > tour[-2]:
        return tuple(reversed(tour))
    return tour


def brute_force(weights: Sequence[Sequence[int]] | np.ndarray, prefix: Sequence[int] = (0,)) -> Solution:
    """Best round trip extending `prefix`, by trying every order of the remaining rooms.

    Ties go to the lexicographically first order, which is already canonical for prefix (0,).
    """
    search = _search(weights, prefix, BRUTE_FORCE_MAX_ROOMS, "brute force")
    if isinstance(search, Solution):
        return search
    matrix, path, done, last = search.matrix, search.path, search.done, search.path[-1]
    rest = np.asarray(search.rest, dtype=np.int64)
    orders = rest[_permutations(rest.size)]
    values = matrix[last, orders[:, 0]] + matrix[orders[:, -1], 0]
    if rest.size > 1:
        values = values + matrix[orders[:, :-1], orders[:, 1:]].sum(axis=1)
    best = int(np.argmax(values))
    tour = path + tuple(int(room) for room in orders[best]) + (0,)
    return Solution(done + int(values[best]), _canonical(tour, len(path)))


@lru_cache(maxsize=16)
def _layers(m: int) -> tuple[tuple[int, np.ndarray, np.ndarray], ...]:
    """Held–Karp's fill order for m rooms: (j, subsets ending at j, those subsets without j),
    by growing subset size so every predecessor is final; cached because games re-solve often."""
    masks = np.arange(1 << m, dtype=np.int64)
    sizes = np.array([bin(mask).count("1") for mask in range(1 << m)], dtype=np.int64)
    order = []
    for size in range(2, m + 1):
        layer = masks[sizes == size]
        for j in range(m):
            ends_at_j = layer[(layer >> j) & 1 == 1]
            order.append((j, ends_at_j, ends_at_j ^ (1 << j)))
    return tuple(order)


def held_karp(weights: Sequence[Sequence[int]] | np.ndarray, prefix: Sequence[int] = (0,)) -> Solution:
    """Best round trip extending `prefix` by dynamic programming over subsets (O(2^m m^2)).

    best[S, j] = most coins on a walk from the prefix's last room through exactly the remaining
    rooms in S, ending at j; layers of equal |S| are filled with numpy so 16 rooms take well
    under a second.
    """
    search = _search(weights, prefix, HELD_KARP_MAX_ROOMS, "Held–Karp")
    if isinstance(search, Solution):
        return search
    matrix, path, done, last, rest = search.matrix, search.path, search.done, search.path[-1], search.rest
    m = len(rest)
    sub = matrix[np.ix_(rest, rest)]
    full = (1 << m) - 1
    best = np.full((1 << m, m), _UNREACHABLE, dtype=np.int64)
    parent = np.full((1 << m, m), -1, dtype=np.int64)
    for j in range(m):
        best[1 << j, j] = matrix[last, rest[j]]
    for j, ends_at_j, before in _layers(m):
        candidates = best[before] + sub[:, j]  # (masks, m): come from k, then walk k -> j
        candidates[best[before] == _UNREACHABLE] = _UNREACHABLE
        come_from = np.argmax(candidates, axis=1)  # first maximum: deterministic ties
        best[ends_at_j, j] = candidates[np.arange(ends_at_j.size), come_from]
        parent[ends_at_j, j] = come_from
    closing = best[full] + matrix[np.asarray(rest), 0]
    end = int(np.argmax(closing))
    order: list[int] = []
    mask, j = full, end
    while j >= 0:
        order.append(rest[j])
        mask, j = mask ^ (1 << j), int(parent[mask, j])
    tour = path + tuple(reversed(order)) + (0,)
    return Solution(done + int(closing[end]), _canonical(tour, len(path)))


def best_tour(weights: Sequence[Sequence[int]] | np.ndarray, prefix: Sequence[int] = (0,)) -> Solution:
    """The exact optimum: brute force up to 7 rooms, Held–Karp up to 16 (measured faster from 8)."""
    n = as_matrix(weights).shape[0]
    if n <= BRUTE_FORCE_PREFERRED_ROOMS:
        return brute_force(weights, prefix)
    return held_karp(weights, prefix)


def worst_tour(weights: Sequence[Sequence[int]] | np.ndarray) -> Solution:
    """The fewest-coins round trip (the floor of the range-normalised score)."""
    matrix = as_matrix(weights)
    low = best_tour(-matrix)
    return Solution(-low.value, low.tour)


def all_tours(n: int) -> np.ndarray:
    """Every distinct round trip on n ≤ 9 rooms once (a cycle and its reverse are one tour).

    Shape ((n-1)!/2, n+1): rows (0, r1, ..., 0) with r1 < r_{n-1}. The percentile rank and the
    random-tour baseline are exact averages over this set.
    """
    if not 3 <= n <= BRUTE_FORCE_MAX_ROOMS:
        raise ValueError(f"tour enumeration is for 3 to {BRUTE_FORCE_MAX_ROOMS} rooms, got {n}")
    orders = _permutations(n - 1) + 1
    orders = orders[orders[:, 0] < orders[:, -1]]
    zeros = np.zeros((orders.shape[0], 1), dtype=np.int64)
    return np.hstack([zeros, orders, zeros])


def all_tour_values(weights: Sequence[Sequence[int]] | np.ndarray) -> np.ndarray:
    """Coins of every distinct tour, in `all_tours` order."""
    matrix = as_matrix(weights)
    tours = all_tours(matrix.shape[0])
    return matrix[tours[:, :-1], tours[:, 1:]].sum(axis=1)
