"""The game family a tournament plays, found by name in the registry (lamen.core.registry): the
runner and the cost estimate know no family, only what `Family.tournament` gives them. A
common-payoff family with two interchangeable seats and no hooks of its own is played through
the runner's generic ones (lamen.runner.common_payoff)."""

from __future__ import annotations

from dataclasses import replace

from lamen.core.family import Family
from lamen.core.registry import UnknownFamily, get_family
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
    if family.tournament is None:
        from lamen.runner.common_payoff import CommonPayoffTournament, two_interchangeable_seats

        if not two_interchangeable_seats(family):
            raise SpecError([Problem(
                f"game family {name!r} cannot be played by `lamen run` yet",
                "choose negotiation or a common-payoff family with two interchangeable seats "
                "(dialop.optimization, adventurers)", ("family",))])
        family = replace(family, tournament=CommonPayoffTournament(family))
    _WITH_HOOKS[name] = family
    return family
