"""A harvest spec (`lamen harvest SPEC`): which family and instances, which agent is branched,
which simulator answers it, the beam, the sampling, the turn limit and the budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from lamen.spec.agent import AgentSpec
from lamen.spec.base import SpecModel
from lamen.spec.problems import Problem, SpecError
from lamen.spec.tournament import Instances, Limits


class HarvestSpec(SpecModel):
    name: str
    family: str = Field(description="a game family whose rules emit reward events (lamen games list)")
    instances: Instances
    agent: AgentSpec = Field(description="the agent whose turns are branched, e.g. openai:gpt-4o-mini")
    simulator: AgentSpec = Field(description="who plays every other role, e.g. player:customer or a model")
    agent_role: str | None = Field(default=None, description="the branched role; default: the family's contestant")
    beam: int = Field(default=8, ge=1, le=1024, description="live leaves at most (JOSH: 8)")
    branching: int = Field(default=2, ge=1, le=64, description="children per leaf while the beam has room")
    temperature: float = Field(default=1.0, ge=0, le=2, description="the agent's sampling temperature")
    top_p: float | None = Field(default=None, gt=0, le=1)
    max_tokens: int | None = Field(default=None, ge=1)
    native_tools: bool = Field(default=False, description="offer the agent its tools as native function calls "
                               "where the family's codec can replay them (as SeatSampling.native_tools)")
    turn_limit: int = Field(default=15, ge=1, le=200, description="agent turns per tree")
    min_reward: float = Field(default=0.0, ge=0, allow_inf_nan=False,
                              description="a reward event meets its goal only when worth at least this (a DialOp "
                              "deal and a TA tour are worth their score)")
    seed: int = 0
    budget_usd: float | None = Field(default=None, gt=0, allow_inf_nan=False,
                                     description="stop starting agent turns that could spend more")
    limits: Limits = Limits()
    database: str | None = Field(default=None, description="SQLite file; default reports/NAME/harvest.db")

    @model_validator(mode="after")
    def _checked(self) -> "HarvestSpec":
        problems = self.instances.problems()
        if self.agent.provider == "human" or self.simulator.provider == "human":
            problems.append(Problem("a harvest samples thousands of turns: no human seat", "name a model or a player",
                                    ("agent",)))
        if self.agent.provider == "bot" or self.simulator.provider == "bot":
            problems.append(Problem("negotiation bots cannot play a game family's roles",
                                    "use player:NAME (a scripted player of the family) or a model", ("agent",)))
        if problems:
            raise SpecError(problems)
        return self

    def database_path(self, base: Path | None = None) -> Path:
        return Path(self.database) if self.database else (base or Path("reports")) / self.name / "harvest.db"

    def settings_json(self) -> dict[str, Any]:
        """What decides the shape of a tree (stored with each tree)."""
        return {"beam": self.beam, "branching": self.branching, "temperature": self.temperature, "top_p": self.top_p,
                "max_tokens": self.max_tokens, "turn_limit": self.turn_limit, "native_tools": self.native_tools,
                "agent": self.agent.identity(), "simulator": self.simulator.identity(),
                # Only when set, so the trees of a harvest grown before it existed keep their ids.
                **({"min_reward": self.min_reward} if self.min_reward else {})}


def find_harvest(ref: str | Path) -> Path:
    """A harvest spec file: `ref` as a path, or the name of one shipped with lamen (`toolwoz`:
    harvests/toolwoz.yaml, packaged in the wheel like the built-in tournaments)."""
    from lamen.spec.library import builtin_root, did_you_mean, yaml_files

    path = Path(ref)
    if path.exists() or path.suffix in (".yaml", ".yml") or len(path.parts) > 1:
        return path
    shipped = {p.stem: p for p in yaml_files(builtin_root() / "harvests")}
    if str(ref) in shipped:
        return shipped[str(ref)]
    raise SpecError([Problem(f"{ref}: no such harvest spec file, nor a shipped harvest",
                             did_you_mean(str(ref), list(shipped)))])


def load_harvest(path: str | Path) -> HarvestSpec:
    """A harvest spec file (or a shipped harvest's name); each problem one line naming the file,
    the field and the fix."""
    from lamen.spec.load import build
    from lamen.spec.yaml_source import read_yaml

    doc = read_yaml(find_harvest(path))
    if not isinstance(doc.data, dict):
        raise SpecError([doc.problem(f"expected a harvest spec (a YAML mapping), got {type(doc.data).__name__}",
                                     "start the file with 'name: ...'")])
    return build(HarvestSpec, dict(doc.data), doc)
