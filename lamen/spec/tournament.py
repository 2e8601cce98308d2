"""A tournament spec: who plays which games under which protocol, how often, within which
limits and budget, stored where."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from lamen.spec.agent import PROVIDERS, AgentSpec
from lamen.spec.base import FiniteFloat, SpecModel
from lamen.spec.prices import ProviderPrices
from lamen.spec.problems import Problem, SpecError

MAX_REPETITIONS = 100_000
MAX_NAME_LENGTH = 200
InFlight = Annotated[int, Field(ge=1, le=100_000)]
Rate = Annotated[float, Field(gt=0, allow_inf_nan=False)]


def name_problem(value: str, what: str) -> str | None:
    """Why `value` cannot name a tournament or an agent, or None. Names become folder names and
    are printed in terminals and tables: printable characters only (no NUL, newline, escape or
    direction override), no path separator, no `..`."""
    if not value.strip():
        return f"{what} must not be empty"
    if len(value) > MAX_NAME_LENGTH:
        return f"{what} is longer than {MAX_NAME_LENGTH} characters"
    bad = next((c for c in value if not c.isprintable()), None)
    if bad is not None:
        return f"{what} contains the unprintable character U+{ord(bad):04X}"
    if "/" in value or "\\" in value:
        return f"{what} contains a path separator ('/' or '\\')"
    if ".." in value or value.strip() == ".":
        return f"{what} contains '..' or is '.'"
    if value != value.strip():
        return f"{what} starts or ends with a space"
    return None


def path_problem(value: str) -> str | None:
    if not value.strip() or "\x00" in value or any(c in value for c in "\n\r"):
        return "must be a file path without NUL or line breaks"
    return None


class Limits(SpecModel):
    """How hard the runner may push each provider. Rates are per minute; absent = no cap."""

    concurrency: int = Field(default=8, ge=1, le=1024, description="matches in flight at once")
    per_provider: dict[str, InFlight] = Field(default_factory=dict, description="requests in flight per provider")
    requests_per_minute: dict[str, Rate] = Field(default_factory=dict)
    tokens_per_minute: dict[str, Rate] = Field(default_factory=dict)
    max_retries: int = Field(default=5, ge=0, le=50, description="tries after the first, for retryable failures")
    timeout_s: float = Field(default=120.0, gt=0, le=86_400, allow_inf_nan=False,
                             description="seconds before one request counts as timed out")

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


class Instances(SpecModel):
    """The instances a game family's tournament plays (a family other than negotiation): the
    family's configuration and the seeds it makes instances from — for `dialop.optimization`
    with `source: human` seed k is the k-th shipped human game; for generators the seed of the
    draw. Every pairing plays every one of them (common random numbers)."""

    config: dict[str, Any] = Field(default_factory=dict, description="the family's configuration (lamen games show)")
    seeds: tuple[Annotated[int, Field(ge=0)], ...] = Field(default=(), description="the instances' seeds, listed")
    count: int | None = Field(default=None, ge=1, le=100_000, description="or this many seeds, from `start` on")
    start: int = Field(default=0, ge=0)

    def problems(self) -> list[Problem]:
        """Checked by the tournament, so each problem is located under its `instances` field."""
        if bool(self.seeds) == (self.count is not None):
            return [Problem("instances need either `seeds` (a list) or `count` (with an optional `start`)",
                            "e.g. instances: {config: {source: human}, count: 5}", ("instances",))]
        if len(set(self.seeds)) != len(self.seeds):
            return [Problem("a seed is listed twice", "list each instance once", ("instances", "seeds"))]
        return []

    def seed_list(self) -> tuple[int, ...]:
        return self.seeds or tuple(range(self.start, self.start + (self.count or 0)))


class Adaptive(SpecModel):
    """How a tournament of `design: adaptive` chooses its blocks and when it stops (lamen.adaptive)."""

    stop_when: Literal["separated", "budget"] = Field(
        default="separated", description="separated: stop once every neighbour's intervals are apart (or at `blocks`); "
                                         "budget: play `blocks` blocks")
    blocks: int | None = Field(default=None, ge=1, le=MAX_REPETITIONS,
                               description="most cross-play blocks to play (default: all of the round robin's)")
    round_blocks: int | None = Field(default=None, ge=1, le=10_000,
                                     description="blocks per round, chosen on one refit (default: one per agent)")
    floor: float = Field(default=0.2, ge=0.2, le=1.0, allow_inf_nan=False,
                         description="share of each round's blocks drawn at random (at least 0.2)")


DESIGNS = ("round-robin", "adaptive", "panel")


class Tournament(SpecModel):
    name: str
    family: str = Field(default="negotiation", description="the game family its games belong to (lamen games list)")
    agents: tuple[AgentSpec, ...]
    # An agent-vs-environment family (PeopleJoin-QA, ToolWOZ): the simulators that fill its
    # simulator roles (one binding fills a group: every colleague), each played against every agent.
    simulators: tuple[AgentSpec, ...] = Field(
        default=(), description="simulators of the people an agent serves (agent-vs-environment families)")
    games: tuple[str, ...] = Field(default=(), description="game names or glob patterns (negotiation)")
    instances: Instances | None = Field(
        default=None, description="a game family's instances: its config and seeds (families other than negotiation)")
    protocol: str = "default"
    repetitions: int = Field(default=1, ge=1, le=MAX_REPETITIONS)
    self_play: bool = True
    cross_play: bool = True
    seed: int = 0
    limits: Limits = Limits()
    budget_usd: float | None = Field(default=None, gt=0, allow_inf_nan=False,
                                     description="no new match starts once projected spend passes it")
    confirm_usd: FiniteFloat = Field(default=10.0, ge=0, description="ask before a run estimated to cost more")
    database: str | None = Field(default=None, description="SQLite file; default reports/NAME/tournament.db")
    prices: str | ProviderPrices | None = Field(
        default=None, description="a prices file to use instead of the default one, or prices per provider and "
                                  "model (USD per million tokens) added to it")
    qualifier: Qualifier | None = None
    design: str = Field(default="round-robin", description="round-robin | adaptive | panel: which cross-play "
                                                           "blocks are played")
    adaptive: Adaptive | None = Field(default=None, description="design: adaptive — its stop rule, budget and rounds")
    panel: tuple[str, ...] = Field(default=(), description="design: panel — the agent ids every contestant plays")
    llm_fallback: AgentSpec | None = Field(
        default=None, description="an agent that reads notes and messages the rule-based readers cannot (off by default)")
    # PeopleJoin-QA: an agent that also grades every session's final answer (0/50/100), stored
    # beside the deterministic Match and compared with it (a family's `llm_judge`).
    match_judge: AgentSpec | None = Field(
        default=None, description="a model agent that grades each session beside the family's deterministic "
                                  "score (peoplejoin.qa's Match; off by default)")

    def stored_form(self) -> dict:
        """The spec as the store keeps it. A negotiation tournament is stored as before `family`
        existed (its default), so databases and reports of LAMEN tournaments do not change; a
        round robin as before `design` existed."""
        design = {"design", "adaptive", "panel"} if self.design == "round-robin" else set()
        if self.family == "negotiation":
            return self.model_dump(mode="json", exclude={"family", "instances", "simulators", "match_judge"} | design)
        # Another family's tournament has no negotiation games, protocol, qualifier or fallback
        # reader; one without simulators (or a match judge) is stored as before they existed.
        exclude = {"games", "protocol", "qualifier", "llm_fallback"} | (set() if self.simulators else {"simulators"}) \
            | (set() if self.match_judge else {"match_judge"})
        return self.model_dump(mode="json", exclude=exclude | design)

    def everyone(self) -> tuple[AgentSpec, ...]:
        """The agents, then the simulators not already among them (an id in both lists is one
        binding: the same spec), as the store lists a tournament's agents."""
        ids = {agent.id for agent in self.agents}
        return self.agents + tuple(s for s in self.simulators if s.id not in ids)

    @field_validator("prices", mode="before")
    @classmethod
    def _prices(cls, value: object) -> object:
        # Routed by shape, so a wrong price is one problem under its own path (a plain union
        # would also report that the mapping is not a file name).
        if value is None or isinstance(value, (str, ProviderPrices)):
            return value
        if not isinstance(value, dict):
            raise SpecError([Problem("prices must be a prices file or prices per provider and model",
                                     "e.g. prices: {openai: {my-model: {input: 0.5, output: 1.5}}}", ("prices",))])
        try:
            return ProviderPrices.model_validate(value)
        except ValidationError as exc:
            raise SpecError([Problem(error["msg"], "", ("prices", *error["loc"]))
                             for error in exc.errors()]) from None

    @model_validator(mode="after")
    def _check(self) -> "Tournament":
        # Checked here, not with Field(min_length): pydantic would also report an empty list
        # when an agent merely failed to validate.
        ids = [agent.id for agent in self.agents]
        negotiation = self.family == "negotiation"
        problems = [Problem(f"no {what} listed", f"list at least one under '{what}'", (what,))
                    for what in (("agents", "games") if negotiation else ("agents",)) if not getattr(self, what)]
        problems += self._family_problems()
        problems += self._design_problems(ids)
        problems += [Problem(f"agent id '{agent_id}' is used twice", "give each agent a distinct id",
                             ("agents", index)) for index, agent_id in enumerate(ids) if ids.index(agent_id) != index]
        simulator_ids = [simulator.id for simulator in self.simulators]
        problems += [Problem(f"simulator id '{sid}' is used twice", "give each simulator a distinct id",
                             ("simulators", index))
                     for index, sid in enumerate(simulator_ids) if simulator_ids.index(sid) != index]
        by_id = {agent.id: agent for agent in self.agents}
        problems += [Problem(f"simulator id '{simulator.id}' names an agent with other settings",
                             "one id is one binding: give the simulator its own id, or the same settings",
                             ("simulators", index))
                     for index, simulator in enumerate(self.simulators)
                     if simulator.id in by_id and by_id[simulator.id] != simulator]
        named = name_problem(self.name, "name")
        if named:
            problems.append(Problem(named, "e.g. 'name: quickstart'", ("name",)))
        problems += [Problem(found, "give the agent an `id:` of printable characters, e.g. id: gpt-4o-t07",
                             (where, index))
                     for where in ("agents", "simulators") for index, agent in enumerate(getattr(self, where))
                     if (found := name_problem(agent.id, f"agent id {agent.id!r}"))]
        problems += [Problem(f"{field} {found}", "", (field,)) for field in ("database", "prices")
                     if isinstance(getattr(self, field), str) and (found := path_problem(getattr(self, field)))]
        if problems:
            raise SpecError(problems)
        return self

    def _design_problems(self, ids: list[str]) -> list[Problem]:
        """`design` is one of DESIGNS; `adaptive:` goes with design: adaptive, `panel:` with
        design: panel and names agents of the tournament."""
        if self.design not in DESIGNS:
            return [Problem(f"unknown design {self.design!r}", f"use one of: {', '.join(DESIGNS)}", ("design",))]
        problems = []
        if self.adaptive is not None and self.design != "adaptive":
            problems.append(Problem(f"`adaptive` settings belong to design: adaptive (this is {self.design})",
                                    "add `design: adaptive`, or remove `adaptive`", ("adaptive",)))
        if self.design == "adaptive" and self.adaptive is not None and self.adaptive.stop_when == "budget" \
                and self.adaptive.blocks is None:
            problems.append(Problem("stop_when: budget needs a budget", "give `blocks: N` (cross-play blocks to play)",
                                    ("adaptive", "stop_when")))
        if self.design == "adaptive" and not self.cross_play:
            problems.append(Problem("an adaptive design chooses cross-play blocks, and cross_play is off",
                                    "set cross_play: true, or use design: round-robin", ("design",)))
        if self.panel and self.design != "panel":
            problems.append(Problem(f"`panel` belongs to design: panel (this is {self.design})",
                                    "add `design: panel`, or remove `panel`", ("panel",)))
        if self.design == "panel":
            if not self.panel:
                problems.append(Problem("design: panel needs a `panel`", "list the reference agents' ids, e.g. "
                                        "panel: [bot:boulware, bot:hardliner]", ("design",)))
            problems += [Problem(f"panel member {member!r} is not an agent of this tournament",
                                 f"use agent ids: {', '.join(ids)}", ("panel", index))
                         for index, member in enumerate(self.panel) if member not in ids]
            problems += [Problem(f"panel member {member!r} is listed twice", "list each reference agent once",
                                 ("panel", index)) for index, member in enumerate(self.panel)
                         if self.panel.index(member) != index]
            if self.panel and set(self.panel) >= set(ids):
                problems.append(Problem("every agent is in the panel: that is the round robin",
                                        "leave the contestants out of the panel, or use design: round-robin",
                                        ("panel",)))
        return problems

    def _family_problems(self) -> list[Problem]:
        """A negotiation tournament names games; any other family's names instances, and has no
        negotiation protocol, qualifier or fallback reader."""
        if self.family == "negotiation":
            return ([] if self.instances is None else [Problem(
                "instances belong to tournaments of other game families", "a negotiation tournament lists `games`",
                ("instances",))]) + (self._negotiation_simulators() if self.simulators else []) + (
                [Problem("match_judge belongs to tournaments of families with an LLM judge (peoplejoin.qa)",
                         "remove `match_judge` (a negotiation tournament's LLM reader is `llm_fallback`)",
                         ("match_judge",))] if self.match_judge is not None else [])
        family = f"a tournament of {self.family}"
        problems = self.instances.problems() if self.instances is not None else [Problem(
            f"{family} needs `instances`", "e.g. instances: {config: {source: human}, count: 5}", ("instances",))]
        problems += [Problem(f"{family} has no `{field}` (negotiation only)", f"remove `{field}`", (field,))
                     for field in ("games", "protocol", "qualifier", "llm_fallback") if field in self.model_fields_set]
        return problems

    def judge_problems(self, family: str, judged: bool) -> list[Problem]:
        """A `match_judge` where the family has no LLM judge (`judged`: it has), or one that is
        not a model: one located problem."""
        judge = self.match_judge
        if judge is None:
            return []
        if not judged:
            return [Problem(f"{family} has no LLM judge for `match_judge` to play",
                            "remove `match_judge` (peoplejoin.qa has one, for its Match)", ("match_judge",))]
        if judge.provider in ("player", "bot", "human"):
            return [Problem(f"match_judge {judge.id} is a {judge.provider} agent; the judge must be a model",
                            "name a model agent, e.g. match_judge: openai:gpt-4o-mini (or mock: offline)",
                            ("match_judge",))]
        return []

    def _negotiation_simulators(self) -> list[Problem]:
        return [Problem("simulators belong to tournaments of agent-vs-environment families",
                        "remove `simulators` (a negotiation tournament lists only `agents`)", ("simulators",))]

    def database_path(self, base: Path | None = None) -> Path:
        """The spec's `database`, else reports/NAME/tournament.db — which the name's rules keep
        inside reports/ (checked again here, resolved, as the last guard before anything is written)."""
        return database_path(self.name, self.database, base)


