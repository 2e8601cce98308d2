"""Round 22 of issue 12, numbers and messages: the numeric values an ordinary tournament message
offers (tuned on every item of test20 … test41 and the retired parts; checked on test42 … test47,
parts by other hands, by their totals alone). Each class is tested on fresh examples written for
these tests, not the gold set's items."""

from __future__ import annotations

from decimal import Decimal

import pytest

from lamen.judge.extract import extract_message
from lamen.judge.paired_shares import paired_shares
from lamen.judge.proximity import word_positions
from tests.gold_shape import labels_of


# A conjunction joining two items of a list parts them: the issue word before "and" names the value
# before it ("45%-55% for employees"), not the one after ("and 50% ownership"), which has its own.
# Before, "employees" stood as near the "50%" after it as the split before it, and the split was
# left ambiguous between employees and ownership. (Spanish "y" is a conjunction no gold part's
# merger message has; Swedish "och" is in no gold part at all.)
@pytest.mark.parametrize("text, side, offers", [
    ("Our offer: a 5-5 board, 45%-55% for employees and 50% ownership for Company A, benefits 60%.", 1,
     {"control": "5-5", "employees": "45%-55%", "ownership": "50%", "benefits": "60%"}),
    ("We'd settle at 60%-40% on staff and 55% ownership, with a 6-4 board and 70% benefits.", 0,
     {"employees": "60%-40%", "ownership": "55%", "control": "6-4", "benefits": "70%"}),
    ("Proponemos un consejo 5-5, 40%-60% en empleados y 45% de propiedad para A.", 1,
     {"control": "5-5", "employees": "40%-60%", "ownership": "45%"}),
])
def test_a_list_joint_parts_an_issue_word_from_the_value_after_it(text, side, offers) -> None:
    reading = extract_message(text, labels_of("merger"), side=side)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


# The joint counts as a clause break in a sentence's word positions, in the languages the glosses
# leave it in; a word that only looks like one ("en" is Spanish "in") is an ordinary word.
def test_list_joints_weigh_as_clause_breaks() -> None:
    assert [place for _, place in word_positions("40% staff och 45% ägande")] == [0.0, 1.0, 4.0, 5.0]
    assert [place for _, place in word_positions("40% en employees")] == [0.0, 1.0, 2.0]


# A split written as each party's share side by side is one value of the split issue, the first
# party's number first whichever party is named first: "Company B 6 / Company A 4" is a 4-6 board. (The slash-separated board and Spanish "el … para A y el … para B" are layouts no gold
# part has.)
@pytest.mark.parametrize("text, side, offers", [
    ("Company A: 7 seats, Company B: 3 seats; benefits 50%.", 0, {"control": "7-3", "benefits": "50%"}),
    ("Board — Company B 6 / Company A 4. Benefits 50%.", 1, {"control": "4-6", "benefits": "50%"}),
    ("Employees — 40% for A, 60% for B. Ownership 45% for A.", 1, {"employees": "40%-60%", "ownership": "45%"}),
    ("Retención de empleados: el 60 % para A y el 40 % para B; propiedad 55 %.", 0,
     {"employees": "60%-40%", "ownership": "55%"}),
    ("Our counter: 70% of Company A's staff kept against 30% of B's, an 8-2 board.", 0,
     {"employees": "70%-30%", "control": "8-2"}),
])
def test_shares_side_by_side_are_one_split(text, side, offers) -> None:
    reading = extract_message(text, labels_of("merger"), side=side)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


# Two numbers that do not make the split's total, or one party named twice, stay two values.
@pytest.mark.parametrize("text, rewritten", [
    ("We'd keep 60% for A and 30% for B on employees.", "We'd keep 60% for A and 30% for B on employees."),
    ("Ownership 60% for A, and 40% for A's benefits.", "Ownership 60% for A, and 40% for A's benefits."),
    ("Company A: 6 seats, Company B: 4 seats", "6-4"),
    ("45% Company A / 55% Company B", "45%-55%"),
])
def test_only_a_split_of_two_parties_making_the_total_is_rewritten(text, rewritten) -> None:
    assert paired_shares(text, ("Company A", "Company B"), frozenset({Decimal(10), Decimal(100)})) == rewritten


# A party named as the receiver after the number ("… 55% ownership for Company A") says whose the
# share is, as a pronoun there does (round 21); the name before the number is the subject speaking.
@pytest.mark.parametrize("text, side, offers", [
    ("Company B will accept 45% ownership for Company A.", 1, {"ownership": "45%"}),
    ("Company A would take 40% ownership for Company B.", 0, {"ownership": "60%"}),
])
def test_a_named_receiver_after_the_number_owns_the_share(text, side, offers) -> None:
    assert dict(extract_message(text, labels_of("merger"), side=side).offers) == offers
