"""The game family a tournament plays, found by name in the registry (lamen.core.registry): the
runner and the cost estimate know no family, only what `Family.tournament` gives them."""

from __future__ import annotations

from lamen.core.family import Family
from lamen.core.registry import UnknownFamily, get_family
from lamen.spec.problems import Problem, SpecError


def tournament_family(name: str) -> Family:
    """The family named `name`; one line (under the spec's `family` field) when it is unknown or
    `lamen run` cannot play it yet."""
    try:
        family = get_family(name)
    except UnknownFamily as exc:
        raise SpecError([Problem(str(exc), "name a family that `lamen games list` shows", ("family",))]) from None
    if family.tournament is None:
        raise SpecError([Problem(f"game family {name!r} cannot be played by `lamen run` yet",
                                 "choose a family whose games `lamen run` plays (negotiation)", ("family",))])
    return family
