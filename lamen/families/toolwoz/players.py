"""The registry of ToolWOZ's scripted players. Every player fills either seat: an agent player
plays the `terse` customer when seated as the user, a customer plays `speak-only` when seated as
the agent (the conformance tests seat every pair both ways)."""

from __future__ import annotations

from collections.abc import Callable

from lamen.core.family import PlayerSpec, Policy
from lamen.core.types import RoleId
from lamen.families.toolwoz.agents import OracleAgent, RandomApiAgent, SlotFillerAgent, SpeakOnlyAgent
from lamen.families.toolwoz.instances import ToolWozInstance
from lamen.families.toolwoz.users import terse, verbose


def _seated(agent: Callable[[ToolWozInstance], Policy],
            user: Callable[[ToolWozInstance], Policy]) -> Callable[[ToolWozInstance, RoleId], Policy]:
    def make(instance: ToolWozInstance, role: RoleId) -> Policy:
        return agent(instance) if role == "agent" else user(instance)

    return make


PLAYERS: dict[str, PlayerSpec] = {
    "oracle": PlayerSpec("oracle", "Agent: calls every goal API with the goal's arguments (as a user: terse).",
                         _seated(lambda i: OracleAgent(i.goal), lambda i: terse()), cheat=True),
    "slot-filler": PlayerSpec("slot-filler", "Agent: keyword-matches slot values from the customer's words, "
                              "searches with all it knows, then books (as a user: terse).",
                              _seated(lambda i: SlotFillerAgent(), lambda i: terse())),
    "speak-only": PlayerSpec("speak-only", "Agent: only talks, never calls an API (as a user: terse).",
                             _seated(lambda i: SpeakOnlyAgent(), lambda i: terse())),
    "random-api": PlayerSpec("random-api", "Agent: one or two random API calls a turn (as a user: terse).",
                             _seated(lambda i: RandomApiAgent(), lambda i: terse())),
    "terse": PlayerSpec("terse", "User: discloses one goal slot a turn, answers slot questions "
                        "(as an agent: speak-only).", _seated(lambda i: SpeakOnlyAgent(), lambda i: terse())),
    "verbose": PlayerSpec("verbose", "User: discloses two goal slots a turn in full sentences, answers slot "
                          "questions (as an agent: speak-only).",
                          _seated(lambda i: SpeakOnlyAgent(), lambda i: verbose())),
}
