"""What `lamen ratings` and `lamen run` show of an agent-vs-environment tournament (PeopleJoin-QA,
ToolWOZ), chosen by the family's relation, never its name: per metric of the family
(`Family.metrics`), the agent × simulator matrix, each simulator's ranking of the agents with
Kendall's τ between simulators, and — for metrics that are scores — the agent × simulator ratings
of `lamen.ratings.agent_env` (E[score] = σ(μ_instance + a_agent + s_simulator)); when the
tournament named a `match_judge`, its grade as one more metric and its agreement with the metric it
grades (share of equal grades, Cohen's κ)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from lamen.cli.role_views import role_table_of

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

    from lamen.core.grading import GradeAgreement
    from lamen.ratings.agent_env import MetricView

AGENT_VS_ENV = "agent-vs-env"
AGENT_ENV_NOTE = ("agent points: strength against an average simulator, 1000 = the average agent, +400 = ten times the "
                  "odds of the scaled metric; simulator points: how easy it makes the task; rank per simulator: by "
                  "the observed mean under it (1 = best); τ: Kendall's τ_b between two simulators' rankings.")


def views(rows: Iterable[Mapping[str, Any]], family: str, replicates: int = 1000) -> tuple[MetricView, ...]:
    """The metric views of one tournament's stored match rows (`Store.match_rows`)."""
    from lamen.core.registry import get_family
    from lamen.ratings.agent_env import agent_env_table, agent_env_views, shown_metrics

    table = agent_env_table(rows)
    if table.empty:
        return ()
    return agent_env_views(table, shown_metrics(get_family(family), table), replicates=replicates)


def agreement(rows: Iterable[Mapping[str, Any]], family: str) -> tuple[str, GradeAgreement] | None:
    """(one line, the figures) of the family's LLM judge beside the metric it grades, when the
    tournament named a `match_judge`; None otherwise."""
    from lamen.core.registry import get_family
    from lamen.ratings.agent_env import agent_env_table, judge_agreement

    found = get_family(family)
    table = agent_env_table(rows)
    figures = None if table.empty else judge_agreement(found, table)
    if figures is None or found.llm_judge is None:
        return None
    compared = next((m.label for m in found.metrics if m.key == found.llm_judge.compares_with),
                    found.llm_judge.compares_with)
    return figures.line(compared, found.llm_judge.metric.label), figures


def upper_bounds(family: str, agents: Iterable[str]) -> tuple[str, ...]:
    from lamen.cli.partner_views import sees_everything

    return sees_everything(family, sorted(set(agents)))


def print_agent_env_view(console: Console, rows: list[dict[str, Any]], tournament: str, family: str,
                         wide: bool = False, replicates: int = 1000) -> None:
    """Per metric: the matrix, the rankings with τ, the ratings (or why none); then the oracles."""
    from lamen.cli.frame_tables import print_frame

    finished = [row for row in rows if row["status"] == "finished"]
    errored = sum(row["status"] == "errored" for row in rows)
    console.print(f"{tournament} ({family}, agent vs environment): {len(finished)} finished matches on "
                  f"{len({row['game'] for row in finished})} instances" + (f"; {errored} errored left out" if errored
                                                                              else ""),
                  markup=False, soft_wrap=True)
    shown = views(rows, family, replicates)
    for view in shown:
        label = view.metric.label
        print_frame(console, view.observed, f"{label}: agent (row) with simulator (column), mean", digits=3,
                    wide=wide, label_header="agent \\ simulator")
        print_frame(console, view.rankings, f"{label}: rank of each agent under each simulator", digits=0, wide=wide,
                    label_header="agent \\ simulator")
        if len(view.tau) > 1:
            print_frame(console, view.tau, f"{label}: Kendall's τ between the simulators' rankings", digits=3,
                        wide=wide, label_header="simulator")
        if view.ratings is None:
            console.print(f"{label}: no ratings: {view.reason}", markup=False, soft_wrap=True)
            continue
        for warning in view.ratings.warnings:
            console.print(f"warning ({label}): {warning}", markup=False, style="bold", soft_wrap=True)
        console.print(role_table_of(view.ratings, f"{tournament} {label}"))
    judged = agreement(rows, family)
    if judged is not None:
        console.print(judged[0], markup=False, soft_wrap=True)
    agents = {str(row["agent_a"]) for row in rows}
    for agent in upper_bounds(family, agents):
        console.print(f"{agent} sees everything (the whole instance: the goal, whom to ask): an upper bound, not an "
                      "agent to rank a model against", markup=False, soft_wrap=True)
    if shown:
        console.print(AGENT_ENV_NOTE, markup=False, soft_wrap=True)


def agent_env_json(rows: list[dict[str, Any]], family: str, replicates: int = 1000) -> dict[str, Any]:
    """The view as JSON: non-finite figures are null (an unbounded strength: its `unbounded` and
    the warnings say why)."""
    def clean(value: Any) -> Any:
        return None if isinstance(value, float) and not math.isfinite(value) else value

    def cells(table: pd.DataFrame) -> dict[str, dict[str, Any]]:
        return {str(r): {str(c): clean(float(table.at[r, c])) for c in table.columns} for r in table.index}

    metrics = []
    for view in views(rows, family, replicates):
        metrics.append({
            "key": view.metric.key, "label": view.metric.label, "scale": view.metric.scale,
            "higher_is_better": view.metric.higher_is_better, "observed": cells(view.observed),
            "matches": cells(view.matches.astype(float)), "rankings": cells(view.rankings), "tau": cells(view.tau),
            "ratings": None if view.ratings is None else [{k: clean(v) for k, v in vars(r).items()}
                                                          for r in view.ratings.ratings],
            "warnings": [] if view.ratings is None else list(view.ratings.warnings), "no_ratings": view.reason})
    judged = agreement(rows, family)
    return {"family": family, "relation": AGENT_VS_ENV, "matches": sum(row["status"] == "finished" for row in rows),
            "metrics": metrics, "sees_everything": list(upper_bounds(family, (str(r["agent_a"]) for r in rows))),
            "judge_agreement": None if judged is None else judged[1].as_dict()}
