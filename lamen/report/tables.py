"""The report's tables (pandas): the tournament at a glance, the leaderboard, the matrices and
the measured biases. Pure functions over `ReportData`; no I/O."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from lamen.matrices import head_to_head as matrix_head_to_head
from lamen.matrices import self_play_summary
from lamen.ratings import (
    BradleyTerryBootstrap,
    BradleyTerryFit,
    EloRatings,
    HeadToHead,
    TrueSkillRatings,
    bootstrap_bradley_terry,
    fit_bradley_terry,
    fit_elo,
    fit_trueskill,
    head_to_head,
    rated_matches,
    summarize_agents,
)
from lamen.report.data import ReportData
from lamen.space import outcome_space, utility_tables

# Column names in files (CSV, LaTeX keys) and their headers for people.
HEADERS = {
    "agent": "agent", "bt_elo": "BT Elo", "bt_lower": "BT 95% low", "bt_upper": "BT 95% high",
    "rank_lower": "rank low", "rank_upper": "rank high", "elo_median": "Elo", "elo_lower": "Elo low",
    "elo_upper": "Elo high", "trueskill_mu": "TrueSkill mu", "trueskill_sigma": "TrueSkill sigma",
    "trueskill_conservative": "TrueSkill mu-3sigma", "games": "games", "agreement_rate": "agreement",
    "utility": "U", "utility_agreed": "U*", "welfare": "welfare", "internal_faithfulness": "int. faithful",
    "external_faithfulness": "ext. faithful", "instruction_following": "instruction",
}
INSTRUCTION_FIGURES = ("note_instruction", "message_instruction", "format_instruction")
MATRIX_VALUES = {"u_star": "U*", "soft": "soft completion", "hard": "hard completion"}
GAME_KINDS = {"competitive": False, "cooperative": True}


@dataclass(frozen=True, eq=False)
class Ratings:
    """Every rating of the cross-play matches, fitted once for the whole report."""

    fit: BradleyTerryFit
    bootstrap: BradleyTerryBootstrap
    elo: EloRatings
    trueskill: TrueSkillRatings
    head_to_head: HeadToHead
    scores: pd.DataFrame  # the rated matches with their graded score for side A


def utility_granularity(data: ReportData) -> float:
    """The smallest utility step of any issue to either side, over the tournament's games: a
    TrueSkill gap at most this big is a draw. 0 when no game is known."""
    steps = []
    for info in data.games:
        if info.game is None:
            continue
        for table in utility_tables(info.game):
            for side in (0, 1):
                values = np.unique(np.round(table[:, side], 12))
                if len(values) > 1:
                    steps.append(float(np.min(np.diff(values))))
    return min(steps, default=0.0)


def rate(data: ReportData, *, replicates: int = 1000, orderings: int = 100) -> Ratings:
    """Bradley–Terry with bootstrap, Elo over orderings, TrueSkill and head-to-head; raises
    ValueError when there is nothing to rate (e.g. no finished cross-play match)."""
    matches = data.matches
    fit = fit_bradley_terry(matches)
    return Ratings(fit=fit, bootstrap=bootstrap_bradley_terry(matches, fit, replicates=replicates),
                   elo=fit_elo(matches, orderings=orderings),
                   trueskill=fit_trueskill(matches, granularity=utility_granularity(data)),
                   head_to_head=head_to_head(matches, fit), scores=rated_matches(matches))


def side_view(matches: pd.DataFrame) -> pd.DataFrame:
    """Finished matches twice, once from each side: agent, opponent, utility and the judge's
    figures of that side."""
    finished = matches[matches["status"] == "finished"]
    views = []
    for me, other in (("a", "b"), ("b", "a")):
        view = pd.DataFrame({"match_id": finished["match_id"], "stage": finished["stage"],
                             "agent": finished[f"agent_{me}"], "opponent": finished[f"agent_{other}"],
                             "utility": finished[f"u_{me}"].astype(float)})
        for figure in ("internal_faithfulness", "external_faithfulness", *INSTRUCTION_FIGURES):
            view[figure] = pd.to_numeric(finished[f"{figure}_{me}"], errors="coerce")
        views.append(view)
    return pd.concat(views, ignore_index=True)


def leaderboard(data: ReportData, ratings: Ratings | None) -> pd.DataFrame:
    """One row per agent, best Bradley–Terry rating first; all figures over cross-play games.

    Instruction following is the mean of the side's word-limit (note, message) and note-format
    figures; faithfulness the judge's per-side fractions, averaged over games."""
    view = side_view(data.matches)
    view = view[view["stage"] == "cross"]
    view["instruction_following"] = view[list(INSTRUCTION_FIGURES)].mean(axis=1)
    table = pd.DataFrame(index=pd.Index(data.agent_ids, name="agent"), columns=list(HEADERS)[1:], dtype=float)
    judged = view.groupby("agent")[["internal_faithfulness", "external_faithfulness", "instruction_following"]].mean()
    table.update(judged)
    if ratings is not None:
        for rating in ratings.fit.ratings:
            table.loc[rating.agent, ["bt_elo", "bt_lower", "bt_upper"]] = rating.elo, rating.lower, rating.upper
        for boot in ratings.bootstrap.ratings:
            table.loc[boot.agent, ["rank_lower", "rank_upper"]] = boot.rank_lower, boot.rank_upper
        for elo in ratings.elo.ratings:
            table.loc[elo.agent, ["elo_median", "elo_lower", "elo_upper"]] = elo.median, elo.lower, elo.upper
        for skill in ratings.trueskill.ratings:
            table.loc[skill.agent, ["trueskill_mu", "trueskill_sigma", "trueskill_conservative"]] = (
                skill.mu, skill.sigma, skill.conservative)
        for summary in summarize_agents(data.matches):
            table.loc[summary.agent, ["games", "agreement_rate", "utility", "utility_agreed", "welfare"]] = (
                summary.games, summary.agreement_rate, summary.utility, summary.utility_agreed, summary.welfare)
    table = table.reset_index()
    order = table["bt_elo"].fillna(-np.inf)
    table = table.iloc[np.lexsort((table["agent"].to_numpy(), -order.to_numpy()))].reset_index(drop=True)
    table["games"] = table["games"].astype("Int64")
    table["rank_lower"] = table["rank_lower"].astype("Int64")
    table["rank_upper"] = table["rank_upper"].astype("Int64")
    return table


