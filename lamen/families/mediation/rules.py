"""The Mediation state machine (DialOp §2.3 and §3): an assistant books one flight for each of two
users who talk only to it, each on a private channel.

- Turns go round-robin user-0 → user-1 → assistant (the paper's turn-taking).
- A user's message reaches the assistant only; the assistant addresses one user or both. An
  addressed message is an event visible to its writer and recipients, so a user never sees the
  other's channel.
- Only the assistant proposes, always a flight for each user, to both. Each user is then shown
  its own side (its flight, the meetings it overlaps, its scorecard) in an event only it sees, and
  must answer before anything else; both must accept. A rejection clears the proposal (the other
  user is told it is off) and the rejecting user takes its ordinary turn.
- Anyone may pass a turn (`[pass]`): the round-robin asks users who may have nothing to add.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lamen.core.board import BoardRules
from lamen.core.rules import AgendaTurns, Transition, opening_agenda
from lamen.core.state import DEAL, CoreState, end_rewarded
from lamen.core.types import (Action, ActionSpace, EndTurn, Event, IllegalMove, Message, Observation, Propose,
                              Respond, RoleId, Score)
from lamen.families.mediation.instances import (ASSISTANT, FAMILY_NAME, TURN_ORDER, USERS, CalendarEvent, Flight,
                                                MediationInstance, user_index)
from lamen.families.mediation.scoring import bounds, normalised, pair_value, scorecard
from lamen.families.mediation.timefmt import span

BOARD = BoardRules(who_may_propose=(ASSISTANT,), unanimity=True, reject_clears=True, partial_is_informational=True)
ANSWER_FIRST = "the agent's proposal waits for your answer: reply [accept] or [reject]"


@dataclass(frozen=True)
class WorkSlot:
    """A shared work event as the assistant sees it: when, not how much it matters."""

    start: str
    end: str


@dataclass(frozen=True)
class AssistantView:
    flights: tuple[tuple[Flight, ...], tuple[Flight, ...]]  # per user; a flight's id is its index
    work: tuple[tuple[WorkSlot, ...], tuple[WorkSlot, ...]]  # per user, in time order
    note: str = ""


@dataclass(frozen=True)
class UserView:
    user: int
    flights: tuple[Flight, ...]
    calendar: tuple[CalendarEvent, ...]  # shared and private, with importances (own knowledge)
    price_pref: int
    arrival_pref: int
    mean_price: int  # the price this user regards as normal (centre of its price term)
    note: str = ""


class MediationState(CoreState):
    proposals: int = 0


def _channel(user: RoleId) -> tuple[RoleId, ...]:
    return tuple(sorted((ASSISTANT, user)))


def proposal_text(instance: MediationInstance, user: int, flights: Mapping[str, int]) -> tuple[str, dict]:
    """What user `user` is shown of a proposal: its own flight and scorecard, nothing of the other's."""
    mine, theirs = flights[USERS[user]], flights[USERS[1 - user]]
    flight = instance.users[user].flights[mine]
    card = scorecard(instance, user, mine, theirs)
    lines = [f"The agent proposes flight {mine} for you: {flight.carrier}, ${flight.price}, "
             f"{span(flight.start, flight.end)}."]
    if card.conflicts:
        lines.append("It overlaps: " + "; ".join(
            f"{span(e.start, e.end)} (importance {e.importance}{', ' + e.title if e.title else ''})"
            for e in card.conflicts) + ".")
    else:
        lines.append("It overlaps none of your meetings.")
    lines.append(f"Your scorecard: meetings {card.calendar:+d}, price {card.price:+d}, "
                 f"arriving together {card.arrival:+d}; total {card.total:+d}.")
    payload = {"flight": mine, "calendar": card.calendar, "price": card.price, "arrival": card.arrival,
               "total": card.total}
    return " ".join(lines), payload


