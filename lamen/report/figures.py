"""The report's figures (matplotlib, Agg, no pyplot state): heatmaps, rating intervals, biases,
calibration and outcome spaces. Sizes grow with the number of agents so labels stay legible."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import Colormap
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from mpl_toolkits.axes_grid1 import make_axes_locatable

from lamen.report.tables import Ratings
from lamen.space import OutcomeSpace, utility_tables
from lamen.spec.game import Game

# Okabe & Ito's colour-blind-safe palette, without its yellow (too faint on white) and black (kept
# for the bargaining points).
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#56B4E9", "#CC79A7")
BLACK = "#000000"
HEATMAP = "cividis"
# cividis never reaches white, so a white cell cannot be mistaken for a value; cells without
# games are hatched grey, so they cannot be mistaken for either.
NO_DATA = "#ffffff"
NO_GAMES = "#e6e6e6"
NO_GAMES_HATCH = "#a0a0a0"
# Text stays text in the SVG and TrueType in the PDF (editable in a paper, the fonts journals ask
# for), and both write faster than glyph outlines.
STYLE = {"font.size": 9, "axes.titlesize": 11, "axes.labelsize": 9, "xtick.labelsize": 9, "ytick.labelsize": 9,
         "legend.fontsize": 8, "figure.dpi": 110, "savefig.dpi": 110, "svg.fonttype": "none", "pdf.fonttype": 42}
# Inches per heatmap cell and per character of a tick label at 9 pt.
CELL = 0.48
CHAR = 0.075
# Cells get their value written in them up to this many agents.
ANNOTATE_UP_TO = 14
ENUMERATE_UP_TO = 20_000
# The page shows the PNG (first); SVG and PDF are for papers.
VECTOR_FORMATS = ("png", "svg", "pdf")
FIXED_METADATA = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}


@dataclass(frozen=True)
class FigureFile:
    """A figure written into the report folder: the PNG the page shows and the same figure as SVG
    and PDF for papers. Paths are relative to the report folder."""

    path: str
    title: str
    caption: str
    vectors: tuple[str, ...] = ()


def new_figure(size: tuple[float, float]) -> Figure:
    figure = Figure(figsize=size)
    FigureCanvasAgg(figure)
    return figure


def save(figure: Figure, folder: Path, name: str, title: str, caption: str) -> FigureFile:
    """`folder/name.png`, `.svg` and `.pdf`, cropped to every label: nothing is clipped, however long."""
    folder.mkdir(parents=True, exist_ok=True)
    # The tight box measured once (one draw) serves the three formats; bbox_inches="tight" would
    # draw twice per format.
    figure.canvas.draw()
    box = figure.get_tightbbox(figure.canvas.get_renderer()).padded(0.15)
    written = []
    with matplotlib.rc_context(STYLE):  # the font types are read when saving
        for suffix in VECTOR_FORMATS:
            # Fixed metadata keeps the SVG and PDF byte-identical from one run to the next.
            figure.savefig(folder / f"{name}.{suffix}", bbox_inches=box, metadata=FIXED_METADATA.get(suffix))
            written.append(f"{folder.name}/{name}.{suffix}")
    return FigureFile(written[0], title, caption, tuple(written[1:]))


def heatmap_size(labels: Sequence[str]) -> tuple[float, float]:
    """Inches for an n × n heatmap whose tick labels are `labels` (x labels at 45°)."""
    n = len(labels)
    longest = max((len(label) for label in labels), default=1) * CHAR
    width = max(4.8, longest + n * CELL + 1.8)
    height = max(3.6, longest * 0.72 + n * CELL + 1.0)
    return width, height


def _colormap(name: str) -> Colormap:
    return matplotlib.colormaps[name].with_extremes(bad=NO_DATA)


def draw_heatmap(matrix: pd.DataFrame, title: str, colour_label: str, *, annotate_counts: pd.DataFrame | None = None,
                 no_games: pd.DataFrame | None = None, vmin: float = 0.0, vmax: float = 1.0,
                 column_label: str = "column agent (opponent)") -> Figure:
    """Row agent (y) against column agent (x). Cells where `no_games` is true are hatched grey;
    other cells without a value (e.g. U* where no game reached agreement) are white, marked –."""
    rows, columns = [str(v) for v in matrix.index], [str(v) for v in matrix.columns]
    with matplotlib.rc_context(STYLE):
        figure = new_figure(heatmap_size(rows + columns))
        axes = figure.add_subplot()
        values = np.ma.masked_invalid(matrix.to_numpy(dtype=float))
        image = axes.imshow(values, cmap=_colormap(HEATMAP), vmin=vmin, vmax=vmax, aspect="equal")
        axes.set_xticks(range(len(columns)), labels=columns, rotation=45, ha="right", rotation_mode="anchor")
        axes.set_yticks(range(len(rows)), labels=rows)
        axes.set_xlabel(column_label)
        axes.set_ylabel("row agent")
        axes.set_title(title)
        # The colour bar takes the height of the matrix, whatever its size.
        bar = figure.colorbar(image, cax=make_axes_locatable(axes).append_axes("right", size=0.22, pad=0.15))
        bar.set_label(colour_label)
        empty = (np.zeros(values.shape, dtype=bool) if no_games is None
                 else no_games.reindex(index=matrix.index, columns=matrix.columns).fillna(True).to_numpy(dtype=bool))
        for i, j in zip(*np.nonzero(empty)):
            axes.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=NO_GAMES, edgecolor=NO_GAMES_HATCH,
                                     hatch="///", linewidth=0))
        if len(rows) <= ANNOTATE_UP_TO:
            missing = np.ma.getmaskarray(values)
            for i in range(len(rows)):
                for j in range(len(columns)):
                    if empty[i, j]:
                        continue
                    if missing[i, j]:
                        axes.text(j, i, "–", ha="center", va="center", fontsize=8, color="#777777")
                        continue
                    value = float(values[i, j])
                    text = f"{value:.2f}"
                    if annotate_counts is not None:
                        text += f"\n({int(annotate_counts.iat[i, j])})"
                    # cividis is dark at the low end: white text there, black above the middle.
                    shade = (value - vmin) / (vmax - vmin) if vmax > vmin else 0.5
                    axes.text(j, i, text, ha="center", va="center", fontsize=8,
                              color="white" if shade < 0.55 else "black")
    return figure


def heatmap_figure(matrix: pd.DataFrame, title: str, colour_label: str, folder: Path, name: str, caption: str,
                   annotate_counts: pd.DataFrame | None = None, no_games: pd.DataFrame | None = None,
                   column_label: str = "column agent (opponent)") -> FigureFile:
    figure = draw_heatmap(matrix, title, colour_label, annotate_counts=annotate_counts, no_games=no_games,
                          column_label=column_label)
    return save(figure, folder, name, title, caption)


def _interval(axes: Axes, y: np.ndarray, centre: np.ndarray, low: np.ndarray, high: np.ndarray,
              colour: str, marker: str, label: str) -> None:
    # An unknown interval (NaN) draws no bar, only the point.
    bars = np.nan_to_num(np.vstack([centre - low, high - centre]), nan=0.0).clip(min=0.0)
    axes.errorbar(centre, y, xerr=bars, fmt=marker, color=colour, ecolor=colour,
                  elinewidth=1.6, capsize=3, markersize=6, label=label)


def rating_figure(ratings: Ratings, folder: Path) -> FigureFile:
    """Each agent's Bradley–Terry rating with its sandwich and bootstrap intervals, and Elo."""
    agents = [rating.agent for rating in ratings.fit.ratings][::-1]
    fit = {r.agent: r for r in ratings.fit.ratings}
    boot = {r.agent: r for r in ratings.bootstrap.ratings}
    elo = {r.agent: r for r in ratings.elo.ratings}
    y = np.arange(len(agents), dtype=float)
    longest = max(len(agent) for agent in agents) * CHAR
    title = "Who gets the better side of a deal: Bradley–Terry and Elo"
    height = 1.4 + 0.45 * len(agents)
    with matplotlib.rc_context(STYLE):
        figure = new_figure((max(6.5, longest + 5.0), height))
        axes = figure.add_subplot()
        _interval(axes, y + 0.2, np.array([fit[a].elo for a in agents]), np.array([fit[a].lower for a in agents]),
                  np.array([fit[a].upper for a in agents]), OKABE_ITO[0], "o", "Bradley–Terry (sandwich interval)")
        _interval(axes, y, np.array([boot[a].elo_median for a in agents]),
                  np.array([boot[a].elo_lower for a in agents]), np.array([boot[a].elo_upper for a in agents]),
                  OKABE_ITO[1], "s", f"Bradley–Terry (block bootstrap, {ratings.bootstrap.replicates} replicates)")
        _interval(axes, y - 0.2, np.array([elo[a].median for a in agents]), np.array([elo[a].lower for a in agents]),
                  np.array([elo[a].upper for a in agents]), OKABE_ITO[2], "^",
                  f"Elo (median over {ratings.elo.orderings} orders; order-dependent)")
        axes.axvline(1000.0, color="#777777", linewidth=0.8, linestyle=":")
        axes.set_yticks(y, labels=agents)
        axes.set_ylim(-0.7, len(agents) - 0.3)
        axes.set_xlabel("rating (Elo points; 1000 = the mean agent)")
        axes.set_title(title)
        axes.grid(axis="x", color="#e5e5e5")
        # Half an inch under the axes, below the x label, at any height.
        axes_height = height * (figure.subplotpars.top - figure.subplotpars.bottom)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.5 / axes_height), ncol=1, frameon=False)
    caption = ("Points are estimates, bars their 95% intervals; highest Bradley–Terry rating at the top. These "
               "ratings count an impasse as an even result, so they say who gets the better side of a deal, not how "
               "much an agent obtains (that is gets, the leaderboard's order). Elo depends on the order of games "
               "and is shown over random orders.")
    return save(figure, folder, "ratings", title, caption)


