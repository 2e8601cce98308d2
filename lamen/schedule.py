"""The debiased round-robin (paper §3.1, §3.3): every match a tournament plays, each with a
stable id — the hash of its canonical spec — so a rerun finds what is already done.

Cross-play: every unordered pair × game × both side assignments × both start orders ×
repetitions. Self-play: each agent against an independent instance of itself × both sides ×
both start orders × repetitions. Qualifier (Appendix A.4): N single-issue self-play games.
"""

from __future__ import annotations

import fnmatch
import hashlib
import itertools
import json
from dataclasses import dataclass
from functools import cached_property
from collections.abc import Callable
from typing import Any, Literal

from lamen.spec.agent import AgentSpec
from lamen.spec.base import SpecModel
from lamen.spec.game import Game
from lamen.spec.library import Library
from lamen.spec.load import game_from_document, load_game
from lamen.spec.problems import Problem, SpecError
from lamen.spec.protocol import Protocol
from lamen.spec.tournament import Tournament
from lamen.spec.yaml_source import read_yaml

Stage = Literal["qualifier", "self", "cross"]
MAX_MATCHES = 1_000_000  # one tournament's schedule; counted before a single match is built


def digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class _Scheduled:
    """What every scheduled match derives from its canonical spec: its id, its seed, its pairing
    and its debiasing block (negotiation `Match` and `FamilyMatch` alike)."""

    stage: Stage
    game: Any
    agent_a: AgentSpec
    agent_b: AgentSpec
    repetition: int

    def canonical(self) -> dict:
        raise NotImplementedError

    @cached_property
    def id(self) -> str:
        return digest(self.canonical())[:20]

    @cached_property
    def seed(self) -> int:
        """The match's own seed, derived from its spec: the same match always gets the same seed."""
        return int(digest({"seed": self.canonical()})[:12], 16)

    @property
    def pair(self) -> tuple[str, str]:
        return tuple(sorted((self.agent_a.id, self.agent_b.id)))  # type: ignore[return-value]

    @property
    def block(self) -> str:
        """The debiasing block: all side × start-order replays of one pairing, game and repetition."""
        return f"{self.stage}|{self.game.name}|{'|'.join(self.pair)}|{self.repetition}"


@dataclass(frozen=True)
class Match(_Scheduled):
    """One negotiation to play: who sits on which side, who starts, which repetition."""

    stage: Stage
    game: Game
    protocol: Protocol
    agent_a: AgentSpec  # side 0
    agent_b: AgentSpec  # side 1
    starts: int
    repetition: int
    tournament_seed: int
    mirror: int = 0  # self-play: which of the two independent instances sits on side A

    def canonical(self) -> dict:
        """Everything that makes this match this match (full specs, not just names). Computed once
        per match (the id, the seed and the store all need it); treat it as read-only."""
        return self._canonical

    @cached_property
    def _canonical(self) -> dict:
        return {
            "stage": self.stage,
            "game": self.game.model_dump(mode="json"),
            "protocol": self.protocol.model_dump(mode="json"),
            "agents": [self.agent_a.identity(), self.agent_b.identity()],
            "starts": self.starts,
            "repetition": self.repetition,
            "tournament_seed": self.tournament_seed,
            "mirror": self.mirror,
        }


def resolve_games(patterns: tuple[str, ...] | list[str], library: Library) -> list[Game]:
    """Game names or glob patterns -> playable games, in the order given, without duplicates.
    A pattern must match something; description-only files are skipped by globs."""
    games: list[Game] = []
    problems: list[Problem] = []
    seen: set[str] = set()
    files = library.files("games")
    for index, pattern in enumerate(patterns):
        if any(c in pattern for c in "*?["):
            matched = [p for p in files if fnmatch.fnmatch(p.stem, pattern)]
            found = [g for g in (game_from_document(read_yaml(p), library) for p in matched) if g is not None]
            if not found:
                problems.append(Problem(f"no playable game matches '{pattern}'", "see `lamen games list`", ("games", index)))
        else:
            try:
                found = [load_game(pattern, library)]
            except SpecError as exc:
                problems += [p.located(p.file, p.line, ("games", index)) if not p.file else p for p in exc.problems]
                continue
        for game in found:
            if game.name not in seen:
                seen.add(game.name)
                games.append(game)
    if problems:
        raise SpecError(problems)
    return games


