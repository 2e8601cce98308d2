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


# A verb that is no verb of holding leaves the count unread, as in English ("we propose 6").
def test_a_foreign_verb_of_proposing_holds_nothing() -> None:
    reading = extract_message("Nous proposons 6 sièges sur 10.", labels_of("merger"), side=0)
    assert dict(reading.offers) == {}
