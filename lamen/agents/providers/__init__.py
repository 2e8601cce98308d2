"""The real model providers behind the one agent surface: Anthropic, OpenAI (and compatible
servers), Cohere and Google, each through its own SDK with the SDK's retries off (lamen retries)."""

from __future__ import annotations

import importlib
from typing import Any

from lamen.agents.base import Agent, AgentError
from lamen.spec.agent import AgentSpec

# provider -> (module in this package, class, the extra that installs its SDK)
_PROVIDERS: dict[str, tuple[str, str, str]] = {
    "anthropic": ("anthropic", "AnthropicAgent", "anthropic"),
    "openai": ("openai", "OpenAIAgent", "openai"),
    "cohere": ("cohere", "CohereAgent", "cohere"),
    "google": ("google", "GoogleAgent", "google"),
}
LLM_PROVIDERS = tuple(_PROVIDERS)

# provider -> the environment variables its API key is read from (the first one set wins)
PROVIDER_ENV_VARS: dict[str, tuple[str, ...]] = {
    "anthropic": ("ANTHROPIC_API_KEY",),
    "openai": ("OPENAI_API_KEY",),
    "cohere": ("CO_API_KEY",),
    "google": ("GOOGLE_API_KEY", "GEMINI_API_KEY"),  # the google SDK's own order when both are set
}


def make_provider_agent(spec: AgentSpec, *, http_client: Any = None) -> Agent:
    """The agent for an LLM provider's AgentSpec. A missing SDK, a missing key, unknown params or a
    bad prices file raise before any call: AgentError (fatal) or, for the prices file, SpecError.

    `http_client` replaces the SDK's HTTP client (tests inject one with a mock transport): an
    `httpx2.AsyncClient` for anthropic, openai and google (google also takes an
    `httpx.AsyncClient`), an `httpx.AsyncClient` for cohere.
    """
    if spec.provider not in _PROVIDERS:
        raise AgentError(f"{spec.id}: provider '{spec.provider}' is not an LLM provider "
                         f"(these are: {', '.join(LLM_PROVIDERS)})", retryable=False)
    module_name, class_name, extra = _PROVIDERS[spec.provider]
    try:
        module = importlib.import_module(f"{__name__}.{module_name}")
    except ModuleNotFoundError as exc:
        raise AgentError(f"{spec.id}: the {spec.provider} SDK is not installed ({exc.name}): "
                         f"pip install 'lamen[{extra}]'", retryable=False) from None
    agent: Agent = getattr(module, class_name)(spec, http_client=http_client)
    return agent
