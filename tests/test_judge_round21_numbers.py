"""Round 21 of issue 12, numbers and messages: the numeric values an ordinary tournament message
offers (tuned on every item of test20 … test35 and the retired parts; checked on test36 … test41,
parts by other hands, by their totals alone). Each class is tested on fresh examples written for
these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from tests.gold_shape import labels_of


# Bold around a number inside a line is emphasis: "my original **$1,400**" is the speaker's past
# position as "my original $1,400" is, and the offer is the other value. (`__…__` is a layout no gold
# part has.)
@pytest.mark.parametrize("text, offers", [
    ("OK — I can __drop to $1,200__, which is a long way from my original __$1,400__.", {"rent": "$1200"}),
    ("I'll **move up to $1,200**, up from my opening **$1,000**.", {"rent": "$1200"}),
    ("I can come down to **$1,100**, but that is a big step from my original **$1,500**.", {"rent": "$1100"}),
])
def test_bold_numbers_are_read_as_plain_ones(text, offers) -> None:
    reading = extract_message(text, labels_of("rental-1-distributive"), side=0)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


# Bold words with no number stay as they were: after a colon they are a value the free text reads.
def test_bold_words_without_a_number_are_left() -> None:
    reading = extract_message("Let me settle it now: **no service fee**. I'd keep 4% over 6 years.",
                              labels_of("loan-agreement"), side=0)
    assert dict(reading.offers) == {"service fees": "$0", "annual interest rate": "4%", "duration": "6 years"}


# Verbs of keeping, getting and wanting in other languages make the pronoun before them the holder
# of the seats counted after them, as "we keep" does; a count of a whole in words ("vier der zehn")
# is a whole as "4 der 10" is.
@pytest.mark.parametrize("text, side, offers", [
    ("Wir bekommen vier der zehn Sitze, Leistungen 60 %.", 1, {"control": "6-4", "benefits": "60%"}),
    ("Nous conservons six sièges sur dix, avantages 60 %.", 0, {"control": "6-4", "benefits": "60%"}),
    ("Nous conservons six sièges sur dix, avantages 60 %.", 1, {"control": "4-6", "benefits": "60%"}),
    ("Wir behalten 7 der 10 Sitze im Vorstand.", 0, {"control": "7-3"}),
])
def test_foreign_verbs_of_holding_give_the_seats_to_the_speaker(text, side, offers) -> None:
    assert dict(extract_message(text, labels_of("merger"), side=side).offers) == offers


# A verb that is no verb of holding names no holder; since round 23 a seat count the sentence gives
# to no one is the speaker's (tests/data/README.md, "Seats and halves"), read as a guess.
def test_a_foreign_verb_of_proposing_holds_nothing() -> None:
    reading = extract_message("Nous proposons 6 sièges sur 10.", labels_of("merger"), side=0)
    assert dict(reading.offers) == {"control": "6-4"}
    assert reading.confidence == "unsure"


# A result drawn with "so" from figures of its kind before it in its sentence is the offer; the
# figures it is worked out from are not ("from my $1,400" is a position moved away from).
@pytest.mark.parametrize("game_name, text, offers", [
    ("loan-agreement", "I can shave half a point off my 4.5% rate, so 4%, on $6,000 over 5 years.",
     {"annual interest rate": "4%", "amount": "$6000", "duration": "5 years"}),
    ("rental-1-distributive", "I'll knock a hundred off my $1,400, so $1,300 a month.", {"rent": "$1300"}),
    ("rental-1-distributive", "Your number was $1,100 and mine $1,500 — so $1,300, and I won't go lower.", {"rent": "$1300"}),
])
def test_a_result_drawn_with_so_is_the_offer(game_name, text, offers) -> None:
    reading = extract_message(text, labels_of(game_name), side=0)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


# The figure a move starts from is no offer, but a thing named "from our …" is no figure: a value
# after "and no" still stands.
def test_a_move_from_the_speakers_figure_is_no_offer() -> None:
    assert dict(extract_message("I can come down another hundred from my $1,400.", labels_of("rental-1-distributive"),
                                side=0).offers) == {}
    assert dict(extract_message("We'd pay $900, with pickup from our side of town and no warranty.",
                                labels_of("furniture-order"), side=1).offers) == \
        {"price": "$900", "delivery": "pickup", "warranty": "no warranty"}


# A result of another kind or size, or given to another thing, leaves the figures before it alone:
# "$6,000 …, so $30 in fees", "$1,200, so $1,000 for the deposit" are two issues' values.
@pytest.mark.parametrize("game_name, text, offers", [
    ("loan-agreement", "We can lend $6,000 at 4%, so $30 in fees is fair.",
     {"amount": "$6000", "annual interest rate": "4%", "service fees": "$30"}),
    ("rental-agreement", "Rent stays at $1,200, so $1,000 for the deposit.", {"rent": "$1200", "deposit": "$1000"}),
])
def test_a_result_of_another_kind_leaves_the_figures_alone(game_name, text, offers) -> None:
    assert dict(extract_message(text, labels_of(game_name), side=0).offers) == offers


# A share named with its receiver after it is the receiver's, whoever the subject before it is; a
# floor the holder will not go below is its own share.
@pytest.mark.parametrize("text, side, offers", [
    ("We'd accept 60% ownership for you, with a 5-5 board.", 1, {"ownership": "60%", "control": "5-5"}),
    ("We'd accept 60% ownership for you, with a 5-5 board.", 0, {"ownership": "40%", "control": "5-5"}),
    ("We will not go under 45% ownership.", 1, {"ownership": "55%"}),
    ("Company B cannot go lower than 35% ownership.", 0, {"ownership": "65%"}),
])
def test_whose_share_the_receiver_or_the_floor_says(text, side, offers) -> None:
    assert dict(extract_message(text, labels_of("merger"), side=side).offers) == offers


# A thing refused whole ("we are not able to allow subletting") or removed ("if the fee is removed",
# "remove the fee") is given up, as a waived one is; a count refused with it is a count, and a
# removal with a new value lowers it.
@pytest.mark.parametrize("game_name, text, offers", [
    ("rental-agreement", "Rent $1,300, 24 months, $1,750 down. I'm unable to permit subletting, I'm afraid.",
     {"rent": "$1300", "duration": "24 months", "deposit": "$1750", "subletting": "0 days"}),
    ("rental-agreement", "We can't allow 5 days of subletting, but 2 days is fine.", {"subletting": "2 days"}),
    ("loan-agreement", "Agreed on $6,000 over 5 years at 4%, provided the service fee is removed.",
     {"amount": "$6000", "duration": "5 years", "annual interest rate": "4%", "service fees": "$0"}),
    ("loan-agreement", "Please remove the service fee to $20.", {"service fees": "$20"}),
])
def test_a_thing_refused_or_removed_is_given_up(game_name, text, offers) -> None:
    assert dict(extract_message(text, labels_of(game_name), side=1).offers) == offers


# A step ("down another ten dollars, to $40") and a side of a value ("north of 4%", "a hair under 3%")
# are no values; a figure that "remains a concern" is turned down.
@pytest.mark.parametrize("text, offers", [
    ("We'll lend $6,000 over 5 years at 4%, and we can take the service fees down a further ten dollars, to $30.",
     {"amount": "$6000", "duration": "5 years", "annual interest rate": "4%", "service fees": "$30"}),
    ("We'd want a rate just shy of 4% on $6,000 over 5 years.", {"amount": "$6000", "duration": "5 years"}),
    ("The bank needs something south of 5%, on $6,000 over 5 years.", {"amount": "$6000", "duration": "5 years"}),
    ("Your $40 fee remains a sticking point for me; I'd accept $20.", {"service fees": "$20"}),
])
def test_steps_and_sides_of_a_value_are_no_values(text, offers) -> None:
    assert dict(extract_message(text, labels_of("loan-agreement"), side=1).offers) == offers


# The listener's value named inside one's package ("the $750 deposit you offered") ends at the
# conjunction after it: the package's next item is the speaker's own; their values alone stay theirs.
@pytest.mark.parametrize("text, offers", [
    ("I will meet you on rent: $1,200 a month over 24 months, with the $750 deposit you proposed and "
     "3 days of subletting.", {"rent": "$1200", "duration": "24 months", "deposit": "$750", "subletting": "3 days"}),
    ("You offered $750 and 2 days of subletting.", {}),
])
def test_the_package_goes_on_after_a_quoted_value(text, offers) -> None:
    assert dict(extract_message(text, labels_of("rental-agreement"), side=1).offers) == offers
