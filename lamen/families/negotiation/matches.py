"""A scheduled negotiation match in core terms: its instance, who sits where, who opens — and
the match id and seed today's schedule derives, from those values alone.

The id is the digest of the same canonical form as `lamen.schedule.Match.canonical` (full game,
protocol and agent specs, start order, repetition, tournament seed, mirror), so matches played
through the core keep their ids, resume points and response-cache keys. Used by the equivalence
tests today and by the runner when it moves onto the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from lamen.core.play import EpisodeRecord, SeatSampling, play
from lamen.core.players import PolicyAgent
from lamen.core.types import RoleId
from lamen.families.negotiation.instances import ROLES, NegotiationInstance, side_of
from lamen.families.negotiation.players import CODEC, BotPolicy
from lamen.schedule import Match, digest
from lamen.spec.agent import AgentSpec


@dataclass(frozen=True)
class CoreMatch:
    stage: str
    instance: NegotiationInstance
    agents: tuple[AgentSpec, AgentSpec]  # side-a, side-b
    first: RoleId
    repetition: int
    tournament_seed: int
    mirror: int = 0

    @classmethod
    def of(cls, match: Match) -> "CoreMatch":
        instance = NegotiationInstance.of(match.game, match.protocol, (match.agent_a.persona, match.agent_b.persona))
        return cls(match.stage, instance, (match.agent_a, match.agent_b), ROLES[match.starts], match.repetition,
                   match.tournament_seed, match.mirror)

    @cached_property
    def canonical(self) -> dict[str, Any]:
        return {"stage": self.stage, "game": self.instance.game.model_dump(mode="json"),
                "protocol": self.instance.protocol.model_dump(mode="json"),
                "agents": [agent.identity() for agent in self.agents], "starts": side_of(self.first),
                "repetition": self.repetition, "tournament_seed": self.tournament_seed, "mirror": self.mirror}

    @cached_property
    def id(self) -> str:
        return digest(self.canonical)[:20]

    @cached_property
    def seed(self) -> int:
        return int(digest({"seed": self.canonical})[:12], 16)

    def sampling(self, role: RoleId) -> SeatSampling:
        """The runner's rule: without a seed of its own an agent samples with the match's seed."""
        spec = self.agents[side_of(role)].sampling
        seed = spec.seed if spec.seed is not None else self.seed % 2**31
        return SeatSampling(temperature=spec.temperature, max_tokens=spec.max_tokens, top_p=spec.top_p, seed=seed,
                            stop=spec.stop)

    def bot_seats(self) -> dict[RoleId, PolicyAgent]:
        """Scripted negotiators on both sides, seeded as the runner seeds them (by the match)."""
        seats = {}
        for role, spec in zip(ROLES, self.agents):
            if spec.provider != "bot":
                raise ValueError(f"{spec.id} is not a scripted negotiator")
            seats[role] = PolicyAgent(spec.id, BotPolicy(spec, self.instance.game, side_of(role), self.seed), CODEC)
        return seats


async def play_bots(match: CoreMatch) -> EpisodeRecord:
    from lamen.families.negotiation import FAMILY

    return await play(FAMILY, match.instance, match.bot_seats(), first=match.first,
                      sampling={role: match.sampling(role) for role in ROLES})
