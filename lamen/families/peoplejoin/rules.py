"""The PeopleJoin-QA state machine, reactive (PeopleJoin §4): the session opens with the primary's
question to the hub. The hub handles one event — one incoming message — per turn: it may think
and call tools (each call's result comes back to it alone, up to `calls_per_event` calls), then
sends messages, each to one person, and ends its turn or the session. A message queues its
recipient; people act only when messaged (once for however many messages wait for them), and
answer the hub alone. Each message to the hub gives it the floor next, ahead of the people still
queued (`Agenda.deliver_first`): when several people were asked at once, the hub reads their
replies one turn each, in the order they were written, never two in one turn. The session ends
when the hub ends it, when nobody is waiting to act, or after the hub has handled `hub_events`
events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lamen.core.agenda import Agenda
from lamen.core.rules import AgendaTurns, Transition
from lamen.core.state import CoreState, append, end
from lamen.core.tools import call_tool
from lamen.core.types import (Action, ActionSpace, EndSession, EndTurn, Event, IllegalMove, Message, Observation,
                              RoleId, Score, Think, ToolCall)
from lamen.families.peoplejoin.instances import FAMILY_NAME, HUB, PRIMARY, PeopleJoinInstance
from lamen.families.peoplejoin.match import match, people_metrics, words
from lamen.families.peoplejoin.organisation import Document, Person
from lamen.families.peoplejoin.tools import TOOL_SPECS, TOOLS


@dataclass(frozen=True)
class HubView:
    """The hub works for the primary: it knows who they are and who is in the directory (names and
    ids, not what they know: that is what search_relevant_people is for)."""

    user: Person
    directory: tuple[Person, ...]  # the colleagues, in the organisation's order
    calls_per_event: int = 10
    note: str = ""


@dataclass(frozen=True)
class PrimaryView:
    person: Person
    question: str
    note: str = ""


@dataclass(frozen=True)
class ColleagueView:
    person: Person
    documents: tuple[Document, ...]  # everything this person holds (tables, halves, redirect notes)
    note: str = ""


class PeopleJoinState(CoreState):
    pass


def _event(role: RoleId | None, kind: str, text: str, **fields: object) -> Event:
    return Event(index=0, role=role, kind=kind, text=text, **fields)  # type: ignore[arg-type]


def _between(a: RoleId, b: RoleId) -> tuple[RoleId, ...]:
    return tuple(sorted({a, b}))


class PeopleJoinRules(AgendaTurns):
    def initial(self, instance: PeopleJoinInstance, seating: Mapping[RoleId, str],
                first: RoleId | None) -> PeopleJoinState:
        roles = instance.roles()
        missing = set(roles) - set(seating)
        if missing:
            raise ValueError(f"{FAMILY_NAME} needs seats {roles}; missing {sorted(missing)}")
        question = _event(PRIMARY, "message", instance.item.question, payload={"text": instance.item.question},
                          to=(HUB,), visible_to=_between(PRIMARY, HUB))
        state = PeopleJoinState(seating=dict(seating), agenda=Agenda.start(roles, HUB))
        return append(state, [question])

    # ---- what a role sees ------------------------------------------------------------------
    def view(self, instance: PeopleJoinInstance, state: PeopleJoinState, role: RoleId) -> Observation:
        org = instance.organisation
        note = instance.notes.get(role, "")
        budget: dict[str, int] = {}
        if role == HUB:
            private: object = HubView(user=org.person(org.primary), directory=org.colleagues(),
                                      calls_per_event=instance.calls_per_event, note=note)
            budget = {"calls_left": state.agenda.calls_left(instance.calls_per_event),
                      "events_left": instance.hub_events - state.agenda.turns.get(HUB, 0)}
        elif role == PRIMARY:
            private = PrimaryView(person=org.person(org.primary), question=instance.item.question, note=note)
        elif role in instance.colleague_roles():
            user = instance.person_of(role)
            private = ColleagueView(person=org.person(user), documents=org.documents_of(user), note=note)
        else:
            raise KeyError(f"{FAMILY_NAME} has no role {role!r} in {org.name}")
        return Observation(role=role, private=private, history=state.visible(role), step=state.steps, budget=budget)

    def legal(self, instance: PeopleJoinInstance, state: PeopleJoinState, role: RoleId) -> ActionSpace:
        org = instance.organisation
        people = (("people", tuple(p.user_id for p in org.people)), ("names", tuple(p.full_name for p in org.people)),
                  ("primary", (org.primary,)))
        if role == HUB:
            calling = state.agenda.calls_left(instance.calls_per_event) > 0
            kinds = {"think", "message", "end_turn", "end_session"} | ({"tool_call"} if calling else set())
            return ActionSpace(kinds=frozenset(kinds), recipients=instance.roles()[1:],
                               tools=TOOL_SPECS if calling else (), max_actions=64, vocabulary=people)
        return ActionSpace(kinds=frozenset({"think", "message"}), recipients=(HUB,), max_actions=8,
                           vocabulary=people)

    # ---- one reply -------------------------------------------------------------------------
    def step(self, instance: PeopleJoinInstance, state: PeopleJoinState, role: RoleId, actions: Sequence[Action],
             text: str) -> Transition[PeopleJoinState]:
        self.check_turn(state, role)
        thoughts = [_event(role, "think", a.text, visible_to=(role,)) for a in actions if isinstance(a, Think)]
        moves = [a for a in actions if not isinstance(a, Think)]
        if role == HUB:
            new = self._hub(instance, state, moves, thoughts)
        else:
            new = self._person(instance, state, role, moves, thoughts)
        return Transition(new, new.events[len(state.events):])

    def _hub(self, instance: PeopleJoinInstance, state: PeopleJoinState, moves: list[Action],
             events: list[Event]) -> PeopleJoinState:
        calls = [m for m in moves if isinstance(m, ToolCall)]
        if calls:
            if len(moves) != 1:
                raise IllegalMove("a tool call is the whole of its reply (thoughts aside): its result comes back "
                                  "to you before you go on")
            if state.agenda.calls_left(instance.calls_per_event) <= 0:
                raise IllegalMove(f"no tool calls left for this event (at most {instance.calls_per_event}): "
                                  "send your messages and end your turn")
            thought = append(state, events)
            return append(thought, call_tool(TOOLS, instance, thought, HUB, calls[0]),
                          agenda=state.agenda.inner_step(instance.calls_per_event))
        if not moves:
            raise IllegalMove("a reply needs a move: a tool call, messages, [end turn] or [end session]")
        closing = moves[-1] if isinstance(moves[-1], (EndTurn, EndSession)) else None
        messages = moves[:-1] if closing is not None else moves
        recipients: list[RoleId] = []
        for move in messages:
            if not isinstance(move, Message):
                raise IllegalMove(f"[{move.kind.replace('_', ' ')}] comes last in a reply")
            if not move.to or len(move.to) != 1:
                raise IllegalMove("each message goes to exactly one person")
            to = move.to[0]
            if to not in instance.roles()[1:]:
                raise IllegalMove(f"nobody in the organisation is {to!r}")
            if not move.text.strip():
                raise IllegalMove("a message needs some text")
            events.append(_event(HUB, "message", move.text, payload={"text": move.text}, to=(to,),
                                 visible_to=_between(HUB, to)))
            recipients.append(to)
        if isinstance(closing, EndSession):  # the turn that ends the session is an event handled too
            return end(append(state, events, agenda=state.agenda.next_in_queue()), "session_completed")
        agenda = state.agenda.deliver(recipients).next_in_queue()
        new = append(state, events, agenda=agenda)
        if new.agenda.turns.get(HUB, 0) >= instance.hub_events:
            return end(new, "hub_events")
        if new.agenda.current is None:
            return end(new, "idle")  # the hub waits and nobody was asked anything: nothing can happen
        return new

    def _person(self, instance: PeopleJoinInstance, state: PeopleJoinState, role: RoleId, moves: list[Action],
                events: list[Event]) -> PeopleJoinState:
        if len(moves) != 1 or not isinstance(moves[0], Message):
            raise IllegalMove("answer with exactly one [message] (to the assistant who wrote to you)")
        move = moves[0]
        if move.to not in (None, (HUB,)):
            raise IllegalMove("you can only write to the assistant who wrote to you")
        if not move.text.strip():
            raise IllegalMove("a message needs some text")
        events.append(_event(role, "message", move.text, payload={"text": move.text}, to=(HUB,),
                             visible_to=_between(role, HUB)))
        return append(state, events, agenda=state.agenda.deliver_first([HUB]).next_in_queue())


def final_answer(state: CoreState) -> str | None:
    """The hub's last message to the primary: what Match reads."""
    for event in reversed(state.events):
        if event.kind == "message" and event.role == HUB and event.to == (PRIMARY,):
            return event.text
    return None


