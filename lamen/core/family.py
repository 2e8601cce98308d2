"""The plug-in a game family provides (FAMILIES.md §2.2); registered under the entry-point group
`lamen.families` (see `lamen.core.registry`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from lamen.chat import ChatRequest
from lamen.core.canonical import content_id
from lamen.core.codec import Codec, FeedbackPolicy
from lamen.core.rules import Rules
from lamen.core.state import CoreState
from lamen.core.tournament import TournamentPlay
from lamen.core.types import Action, ActionSpace, Observation, Relation, RoleId, RoleSpec, Score

if TYPE_CHECKING:
    from lamen.core.grading import LLMGrader


class Policy(Protocol):
    """A scripted player: a pure function of (observation, rng) — any memo is only a cache — so
    replaying, resuming and branching an episode give the same moves."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]: ...


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    description: str
    make: Callable[[Any, RoleId], Policy]  # (instance, role) → policy; only cheats may read the instance
    cheat: bool = False  # sees more than its observation (an upper bound, marked in reports)


@dataclass(frozen=True)
class MetricSpec:
    """One of the family's headline metrics (a key of `Score.metrics`), as tables and ratings show
    it: `scale` maps it onto [0, 1] (Match's 0/50/100: 100) so the rating model can take it as a
    score; None: a count (messages, words, people), shown as a mean and never rated."""

    key: str
    label: str  # as the paper names it: "Match", "P-Prec", "reward"
    scale: float | None = 1.0
    higher_is_better: bool = True


@dataclass(frozen=True)
class EpisodeLimits:
    max_steps: int = 30  # committed moves in all (DialOp 30, Mediation 45, LAMEN 2 × max_rounds)
    max_turns_per_role: int | None = None  # Traveling Adventurers: 15 turns each, then a timeout


class Instance(BaseModel):
    """What every family's instance carries: where it came from. Its id is a hash of its content."""

    family: str
    source: str  # "generated:seed=7", "dialop-human:12", a data ref ...
    def content_id(self) -> str:
        # Remembered per object: an instance is frozen, and hashing a whole game per episode is a
        # measurable part of a scripted match's cost. (Not a private attribute: pydantic compares
        # those in ==, and model_copy(update=...) would carry it to an instance of other content.)
        held = _CONTENT_IDS.get(id(self))
        if held is None or held[0] is not self:
            if len(_CONTENT_IDS) >= 1024:
                _CONTENT_IDS.clear()
            held = _CONTENT_IDS[id(self)] = (self, content_id(self.family, self.model_dump(mode="json")))
        return held[1]


# id → (the instance, its content id); holding the instance keeps its id from being reused.
_CONTENT_IDS: dict[int, tuple[Instance, str]] = {}


@dataclass(frozen=True)
class Family:
    name: str
    relation: Relation
    config: type[BaseModel]
    instance_type: type[Instance]
    state_type: type[CoreState]
    roles: Callable[[Any, Any], tuple[RoleSpec, ...]]  # (config, instance): PeopleJoin's depend on the instance
    instances: Callable[[Any, int], Any]  # (config, seed) → instance: generator, or a shipped game by index
    rules: Rules[Any]
    codecs: Mapping[RoleId, Codec]  # by role; "*" for every role
    feedback: FeedbackPolicy
    score: Callable[[Any, Any], Score]  # pure in (instance, final state)
    players: Mapping[str, PlayerSpec]
    limits: EpisodeLimits = EpisodeLimits()
    seat_symmetries: tuple[tuple[RoleId, ...], ...] = ()
    first_movers: tuple[RoleId, ...] = ()
    # The leak test plants a canary string in each role's private data through this hook.
    plant_canaries: Callable[[Any, Mapping[RoleId, str]], Any] | None = None
    description: str = ""
    # Committed moves an instance's episode lasts at most when the rules end it well before
    # `limits.max_steps` (Planning: the instance's max_moves; its step cap only backstops them):
    # what the cost estimate assumes. None: limits.max_steps.
    moves_cap: Callable[[Any], int] | None = None
    # The moves each role makes in such an episode, when they differ by role (PeopleJoin: the hub
    # makes nearly all of them, each person replies when asked): what the agent-vs-environment
    # cost estimate assumes per role. None: the moves split evenly over the roles.
    role_moves: Callable[[Any], Mapping[RoleId, int]] | None = None
    # What lamen's tournament runner needs (lamen.core.tournament); None: not playable by `lamen run` yet.
    tournament: TournamentPlay | None = None
    # The reward keys an instance's episode can earn (its goals; `reward` events name them): what
    # a harvest (lamen.harvest) removes as they are met. None: the family cannot be harvested.
    goals: Callable[[Any], tuple[str, ...]] | None = None
    # The metrics an agent-vs-environment tournament reports per agent × simulator (a matrix each;
    # those with a `scale` also rated), first the headline. Empty: the team score alone.
    metrics: tuple[MetricSpec, ...] = ()
    # An optional LLM grade of each finished episode beside one of `metrics` (PeopleJoin-QA's
    # Match), which a tournament turns on by naming its `match_judge` (lamen.core.grading).
    llm_judge: LLMGrader | None = None

    def codec(self, role: RoleId) -> Codec:
        found = self.codecs.get(role) or self.codecs.get("*")
        if found is None:
            raise KeyError(f"family {self.name} has no codec for role {role!r}")
        return found

    def request_for(self, instance: Any, state: Any, role: RoleId, feedback: Sequence[str] = ()) -> ChatRequest:
        """What `role` is asked in `state`: its codec's rendering of its view and its legal moves."""
        return self.codec(role).request(self.rules.view(instance, state, role), self.rules.legal(instance, state, role),
                                        tuple(feedback))

    def default_config(self) -> BaseModel:
        return self.config()

    def sees_everything(self, agent_ids: Sequence[str]) -> tuple[str, ...]:
        """The agents among `agent_ids` that are this family's cheating scripted players
        (`player:NAME` with `PlayerSpec.cheat`): upper bounds that read the whole instance, which
        ratings and reports must mark as such."""
        return tuple(agent for agent in agent_ids
                     if agent.startswith("player:") and (spec := self.players.get(agent[len("player:"):])) is not None
                     and spec.cheat)


def interchangeable_contestants(roles: tuple[RoleId, ...]) -> Callable[[Any, Any], tuple[RoleSpec, ...]]:
    """`Family.roles` for a family whose seats are all contestants and symmetric: the schedule
    may swap any two of them to debias."""
    specs = tuple(RoleSpec(name=r, kind="contestant", interchangeable_with=tuple(o for o in roles if o != r))
                  for r in roles)
    return lambda config, instance: specs


def plant_in_notes(roles: tuple[RoleId, ...]) -> Callable[[Any, Mapping[RoleId, str]], Any]:
    """`Family.plant_canaries` for an instance whose `notes` hold one private line per role, in
    the order of `roles`."""
    return lambda instance, canaries: instance.model_copy(
        update={"notes": tuple(canaries.get(r, "") for r in roles)})
