"""Training data from stored harvest trees, as JSON Lines in the formats TRL's trainers read
(conversational; FAMILIES.md §6):

- SFT `{"messages", "tools"}`: the golden path of each tree that met every goal, up to its last
  golden agent turn;
- KTO `{"prompt", "completion", "label"}`: each golden agent turn is `true`; each sibling of it
  (the same parent, so the same prompt) that led to no reward is `false`, unless it wrote the
  very reply the golden turn wrote (it then failed only by what came after);
- DPO `{"prompt", "chosen", "rejected"}`: a golden agent turn against each such sibling.

A prompt is what the agent was shown at the parent node, rendered again from the parent's state
with the format-error and illegal-move feedback left out (the paper drops error texts), so the
siblings of one parent share it exactly; a completion is the reply the agent's move committed.

Two renderings: `text` — the family's codec, as the model saw it, and the reply's text as it was
sampled (a native tool call written as the codec writes a call); `openai-tools` — the events as
OpenAI-style chat turns: the agent's tool calls as assistant `tool_calls` (arguments a JSON
string, as OpenAI's API writes them), each result a `tool` message, the role's tools as a `tools`
column of function schemas."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from lamen.core.family import Family
from lamen.core.registry import UnknownFamily, get_family
from lamen.core.state import CoreState
from lamen.core.tools import native_codec
from lamen.core.types import Event, RoleId, ToolCall
from lamen.store.harvest import NodeRow, TreeRow, node_rows, require_harvest, tree_rows
from lamen.store.reads import StoreReads
from lamen.spec.problems import Problem, SpecError

Kind = Literal["sft", "kto", "dpo"]
Rendering = Literal["text", "openai-tools"]
KINDS: tuple[Kind, ...] = ("sft", "kto", "dpo")
RENDERINGS: tuple[Rendering, ...] = ("text", "openai-tools")
FEEDBACK_EVENTS = ("format_error", "illegal_move")

Messages = list[dict[str, Any]]


@dataclass(frozen=True)
class Example:
    """One exported line, with where it came from (kept out of the file)."""

    tree_id: str
    node_ids: tuple[str, ...]  # the agent node(s) whose turns it holds: (golden,) or (golden, sibling)
    record: dict[str, Any]


class _TreeView:
    """A stored tree with its family, instance and typed states, to render prompts from."""

    def __init__(self, row: TreeRow, nodes: list[NodeRow]) -> None:
        self.row = row
        try:
            self.family: Family = get_family(row.family)
        except UnknownFamily:
            raise SpecError([Problem(f"tree {row.id} of harvest {row.harvest!r} was grown in game family "
                                     f"{row.family!r}, which this lamen does not know",
                                     "install the package that provides it")]) from None
        self.instance = self.family.instance_type.model_validate(row.instance)
        self.nodes = {node.node_id: node for node in nodes}
        self.role: RoleId = row.agent_role
        # More than two seats (Mediation): the agent's interlocutors are told apart by name.
        self.named = len(nodes[0].state.get("seating") or {}) > 2 if nodes else False

    def state(self, node_id: str, clean: bool = True) -> CoreState:
        state = self.family.state_type.model_validate(self.nodes[node_id].state)
        if not clean:
            return state
        kept = [e for e in state.events if e.kind not in FEEDBACK_EVENTS]
        return state.model_copy(update={"events": tuple(e.model_copy(update={"index": i}) for i, e in enumerate(kept))})

    def agent_children(self, parent: str) -> list[NodeRow]:
        return [n for n in self.nodes.values() if n.parent_id == parent and n.role == self.role]

    def golden_turns(self) -> list[NodeRow]:
        return [n for n in self.nodes.values() if n.golden and n.role == self.role]

    # ---- renderings ---------------------------------------------------------------------------
    def move_line(self, event: Event) -> str:
        """The family's line for a move (`move_line` of the writer's codec), else the event's text."""
        line = getattr(self.family.codec(event.role), "move_line", None) if event.role is not None else None
        return line(event) if line is not None else event.text

    def chat_turns(self, events: Any) -> Messages:
        return chat_turns(events, self.role, self.move_line, named=self.named)

    def tools(self, node_id: str) -> list[dict[str, Any]]:
        state = self.state(node_id)
        legal = self.family.rules.legal(self.instance, state, self.role)
        return [{"type": "function", "function": {"name": t.name, "description": t.description,
                                                  "parameters": t.parameters}} for t in legal.tools]

    def prompt(self, parent: str, rendering: Rendering) -> Messages:
        state = self.state(parent)
        codec = self.family.codec(self.role)
        if rendering == "openai-tools":  # the system text the family writes for native tool calling, if it has one
            codec = native_codec(codec) or codec
        view = self.family.rules.view(self.instance, state, self.role)
        # What the play loop adds to every observation, so the prompt is the one the agent was shown.
        view = replace(view, budget={**view.budget, "steps_left": self.family.limits.max_steps - state.steps})
        request = codec.request(view, self.family.rules.legal(self.instance, state, self.role), ())
        system = [{"role": "system", "content": request.system}] if request.system else []
        if rendering == "text":
            return system + [{"role": m.role, "content": m.content} for m in request.messages]
        return system + self.chat_turns(state.events)

    def completion(self, node: NodeRow, rendering: Rendering) -> Messages:
        if rendering == "text":
            committed = [c for c in node.calls if c["outcome"] == "ok" and c["reply"] is not None]
            if not committed:
                return [{"role": "assistant", "content": ""}]
            reply = committed[-1]["reply"]
            if reply.get("tool_calls"):  # a native call: written as the family's codec writes a call
                calls = [ToolCall(name=call["name"], args=call.get("arguments") or {}) for call in reply["tool_calls"]]
                return [{"role": "assistant", "content": self.family.codec(self.role).render(calls)}]
            return [{"role": "assistant", "content": reply["text"]}]
        events = [Event.model_validate(e) for e in node.events]
        return [m for m in self.chat_turns(events) if m["role"] == "assistant"] or \
            [{"role": "assistant", "content": ""}]


