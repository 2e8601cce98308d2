"""Reading values, notes and messages: exact expectations for the formats models write."""

from __future__ import annotations

import asyncio

import pytest

from lamen.agents.base import ChatReply, ChatRequest, Usage
from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache, normalise
from lamen.judge.llm_fallback import LLMExtractor, llm_readings
from lamen.judge import judge
from lamen.spec.load import load_game, load_protocol
from lamen.transcript import Transcript, Turn

RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
MERGER = label_cache(load_game("merger"))


@pytest.mark.parametrize(("value", "expected"), [
    ("$1,000", "1000"), ("USD 1000", "1000"), ("$1,000.00", "1000"), ("12-Month", "12month"),
    ("5 : 5", "5-5"), ("twelve hundred dollars", "1200"), ("2.0%", "2%"), ("$10k", "10000"),
])
def test_normalise(value: str, expected: str) -> None:
    assert normalise(value) == expected


@pytest.mark.parametrize(("labels", "issue", "value", "kind", "label"), [
    (RENTAL, "rent", "$1,200", "label", "$1200"),
    (RENTAL, "rent", 1200, "label", "$1200"),
    (RENTAL, "rent", "I'd say $1200", "label", "$1200"),
    (RENTAL, "rent", "$1,250", "invalid", None),      # never snapped to $1200 or $1300
    (RENTAL, "rent", "$1199", "invalid", None),
    (RENTAL, "rent", "$1100-$1200", "ambiguous", None),
    (RENTAL, "rent", "TBD", "empty", None),
    (RENTAL, "duration", "12-month", "label", "12 months"),
    (RENTAL, "duration", "12 years", "invalid", None),  # a number of another unit is not the label
    (RENTAL, "duration", "2 years", "label", "24 months"),  # an exact conversion is
    (RENTAL, "duration", "13 months", "invalid", None),
    (RENTAL, "subletting", "1 day", "label", "1 day"),
    (RENTAL, "subletting", "10", "label", "10 days"),  # "1 day" is not a prefix match for "10 days"
    (RENTAL, "subletting", "no subletting", "label", "0 days"),
    (LOAN, "annual interest rate", "4.5", "label", "4.5%"),
    (LOAN, "annual interest rate", "1%", "invalid", None),  # the table skips 1%
    (LOAN, "duration", "1 year", "label", "1 years"),
    (LOAN, "amount", "$10k", "label", "$10000"),
    (MERGER, "control", "8:2", "label", "8-2"),
    (MERGER, "control", "7-4", "invalid", None),
    (MERGER, "employees", "50-50", "label", "50%-50%"),
])
def test_value_to_label(labels, issue: str, value: object, kind: str, label: str | None) -> None:
    match = labels.match(issue, value)
    assert (match.kind, match.label) == (kind, label)


def test_first_number_is_not_the_label() -> None:
    # LAMEN matched labels by the first integer, so "2" matched "1 month"-like labels; here the
    # whole number must equal the label's number.
    assert RENTAL.match("duration", "2").kind == "invalid"


@pytest.mark.parametrize(("note", "offers", "invalid", "unknown", "ambiguous"), [
    ('```json\n{\n "rent": "$1200",\n "Duration": "12-month",\n}\n```', {"rent": "$1200", "duration": "12 months"}, {}, (), ()),
    ("{'rent': 'I'd say $1200', 'pets': 'yes'}", {"rent": "$1200"}, {}, ("pets",), ()),
    ('acceptable offer:\n```json{\n    "rent": 1200, // firm\n    "deposit": "$1,100"\n}```', {"rent": "$1200"}, {"deposit": "$1,100"}, (), ()),
    ('Opponent likely accepts: {"rent": "$1400"}\nMy acceptable offer: {"rent": "$1300"}', {"rent": "$1300"}, {}, (), ()),
    ('{"rent": ["$1100", "$1200"], "subletting": None}', {}, {}, (), ("rent",)),
    ('{"acceptable_offer": {"rent": "$900", "duration": "36 months"}}', {"rent": "$900", "duration": "36 months"}, {}, (), ()),
    ('{"rent": "$1', {}, {}, (), ()),
    ("{rent: $1100, duration: 24 months, subletting: 'no subletting'}", {"rent": "$1100", "duration": "24 months", "subletting": "0 days"}, {}, (), ()),
    ('{"Security Deposit": "$500", "Monthly Rent": "$1,000.00"}', {"deposit": "$500", "rent": "$1000"}, {}, (), ()),
])
def test_note_json(note: str, offers: dict, invalid: dict, unknown: tuple, ambiguous: tuple) -> None:
    found = extract_note(note, RENTAL)
    assert (found.offers, found.invalid, found.unknown_issues, found.ambiguous) == (offers, invalid, unknown, ambiguous)


