"""The report's tables (pandas): the tournament at a glance, the leaderboard, the matrices and
the measured biases. Pure functions over `ReportData`; no I/O."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from lamen.leaderboard import Fitted, Leaderboard, build_leaderboard, games_granularity, leaderboards_by
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
)
from lamen.report.data import ReportData
from lamen.space import outcome_space

# Column names in files (CSV, LaTeX keys) and their headers for people.
HEADERS = {"agent": "agent", "internal_faithfulness": "int. faithful", "external_faithfulness": "ext. faithful",
           "instruction_following": "instruction"}
CONDUCT = ("internal_faithfulness", "external_faithfulness", "instruction_following")
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
    """The smallest utility step of the tournament's known games, as `lamen ratings` takes it:
    a TrueSkill gap at most this big is a draw. 0 when no game is known."""
    return games_granularity(info.game for info in data.games if info.game is not None)


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


def leaderboard(data: ReportData, ratings: Ratings | None, *, replicates: int = 1000) -> Leaderboard:
    """The headline leaderboard (`lamen.leaderboard`: best `gets` first, Bradley–Terry, Elo and
    TrueSkill beside it) over cross-play, taking the report's own fits instead of fitting again.
    Every agent of the tournament has a row, those without a rated game last and empty. Matches
    that cannot be rated at all give a board without rows (the section says why)."""
    fitted = None
    if ratings is not None:
        fitted = Fitted(bt=ratings.fit, bt_bootstrap=ratings.bootstrap, elo=ratings.elo, trueskill=ratings.trueskill)
    try:
        board = build_leaderboard(data.matches, bootstrap=replicates, fitted=fitted)
    except ValueError:  # the match table itself is unusable; rate() said so already
        board = Leaderboard(table=pd.DataFrame(index=pd.Index([], name="agent")), fit=None, effects={}, notes=())
    return replace(board, table=_every_agent(board.table, data.agent_ids))


def _every_agent(table: pd.DataFrame, agents: tuple[str, ...]) -> pd.DataFrame:
    """`table` with an empty row for each of `agents` it lacks, after its own rows; agent as a column."""
    order = [*table.index, *(agent for agent in agents if agent not in table.index)]
    table = table.reindex(pd.Index(order, name="agent"))
    if "rank_flag" in table:
        table["rank_flag"] = table["rank_flag"].fillna(False).astype(bool)
    return table.reset_index()


def group_leaderboards(data: ReportData, by: str) -> dict[str, Leaderboard]:
    """One utility leaderboard per game (`by="game"`) or game class (`by="class"`), in name order:
    what each agent gets and gives there (no rank bootstrap, no Bradley–Terry: the tabs show
    neither). Empty when the matches cannot be rated."""
    try:
        boards = leaderboards_by(data.matches, by, methods=(), bootstrap=0)
    except ValueError:
        return {}
    return {name: replace(board, table=board.table.reset_index()) for name, board in boards.items()}


def conduct_table(data: ReportData) -> pd.DataFrame:
    """Per agent, the judge's figures over its cross-play games: faithfulness (the judge's per-side
    fractions) and instruction following (the mean of its word-limit and note-format figures)."""
    view = side_view(data.matches)
    view = view[view["stage"] == "cross"]
    view["instruction_following"] = view[list(INSTRUCTION_FIGURES)].mean(axis=1)
    table = view.groupby("agent")[list(CONDUCT)].mean().reindex(pd.Index(data.agent_ids, name="agent"))
    return table.reset_index()


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


def effects_table(ratings: Ratings, board: Leaderboard) -> pd.DataFrame:
    """Side A's and the first mover's edge: Bradley–Terry fixed effects in Elo points and the mean
    graded score they actually got (0.5 = no edge); the utility model's effects (how much more
    utility they obtain) and the mean utility gap they actually got (no agreement = 0). An
    interval the data cannot narrow is NaN, as on the leaderboard."""
    scores = ratings.scores
    moved_first = (scores["first"] == "a").to_numpy()
    gap = (scores["u_a"] - scores["u_b"]).to_numpy()
    rows = []
    for name, effect, score, utility_gap in (
            ("side A", ratings.fit.side, scores["score"].to_numpy(), gap),
            ("first mover", ratings.fit.first_mover, np.where(moved_first, scores["score"], 1.0 - scores["score"]),
             np.where(moved_first, gap, -gap))):
        bt = board.effects.get(name, {})
        known = bt.get("lower", effect.lower) is not None
        utility = board.utility_effects.get(name, {})
        rows.append({"effect": name, "elo": effect.elo, "lower": effect.lower if known else np.nan,
                     "upper": effect.upper if known else np.nan, "se": effect.se if known else np.nan,
                     "mean_score": float(score.mean()),
                     **{column: np.nan if utility.get(key) is None else float(utility[key])
                        for column, key in (("utility", "value"), ("utility_lower", "lower"),
                                            ("utility_upper", "upper"))},
                     "mean_utility_gap": float(utility_gap.mean()), "matches": len(scores)})
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
