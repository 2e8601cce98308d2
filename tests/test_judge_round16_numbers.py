"""Numeric values the sixteenth round of issue 12 reads by general mechanisms (tuned on round 16's
half A: the odd halves of test18 and test19 and the even halves of test12 ... test17; checked on
B, the even halves of test18 and test19): which of several numbers of one issue a message offers
now, and which numbers are values at all. Each class is tested on fresh examples written for these
tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from tests.gold_shape import labels_of

game = labels_of  # a built-in or user-authored game's label tables


# "from X to Y" after a verb of moving is a move: Y is the value, X the position left behind —
# not a range of two values (a range says so: "ranging from", "anywhere from", "between").
@pytest.mark.parametrize("name, text, offers", [
    ("merger", "On benefits we lift our figure from 30% to 50%. Ownership stays at 55%.",
     {"benefits": "50%", "ownership": "55%"}),
    ("rental-agreement", "Fine: I'll lower the rent from $1,400 to $1,300 if the deposit is $1,000.",
     {"rent": "$1300", "deposit": "$1000"}),
    ("loan-agreement", "We can bring the rate down from 4% to 3.5% over 6 years.",
     {"annual interest rate": "3.5%", "duration": "6 years"}),
])
def test_a_move_from_one_value_to_another_offers_its_end(name, text, offers) -> None:
    assert extract_message(text, game(name)).offers == offers


def test_a_range_from_one_value_to_another_stays_two_values() -> None:
    reading = extract_message("Benefits anywhere from 40% to 60% would do for us.", game("merger"))
    assert "benefits" in reading.ambiguous and "benefits" not in reading.offers
    assert "benefits" not in extract_message("Benefits ranging from 40% to 60% would do for us.", game("merger")).offers


# "my last $1,400", "your previous 4%": a position left behind, whatever the sentence does next.
@pytest.mark.parametrize("name, text, offers", [
    ("rental-agreement", "Down from my last $1,500 — so $1,400 — and the deposit can be $1,000.",
     {"rent": "$1400", "deposit": "$1000"}),
    ("loan-agreement", "Compared with your previous 5%, we are asking 3.5% for the $7,000.",
     {"annual interest rate": "3.5%", "amount": "$7000"}),
])
def test_a_value_named_as_a_past_position_is_set_aside(name, text, offers) -> None:
    assert extract_message(text, game(name)).offers == offers


# "I understand that X ...": an acknowledged value is the other side's.
def test_an_acknowledged_value_is_the_other_sides() -> None:
    text = ("I understand that $1,000 is what you had in mind, but that is below my costs. "
            "Would $1,200 a month on a 24-month lease work for you?")
    assert extract_message(text, game("rental-agreement")).offers == {"rent": "$1200", "duration": "24 months"}


# A number whose unit word is also a word of a text label of its issue ("12-month" where the
# labels are "month-to-month", "6 months", "12 months") is still counted in that unit.
@pytest.mark.parametrize("text, offers", [
    ("We'd sign a 6-month agreement at $400 for a hot desk.",
     {"commitment": "6 months", "monthly fee": "$400", "desk type": "hot desk"}),
    ("Private office, $600, and we commit for 12 months.",
     {"desk type": "private office", "monthly fee": "$600", "commitment": "12 months"}),
])
def test_a_unit_shared_with_a_text_label_is_still_a_unit(text, offers) -> None:
    assert extract_message(text, game("coworking-membership")).offers == offers


# A point-by-point answer whose item holds two values of one issue ("Fee $40 — we can do $25")
# is settled by the free text that tells which stands: the item's proposing clause, or a summary.
def test_a_point_by_point_answer_is_settled_by_its_summary() -> None:
    text = ("On your counter:\n1. Amount $6,000 — fine.\n2. Term 4 years — fine.\n"
            "3. Rate 2% — too low; we can do 3.5%.\n4. Fees $50 — we can do $30.\n"
            "In summary: $6,000, 4 years, 3.5%, $30.")
    reading = extract_message(text, game("loan-agreement"))
    assert reading.offers == {"amount": "$6000", "duration": "4 years", "annual interest rate": "3.5%",
                              "service fees": "$30"}
    assert reading.ambiguous == ()


# Several values of one issue in different sentences, none offering two and none opening with a
# condition: the last sentence's value stands (a later word supersedes an earlier one), unsure.
@pytest.mark.parametrize("name, text, issue, value", [
    ("rental-agreement", "$1,000 is below what the flat costs me. I can go to $1,300 on a 12-month lease.",
     "rent", "$1300"),
    ("loan-agreement", "Il 5% non è possibile per noi. Possiamo fare 3,5% su 6 anni.", "annual interest rate", "3.5%"),
    ("merger", "Beneficios del 80%: imposible para nosotros. Nuestra cifra es 60% de beneficios.", "benefits", "60%"),
])
def test_the_last_sentences_value_stands(name, text, issue, value) -> None:
    reading = extract_message(text, game(name))
    assert reading.offers[issue] == value
    assert reading.confidence == "unsure"


# A sentence opening with a condition is a variant of the package, not a revision; values of
# one sentence, or of a sentence that offers two, stay ambiguous.
@pytest.mark.parametrize("name, text, issue", [
    ("rental-agreement", "Rent would be $1,400 for a year. If you sign for 24 months, rent is $1,200.", "rent"),
    ("rental-agreement", "For a two-year lease the rent is $1,200. For a one-year lease it is $1,400.", "rent"),
])
def test_a_conditional_variant_leaves_the_issue_ambiguous(name, text, issue) -> None:
    reading = extract_message(text, game(name))
    assert issue not in reading.offers and issue in reading.ambiguous


# A per cent sign before its number ("%30", "%2,5"), and one word of another script between two
# numbers ("45%対55%", "7대3", "60 대 40"), are the number grammar's percentages and splits.
@pytest.mark.parametrize("name, text, offers", [
    ("merger", "Önerimiz: yan haklar %40, yönetim kurulu 5-5, çalışanlar %60-%40, A şirketinin payı %55.",
     {"benefits": "40%", "control": "5-5", "employees": "60%-40%", "ownership": "55%"}),
    ("loan-agreement", "Teklif: tutar 5.000 $, yıllık faiz %3,5, vade 4 yıl.",
     {"amount": "$5000", "annual interest rate": "3.5%", "duration": "4 years"}),
    ("merger", "B사는 이사회 3대7, 직원 유지 35 대 65, 복리후생 70%를 제안합니다.",
     {"control": "3-7", "employees": "35%-65%", "benefits": "70%"}),
    ("merger", "弊社の提案：取締役会は6対4、従業員は55%対45%、福利厚生40%。",
     {"control": "6-4", "employees": "55%-45%", "benefits": "40%"}),
])
def test_percent_signs_and_split_words_of_other_scripts(name, text, offers) -> None:
    reading = extract_message(text, game(name), side=0 if "B사" not in text else 1)
    assert {issue: reading.offers.get(issue) for issue in offers} == offers


# Dates in more of the ways they are written: month-day in CJK and Korean set apart from the
# words around it ("4月6日进场"), Vietnamese "ngày 6 tháng 4", Russian and Ukrainian genitive months
# ("с 16 марта"), ordinal words ("the second of March"), and a day alone ("from the 6th") when one
# date label of the game falls on it.
@pytest.mark.parametrize("text, date", [
    ("我方条件：每周1,750美元，3月2日进场，不含司机。", "March 2"),
    ("장비는 4월 6일 투입, 주당 2,100달러입니다.", "April 6"),
    ("Chúng tôi có thể giao máy ngày 2 tháng 3, 1.400 $ mỗi tuần.", "March 2"),
    ("Готовы начать с 16 марта, 2 100 $ в неделю.", "March 16"),
    ("Machine on site the sixteenth of March, $1,750 a week.", "March 16"),
    ("$2,100 a week if the excavator arrives on the 6th.", "April 6"),
    ("Monday the second works for us at $1,400 a week.", "March 2"),
])
def test_dates_in_more_notations(text, date) -> None:
    assert extract_message(text, game("plant-hire")).offers.get("start date") == date


def test_a_lone_day_two_labels_share_stays_unread() -> None:
    from lamen.judge.dates import lone_days
    assert lone_days("from the 16th", ("March 16", "April 16")) == "from the 16th"
    assert lone_days("from the 16th", ("March 16", "April 6")) == "from March 16"


# Giving a money issue up: "waived" after a modal and an aside ("the fee, frankly, should be
# waived"), and "waive them" of the fees the text spoke of: the zero label.
@pytest.mark.parametrize("text, offers", [
    ("I'm fine with 4% over 8 years; the service fee, frankly, should be waived.",
     {"annual interest rate": "4%", "duration": "8 years", "service fees": "$0"}),
    ("About the fees: we will drop them. $9,000 at 2.5%, please.",
     {"service fees": "$0", "amount": "$9000", "annual interest rate": "2.5%"}),
])
def test_a_fee_given_up_in_more_words_is_zero(text, offers) -> None:
    assert extract_message(text, game("loan-agreement")).offers == offers


# The other side's proposal, taken up ("We accept Company A's proposal of ..."), is the speaker's;
# a value that "was our opening" is a position left behind.
@pytest.mark.parametrize("text, side, offers", [
    ("We accept Company A's proposal of 60% benefits, 6-4 on the board and 55% ownership.", 1,
     {"benefits": "60%", "control": "6-4", "ownership": "55%"}),
    ("6-4 was our opening, fair enough. We can go to 5-5 on the board, with 50% benefits.", 0,
     {"control": "5-5", "benefits": "50%"}),
])
def test_a_proposal_taken_up_and_a_past_opening(text, side, offers) -> None:
    assert extract_message(text, game("merger"), side=side).offers == offers


def test_a_proposal_refused_stays_theirs() -> None:
    reading = extract_message("We cannot accept Company A's proposal of 70% ownership.", game("merger"), side=1)
    assert "ownership" not in reading.offers


# Numbers in words: "a week of subletting" (an article before a unit of something is one unit),
# "three per cent" (one word, not "cent" read as a number), and an amount in words beside the
# name of an issue whose labels are words ("twenty-seven thousand, paid in cash").
@pytest.mark.parametrize("name, text, issue, value", [
    ("rental-agreement", "I can live with $1,200, but I'd want a full week of subletting.", "subletting", "7 days"),
    ("rental-agreement", "You'd get a month of subletting? No — a week of subletting at most.", "subletting", "7 days"),
    ("office-cleaning", "$3,000 monthly, with a three per cent yearly increase.", "annual increase", "3%"),
    ("car-purchase", "Twenty-seven thousand, financed through us, is my final word.", "price", "$27000"),
])
def test_numbers_in_words(name, text, issue, value) -> None:
    assert extract_message(text, game(name)).offers.get(issue) == value


# A dash aside praising what a value gives ("— that's a lot of stability for you —") is no
# verdict turning it down ("that's a lot" alone would be).
def test_a_lot_of_something_is_no_verdict() -> None:
    text = "I'll commit to 24 months — that's a lot of certainty for you — at $1,200 a month."
    assert extract_message(text, game("rental-agreement")).offers == {"duration": "24 months", "rent": "$1200"}


# Seats and shares of a split: "7 of 10 seats" (the 10 is the whole), "four seats each" (the
# same number for both), and the other side's values set off by dashes as by parentheses.
@pytest.mark.parametrize("text, side, issue, value", [
    ("Board: we keep 7 of 10 seats. Benefits 30%.", 0, "control", "7-3"),
    ("The board split evenly, five seats each, and 50% ownership.", 1, "control", "5-5"),
])
def test_seat_counts_of_a_split(text, side, issue, value) -> None:
    assert extract_message(text, game("merger"), side=side).offers.get(issue) == value


def test_their_values_set_off_by_dashes_are_theirs() -> None:
    text = ("Your latest proposal — 8-2 board, 70% ownership — leaves us nothing. "
            "We can sign at 6-4 on the board and 55% ownership.")
    # (a split written without whose side is larger is read in the game's order of parties)
    assert extract_message(text, game("merger"), side=1).offers == {"control": "6-4", "ownership": "55%"}


# A share of the payment paid ahead in words: "half up front", "the full amount in advance".
@pytest.mark.parametrize("text, value", [
    ("$8,000 for the week, skipper only, and we pay half up front.", "50%"),
    ("Full crew at $9,000, with the whole sum in advance.", "100%"),
])
def test_a_share_paid_ahead_in_words(text, value) -> None:
    assert extract_message(text, game("boat-charter")).offers.get("advance payment") == value


# Small amounts: cents ("eight cents", "12 cents a word") and a decimal comma before a currency
# sign ("0,08 $"), which groups no thousands.
@pytest.mark.parametrize("text, value", [
    ("We'd accept eight cents a word if the turnaround is two weeks.", "$0.08"),
    ("Proponemos 0,12 $ por palabra y entrega en dos semanas.", "$0.12"),
])
def test_small_amounts_in_cents(text, value) -> None:
    assert extract_message(text, game("translation-job")).offers.get("rate") == value


# A value measured against the speaker's limit ("$900 is below our cost") is turned down; the
# other side's value the speaker is content with ("happy with the 24 months you asked for") is its own.
@pytest.mark.parametrize("text, offers", [
    ("$900 is below our cost. We can move to $1,200.", {"rent": "$1200"}),
    ("I'd be happy with the 24-month lease you asked for, at $1,300.", {"duration": "24 months", "rent": "$1300"}),
])
def test_below_our_cost_and_content_with_theirs(text, offers) -> None:
    assert extract_message(text, game("rental-agreement")).offers == offers


# A small count of something that is no money ("one question", "two options") is never an amount
# in thousands; an abbreviated scale ("5 tys.") still may be.
def test_a_small_count_is_no_amount_in_thousands() -> None:
    text = "Love the included assembly! One question though: could you do pickup or local drop-off at $1,100? Either works."
    assert extract_message(text, game("furniture-order")).offers.get("price") == "$1100"


# A bare number with a fraction ("ok 4.5 works") is no count: where it is the number of one
# issue's label only, it is that label (unsure).
def test_a_bare_decimal_is_the_one_label_of_its_number() -> None:
    reading = extract_message("fine, 4.5 works. 9k over 7 yrs, fees $20.", game("loan-agreement"))
    assert reading.offers == {"annual interest rate": "4.5%", "amount": "$9000", "duration": "7 years",
                              "service fees": "$20"}
    assert reading.confidence == "unsure"


# A second number of an issue offered after "or" beside the first ("— or 30 if you prefer") makes
# the issue ambiguous, whichever is the proposed one; "or rather" corrects instead.
def test_a_value_offered_after_or_makes_the_issue_ambiguous() -> None:
    reading = extract_message("I propose 18 months on the lease. Longer is fine by me — or 30 if you prefer.",
                              game("rental-agreement"))
    assert "duration" in reading.ambiguous and "duration" not in reading.offers


# A table whose cells are parted by pipes with none at either end ("issue|value" rows, or a header
# of issue names over a row of values) is read as a table.
@pytest.mark.parametrize("text, offers", [
    ("Acceptable offer\nissue|value\nrent|$1,100\nduration|18 months\ndeposit|$500\nsubletting|3 days",
     {"rent": "$1100", "duration": "18 months", "deposit": "$500", "subletting": "3 days"}),
    ("rent | duration | deposit | subletting\n$1,300 | 12 months | $1,500 | 0 days",
     {"rent": "$1300", "duration": "12 months", "deposit": "$1500", "subletting": "0 days"}),
])
def test_a_table_without_outer_pipes(text, offers) -> None:
    from lamen.judge.extract import extract_note
    assert extract_note(text, game("rental-agreement")).offers == offers


# A percentage given to the issue the text spoke of last, which has a clear value already, is the
# one issue of those it could be that the text leaves without one ("A keeps 45%" after benefits and
# employees are set: ownership); amounts of money keep their own rule.
@pytest.mark.parametrize("text, side, offers", [
    ("we want 6 of the 10 seats. benefits 50%, employees 55/45, A keeps 45%.", 0,
     {"control": "6-4", "benefits": "50%", "employees": "55%-45%", "ownership": "45%"}),
    ("Unser Angebot: Vorstand 5-5, Leistungen 70 %, Mitarbeiter 40-60, A hält 50 %.", 1,
     {"control": "5-5", "benefits": "70%", "employees": "40%-60%", "ownership": "50%"}),
])
def test_a_share_goes_to_the_issue_left_open(text, side, offers) -> None:
    assert extract_message(text, game("merger"), side=side).offers == offers
