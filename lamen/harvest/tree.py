"""The harvest tree (FAMILIES.md §6, JOSH): one episode of a family played as a beam of branches.

At each agent turn every live leaf gets `branching` children while `branching × leaves ≤
max_beam`, otherwise one child each; each child's reply is sampled with its own seed (a hash of
the tree's seed and the child's path), so model calls have distinct cache keys and a rerun is
answered from the response cache. The first child (leaf order, then branch order) whose agent move
earns a reward event for a goal still open becomes golden: it and its ancestors are marked
golden, every rewarded child and its ancestors successful, its goals are removed, and the beam
collapses to it (its siblings stay in the tree, never expanded). Simulator moves then run on every
live leaf, with the tree's own seed (identical contexts are identical requests); a goal their
answers meet (a proposal accepted) collapses the beam the same way, to the first such leaf. The
tree stops when every goal is met, every leaf has ended, or after `turn_limit` agent turns (and
the simulators' answers to the last).

Each node holds an immutable state (a snapshot, for free) and the events and calls of the move
that made it; `core.play` plays each move, so feedback, retries and native tools are the loop's."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from lamen.agents.base import Agent
from lamen.core.canonical import content_id
from lamen.core.family import Family
from lamen.core.play import Call, Failure, SeatSampling, over, play
from lamen.core.state import CoreState
from lamen.core.types import Event, RoleId

ROOT = "r"

# (role, seed) → the agent that makes this move: scripted players are made per seed (their dice),
# a model is one shared agent that reads the seed from its request.
SeatFor = Callable[[RoleId, int], Agent]


@dataclass(frozen=True)
class HarvestSettings:
    agent_role: RoleId
    max_beam: int = 8
    branching: int = 2
    turn_limit: int = 15  # agent turns (JOSH: 15)
    agent_sampling: SeatSampling = SeatSampling(temperature=1.0)
    simulator_sampling: SeatSampling = SeatSampling(temperature=0.0)
    # A reward event meets its goal only when worth at least this: a DialOp deal or a TA tour is
    # worth its score, and a harvest may want only the good ones on its golden paths.
    min_reward: float = 0.0

    def __post_init__(self) -> None:
        if self.branching < 1 or self.max_beam < 1 or self.turn_limit < 0:
            raise ValueError("branching and max_beam must be at least 1, turn_limit at least 0")


@dataclass(frozen=True)
class Node:
    id: str  # the path from the root: "r", "r.0", "r.0.1" (branch numbers)
    parent: str | None
    depth: int  # moves from the root
    role: RoleId | None  # who moved into this node; None for the root
    state: CoreState
    events: tuple[Event, ...]  # the events of the move that made this node (the root: the initial ones)
    calls: tuple[Call, ...] = ()


@dataclass
class Tree:
    seed: int
    goals: tuple[str, ...]
    nodes: dict[str, Node] = field(default_factory=dict)  # in creation order: the deterministic order
    successful: set[str] = field(default_factory=set)
    golden: set[str] = field(default_factory=set)
    reached: list[str] = field(default_factory=list)  # goals met, in the order they were met
    agent_turns: int = 0
    end: str | None = None  # "goals_met", "leaves_ended", "turn_limit"; None while growing or stopped

    def add(self, node: Node) -> Node:
        self.nodes[node.id] = node
        return node

    def path(self, node_id: str) -> list[str]:
        """The ids from the root to `node_id`, root first."""
        ids: list[str] = []
        current: str | None = node_id
        while current is not None:
            ids.append(current)
            current = self.nodes[current].parent
        return ids[::-1]

    def children(self, node_id: str) -> list[Node]:
        return [node for node in self.nodes.values() if node.parent == node_id]

    @property
    def complete(self) -> bool:
        """Every goal met."""
        return len(self.reached) == len(self.goals)


class HarvestFailure(Exception):
    """An agent could not answer (a provider failure): the tree is left unfinished, to resume later."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(f"{failure.agent}: {failure.reason}")
        self.failure = failure


def branch_seed(tree_seed: int, node_id: str) -> int:
    """The sampling seed of the move that makes node `node_id`: distinct per branch, stable."""
    return int(content_id(tree_seed, node_id), 16) % 2**31


def rewarded_goals(tree: Tree, leaf: Node, agent_role: RoleId, open_goals: list[str],
                   min_reward: float = 0.0) -> list[str]:
    """The still-open goals earned since the agent's latest move on the way to `leaf`: by that
    move itself (a ToolWOZ call) or by the simulators' answers to it (a DialOp proposal accepted),
    with a reward event worth at least `min_reward`."""
    segment, node = [], leaf
    while True:
        segment.append(node)
        if node.role == agent_role or node.parent is None:
            break
        node = tree.nodes[node.parent]
    keys = [e.payload.get("key") for n in reversed(segment) for e in n.events
            if e.kind == "reward" and isinstance(e.payload, dict) and e.reward >= min_reward]
    return [key for key in dict.fromkeys(keys) if key in open_goals]


