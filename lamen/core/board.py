"""The proposal board (FAMILIES.md §2.4): explicit propose / accept / reject, as in DialOp.

At most one proposal is pending. A full proposal obliges its recipients to answer (the agenda's
must-respond); with `unanimity` every recipient must accept; any rejection clears the board when
`reject_clears`; acceptance ends the episode only for full proposals. A partial proposal is
informational when `partial_is_informational` (Planning): shown and scored, never answered —
which removes the upstream deadlock of a partial proposal nobody may answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from lamen.core.canonical import as_json_value
from lamen.core.types import JSON, IllegalMove, RoleId


@dataclass(frozen=True)
class BoardRules:
    who_may_propose: tuple[RoleId, ...] | None = None  # None: every role
    unanimity: bool = True  # every recipient must accept (one recipient: the same thing)
    reject_clears: bool = True
    partial_is_informational: bool = True


class Pending(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    proposer: RoleId
    payload: JSON
    recipients: tuple[RoleId, ...]
    full: bool = True
    accepted_by: tuple[RoleId, ...] = ()
    event_index: int = -1  # the propose event, so responses can point at it


Outcome = Literal["waiting", "accepted", "rejected", "informational"]


class ProposalBoard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    pending: Pending | None = None
    last_accepted: Pending | None = None  # the agreed proposal once the board closed on it

    def must_answer(self, role: RoleId) -> bool:
        p = self.pending
        return p is not None and p.full and role in p.recipients and role not in p.accepted_by

    def propose(self, rules: BoardRules, proposer: RoleId, payload: JSON, recipients: Iterable[RoleId],
                *, full: bool = True, event_index: int = -1) -> tuple["ProposalBoard", Outcome]:
        if rules.who_may_propose is not None and proposer not in rules.who_may_propose:
            raise IllegalMove(f"{proposer} may not make proposals in this game")
        if self.pending is not None and self.pending.full:
            raise IllegalMove("a proposal is waiting for an answer: accept or reject it first")
        targets = tuple(r for r in recipients if r != proposer)
        if not targets:
            raise IllegalMove("a proposal needs someone to answer it")
        entry = Pending(proposer=proposer, payload=as_json_value(payload), recipients=targets, full=full,
                        event_index=event_index)
        if not full and rules.partial_is_informational:
            return self.model_copy(update={"pending": None}), "informational"
        return self.model_copy(update={"pending": entry}), "waiting"

    def respond(self, rules: BoardRules, role: RoleId, accept: bool) -> tuple["ProposalBoard", Outcome]:
        p = self.pending
        if p is None:
            raise IllegalMove("there is no proposal to accept or reject")
        if role not in p.recipients:
            raise IllegalMove("only the recipients of the proposal may answer it")
        if role in p.accepted_by:
            raise IllegalMove("you already accepted this proposal")
        if not accept:
            return (self.model_copy(update={"pending": None}) if rules.reject_clears else self), "rejected"
        entry = p.model_copy(update={"accepted_by": (*p.accepted_by, role)})
        done = set(entry.accepted_by) >= set(entry.recipients) if rules.unanimity else True
        if done:
            return self.model_copy(update={"pending": None, "last_accepted": entry}), "accepted"
        return self.model_copy(update={"pending": entry}), "waiting"

    def waiting_for(self) -> tuple[RoleId, ...]:
        p = self.pending
        return () if p is None else tuple(r for r in p.recipients if r not in p.accepted_by)


class StandingOffers(BaseModel):
    """Matching standing offers (§2.4.2): every role's latest offer stands until replaced; the
    roles agree when all of them stand on the same offer. LAMEN's soft agreement (latest notes)
    and Traveling Adventurers' end(path) are this with an offer and a path."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    latest: dict[RoleId, JSON] = {}

    def stand(self, role: RoleId, offer: JSON) -> "StandingOffers":
        return self.model_copy(update={"latest": {**self.latest, role: as_json_value(offer)}})

    def agreed(self, roles: Iterable[RoleId]) -> JSON | None:
        """The common offer when every role in `roles` stands on the same one, else None."""
        offers = [self.latest.get(role) for role in roles]
        if not offers or any(o is None for o in offers) or any(o != offers[0] for o in offers[1:]):
            return None
        return offers[0]
