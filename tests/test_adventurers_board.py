"""Boards: seeded generators, the paper's weight rules, content ids, JSON and the board-file reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lamen.families.adventurers.board import (
    Board, BoardError, board_from_json, board_shape, edges, human_agent_board, paper_like_board,
    random_board,
)
from lamen.families.adventurers.boards_file import read_boards
from tests.adventurers_boards import PAPER_BOARD_1, PAPER_BOARD_1_BOT, PAPER_BOARD_1_USER


def test_generators_are_seeded_and_pinned() -> None:
    # Golden ids: a change here changes every stored instance id; do it on purpose only.
    assert paper_like_board(0).content_id == "ta-66d02243b91bb5a3"
    assert human_agent_board(0).content_id == "ta-461b1f12d1f3189f"
    assert random_board(0).content_id == "ta-039415bbf5eb7ff9"
    assert paper_like_board(7).content_id == paper_like_board(7).content_id
    assert paper_like_board(7).content_id != paper_like_board(8).content_id


def test_human_agent_board_follows_the_paper_sum_rule() -> None:
    # App. B: coins 1–10, each player's total ⌊(1 + 10)·|E|/2⌋ — 82 for 6 rooms.
    board = human_agent_board(0)
    assert board.rooms == ("L", "K", "B", "A", "G", "P")
    assert board.to_json()["weights"]["user"][:3] == [["L", "K", 7], ["L", "B", 2], ["L", "A", 6]]
    for seed in range(300):
        n = 4 + seed % 6
        board = human_agent_board(seed, n)
        target = 11 * len(edges(n)) // 2
        for table in board.weights:
            coins = [table[i][j] for i, j in edges(n)]
            assert sum(coins) == target and min(coins) >= 1 and max(coins) <= 10, (seed, n)
    assert 11 * len(edges(6)) // 2 == 82


def test_paper_like_boards_use_coins_one_to_six_and_honour_the_shape() -> None:
    for seed in range(20):
        divergent, aligned = paper_like_board(seed, shape="divergent"), paper_like_board(seed, shape="aligned")
        assert board_shape(divergent) == "divergent" and board_shape(aligned) == "aligned"
        assert {table[i][j] for table in divergent.weights for i, j in edges(6)} <= set(range(1, 7))
    assert paper_like_board(0).rooms == ("L", "E", "B", "K", "C", "A")
    assert paper_like_board(0, n_rooms=9).rooms == ("L", "E", "B", "K", "C", "A", "G", "P", "S")


def test_paper_board_1_is_divergent() -> None:
    # Neither player's own optimum is a team optimum on the paper's first board (USER's scores 49).
    assert board_shape(PAPER_BOARD_1) == "divergent"


def test_json_round_trip_keeps_board_and_id() -> None:
    for board in (PAPER_BOARD_1, human_agent_board(3, 9), random_board(5, 4)):
        again = board_from_json(json.loads(json.dumps(board.to_json())))
        assert again == board and again.content_id == board.content_id


@pytest.mark.parametrize(("data", "message"), [
    ({"rooms": ["L", "K", "B"], "weights": {}}, "board.weights: expected exactly the players ['user', 'bot']"),
    ({"rooms": ["L", "K", "B"], "weights": {"user": [], "bot": []}}, "board.weights.user: missing hallways L–K, L–B, K–B"),
    ({"rooms": "LKBA", "weights": {}}, "board.rooms: expected a list of room ids"),
])
def test_bad_board_json_gives_one_line(data: dict, message: str) -> None:
    with pytest.raises(BoardError) as err:
        board_from_json(data)
    assert str(err.value) == message


def test_board_checks_size_and_coins() -> None:
    with pytest.raises(BoardError, match=r"^n_rooms: a board has 4–9 rooms, got 10$"):
        random_board(0, 10)
    table = ((0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, -1), (1, 1, -1, 0))
    with pytest.raises(BoardError, match=r"^weights.user: B–A must be a non-negative integer, got -1$"):
        Board(("L", "K", "B", "A"), (table, table))


def _paper_file(tmp_path: Path, boards: dict) -> Path:
    path = tmp_path / "boards_6.json"
    path.write_text(json.dumps(boards), encoding="utf-8")
    return path


def test_read_boards_reads_the_paper_layout(tmp_path: Path) -> None:
    optimal = [["L", "E", "A", "B", "K", "C", "L"], ["L", "E", "K", "C", "B", "A", "L"], 52]
    path = _paper_file(tmp_path, {
        "1": {"BOT": PAPER_BOARD_1_BOT, "USER": PAPER_BOARD_1_USER, "OPTIMAL": optimal},
        # Hallways in any orientation and order; the living room still starts.
        "2": {"BOT": PAPER_BOARD_1_USER[::-1], "USER": [[b, a, w] for a, b, w in PAPER_BOARD_1_BOT]},
    })
    boards = read_boards(path)
    assert list(boards) == ["1", "2"]
    assert boards["1"] == PAPER_BOARD_1
    assert boards["2"].own("user") == PAPER_BOARD_1.own("bot") and boards["2"].own("bot") == PAPER_BOARD_1.own("user")


def test_read_boards_reads_lamen_json(tmp_path: Path) -> None:
    path = tmp_path / "boards.json"
    path.write_text(json.dumps([PAPER_BOARD_1.to_json(), human_agent_board(1).to_json()]), encoding="utf-8")
    assert list(read_boards(path).values()) == [PAPER_BOARD_1, human_agent_board(1)]


@pytest.mark.parametrize(("content", "message"), [
    (None, "{path}: no such file"),
    ("{not json", "{path}: not JSON (line 1, column 2: Expecting property name enclosed in double quotes)"),
    ("3", "{path}: expected an object of boards by id (the paper's layout) or a list of boards"),
    ("{}", "{path}: no boards in the file"),
    ('{"1": {"USER": []}}', "{path}: board 1: missing BOT"),
    ('{"1": {"USER": [["L", "E", 5]], "BOT": [["L", "E", 5]]}}',
     "{path}: board 1: rooms: a board has 4–9 rooms, got 2"),
    ('{"7": {"USER": [["L", "K", 1], ["L", "B", 1], ["L", "A", 1], ["K", "B", 1], ["K", "A", 1], ["B", "A", 1]],'
     ' "BOT": [["L", "K", 1], ["K", "L", 1]]}}',
     "{path}: board 7.BOT: the hallway K–L is listed twice"),
    ('{"7": {"USER": [["L", "K", 1], ["L", "B", 1], ["L", "A", 1], ["K", "B", 1], ["K", "A", 1], ["B", "A", 1.5]],'
     ' "BOT": []}}',
     "{path}: board 7.USER: coins in ['B', 'A', 1.5] must be a non-negative integer"),
    ('{"7": {"USER": [["L", "K", 1], ["L", "B", 1], ["L", "A", 1], ["K", "B", 1], ["K", "A", 1], ["B", "A", 1]],'
     ' "BOT": [["L", "K", 1], ["L", "B", 1], ["L", "A", 1], ["K", "B", 1], ["K", "A", 1], ["B", "A", 1]],'
     ' "OPTIMAL": [["L", "K", "B", "A", "L"], 9]}}',
     "{path}: board 7.OPTIMAL: says 9 coins but the best tour collects 8"),
    ('{"7": {"USER": [["L", "K", 1], ["L", "B", 1], ["L", "A", 1], ["K", "B", 1], ["K", "A", 1], ["B", "A", 1]],'
     ' "BOT": [["L", "K", 1], ["L", "B", 1], ["L", "A", 1], ["K", "B", 1], ["K", "X", 1], ["B", "A", 1]]}}',
     "{path}: board 7.BOT: ['K', 'X', 1] names a room not in ['L', 'K', 'B', 'A']"),
])
def test_read_boards_errors_are_one_line(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "boards_6.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BoardError) as err:
        read_boards(path)
    assert str(err.value) == message.format(path=path)
    assert "\n" not in str(err.value)
