"""Gemini through the Gemini API (`google.genai.Client(...).aio`).

The system text is the `system_instruction`; Gemini caches on its own and reports
`cached_content_token_count`. A `response_schema` is sent as `response_json_schema` (plain JSON
Schema; the older `response_schema` field rejects keywords such as `additionalProperties`).
Thinking tokens are billed as output, so they count as output tokens.

Tools are function declarations (`parameters_json_schema`, plain JSON Schema) with a function
calling mode ("required" is ANY; a named tool is ANY restricted to it). The model's calls are
`function_call` parts; the Gemini API often gives them no id, so lamen makes one (`lamen-call-`,
never sent back) and pairs results by name. A call's thought signature is kept and replayed with
it, as Gemini 3 requires; each result goes back as a `function_response` part ({"output": text},
or {"error": text} for a failed call), the results of one turn in one user content.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from typing import Any

from google import genai
from google.genai import errors, types

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.chat import ChatMessage, ChatToolCall
from lamen.providers import CATALOGUE
from lamen.agents.providers import common
from lamen.spec.agent import AgentSpec

KEY_VARIABLES = CATALOGUE["google"].key_env
MADE_ID = "lamen-call-"  # the prefix of the call ids lamen makes for calls the API gave none
MODES = {"auto": "AUTO", "required": "ANY", "none": "NONE"}
# Finish reasons that mean the answer was withheld by a safety or policy filter. A blocked prompt
# (prompt_feedback.block_reason, no candidate) is filtered whatever its reason.
FILTERED = frozenset({"SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY",
                      "IMAGE_PROHIBITED_CONTENT", "MODEL_ARMOR"})
_UNPARSABLE: tuple[type[Exception], ...] = (json.JSONDecodeError,) + tuple(
    cls for cls in (getattr(errors, "UnknownApiResponseError", None),) if isinstance(cls, type))

try:  # without an injected httpx client the SDK uses aiohttp when that is installed
    import aiohttp
    _TRANSPORT_ERRORS: tuple[type[Exception], ...] = common.TRANSPORT_ERRORS + (aiohttp.ClientError,)
except ImportError:
    _TRANSPORT_ERRORS = common.TRANSPORT_ERRORS


class GoogleAgent(common.ProviderAgent):
    provider = "google"

    def __init__(self, spec: AgentSpec, *, http_client: Any = None) -> None:
        """`http_client`: an `httpx2.AsyncClient` or an `httpx.AsyncClient`."""
        params = common.provider_params(spec, known=())
        self._spec = spec
        self._key = common.api_key(spec.id, KEY_VARIABLES)
        common.check_prices()
        options = types.HttpOptions(
            timeout=int(params["timeout_s"] * 1000),  # milliseconds
            retry_options=types.HttpRetryOptions(attempts=1),  # one attempt: lamen's runner retries
            base_url=spec.base_url,
            httpx_async_client=http_client,
        )
        # vertexai=False: a GOOGLE_GENAI_USE_VERTEXAI in the environment must not switch the backend.
        self._clients = common.Clients(
            lambda: genai.Client(api_key=self._key, vertexai=False, http_options=options).aio,
            injected=http_client is not None,
            close=lambda client: client.aclose())

    def request_body(self, request: ChatRequest) -> dict[str, Any]:
        """Keyword arguments of `models.generate_content` for this request."""
        config: dict[str, Any] = {
            "temperature": request.temperature,
            "max_output_tokens": request.max_tokens or common.DEFAULT_MAX_TOKENS,
        }
        if request.system:
            config["system_instruction"] = request.system
        config.update(common.sampling_options(request))
        if request.response_schema is not None:
            config["response_mime_type"] = "application/json"
            config["response_json_schema"] = request.response_schema
        if request.tools:
            config["tools"] = [types.Tool(function_declarations=[
                types.FunctionDeclaration(name=tool.name, description=tool.description or None,
                                          parameters_json_schema=tool.parameters)
                for tool in request.tools])]
        if request.tool_choice is not None:
            named = request.tool_choice not in MODES
            config["tool_config"] = types.ToolConfig(function_calling_config=types.FunctionCallingConfig(
                mode="ANY" if named else MODES[request.tool_choice],
                allowed_function_names=[request.tool_choice] if named else None))
        contents = contents_of(request.messages)
        return {"model": self._spec.model, "contents": contents, "config": types.GenerateContentConfig(**config)}

    async def complete(self, request: ChatRequest) -> ChatReply:
        agent = self._spec.id
        body = self.request_body(request)
        start = time.monotonic()
        try:
            with self._clients.one() as client:
                response = await client.models.generate_content(**body)
        except errors.APIError as exc:
            raise self._status_error(exc) from None
        except _TRANSPORT_ERRORS as exc:
            raise common.transport_error(agent, exc) from None
        except _UNPARSABLE:
            raise common.malformed(agent, "the body is not JSON") from None
        latency = time.monotonic() - start
        return self._reply(response, latency)

    def _status_error(self, exc: errors.APIError) -> AgentError:
        status = exc.code
        # The Gemini API answers a wrong key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID.
        if status == 400 and "API_KEY_INVALID" in json.dumps(exc.details, default=str):
            status = 401
        headers = getattr(exc.response, "headers", None)
        error = common.status_error(
            self._spec.id, status, reason=exc.message or "", headers=headers, key_variables=KEY_VARIABLES,
            model=self._spec.model, secret=self._key,
        )
        if error.retryable and error.retry_after is None:
            error.retry_after = _retry_delay(exc.details)
        return error

    def _reply(self, response: object, latency: float) -> ChatReply:
        if (not isinstance(response, types.GenerateContentResponse)
                or (response.candidates is None and response.prompt_feedback is None)):
            raise common.malformed(self._spec.id, "expected a response with candidates or prompt feedback")
        meta = response.usage_metadata
        usage = Usage(
            input_tokens=(meta.prompt_token_count or 0) if meta else 0,
            output_tokens=((meta.candidates_token_count or 0) + (meta.thoughts_token_count or 0)) if meta else 0,
            cached_tokens=(meta.cached_content_token_count or 0) if meta else 0,
        )
        model = response.model_version or ""
        blocked = response.prompt_feedback.block_reason if response.prompt_feedback else None
        if not response.candidates:
            # The prompt itself was blocked: no candidate, the reason is in the prompt feedback.
            reason = _name(blocked)
            return common.reply(provider=self.provider, spec=self._spec, text="", model=model, usage=usage,
                                latency_s=latency, finish_reason=reason, filtered=reason is not None)
        candidate = response.candidates[0]
        parts = candidate.content.parts if candidate.content and candidate.content.parts else []
        text = "".join(part.text for part in parts if isinstance(part.text, str) and not part.thought)
        calls = [_call(part, index, response.response_id or "")
                 for index, part in enumerate(parts) if part.function_call is not None]
        reason = _name(candidate.finish_reason)
        return common.reply(provider=self.provider, spec=self._spec, text=text, model=model, usage=usage,
                            latency_s=latency, finish_reason=reason, filtered=reason in FILTERED, tool_calls=calls)


def _call(part: types.Part, index: int, response_id: str) -> ChatToolCall:
    """A function_call part as a ChatToolCall; a call without an id gets one made from the
    response id, its place and its content, so ids differ between turns and runs repeat them."""
    call = part.function_call
    assert call is not None
    name, args = call.name or "", dict(call.args or {})
    call_id = call.id or MADE_ID + hashlib.sha256(
        json.dumps([response_id, index, name, args], sort_keys=True, default=str).encode()).hexdigest()[:16]
    signature = base64.b64encode(part.thought_signature).decode("ascii") if part.thought_signature else ""
    return ChatToolCall.of(call_id, name, args, signature=signature)


def contents_of(turns: tuple[ChatMessage, ...]) -> list[types.Content]:
    """The turns as contents: plain turns as one text part (as they always were); an assistant's
    calls as `function_call` parts after its text; consecutive results as the `function_response`
    parts of one user content, which the user's next text joins."""
    contents: list[types.Content] = []
    results_open = False
    for turn in turns:
        if turn.role == "tool":
            answer = {"error" if turn.tool_error else "output": turn.content}
            part = types.Part(function_response=types.FunctionResponse(
                id=None if turn.tool_call_id.startswith(MADE_ID) else turn.tool_call_id,
                name=turn.tool_name, response=answer))
            if results_open and contents[-1].parts is not None:
                contents[-1].parts.append(part)
            else:
                contents.append(types.Content(role="user", parts=[part]))
                results_open = True
            continue
        if turn.role == "user" and results_open and contents[-1].parts is not None:
            contents[-1].parts.append(types.Part(text=turn.content))  # the user's turn goes on after its results
            results_open = False
            continue
        results_open = False
        if turn.tool_calls:
            parts = [types.Part(text=turn.content)] if turn.content else []
            parts += [types.Part(
                function_call=types.FunctionCall(id=None if call.id.startswith(MADE_ID) else call.id,
                                                 name=call.name, args=call.arguments),
                thought_signature=base64.b64decode(call.signature) if call.signature else None)
                for call in turn.tool_calls]
            contents.append(types.Content(role="model", parts=parts))
        else:
            contents.append(types.Content(role="model" if turn.role == "assistant" else "user",
                                          parts=[types.Part(text=turn.content)]))
    return contents


def _name(value: object) -> str | None:
    """An enum's wire name ("SAFETY"), or the raw string the SDK kept for a value it does not know."""
    if value is None:
        return None
    return str(getattr(value, "value", value))


def _retry_delay(details: object) -> float | None:
    """Seconds from a google.rpc.RetryInfo detail ({"retryDelay": "37s"}) in an error body."""
    error = details.get("error", details) if isinstance(details, dict) else None
    for item in (error.get("details") or []) if isinstance(error, dict) else []:
        if isinstance(item, dict) and str(item.get("@type", "")).endswith("RetryInfo"):
            found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)s\s*", str(item.get("retryDelay", "")))
            if found:
                return float(found.group(1))
    return None
