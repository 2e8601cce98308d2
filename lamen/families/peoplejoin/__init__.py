"""PeopleJoin-QA as a lamen family (`peoplejoin.qa`): a hub agent answers its user's question by
finding, among the colleagues of an organisation, the people who hold the tables it needs, and
messaging them (issue 18, point 1; FAMILIES.md §2.8)."""

from __future__ import annotations

from collections.abc import Mapping

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family, MetricSpec
from lamen.core.types import Relation, RoleId
from lamen.families.peoplejoin.codec import PeopleJoinCodec
from lamen.families.peoplejoin.instances import (FAMILY_NAME, HUB, PRIMARY, PeopleJoinConfig, PeopleJoinInstance,
                                                 make_instance, roles)
from lamen.families.peoplejoin.match_judge import GRADER
from lamen.families.peoplejoin.players import PLAYERS
from lamen.families.peoplejoin.rules import PeopleJoinRules, PeopleJoinState, score

DESCRIPTION = ("PeopleJoin-QA: an agent answers its user's question by finding and messaging the colleagues "
               "who hold the tables it needs.")


def plant_canaries(instance: PeopleJoinInstance, canaries: Mapping[RoleId, str]) -> PeopleJoinInstance:
    """Each role's canary goes into its private note (shown only in that role's requests)."""
    return instance.model_copy(update={"notes": {r: c for r, c in canaries.items() if r in instance.roles()}})


def role_moves(instance: PeopleJoinInstance) -> dict[RoleId, int]:
    """The moves of a session that asks each colleague once, within the agenda's limits: the hub
    handles the question, each colleague's reply and its user's reply to the answer (at most
    `hub_events` events), and in each event makes up to `calls_per_event` tool calls and one
    closing reply; each person replies once. What the cost estimate assumes: the 1,000-step
    backstop spread over every person would count each of them as writing a hundred replies."""
    colleagues = instance.colleague_roles()
    events = min(instance.hub_events, len(colleagues) + 2)
    return {HUB: events * (instance.calls_per_event + 1), PRIMARY: 1, **{role: 1 for role in colleagues}}


def moves_cap(instance: PeopleJoinInstance) -> int:
    return sum(role_moves(instance).values())


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.AGENT_VS_ENV,
    config=PeopleJoinConfig,
    instance_type=PeopleJoinInstance,
    state_type=PeopleJoinState,
    roles=roles,
    instances=make_instance,
    rules=PeopleJoinRules(),
    codecs={"*": PeopleJoinCodec()},
    # PeopleJoin re-decodes an unreadable reply and ends the session after 3 failures in all.
    feedback=FeedbackPolicy(retries_per_request=3, errors_per_episode=3, on_exhausted="end_episode"),
    score=score,
    players=PLAYERS,
    # The rules end the session after the instance's hub events; the loop's step cap (tool calls
    # and every person's reply count as steps) only backstops them.
    limits=EpisodeLimits(max_steps=1_000),
    moves_cap=moves_cap,
    role_moves=role_moves,
    plant_canaries=plant_canaries,
    description=DESCRIPTION,
    # PeopleJoin's table of results (§5): Match on 0/50/100, the messages and their words, the
    # people contacted, and people precision and recall against the gold people.
    metrics=(MetricSpec("match", "Match", scale=100.0),
             MetricSpec("msg_cnt", "MsgCnt", scale=None, higher_is_better=False),
             MetricSpec("msg_size", "MsgSize", scale=None, higher_is_better=False),
             MetricSpec("people", "#People", scale=None, higher_is_better=False),
             MetricSpec("p_prec", "P-Prec"), MetricSpec("p_rec", "P-Rec")),
    # The optional LLM judge of Match (a tournament's `match_judge`), stored beside it.
    llm_judge=GRADER,
)
