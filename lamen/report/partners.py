"""The report's sections for a common-payoff tournament (chosen by the family's relation, not its
name): the team-score matrix with self-play on the diagonal, the partner model's prediction beside
it, the partner ratings with the cross-play gap, and the family's own metrics (such as the Optimal
rate) per agent and per pairing. Asymmetric roles: lamen.report.role_sections."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from lamen.ratings.partner import PartnerRatings, rate_partners
from lamen.ratings.team_table import team_score_matrix, team_table
from lamen.report.html import Markup, frame_table, tag
from lamen.store import Store

COMMON_PAYOFF = "common-payoff"
RATING_COLUMNS = {"agent": "agent", "points": "points", "points_low": "points low", "points_high": "points high",
                  "rank": "rank", "rank_low": "rank low", "rank_high": "rank high",
                  "team_score": "with an average partner", "self_play": "self-play", "cross_play": "cross-play",
                  "gap": "gap (cross − self)", "gap_low": "gap low", "gap_high": "gap high",
                  "self_matches": "self-play matches", "cross_matches": "cross-play matches",
                  "unbounded": "unbounded"}


def relation_of(spec: dict[str, Any]) -> str:
    """The relation of the family a stored tournament spec names (negotiation when it names none)."""
    from lamen.core.registry import UnknownFamily, get_family

    try:
        return str(get_family(str(spec.get("family", "negotiation"))).relation)
    except UnknownFamily:
        return "unknown"


def _metrics(db_path: Any, tournament: str) -> pd.DataFrame:
    """One row per finished match: its agents and the family's metrics from the stored outcome."""
    store = Store.open_read_only(db_path)
    try:
        rows = store.match_rows(tournament)
    finally:
        store.close()
    records = [{"agent_a": row["agent_a"], "agent_b": row["agent_b"], **(row["outcome"] or {}).get("metrics", {})}
               for row in rows if row["status"] == "finished" and row["outcome"]]
    return pd.DataFrame.from_records(records)


def _pair_matrix(metrics: pd.DataFrame, column: str, agents: list[str]) -> pd.DataFrame:
    """Mean of `column` per pair of agents, both seat orders together, self-play on the diagonal."""
    swapped = metrics.rename(columns={"agent_a": "agent_b", "agent_b": "agent_a"})
    both = pd.concat([metrics, swapped[metrics["agent_a"] != metrics["agent_b"]]])
    matrix = both.pivot_table(index="agent_a", columns="agent_b", values=column, aggfunc="mean")
    matrix = matrix.reindex(index=agents, columns=agents)
    matrix.index.name = matrix.columns.name = None
    return matrix


def partner_sections(data: Any, export: Callable[..., Markup], heatmap: Callable[..., Markup],
                     missing: Callable[[str], Markup], replicates: int = 1000) -> list[tuple[str, str, Markup]]:
    """(id, title, body) of the common-payoff sections, in order; a family of asymmetric roles
    (its roles, not its name, decide) gets the role sections (lamen.report.role_sections)."""
    plan = _asymmetric_plan(data.spec)
    if plan is not None:
        from lamen.report.role_sections import role_sections

        return role_sections(data, plan, lambda agents: _sees_everything(data.spec, agents), export, heatmap,
                             missing, replicates)
    frame = data.matches
    finished = frame[frame["status"] == "finished"]
    if finished.empty:
        return [("team-scores", "Team scores", missing("No finished matches: there are no team scores to show."))]
    empirical = team_score_matrix(frame)
    agents = list(empirical.index)
    try:
        ratings: PartnerRatings | None = rate_partners(team_table(frame), replicates=replicates)
        reason = ""
    except ValueError as exc:
        ratings, reason = None, str(exc)
    oracles = _sees_everything(data.spec, agents)
    return [("team-scores", "Team scores", _team_scores(empirical, ratings, agents, export, heatmap)),
            ("partner-ratings", "Partner ratings", _ratings(ratings, reason, export, missing, oracles)),
            ("family-metrics", "Family metrics", _family_metrics(data, agents, export, heatmap, missing))]


