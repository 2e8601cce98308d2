"""Run a harvest spec into a store: one tree per instance, grown concurrently within the spec's
limits, its model agents behind the runner's provider gates, retries and response cache
(lamen.runner), its spend held under `budget_usd`.

Resuming is regrowing: a tree not finished is grown again from its root, and every model reply it
had already received comes back from the response cache (the same request, seed included), so the
tree grows identically and costs nothing until it passes the point it had reached."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from lamen.agents.base import Agent, ChatReply, ChatRequest
from lamen.agents.registry import make_agent
from lamen.core.canonical import content_id
from lamen.core.family import Family, Policy
from lamen.core.play import SeatSampling
from lamen.core.players import Mixture, PolicyAgent
from lamen.core.registry import UnknownFamily, get_family
from lamen.harvest.spec import HarvestSpec, load_harvest
from lamen.harvest.records import node_rows_of
from lamen.harvest.tree import Grower, HarvestFailure, HarvestSettings, Tree
from lamen.runner.limits import ProviderGate
from lamen.runner.resilient import ResilientAgent
from lamen.runner.run import STATELESS_PROVIDERS
from lamen.spec.agent import AgentSpec
from lamen.spec.problems import Problem, SpecError
from lamen.store.db import Store
from lamen.store.harvest import TreeRow, ensure_tables, save_tree, tree_rows


@dataclass
class HarvestProgress:
    trees: int = 0
    finished: int = 0  # trees that ended (goals met, leaves ended or turn limit)
    complete: int = 0  # of those, trees that met every goal
    stopped: int = 0  # stopped by the budget
    errored: int = 0
    skipped: int = 0  # finished in an earlier run
    calls: int = 0
    spend_usd: float = 0.0
    messages: list[str] = field(default_factory=list)


def harvest_family(spec: HarvestSpec) -> tuple[Family, Any, str]:
    """The family, its validated config and the branched role, or one located line per problem."""
    try:
        family = get_family(spec.family)
    except UnknownFamily as exc:
        raise SpecError([Problem(str(exc), "name a family that `lamen games list` shows", ("family",))]) from None
    if family.goals is None:
        raise SpecError([Problem(f"game family {family.name} names no goals (Family.goals), so nothing marks a "
                                 "branch as rewarded", "harvest a family whose rules emit reward events", ("family",))])
    try:
        config = family.config.model_validate(spec.instances.config)
    except ValidationError as exc:
        raise SpecError([Problem(error["msg"], f"see the {family.name} family's settings",
                                 ("instances", "config", *error["loc"])) for error in exc.errors()]) from None
    try:
        roles = family.roles(config, None)
    except (AttributeError, TypeError, ValueError):  # roles that depend on the instance (checked per tree)
        roles = ()
    contestants = [r.name for r in roles if r.kind == "contestant"]
    role = spec.agent_role or (contestants[0] if len(contestants) == 1 else "")
    if not role:
        raise SpecError([Problem(f"{family.name} has no single contestant role to branch",
                                 "name it with agent_role", ("agent_role",))])
    if roles and role not in {r.name for r in roles}:
        raise SpecError([Problem(f"{family.name} has no role {role!r} (roles: {', '.join(r.name for r in roles)})",
                                 "name one of its roles", ("agent_role",))])
    for which, agent in (("agent", spec.agent), ("simulator", spec.simulator)):
        if agent.provider == "player" and agent.model not in family.players:
            raise SpecError([Problem(f"{family.name} has no scripted player {agent.model!r}",
                                     f"use one of: {', '.join(family.players)}", (which,))])
        if agent.provider == "player":
            problems = explore_problems(family, agent, which)
            if problems:
                raise SpecError(problems)
    return family, config, role


def harvest_problems(path: Path) -> list[Problem]:
    """What `lamen harvest` would refuse in a harvest spec file before growing anything (what
    `lamen validate` runs on one): the file's fields, then its family, settings, role and players."""
    try:
        harvest_family(load_harvest(path))
    except SpecError as exc:
        return exc.problems
    return []


