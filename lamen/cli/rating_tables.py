"""Terminal tables of `lamen ratings` and `lamen compare`: by default they fit 100 columns — few
columns, intervals as "value ±half-width", agent names folded onto a second line rather than
cut; `--wide` prints every column of the leaderboard."""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lamen.text_safety import one_line

if TYPE_CHECKING:
    import pandas as pd

    from lamen.leaderboard import Leaderboard
    from lamen.ratings.partner import PartnerRatings

DEFAULT_WIDTH = 100
DASH = "–"


WIDE_WIDTH = 400


def console(wide: bool = False) -> Console:
    """A terminal keeps its own width (at most 100 columns); a pipe or log gets 100 columns.
    `wide`: room for everything, also in a terminal (which then folds the long lines itself
    rather than rich squeezing the columns to "…")."""
    if wide:
        return Console(highlight=False, width=WIDE_WIDTH)
    probe = Console()
    return Console(highlight=False, width=min(probe.width, DEFAULT_WIDTH) if probe.is_terminal else DEFAULT_WIDTH)


def missing(value: Any) -> bool:
    try:
        return value is None or bool(math.isnan(value))
    except TypeError:
        return str(value) in ("<NA>", "nan")


def number(value: Any, digits: int = 2) -> str:
    """Integers as integers, floats with `digits` decimals, missing as a dash."""
    if missing(value):
        return DASH
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):  # Python and numpy integers, pandas' Int64 cells
        return str(int(value))
    return f"{float(value):.{digits}f}"


def name(value: Any) -> Text:
    """An agent name as plain text (never read as console markup), on one line."""
    return Text(one_line(" / ".join(map(str, value)) if isinstance(value, tuple) else str(value)))


def plus_minus(value: Any, low: Any, high: Any, digits: int) -> str:
    """"0.651 ±0.052"; the value alone when there is no interval; a dash without a value."""
    if missing(value):
        return DASH
    if missing(low) or missing(high):
        return f"{float(value):.{digits}f} ±{DASH}"
    return f"{float(value):.{digits}f} ±{(float(high) - float(low)) / 2:.{digits}f}"


def span(low: Any, high: Any) -> str:
    """A rank interval "1–3", "2" when it is one place, a dash when unknown."""
    if missing(low) or missing(high):
        return DASH
    return str(int(low)) if int(low) == int(high) else f"{int(low)}–{int(high)}"


def new_table(title: str | None, *columns: str) -> Table:
    # A title never wraps inside a table narrower than itself.
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
                  min_width=min(len(title), DEFAULT_WIDTH) if title else None)
    for index, column in enumerate(columns):
        if index == 0:
            table.add_column(column, overflow="fold", min_width=8, ratio=1)
        else:
            table.add_column(column, justify="right", no_wrap=True)
    return table


def leaderboard_tables(board: Leaderboard, title: str = "Leaderboard") -> list[Table]:
    """The headline table (utility obtained) and, when fitted, the table of who gets the better
    side of a deal (Bradley–Terry, Elo, TrueSkill)."""
    frame = board.table
    tables = []
    headline = new_table(f"{title}: utility obtained, best first (95% intervals)", "agent", "games", "gets",
                         "rank", "gives", "agree", "U*", "welfare", "BT rank")
    for agent, row in frame.iterrows():
        bt_rank = number(row["BT rank"]) if "BT rank" in frame else DASH
        headline.add_row(name(agent), number(row["games"]),
                         plus_minus(row.get("gets"), row.get("gets_low"), row.get("gets_high"), 3),
                         span(row.get("gets_rank_low"), row.get("gets_rank_high")),
                         plus_minus(row.get("gives"), row.get("gives_low"), row.get("gives_high"), 3),
                         number(row["agreement"]), number(row["U*"]), number(row["welfare"]),
                         bt_rank + (" !" if row["rank_flag"] else ""))
    tables.append(headline)
    deal_columns = [c for c in ("BT", "Elo", "TS mu") if c in frame]
    if deal_columns:
        headers = ["agent"] + (["BT Elo", "BT rank"] if "BT" in frame else []) + (["Elo"] if "Elo" in frame else []) \
            + (["TS μ", "TS σ", "μ−3σ"] if "TS mu" in frame else [])
        deal = new_table("Who gets the better side of a deal (graded score; impasse = even)", *headers)
        for agent, row in frame.iterrows():
            cells = [name(agent)]
            if "BT" in frame:
                cells += [plus_minus(row["BT"], row["BT low"], row["BT high"], 0),
                          span(row["BT rank low"], row["BT rank high"])]
            if "Elo" in frame:
                cells.append(plus_minus(row["Elo"], row["Elo low"], row["Elo high"], 0))
            if "TS mu" in frame:
                cells += [number(row["TS mu"]), number(row["TS sigma"]), number(row["TS mu-3σ"])]
            deal.add_row(*cells)
        tables.append(deal)
    return tables


