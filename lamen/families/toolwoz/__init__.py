"""ToolWOZ as a lamen family (`toolwoz`; JOSH paper, seed 004; issue 18 point 2): an agent serves a
simulated customer by calling search and booking APIs over the MultiWOZ databases, which answer
adversarially; reward = the share of the goal's API calls the agent completed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family, MetricSpec
from lamen.core.types import Relation, RoleId, RoleSpec
from lamen.families.toolwoz.codec import ToolWozCodec
from lamen.families.toolwoz.instances import FAMILY_NAME, ToolWozConfig, ToolWozInstance, make_instance
from lamen.families.toolwoz.players import PLAYERS
from lamen.families.toolwoz.rules import ToolWozRules, ToolWozState, score

DESCRIPTION = ("ToolWOZ: an agent serves a simulated customer by calling search and booking APIs over the "
               "MultiWOZ databases, which answer adversarially.")


def roles(config: Any, instance: Any) -> tuple[RoleSpec, ...]:
    # Agent versus environment: the agent is rated; the customer is a simulator.
    return (RoleSpec(name="agent", kind="contestant"), RoleSpec(name="user", kind="simulator"))


def plant_canaries(instance: ToolWozInstance, canaries: Mapping[RoleId, str]) -> ToolWozInstance:
    """Each role's canary goes into its private note (the customer's goal holds only database values)."""
    return instance.model_copy(update={"notes": (canaries.get("agent", ""), canaries.get("user", ""))})


def goals(instance: ToolWozInstance) -> tuple[str, ...]:
    """The reward keys an episode can earn: one per goal API call, in the order the customer pursues them."""
    return tuple(call.key for call in instance.goal.calls())


def moves_cap(instance: ToolWozInstance) -> int:
    """Replies an episode lasts at most: every message, plus the agent's calls in each of its turns."""
    limits = instance.limits
    return limits.max_messages + (limits.max_messages // 2) * limits.calls_per_turn


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.AGENT_VS_ENV,
    config=ToolWozConfig,
    instance_type=ToolWozInstance,
    state_type=ToolWozState,
    roles=roles,
    instances=make_instance,
    rules=ToolWozRules(),
    codecs={"agent": ToolWozCodec(), "user": ToolWozCodec(customer=True)},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # APIRETURN ERROR / retry
    score=score,
    players=PLAYERS,
    # The rules end the episode at `max_messages`; the loop's step cap (which counts each API call)
    # only backstops them.
    limits=EpisodeLimits(max_steps=1_000),
    moves_cap=moves_cap,
    first_movers=("user",),
    plant_canaries=plant_canaries,
    description=DESCRIPTION,
    goals=goals,  # what a JOSH harvest (lamen.harvest) removes as reward events meet them
    # The paper's two figures: average reward (share of goal calls completed) and success.
    metrics=(MetricSpec("reward", "reward"), MetricSpec("success", "success")),
)
