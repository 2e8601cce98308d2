"""Numeric values and wrong readings the nineteenth round of issue 12 reads by general mechanisms
(tuned on round 19's half A, every item of test20 … test23, and the retired parts' errors; checked
on B, every item of test24 … test31 — parts by other hands — by its totals alone). Each class is
tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from tests.gold_shape import labels_of

game = labels_of  # a built-in or user-authored game's label tables


# A verdict on a value graded by a degree word ("quite a bit below what I can accept", "somewhat
# higher than we budgeted") turns the value down as the bare verdict does, so the value asked for
# after it is the offer, read for sure rather than as the later of two values.
@pytest.mark.parametrize("text, offers", [
    ("Rent: $1,500 is somewhat higher than we budgeted. We'd sign at $1,200.", {"rent": "$1200"}),
    ("$1,500 is rather more than we can afford. How about $1,200 for 12 months?",
     {"rent": "$1200", "duration": "12 months"}),
])
def test_a_graded_verdict_turns_the_value_down(text, offers) -> None:
    reading = extract_message(text, game("rental-agreement"), side=1)
    assert dict(reading.offers) == offers
    assert reading.confidence == "sure"


def test_the_ungraded_verdict_still_turns_it_down() -> None:
    reading = extract_message("Rent: $1,500 is higher than we budgeted. We'd sign at $1,200.",
                              game("rental-agreement"), side=1)
    assert dict(reading.offers) == {"rent": "$1200"}


# A line of a list opened by a cross or a thumbs-down ("❌ $100,000", "👎 Salary: $100,000") turns
# its value down, as a mark after the value does: it is not the offer, and what is asked instead,
# where the grammar cannot read it, leaves the reading unsure rather than sure and wrong.
@pytest.mark.parametrize("text", [
    "Thanks for this.\n\n👍 hybrid\n👎 Salary: $100,000\n👍 25 days vacation",
    "Thanks for this.\n\n- ✅ hybrid\n- ❌ $100,000 - we need more than that\n- ✅ 25 days vacation",
])
def test_a_crossed_line_does_not_offer_its_value(text) -> None:
    reading = extract_message(text, game("job-offer"), side=1)
    assert dict(reading.offers) == {"work arrangement": "hybrid", "vacation": "25 days"}
    assert reading.confidence == "unsure"
    assert "a value crossed out" in reading.reason


def test_a_crossed_line_without_a_value_is_no_turned_down_value() -> None:
    # "❌ No signing bonus — could we do $5,000?": the mark crosses out the bonus's absence; the
    # amount asked after the dash is the offer
    reading = extract_message("Thoughts:\n✅ Hybrid — great\n❌ No signing bonus — could we do $5,000?",
                              game("job-offer"), side=1)
    assert reading.offers["signing bonus"] == "$5000"


# Weeks name a number of nights exactly, as they name days: "two weeks" is the label "14 nights",
# in a message, a key's value, or a language whose week word the lexicon knows.
@pytest.mark.parametrize("text, stay", [
    ("Could we book him in for a week at $60 a night, own room?", "7 nights"),
    ("We propose $50 a night for two weeks, shared run.", "14 nights"),
    ("Kami usulkan 2 minggu, $50 per malam.", "14 nights"),  # Indonesian
])
def test_weeks_name_nights(text, stay) -> None:
    assert extract_message(text, game("dog-boarding"), side=1).offers["stay"] == stay


def test_weeks_name_nights_under_a_key() -> None:
    reading = extract_note("stay: 2 weeks\nnightly rate: $50\nroom: shared run", game("dog-boarding"))
    assert dict(reading.offers) == {"stay": "14 nights", "nightly rate": "$50", "room": "shared run"}


def test_weeks_that_name_no_label_are_no_stay() -> None:
    # three weeks are 21 nights, no label of the game: not read as a stay
    reading = extract_message("We propose $50 a night for three weeks, shared run.", game("dog-boarding"), side=1)
    assert "stay" not in reading.offers