def test_note_in_prose_is_read_as_text() -> None:
    found = extract_note("The landlord refuses to go below $1100. Acceptable offer: rent $1000.", RENTAL)
    assert (found.method, found.offers) == ("text", {"rent": "$1000"})


@pytest.mark.parametrize(("message", "offers", "ambiguous"), [
    ("Thank you. However, a monthly rent of $1500 would be more appropriate.", {"rent": "$1500"}, ()),
    ("You offered $1500, but we propose $1,200 for rent and a 12-month lease.", {"rent": "$1200", "duration": "12 months"}, ()),
    ("We could do $1100 or $1200.", {}, ("rent",)),
    ("We've talked for 3 rounds and my 2 kids need a place; rent of $1000 and a deposit of $500.", {"rent": "$1000", "deposit": "$500"}, ()),
    ("Your 24-month proposal works for us.", {"duration": "24 months"}, ()),
    ("I accept your proposal. We agree on all issues.", {}, ()),
    ("$1200, 12 months, deposit $1000, subletting 1 day.", {"rent": "$1200", "duration": "12 months", "deposit": "$1000", "subletting": "1 day"}, ()),
    ("We could sign for 30 or 33 months.", {}, ("duration",)),
])
def test_message_text(message: str, offers: dict, ambiguous: tuple) -> None:
    found = extract_message(message, RENTAL)
    assert (found.offers, found.ambiguous) == (offers, ambiguous)


class FakeExtractorAgent:
    """An LLM that answers extraction requests with a fixed JSON and a fixed cost."""

    name = "fake:reader"

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.requests: list[ChatRequest] = []

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        return ChatReply(text=self.answer, usage=Usage(input_tokens=300, output_tokens=12), cost_usd=0.0004)


def test_llm_fallback_reads_what_rules_cannot_and_is_cached_and_costed() -> None:
    game = load_game("rental-1-distributive")
    agent = FakeExtractorAgent('{"rent": "twelve-fifty"}')
    extractor = LLMExtractor(agent)
    unreadable = "The usual sum, twelve-fifty, minus what we said about the dog."
    turns = (Turn(side=0, round=1, note=unreadable, message="Rent $1200."),
             Turn(side=1, round=1, note=unreadable, message="Rent $1200."),
             Turn(side=0, round=2, note=unreadable, message="Rent $1200."))
    transcript = Transcript(game=game.name, turns=turns)
    readings = asyncio.run(llm_readings(transcript, game, extractor))
    assert set(readings) == {(0, "note"), (1, "note"), (2, "note")}
    # The model's value goes through the same matching: not a label, so a violation, never snapped.
    assert readings[(0, "note")].method == "llm"
    assert readings[(0, "note")].invalid == {"rent": "twelve-fifty"}
    # The request names the writer ("our" is each side's own): the other side's identical words are
    # a new request; the same side's identical words, a turn later, come from the cache.
    assert len(agent.requests) == 2
    assert [f"written by: {game.parties[side]}\n" in r.messages[-1].content for side, r in zip((0, 1), agent.requests)] == [True, True]
    assert len(extractor.calls) == 3 and extractor.cost_usd == pytest.approx(0.0008)
    assert agent.requests[0].purpose == "extraction"
    outcome = judge(transcript, game, load_protocol("default"), readings)
    assert outcome.turns[0].note.method == "llm"
    assert outcome.turns[0].note_format_ok is False  # needing the fallback is a format miss
    assert outcome.turns[0].violations == ("note: rent 'twelve-fifty' is not in the payoff table",)