# Moves other than talk and tool calls (a DialOp proposal or answer, a TA submission, a pass): in
# the openai-tools rendering they are the family's line for the move — its codec's `move_line(event)`
# where it has one (Planning keeps only the itinerary in a proposal's event and writes the
# `[propose]` tag in its lines), else the text of their event (the reply that wrote it).
MOVE_EVENTS = ("propose", "respond", "submit", "end_turn", "end_session")

MoveLine = Callable[[Event], str]


def chat_turns(events: Any, role: RoleId, move_line: MoveLine | None = None, named: bool = False) -> Messages:
    """The events `role` may see as OpenAI-style chat turns: its messages and moves as the
    assistant's, others' as the user's (consecutive lines of one writer joined into one turn, as one
    reply wrote them), its tool calls as assistant `tool_calls` each answered by a `tool` turn (a
    call that no result answers — TA's `visit` bookkeeping — is a line of text); feedback,
    thoughts, rewards and the environment's notices are left out. `named` (a family of more than
    two roles: Mediation's two users): each user turn carries its writer's role as OpenAI's `name`,
    so two writers' back-to-back lines stay two turns, each attributable."""
    turns: Messages = []
    names: dict[str, str] = {}
    last_call = ""
    seen = [e for e in events if e.visible(role) and e.kind not in FEEDBACK_EVENTS]

    def say(side: str, text: str, writer: RoleId | None) -> None:
        name = {"name": writer} if named and side == "user" and writer is not None else {}
        if turns and turns[-1]["role"] == side and "tool_calls" not in turns[-1] and turns[-1].get("name") == \
                name.get("name"):
            turns[-1]["content"] += "\n" + text
        else:
            turns.append({"role": side, **name, "content": text})

    for at, event in enumerate(seen):
        payload = event.payload if isinstance(event.payload, dict) else {}
        side = "assistant" if event.role == role else "user"
        if event.kind == "message":
            say(side, event.text, event.role)
        elif event.kind in MOVE_EVENTS and event.role is not None:
            say(side, move_line(event) if move_line is not None else event.text, event.role)
        elif event.kind == "tool_call" and event.role == role:
            if at + 1 == len(seen) or seen[at + 1].kind != "tool_result":
                say(side, event.text, event.role)
                continue
            last_call = str(payload.get("call_id") or f"call-{event.index}")
            names[last_call] = str(payload.get("name", event.text))
            arguments = json.dumps(payload.get("args") or {}, sort_keys=True, ensure_ascii=False)
            turns.append({"role": "assistant", "content": "", "tool_calls": [
                {"id": last_call, "type": "function", "function": {"name": names[last_call], "arguments": arguments}}]})
        elif event.kind == "tool_result" and last_call:
            call = str(payload.get("call_id") or last_call)
            turns.append({"role": "tool", "tool_call_id": call, "name": names.get(call, ""), "content": event.text})
            last_call = ""
    return turns


