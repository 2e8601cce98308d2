"""Classes of text the fourteenth round of issue 12 reads by general mechanisms (tuned on the odd
halves of test14 and test15, checked on their even halves), each tested on fresh examples written
for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml, labels_of


# A game of this file's own: two labels of one issue are named by a slash-written number beside a
# word ("5/7 cleaning", "7/7 cleaning"), so the number alone names one of them.
_SLASHED_GAME = """\
name: gym-cleaning
description: A cleaning firm and a gym are negotiating a cleaning contract.
sides:
  - You represent the cleaning firm.
  - You represent the gym.
parties: [Cleaning firm, Gym]
issues:
  - name: monthly price
    issue_type: distributive
    descriptions: What the gym pays each month.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$2000", "$2500", "$3000"], ["$2000", "$2500", "$3000"]]
  - name: schedule
    issue_type: integrative
    descriptions: On which days the gym is cleaned.
    aliases: [cleaning days]
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[5/7 cleaning, 7/7 cleaning], [5/7 cleaning, 7/7 cleaning]]
issue_weights: [[2, 1], [1, 2]]
scale: [100, 100]
"""


game = labels_of  # a built-in or user-authored game's label tables


@pytest.fixture(scope="module")
def slashed(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "gym-cleaning", _SLASHED_GAME)


# A label whose number is a slash pair beside words ("24/7 access") is a name, not an amount or a
# split: read by its wording, and by its number alone where no other label of the issue holds it.
@pytest.mark.parametrize("text, offers", [
    ("Our counter: $400 a month, a fixed desk and 24/7 access on a 6-month term.",
     {"monthly fee": "$400", "desk type": "dedicated desk", "access": "24/7 access", "commitment": "6 months"}),
    ("hot desk ok, $300, but 24/7 is a must for us — month-to-month please",
     {"desk type": "hot desk", "monthly fee": "$300", "access": "24/7 access", "commitment": "month-to-month"}),
])
def test_a_label_named_by_a_slash_number_is_read_in_messages(text, offers) -> None:
    assert extract_message(text, game("coworking-membership")).offers == offers


def test_a_label_named_by_a_slash_number_is_read_in_a_note_line() -> None:
    found = extract_note("Acceptable offer: price $500, private office, access 24/7, term 12 months.",
                         game("coworking-membership"))
    assert found.offers == {"monthly fee": "$500", "desk type": "private office", "access": "24/7 access",
                            "commitment": "12 months"}
    assert found.invalid == {}


@pytest.mark.parametrize("text, offers", [
    ("We can do $2,500 a month for 7/7 cleaning.", {"monthly price": "$2500", "schedule": "7/7 cleaning"}),
    ("5/7 is enough for us, at $2,000 a month.", {"schedule": "5/7 cleaning", "monthly price": "$2000"}),
])
def test_each_of_two_slash_number_labels_is_told_apart(slashed, text, offers) -> None:
    assert extract_message(text, slashed).offers == offers


# A value the speaker measures against its own limit ("exceeds our budget", "is more than our
# budget allows") is turned down; the counter after it is the offer.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Thanks. Sadly $1,400 exceeds our monthly budget. Would $1,200 for 12 months work?", "rental-agreement",
     {"rent": "$1200", "duration": "12 months"}),
    ("A fee of $90 is more than my budget allows; I can do $40 with a $8,000 loan.", "loan-agreement",
     {"service fees": "$40", "amount": "$8000"}),
])
def test_a_value_past_the_speakers_limit_is_turned_down(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


# "not needed" under the issue's key, "I do not need the …", "no need for the …": the thing is not
# wanted, which is the issue's label for nothing.
@pytest.mark.parametrize("text, game_name, issue, label", [
    ("We'd take the $25,000 price. We do not need the extended warranty.", "car-purchase",
     "warranty", "no extended warranty"),
    ("- Fee: $2,500\n- Second shooter: not required\n- Coverage: 6 hours", "wedding-photography",
     "second shooter", "no second shooter"),
    ("Price $19,000 with standard materials, and honestly there's no need for the cleanup.", "home-renovation",
     "cleanup", "no cleanup"),
])
def test_a_thing_not_needed_is_its_label_for_nothing(text, game_name, issue, label) -> None:
    assert extract_message(text, game(game_name)).offers[issue] == label


# Dates in any notation are read against a game's "Month D" labels: ISO dates, the day before the
# month (in English, German, French, Turkish), CJK dates; "from <date>" sets the start (no step
# from an old value), and the day number of a date is no value of its own.
@pytest.mark.parametrize("text, kind, offers", [
    ("```yaml\noffer:\n  weekly_rate: 1750\n  operator: dry hire\n  start_date: 2026-03-16\n  damage_cover: LDW\n```",
     "note", {"weekly rate": "$1750", "operator": "dry hire", "start date": "March 16", "damage cover": "damage waiver"}),
    ("Nous proposons 2 100 $ par semaine, avec opérateur, livraison le 6 avril.", "message",
     {"weekly rate": "$2100", "start date": "April 6", "operator": "operator included"}),  # "avec": with
    ("We'll take it from April 6, at $1,400 a week, machine only.", "message",
     {"start date": "April 6", "weekly rate": "$1400", "operator": "dry hire"}),
    ("开工日期：3月2日，每周1,750美元。", "message", {"start date": "March 2", "weekly rate": "$1750"}),
])
def test_dates_in_any_notation_are_read_as_the_games_dates(text, kind, offers) -> None:
    labels = game("plant-hire")
    found = extract_note(text, labels) if kind == "note" else extract_message(text, labels)
    assert found.offers == offers
    assert found.invalid == {}


def test_the_day_of_a_date_is_no_amount_in_thousands() -> None:
    found = extract_message("On site Tuesday 16 March, hirer liable; the rate we leave open.", game("plant-hire"))
    assert found.offers == {"start date": "March 16", "damage cover": "hirer liable"}
    assert found.invalid == {}


def test_a_day_before_a_month_is_left_alone_in_a_game_without_dates() -> None:
    from lamen.judge.dates import in_label_form

    assert in_label_form("Start 2 March, ISO 2026-04-06, 3月16日") == "Start March 2, ISO April 6, March 16"
    found = extract_message("We offer $1,200 rent for 12 months from 1 March.", game("rental-agreement"))
    assert found.offers == {"rent": "$1200", "duration": "12 months"}


# A key-bound value followed by the step that led to it ("— a reduction from my earlier $1,500",
# ", an increase on your 12") is the value; the old one it names is no second value.
@pytest.mark.parametrize("text, offers", [
    ("Revised:\n- Rent: $1,200 per month\n- Deposit: $1,000 — a small cut from our earlier $1,250\n"
     "- Duration: 12 months\n- Subletting: 2 days",
     {"rent": "$1200", "deposit": "$1000", "duration": "12 months", "subletting": "2 days"}),
    ("Revised:\n- Rent: $1,300\n- Duration: 24 months, an increase on your 12\n- Deposit: $1,500\n- Subletting: 0 days",
     {"rent": "$1300", "duration": "24 months", "deposit": "$1500", "subletting": "0 days"}),
])
def test_a_value_with_the_step_that_led_to_it_is_the_value(text, offers) -> None:
    found = extract_message(text, game("rental-agreement"))
    assert found.offers == offers
    assert found.ambiguous == ()


# "X ± N": X is offered, the slack is no value; the reading is unsure (the span may be meant). A
# slack written as an amount of its own ("$1,200 ± $100") is two amounts: a range, as before.
@pytest.mark.parametrize("text, kind, offers", [
    ("Acceptable offer: loan $8,000; 5 years; interest 4% ± 0.25; fees $40", "note",
     {"amount": "$8000", "duration": "5 years", "annual interest rate": "4%", "service fees": "$40"}),
    ("We'd lend $6,000 +/- 500 over 3 years at 5%, fees $60.", "message",
     {"amount": "$6000", "duration": "3 years", "annual interest rate": "5%", "service fees": "$60"}),
])
def test_a_tolerance_states_its_value(text, kind, offers) -> None:
    labels = game("loan-agreement")
    found = extract_note(text, labels) if kind == "note" else extract_message(text, labels)
    assert found.offers == offers
    assert found.confidence == "unsure"
    assert "tolerance" in found.reason


def test_a_tolerance_in_money_is_a_range() -> None:
    found = extract_note("Acceptable offer:\n- Rent: $1,300 ± $100\n- Duration: 12 months", game("rental-agreement"))
    assert found.ambiguous == ("rent",)
    assert found.offers == {"duration": "12 months"}


# A checklist: crossed lines that restate an issue a ticked line gives a value are turned down; a
# crossed line alone of its issue, or opening with a denial, states the writer's term. A cross or
# thumbs-down right after a value in a sentence turns it down.
def test_crossed_lines_restating_ticked_issues_are_turned_down() -> None:
    note = "✔ Deposit: $1,000\n✔ Rent: $1,200\n✘ Deposit: $1,500 (their ask)\n✘ Rent: $1,400 (their ask)"
    assert extract_note(note, game("rental-agreement")).offers == {"deposit": "$1000", "rent": "$1200"}


def test_a_crossed_line_alone_of_its_issue_is_kept() -> None:
    note = "🟢 Rent: $1,100\n🟢 Duration: 18 months\n🔴 Subletting: none\n🟢 Deposit: $750"
    offers = extract_note(note, game("rental-agreement")).offers
    assert offers == {"rent": "$1100", "duration": "18 months", "subletting": "0 days", "deposit": "$750"}


def test_a_thumbs_down_after_a_value_turns_it_down() -> None:
    found = extract_message("Your terms: $1,500 deposit 👎, 12 months 👍. We'd do a $1,000 deposit.",
                            game("rental-agreement"))
    assert found.offers["deposit"] == "$1000"


# A note's keyed lines that leave issues unread beside short lines of a value with no key ("- 18
# months" below "- rent $1,100"): those lines are read as free text for the unread issues, unsure.
@pytest.mark.parametrize("text, game_name, offers", [
    ("- rent $1,100\n- 18 months", "rental-agreement", {"rent": "$1100", "duration": "18 months"}),
    ("Our floor:\n• amount $4,000\n• 3 years\n• rate 2%\n• fees $20", "loan-agreement",
     {"amount": "$4000", "duration": "3 years", "annual interest rate": "2%", "service fees": "$20"}),
])
def test_a_keyless_value_beside_the_offer_is_read_unsure(text, game_name, offers) -> None:
    found = extract_note(text, game(game_name))
    assert found.offers == offers
    assert found.confidence == "unsure"
    assert "read from a line without a key" in found.reason


# Knowing what it does not know: a word of one issue's labels with no value of that issue read
# ("non-exclusive is fine"), a list item that names nothing the readers place ("We'll bolt it
# together"), a date in a game whose labels are no dates (a term given by its dates) make a
# reading unsure.
@pytest.mark.parametrize("text, game_name, reason", [
    ("Fine: $5,000, 6 weeks, 2 revision rounds, net 30 — and exclusive works for us.", "design-contract",
     "words of rights labels but no value read"),
    ("Our package:\n1. $1,100\n2. Click and collect\n3. Two years of warranty\n4. Our fitters bolt it together on site",
     "furniture-order", "a listed line gave no value"),
    ("Could the lease run from 1 September until 31 August two years later? Rent $1,200.", "rental-agreement",
     "a date in a game whose labels are no dates"),
])
def test_signals_of_an_unread_value_make_the_reading_unsure(text, game_name, reason) -> None:
    found = extract_message(text, game(game_name))
    assert found.confidence == "unsure"
    assert reason in found.reason


def test_a_complete_list_stays_sure() -> None:
    found = extract_message("Our package:\n1. $1,100\n2. Home delivery\n3. 2 years warranty\n4. Assembly included",
                            game("furniture-order"))
    assert found.offers == {"price": "$1100", "delivery": "home delivery", "warranty": "2 years",
                            "assembly": "assembly included"}
    assert found.confidence == "sure"


# A markdown table under a header of empty cells ("| | |") is still a table of key | value rows:
# its first row is a pair, not the header.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Acceptable offer:\n\n|  |  |\n|:--|--:|\n| Amount | $7,000 |\n| Duration | 6 years |\n| Rate | 4% |\n| Fees | $30 |",
     "loan-agreement", {"amount": "$7000", "duration": "6 years", "annual interest rate": "4%", "service fees": "$30"}),
    ("| | |\n|---|---|\n| Rent | $1,100 |\n| Lease | 24 months |", "rental-agreement",
     {"rent": "$1100", "duration": "24 months"}),
])
def test_a_table_under_an_empty_header_reads_its_first_row(text, game_name, offers) -> None:
    assert extract_note(text, game(game_name)).offers == offers


# Contractions typed without the apostrophe ("doesnt", "cant", "wont") deny as the written ones do.
@pytest.mark.parametrize("text, game_name, offers", [
    ("$1,400 doesnt work for me. $1,200 and 18 months.", "rental-agreement", {"rent": "$1200", "duration": "18 months"}),
    ("We cant accept 5%. Our offer: 3%, 4 years, $5,000.", "loan-agreement",
     {"annual interest rate": "3%", "duration": "4 years", "amount": "$5000"}),
])
def test_a_contraction_without_its_apostrophe_still_denies(text, game_name, offers) -> None:
    assert extract_message(text, game(game_name)).offers == offers


# A document's enumerator at the start of a line ("Clause 4", "Section 2.1", "ITEM 3 —", "§ 2")
# is a place in the text, no value: the value is what the line says after it.
@pytest.mark.parametrize("text, game_name, offers", [
    ("Heads of terms:\nSection 1.1 Rent. $1,000 per month.\nSection 1.2 Deposit. $500.\nSection 2 Term. 9 months.",
     "rental-agreement", {"rent": "$1000", "deposit": "$500", "duration": "9 months"}),
    ("§ 1 Amount: $3,000\n§ 2 Duration: 2 years\n§ 3 Rate: 2.5%\n§ 4 Fees: $10", "loan-agreement",
     {"amount": "$3000", "duration": "2 years", "annual interest rate": "2.5%", "service fees": "$10"}),
])
def test_a_documents_enumerator_is_no_value(text, game_name, offers) -> None:
    assert extract_note(text, game(game_name)).offers == offers


# A label's wording with a payment's participle between its words ("50% paid upfront" for the
# synonym "50% upfront") or a prefix written apart ("up front", "pre-payment") is that label.
@pytest.mark.parametrize("text, label", [
    ("Buffet at $55 a head, beer and wine, with 50% payable upfront.", "half upfront"),
    ("Plated dinner, open bar, $75 per guest, and we'd want 100% up-front.", "full prepayment"),
])
def test_a_label_with_a_participle_or_a_split_prefix_is_read(text, label) -> None:
    assert extract_message(text, game("catering-contract")).offers["payment"] == label


# A thing named alone as an item of a list of what is offered ("— battery —", "- assembly -"), of
# an issue whose two labels are having it or not, is having it (unsure); "no assembly" is not.
@pytest.mark.parametrize("text, game_name, issue, label", [
    ("Deal: $22,000; standard panels; battery; install within a month.", "solar-installation",
     "battery", "battery backup"),
    ("Final: $1,000 - home delivery - assembly - 2 years warranty", "furniture-order", "assembly", "assembly included"),
])
def test_a_thing_named_alone_in_a_list_is_having_it(text, game_name, issue, label) -> None:
    found = extract_message(text, game(game_name))
    assert found.offers[issue] == label
    assert found.confidence == "unsure"


def test_a_thing_denied_in_a_list_is_not_having_it() -> None:
    found = extract_message("Final: $1,000, home delivery, no assembly, 2 years warranty", game("furniture-order"))
    assert found.offers.get("assembly") != "assembly included"


# In a sheet of aligned columns the gap of two or more spaces (or a tab) parts a key from its
# value, however many words the value has: "HANDOVER   end of month" is no key "handover end".
@pytest.mark.parametrize("text, offers", [
    ("PRICE      25,000\nFINANCE    dealer financing\nWARRANTY   bumper to bumper\nHANDOVER   end of month",
     {"price": "$25000", "financing": "dealer financing", "warranty": "bumper-to-bumper", "handover": "end of month"}),
    ("price        26000\nhandover     end of month\nwarranty     none",
     {"price": "$26000", "handover": "end of month", "warranty": "no extended warranty"}),
])
def test_a_column_gap_parts_a_key_from_its_value(text, offers) -> None:
    assert extract_note(text, game("car-purchase")).offers == offers


# A reason given about a value ("weekend moves carry extra staffing costs", "a premium album
# involves additional fees") turns that value down beside the one offered.
@pytest.mark.parametrize("text, game_name, issue, label", [
    ("We can do $2,800 on a weekday. A weekend move carries extra overtime costs for our crew.", "moving-service",
     "move day", "weekday"),
    ("Fee $2,500, 8 hours, the standard album; the premium album involves additional printing fees.",
     "wedding-photography", "album", "standard album"),
])
def test_a_reason_against_a_value_turns_it_down(text, game_name, issue, label) -> None:
    found = extract_message(text, game(game_name))
    assert found.offers[issue] == label
    assert issue not in found.ambiguous
