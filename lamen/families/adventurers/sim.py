"""A minimal deterministic two-player turn simulator for scripted players (tests, baselines).

USER opens and the players alternate, at most 15 turns each (paper §5.1); a player who ended
acts no more; the game is over when both ended (scored) or the turns run out (timeout, no
score). The state is an immutable value and `step` a pure function, the shape the core's rules
will take; this module stays until the family wrapper replaces it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

from lamen.families.adventurers.board import ROLES, Board
from lamen.families.adventurers.protocol import (
    Action, AdventurerView, Agree, Ask, End, Hallway, Inform, Path, Reject, Suggest, Turn, Visit, hallway,
)
from lamen.families.adventurers.scoring import Outcome, score_game

MAX_TURNS = 15
Policy = Callable[[AdventurerView, random.Random], Turn]
T = TypeVar("T")
Pair = tuple[T, T]  # (user's, bot's), indexed by ROLES.index(role)


class IllegalMove(ValueError):
    """A parsed action the rules do not allow now; for scripted players it is a bug."""


@dataclass(frozen=True)
class GameState:
    agreed: Path
    visited: Pair[Path] = ((), ())
    suggestion: Pair[Path | None] = (None, None)         # each player's open suggestion, as a segment
    rejected: Pair[tuple[Path, ...]] = ((), ())          # rejected by each since the last agreement
    learned: Pair[Mapping[Hallway, int]] = ({}, {})      # what each player was told (never mutated)
    told: Pair[frozenset[Hallway]] = (frozenset(), frozenset())
    asked_of: Pair[tuple[Hallway, ...]] = ((), ())       # asked of each player, not yet told
    asked_by: Pair[frozenset[Hallway]] = (frozenset(), frozenset())
    submitted: Pair[Path | None] = (None, None)
    turns: Pair[int] = (0, 0)
    log: tuple[tuple[str, Turn], ...] = ()


def initial_state(board: Board) -> GameState:
    return GameState(agreed=(board.start,), visited=((board.start,), (board.start,)))


def _set(pair: Pair[T], k: int, value: T) -> Pair[T]:
    return (value, pair[1]) if k == 0 else (pair[0], value)


def as_segment(board: Board, agreed: Path, path: Path) -> Path:
    """A suggested path as a segment from the last agreed room; raises IllegalMove if it cannot be."""
    if len(agreed) > 1 and path[:len(agreed)] == agreed:
        path = path[len(agreed) - 1:]  # a full path from the start that keeps the agreed prefix
    if len(path) < 2 or path[0] != agreed[-1]:
        raise IllegalMove(f"a suggestion continues from {agreed[-1]}: got {'-'.join(path)}")
    walked = agreed + path[1:]
    if any(room not in board.rooms for room in path):
        raise IllegalMove(f"{'-'.join(path)} names a room not on the board")
    closes = walked[-1] == board.start
    inner = walked[1:-1] if closes else walked[1:]
    if len(set(inner)) != len(inner) or board.start in inner:
        raise IllegalMove(f"{'-'.join(walked)} enters a room twice")
    if closes and len(walked) != len(board.rooms) + 1:
        raise IllegalMove(f"{'-'.join(walked)} returns to {board.start} before every room is visited")
    return path


def view(board: Board, state: GameState, role: str) -> AdventurerView:
    me, other = ROLES.index(role), 1 - ROLES.index(role)
    learned = state.learned[me]
    n = len(board.rooms)
    table = tuple(tuple(learned.get(hallway(board.rooms[i], board.rooms[j])) if i != j else 0
                        for j in range(n)) for i in range(n))
    return AdventurerView(
        role=role, rooms=board.rooms, own=board.own(role), learned=table, agreed=state.agreed,
        visited=state.visited[me], partner_suggestion=state.suggestion[other],
        own_suggestion=state.suggestion[me], rejected=state.rejected[me],
        asked_of_me=state.asked_of[me], told=state.told[me], asked_by_me=state.asked_by[me],
        partner_submitted=state.submitted[other], turns_left=MAX_TURNS - state.turns[me])


def _apply(board: Board, s: GameState, me: int, action: Action) -> GameState:
    other = 1 - me
    if s.submitted[me] is not None:
        raise IllegalMove("this player already ended the game")
    if isinstance(action, Suggest):
        if len(s.agreed) == len(board.rooms) + 1:
            raise IllegalMove("the round trip is already agreed")
        return replace(s, suggestion=_set(s.suggestion, me, as_segment(board, s.agreed, action.path)))
    if isinstance(action, (Agree, Reject)):
        open_ = s.suggestion[other]
        if open_ is None or as_segment(board, s.agreed, action.path) != open_:
            raise IllegalMove(f"no open suggestion {'-'.join(action.path)} from the partner")
        if isinstance(action, Reject):
            return replace(s, suggestion=_set(s.suggestion, other, None),
                           rejected=_set(s.rejected, me, s.rejected[me] + (open_,)))
        return replace(s, agreed=s.agreed + open_[1:], suggestion=(None, None), rejected=((), ()))
    if isinstance(action, Visit):
        mine = s.visited[me]
        if len(mine) >= len(s.agreed) or s.agreed[len(mine)] != action.room:
            raise IllegalMove(f"{action.room} is not the next agreed room")
        return replace(s, visited=_set(s.visited, me, mine + (action.room,)))
    if isinstance(action, Ask):
        asked = tuple(_hallway(board, a, b) for a, b in action.hallways)
        fresh = tuple(h for h in asked if h not in s.asked_of[other])
        return replace(s, asked_of=_set(s.asked_of, other, s.asked_of[other] + fresh),
                       asked_by=_set(s.asked_by, me, s.asked_by[me] | set(asked)))
    if isinstance(action, Inform):
        told = {_hallway(board, a, b): coins for a, b, coins in action.coins}
        return replace(s, learned=_set(s.learned, other, {**s.learned[other], **told}),
                       told=_set(s.told, me, s.told[me] | set(told)),
                       asked_of=_set(s.asked_of, me, tuple(h for h in s.asked_of[me] if h not in told)))
    if isinstance(action, End):
        return replace(s, submitted=_set(s.submitted, me, tuple(action.path)))
    raise IllegalMove(f"unknown action {action!r}")


def _hallway(board: Board, a: str, b: str) -> Hallway:
    if a not in board.rooms or b not in board.rooms or a == b:
        raise IllegalMove(f"{a}–{b} is not a hallway on this board")
    return hallway(a, b)


def step(board: Board, state: GameState, role: str, turn: Turn) -> GameState:
    """Apply one player's turn: its actions in order, then count the turn."""
    me = ROLES.index(role)
    for action in turn.actions:
        state = _apply(board, state, me, action)
    return replace(state, turns=_set(state.turns, me, state.turns[me] + 1), log=state.log + ((role, turn),))


def next_role(state: GameState) -> str | None:
    """Who acts next: USER opens, then alternate, skipping a player who ended; None when over."""
    if all(path is not None for path in state.submitted):
        return None
    waiting = [k for k in range(2) if state.submitted[k] is None and state.turns[k] < MAX_TURNS]
    if not waiting:
        return None
    if len(waiting) == 1:
        return ROLES[waiting[0]]
    return ROLES[0] if state.turns[0] <= state.turns[1] else ROLES[1]


@dataclass(frozen=True)
class Episode:
    state: GameState
    outcome: Outcome


def play(board: Board, user: Policy, bot: Policy, seed: int = 0) -> Episode:
    """Play one game between two scripted players; each gets its own seeded generator."""
    policies = {ROLES[0]: user, ROLES[1]: bot}
    rngs = {role: random.Random(f"adventurers:play:{seed}:{role}") for role in ROLES}
    state = initial_state(board)
    while (role := next_role(state)) is not None:
        state = step(board, state, role, policies[role](view(board, state, role), rngs[role]))
    return Episode(state, score_game(board, state.submitted[0], state.submitted[1]))
