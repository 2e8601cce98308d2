"""What a tournament spec must hold for `lamen run` to plan it, found without planning a match:
the family is known and playable, its instance settings are the family's, its scripted players
(`player:NAME`) are the family's own, simulators are listed where (and only where) the family has
simulator roles, and `native_tools` is set only where some seat can use it. `lamen run` stops on
these before it plans; `lamen validate` reports them beside the file's other problems. Each is
one problem under the spec field it is about (the caller places it in the file)."""

from __future__ import annotations

from pydantic import BaseModel, ValidationError

from lamen.core.family import Family
from lamen.core.tools import native_codec
from lamen.core.types import Relation
from lamen.runner.common_payoff import CommonPayoffTournament
from lamen.runner.family import tournament_family
from lamen.spec.problems import Problem, SpecError
from lamen.spec.tournament import Tournament


def families_with_native_tools() -> tuple[str, ...]:
    """The registered families some role of which can call its tools natively (named in the
    advice, so it stays true as families are added)."""
    from lamen.core.registry import all_families

    return tuple(family.name for family in all_families()
                 if any(native_codec(family.codec(role)) is not None for role in family.codecs if role != "*")
                 or ("*" in family.codecs and native_codec(family.codecs["*"]) is not None))


def native_tools_problems(tournament: Tournament) -> list[Problem]:
    """Agents whose sampling sets `native_tools` where no seat could use it: a scripted agent
    (it reads no tools), or a family none of whose roles' codecs can replay a tool loop as chat
    turns (`native_tools()`: `families_with_native_tools`). Set where some role can (Planning's user has
    no tools), the seats without tools simply play in text. One located line per agent."""
    wanting = [(index, agent) for index, agent in enumerate(tournament.agents) if agent.sampling.native_tools]
    if not wanting:
        return []
    where = lambda index: ("agents", index, "sampling", "native_tools")  # noqa: E731
    if tournament.family == "negotiation":
        able: list[str] = []
    else:
        family = tournament_family(tournament.family)
        hooks = family.tournament
        roles = hooks.roles if isinstance(hooks, CommonPayoffTournament) else tuple(family.codecs)
        able = [role for role in roles if native_codec(family.codec(role)) is not None]
    if not able:
        offering = ", ".join(families_with_native_tools())
        return [Problem(f"{agent.id}: native_tools is set, but no role of {tournament.family} has tools a model can "
                        "call natively", f"remove native_tools (the families that offer it: {offering})", where(index))
                for index, agent in wanting]
    return [Problem(f"{agent.id}: native_tools is set on a {agent.provider} agent, which calls no tools natively",
                    "remove native_tools (it is for model agents)", where(index))
            for index, agent in wanting if agent.provider in ("player", "bot", "human")]


def simulator_problems(tournament: Tournament, family: Family) -> list[Problem]:
    """An agent-vs-environment tournament needs simulators for its agents to serve; any other
    family's has none."""
    if family.relation == Relation.AGENT_VS_ENV and not tournament.simulators:
        return [Problem(f"a tournament of {family.name} (agent versus environment) needs `simulators`",
                        "list who plays the people the agents serve, e.g. simulators: [player:terse]",
                        ("simulators",))]
    if family.relation != Relation.AGENT_VS_ENV and tournament.simulators:
        return [Problem(f"{family.name} has no simulator roles: its seats are all filled from `agents`",
                        "remove `simulators`", ("simulators",))]
    return []


def seat_problems(tournament: Tournament, family: Family) -> list[Problem]:
    """Who may sit in a family's seats: simulators as the family has them, scripted players of the
    family (not another family's, not the negotiation bots)."""
    problems = simulator_problems(tournament, family)
    listed = [(where, index, agent) for where in ("agents", "simulators")
              for index, agent in enumerate(getattr(tournament, where))]
    problems += [Problem(f"{family.name} has no scripted player {agent.model!r}",
                         f"use one of: {', '.join(family.players)}", (where, index))
                 for where, index, agent in listed if agent.provider == "player" and agent.model not in family.players]
    problems += [Problem(f"{agent.id} is a scripted negotiator; a tournament of {family.name} seats the family's "
                         "scripted players", f"use player:NAME, NAME one of: {', '.join(family.players)}",
                         (where, index))
                 for where, index, agent in listed if agent.provider == "bot"]
    return problems


def family_config(tournament: Tournament, family: Family) -> BaseModel:
    """The family's instance settings from the spec's `instances.config`; SpecError, one problem
    per field, when they are not the family's."""
    assert tournament.instances is not None
    try:
        return family.config.model_validate(tournament.instances.config)
    except ValidationError as exc:
        raise SpecError([Problem(error["msg"], f"see the {family.name} family's settings",
                                 ("instances", "config", *error["loc"])) for error in exc.errors()]) from None


def tournament_problems(tournament: Tournament) -> list[Problem]:
    """Every problem of the checks above for one tournament (empty: `lamen run` can plan it)."""
    if tournament.family == "negotiation":
        return native_tools_problems(tournament) + tournament.judge_problems("negotiation", False)
    try:
        family = tournament_family(tournament.family)
    except SpecError as exc:
        return exc.problems
    problems = native_tools_problems(tournament)
    if tournament.instances is not None:
        try:
            family_config(tournament, family)
        except SpecError as exc:
            problems += exc.problems
    return problems + seat_problems(tournament, family) + tournament.judge_problems(family.name,
                                                                                   family.llm_judge is not None)
