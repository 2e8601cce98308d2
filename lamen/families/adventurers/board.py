"""Traveling Adventurers boards: rooms, both players' private coin weights, seeded generators.

A board is a complete graph on a start room plus 3–8 more rooms. The two players (`user`, who
opens, and `bot`, the paper's names) see the same rooms; each knows only its own coins per
hallway, and the team collects the sum of both along the tour (paper §3).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from lamen.families.adventurers.solver import all_tour_values

ROLES: tuple[str, str] = ("user", "bot")
MIN_ROOMS, MAX_ROOMS = 4, 9
# Room ids and names: the paper's house (living room first: every game starts there). The
# self-play boards use L E B K C A, the human-agent boards L K B A G P; S extends to 9 rooms.
ROOM_NAMES: Mapping[str, str] = {
    "L": "living room", "K": "kitchen", "B": "bathroom", "A": "attic", "G": "garden",
    "P": "play room", "E": "empty room", "C": "children's room", "S": "study",
}
PAPER_ROOMS: tuple[str, ...] = ("L", "E", "B", "K", "C", "A")
HUMAN_AGENT_ROOMS: tuple[str, ...] = ("L", "K", "B", "A", "G", "P")

Matrix = tuple[tuple[int, ...], ...]


class BoardError(ValueError):
    """A board that cannot be played; the message is one line naming the field."""


def edges(n: int) -> tuple[tuple[int, int], ...]:
    """Hallways (i, j), i < j, in the canonical order used by JSON and content ids."""
    return tuple((i, j) for i in range(n) for j in range(i + 1, n))


def matrix_from_edges(n: int, values: Sequence[int]) -> Matrix:
    rows = [[0] * n for _ in range(n)]
    for (i, j), value in zip(edges(n), values, strict=True):
        rows[i][j] = rows[j][i] = int(value)
    return tuple(tuple(row) for row in rows)


@dataclass(frozen=True)
class Board:
    rooms: tuple[str, ...]            # room ids; rooms[0] is the start room
    weights: tuple[Matrix, Matrix]    # coins per hallway, (user, bot); symmetric, zero diagonal

    def __post_init__(self) -> None:
        n = len(self.rooms)
        if not MIN_ROOMS <= n <= MAX_ROOMS:
            raise BoardError(f"rooms: a board has {MIN_ROOMS}–{MAX_ROOMS} rooms, got {n}")
        if len(set(self.rooms)) != n or not all(isinstance(r, str) and r for r in self.rooms):
            raise BoardError(f"rooms: ids must be distinct non-empty strings, got {list(self.rooms)}")
        if len(self.weights) != 2:
            raise BoardError("weights: one table per player (user, bot)")
        for role, table in zip(ROLES, self.weights, strict=True):
            if len(table) != n or any(len(row) != n for row in table):
                raise BoardError(f"weights.{role}: expected a {n}×{n} table")
            for i, j in edges(n):
                value = table[i][j]
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise BoardError(f"weights.{role}: {self.rooms[i]}–{self.rooms[j]} must be a "
                                     f"non-negative integer, got {value!r}")
                if table[j][i] != value or table[i][i] != 0:
                    raise BoardError(f"weights.{role}: the table must be symmetric with a zero diagonal")

    @property
    def start(self) -> str:
        return self.rooms[0]

    def own(self, role: str) -> Matrix:
        return self.weights[ROLES.index(role)]

    def joint(self) -> np.ndarray:
        """The team's coins per hallway: both players collect on every hallway walked."""
        return np.asarray(self.weights[0], dtype=np.int64) + np.asarray(self.weights[1], dtype=np.int64)

    def index(self, room: str) -> int:
        return self.rooms.index(room)

    def to_json(self) -> dict[str, Any]:
        n = len(self.rooms)
        return {
            "rooms": list(self.rooms),
            "weights": {role: [[self.rooms[i], self.rooms[j], table[i][j]] for i, j in edges(n)]
                        for role, table in zip(ROLES, self.weights, strict=True)},
        }

    @property
    def content_id(self) -> str:
        """Hash of the canonical JSON: equal boards get equal ids whatever generated them."""
        canonical = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return "ta-" + hashlib.sha256(canonical.encode()).hexdigest()[:16]


def board_from_json(data: Any, where: str = "board") -> Board:
    """The inverse of `Board.to_json`; also reads hallways in any order or orientation."""
    if not isinstance(data, Mapping):
        raise BoardError(f"{where}: expected an object with rooms and weights")
    rooms = data.get("rooms")
    if not isinstance(rooms, list) or not all(isinstance(r, str) for r in rooms):
        raise BoardError(f"{where}.rooms: expected a list of room ids")
    weights = data.get("weights")
    if not isinstance(weights, Mapping) or set(weights) != set(ROLES):
        raise BoardError(f"{where}.weights: expected exactly the players {list(ROLES)}")
    tables = tuple(matrix_from_hallways(tuple(rooms), weights[role], f"{where}.weights.{role}")
                   for role in ROLES)
    try:
        return Board(tuple(rooms), (tables[0], tables[1]))
    except BoardError as err:
        raise BoardError(f"{where}: {err}") from None