def test_llm_fallback_is_off_by_default() -> None:
    game = load_game("rental-1-distributive")
    outcome = judge(Transcript(game=game.name, turns=(Turn(side=0, round=1, note="twelve-fifty", message=""),)),
                    game, load_protocol("default"))
    assert outcome.turns[0].note.method == "none"


# ---- issue 12: one structured reader, one value grammar, sure/unsure -------------------------

FURNITURE = label_cache(load_game("tests/data/games/furniture-order.yaml"))


@pytest.mark.parametrize(("labels", "note", "offers"), [
    (RENTAL, "**Acceptable offer:**\n\n- **Rent:** $1,300\n- Duration: 12 months", {"rent": "$1300", "duration": "12 months"}),
    (RENTAL, "| Issue | Value |\n|---|---|\n| Rent | $1,100 |\n| Lease term | 18 months |", {"rent": "$1100", "duration": "18 months"}),
    (RENTAL, "| Rent | Deposit |\n|---|---|\n| $1,100 | $750 |", {"rent": "$1100", "deposit": "$750"}),
    (MERGER, "| Issue | Company A | Company B |\n|---|---|---|\n| Board seats | 6 | 4 |\n| Ownership | 55% | 45% |",
     {"control": "6-4", "ownership": "55%"}),
    (RENTAL, "rent=1100 dur=18m dep=750 sub=3", {"rent": "$1100", "duration": "18 months", "deposit": "$750", "subletting": "3 days"}),
    (RENTAL, "Offer: rent 1200; duration 12 mo; deposit 1000", {"rent": "$1200", "duration": "12 months", "deposit": "$1000"}),
    (RENTAL, '[{"issue": "rent", "value": "$1,100"}, {"issue": "duration", "value": "21 months"}]', {"rent": "$1100", "duration": "21 months"}),
    (RENTAL, '{"offer": [{"name": "Rent", "amount": "$1300"}, {"name": "Deposit", "amount": "$1000"}]}', {"rent": "$1300", "deposit": "$1000"}),
    (RENTAL, '{rent: $1,400, deposit: $2,000}', {"rent": "$1400", "deposit": "$2000"}),
    (LOAN, "- Loan size: $2,000\n- Length: 12 months\n- APR: 4.5%", {"amount": "$2000", "duration": "1 years", "annual interest rate": "4.5%"}),
    (FURNITURE, '{"shipping": "doorstep delivery", "warranty": "none", "assembly": "Self assembly"}',
     {"delivery": "home delivery", "warranty": "no warranty", "assembly": "self-assembly"}),
])
def test_structured_forms_of_a_note(labels, note: str, offers: dict) -> None:
    assert extract_note(note, labels).offers == offers


@pytest.mark.parametrize(("note", "offers"), [
    # An estimate or a quoted earlier offer after the own offer is not the offer.
    ('My offer: {"rent": "$1200"}\nMy estimate of what the tenant would accept: {"rent": "$1000"}', {"rent": "$1200"}),
    ('Acceptable offer: {"rent": "$1100"}\nFor reference, their previous offer was: {"rent": "$900"}', {"rent": "$1100"}),
    ("**Acceptable offer:**\n- Rent: $1,300\n\n**Their likely position:**\n- Rent: $1,000", {"rent": "$1300"}),
    ('{"acceptable_offer": {"rent": "$1,200"}, "opponent_estimate": {"rent": "$1,000"}}', {"rent": "$1200"}),
    # An explicit revision in prose counts; a conditional future move does not.
    ('Acceptable offer: {"rent": "$1,100", "deposit": "$1,000"}\nRevised: same as above, but the deposit at $1,500.',
     {"rent": "$1100", "deposit": "$1500"}),
    ('Acceptable offer: {"rent": "$1,200"}\nIf they push back, I could move to $1,100 on rent.', {"rent": "$1200"}),
])
def test_the_own_offer_of_a_note(note: str, offers: dict) -> None:
    assert extract_note(note, RENTAL).offers == offers


