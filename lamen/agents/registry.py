"""Make the agent an AgentSpec names, for one side of one match, as its catalogue entry says."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from lamen.providers import CATALOGUE
from lamen.chat import Agent, AgentError

if TYPE_CHECKING:
    from lamen.spec.agent import AgentSpec
    from lamen.spec.game import Game


def make_agent(spec: AgentSpec, *, game: Game | None, side: int, seed: int = 0, http_client: Any = None) -> Agent:
    """Scripted negotiators learn their own payoffs from the game; everyone else reads them in
    the prompt like a language model does. A missing SDK is one fatal line naming the extra to install."""
    if spec.provider == "player":
        raise AgentError(f"{spec.id}: a game family's scripted player is seated by `lamen run`, in a tournament "
                         "of its family", retryable=False)
    provider = CATALOGUE[spec.provider]
    module_name, _, class_name = provider.agent.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if provider.extra is None or (exc.name or "").split(".")[0] == "lamen":
            raise  # a bug in lamen, not a missing SDK
        raise AgentError(f"{spec.id}: the {spec.provider} SDK is not installed ({exc.name}): "
                         f"pip install 'lamen[{provider.extra}]'", retryable=False) from None
    seat: dict[str, Any] = {"game": game, "side": side, "seed": seed, "http_client": http_client}
    made = getattr(module, class_name)
    needs = {need: seat[need] for need in provider.needs}
    if len(spec.endpoints) > 1:
        from lamen.agents.pool import EndpointPool, pool_cooldown

        return EndpointPool(spec, [(url, made(spec.at(url), **needs)) for url in spec.endpoints],
                            cooldown_s=pool_cooldown(spec))
    agent: Agent = made(spec, **needs)
    return agent
