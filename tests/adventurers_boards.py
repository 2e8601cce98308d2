"""Shared Traveling Adventurers test boards (not a test module).

PAPER_BOARD_1 is the board printed in the seed paper's prompt examples (Jeknić et al. 2025,
Figs. 12–13: the ghost-world and light-world coin lists); its team optimum of 52 coins along
L-E-A-B-K-C-L is stated in the example dialogue. HAND_BOARD is a 4-room board worked by hand.
"""

from __future__ import annotations

from lamen.families.adventurers.board import Board, matrix_from_hallways

PAPER_ROOMS = ("L", "E", "B", "K", "C", "A")
PAPER_BOARD_1_USER = [["L", "E", 5], ["L", "B", 3], ["L", "K", 1], ["L", "C", 6], ["L", "A", 2],
                      ["E", "B", 4], ["E", "K", 6], ["E", "C", 1], ["E", "A", 3], ["B", "K", 2],
                      ["B", "C", 5], ["B", "A", 6], ["K", "C", 3], ["K", "A", 4], ["C", "A", 1]]
PAPER_BOARD_1_BOT = [["L", "E", 6], ["L", "B", 4], ["L", "K", 2], ["L", "C", 1], ["L", "A", 5],
                     ["E", "B", 3], ["E", "K", 1], ["E", "C", 2], ["E", "A", 6], ["B", "K", 5],
                     ["B", "C", 4], ["B", "A", 3], ["K", "C", 6], ["K", "A", 2], ["C", "A", 1]]
PAPER_BOARD_1 = Board(PAPER_ROOMS, (matrix_from_hallways(PAPER_ROOMS, PAPER_BOARD_1_USER, "user"),
                                    matrix_from_hallways(PAPER_ROOMS, PAPER_BOARD_1_BOT, "bot")))

# Joint coins: L-K 1, L-B 2, L-A 3, K-B 4, K-A 5, B-A 9. A 4-room tour leaves out one perfect
# matching, so tour = 24 − matching: L-K-B-A-L and L-K-A-B-L leave out 7 (17 coins), L-B-K-A-L
# leaves out L-K + B-A = 10 (14 coins). Worst 14, best 17, three tours.
HAND_ROOMS = ("L", "K", "B", "A")
HAND_BOARD = Board(HAND_ROOMS, (
    matrix_from_hallways(HAND_ROOMS, [["L", "K", 1], ["L", "B", 1], ["L", "A", 2],
                                      ["K", "B", 2], ["K", "A", 3], ["B", "A", 4]], "user"),
    matrix_from_hallways(HAND_ROOMS, [["L", "K", 0], ["L", "B", 1], ["L", "A", 1],
                                      ["K", "B", 2], ["K", "A", 2], ["B", "A", 5]], "bot"),
))
