"""DialOp Mediation: the 162 shipped human games load, and the scorer reproduces every number the
games recorded — best, worst, the final score and its normalisation, and each proposal's scorecard."""

from __future__ import annotations

import statistics
from importlib.resources import files

import pytest

from lamen.families.mediation.instances import (ASSISTANT, USERS, CalendarEvent, Flight, Traveller, human_game_count,
                                                human_instance, human_record)
from lamen.families.mediation.scoring import (arrival_term, bounds, calendar_term, normalised, pair_value,
                                              pair_values, price_term, random_pair_mean, scorecard)

GAMES = range(human_game_count())


def test_the_162_games_ship_with_their_license_and_load() -> None:
    data = files("lamen.families.mediation").joinpath("data")
    assert "Community Data License Agreement - Permissive - Version 2.0" in data.joinpath("LICENSE.md").read_text()
    assert "worker_id" not in data.joinpath("mediation.jsonl").read_text()
    assert human_game_count() == 162
    instances = [human_instance(i) for i in GAMES]
    assert len({g.content_id() for g in instances}) == 162
    flights = [len(u.flights) for g in instances for u in g.users]
    assert statistics.mean(flights) == pytest.approx(22.36111111111111, abs=1e-12)  # FAMILIES.md §4.2: 22.4
    shared = [e.shared for g in instances for u in g.users for e in u.calendar]
    raw = [u for i in GAMES for u in human_record(i)["player_data"]]
    assert sum(shared) == sum(len(u["shared_calendar"]) for u in raw) == 3041  # about 3 in 4 events
    assert len(shared) == sum(len(u["calendar"]) for u in raw) == 4213
    with pytest.raises(ValueError, match="162 human games: seed 162 is out of range 0–161"):
        human_instance(162)
    assert (ASSISTANT, *USERS) == ("assistant", "user-0", "user-1")


def test_the_scorer_reproduces_best_worst_score_and_norm_of_all_162_games() -> None:
    reproduced = 0
    for i in GAMES:
        game, result = human_instance(i), human_record(i)["result"]
        proposals = [a for a in human_record(i)["action_log"] if a["type"] == "proposal"]
        final = proposals[-1]["proposals"]  # every shipped game ended on an accepted proposal
        value = pair_value(game, final[0]["flight_id"], final[1]["flight_id"])
        assert bounds(game) == (result["best"], result["worst"]), i
        assert value == result["score"], i
        assert normalised(game, value) == result["norm"], i
        reproduced += 1
    assert reproduced == 162


def test_every_recorded_proposal_scorecard_is_reproduced_term_by_term() -> None:
    checked = 0
    for i in GAMES:
        game = human_instance(i)
        for action in human_record(i)["action_log"]:
            if action["type"] != "proposal":
                continue
            ids = [side["flight_id"] for side in action["proposals"]]
            for user, side in enumerate(action["proposals"]):
                card = scorecard(game, user, ids[user], ids[1 - user])
                assert {"calendar": card.calendar, "price": card.price, "arrival_time": card.arrival,
                        "total": card.total} == side["cost"], (i, user)
                assert [(e.start, e.end, e.importance) for e in card.conflicts] == \
                       [(c["start"], c["end"], c["importance"]) for c in side["conflicts"]], (i, user)
                checked += 1
    assert checked == 918


def test_human_mean_and_the_exact_random_pair_baseline() -> None:
    games = [human_instance(i) for i in GAMES]
    assert statistics.mean(human_record(i)["result"]["norm"] for i in GAMES) == pytest.approx(0.9698484203234436, abs=1e-12)
    # Exact over every flight pair of every game: 0.59541. FAMILIES.md §5 and issue 17 say 0.5956,
    # but no variant of the terms (rounding, interval ends, price centre) that also reproduces the
    # recorded best/worst/scorecards gives 0.5956; the recorded numbers win.
    assert statistics.mean(random_pair_mean(g) for g in games) == pytest.approx(0.5954094894921561, abs=1e-12)
    # The oracle's pair is worth 1.000 on every game by construction of the normaliser.
    assert {normalised(g, max(max(row) for row in pair_values(g))) for g in games} == {1.0}


def _flight(start: str, end: str, price: int = 100) -> Flight:
    return Flight(carrier="Test Air", price=price, start=start, end=end)


def test_terms_truncate_toward_zero_and_meetings_touching_a_flight_do_not_conflict() -> None:
    user = Traveller(flights=(_flight("2023-05-31T10:00", "2023-05-31T12:00"),),
                     calendar=(CalendarEvent(start="2023-05-31T09:00", end="2023-05-31T10:00", importance=9, shared=True),
                               CalendarEvent(start="2023-05-31T11:59", end="2023-05-31T13:00", importance=4, shared=False),
                               CalendarEvent(start="2023-05-31T12:00", end="2023-05-31T13:00", importance=7, shared=False)),
                     price_pref=7, arrival_pref=5, mean_price=300)
    assert calendar_term(user, user.flights[0]) == -4
    assert price_term(user, _flight("2023-05-31T10:00", "2023-05-31T12:00", price=100)) == 4  # 7·200/300 = 4.67
    assert price_term(user, _flight("2023-05-31T10:00", "2023-05-31T12:00", price=500)) == -4  # not −5
    late = _flight("2023-05-31T10:00", "2023-05-31T16:59")  # 4 h 59 min later: 4 whole hours
    assert arrival_term(user, user.flights[0], late) == -6  # 5·4/3 = 6.67 → −6


def test_a_malformed_game_is_refused_with_its_line_and_field_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from lamen.families.mediation import instances

    game = human_record(0)
    no_mean = json.loads(json.dumps(game))
    del no_mean["player_data"][1]["mean_price"]
    bad_price = json.loads(json.dumps(game))
    bad_price["player_data"][0]["flights"][3]["price"] = -5
    monkeypatch.setattr(instances, "_human_lines", lambda: (json.dumps(game), json.dumps(no_mean), json.dumps(bad_price)))
    instances.human_instance.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"^data/mediation.jsonl line 2: player_data lacks the field 'mean_price'$"):
            instances.human_instance(1)
        with pytest.raises(ValueError, match=r"^data/mediation.jsonl line 3: users.0.flights.3.price: Input should be greater"):
            instances.human_instance(2)
    finally:
        instances.human_instance.cache_clear()
