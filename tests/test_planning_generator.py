"""The seeded Planning generator: 39 sites over 7 categories from the shipped catalogue, five valid
features each, preference kinds per the paper's appendix, and a random-itinerary mean within 2 SE of
the shipped games' 0.5150 over 1,000 instances."""

from __future__ import annotations

import asyncio
import statistics

import pytest

from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.families.planning.generator import catalogue, generate
from lamen.families.planning.instances import (CATEGORIES, DistancePreference, FeaturePreference, PlanningConfig,
                                               make_instance, schema)
from lamen.families.planning.scoring import bounds

HUMAN_RANDOM_MEAN = 0.5150054427796169


def test_the_catalogue_is_derived_from_the_shipped_games() -> None:
    sites, points, prices = catalogue()
    assert len(sites) == 39 and len(points) == 100
    assert {c for _, c in sites} == set(CATEGORIES)
    assert prices["park"] == (0,) and prices["cafe"] == (5, 15) and prices["landmark"] == (0, 10)
    assert prices["restaurant"] == tuple(range(10, 200, 10)) and prices["shop"] == tuple(range(50, 500, 10))


def test_same_seed_same_instance_and_seeds_differ() -> None:
    assert generate(3) == generate(3) and generate(3).content_id() == generate(3).content_id()
    assert generate(3).content_id() != generate(4).content_id()
    assert make_instance(PlanningConfig(source="generated"), 5) == generate(5)
    assert generate(5).source == "generated:seed=5"


def test_every_instance_has_39_sites_with_five_valid_features_on_distinct_points() -> None:
    specs = {s.name: s for s in schema()}
    _, _, prices = catalogue()
    for seed in range(50):
        game = generate(seed)
        assert len(game.sites) == 39 and len({s.loc for s in game.sites}) == 39
        assert sorted(s.category for s in game.sites) == sorted(c for _, c in catalogue()[0])
        for site in game.sites:
            assert len(site.features) == 5 and site.price in prices[site.category]
            for name, value in site.features.items():
                spec = specs[name]
                assert spec.categories is None or site.category in spec.categories
                assert value in ((False, True) if spec.type == "bool" else spec.values)
        prefs = game.preferences
        assert 8 <= len(prefs) <= 11 and isinstance(prefs[-1], DistancePreference)
        features = [p.feature for p in prefs if isinstance(p, FeaturePreference)]
        assert len(features) == len(set(features)) and all(f in specs for f in features)  # real feature names
        assert all(1 <= abs(p.weight) <= 10 for p in prefs)


def test_generated_games_play_to_an_end_with_the_scripted_players() -> None:
    family = get_family("dialop.planning")
    for seed in range(3):
        game = generate(seed)
        seats = {role: PolicyAgent(name, family.players[name].make(game, role), family.codec(role), seed)
                 for role, name in (("assistant", "hill-climb"), ("user", "reporter"))}
        record = asyncio.run(play(family, game, seats))
        assert record.end_reason == "accepted" and bounds(game).random_mean < record.score.team <= 1.0


def _random_means(n: int) -> tuple[float, float]:
    means = [bounds(generate(seed)).random_mean for seed in range(n)]
    return statistics.mean(means), statistics.stdev(means) / n ** 0.5


@pytest.mark.slow
def test_random_mean_over_1000_instances_is_within_2_se_of_the_shipped_games() -> None:
    mean, se = _random_means(1000)
    assert round(mean, 6) == 0.514458 and abs(mean - HUMAN_RANDOM_MEAN) < 2 * se


def test_random_mean_over_200_instances_is_within_2_se_of_the_shipped_games() -> None:
    mean, se = _random_means(200)
    assert abs(mean - HUMAN_RANDOM_MEAN) < 2 * se
