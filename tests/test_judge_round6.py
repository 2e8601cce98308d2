"""Classes of text the sixth round of issue 12 reads by general rules (tuned on test5's errors),
each tested on fresh examples written for these tests, not the gold set's items, with the exact
reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
CAR = label_cache(load_game(GAMES / "car-purchase.yaml"))
DESIGN = label_cache(load_game(GAMES / "design-contract.yaml"))
JOB = label_cache(load_game(GAMES / "job-offer.yaml"))


def test_items_of_a_list_keep_the_stance_of_the_clause_that_began_it() -> None:
    # every item is still what the other side asked for; only the last sentence is an offer
    reading = extract_message("You wanted $1,400 rent, a 24-month lease, a $1,500 deposit and 5 days of "
                              "subletting. We can do $1,200.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1200"}


def test_a_plain_list_after_a_colon_is_the_speakers_own() -> None:
    reading = extract_message("Unfortunately we cannot accept that. Our offer stays: $1,200, 12 months.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1200", "duration": "12 months"}


def test_list_items_between_do_not_pass_their_possessives_on() -> None:
    reading = extract_message("We propose: rent at $1,100, your deposit of $1,000 as is, and 24 months.", RENTAL)
    assert reading.offers.get("duration") == "24 months"


@pytest.mark.parametrize("text", [
    "Is $1,200 honestly the lowest you can go on rent?",
    "One more thing: does the $1,000 deposit come back at the end?",
])
def test_questions_about_the_other_sides_figures_propose_nothing(text: str) -> None:
    assert dict(extract_message(text, RENTAL).offers) == {}


@pytest.mark.parametrize("text", [
    "I'll talk to my wife and get back to you on the $1,300 and the 12 months.",
    "The usual rate for a loan this size is 5%, which is why we quoted it.",
])
def test_deferrals_and_reference_figures_are_no_offers(text: str) -> None:
    reading = extract_message(text, RENTAL if "wife" in text else LOAN)
    assert dict(reading.offers) == {}


@pytest.mark.parametrize("text, offers", [
    ("$1,400 is well above our budget. We can offer $1,100.", {"rent": "$1100"}),
    ("Honestly $1,500 feels steep; $1,200 works for us.", {"rent": "$1200"}),
    ("A 6% rate on $8,000 over 6 years works out to a lot of interest, so we ask for 3%.",
     {"annual interest rate": "3%"}),
])
def test_values_turned_down_or_computed_from_are_not_the_offer(text: str, offers: dict[str, str]) -> None:
    game = LOAN if "rate" in text else RENTAL
    assert dict(extract_message(text, game).offers) == offers


def test_a_label_whose_number_follows_a_word_is_read_by_its_wording() -> None:
    assert dict(extract_message("Fine by us, net 15 it is.", DESIGN).offers) == {"payment terms": "net 15"}


@pytest.mark.parametrize("text, issue, label", [
    ("We'd rather skip the extended warranty altogether.", "warranty", "no extended warranty"),
    ("I'm willing to forgo the signing bonus.", "signing bonus", "no bonus"),
])
def test_giving_an_issue_up_reads_its_zero_label(text: str, issue: str, label: str) -> None:
    game = CAR if "warranty" in text else JOB
    assert extract_message(text, game).offers.get(issue) == label


def test_lowering_a_fee_is_not_giving_it_up() -> None:
    assert "service fees" not in extract_message("Could you drop the service fee to $40?", LOAN).offers or \
        extract_message("Could you drop the service fee to $40?", LOAN).offers["service fees"] != "$0"


def test_a_note_whose_offer_is_undecided_takes_no_offer_from_the_other_sides_terms() -> None:
    reading = extract_note("Acceptable offer: not settled until I hear back. Their current terms: $1,400 / "
                           "24 months / $1,500 / 5 days.", RENTAL)
    assert dict(reading.offers) == {}


def test_an_estimate_heading_in_another_language_marks_the_block_as_the_other_sides() -> None:
    note = ('Offerta accettabile:\n```json\n{"rent": "$1200", "duration": "12 months", "deposit": "$1000", '
            '"subletting": "2 days"}\n```\nStima della loro posizione:\n```json\n{"rent": "$1400", '
            '"duration": "24 months", "deposit": "$1500", "subletting": "5 days"}\n```')
    assert dict(extract_note(note, RENTAL).offers) == {"rent": "$1200", "duration": "12 months",
                                                       "deposit": "$1000", "subletting": "2 days"}
