"""LLM seats of ToolWOZ (issue 18 point 4, for this family): both seats played through the `mock`
provider by text players that read only what their request shows — the agent in the ReAct
commands, the customer in SPEAK / END_CONVERSATION — with format feedback, an API error result,
and privacy across the seats; and the prompts share no 7-word run with the JOSH paper (seed 004),
which prints the upstream ReAct prompt."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from lamen.agents.base import ChatRequest
from lamen.agents.local import local_model_available
from lamen.agents.providers import make_provider_agent
from lamen.agents.registry import make_agent
from lamen.core.play import SeatSampling, play
from lamen.core.registry import get_family
from lamen.spec.agent import AgentSpec
from tests.fake_servers import Asked, FakeProviders
from tests.test_coop_llm_seats import FIRST_TRY_TEXT, SEEDS, _last_user, _mock, _runs, _strings

FAMILY = get_family("toolwoz")
HERE = "tests.test_toolwoz_llm_seats"
AGENT_NOTE, USER_NOTE = "CANARY-AGENT-4242", "CANARY-CUSTOMER-1717"


def _task(system: str) -> list[dict[str, str]]:
    """The customer's task as its system prompt lists it: one dict of wishes per numbered line."""
    block = system.split("Your task:\n", 1)[1].split("\n\n", 1)[0]
    wishes = []
    for line in block.splitlines():
        found = re.match(r"^\d+\. Find an? (\w+) with (.+?)\. ", line)
        assert found, line
        pairs = dict(part.split(" = ", 1) for part in found.group(2).split(", "))
        wishes.append({"domain": found.group(1), **pairs})
    return wishes


def agent_turn(system: str, user: str) -> str:
    """Untagged first try (fed back); then a search with the customer's first stated wish but a
    parameter the API lacks (an error result); then the same search done right; then SPEAK."""
    if "could not be used" not in user and "APIRETURN" not in user and "Your last reply" not in user \
            and user.count("customer:") == 1 and "assistant:" not in user:
        return FIRST_TRY_TEXT
    said = re.findall(r"^customer: (.*)$", user, re.MULTILINE)[-1]
    domain, slot, value = re.match(r"I want a (\w+) with (\w+) (.+)\.$", said).groups()  # type: ignore[union-attr]
    if "APIRETURN" not in user:
        return (f'PLAN look it up <COMMAND_END>\nAPICALL {{"name": "search_{domain}", "parameters": '
                f'{{"{slot}": "{value}", "colour": "blue"}}}} <COMMAND_END>')
    if "APIRETURN ERROR" in user and user.count("APIRETURN") == 1:
        return f'APICALL {{"name": "search_{domain}", "parameters": {{"{slot}": "{value}"}}}} <COMMAND_END>'
    return "SPEAK I found one for you. <COMMAND_END>"


def customer_turn(system: str, user: str) -> str:
    if "assistant:" in user.lower() or "Assistant:" in user:
        return "SPEAK Thanks, that will do. END_CONVERSATION"
    wish = _task(system)[0]
    domain = wish.pop("domain")
    slot, value = next(iter(wish.items()))
    return f"SPEAK I want a {domain} with {slot} {value}."


def toolwoz_reply(request: ChatRequest) -> str:
    """`mock:` callable for toolwoz (either seat)."""
    turn = customer_turn if "Your task:" in request.system else agent_turn
    return turn(request.system, _last_user(request))


def _seats() -> dict:
    return {role: _mock(f"{HERE}:toolwoz_reply") for role in ("agent", "user")}


def _instance(seed: int = 0):
    return FAMILY.plant_canaries(FAMILY.instances(FAMILY.default_config(), seed), {"agent": AGENT_NOTE,
                                                                                   "user": USER_NOTE})


