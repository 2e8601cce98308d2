"""DialOp Optimization as a lamen family (`dialop.optimization`): two co-chairs with partial,
privately scaled views of a reviewer × paper fit table agree on a matching (issue 16, point 1)."""

from __future__ import annotations

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family, interchangeable_contestants, plant_in_notes
from lamen.core.state import deal_goal
from lamen.core.types import Relation
from lamen.families.optimization.codec import OptimizationCodec
from lamen.families.optimization.instances import (FAMILY_NAME, ROLES, OptimizationConfig, OptimizationInstance,
                                                   make_instance)
from lamen.families.optimization.players import PLAYERS
from lamen.families.optimization.rules import OptimizationRules, OptimizationState, score


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.COMMON_PAYOFF,
    config=OptimizationConfig,
    instance_type=OptimizationInstance,
    state_type=OptimizationState,
    roles=interchangeable_contestants(ROLES),
    instances=make_instance,
    rules=OptimizationRules(),
    codecs={"*": OptimizationCodec()},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # DialOp: ≤ 3 resamples
    score=score,
    players=PLAYERS,
    limits=EpisodeLimits(max_steps=30),
    seat_symmetries=(ROLES,),
    first_movers=ROLES,
    plant_canaries=plant_in_notes(ROLES),
    description="DialOp Optimization: assign reviewers to papers from two partial, privately scaled views.",
    goals=deal_goal,  # a harvest (lamen.harvest) branches until a full proposal is accepted
)
