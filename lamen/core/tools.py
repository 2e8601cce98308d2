"""Environment tools (FAMILIES.md §2.5): deterministic functions of (instance, state, args) run
inside a family's `step`. Call and result are events only the caller sees; a result may satisfy
goals (`reward_keys`), which become `reward` events (what JOSH's harvest branches on)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lamen.core.state import CoreState
from lamen.core.types import JSON, Event, IllegalMove, RoleId, ToolCall, ToolSpec


@dataclass(frozen=True)
class ToolResult:
    text: str
    payload: JSON = None
    error: bool = False  # shown to the caller like any result; the call still counts
    reward_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tool:
    spec: ToolSpec
    run: Callable[[Any, CoreState, Mapping[str, JSON]], ToolResult]


def call_tool(tools: Sequence[Tool], instance: Any, state: CoreState, role: RoleId, call: ToolCall,
              rewards: Mapping[str, float] | None = None) -> tuple[Event, ...]:
    """The events of one call, indexed after `state`'s: tool_call, tool_result, then one reward
    event per newly satisfied key (worth `rewards[key]`, default 0). Raises IllegalMove for an
    unknown tool (fed back to the caller, as a model naming a missing function would be)."""
    by_name = {tool.spec.name: tool for tool in tools}
    if call.name not in by_name:
        raise IllegalMove(f"there is no tool {call.name!r} (tools: {', '.join(sorted(by_name)) or 'none'})")
    result = by_name[call.name].run(instance, state, call.args)
    already = {e.payload.get("key") for e in state.events if e.kind == "reward" and isinstance(e.payload, dict)}
    base, mine = len(state.events), (role,)
    events = [Event(index=base, role=role, kind="tool_call", text=call.name,
                    payload={"name": call.name, "args": dict(call.args), "call_id": call.call_id}, visible_to=mine),
              Event(index=base + 1, role=None, kind="tool_result", text=result.text,
                    payload={"result": result.payload, "error": result.error, "call_id": call.call_id}, visible_to=mine)]
    for key in result.reward_keys:
        if key not in already:
            events.append(Event(index=base + len(events), role=None, kind="reward", text=key, payload={"key": key},
                                visible_to=mine, reward=(rewards or {}).get(key, 0.0)))
            already.add(key)
    return tuple(events)