def effects_figure(effects: pd.DataFrame, folder: Path) -> FigureFile:
    """Side A's and the first mover's fixed effects in Elo points, with 95% intervals."""
    title = "Measured side and first-mover effects"
    with matplotlib.rc_context(STYLE):
        figure = new_figure((6.0, 2.4))
        axes = figure.add_subplot()
        y = np.arange(len(effects), dtype=float)[::-1]
        for index, (position, row) in enumerate(zip(y, effects.itertuples())):
            _interval(axes, np.array([position]), np.array([row.elo]), np.array([row.lower]), np.array([row.upper]),
                      OKABE_ITO[index % len(OKABE_ITO)], "o", str(row.effect))
        axes.axvline(0.0, color="#777777", linewidth=0.8, linestyle=":")
        axes.set_yticks(y, labels=list(effects["effect"]))
        axes.set_ylim(-0.6, len(effects) - 0.4)
        axes.set_xlabel("edge against an equal opponent (Elo points; 0 = no bias)")
        axes.set_title(title)
        axes.grid(axis="x", color="#e5e5e5")
    caption = ("Bradley–Terry fixed effects: side A's edge over side B and the first mover's edge, with 95% "
               "sandwich intervals. The debiased schedule cancels them out of the agent ratings.")
    return save(figure, folder, "effects", title, caption)


