"""DialOp Planning as a lamen family (`dialop.planning`): an assistant with a site database and a
search tool plans a three-stop itinerary for a user who alone knows their preferences (issue 17,
point 1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family
from lamen.core.state import deal_goal
from lamen.core.types import Relation, RoleId, RoleSpec
from lamen.families.planning.codec import PlanningCodec
from lamen.families.planning.instances import (FAMILY_NAME, ROLES, PlanningConfig, PlanningInstance,
                                               make_instance)
from lamen.families.planning.players import PLAYERS
from lamen.families.planning.rules import PlanningRules, PlanningState, score

DESCRIPTION = ("DialOp Planning: an assistant with a site database and a search tool plans a three-stop "
               "itinerary for a user who alone knows their preferences.")


def roles(config: Any, instance: Any) -> tuple[RoleSpec, ...]:
    # Asymmetric: both seats are rated by role (assistant × user matrix), never swapped.
    return (RoleSpec(name="assistant", kind="contestant"), RoleSpec(name="user", kind="either"))


def plant_canaries(instance: PlanningInstance, canaries: Mapping[RoleId, str]) -> PlanningInstance:
    """The assistant's canary goes into its private note; the user's into the text of its first
    preference (what a user may choose to say aloud, and the assistant must not otherwise see)."""
    first = instance.preferences[0]
    planted = first.model_copy(update={"text": f"{first.text} {canaries.get('user', '')}".strip()})
    return instance.model_copy(update={"notes": (canaries.get("assistant", ""), ""),
                                       "preferences": (planted, *instance.preferences[1:])})


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.COMMON_PAYOFF,
    config=PlanningConfig,
    instance_type=PlanningInstance,
    state_type=PlanningState,
    roles=roles,
    instances=make_instance,
    rules=PlanningRules(),
    codecs={"*": PlanningCodec()},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # DialOp: ≤ 3 resamples
    score=score,
    players=PLAYERS,
    # The rules end the game after the instance's `limits.max_moves` committed moves; the loop's
    # step cap only backstops them, since the core loop counts each search as a step.
    limits=EpisodeLimits(max_steps=1_000),
    moves_cap=lambda instance: instance.limits.max_moves,
    first_movers=ROLES,
    plant_canaries=plant_canaries,
    description=DESCRIPTION,
    goals=deal_goal,  # a harvest (lamen.harvest) branches until a full proposal is accepted
)