def _team_scores(empirical: pd.DataFrame, ratings: PartnerRatings | None, agents: list[str],
                 export: Callable[..., Markup], heatmap: Callable[..., Markup]) -> Markup:
    parts = [tag("p", "Both seats share one score (the family's team score, 0–1): the matrix is the mean team score "
                      "of the row agent with the column agent over the instances every pairing played, both seat "
                      "orders and both first movers together; self-play on the diagonal.", class_="note")]
    cells = [heatmap(empirical, "team_score_observed", "Team score: row with column", "mean team score (0–1)",
                     "Observed mean team score of each pairing; the diagonal is self-play.")]
    if ratings is not None and not np.isnan(ratings.mean_level):
        predicted = ratings.predicted().reindex(index=agents, columns=agents)
        cells.append(heatmap(predicted, "team_score_predicted", "Predicted team score: row with column",
                             "σ(μ̄ + a_row + a_column)",
                             "The partner model's team score of every pairing on an average instance; where it "
                             "differs from the observed matrix, the pair is better (or worse) together than their "
                             "strengths add up to."))
    parts.append(tag("div", cells, class_="figures"))
    return Markup("".join(parts))


def _asymmetric_plan(spec: dict[str, Any]) -> Any:
    """The seat plan (lamen.core.seats) of the family a stored spec names, when its roles are
    asymmetric; None otherwise."""
    from lamen.core.registry import UnknownFamily, get_family
    from lamen.core.seats import seat_plan

    try:
        plan = seat_plan(get_family(str(spec.get("family", "negotiation"))))
    except UnknownFamily:
        return None
    return None if plan is None or plan.interchangeable else plan


def _sees_everything(spec: dict[str, Any], agents: list[str]) -> tuple[str, ...]:
    """The family's cheating scripted players (oracles) among the agents."""
    from lamen.core.registry import UnknownFamily, get_family

    try:
        return get_family(str(spec.get("family", "negotiation"))).sees_everything(agents)
    except UnknownFamily:
        return ()


def _ratings(ratings: PartnerRatings | None, reason: str, export: Callable[..., Markup],
             missing: Callable[[str], Markup], oracles: tuple[str, ...] = ()) -> Markup:
    if ratings is None:
        return missing(f"No partner ratings: {reason}")
    table = ratings.to_frame()[list(RATING_COLUMNS)].rename(columns=RATING_COLUMNS)
    parts = [tag("p", "Partner strength a (FAMILIES.md §3.4): E[team score] = σ(μ_instance + a_i + a_j), self-play "
                      "counted twice, in points (1000 = the average partner; +400 = ten times the odds of the team "
                      "score). With an average partner: σ(μ̄ + a). Gap = cross-play − self-play (negative: the agent "
                      "coordinates mainly with itself). 95% intervals clustered by instance; rank intervals from a "
                      f"bootstrap of instances ({ratings.replicates} replicates).", class_="note")]
    parts += [missing(warning) for warning in ratings.warnings]
    parts += [tag("p", f"{agent} sees everything (every seat's private data): an upper bound, not a partner to "
                       "rank a model against.", class_="note") for agent in oracles]
    parts += [frame_table(table, digits={name: 0 for name in ("points", "points low", "points high", "rank", "rank low",
                                                           "rank high")}),
              export(table, "partner_ratings", "Partner ratings, strongest first")]
    return Markup("".join(parts))


def _family_metrics(data: Any, agents: list[str], export: Callable[..., Markup], heatmap: Callable[..., Markup],
                    missing: Callable[[str], Markup]) -> Markup:
    metrics = _metrics(data.db_path, data.tournament)
    names = [column for column in metrics.columns if column not in ("agent_a", "agent_b")]
    if not names:
        return missing("The family's outcomes carry no metrics.")
    per_agent = pd.DataFrame({
        agent: metrics[(metrics["agent_a"] == agent) | (metrics["agent_b"] == agent)][names].mean()
        for agent in agents}).T.rename_axis("agent")
    parts = [tag("p", "The family's own figures from each stored outcome, mean over every match an agent played "
                      "(either seat).", class_="note"),
             frame_table(per_agent, index=True), export(per_agent, "family_metrics", "Family metrics per agent",
                                                        index=True)]
    # A metric that is 0 or 1 in every match is a rate (Optimal, Identical, Correct): a matrix of it.
    # (One that is 0 in every match, e.g. no format error anywhere, has nothing to show.)
    rates = [name for name in names
             if metrics[name].dropna().isin([0.0, 1.0]).all() and (metrics[name] == 1.0).any()]
    cells = [heatmap(_pair_matrix(metrics, name, agents), f"rate_{name}", f"{name.capitalize()} rate: row with column",
                     f"share of matches with {name} = 1",
                     f"Share of the pairing's matches where the family's metric '{name}' was 1; the diagonal is "
                     "self-play.") for name in rates]
    if cells:
        parts += [tag("h3", "Rates per pairing"), tag("div", cells, class_="figures")]
    return Markup("".join(parts))
