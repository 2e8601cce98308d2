"""Structured notes: the schema built from the game, what counts as a schema-valid reply, the
play loop's fallback to free text (a refused schema, a reply that does not follow it), and the
judge taking a schema-valid note's offer without the text readers."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema
import pytest

from lamen.agents.base import AgentError, ChatReply, ChatRequest
from lamen.agents.registry import make_agent
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.play.structured import note_schema, read_structured_note, refuses_schema
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_protocol

RENT = load_game("rental-1-distributive")
RENTAL = load_game("rental-agreement")
STRUCTURED = load_protocol("default").model_copy(update={"structured_notes": True})
RENT_LABELS = ["$500", "$600", "$700", "$800", "$900", "$1000", "$1100", "$1200", "$1300", "$1400", "$1500"]


# ---- the schema ---------------------------------------------------------------------------------

def test_schema_has_one_enum_property_per_issue_all_required_nothing_else() -> None:
    assert note_schema(RENTAL) == {
        "type": "object",
        "properties": {
            "rent": {"type": "string", "enum": RENT_LABELS},
            "duration": {"type": "string", "enum": [f"{n} months" for n in range(6, 37, 3)]},
            "deposit": {"type": "string", "enum": [f"${n}" for n in range(0, 2501, 250)]},
            "subletting": {"type": "string", "enum": ["0 days", "1 day", *[f"{n} days" for n in range(2, 11)]]},
        },
        "required": ["rent", "duration", "deposit", "subletting"],
        "additionalProperties": False,
    }
    jsonschema.Draft202012Validator.check_schema(note_schema(RENTAL))


VALID = {"rent": "$1200", "duration": "24 months", "deposit": "$500", "subletting": "2 days"}


@pytest.mark.parametrize(("text", "offer"), [
    (json.dumps(VALID), VALID),
    (f"```json\n{json.dumps(VALID, indent=2)}\n```", VALID),  # a compatible server's fence round the whole reply
    (json.dumps({**VALID, "rent": "$1250"}), None),  # not a label
    (json.dumps({k: v for k, v in VALID.items() if k != "deposit"}), None),  # an issue missing
    (json.dumps({**VALID, "parking": "yes"}), None),  # another property
    (json.dumps({**VALID, "rent": 1200}), None),  # not a string
    ("Acceptable offer:\n" + json.dumps(VALID), None),  # prose around the JSON
    ('{"rent": "$1200", "duration": "24 months",', None),  # cut off
    ("[]", None),
    ("", None),
])
def test_a_reply_is_schema_valid_only_when_it_is_the_schema_object(text: str, offer: dict | None) -> None:
    assert read_structured_note(text, RENTAL) == offer
    if not text.startswith(("```", "Acceptable")):  # jsonschema judges bare JSON the same way
        try:
            jsonschema.validate(json.loads(text), note_schema(RENTAL))
            verdict = True
        except (ValueError, jsonschema.ValidationError):
            verdict = False
        assert verdict == (offer is not None)


@pytest.mark.parametrize(("error", "refused"), [
    (AgentError("a: bad request (HTTP 400): Invalid parameter: 'response_format' of type 'json_schema' is not "
                "supported with this model.", retryable=False, status=400), True),
    (AgentError("a: bad request (HTTP 400): output_config: Extra inputs are not permitted", retryable=False,
                status=400), True),
    (AgentError("a: bad request (HTTP 400): Json mode is not enabled for models/gemini-pro", retryable=False,
                status=400), True),
    (AgentError("a: bad request (HTTP 422): invalid request: response_format is not supported", retryable=False,
                status=422), True),
    (AgentError("a: bad request (HTTP 400): max_tokens: 99999 > 8192", retryable=False, status=400), False),
    (AgentError("a: server error (HTTP 500): response_format handler crashed", retryable=True, status=500), False),
    (AgentError("a: authentication failed (HTTP 401): set A_KEY", retryable=False, status=401), False),
])
def test_only_a_bad_request_naming_the_schema_is_a_refusal(error: AgentError, refused: bool) -> None:
    assert refuses_schema(error) is refused


# ---- the protocol field -------------------------------------------------------------------------

def test_structured_notes_is_off_unless_asked_for(tmp_path: Path, lamen_data: Path) -> None:
    assert load_protocol("default").structured_notes is False
    for path in sorted((lamen_data / "communication_protocols").glob("*.yaml")):
        assert load_protocol(path).structured_notes is False  # LAMEN's files load unchanged
    (tmp_path / "structured.yaml").write_text("name: structured\nstructured_notes: true\n")
    assert load_protocol(tmp_path / "structured.yaml").structured_notes is True
    step = Negotiation(RENT, load_protocol("default")).next_request()
    assert step.request.response_schema is None


# ---- the play loop ------------------------------------------------------------------------------

@dataclass
class Scripted:
    """Answers notes with `notes` in turn (or raises them), messages with a fixed text."""

    name: str
    notes: list[str | AgentError]
    message: str = "Rent $1200. We agree on all issues."
    requests: list[ChatRequest] = field(default_factory=list)

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        if request.purpose != "note":
            return ChatReply(text=self.message)
        answer = self.notes.pop(0) if len(self.notes) > 1 else self.notes[0]
        if isinstance(answer, AgentError):
            raise answer
        return ChatReply(text=answer)


REFUSED = AgentError("gpt: bad request (HTTP 400): Invalid parameter: 'response_format' of type 'json_schema' is "
                     "not supported with this model.", retryable=False, status=400)


def _play(a: Scripted, b: Scripted, protocol=STRUCTURED):
    transcript = asyncio.run(play(Negotiation(RENT, protocol), (a, b)))
    return transcript, judge(transcript, RENT, protocol)


def test_a_schema_valid_note_is_the_offer_without_the_text_readers() -> None:
    a, b = Scripted("a", ['{"rent": "$1200"}']), Scripted("b", ['{"rent": "$1200"}'])
    transcript, outcome = _play(a, b)
    assert all(r.response_schema == note_schema(RENT) for r in a.requests + b.requests if r.purpose == "note")
    assert all(r.response_schema is None for r in a.requests + b.requests if r.purpose != "note")
    assert [(t.note_offer, t.structured_fallback) for t in transcript.turns] == [({"rent": "$1200"}, None)] * 2
    assert [(t.note.method, t.note.offers, t.note_format_ok) for t in outcome.turns] == \
        [("structured", {"rent": "$1200"}, True)] * 2
    assert (outcome.agreement, outcome.agreed_offer) == ("hard", {"rent": "$1200"})


def test_a_reply_off_the_schema_is_read_as_text_and_that_side_stops_asking() -> None:
    a = Scripted("a", ['Acceptable offer: {"rent": "$1200"}'], message="We propose rent $1200.")
    b = Scripted("b", ['{"rent": "$1000"}'], message="We propose rent $1000.")
    transcript, outcome = _play(a, b, STRUCTURED.model_copy(update={"max_rounds": 2}))
    assert [r.response_schema is not None for r in a.requests if r.purpose == "note"] == [True, False]
    assert [r.response_schema is not None for r in b.requests if r.purpose == "note"] == [True, True]
    assert [t.structured_fallback for t in transcript.turns] == [
        "structured note not schema-valid: read as free text", None, None, None]
    assert [t.note_offer for t in transcript.turns] == [None, {"rent": "$1000"}, None, {"rent": "$1000"}]
    assert [t.note.method for t in outcome.turns] == ["json", "structured", "json", "structured"]
    assert outcome.turns[0].note.offers == {"rent": "$1200"}


def test_an_empty_or_filtered_structured_reply_falls_back_with_its_reason() -> None:
    class Filtered(Scripted):
        async def complete(self, request: ChatRequest) -> ChatReply:
            reply = await super().complete(request)
            return reply.model_copy(update={"text": "", "empty_reason": "filtered"}) if request.purpose == "note" \
                else reply

    transcript, _ = _play(Filtered("a", ["x"]), Scripted("b", ['{"rent": "$1200"}']))
    assert transcript.turns[0].structured_fallback == "structured note not schema-valid: the reply was filtered"


def test_a_refused_schema_asks_again_in_free_text_and_records_why() -> None:
    a = Scripted("a", [REFUSED, 'Acceptable offer: {"rent": "$1200"}'])
    b = Scripted("b", ['{"rent": "$1200"}'])
    transcript, outcome = _play(a, b)
    assert transcript.error is None and transcript.end_reason == "agreement"
    notes = [r for r in a.requests if r.purpose == "note"]
    assert [r.response_schema is not None for r in notes] == [True, False]
    assert notes[0].messages == notes[1].messages  # the same note, asked again
    assert transcript.turns[0].structured_fallback == f"structured output refused: {REFUSED}"
    assert [c.purpose for c in transcript.turns[0].calls] == ["note", "message"]  # the refused call returned nothing
    assert (outcome.turns[0].note.method, outcome.agreement) == ("json", "hard")


def test_another_bad_request_still_ends_the_match_as_errored() -> None:
    bad = AgentError("gpt: bad request (HTTP 400): max_tokens: 99999 > 8192", retryable=False, status=400)
    transcript, _ = _play(Scripted("a", [bad]), Scripted("b", ['{"rent": "$1200"}']))
    assert (transcript.end_reason, transcript.error_kind, transcript.error_side) == ("error", "fatal", 0)


def test_refusing_a_step_that_asked_no_schema_is_a_bug() -> None:
    negotiation = Negotiation(RENT, load_protocol("default"))
    with pytest.raises(RuntimeError, match="only a structured note request"):
        negotiation.refuse_structured(negotiation.next_request(), "x")


# ---- agents that are not providers ----------------------------------------------------------------

@pytest.mark.parametrize("starts", [0, 1])
def test_bots_write_the_schema_object_and_agree(starts: int) -> None:
    specs = [AgentSpec.model_validate(name) for name in ("bot:boulware", "bot:conceder")]
    agents = tuple(make_agent(spec, game=RENTAL, side=side) for side, spec in enumerate(specs))
    transcript = asyncio.run(play(Negotiation(RENTAL, STRUCTURED, starts=starts), agents))
    outcome = judge(transcript, RENTAL, STRUCTURED)
    assert all(t.note_offer is not None and t.structured_fallback is None for t in transcript.turns)
    assert {t.note.method for t in outcome.turns} == {"structured"}
    assert outcome.agreement == "hard"
    assert outcome.sides[0].format_instruction == outcome.sides[1].format_instruction == 1.0


def test_a_free_text_agent_against_a_bot_falls_back_once() -> None:
    free = Scripted("free", ['Acceptable offer: {"rent": "$1000"}'], message="We propose rent $1000.")
    bot = make_agent(AgentSpec.model_validate("bot:conceder"), game=RENT, side=1)
    transcript = asyncio.run(play(Negotiation(RENT, STRUCTURED.model_copy(update={"max_rounds": 3})), (free, bot)))
    assert transcript.error is None
    fallbacks = [(t.side, t.structured_fallback) for t in transcript.turns if t.structured_fallback]
    assert fallbacks == [(0, "structured note not schema-valid: read as free text")]