@pytest.mark.parametrize(("labels", "message", "side", "offers", "ambiguous"), [
    (RENTAL, "$1,400 is too high for us; I can do $1,200 a month.", None, {"rent": "$1200"}, ()),
    (RENTAL, "We'd consider a rent between $1,000 and $1,100.", None, {}, ("rent",)),
    (RENTAL, "Subletting of no more than 3 days, and we cannot go below a $1,000 deposit.", None,
     {"subletting": "3 days", "deposit": "$1000"}, ()),
    (RENTAL, "I'm happy to waive the deposit if you agree to $1,300 rent.", None, {"deposit": "$0", "rent": "$1300"}, ()),
    (RENTAL, "Sounds good: $1,200, 12 months, $1,000 and 2 days.", None,
     {"rent": "$1200", "duration": "12 months", "deposit": "$1000", "subletting": "2 days"}, ()),
    (RENTAL, "Wir bieten eine Miete von 1.200 $ bei einer Laufzeit von 24 Monaten.", None,
     {"rent": "$1200", "duration": "24 months"}, ()),
    (LOAN, "An interest-free loan of $3,000 over 36 months, and waive the service fee.", None,
     {"annual interest rate": "0%", "amount": "$3000", "duration": "3 years", "service fees": "$0"}, ()),
    (MERGER, "We propose a 6-4 split of board seats in our favour.", 1, {"control": "4-6"}, ()),
    (MERGER, "We keep seven board seats, you get three.", 0, {"control": "7-3"}, ()),
    (MERGER, "Speaking for Company B: we need 6 of the 10 board seats.", None, {"control": "4-6"}, ()),
    (MERGER, "Company B should own 55% of the merged company.", None, {"ownership": "45%"}, ()),
    (FURNITURE, "Home delivery is not possible at that price. We offer click and collect at $900.", 0,
     {"delivery": "pickup", "price": "$900"}, ()),
    (FURNITURE, "Either pickup or local drop-off is fine with us.", 1, {}, ("delivery",)),
])
def test_messages_as_models_write_them(labels, message: str, side: int | None, offers: dict, ambiguous: tuple) -> None:
    found = extract_message(message, labels, side=side)
    assert (found.offers, found.ambiguous) == (offers, ambiguous)


@pytest.mark.parametrize(("labels", "text", "kind", "reason"), [
    (RENTAL, "The usual sum, minus what we said about the dog.", "note", "no acceptable offer found in the note"),
    (RENTAL, "Let's split the difference: $1,150.", "message", "'$1,150' belongs to no issue for sure"),
    # ("deliver it to our home" is read as home delivery: see test_text_label_paraphrases_are_read)
    (FURNITURE, "Could you handle the delivery your usual way for $1,100?", "message",
     "delivery is named in a proposal but no value was read for it"),
    (RENTAL, "Nous proposons un loyer de 1 100 $.", "message", "text not in English"),
])
def test_unsure_readings_say_why(labels, text: str, kind: str, reason: str) -> None:
    found = extract_note(text, labels) if kind == "note" else extract_message(text, labels)
    assert (found.confidence, found.reason) == ("unsure", reason)


def test_sure_readings_are_not_sent_to_the_fallback() -> None:
    game = load_game("rental-1-distributive")
    agent = FakeExtractorAgent('{"rent": "$1000"}')
    extractor = LLMExtractor(agent)
    turns = (Turn(side=0, round=1, note='Acceptable offer: {"rent": "$1200"}', message="Rent $1,200 works for us."),
             Turn(side=1, round=1, note='Acceptable offer: {"rent": "$1200"}', message="Nous proposons 1 000 $."),)
    readings = asyncio.run(llm_readings(Transcript(game=game.name, turns=turns), game, extractor))
    assert extract_message("Rent $1,200 works for us.", label_cache(game)).confidence == "sure"
    # The second message is not in English: unsure, so it alone is read by the model.
    assert set(readings) == {(1, "message")} and len(agent.requests) == 1


