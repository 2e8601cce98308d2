"""`lamen play FAMILY --seat ROLE=AGENT ...`: one match of a game family (DialOp Planning,
Mediation ...), any seat filled by a person at the terminal (`human`), a scripted player
(`player:NAME`) or a model. The person sees exactly what a model in that seat would: the family
codec's rendering of their observation (their private data, the moves they may see), and types a
reply in the family's tags (`[message] ...`, `[accept]`), read from stdin line by line — so
answers may be piped. An unreadable reply is fed back as it would be to a model."""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING, Any

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line

if TYPE_CHECKING:
    from rich.console import Console

    from lamen.agents.base import Agent
    from lamen.core.family import Family
    from lamen.core.play import EpisodeRecord


def family_to_play(name: str) -> str | None:
    """The registered game family `name` names, other than negotiation (whose games `lamen play`
    plays by game name), or None."""
    from lamen.core.registry import family_names

    return name if name != "negotiation" and name in family_names() else None


def _seats(family: Family, roles: tuple[str, ...], given: list[str]) -> dict[str, str]:
    """ROLE=AGENT per `--seat`: every role once, none unknown; one line naming the fault."""
    seats: dict[str, str] = {}
    for item in given:
        role, sep, agent = item.partition("=")
        if not sep or not role.strip() or not agent.strip():
            raise SpecError([Problem(f"--seat {item!r}: expected ROLE=AGENT", f"e.g. --seat {roles[0]}=human")])
        if role.strip() not in roles:
            raise SpecError([Problem(f"--seat {item!r}: {family.name} has no role {role.strip()!r}",
                                     f"roles: {', '.join(roles)}")])
        seats[role.strip()] = agent.strip()
    missing = [role for role in roles if role not in seats]
    if missing:
        raise SpecError([Problem(f"{family.name}: no agent for {', '.join(missing)}",
                                 f"give every role a --seat ROLE=AGENT (roles: {', '.join(roles)})")])
    return seats


def _agent(family: Family, instance: Any, role: str, name: str, seed: int, console: Console) -> Agent:
    from pydantic import ValidationError

    from lamen.agents.base import AgentError
    from lamen.agents.human import HumanSeat
    from lamen.agents.registry import make_agent
    from lamen.core.players import PolicyAgent
    from lamen.spec.agent import AgentSpec

    try:
        spec = AgentSpec.model_validate(name)
    except ValidationError as exc:
        raise SpecError([Problem(f"--seat {role}={name}: {exc.errors()[0]['msg'].removeprefix('Value error, ')}",
                                 "name an agent like human, player:NAME, mock:..., openai:gpt-4o")]) from None
    if spec.provider == "human":
        return HumanSeat(spec.model_copy(update={"id": f"human ({role})"}), console)
    if spec.provider == "player":
        if spec.model not in family.players:
            raise SpecError([Problem(f"--seat {role}={name}: {family.name} has no scripted player {spec.model!r}",
                                     f"use one of: {', '.join(family.players)}")])
        return PolicyAgent(spec.id, family.players[spec.model].make(instance, role), family.codec(role), seed=seed)
    try:
        return make_agent(spec, game=None, side=0, seed=seed)
    except AgentError as exc:
        raise SpecError([Problem(f"cannot start: {one_line(str(exc))}")]) from None


def handle_family(args: argparse.Namespace, name: str) -> int:
    from rich.console import Console
    from rich.text import Text

    from lamen.core.play import play
    from lamen.core.registry import get_family

    console = Console(highlight=False)
    family = get_family(name)
    config = family.default_config()
    try:
        instance = family.instances(config, args.seed)
    except ValueError as exc:
        raise SpecError([Problem(f"--seed {args.seed}: {one_line(str(exc))}", "choose an instance the family has")])
    roles = tuple(spec.name for spec in family.roles(config, instance))
    seats = _seats(family, roles, args.seat or [])
    if args.first is not None and args.first not in roles:
        raise SpecError([Problem(f"--first {args.first!r}: {family.name} has no such role",
                                 f"roles: {', '.join(roles)}")])
    agents = {role: _agent(family, instance, role, seats[role], args.seed, console) for role in roles}
    console.print(Text(one_line(f"{family.name}, instance {instance.content_id()}: "
                                + ", ".join(f"{role} = {seats[role]}" for role in roles))))
    for role in roles:
        if seats[role] == "human":
            console.print(Text(one_line(f"You play {role}: you see what a model in that seat would see; write your "
                                        "move in the tags the instructions name, then an empty line.")))
    record = asyncio.run(play(family, instance, agents, first=args.first))
    return _show_end(console, record, agents)


def _show_end(console: Console, record: EpisodeRecord, agents: dict[str, Agent]) -> int:
    from rich.text import Text

    left = [agent.name for agent in agents.values() if getattr(agent, "left", False)]
    if left:
        console.print(Text(one_line(f"{left[0]} ended the match (end of input) after {record.state.steps} move(s); "
                                    "not scored")))
        return 0
    if record.failure is not None:
        console.print(Text.assemble(("errored: ", "red"), one_line(record.failure.reason)))
        return 2
    score = record.score
    assert score is not None
    team = "-" if score.team is None else f"{score.team:.3f}"
    console.print(Text(one_line(f"ended: {record.end_reason}   team score: {team}   moves: {record.state.steps}")))
    return 0


__all__ = ["family_to_play", "handle_family"]