def flight_pair(payload: object, instance: MediationInstance) -> tuple[int, int]:
    """A proposal's payload, {"user-0": id, "user-1": id}, checked against the flight lists."""
    if not isinstance(payload, dict) or set(payload) != set(USERS):
        raise IllegalMove("a proposal names one flight for each user: user-0 and user-1")
    ids = []
    for u, role in enumerate(USERS):
        fid, n = payload[role], len(instance.users[u].flights)
        if not isinstance(fid, int) or isinstance(fid, bool) or not 0 <= fid < n:
            raise IllegalMove(f"{role} has flights 0–{n - 1}; {fid!r} is not one of them")
        ids.append(fid)
    return ids[0], ids[1]


class MediationRules(AgendaTurns):
    def initial(self, instance: MediationInstance, seating: Mapping[RoleId, str],
                first: RoleId | None) -> MediationState:
        return MediationState(seating=dict(seating), agenda=opening_agenda(FAMILY_NAME, TURN_ORDER, seating, first))

    def view(self, instance: MediationInstance, state: MediationState, role: RoleId) -> Observation:
        if role == ASSISTANT:
            private: AssistantView | UserView = AssistantView(
                flights=(instance.users[0].flights, instance.users[1].flights),
                work=tuple(tuple(sorted((WorkSlot(e.start, e.end) for e in u.shared_events()),  # type: ignore[misc]
                                        key=lambda s: (s.start, s.end))) for u in instance.users),
                note=instance.assistant_note)
        else:
            u = user_index(role)
            me = instance.users[u]
            private = UserView(user=u, flights=me.flights, calendar=me.calendar, price_pref=me.price_pref,
                               arrival_pref=me.arrival_pref, mean_price=me.mean_price, note=me.note)
        pending = state.board.pending
        # A user is told only its own flight of a pending proposal; the agent knows the pair it made.
        public = {} if pending is None else {"pending": pending.payload if role == ASSISTANT else pending.payload[role]}
        return Observation(role=role, private=private, history=state.visible(role), step=state.steps, public=public)

    def legal(self, instance: MediationInstance, state: MediationState, role: RoleId) -> ActionSpace:
        vocabulary = tuple((f"flights:{r}", tuple(str(i) for i in range(len(u.flights))))
                           for r, u in zip(USERS, instance.users))
        if role == ASSISTANT:
            return ActionSpace(kinds=frozenset({"message", "propose", "end_turn"}), recipients=USERS,
                               vocabulary=vocabulary)
        if state.board.must_answer(role):
            return ActionSpace(kinds=frozenset({"respond"}), must=ANSWER_FIRST, vocabulary=vocabulary)
        return ActionSpace(kinds=frozenset({"message", "end_turn"}), recipients=(ASSISTANT,), vocabulary=vocabulary)

    def step(self, instance: MediationInstance, state: MediationState, role: RoleId,
             actions: Sequence[Action], text: str) -> Transition[MediationState]:
        self.check_turn(state, role)
        if len(actions) != 1:
            raise IllegalMove("write exactly one move per reply")
        action = actions[0]
        if state.board.must_answer(role) and not isinstance(action, Respond):
            raise IllegalMove(ANSWER_FIRST)
        if isinstance(action, Message):
            new = self._message(state, role, action, text)
        elif isinstance(action, EndTurn):
            seen_by = _channel(role) if role != ASSISTANT else (ASSISTANT,)
            event = state.event(role, "end_turn", text, visible_to=seen_by)
            new = state.model_copy(update={"events": state.with_events(event), "agenda": state.agenda.pass_turn()})
        elif isinstance(action, Propose):
            new = self._propose(instance, state, role, action, text)
        elif isinstance(action, Respond):
            new = self._respond(instance, state, role, action, text)
        else:
            raise IllegalMove(f"{action.kind} is not a move in dialop.mediation")
        return Transition(new, new.events[len(state.events):])

    @staticmethod
    def _message(state: MediationState, role: RoleId, action: Message, text: str) -> MediationState:
        if not action.text.strip():
            raise IllegalMove("a message needs some text")
        if role == ASSISTANT:
            to = USERS if action.to is None else tuple(r for r in USERS if r in action.to)
            if not to or set(to) != set(action.to or USERS):
                raise IllegalMove("the agent writes to user-0, user-1 or both")
            visible = None if set(to) == set(USERS) else _channel(to[0])
        else:
            if action.to not in (None, (ASSISTANT,)):
                raise IllegalMove("a user writes to the agent only")
            to, visible = (ASSISTANT,), _channel(role)
        event = state.event(role, "message", text, payload={"text": action.text}, to=to, visible_to=visible)
        return state.model_copy(update={"events": state.with_events(event), "agenda": state.agenda.pass_turn()})

    @staticmethod
    def _propose(instance: MediationInstance, state: MediationState, role: RoleId, action: Propose,
                 text: str) -> MediationState:
        if action.partial or (action.to is not None and set(action.to) != set(USERS)):
            raise IllegalMove("a proposal goes to both users at once, with a flight for each")
        f0, f1 = flight_pair(action.payload, instance)
        payload = {USERS[0]: f0, USERS[1]: f1}
        event = state.event(role, "propose", text, payload=payload, to=USERS, visible_to=(ASSISTANT,))
        board, _ = state.board.propose(BOARD, role, payload, USERS, event_index=event.index)
        shown = []
        for u, user in enumerate(USERS):
            card_text, card = proposal_text(instance, u, payload)
            shown.append(Event(index=event.index + 1 + u, role=None, kind="system", text=card_text,
                               payload={"proposal": event.index, **card}, visible_to=(user,)))
        return state.model_copy(update={"events": state.with_events(event, *shown), "board": board,
                                        "agenda": state.agenda.respond(USERS), "proposals": state.proposals + 1})

    @staticmethod
    def _respond(instance: MediationInstance, state: MediationState, role: RoleId, action: Respond,
                 text: str) -> MediationState:
        if role == ASSISTANT:
            raise IllegalMove("only the users answer proposals")
        others = tuple(u for u in USERS if u != role)
        board, outcome = state.board.respond(BOARD, role, action.accept)
        event = state.event(role, "respond", text, payload={"accept": action.accept}, visible_to=_channel(role))
        events: list[Event] = [event]
        if outcome == "rejected":
            # The other user learns the proposal is off, not who turned it down or why.
            events += [Event(index=event.index + 1 + i, role=None, kind="system",
                             text="That proposal is off: it was not accepted by everyone.",
                             payload={"withdrawn": state.board.pending.event_index}, visible_to=(other,))  # type: ignore[union-attr]
                       for i, other in enumerate(others)]
            agenda = state.agenda.keep_floor()
        elif outcome == "waiting":
            agenda = state.agenda.answered()
        else:
            agenda = state.agenda
        new = state.model_copy(update={"events": state.with_events(*events), "board": board, "agenda": agenda})
        if outcome == "accepted":  # the deal: worth the score it gets (a harvest's reward)
            return end_rewarded(new, "accepted", DEAL, lambda closed: score(instance, closed).team or 0.0)
        return new


