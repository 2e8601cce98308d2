"""Classes of text the fifteenth round of issue 12 reads by general mechanisms (tuned on the odd
halves of test16 and test17, checked on their even halves), each tested on fresh examples written
for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels, frequency_words
from tests.gold_shape import labels_from_yaml, labels_of


# A game of this file's own whose frequency labels are period words with no synonyms declared,
# so a count of weeks or months is read by the period grammar alone.
_SERVICE_GAME = """\
name: window-cleaning
description: A window cleaner and an office block are negotiating a service contract.
sides:
  - You represent the window cleaner.
  - You represent the office block.
parties: [Cleaner, Office block]
issues:
  - name: visit price
    issue_type: distributive
    descriptions: What the office block pays for each visit.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$300", "$400", "$500"], ["$300", "$400", "$500"]]
  - name: visits
    issue_type: integrative
    descriptions: How often the cleaner comes.
    payoffs: [[0, 1, 2, 3], [3, 2, 1, 0]]
    payoff_labels: [[weekly, biweekly, monthly, quarterly], [weekly, biweekly, monthly, quarterly]]
issue_weights: [[2, 1], [1, 2]]
scale: [100, 100]
"""


game = labels_of  # a built-in or user-authored game's label tables


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "window-cleaning", _SERVICE_GAME)


# How often, written as a count of units ("every two weeks", "every other week", "every 3 months"),
# is the period label of the same length, whichever period word the game uses — not the label
# of the unit ("weekly" for "weeks").
@pytest.mark.parametrize("text, offers", [
    ("We could come every two weeks at $400 a visit.", {"visits": "biweekly", "visit price": "$400"}),
    ("$300 per visit, but only every other week, please.", {"visit price": "$300", "visits": "biweekly"}),
    ("Let's say $500 a visit and a clean every 3 months.", {"visit price": "$500", "visits": "quarterly"}),
])
def test_a_count_of_periods_is_the_period_label(service, text, offers) -> None:
    assert extract_message(text, service).offers == offers


def test_a_count_of_periods_is_read_in_a_note_line(service) -> None:
    assert extract_note("Acceptable offer: price $400 per visit, visits every two weeks.", service).offers == \
        {"visit price": "$400", "visits": "biweekly"}


def test_a_count_of_periods_no_label_names_stays_as_written() -> None:
    # no label of these words says "fortnightly": "every 2 weeks" is left for the other readers
    assert frequency_words("deliveries every 2 weeks", frozenset({"weekly", "monthly"})) == "deliveries every 2 weeks"
    assert frequency_words("once every 14 days", frozenset({"fortnightly"})) == "fortnightly"
    assert frequency_words("every 12 months", frozenset({"annually", "monthly"})) == "annually"


# The game's own synonym ("every two weeks" for fortnightly) holds once number words are digits.
def test_a_synonym_with_a_number_word_still_names_its_label() -> None:
    found = extract_message("Happy with $160 a case if the van comes every two weeks.", game("wine-supply"))
    assert found.offers == {"price per case": "$160", "delivery schedule": "fortnightly"}


# A value measured against the speaker's ease or will ("higher than I'm comfortable with",
# "longer than we're willing to sign") is turned down like one past its means; the counter is the offer.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Thanks — a 6% rate is more than I'm comfortable with. Would 4% over 5 years work?", "loan-agreement",
     {"annual interest rate": "4%", "duration": "5 years"}),
    ("Honestly $180 a case is higher than we'd like; we'd settle at $160 with monthly drops.", "wine-supply",
     {"price per case": "$160", "delivery schedule": "monthly"}),
])
def test_a_value_past_the_speakers_ease_is_turned_down(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


# Where a move the speaker has "already" made ends ("already come down to $1,200") is where it
# stands now: "already" dates the move, and the move's start (after "from") is no offer.
@pytest.mark.parametrize("text, game_name, offers", [
    ("We've already come from 6% down to 5%, and that's final. $8,000 over 4 years.", "loan-agreement",
     {"annual interest rate": "5%", "amount": "$8000", "duration": "4 years"}),
    ("I already dropped the rent to $1,200 — that's my floor. 12 months, deposit $1,000.", "rental-agreement",
     {"rent": "$1200", "duration": "12 months", "deposit": "$1000"}),
])
def test_where_an_earlier_move_ended_is_the_offer(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


def test_an_already_stated_value_without_a_move_stays_a_past_one() -> None:
    # no move to it: "already" still marks the speaker's own past position, not an offer
    found = extract_message("We already offered $1,400 last week. Now: $1,300 for 12 months.", game("rental-agreement"))
    assert found.offers == {"rent": "$1300", "duration": "12 months"}


# A sentence of a few words and no number beside the package ("And glass only.", "Dedicated,
# please.") is one more piece of it: the label it is part of, where it is part of one label only.
@pytest.mark.parametrize("text, game_name, offers", [
    ("We're fine at $160 a case with monthly deliveries. Glass only.", "wine-supply",
     {"price per case": "$160", "delivery schedule": "monthly", "listing": "by the glass only"}),
    ("$400 a month works on a 6-month term. Dedicated, please.", "coworking-membership",
     {"monthly fee": "$400", "commitment": "6 months", "desk type": "dedicated desk"}),
])
def test_a_short_fragment_beside_a_package_is_one_more_piece(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


@pytest.mark.parametrize("text", ["$400 a month on a 6-month term. Hot or dedicated?",
                                  "$400 a month on a 6-month term. Thanks again."])
def test_a_short_question_or_courtesy_offers_no_label(text) -> None:
    assert extract_message(text, game("coworking-membership")).offers == {"monthly fee": "$400", "commitment": "6 months"}


# "Drop X to N" lowers X to N; only "drop X" with no new value gives X up (its zero label).
@pytest.mark.parametrize("text, game_name, offers", [
    ("fine, 1300 a month if you drop the deposit to 1000. 24 months.", "rental-agreement",
     {"rent": "$1300", "deposit": "$1000", "duration": "24 months"}),
    ("We'd drop fees to $40 on a $7,000 loan over 5 years.", "loan-agreement",
     {"service fees": "$40", "amount": "$7000", "duration": "5 years"}),
    ("ok $1200 rent, and we drop the deposit. 18 months.", "rental-agreement",
     {"rent": "$1200", "deposit": "$0", "duration": "18 months"}),
])
def test_dropping_to_a_value_lowers_it(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


# A summary of where each side stands, line by line under its label ("You: …", "Us: …"), followed
# by a proposal: the labelled lines are positions, the proposal is the offer.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Recap so far:\nYou: $1,100 rent, 24 months\nUs: $1,300 rent, 12 months\n\nWe propose $1,200 for 18 months.",
     "rental-agreement", {"rent": "$1200", "duration": "18 months"}),
    ("To sum up —\n• you: hot desk, $300\n• we: private office, $600\nHow about a dedicated desk "
     "at $400?", "coworking-membership", {"desk type": "dedicated desk", "monthly fee": "$400"}),
])
def test_labelled_positions_before_a_proposal_are_not_the_offer(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


def test_a_labelled_position_with_no_proposal_after_it_is_still_read() -> None:
    found = extract_message("Us: $1,300 rent, 12 months.", game("rental-agreement"))
    assert found.offers == {"rent": "$1300", "duration": "12 months"}
