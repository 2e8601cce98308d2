"""Environment tools (FAMILIES.md §2.5): deterministic functions of (instance, state, args) run
inside a family's `step`. Call and result are events only the caller sees; a result may satisfy
goals (`reward_keys`), which become `reward` events (what JOSH's harvest branches on).

For a model with native tool calling, the codec helpers below carry a role's tools into a
`ChatRequest` (`chat_tools`), the model's calls out of its `ChatReply` as the family's `ToolCall`
actions (`tool_actions`), and the calls and results the role may see back into its next request
as the assistant and `tool` turns that replay them (`tool_turns`). Models without tools keep the
families' text codecs (a `[tool] Search(...)` line); nothing here changes them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lamen.chat import ChatMessage, ChatReply, ChatTool, ChatToolCall
from lamen.core.codec import FormatError
from lamen.core.state import CoreState
from lamen.core.types import JSON, ActionSpace, Event, IllegalMove, RoleId, ToolCall, ToolSpec


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


# ---- native tool calling: between a role's tools and a model's chat ---------------------------
def chat_tools(specs: Sequence[ToolSpec]) -> tuple[ChatTool, ...]:
    """A role's tools (its `ActionSpace.tools`) as a request offers them to a model."""
    return tuple(ChatTool(name=spec.name, description=spec.description, parameters=dict(spec.parameters))
                 for spec in specs)


def tool_actions(reply: ChatReply, legal: ActionSpace) -> tuple[ToolCall, ...]:
    """A reply's native calls as `ToolCall` actions, in the model's order, each keeping the call's
    id so its result pairs with it in the next request. A call to a tool the role is not offered
    now, or with arguments that are not a JSON object, raises FormatError with feedback for the
    model (the same path as an unreadable text reply)."""
    offered = [spec.name for spec in legal.tools]
    actions = []
    for call in reply.tool_calls:
        if call.name not in offered:
            raise FormatError(f"there is no tool {call.name!r} to call now "
                              f"(tools: {', '.join(offered) or 'none this turn'})")
        if call.error is not None:
            raise FormatError(f"the {call.name} call could not be read: {call.error}")
        actions.append(ToolCall(name=call.name, args=dict(call.arguments), call_id=call.id))
    return tuple(actions)


def tool_turns(events: Sequence[Event], role: RoleId) -> tuple[ChatMessage, ...]:
    """The calls `role` made among `events` and their results, as the chat turns that replay them:
    each call an assistant turn (no text: the role's words are the codec's to place), each result a
    `tool` turn answering that call. Only events the role may see count, so a result never reaches
    another role's prompt; every other kind of event is left to the codec.

    A call keeps the model's id; one written through a text codec (no id) gets `call-<its event
    index>`, and its result (no id either) answers the latest unanswered call. A result whose call
    is not among `events` is refused: a provider rejects a tool turn that answers no call."""
    turns: list[ChatMessage] = []
    calls: dict[str, ChatToolCall] = {}
    unanswered: list[str] = []
    for event in events:
        if not event.visible(role):
            continue
        payload = event.payload if isinstance(event.payload, dict) else {}
        given = str(payload.get("call_id") or "")
        if event.kind == "tool_call" and event.role == role:
            args = payload.get("args")
            call = ChatToolCall.of(given or f"call-{event.index}", str(payload.get("name", event.text)),
                                   dict(args) if isinstance(args, dict) else {})
            calls[call.id] = call
            unanswered.append(call.id)
            turns.append(ChatMessage(role="assistant", content="", tool_calls=(call,)))
        elif event.kind == "tool_result":
            answered = given or (unanswered[-1] if unanswered else "")
            if answered not in calls:
                raise ValueError(f"event {event.index}: a tool_result for call {answered or '(no id)'}, "
                                 "which is not among the events")
            if answered in unanswered:
                unanswered.remove(answered)
            turns.append(ChatMessage.tool_result(calls[answered], event.text, error=bool(payload.get("error"))))
    return tuple(turns)
