"""Traveling Adventurers as a lamen family (`adventurers`): two players with private coins on the
hallways of a house agree on one round trip (issue 16, point 2; FAMILIES.md §2.7)."""

from __future__ import annotations

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family, interchangeable_contestants, plant_in_notes
from lamen.core.types import Relation
from lamen.families.adventurers.board import ROLES
from lamen.families.adventurers.codec import AdventurersCodec
from lamen.families.adventurers.players import PLAYERS
from lamen.families.adventurers.rules import (FAMILY_NAME, MAX_TURNS, AdventurersConfig, AdventurersInstance,
                                              AdventurersRules, AdventurersState, goals, make_instance,
                                              score)


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.COMMON_PAYOFF,
    config=AdventurersConfig,
    instance_type=AdventurersInstance,
    state_type=AdventurersState,
    roles=interchangeable_contestants(ROLES),
    instances=make_instance,
    rules=AdventurersRules(),
    codecs={"*": AdventurersCodec()},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # as DialOp: ≤ 3 resamples
    score=score,
    players=PLAYERS,
    limits=EpisodeLimits(max_steps=2 * MAX_TURNS, max_turns_per_role=MAX_TURNS),
    seat_symmetries=(ROLES,),
    first_movers=ROLES,
    plant_canaries=plant_in_notes(ROLES),
    description="Traveling Adventurers: agree on one round trip through a house; each player knows only its own coins.",
    goals=goals,  # a harvest (lamen.harvest) branches until both submit the same correct tour
)
