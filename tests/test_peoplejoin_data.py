"""The shipped PeopleJoin-QA dev split: organisations, items and the paper's figures."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from lamen.families.peoplejoin.organisation import (DATA, OrganisationFileError, load_organisation,
                                                    organisation_from_tenant)
from lamen.families.peoplejoin.questions import QuestionFileError, dev_items, load_items


def test_the_dev_split_has_852_items_over_18_organisations_780_answerable() -> None:
    items = dev_items()
    assert len(items) == 852
    assert len({i.organisation for i in items}) == 18
    assert sum(not i.unanswerable for i in items) == 780
    assert sum(i.needs_redirection for i in items) == 183


def test_gold_people_per_item_mean_1_545_the_initiating_user_excluded() -> None:
    sizes = [len(i.gold_people(load_organisation(i.organisation).primary)) for i in dev_items()]
    assert round(statistics.mean(sizes), 3) == 1.545
    assert round(statistics.pvariance(sizes), 2) == 1.11


def test_concert_singer_people_documents_and_a_redirect_note() -> None:
    org = load_organisation("concert_singer")
    assert org.primary == "alice"
    assert [p.user_id for p in org.colleagues()] == ["lina", "hannah", "sylvie", "bhushan"]
    assert org.person("hannah").full_name == "Hannah Jarvis"
    assert org.tables["hannah"] == ("concert",)
    note = org.documents_of("bhushan")[0]
    assert note.records() is None and note.title == "Try contacting Hannah Jarvis"
    rows = org.documents_of("hannah")[0].records()
    assert rows is not None and rows[0]["concert name"] == "Auditions"
    assert org.documents_of("sylvie") == ()
    item = dev_items()[1]
    assert item.question == "How many concerts occurred in 2014 or 2015?"
    assert item.gold_rows() == [[6]] and item.gold_people("alice") == {"hannah", "bhushan"}


def test_the_licence_notices_and_source_ship_beside_the_data() -> None:
    assert "Community Data License Agreement - Permissive - Version 2.0" in (DATA / "DATA_LICENSE.md").read_text()
    assert "CC BY-SA 4.0" in (DATA / "SPIDER_LICENSE.md").read_text()
    assert "8470d73" in (DATA / "SOURCE.md").read_text()


def test_a_tenant_without_users_is_refused_naming_the_field() -> None:
    with pytest.raises(OrganisationFileError, match=r"org.json: field 'users' is missing"):
        organisation_from_tenant({"tenant_id": "x", "primary_user": {"user_id": "a"}}, "org.json")


def test_an_item_line_without_its_result_is_refused_naming_file_and_line(tmp_path: Path) -> None:
    good = (DATA / "dev.jsonl").read_text().splitlines()[0]
    broken = json.loads(good)
    del broken["execution_result"]
    path = tmp_path / "items.jsonl"
    path.write_text(good + "\n" + json.dumps(broken) + "\n")
    with pytest.raises(QuestionFileError, match=r"items.jsonl:2: field 'execution_result' is missing"):
        load_items(path)
