"""The chat types every layer speaks: a request, its reply, what a failed call raises, and the
`Agent` that answers. The bottom layer: it imports nothing of lamen, so the judge, the core and
the store can use these types without importing the agents that implement them.

LLM providers, local models, scripted negotiators and a human at the terminal all answer
through `Agent.complete`, so the loop cannot tell them apart.

Native tool calling: a request may offer `tools` (name, description, JSON-schema parameters) and
a `tool_choice`; a reply may carry `tool_calls` beside its text; an assistant message replays the
calls it made and a `tool` message carries one call's result, so a multi-step tool loop can be
sent again as it happened. Each tool field is left out of the JSON when unused, so a request or
reply without tools serialises byte for byte as before tools existed (the store rebuilds stored
requests from that text, and the response cache keys on it).
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer, model_validator

# What every provider accepts as a function name (OpenAI's and Gemini's rule; Anthropic's and
# Cohere's are looser): a name outside it would be refused by some APIs and not others.
TOOL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]{0,63}")
TOOL_CHOICES = ("auto", "required", "none")
MESSAGE_TOOL_FIELDS = ("tool_calls", "tool_call_id", "tool_name", "tool_error")


def _without_unused(data: Any, model: BaseModel, names: tuple[str, ...]) -> Any:
    """`data` (a model's serialised fields) without the named fields whose value is empty: the
    tool fields appear in the JSON only when used, so older texts stay byte-identical."""
    if isinstance(data, dict):
        for name in names:
            if not getattr(model, name):
                data.pop(name, None)
    return data


class ChatTool(BaseModel):
    """A function a model may call: its name, what it does, and its arguments as a JSON schema
    (an object schema, which is what every provider's function declaration takes)."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})

    @model_validator(mode="after")
    def _check(self) -> "ChatTool":
        if not TOOL_NAME.fullmatch(self.name):
            raise ValueError(f"tool name {self.name!r} must be 1-64 letters, digits, '_', '.' or '-', "
                             "starting with a letter or '_'")
        if self.parameters.get("type") != "object":
            raise ValueError(f"tool {self.name}: parameters must be a JSON schema of type 'object'")
        return self


class ChatToolCall(BaseModel):
    """One call a model made: the provider's call id (synthesised where the API gives none), the
    tool's name, the arguments parsed into a dict, and `raw`, the arguments as the model wrote them
    (replayed as is where the API takes a string). Arguments that are not a JSON object leave
    `arguments` empty and say why in `error`, so the caller can tell the model. `signature` is an
    opaque token some APIs require back with the call (Gemini's thought signature, base64)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    raw: str = ""
    error: str | None = None
    signature: str = ""

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        return _without_unused(handler(self), self, ("error", "signature"))

    @classmethod
    def parsed(cls, id: str, name: str, raw: str, *, signature: str = "") -> "ChatToolCall":
        """A call whose arguments arrive as JSON text (OpenAI, Cohere)."""
        try:
            value = json.loads(raw) if raw.strip() else {}
        except ValueError as exc:
            return cls(id=id, name=name, raw=raw, error=f"arguments are not JSON: {exc}", signature=signature)
        if not isinstance(value, dict):
            return cls(id=id, name=name, raw=raw, error=f"arguments are a JSON {type(value).__name__}, not an object",
                       signature=signature)
        return cls(id=id, name=name, arguments=value, raw=raw, signature=signature)

    @classmethod
    def of(cls, id: str, name: str, arguments: dict[str, Any], *, signature: str = "") -> "ChatToolCall":
        """A call whose arguments arrive already parsed (Anthropic, Gemini): `raw` is their JSON."""
        return cls(id=id, name=name, arguments=arguments, raw=json.dumps(arguments, ensure_ascii=False),
                   signature=signature)

    def arguments_json(self) -> str:
        """The arguments as JSON text, for the APIs that take them as a string: as the model wrote them."""
        return self.raw if self.raw else json.dumps(self.arguments, ensure_ascii=False)


class ChatMessage(BaseModel):
    """A turn of the conversation. An assistant turn may carry the `tool_calls` it made (its
    `content` is then what it said beside them, often ""); a `tool` turn is the result of the call
    `tool_call_id` (`tool_name` names the function, which Gemini's function responses need).

    Its unused tool fields are left out by the request that holds it (`ChatRequest`), not here: a
    serialiser on every message would make every request's JSON three times slower to write, and a
    message is only ever serialised inside a request."""

    model_config = ConfigDict(frozen=True)

    role: Literal["user", "assistant", "tool"]
    content: str
    tool_calls: tuple[ChatToolCall, ...] = ()
    tool_call_id: str = ""
    tool_name: str = ""
    tool_error: bool = False  # the result reports a failed call (Anthropic's is_error)

    @model_validator(mode="after")
    def _check(self) -> "ChatMessage":
        if self.tool_calls and self.role != "assistant":
            raise ValueError(f"a {self.role} message cannot carry tool_calls (only an assistant's)")
        if self.role == "tool" and not (self.tool_call_id and self.tool_name):
            raise ValueError("a tool message needs the tool_call_id and tool_name of the call it answers")
        if self.role != "tool" and (self.tool_call_id or self.tool_name or self.tool_error):
            raise ValueError(f"a {self.role} message cannot carry tool_call_id, tool_name or tool_error")
        return self

    @classmethod
    def tool_result(cls, call: ChatToolCall, content: str, *, error: bool = False) -> "ChatMessage":
        """The `tool` message answering `call`."""
        return cls(role="tool", content=content, tool_call_id=call.id, tool_name=call.name, tool_error=error)


class ChatRequest(BaseModel):
    """System text + alternating user/assistant messages + sampling settings.

    `system` is the static part of every request of one agent in one match (game, role, payoff
    tables, rules): providers keep it as a stable prefix so prompt caching can reuse it.
    `purpose` says what is asked (note, message, interrogation, extraction, ping) — for logs
    and cost accounting; it is not sent, and neither is `meta`. `response_schema` asks for JSON of that schema when
    the provider can constrain its output (structured notes).
    """

    model_config = ConfigDict(frozen=True)

    system: str
    messages: tuple[ChatMessage, ...]
    temperature: float = 0.0
    max_tokens: int | None = None
    top_p: float | None = None
    seed: int | None = None
    stop: tuple[str, ...] = ()
    response_schema: dict[str, Any] | None = None
    purpose: str = "message"
    # Functions the model may call, and whether it must: "auto" (the API's default when tools are
    # offered), "required" (some call), "none", or a tool's name (that call). Unused, both are
    # left out of the JSON.
    tools: tuple[ChatTool, ...] = ()
    tool_choice: str | None = None
    # A structured view of what the prompt shows (round, side, the visible messages...), for
    # agents that are not language models (scripted negotiators); never sent to a provider.
    meta: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check_tools(self) -> "ChatRequest":
        names = [tool.name for tool in self.tools]
        if len(set(names)) != len(names):
            raise ValueError(f"tools: a name is offered twice ({', '.join(sorted(names))})")
        if self.tool_choice is not None:
            if not self.tools:
                raise ValueError(f"tool_choice {self.tool_choice!r} without tools")
            if self.tool_choice not in TOOL_CHOICES and self.tool_choice not in names:
                raise ValueError(f"tool_choice {self.tool_choice!r} is neither {', '.join(TOOL_CHOICES)} "
                                 f"nor an offered tool ({', '.join(names)})")
        return self

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = _without_unused(handler(self), self, ("tools", "tool_choice"))
        dumped = data.get("messages") if isinstance(data, dict) else None
        for message, fields in zip(self.messages, dumped or ()):
            if isinstance(fields, dict):
                if message.role == "tool" or message.tool_calls:
                    _without_unused(fields, message, MESSAGE_TOOL_FIELDS)
                else:  # the common case, kept quick: a plain turn uses none of them
                    for name in MESSAGE_TOOL_FIELDS:
                        fields.pop(name, None)
        return data

    def folded(self) -> tuple[ChatMessage, ...]:
        """The messages with the system text folded into the first user message, for providers
        that have no system role."""
        if not self.system:
            return self.messages
        if self.messages and self.messages[0].role == "user":
            first = ChatMessage(role="user", content=f"{self.system}\n\n{self.messages[0].content}")
            return (first, *self.messages[1:])
        return (ChatMessage(role="user", content=self.system), *self.messages)


# About four characters a token in English text: what a cost estimate assumes before any call.
CHARS_PER_TOKEN = 4.0


def approx_tokens(request: ChatRequest) -> float:
    """About how many tokens a request's text holds (its system text and messages)."""
    return (len(request.system) + sum(len(m.content) for m in request.messages)) / CHARS_PER_TOKEN


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0  # input tokens served from the provider's prompt cache


class ChatReply(BaseModel):
    """What an agent answered, with what it cost."""

    model_config = ConfigDict(frozen=True)

    text: str
    usage: Usage = Usage()
    latency_s: float = 0.0
    finish_reason: str | None = None  # the provider's raw value ("stop", "end_turn", "length", ...)
    model: str = ""
    cost_usd: float = 0.0
    from_cache: bool = False  # answered by lamen's response cache, not the provider
    empty_reason: str | None = Field(default=None, description="why the text is empty: 'empty' or 'filtered'")
    tool_calls: tuple[ChatToolCall, ...] = ()  # the functions the model called, in its order

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        return _without_unused(handler(self), self, ("tool_calls",))

    def as_message(self) -> ChatMessage:
        """This reply as the assistant turn that replays it (its text and its calls)."""
        return ChatMessage(role="assistant", content=self.text, tool_calls=self.tool_calls)


class AgentError(Exception):
    """A failed call. `retryable` failures (rate limit, overload, 5xx, timeout, connection) may be
    retried after `retry_after` seconds; the others (auth, unknown model, bad request) are fatal
    for the agent. The message is one line naming the agent and, for auth, the variable to set."""

    def __init__(self, message: str, *, retryable: bool, retry_after: float | None = None,
                 status: int | None = None, exhausted: bool = False) -> None:
        super().__init__(message)
        self.retryable = retryable
        self.retry_after = retry_after
        self.status = status
        self.exhausted = exhausted  # a retryable failure that ran out of retries (not the agent's fault)


@runtime_checkable
class Agent(Protocol):
    """Anything that can answer a chat request. An agent holding connections (an SDK client) also
    has `async aclose()`, which `close_agent` calls when the run that used it ends."""

    @property
    def name(self) -> str: ...

    async def complete(self, request: ChatRequest) -> ChatReply: ...


async def close_agent(agent: object) -> None:
    """Close what `agent` holds open (its `aclose`, when it has one)."""
    aclose = getattr(agent, "aclose", None)
    if aclose is not None:
        await aclose()
