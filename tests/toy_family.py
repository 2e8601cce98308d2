"""A small outside family for the core's tests: three scouts, round-robin, each knows one secret
digit; the team scores 1 when someone submits the sum of all three. It lives outside lamen on
purpose: the registry test installs it through a fake `lamen.families` entry point."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from lamen.agents.base import ChatMessage, ChatReply, ChatRequest
from lamen.core.agenda import Agenda
from lamen.core.codec import FeedbackPolicy, FormatError
from lamen.core.family import EpisodeLimits, Family, Instance, PlayerSpec
from lamen.core.rules import Transition
from lamen.core.state import CoreState, end
from lamen.core.types import (Action, ActionSpace, IllegalMove, Message, Observation, Relation, Request, RoleId,
                              RoleSpec, Score, Submit)

ROLES = ("scout-0", "scout-1", "scout-2")
_MOVE = re.compile(r"^\[(say|total)\] (.+)$", re.DOTALL)


class ToyConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ToyInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")
    secrets: tuple[int, int, int]
    notes: tuple[str, str, str] = ("", "", "")


@dataclass(frozen=True)
class Private:
    secret: int
    note: str


class ToyRules:
    def initial(self, instance: ToyInstance, seating: Mapping[RoleId, str], first: RoleId | None) -> CoreState:
        return CoreState(seating=dict(seating), agenda=Agenda.start(ROLES, first))

    def agenda(self, state: CoreState) -> tuple[Request, ...]:
        return () if state.ended else state.agenda.requests()

    def view(self, instance: ToyInstance, state: CoreState, role: RoleId) -> Observation:
        i = ROLES.index(role)
        return Observation(role=role, private=Private(instance.secrets[i], instance.notes[i]),
                           history=state.visible(role), step=state.steps)

    def legal(self, instance: ToyInstance, state: CoreState, role: RoleId) -> ActionSpace:
        return ActionSpace(kinds=frozenset({"message", "submit"}))

    def step(self, instance: ToyInstance, state: CoreState, role: RoleId, actions: Sequence[Action],
             text: str) -> Transition[CoreState]:
        (action,) = actions
        if isinstance(action, Message):
            event = state.event(role, "message", text, payload={"text": action.text})
            new = state.model_copy(update={"events": state.with_events(event), "agenda": state.agenda.pass_turn()})
        elif isinstance(action, Submit):
            if not isinstance(action.payload, int) or not 0 <= action.payload <= 27:
                raise IllegalMove("a total is a whole number from 0 to 27")
            event = state.event(role, "submit", text, payload=action.payload)
            new = end(state.model_copy(update={"events": state.with_events(event)}), "submitted")
        else:
            raise IllegalMove(f"{action.kind} is not a move here")
        return Transition(new, new.events[len(state.events):])

    def is_over(self, state: CoreState) -> str | None:
        return state.ended


class ToyCodec:
    name = "toy-lines"

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        me: Private = obs.private
        system = f"You are {obs.role}. Your digit is {me.secret}. {me.note}".strip()
        said = "\n".join(f"{e.role}: {e.text}" for e in obs.history if e.kind in ("message", "submit"))
        return ChatRequest(system=system, messages=(ChatMessage(role="user", content=said + "\n" + " ".join(feedback)),))

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        found = _MOVE.match(reply.text.strip())
        if not found:
            raise FormatError("write [say] <text> or [total] <number>")
        if found.group(1) == "say":
            return (Message(text=found.group(2)),)
        if not found.group(2).isdigit():
            raise FormatError("[total] needs a whole number")
        return (Submit(payload=int(found.group(2))),)

    def render(self, actions: Sequence[Action]) -> str:
        (action,) = actions
        return f"[say] {action.text}" if isinstance(action, Message) else f"[total] {action.payload}"


class Teller:
    """Says its digit; submits the sum once it has heard both others."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        heard = {e.role: int(e.text.rsplit(" ", 1)[1]) for e in obs.history
                 if e.kind == "message" and e.role != obs.role and e.text.startswith("[say] my digit is")}
        if len(heard) == len(ROLES) - 1:
            return (Submit(payload=obs.private.secret + sum(heard.values())),)
        return (Message(text=f"my digit is {obs.private.secret}"),)


class Guesser:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return (Submit(payload=rng.randint(0, 27)),)


def _score(instance: ToyInstance, state: CoreState) -> Score:
    submitted = [e.payload for e in state.events if e.kind == "submit"]
    team = float(bool(submitted) and submitted[-1] == sum(instance.secrets))
    return Score(per_role={r: team for r in ROLES}, team=team, end_reason=state.ended or "unfinished")


def _instance(config: ToyConfig, seed: int) -> ToyInstance:
    rng = random.Random(seed)
    return ToyInstance(family="toy.scouts", source=f"generated:seed={seed}",
                       secrets=(rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 9)))


FAMILY = Family(
    name="toy.scouts", relation=Relation.COMMON_PAYOFF, config=ToyConfig, instance_type=ToyInstance,
    state_type=CoreState, roles=lambda config, instance: tuple(RoleSpec(r, "contestant") for r in ROLES),
    instances=_instance, rules=ToyRules(), codecs={"*": ToyCodec()}, feedback=FeedbackPolicy(retries_per_request=1),
    score=_score, limits=EpisodeLimits(max_steps=9),
    players={"teller": PlayerSpec("teller", "says its digit", lambda i, r: Teller()),
             "guesser": PlayerSpec("guesser", "guesses", lambda i, r: Guesser())},
    plant_canaries=lambda instance, canaries: instance.model_copy(
        update={"notes": tuple(canaries.get(r, "") for r in ROLES)}),
)