def schedule_size(tournament: Tournament, games: int) -> int:
    """How many matches `schedule` would build, by arithmetic (nothing is built)."""
    agents = len(tournament.agents)
    per_game = 4 * agents * tournament.self_play + 4 * (agents * (agents - 1) // 2) * tournament.cross_play
    qualifier = agents * tournament.qualifier.games if tournament.qualifier is not None else 0
    return qualifier + games * tournament.repetitions * per_game


def check_size(tournament: Tournament, games: int) -> int:
    size = schedule_size(tournament, games)
    if size > MAX_MATCHES:
        raise SpecError([Problem(
            f"the schedule would hold {size:,} matches ({len(tournament.agents)} agents, {games} games, "
            f"{tournament.repetitions} repetitions), more than the {MAX_MATCHES:,} one tournament may hold",
            "use fewer repetitions, agents or games, or split it into several tournaments", ("repetitions",))])
    return size


def schedule(tournament: Tournament, games: list[Game], protocol: Protocol,
             qualifier_game: Game | None = None) -> list[Match]:
    """Every match of the tournament, qualifier first, in a deterministic order. A schedule past
    MAX_MATCHES is refused before any of it is built."""
    check_size(tournament, len(games))
    matches: list[Match] = []
    orders = (0, 1)
    if tournament.qualifier is not None and qualifier_game is not None:
        for agent in tournament.agents:
            for game_number in range(tournament.qualifier.games):
                matches.append(Match("qualifier", qualifier_game, protocol, agent, agent, game_number % 2,
                                     game_number, tournament.seed))
    for game in games:
        for repetition in range(tournament.repetitions):
            if tournament.self_play:
                for agent in tournament.agents:
                    # Two independent instances: which one sits on side A is the "side assignment".
                    for mirror, starts in itertools.product((0, 1), orders):
                        matches.append(Match("self", game, protocol, agent, agent, starts, repetition,
                                             tournament.seed, mirror))
            if tournament.cross_play:
                for first, second in itertools.combinations(tournament.agents, 2):
                    for (a, b), starts in itertools.product(((first, second), (second, first)), orders):
                        matches.append(Match("cross", game, protocol, a, b, starts, repetition, tournament.seed))
    return matches


# ---- game families other than negotiation ------------------------------------------------------
#
# A family's match stands where a negotiation match stands in the store: `game` is the instance
# (its label is the store's game column, so a per-game view is a per-instance view), `protocol`
# names the family whose rules it is played by. The negotiation schedule above is untouched:
# its match ids, seeds and stored specs do not change.


class FamilyGame(SpecModel):
    """One instance of a game family, as a schedule and the store name it."""

    name: str  # "<family config label>/<instance source>": the store's game column
    family: str
    config: dict[str, Any]
    seed: int  # what the family's `instances(config, seed)` makes the instance from
    instance_id: str  # the content id of the instance it made: the same name always means the same instance
    game_class: str  # the family's relation: "common-payoff", ...


class FamilyRules(SpecModel):
    """The store's protocol column for a family's matches: the family's own rules."""

    name: str


@dataclass(frozen=True)
class FamilyMatch(_Scheduled):
    """One episode of a game family for the runner: who sits in which seat (agent_a in the
    family's first role), who moves first, which instance. Same surface as `Match`."""

    stage: Stage
    game: FamilyGame
    protocol: FamilyRules
    agent_a: AgentSpec  # the family's first role
    agent_b: AgentSpec  # its second role
    starts: int
    repetition: int
    tournament_seed: int
    instance: Any  # the family's instance, made once per seed and shared by every pairing
    mirror: int = 0

    def canonical(self) -> dict:
        return self._canonical

    @cached_property
    def _canonical(self) -> dict:
        return {"stage": self.stage, "family": self.game.family, "game": self.game.model_dump(mode="json"),
                "agents": [self.agent_a.identity(), self.agent_b.identity()],
                "starts": self.starts, "repetition": self.repetition, "tournament_seed": self.tournament_seed,
                "mirror": self.mirror}



def family_schedule_size(tournament: Tournament, instances: int) -> int:
    agents = len(tournament.agents)
    per_instance = 4 * agents * tournament.self_play + 4 * (agents * (agents - 1) // 2) * tournament.cross_play
    return instances * tournament.repetitions * per_instance


def role_schedule_size(tournament: Tournament, instances: int, first_movers: int) -> int:
    agents = len(tournament.agents)
    per_instance = first_movers * (agents * tournament.self_play + agents * (agents - 1) * tournament.cross_play)
    return instances * tournament.repetitions * per_instance


def instance_games(tournament: Tournament, family: str, relation: str,
                   make: Callable[[dict[str, Any], int], Any]) -> list[tuple[Any, FamilyGame]]:
    """Each instance of `tournament.instances` (made once by `make(config, seed)`) with the game
    its matches are stored under, named by the config and the instance's source."""
    assert tournament.instances is not None
    config = tournament.instances.config
    label = ",".join(f"{key}={config[key]}" for key in sorted(config)) or "default"
    games = []
    for seed in tournament.instances.seed_list():
        instance = make(config, seed)
        games.append((instance, FamilyGame(name=f"{label}/{instance.source}", family=family, config=config, seed=seed,
                                           instance_id=instance.content_id(), game_class=relation)))
    return games


def family_schedule(tournament: Tournament, family: str, relation: str,
                    make: Callable[[dict[str, Any], int], Any], first_movers: int | None = None) -> list[FamilyMatch]:
    """Every match of a two-seat family's tournament: on each instance of `tournament.instances`
    (made once by `make(config, seed)`), each agent with itself (two independent copies, which
    one sits in the first seat × who moves first) and each unordered pair in both seat orders ×
    who moves first, × repetitions — every pairing on the same instances.

    With `first_movers` (a family of asymmetric roles: the first agent is the first party, e.g.
    the assistant, the second agent the other, e.g. the user or both users): every agent in the
    first party with every agent in the second — itself (self-play) and each other agent
    (cross-play, an ordered pair: who assists whom) — × each of the family's `first_movers`
    possible first movers (`starts` indexes them), × repetitions, on the same instances."""
    assert tournament.instances is not None
    seeds = tournament.instances.seed_list()
    size = (family_schedule_size(tournament, len(seeds)) if first_movers is None
            else role_schedule_size(tournament, len(seeds), first_movers))
    if size > MAX_MATCHES:
        raise SpecError([Problem(f"the schedule would hold {size:,} matches, more than the {MAX_MATCHES:,} one "
                                 "tournament may hold", "use fewer instances, repetitions or agents", ("instances",))])
    matches: list[FamilyMatch] = []
    for instance, game in instance_games(tournament, family, relation, make):
        rules = FamilyRules(name=family)
        if first_movers is not None:
            for repetition in range(tournament.repetitions):
                for a, b in itertools.product(tournament.agents, tournament.agents):
                    if (tournament.self_play if a is b else tournament.cross_play):
                        matches += [FamilyMatch("self" if a is b else "cross", game, rules, a, b, starts, repetition,
                                                tournament.seed, instance) for starts in range(first_movers)]
            continue
        for repetition in range(tournament.repetitions):
            if tournament.self_play:
                for agent in tournament.agents:
                    for mirror, starts in itertools.product((0, 1), (0, 1)):
                        matches.append(FamilyMatch("self", game, rules, agent, agent, starts, repetition,
                                                   tournament.seed, instance, mirror))
            if tournament.cross_play:
                for first, second in itertools.combinations(tournament.agents, 2):
                    for (a, b), starts in itertools.product(((first, second), (second, first)), (0, 1)):
                        matches.append(FamilyMatch("cross", game, rules, a, b, starts, repetition, tournament.seed,
                                                   instance))
    return matches


def agent_env_schedule(tournament: Tournament, family: str, relation: str,
                       make: Callable[[dict[str, Any], int], Any]) -> list[FamilyMatch]:
    """Every match of an agent-vs-environment tournament (PeopleJoin-QA, ToolWOZ): each agent
    (`agent_a`, the contestant roles) with each simulator (`agent_b`, every simulator role: one
    binding fills a group) on each instance, × repetitions — every pairing on the same instances.
    There is no self-play or seat swap: the roles are not interchangeable, and the environment
    says who opens (`starts` is 0)."""
    assert tournament.instances is not None
    seeds = tournament.instances.seed_list()
    size = len(seeds) * tournament.repetitions * len(tournament.agents) * len(tournament.simulators)
    if size > MAX_MATCHES:
        raise SpecError([Problem(f"the schedule would hold {size:,} matches, more than the {MAX_MATCHES:,} one "
                                 "tournament may hold", "use fewer instances, repetitions, agents or simulators",
                                 ("instances",))])
    rules = FamilyRules(name=family)
    matches: list[FamilyMatch] = []
    for instance, game in instance_games(tournament, family, relation, make):
        for repetition in range(tournament.repetitions):
            for agent, simulator in itertools.product(tournament.agents, tournament.simulators):
                matches.append(FamilyMatch("cross", game, rules, agent, simulator, 0, repetition, tournament.seed,
                                           instance))
    return matches
