"""A family's state machine: pure functions of (instance, state), no I/O, no randomness."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from lamen.core.state import CoreState
from lamen.core.types import Action, ActionSpace, Event, Observation, Request, RoleId

S = TypeVar("S", bound=CoreState)


@dataclass(frozen=True)
class Transition(Generic[S]):
    state: S
    events: tuple[Event, ...]  # the events this step appended


class Rules(Protocol[S]):
    def initial(self, instance: Any, seating: Mapping[RoleId, str], first: RoleId | None) -> S: ...

    def agenda(self, state: S) -> tuple[Request, ...]:
        """Who is asked next; () when the episode is over."""
        ...

    def view(self, instance: Any, state: S, role: RoleId) -> Observation: ...

    def legal(self, instance: Any, state: S, role: RoleId) -> ActionSpace: ...

    def step(self, instance: Any, state: S, role: RoleId, actions: Sequence[Action], text: str) -> Transition[S]:
        """Apply one committed reply (`text` is what was written). Raises `IllegalMove`."""
        ...

    def is_over(self, state: S) -> str | None:
        """The end reason, or None while the episode goes on."""
        ...
