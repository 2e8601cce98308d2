"""The ToolWOZ state machine (JOSH paper §3–4, FAMILIES.md §2.8): the user opens; then the agent
and the user take turns. An agent turn is a run of replies, each an optional plan (a private
`Think`) and then one API call — its result comes back and the agent keeps the floor, up to
`calls_per_turn` calls — or one message to the user, which ends the turn. A user turn is a message,
END_CONVERSATION (`EndSession`), or a message and then END_CONVERSATION. The episode ends when the
user ends it or after `max_messages` messages in all.

A call that completes one of the goal's API calls yields a `reward` event worth 1 / (goal calls),
seen by the agent only (what JOSH's harvest branches on); the score is their sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lamen.core.agenda import Agenda
from lamen.core.rules import AgendaTurns, Transition
from lamen.core.state import CoreState, append, end
from lamen.core.tools import call_tool
from lamen.core.types import (Action, ActionSpace, EndSession, Event, IllegalMove, Message, Observation, RoleId,
                              Score, Think, ToolCall)
from lamen.families.toolwoz.apis import BY_NAME, SPECS, TOOLS, unknown_api
from lamen.families.toolwoz.goal import Goal
from lamen.families.toolwoz.instances import FAMILY_NAME, ROLES, ToolWozInstance


class ToolWozState(CoreState):
    messages: int = 0  # messages by both roles (the paper's cap counts these)
    api_calls: int = 0


@dataclass(frozen=True)
class AgentView:
    apis: tuple[str, ...]
    calls_per_turn: int
    note: str = ""


@dataclass(frozen=True)
class UserView:
    goal: Goal
    note: str = ""


def _event(role: RoleId | None, kind: str, text: str, **fields: object) -> Event:
    return Event(index=0, role=role, kind=kind, text=text, **fields)  # type: ignore[arg-type]


def rewards(instance: ToolWozInstance) -> dict[str, float]:
    calls = instance.goal.calls()
    return {call.key: 1 / len(calls) for call in calls}


class ToolWozRules(AgendaTurns):
    def initial(self, instance: ToolWozInstance, seating: Mapping[RoleId, str], first: RoleId | None) -> ToolWozState:
        missing = set(ROLES) - set(seating)
        if missing:
            raise ValueError(f"{FAMILY_NAME} needs seats {ROLES}; missing {sorted(missing)}")
        if first not in (None, "user"):
            raise ValueError(f"{FAMILY_NAME}: the user opens the conversation, not {first!r}")
        return ToolWozState(seating=dict(seating), agenda=Agenda.start(ROLES, "user"))

    def view(self, instance: ToolWozInstance, state: ToolWozState, role: RoleId) -> Observation:
        if role == "agent":
            private: object = AgentView(apis=tuple(BY_NAME), calls_per_turn=instance.limits.calls_per_turn,
                                        note=instance.notes[0])
        elif role == "user":
            private = UserView(goal=instance.goal, note=instance.notes[1])
        else:
            raise KeyError(f"{FAMILY_NAME} has roles {ROLES}, not {role!r}")
        budget = {"messages_left": instance.limits.max_messages - state.messages}
        if role == "agent":
            budget["calls_left"] = state.agenda.calls_left(instance.limits.calls_per_turn)
        return Observation(role=role, private=private, history=state.visible(role), step=state.steps, budget=budget)

    def legal(self, instance: ToolWozInstance, state: ToolWozState, role: RoleId) -> ActionSpace:
        if role == "agent":
            calling = state.agenda.calls_left(instance.limits.calls_per_turn) > 0
            return ActionSpace(kinds=frozenset({"think", "message"} | ({"tool_call"} if calling else set())),
                               tools=SPECS if calling else (), max_actions=2,
                               must=None if calling else "no API calls left this turn: SPEAK to the customer")
        return ActionSpace(kinds=frozenset({"message", "end_session"}), max_actions=2)

    def step(self, instance: ToolWozInstance, state: ToolWozState, role: RoleId, actions: Sequence[Action],
             text: str) -> Transition[ToolWozState]:
        self.check_turn(state, role)
        new = self._agent(instance, state, list(actions)) if role == "agent" else self._user(instance, state,
                                                                                                 list(actions))
        return Transition(new, new.events[len(state.events):])

    def _agent(self, instance: ToolWozInstance, state: ToolWozState, actions: list[Action]) -> ToolWozState:
        thoughts = []
        while actions and isinstance(actions[0], Think):
            thoughts.append(actions.pop(0))
        if len(actions) != 1 or not isinstance(actions[0], (ToolCall, Message)):
            raise IllegalMove("a reply is an optional PLAN and then one APICALL or one SPEAK")
        events = [_event("agent", "think", t.text, visible_to=("agent",)) for t in thoughts]
        move = actions[0]
        if isinstance(move, ToolCall):
            cap = instance.limits.calls_per_turn
            if state.agenda.calls_left(cap) <= 0:
                raise IllegalMove(f"no API calls left this turn (at most {cap}): SPEAK to the customer")
            planned = append(state, events)
            tools = TOOLS if move.name in BY_NAME else (unknown_api(move.name),)
            called = call_tool(tools, instance, planned, "agent", move, rewards(instance))
            return append(planned, called, agenda=state.agenda.inner_step(cap), api_calls=state.api_calls + 1)
        events.append(_event("agent", "message", move.text, payload={"text": move.text}))
        return self._spoken(instance, state, events)

    def _user(self, instance: ToolWozInstance, state: ToolWozState, actions: list[Action]) -> ToolWozState:
        kinds = [type(a) for a in actions]
        if kinds not in ([Message], [EndSession], [Message, EndSession]):
            raise IllegalMove("a customer reply is a message, END_CONVERSATION, or a message then END_CONVERSATION")
        events = []
        if isinstance(actions[0], Message):
            events.append(_event("user", "message", actions[0].text, payload={"text": actions[0].text}))
        if isinstance(actions[-1], EndSession):
            if not state.messages and not events:
                raise IllegalMove("open the conversation before ending it")
            events.append(_event("user", "end_session", "END_CONVERSATION"))
            new = append(state, events, messages=state.messages + len(events) - 1)
            return end(new, "end_conversation")
        return self._spoken(instance, state, events)

    def _spoken(self, instance: ToolWozInstance, state: ToolWozState, events: list[Event]) -> ToolWozState:
        new = append(state, events, agenda=state.agenda.pass_turn(), messages=state.messages + 1)
        if new.messages >= instance.limits.max_messages:
            return end(new, "max_messages")
        return new


def satisfied(state: CoreState) -> tuple[str, ...]:
    """The goal calls completed so far, in the order they were completed."""
    return tuple(e.payload["key"] for e in state.events if e.kind == "reward" and isinstance(e.payload, dict))


def score(instance: ToolWozInstance, state: ToolWozState) -> Score:
    """Pure: reward = completed goal calls ÷ goal calls (the paper's Average Reward for one
    conversation); success = 1.0 when every goal call was completed."""
    total = len(instance.goal.calls())
    done = len(set(satisfied(state)))
    reward = done / total
    results = [e for e in state.events if e.kind == "tool_result"]
    return Score(per_role={"agent": reward, "user": reward}, team=reward, end_reason=state.ended or "unfinished",
                 metrics={"reward": reward, "success": float(done == total), "goal_calls": float(total),
                          "completed": float(done), "api_calls": float(state.api_calls),
                          "api_errors": float(sum(bool(e.payload.get("error")) for e in results)),
                          "messages": float(state.messages), "steps": float(state.steps),
                          "format_errors": float(sum(e.kind in ("format_error", "illegal_move")
                                                     for e in state.events))})
