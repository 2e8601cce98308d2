"""DialOp Planning scores: the 113 shipped human games reproduce their stored best, worst and
normalised human score, every recorded scorecard is reproduced item by item, and the random
itinerary's mean over all ordered triples is 0.5150."""

from __future__ import annotations

from importlib.resources import files

import numpy as np
import pytest

from lamen.families.planning.instances import (CARDS_WITHOUT_AT_LEAST_ONE_PENALTY, AtLeastOnePreference,
                                               human_game_count, human_instance, human_record, recorded_proposals)
from lamen.families.planning.scoring import bounds, itinerary_score, miles, scorecard, triple_scores

COUNT = human_game_count()
HUMAN = [human_instance(i) for i in range(COUNT)]
RECORDS = [human_record(i) for i in range(COUNT)]


def test_the_113_shipped_games_load_with_39_sites_over_7_categories() -> None:
    raw = files("lamen.families.planning").joinpath("data/itinerary.jsonl").read_text("utf-8").splitlines()
    assert COUNT == len(raw) == 113
    assert len({g.content_id() for g in HUMAN}) == 113
    assert {len(g.sites) for g in HUMAN} == {39}
    assert {s.category for g in HUMAN for s in g.sites} == {"restaurant", "cafe", "museum", "bar", "landmark",
                                                             "park", "shop"}
    assert {len(s.features) for g in HUMAN for s in g.sites} == {5}
    assert len({s.loc for g in HUMAN for s in g.sites}) == 100
    with pytest.raises(ValueError, match="113 human games: seed 113 is out of range 0–112"):
        human_instance(113)


def test_every_game_reproduces_its_stored_best_worst_and_normalised_human_score() -> None:
    matched = 0
    for instance, record in zip(HUMAN, RECORDS):
        b = bounds(instance)
        assert record.accepted is not None and None not in record.accepted
        human = scorecard(instance, record.accepted, record.card_unpenalized).total
        assert (b.best, b.worst, human) == (record.best, record.worst, record.score), record.index
        assert b.normalise(human) == record.norm, record.index
        matched += 1
    assert matched == 113
    assert round(float(np.mean([r.norm for r in RECORDS])), 3) == 0.886  # the paper's human mean


def test_every_recorded_scorecard_is_reproduced_item_by_item() -> None:
    cards = 0
    for instance, record in zip(HUMAN, RECORDS):
        for slots, card in recorded_proposals(record.index):
            ours = scorecard(instance, slots, record.card_unpenalized)
            assert list(ours.by_preference) == card["scores"], (record.index, slots)
            assert list(ours.by_event) == card["scores_by_event"], (record.index, slots)
            assert ours.total == card["total"]
            checklist = [{"desc": c.text, "score": c.points} for c in ours.checklist]
            assert checklist == card["itinerary_scores"], (record.index, slots)
            cards += 1
    assert cards == 337


def test_the_four_cards_without_the_at_least_one_penalty_are_exactly_those_the_records_show() -> None:
    # Derived from the records, not assumed: a game belongs to the set iff one of its recorded
    # cards counted an unmet, penalised "at least one" preference as 0 instead of -weight.
    found = set()
    for instance, record in zip(HUMAN, RECORDS):
        for slots, card in recorded_proposals(record.index):
            for i, pref in enumerate(instance.preferences):
                if isinstance(pref, AtLeastOnePreference) and pref.penalize:
                    met = any(s is not None and instance.site(s).category == pref.category for s in slots)
                    if not met and card["scores"][i] == 0:
                        found.add(record.index)
    assert found == set(CARDS_WITHOUT_AT_LEAST_ONE_PENALTY) == {6, 8, 9, 10}
    # Under the game's own rule those two accepted itineraries score below their recorded card.
    assert [itinerary_score(HUMAN[i], RECORDS[i].accepted) for i in (9, 10)] == [7, 0]
    assert [RECORDS[i].score for i in (9, 10)] == [17, 5]


def test_random_itinerary_mean_over_all_ordered_triples_is_0_5150() -> None:
    means = [bounds(g).random_mean for g in HUMAN]
    assert round(float(np.mean(means)), 4) == 0.5150
    assert float(np.mean(means)) == pytest.approx(0.5150054427796169, abs=1e-12)
    table = triple_scores(HUMAN[0])
    assert int(np.sum(~np.isnan(table))) == 39 * 38 * 37 == 54834


def test_the_best_itinerary_scores_one_and_the_vectorised_table_agrees_with_the_scorecard() -> None:
    for instance in HUMAN[:5]:
        b = bounds(instance)
        assert b.normalise(itinerary_score(instance, b.best_itinerary)) == 1.0
        table = triple_scores(instance)
        rng = np.random.default_rng(3)
        names = instance.site_names()
        for _ in range(200):
            i, j, k = rng.choice(39, size=3, replace=False)
            assert table[i, j, k] == itinerary_score(instance, (names[i], names[j], names[k]))


def test_distance_is_rounded_to_a_tenth_of_a_mile_and_legs_truncate_toward_zero() -> None:
    game = HUMAN[1]
    card = scorecard(game, ("Garden of Wonders", "The Dockside Grill", "Einstein's summer house"))
    assert [(leg.miles, leg.points) for leg in card.legs] == [(0.3, -1), (0.7, -4)]  # -6 × 0.3, -6 × 0.7
    assert miles(game.site("Garden of Wonders"), game.site("Garden of Wonders")) == 0.0
