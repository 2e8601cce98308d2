"""Native tool calling through the real SDKs, on the fake wire (`Wire`): each provider sends the
tools in its own format, parses a reply's call into `ChatReply.tool_calls` with the exact name and
arguments, and renders the replayed call and its result in its own format on the next request.
Plus the chat types' side: a request without tools serialises exactly as before tools existed."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import pytest
from pydantic import ValidationError

from lamen.agents.providers import make_provider_agent
from lamen.chat import ChatMessage, ChatReply, ChatRequest, ChatTool, ChatToolCall
from lamen.runner.resilient import cache_key
from lamen.spec.agent import AgentSpec
from lamen.store.texts import TextReader, TextWriter
from tests.test_provider_common import KEY, Wire

PARAMETERS = {"type": "object", "properties": {"filters": {"type": "array", "items": {"type": "string"}},
                                               "limit": {"type": "integer", "minimum": 1}}}
SEARCH = ChatTool(name="search", description="Search the city's sites.", parameters=PARAMETERS)
RATE = ChatTool(name="rate", parameters={"type": "object", "properties": {"site": {"type": "string"}}})
SYSTEM = "You plan a day out for the user with the site database."
ASK = ChatMessage(role="user", content="Find me a cheap cafe near Mad Seoul.")
REQUEST = ChatRequest(system=SYSTEM, messages=(ASK,), tools=(SEARCH,), tool_choice="auto")
# The arguments every recorded `tool_call` reply carries (tests/data/providers/*/tool_call.json).
ARGUMENTS = {"fields": ["name", "price"], "filters": ["category == cafe", "price <= 30"],
             "sort_by": ["distance_to(Mad Seoul)"], "limit": 3}
RAW = json.dumps(ARGUMENTS)
RESULT = "name | price\nCoffee Nook | 10\nThe Dive | 20"
THEN = ChatMessage(role="user", content="Anything with live music?")

MODELS = {"openai": "gpt-4o", "anthropic": "claude-haiku-4-5", "cohere": "command-a-03-2025",
          "google": "gemini-2.5-flash"}
KEY_VARIABLES = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "cohere": "CO_API_KEY",
                 "google": "GEMINI_API_KEY"}


def loop(monkeypatch: pytest.MonkeyPatch, provider: str, request: ChatRequest = REQUEST,
         error: bool = False) -> tuple[Wire, ChatReply]:
    """Ask with tools (answered by the recorded tool call), then send the call's result back and
    the user's next line (answered by the recorded text reply)."""
    pytest.importorskip({"google": "google.genai"}.get(provider, provider))
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    monkeypatch.delenv("COHERE_API_KEY", raising=False)
    monkeypatch.setenv(KEY_VARIABLES[provider], KEY)
    wire = Wire(provider, "tool_call", "success")
    agent = make_provider_agent(AgentSpec.model_validate(f"{provider}:{MODELS[provider]}"),
                                http_client=wire.client())
    reply = asyncio.run(agent.complete(request))
    result = ChatMessage.tool_result(reply.tool_calls[0], RESULT, error=error)
    follow = request.model_copy(update={"messages": (*request.messages, reply.as_message(), result, THEN)})
    asyncio.run(agent.complete(follow))
    return wire, reply


def sent(wire: Wire, index: int) -> dict[str, Any]:
    return json.loads(wire.requests[index].content)


def call(reply: ChatReply) -> dict[str, Any]:
    assert len(reply.tool_calls) == 1
    return reply.tool_calls[0].model_dump()


# ---- OpenAI (and compatible servers) ---------------------------------------------------------

OPENAI_TOOLS = [{"type": "function", "function": {"name": "search", "description": "Search the city's sites.",
                                                  "parameters": PARAMETERS}}]


def test_openai_sends_function_tools_parses_tool_calls_and_replays_tool_messages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wire, reply = loop(monkeypatch, "openai")
    first = sent(wire, 0)
    assert first["tools"] == OPENAI_TOOLS and first["tool_choice"] == "auto"
    assert call(reply) == {"id": "call_q0L3v7WcP2s9", "name": "search", "arguments": ARGUMENTS, "raw": RAW}
    assert (reply.text, reply.finish_reason, reply.empty_reason) == ("", "tool_calls", None)
    assert sent(wire, 1)["messages"] == [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": ASK.content},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_q0L3v7WcP2s9", "type": "function", "function": {"name": "search", "arguments": RAW}}]},
        {"role": "tool", "tool_call_id": "call_q0L3v7WcP2s9", "content": RESULT},
        {"role": "user", "content": THEN.content},
    ]
    assert sent(wire, 1)["tools"] == OPENAI_TOOLS


