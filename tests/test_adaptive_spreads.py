"""The benchmark truth grounded in LAMEN's published cross-play results (bench/adaptive_spreads.py):
what is read from evals.csv, and how 8 and 16 agents are spread from four models."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench.adaptive_spreads import LamenMeasured, Synthetic, even_spread, lamen_spread, measure_lamen

CROSS = Path("processed_outputs/cross_play/28-09-2023_14-40-51/evals.csv")


@pytest.fixture(scope="module")
def measured(lamen_data: Path) -> LamenMeasured:
    return measure_lamen(lamen_data / CROSS)


def test_the_four_models_gets_and_the_games_noise_are_read_from_cross_play_results(measured: LamenMeasured) -> None:
    assert measured.models == ("gpt-3.5-turbo", "claude-2", "chat-bison", "gpt-4")
    np.testing.assert_allclose(measured.gets, [0.3321, 0.2785, 0.2397, 0.2324], atol=5e-5)
    assert measured.matches == 326
    assert measured.games[0] == "rental-1-compatible"
    # 42 of its 62 cross-play games ended in an agreement; the levels are centred
    assert measured.agreement[0] == pytest.approx(42 / 62)
    assert measured.levels.sum() == pytest.approx(0.0, abs=1e-12)
    assert measured.residual_sd == pytest.approx(0.3146, abs=5e-5)


def test_sixteen_agents_hold_the_four_models_and_eight_hold_the_ends(measured: LamenMeasured) -> None:
    sixteen = np.array(list(lamen_spread(16, measured).gets.values()))
    np.testing.assert_allclose(sixteen[[0, 5, 10, 15]], np.sort(measured.gets), atol=1e-12)
    assert np.all(np.diff(sixteen) > 0)
    eight = lamen_spread(8, measured)
    values = np.array(list(eight.gets.values()))
    assert values[0] == pytest.approx(measured.gets.min()) and values[-1] == pytest.approx(measured.gets.max())
    # what is got is given: the additive model needs the same mean
    assert np.mean(list(eight.gives.values())) == pytest.approx(values.mean(), abs=1e-12)


def test_a_block_is_four_seeded_matches_with_utilities_in_range(measured: LamenMeasured) -> None:
    world = Synthetic(lamen_spread(8, measured), seed=3)
    assert len(world.blocks) == 6 * 28
    rows = world.play(world.blocks[0])
    assert [row["first"] for row in rows] == ["a", "b", "a", "b"]
    assert all(0.0 <= row[u] <= 1.0 for row in rows for u in ("u_a", "u_b"))
    assert rows == Synthetic(lamen_spread(8, measured), seed=3).play(world.blocks[0])
    assert len(Synthetic(even_spread(8), seed=0).blocks) == 4 * 28
