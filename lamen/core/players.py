"""Scripted players as agents: a policy answers through the family's codec, so its moves are
written as text and parsed back exactly like a model's (FAMILIES.md §2.2)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from lamen.chat import AgentError, ChatReply, ChatRequest
from lamen.core.canonical import content_id
from lamen.core.codec import Codec
from lamen.core.family import Policy
from lamen.core.types import Action, ActionSpace, Observation


class PolicyAgent:
    """Implements the `Agent` surface. The play loop puts the typed observation and action space
    into `request.meta` (never sent to a provider); the policy's randomness is seeded by
    (seed, role, move number, attempt), so an episode resumed from a snapshot continues exactly."""

    observes = True  # the play loop adds the observation to the requests it sends this agent

    def __init__(self, name: str, policy: Policy, codec: Codec, seed: int = 0, noise: float = 0.0) -> None:
        if not 0 <= noise <= 1:
            raise ValueError(f"{name}: noise must be between 0 and 1")
        self._name = name
        self.policy = policy
        self.codec = codec
        self.seed = seed
        self.noise = noise  # probability of a format slip: the move written backwards, which no codec reads

    @property
    def name(self) -> str:
        return self._name

    async def complete(self, request: ChatRequest) -> ChatReply:
        obs = request.meta.get("observation")
        legal = request.meta.get("legal")
        if not isinstance(obs, Observation) or not isinstance(legal, ActionSpace):
            raise AgentError(f"{self._name}: a scripted player needs the core play loop's observation "
                             "(request.meta has none)", retryable=False)
        attempt = int(request.meta.get("attempt", 0))
        rng = random.Random(int(content_id(self.seed, obs.role, obs.step, attempt), 16))
        actions = self.policy.act(obs, legal, rng)
        text = self.codec.render(actions)
        if self.noise and rng.random() < self.noise:  # drawn after the policy, so noise=0 plays identically
            text = "~slip~ " + text[::-1]
        return ChatReply(text=text, model=self._name, finish_reason="stop")


class Mixture:
    """A scripted player that, on each move, lets one of several policies act: the main one, or
    with probability `weights[k]` the k-th alternative, drawn from the move's own dice. Pure in
    (observation, rng) like its parts, so a harvest's branches — seeded apart — take different
    moves where a model sampled at T > 0 would (a scripted stand-in for sampling)."""

    def __init__(self, main: Policy, alternatives: Sequence[tuple[Policy, float]]) -> None:
        if any(not 0 <= p <= 1 for _, p in alternatives) or sum(p for _, p in alternatives) > 1:
            raise ValueError("a mixture's probabilities must lie in [0, 1] and sum to at most 1")
        self.main = main
        self.alternatives = tuple(alternatives)

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        draw = rng.random()
        for policy, p in self.alternatives:
            if draw < p:
                return policy.act(obs, legal, rng)
            draw -= p
        return self.main.act(obs, legal, rng)
