"""Instances of the negotiation family: today's `Game` and `Protocol`, read by today's loaders
(`lamen.spec.load`), so every built-in game, user game and LAMEN file loads unchanged.

A LAMEN game is fixed (it has no seed): `instances(config, seed)` picks the seed-th of the
configured games. The personas of the two agents are part of the instance because the system
prompt shows them (visibility 2 shows the opponent's external description).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from lamen.core.family import Instance
from lamen.core.types import RoleId
from lamen.spec.agent import Persona
from lamen.spec.game import Game
from lamen.spec.library import Library, builtin_root
from lamen.spec.load import game_from_document, load_game, load_protocol
from lamen.spec.protocol import Protocol
from lamen.spec.yaml_source import read_yaml

FAMILY_NAME = "negotiation"
ROLES: tuple[RoleId, RoleId] = ("side-a", "side-b")  # side 0 and side 1 of today's games


def side_of(role: RoleId) -> int:
    if role not in ROLES:
        raise KeyError(f"negotiation has roles {ROLES}, not {role!r}")
    return ROLES.index(role)


class NegotiationConfig(BaseModel):
    """Which games an instance may be: `games` (names or paths; empty = every playable built-in
    game, by file name), under `protocol`, found in `data` folders before the built-in ones;
    `max_rounds` replaces the protocol's when given.

    The default is the smallest real setting — LAMEN's two single-issue rental games under the
    default protocol cut to 3 rounds — because the conformance test plays every pairing of the
    scripted players on it many times over; tournaments name their own games and protocol."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    games: tuple[str, ...] = ("rental-1-compatible", "rental-1-distributive")
    protocol: str = "default"
    max_rounds: int | None = Field(default=3, ge=1, le=1000)
    data: tuple[str, ...] = ()

    def library(self) -> Library:
        # Built-ins only unless told: an instance must not depend on the working directory.
        return Library((*(Path(d).resolve() for d in self.data), builtin_root()), len(self.data))

    def game_names(self) -> tuple[str, ...]:
        if self.games:
            return self.games
        library = self.library()
        return tuple(path.stem for path in library.files("games")
                     if game_from_document(read_yaml(path), library) is not None)

    def load_protocol(self) -> Protocol:
        protocol = load_protocol(self.protocol, self.library())
        return protocol if self.max_rounds is None else protocol.model_copy(update={"max_rounds": self.max_rounds})


def _without_computed(data: Any) -> Any:
    """A stored game's issues carry `warnings`, which lamen computes and the loader refuses to
    read: drop them, so an instance read back from JSON equals the original."""
    if isinstance(data, dict) and isinstance(data.get("issues"), list):
        return {**data, "issues": [{k: v for k, v in issue.items() if k != "warnings"} if isinstance(issue, dict)
                                   else issue for issue in data["issues"]]}
    return data


class NegotiationInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    game: Game
    protocol: Protocol
    personas: tuple[Persona | None, Persona | None] = (None, None)

    @field_validator("game", mode="before")
    @classmethod
    def _stored_game(cls, value: Any) -> Any:
        return _without_computed(value)

    @classmethod
    def of(cls, game: Game, protocol: Protocol,
           personas: tuple[Persona | None, Persona | None] = (None, None)) -> "NegotiationInstance":
        return cls(family=FAMILY_NAME, source=f"game:{game.name}", game=game, protocol=protocol, personas=personas)


def make_instance(config: NegotiationConfig, seed: int) -> NegotiationInstance:
    names = config.game_names()
    if not names:
        raise ValueError("no playable game to make a negotiation instance of")
    library = config.library()
    game = load_game(names[seed % len(names)], library)
    return NegotiationInstance.of(game, config.load_protocol())


@dataclass(frozen=True, repr=False)
class Seat:
    """One side's share of the instance, as its requests are built from it. The prompt builder
    takes the whole game and shows the other side's tables only as the protocol's visibility
    allows (the privacy check of the conformance test reads the rendered requests)."""

    game: Game
    protocol: Protocol
    side: int
    persona: Persona | None
    opponent_persona: Persona | None

    def __repr__(self) -> str:  # short: asyncio and pytest print observations, a game's repr is pages long
        return f"Seat(game={self.game.name!r}, protocol={self.protocol.name!r}, side={self.side})"


def seat_of(instance: NegotiationInstance, role: RoleId) -> Seat:
    """The role's seat; one object per instance and role (asked for at every step), kept with
    the instance so the id it is found by cannot be reused while it is kept."""
    key = (id(instance), role)
    held = _SEATS.get(key)
    if held is None or held[0] is not instance:
        side = side_of(role)
        if len(_SEATS) >= 1024:
            _SEATS.clear()
        held = _SEATS[key] = (instance, Seat(instance.game, instance.protocol, side, instance.personas[side],
                                             instance.personas[1 - side]))
    return held[1]


_SEATS: dict[tuple[int, RoleId], tuple[NegotiationInstance, Seat]] = {}


def plant_canaries(instance: NegotiationInstance, canaries: dict[RoleId, str]) -> NegotiationInstance:
    """Each side's private text gets its canary: its role text and its issue descriptions (shown
    only in its own payoff tables unless the protocol's visibility shows them to the other)."""
    game = instance.game
    marks = tuple(canaries.get(role, "") for role in ROLES)
    sides = tuple(f"{text} {mark}".strip() for text, mark in zip(game.sides, marks))
    issues = tuple(issue.model_copy(update={"descriptions": tuple(f"{d} {m}".strip()
                                                                  for d, m in zip(issue.descriptions, marks))})
                   for issue in game.issues)
    planted = Game.model_validate(_without_computed({**game.model_dump(mode="json"), "sides": list(sides),
                                                     "issues": [i.model_dump(mode="json") for i in issues]}))
    return instance.model_copy(update={"game": planted})
