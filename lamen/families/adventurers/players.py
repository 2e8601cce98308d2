"""The scripted Traveling Adventurers players (`policies`) behind the core's PolicyAgent: each
reads only its own seat's view, and its turn is turned into core actions, written through the
codec and parsed back like a model's reply."""

from __future__ import annotations

import random
from collections.abc import Sequence

from lamen.core.family import PlayerSpec, Policy
from lamen.core.types import (Action, ActionSpace, EndTurn, Message, Observation, Propose, Respond, RoleId, Submit,
                              Think, ToolCall)
from lamen.families.adventurers import policies
from lamen.families.adventurers.protocol import Agree, Ask, End, Inform, Reject, Suggest, Turn, Visit


def turn_actions(turn: Turn) -> tuple[Action, ...]:
    """A simulator turn as core actions: thought first, then the actions in order, then the message."""
    out: list[Action] = [Think(text=turn.thought)] if turn.thought else []
    for action in turn.actions:
        if isinstance(action, Suggest):
            out.append(Propose(payload=list(action.path)))
        elif isinstance(action, (Agree, Reject)):
            out.append(Respond(accept=isinstance(action, Agree)))
        elif isinstance(action, Visit):
            out.append(ToolCall(name="visit", args={"room": action.room}))
        elif isinstance(action, Ask):
            out.append(ToolCall(name="ask", args={"hallways": [list(h) for h in action.hallways]}))
        elif isinstance(action, Inform):
            out.append(ToolCall(name="inform", args={"coins": [list(c) for c in action.coins]}))
        elif isinstance(action, End):
            out.append(Submit(payload=list(action.path)))
    if turn.message:
        out.append(Message(text=turn.message))
    return tuple(out) or (EndTurn(),)


class ScriptedAdventurer:
    def __init__(self, policy: policies.Policy) -> None:
        self.policy = policy

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return turn_actions(self.policy(obs.private.view, rng))


def _spec(name: str) -> PlayerSpec:
    policy = policies.POLICIES[name]
    doc = (policy.__doc__ or "").strip().splitlines()[0]

    def make(instance: object, role: RoleId) -> Policy:
        return ScriptedAdventurer(policy)

    return PlayerSpec(name, doc, make)


PLAYERS: dict[str, PlayerSpec] = {name: _spec(name) for name in policies.POLICIES}
