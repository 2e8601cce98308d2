"""Round 20 of issue 12, numbers and notes: the note's writer's side, given by the runner, and the
numeric values a text offers (tuned on every item of test20 … test31 and the retired parts; checked on
test32 … test35, parts by other hands, by their totals alone). Each class is tested on fresh examples
written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.judging import judge
from lamen.spec.load import load_game, load_protocol
from lamen.transcript import Transcript, Turn
from tests.gold_shape import labels_of


# The seat that wrote a note is known to the runner: "we keep six seats", "6-4 in our favour" and
# "we supply the products" are that side's, in prose, in key/value lines and in a JSON value.
@pytest.mark.parametrize("game_name, text, side, offers", [
    ("merger", "Acceptable offer: we keep six board seats, ownership 60%.", 0, {"control": "6-4", "ownership": "60%"}),
    ("merger", "Acceptable offer: we keep six board seats, ownership 60%.", 1, {"control": "4-6", "ownership": "60%"}),
    ("merger", "Acceptable offer: board seats 6-4 in our favour, ownership 60%.", 1, {"control": "4-6", "ownership": "60%"}),
    ("merger", 'Acceptable offer:\n{"control": "we keep 6 seats", "ownership": "60%"}', 1,
     {"control": "4-6", "ownership": "60%"}),
    ("office-cleaning", "Acceptable offer: $2,500 a month, twice a week, and we supply the cleaning products.", 1,
     {"monthly price": "$2500", "frequency": "twice a week", "supplies": "client provides"}),
    ("office-cleaning", "Acceptable offer: $2,500 a month, twice a week, and we supply the cleaning products.", 0,
     {"monthly price": "$2500", "frequency": "twice a week", "supplies": "cleaner provides"}),
])
def test_a_note_is_read_from_its_writers_side(game_name, text, side, offers) -> None:
    assert dict(extract_note(text, labels_of(game_name), side=side).offers) == offers


# Without a side, a note reads as before: its "we" has no side unless the note names its writer, and a
# split written from its side is left unread or read as written.
@pytest.mark.parametrize("game_name, text, offers", [
    ("merger", "Acceptable offer: we keep six board seats, ownership 60%.", {"ownership": "60%"}),
    ("merger", 'Acceptable offer:\n{"control": "we keep 6 seats", "ownership": "60%"}', {"ownership": "60%"}),
    ("office-cleaning", "Acceptable offer: $2,500 a month, twice a week, and we supply the cleaning products.",
     {"monthly price": "$2500", "frequency": "twice a week"}),
    ("office-cleaning", "Office manager note. Acceptable offer: $2,500 a month, twice a week, and we supply the "
     "cleaning products.", {"monthly price": "$2500", "frequency": "twice a week", "supplies": "client provides"}),
])
def test_a_note_without_a_side_reads_as_before(game_name, text, offers) -> None:
    assert dict(extract_note(text, labels_of(game_name)).offers) == offers


def test_the_judge_reads_a_turns_note_from_its_side() -> None:
    game = load_game("merger")
    note = "Acceptable offer: we keep six board seats, ownership 60%, benefits 10%, employees 70%."
    turns = (Turn(side=0, round=1, note=note, message="Let's talk."), Turn(side=1, round=1, note=note, message="Fine."),
             Turn(side=0, round=1, note=note, message="Ok.", interrogation=note))
    outcome = judge(Transcript(game=game.name, turns=turns), game, load_protocol("default"))
    assert [t.note.offers.get("control") for t in outcome.turns] == ["6-4", "4-6", "6-4"]
    assert outcome.turns[2].interrogation is not None and outcome.turns[2].interrogation.offers["control"] == "6-4"


# A compromise worked out between two ends states its result: the result is the offer, the ends are
# not — in a question too ("How about the midpoint of …, which would be …?"), and with "between X and
# Y" (which elsewhere is a range) after the words of a compromise.
@pytest.mark.parametrize("text, offers", [
    ("What about the midpoint of your $1,400 and my $1,000, which would be $1,200 a month?", {"rent": "$1200"}),
    ("Splitting the difference between $1,100 and $1,300 gives $1,200, for 12 months.",
     {"rent": "$1200", "duration": "12 months"}),
])
def test_a_worked_out_compromise_offers_its_result(text, offers) -> None:
    reading = extract_message(text, labels_of("rental-agreement"), side=1)
    assert dict(reading.offers) == offers
    assert reading.confidence == "sure"


def test_a_plain_range_is_still_ambiguous() -> None:
    reading = extract_message("Somewhere between $1,100 and $1,300 would work.", labels_of("rental-agreement"), side=1)
    assert "rent" in reading.ambiguous and "rent" not in reading.offers


# After a note's offer, a sentence or line that weighs a later move ("Could flex to …", "We might
# go to … next round"), states a bound ("Won't go under …") or opens with a condition (in any of the
# languages models answer in) is an aside: the offer stands as stated.
@pytest.mark.parametrize("game_name, text, offers", [
    ("rental-agreement", "Acceptable offer: $1,200 rent, 18 months. We might go to $1,100 next round.",
     {"rent": "$1200", "duration": "18 months"}),
    ("rental-agreement", "Acceptable offer: $1,200 rent, 18 months.\nWon't go under $1,100 though.",
     {"rent": "$1200", "duration": "18 months"}),
    ("rental-agreement", "Oferta aceptable: alquiler 1.200 $, 12 meses. Si insisten, podría bajar a 1.100 $.",
     {"rent": "$1200", "duration": "12 months"}),
    ("rental-agreement", "Akzeptables Angebot: Miete 1.200 $, 12 Monate. Falls sie drängen, könnte ich auf 1.100 $ gehen.",
     {"rent": "$1200", "duration": "12 months"}),
    ("merger", "Acceptable offer:\nbenefits: 40%\ncontrol: 6-4\nownership: 55%\n\nIf Company B balks, control 5-5 would do.",
     {"benefits": "40%", "control": "6-4", "ownership": "55%"}),
    ("merger", 'Acceptable offer:\n```json\n{"benefits": "40%", "control": "6-4", "ownership": "55%"}\n```\n'
     "We could give control 5-5 later, if they move on ownership.", {"benefits": "40%", "control": "6-4", "ownership": "55%"}),
])
def test_a_plan_after_the_notes_offer_is_an_aside(game_name, text, offers) -> None:
    assert dict(extract_note(text, labels_of(game_name)).offers) == offers


def test_a_revision_after_the_offer_still_revises_it() -> None:
    reading = extract_note("Acceptable offer: $1,200 rent, 18 months. Correction: rent $1,100.", labels_of("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1100", "duration": "18 months"}


# A value marked with a footnote sign whose footnote offers another value ("*or …", "† Should you
# prefer … instead …") leaves that issue open between the two: ambiguous, unsure. A footnote that
# only remarks on the value, and a markdown list of "* " bullets, change nothing.
@pytest.mark.parametrize("game_name, text, kind, side, offers, ambiguous", [
    ("job-offer", "**Acceptable offer**\n- Salary: $120,000*\n- Work arrangement: hybrid\n- Vacation: 25 days\n"
     "- Signing bonus: no bonus\n\n*or $110,000 with a $10,000 signing bonus", "note", None,
     {"work arrangement": "hybrid", "vacation": "25 days"}, ("salary", "signing bonus")),
    ("merger", "We propose benefits at 60%, a 5-5 board, employee retention of 45%-55%, and ownership of 50% for "
     "Company A.†\n\n† Should you prefer, we could instead take 55% ownership with a 4-6 board.", "message", 1,
     {"benefits": "60%", "employees": "45%-55%"}, ("ownership", "control")),
])
def test_a_footnote_offering_another_value_leaves_the_issue_open(game_name, text, kind, side, offers, ambiguous) -> None:
    labels = labels_of(game_name)
    reading = extract_note(text, labels, side=side) if kind == "note" else extract_message(text, labels, side=side)
    assert (dict(reading.offers), set(reading.ambiguous), reading.confidence) == (offers, set(ambiguous), "unsure")


@pytest.mark.parametrize("text, kind, offers", [
    ("Rent $1,200, 12 months*\n\n*the 12 months are firm.", "message", {"rent": "$1200", "duration": "12 months"}),
    ("Acceptable offer:\n* rent: $1,200\n* duration: 12 months\n*deposit: $1,000", "note",
     {"rent": "$1200", "duration": "12 months", "deposit": "$1000"}),
])
def test_a_remark_in_a_footnote_or_a_bullet_list_changes_nothing(text, kind, offers) -> None:
    labels = labels_of("rental-agreement")
    reading = extract_note(text, labels) if kind == "note" else extract_message(text, labels, side=1)
    assert dict(reading.offers) == offers and reading.confidence == "sure"


# "Frankly I'd accept $1,100 if they insist" after the note's offer: a move on a condition, an aside.
def test_a_conditional_move_after_the_notes_offer_is_an_aside() -> None:
    reading = extract_note("My acceptable offer is... $1,200. Frankly I'd accept $1,100 if they insist, but not yet.",
                           labels_of("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1200"}
    plain = extract_note("Acceptable offer: rent $1,200. I'd also take 12 months.", labels_of("rental-agreement"))
    assert dict(plain.offers) == {"rent": "$1200", "duration": "12 months"}


# A line in italics after a bold heading ("**… (Round 7)**" … "*Note: if they push for 6-4, …*") is
# no footnote: the bold heading's asterisks mark no value.
def test_an_italic_remark_is_no_footnote() -> None:
    text = ("**Company A – Position (Round 7)**\n\nHolding firm.\n\n*   Benefits: 50%\n*   Control: 7-3\n"
            "*   Employees: 60%-40%\n*   Ownership: 65%\n\n*Note: if B pushes for 6-4, give on ownership first.*")
    assert dict(extract_note(text, labels_of("merger")).offers) == {
        "benefits": "50%", "control": "7-3", "employees": "60%-40%", "ownership": "65%"}


# A bound stated after the note's offer ("I will not pay above …", "Not below …") is the writer's
# limit, not a second value of the offer.
@pytest.mark.parametrize("text, offers", [
    ("Acceptable offer: rent $1,200. I will not pay above $1,300 whatever happens.", {"rent": "$1200"}),
    ("Acceptable offer: rent $1,200, 12 months. Not below $1,100.", {"rent": "$1200", "duration": "12 months"}),
    ("Acceptable offer: rent $1,200. More than fair for 12 months.", {"rent": "$1200", "duration": "12 months"}),
])
def test_a_bound_after_the_notes_offer_is_an_aside(text, offers) -> None:
    assert dict(extract_note(text, labels_of("rental-agreement")).offers) == offers


# A value the other side named ("the 24 months you suggested"), joined by "with", "and", "plus" or a
# comma to a package the speaker offers with an amount of its own, is taken up: part of the offer.
@pytest.mark.parametrize("text, offers", [
    ("We could go to $1,100 a month, with the 18 months you proposed.", {"rent": "$1100", "duration": "18 months"}),
    ("Let's settle: $1,200 rent plus the 2 days of subletting you asked for.", {"rent": "$1200", "subletting": "2 days"}),
    ("Where we can land is $1,300, and the 12 months you mentioned.", {"rent": "$1300", "duration": "12 months"}),
])
def test_their_value_joined_to_the_speakers_package_is_taken_up(text, offers) -> None:
    assert dict(extract_message(text, labels_of("rental-agreement"), side=0).offers) == offers


# ... not where the speaker turns it down or sets its own value against it.
@pytest.mark.parametrize("text", [
    "I can't do the 24 months you suggested; $1,200 for 12 months.",
    "We'll offer $1,200 for 12 months, not the 24 months you suggested.",
])
def test_their_value_turned_down_stays_theirs(text) -> None:
    assert dict(extract_message(text, labels_of("rental-agreement"), side=0).offers) == {"rent": "$1200", "duration": "12 months"}


# A verdict after "but", "whereas", "while" ("$1,200 but 5 days of subletting is too much") turns
# down the value of its own clause, not the one before the conjunction; without one, the verdict
# still turns down every value before it.
@pytest.mark.parametrize("text, offers", [
    ("We can agree to $1,100 a month, but 24 months is too long for us. Let's say 12 months.",
     {"rent": "$1100", "duration": "12 months"}),
    ("I can do $1,300 whereas a $2,000 deposit is far too much.", {"rent": "$1300"}),
    ("$1,300 and 24 months is too much for us.", {}),
])
def test_a_verdict_after_but_turns_down_its_own_clause(text, offers) -> None:
    assert dict(extract_message(text, labels_of("rental-agreement"), side=1).offers) == offers


# Granting what the other side asked for takes it up ("we can approve the full $10,000 you asked
# for"); a correction far before the joined value ("no — let me be precise: I can do $1,300 rent
# with the 24 months you suggested") sets nothing against it; refusing to grant it still does.
@pytest.mark.parametrize("game_name, text, issue, label", [
    ("loan-agreement", "Amount: we can grant the whole $10,000 you requested. Duration 8 years, 4.5%, fees $50.",
     "amount", "$10000"),
    ("rental-agreement", "Not quite — to be exact: I can do $1,300 rent with the 24 months you suggested.",
     "duration", "24 months"),
])
def test_granting_their_value_takes_it_up(game_name, text, issue, label) -> None:
    assert extract_message(text, labels_of(game_name), side=0).offers.get(issue) == label


def test_refusing_to_grant_their_value_leaves_it() -> None:
    reading = extract_message("We can't approve the $1,000 deposit you asked for.", labels_of("rental-agreement"), side=0)
    assert "deposit" not in reading.offers


# "I was hoping for $120,000 base — could we meet there?": the polite past states the ask, read
# (unsure) for an issue the message leaves unread; where the message gives the issue another value,
# or accepts, the hope is a position given up.
@pytest.mark.parametrize("text, offers, confidence", [
    ("Hybrid and 20 vacation days suit me. As for pay, we had hoped for $120,000 base — is that within reach?",
     {"work arrangement": "hybrid", "vacation": "20 days", "salary": "$120000"}, "unsure"),
    ("I was hoping for $120,000 rather than $110,000; I'd give up the bonus for it.",
     {"salary": "$120000", "signing bonus": "no bonus"}, "unsure"),
    ("I was hoping for 30 days of leave; 25 days is fine.", {"vacation": "25 days"}, "sure"),
    ("I was hoping for $120,000. Fine, I accept your offer.", {}, "sure"),
])
def test_what_the_speaker_was_hoping_for_is_its_ask(text, offers, confidence) -> None:
    reading = extract_message(text, labels_of("job-offer"), side=1)
    assert (dict(reading.offers), reading.confidence) == (offers, confidence)


# A value taken back inside its sentence ("$1,300 — no, let me be precise, $1,200", "45 % – nein,
# sagen wir 40 %", "18 mois… non, 24 mois") gives way to the correction; "— no subletting" is a value.
@pytest.mark.parametrize("game_name, text, kind, offers", [
    ("rental-agreement", "We could manage $1,300 — no, let me be precise, $1,200 is our figure — for 12 months.", "message",
     {"rent": "$1200", "duration": "12 months"}),
    ("merger", "Akzeptables Angebot: Sozialleistungen 60 %, Aufsichtsrat 4 zu 6, Belegschaft 40 % – 60 %, "
     "Anteil A 50 % – nein, sagen wir 45 %.", "note",
     {"benefits": "60%", "control": "4-6", "employees": "40%-60%", "ownership": "45%"}),
    ("rental-agreement", "Nous proposons un loyer de 1 200 $ pour 18 mois… non, 24 mois.", "message",
     {"rent": "$1200", "duration": "24 months"}),
    ("rental-agreement", "Rent $1,200 - no subletting, 12 months.", "message",
     {"rent": "$1200", "duration": "12 months", "subletting": "0 days"}),
])
def test_a_value_taken_back_gives_way_to_its_correction(game_name, text, kind, offers) -> None:
    labels = labels_of(game_name)
    reading = extract_note(text, labels, side=1) if kind == "note" else extract_message(text, labels, side=0)
    assert dict(reading.offers) == offers
