"""A grown tree as the store keeps it: each node's state, events and calls as JSON values, with
its flags (lamen.store.harvest)."""

from __future__ import annotations

from typing import Any

from lamen.core.play import Call
from lamen.harvest.tree import Node, Tree
from lamen.store.harvest import NodeRow


def call_json(call: Call) -> dict[str, Any]:
    """A call as stored: the request as sent (its meta, which holds a scripted player's typed
    observation, stays out) and the reply."""
    return {"role": call.role, "step": call.step, "attempt": call.attempt, "outcome": call.outcome,
            "feedback": call.feedback, "request": call.request.model_dump(mode="json", exclude={"meta"}),
            "reply": call.reply.model_dump(mode="json") if call.reply is not None else None}


def node_row(tree_id: str, tree: Tree, node: Node) -> NodeRow:
    return NodeRow(tree_id=tree_id, node_id=node.id, parent_id=node.parent, depth=node.depth, role=node.role,
                   successful=node.id in tree.successful, golden=node.id in tree.golden,
                   state=node.state.model_dump(mode="json"), events=[e.model_dump(mode="json") for e in node.events],
                   calls=[call_json(c) for c in node.calls],
                   cost_usd=sum(c.reply.cost_usd for c in node.calls if c.reply is not None))


def node_rows_of(tree_id: str, tree: Tree) -> list[NodeRow]:
    """Every node grown so far, in growth order."""
    return [node_row(tree_id, tree, node) for node in tree.nodes.values()]
