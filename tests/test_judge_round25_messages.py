"""Messages in English the twenty-fifth round's "messages" hand reads by general mechanisms (tuned on
round 25's half A, test20 … test59; checked on half B, test60 … test65, by its totals), each tested on
fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml

# A game of this file's own: a bakery lends a café a bread oven. The hire runs a number of months
# written in words ("six-month hire"), the notice before collection is a number of weeks with a
# synonym in days, and the servicing visits are text labels that hold the word "year".
_OVEN_GAME = """\
name: oven-loan
description: A bakery and a cafe are negotiating the hire of a bread oven.
sides:
  - You represent the bakery.
  - You represent the cafe.
parties: [Bakery, Cafe]
issues:
  - name: hire fee
    issue_type: distributive
    descriptions: What the cafe pays the bakery each month for the oven.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$200", "$300", "$400"], ["$200", "$300", "$400"]]
  - name: hire length
    issue_type: compatible
    descriptions: How long the hire runs.
    payoffs: [[0, 1, 2], [0, 1, 2]]
    payoff_labels: [[three-month hire, six-month hire, twelve-month hire], [three-month hire, six-month hire, twelve-month hire]]
  - name: notice
    issue_type: distributive
    descriptions: How long before collection either side must give notice.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[two weeks notice, four weeks notice], [two weeks notice, four weeks notice]]
    synonyms:
      four weeks notice: [28 days notice]
  - name: servicing
    issue_type: integrative
    descriptions: How often the bakery services the oven.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[once a year, twice a year], [once a year, twice a year]]
"""


@pytest.fixture(scope="module")
def oven(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "oven-loan", _OVEN_GAME)


@pytest.mark.parametrize(("text", "issue", "label"), [
    # A count of a unit that converts into the game's unit is a length, though a text label holds the
    # unit's word ("twice a year"): one year is twelve months.
    ("We could pay $300 a month for one year.", "hire length", "twelve-month hire"),
    ("Happy to sign for 1 year at $300.", "hire length", "twelve-month hire"),
    # A label whose number is written in words ("six-month hire", "two weeks notice") still makes the
    # word after it a unit, so a count of months or weeks in prose names it.
    ("We can do $300 and 6 months.", "hire length", "six-month hire"),
    ("I could commit to three months if the fee is $200.", "hire length", "three-month hire"),
    ("Two weeks is early, but fine.", "notice", "two weeks notice"),
])
def test_counts_of_the_units_of_worded_labels(oven: GameLabels, text: str, issue: str, label: str) -> None:
    assert extract_message(text, oven, side=1).offers.get(issue) == label


def test_a_text_label_with_year_is_still_read(oven: GameLabels) -> None:
    offers = extract_message("Servicing twice a year, $300, six months.", oven, side=1).offers
    assert offers == {"servicing": "twice a year", "hire fee": "$300", "hire length": "six-month hire"}


# A game of this file's own with an issue counted as one party's share: a brewery and a taproom
# found a joint venture; the brewery's stake is a percentage, and the board a split of six seats.
_VENTURE_GAME = """\
name: taproom-venture
description: A brewery and a taproom are negotiating a joint venture.
sides:
  - You represent the brewery.
  - You represent the taproom.
parties: [Brewery, Taproom]
issues:
  - name: stake
    issue_type: distributive
    descriptions: The share of the venture the Brewery holds.
    payoffs: [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]]
    payoff_labels: [["30%", "40%", "50%", "60%", "70%"], ["30%", "40%", "50%", "60%", "70%"]]
  - name: board
    issue_type: distributive
    descriptions: How the six seats of the venture's board are shared.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["2-4", "3-3", "4-2"], ["2-4", "3-3", "4-2"]]
  - name: launch fee
    issue_type: distributive
    descriptions: What the taproom pays the brewery to launch.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [["$5000", "$8000"], ["$5000", "$8000"]]
