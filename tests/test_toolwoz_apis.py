"""ToolWOZ's databases, API argument checking, adversarial serving (paper Algorithm 2), booking
(Algorithm 3), the goal-call completion rule and the seeded goal generator."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lamen.families.toolwoz.apis import SPECS, book, call_api, check_args, BadArguments, serve_search
from lamen.families.toolwoz.db import BOOKABLE, SEARCH_SLOTS, by_key, query, rows, satisfies, vocabulary
from lamen.families.toolwoz.generator import GOALS_COUNT, generate_goal, goal_for_seed, shipped_file, shipped_goals
from lamen.families.toolwoz.goal import DomainGoal, Goal, GoalCall, completes

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True)


def test_the_four_databases_load_as_typed_rows_with_their_known_sizes() -> None:
    assert {d: len(rows(d)) for d in ("restaurant", "hotel", "attraction", "train")} == \
        {"restaurant": 110, "hotel": 33, "attraction": 79, "train": 2828}
    assert len(by_key("train")) == 2828  # a train id runs on several days and routes: the key is id@day@time
    first = rows("train")[0]
    assert first.key == "tr7075@monday@05:00" and first.shown["trainID"] == "TR7075"
    assert vocabulary("hotel", "stars") == ("0", "2", "3", "4")


def test_the_seven_apis_of_the_paper() -> None:
    assert [s.name for s in SPECS] == ["search_restaurant", "book_restaurant", "search_hotel", "book_hotel",
                                       "search_attraction", "search_train", "book_train"]
    assert list(SPECS[2].parameters["properties"]) == ["name", "area", "parking", "pricerange", "stars",
                                                       "internet", "type"]
    assert all(s.parameters["required"] == [] for s in SPECS)


def test_bad_arguments_are_error_results_naming_the_api_argument_and_cause() -> None:
    goal = shipped_goals()[0]
    out = call_api(goal, "search_train", {"leaveAt": "08:00", "stars": "4"})
    assert out.error and out.completed == ()
    assert out.text == "ERROR: search_train has no parameter 'stars' (parameters: leaveAt, destination, day, " \
                       "arriveBy, departure)"
    assert call_api(goal, "search_hotel", {"stars": "5"}).text == \
        "ERROR: search_hotel.stars: '5' is not one of 0, 1, 2, 3, 4"
    assert call_api(goal, "search_hotel", {"area": ["north"]}).text == \
        'ERROR: search_hotel.area: expected a string, got ["north"]'
    assert call_api(goal, "book_attraction", {}).text.startswith("ERROR: there is no API 'book_attraction'")
    with pytest.raises(BadArguments):
        check_args("search_hotel", "north")  # type: ignore[arg-type]
    # Empty strings are left out; numbers and case are normalised.
    assert check_args("book_train", {"trainID": "TR2048", "people": 3}) == {"trainID": "tr2048", "people": "3"}
    assert check_args("search_train", {"leaveAt": "8:45", "day": ""}) == {"leaveAt": "08:45"}


# ---- adversarial serving and booking, over generated goals -----------------------------------------
def domain_goals() -> st.SearchStrategy[tuple[Goal, DomainGoal]]:
    def pick(seed: int) -> tuple[Goal, DomainGoal]:
        goal = goal_for_seed(seed)
        return goal, goal.domains[seed % len(goal.domains)]
    return st.integers(min_value=0, max_value=10**6).map(pick)


@SETTINGS
@given(domain_goals(), st.data())
def test_a_search_covering_the_goal_returns_the_goal_entity_or_one_that_satisfies_it(pair, data) -> None:
    goal, wanted = pair
    extra_slots = [s for s in SEARCH_SLOTS[wanted.domain] if s not in wanted.search]
    extra = {}
    if extra_slots and data.draw(st.booleans()):  # a more specific search, still covering the goal
        slot = data.draw(st.sampled_from(extra_slots))
        extra[slot] = by_key(wanted.domain)[wanted.entity].slots[slot]
    args = {**wanted.search, **extra}
    result = serve_search(goal, wanted.domain, args)
    assert len(result) == 1
    if wanted.book is not None:
        assert result[0].key == wanted.entity
    else:
        assert satisfies(result[0], wanted.search)
    assert completes(GoalCall(name=f"search_{wanted.domain}", args=wanted.search), f"search_{wanted.domain}", args)


@SETTINGS
@given(domain_goals(), st.data())
def test_an_under_specified_search_returns_a_goal_violating_entity_whenever_one_exists(pair, data) -> None:
    goal, wanted = pair
    keep = data.draw(st.lists(st.sampled_from(sorted(wanted.search)), unique=True,
                              max_size=len(wanted.search) - 1))
    args = {slot: wanted.search[slot] for slot in keep}
    served = query(wanted.domain, args)
    violators = [row for row in served if not satisfies(row, wanted.search)]
    result = serve_search(goal, wanted.domain, args)
    if violators:
        assert len(result) == 1 and not satisfies(result[0], wanted.search)
        assert result[0] == violators[-1]  # the algorithm keeps the last one it meets
    elif wanted.book is not None:
        assert [r.key for r in result] == [wanted.entity]
    else:
        assert result == served[:1]


@SETTINGS
@given(domain_goals(), st.data())
def test_a_booking_succeeds_only_for_the_goals_entity_and_details(pair, data) -> None:
    goal, wanted = pair
    domain = wanted.domain
    if wanted.book is None:
        if domain in BOOKABLE:
            assert book(goal, domain, {"people": "2"}) == {"success": False, "return": None}
        return
    ok = book(goal, domain, dict(wanted.book))
    assert ok["success"] is True and len(ok["return"]["reference"]) == 8
    slot = data.draw(st.sampled_from(sorted(wanted.book)))
    other = "9" if wanted.book[slot] != "9" else "10"
    if slot == "name":
        other = next(r.key for r in rows(domain) if r.key != wanted.entity)
    elif slot == "trainID":
        other = next(r.key.split("@")[0] for r in rows("train") if not r.key.startswith(wanted.book["trainID"] + "@"))
    elif slot == "day":
        other = "monday" if wanted.book["day"] != "monday" else "tuesday"
    elif slot == "time":
        other = "03:00"
    assert book(goal, domain, {**wanted.book, slot: other}) == {"success": False, "return": None}
    missing = dict(wanted.book)
    missing.pop(slot)
    assert book(goal, domain, missing)["success"] is False
    assert call_api(goal, f"book_{domain}", wanted.book).completed == (f"book_{domain}",)


def test_the_completion_rule_also_accepts_the_same_single_result() -> None:
    # By name alone, a restaurant search finds one row; the goal's (food, area, pricerange) may too.
    for name in ("nandos", "the nirala"):
        row = by_key("restaurant")[name]
        goal_args = {s: row.slots[s] for s in ("food", "area", "pricerange")}
        single = len(query("restaurant", goal_args)) == 1
        assert completes(GoalCall(name="search_restaurant", args=goal_args), "search_restaurant",
                         {"name": name}) is single
    assert not completes(GoalCall(name="search_hotel", args={"area": "north"}), "search_restaurant", {"area": "north"})
    assert not completes(GoalCall(name="search_hotel", args={"area": "north", "stars": "4"}), "search_hotel",
                         {"area": "north"})


# ---- goals -------------------------------------------------------------------------------------------
@SETTINGS
@given(st.integers(min_value=0, max_value=10**6))
def test_generated_goals_are_drawn_from_real_rows(seed: int) -> None:
    goal = goal_for_seed(seed)
    assert goal == goal_for_seed(seed)
    assert 1 <= len(goal.domains) <= 3
    for wanted in goal.domains:
        entity = by_key(wanted.domain)[wanted.entity]
        assert satisfies(entity, wanted.search) and entity in query(wanted.domain, wanted.search)
        assert set(wanted.search) <= set(SEARCH_SLOTS[wanted.domain])
        if wanted.book is not None:
            assert wanted.book.get("name", wanted.book.get("trainID")) == wanted.entity.split("@")[0]


def test_the_shipped_goals_are_the_generators_output_for_their_seed() -> None:
    goals = shipped_goals()
    assert len(goals) == GOALS_COUNT >= 30
    assert [g.model_dump(mode="json") for g in goals] == shipped_file()["goals"]
    assert {len(g.domains) for g in goals} == {1, 2, 3}
    assert sum(len(g.calls()) for g in goals) == 124
    assert goal_for_seed(3) != goal_for_seed(4)
    assert generate_goal(random.Random(5)) == goal_for_seed(5)
    json.dumps(shipped_file())


@SETTINGS
@given(domain_goals(), st.data())
def test_a_search_that_contradicts_the_goal_gets_the_first_served_row(pair, data) -> None:
    goal, wanted = pair
    slot = data.draw(st.sampled_from(sorted(wanted.search)))
    others = [v for v in vocabulary(wanted.domain, slot) if v != wanted.search[slot]]
    args = {**wanted.search, slot: data.draw(st.sampled_from(others))}  # neither covers nor under-specifies
    assert serve_search(goal, wanted.domain, args) == query(wanted.domain, args)[:1]


def test_train_times_mean_leave_at_or_after_and_arrive_by() -> None:
    later = query("train", {"departure": "cambridge", "destination": "london kings cross", "day": "monday",
                            "leaveAt": "20:00"})
    # That route leaves every two hours on the hour from 05:00 and takes 51 minutes.
    assert [r.slots["leaveAt"] for r in later] == ["21:00", "23:00"]
    assert [r.slots["leaveAt"] for r in query("train", {"departure": "cambridge", "destination": "london kings cross",
                                                        "day": "monday", "leaveAt": "21:00"})] == ["21:00", "23:00"]
    early = query("train", {"departure": "cambridge", "destination": "london kings cross", "day": "monday",
                            "arriveBy": "07:51"})
    assert [r.slots["arriveBy"] for r in early] == ["05:51", "07:51"]


def test_a_bad_goal_file_is_one_line_naming_the_file_goal_and_cause(tmp_path) -> None:
    from lamen.families.toolwoz.generator import read_goals

    good = shipped_file()["goals"][0]
    cases = {"{": "goals.json: cannot be read as a goal file (JSONDecodeError",
             json.dumps({"goals": [good, {**good, "domains": [{**good["domains"][0], "domain": "spa"}]}]}):
                 "goals.json: goal 1: domains.0.domain: Input should be 'restaurant', 'hotel', 'attraction' or 'train'",
             json.dumps({"goals": [{"domains": [{"domain": "hotel", "search": {}, "entity": "nowhere inn"}]}]}):
                 "goals.json: goal 0: domains.0: Value error, toolwoz goal: hotel has no entity 'nowhere inn'",
             json.dumps({"goals": 5}): 'goals.json: cannot be read as a goal file ("goals" is int, not a list)'}
    for text, says in cases.items():
        path = tmp_path / "goals.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError) as err:
            read_goals(path)
        assert str(err.value).startswith(says) and "\n" not in str(err.value)
    path.write_text(json.dumps({"goals": [good]}), encoding="utf-8")
    assert read_goals(path) == shipped_goals()[:1]
