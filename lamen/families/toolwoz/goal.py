"""A ToolWOZ goal: per domain, the search the user wants and, for a bookable domain, the booking —
together the *goal API calls* an ideal agent makes (JOSH paper §3.2). The reward of an episode is
the share of goal calls the agent completed; `completes` is the paper's rule for one call.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, field_validator

from lamen.families.toolwoz.db import BOOKABLE, DOMAINS, Domain, by_key, norm, query


class DomainGoal(BaseModel):
    """What the user wants of one domain. `entity` is the row key of the entity the goal was drawn
    from: the one a booking must name (`book`), and the one adversarial serving protects."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    domain: Domain
    search: dict[str, str]
    book: dict[str, str] | None = None
    entity: str

    @field_validator("search", "book")
    @classmethod
    def _normal(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        return None if value is None else {k: norm(v) for k, v in value.items()}

    def model_post_init(self, context: object) -> None:
        if self.domain not in DOMAINS:
            raise ValueError(f"toolwoz goal: unknown domain {self.domain!r}")
        if self.book is not None and self.domain not in BOOKABLE:
            raise ValueError(f"toolwoz goal: {self.domain} has no booking")
        if self.entity not in by_key(self.domain):
            raise ValueError(f"toolwoz goal: {self.domain} has no entity {self.entity!r}")

    def calls(self) -> tuple["GoalCall", ...]:
        found = [GoalCall(name=f"search_{self.domain}", args=dict(self.search))]
        if self.book is not None:
            found.append(GoalCall(name=f"book_{self.domain}", args=dict(self.book)))
        return tuple(found)


class GoalCall(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    args: dict[str, str]

    @property
    def key(self) -> str:
        """The reward key: one goal per domain, so the API's name names the goal call."""
        return self.name


class Goal(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    domains: tuple[DomainGoal, ...]

    def model_post_init(self, context: object) -> None:
        names = [d.domain for d in self.domains]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"toolwoz goal: needs 1-3 distinct domains, got {names}")

    def of(self, domain: str) -> DomainGoal | None:
        return next((d for d in self.domains if d.domain == domain), None)

    def calls(self) -> tuple[GoalCall, ...]:
        return tuple(call for d in self.domains for call in d.calls())


def domain_of(api: str) -> str:
    return api.split("_", 1)[1] if "_" in api else ""


def completes(goal_call: GoalCall, name: str, args: dict[str, str]) -> bool:
    """The paper's rule: goal API g(x) is completed by a call f(y) of the same API when x ⊆ y, or
    when x and y each find exactly one database row, the same one. (A booking's arguments name its
    entity and all its details, so for bookings only x ⊆ y can hold.)"""
    if name != goal_call.name:
        return False
    x = goal_call.args
    if all(args.get(slot) == value for slot, value in x.items()):
        return True
    if not name.startswith("search_"):
        return False
    domain = domain_of(name)
    found_x, found_y = query(domain, x), query(domain, args)  # type: ignore[arg-type]
    return len(found_x) == 1 and len(found_y) == 1 and found_x[0].key == found_y[0].key
