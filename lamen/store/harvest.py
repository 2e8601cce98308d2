"""Harvest trees and their nodes (lamen.harvest) in lamen's SQLite store (FAMILIES.md §6).

Two tables beside the tournament's: `harvest_trees` (one row per instance's tree: its goals, the
goals reached, how it ended) and `harvest_nodes` (every node grown: parent, depth, who moved,
the successful and golden flags, the state, the move's events and calls as JSON). They are only
added: a lamen that does not know them reads the rest of the database as before, so the schema
version stays; `ensure_tables` creates them when a harvest first writes.

A tree is written in one transaction per collapse (its nodes so far with their flags) and once
more when it ends; node ids are paths from the root, so a regrown tree meets its stored nodes
under the same ids."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lamen.spec.problems import Problem, SpecError
from lamen.store.db import Store
from lamen.store.reads import StoreReads
from lamen.text_safety import one_line

HARVEST_SCHEMA = """
CREATE TABLE IF NOT EXISTS harvest_trees (
    id TEXT PRIMARY KEY, harvest TEXT NOT NULL, family TEXT NOT NULL, instance_id TEXT NOT NULL,
    seed INTEGER NOT NULL, agent_role TEXT NOT NULL, instance_json TEXT NOT NULL, settings_json TEXT NOT NULL,
    goals_json TEXT NOT NULL, reached_json TEXT NOT NULL, agent_turns INTEGER NOT NULL,
    status TEXT NOT NULL, end_reason TEXT, complete INTEGER NOT NULL, error TEXT, updated_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS harvest_nodes (
    tree_id TEXT NOT NULL, node_id TEXT NOT NULL, parent_id TEXT, depth INTEGER NOT NULL, role TEXT,
    successful INTEGER NOT NULL, golden INTEGER NOT NULL, state_json TEXT NOT NULL, events_json TEXT NOT NULL,
    calls_json TEXT NOT NULL, cost_usd REAL NOT NULL, PRIMARY KEY (tree_id, node_id));
"""
NODE_COLUMNS = ("tree_id, node_id, parent_id, depth, role, successful, golden, state_json, events_json, calls_json, "
                "cost_usd")


@dataclass(frozen=True)
class TreeRow:
    """A tree as `harvest_trees` keeps it."""

    id: str
    harvest: str
    family: str
    instance_id: str
    seed: int
    agent_role: str
    instance: dict[str, Any]
    settings: dict[str, Any]
    goals: tuple[str, ...]
    reached: tuple[str, ...] = ()
    agent_turns: int = 0
    status: str = "growing"  # growing | finished | stopped (budget) | errored
    end_reason: str | None = None
    complete: bool = False  # every goal met
    error: str | None = None


@dataclass(frozen=True)
class NodeRow:
    tree_id: str
    node_id: str
    parent_id: str | None
    depth: int
    role: str | None
    successful: bool
    golden: bool
    state: dict[str, Any]
    events: list[dict[str, Any]]
    calls: list[dict[str, Any]]
    cost_usd: float


def ensure_tables(store: Store) -> None:
    with store.transaction() as db:
        for statement in HARVEST_SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)


def _node_values(node: NodeRow) -> tuple[Any, ...]:
    return (node.tree_id, node.node_id, node.parent_id, node.depth, node.role, int(node.successful),
            int(node.golden), json.dumps(node.state, ensure_ascii=False, sort_keys=True),
            json.dumps(node.events, ensure_ascii=False), json.dumps(node.calls, ensure_ascii=False), node.cost_usd)


def save_tree(store: Store, row: TreeRow, nodes: Sequence[NodeRow] = ()) -> None:
    """The tree's row and `nodes` (every node grown so far, with its flags), in one transaction."""
    with store.transaction() as db:
        db.execute("INSERT OR REPLACE INTO harvest_trees VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (row.id, row.harvest, row.family, row.instance_id, row.seed, row.agent_role,
                    json.dumps(row.instance, sort_keys=True), json.dumps(row.settings, sort_keys=True),
                    json.dumps(list(row.goals)), json.dumps(list(row.reached)), row.agent_turns, row.status,
                    row.end_reason, int(row.complete), row.error, time.time()))
        if nodes:
            # A node already stored (by a collapse, or by a run that was killed) keeps its row as
            # first written: a regrown node is identical but for its calls, which the response
            # cache answered at no cost, and the row should say what the reply cost when it was paid.
            db.executemany(f"INSERT INTO harvest_nodes ({NODE_COLUMNS}) VALUES ({', '.join('?' * 11)}) "
                           "ON CONFLICT(tree_id, node_id) DO UPDATE SET successful=excluded.successful, "
                           "golden=excluded.golden", [_node_values(node) for node in nodes])


def has_harvest(store: StoreReads) -> bool:
    return store.db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='harvest_trees'").fetchone() \
        is not None


def require_harvest(store: StoreReads, harvest: str | None = None) -> None:
    """A SpecError unless the database holds a harvest (the one named `harvest`, when given): an
    export of a name that is not there would otherwise write empty files without a word."""
    if not has_harvest(store):
        raise SpecError([Problem(f"{store.path}: holds no harvest (no harvest_trees table)",
                                 "give the database `lamen harvest` wrote, e.g. reports/NAME/harvest.db")])
    if harvest is None:
        return
    names = [row[0] for row in store.db.execute("SELECT DISTINCT harvest FROM harvest_trees ORDER BY harvest")]
    if harvest not in names:
        raise SpecError([Problem(f"{store.path}: holds no harvest named {one_line(harvest)!r} "
                                 f"(harvests: {', '.join(one_line(n) for n in names) or 'none'})",
                                 "name one of them with --harvest, or leave --harvest out")])


def tree_rows(store: StoreReads, harvest: str | None = None) -> list[TreeRow]:
    where, args = ("WHERE harvest=?", (harvest,)) if harvest else ("", ())
    rows = store.db.execute(f"SELECT * FROM harvest_trees {where} ORDER BY harvest, instance_id, seed, id", args)
    return [TreeRow(id=r["id"], harvest=r["harvest"], family=r["family"], instance_id=r["instance_id"], seed=r["seed"],
                    agent_role=r["agent_role"], instance=json.loads(r["instance_json"]),
                    settings=json.loads(r["settings_json"]), goals=tuple(json.loads(r["goals_json"])),
                    reached=tuple(json.loads(r["reached_json"])), agent_turns=r["agent_turns"], status=r["status"],
                    end_reason=r["end_reason"], complete=bool(r["complete"]), error=r["error"])
            for r in rows]


def node_rows(store: StoreReads, tree_id: str) -> Iterator[NodeRow]:
    """A tree's nodes in growth order (depth, then path: the order they were made in)."""
    rows = store.db.execute(f"SELECT {NODE_COLUMNS} FROM harvest_nodes WHERE tree_id=?", (tree_id,)).fetchall()
    for r in sorted(rows, key=lambda r: (r["depth"], [int(p) for p in r["node_id"].split(".")[1:]])):
        yield NodeRow(r["tree_id"], r["node_id"], r["parent_id"], r["depth"], r["role"], bool(r["successful"]),
                      bool(r["golden"]), json.loads(r["state_json"]), json.loads(r["events_json"]),
                      json.loads(r["calls_json"]), r["cost_usd"])
