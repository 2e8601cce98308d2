"""How a common-payoff family's seats are filled by a tournament's two agents, read from the
family's roles (`Family.roles`, `Family.seat_symmetries`), never from its name.

- Two interchangeable seats (DialOp Optimization, Traveling Adventurers): one agent per seat;
  the schedule swaps who sits where.
- Asymmetric (DialOp Planning: assistant, user; Mediation: assistant, user-0, user-1): the roles
  fall into two *parties*, a role with the seats it is interchangeable with or that share its
  `group`. The first agent fills every seat of the first party, the second agent every seat of
  the second: in Mediation one user agent fills both user seats (a `RoleSpec.group` is "roles
  one binding fills together"). Each party is one rated role (`lamen.ratings.roles`): its name
  is the group's, or the role's when the party is one seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from lamen.core.family import Family
from lamen.core.types import Relation, RoleId


@dataclass(frozen=True)
class SeatPlan:
    roles: tuple[RoleId, ...]  # every seat of the family, in its order
    sides: tuple[int, ...]  # per seat: 0 = the match's first agent, 1 = its second
    parties: tuple[str, str]  # the rated role of each side (asymmetric), or the two seats' roles
    interchangeable: bool  # True: the two seats are one role that the schedule swaps

    def seats_of(self, side: int) -> tuple[RoleId, ...]:
        return tuple(role for role, s in zip(self.roles, self.sides) if s == side)

    def rated_roles(self) -> dict[str, str]:
        """seat → rated role, the mapping `lamen.ratings.roles.rate_roles` takes."""
        return {role: self.parties[side] for role, side in zip(self.roles, self.sides)}


def seat_plan(family: Family) -> SeatPlan | None:
    """The family's seats as a tournament of two agents fills them; None when it is no
    common-payoff family, its roles do not fall into two parties, or they depend on the instance
    (then no one plan fits every match)."""
    if family.relation != Relation.COMMON_PAYOFF:
        return None
    pair = next((group for group in family.seat_symmetries if len(group) == 2), None)
    try:
        specs = family.roles(family.default_config(), None)
    except (AttributeError, TypeError, ValueError):  # roles that depend on the instance (PeopleJoin)
        return None
    if pair is not None and len(specs) == 2:
        return SeatPlan(roles=(pair[0], pair[1]), sides=(0, 1), parties=(pair[0], pair[1]), interchangeable=True)
    parties: list[list[RoleId]] = []
    names: list[str] = []
    for spec in specs:
        found = next((i for i, party in enumerate(parties)
                      if any(other in spec.interchangeable_with for other in party)
                      or (spec.group is not None and spec.group == names[i])), None)
        if found is None:
            parties.append([spec.name])
            names.append(spec.group or spec.name)
        else:
            parties[found].append(spec.name)
    if len(parties) != 2:
        return None
    roles = tuple(spec.name for spec in specs)
    sides = tuple(0 if role in parties[0] else 1 for role in roles)
    return SeatPlan(roles=roles, sides=sides, parties=(names[0], names[1]), interchangeable=False)


__all__ = ["SeatPlan", "seat_plan"]