def contacted(instance: PeopleJoinInstance, state: CoreState) -> frozenset[str]:
    """The people the hub wrote to, the initiating user excluded (user ids)."""
    return frozenset(instance.person_of(e.to[0]) for e in state.events
                     if e.kind == "message" and e.role == HUB and e.to and e.to[0] != PRIMARY)


def score(instance: PeopleJoinInstance, state: PeopleJoinState) -> Score:
    """Pure: Match of the final answer (team = Match / 100 on every seat), the messages exchanged
    and their words, and who was contacted against the gold people.

    Message count, the paper's rule (§5.2 "the total number of messages exchanged during the task";
    its evaluation counts every message of the session, whoever wrote it): `msg_cnt` and `msg_size`
    count the user's question, every message the hub sends (to the user or a colleague) and every
    reply it gets — the user's reply to the answer included, since the paper's simulated user
    answers every message it is sent ("Thanks! That would be all." in its exemplar), as the scripted
    primary does. So the paper's MessageNone counts 4.1 messages with nobody contacted (here the
    scripted message-none counts 3: question, answer, thanks) and its IdealAgent 7 with 1.5
    people (the sql-oracle: 3 + 2 per person asked). `msg_cnt_colleagues` and `msg_size_colleagues` count only the
    hub's messages to colleagues and their replies (the paper's bot↔secondary counts): the effort
    asked of the organisation, which a hub cannot lower by ending the session before its user
    replies. Words are counted as `words` does."""
    messages = [e for e in state.events if e.kind == "message"]
    colleagues = [e for e in messages if PRIMARY not in (e.role, *(e.to or ()))]
    value = match(instance.item, final_answer(state))
    team = value / 100
    gold = instance.item.gold_people(instance.organisation.primary)
    metrics = {"match": float(value), "msg_cnt": float(len(messages)),
               "msg_size": float(sum(words(e.text) for e in messages)),
               "msg_cnt_colleagues": float(len(colleagues)),
               "msg_size_colleagues": float(sum(words(e.text) for e in colleagues)),
               **people_metrics(contacted(instance, state), gold),
               "answered": float(final_answer(state) is not None),
               "tool_calls": float(sum(e.kind == "tool_call" for e in state.events)),
               "hub_events": float(state.agenda.turns.get(HUB, 0)),
               "format_errors": float(sum(e.kind in ("format_error", "illegal_move") for e in state.events))}
    return Score(per_role={r: team for r in instance.roles()}, team=team, agreement=None, metrics=metrics,
                 end_reason=state.ended or "unfinished")
