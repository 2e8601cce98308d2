"""The real model providers behind the one agent surface: Anthropic, OpenAI (and compatible
servers), Cohere and Google, each through its own SDK with the SDK's retries off (lamen retries).
Which they are, and their key variables, is the provider catalogue's (`lamen.providers`)."""

from __future__ import annotations

from typing import Any

from lamen.providers import CATALOGUE, LLM_PROVIDERS
from lamen.chat import Agent, AgentError
from lamen.spec.agent import AgentSpec

# provider -> the environment variables its API key is read from (the first one set wins)
PROVIDER_ENV_VARS: dict[str, tuple[str, ...]] = {name: CATALOGUE[name].key_env for name in LLM_PROVIDERS}


def make_provider_agent(spec: AgentSpec, *, http_client: Any = None) -> Agent:
    """The agent for an LLM provider's AgentSpec. A missing SDK, a missing key, unknown params or a
    bad prices file raise before any call: AgentError (fatal) or, for the prices file, SpecError.

    `http_client` replaces the SDK's HTTP client (tests inject one with a mock transport): an
    `httpx2.AsyncClient` for anthropic, openai and google (google also takes an
    `httpx.AsyncClient`), an `httpx.AsyncClient` for cohere.
    """
    from lamen.agents.registry import make_agent

    if spec.provider not in LLM_PROVIDERS:
        raise AgentError(f"{spec.id}: provider '{spec.provider}' is not an LLM provider "
                         f"(these are: {', '.join(LLM_PROVIDERS)})", retryable=False)
    return make_agent(spec, game=None, side=0, http_client=http_client)
