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
             Turn(side=1, round=1, note=unreadable, message="Rent $1200."))
    transcript = Transcript(game=game.name, turns=turns)
    readings = asyncio.run(llm_readings(transcript, game, extractor))
    assert set(readings) == {(0, "note"), (1, "note")}
    # The model's value goes through the same matching: not a label, so a violation, never snapped.
    assert readings[(0, "note")].method == "llm"
    assert readings[(0, "note")].invalid == {"rent": "twelve-fifty"}
    assert len(agent.requests) == 1  # the second, identical request came from the cache
    assert len(extractor.calls) == 2 and extractor.cost_usd == pytest.approx(0.0004)
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
