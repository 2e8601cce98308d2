"""The value grammar, the issue-name matcher, aliases and synonyms, and labels that cannot be told
apart: exact expectations (issue 12)."""

from __future__ import annotations

import pytest

from lamen.judge.label_clashes import indistinguishable_labels
from lamen.judge.labels import label_cache
from lamen.spec.issue import Issue
from lamen.spec.load import load_game
from lamen.spec.problems import SpecError
from tests.conftest import REPO

RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
MERGER = label_cache(load_game("merger"))
FURNITURE = label_cache(load_game(REPO / "tests" / "data" / "games" / "furniture-order.yaml"))


@pytest.mark.parametrize(("labels", "issue", "value", "kind", "label"), [
    (RENTAL, "rent", "$1,100 per month, firm", "label", "$1100"),
    (RENTAL, "rent", "USD 1,300.00", "label", "$1300"),
    (RENTAL, "rent", "eleven hundred dollars", "label", "$1100"),
    (RENTAL, "rent", "$1,000-$1,100", "ambiguous", None),
    (RENTAL, "rent", "$1,250", "invalid", None),
    (RENTAL, "deposit", "$1,000 (one month's rent)", "label", "$1000"),  # the aside is no second value
    (RENTAL, "deposit", "$1.5k", "label", "$1500"),
    (RENTAL, "deposit", "none", "label", "$0"),
    (RENTAL, "deposit", "two months' rent", "invalid", None),
    (RENTAL, "duration", "12 months minimum", "label", "12 months"),
    (RENTAL, "duration", "a year and a half", "label", "18 months"),
    (RENTAL, "duration", "2.5 years", "label", "30 months"),
    (RENTAL, "duration", "24 months (or 27)", "ambiguous", None),
    (RENTAL, "duration", "18m", "label", "18 months"),
    (RENTAL, "subletting", "2 days/yr", "label", "2 days"),
    (RENTAL, "subletting", "1 week", "label", "7 days"),
    (RENTAL, "subletting", "2 weeks", "invalid", None),  # 14 days: converted exactly, and not a label
    (RENTAL, "subletting", "no more than 3 days", "label", "3 days"),  # a bound, not "no subletting"
    (RENTAL, "subletting", "not allowed", "label", "0 days"),
    (LOAN, "duration", "36 months", "label", "3 years"),
    (LOAN, "duration", "18 months", "invalid", None),  # 1.5 years is no label
    (LOAN, "annual interest rate", "0.035", "label", "3.5%"),
    (LOAN, "annual interest rate", "three and a half percent", "label", "3.5%"),
    (LOAN, "annual interest rate", "interest-free", "label", "0%"),
    (LOAN, "service fees", "waived", "label", "$0"),
    (LOAN, "service fees", "$30/month", "label", "$30"),
    (MERGER, "ownership", "half", "label", "50%"),
    (MERGER, "ownership", "A 55% / B 45%", "label", "55%"),
    (MERGER, "control", "6 to A, 4 to B", "label", "6-4"),
    (MERGER, "control", "4 to B, 6 to A", "label", "6-4"),
    (MERGER, "control", "four-six", "label", "4-6"),
    (MERGER, "employees", "45%/55%", "label", "45%-55%"),
    (FURNITURE, "assembly", "Self assembly", "label", "self-assembly"),
    (FURNITURE, "assembly", "included", "label", "assembly included"),
    (FURNITURE, "delivery", "Local Drop-Off", "label", "local drop-off"),
    (FURNITURE, "delivery", "click and collect", "label", "pickup"),  # a declared synonym
    (FURNITURE, "delivery", "pickup or local drop-off", "ambiguous", None),
    (FURNITURE, "delivery", "express courier", "invalid", None),
    (FURNITURE, "warranty", "none", "label", "no warranty"),
    (FURNITURE, "warranty", "24 months", "label", "2 years"),
])
def test_value_grammar(labels, issue: str, value: str, kind: str, label: str | None) -> None:
    match = labels.match(issue, value)
    assert (match.kind, match.label) == (kind, label)


def test_a_value_no_rule_reads_says_why() -> None:
    assert FURNITURE.match("delivery", "express courier").unsure == "'express courier' is no wording of a label of this issue"
    assert RENTAL.match("rent", "$1,250").unsure == ""  # a clear number that is no label is a sure violation


@pytest.mark.parametrize(("labels", "key", "issue"), [
    (RENTAL, "Monthly Rent", "rent"), (RENTAL, "duraton", "duration"), (RENTAL, "sub-letting", "subletting"),
    (RENTAL, "dur", "duration"), (RENTAL, "security_deposit", "deposit"), (RENTAL, "parking", None),
    (FURNITURE, "shipping", "delivery"), (FURNITURE, "Delivery Method", "delivery"),
    (LOAN, "Interest rate", "annual interest rate"), (MERGER, "Board Seats", "control"),
])
def test_issue_for_key(labels, key: str, issue: str | None) -> None:
    assert labels.issue_for_key(key) == issue


def test_aliases_and_synonyms_load_and_stay_out_of_lamen_dumps() -> None:
    delivery = FURNITURE.game.issues[0]
    assert delivery.aliases == ("shipping", "delivery method")
    assert delivery.label_synonyms("pickup") == ("collect in store", "click and collect", "self-collection")
    assert delivery.model_dump()["synonyms"]["home delivery"] == ["doorstep delivery", "delivered to the door"]
    rent = RENTAL.game.issues[0]
    assert "aliases" not in rent.model_dump() and "synonyms" not in rent.model_dump()


def test_a_synonym_for_no_label_is_an_error() -> None:
    with pytest.raises(SpecError) as error:
        Issue.model_validate({"name": "delivery", "descriptions": "How it arrives", "payoffs": [[1, 0], [0, 1]],
                              "payoff_labels": [["pickup", "home"], ["pickup", "home"]],
                              "synonyms": {"courier": ["express"]}})
    assert error.value.problems[0].message == "synonyms name 'courier', which is not a label of this issue"


def test_labels_that_read_the_same_are_found() -> None:
    issue = Issue.model_validate({
        "name": "term", "descriptions": "The length.", "payoffs": [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]],
        "payoff_labels": [["1 year", "12 months", "$1,000", "$1000", "short"]] * 2,
        "synonyms": {"short": ["12 months"]}})
    assert indistinguishable_labels(issue) == [("1 year", "12 months"), ("12 months", "short"), ("$1,000", "$1000")]
    assert all(indistinguishable_labels(issue) == [] for issue in RENTAL.game.issues + LOAN.game.issues)
