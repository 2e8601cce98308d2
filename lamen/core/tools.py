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

from lamen.chat import ChatMessage, ChatReply, ChatRequest, ChatTool, ChatToolCall
from lamen.core.codec import Codec, FormatError
from lamen.core.state import CoreState
from lamen.core.types import JSON, Action, ActionSpace, Event, IllegalMove, RoleId, Think, ToolCall, ToolSpec

# The events of a refused reply (the play loop's feedback events): when the reply carried native
# calls, their payload keeps them under "tool_calls", so each call can be answered with an error.
REFUSALS = ("format_error", "illegal_move")


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
    called: dict[str, JSON] = {"name": call.name, "args": dict(call.args), "call_id": call.call_id}
    if call.signature:  # only where the API gave one, so other calls' events are as before
        called["signature"] = call.signature
    answer: dict[str, JSON] = {"result": result.payload, "error": result.error, "call_id": call.call_id}
    events = [Event(index=base, role=role, kind="tool_call", text=call.name, payload=called, visible_to=mine),
              Event(index=base + 1, role=None, kind="tool_result", text=result.text, payload=answer, visible_to=mine)]
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
        actions.append(ToolCall(name=call.name, args=dict(call.arguments), call_id=call.id, signature=call.signature))
    return tuple(actions)


def reply_actions(reply: ChatReply, legal: ActionSpace) -> tuple[Action, ...]:
    """A reply with native calls as the role's actions: its text first, as a private `Think` (a
    model's words beside a call are its reasoning aloud — "let me look up cafés" — and a call is
    a move by itself, so they are never sent to the partner), then the calls (`tool_actions`).
    Where the role may not think, the text is dropped from the moves (the stored reply keeps it)."""
    calls = tool_actions(reply, legal)
    text = reply.text.strip()
    return ((Think(text=text),) if text and "think" in legal.kinds else ()) + calls


def native_codec(codec: Codec) -> Codec | None:
    """The variant of `codec` that replays a role's tool loop as chat turns (its `native_tools()`),
    or None when the family's codec has none: such a seat plays in text, as before."""
    make = getattr(codec, "native_tools", None)
    return make() if callable(make) else None


def tool_offer(request: ChatRequest, specs: Sequence[ToolSpec], known: dict[str, ToolSpec]) -> dict[str, Any]:
    """The request fields that offer a native seat its tools now: `specs` (the role's legal tools,
    remembered in `known`). With none legal now but tool turns in the request (the role used up
    its calls this turn), the tools it used are still declared, with tool_choice "none": Anthropic
    refuses tool_use / tool_result blocks in a request that defines no tools. A tool not seen in
    this run (an episode resumed from a snapshot) is declared by name alone."""
    known.update({spec.name: spec for spec in specs})
    if specs:
        return {"tools": chat_tools(specs)}
    used = list(dict.fromkeys(call.name for m in request.messages for call in m.tool_calls))
    if not used:
        return {}
    offered = tuple(ChatTool(name=spec.name, description=spec.description, parameters=dict(spec.parameters))
                    if (spec := known.get(name)) is not None else ChatTool(name=name) for name in used)
    return {"tools": offered, "tool_choice": "none"}


def current_turn(history: Sequence[Event], role: RoleId) -> int:
    """Where `role`'s current turn starts in `history` (the events it sees): the trailing run of its
    own thoughts, tool calls, their results (and rewards) and its refused replies, which a move ends."""
    start = len(history)
    while start > 0:
        event = history[start - 1]
        own = event.role == role and event.kind in ("think", "tool_call", *REFUSALS)
        # A call's result, and the reward it earned, belong to the call's turn.
        if not (own or (event.role is None and event.kind in ("tool_result", "reward"))):
            break
        start -= 1
    return start


def tool_turns(events: Sequence[Event], role: RoleId) -> tuple[ChatMessage, ...]:
    """The calls `role` made among `events` and their results, as the chat turns that replay them:
    each call an assistant turn (no text: the role's words are the codec's to place), each result a
    `tool` turn answering that call. Only events the role may see count, so a result never reaches
    another role's prompt; every other kind of event is left to the codec.

    A refused reply that carried native calls (a feedback event with "tool_calls" in its payload)
    becomes one assistant turn with those calls, each answered by an error result with the
    feedback: OpenAI and Anthropic reject a call that has no result.

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
        if event.kind in REFUSALS and event.role == role and payload.get("tool_calls"):
            refused = tuple(ChatToolCall.model_validate(call) for call in payload["tool_calls"])
            turns.append(ChatMessage(role="assistant", content="", tool_calls=refused))
            feedback = str(payload.get("feedback", ""))
            turns += [ChatMessage.tool_result(call, feedback, error=True) for call in refused]
        elif event.kind == "tool_call" and event.role == role:
            args = payload.get("args")
            call = ChatToolCall.of(given or f"call-{event.index}", str(payload.get("name", event.text)),
                                   dict(args) if isinstance(args, dict) else {},
                                   signature=str(payload.get("signature") or ""))
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


def native_turns(events: Sequence[Event], role: RoleId) -> tuple[ChatMessage, ...]:
    """The role's current turn as chat turns (`tool_turns`), each call's assistant turn carrying
    the words the model wrote beside it: the thoughts kept from that reply, or a refused reply's text."""
    said: list[str] = []
    thoughts: list[str] = []
    for event in events:
        if event.kind == "think":
            thoughts.append(event.text)
        elif event.kind == "tool_call" or (event.kind in REFUSALS and isinstance(event.payload, dict)
                                           and event.payload.get("tool_calls")):
            said.append("\n".join(thoughts) if event.kind == "tool_call" else event.text)
            thoughts = []
    words = iter(said)
    return tuple(turn.model_copy(update={"content": next(words)}) if turn.tool_calls else turn
                 for turn in tool_turns(events, role))


def move_request(system: str, parts: Sequence[str], turns: Sequence[ChatMessage], history: Sequence[Event],
                 feedback: Sequence[str]) -> ChatRequest:
    """A move's request: `parts` as one user message, then the current turn's `turns` (`native_turns`)
    and the latest feedback as a last user turn. Without turns the feedback closes the user message;
    after a refused reply with native calls it is left out, since their error results carry it."""
    retry = [f"Your last reply could not be used: {fb} Please answer again." for fb in feedback[-1:]]
    if not turns:
        return ChatRequest(system=system, messages=(ChatMessage(role="user", content="\n\n".join([*parts, *retry])),),
                           purpose="move")
    last = history[-1]
    if last.kind in REFUSALS and isinstance(last.payload, dict) and last.payload.get("tool_calls"):
        retry = []
    return ChatRequest(system=system, purpose="move", messages=(
        ChatMessage(role="user", content="\n\n".join(parts)), *turns,
        *(ChatMessage(role="user", content=text) for text in retry)))
