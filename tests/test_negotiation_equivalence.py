"""The quickstart's bot matches through the core give what today's runner gives: the same match
ids and seeds, the same requests byte for byte, the same turns, agreements and utilities
(exact floats). A stratified subset by default; all 504 matches in the `slow` test."""

from __future__ import annotations

import pytest

from lamen.families.negotiation.matches import CoreMatch
from tests.negotiation_equivalence import differences, quickstart, runner_differences

SUBSET_STRIDE = 13  # every 13th match: coprime with the 4 side/start replays and the 84 matches per game


def test_every_quickstart_match_keeps_its_id_and_seed_through_the_core() -> None:
    _, matches = quickstart()
    assert len(matches) == 504
    assert [CoreMatch.of(m).id for m in matches] == [m.id for m in matches]
    assert [CoreMatch.of(m).seed for m in matches] == [m.seed for m in matches]


def test_a_stratified_subset_of_the_quickstart_plays_identically_through_the_core() -> None:
    _, matches = quickstart()
    subset = matches[::SUBSET_STRIDE]
    # The subset reaches every game, both stages, both openers, both mirrors and every bot.
    assert len(subset) == 39
    assert {m.game.name for m in subset} == {m.game.name for m in matches}
    assert {m.stage for m in subset} == {"self", "cross"} and {m.starts for m in subset} == {0, 1}
    assert {m.mirror for m in subset if m.stage == "self"} == {0, 1}
    def bots(some: tuple) -> set[str]:  # type: ignore[type-arg]
        return {a.id for m in some for a in (m.agent_a, m.agent_b)}

    assert bots(subset) == bots(matches)
    assert {m.id: differences(m) for m in subset} == {m.id: [] for m in subset}


def test_the_runner_plays_the_subset_as_the_old_loop_did() -> None:
    # The runner plays through the core now: every transcript (turns, calls, requests with their
    # meta) and every outcome is the old loop's, byte for byte in JSON.
    _, matches = quickstart()
    subset = matches[::SUBSET_STRIDE]
    assert {m.id: runner_differences(m) for m in subset} == {m.id: [] for m in subset}


@pytest.mark.slow
def test_all_504_quickstart_matches_play_identically_through_the_core() -> None:
    _, matches = quickstart()
    assert {m.id: differences(m) for m in matches} == {m.id: [] for m in matches}
