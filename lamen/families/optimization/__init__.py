"""DialOp Optimization as a lamen family (`dialop.optimization`): two co-chairs with partial,
privately scaled views of a reviewer × paper fit table agree on a matching (issue 16, point 1)."""

from __future__ import annotations

from collections.abc import Mapping

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family
from lamen.core.types import Relation, RoleId, RoleSpec
from lamen.families.optimization.codec import OptimizationCodec
from lamen.families.optimization.instances import (FAMILY_NAME, ROLES, OptimizationConfig, OptimizationInstance,
                                                   make_instance)
from lamen.families.optimization.players import PLAYERS
from lamen.families.optimization.rules import OptimizationRules, OptimizationState, score


def _roles(config: OptimizationConfig, instance: OptimizationInstance) -> tuple[RoleSpec, ...]:
    return tuple(RoleSpec(name=r, kind="contestant", interchangeable_with=tuple(o for o in ROLES if o != r))
                 for r in ROLES)


def _plant(instance: OptimizationInstance, canaries: Mapping[RoleId, str]) -> OptimizationInstance:
    return instance.model_copy(update={"notes": tuple(canaries.get(r, "") for r in ROLES)})


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.COMMON_PAYOFF,
    config=OptimizationConfig,
    instance_type=OptimizationInstance,
    state_type=OptimizationState,
    roles=_roles,
    instances=make_instance,
    rules=OptimizationRules(),
    codecs={"*": OptimizationCodec()},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # DialOp: ≤ 3 resamples
    score=score,
    players=PLAYERS,
    limits=EpisodeLimits(max_steps=30),
    seat_symmetries=(ROLES,),
    first_movers=ROLES,
    plant_canaries=_plant,
    description="DialOp Optimization: assign reviewers to papers from two partial, privately scaled views.",
)