def calibration_figure(ratings: Ratings, folder: Path) -> FigureFile:
    """Observed mean score per pairing against Bradley–Terry's prediction."""
    h2h = ratings.head_to_head
    agents = list(h2h.agents)
    points = [(h2h.predicted.iat[i, j], h2h.mean_score.iat[i, j], h2h.games.iat[i, j])
              for i in range(len(agents)) for j in range(i + 1, len(agents)) if h2h.games.iat[i, j] > 0]
    predicted, observed, games = (np.array(column, dtype=float) for column in zip(*points)) if points else (
        np.array([]), np.array([]), np.array([]))
    title = "Observed vs predicted score per pairing"
    with matplotlib.rc_context(STYLE):
        figure = new_figure((5.2, 5.0))
        axes = figure.add_subplot()
        axes.plot([0, 1], [0, 1], color="#777777", linewidth=0.8, linestyle=":", label="perfect fit")
        sizes = 20 + 80 * games / games.max() if len(games) else games
        axes.scatter(predicted, observed, s=sizes, color=OKABE_ITO[0], alpha=0.8, edgecolor="white",
                     label="one pairing (size: games)")
        axes.set_xlim(0, 1)
        axes.set_ylim(0, 1)
        axes.set_aspect("equal")
        axes.set_xlabel("predicted score of the first agent (Bradley–Terry, 0–1)")
        axes.set_ylabel("observed mean graded score (0–1)")
        axes.set_title(title)
        axes.legend(loc="upper left")
    caption = ("Each point is one pair of agents; points far from the diagonal are pairings the "
               "one-number-per-agent model does not explain (e.g. cycles).")
    return save(figure, folder, "calibration", title, caption)


