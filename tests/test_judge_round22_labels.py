"""Classes of text labels the twenty-second round of issue 12 reads by general mechanisms (tuned on
round 22's half A, every item of test20 … test41 and the retired parts' errors; checked on half B,
test42 … test47, by its totals), each tested on fresh examples written for these tests, not the gold
set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml

# A game of this file's own: a venue and a start-up; three issues of two text labels each, whose words
# ("rooftop", "basement", "seated", "evening") stand in one label of the whole game, beside a price.
_LAUNCH_GAME = """\
name: launch-party
description: A venue and a start-up are negotiating the start-up's launch party.
sides:
  - You represent the venue.
  - You represent the start-up.
parties: [Venue, Startup]
issues:
  - name: price
    issue_type: distributive
    descriptions: What the start-up pays for the evening.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$700", "$900", "$1100"], ["$700", "$900", "$1100"]]
  - name: space
    issue_type: integrative
    descriptions: Which part of the venue the party has.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[rooftop terrace, basement lounge], [rooftop terrace, basement lounge]]
  - name: food
    issue_type: integrative
    descriptions: What is served.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[canapés only, seated dinner], [canapés only, seated dinner]]
  - name: slot
    issue_type: integrative
    descriptions: When the party runs.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[afternoon slot, evening slot], [afternoon slot, evening slot]]
issue_weights: [[2, 1, 1, 1], [2, 1, 1, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def launch(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "launch-party", _LAUNCH_GAME)


# A label named by its one telling word alone, in a message that offers something else, is that label,
# unsure: in prose, in a closing list, in a layout no gold part has (hashtags) and in French, whose
# words the lexicon glosses ("dîner assis" → "seated dinner" is no wording, "seated" is the telling word).
@pytest.mark.parametrize(("text", "offers"), [
    ("The rooftop works for us at $900.", {"price": "$900", "space": "rooftop terrace"}),
    ("$900 and the basement, final answer.", {"price": "$900", "space": "basement lounge"}),
    ("$900 #basement #deal", {"price": "$900", "space": "basement lounge"}),
    ("Is $900 possible with the basement?", {"price": "$900", "space": "basement lounge"}),  # (a question proposes)
    ("Nous proposons 900 $, avec le rooftop et un dîner assis.",
     {"price": "$900", "space": "rooftop terrace", "food": "seated dinner"}),
])
def test_a_label_named_by_its_one_telling_word_alone(launch, text, offers) -> None:
    found = extract_message(text, launch, side=1)
    assert found.offers == offers
    assert found.confidence == "unsure"
    assert "read from its one telling word alone" in found.reason


# Where the word says nothing of the speaker's offer, nothing is read from it: a clause of the other
# side's, a text that offers nothing else, a word denied by "no", a greeting's word ("Good evening" is
# no evening slot), two values weighed by "or".
@pytest.mark.parametrize(("text", "offers"), [
    ("$900 is our number. You mentioned the rooftop earlier.", {"price": "$900"}),
    ("I'll ask my cofounder about the rooftop.", {}),
    ("$900, and no basement please, it floods.", {"price": "$900"}),
    ("Good evening! We can do $900 in the basement lounge.", {"price": "$900", "space": "basement lounge"}),
])
def test_a_telling_word_that_offers_nothing_is_not_read(launch, text, offers) -> None:
    assert extract_message(text, launch, side=1).offers == offers


def test_two_values_weighed_by_or_stay_ambiguous(launch) -> None:
    found = extract_message("$900 for the rooftop or $700 for the basement.", launch, side=1)
    assert "space" not in found.offers
    assert found.ambiguous == ("price",)


# A week's count of days around a label's word is part of a week, no label of its own ("two days a week
# at home" is no fully remote work): the space is left unread where the word sits under such a count.
def test_a_word_under_a_count_of_days_a_week_is_no_label(launch) -> None:
    found = extract_message("$900, but the rooftop only two days a week.", launch, side=1)
    assert found.offers == {"price": "$900"}


# Notes key their values: the lone word is a rule of messages only.
def test_a_note_does_not_read_a_lone_word(launch) -> None:
    found = extract_note("Acceptable offer: price $900. Thinking about the rooftop.", launch, side=1)
    assert "space" not in found.offers


# A game of two labels, one its "no" label: a thing had or not, named only in a clause that turns it
# down ("we don't need a …", "we do not need …"), is the "no" label, unsure, where nothing else read it.
_BOOTH_GAME = """\
name: booth-hire
description: A hall and a club are negotiating an evening's hire.
sides:
  - You represent the hall.
  - You represent the club.
parties: [Hall, Club]
issues:
  - name: fee
    issue_type: distributive
    descriptions: What the club pays.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$300", "$400", "$500"], ["$300", "$400", "$500"]]
  - name: photo booth
    issue_type: integrative
    descriptions: Whether the hall sets up its photo booth.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[photo booth, no photo booth], [photo booth, no photo booth]]
issue_weights: [[2, 1], [2, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def booth(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "booth-hire", _BOOTH_GAME)


@pytest.mark.parametrize("text", [
    "We can pay $400. We don't need a photo booth.",
    "$400 | we do not need a photo booth | done",  # (a pipe-parted line: a layout no gold part has)
])
def test_the_one_label_named_only_to_be_turned_down_is_its_none(booth, text) -> None:
    found = extract_message(text, booth, side=1)
    assert found.offers == {"fee": "$400", "photo booth": "no photo booth"}
    assert found.confidence == "unsure"


# Named where nothing turns it down, the thing is had.
def test_a_thing_named_without_a_verdict_is_had(booth) -> None:
    assert extract_message("We can pay $400 with the photo booth.", booth, side=1).offers == \
        {"fee": "$400", "photo booth": "photo booth"}
