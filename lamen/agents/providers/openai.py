"""GPT models through OpenAI's Chat Completions API (`openai.AsyncOpenAI`), and any
OpenAI-compatible server (vLLM, llama.cpp, Ollama, hosted gateways) named by `base_url`.

OpenAI caches long prompt prefixes by itself; the cached tokens are read from the usage. A
`response_schema` becomes `response_format` json_schema in strict mode, so a schema must follow
OpenAI's strict subset (every property required, `additionalProperties: false`).

Tools are function `tools` with `tool_choice`; the model's `tool_calls` carry their arguments as
JSON text, replayed as written; a tool result is a `tool` message naming its call id.
"""

from __future__ import annotations

import json
import time
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.chat import ChatMessage, ChatToolCall
from lamen.providers import CATALOGUE
from lamen.agents.providers import common
from lamen.spec.agent import AgentSpec

KEY_VARIABLES = CATALOGUE["openai"].key_env
NO_KEY = "not-needed"  # local servers ignore the key, but the SDK insists on one
FILTERED = "content_filter"
CREATE_OPTIONS: Any = {"security": {"bearer_auth": True}}  # the request options `chat.completions.create` sends


class OpenAIAgent(common.ProviderAgent):
    """With `base_url`, the key comes from `params.api_key_env` if given (which must then be set),
    else OPENAI_API_KEY if set, else a placeholder for servers that need none."""

    provider = "openai"

    def __init__(self, spec: AgentSpec, *, http_client: Any = None) -> None:
        """`http_client`: an `httpx2.AsyncClient`, or an `httpx.AsyncClient` for SDK versions built on httpx."""
        params = common.provider_params(spec, known=("api_key_env",))
        self._spec = spec
        self._key_variables = (params["api_key_env"],) if params.get("api_key_env") else KEY_VARIABLES
        if spec.base_url and not params.get("api_key_env"):
            try:
                self._key = common.api_key(spec.id, self._key_variables)
            except AgentError:
                self._key = NO_KEY
        else:
            self._key = common.api_key(spec.id, self._key_variables)
        common.check_prices()
        # OpenAI's own API takes max_completion_tokens (its reasoning models refuse max_tokens);
        # compatible servers know max_tokens.
        self._max_tokens_field = "max_tokens" if spec.base_url else "max_completion_tokens"
        client_args: dict[str, Any] = {"base_url": spec.base_url} if spec.base_url else {}
        self._clients = common.Clients(lambda: openai.AsyncOpenAI(
            api_key=self._key, max_retries=0, timeout=params["timeout_s"], http_client=http_client, **client_args,
        ), injected=http_client is not None,
            close=lambda client: client.close())

    def request_body(self, request: ChatRequest) -> dict[str, Any]:
        """Keyword arguments of `chat.completions.create` for this request."""
        body: dict[str, Any] = {
            "model": self._spec.model,
            "messages": messages(request),
            "temperature": request.temperature,
            self._max_tokens_field: request.max_tokens or common.DEFAULT_MAX_TOKENS,
        }
        body.update(common.sampling_options(request, stop="stop"))
        if request.response_schema is not None:
            body["response_format"] = {"type": "json_schema", "json_schema": {
                "name": "response", "schema": request.response_schema, "strict": True}}
        if request.tools:
            body["tools"] = common.function_tools(request.tools)
        if request.tool_choice is not None:
            body["tool_choice"] = tool_choice(request.tool_choice)
        return body

    async def complete(self, request: ChatRequest) -> ChatReply:
        agent = self._spec.id
        start = time.monotonic()
        try:
            # `create` walks the whole body against its TypedDicts first (about a third of the driver's
            # CPU per call); the body is plain JSON already, so it is posted as `create` would post it.
            with self._clients.one() as client:
                completion = await client.post("/chat/completions", body=self.request_body(request),
                                               cast_to=ChatCompletion, options=CREATE_OPTIONS)
        except openai.APIStatusError as exc:
            raise self._status_error(exc) from None
        except openai.APIConnectionError as exc:
            raise common.transport_error(agent, exc) from None
        except json.JSONDecodeError:
            raise common.malformed(agent, "the body is not JSON") from None
        latency = time.monotonic() - start
        return self._reply(completion, latency)

    def _status_error(self, exc: openai.APIStatusError) -> AgentError:
        body = exc.body if isinstance(exc.body, dict) else {}
        if exc.status_code == 429 and body.get("code") == "insufficient_quota":
            # Retrying cannot help: the account is out of credit.
            return AgentError(f"{self._spec.id}: quota exhausted (HTTP 429): check the plan and billing of the "
                              f"key in {' or '.join(self._key_variables)}", retryable=False, status=429)
        return common.status_error(
            self._spec.id, exc.status_code, reason=common.error_reason(exc.response.text),
            headers=exc.response.headers, key_variables=self._key_variables, model=self._spec.model,
            secret=self._key,
        )

    def _reply(self, completion: object, latency: float) -> ChatReply:
        if (not isinstance(completion, ChatCompletion) or not isinstance(completion.choices, list)
                or not completion.choices or getattr(completion.choices[0], "message", None) is None):
            raise common.malformed(self._spec.id, "expected a chat.completion with choices")
        choice = completion.choices[0]
        message = choice.message
        usage = completion.usage
        details = usage.prompt_tokens_details if usage is not None else None
        tokens = Usage(
            input_tokens=(usage.prompt_tokens or 0) if usage is not None else 0,
            output_tokens=(usage.completion_tokens or 0) if usage is not None else 0,
            cached_tokens=(details.cached_tokens or 0) if details is not None else 0,
        )
        # A refusal under structured outputs arrives as message.refusal with finish_reason "stop".
        filtered = choice.finish_reason == FILTERED or bool(getattr(message, "refusal", None))
        calls = [ChatToolCall.parsed(call.id, call.function.name, call.function.arguments or "")
                 for call in message.tool_calls or () if getattr(call, "type", None) == "function"]
        return common.reply(
            provider=self.provider, spec=self._spec, text=message.content or "", model=completion.model or "",
            usage=tokens, latency_s=latency, finish_reason=choice.finish_reason, filtered=filtered, tool_calls=calls,
        )


def messages(request: ChatRequest) -> list[dict[str, Any]]:
    """The chat messages: the system text first, an assistant's calls as `tool_calls` (content
    null when it said nothing beside them), each result as a `tool` message."""
    return common.chat_messages_with_tools(request, _message)


def _message(message: ChatMessage) -> dict[str, Any]:
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.tool_calls:
        return {"role": "assistant", "content": message.content or None,
                "tool_calls": common.function_calls(message.tool_calls)}
    return {"role": message.role, "content": message.content}


def tool_choice(choice: str) -> str | dict[str, Any]:
    """"auto", "required" and "none" as they are; a tool's name as the forced function."""
    if choice in ("auto", "required", "none"):
        return choice
    return {"type": "function", "function": {"name": choice}}
