"""A tournament spec: who plays which games under which protocol. The tournament issue adds
limits, budget and the store; this is the part the foundation validates."""

from __future__ import annotations

from pydantic import Field, model_validator

from lamen.spec.agent import AgentSpec
from lamen.spec.base import SpecModel
from lamen.spec.problems import Problem, SpecError


class Tournament(SpecModel):
    name: str
    agents: tuple[AgentSpec, ...]
    games: tuple[str, ...] = Field(description="game names or glob patterns")
    protocol: str = "default"
    repetitions: int = Field(default=1, ge=1)
    self_play: bool = True
    cross_play: bool = True
    seed: int = 0

    @model_validator(mode="after")
    def _check(self) -> "Tournament":
        # Checked here, not with Field(min_length): pydantic would also report an empty list
        # when an agent merely failed to validate.
        ids = [agent.id for agent in self.agents]
        problems = [Problem(f"no {what} listed", f"list at least one under '{what}'", (what,))
                    for what in ("agents", "games") if not getattr(self, what)]
        problems += [Problem(f"agent id '{agent_id}' is used twice", "give each agent a distinct id",
                            ("agents", index)) for index, agent_id in enumerate(ids) if ids.index(agent_id) != index]
        if problems:
            raise SpecError(problems)
        return self