def test_mock_callable_plays_toolwoz_to_a_scored_end() -> None:
    instance = _instance()
    record = asyncio.run(play(FAMILY, instance, _seats()))
    assert record.end_reason == "end_conversation"
    assert [(c.role, c.outcome) for c in record.calls] == [("user", "ok"), ("agent", "format_error"), ("agent", "ok"),
                                                           ("agent", "ok"), ("agent", "ok"), ("user", "ok")]
    first = record.calls[1]
    assert first.feedback.startswith("begin your reply with a command")
    assert f"Your last reply could not be used: {first.feedback}" in _last_user(record.calls[2].request)
    results = [e for e in record.state.events if e.kind == "tool_result"]
    assert results[0].payload["error"] and "no parameter 'colour'" in results[0].text
    assert "APIRETURN ERROR: search_train has no parameter 'colour'" in _last_user(record.calls[3].request)
    # Shipped goal 0 opens with a train from broxbourne: the search under-specifies the goal, so
    # serving returns a train that violates it (the goal's day is monday).
    served = json.loads(results[1].text)
    assert served[0]["departure"] == "broxbourne" and served[0]["day"] != "monday"
    assert record.score is not None and record.score.team == 0.0
    assert record.score.metrics["format_errors"] == 1.0 and record.score.metrics["api_errors"] == 1.0
    # Privacy: the customer never sees the agent's plan, calls, results or note; the agent never
    # sees the customer's task or note.
    for call in record.calls:
        text = call.request.system + "\n".join(m.content for m in call.request.messages)
        if call.role == "user":
            assert "APIRETURN" not in text and "look it up" not in text and AGENT_NOTE not in text
        else:
            assert USER_NOTE not in text and "Your task" not in text and "departure = broxbourne" not in text


@pytest.mark.parametrize("provider", ["openai", "anthropic", "cohere", "google"])
def test_provider_sdk_plays_toolwoz_over_http_and_each_seat_receives_only_its_own(
        monkeypatch: pytest.MonkeyPatch, provider: str) -> None:
    for variable in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CO_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.setenv(variable, "sk-test-toolwoz")
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)

    def answer(asked: Asked) -> str:
        turn = customer_turn if "Your task:" in asked.system else agent_turn
        return turn(asked.system, asked.last_user)

    model = {"openai": "gpt-4o-mini", "anthropic": "claude-3-5-haiku-latest", "cohere": "command-r",
             "google": "gemini-2.5-flash"}[provider]
    instance = _instance()
    with FakeProviders(answer) as fake:
        seats = {role: make_provider_agent(fake.agent_spec(f"{provider}:{model}")) for role in ("agent", "user")}
        record = asyncio.run(play(FAMILY, instance, seats, sampling={r: SeatSampling(max_tokens=300) for r in seats}))
    assert record.end_reason == "end_conversation" and record.score is not None
    assert [c.outcome for c in record.calls] == ["ok", "format_error", "ok", "ok", "ok", "ok"]
    assert len(fake.received) == len(record.calls)
    for call, received in zip(record.calls, fake.received, strict=True):
        assert received.provider == provider
        sent = "\n".join(_strings(received.body))
        assert _last_user(call.request) in sent
        mine, theirs = (AGENT_NOTE, USER_NOTE) if call.role == "agent" else (USER_NOTE, AGENT_NOTE)
        assert mine in sent and theirs not in sent, (call.role, theirs)
        if call.role == "user":
            assert "APIRETURN" not in sent and "departure = broxbourne" in sent
        else:
            assert "departure = broxbourne" not in sent


def test_prompts_share_no_7_word_run_with_the_josh_paper() -> None:
    papers = sorted(SEEDS.glob("004_*.txt")) if SEEDS.is_dir() else []
    if not papers:
        pytest.skip(f"seed paper not found in {SEEDS}")
    record = asyncio.run(play(FAMILY, _instance(), _seats()))
    shown = "\n".join(c.request.system + "\n" + "\n".join(m.content for m in c.request.messages)
                      for c in record.calls)
    assert {c.role for c in record.calls} == {"agent", "user"} and "could not be used" in shown
    assert len(_runs(shown)) > 300
    assert _runs(shown) & _runs(papers[0].read_text(encoding="utf-8")) == set()


@pytest.mark.local
@pytest.mark.slow
@pytest.mark.skipif(bool(local_model_available()), reason=str(local_model_available()))
def test_smollm2_plays_a_toolwoz_match_to_a_recorded_end() -> None:
    """SmolLM2-135M in both seats: whatever it writes, the match ends with a recorded outcome (a
    format-failure ending counts), never a crash or an error."""
    spec = AgentSpec.model_validate({"agent": "local:smollm2", "sampling": {"seed": 5, "max_tokens": 64}})
    seats = {role: make_agent(spec, game=None, side=0) for role in ("agent", "user")}
    sampling = {role: SeatSampling(seed=5, max_tokens=64) for role in seats}
    record = asyncio.run(play(FAMILY, _instance(), seats, sampling=sampling))
    assert record.end_reason is not None and record.end_reason != "error", record.state.ended
    assert record.score is not None and record.score.end_reason == record.end_reason
    assert record.calls and all(c.reply is not None and c.reply.model == "smollm2" for c in record.calls)
    assert all(c.outcome in ("ok", "format_error", "illegal_move") for c in record.calls)
