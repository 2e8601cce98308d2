"""Classes of text the eleventh round of issue 12 reads by general rules (tuned on the odd half of
test10's errors only, checked on its even half), each tested on fresh examples written for these
tests, not the gold set's items."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))


# A parenthesis after the own block that holds a block of its own heads that block: it is no
# remark on the block above it.
@pytest.mark.parametrize("note, labels, offers", [
    ('Holding firm on the deposit.\n\n```json\n{"rent": "$1300", "duration": "24 months", "deposit": "$1500", '
     '"subletting": "2 days"}\n```\n\n(Their previous offer, for reference: {"rent": "$900", "duration": "12 months", '
     '"deposit": "$500", "subletting": "6 days"})',
     RENTAL, {"rent": "$1300", "duration": "24 months", "deposit": "$1500", "subletting": "2 days"}),
    ('Acceptable offer: {"amount": "$8000", "duration": "4 years", "annual interest rate": "4%"}\n'
     '(What I think the bank would accept: {"amount": "$6000", "duration": "3 years", "annual interest rate": "5%"})',
     LOAN, {"amount": "$8000", "duration": "4 years", "annual interest rate": "4%"}),
])
def test_a_parenthesised_estimate_block_after_the_own_block_is_not_the_offer(note, labels, offers) -> None:
    assert dict(extract_note(note, labels).offers) == offers


def test_a_parenthesised_remark_without_a_block_still_marks_the_block_above_as_an_estimate() -> None:
    note = ('{"rent": "$1000", "duration": "12 months"}\n(my estimate of the tenant\'s position)\n\n'
            'Acceptable offer: {"rent": "$1400", "duration": "12 months"}')
    assert dict(extract_note(note, RENTAL).offers) == {"rent": "$1400", "duration": "12 months"}


# The indices of a numbered list are no values (they were read as amounts in thousands).
@pytest.mark.parametrize("text, labels, offers", [
    ("My counter:\n1. $1,300 a month\n2. 24 months\n3. $1,500 deposit\n4. 2 days of subletting",
     RENTAL, {"rent": "$1300", "duration": "24 months", "deposit": "$1500", "subletting": "2 days"}),
    ("Where we stand:\n1) $8,000\n2) 4 years\n3) 4% interest\n4) $50 in fees",
     LOAN, {"amount": "$8000", "duration": "4 years", "annual interest rate": "4%", "service fees": "$50"}),
])
def test_the_indices_of_a_numbered_list_are_no_values(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == () and reading.invalid == {}


def test_a_single_number_that_opens_a_line_is_still_read() -> None:
    # One line opening with "24." is no numbered list: the number answers the line above it.
    assert dict(extract_message("Duration in months:\n24. That is final.", RENTAL).offers) == {"duration": "24 months"}


# A lone amount a message's list binds to its key is that issue's reading even when it is no
# label: free text's other value for the issue was turned down or quoted, and is not offered.
@pytest.mark.parametrize("text, labels, offers, invalid", [
    ("Regrettably, rent of $1,500 sits outside what my household can manage. My counter:\n- Rent: $1,150\n"
     "- Duration: 24 months", RENTAL, {"duration": "24 months"}, {"rent": "$1,150"}),
    ("We looked again. Regrettably $10,000 sits outside the band our committee approved. Our offer:\n"
     "- Amount: $7,500\n- Duration: 3 years\n- Rate: 4%",
     LOAN, {"duration": "3 years", "annual interest rate": "4%"}, {"amount": "$7,500"}),
])
def test_a_listed_invalid_amount_beats_a_turned_down_value_in_free_text(text, labels, offers, invalid) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert dict(reading.invalid) == invalid


def test_free_text_that_reads_the_lists_own_worded_value_stands() -> None:
    # The list's raw value is no lone amount: free text's reading of it is not replaced.
    reading = extract_message("- Rent: $1,300 a month, which is fair\n- Duration: 12 months", RENTAL)
    assert dict(reading.offers) == {"rent": "$1300", "duration": "12 months"}


# Of two values of one issue in a sentence, the one after "but" is the speaker's word on it.
@pytest.mark.parametrize("text, labels, offers", [
    ("$1,200 is a step in the right direction, but I need $1,100. Twelve months is fine.",
     RENTAL, {"rent": "$1100", "duration": "12 months"}),
    ("Five percent is nearer, but we would want 4% on the loan.", LOAN, {"annual interest rate": "4%"}),
])
def test_the_value_after_a_contrast_replaces_the_one_before_it(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


def test_a_contrast_before_alternatives_keeps_them_ambiguous() -> None:
    reading = extract_message("Rent $1,300 is fine, but subletting has to stay at 1 or 2 days.", RENTAL)
    assert dict(reading.offers) == {"rent": "$1300"}
    assert reading.ambiguous == ("subletting",)


JOBS = label_cache(load_game(GAMES / "job-offer.yaml"))


# A note with no offer heading that ends in a line of short values (numbers or text labels'
# wordings, after a line or sentence of reasoning) offers that line, and says it is unsure.
@pytest.mark.parametrize("note, labels, offers", [
    ("landlord-style pushback expected. jotting the plan:\nbase 120000, hybrid, 25 days, $5000 signing",
     JOBS, {"salary": "$120000", "work arrangement": "hybrid", "vacation": "25 days", "signing bonus": "$5000"}),
    ("they seem keen. settling on\n$100000 / on-site / 20 days / no bonus",
     JOBS, {"salary": "$100000", "work arrangement": "on-site", "vacation": "20 days", "signing bonus": "no bonus"}),
    ("deposit matters least to me. going with 1300/month + 24 months + 2 days subletting",
     RENTAL, {"rent": "$1300", "duration": "24 months", "subletting": "2 days"}),
])
def test_a_last_line_of_values_after_reasoning_is_the_notes_offer(note, labels, offers) -> None:
    reading = extract_note(note, labels)
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"


def test_a_last_line_of_values_headed_as_the_other_sides_is_no_offer() -> None:
    reading = extract_note("Their last offer, for reference:\n$1000, 24 months, $500, 5 days", RENTAL)
    assert dict(reading.offers) == {}


DESIGN = label_cache(load_game(GAMES / "design-contract.yaml"))


# A piece of a listed package that is part of exactly one text label names that label.
@pytest.mark.parametrize("text, labels, offers", [
    ("Final ask: $120,000, remote, 25 days, $5000 signing.", JOBS,
     {"salary": "$120000", "work arrangement": "fully remote", "vacation": "25 days", "signing bonus": "$5000"}),
    ("Our terms: $5,000, 6 weeks, unlimited, non-exclusive, net 60", DESIGN,
     {"fee": "$5000", "deadline": "6 weeks", "revisions": "unlimited revisions", "rights": "non-exclusive licence",
      "payment terms": "net 60"}),
])
def test_a_listed_piece_that_is_part_of_one_label_names_it(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.confidence == "sure"


def test_a_listed_piece_that_a_label_negates_is_not_part_of_it() -> None:
    # Round twelve: "exclusive" is no part of "non-exclusive licence" (test10's gold reads a bare
    # "exclusive" as the exclusive licence); this test said "names neither" before it.
    reading = extract_message("Our terms: $5,000, 6 weeks, exclusive, net 60", DESIGN)
    assert reading.offers["rights"] == "exclusive licence"


MERGER = label_cache(load_game("merger"))


# Which side a share is from: a party's letter after a preposition receives the share, whoever
# "we" is; a list's split "in our favour" is read with the speaker's side.
@pytest.mark.parametrize("text, offers", [
    ("We can accept 55% ownership for A and 60% benefits.", {"ownership": "55%", "benefits": "60%"}),
    ("We would take 40% ownership to A if the board is 5-5.", {"ownership": "40%", "control": "5-5"}),
])
def test_a_share_for_a_lettered_party_is_that_partys(text: str, offers: dict[str, str]) -> None:
    assert dict(extract_message(text, MERGER, side=1).offers) == offers


@pytest.mark.parametrize("text, side, offers", [
    ("Our proposal:\n- Benefits: 60%\n- Board: 6-4\n- Ownership: 55/45 in our favour", 0,
     {"benefits": "60%", "control": "6-4", "ownership": "55%"}),
    ("Our proposal:\n- Benefits: 60%\n- Board: 4-6\n- Ownership: 60/40 in our favour", 1,
     {"benefits": "60%", "control": "4-6", "ownership": "40%"}),
])
def test_a_listed_split_in_the_speakers_favour_is_read_with_the_speakers_side(text, side, offers) -> None:
    reading = extract_message(text, MERGER, side=side)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


# A note's revision that withdraws what was written ("scratch that", "correction:") replaces it,
# whatever condition it states; a hedged future move stays a plan.
@pytest.mark.parametrize("note, labels, issue, label", [
    ('Acceptable offer: {"rent": "$1200", "duration": "12 months", "deposit": "$1000", "subletting": "3 days"}\n'
     "Scratch that: subletting at 1 day is enough if the rent stays at $1,200.", RENTAL, "subletting", "1 day"),
    ('Acceptable offer: {"amount": "$6000", "duration": "3 years", "annual interest rate": "4%"}\n'
     "Correction: rate 3.5% if they take 3 years.", LOAN, "annual interest rate", "3.5%"),
])
def test_a_withdrawing_revision_with_a_condition_revises_the_block(note, labels, issue, label) -> None:
    assert extract_note(note, labels).offers[issue] == label


def test_a_withdrawing_revision_that_hedges_a_future_move_does_not() -> None:
    note = 'Acceptable offer: {"rent": "$1200", "duration": "12 months"}\nScratch that, I might go to $1,100 later if they push.'
    assert dict(extract_note(note, RENTAL).offers) == {"rent": "$1200", "duration": "12 months"}


CARS = label_cache(load_game(GAMES / "car-purchase.yaml"))


# A reference price written with "'s" ("MSRP's $28,000") is no offer; "for you: $25,000" gives
# the listener a price (the speaker's offer), it is not the listener's position.
@pytest.mark.parametrize("text, labels, offers", [
    ("MSRP's $28,000. For you I can do $26,000 with cash.", CARS, {"price": "$26000", "financing": "cash"}),
    ("Sticker's at $28,000 but for you: $25,000, powertrain only.", CARS,
     {"price": "$25000", "warranty": "powertrain only"}),
    ("Market rate's $1,500 around here, but for you: $1,300 on a 12-month lease.", RENTAL,
     {"rent": "$1300", "duration": "12 months"}),
])
def test_a_reference_price_is_not_offered_and_a_price_for_you_is(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


WEDDING = label_cache(load_game(GAMES / "wedding-photography.yaml"))
CATERING = label_cache(load_game(GAMES / "catering-contract.yaml"))


# The everyday vocabulary of text labels in other languages: hours of coverage, a second
# photographer, albums, menus, payment after the event, revision rounds, licences.
@pytest.mark.parametrize("text, labels, offers", [
    ("Wir schlagen 3.000 $ vor: 8 Stunden, Premium-Album, ohne zweiten Fotografen, Lieferung in 2 Wochen.", WEDDING,
     {"fee": "$3000", "coverage": "8 hours", "album": "premium album", "second shooter": "no second shooter",
      "delivery": "2 weeks"}),
    ("报价：费用 2500 美元，拍摄 6 小时，高级相册，需要第二摄影师，3 个月交付。", WEDDING,
     {"fee": "$2500", "coverage": "6 hours", "album": "premium album", "second shooter": "second shooter",
      "delivery": "3 months"}),
    ("Proponemos bufé a 55 $ por invitado, cerveza y vino, pago después del evento.", CATERING,
     {"menu": "buffet", "price per guest": "$55", "bar": "beer and wine", "payment": "pay after the event"}),
    ("Nous proposons un dîner servi à table, 75 $ par invité, open bar, paiement après l'événement.", CATERING,
     {"menu": "plated dinner", "price per guest": "$75", "bar": "open bar", "payment": "pay after the event"}),
    ("Proponiamo 6.000 $, 8 settimane, revisioni illimitate, licenza esclusiva, net 30.", DESIGN,
     {"fee": "$6000", "deadline": "8 weeks", "revisions": "unlimited revisions", "rights": "exclusive licence",
      "payment terms": "net 30"}),
])
def test_text_labels_in_other_languages(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"  # not in English: the fallback may still look


# A label word shorter than a stem ("pay") also stands for the longer words it starts ("payment").
@pytest.mark.parametrize("text", [
    "We'd want payment after the event and a buffet at $55.",
    "Buffet at $55, with the payment made after the event.",
])
def test_the_noun_of_a_labels_verb_reads_the_label(text: str) -> None:
    assert extract_message(text, CATERING).offers.get("payment") == "pay after the event"


# A value that is only a casual "no" names the issue's zero label.
@pytest.mark.parametrize("note, labels, offers", [
    ("they want pets and subletting. no chance.\nrent: $1300\nsubletting: nah", RENTAL,
     {"rent": "$1300", "subletting": "0 days"}),
    ("Acceptable offer:\namount: $5000\nfees: zilch", LOAN, {"amount": "$5000", "service fees": "$0"}),
])
def test_a_casual_no_as_a_value_is_the_zero_label(note, labels, offers) -> None:
    reading = extract_note(note, labels)
    assert dict(reading.offers) == offers
    assert reading.invalid == {}


FURNITURE = label_cache(load_game(GAMES / "furniture-order.yaml"))


# "X is a no" / "a hard no" / "a no-go" turns X down ("a no-brainer" does not).
@pytest.mark.parametrize("text, labels, offers", [
    ("A plated dinner is a hard no for our budget. Buffet at $55, beer and wine.", CATERING,
     {"menu": "buffet", "price per guest": "$55", "bar": "beer and wine"}),
    ("Home delivery is a no-go on our side, so pickup, $900 and a 1 year warranty.", FURNITURE,
     {"delivery": "pickup", "price": "$900", "warranty": "1 year"}),
])
def test_a_label_that_is_a_no_is_turned_down(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


def test_a_no_brainer_is_no_rejection() -> None:
    assert extract_message("$1,300 is a no-brainer for us, and 12 months.", RENTAL).offers.get("rent") == "$1300"


# Another party's position named by its noun ("the landlord's request for ...", "the borrower's
# proposal of ...") is quoted, not offered.
@pytest.mark.parametrize("text, labels, offers", [
    ("We note the landlord's request for a $2,000 deposit. We can offer $1,000 and $1,200 rent.", RENTAL,
     {"deposit": "$1000", "rent": "$1200"}),
    ("We have read the borrower's proposal of 2% interest. Our rate is 4% on $6,000.", LOAN,
     {"annual interest rate": "4%", "amount": "$6000"}),
])
def test_a_partys_request_named_by_its_noun_is_quoted(text, labels, offers) -> None:
    reading = extract_message(text, labels)
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


def test_a_german_compound_of_a_label_word_and_warranty() -> None:
    reading = extract_message("Wir bieten 25.000 $ mit Händlerfinanzierung und nur Antriebsstrang-Garantie.", CARS)
    assert dict(reading.offers) == {"price": "$25000", "financing": "dealer financing", "warranty": "powertrain only"}


# "X, maybe Y": a second value offered beside the first, so the issue is ambiguous.
@pytest.mark.parametrize("text, labels, issue", [
    ("Honestly the best I can do on rent is $1,200, maybe $1,100 if you sign for 24 months.", RENTAL, "rent"),
    ("We can offer 5% on this loan, perhaps 4.5% with a guarantor.", LOAN, "annual interest rate"),
])
def test_a_value_then_maybe_another_is_ambiguous(text, labels, issue: str) -> None:
    reading = extract_message(text, labels)
    assert issue in reading.ambiguous and issue not in reading.offers


# A note cut off inside a reasoning block that never closes states no offer: its sentences weigh
# offers. (A closed block is dropped and the answer after it is read.)
@pytest.mark.parametrize("note, labels", [
    ("<think>\nRent matters most to me. I will offer $1,100 and a 24-month lease, then see what they say about "
     "the deposit and", RENTAL),
    ("<thinking>The bank wants 5%. I will propose 3% on $6,000 over 4 years, maybe", LOAN),
])
def test_a_note_cut_off_while_thinking_offers_nothing(note, labels) -> None:
    reading = extract_note(note, labels)
    assert dict(reading.offers) == {} and reading.ambiguous == ()
    assert reading.confidence == "unsure"


def test_the_answer_after_a_closed_thought_is_read() -> None:
    note = "<think>I could offer $1,000.</think>\nI will offer $1,200 rent for 12 months."
    assert dict(extract_note(note, RENTAL).offers) == {"rent": "$1200", "duration": "12 months"}


RENOVATION = label_cache(load_game(GAMES / "home-renovation.yaml"))


# Everyday phrases for a label's word, where a label of the game has that word: "at the end" is
# "final", "put it together" is "assemble".
@pytest.mark.parametrize("text, labels, offers", [
    ("Start next week at $20,000 with standard materials; a cleanup at the very end is enough.", RENOVATION,
     {"price": "$20000", "start": "next week", "materials": "standard", "cleanup": "final cleanup"}),
    ("Pickup is fine and we'll put it together ourselves; $1,000 with a 1 year warranty.", FURNITURE,
     {"delivery": "pickup", "assembly": "self-assembly", "price": "$1000", "warranty": "1 year"}),
    ("We can put the pieces together ourselves if the price is $900, home delivery.", FURNITURE,
     {"price": "$900", "delivery": "home delivery", "assembly": "self-assembly"}),
])
def test_everyday_phrases_for_a_labels_word(text, labels, offers) -> None:
    assert dict(extract_message(text, labels).offers) == offers


def test_at_the_end_of_the_month_is_no_final_label() -> None:
    assert dict(extract_message("At the end of the month we can do $1,200 for 12 months.", RENTAL).offers) == \
        {"rent": "$1200", "duration": "12 months"}
