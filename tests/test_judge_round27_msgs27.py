"""Round 27, hand "msgs27": messages in English in unlisted styles — an even split said in a tight
form beside another split issue. Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game


@pytest.fixture(scope="module")
def merger():
    return label_cache(load_game("merger"))


@pytest.mark.parametrize("text", [
    "On control we'd want an even board, and on employees we stay at 40%-60%.",
    "Benefits at 50%, the board split evenly, employees retained 45%-55%.",
    "We accept 60% ownership provided control is split evenly and employee retention is 50%-50%.",
    "Let's split the board down the middle. We keep 60% of our staff and you keep 40% of yours.",
])
def test_a_tight_even_split_is_read_beside_another_split_issue(merger, text):
    assert extract_message(text, merger).offers.get("control") == "5-5"


def test_an_even_word_before_another_issue_is_no_even_board(merger):
    # ("equal benefits" is not the board's even split)
    assert extract_message("Equal benefits for all staff, and a 6-4 board.", merger).offers.get("control") == "6-4"


@pytest.fixture(scope="module")
def rental():
    return label_cache(load_game("rental-agreement"))


@pytest.fixture(scope="module")
def furniture():
    return label_cache(load_game("tests/data/games/furniture-order.yaml"))


@pytest.mark.parametrize("text, shared", [
    ("Which would you prefer: (a) $1,200 with a 12-month lease, or (b) $1,100 with 24 months? "
     "Deposit $1,000 and 2 days of subletting either way.", {"deposit": "$1000", "subletting": "2 days"}),
    ("Would you take (a) $1,200 for 12 months, or (b) $1,100 for 24 months! Deposit $500 in both.", {"deposit": "$500"}),
])
def test_a_question_ends_the_last_option_and_what_follows_is_shared(rental, text, shared):
    reading = extract_message(text, rental)
    assert reading.offers == shared
    assert {"rent", "duration"} <= set(reading.ambiguous)


@pytest.mark.parametrize("text, label", [
    ("$900, 1-year warranty. Collection either way.", "pickup"),
    ("$900 and a 1-year warranty. Doorstep either way.", "home delivery"),
])
def test_either_way_weighs_no_other_value_against_a_telling_word(furniture, text, label):
    assert extract_message(text, furniture).offers.get("delivery") == label


def test_a_telling_word_weighed_against_another_is_still_left(furniture):
    assert "delivery" not in extract_message("$900, 1-year warranty, collection or else we drop it off.", furniture).offers


@pytest.fixture(scope="module")
def loan():
    return label_cache(load_game("loan-agreement"))


def test_the_other_sides_value_beside_ones_own_before_an_arrow_is_history(loan):
    text = ("Where we stand:\n- Amount: you $6,000 / me $9,000 → I accept $6,000.\n"
            "- Rate: you 2% / me 6% → I propose 4%.\n- Fees: $40.")
    offers = extract_message(text, loan).offers
    assert offers.get("amount") == "$6000"
    assert offers.get("annual interest rate") == "4%"


@pytest.mark.parametrize("text", [
    "Rent $1,400 → we can do $1,300, and 12 months.",
    "Rent $1,400 → I accept $1,300, and 12 months.",
])
def test_words_after_an_arrow_may_name_who_moves(rental, text):
    assert extract_message(text, rental).offers.get("rent") == "$1300"


def test_with_that_in_mind_opens_no_alternative_package(loan):
    text = ("The first two years will be tight for us, and 3% is more than I hoped for. With that in mind, "
            "I'd like to propose $8,000 over 8 years at 4%, with a $30 fee.")
    offers = extract_message(text, loan).offers
    assert offers.get("duration") == "8 years"
    assert offers.get("annual interest rate") == "4%"


@pytest.mark.parametrize("text", [
    "My picks: Rent: ( ) $1,300 (•) $1,200 | Duration: (•) 24 months ( ) 12 months",
    "Where I've landed:\n◉ $1,200 / month ○ $1,300 / month\n○ 12 months ◉ 24 months",
    "Rent — [ ] $1,300 [x] $1,200\nDuration — [x] 24 months [ ] 12 months",
])
def test_the_marked_option_of_a_form_line_is_the_value(rental, text):
    offers = extract_message(text, rental).offers
    assert offers.get("rent") == "$1200"
    assert offers.get("duration") == "24 months"


def test_a_line_without_an_empty_mark_is_left_as_it_is():
    from lamen.judge.marked_choices import marked_choices
    assert marked_choices("● Rent $1,200\n● 24 months") == "● Rent $1,200\n● 24 months"
    assert marked_choices("Rent: ( ) $1,300 (•) $1,200 | Duration: 24 months") == "Rent: $1,200 | Duration: 24 months"


def test_a_proposal_headed_as_one_is_the_offer(rental):
    text = "You went from $1,400 to $1,300. I went from $900 to $1,000. Proposal: $1,100, a fair midpoint."
    assert extract_message(text, rental).offers.get("rent") == "$1100"
