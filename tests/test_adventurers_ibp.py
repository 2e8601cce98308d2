"""The intermediate best path against an independent brute force, and the paper's own examples."""

from __future__ import annotations

import itertools
import random

from lamen.families.adventurers.board import edges, human_agent_board
from lamen.families.adventurers.ibp import intermediate_best_path, known_coins
from lamen.families.adventurers.solver import tour_value
from tests.adventurers_boards import PAPER_BOARD_1, PAPER_ROOMS


def _naive_ibp(own, learned, agreed: tuple[int, ...]) -> int:
    """Every completion of the agreed prefix, scored with own + told partner coins (unknown = 0)."""
    n = len(own)
    def coins(i: int, j: int) -> int:
        return own[i][j] + (learned[i][j] or 0)
    best = None
    for order in itertools.permutations([r for r in range(1, n) if r not in agreed]):
        tour = agreed + order + (0,)
        total = sum(coins(a, b) for a, b in zip(tour, tour[1:]))
        best = total if best is None or total > best else best
    return best


def test_ibp_equals_brute_force_over_completions() -> None:
    rng = random.Random(4)
    for seed in range(300):
        n = 4 + seed % 4
        board = human_agent_board(seed, n)
        partner = board.own("bot")
        learned = [[None] * n for _ in range(n)]
        for i, j in edges(n):
            if rng.random() < 0.5:
                learned[i][j] = learned[j][i] = partner[i][j]
        rest = list(range(1, n))
        rng.shuffle(rest)
        agreed = (0, *rest[: rng.randrange(n - 1)])
        solution = intermediate_best_path(board.own("user"), learned, agreed)
        assert solution.value == _naive_ibp(board.own("user"), learned, agreed), (seed, agreed)
        assert solution.tour[: len(agreed)] == agreed
        assert tour_value(known_coins(board.own("user"), learned), solution.tour) == solution.value


def _unknown(n: int) -> list[list[int | None]]:
    return [[0 if i == j else None for j in range(n)] for i in range(n)]


def test_paper_figure_15_opening_ibp() -> None:
    # Fig. 15: ghost-world coins only, nothing learned → [IBP] L-E-A-K-C-B-L (28 own coins; its
    # reverse pair L-B-K-C-A-E-L ties, and we name the paper's one).
    solution = intermediate_best_path(PAPER_BOARD_1.own("bot"), _unknown(6))
    assert [PAPER_ROOMS[i] for i in solution.tour] == list("LEAKCBL") and solution.value == 28


def test_paper_figure_15_later_ibp() -> None:
    # Fig. 15 later: nine light-world coins learned, Visited L-E-A → [IBP] L-E-A-B-K-C-L, the
    # team optimum of 52 (the only best completion: the runner-up collects 44).
    learned = _unknown(6)
    told = [("L", "E", 5), ("L", "B", 3), ("L", "C", 6), ("L", "A", 2), ("E", "A", 3), ("E", "K", 6),
            ("B", "A", 6), ("B", "K", 2), ("K", "C", 3)]
    for a, b, coins in told:
        i, j = PAPER_ROOMS.index(a), PAPER_ROOMS.index(b)
        learned[i][j] = learned[j][i] = coins
    visited = tuple(PAPER_ROOMS.index(room) for room in "LEA")
    solution = intermediate_best_path(PAPER_BOARD_1.own("bot"), learned, visited)
    assert [PAPER_ROOMS[i] for i in solution.tour] == list("LEABKCL") and solution.value == 52


def test_unknown_partner_coins_count_zero() -> None:
    own = [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 0]]
    learned = _unknown(4)
    learned[0][3] = learned[3][0] = 10  # told: L–A is worth 10 to the partner
    solution = intermediate_best_path(own, learned)
    assert solution.value == 4 + 10 and 3 in (solution.tour[1], solution.tour[-2])
