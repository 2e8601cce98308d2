"""The strategy picture: each agent's expected utility obtained ("gets") against the expected
utility it lets its opponents obtain ("gives"), with 95% intervals and a label per agent."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from lamen.report.figures import CHAR, OKABE_ITO, STYLE, FigureFile, new_figure, save

# The leaderboard's columns the picture reads (added by the "gets" rating).
COLUMNS = ("agent", "gets", "gets_low", "gets_high", "gives", "gives_low", "gives_high")
# Where a label may go, in points from its agent's marker: right, left, above, below, then the
# diagonals and farther out — the first place that covers no other label or marker wins.
OFFSETS = ((8, -4), (-8, -4), (0, 9), (0, -15), (8, 8), (-8, 8), (8, -16), (-8, -16),
           (16, -4), (-16, -4), (0, 18), (0, -24), (18, 14), (-18, 14), (18, -22), (-18, -22))

# Labels may cross an interval bar: a light box keeps them readable there.
LABEL_BOX = {"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.85}


@dataclass(frozen=True)
class StrategyPoint:
    """One agent: what it gets and what it gives, each with its 95% interval (NaN when unknown)."""

    agent: str
    gets: float
    gets_low: float
    gets_high: float
    gives: float
    gives_low: float
    gives_high: float


def strategy_points(board: pd.DataFrame) -> list[StrategyPoint] | None:
    """The leaderboard's agents that have a finite "gets" and "gives"; None when the leaderboard
    has no such columns (an older or degenerate rating)."""
    if not set(COLUMNS) <= set(board.columns):
        return None
    rows = board[list(COLUMNS)].dropna(subset=["gets", "gives"])
    return [StrategyPoint(str(row.agent), *(float(value) for value in row[1:])) for row in rows.itertuples(index=False)]


def _bars(centre: np.ndarray, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """Error-bar lengths below and above; 0 where the interval is unknown."""
    return np.nan_to_num(np.vstack([centre - low, high - centre]), nan=0.0).clip(min=0.0)


def _place_labels(figure: Figure, axes: Axes, points: Sequence[StrategyPoint]) -> None:
    """Write each agent's name beside its marker where it covers no other label or marker."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    to_pixels = axes.transData.transform
    scale = figure.dpi / 72
    markers = [Bbox.from_bounds(x - 4 * scale, y - 4 * scale, 8 * scale, 8 * scale)
               for x, y in to_pixels([(p.gives, p.gets) for p in points])]
    frame = axes.get_window_extent(renderer)
    taken: list[Bbox] = []
    # Crowded middle first would push edge labels off the axes; top to bottom is stable and legible.
    for index in sorted(range(len(points)), key=lambda i: (-points[i].gets, points[i].gives)):
        point = points[index]
        best = None
        for dx, dy in OFFSETS:
            text = axes.annotate(point.agent, (point.gives, point.gets), xytext=(dx, dy), textcoords="offset points",
                                 ha="left" if dx > 0 else "right" if dx < 0 else "center", fontsize=8, zorder=6,
                                 color="#1d1d1f", bbox=LABEL_BOX)
            box = text.get_window_extent(renderer)
            others = [m for j, m in enumerate(markers) if j != index]
            clear = (not any(box.overlaps(b) for b in taken + others)
                     and frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1)
            if clear or best is None:
                if best is not None:
                    best[0].remove()
                best = (text, box)
            else:
                text.remove()
            if clear:
                break
        taken.append(best[1])


def draw_strategy(points: Sequence[StrategyPoint]) -> Figure:
    """Gives (x) against gets (y), both expected utilities 0–1 against an average opponent."""
    gets = np.array([p.gets for p in points], dtype=float)
    gives = np.array([p.gives for p in points], dtype=float)
    longest = max((len(p.agent) for p in points), default=8) * CHAR
    side = max(5.6, min(9.0, 4.2 + 0.18 * len(points) + longest))
    with matplotlib.rc_context(STYLE):
        figure = new_figure((side, side))
        axes = figure.add_subplot()
        axes.errorbar(gives, gets,
                      xerr=_bars(gives, np.array([p.gives_low for p in points]), np.array([p.gives_high for p in points])),
                      yerr=_bars(gets, np.array([p.gets_low for p in points]), np.array([p.gets_high for p in points])),
                      fmt="o", color=OKABE_ITO[0], ecolor="#7fb2d8", elinewidth=1.3, capsize=2.5, markersize=6,
                      zorder=4, label="agent (bars: 95% intervals)")
        values = np.concatenate([gets, gives] + [np.array([getattr(p, f) for p in points])
                                                 for f in ("gets_low", "gets_high", "gives_low", "gives_high")])
        values = values[np.isfinite(values)]
        low = max(0.0, math.floor((values.min() - 0.05) * 20) / 20) if len(values) else 0.0
        high = min(1.0, math.ceil((values.max() + 0.05) * 20) / 20) if len(values) else 1.0
        axes.set_xlim(low, high)
        axes.set_ylim(low, high)
        axes.set_aspect("equal")
        axes.plot([low, high], [low, high], color="#9e9e9e", linewidth=0.8, linestyle=":", zorder=1,
                  label="gets = gives (even split)")
        if len(points):
            axes.axvline(float(gives.mean()), color="#cfcfcf", linewidth=0.8, zorder=1)
            axes.axhline(float(gets.mean()), color="#cfcfcf", linewidth=0.8, zorder=1)
        corners = (((0.02, 0.02), "left", "bottom", "hard-line: little for anyone"),
                   ((0.98, 0.02), "right", "bottom", "concedes: the opponent gets much"),
                   ((0.02, 0.98), "left", "top", "strong: gets much, gives little"),
                   ((0.98, 0.98), "right", "top", "cooperative: much for both"))
        for (x, y), ha, va, text in corners:
            axes.text(x, y, text, transform=axes.transAxes, ha=ha, va=va, fontsize=7.5, color="#8a8a8a", zorder=0)
        axes.set_xlabel("gives: expected U of its opponents (0–1)")
        axes.set_ylabel("gets: expected U it obtains against an average opponent (0–1)")
        axes.set_title("What each agent gets and gives")
        axes.grid(color="#f0f0f0", zorder=0)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.09), ncol=2, frameon=False)
        _place_labels(figure, axes, points)
    return figure


def strategy_figure(points: Sequence[StrategyPoint], folder: Path, name: str = "strategy") -> FigureFile:
    """The picture as PNG, SVG and PDF in `folder`."""
    title = "What each agent gets and gives"
    caption = ("Each point is an agent: up, the utility it obtains against an average opponent; right, the utility "
               "its opponents obtain against it (no agreement = 0). Bars are 95% intervals; the grey cross marks the "
               "averages. Hard-liners sit low and left (impasses leave both with little), conceders far right, good "
               "negotiators high; above the dotted diagonal an agent gets more than it gives.")
    return save(draw_strategy(points), folder, name, title, caption)
