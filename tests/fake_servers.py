"""Fake provider APIs on 127.0.0.1, for tests that run the real SDKs over real HTTP: one threaded
stdlib server answers Anthropic Messages, OpenAI Chat Completions, Cohere v2 Chat and Gemini
generateContent in each API's own response shape, and keeps every request it received.

The answers come from a small rental negotiator (`negotiator`): a note with the acceptable-offer
JSON, an interrogation answer, a first proposal, then agreement; a note asked for with a JSON
schema (each API's structured-output parameter) is answered with the bare schema JSON. A model
named in `echo_key` answers HTTP 400 with the caller's key in the error message, as some APIs
echo a wrong key. `refuse_schema=True` answers every request that carries a schema with the
API's own 400 for a model without structured output. An answer may be a `ToolUse` instead of text:
function calls in the API's own shape (OpenAI, Anthropic, Cohere v2, Gemini), for native tool loops.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

from lamen.spec.agent import AgentSpec

# Every reply reports this usage, so costs are golden numbers: gpt-4o-mini prices one call at
# 1000 × $0.15/M + 50 × $0.60/M = $0.00018.
INPUT_TOKENS = 1000
OUTPUT_TOKENS = 50
AUTH_HEADERS = ("authorization", "x-api-key", "x-goog-api-key")  # where the SDKs put the key
ECHO_KEY_MODEL = "echo-key"
SIGNATURE = "c2lnbmVkLWJ5LWdlbWluaQ=="  # base64 of a Gemini thought signature, replayed with its call


@dataclass(frozen=True)
class Asked:
    """What one request asked, whatever the API: the system text and the last user text."""

    provider: str
    model: str
    system: str
    last_user: str
    schema: dict[str, Any] | None = None  # the structured-output schema the request carries
    body: dict[str, Any] = field(default_factory=dict)  # the whole request, for answers that read tool turns


@dataclass(frozen=True)
class ToolUse:
    """An answer that calls functions: (call id, name, arguments) per call — arguments a dict, or
    for OpenAI and Cohere a string sent as written (malformed JSON included) — with `text` beside
    them. Gemini's calls go without the id (as the API usually sends them)."""

    calls: tuple[tuple[str, str, dict[str, Any] | str], ...]
    text: str = ""


@dataclass(frozen=True)
class Received:
    provider: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: dict[str, Any]


def negotiator(asked: Asked) -> str:
    """Both sides settle on $1000: the first mover proposes it, the other agrees, then the first."""
    if asked.schema is not None:
        return json.dumps({"rent": "$1000"})
    if "acceptable offer format" in asked.last_user:
        return 'We should settle near the middle of the range.\n```json{"rent": "$1000"}```'
    if "From the perspective of the other agent" in asked.last_user:
        return '```json{"rent": "$1000"}```'
    if "nothing has been said yet" in asked.last_user:
        return "We propose a monthly rent of $1000."
    return "A monthly rent of $1000 works for us. We agree on all issues."


def _text(content: Any) -> str:
    """Text of a message content: a string, or a list of parts with `text`."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def request_schema(provider: str, body: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON schema a request asks its answer to follow, where each API puts it."""
    if provider == "google":
        return (body.get("generationConfig") or {}).get("responseJsonSchema")
    if provider == "anthropic":
        return ((body.get("output_config") or {}).get("format") or {}).get("schema")
    response_format = body.get("response_format") or {}
    if provider == "openai":
        return (response_format.get("json_schema") or {}).get("schema")
    return response_format.get("json_schema")  # cohere


def _asked(provider: str, path: str, body: dict[str, Any]) -> Asked:
    schema = request_schema(provider, body)
    if provider == "google":
        model = path.rsplit("/models/", 1)[-1].split(":", 1)[0]
        system = _text((body.get("systemInstruction") or {}).get("parts"))
        users = [c for c in body.get("contents", []) if c.get("role") == "user"]
        return Asked(provider, model, system, _text(users[-1]["parts"]) if users else "", schema, body)
    messages = body.get("messages", [])
    system = _text(body.get("system", "")) + "".join(_text(m["content"]) for m in messages if m["role"] == "system")
    users = [m for m in messages if m["role"] == "user"]
    return Asked(provider, body.get("model", ""), system, _text(users[-1]["content"]) if users else "", schema, body)


def schema_refusal(asked: Asked) -> dict[str, Any]:
    """The API's 400 body for a model that cannot do structured output, in each API's wording."""
    if asked.provider == "anthropic":
        return {"type": "error", "error": {"type": "invalid_request_error",
                                           "message": "output_config: Extra inputs are not permitted"}}
    if asked.provider == "openai":
        return {"error": {"message": "Invalid parameter: 'response_format' of type 'json_schema' is not supported "
                                     "with this model.", "type": "invalid_request_error",
                          "param": "response_format", "code": None}}
    if asked.provider == "cohere":
        return {"id": "c14c80c3-fake-refusal",
                "message": f"invalid request: response_format is not supported with model {asked.model}"}
    return {"error": {"code": 400, "message": f"Json mode is not enabled for models/{asked.model}",
                      "status": "INVALID_ARGUMENT"}}


