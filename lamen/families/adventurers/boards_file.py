"""Read a user's own copy of the paper's board file (`boards_6.json`) or lamen's board JSON.

The paper does not describe its board file. What we read is the layout of the authors' released
`boards_6.json` (we ship nothing from it, the repository has no license):

    {"1": {"USER": [["L", "E", 5], ...], "BOT": [["L", "E", 6], ...],
           "OPTIMAL": [["L", "E", "K", ...], ..., 52]}, "2": {...}}

one object per board id; USER and BOT list every hallway once as [room, room, coins]; rooms are
ordered as USER first names them, except that the living room "L" starts (the paper: "the first
room is always the living room"; a file without "L" starts at its first room); OPTIMAL, when
present, lists optimal tours and ends with the optimum's joint coins, which we check. A JSON list
of `Board.to_json()` objects (lamen's own format; `board` in an entry gives its id, as in the file
`lamen import adventurers-boards` writes) is read too. Every error is one line naming the file,
the board and the field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lamen.families.adventurers.board import Board, BoardError, board_from_json, matrix_from_hallways
from lamen.families.adventurers.solver import best_tour, tour_value

PLAYER_KEYS = {"user": "USER", "bot": "BOT"}
START_ROOM = "L"


def read_boards(path: str | Path) -> dict[str, Board]:
    """Boards by id, in file order; raises BoardError with a one-line message."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardError(f"{source}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise BoardError(f"{source}: cannot read ({type(err).__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BoardError(f"{source}: not JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    if isinstance(data, list):
        boards = {}
        for k, item in enumerate(data):
            key = _list_key(item, k, f"{source}: board {k + 1}")
            if key in boards:
                raise BoardError(f"{source}: board {k + 1}.board: the id {key!r} is used twice")
            boards[key] = board_from_json(item, f"{source}: board {key}")
    elif isinstance(data, dict):
        boards = {str(key): _paper_board(item, f"{source}: board {key}") for key, item in data.items()}
    else:
        raise BoardError(f"{source}: expected an object of boards by id (the paper's layout) or a list of boards")
    if not boards:
        raise BoardError(f"{source}: no boards in the file")
    return boards


def _list_key(item: Any, k: int, where: str) -> str:
    """A board's id in lamen's list: its `board` field (written by `boards_json`), else its place."""
    if isinstance(item, dict) and "board" in item:
        key = item["board"]
        if not isinstance(key, str | int) or isinstance(key, bool) or not str(key).strip():
            raise BoardError(f"{where}.board: expected the board's id (a string or number), got {key!r}")
        return str(key)
    return str(k + 1)


def boards_json(boards: dict[str, Board], instance_ids: dict[str, str]) -> str:
    """The file `lamen import adventurers-boards` writes: a list in lamen's board format, each
    board with its id in the source file and the content id of its instance (what results name);
    `read_boards` reads it back to the same boards under the same ids."""
    entries = [{"board": key, "instance": instance_ids[key], **board.to_json()} for key, board in boards.items()]
    return "[\n" + ",\n".join(json.dumps(e, ensure_ascii=False) for e in entries) + "\n]\n"  # a board a line


def _paper_board(item: Any, where: str) -> Board:
    if not isinstance(item, dict):
        raise BoardError(f"{where}: expected an object with USER and BOT hallways")
    for key in PLAYER_KEYS.values():
        if key not in item:
            raise BoardError(f"{where}: missing {key}")
    rooms = _rooms_in_order(item["USER"], f"{where}.USER")
    try:
        tables = [matrix_from_hallways(rooms, item[key], f"{where}.{key}") for key in PLAYER_KEYS.values()]
        board = Board(rooms, (tables[0], tables[1]))
    except BoardError as err:
        message = str(err)
        raise BoardError(message if message.startswith(where) else f"{where}: {message}") from None
    if "OPTIMAL" in item:
        _check_optimal(board, item["OPTIMAL"], f"{where}.OPTIMAL")
    return board


def _rooms_in_order(hallways: Any, where: str) -> tuple[str, ...]:
    if not isinstance(hallways, list) or not hallways:
        raise BoardError(f"{where}: expected a non-empty list of [room, room, coins]")
    rooms: list[str] = []
    for entry in hallways:
        if not (isinstance(entry, list) and len(entry) == 3 and all(isinstance(r, str) for r in entry[:2])):
            raise BoardError(f"{where}: expected [room, room, coins], got {entry!r}")
        rooms.extend(room for room in entry[:2] if room not in rooms)
    if START_ROOM in rooms:
        rooms.remove(START_ROOM)
        rooms.insert(0, START_ROOM)
    return tuple(rooms)


def _check_optimal(board: Board, stated: Any, where: str) -> None:
    if not (isinstance(stated, list) and stated and isinstance(stated[-1], int)):
        raise BoardError(f"{where}: expected optimal tours followed by their joint coins")
    optimum = best_tour(board.joint()).value
    if stated[-1] != optimum:
        raise BoardError(f"{where}: says {stated[-1]} coins but the best tour collects {optimum}")
    for tour in stated[:-1]:
        if not (isinstance(tour, list) and all(room in board.rooms for room in tour)):
            raise BoardError(f"{where}: {tour!r} is not a list of this board's rooms")
        value = tour_value(board.joint(), [board.index(room) for room in tour])
        if value != optimum:
            raise BoardError(f"{where}: the tour {'-'.join(tour)} collects {value}, not {optimum}")
