"""Correct by construction: the share of goals a harvest at beam 8 gathers with a coin clerk
equals the closed form (lamen.harvest.closed_form) within Monte-Carlo error over 2,000 trees."""

from __future__ import annotations

import asyncio
import math

import pytest

from lamen.core.players import PolicyAgent
from lamen.harvest.closed_form import beam_widths, goal_turns_pmf, harvested_share
from lamen.harvest.tree import Grower, HarvestSettings
from tests.harvest_family import FAMILY, ErrandsConfig

GOALS, TURNS, TREES = 3, 4, 2000  # shares 0.42, 0.77, 0.94: none near 0 or 1


def test_the_closed_form_by_hand() -> None:
    assert beam_widths(6) == [2, 4, 8, 8, 8, 8]
    assert beam_widths(4, max_beam=9, branching=3) == [3, 9, 9, 9]
    # one goal: met unless all 2 + 4 + 8 sampled moves fail
    assert harvested_share(0.3, 1, 3) == pytest.approx(1 - 0.7 ** 14, abs=1e-15)
    # two goals in two turns: the first by turn 2 (any of 2 + 4 moves); both only if each is met at
    # its first turn, by one of two children
    assert harvested_share(0.3, 2, 2) == pytest.approx(((1 - 0.7 ** 6) + (1 - 0.7 ** 2) ** 2) / 2, abs=1e-15)
    assert sum(goal_turns_pmf(0.5, 30)) == pytest.approx(1.0)
    assert harvested_share(0.0, 3, 10) == 0.0 and harvested_share(1.0, 3, 3) == 1.0


async def _shares(coin: str) -> list[float]:
    async def one(index: int) -> float:
        instance = FAMILY.instances(ErrandsConfig(codes=GOALS), index)

        def seat_for(role: str, seed: int) -> PolicyAgent:
            name = coin if role == "clerk" else "customer"
            return PolicyAgent(name, FAMILY.players[name].make(instance, role), FAMILY.codec(role), seed=seed)

        grower = Grower(FAMILY, instance, {"clerk": coin, "customer": "customer"}, seat_for,
                        HarvestSettings("clerk", max_beam=8, branching=2, turn_limit=TURNS))
        tree = await grower.grow(10_000 + index)
        return len(tree.reached) / GOALS

    return [await one(i) for i in range(TREES)]


@pytest.mark.slow
@pytest.mark.parametrize("p", [0.1, 0.3, 0.5])
def test_the_harvested_share_matches_the_closed_form(p: float) -> None:
    shares = asyncio.run(_shares(f"coin-{p}"))
    mean = sum(shares) / len(shares)
    sd = math.sqrt(sum((s - mean) ** 2 for s in shares) / (len(shares) - 1))
    expected = harvested_share(p, GOALS, TURNS)
    assert expected == pytest.approx({0.1: 0.4244, 0.3: 0.7715, 0.5: 0.9366}[p], abs=5e-5)
    assert abs(mean - expected) < 4 * sd / math.sqrt(len(shares)), (p, mean, expected)