def _tool_reply(asked: Asked, use: ToolUse) -> dict[str, Any]:
    """The API's success body for a reply that calls functions."""
    body = _reply(asked, use.text)
    if asked.provider == "anthropic":
        body["content"] = ([{"type": "text", "text": use.text}] if use.text else []) + [
            {"type": "tool_use", "id": id, "name": name, "input": args} for id, name, args in use.calls]
        body["stop_reason"] = "tool_use"
        return body
    if asked.provider == "openai":
        choice = body["choices"][0]
        choice["message"]["content"] = use.text or None
        choice["message"]["tool_calls"] = [
            {"id": id, "type": "function",
             "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
            for id, name, args in use.calls]
        choice["finish_reason"] = "tool_calls"
        return body
    if asked.provider == "cohere":
        message = body["message"]
        if use.text:
            message["tool_plan"] = use.text
        del message["content"]  # a v2 tool-call reply carries its words as the plan, not as content
        message["tool_calls"] = [
            {"id": id, "type": "function",
             "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
            for id, name, args in use.calls]
        body["finish_reason"] = "TOOL_CALL"
        return body
    # Gemini: calls usually come without an id (lamen makes one and pairs results by name), so the
    # fake sends none; the call id is unused. A thought signature goes with the first call, as Gemini 3's.
    candidate = body["candidates"][0]
    candidate["content"]["parts"] = ([{"text": use.text}] if use.text else []) + [
        {"functionCall": {"name": name, "args": args}, **({"thoughtSignature": SIGNATURE} if not index else {})}
        for index, (_, name, args) in enumerate(use.calls)]
    return body


def _reply(asked: Asked, text: str) -> dict[str, Any]:
    """The API's success body carrying `text`."""
    if asked.provider == "anthropic":
        return {"id": "msg_01FakeLamen", "type": "message", "role": "assistant", "model": asked.model,
                "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": INPUT_TOKENS, "cache_creation_input_tokens": 0,
                          "cache_read_input_tokens": 0, "output_tokens": OUTPUT_TOKENS}}
    if asked.provider == "openai":
        return {"id": "chatcmpl-FakeLamen", "object": "chat.completion", "created": 1741569952, "model": asked.model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text, "refusal": None},
                             "logprobs": None, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": INPUT_TOKENS, "completion_tokens": OUTPUT_TOKENS,
                          "total_tokens": INPUT_TOKENS + OUTPUT_TOKENS,
                          "prompt_tokens_details": {"cached_tokens": 0}}}
    if asked.provider == "cohere":
        return {"id": "c14c80c3-fake-lamen", "finish_reason": "COMPLETE",
                "message": {"role": "assistant", "content": [{"type": "text", "text": text}]},
                "usage": {"billed_units": {"input_tokens": INPUT_TOKENS, "output_tokens": OUTPUT_TOKENS},
                          "tokens": {"input_tokens": INPUT_TOKENS + 200, "output_tokens": OUTPUT_TOKENS}}}
    return {"candidates": [{"content": {"parts": [{"text": text}], "role": "model"}, "finishReason": "STOP",
                            "index": 0}],
            "usageMetadata": {"promptTokenCount": INPUT_TOKENS, "candidatesTokenCount": OUTPUT_TOKENS,
                              "totalTokenCount": INPUT_TOKENS + OUTPUT_TOKENS},
            "modelVersion": asked.model, "responseId": "fake-lamen"}


def _provider(path: str) -> str | None:
    if path.endswith("/v1/messages"):
        return "anthropic"
    if path.endswith("/chat/completions"):
        return "openai"
    if path.endswith("/v2/chat"):
        return "cohere"
    if path.endswith(":generateContent"):
        return "google"
    return None


class FakeProviders:
    """`with FakeProviders() as fake:` serves on 127.0.0.1 until the block ends;
    `fake.base_url(provider)` is what an AgentSpec's `base_url` should be."""

    def __init__(self, answer: Callable[[Asked], str | ToolUse] = negotiator, *, refuse_schema: bool = False) -> None:
        self.answer = answer
        self.refuse_schema = refuse_schema
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    def base_url(self, provider: str) -> str:
        root = f"http://127.0.0.1:{self.port}/{provider}"
        return root + "/v1" if provider == "openai" else root

    def spec(self, agent: str, **fields: Any) -> dict[str, Any]:
        """An agent entry of a tournament spec (`provider:model`) pointed at this server."""
        return {"agent": agent, "base_url": self.base_url(agent.split(":", 1)[0]), **fields}

    def agent_spec(self, agent: str, **fields: Any) -> AgentSpec:
        return AgentSpec.model_validate(self.spec(agent, **fields))

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join(timeout=10)
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms stalls

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                provider = _provider(self.path.split("?", 1)[0])
                if provider is None:
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                body = json.loads(raw or b"{}")
                headers = {name.lower(): value for name, value in self.headers.items()}
                with fake._lock:
                    fake.received.append(Received(provider, self.path, headers, body))
                asked = _asked(provider, self.path.split("?", 1)[0], body)
                if asked.model == ECHO_KEY_MODEL:
                    key = next((headers[name] for name in AUTH_HEADERS if name in headers), "")
                    key = key.removeprefix("Bearer ")
                    self._send(400, {"error": {"message": f"Incorrect API key provided: {key}",
                                               "type": "invalid_request_error"}})
                    return
                if fake.refuse_schema and asked.schema is not None:
                    self._send(400, schema_refusal(asked))
                    return
                answer = fake.answer(asked)
                self._send(200, _tool_reply(asked, answer) if isinstance(answer, ToolUse) else _reply(asked, answer))

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # the test output stays quiet

        return Handler
