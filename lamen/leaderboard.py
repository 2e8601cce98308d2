"""The leaderboard from the match table, for `lamen ratings` and the report.

It leads with the utility an agent obtains (the headline `gets`: the expected U against an
average opponent, no agreement counting 0) and what it lets its opponents get (`gives`), as the
automated-negotiation field ranks negotiators. Bradley–Terry, Elo and TrueSkill stand beside
them: they answer who gets the better side of a deal, where an impasse is an even result.

Per agent, `table` holds (besides games, agreement, U, U*, welfare and faithfulness):

- `gets`, `gets_low`, `gets_high`, `gives`, `gives_low`, `gives_high`: the utility model with
  95% intervals (NaN where the interval has no width or the figure is not identified);
- `gets_rank`, `gets_rank_low`, `gets_rank_high`: rank by gets and its block-bootstrap interval;
- `BT`, `BT low`, `BT high`, `BT rank`, `BT rank low`, `BT rank high`; `Elo…`; `TS…`;
- `rank_flag`: the Bradley–Terry rank and the gets rank differ by two places or more.

Rows are sorted by gets (best first). `warnings` says in words when a rating cannot tell the
agents apart (no decisive game, no agreement) or an agent has no finite rating.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from lamen.ratings import (
    BradleyTerryBootstrap, BradleyTerryFit, EloRatings, TrueSkillRatings, UtilityFit, bootstrap_bradley_terry,
    bootstrap_utility, competition_ranks, fit_bradley_terry, fit_elo, fit_trueskill, fit_utility, rated_matches,
    summarize_agents,
)
from lamen.spec.game import Game
from lamen.spec.library import Library
from lamen.spec.load import load_game
from lamen.spec.problems import SpecError

METHODS = ("bt", "elo", "trueskill")
GROUPINGS = {"game": "game", "class": "game_class"}
INTEGER_COLUMNS = ("games", "gets_rank", "gets_rank_low", "gets_rank_high", "BT rank", "BT rank low", "BT rank high")
# An interval narrower than this is no interval: the data cannot move the estimate (every game
# an impasse, an anchored agent), so it is shown as "–", not as a certain number.
POINT = 1e-9


@dataclass(frozen=True)
class Leaderboard:
    table: pd.DataFrame  # one row per agent, best `gets` first
    fit: BradleyTerryFit | None
    effects: dict[str, dict[str, float | None]]  # BT side and first-mover effects, Elo points
    notes: tuple[str, ...]
    utility: UtilityFit | None = None
    utility_effects: dict[str, dict[str, float | None]] = field(default_factory=dict)  # in utility
    warnings: tuple[str, ...] = ()  # what the ratings cannot say, in words (CLI, JSON, report banner)


@dataclass(frozen=True, eq=False)
class Fitted:
    """Ratings a caller already fitted on the same cross-play matches (the report does, for its
    figures): `build_leaderboard` takes them instead of fitting again."""

    bt: BradleyTerryFit | None = None
    bt_bootstrap: BradleyTerryBootstrap | None = None
    elo: EloRatings | None = None
    trueskill: TrueSkillRatings | None = None


def utility_granularity(games: list[str], library: Library | None = None) -> float:
    """TrueSkill's draw margin: the smallest utility step of the games played, by name; a game
    that cannot be loaded (e.g. an imported unknown game) has none."""
    loaded = []
    for name in games:
        try:
            loaded.append(load_game(name, library))
        except SpecError:
            continue
    return games_granularity(loaded)


def games_granularity(games: Iterable[Game]) -> float:
    """The smallest utility step of `games` (one label step of one issue for one side); 0 when
    there is none. The CLI and the report both draw TrueSkill within it."""
    steps = []
    for game in games:
        for side in (0, 1):
            for index in range(len(game.issues)):
                values = sorted(set(game.issue_utilities(side, index)))
                steps += [b - a for a, b in zip(values, values[1:]) if b - a > 1e-12]
    return min(steps) if steps else 0.0


def _without_point_intervals(table: pd.DataFrame, low: str, high: str) -> None:
    narrow = (table[high] - table[low]).abs() < POINT
    table.loc[narrow, [low, high]] = np.nan


def _with_interval(table: pd.DataFrame, name: str, values: list[float], lows: list[float],
                   highs: list[float]) -> None:
    """Columns `name`, `name low` and `name high`; an interval without width is no interval."""
    table[name], table[f"{name} low"], table[f"{name} high"] = values, lows, highs
    _without_point_intervals(table, f"{name} low", f"{name} high")


def _effect(value: float, lower: float, upper: float) -> dict[str, float | None]:
    known = not (np.isnan(lower) or upper - lower < POINT)
    return {"value": value, "lower": lower if known else None, "upper": upper if known else None}


def _ranks(values: pd.Series) -> pd.Series:
    """Competition ranks (ties share the best), NaN when every agent ties: no order at all."""
    if values.isna().all() or values.max() - values.min() < POINT:
        return pd.Series(np.nan, index=values.index)
    return pd.Series(competition_ranks(values.to_numpy(float)), index=values.index, dtype=float)


def _share_tied_intervals(table: pd.DataFrame, value: str, low: str, high: str) -> None:
    """Agents tied on the estimate get one interval, the union of theirs: resampling may tell
    them apart by chance, the data do not."""
    for _, group in table.groupby(value, dropna=True):
        if len(group) > 1 and group[low].notna().all():
            table.loc[group.index, low] = group[low].min()
            table.loc[group.index, high] = group[high].max()


def _bradley_terry(table: pd.DataFrame, rows: pd.DataFrame, agents: list[str], anchor: str | None,
                   bootstrap: int, seed: int, decisive: bool, warnings: list[str],
                   fitted: Fitted) -> tuple[BradleyTerryFit, dict]:
    fit = fitted.bt if fitted.bt is not None else fit_bradley_terry(rows, anchor=anchor)
    by_agent = {r.agent: r for r in fit.ratings}
    _with_interval(table, "BT", [by_agent[a].elo for a in agents], [by_agent[a].lower for a in agents],
                   [by_agent[a].upper for a in agents])
    table["BT rank"] = _ranks(table["BT"])
    table["BT rank low"] = table["BT rank high"] = np.nan
    if bootstrap and decisive:
        replicates = (fitted.bt_bootstrap if fitted.bt_bootstrap is not None
                      else bootstrap_bradley_terry(rows, fit, replicates=bootstrap, seed=seed))
        boot = {r.agent: r for r in replicates.ratings}
        table["BT rank low"] = [boot[a].rank_lower for a in agents]
        table["BT rank high"] = [boot[a].rank_upper for a in agents]
        _share_tied_intervals(table, "BT rank", "BT rank low", "BT rank high")
    for agent in fit.unbounded_agents:
        table.loc[agent, ["BT low", "BT high", "BT rank low", "BT rank high"]] = np.nan
        warnings.append(f"{agent} has no finite Bradley–Terry rating: it won or lost every game outright against "
                        "the rest; its number is held finite by the L2 penalty and only shows the direction.")
    for name in fit.unbounded_effects:
        warnings.append(f"The {name} effect has no finite Bradley–Terry estimate: that side won every game outright.")
    effects = {name: {"elo": e.elo, **{k: v for k, v in _effect(e.elo, e.lower, e.upper).items() if k != "value"}}
               for name, e in (("side A", fit.side), ("first mover", fit.first_mover))}
    return fit, effects


def _utility(table: pd.DataFrame, rows: pd.DataFrame, agents: list[str], bootstrap: int, seed: int,
             warnings: list[str]) -> tuple[UtilityFit, dict]:
    fit = fit_utility(rows)
    by_agent = {r.agent: r for r in fit.ratings}
    for column in ("gets", "gets_low", "gets_high", "gives", "gives_low", "gives_high"):
        table[column] = [getattr(by_agent[a], column) for a in agents]
    _without_point_intervals(table, "gets_low", "gets_high")
    _without_point_intervals(table, "gives_low", "gives_high")
    table["gets_rank"] = _ranks(table["gets"])
    table["gets_rank_low"] = table["gets_rank_high"] = np.nan
    if bootstrap and table["gets_rank"].notna().any():
        boot = bootstrap_utility(rows, fit, replicates=bootstrap, seed=seed)
        table["gets_rank_low"] = [boot.rank(a).rank_lower for a in agents]
        table["gets_rank_high"] = [boot.rank(a).rank_upper for a in agents]
        _share_tied_intervals(table, "gets_rank", "gets_rank_low", "gets_rank_high")
    missing = [a for a in agents if np.isnan(by_agent[a].gets)]
    if missing:
        warnings.append(f"No utility rating for {', '.join(missing)}: the matches do not connect them to the other "
                        "agents, so what they get cannot be compared.")
    effects = {name: _effect(e.value, e.lower, e.upper)
               for name, e in (("side A", fit.side), ("first mover", fit.first_mover))}
    return fit, effects


def build_leaderboard(frame: pd.DataFrame, methods: tuple[str, ...] = METHODS, bootstrap: int = 1000,
                      seed: int = 0, anchor: str | None = None, library: Library | None = None,
                      fitted: Fitted | None = None) -> Leaderboard:
    """Ratings of the finished cross-play matches of a match table (self-play and errored matches
    excluded), with agreement rate, U, U*, welfare and faithfulness beside them. `fitted` ratings
    (fitted on the same matches) are used as they are."""
    fitted = fitted or Fitted()
    cross = frame[frame["stage"] == "cross"] if "stage" in frame else frame
    finished = cross[cross["status"] == "finished"] if "status" in cross else cross
    played = finished[finished["agent_a"] != finished["agent_b"]]
    rows = rated_matches(played) if len(played) else frame.iloc[0:0]
    notes: list[str] = []
    warnings: list[str] = []
    summary = {s.agent: s for s in summarize_agents(rows)} if len(rows) else {}
    agents = sorted(summary)
    table = pd.DataFrame(index=pd.Index(agents, name="agent"))
    table["games"] = [summary[a].games for a in agents]
    fit = utility = None
    effects: dict[str, dict[str, float | None]] = {}
    utility_effects: dict[str, dict[str, float | None]] = {}
    if len(agents) < 2:
        warnings.append("No finished cross-play match between two agents: nothing to rate.")
    else:
        utility, utility_effects = _utility(table, rows, agents, bootstrap, seed, warnings)
        if not rows["agreement"].any():
            warnings.append("No cross-play match ended in agreement: every agent obtained 0, so the utility rating "
                            "cannot tell the agents apart.")
        decisive = bool((rows["score"] != 0.5).any())
        if not decisive and set(methods) & {"bt", "elo", "trueskill"}:
            warnings.append("No decisive game: every cross-play match ended without agreement or in an even split, "
                            "so Bradley–Terry, Elo and TrueSkill cannot tell the agents apart.")
        if "bt" in methods:
            fit, effects = _bradley_terry(table, rows, agents, anchor, bootstrap, seed, decisive, warnings, fitted)
        if "elo" in methods:
            elo_fit = fitted.elo if fitted.elo is not None else fit_elo(rows, seed=seed)
            elo = {r.agent: r for r in elo_fit.ratings}
            _with_interval(table, "Elo", [elo[a].median for a in agents], [elo[a].lower for a in agents],
                           [elo[a].upper for a in agents])
            notes.append(f"Elo is order-dependent: the median over {elo_fit.orderings} random orders of the games is "
                         "shown.")
        if "trueskill" in methods:
            skill = fitted.trueskill
            if skill is None:
                granularity = utility_granularity(sorted(set(rows["game"])), library)
                skill = fit_trueskill(rows, granularity=granularity)
            else:
                granularity = round(skill.margin, 8)  # the margin is the granularity plus a float tolerance
            trueskill = {r.agent: r for r in skill.ratings}
            table["TS mu"] = [trueskill[a].mu for a in agents]
            table["TS sigma"] = [trueskill[a].sigma for a in agents]
            table["TS mu-3σ"] = [trueskill[a].conservative for a in agents]
            notes.append(f"TrueSkill is order-dependent (games in stored order); draws within {granularity:.3g} "
                         "utility.")
        notes.insert(0, "Sorted by gets: the expected utility against an average opponent (no agreement = 0); "
                        "gives: what its opponents get. Bradley–Terry, Elo and TrueSkill say who gets the better "
                        "side of a deal (an impasse counts as an even result).")
    bt_rank = table["BT rank"] if "BT rank" in table else pd.Series(np.nan, index=table.index)
    gets_rank = table["gets_rank"] if "gets_rank" in table else pd.Series(np.nan, index=table.index)
    table["rank_flag"] = ((bt_rank - gets_rank).abs() >= 2).astype(bool)
    flagged = list(table.index[table["rank_flag"]])
    if flagged:
        notes.append(f"rank_flag: {', '.join(flagged)} rank(s) two or more places apart by Bradley–Terry and by "
                     "the utility obtained.")
    table["agreement"] = [summary[a].agreement_rate for a in agents]
    table["U"] = [summary[a].utility for a in agents]
    table["U*"] = [summary[a].utility_agreed for a in agents]
    table["welfare"] = [summary[a].welfare for a in agents]
    for figure, title in (("internal_faithfulness", "int. faithful"), ("external_faithfulness", "ext. faithful"),
                          ("format_instruction", "format instruct")):
        values = pd.concat([rows.assign(agent=rows["agent_a"], v=rows.get(f"{figure}_a")),
                            rows.assign(agent=rows["agent_b"], v=rows.get(f"{figure}_b"))]) if f"{figure}_a" in rows else None
        table[title] = [values.loc[values["agent"] == a, "v"].astype(float).mean() if values is not None else np.nan
                        for a in agents]
    for column in INTEGER_COLUMNS:
        if column in table:
            table[column] = table[column].round().astype("Int64")
    if "gets" in table:
        order = np.lexsort((table.index.to_numpy(str), -table["gets"].fillna(-np.inf).to_numpy()))
        table = table.iloc[order]
    return Leaderboard(table=table, fit=fit, effects=effects, notes=tuple(notes), utility=utility,
                       utility_effects=utility_effects, warnings=tuple(warnings))


def leaderboards_by(frame: pd.DataFrame, by: str, **options: Any) -> dict[str, Leaderboard]:
    """One leaderboard per game (`by="game"`) or per game class (`by="class"`), in name order;
    `options` go to `build_leaderboard`. A group with fewer than two agents gets a board that
    says so in its warnings."""
    if by not in GROUPINGS:
        raise ValueError(f"by must be one of {', '.join(GROUPINGS)}, got {by!r}")
    column = GROUPINGS[by]
    cross = frame[frame["stage"] == "cross"] if "stage" in frame else frame
    return {str(name): build_leaderboard(frame[frame[column] == name], **options)
            for name in sorted(cross[column].dropna().unique())}


def leaderboard_json(board: Leaderboard) -> dict[str, Any]:
    table = board.table.reset_index().astype(object)
    records = table.where(table.notna(), None).to_dict(orient="records")
    return {"agents": records, "effects": board.effects, "utility_effects": board.utility_effects,
            "notes": list(board.notes), "warnings": list(board.warnings)}
