"""A small reward-emitting game family for the harvest's tests ("errands"): a clerk (the agent)
must file each of an instance's codes with the `file` tool; a scripted customer (the simulator)
asks, and says goodbye once every code is filed. Filing a code earns its goal's reward event.

The clerk's scripted `coin-P` player files the next unfiled code with probability P on each of its
turns (a decoy code otherwise), drawing from its seed: the harvest seeds it by branch, so the
share of goals harvested has a closed form (tests/test_harvest_closed_form.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel, ConfigDict

from lamen.chat import ChatMessage, ChatReply, ChatRequest
from lamen.core.codec import FeedbackPolicy, FormatError
from lamen.core.family import EpisodeLimits, Family, Instance, PlayerSpec
from lamen.core.registry import _BUILTIN, register_builtin
from lamen.core.rules import AgendaTurns, Transition, opening_agenda
from lamen.core.state import CoreState, append, end
from lamen.core.tools import Tool, ToolResult, call_tool, tool_turns
from lamen.core.types import (Action, ActionSpace, EndSession, Event, IllegalMove, Message, Observation, Relation,
                              RoleId, RoleSpec, Score, ToolCall, ToolSpec)

NAME = "errands"
CUSTOMER, CLERK = "customer", "clerk"
ROLES = (CUSTOMER, CLERK)
DECOY = "Z0"
COIN_PS = (0.0, 0.1, 0.3, 0.5, 1.0)


class ErrandsConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    codes: int = 2
    # The customer's confirmation earns a code's reward, on its move after the filing (as a DialOp
    # user accepting a proposal does), instead of the tool result.
    confirm: bool = False


class ErrandsInstance(Instance):
    codes: tuple[str, ...]
    confirm: bool = False


class ErrandsState(CoreState):
    pass


def make_instance(config: ErrandsConfig, seed: int) -> ErrandsInstance:
    rng = random.Random(seed)
    codes = tuple(f"{letter}{rng.randint(1, 9)}" for letter in rng.sample("ABCDEFGHJK", config.codes))
    return ErrandsInstance(family=NAME, source=f"generated:seed={seed}", codes=codes, confirm=config.confirm)


def goals(instance: ErrandsInstance) -> tuple[str, ...]:
    return tuple(f"code:{code}" for code in instance.codes)


def _file(instance: ErrandsInstance, state: CoreState, args: Mapping[str, Any]) -> ToolResult:
    code = str(args.get("code", ""))
    if code not in instance.codes:
        return ToolResult(f"no such code: {code}", error=True)
    return ToolResult(f"filed {code}", payload={"code": code},
                      reward_keys=() if instance.confirm else (f"code:{code}",))


FILE = Tool(ToolSpec("file", "File one code.", {"type": "object", "properties": {"code": {"type": "string"}},
                                                "required": ["code"]}), _file)


def filed(events: Sequence[Event]) -> tuple[str, ...]:
    return tuple(e.payload["key"] for e in events if e.kind == "reward")


def _confirmations(state: CoreState) -> list[Event]:
    """The customer confirms each code filed and not yet confirmed: its reward event."""
    done = set(filed(state.events))
    keys = [f"code:{e.payload['result']['code']}" for e in state.events
            if e.kind == "tool_result" and isinstance(e.payload.get("result"), dict)]
    return [Event(index=0, role=None, kind="reward", text=key, payload={"key": key}, reward=1.0)
            for key in dict.fromkeys(keys) if key not in done]


class ErrandsRules(AgendaTurns):
    def initial(self, instance: ErrandsInstance, seating: Mapping[RoleId, str], first: RoleId | None) -> ErrandsState:
        return ErrandsState(seating=dict(seating), agenda=opening_agenda(NAME, ROLES, seating, first or CUSTOMER))

    def view(self, instance: ErrandsInstance, state: CoreState, role: RoleId) -> Observation:
        private = list(instance.codes) if role == CLERK else None
        # The customer cannot see the clerk's tool results; it is told how many codes are filed.
        public = {"filed": len(filed(state.events)), "codes": len(instance.codes)}
        return Observation(role, private, state.visible(role), state.steps, public)

    def legal(self, instance: ErrandsInstance, state: CoreState, role: RoleId) -> ActionSpace:
        if role == CLERK:
            return ActionSpace(frozenset({"tool_call", "message"}), tools=(FILE.spec,))
        return ActionSpace(frozenset({"message", "end_session"}), max_actions=2)

    def step(self, instance: ErrandsInstance, state: CoreState, role: RoleId, actions: Sequence[Action],
             text: str) -> Transition[CoreState]:
        self.check_turn(state, role)
        events: list[Event] = []
        for action in actions:
            if isinstance(action, ToolCall) and role == CLERK:
                rewards = {key: 1.0 for key in goals(instance)}
                events += call_tool((FILE,), instance, append(state, events), role, action, rewards)
            elif isinstance(action, Message):
                events.append(Event(index=0, role=role, kind="message", text=action.text))
                if role == CUSTOMER and instance.confirm:
                    events += _confirmations(state)
            elif isinstance(action, EndSession) and role == CUSTOMER:
                events.append(Event(index=0, role=role, kind="end_session", text="BYE"))
            else:
                raise IllegalMove(f"{role} cannot {action.kind} here")
        moved = append(state, events, agenda=state.agenda.pass_turn())
        if any(e.kind == "end_session" for e in events):
            moved = end(moved, "session_completed")
        return Transition(moved, tuple(moved.events[len(state.events):]))


class ErrandsCodec:
    """`CALL file {"code": "A1"}`, `SAY text` or `BYE`, one per line; `native_tools()` gives the
    variant where the clerk calls `file` as a native function."""

    name = "errands-text"
    native = False

    def native_tools(self) -> "ErrandsCodec":
        variant = ErrandsCodec()
        variant.native, variant.name = True, "errands-native"
        return variant

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        if obs.role == CLERK and self.native:
            system = (f"You are a clerk. File these codes: {', '.join(obs.private)}. Call the file tool, "
                      "or write SAY followed by a message.")
        elif obs.role == CLERK:
            system = (f"You are a clerk. File these codes: {', '.join(obs.private)}. Write one line: "
                      'CALL file {"code": "..."} or SAY followed by a message.')
        else:
            system = "You are a customer. Ask the clerk to file your codes; write SAY followed by a message, or BYE."
        turns: list[ChatMessage] = []
        for event in obs.history:
            mine = event.role == obs.role
            if self.native and event.kind in ("tool_call", "tool_result"):
                # one call and its result at a time, as the core replays a tool loop
                turns += tool_turns([e for e in obs.history if e.index in (event.index, event.index + 1)], obs.role) \
                    if event.kind == "tool_call" else []
                continue
            if event.kind == "message":
                turns.append(ChatMessage(role="assistant" if mine else "user", content=f"SAY {event.text}"))
            elif event.kind == "tool_call" and mine:
                turns.append(ChatMessage(role="assistant", content=self.render([ToolCall(
                    name=event.payload["name"], args=event.payload["args"])])))
            elif event.kind == "tool_result":
                turns.append(ChatMessage(role="user", content=f"RESULT {event.text}"))
            elif event.kind in ("format_error", "illegal_move") and mine:
                turns += [ChatMessage(role="assistant", content=event.text),
                          ChatMessage(role="user", content=f"ERROR {event.payload['feedback']}")]
        if not turns or turns[-1].role == "assistant":
            turns.append(ChatMessage(role="user", content="Your turn."))
        if feedback:  # a retry: the request differs from the refused one (and so does its cache key)
            notes = "\n".join(f"ERROR {text}" for text in feedback)
            turns[-1] = ChatMessage(role="user", content=f"{turns[-1].content}\n{notes}")
        return ChatRequest(system=system, messages=tuple(turns), purpose=obs.role)

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        text = reply.text.strip()
        if text.startswith("CALL ") and "tool_call" in legal.kinds:
            name, _, args = text[5:].partition(" ")
            try:
                parsed = json.loads(args)
            except ValueError:
                raise FormatError("the arguments after CALL file must be a JSON object") from None
            if not isinstance(parsed, dict):
                raise FormatError("the arguments after CALL file must be a JSON object")
            return (ToolCall(name=name, args=parsed),)
        if text.startswith("SAY ") and "message" in legal.kinds:
            return (Message(text=text[4:]),)
        if text == "BYE" and "end_session" in legal.kinds:
            return (Message(text="Thank you, goodbye."), EndSession())
        raise FormatError("write one line: CALL file {\"code\": \"...\"} or SAY followed by a message")

    def render(self, actions: Sequence[Action]) -> str:
        if any(isinstance(a, EndSession) for a in actions):
            return "BYE"
        action = actions[0]
        if isinstance(action, ToolCall):
            return f"CALL {action.name} {json.dumps(dict(action.args), sort_keys=True)}"
        assert isinstance(action, Message)
        return f"SAY {action.text}"


class CoinClerk:
    """Files the next unfiled code with probability `p`, else the decoy."""

    def __init__(self, instance: ErrandsInstance, p: float) -> None:
        self.codes, self.p = instance.codes, p

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        done = {key.removeprefix("code:") for key in filed(obs.history)}
        todo = [code for code in self.codes if code not in done]
        code = todo[0] if todo and rng.random() < self.p else DECOY
        return (ToolCall(name="file", args={"code": code}),)


class Customer:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if obs.public["filed"] >= obs.public["codes"]:
            return (Message(text="Thank you, goodbye."), EndSession())
        return (Message(text=f"Please file my codes ({obs.public['filed']} of {obs.public['codes']} filed)."),)


def score(instance: ErrandsInstance, state: CoreState) -> Score:
    share = len(filed(state.events)) / len(instance.codes)
    return Score(per_role={CLERK: share, CUSTOMER: share}, team=share, end_reason=state.ended or "unfinished")


def _players() -> dict[str, PlayerSpec]:
    players = {"customer": PlayerSpec("customer", "Customer: asks until every code is filed, then BYE.",
                                      lambda instance, role: Customer())}
    for p in COIN_PS:
        players[f"coin-{p}"] = PlayerSpec(f"coin-{p}", f"Clerk: files the next code with probability {p}.",
                                          lambda instance, role, p=p: CoinClerk(instance, p), cheat=True)
    return players


FAMILY = Family(
    name=NAME, relation=Relation.AGENT_VS_ENV, config=ErrandsConfig, instance_type=ErrandsInstance,
    state_type=ErrandsState,
    roles=lambda config, instance: (RoleSpec(CUSTOMER, "simulator"), RoleSpec(CLERK, "contestant")),
    instances=make_instance, rules=ErrandsRules(), codecs={"*": ErrandsCodec()},
    feedback=FeedbackPolicy(retries_per_request=2), score=score, players=_players(),
    limits=EpisodeLimits(max_steps=60), first_movers=(CUSTOMER,), description="File codes (harvest tests).",
    goals=goals)


def register() -> None:
    """Makes `errands` known to the registry (a test family, never shipped): for a subprocess."""
    register_builtin(NAME, lambda: FAMILY)


@contextmanager
def registered() -> Iterator[None]:
    """`errands` known to the registry for a while, then forgotten, so that no other test module
    (`lamen games list`, the conformance test over every family) ever meets it."""
    register()
    try:
        yield
    finally:
        _BUILTIN.pop(NAME, None)
