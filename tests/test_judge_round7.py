"""Classes of text the seventh round of issue 12 reads by general rules (tuned on test6's errors),
each tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
MERGER = label_cache(load_game("merger"))
CAR = label_cache(load_game(GAMES / "car-purchase.yaml"))
DESIGN = label_cache(load_game(GAMES / "design-contract.yaml"))


def test_a_remark_after_the_block_does_not_replace_it() -> None:
    note = ('```json\n{"rent": "$1,300", "duration": "24 months", "deposit": "$1,000", "subletting": "2 days"}\n```\n'
            "Subletting matters little to me; I'll see how they take the rent first.")
    assert dict(extract_note(note, RENTAL).offers) == {"rent": "$1300", "duration": "24 months", "deposit": "$1000",
                                                       "subletting": "2 days"}


def test_two_values_offered_as_alternatives_in_a_block_are_ambiguous() -> None:
    reading = extract_note('{"benefits": "60%", "control": "5-5 or 6-4", "employees": "50%-50%", "ownership": "55%"}',
                           MERGER)
    assert "control" in reading.ambiguous and "control" not in reading.offers


# Fresh examples of round 7's classes; the first and third were known gaps until round ten.
@pytest.mark.parametrize("text, offers", [
    # Both former gaps are read since round ten (an amount with thousands separators is one word
    # before the verdict; the ends of a worked-out compromise are not offered, its result is).
    ("A $2,000 deposit together with $1,400 in rent are far beyond what we can pay. $1,100 is our number.",
     {"rent": "$1100"}),
    ("The 12-month term is shorter than we hoped. We'd like 24 months.", {"duration": "24 months"}),
    ("Meeting halfway between my $1,100 and your $1,300 gives $1,200, which I accept.", {"rent": "$1200"}),
    ("I appreciate the 12-month lease, but I'd like 24 months.", {"duration": "24 months"}),
])
def test_values_set_aside_are_not_offered(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, RENTAL).offers) == offers


def test_a_time_of_day_is_no_amount() -> None:
    assert dict(extract_message("Could we talk it over on Friday at 4pm?", DESIGN).offers) == {}


def test_accepting_the_named_value_with_can_do_makes_it_ones_own() -> None:
    reading = extract_message("I can do the $1,000 deposit you asked for, with rent at $1,200.", RENTAL)
    assert dict(reading.offers) == {"deposit": "$1000", "rent": "$1200"}


def test_anything_from_one_value_to_another_is_a_range() -> None:
    assert "duration" not in extract_message("Anything from 12 to 24 months suits me.", RENTAL).offers


def test_paying_through_a_loan_is_not_a_past_payment() -> None:
    reading = extract_message("I'm offering $25,000, paid through a bank loan.", CAR)
    assert reading.offers.get("financing") == "bank loan"


def test_number_words_in_a_prose_offer_line() -> None:
    reading = extract_note("My acceptable offer: rent of eleven hundred dollars, a one-year lease, a $750 deposit "
                           "and three days of subletting.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1100", "duration": "12 months", "deposit": "$750", "subletting": "3 days"}