def test_an_openai_compatible_server_gets_the_same_tools(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    wire = Wire("openai", "tool_call")
    spec = AgentSpec(id="local-qwen", provider="openai", model="qwen2.5-7b-instruct",
                     base_url="http://127.0.0.1:8080/v1")
    reply = asyncio.run(make_provider_agent(spec, http_client=wire.client()).complete(REQUEST))
    assert str(wire.requests[0].url) == "http://127.0.0.1:8080/v1/chat/completions"
    assert wire.sent == {"model": "qwen2.5-7b-instruct", "temperature": 0.0, "max_tokens": 512,
                         "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK.content}],
                         "tools": OPENAI_TOOLS, "tool_choice": "auto"}
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("search", ARGUMENTS)]


@pytest.mark.parametrize(("choice", "wire_choice"), [
    ("required", "required"), ("none", "none"), ("search", {"type": "function", "function": {"name": "search"}})])
def test_openai_tool_choice(monkeypatch: pytest.MonkeyPatch, choice: str, wire_choice: object) -> None:
    wire, _ = loop(monkeypatch, "openai", REQUEST.model_copy(update={"tool_choice": choice}))
    assert sent(wire, 0)["tool_choice"] == wire_choice


# ---- Anthropic -------------------------------------------------------------------------------

def test_anthropic_sends_tools_parses_tool_use_and_replays_tool_result_blocks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wire, reply = loop(monkeypatch, "anthropic", error=True)
    first = sent(wire, 0)
    assert first["tools"] == [{"name": "search", "description": "Search the city's sites.",
                               "input_schema": PARAMETERS}]
    assert first["tool_choice"] == {"type": "auto"}
    assert call(reply) == {"id": "toolu_01A09q90qw90lq917835lq9", "name": "search", "arguments": ARGUMENTS,
                           "raw": RAW}
    assert (reply.text, reply.finish_reason) == ("Let me look for cheap cafes near Mad Seoul.", "tool_use")
    assert sent(wire, 1)["messages"] == [
        {"role": "user", "content": ASK.content},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Let me look for cheap cafes near Mad Seoul."},
            {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "search", "input": ARGUMENTS}]},
        # The result opens the next user turn, and the user's line joins it.
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9", "content": RESULT,
             "is_error": True},
            {"type": "text", "text": THEN.content}]},
    ]


@pytest.mark.parametrize(("choice", "wire_choice"), [
    ("required", {"type": "any"}), ("none", {"type": "none"}), ("search", {"type": "tool", "name": "search"})])
def test_anthropic_tool_choice(monkeypatch: pytest.MonkeyPatch, choice: str, wire_choice: object) -> None:
    wire, _ = loop(monkeypatch, "anthropic", REQUEST.model_copy(update={"tool_choice": choice}))
    assert sent(wire, 0)["tool_choice"] == wire_choice


def test_anthropic_puts_the_results_of_one_turn_in_one_user_message() -> None:
    from lamen.agents.providers.anthropic import messages

    first, second = ChatToolCall.of("toolu_1", "search", {"limit": 1}), ChatToolCall.of("toolu_2", "rate", {})
    turns = (ASK, ChatMessage(role="assistant", content="", tool_calls=(first, second)),
             ChatMessage.tool_result(first, "one"), ChatMessage.tool_result(second, "two"))
    assert messages(turns)[1:] == [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "search", "input": {"limit": 1}},
                                          {"type": "tool_use", "id": "toolu_2", "name": "rate", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "one"},
                                     {"type": "tool_result", "tool_use_id": "toolu_2", "content": "two"}]},
    ]


# ---- Cohere v2 -------------------------------------------------------------------------------
# cohere's own parser of tool_calls touches a pydantic attribute pydantic deprecates: not lamen's.
SDK_DEPRECATION = "ignore:The `__fields__` attribute is deprecated:DeprecationWarning"


