"""The agenda: who acts next (FAMILIES.md §2.3). One value in the state, changed only by pure
functions that name the turn policy they implement:

- alternate / round-robin: `pass_turn` moves the floor to the next seat of `order` (two seats:
  strict alternation);
- must-respond: `respond` gives the recipients of a pending proposal the floor, with purpose
  "respond", one after another; `keep_floor` hands it back to a responder afterwards;
- inner loop: `inner_step` keeps the role on the floor after a non-committing action (tool call,
  thought) until it commits or `cap` such actions were taken;
- reactive: `deliver` queues the recipients of a message; `next_in_queue` gives the floor to the
  oldest waiting role (a simulator acts only when messaged); `deliver_first` puts a recipient that
  reacts to every message on its own (PeopleJoin's hub) ahead of the queue, once per message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lamen.core.frozen import Frozen
from lamen.core.types import Request, RoleId


class Agenda(Frozen):
    order: tuple[RoleId, ...]  # the seats in turn order
    current: RoleId | None  # who has the floor; None once nobody is asked any more
    purpose: str = "act"
    waiting: tuple[RoleId, ...] = ()  # must-respond: recipients still to answer; reactive: queued roles
    calls: int = 0  # non-committing actions the current role took in this turn (inner loop)
    turns: dict[RoleId, int] = {}  # committed turns per role (per-role caps such as TA's 15)

    @classmethod
    def start(cls, order: Iterable[RoleId], first: RoleId | None = None) -> "Agenda":
        seats = tuple(order)
        if not seats:
            raise ValueError("an agenda needs at least one role")
        if first is not None and first not in seats:
            raise ValueError(f"first mover {first!r} is not one of the roles {seats}")
        return cls(order=seats, current=first or seats[0], turns={r: 0 for r in seats})

    def requests(self) -> tuple[Request, ...]:
        return () if self.current is None else (Request(role=self.current, purpose=self.purpose),)

    def _counted(self, role: RoleId) -> dict[RoleId, int]:
        return {**self.turns, role: self.turns.get(role, 0) + 1}

    # alternate / round-robin ------------------------------------------------------------------
    def pass_turn(self) -> "Agenda":
        """The current role committed its turn: the floor goes to the next seat in `order`."""
        assert self.current is not None, "pass_turn on a finished agenda"
        nxt = self.order[(self.order.index(self.current) + 1) % len(self.order)]
        return self.model_copy(update={"current": nxt, "purpose": "act", "calls": 0,
                                       "turns": self._counted(self.current)})

    # must-respond -----------------------------------------------------------------------------
    def respond(self, recipients: Iterable[RoleId]) -> "Agenda":
        """A full proposal is pending: its recipients answer in seat order before anything else."""
        assert self.current is not None, "respond on a finished agenda"
        queue = tuple(r for r in self.order if r in set(recipients))
        if not queue:
            raise ValueError("a proposal needs at least one recipient")
        return self.model_copy(update={"current": queue[0], "purpose": "respond", "waiting": queue[1:],
                                       "calls": 0, "turns": self._counted(self.current)})

    def answered(self) -> "Agenda":
        """The current recipient answered and others still must: the next one is asked."""
        if not self.waiting:
            raise ValueError("no recipient is waiting")
        return self.model_copy(update={"current": self.waiting[0], "waiting": self.waiting[1:]})

    def keep_floor(self) -> "Agenda":
        """After answering (a rejection), the responder takes its ordinary turn: DialOp's responder
        rejects and then speaks, which also lets a proposer be answered by a counter-proposal."""
        return self.model_copy(update={"purpose": "act", "waiting": (), "calls": 0})

    # inner loop -------------------------------------------------------------------------------
    def inner_step(self, cap: int) -> "Agenda":
        """A non-committing action (tool call, thought): the role keeps the floor. Past `cap` such
        actions the family must only offer committing kinds (see `calls_left`)."""
        if self.calls + 1 > cap:
            raise ValueError(f"more than {cap} calls in one turn")
        return self.model_copy(update={"calls": self.calls + 1})

    def calls_left(self, cap: int) -> int:
        return max(0, cap - self.calls)

    # reactive -----------------------------------------------------------------------------------
    def deliver(self, recipients: Iterable[RoleId]) -> "Agenda":
        """A message reached `recipients`: each is queued once, in delivery order."""
        queue = list(self.waiting)
        for role in recipients:
            if role not in queue and role != self.current:
                queue.append(role)
        return self.model_copy(update={"waiting": tuple(queue)})

    def deliver_first(self, recipients: Iterable[RoleId]) -> "Agenda":
        """A message reached each of `recipients`, which take one turn per message they get, ahead of
        every role already queued: a role that reacts to each message as it arrives never finds
        two unread ones when its turn comes (one entry per message, in delivery order)."""
        return self.model_copy(update={"waiting": (*recipients, *self.waiting)})

    def next_in_queue(self) -> "Agenda":
        """The current role ended its turn: the oldest queued role gets the floor (None: idle)."""
        assert self.current is not None, "next_in_queue on a finished agenda"
        head, rest = (self.waiting[0], self.waiting[1:]) if self.waiting else (None, ())
        return self.model_copy(update={"current": head, "purpose": "act", "waiting": rest, "calls": 0,
                                       "turns": self._counted(self.current)})

    def finished(self) -> "Agenda":
        return self.model_copy(update={"current": None, "waiting": ()})


def rounds_of(movers: Sequence[RoleId]) -> list[int]:
    """The round of each committed move, given the role that made each, in order. A round is one
    pass of the agenda: every role's n-th turn is in round n, whatever the number of roles (two
    alternating seats; Mediation's user-0 → user-1 → assistant). A turn is a run of one role's
    consecutive moves — the tool calls it makes before it talks (inner loop), an answer to a
    proposal and the ordinary turn it keeps the floor for — so those share their turn's round."""
    turns: dict[RoleId, int] = {}
    found: list[int] = []
    for at, role in enumerate(movers):
        if at == 0 or movers[at - 1] != role:
            turns[role] = turns.get(role, 0) + 1
        found.append(turns[role])
    return found
