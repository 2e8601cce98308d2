"""The organisation generator: any set of tables → people, documents (one table split, one left
out, one redirect), profiles; seeded; and the family playing a dev question in one."""

from __future__ import annotations

import asyncio
import json

import pytest

from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.families.peoplejoin import FAMILY
from lamen.families.peoplejoin.generator import generate_organisation, retarget, tables_of
from lamen.families.peoplejoin.instances import PeopleJoinConfig
from lamen.families.peoplejoin.organisation import load_organisation
from lamen.families.peoplejoin.questions import dev_items
from lamen.families.peoplejoin.tools import search_relevant_people

CARS = tables_of(load_organisation("car_1"))


def test_the_shipped_car_tables_reassemble_with_their_split_halves_joined() -> None:
    assert {t: len(rows) for t, rows in CARS.items()} == {"continents": 5, "countries": 15, "car makers": 22,
                                                          "car names": 406, "cars data": 406}


@pytest.mark.parametrize("seed", range(12))
def test_every_generated_organisation_keeps_the_papers_transformations(seed: int) -> None:
    generated = generate_organisation(CARS, seed, name="cars")
    org = generated.organisation
    assert generated == generate_organisation(CARS, seed, name="cars")  # seeded
    held = [(p.user_id, d) for p in org.people for d in org.documents_of(p.user_id)]
    assert all(len(org.documents_of(p.user_id)) <= 1 for p in org.people)  # one document a person
    tables = [d for _, d in held if d.records() is not None]
    assert generated.missing in CARS and all(d.title != generated.missing for d in tables)
    halves = [d for d in tables if d.title == generated.split]
    assert len(halves) == 2
    first, second = (d.records() for d in halves)
    assert CARS[generated.split] in (first + second, second + first)  # the halves, in either holder's order
    assert sorted(d.title for d in tables) == sorted([*(set(CARS) - {generated.missing}), generated.split])
    assert org.primary == "alice" and org.tables["alice"] != ()
    redirector, target = generated.redirect
    note = org.documents_of(redirector)[0]
    assert note.records() is None and org.person(target).full_name in note.title
    assert org.descriptions[redirector] == org.descriptions[target]  # the outdated profile
    assert len(org.people) == len(tables) + 2  # + the redirecting person + one who holds nothing
    # The people search finds the redirecting person and the holder for the holder's topic.
    assert {redirector, target} <= set(search_relevant_people(org, org.tables[target][0]).payload)


def test_seeds_differ_and_bad_tables_are_refused_in_one_line() -> None:
    assert generate_organisation(CARS, 0).organisation != generate_organisation(CARS, 1).organisation
    with pytest.raises(ValueError, match="organisation 'generated': no tables to distribute"):
        generate_organisation({}, 0)
    with pytest.raises(ValueError, match="table 'pets' has no rows"):
        generate_organisation({"pets": []}, 0)


def test_a_single_table_is_split_but_nothing_is_left_out() -> None:
    generated = generate_organisation({"pets": [{"name": "Rex"}, {"name": "Tom"}, {"name": "Kit"}]}, 4)
    assert generated.missing is None and generated.split == "pets"
    assert [json.loads(d.content) for p in generated.organisation.people
            for d in generated.organisation.documents_of(p.user_id) if d.records() is not None] in (
        [[{"name": "Rex"}], [{"name": "Tom"}, {"name": "Kit"}]],
        [[{"name": "Tom"}, {"name": "Kit"}], [{"name": "Rex"}]])


def test_a_dev_question_in_a_generated_organisation_is_answered_by_the_oracle_exactly() -> None:
    config = PeopleJoinConfig(organisations="generated")
    outcomes = []
    for seed in range(87, 99):  # car_1 items of the dev split
        instance = FAMILY.instances(config, seed)
        assert instance.organisation.name == f"car_1-g{seed}" and instance == FAMILY.instances(config, seed)
        seats = {r: PolicyAgent("d", FAMILY.players["table-dump"].make(instance, r), FAMILY.codec(r))
                 for r in instance.roles()}
        seats["hub"] = PolicyAgent("o", FAMILY.players["sql-oracle"].make(instance, "hub"), FAMILY.codec("hub"))
        score = asyncio.run(play(FAMILY, instance, seats)).score
        assert score.metrics["p_rec"] == 1.0 and score.metrics.get("p_prec", 1.0) == 1.0
        outcomes.append((instance.item.unanswerable, score.metrics["match"]))
    # 4 unanswerable (over the left-out table, or model list, absent upstream), each declared so;
    # 5 of the 8 others answered exactly (the 3 misses: the naive identifier mapping, as on dev).
    assert outcomes == [(False, 100), (True, 100), (False, 100), (False, 100), (False, 0), (False, 100),
                        (True, 100), (False, 0), (True, 100), (True, 100), (False, 0), (False, 100)]


def test_retarget_names_the_holders_and_the_redirecting_person() -> None:
    generated = generate_organisation(CARS, 3, name="cars")
    assert (generated.missing, generated.split, generated.redirect) == ("cars data", "car makers", ("lars", "quinn"))
    item = next(i for i in dev_items() if i.datum_id == "car_1_20")  # car makers joined with countries
    moved = retarget(generated, item)
    # Both halves of car makers, Lars who points to Quinn, and Rosa's countries.
    assert moved.reference_people == ("jonas", "lars", "quinn", "rosa") and moved.needs_split
    assert moved.needs_redirection and not moved.unanswerable and moved.organisation == "cars"
    over_missing = retarget(generated, next(i for i in dev_items() if i.datum_id == "car_1_5"))  # cars data
    assert over_missing.unanswerable and over_missing.reference_people == ()