@pytest.mark.filterwarnings(SDK_DEPRECATION)
def test_cohere_sends_tools_parses_tool_calls_with_the_plan_and_replays_tool_messages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wire, reply = loop(monkeypatch, "cohere")
    first = sent(wire, 0)
    assert first["tools"] == OPENAI_TOOLS
    assert "tool_choice" not in first  # "auto" is Cohere's default and not one of its values
    assert call(reply) == {"id": "search_6jdf4hr1n2k3", "name": "search", "arguments": ARGUMENTS, "raw": RAW}
    assert (reply.text, reply.finish_reason) == ("I will search for cheap cafes near Mad Seoul.", "TOOL_CALL")
    assert sent(wire, 1)["messages"] == [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": ASK.content},
        {"role": "assistant", "tool_calls": [
            {"id": "search_6jdf4hr1n2k3", "type": "function", "function": {"name": "search", "arguments": RAW}}],
         "tool_plan": "I will search for cheap cafes near Mad Seoul."},
        {"role": "tool", "tool_call_id": "search_6jdf4hr1n2k3", "content": RESULT},
        {"role": "user", "content": THEN.content},
    ]


@pytest.mark.parametrize(("choice", "wire_choice", "offered"), [
    ("required", "REQUIRED", ["search", "rate"]), ("none", "NONE", ["search", "rate"]),
    ("rate", "REQUIRED", ["rate"])])  # Cohere cannot name a tool: only that one is offered, and required
@pytest.mark.filterwarnings(SDK_DEPRECATION)
def test_cohere_tool_choice(monkeypatch: pytest.MonkeyPatch, choice: str, wire_choice: str,
                            offered: list[str]) -> None:
    request = REQUEST.model_copy(update={"tools": (SEARCH, RATE), "tool_choice": choice})
    wire, _ = loop(monkeypatch, "cohere", request)
    assert sent(wire, 0)["tool_choice"] == wire_choice
    assert [tool["function"]["name"] for tool in sent(wire, 0)["tools"]] == offered


# ---- Gemini ----------------------------------------------------------------------------------

def test_gemini_sends_function_declarations_parses_function_calls_and_replays_function_responses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wire, reply = loop(monkeypatch, "google")
    first = sent(wire, 0)
    # The SDK writes this one field by its proto name; the API's JSON reader takes either spelling.
    assert first["tools"] == [{"functionDeclarations": [
        {"description": "Search the city's sites.", "name": "search", "parameters_json_schema": PARAMETERS}]}]
    assert first["toolConfig"] == {"functionCallingConfig": {"mode": "AUTO"}}
    made = reply.tool_calls[0].id
    assert made.startswith("lamen-call-") and len(made) == len("lamen-call-") + 16  # the API gave no id
    assert call(reply) == {"id": made, "name": "search", "arguments": ARGUMENTS, "raw": RAW,
                           "signature": "c2lnbmVkLWJ5LWdlbWluaQ=="}
    assert (reply.text, reply.finish_reason, reply.empty_reason) == ("", "STOP", None)
    assert sent(wire, 1)["contents"] == [
        {"parts": [{"text": ASK.content}], "role": "user"},
        {"parts": [{"functionCall": {"args": ARGUMENTS, "name": "search"},
                    "thoughtSignature": "c2lnbmVkLWJ5LWdlbWluaQ=="}], "role": "model"},
        {"parts": [{"functionResponse": {"name": "search", "response": {"output": RESULT}}},
                   {"text": THEN.content}], "role": "user"},
    ]


def test_gemini_replays_an_id_the_api_gave_and_reports_a_failed_call_as_an_error() -> None:
    pytest.importorskip("google.genai")
    from lamen.agents.providers.google import contents_of

    given = ChatToolCall.of("fc-7", "search", {"limit": 2})
    turns = (ChatMessage(role="assistant", content="Looking.", tool_calls=(given,)),
             ChatMessage.tool_result(given, "no site matches", error=True))
    dumped = [content.model_dump(mode="json", exclude_none=True) for content in contents_of(turns)]
    assert dumped == [
        {"role": "model", "parts": [{"text": "Looking."},
                                    {"function_call": {"id": "fc-7", "name": "search", "args": {"limit": 2}}}]},
        {"role": "user", "parts": [{"function_response": {"id": "fc-7", "name": "search",
                                                          "response": {"error": "no site matches"}}}]},
    ]


@pytest.mark.parametrize(("choice", "config"), [
    ("required", {"mode": "ANY"}), ("none", {"mode": "NONE"}),
    ("search", {"mode": "ANY", "allowedFunctionNames": ["search"]})])
