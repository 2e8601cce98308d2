"""Which cross-play blocks a tournament's design plays, out of the full round robin the schedule
builds (`lamen.schedule`): all of them (`round-robin`), those with a member of a fixed reference
panel (`panel`: every contestant meets the same partners or opponents, the cheap way to add one
model to a leaderboard), or a sequence chosen while playing (`adaptive`, `lamen.runner.adaptive`).
Qualifier and self-play matches are played in full by every design: they cost O(agents)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from lamen.spec.problems import Problem, SpecError
from lamen.spec.tournament import Tournament

M = TypeVar("M")


def components(agents: Sequence[str], pairs: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The groups of agents the pairings connect (union–find), each in the agents' order."""
    parent = {agent: agent for agent in agents}

    def root(agent: str) -> str:
        while parent[agent] != agent:
            parent[agent] = parent[parent[agent]]
            agent = parent[agent]
        return agent

    for a, b in pairs:
        parent[root(a)] = root(b)
    groups: dict[str, list[str]] = {}
    for agent in agents:
        groups.setdefault(root(agent), []).append(agent)
    return list(groups.values())


def check_connected(tournament: Tournament, pairs: Iterable[tuple[str, str]]) -> None:
    """A design whose cross-play pairings leave the agents in separate groups rates each group on
    its own scale, which no leaderboard can compare: refused in one line."""
    groups = components([agent.id for agent in tournament.agents], pairs)
    if len(groups) > 1:
        shown = "; ".join(", ".join(group) for group in groups[:3]) + ("; …" if len(groups) > 3 else "")
        raise SpecError([Problem(f"the {tournament.design} design does not connect the agents: no match links "
                                 f"{shown}", "add a panel member that plays every group", ("design",))])


def designed(tournament: Tournament, matches: list[M]) -> list[M]:
    """The matches of the tournament's design, in schedule order (`adaptive`: every match it may
    choose from). Each kept match keeps its id: a panel's match is its round robin's match."""
    if tournament.design != "panel" or not tournament.cross_play:
        return matches
    panel = set(tournament.panel)
    kept = [m for m in matches if m.stage != "cross" or m.agent_a.id in panel or m.agent_b.id in panel]  # type: ignore[attr-defined]
    check_connected(tournament, [(m.agent_a.id, m.agent_b.id) for m in kept if m.stage == "cross"])  # type: ignore[attr-defined]
    return kept


def describe_design(spec: Mapping[str, Any]) -> str:
    """The design a stored tournament spec played, in one line for the report (a spec stored
    without `design` is a round robin: every stored spec before designs existed)."""
    design = spec.get("design") or "round-robin"
    if design == "panel":
        return f"design: panel (every contestant against {', '.join(spec.get('panel') or ())})"
    if design == "adaptive":
        settings = spec.get("adaptive") or {}
        stop = "at its block budget" if settings.get("stop_when") == "budget" else \
            "once every neighbour's intervals are apart, or at its block budget"
        budget = f"{settings['blocks']} blocks" if settings.get("blocks") else "all blocks"
        return (f"design: adaptive (blocks chosen in rounds by how much they narrow the leaderboard's undecided "
                f"neighbours, at least {settings.get('floor', 0.2):.0%} at random; stops {stop}; budget {budget})")
    return "design: round robin (every pairing)"
