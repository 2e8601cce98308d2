"""Command models through Cohere's v2 Chat API (`cohere.AsyncClientV2`).

The system text is the first message (role "system"); Cohere caches on its own and reports
`usage.cached_tokens`. A `response_schema` becomes `response_format` json_object with that
schema. Cohere's finish reasons have no "filtered" value, so a reply is never marked filtered.

Tools are function `tools`. Cohere's `tool_choice` is only REQUIRED or NONE (no "auto", which is
its default, and no named tool): a named choice is sent as REQUIRED with only that tool offered.
The model's calls arrive as `tool_calls` with JSON-text arguments beside a `tool_plan`, which is
the reply's text when it has no other; an assistant turn replays its text as that `tool_plan`,
and each result goes back as a `tool` message naming its call id.
"""

from __future__ import annotations

import time
from typing import Any

import cohere
from cohere.core.api_error import ApiError

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.chat import ChatMessage, ChatToolCall
from lamen.providers import CATALOGUE
from lamen.agents.providers import common
from lamen.spec.agent import AgentSpec

KEY_VARIABLES = CATALOGUE["cohere"].key_env



async def close_cohere(client: Any) -> None:
    """Cohere's client has no close of its own: close the httpx client it made (when it has one)."""
    wrapper = getattr(getattr(client, "_client_wrapper", None), "httpx_client", None)
    httpx_client = getattr(wrapper, "httpx_client", None)
    if httpx_client is not None and hasattr(httpx_client, "aclose"):
        await httpx_client.aclose()

class CohereAgent(common.ProviderAgent):
    provider = "cohere"

    def __init__(self, spec: AgentSpec, *, http_client: Any = None) -> None:
        """`http_client`: an `httpx.AsyncClient`."""
        params = common.provider_params(spec, known=())
        self._spec = spec
        self._key = common.api_key(spec.id, KEY_VARIABLES)
        common.check_prices()
        client_args: dict[str, Any] = {"base_url": spec.base_url} if spec.base_url else {}
        self._clients = common.Clients(lambda: cohere.AsyncClientV2(
            api_key=self._key, max_retries=0, timeout=params["timeout_s"], httpx_client=http_client,
            **client_args,
        ), injected=http_client is not None,
            close=close_cohere)

    def request_body(self, request: ChatRequest) -> dict[str, Any]:
        """Keyword arguments of `chat` for this request."""
        body: dict[str, Any] = {
            "model": self._spec.model,
            "messages": messages(request),
            "temperature": request.temperature,
            "max_tokens": request.max_tokens or common.DEFAULT_MAX_TOKENS,
        }
        body.update(common.sampling_options(request, top_p="p"))
        if request.response_schema is not None:
            body["response_format"] = {"type": "json_object", "json_schema": request.response_schema}
        tools, choice = request.tools, request.tool_choice
        if choice not in (None, "auto", "required", "none"):
            tools, choice = tuple(tool for tool in tools if tool.name == choice), "required"
        if tools:
            body["tools"] = common.function_tools(tools)
        if choice in ("required", "none"):
            body["tool_choice"] = choice.upper()
        return body

    async def complete(self, request: ChatRequest) -> ChatReply:
        agent = self._spec.id
        start = time.monotonic()
        try:
            with self._clients.one() as client:
                response = await client.chat(**self.request_body(request))
        except ApiError as exc:
            raise self._status_error(exc) from None
        except common.TRANSPORT_ERRORS as exc:
            raise common.transport_error(agent, exc) from None
        except TypeError:
            # cohere's parser fails this way on a JSON body that is not an object.
            raise common.malformed(agent, "the body is not a JSON object") from None
        latency = time.monotonic() - start
        return self._reply(response, latency)

    def _status_error(self, exc: ApiError) -> AgentError:
        if exc.status_code is None or exc.status_code == 200:
            # cohere reports a 200 whose body it cannot parse as an ApiError with the 200 status.
            return common.malformed(self._spec.id, "the body is not JSON")
        return common.status_error(
            self._spec.id, exc.status_code, reason=common.error_reason(exc.body), headers=exc.headers,
            key_variables=KEY_VARIABLES, model=self._spec.model, secret=self._key,
        )

    def _reply(self, response: object, latency: float) -> ChatReply:
        message = getattr(response, "message", None)
        if not isinstance(response, cohere.V2ChatResponse) or message is None or response.finish_reason is None:
            raise common.malformed(self._spec.id, "expected a chat response with message and finish_reason")
        text = "".join(item.text for item in message.content or ()
                       if getattr(item, "type", None) == "text" and isinstance(getattr(item, "text", None), str))
        calls = [ChatToolCall.parsed(call.id or f"cohere-call-{index}", call.function.name or "",
                                     call.function.arguments or "")
                 for index, call in enumerate(message.tool_calls or ()) if call.function is not None]
        if calls and not text.strip() and isinstance(message.tool_plan, str):
            text = message.tool_plan
        usage = response.usage
        # Billed units are what Cohere charges; `tokens` also counts its own prompt template.
        counted = (usage.billed_units or usage.tokens) if usage is not None else None
        tokens = Usage(
            input_tokens=int(getattr(counted, "input_tokens", None) or 0),
            output_tokens=int(getattr(counted, "output_tokens", None) or 0),
            cached_tokens=int(getattr(usage, "cached_tokens", None) or 0),
        )
        return common.reply(
            provider=self.provider, spec=self._spec, text=text, model=self._spec.model, usage=tokens,
            latency_s=latency, finish_reason=str(response.finish_reason), filtered=False, tool_calls=calls,
        )


def messages(request: ChatRequest) -> list[dict[str, Any]]:
    """The v2 chat messages: the system text first, an assistant's calls as `tool_calls` with its
    text as the `tool_plan`, each result as a `tool` message."""
    return common.chat_messages_with_tools(request, _message)


def _message(message: ChatMessage) -> dict[str, Any]:
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.tool_calls:
        turn: dict[str, Any] = {"role": "assistant", "tool_calls": common.function_calls(message.tool_calls)}
        if message.content:
            turn["tool_plan"] = message.content
        return turn
    return {"role": message.role, "content": message.content}