def database_path(name: str, database: str | None, base: Path | None = None) -> Path:
    """`database` (relative to `base`), else reports/NAME/tournament.db, kept inside reports/."""
    if database:
        path = Path(database)
        return path if path.is_absolute() or base is None else base / path
    reports = (base or Path()) / "reports"
    path = reports / name / "tournament.db"
    if reports.resolve() not in path.resolve().parents:
        raise SpecError([Problem(f"name {name!r} would put the database outside {reports}",
                                 "give a plain name", ("name",))])
    return path


class PartsFile(SpecModel):
    """A tournament file of several parts — a tournament spec holds one game family, so a file that
    plays several (the cooperative quickstart: Optimization and Adventurers) lists them under
    `parts`. Each part is a whole tournament, stored under its own name in the file's one database
    (reports/NAME/tournament.db) and reported in reports/NAME/PART/, with an index beside them."""

    name: str
    database: str | None = Field(default=None, description="SQLite file every part is stored in; "
                                                            "default reports/NAME/tournament.db")
    parts: tuple[dict[str, Any], ...] = Field(description="the tournaments, each a tournament spec without `database`")

    @model_validator(mode="after")
    def _check(self) -> "PartsFile":
        problems = []
        named = name_problem(self.name, "name")
        if named:
            problems.append(Problem(named, "e.g. 'name: cooperative-quickstart'", ("name",)))
        if not self.parts:
            problems.append(Problem("no parts listed", "list at least one tournament under 'parts'", ("parts",)))
        if isinstance(self.database, str) and (found := path_problem(self.database)):
            problems.append(Problem(f"database {found}", "", ("database",)))
        if problems:
            raise SpecError(problems)
        return self


@dataclass(frozen=True)
class TournamentFile:
    """What a tournament file plays: one tournament (`parts` is None — every spec without `parts`,
    read and run exactly as before), or the parts of a PartsFile, in the file's order."""

    tournaments: tuple[Tournament, ...]
    parts: PartsFile | None = None

    @property
    def several(self) -> bool:
        return self.parts is not None

    @property
    def name(self) -> str:
        return self.parts.name if self.parts is not None else self.tournaments[0].name

    def database_path(self, base: Path | None = None) -> Path:
        if self.parts is None:
            return self.tournaments[0].database_path(base)
        return database_path(self.parts.name, self.parts.database, base)