def frame_table(frame: pd.DataFrame, title: str, digits: int = 3) -> Table:
    """Every column of a frame (the `--wide` view): integers as integers, missing as a dash."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(frame.index.name or "", overflow="fold")
    for column in frame.columns:
        table.add_column(str(column), justify="right", no_wrap=True)
    for index, row in frame.iterrows():
        table.add_row(name(index), *(number(value, digits) for value in row))
    return table


def effect_lines(board: Leaderboard) -> list[str]:
    lines = []
    for name, effect in board.utility_effects.items():
        lines.append(f"{name} obtains {_signed(effect['value'], 3)} utility (95%: {_range(effect, 3)})")
    for name, effect in board.effects.items():
        lines.append(f"{name} effect in Bradley–Terry: {_signed(effect['elo'], 1)} Elo (95%: {_range(effect, 1)})")
    return lines


def _signed(value: Any, digits: int) -> str:
    if missing(value):
        return DASH
    rounded = round(float(value), digits) + 0.0  # + 0.0 turns −0.0 into 0.0: no "-0.000"
    return f"{rounded:+.{digits}f}"


def _range(effect: dict[str, Any], digits: int) -> str:
    if effect.get("lower") is None:
        return DASH
    return f"{_signed(effect['lower'], digits)} to {_signed(effect['upper'], digits)}"


def partner_table(ratings: PartnerRatings, title: str) -> Table:
    """Partner ratings (lamen.ratings.partner), strongest partner first: strength in points,
    expected team score with an average partner, self-play, cross-play and their gap."""
    table = new_table(f"{title}: partner ratings, strongest first (95% intervals)", "agent", "points", "rank",
                      "with avg", "self", "cross", "gap")
    for rating in ratings.ratings:
        points = plus_minus(rating.points, rating.points_low, rating.points_high, 0)
        if rating.unbounded:  # ±∞: a one-sided interval, its finite end from the likelihood profile
            end = rating.points_low if rating.unbounded == "above" else rating.points_high
            points = f"{'≥' if rating.unbounded == 'above' else '≤'} {number(end, 0)}"
        with_average = plus_minus(rating.team_score, rating.team_score_low, rating.team_score_high, 3)
        if rating.unbounded:
            end = rating.team_score_low if rating.unbounded == "above" else rating.team_score_high
            with_average = f"{'≥' if rating.unbounded == 'above' else '≤'} {number(end, 3)}"
        table.add_row(name(rating.agent), points, span(rating.rank_low, rating.rank_high), with_average,
                      plus_minus(rating.self_play, rating.self_play_low, rating.self_play_high, 3),
                      plus_minus(rating.cross_play, rating.cross_play_low, rating.cross_play_high, 3),
                      plus_minus(rating.gap, rating.gap_low, rating.gap_high, 3))
    return table


PARTNER_NOTE = ("points: partner strength, 1000 = the average partner, +400 = ten times the odds of the team score; "
                "with avg: expected team score with an average partner; self / cross: mean team score with itself / "
                "with the others; gap = cross − self (negative: it coordinates mainly with itself); ±half the 95% "
                "interval (clustered by instance); rank: bootstrap 95% interval.")