def score(instance: MediationInstance, state: MediationState) -> Score:
    """Pure: the accepted pair's team value, range-normalised over every pair; 0 without a deal."""
    best, worst = bounds(instance)
    accepted = state.board.last_accepted if state.ended == "accepted" else None
    metrics: dict[str, float] = {"best": float(best), "worst": float(worst)}
    if accepted is not None:
        f0, f1 = accepted.payload[USERS[0]], accepted.payload[USERS[1]]
        value = pair_value(instance, f0, f1)
        team = normalised(instance, value)
        metrics.update(value=float(value), optimal=float(value == best),
                       **{f"total:{r}": float(scorecard(instance, u, (f0, f1)[u], (f0, f1)[1 - u]).total)
                          for u, r in enumerate(USERS)})
    else:
        team = 0.0
    messages = [e for e in state.events if e.kind == "message"]
    metrics.update(steps=float(state.steps), proposals=float(state.proposals), messages=float(len(messages)),
                   assistant_messages=float(sum(e.role == ASSISTANT for e in messages)),
                   words=float(sum(len(str(e.payload["text"]).split()) for e in messages)),
                   format_errors=float(sum(e.kind in ("format_error", "illegal_move") for e in state.events)))
    return Score(per_role={r: team for r in (ASSISTANT, *USERS)}, team=team,
                 agreement="hard" if accepted is not None else "none", end_reason=state.ended or "unfinished",
                 metrics=metrics)
