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


# A refusal said as "can't do" or "no can do on" turns the value after it down; a bound the
# speaker sets after it ("2 days max") is the offer. ("can't do more than" stays a bound.)
@pytest.mark.parametrize("text, offers", [
    ("no can do on 4 days. 1 day max.", {"subletting": "1 day"}),
    ("We can't do $1,500. $1,100 is our limit.", {"rent": "$1100"}),
    ("We can't do more than $1,100.", {"rent": "$1100"}),
])
def test_a_refusal_said_as_cant_do_turns_the_value_down(text, offers) -> None:
    reading = extract_message(text, game("rental-agreement"), side=1)
    assert dict(reading.offers) == offers
    assert reading.confidence == "sure"


# The two ends a compromise is worked out from, named as "the middle / midpoint of X and Y", are
# no offer; the result after "which is" / "that's" is, whoever's ends they are.
@pytest.mark.parametrize("text, rent", [
    ("Let us settle in the middle of $900 and $1,300, which is $1,100 a month.", "$1100"),
    ("Take the midpoint of your $1,350 and my $1,050 - that's $1,200.", "$1200"),
])
def test_the_result_of_a_midpoint_is_the_offer(text, rent) -> None:
    reading = extract_message(text, game("rental-agreement"), side=1)
    assert dict(reading.offers) == {"rent": rent}
    assert reading.confidence == "sure"


def test_which_is_outside_a_midpoint_sets_no_result() -> None:
    # "which is" after the middle of something else states no worked-out value
    reading = extract_message("The middle of the lease, which is 6 months, is when we review.",
                              game("rental-agreement"), side=1)
    assert dict(reading.offers) == {"duration": "6 months"}


# A task list whose boxes are ticked for some lines and left empty for others ("- [x] …",
# "- [ ] …", "☑ …", "☐ …"): the empty boxes are the options not chosen.
@pytest.mark.parametrize("text, offers", [
    ("Offer:\n- [ ] Deposit: $2,000\n- [x] Deposit: $1,500\n- [x] Subletting: 3 days\n- [ ] Subletting: 0 days",
     {"deposit": "$1500", "subletting": "3 days"}),
    ("Oferta aceptable:\n☐ Alquiler: 1.400 $\n☑ Alquiler: 1.000 $\n☑ Duración: 18 meses",  # Spanish, ballot boxes
     {"rent": "$1000", "duration": "18 months"}),
])
def test_the_ticked_boxes_of_a_task_list_are_the_offer(text, offers) -> None:
    assert dict(extract_note(text, game("rental-agreement")).offers) == offers


def test_a_task_list_with_no_box_ticked_keeps_its_lines() -> None:
    # a to-do list with every box empty ticks nothing: its lines are read as they are
    reading = extract_note("Offer:\n- [ ] Deposit: $1,500\n- [ ] Subletting: 3 days", game("rental-agreement"))
    assert dict(reading.offers) == {"deposit": "$1500", "subletting": "3 days"}


# A slip corrected with "make it" before a number ("$1,000 — no, make it $1,100"): the value after
# it replaces the one before, as after "make that".
@pytest.mark.parametrize("text, offers", [
    ("We can offer a $2,000 deposit, no wait, make it $1,750, and 2 days of subletting.",
     {"deposit": "$1750", "subletting": "2 days"}),
    ("Rent $1,300 a month; actually, make it $1,200, and we sign for 12 months.",
     {"rent": "$1200", "duration": "12 months"}),
])
def test_make_it_corrects_the_value_before(text, offers) -> None:
    reading = extract_message(text, game("rental-agreement"), side=1)
    assert dict(reading.offers) == offers


def test_an_empty_box_alone_of_its_issue_stays() -> None:
    # no ticked line gives the deposit a value: the unticked "(maybe)" line is still the writer's
    reading = extract_note("Offer:\n- [x] Rent: $1,100\n- [ ] Rent: $1,300\n- [ ] Deposit: $500 (maybe)",
                           game("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1100", "deposit": "$500"}


# An arrow in a key's value that names the move in a few words ("$1,400 → can flex to $1,200",
# "→ propose $1,100") changes the value as a bare arrow does; an arrow to a verdict changes nothing.
@pytest.mark.parametrize("text, offers", [
    ("Acceptable offer:\n- Deposit: $2,000 → can flex to $1,500\n- Subletting: 2 days",
     {"deposit": "$1500", "subletting": "2 days"}),
    ("rent :: $1,400 -> propose $1,100\nduration :: 18 months", {"rent": "$1100", "duration": "18 months"}),
])
def test_an_arrow_naming_its_move_changes_the_value(text, offers) -> None:
    assert dict(extract_note(text, game("rental-agreement")).offers) == offers


# Whose share a number is: a pronoun that is the subject of its own clause, between a party's name
# and the number, holds the number ("55% for Company A if we keep 60% of the staff"); an issue's
# name after a split ("7-3 control") is no verb of having.
def test_the_pronoun_of_the_numbers_own_clause_holds_it() -> None:
    reading = extract_message("We'd take 45% ownership for Company A provided we keep 65% of the retained staff.",
                              game("merger"), side=1)
    assert dict(reading.offers) == {"ownership": "45%", "employees": "35%-65%"}


def test_an_issue_named_control_is_no_verb_of_having() -> None:
    reading = extract_message("Company B can live with 6-4 control for Company A only if ownership is cut to 45%.",
                              game("merger"), side=1)
    assert dict(reading.offers) == {"control": "6-4", "ownership": "45%"}


# A period right after an amount names the amount's period even in bold or italics
# ("**$400/month**"): it is no value of a length issue whose label is "month-to-month".
@pytest.mark.parametrize("text, offers", [
    ("My offer: **$400/month**, hot desk, 12-month commitment.",
     {"monthly fee": "$400", "desk type": "hot desk", "commitment": "12 months"}),
    ("Deal at __$600/month__ and a private office, 6-month commitment.",
     {"monthly fee": "$600", "desk type": "private office", "commitment": "6 months"}),
])
def test_a_bold_period_of_an_amount_is_no_length(text, offers) -> None:
    reading = extract_message(text, game("coworking-membership"), side=1)
    assert dict(reading.offers) == offers
    assert reading.confidence == "sure"
