"""Which cross-play blocks a tournament's design plays, out of the full round robin the schedule
builds (`lamen.schedule`): all of them (`round-robin`), those with a member of a fixed reference
panel (`panel`: every contestant meets the same partners or opponents, the cheap way to add one
model to a leaderboard), or a sequence chosen while playing (`adaptive`, `lamen.runner.adaptive`).
Qualifier and self-play matches are played in full by every design: they cost O(agents)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal, TypeVar

from lamen.spec.problems import Problem, SpecError
from lamen.spec.tournament import Tournament

M = TypeVar("M")
Model = Literal["utility", "partner", "roles"]


def components(nodes: Sequence[Hashable], links: Iterable[tuple[Hashable, Hashable]]) -> list[list[Hashable]]:
    """The groups of nodes the links connect (union–find), each in the nodes' order."""
    parent = {node: node for node in nodes}

    def root(node: Hashable) -> Hashable:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for a, b in links:
        parent[root(a)] = root(b)
    groups: dict[Hashable, list[Hashable]] = {}
    for node in nodes:
        groups.setdefault(root(node), []).append(node)
    return list(groups.values())


def rating_links(model: Model, pairs: Iterable[tuple[str, str]]) -> list[tuple[Hashable, Hashable]]:
    """What each played pairing ties together in the rating `model`, as links between nodes
    (agent, part); every agent's figures are comparable iff the links connect all the nodes.

    - utility (u = μ + a_getter + o_giver): a match of i and j ties a_i to o_j and a_j to o_i, so
      a star (everyone against one panel member) leaves what the others get unrelated to what the
      centre gets; two panel members who also play each other tie everything together;
    - partner (E[s] = σ(μ + a_i + a_j)): sums pin the strengths only on a connected graph with an
      odd cycle or a self-play match — the links of its double cover (agent, parity);
    - roles (σ(μ + a_first party + u_second party)): i with j ties i's first-party strength to j's
      second-party one (a block plays both orders); self-play ties an agent's two parts, as it
      does a partner's two parities."""
    links: list[tuple[Hashable, Hashable]] = []
    for a, b in pairs:
        if a == b:
            if model != "utility":  # self-play is rated by the team models: it ties an agent's own parts
                links.append(((a, 0), (a, 1)))
            continue
        links += [((a, 0), (b, 1)), ((b, 0), (a, 1))]
    return links


def check_identified(tournament: Tournament, pairs: Iterable[tuple[str, str]], model: Model) -> None:
    """A design whose matches do not tie every agent's rating to the others' rates groups on
    scales no leaderboard can compare: refused in one line, naming the groups."""
    agents = [agent.id for agent in tournament.agents]
    groups = components([(agent, part) for agent in agents for part in (0, 1)], rating_links(model, pairs))
    if len(groups) > 1:
        # Name each agent by where its first figure (what it gets, its strength) landed.
        named = [[agent for agent, part in group if part == 0] for group in groups]
        named = [group for group in named if group]
        shown = (" to ".join(", ".join(group) for group in named) if len(named) == 2 else
                 "; ".join(", ".join(group) for group in named[:3]) + ("; …" if len(named) > 3 else "") + " to each other")
        hint = ("a panel needs two members or more, who play each other too" if tournament.design == "panel"
                else "add pairings that link the groups")
        raise SpecError([Problem(f"the {tournament.design} design does not identify the ratings: its matches do not "
                                 f"relate {shown if len(named) > 1 else 'the agents to each other'}", hint,
                                 ("panel" if tournament.design == "panel" else "design",))])


def designed(tournament: Tournament, matches: list[M], model: Model = "utility") -> list[M]:
    """The matches of the tournament's design, in schedule order (`adaptive`: every match it may
    choose from). Each kept match keeps its id: a panel's match is its round robin's match.
    `model` is the rating the relation uses (utility, partner or roles), whose identification a
    panel must keep."""
    if tournament.design != "panel" or not tournament.cross_play:
        return matches
    panel = set(tournament.panel)
    kept = [m for m in matches if m.stage != "cross" or m.agent_a.id in panel or m.agent_b.id in panel]  # type: ignore[attr-defined]
    rated = "cross" if model == "utility" else "self"
    check_identified(tournament, [(m.agent_a.id, m.agent_b.id) for m in kept  # type: ignore[attr-defined]
                                  if m.stage in ("cross", rated)], model)  # type: ignore[attr-defined]
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
        return (f"design: adaptive (blocks chosen in rounds by how much they lower the expected number of "
                f"misordered pairs of the leaderboard, at least {settings.get('floor', 0.2):.0%} at random; "
                f"stops {stop}; budget {budget})")
    return "design: round robin (every pairing)"