def _views(store: StoreReads, harvest: str | None) -> Iterator[_TreeView]:
    require_harvest(store)
    for row in tree_rows(store, harvest):
        if row.status == "finished":
            yield _TreeView(row, list(node_rows(store, row.id)))


def sft_examples(store: StoreReads, rendering: Rendering, harvest: str | None = None) -> Iterator[Example]:
    for view in _views(store, harvest):
        if not view.row.complete:
            continue
        turns = view.golden_turns()
        if not turns:
            continue
        last = max(turns, key=lambda n: n.depth)
        assert last.parent_id is not None
        messages = view.prompt(last.parent_id, rendering) + view.completion(last, rendering)
        tools = view.tools(last.parent_id) if rendering == "openai-tools" else []
        yield Example(view.row.id, tuple(n.node_id for n in sorted(turns, key=lambda n: n.depth)),
                      {"messages": messages, "tools": tools})


def _pairs(view: _TreeView) -> Iterator[tuple[NodeRow, list[NodeRow]]]:
    """Each golden agent turn with its unsuccessful siblings (the same parent, no reward below)."""
    for golden in sorted(view.golden_turns(), key=lambda n: n.depth):
        assert golden.parent_id is not None
        failed = [n for n in view.agent_children(golden.parent_id) if not n.successful]
        yield golden, failed


def _rendered_pairs(view: _TreeView, rendering: Rendering
                   ) -> Iterator[tuple[NodeRow, Messages, list[tuple[NodeRow, Messages]]]]:
    """Each golden agent turn, its completion, and its failed siblings' completions that differ
    from it. A sibling that wrote the very same reply (in this rendering) failed only by what
    happened after it — a turn cannot be both the right and the wrong answer to one prompt — so
    it is left out rather than labelled `false` against its own twin."""
    for golden, failed in _pairs(view):
        chosen = view.completion(golden, rendering)
        others = [(sibling, view.completion(sibling, rendering)) for sibling in failed]
        yield golden, chosen, [(sibling, completion) for sibling, completion in others if completion != chosen]


def kto_examples(store: StoreReads, rendering: Rendering, harvest: str | None = None) -> Iterator[Example]:
    for view in _views(store, harvest):
        for golden, chosen, failed in _rendered_pairs(view, rendering):
            prompt = view.prompt(golden.parent_id or "", rendering)
            yield Example(view.row.id, (golden.node_id,), {"prompt": prompt, "completion": chosen, "label": True})
            for sibling, completion in failed:
                yield Example(view.row.id, (sibling.node_id,),
                              {"prompt": prompt, "completion": completion, "label": False})


def dpo_examples(store: StoreReads, rendering: Rendering, harvest: str | None = None) -> Iterator[Example]:
    for view in _views(store, harvest):
        for golden, chosen, failed in _rendered_pairs(view, rendering):
            if not failed:
                continue
            prompt = view.prompt(golden.parent_id or "", rendering)
            for sibling, completion in failed:
                yield Example(view.row.id, (golden.node_id, sibling.node_id),
                              {"prompt": prompt, "chosen": chosen, "rejected": completion})


EXAMPLES = {"sft": sft_examples, "kto": kto_examples, "dpo": dpo_examples}


def examples(store: StoreReads, kind: Kind, rendering: Rendering, harvest: str | None = None) -> Iterator[Example]:
    return EXAMPLES[kind](store, rendering, harvest)


def write_jsonl(store: StoreReads, kind: Kind, rendering: Rendering, path: Path, harvest: str | None = None) -> int:
    """The examples as JSON Lines at `path` (written whole: a temporary file renamed into place);
    returns how many lines."""
    draft = path.with_name(f".{path.name}.tmp")
    count = 0
    with draft.open("w", encoding="utf-8") as out:
        for example in examples(store, kind, rendering, harvest):
            out.write(json.dumps(example.record, ensure_ascii=False) + "\n")
            count += 1
    draft.replace(path)
    return count
