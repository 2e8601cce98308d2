"""The immutable episode state every family's state extends: events, agenda, proposal board, the
move count and the end reason. Snapshot = `model_dump_json()`; restore = `model_validate_json`.
"""

from __future__ import annotations

from collections.abc import Iterable

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
