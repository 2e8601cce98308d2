"""A family's state machine: pure functions of (instance, state), no I/O, no randomness."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from lamen.core.agenda import Agenda
from lamen.core.state import CoreState
from lamen.core.types import Action, ActionSpace, Event, IllegalMove, Observation, Request, RoleId

S = TypeVar("S", bound=CoreState)


@dataclass(frozen=True, slots=True)
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


def opening_agenda(family: str, roles: tuple[RoleId, ...], seating: Mapping[RoleId, str],
                   first: RoleId | None) -> Agenda:
    """The agenda of an episode whose roles take turns, once every role has a seat; `first`
    (by default the first role) opens."""
    missing = set(roles) - set(seating)
    if missing:
        raise ValueError(f"{family} needs seats {roles}; missing {sorted(missing)}")
    return Agenda.start(roles, first or roles[0])


class AgendaTurns:
    """`agenda` and `is_over` for rules that keep whose turn it is in `CoreState.agenda` and the
    end in `CoreState.ended`."""

    def agenda(self, state: CoreState) -> tuple[Request, ...]:
        return () if state.ended else state.agenda.requests()

    def is_over(self, state: CoreState) -> str | None:
        return state.ended

    def check_turn(self, state: CoreState, role: RoleId) -> None:
        """Refuse a reply from a role whose turn it is not, or one after the end."""
        if state.ended or state.agenda.current != role:
            raise IllegalMove(f"it is not {role}'s turn")
