"""The "gets vs gives" strategy picture, drawn from synthetic agents whose strategies are known:
points where the numbers say, whole labels that do not collide, PNG + SVG + PDF on disk."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from lamen.report.strategy import StrategyPoint, draw_strategy, strategy_figure, strategy_points

# A hard-liner (little for anyone), a conceder (gives much), a good negotiator (gets much), a
# middling agent; intervals ± 0.04, the conceder's "gives" unknown (NaN interval).
AGENTS = [
    StrategyPoint("bot:hardliner", 0.30, 0.26, 0.34, 0.28, 0.24, 0.32),
    StrategyPoint("bot:conceder", 0.45, 0.41, 0.49, 0.80, float("nan"), float("nan")),
    StrategyPoint("bot:boulware", 0.70, 0.66, 0.74, 0.45, 0.41, 0.49),
    StrategyPoint("bot:linear", 0.55, 0.51, 0.59, 0.55, 0.51, 0.59),
]


def _labels(figure) -> dict[str, object]:
    axes = figure.axes[0]
    names = {p.agent for p in AGENTS} | {f"agent-{i:02d}-with-a-long-model-name" for i in range(20)}
    return {t.get_text(): t for t in axes.texts if t.get_text() in names}


def test_points_sit_at_gives_and_gets_with_their_intervals() -> None:
    figure = draw_strategy(AGENTS)
    axes = figure.axes[0]
    markers = axes.lines[0]  # errorbar's data line
    assert markers.get_xdata().tolist() == [0.28, 0.80, 0.45, 0.55]
    assert markers.get_ydata().tolist() == [0.30, 0.45, 0.70, 0.55]
    # errorbar draws x bars then y bars, one segment per agent
    x_bars, y_bars = (np.array(c.get_segments()) for c in axes.collections[:2])
    np.testing.assert_allclose(x_bars[0], [[0.24, 0.30], [0.32, 0.30]])
    np.testing.assert_allclose(x_bars[1], [[0.80, 0.45], [0.80, 0.45]])  # unknown: no bar
    np.testing.assert_allclose(y_bars[2], [[0.45, 0.66], [0.45, 0.74]])
    # both axes share one scale, padded around every interval
    assert axes.get_xlim() == axes.get_ylim() == pytest.approx((0.15, 0.85))
    assert axes.get_xlabel() == "gives: expected U of its opponents (0–1)"


def test_every_agent_is_labelled_whole_and_labels_do_not_collide() -> None:
    figure = draw_strategy(AGENTS)
    labels = _labels(figure)
    assert sorted(labels) == sorted(p.agent for p in AGENTS)
    renderer = figure.canvas.get_renderer()
    boxes = [label.get_window_extent(renderer) for label in labels.values()]
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    for point in AGENTS:  # each label starts at its own point
        assert labels[point.agent].xy == (point.gives, point.gets)


def test_twenty_long_named_agents_stay_legible() -> None:
    rng = np.random.default_rng(7)
    points = []
    for i in range(20):
        gets, gives = rng.uniform(0.3, 0.7, 2)
        points.append(StrategyPoint(f"agent-{i:02d}-with-a-long-model-name", gets, gets - 0.03, gets + 0.03,
                                    gives, gives - 0.03, gives + 0.03))
    figure = draw_strategy(points)
    labels = _labels(figure)
    assert len(labels) == 20
    renderer = figure.canvas.get_renderer()
    boxes = [label.get_window_extent(renderer) for label in labels.values()]
    collisions = sum(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert collisions == 0
    assert min(label.get_fontsize() for label in labels.values()) >= 8


def test_written_as_png_svg_and_pdf(tmp_path: Path) -> None:
    made = strategy_figure(AGENTS, tmp_path / "figures")
    assert made.path == "figures/strategy.png"
    assert made.vectors == ("figures/strategy.svg", "figures/strategy.pdf")
    assert (tmp_path / made.path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = (tmp_path / "figures" / "strategy.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and all(f">{p.agent}</text>" in svg for p in AGENTS)  # text stays text
    assert (tmp_path / "figures" / "strategy.pdf").read_bytes()[:5] == b"%PDF-"


def test_points_come_from_the_leaderboard_columns() -> None:
    board = pd.DataFrame({"agent": ["a", "b", "c"], "gets": [0.6, np.nan, 0.4], "gets_low": [0.5, np.nan, 0.3],
                          "gets_high": [0.7, np.nan, 0.5], "gives": [0.4, 0.5, 0.6], "gives_low": [0.3, 0.4, 0.5],
                          "gives_high": [0.5, 0.6, 0.7], "bt_elo": [1010.0, 1000.0, 990.0]})
    assert strategy_points(board) == [StrategyPoint("a", 0.6, 0.5, 0.7, 0.4, 0.3, 0.5),
                                      StrategyPoint("c", 0.4, 0.3, 0.5, 0.6, 0.5, 0.7)]
    assert strategy_points(board.drop(columns=["gives_high"])) is None