def matrix_from_hallways(rooms: tuple[str, ...], hallways: Any, where: str) -> Matrix:
    """A weight table from [[room, room, coins], ...] covering every hallway exactly once."""
    if not isinstance(hallways, list):
        raise BoardError(f"{where}: expected a list of [room, room, coins]")
    n = len(rooms)
    position = {room: i for i, room in enumerate(rooms)}
    rows = [[0] * n for _ in range(n)]
    seen: set[tuple[int, int]] = set()
    for entry in hallways:
        if not (isinstance(entry, list) and len(entry) == 3):
            raise BoardError(f"{where}: expected [room, room, coins], got {entry!r}")
        a, b, coins = entry
        if a not in position or b not in position:
            raise BoardError(f"{where}: {entry!r} names a room not in {list(rooms)}")
        if a == b:
            raise BoardError(f"{where}: {entry!r} is a hallway from a room to itself")
        if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
            raise BoardError(f"{where}: coins in {entry!r} must be a non-negative integer")
        i, j = sorted((position[a], position[b]))
        if (i, j) in seen:
            raise BoardError(f"{where}: the hallway {a}–{b} is listed twice")
        seen.add((i, j))
        rows[i][j] = rows[j][i] = coins
    missing = [f"{rooms[i]}–{rooms[j]}" for i, j in edges(n) if (i, j) not in seen]
    if missing:
        raise BoardError(f"{where}: missing hallways {', '.join(missing)}")
    return tuple(tuple(row) for row in rows)


def _rooms(n_rooms: int, catalogue: tuple[str, ...]) -> tuple[str, ...]:
    if not MIN_ROOMS <= n_rooms <= MAX_ROOMS:
        raise BoardError(f"n_rooms: a board has {MIN_ROOMS}–{MAX_ROOMS} rooms, got {n_rooms}")
    extra = tuple(room for room in ROOM_NAMES if room not in catalogue)
    return (catalogue + extra)[:n_rooms]


def random_board(seed: int, n_rooms: int = 6, low: int = 1, high: int = 10) -> Board:
    """Each hallway's coins uniform in [low, high] for each player independently."""
    rng = random.Random(f"adventurers:random:{n_rooms}:{low}:{high}:{seed}")
    rooms = _rooms(n_rooms, HUMAN_AGENT_ROOMS)
    count = len(edges(n_rooms))
    tables = [matrix_from_edges(n_rooms, [rng.randint(low, high) for _ in range(count)]) for _ in ROLES]
    return Board(rooms, (tables[0], tables[1]))


Shape = Literal["any", "divergent", "aligned"]


def board_shape(board: Board) -> Literal["divergent", "aligned"]:
    """`aligned`: some player's own-coins optimum is also a team optimum; else `divergent`.

    Divergent boards are the ones that need negotiation (paper Fig. 2: no player's individual
    optimum is the joint one).
    """
    joint = all_tour_values(board.joint())
    for table in board.weights:
        own = all_tour_values(table)
        if joint[own == own.max()].max() == joint.max():
            return "aligned"
    return "divergent"


def paper_like_board(seed: int, n_rooms: int = 6, shape: Shape = "any") -> Board:
    """Boards like the paper's six self-play setups: coins 1–6 per hallway per player.

    The paper's boards were made by hand to contrast individual and joint optima; `shape` asks
    for one kind by rejection sampling (a seeded search, so the same seed gives the same board).
    """
    for attempt in range(10_000):
        rng = random.Random(f"adventurers:paper-like:{n_rooms}:{shape}:{seed}:{attempt}")
        count = len(edges(n_rooms))
        tables = [matrix_from_edges(n_rooms, [rng.randint(1, 6) for _ in range(count)]) for _ in ROLES]
        board = Board(_rooms(n_rooms, PAPER_ROOMS), (tables[0], tables[1]))
        if shape == "any" or board_shape(board) == shape:
            return board
    raise BoardError(f"shape: no {shape} board found for seed {seed}")  # not reached for 4–9 rooms


def balanced_weights(rng: random.Random, count: int, low: int = 1, high: int = 10,
                     deviation: int = 3) -> list[int]:
    """`count` integers in [low, high] summing to ⌊(low + high)·count / 2⌋ (paper App. B).

    Hallways are filled in a random order; each draws near the mean still needed (± `deviation`),
    clipped so the hallways left can still reach the total within bounds. The paper does not give
    its deviation; 3 keeps weights spread over most of 1–10 (our assumption).
    """
    total = (low + high) * count // 2
    values: list[int] = []
    for left in range(count, 0, -1):
        needed = total - sum(values)
        floor = max(low, needed - high * (left - 1))     # the rest can give at most `high` each
        ceiling = min(high, needed - low * (left - 1))   # ... and must give at least `low` each
        target = needed / left
        lo, hi = max(floor, round(target - deviation)), min(ceiling, round(target + deviation))
        if lo > hi:  # the window around the target left the feasible range: stay feasible
            lo, hi = floor, ceiling
        values.append(rng.randint(lo, hi))
    order = list(range(count))
    rng.shuffle(order)
    return [values[k] for k in order]


def human_agent_board(seed: int, n_rooms: int = 6) -> Board:
    """The paper's human-agent generator: coins 1–10, each player's total fixed (82 for 6 rooms)."""
    rng = random.Random(f"adventurers:human-agent:{n_rooms}:{seed}")
    count = len(edges(n_rooms))
    tables = [matrix_from_edges(n_rooms, balanced_weights(rng, count)) for _ in ROLES]
    return Board(_rooms(n_rooms, HUMAN_AGENT_ROOMS), (tables[0], tables[1]))
