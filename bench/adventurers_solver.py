"""Time the Traveling Adventurers exact solvers and one scripted game per board size.

Prints JSON: per number of rooms, milliseconds per solve for brute force and Held–Karp (mean
over random boards) and per share-all-solver self-play game. Run: python bench/adventurers_solver.py
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from lamen.families.adventurers.board import human_agent_board
from lamen.families.adventurers.policies import share_all_solver
from lamen.families.adventurers.sim import play
from lamen.families.adventurers.solver import BRUTE_FORCE_MAX_ROOMS, brute_force, held_karp


def _ms(function, items: list) -> float:
    function(items[0])  # warm the per-size caches
    start = time.perf_counter()
    for item in items:
        function(item)
    return round((time.perf_counter() - start) / len(items) * 1e3, 3)


def bench(n: int, boards: int) -> dict[str, float | int | None]:
    rng = np.random.default_rng(n)
    upper = [np.triu(rng.integers(1, 21, (n, n)), 1) for _ in range(boards)]
    matrices = [m + m.T for m in upper]
    game_boards = [human_agent_board(seed, n) for seed in range(boards)] if 4 <= n <= 9 else []
    return {
        "rooms": n,
        "boards": boards,
        "brute_force_ms": _ms(brute_force, matrices) if n <= BRUTE_FORCE_MAX_ROOMS else None,
        "held_karp_ms": _ms(held_karp, matrices),
        "share_all_self_play_ms": _ms(lambda b: play(b, share_all_solver, share_all_solver), game_boards)
        if game_boards else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[4, 5, 6, 7, 8, 9, 12, 16])
    parser.add_argument("--boards", type=int, default=20)
    args = parser.parse_args()
    print(json.dumps([bench(n, args.boards if n <= 12 else 3) for n in args.rooms], indent=2))


if __name__ == "__main__":
    main()
