"""The leaderboard: Bradley–Terry with intervals, Elo, TrueSkill, and per-agent outcomes, from
the match table. One place builds it for `lamen ratings` and for the report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from lamen.ratings import (
    BradleyTerryFit, bootstrap_bradley_terry, fit_bradley_terry, fit_elo, fit_trueskill, rated_matches,
    summarize_agents,
)
from lamen.spec.library import Library
from lamen.spec.load import load_game
from lamen.spec.problems import SpecError

METHODS = ("bt", "elo", "trueskill")


@dataclass(frozen=True)
class Leaderboard:
    table: pd.DataFrame  # one row per agent, best Bradley–Terry first
    fit: BradleyTerryFit | None
    effects: dict[str, dict[str, float]]  # side and first-mover effects, Elo points with intervals
    notes: tuple[str, ...]


def utility_granularity(games: list[str], library: Library | None = None) -> float:
    """TrueSkill's draw margin: the smallest utility step of the games played (one label step
    of one issue for one side); 0 when no game can be loaded (e.g. imported unknown games)."""
    steps = []
    for name in games:
        try:
            game = load_game(name, library)
        except SpecError:
            continue
        for side in (0, 1):
            for index in range(len(game.issues)):
                values = sorted(set(game.issue_utilities(side, index)))
                steps += [b - a for a, b in zip(values, values[1:]) if b - a > 1e-12]
    return min(steps) if steps else 0.0


def build_leaderboard(frame: pd.DataFrame, methods: tuple[str, ...] = METHODS, bootstrap: int = 1000,
                      seed: int = 0, anchor: str | None = None, library: Library | None = None) -> Leaderboard:
    """Ratings of the finished cross-play matches of a match table (self-play and errored matches
    excluded), with agreement rate, U, U*, welfare and faithfulness beside them."""
    rows = rated_matches(frame[frame["stage"] == "cross"]) if (frame["stage"] == "cross").any() else frame.iloc[0:0]
    notes: list[str] = []
    summary = {s.agent: s for s in summarize_agents(rows)} if len(rows) else {}
    agents = sorted(summary)
    table = pd.DataFrame(index=pd.Index(agents, name="agent"))
    table["games"] = [summary[a].games for a in agents]
    fit = None
    effects: dict[str, dict[str, float]] = {}
    if len(agents) >= 2 and "bt" in methods:
        fit = fit_bradley_terry(rows, anchor=anchor)
        by_agent = {r.agent: r for r in fit.ratings}
        table["BT"] = [by_agent[a].elo for a in agents]
        table["BT low"] = [by_agent[a].lower for a in agents]
        table["BT high"] = [by_agent[a].upper for a in agents]
        if bootstrap:
            boot = {r.agent: r for r in bootstrap_bradley_terry(rows, fit, replicates=bootstrap, seed=seed).ratings}
            table["rank"] = [f"{boot[a].rank_lower}–{boot[a].rank_upper}" for a in agents]
        effects = {name: {"elo": e.elo, "lower": e.lower, "upper": e.upper}
                   for name, e in (("side A", fit.side), ("first mover", fit.first_mover))}
    if len(agents) >= 2 and "elo" in methods:
        elo = {r.agent: r for r in fit_elo(rows, seed=seed).ratings}
        table["Elo"] = [elo[a].median for a in agents]
        table["Elo low"] = [elo[a].lower for a in agents]
        table["Elo high"] = [elo[a].upper for a in agents]
        notes.append("Elo is order-dependent: the median over 100 random orders of the games is shown.")
    if len(agents) >= 2 and "trueskill" in methods:
        granularity = utility_granularity(sorted(set(rows["game"])), library)
        trueskill = {r.agent: r for r in fit_trueskill(rows, granularity=granularity).ratings}
        table["TS mu"] = [trueskill[a].mu for a in agents]
        table["TS sigma"] = [trueskill[a].sigma for a in agents]
        table["TS mu-3σ"] = [trueskill[a].conservative for a in agents]
        notes.append(f"TrueSkill is order-dependent (games in stored order); draws within {granularity:.3g} utility.")
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
    if "BT" in table:
        table = table.sort_values("BT", ascending=False)
    return Leaderboard(table=table, fit=fit, effects=effects, notes=tuple(notes))


def leaderboard_json(board: Leaderboard) -> dict[str, Any]:
    records = board.table.reset_index().replace({np.nan: None}).to_dict(orient="records")
    return {"agents": records, "effects": board.effects, "notes": list(board.notes)}
