"""Structured notes through each provider's real SDK over real HTTP (tests/fake_servers.py): the
note request carries the game's schema in the API's own structured-output parameter, the
schema-valid answer becomes the note's offer, and an API that refuses the schema makes that
seat fall back to free text — recorded, and the match still played to its end."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lamen.agents.providers import PROVIDER_ENV_VARS, make_provider_agent
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.play.structured import note_schema
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.load import load_game, load_protocol
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.fake_servers import FakeProviders, request_schema

pytestmark = pytest.mark.filterwarnings("ignore:The `__fields__` attribute is deprecated")  # cohere's own models

GAME = load_game("rental-1-distributive")
STRUCTURED = load_protocol("default").model_copy(update={"structured_notes": True})
AGENTS = {"openai": "openai:gpt-4o-mini", "anthropic": "anthropic:claude-haiku-4-5",
          "cohere": "cohere:command-r-plus-08-2024", "google": "google:gemini-2.5-flash"}
# Where each API carries the schema, and what else sits beside it.
SCHEMA_PARAMETER = {
    "openai": lambda body: body["response_format"] == {
        "type": "json_schema", "json_schema": {"name": "response", "schema": note_schema(GAME), "strict": True}},
    "anthropic": lambda body: body["output_config"] == {"format": {"type": "json_schema",
                                                                   "schema": note_schema(GAME)}},
    "cohere": lambda body: body["response_format"] == {"type": "json_object", "json_schema": note_schema(GAME)},
    "google": lambda body: body["generationConfig"]["responseMimeType"] == "application/json"
    and body["generationConfig"]["responseJsonSchema"] == note_schema(GAME),
}
REFUSALS = {
    "openai": "bad request (HTTP 400): Invalid parameter: 'response_format' of type 'json_schema' is not supported "
              "with this model.",
    "anthropic": "bad request (HTTP 400): output_config: Extra inputs are not permitted",
    "cohere": "bad request (HTTP 400): invalid request: response_format is not supported with model "
              "command-r-plus-08-2024",
    "google": "bad request (HTTP 400): Json mode is not enabled for models/gemini-2.5-flash",
}


def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for names in PROVIDER_ENV_VARS.values():
        monkeypatch.setenv(names[0], "sk-test-structured")


def _play(fake: FakeProviders, provider: str):
    pytest.importorskip("google.genai" if provider == "google" else provider)
    agents = tuple(make_provider_agent(fake.agent_spec(AGENTS[provider])) for _ in range(2))
    transcript = asyncio.run(play(Negotiation(GAME, STRUCTURED), agents))
    return transcript, judge(transcript, GAME, STRUCTURED)


@pytest.mark.parametrize("provider", list(AGENTS))
def test_the_schema_goes_out_natively_and_the_reply_is_the_offer(provider: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _keys(monkeypatch)
    with FakeProviders() as fake:
        transcript, outcome = _play(fake, provider)
    notes = [r.body for r in fake.received if request_schema(provider, r.body) is not None]
    assert len(notes) == 3 == len(fake.received) - 3  # A, B, A: every note and only the notes
    assert all(SCHEMA_PARAMETER[provider](body) for body in notes)
    assert [t.note for t in transcript.turns] == [json.dumps({"rent": "$1000"})] * 3
    assert [(t.note_offer, t.structured_fallback) for t in transcript.turns] == [({"rent": "$1000"}, None)] * 3
    assert [t.note.method for t in outcome.turns] == ["structured"] * 3
    assert (outcome.agreement, outcome.agreed_offer) == ("hard", {"rent": "$1000"})


@pytest.mark.parametrize("provider", list(AGENTS))
def test_a_refused_schema_falls_back_to_free_text_for_that_seat(provider: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _keys(monkeypatch)
    with FakeProviders(refuse_schema=True) as fake:
        transcript, outcome = _play(fake, provider)
    carried = [request_schema(provider, r.body) is not None for r in fake.received]
    # A: note refused, note again in text, message; B the same; A: note in text, message.
    assert carried == [True, False, False, True, False, False, False, False]
    agent = AGENTS[provider]
    assert [t.structured_fallback for t in transcript.turns] == [
        f"structured output refused: {agent}: {REFUSALS[provider]}"] * 2 + [None]
    assert transcript.error is None and all(t.note_offer is None for t in transcript.turns)
    assert [t.note.method for t in outcome.turns] == ["json"] * 3
    assert (outcome.agreement, outcome.agreed_offer) == ("hard", {"rent": "$1000"})


@pytest.mark.parametrize("refuse", [False, True])
def test_a_tournament_stores_the_structured_reading_and_the_fallback(
        refuse: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-structured")
    (tmp_path / "protocols").mkdir()
    (tmp_path / "protocols" / "structured.yaml").write_text("name: structured\nstructured_notes: true\n")
    with FakeProviders(refuse_schema=refuse) as fake:
        tournament = Tournament.model_validate({
            "name": "structured", "agents": [fake.spec("openai:gpt-4o-mini")], "games": ["rental-1-distributive"],
            "protocol": "structured", "cross_play": False, "limits": {"max_retries": 0}})
        store = Store(tmp_path / "s.db")
        state = asyncio.run(Runner(tournament, store, Library.default([tmp_path])).run())
        store.close()
    assert not state.disabled  # a refused schema is not a fatal error of the agent
    stored = Store.open_read_only(tmp_path / "s.db")
    rows = [(m.status, m.transcript_json, m.outcome_json) for m in stored.stored_matches("structured")]
    stored.close()
    assert len(rows) == 4 and {status for status, _, _ in rows} == {"finished"}
    for _, stored_transcript, stored_outcome in rows:
        turns = json.loads(stored_transcript)["turns"]
        methods = [t["note"]["method"] for t in json.loads(stored_outcome)["turns"]]
        if refuse:
            assert [t["structured_fallback"] is not None for t in turns] == [True, True, False]
            assert methods == ["json"] * 3
        else:
            assert [t["note_offer"] for t in turns] == [{"rent": "$1000"}] * 3
            assert methods == ["structured"] * 3
