"""`lamen compare DB_A[:AGENT] DB_B[:AGENT]`: two agents, or two versions of one agent, on the
matches they played under identical specs."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line


def register(commands: argparse._SubParsersAction) -> None:
    compare = commands.add_parser(
        "compare", help="paired comparison of two agents (or two versions of one) on identical matches",
        description="Pair the cross-play matches of two agents — possibly in two databases — by game, opponent, "
                    "side, start order and repetition, and report B − A of U, agreement rate and graded score with "
                    "95%% intervals. AGENT may be left out on one side (the other side's name is used) or on both "
                    "when each database has exactly one agent the other lacks.")
    compare.add_argument("a", metavar="DB_A[:AGENT]")
    compare.add_argument("b", metavar="DB_B[:AGENT]")
    compare.add_argument("--json", action="store_true", help="print JSON")
    compare.add_argument("--wide", action="store_true", help="no 100-column limit")
    compare.set_defaults(handler=handle_compare)


def split_spec(spec: str) -> tuple[Path, str | None]:
    """DB or DB:AGENT; agent ids contain colons (bot:linear), so the database is the shortest
    prefix before a colon that is a file."""
    if Path(spec).is_file():
        return Path(spec), None
    for index, char in enumerate(spec):
        if char == ":" and Path(spec[:index]).is_file():
            return Path(spec[:index]), spec[index + 1:] or None
    raise SpecError([Problem(f"{one_line(spec)}: no such database", "give DB or DB:AGENT, e.g. "
                             "reports/quickstart/tournament.db:bot:linear")])


def _agents(frame) -> list[str]:  # noqa: ANN001 - a pandas frame, imported lazily
    cross = frame[(frame["stage"] == "cross") & (frame["status"] == "finished")]
    return sorted(set(cross["agent_a"]) | set(cross["agent_b"]))


def _read(path: Path):  # noqa: ANN202 - a pandas frame, imported lazily
    from lamen.store import Store
    from lamen.store.tables import match_table

    store = Store.open_read_only(path)
    try:
        return match_table(store)
    finally:
        store.close()


def handle_compare(args: argparse.Namespace) -> int:
    from lamen.cli.rating_tables import console, name, new_table, number
    from lamen.ratings.compare import compare_agents

    (path_a, agent_a), (path_b, agent_b) = split_spec(args.a), split_spec(args.b)
    frame_a, frame_b = _read(path_a), _read(path_b)
    agents_a, agents_b = _agents(frame_a), _agents(frame_b)
    if agent_a is None and agent_b is None:
        only_a, only_b = sorted(set(agents_a) - set(agents_b)), sorted(set(agents_b) - set(agents_a))
        if len(only_a) != 1 or len(only_b) != 1:
            raise SpecError([Problem("name the agents to compare: DB_A:AGENT DB_B:AGENT",
                                     f"{path_a} has {', '.join(agents_a) or 'no cross-play'}; "
                                     f"{path_b} has {', '.join(agents_b) or 'no cross-play'}")])
        agent_a, agent_b = only_a[0], only_b[0]
    agent_a, agent_b = agent_a or agent_b, agent_b or agent_a
    for path, agent, agents in ((path_a, agent_a, agents_a), (path_b, agent_b, agents_b)):
        if agent not in agents:
            raise SpecError([Problem(f"{path}: no finished cross-play match of agent {one_line(str(agent))}",
                                     f"agents: {', '.join(agents) or 'none'}")])
    try:
        result = compare_agents(frame_a, str(agent_a), frame_b, str(agent_b), label_a=f"{path_a}:{agent_a}",
                                label_b=f"{path_b}:{agent_b}")
    except ValueError as exc:
        raise SpecError([Problem(one_line(str(exc)))]) from None
    if args.json:
        print(json.dumps({"a": result.label_a, "b": result.label_b, "pairs": result.pairs, "blocks": result.blocks,
                          "unmatched_a": result.unmatched_a, "unmatched_b": result.unmatched_b,
                          "level": result.level,
                          "differences": [{k: (None if isinstance(v, float) and v != v else v)
                                           for k, v in asdict(d).items()} for d in result.differences]},
                         indent=2, ensure_ascii=False))
        return 0
    out = console(args.wide)
    out.print(f"A = {one_line(result.label_a)}\nB = {one_line(result.label_b)}\n"
              f"{result.pairs} matched pairs in {result.blocks} blocks (same game, opponent, side, start order, "
              f"repetition); unmatched: {result.unmatched_a} of A's, {result.unmatched_b} of B's matches\n"
              "B − A over the matched pairs, 95% intervals clustered by block (game × opponent × repetition):",
              markup=False)
    table = new_table(None, "figure", "A", "B", "B − A", "95% interval")
    for difference in result.differences:
        interval = ("–" if difference.lower != difference.lower
                    else f"{difference.lower:+.3f} to {difference.upper:+.3f}")
        table.add_row(name({"utility": "U", "agreement": "agreement rate", "score": "BT score"}[difference.figure]),
                      number(difference.mean_a, 3), number(difference.mean_b, 3),
                      f"{difference.difference + 0.0:+.3f}", interval)
    out.print(table)
    out.print("BT score: the graded score (1 + u_self − u_opponent)/2, an impasse 0.5 — what Bradley–Terry "
              "rates.", markup=False)
    return 0