def status_table(matches: pd.DataFrame) -> pd.DataFrame:
    """Matches by stage (rows) and status (columns), with totals."""
    counts = pd.crosstab(matches["stage"], matches["status"], margins=True, margins_name="total")
    counts.index.name, counts.columns.name = "stage", None
    return counts


def games_table(data: ReportData) -> pd.DataFrame:
    """Per game: class, issues, outcome-space size, matches, finished, agreement rate."""
    rows = []
    for info in data.games:
        played = data.matches[data.matches["game"] == info.name]
        finished = played[played["status"] == "finished"]
        rows.append({
            "game": info.name, "class": info.game_class,
            "issues": ", ".join(issue.name for issue in info.game.issues) if info.game else "",
            "outcomes": outcome_space(info.game).n_outcomes if info.game else pd.NA,
            "matches": len(played), "finished": len(finished),
            "agreement_rate": finished["agreement"].mean() if len(finished) else np.nan,
        })
    return pd.DataFrame(rows, columns=["game", "class", "issues", "outcomes", "matches", "finished", "agreement_rate"])


def usage_table(data: ReportData) -> pd.DataFrame:
    """Per agent: provider, model, matches played (finished or errored), model calls, tokens and
    spend (from `calls`)."""
    agents = data.agents.set_index("agent_id")
    played = data.matches[data.matches["status"] != "pending"]
    appearances = pd.concat([played["agent_a"], played.loc[played["agent_a"] != played["agent_b"], "agent_b"]])
    appearances = appearances.value_counts()
    usage = data.usage.set_index("agent")
    rows = []
    for agent in data.agent_ids:
        row = {"agent": agent, "provider": agents["provider"].get(agent, ""), "model": agents["model"].get(agent, ""),
               "matches": int(appearances.get(agent, 0))}
        for column in ("calls", "input_tokens", "output_tokens", "cached_tokens", "cached_calls"):
            row[column] = int(usage[column].get(agent, 0))
        row["cost_usd"] = float(usage["cost_usd"].get(agent, 0.0))
        rows.append(row)
    return pd.DataFrame(rows, columns=["agent", "provider", "model", "matches", "calls", "input_tokens",
                                       "output_tokens", "cached_tokens", "cached_calls", "cost_usd"])


def effects_table(ratings: Ratings) -> pd.DataFrame:
    """Side A's and the first mover's edge: Bradley–Terry fixed effects in Elo points, and the
    mean graded score they actually got (0.5 = no edge)."""
    scores = ratings.scores
    first_mover = np.where(scores["first"] == "a", scores["score"], 1.0 - scores["score"])
    rows = []
    for name, effect, empirical in (("side A", ratings.fit.side, scores["score"].mean()),
                                    ("first mover", ratings.fit.first_mover, first_mover.mean())):
        rows.append({"effect": name, "elo": effect.elo, "lower": effect.lower, "upper": effect.upper,
                     "se": effect.se, "mean_score": float(empirical), "matches": len(scores)})
    return pd.DataFrame(rows)


def matrices(data: ReportData) -> dict[tuple[str, str], pd.DataFrame]:
    """Cross-play matrices of the row agent against the column agent (paper Tables 11–14):
    (value, kind) -> matrix for value in U*, soft, hard and kind in competitive, cooperative."""
    if not (data.matches["stage"] == "cross").any():
        return {}
    return {(value, kind): matrix_head_to_head(data.matches, value, cooperative=cooperative)
            for value in MATRIX_VALUES for kind, cooperative in GAME_KINDS.items()}


def self_play_tables(data: ReportData) -> dict[str, pd.DataFrame]:
    """Paper Tables 1–2: the self-play summary overall and by game class (empty without self-play)."""
    overall = self_play_summary(data.matches)
    if overall.empty:
        return {}
    by_class = self_play_summary(data.matches, by_game_class=True)
    return {"self_play": overall.rename_axis("agent"),
            "self_play_by_class": by_class.rename_axis(["agent", "game class"])}