def explore_problems(family: Family, agent: AgentSpec, which: str) -> list[Problem]:
    """A scripted player's `params: {explore: {PLAYER: P, ...}}` — the other players of the family
    that take a move in its place, each with probability P — checked: known players, P in [0, 1],
    summing to at most 1."""
    explore = agent.params.get("explore")
    if explore is None:
        return []
    where = (which, "params", "explore")
    if not isinstance(explore, dict) or not explore:
        return [Problem(f"explore must map player names to probabilities, got {explore!r}",
                        "e.g. explore: {random: 0.3}", where)]
    for name, p in explore.items():
        if name not in family.players:
            return [Problem(f"{family.name} has no scripted player {name!r}",
                            f"use one of: {', '.join(family.players)}", (*where, name))]
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            return [Problem(f"probability {p!r} is not a number in [0, 1]", "e.g. 0.3", (*where, name))]
    if sum(explore.values()) > 1:
        return [Problem(f"probabilities sum to {sum(explore.values()):g}, more than 1", "lower them", where)]
    return []


def scripted_policy(family: Family, agent: AgentSpec, instance: Any, role: str) -> Policy:
    """The policy of a `player:NAME` seat: the named player, or — with `params.explore` — a mixture
    that lets the listed players move in its place now and then (drawn from the move's seed, so
    a harvest's branches differ as a sampled model's would)."""
    main = family.players[agent.model].make(instance, role)
    explore = agent.params.get("explore") or {}
    if not explore:
        return main
    return Mixture(main, [(family.players[name].make(instance, role), float(p)) for name, p in explore.items()])


class _Metered:
    """An agent whose replies' cost is added to the harvest's spend as they arrive."""

    def __init__(self, inner: Agent, harvester: "Harvester") -> None:
        self.inner, self.harvester = inner, harvester
        self.observes = getattr(inner, "observes", False)

    @property
    def name(self) -> str:
        return self.inner.name

    async def complete(self, request: ChatRequest) -> ChatReply:
        reply = await self.inner.complete(request)
        self.harvester.charge(reply.cost_usd)
        return reply


