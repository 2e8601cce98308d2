"""The report's sections for an agent-vs-environment tournament (PeopleJoin-QA, ToolWOZ), chosen by
the family's relation, not its name: per metric of the family, the agent × simulator matrix (the
headline as a heatmap), each simulator's ranking of the agents and Kendall's τ between the
simulators, and the agent × simulator ratings E[score] = σ(μ_instance + a_agent + s_simulator)
(`lamen.ratings.agent_env`); the cheating players (oracles) marked as upper bounds; with a
`match_judge`, its grade as one more metric and its agreement with the metric it grades."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lamen.core.registry import get_family
from lamen.ratings.agent_env import MetricView, agent_env_table, agent_env_views, judge_agreement, shown_metrics
from lamen.report.html import Markup, frame_table, tag
from lamen.report.role_sections import ROLE_COLUMNS
from lamen.store import Store

RATING_DIGITS = {name: 0 for name in ("points", "points low", "points high", "rank", "rank low", "rank high")}


def agent_env_sections(data: Any, export: Callable[..., Markup], heatmap: Callable[..., Markup],
                       missing: Callable[[str], Markup], replicates: int = 1000) -> list[tuple[str, str, Markup]]:
    """(id, title, body) of the agent-vs-environment sections, in order."""
    store = Store.open_read_only(data.db_path)
    try:
        rows = store.match_rows(data.tournament)
    finally:
        store.close()
    family = get_family(str(data.spec.get("family")))
    table = agent_env_table(rows)
    agents = [a["id"] if isinstance(a, dict) else str(a) for a in data.spec.get("agents", [])]
    simulators = [s["id"] if isinstance(s, dict) else str(s) for s in data.spec.get("simulators", [])]
    if table.empty:
        nothing = missing("No finished matches yet: run the tournament (`lamen run SPEC`).")
        return [("agent-simulator", "Agent × simulator", nothing), ("ratings", "Ratings", nothing)]
    views = agent_env_views(table, shown_metrics(family, table), agents or None, simulators or None,
                            replicates=replicates)
    oracles = family.sees_everything(sorted(set(table["agent"])))
    notes = [tag("p", f"{agent} sees everything (the whole instance): an upper bound, not an agent to rank a model "
                      "against.", class_="note upper-bound") for agent in oracles]
    judged = judge_agreement(family, table)
    if judged is not None and family.llm_judge is not None:  # the tournament named a match_judge
        compared = next((m.label for m in family.metrics if m.key == family.llm_judge.compares_with),
                        family.llm_judge.compares_with)
        confusion = ", ".join(f"{pair}: {count}" for pair, count in judged.confusion.items())
        notes.append(tag("p", f"{judged.line(compared, family.llm_judge.metric.label)}"
                              + (f" (grades {compared}→judge: {confusion})." if confusion else "."),
                         class_="note judge-agreement", id="judge-agreement"))
    return [("agent-simulator", "Agent × simulator", _matrices(views, export, heatmap, notes)),
            ("rankings", "Rankings per simulator", _rankings(views, export)),
            ("ratings", "Ratings", _ratings(views, export, missing, notes))]


def _matrices(views: tuple[MetricView, ...], export: Callable[..., Markup], heatmap: Callable[..., Markup],
              notes: list[Markup]) -> Markup:
    headline = views[0]
    parts = [tag("p", "Every agent played every simulator on the same instances; a simulator plays every simulated "
                      "person of a match (each in its own thread). Each cell: the mean of the metric over that "
                      "pairing's matches (– where the metric is undefined, such as P-Prec when nobody was "
                      "contacted).", class_="note"), *notes,
             heatmap(headline.observed, f"agent_simulator_{headline.metric.key}",
                     f"{headline.metric.label}: agent (row) with simulator (column)", f"mean {headline.metric.label}",
                     f"Mean {headline.metric.label} of each agent with each simulator.",
                     column_label="column: simulator")]
    for view in views:
        key = view.metric.key
        parts += [tag("h3", f"{view.metric.label}", id=f"matrix-{key}"),
                  frame_table(view.observed, index=True, id_=f"agent-simulator-{key}"),
                  export(view.observed, f"agent_simulator_{key}", f"{view.metric.label}: mean per agent and "
                                                                   "simulator", index=True)]
    return Markup("".join(parts))


def _rankings(views: tuple[MetricView, ...], export: Callable[..., Markup]) -> Markup:
    parts = [tag("p", "Each simulator's ranking of the agents by the observed mean under it (1 = best; ties share a "
                      "rank; lower is better for counts), and Kendall's τ_b between two simulators' rankings: 1 = "
                      "they order the agents identically, −1 = reversed, – = a simulator ties every agent.",
                 class_="note")]
    for view in views:
        key = view.metric.key
        agreement = view.agreement()
        summary = ("fewer than two simulators to compare" if math.isnan(agreement)
                   else f"smallest τ between two simulators: {agreement:.3f}")
        parts += [tag("h3", f"{view.metric.label}", id=f"ranking-{key}"), tag("p", summary, class_="note"),
                  tag("div", [frame_table(view.rankings, index=True, default_digits=0, id_=f"ranks-{key}"),
                              frame_table(view.tau, index=True, id_=f"tau-{key}")], class_="figures"),
                  export(view.rankings, f"ranks_{key}", f"{view.metric.label}: rank per simulator", index=True),
                  export(view.tau, f"tau_{key}", f"{view.metric.label}: Kendall's τ between simulators", index=True)]
    return Markup("".join(parts))


def _ratings(views: tuple[MetricView, ...], export: Callable[..., Markup], missing: Callable[[str], Markup],
             notes: list[Markup]) -> Markup:
    parts = [tag("p", "Agent and simulator strengths (FAMILIES.md §3.4): E[score] = σ(μ_instance + a_agent + "
                      "s_simulator), the metric scaled to [0, 1], in points (1000 = the average agent or simulator; "
                      "+400 = ten times the odds). An agent's strength is against an average simulator; a "
                      "simulator's, how easy it makes the task. 95% intervals clustered by instance; rank intervals "
                      "from a bootstrap of instances. Counts (messages, words, people) are compared, not rated.",
                  class_="note"), *notes]
    for view in views:
        key = view.metric.key
        parts.append(tag("h3", view.metric.label, id=f"ratings-{key}"))
        if view.ratings is None:
            parts.append(missing(f"No ratings: {view.reason}"))
            continue
        table = view.ratings.to_frame()[list(ROLE_COLUMNS)].rename(columns=ROLE_COLUMNS)
        table = table.drop(columns=["self-play", "cross-play"])  # agents and simulators never swap seats
        parts += [missing(warning) for warning in view.ratings.warnings]
        parts += [frame_table(table, digits=RATING_DIGITS, id_=f"rating-table-{key}"),
                  export(table, f"ratings_{key}", f"{view.metric.label}: agent and simulator ratings")]
    return Markup("".join(parts))
