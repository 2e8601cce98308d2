"""Traveling Adventurers as a lamen family (`adventurers`): two players with private coins on the
hallways of a house agree on one round trip (issue 16, point 2; FAMILIES.md §2.7)."""

from __future__ import annotations

from collections.abc import Mapping

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family
from lamen.core.types import Relation, RoleId, RoleSpec
from lamen.families.adventurers.board import ROLES
from lamen.families.adventurers.codec import AdventurersCodec
from lamen.families.adventurers.players import PLAYERS
from lamen.families.adventurers.rules import (FAMILY_NAME, MAX_TURNS, AdventurersConfig, AdventurersInstance,
                                              AdventurersRules, AdventurersState, make_instance, score)


def _roles(config: AdventurersConfig, instance: AdventurersInstance) -> tuple[RoleSpec, ...]:
    return tuple(RoleSpec(name=r, kind="contestant", interchangeable_with=tuple(o for o in ROLES if o != r))
                 for r in ROLES)


def _plant(instance: AdventurersInstance, canaries: Mapping[RoleId, str]) -> AdventurersInstance:
    return instance.model_copy(update={"notes": tuple(canaries.get(r, "") for r in ROLES)})


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.COMMON_PAYOFF,
    config=AdventurersConfig,
    instance_type=AdventurersInstance,
    state_type=AdventurersState,
    roles=_roles,
    instances=make_instance,
    rules=AdventurersRules(),
    codecs={"*": AdventurersCodec()},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # as DialOp: ≤ 3 resamples
    score=score,
    players=PLAYERS,
    limits=EpisodeLimits(max_steps=2 * MAX_TURNS, max_turns_per_role=MAX_TURNS),
    seat_symmetries=(ROLES,),
    first_movers=ROLES,
    plant_canaries=_plant,
    description="Traveling Adventurers: agree on one round trip through a house; each player knows only its own coins.",
)