class Harvester:
    def __init__(self, spec: HarvestSpec, store: Store, make: Callable[..., Agent] = make_agent,
                 backoff_base: float = 1.0, cost_per_call: float = 0.0) -> None:
        self.spec = spec
        self.store = store
        self.make = make  # tests pass fake agents here
        self.backoff_base = backoff_base
        self.family, self.config, self.agent_role = harvest_family(spec)
        self.progress = HarvestProgress()
        self.gates: dict[str, ProviderGate] = {}
        self.shared: dict[str, Agent] = {}
        self.reserved = 0.0
        # What a call is assumed to cost before one is seen (the dry-run's estimate), then the dearest seen.
        self.cost_per_call = cost_per_call

    # ---- agents and money -------------------------------------------------------------------
    def charge(self, cost: float) -> None:
        self.progress.calls += 1
        self.progress.spend_usd += cost
        self.cost_per_call = max(self.cost_per_call, cost)

    def reserve(self, moves: int) -> float | None:
        """Before an agent turn of `moves` sampled replies (and as many simulator replies after
        them): the money set aside for them at the dearest call's price, or None when the budget
        would not cover it (the turn is not played)."""
        need = 2 * moves * self.cost_per_call
        budget = self.spec.budget_usd
        if budget is not None and self.progress.spend_usd + self.reserved + need > budget:
            return None
        self.reserved += need
        return need

    def release(self, amount: float) -> None:
        self.reserved = max(0.0, self.reserved - amount)

    def _model(self, spec: AgentSpec) -> Agent:
        if spec.id not in self.shared:
            if spec.provider not in self.gates:
                self.gates[spec.provider] = ProviderGate(spec.provider, self.spec.limits)
            inner = self.make(spec, game=None, side=0, seed=self.spec.seed)
            limits = self.spec.limits
            self.shared[spec.id] = _Metered(ResilientAgent(
                spec, inner, self.gates[spec.provider], max_retries=limits.max_retries, timeout_s=limits.timeout_s,
                cache=self.store if spec.provider in STATELESS_PROVIDERS else None, backoff_base=self.backoff_base,
                on_retry=self.progress.messages.append), self)
        return self.shared[spec.id]

    def seat_for(self, instance: Any) -> Callable[[str, int], Agent]:
        def seat(role: str, seed: int) -> Agent:
            spec = self.spec.agent if role == self.agent_role else self.spec.simulator
            if spec.provider == "player":
                # A scripted player's dice are its seed: made per move, with the branch's seed.
                policy = scripted_policy(self.family, spec, instance, role)
                return PolicyAgent(spec.id, policy, self.family.codec(role), seed=seed,
                                   noise=float(spec.params.get("noise", 0.0)))
            return self._model(spec)
        return seat

    def settings(self) -> HarvestSettings:
        spec = self.spec
        simulator = spec.simulator.sampling
        return HarvestSettings(
            agent_role=self.agent_role, max_beam=spec.beam, branching=spec.branching, turn_limit=spec.turn_limit,
            min_reward=spec.min_reward,
            agent_sampling=SeatSampling(temperature=spec.temperature, top_p=spec.top_p, max_tokens=spec.max_tokens,
                                        native_tools=spec.native_tools),
            simulator_sampling=SeatSampling(temperature=simulator.temperature, top_p=simulator.top_p,
                                            max_tokens=simulator.max_tokens, stop=tuple(simulator.stop)))

    # ---- trees ----------------------------------------------------------------------------------
    def tree_row(self, instance_seed: int, instance: Any) -> TreeRow:
        spec = self.spec
        seed = int(content_id(spec.seed, instance_seed, "harvest"), 16) % 2**31
        settings = spec.settings_json()
        tree_id = content_id(spec.name, self.family.name, instance.content_id(), seed, self.agent_role, settings)
        return TreeRow(id=tree_id, harvest=spec.name, family=self.family.name, instance_id=instance.content_id(),
                       seed=seed, agent_role=self.agent_role, instance=instance.model_dump(mode="json"),
                       settings=settings, goals=tuple(self.family.goals(instance)))  # type: ignore[misc]

    async def grow_one(self, instance_seed: int) -> None:
        try:
            instance = self.family.instances(self.config, instance_seed)
        except ValueError as exc:
            raise SpecError([Problem(str(exc), "choose seeds the family can make", ("instances",))]) from None
        row = self.tree_row(instance_seed, instance)
        seating = {r.name: (self.spec.agent if r.name == self.agent_role else self.spec.simulator).id
                   for r in self.family.roles(self.config, instance)}
        held: list[float] = []  # what this tree set aside for the agent turn it is playing

        def before_turn(moves: int) -> bool:
            if held:  # the previous turn is over: its calls are in the spend now
                self.release(held.pop())
            amount = self.reserve(moves)
            if amount is not None:
                held.append(amount)
            return amount is not None

        def progress_row(tree: Tree, status: str, **extra: Any) -> TreeRow:
            return TreeRow(**{**row.__dict__, "reached": tuple(tree.reached), "agent_turns": tree.agent_turns,
                              "status": status, "end_reason": tree.end, "complete": tree.complete, **extra})

        grower = Grower(self.family, instance, seating, self.seat_for(instance), self.settings(), before_turn)
        save_tree(self.store, row)
        try:
            tree = await grower.grow(row.seed, lambda grown: save_tree(
                self.store, progress_row(grown, "growing"), node_rows_of(row.id, grown)))
        except HarvestFailure as exc:
            save_tree(self.store, TreeRow(**{**row.__dict__, "status": "errored", "error": str(exc)}))
            self.progress.errored += 1
            self.progress.messages.append(f"tree {row.id}: {exc}")
            return
        finally:
            if held:
                self.release(held.pop())
        status = "finished" if tree.end is not None else "stopped"
        save_tree(self.store, progress_row(tree, status), node_rows_of(row.id, tree))
        if status == "finished":
            self.progress.finished += 1
            self.progress.complete += tree.complete
        else:
            self.progress.stopped += 1

    async def run(self) -> HarvestProgress:
        ensure_tables(self.store)
        seeds = self.spec.instances.seed_list()
        self.progress.trees = len(seeds)
        stored = tree_rows(self.store, self.spec.name)
        planned = {seed: self.tree_row(seed, self.family.instances(self.config, seed)).id for seed in seeds}
        other = [row for row in stored if row.id not in planned.values()]
        if other:
            # Trees of one harvest are one data set: grown under other settings they would be exported together.
            raise SpecError([Problem(
                f"{self.store.path}: harvest {self.spec.name!r} holds {len(other)} tree(s) grown under another "
                "version of this spec (family, instances, agents, beam, sampling or turn limit)",
                "give the harvest a new name, or another --db", ("name",))])
        done = {row.id for row in stored if row.status == "finished"}
        self.progress.skipped = sum(1 for tree_id in planned.values() if tree_id in done)
        todo = [seed for seed, tree_id in planned.items() if tree_id not in done]
        slots = asyncio.Semaphore(self.spec.limits.concurrency)

        async def one(seed: int) -> None:
            async with slots:
                await self.grow_one(seed)

        await asyncio.gather(*(one(seed) for seed in todo))
        return self.progress


def run_harvest(spec: HarvestSpec, store: Store, make: Callable[..., Agent] = make_agent,
                cost_per_call: float = 0.0) -> HarvestProgress:
    return asyncio.run(Harvester(spec, store, make, cost_per_call=cost_per_call).run())

