"""The report's leaderboard section: the headline table (what each agent gets and gives, then who
gets the better side of a deal), its warnings as banners, the strategy picture, and per-class and
per-game leaderboards as tabs. Numbers come from `lamen.leaderboard`; this module only says them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from lamen.leaderboard import POINT, Leaderboard
from lamen.report import figures as fig
from lamen.report.html import Markup, frame_table, slug, tabs, tag
from lamen.report.strategy import strategy_figure, strategy_points
from lamen.report.tables import HEADERS, Ratings, conduct_table, group_leaderboards, leaderboard

if TYPE_CHECKING:
    from lamen.report.build import _Writer

MINUS = "\u2212"
# The headline table's header groups: (label, columns), left to right.
GROUPS = (("", 1), ("what it obtains (utility 0–1): the headline", 3), ("who gets the better side of a deal", 5),
          ("means over its games", 5))
CAPTION = (
    "Over cross-play games, best gets first. gets: the utility the agent is expected to obtain against an average "
    "opponent (no agreement = 0), from an additive model of both sides' utilities with game, agent, opponent, side "
    "and first-mover effects; gives: what its opponents are expected to obtain against it — as the "
    "automated-negotiation field ranks negotiators. 95% intervals clustered by debiasing block; rank intervals "
    "from the block bootstrap. Bradley–Terry (BT, on graded scores (1 + u_A − u_B)/2), Elo and TrueSkill say who "
    "gets the better side of a deal: an impasse counts as an even result there, so an agent that never concedes "
    "can rate high while obtaining little. ranks differ: “yes” where the agent's BT rank and its rank by gets "
    "differ by two places or more (BT and U ranks differ by ≥ 2). Elo and TrueSkill depend on the order of "
    "games. Agreement, U (0 without agreement), U* (over agreements) and welfare (u_A + u_B) are means over the "
    "agent's games. –: unknown, or an interval the data cannot narrow (of no width).")
GROUP_CAPTION = (
    "The same utility model fitted on that {what}'s cross-play games alone, best gets first: gets with its 95% "
    "interval, gives (what its opponents obtain), agreement rate, U (0 without agreement) and games. –: unknown, "
    "or an interval the data cannot narrow.")
GROUP_COLUMNS = ("agent", "gets", "gets_low", "gets_high", "gives", "gives_low", "gives_high", "agreement", "U",
                 "games")


def number(value: float, digits: int) -> str:
    """A figure with a true minus sign, and no "−0.000" for a value that rounds to zero."""
    rounded = round(float(value), digits)
    text = f"{0.0 if rounded == 0 else rounded:.{digits}f}"
    return text.replace("-", MINUS)


def interval(low: object, high: object, digits: int) -> str:
    """"low–high" ("low to high" when a bound is negative); "–" when unknown or of no width."""
    if pd.isna(low) or pd.isna(high) or float(high) - float(low) < POINT:
        return "–"
    joint = " to " if float(low) < 0 else "–"
    return f"{number(low, digits)}{joint}{number(high, digits)}"


def estimate(value: object, low: object, high: object, digits: int, interval_digits: int | None = None) -> str:
    """"value (low–high)"; "value (–)" when the interval is unknown or of no width; "–" without value."""
    if pd.isna(value):
        return "–"
    return f"{number(value, digits)} ({interval(low, high, digits if interval_digits is None else interval_digits)})"


def ranks(low: object, high: object) -> str:
    if pd.isna(low) or pd.isna(high):
        return "–"
    return f"{int(low)}" if low == high else f"{int(low)}–{int(high)}"


def _column(table: pd.DataFrame, name: str) -> pd.Series:
    """A column of the board, all unknown when the board has none (nothing rated)."""
    return table[name] if name in table else pd.Series(np.nan, index=table.index, dtype=float)


def _estimates(table: pd.DataFrame, value: str, low: str, high: str, digits: int,
               interval_digits: int | None = None) -> list[str]:
    return [estimate(v, lo, hi, digits, interval_digits)
            for v, lo, hi in zip(_column(table, value), _column(table, low), _column(table, high))]


def leaderboard_display(table: pd.DataFrame) -> pd.DataFrame:
    """The leaderboard as people read it, one cell per estimate with its 95% interval (so the whole
    table fits a 1400 px page), in the column order of GROUPS."""
    def figure(name: str) -> pd.Series:
        return _column(table, name).astype(float)

    return pd.DataFrame({
        "agent": table["agent"],
        "gets: U vs an average opponent (95%)": _estimates(table, "gets", "gets_low", "gets_high", 3, 2),
        "rank by gets (95%)": [ranks(lo, hi) for lo, hi in zip(_column(table, "gets_rank_low"),
                                                               _column(table, "gets_rank_high"))],
        "gives: opponents' U (95%)": _estimates(table, "gives", "gives_low", "gives_high", 3, 2),
        "BT Elo (95%)": _estimates(table, "BT", "BT low", "BT high", 0),
        "BT rank (95%)": [ranks(lo, hi) for lo, hi in zip(_column(table, "BT rank low"),
                                                          _column(table, "BT rank high"))],
        "ranks differ": ["yes" if not pd.isna(flag) and bool(flag) else "" for flag in _column(table, "rank_flag")],
        "Elo (95%)": _estimates(table, "Elo", "Elo low", "Elo high", 0),
        "TrueSkill μ ± σ": ["–" if pd.isna(mu) else f"{number(mu, 1)} ± {sigma:.1f}"
                            for mu, sigma in zip(_column(table, "TS mu"), _column(table, "TS sigma"))],
        "games": _column(table, "games").astype("Int64"),
        "agreement": figure("agreement"), "U": figure("U"), "U*": figure("U*"), "welfare": figure("welfare"),
    })


def group_display(table: pd.DataFrame) -> pd.DataFrame:
    """A per-game or per-class leaderboard, compact: gets with its interval, gives, agreement, U, games."""
    return pd.DataFrame({
        "agent": table["agent"],
        "gets (95%)": _estimates(table, "gets", "gets_low", "gets_high", 3, 2),
        "gives": ["–" if pd.isna(value) else number(value, 3) for value in _column(table, "gives")],
        "agreement": _column(table, "agreement").astype(float), "U": _column(table, "U").astype(float),
        "games": _column(table, "games").astype("Int64"),
    })


def warnings(said: Sequence[str]) -> list[Markup]:
    """What the ratings cannot say (no decisive game, no agreement, no finite rating), as banners."""
    return [tag("p", text, class_="warning", role="note") for text in dict.fromkeys(said)]


def _group_tabs(writer: _Writer, by: str, what: str, heading: str) -> Markup:
    boards = group_leaderboards(writer.data, by)
    if len(boards) < 2:  # one group's board is the headline board itself
        return Markup("")
    panels = []
    for number_, (name, board) in enumerate(boards.items(), start=1):
        table = board.table
        exported = table[[c for c in GROUP_COLUMNS if c in table]]
        panels.append((name, Markup("".join([
            *warnings(board.warnings),
            frame_table(group_display(table), id_=f"leaderboard-{by}-{number_}", digits={"agreement": 3, "U": 3}),
            writer.export(exported, f"leaderboard_{by}_{number_:02d}_{slug(name)}",
                          f"Leaderboard of {what} {name} (cross-play)")]))))
    return Markup("".join([tag("h3", heading), tabs(heading, by, panels),
                           tag("p", GROUP_CAPTION.format(what=what), class_="caption")]))


def leaderboard_section(writer: _Writer, ratings: Ratings | None, reason: str, replicates: int) -> tuple[
        Markup, Leaderboard]:
    """The section, and the board it shows (the effects section reads its effects)."""
    board = leaderboard(writer.data, ratings, replicates=replicates)
    table = board.table
    parts = warnings(board.warnings)
    if ratings is None and not board.warnings:
        parts.append(tag("p", f"No ratings: {reason}.", class_="missing"))
    parts += [frame_table(leaderboard_display(table), id_="leaderboard-table", wrap_headers=True, groups=GROUPS),
              tag("p", CAPTION, class_="caption"),
              writer.export(table, "leaderboard", "Leaderboard (cross-play), best gets first")]
    pictures = []
    strategy = strategy_points(table)
    if strategy:
        pictures.append(writer.figure(strategy_figure(strategy, writer.figure_folder)))
    if ratings is not None:
        pictures.append(writer.figure(fig.rating_figure(ratings, writer.figure_folder)))
    if pictures:
        parts.append(tag("div", pictures, class_="figures"))
    parts += [_group_tabs(writer, "class", "game class", "By game class"),
              _group_tabs(writer, "game", "game", "By game")]
    conduct = conduct_table(writer.data)
    parts += [tag("h3", "How each agent negotiated (the judge, cross-play)"),
              frame_table(conduct, headers=HEADERS, id_="conduct-table"),
              tag("p", "Means over the agent's cross-play games: internal faithfulness (the message offers no less "
                       "than the note), external faithfulness, instruction following (word limits and note format). "
                       "–: nothing to measure.", class_="caption"),
              writer.export(conduct, "conduct", "How each agent negotiated (cross-play)")]
    return Markup("".join(parts)), board