def test_gemini_tool_choice(monkeypatch: pytest.MonkeyPatch, choice: str, config: dict[str, Any]) -> None:
    wire, _ = loop(monkeypatch, "google", REQUEST.model_copy(update={"tool_choice": choice}))
    assert sent(wire, 0)["toolConfig"] == {"functionCallingConfig": config}


# ---- the chat types --------------------------------------------------------------------------

def test_a_request_without_tools_serialises_exactly_as_before_tools() -> None:
    request = ChatRequest(system="s", messages=(ChatMessage(role="user", content="hi"),
                                                ChatMessage(role="assistant", content="yo")), seed=7)
    # The text lamen wrote before tools existed (the store and the response cache key rest on it).
    assert request.model_dump_json() == (
        '{"system":"s","messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"yo"}],'
        '"temperature":0.0,"max_tokens":null,"top_p":null,"seed":7,"stop":[],"response_schema":null,'
        '"purpose":"message","meta":{}}')
    assert ChatReply(text="a").model_dump_json() == (
        '{"text":"a","usage":{"input_tokens":0,"output_tokens":0,"cached_tokens":0},"latency_s":0.0,'
        '"finish_reason":null,"model":"","cost_usd":0.0,"from_cache":false,"empty_reason":null}')


def test_a_tool_loop_round_trips_through_json_and_keys_the_cache_apart() -> None:
    spec = AgentSpec.model_validate("openai:gpt-4o")
    reply = ChatReply(text="", tool_calls=(ChatToolCall.parsed("c1", "search", RAW),))
    loop_request = REQUEST.model_copy(update={"messages": (
        ASK, reply.as_message(), ChatMessage.tool_result(reply.tool_calls[0], RESULT))})
    for value in (loop_request, reply):
        assert type(value).model_validate_json(value.model_dump_json()) == value
    plain = ChatRequest(system=SYSTEM, messages=(ASK,))
    assert cache_key(spec, plain) != cache_key(spec, REQUEST)
    assert cache_key(spec, REQUEST) != cache_key(spec, REQUEST.model_copy(update={"tool_choice": "required"}))


def test_the_store_rebuilds_a_tool_request_byte_for_byte() -> None:
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, sha256 BLOB NOT NULL UNIQUE, body, lines TEXT)")
    reply = ChatReply(text="", tool_calls=(ChatToolCall.parsed("c1", "search", RAW),))
    request = REQUEST.model_copy(update={"messages": (
        ASK, reply.as_message(), ChatMessage.tool_result(reply.tool_calls[0], RESULT, error=True))})
    text = request.model_dump_json()
    parts = TextWriter(connection).request_json(text)
    assert TextReader(connection).request_json(*parts) == text


def test_tool_calls_with_unreadable_arguments_say_why() -> None:
    assert ChatToolCall.parsed("c", "search", "").arguments == {}
    broken = ChatToolCall.parsed("c", "search", '{"limit": 3')
    assert (broken.arguments, broken.raw) == ({}, '{"limit": 3')
    assert broken.error is not None and broken.error.startswith("arguments are not JSON: ")
    assert ChatToolCall.parsed("c", "search", "[1, 2]").error == "arguments are a JSON list, not an object"


@pytest.mark.parametrize(("build", "message"), [
    (lambda: ChatTool(name="find sites"), "tool name 'find sites' must be"),
    (lambda: ChatTool(name="search", parameters={"type": "string"}), "parameters must be a JSON schema of type"),
    (lambda: ChatRequest(system="", messages=(), tools=(SEARCH, SEARCH)), "a name is offered twice"),
    (lambda: ChatRequest(system="", messages=(), tool_choice="auto"), "tool_choice 'auto' without tools"),
    (lambda: ChatRequest(system="", messages=(), tools=(SEARCH,), tool_choice="book"),
     "tool_choice 'book' is neither auto, required, none nor an offered tool \\(search\\)"),
    (lambda: ChatMessage(role="tool", content="x", tool_call_id="c1"), "needs the tool_call_id and tool_name"),
    (lambda: ChatMessage(role="user", content="x", tool_calls=(ChatToolCall(id="c", name="search"),)),
     "a user message cannot carry tool_calls"),
    (lambda: ChatMessage(role="assistant", content="x", tool_call_id="c1"), "cannot carry tool_call_id"),
])
def test_bad_tool_fields_are_refused_with_the_cause(build: Any, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        build()
