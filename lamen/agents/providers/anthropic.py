"""Claude through Anthropic's Messages API (`anthropic.AsyncAnthropic`).

The system text goes in the `system` parameter as one block marked for prompt caching: it is the
stable prefix of every request of an agent in a match. The API has no seed, so `seed` is not
sent. A `response_schema` becomes structured output, `output_config={"format": {"type":
"json_schema", "schema": ...}}`; models without structured outputs answer it with a 400 naming
`output_config`, on which the play loop falls back to a free-text note.

Tools are `tools` with an `input_schema` and a `tool_choice` ("required" is Anthropic's "any");
the model's calls are `tool_use` blocks of its reply, replayed as such; results go back as
`tool_result` blocks of the next user turn, several results of one turn in one message.
"""

from __future__ import annotations

import json
import time
from typing import Any

import anthropic
from anthropic.types import Message

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.chat import ChatMessage, ChatToolCall
from lamen.providers import CATALOGUE
from lamen.agents.providers import common
from lamen.spec.agent import AgentSpec

KEY_VARIABLES = CATALOGUE["anthropic"].key_env
REFUSED = "refusal"  # stop_reason when Claude declines for safety reasons


class AnthropicAgent(common.ProviderAgent):
    """`params.sampling_params: false` leaves temperature and top_p out of the request, for the
    newer models whose API rejects them ("`temperature` is deprecated for this model")."""

    provider = "anthropic"

    def __init__(self, spec: AgentSpec, *, http_client: Any = None) -> None:
        """`http_client`: an `httpx2.AsyncClient`, or an `httpx.AsyncClient` for SDK versions built on httpx."""
        params = common.provider_params(spec, known=("sampling_params",))
        self._spec = spec
        self._send_sampling = params.get("sampling_params", True)
        if not isinstance(self._send_sampling, bool):
            raise AgentError(f"{spec.id}: params.sampling_params must be true or false, got {self._send_sampling!r}",
                             retryable=False)
        self._key = common.api_key(spec.id, KEY_VARIABLES)
        common.check_prices()
        self._clients = common.Clients(lambda: anthropic.AsyncAnthropic(
            api_key=self._key, base_url=spec.base_url, max_retries=0, timeout=params["timeout_s"],
            http_client=http_client,
        ), injected=http_client is not None,
            close=lambda client: client.close())

    def request_body(self, request: ChatRequest) -> dict[str, Any]:
        """Keyword arguments of `messages.create` for this request."""
        body: dict[str, Any] = {
            "model": self._spec.model,
            "max_tokens": request.max_tokens or common.DEFAULT_MAX_TOKENS,
            "messages": messages(request.messages),
        }
        if request.system:
            body["system"] = [{"type": "text", "text": request.system, "cache_control": {"type": "ephemeral"}}]
        if request.stop:
            body["stop_sequences"] = list(request.stop)
        if request.response_schema is not None:
            body["output_config"] = {"format": {"type": "json_schema", "schema": request.response_schema}}
        if request.tools:
            body["tools"] = [{"name": tool.name, **({"description": tool.description} if tool.description else {}),
                              "input_schema": tool.parameters} for tool in request.tools]
        if request.tool_choice is not None:
            body["tool_choice"] = tool_choice(request.tool_choice)
        # anthropic >= 1.0 dropped the sampling keywords; the API still takes them for the models
        # that support sampling, so they go in the body as they are.
        sampling: dict[str, float] = {}
        if self._send_sampling:
            sampling["temperature"] = request.temperature
            if request.top_p is not None:
                sampling["top_p"] = request.top_p
        if sampling:
            body["extra_body"] = sampling
        return body

    async def complete(self, request: ChatRequest) -> ChatReply:
        agent = self._spec.id
        start = time.monotonic()
        try:
            with self._clients.one() as client:
                message = await client.messages.create(**self.request_body(request))
        except anthropic.APIStatusError as exc:
            raise self._status_error(exc) from None
        except anthropic.APIConnectionError as exc:
            raise common.transport_error(agent, exc) from None
        except json.JSONDecodeError:
            raise common.malformed(agent, "the body is not JSON") from None
        latency = time.monotonic() - start
        return self._reply(message, latency)

    def _status_error(self, exc: anthropic.APIStatusError) -> AgentError:
        reason = common.error_reason(exc.response.text)
        if exc.status_code == 400 and "deprecated" in reason and self._send_sampling:
            reason += " (set params.sampling_params: false for this agent)"
        return common.status_error(
            self._spec.id, exc.status_code, reason=reason, headers=exc.response.headers,
            key_variables=KEY_VARIABLES, model=self._spec.model, secret=self._key,
        )

    def _reply(self, message: object, latency: float) -> ChatReply:
        if not isinstance(message, Message) or not isinstance(message.content, list) or message.usage is None:
            raise common.malformed(self._spec.id, "expected a Message with content and usage")
        usage = message.usage
        if not isinstance(usage.input_tokens, int) or not isinstance(usage.output_tokens, int):
            raise common.malformed(self._spec.id, "usage has no input_tokens / output_tokens")
        text = "".join(block.text for block in message.content
                       if getattr(block, "type", None) == "text" and isinstance(getattr(block, "text", None), str))
        calls = [ChatToolCall.of(block.id, block.name, block.input if isinstance(block.input, dict) else {})
                 for block in message.content if getattr(block, "type", None) == "tool_use"]
        cache_read = usage.cache_read_input_tokens or 0
        cache_write = usage.cache_creation_input_tokens or 0
        # Anthropic's input_tokens excludes cache reads and writes; lamen's counts every input token.
        total = Usage(input_tokens=usage.input_tokens + cache_read + cache_write,
                      output_tokens=usage.output_tokens, cached_tokens=cache_read)
        return common.reply(
            provider=self.provider, spec=self._spec, text=text, model=message.model or "", usage=total,
            latency_s=latency, finish_reason=message.stop_reason, filtered=message.stop_reason == REFUSED,
            cache_write_tokens=cache_write, tool_calls=calls,
        )


def messages(turns: tuple[ChatMessage, ...]) -> list[dict[str, Any]]:
    """The turns as Messages API messages: plain turns as role + text (as they always were); an
    assistant's calls as `tool_use` blocks after its text; results as `tool_result` blocks of one
    user message, which the user's next text joins (the API wants results first in that turn)."""
    rendered: list[dict[str, Any]] = []
    results_open = False  # the last rendered message is a user turn of tool_result blocks
    for turn in turns:
        if turn.role == "tool":
            block: dict[str, Any] = {"type": "tool_result", "tool_use_id": turn.tool_call_id, "content": turn.content}
            if turn.tool_error:
                block["is_error"] = True
            if results_open:
                rendered[-1]["content"].append(block)
            else:
                rendered.append({"role": "user", "content": [block]})
                results_open = True
            continue
        if turn.role == "user" and results_open:
            rendered[-1]["content"].append({"type": "text", "text": turn.content})
        elif turn.tool_calls:
            blocks = [{"type": "text", "text": turn.content}] if turn.content else []
            blocks += [{"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments}
                       for call in turn.tool_calls]
            rendered.append({"role": "assistant", "content": blocks})
        else:
            rendered.append({"role": turn.role, "content": turn.content})
        results_open = False
    return rendered


def tool_choice(choice: str) -> dict[str, Any]:
    """lamen's tool choice as Anthropic's: auto, any (some call), none, or one named tool."""
    if choice in ("auto", "none"):
        return {"type": choice}
    if choice == "required":
        return {"type": "any"}
    return {"type": "tool", "name": choice}
