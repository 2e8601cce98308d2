"""Make the agent an AgentSpec names, for one side of one match."""

from __future__ import annotations

from lamen.agents.base import Agent, AgentError
from lamen.spec.agent import AgentSpec
from lamen.spec.game import Game


def make_agent(spec: AgentSpec, *, game: Game, side: int, seed: int = 0) -> Agent:
    """Scripted negotiators learn their own payoffs from the game; everyone else reads them in
    the prompt like a language model does."""
    if spec.provider == "bot":
        from lamen.agents.bots import ScriptedNegotiator

        return ScriptedNegotiator(spec, game, side, seed)
    if spec.provider == "local":
        from lamen.agents.local import LocalModel

        return LocalModel(spec)
    if spec.provider == "mock":
        from lamen.agents.mock import MockAgent

        return MockAgent(spec, seed)
    if spec.provider == "human":
        from lamen.agents.human import HumanSeat

        return HumanSeat(spec)
    try:
        from lamen.agents.providers import make_provider_agent
    except ImportError as exc:
        raise AgentError(f"{spec.id}: provider support is not available ({exc})", retryable=False) from None
    return make_provider_agent(spec)
