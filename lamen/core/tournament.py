"""What a family gives lamen's tournament runner (`lamen.runner`), which knows no family: how a
scheduled match is seated, which texts its readers were unsure of (for the optional fallback
reader), and what the store keeps of a played episode. The runner finds the family by the
tournament's family name in the registry and calls only this.

The store still keeps matches in LAMEN's shape (two sides, turns of note and message), so
`stored` returns the store's records; a family that cannot be stored that way has no
`tournament` hooks yet and the runner refuses it with one line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lamen.agents.base import ChatReply, ChatRequest
from lamen.core.types import RoleId


@dataclass(frozen=True)
class Seating:
    """One scheduled match in core terms."""

    instance: Any
    roles: tuple[RoleId, ...]  # every seat; without `sides`, the role each agent takes, in the match's agent order
    first: RoleId | None
    sampling: Mapping[RoleId, Any]  # role → lamen.core.play.SeatSampling
    names: Mapping[RoleId, str]  # role → the id of the agent the schedule seats there
    # Per role, which of the match's two agents fills it (0: agent_a, 1: agent_b); empty: the
    # i-th role is the i-th agent. Mediation: (0, 1, 1), one user agent in both user seats.
    sides: tuple[int, ...] = ()

    def side(self, role: RoleId) -> int:
        index = self.roles.index(role)
        return self.sides[index] if self.sides else index


@dataclass(frozen=True)
class Answer:
    """The fallback reader's answer to one of an episode's unsure texts."""

    request: ChatRequest
    reply: ChatReply


@dataclass(frozen=True)
class FallbackReading:
    reader: str  # the reading agent's name
    answers: tuple[Answer, ...]  # in the order of the requests the family listed


class TournamentPlay(Protocol):
    def seating(self, match: Any) -> Seating:
        """The instance, roles, first mover and sampling of a scheduled match."""
        ...

    def unsure(self, seating: Seating, record: Any) -> Sequence[ChatRequest]:
        """Requests for the fallback reader: one per text of the episode its readers could not
        read, in order, each distinct request once (the family decides what is unsure and how
        to ask)."""
        ...

    def stored(self, seating: Seating, record: Any, fallback: FallbackReading | None) -> tuple[Any, Any]:
        """(transcript, outcome) as the store writes them, judged with the fallback's readings."""
        ...

    def match_tokens(self, match: Any, seat: int) -> tuple[int, int]:
        """(input, output) tokens one seat spends in a match that lasts as long as it can."""
        ...