class Grower:
    """Grows one tree: plays each move with `core.play`, one committed move at a time."""

    def __init__(self, family: Family, instance: Any, seating: Mapping[RoleId, str], seat_for: SeatFor,
                 settings: HarvestSettings, before_turn: Callable[[int], bool] | None = None) -> None:
        self.family = family
        self.seating = dict(seating)  # role → agent name
        self.instance = instance
        self.seat_for = seat_for
        self.settings = settings
        # Asked before each agent turn with the number of agent moves it will sample: False stops
        # the tree there (the budget would be exceeded), unfinished.
        self.before_turn = before_turn or (lambda moves: True)

    async def _move(self, parent: Node, role: RoleId, branch: int, seed: int, sampling: SeatSampling) -> Node:
        node_id = f"{parent.id}.{branch}"
        record = await play(self.family, self.instance, {role: self.seat_for(role, seed)}, state=parent.state,
                            sampling={role: replace(sampling, seed=seed)}, stop_after=parent.state.steps + 1,
                            scored=False)
        if record.failure is not None:
            raise HarvestFailure(record.failure)
        new = record.state.events[len(parent.state.events):]
        return Node(node_id, parent.id, parent.depth + 1, role, record.state, tuple(new), record.calls)

    def _asked(self, state: CoreState) -> RoleId | None:
        if over(self.family, state) is not None:
            return None
        requests = self.family.rules.agenda(state)
        return requests[0].role if requests else None

    async def _simulate(self, tree: Tree, leaf: Node) -> Node:
        """The simulators' moves on one leaf until the agent is asked or the episode ends."""
        while (role := self._asked(leaf.state)) is not None and role != self.settings.agent_role:
            leaf = tree.add(await self._move(leaf, role, 0, tree.seed % 2**31, self.settings.simulator_sampling))
        return leaf

    async def grow(self, seed: int, on_collapse: Callable[[Tree], Awaitable[None] | None] | None = None) -> Tree:
        settings = self.settings
        goals = tuple(self.family.goals(self.instance)) if self.family.goals is not None else ()
        if not goals:
            raise ValueError(f"family {self.family.name} names no goals for this instance: nothing to harvest")
        initial = self.family.rules.initial(self.instance, self.seating, None)
        tree = Tree(seed=seed, goals=goals)
        live = [tree.add(Node(ROOT, None, 0, None, initial, initial.events))]
        open_goals = list(goals)

        async def collapse(leaves: list[Node]) -> list[Node]:
            """The first leaf that earned an open goal becomes golden and the beam collapses to it."""
            rewarded = [leaf for leaf in leaves
                        if rewarded_goals(tree, leaf, settings.agent_role, open_goals, settings.min_reward)]
            if not rewarded:
                return leaves
            for leaf in rewarded:
                tree.successful.update(tree.path(leaf.id))
            golden = rewarded[0]
            tree.golden.update(tree.path(golden.id))
            for key in rewarded_goals(tree, golden, settings.agent_role, open_goals, settings.min_reward):
                open_goals.remove(key)
                tree.reached.append(key)
            if on_collapse is not None:
                done = on_collapse(tree)
                if done is not None:
                    await done
            return [golden]

        while True:
            if not open_goals:
                tree.end = "goals_met"
                return tree
            live = list(await asyncio.gather(*(self._simulate(tree, leaf) for leaf in live)))
            if tree.agent_turns:
                live = await collapse(live)  # goals the simulators' answers met
                if not open_goals:
                    continue
            live = [leaf for leaf in live if self._asked(leaf.state) == settings.agent_role]
            if not live:
                tree.end = "leaves_ended"
                return tree
            if tree.agent_turns >= settings.turn_limit:
                tree.end = "turn_limit"
                return tree
            width = settings.branching if settings.branching * len(live) <= settings.max_beam else 1
            if not self.before_turn(width * len(live)):
                return tree  # stopped (budget): unfinished
            children = await asyncio.gather(*(
                self._move(leaf, settings.agent_role, branch, branch_seed(seed, f"{leaf.id}.{branch}"),
                           settings.agent_sampling)
                for leaf in live for branch in range(width)))
            for child in children:
                tree.add(child)
            tree.agent_turns += 1
            live = await collapse(list(children))  # goals the agent's own moves met (JOSH)

