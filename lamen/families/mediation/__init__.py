"""DialOp Mediation as a lamen family (`dialop.mediation`): an assistant books one flight for each
of two travellers who talk to it on private channels and must both accept (issue 17, point 2)."""

from __future__ import annotations

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family
from lamen.core.state import deal_goal
from lamen.core.types import Relation, RoleSpec
from lamen.families.mediation.codec import AssistantCodec, UserCodec
from lamen.families.mediation.instances import (ASSISTANT, FAMILY_NAME, USERS, MediationConfig, MediationInstance,
                                                make_instance)
from lamen.families.mediation.players import PLAYERS
from lamen.families.mediation.rules import MediationRules, MediationState, score

DESCRIPTION = "DialOp Mediation: an agent books a flight for each of two friends who each talk only to it."


def roles(config: MediationConfig, instance: MediationInstance) -> tuple[RoleSpec, ...]:
    # The assistant is the rated seat; the users are simulators or rated by role (FAMILIES.md §2.7).
    return (RoleSpec(name=ASSISTANT, kind="contestant"),
            *(RoleSpec(name=u, kind="either", group="users", interchangeable_with=tuple(o for o in USERS if o != u))
              for u in USERS))


def plant_canaries(instance: MediationInstance, canaries: dict[str, str]) -> MediationInstance:
    """Each role's canary goes into its private note; a user's also becomes the title of each of
    its private events, so a leak of private events is caught too."""
    users = []
    for u, role in enumerate(USERS):
        mark = canaries.get(role, "")
        user = instance.users[u]
        calendar = tuple(e if e.shared else e.model_copy(update={"title": mark}) for e in user.calendar)
        users.append(user.model_copy(update={"note": mark, "calendar": calendar}))
    return instance.model_copy(update={"users": tuple(users), "assistant_note": canaries.get(ASSISTANT, "")})


_USER_CODEC = UserCodec()
FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.COMMON_PAYOFF,
    config=MediationConfig,
    instance_type=MediationInstance,
    state_type=MediationState,
    roles=roles,
    instances=make_instance,
    rules=MediationRules(),
    codecs={ASSISTANT: AssistantCodec(), USERS[0]: _USER_CODEC, USERS[1]: _USER_CODEC},
    feedback=FeedbackPolicy(retries_per_request=3, on_exhausted="end_episode"),  # DialOp: ≤ 3 resamples
    score=score,
    players=PLAYERS,
    limits=EpisodeLimits(max_steps=45),  # the paper's Mediation cap: 45 messages
    seat_symmetries=(USERS,),
    first_movers=USERS,
    plant_canaries=plant_canaries,
    description=DESCRIPTION,
    goals=deal_goal,  # a harvest (lamen.harvest) branches until a full proposal is accepted
)
