"""DialOp and Traveling Adventurers can be harvested (FAMILIES.md §6: "DialOp proposal scores; TA
visits"): their rules emit a `reward` event when the episode succeeds — DialOp's deal (a full
proposal accepted), TA's tour (both submitted the same correct round trip) — worth exactly the
score the episode gets and seen by no role; and the shipped harvests of harvests/ grow trees of the
JOSH shape whose golden path ends in a good deal, and export in both renderings."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.harvest.spec import load_harvest
from lamen.store import Store
from lamen.store.harvest import node_rows, tree_rows

# (family, player on every seat, the goal): scripted matches that end in a deal or a tour.
SUCCEEDING = [("dialop.optimization", "share-all", "deal"), ("dialop.planning", "oracle", "deal"),
              ("dialop.mediation", "oracle", "deal"), ("adventurers", "share-all-solver", "tour")]


def played(family_name: str, player: str, seed: int = 0):  # noqa: ANN201 - an EpisodeRecord
    family = get_family(family_name)
    instance = family.instances(family.default_config(), seed)
    roles = [r.name for r in family.roles(family.default_config(), instance)]
    seats = {r: PolicyAgent(player, family.players[player].make(instance, r), family.codec(r), seed=seed)
             for r in roles}
    return family, instance, roles, asyncio.run(play(family, instance, seats))


@pytest.mark.parametrize(("family_name", "player", "goal"), SUCCEEDING)
def test_a_successful_episode_earns_its_goal_worth_its_score(family_name: str, player: str, goal: str) -> None:
    family, instance, roles, record = played(family_name, player)
    assert family.goals is not None and family.goals(instance) == (goal,)
    assert record.end_reason in ("accepted", "both_submitted")
    rewards = [e for e in record.state.events if e.kind == "reward"]
    assert [e.payload for e in rewards] == [{"key": goal}]
    (earned,) = rewards
    assert earned.reward == record.score.team > 0  # the reward is the episode's own score
    assert record.state.events[earned.index + 1].kind == "end"  # recorded as the episode closes
    assert not any(earned.visible(role) for role in roles)  # no prompt shows it


def earned(family_name: str, record) -> bool:  # noqa: ANN001
    """When the goal is met: a partner accepted a full proposal (not Planning's final call, which
    stands without an answer), or both adventurers submitted the same correct tour."""
    if family_name == "adventurers":
        return record.score.metrics["correct"] == 1.0
    return record.end_reason == "accepted"


@pytest.mark.parametrize("family_name", [name for name, _, _ in SUCCEEDING])
def test_the_reward_comes_exactly_with_success_over_every_pair_of_players(family_name: str) -> None:
    family = get_family(family_name)
    instance = family.instances(family.default_config(), 1)
    roles = [r.name for r in family.roles(family.default_config(), instance)]
    outcomes = set()
    for a in family.players:
        for b in family.players:
            seats = {r: PolicyAgent((a, b)[i % 2], family.players[(a, b)[i % 2]].make(instance, r), family.codec(r),
                                    seed=3) for i, r in enumerate(roles)}
            record = asyncio.run(play(family, instance, seats))
            rewards = [e for e in record.state.events if e.kind == "reward"]
            outcomes.add(bool(rewards))
            assert bool(rewards) == earned(family_name, record), (a, b, record.end_reason)
            assert all(e.reward == record.score.team for e in rewards), (a, b)
    assert outcomes == {True, False}  # both kinds of episode were played


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module", params=["dialop-planning", "adventurers"])
def shipped(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    """A shipped harvest grown with `lamen harvest NAME` and exported with `lamen export`."""
    folder = tmp_path_factory.mktemp(request.param)
    db, out = folder / "h.db", folder / "out"
    assert main(["harvest", request.param, "--db", str(db)]) == 0
    for kind in ("sft", "kto", "dpo"):
        assert main(["export", kind, str(db), "--out", str(out)]) == 0
    return request.param, db, out


def test_a_shipped_harvest_grows_trees_of_the_josh_shape(shipped: tuple[str, Path, Path]) -> None:
    name, db, _ = shipped
    spec = load_harvest(name)
    family = get_family(spec.family)
    store = Store.open_read_only(db)
    rows = tree_rows(store, name)
    assert len(rows) == spec.instances.count and all(row.status == "finished" for row in rows)
    assert sum(row.complete for row in rows) >= len(rows) - 1
    siblings_differ = False
    for row in rows:
        nodes = {n.node_id: n for n in node_rows(store, row.id)}
        assert nodes["r"].parent_id is None and all(n.parent_id in nodes for n in nodes.values() if n.node_id != "r")
        agent = [n for n in nodes.values() if n.role == spec.agent_role]
        by_parent: dict[str, list] = {}
        for node in agent:
            by_parent.setdefault(node.parent_id, []).append(node)
        assert {len(children) for children in by_parent.values()} <= {1, spec.branching}
        ids = {n.node_id for n in agent}
        turns: dict[int, int] = {}  # agent turn → agent moves sampled in it
        for node in agent:
            steps = node.node_id.split(".")  # the path: r.0.1 is child 1 of child 0 of the root
            turn = sum(".".join(steps[:k]) in ids for k in range(2, len(steps) + 1))
            turns[turn] = turns.get(turn, 0) + 1
        assert max(turns.values()) <= spec.beam and len(turns) == row.agent_turns
        for children in by_parent.values():
            replies = {json.dumps([c["reply"]["text"] for c in n.calls if c["outcome"] == "ok"]) for n in children}
            siblings_differ |= len(replies) > 1
        golden = sorted((n for n in nodes.values() if n.golden), key=lambda n: n.depth)
        if not row.complete:
            assert row.reached == () and row.end_reason in ("leaves_ended", "turn_limit")
            continue
        # The golden path: a chain from the root, all successful, ending where the goal was met.
        assert [n.depth for n in golden] == list(range(len(golden))) and golden[0].node_id == "r"
        assert all(child.parent_id == parent.node_id for parent, child in zip(golden, golden[1:]))
        assert all(n.successful for n in golden)
        assert row.reached == row.goals and row.end_reason == "goals_met"
        rewards = [e for n in golden for e in n.events if e["kind"] == "reward"]
        assert [e["payload"]["key"] for e in rewards] == list(row.goals)
        final = family.state_type.model_validate(golden[-1].state)
        instance = family.instance_type.model_validate(row.instance)
        assert rewards[0]["reward"] == family.score(instance, final).team >= spec.min_reward
    assert siblings_differ  # the explore mixture made branches differ
    store.close()


def test_a_shipped_harvest_exports_both_renderings(shipped: tuple[str, Path, Path]) -> None:
    name, db, out = shipped
    store = Store.open_read_only(db)
    complete = sum(row.complete for row in tree_rows(store, name))
    store.close()
    for rendering in ("text", "openai-tools"):
        kto = read_jsonl(out / f"kto-{rendering}.jsonl")
        true = [r for r in kto if r["label"] is True]
        false = [r for r in kto if r["label"] is False]
        assert true and false
        true_prompts = {json.dumps(r["prompt"]) for r in true}
        assert all(json.dumps(r["prompt"]) in true_prompts for r in false)
        assert all(r["completion"][0]["role"] == "assistant" and
                   (r["completion"][0]["content"] or r["completion"][0].get("tool_calls")) for r in kto)
        assert len(read_jsonl(out / f"dpo-{rendering}.jsonl")) == len(false)
        sft = read_jsonl(out / f"sft-{rendering}.jsonl")
        assert len(sft) == complete
        for record in sft:
            messages = record["messages"]
            assert messages[0]["role"] == "system" and messages[-1]["role"] == "assistant"
            calls = [c["id"] for m in messages for c in m.get("tool_calls", [])]
            answers = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
            assert answers == calls  # every call answered, by its own id, in order
