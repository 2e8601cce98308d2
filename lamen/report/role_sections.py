"""The report's sections for a common-payoff tournament whose roles are asymmetric (DialOp
Planning: assistant, user; Mediation: assistant and two users, one user agent in both seats),
chosen by the family's roles (`lamen.core.seats.seat_plan`), not its name: the assistant × user
matrix, observed and as the role model predicts it, the role ratings (`lamen.ratings.roles`) and
the family's own metrics per agent in each role and per pairing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from lamen.core.seats import SeatPlan
from lamen.ratings.roles import RoleRatings, rate_roles
from lamen.ratings.team_table import role_table
from lamen.report.html import Markup, frame_table, tag
from lamen.store import Store

ROLE_COLUMNS = {"role": "role", "agent": "agent", "points": "points", "points_low": "points low",
                "points_high": "points high", "rank": "rank", "rank_low": "rank low", "rank_high": "rank high",
                "team_score": "with average others", "mean_score": "mean", "self_play": "self-play",
                "cross_play": "cross-play", "matches": "matches", "unbounded": "unbounded"}


def role_sections(data: Any, plan: SeatPlan, oracles: Callable[[list[str]], tuple[str, ...]],
                  export: Callable[..., Markup], heatmap: Callable[..., Markup], missing: Callable[[str], Markup],
                  replicates: int = 1000) -> list[tuple[str, str, Markup]]:
    """(id, title, body) of the asymmetric common-payoff sections, in order."""
    table = role_table(data.matches, dict(zip(plan.roles, plan.sides)))
    try:
        ratings: RoleRatings | None = rate_roles(table, plan.rated_roles(), replicates=replicates)
        reason = ""
    except ValueError as exc:
        ratings, reason = None, str(exc)
    agents = sorted(set(data.matches["agent_a"].astype(str)) | set(data.matches["agent_b"].astype(str)))
    return [("team-scores", "Team scores", _team_scores(ratings, reason, plan, heatmap, missing)),
            ("role-ratings", "Role ratings", _ratings(ratings, reason, plan, export, missing, oracles(agents))),
            ("family-metrics", "Family metrics", _family_metrics(data, plan, export, heatmap, missing))]


def _team_scores(ratings: RoleRatings | None, reason: str, plan: SeatPlan, heatmap: Callable[..., Markup],
                 missing: Callable[[str], Markup]) -> Markup:
    if ratings is None:
        return missing(f"No team scores: {reason}")
    first, second = plan.parties
    matrix = ratings.matrix(plan.seats_of(0)[0], plan.seats_of(1)[0])
    shared = " (one agent fills every seat of a role)" if len(plan.roles) > 2 else ""
    parts = [tag("p", f"Every seat shares one score (the family's team score, 0–1). Rows: the agent as {first}; "
                      f"columns: the agent as {second}{shared}; the mean over the instances every pairing played and "
                      "every first mover; self-play on the diagonal.", class_="note")]
    cells = [heatmap(matrix.observed, "team_score_observed", f"Team score: {first} (row) with {second} (column)",
                     "mean team score (0–1)", "Observed mean team score of each pairing.",
                     column_label=f"column agent ({second})")]
    if not np.isnan(ratings.mean_level):
        cells.append(heatmap(matrix.predicted, "team_score_predicted", f"Predicted team score: {first} with {second}",
                             "σ(μ̄ + a_row + u_column)",
                             "The role model's team score of every pairing on an average instance; where it differs "
                             "from the observed matrix, the pair is better (or worse) together than their strengths "
                             "add up to.", column_label=f"column agent ({second})"))
    parts.append(tag("div", cells, class_="figures"))
    return Markup("".join(parts))


def _ratings(ratings: RoleRatings | None, reason: str, plan: SeatPlan, export: Callable[..., Markup],
             missing: Callable[[str], Markup], oracles: tuple[str, ...]) -> Markup:
    if ratings is None:
        return missing(f"No role ratings: {reason}")
    table = ratings.to_frame()[list(ROLE_COLUMNS)].rename(columns=ROLE_COLUMNS)
    seats = ", ".join(f"{seat} → {role}" for seat, role in plan.rated_roles().items())
    parts = [tag("p", "Role strengths (FAMILIES.md §3.4): E[team score] = σ(μ_instance + Σ_seats a_role(agent)), one "
                      f"strength per agent and role (seats: {seats}), in points (1000 = the average agent in the role; "
                      "+400 = ten times the odds of the team score). With average others: σ(μ̄ + a) with average "
                      "agents in every other seat. 95% intervals clustered by instance; rank intervals within the role "
                      f"from a bootstrap of instances ({ratings.replicates} replicates).", class_="note")]
    parts += [missing(warning) for warning in ratings.warnings]
    parts += [tag("p", f"{agent} sees everything (every seat's private data): an upper bound, not an agent to rank "
                       "a model against.", class_="note") for agent in oracles]
    parts += [frame_table(table, digits={name: 0 for name in ("points", "points low", "points high", "rank", "rank low",
                                                           "rank high")}),
              export(table, "role_ratings", "Role ratings, strongest first within each role")]
    return Markup("".join(parts))


def _family_metrics(data: Any, plan: SeatPlan, export: Callable[..., Markup], heatmap: Callable[..., Markup],
                    missing: Callable[[str], Markup]) -> Markup:
    store = Store.open_read_only(data.db_path)
    try:
        rows = store.match_rows(data.tournament)
    finally:
        store.close()
    metrics = pd.DataFrame.from_records(
        [{"agent_a": row["agent_a"], "agent_b": row["agent_b"], **(row["outcome"] or {}).get("metrics", {})}
         for row in rows if row["status"] == "finished" and row["outcome"]])
    names = [column for column in metrics.columns if column not in ("agent_a", "agent_b")]
    if not names:
        return missing("The family's outcomes carry no metrics.")
    first, second = plan.parties
    per_role = pd.concat([metrics.groupby("agent_a")[names].mean().assign(role=first),
                          metrics.groupby("agent_b")[names].mean().assign(role=second)])
    per_role = per_role.rename_axis("agent").reset_index()[["role", "agent", *names]]
    parts = [tag("p", f"The family's own figures from each stored outcome, mean over every match an agent played as "
                      f"{first} and as {second}.", class_="note"),
             frame_table(per_role), export(per_role, "family_metrics", "Family metrics per agent and role")]
    rates = [name for name in names
             if metrics[name].dropna().isin([0.0, 1.0]).all() and (metrics[name] == 1.0).any()]
    cells = []
    for name in rates:
        matrix = metrics.pivot_table(index="agent_a", columns="agent_b", values=name, aggfunc="mean")
        matrix.index.name = matrix.columns.name = None
        cells.append(heatmap(matrix, f"rate_{name}", f"{name.capitalize()} rate: {first} (row) with {second} (column)",
                             f"share of matches with {name} = 1",
                             f"Share of the pairing's matches where the family's metric '{name}' was 1.",
                             column_label=f"column agent ({second})"))
    if cells:
        parts += [tag("h3", "Rates per pairing"), tag("div", cells, class_="figures")]
    return Markup("".join(parts))
