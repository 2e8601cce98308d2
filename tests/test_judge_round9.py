"""Classes of text the ninth round of issue 12 reads by general rules (tuned on test8's errors),
each tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))


def test_a_bare_amount_goes_to_the_one_money_issue_the_sentence_leaves_open() -> None:
    reading = extract_message("ok. 1200, 12 months, 1000 deposit, 2 days?", RENTAL)
    assert dict(reading.offers) == {"rent": "$1200", "duration": "12 months", "deposit": "$1000", "subletting": "2 days"}


def test_a_lone_bare_amount_two_money_issues_could_hold_stays_unplaced() -> None:
    assert "rent" not in extract_message("1250 is where I land.", RENTAL).offers


@pytest.mark.parametrize("text, months", [
    ("I could sign a two-and-a-half-year lease.", "30 months"),
    ("Let's make the lease 1 year and 6 months.", "18 months"),
])
def test_lengths_in_compound_words(text: str, months: str) -> None:
    assert extract_message(text, RENTAL).offers.get("duration") == months


def test_offering_a_week_is_seven_days() -> None:
    assert extract_message("I can offer a week of subletting.", RENTAL).offers.get("subletting") == "7 days"


def test_needing_a_day_to_think_offers_no_day() -> None:
    assert dict(extract_message("I need a day to think about the subletting.", RENTAL).offers) == {}


@pytest.mark.parametrize("text, offers", [
    ("$1,500 just isn't realistic for us. $1,100 is.", {"rent": "$1100"}),
    ("Thank you for the proposal of $1,400 and a $2,500 deposit. We can do $1,100.", {"rent": "$1100"}),
    ("The landlord wanted 36 months. We propose 12 months.", {"duration": "12 months"}),
    ("Six months feels a little short; we'd like 12 months.", {"duration": "12 months"}),
])
def test_values_turned_down_or_told_as_anothers_are_not_offered(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


def test_a_prose_note_with_a_compound_length() -> None:
    reading = extract_note("Acceptable offer: rent $1,150, a lease of 2 years and 6 months, $800 deposit, 3 days "
                           "of subletting.", RENTAL)
    assert reading.offers.get("duration") == "30 months"
