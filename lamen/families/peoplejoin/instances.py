"""PeopleJoin-QA instances: one organisation and one question from it, and the roles they seat —
the hub (the agent rated), the primary (the initiating user who asked) and one colleague seat
per other person in the organisation."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from lamen.core.family import Instance
from lamen.core.types import RoleId, RoleSpec
from lamen.families.peoplejoin.organisation import Organisation, load_organisation
from lamen.families.peoplejoin.questions import Item, dev_items

FAMILY_NAME = "peoplejoin.qa"
HUB, PRIMARY = "hub", "primary"
COLLEAGUE = "colleague:"


class PeopleJoinConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    split: str = "dev"  # the shipped split; seed n plays item n (mod its size)
    # "generated": item n asked in an organisation the generator builds (seed n) from the tables
    # of the item's shipped organisation, instead of that organisation itself.
    organisations: Literal["shipped", "generated"] = "shipped"
    calls_per_event: int = Field(10, ge=1)  # tool calls the hub may make while handling one event
    # Events (incoming messages) the hub handles before the session is cut off: 30 lets a hub ask
    # each colleague of the largest organisation the generator builds (25) once and still answer
    # its user and read the reply (1 + 25 + 1 events).
    hub_events: int = Field(30, ge=1)


class PeopleJoinInstance(Instance):
    organisation: Organisation
    item: Item
    calls_per_event: int = 10
    hub_events: int = 30
    notes: dict[RoleId, str] = {}  # a private line per role (empty; the leak test plants canaries here)

    def colleague_roles(self) -> tuple[RoleId, ...]:
        return tuple(colleague_role(p.user_id) for p in self.organisation.colleagues())

    def roles(self) -> tuple[RoleId, ...]:
        return (HUB, PRIMARY, *self.colleague_roles())

    def person_of(self, role: RoleId) -> str:
        """The user id a person role stands for (the primary: the initiating user)."""
        if role == PRIMARY:
            return self.organisation.primary
        if role.startswith(COLLEAGUE):
            return role[len(COLLEAGUE):]
        raise KeyError(f"{role!r} is not a person of the organisation")

    def role_of(self, user_id: str) -> RoleId:
        return PRIMARY if user_id == self.organisation.primary else colleague_role(user_id)


def colleague_role(user_id: str) -> RoleId:
    return f"{COLLEAGUE}{user_id}"


def instance_for(item: Item, config: PeopleJoinConfig, organisation: Organisation | None = None,
                 source: str | None = None) -> PeopleJoinInstance:
    return PeopleJoinInstance(family=FAMILY_NAME, source=source or f"{config.split}:{item.datum_id}",
                              organisation=organisation or load_organisation(item.organisation), item=item,
                              calls_per_event=config.calls_per_event, hub_events=config.hub_events)


def make_instance(config: PeopleJoinConfig, seed: int) -> PeopleJoinInstance:
    if config.split != "dev":
        raise ValueError(f"{FAMILY_NAME}: split {config.split!r} is not shipped (only 'dev')")
    items = dev_items()
    item = items[seed % len(items)]
    if config.organisations == "generated":
        from lamen.families.peoplejoin.generator import generate_organisation, retarget, tables_of

        generated = generate_organisation(tables_of(load_organisation(item.organisation)), seed,
                                          name=f"{item.organisation}-g{seed}")
        return instance_for(retarget(generated, item), config, organisation=generated.organisation,
                            source=f"generated:seed={seed}:{item.datum_id}")
    return instance_for(item, config)


def roles(config: object, instance: PeopleJoinInstance) -> tuple[RoleSpec, ...]:
    # The colleagues depend on the organisation; one binding plays them all, each in its own thread.
    return (RoleSpec(name=HUB, kind="contestant"), RoleSpec(name=PRIMARY, kind="simulator"),
            *(RoleSpec(name=r, kind="simulator", group="colleagues") for r in instance.colleague_roles()))