@pytest.mark.parametrize(("labels", "message", "side", "offers", "ambiguous"), [
    # Text labels in other words of the same stems, and a one-word label written apart.
    (FURNITURE, "Could you deliver it to our home for $1,100?", None, {"price": "$1100", "delivery": "home delivery"}, ()),
    (FURNITURE, "I'll pick it up myself and assemble it myself if the price is $900.", None,
     {"delivery": "pickup", "assembly": "self-assembly", "price": "$900"}, ()),
    (FURNITURE, "Assembly is included at $1,000.", None, {"assembly": "assembly included", "price": "$1000"}, ()),
    # Alternative packages, named or not, leave the issues they differ on ambiguous.
    (RENTAL, "If you accept 24 months, we'll drop the rent to $1,100. Otherwise it's $1,300 for 12 months.", None,
     {}, ("rent", "duration")),
    (LOAN, "1) $5,000 at 3% for 5 years, or 2) $4,000 at 2.5% for 5 years.", None,
     {"duration": "5 years"}, ("amount", "annual interest rate")),
    (LOAN, "Either $4,000 at 2% or $5,000 at 3%, both over 3 years.", None,
     {"duration": "3 years"}, ("amount", "annual interest rate")),
    # Seats and shares from the speaker's side, in English and other languages.
    (MERGER, "We'd like seven of the ten board seats.", 0, {"control": "7-3"}, ()),
    (MERGER, "Nous voulons 6 sièges sur 10 au conseil.", 1, {"control": "4-6"}, ()),
    (MERGER, "Wir (Unternehmen B) wollen 6 der 10 Sitze im Vorstand.", None, {"control": "4-6"}, ()),
    (MERGER, "We propose Company B holding 55% ownership.", None, {"ownership": "45%"}, ()),
    (MERGER, "A 60-40 board split in your favour works for us.", 1, {"control": "6-4"}, ()),
    # Bounds, differences and quotations.
    (RENTAL, "The deposit can't exceed $1,250.", None, {"deposit": "$1250"}, ()),
    (RENTAL, "We can increase our offer by $100 to $1,000 per month.", None, {"rent": "$1000"}, ()),
    (RENTAL, "You proposed $1,200 for 12 months. We counter with $1,100 for 24 months.", None,
     {"rent": "$1100", "duration": "24 months"}, ()),
    (RENTAL, "Your offer (\"$1,400, 6 months\") is too high. We propose $1,200 and 12 months.", None,
     {"rent": "$1200", "duration": "12 months"}, ()),
    (RENTAL, "Our counter: $1,200 / 18 months / $1,000 / 2 days.", None,
     {"rent": "$1200", "duration": "18 months", "deposit": "$1000", "subletting": "2 days"}, ()),
])
def test_third_round_grammar(labels, message: str, side: int | None, offers: dict, ambiguous: tuple) -> None:
    found = extract_message(message, labels, side=side)
    assert (found.offers, set(found.ambiguous)) == (offers, set(ambiguous))


def test_a_value_measured_by_another_is_no_value_and_unsure() -> None:
    found = extract_message("Rent $1,000, and a deposit of two months' rent.", RENTAL)
    assert (found.offers, found.invalid, found.confidence) == ({"rent": "$1000"}, {}, "unsure")
    assert "'2 months' measures a value by another" in found.reason


def test_an_amount_goes_to_the_one_money_issue_whose_range_holds_it() -> None:
    found = extract_message("We offer $7,500 for 3 years at 3.5%.", LOAN)
    assert (found.offers, found.invalid) == ({"duration": "3 years", "annual interest rate": "3.5%"},
                                             {"amount": "$7,500"})
    # Both the rent's and the deposit's labels span $1,150: it is no issue's for sure.
    assert extract_message("We'll meet you at $1,150.", RENTAL).confidence == "unsure"


def test_alternatives_in_a_note_offer_line_are_ambiguous() -> None:
    note = "Acceptable offer: $1,200 rent if the lease is 24 months, otherwise $1,300 for 12 months; deposit $1,000."
    found = extract_note(note, RENTAL)
    assert (found.offers, set(found.ambiguous), found.confidence) == ({"deposit": "$1000"}, {"rent", "duration"}, "unsure")
