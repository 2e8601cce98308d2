"""A tournament spec: who plays which games under which protocol, how often, within which
limits and budget, stored where."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, model_validator

from lamen.spec.agent import PROVIDERS, AgentSpec
from lamen.spec.base import SpecModel
from lamen.spec.problems import Problem, SpecError


class Limits(SpecModel):
    """How hard the runner may push each provider. Rates are per minute; 0 or absent = no cap."""

    concurrency: int = Field(default=8, ge=1, le=1024, description="matches in flight at once")
    per_provider: dict[str, int] = Field(default_factory=dict, description="requests in flight per provider")
    requests_per_minute: dict[str, float] = Field(default_factory=dict)
    tokens_per_minute: dict[str, float] = Field(default_factory=dict)
    max_retries: int = Field(default=5, ge=0, le=50, description="tries after the first, for retryable failures")
    timeout_s: float = Field(default=120.0, gt=0, description="seconds before one request counts as timed out")

    @model_validator(mode="after")
    def _known_providers(self) -> "Limits":
        problems = [Problem(f"unknown provider '{name}'", f"use one of: {', '.join(PROVIDERS)}", (field, name))
                    for field in ("per_provider", "requests_per_minute", "tokens_per_minute")
                    for name in getattr(self, field) if name not in PROVIDERS]
        if problems:
            raise SpecError(problems)
        return self


class Qualifier(SpecModel):
    """Appendix A.4: before the tournament, each agent plays `games` self-play games of a
    single-issue distributive game; it goes on only with at least `min_agreements` agreements."""

    game: str = "rental-1-distributive"
    games: int = Field(default=10, ge=1, le=1000)
    min_agreements: int = Field(default=1, ge=1)


class Tournament(SpecModel):
    name: str
    agents: tuple[AgentSpec, ...]
    games: tuple[str, ...] = Field(description="game names or glob patterns")
    protocol: str = "default"
    repetitions: int = Field(default=1, ge=1)
    self_play: bool = True
    cross_play: bool = True
    seed: int = 0
    limits: Limits = Limits()
    budget_usd: float | None = Field(default=None, gt=0, description="no new match starts once projected spend passes it")
    database: str | None = Field(default=None, description="SQLite file; default reports/NAME/tournament.db")
    prices: str | None = Field(default=None, description="a prices file (USD per million tokens) to use")
    qualifier: Qualifier | None = None
    llm_fallback: AgentSpec | None = Field(
        default=None, description="an agent that reads notes and messages the rule-based readers cannot (off by default)")

    @model_validator(mode="after")
    def _check(self) -> "Tournament":
        # Checked here, not with Field(min_length): pydantic would also report an empty list
        # when an agent merely failed to validate.
        ids = [agent.id for agent in self.agents]
        problems = [Problem(f"no {what} listed", f"list at least one under '{what}'", (what,))
                    for what in ("agents", "games") if not getattr(self, what)]
        problems += [Problem(f"agent id '{agent_id}' is used twice", "give each agent a distinct id",
                             ("agents", index)) for index, agent_id in enumerate(ids) if ids.index(agent_id) != index]
        if not self.name.strip() or "/" in self.name:
            problems.append(Problem("name must be non-empty and contain no '/'", "e.g. 'name: quickstart'", ("name",)))
        if problems:
            raise SpecError(problems)
        return self

    def database_path(self, base: Path | None = None) -> Path:
        path = Path(self.database) if self.database else Path("reports") / self.name / "tournament.db"
        return path if path.is_absolute() or base is None else base / path
