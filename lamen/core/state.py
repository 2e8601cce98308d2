"""The immutable episode state every family's state extends: events, agenda, proposal board, the
move count and the end reason. Snapshot = `model_dump_json()`; restore = `model_validate_json`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from lamen.core.agenda import Agenda
from lamen.core.board import ProposalBoard
from lamen.core.frozen import Frozen
from lamen.core.types import Event, RoleId


class CoreState(Frozen):
    seating: dict[RoleId, str]  # role → agent name, as the episode was seated
    events: tuple[Event, ...] = ()
    agenda: Agenda
    board: ProposalBoard = ProposalBoard()
    steps: int = 0  # committed moves (retries and feedback do not count)
    ended: str | None = None  # the end reason once over

    def visible(self, role: RoleId) -> tuple[Event, ...]:
        return tuple([e for e in self.events if e.visible_to is None or role in e.visible_to])  # Event.visible, inlined

    def with_events(self, *new: Event) -> tuple[Event, ...]:
        return (*self.events, *new)

    def event(self, role: RoleId | None, kind: str, text: str = "", **fields: object) -> Event:
        """The next event (index = its position), not yet appended."""
        return Event(index=len(self.events), role=role, kind=kind, text=text, **fields)  # type: ignore[arg-type]


def append(state: CoreState, events: Iterable[Event], **update: object) -> CoreState:
    """`state` with `events` appended (re-indexed in order) and the other fields updated."""
    base = len(state.events)
    fixed = tuple(e.model_copy(update={"index": base + i}) for i, e in enumerate(events))
    return state.model_copy(update={"events": (*state.events, *fixed), **update})


def end(state: CoreState, reason: str, text: str = "") -> CoreState:
    """Close the episode: an `end` event every role sees, nobody on the agenda."""
    closing = state.event(None, "end", text or reason, payload={"reason": reason})
    return append(state, [closing], ended=reason, agenda=state.agenda.finished())


S = TypeVar("S", bound=CoreState)

# The goal of a family whose episode succeeds by agreement (DialOp): a full proposal accepted.
DEAL = "deal"


def deal_goal(instance: object) -> tuple[str, ...]:
    """`Family.goals` of such a family: one goal per instance, the deal."""
    return (DEAL,)


def end_rewarded(state: S, reason: str, key: str, value: Callable[[S], float]) -> S:
    """Close the episode, and first record that it met goal `key` (a `reward` event, what a JOSH
    harvest branches on), worth `value(closed state)` — the family's own score of the outcome, so
    the reward is exactly the score the episode gets. No role sees the event: every prompt stays
    as it was without it, and so do the scores (they read the board, not this event)."""
    worth = value(end(state, reason))  # type: ignore[arg-type]
    earned = state.event(None, "reward", key, payload={"key": key}, visible_to=(), reward=worth)
    return end(append(state, [earned]), reason)  # type: ignore[return-value]