def all_outcomes(game: Game) -> np.ndarray:
    """Every complete offer's (utility to A, utility to B): an (n, 2) array."""
    points = np.zeros((1, 2))
    for table in utility_tables(game):
        points = (points[:, None, :] + table[None, :, :]).reshape(-1, 2)
    return points


def draw_outcome_space(game: Game, space: OutcomeSpace, agreements: pd.DataFrame) -> Figure:
    """All outcomes (faint) or the frontier, the bargaining points, and the agreements reached
    (marker size: how many matches ended there), self-play and cross-play told apart. The legend
    has a handful of entries and sits under the plot; which pairing agreed where is the table the
    report prints beside it. `agreements` has agent_a, agent_b, u_a, u_b."""
    title = f"{game.name}: outcome space and agreements"
    kinds = np.where(agreements["agent_a"] == agreements["agent_b"], "self-play", "cross-play")
    agreements = agreements.assign(kind=kinds)
    with matplotlib.rc_context(STYLE):
        figure = new_figure((6.0, 6.6))
        axes = figure.add_subplot()
        if space.n_outcomes <= ENUMERATE_UP_TO:
            every = all_outcomes(game)
            # Rasterized: thousands of grey dots would make the SVG and PDF heavy and slow.
            axes.scatter(every[:, 0], every[:, 1], s=6 if len(every) > 200 else 16, color="#9e9e9e", alpha=0.35,
                         linewidths=0, rasterized=True,
                         label="every complete offer")
        frontier = space.frontier_utilities
        axes.plot(frontier[:, 0], frontier[:, 1], color=BLACK, linewidth=1.2, marker=".", markersize=4,
                  label="Pareto frontier")
        # Often the same outcome: drawn largest first, so each stays visible inside the next.
        for point, marker, size, label in ((space.nash, "*", 320, "Nash bargaining point"),
                                           (space.kalai_smorodinsky, "P", 130, "Kalai–Smorodinsky point"),
                                           (space.max_welfare, "X", 45, "max-welfare point")):
            axes.scatter(*point.utilities, marker=marker, s=size, color=BLACK, edgecolor="white", linewidths=0.8,
                         zorder=5, label=label)
        for colour, marker, kind in ((OKABE_ITO[0], "o", "cross-play"), (OKABE_ITO[1], "^", "self-play")):
            counts = agreements[agreements["kind"] == kind].groupby(["u_a", "u_b"]).size().reset_index(name="n")
            if len(counts):
                share = counts["n"] / counts["n"].max()
                axes.scatter(counts["u_a"], counts["u_b"], s=30 + 170 * share, facecolors="none", edgecolors=colour,
                             linewidths=1.6, marker=marker, zorder=4, label=f"agreements, {kind}")
        low = min(0.0, float(frontier.min())) - 0.03
        axes.set_xlim(low, space.ideal[0] + 0.05)
        axes.set_ylim(low, space.ideal[1] + 0.05)
        axes.set_aspect("equal")
        axes.set_xlabel(f"utility to {game.parties[0]} (side A, 0–1)")
        axes.set_ylabel(f"utility to {game.parties[1]} (side B, 0–1)")
        axes.set_title(title)
        axes.grid(color="#eeeeee")
        legend = axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.11), ncol=2, frameon=False)
        for handle in legend.legend_handles:
            if hasattr(handle, "set_sizes"):
                handle.set_sizes([60])
    return figure


def outcome_space_figure(game: Game, space: OutcomeSpace, agreements: pd.DataFrame, folder: Path,
                         name: str) -> FigureFile:
    """`draw_outcome_space` written as PNG, SVG and PDF, with its caption."""
    figure = draw_outcome_space(game, space, agreements)
    frontier = space.frontier_utilities
    if space.n_outcomes > ENUMERATE_UP_TO:
        what = f"The game has {space.n_outcomes:,} outcomes, too many to draw: the Pareto frontier stands for them."
    else:
        what = f"Grey points are its {space.n_outcomes:,} complete offers."
    caption = (f"{what} Hollow markers are agreements reached ({len(agreements)} matches), larger where more matches "
               f"ended there; the Pareto frontier has {len(frontier)} outcome{'s' * (len(frontier) != 1)}. Which "
               "pairing agreed where: the table below.")
    return save(figure, folder, name, f"{game.name}: outcome space and agreements", caption)
