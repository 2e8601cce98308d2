"""The harvest tree on the errands test family: beam widths, collapse to the first rewarded leaf,
golden and successful flags, distinct seeds per branch, determinism."""

from __future__ import annotations

import asyncio

import pytest

from lamen.core.players import PolicyAgent
from lamen.harvest.tree import Grower, HarvestSettings, Tree, branch_seed
from tests.harvest_family import FAMILY, ErrandsConfig


def grow(coin: str, *, codes: int = 2, confirm: bool = False, turn_limit: int = 5, beam: int = 8,
         branching: int = 2, seed: int = 11, instance_seed: int = 3) -> Tree:
    instance = FAMILY.instances(ErrandsConfig(codes=codes, confirm=confirm), instance_seed)

    def seat_for(role: str, move_seed: int) -> PolicyAgent:
        name = coin if role == "clerk" else "customer"
        return PolicyAgent(name, FAMILY.players[name].make(instance, role), FAMILY.codec(role), seed=move_seed)

    settings = HarvestSettings("clerk", max_beam=beam, branching=branching, turn_limit=turn_limit)
    grower = Grower(FAMILY, instance, {"clerk": coin, "customer": "customer"}, seat_for, settings)
    return asyncio.run(grower.grow(seed))


def agent_nodes(tree: Tree, depth_of_turn: int) -> list[str]:
    return [n.id for n in tree.nodes.values() if n.role == "clerk" and n.depth == depth_of_turn]


def test_a_tree_without_rewards_widens_to_the_beam_and_stops_at_the_turn_limit() -> None:
    tree = grow("coin-0.0", turn_limit=5)
    # agent turns at depths 2, 4, 6, 8, 10: 2, 4, 8 children, then one child per leaf (2 × 8 > 8)
    assert [len(agent_nodes(tree, d)) for d in (2, 4, 6, 8, 10)] == [2, 4, 8, 8, 8]
    # root + the opening + 30 agent moves + the customer's answer to each
    assert len(tree.nodes) == 1 + 1 + 30 + 30
    assert tree.end == "turn_limit" and tree.reached == [] and not tree.golden and not tree.successful


def test_narrower_beam_and_branching() -> None:
    tree = grow("coin-0.0", turn_limit=4, beam=4, branching=2)
    assert [len(agent_nodes(tree, d)) for d in (2, 4, 6, 8)] == [2, 4, 4, 4]
    tree = grow("coin-0.0", turn_limit=3, beam=9, branching=3)
    assert [len(agent_nodes(tree, d)) for d in (2, 4, 6)] == [3, 9, 9]


def test_the_first_rewarded_leaf_is_golden_and_the_tree_collapses_to_it() -> None:
    tree = grow("coin-1.0", codes=2)
    assert tree.end == "goals_met" and tree.agent_turns == 2
    instance = FAMILY.instances(ErrandsConfig(codes=2), 3)
    assert tree.reached == [f"code:{c}" for c in instance.codes]
    # Both children of the first turn filed the first code: the first is golden, the other only successful.
    assert agent_nodes(tree, 2) == ["r.0.0", "r.0.1"]
    assert "r.0.0" in tree.golden and "r.0.1" not in tree.golden and "r.0.1" in tree.successful
    # The sibling is kept but never expanded: nothing grows under it.
    assert tree.children("r.0.1") == []
    assert agent_nodes(tree, 4) == ["r.0.0.0.0", "r.0.0.0.1"]
    assert sorted(tree.golden) == ["r", "r.0", "r.0.0", "r.0.0.0", "r.0.0.0.0"]


def test_a_goal_the_simulator_meets_collapses_the_beam_to_its_leaf() -> None:
    """In confirm mode the customer's answer earns the reward: the golden path ends at its move."""
    tree = grow("coin-1.0", codes=2, confirm=True)
    assert tree.end == "goals_met" and tree.agent_turns == 2 and len(tree.reached) == 2
    assert [n.id for n in tree.nodes.values() if n.depth == 3] == ["r.0.0.0", "r.0.1.0"]  # both confirmed
    assert "r.0.0.0" in tree.golden and "r.0.1.0" in tree.successful - tree.golden
    assert tree.children("r.0.1.0") == []
    deepest = max(tree.golden, key=lambda i: tree.nodes[i].depth)
    assert tree.nodes[deepest].role == "customer" and tree.path(deepest) == sorted(tree.golden, key=len)


def test_the_golden_nodes_form_one_path_and_successful_contains_it() -> None:
    for seed in range(20):
        tree = grow("coin-0.3", seed=seed, turn_limit=6)
        if not tree.golden:
            continue
        deepest = max(tree.golden, key=lambda i: tree.nodes[i].depth)
        assert set(tree.path(deepest)) == tree.golden
        assert tree.golden <= tree.successful
        # every successful node lies on the path to a leaf whose move earned a reward
        rewarded = [n.id for n in tree.nodes.values() if any(e.kind == "reward" for e in n.events)]
        assert tree.successful <= {i for r in rewarded for i in tree.path(r)}


def test_each_branch_samples_with_its_own_seed_and_the_tree_is_deterministic() -> None:
    tree = grow("coin-0.3", seed=5, turn_limit=6)
    seeds = [n.calls[-1].request.seed for n in tree.nodes.values() if n.role == "clerk"]
    assert len(seeds) == len(set(seeds))
    assert seeds[0] == branch_seed(5, "r.0.0")
    again = grow("coin-0.3", seed=5, turn_limit=6)
    assert [(n.id, n.events) for n in again.nodes.values()] == [(n.id, n.events) for n in tree.nodes.values()]
    assert (again.golden, again.successful, again.reached) == (tree.golden, tree.successful, tree.reached)


def test_a_family_without_goals_cannot_be_harvested() -> None:
    from dataclasses import replace

    instance = FAMILY.instances(ErrandsConfig(codes=1), 0)
    grower = Grower(replace(FAMILY, goals=None), instance, {}, lambda r, s: None,  # type: ignore[arg-type,return-value]
                    HarvestSettings("clerk"))
    with pytest.raises(ValueError, match="errands names no goals"):
        asyncio.run(grower.grow(0))
