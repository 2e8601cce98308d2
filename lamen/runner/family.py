"""The game family a tournament plays, found by name in the registry (lamen.core.registry): the
runner and the cost estimate know no family, only what `Family.tournament` gives them. A
common-payoff family with no hooks of its own — two interchangeable seats, or asymmetric roles in
two parties (lamen.core.seats) — is played through the runner's generic ones
(lamen.runner.common_payoff); an agent-vs-environment family (PeopleJoin-QA, ToolWOZ) through
the agent × simulator hooks (lamen.runner.agent_env)."""

from __future__ import annotations

from dataclasses import replace

from lamen.core.family import Family
from lamen.core.registry import UnknownFamily, get_family
from lamen.core.types import Relation
from lamen.spec.problems import Problem, SpecError

_WITH_HOOKS: dict[str, Family] = {}


def tournament_family(name: str) -> Family:
    """The family named `name`, with its tournament hooks; one line (under the spec's `family`
    field) when it is unknown or `lamen run` cannot play it yet."""
    if name in _WITH_HOOKS:
        return _WITH_HOOKS[name]
    try:
        family = get_family(name)
    except UnknownFamily as exc:
        raise SpecError([Problem(str(exc), "name a family that `lamen games list` shows", ("family",))]) from None
    if family.tournament is None and family.relation == Relation.AGENT_VS_ENV:
        from lamen.runner.agent_env import AgentEnvTournament

        family = replace(family, tournament=AgentEnvTournament(family))
    elif family.tournament is None:
        from lamen.core.seats import seat_plan
        from lamen.runner.common_payoff import CommonPayoffTournament

        if seat_plan(family) is None:
            raise SpecError([Problem(
                f"game family {name!r} cannot be played by `lamen run` yet",
                "choose negotiation or a common-payoff family whose seats two agents fill "
                "(dialop.optimization, adventurers, dialop.planning, dialop.mediation), or an agent-vs-environment "
                "family (peoplejoin.qa, toolwoz)", ("family",))])
        family = replace(family, tournament=CommonPayoffTournament(family))
    _WITH_HOOKS[name] = family
    return family