"""


@pytest.fixture(scope="module")
def venture(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "taproom-venture", _VENTURE_GAME)


@pytest.mark.parametrize("text", [
    "We'd want equal stakes and a $5,000 launch fee.",
    "Fine: the stake split evenly, and $8,000 to launch.",
    "Our counter is an even split of the stake, with $5,000 up front.",
])
def test_an_even_share_is_the_half_label(venture: GameLabels, text: str) -> None:
    assert extract_message(text, venture, side=1).offers.get("stake") == "50%"


def test_an_even_share_is_no_even_board(venture: GameLabels) -> None:
    offers = extract_message("Equal stakes, a 4-2 board and $8,000.", venture, side=0).offers
    assert offers == {"stake": "50%", "board": "4-2", "launch fee": "$8000"}


def test_an_even_word_elsewhere_is_no_even_share(venture: GameLabels) -> None:
    assert extract_message("We can't even look at a 60% stake for you.", venture, side=1).offers.get("stake") != "50%"


@pytest.mark.parametrize(("text", "label"), [
    # An amount per quarter of a fee counted monthly converts exactly (three months) ...
    ("Could we pay $900 per quarter, for six months?", "$300"),
    ("Fee: $1,200 a quarter.", "$400"),
])
def test_an_amount_per_quarter_of_a_monthly_fee(oven: GameLabels, text: str, label: str) -> None:
    assert extract_message(text, oven, side=1).offers.get("hire fee") == label


def test_an_amount_per_quarter_that_does_not_divide_is_no_label(oven: GameLabels) -> None:
    assert extract_message("Fee: $1,000 a quarter.", oven, side=1).offers.get("hire fee") is None


# A game of this file's own whose money issue is counted per night.
_CABIN_GAME = """\
name: cabin-stay
description: A cabin owner and a hiking club are negotiating a stay.
sides:
  - You represent the cabin owner.
  - You represent the hiking club.
parties: [Owner, Club]
issues:
  - name: nightly rate
    issue_type: distributive
    descriptions: What the club pays the owner per night.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$90", "$110", "$130"], ["$90", "$110", "$130"]]
  - name: firewood
    issue_type: integrative
    descriptions: Whether firewood is supplied.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[firewood supplied, bring your own wood], [firewood supplied, bring your own wood]]
  - name: guide
    issue_type: integrative
    descriptions: Whether the owner provides a mountain guide, and for how long.
    payoffs: [[2, 1, 0], [0, 1, 2]]
    payoff_labels: [[no guide, half-day guide, full-day guide], [no guide, half-day guide, full-day guide]]
"""


@pytest.fixture(scope="module")
def cabin(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "cabin-stay", _CABIN_GAME)


@pytest.mark.parametrize(("text", "label"), [
    # ... and an amount per week of a rate counted per night is seven nights' worth.
    ("We can offer $630 a week, firewood supplied.", "$90"),
    ("Rate: $770 for the week.", "$110"),
])
def test_an_amount_per_week_of_a_nightly_rate(cabin: GameLabels, text: str, label: str) -> None:
    assert extract_message(text, cabin, side=1).offers.get("nightly rate") == label


def test_a_count_per_week_is_no_money(cabin: GameLabels) -> None:
    assert "nightly rate" not in extract_message("Firewood supplied, 3 a week.", cabin, side=1).offers


@pytest.mark.parametrize("text", [
    # An issue whose zero label denies a thing, left unread: the thing left out by the clause of its
    # last mention is the zero label — a verb of leaving out before it ...
    "We can do $110 a night, but we would not include a guide.",
    "Fine, forget the guide. $90 a night and firewood supplied.",
    # ... or a predicate of being out of reach after it.
    "$130 a night with firewood supplied; a guide isn't possible in the high season.",
    "A guide is not in the budget this year, so $90 a night.",
])
def test_a_thing_left_out_is_the_zero_label(cabin: GameLabels, text: str) -> None:
    assert extract_message(text, cabin, side=0).offers.get("guide") == "no guide"


def test_a_thing_out_of_reach_at_one_value_keeps_the_other(cabin: GameLabels) -> None:
    offers = extract_message("A full-day guide isn't possible, but a half-day guide is.", cabin, side=0).offers
    assert offers.get("guide") == "half-day guide"
