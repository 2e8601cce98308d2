"""LLM seats of DialOp Planning and Mediation (issue 17, point 6), end to end through `core.play`.

As for the cooperative I families (`tests/test_coop_llm_seats.py`, whose helpers this file
imports): each seat is played by a text player that reads only what the seat's request shows
and writes a real turn in the family's tags — through the `mock` provider, through each
provider's real SDK against the HTTP fake on 127.0.0.1, and by `local:smollm2`. The wire tests
check privacy across the asymmetric seats: the assistant never receives a user's private
preferences, calendar or note unless that user wrote them, and in Mediation one user never
receives the other's.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from lamen.agents.base import ChatRequest
from lamen.agents.local import local_model_available
from lamen.agents.providers import make_provider_agent
from lamen.agents.registry import make_agent
from lamen.core.play import SeatSampling, play
from lamen.core.registry import get_family
from lamen.core.types import Message, Propose, Respond, ToolCall
from lamen.families.mediation.generator import generate as generate_mediation
from lamen.families.mediation.instances import MediationConfig, MediationInstance
from lamen.families.mediation.instances import human_instance as mediation_game
from lamen.families.mediation.scoring import normalised, pair_value
from lamen.families.planning.generator import generate as generate_planning
from lamen.families.planning.instances import PlanningInstance
from lamen.families.planning.instances import human_instance as planning_game
from lamen.families.planning.scoring import bounds as planning_bounds
from lamen.families.planning.scoring import itinerary_score
from lamen.spec.agent import AgentSpec
from tests.fake_servers import Asked, FakeProviders
from tests.test_planning_prompts import feature_vocabulary
from tests.test_coop_llm_seats import FIRST_TRY_TEXT, SEEDS, _last_user, _mock, _parsed, _runs, _strings

PLANNING = get_family("dialop.planning")
MEDIATION = get_family("dialop.mediation")
HERE = "tests.test_dialop_llm_seats"
SEARCH_LINE = "[tool] Search(fields=[name, price], sort_by=[price], limit=3)"
USER_0_SAYS = "I cannot travel during this:"  # user-0 writes its private note aloud (the "unless written" case)


# ---- text players: they see exactly the request's text ------------------------------------------
def _sites(system: str) -> list[str]:
    """The site names the assistant's system prompt lists (`- Name (category)`)."""
    block = system.split("The sites of this city:\n", 1)[1].split("\n\n", 1)[0]
    return [re.match(r"^- (.+) \([^()]*\)$", line).group(1) for line in block.splitlines()]  # type: ignore[union-attr]


def planning_assistant_turn(system: str, user: str) -> str:
    """Untagged first try (fed back); then one search for the three cheapest sites; then proposes
    those three, in the order the search returned them."""
    if "Nobody has written yet." in user and "could not be used" not in user:
        return FIRST_TRY_TEXT
    if "You: [tool] Search(" not in user:
        return "[think] start from the cheapest sites\n" + SEARCH_LINE
    after = user.split("You: [tool] Search(", 1)[1]
    names = sorted(_sites(system), key=len, reverse=True)  # longest first: a name inside another is not a hit
    found: dict[int, str] = {}
    for name in names:
        at = after.find(name)
        if at >= 0 and all(not (p <= at < p + len(n)) for p, n in found.items()):
            found[at] = name
    picked = [found[p] for p in sorted(found)][:3]
    return f"[propose] [{', '.join(picked)}]\n[message] Three cheap stops; how does that look?"


def planning_user_turn(system: str, user: str) -> str:
    if "waits for your answer" in user:
        return "[accept]"
    return "[message] Something affordable would suit me."


def _planning_turn(system: str, user: str) -> str:
    return (planning_assistant_turn if "The sites of this city:" in system else planning_user_turn)(system, user)


def _flights(system: str, who: str) -> list[int]:
    """`who`'s flight prices, by id, from a flight table in the system prompt."""
    block = system.split(f"{who}flights:\n", 1)[1].split("\n\n", 1)[0]
    prices = [re.search(r"\| \$(\d+) \|", line) for line in block.splitlines()[1:]]  # after the header row
    return [int(found.group(1)) for found in prices if found is not None]


def mediation_assistant_turn(system: str, user: str) -> str:
    """Untagged first try (fed back); asks each friend in turn; proposes each one's cheapest flight
    once both have answered; passes while the proposal waits."""
    if "Nobody has written yet." in user and "could not be used" not in user:
        return FIRST_TRY_TEXT
    if "You to User 0:" not in user:
        return "0: [message] Which times must your flight avoid?"
    if "You to User 1:" not in user:
        return "1: [message] Which times must your flight avoid?"
    if "You to both:" in user:
        return "[pass]"
    cheapest = [min(range(len(p)), key=p.__getitem__) for p in (_flights(system, "User 0's "),
                                                              _flights(system, "User 1's "))]
    return f"all: [propose] user-0: flight {cheapest[0]}, user-1: flight {cheapest[1]}"


def mediation_user_turn(system: str, user: str) -> str:
    if "waits for your answer" in user:
        return "[accept]"
    if "Agent:" not in user or "You:" in user:
        return "[pass]"
    # User-0 of the test game (its note is the planted CANARY-USER0) writes its private note aloud,
    # so the wire tests see a user's private text reach the assistant, and only the assistant.
    note = re.search(r"^A private note for you: (CANARY-USER0.*)$", system, re.MULTILINE)
    if note:
        return f"[message] {USER_0_SAYS} {note.group(1)}"
    return "[message] Any time suits me, cheap is best."


def _mediation_turn(system: str, user: str) -> str:
    return (mediation_assistant_turn if "User 0's flights:" in system else mediation_user_turn)(system, user)


def planning_reply(request: ChatRequest) -> str:
    """`mock:` callable for dialop.planning (either seat)."""
    return _planning_turn(request.system, _last_user(request))


def mediation_reply(request: ChatRequest) -> str:
    """`mock:` callable for dialop.mediation (any seat)."""
    return _mediation_turn(request.system, _last_user(request))


# ---- the games: shipped human games with recognisable private data ------------------------------
def _private_planning() -> PlanningInstance:
    return PLANNING.plant_canaries(planning_game(4), {"assistant": "CANARY-ASSIST-3141", "user": "CANARY-VISIT-2718"})


def _private_mediation() -> MediationInstance:
    """User-0's private events and note carry CANARY-USER0, user-1's CANARY-USER1; each user's
    price weight is a number no other text shows (97 and 89), so its scoring line is recognisable."""
    game = MEDIATION.plant_canaries(mediation_game(7), {"assistant": "CANARY-AGENT-1618", "user-0": "CANARY-USER0-5772",
                                                        "user-1": "CANARY-USER1-6931"})
    users = tuple(u.model_copy(update={"price_pref": w}) for u, w in zip(game.users, (97, 89)))
    return game.model_copy(update={"users": users})


CASES = {
    "dialop.planning": (PLANNING, _private_planning, ("assistant", "user"), _planning_turn, "planning_reply"),
    "dialop.mediation": (MEDIATION, _private_mediation, ("assistant", "user-0", "user-1"), _mediation_turn,
                         "mediation_reply"),
}
GENERATED = {"dialop.planning": lambda: generate_planning(1),
             "dialop.mediation": lambda: generate_mediation(MediationConfig(source="generated"), 1)}


def _seats(family_name: str) -> dict[str, Any]:
    _, _, roles, _, reply = CASES[family_name]
    return {role: _mock(f"{HERE}:{reply}") for role in roles}


# ---- (a) the mock provider -------------------------------------------------------------------------
def test_mock_callable_plays_planning_to_a_scored_end() -> None:
    instance = _private_planning()
    record = asyncio.run(play(PLANNING, instance, _seats("dialop.planning"), first="assistant"))
    assert record.end_reason == "accepted"
    assert [(c.role, c.outcome) for c in record.calls] == [("assistant", "format_error"), ("assistant", "ok"),
                                                           ("assistant", "ok"), ("user", "ok")]
    first, second, third, _ = record.calls
    assert first.reply is not None and first.reply.text == FIRST_TRY_TEXT
    assert first.feedback.startswith("begin your reply with a tag")
    assert f"Your last reply could not be used: {first.feedback}" in _last_user(second.request)
    # The search ran and its rows came back to the assistant in the same turn.
    assert [e.kind for e in record.state.events if e.kind in ("tool_call", "tool_result")] == ["tool_call",
                                                                                                "tool_result"]
    assert "[tool] Search(fields=[name, price]" in _last_user(third.request)
    result = next(e.text for e in record.state.events if e.kind == "tool_result")
    rows = [line.split("|")[0] for line in result.splitlines()[2:]]
    proposed = [e.payload for e in record.state.events if e.kind == "propose"]
    assert len(proposed) == 1 and list(proposed[0]) == rows  # the search's rows, in its order
    assert [instance.site(n).price for n in rows] == sorted(s.price for s in instance.sites)[:3]
    b = planning_bounds(instance)
    assert record.score is not None
    assert record.score.team == b.normalise(itinerary_score(instance, tuple(proposed[0])))
    assert record.score.metrics["format_errors"] == 1.0 and record.score.metrics["searches"] == 1.0
    # Neither the slip nor the search reaches the user: both are the assistant's alone.
    user_text = _last_user(record.calls[3].request)
    assert FIRST_TRY_TEXT not in user_text and "Search(" not in user_text


def test_mock_callable_plays_mediation_to_a_scored_end() -> None:
    instance = _private_mediation()
    record = asyncio.run(play(MEDIATION, instance, _seats("dialop.mediation"), first="assistant"))
    assert record.end_reason == "accepted"
    outcomes = [(c.role, c.outcome) for c in record.calls]
    assert outcomes[0] == ("assistant", "format_error") and all(o == "ok" for _, o in outcomes[1:])
    first, second = record.calls[:2]
    assert first.feedback.startswith("begin your move with one tag")
    assert f"Your last reply could not be used: {first.feedback}" in _last_user(second.request)
    proposals = [e.payload for e in record.state.events if e.kind == "propose"]
    cheapest = [min(range(len(u.flights)), key=lambda i, u=u: u.flights[i].price) for u in instance.users]
    assert proposals == [{"user-0": cheapest[0], "user-1": cheapest[1]}]
    assert record.score is not None
    assert record.score.team == normalised(instance, pair_value(instance, *cheapest))
    assert record.score.metrics["format_errors"] == 1.0
    assert [e.kind for e in record.state.events if e.kind == "respond"] == ["respond", "respond"]
    # Channels: user-0's message (its note, written aloud) reaches the assistant, never user-1.
    said = f"{USER_0_SAYS} CANARY-USER0-5772"
    assert any(said in _last_user(c.request) for c in record.calls if c.role == "assistant")
    assert not any(said in _last_user(c.request) or "CANARY-USER0" in c.request.system
                   for c in record.calls if c.role == "user-1")


@pytest.mark.parametrize("family_name", list(CASES))
def test_prompts_share_no_7_word_run_with_the_dialop_paper(family_name: str) -> None:
    """The DialOp paper prints its prompts (Appendix E); no run of 7 words of anything a seat of
    Planning or Mediation is shown comes from it. Played on generated games, whose wishes are
    written by our templates (the shipped games' texts are upstream data the paper quotes)."""
    papers = sorted(SEEDS.glob("000_*.txt")) if SEEDS.is_dir() else []
    if not papers:
        pytest.skip(f"seed paper not found in {SEEDS}")
    family, _, roles, _, _ = CASES[family_name]
    record = asyncio.run(play(family, GENERATED[family_name](), _seats(family_name), first=roles[0]))
    shown = "\n".join(c.request.system + "\n" + "\n".join(m.content for m in c.request.messages)
                      for c in record.calls)
    assert record.end_reason == "accepted"  # every seat's prompt, the feedback and the outcome were rendered
    assert {c.role for c in record.calls} == set(roles) and "could not be used" in shown
    assert len(_runs(shown)) > 300
    common = _runs(shown) & _runs(papers[0].read_text(encoding="utf-8"))
    # Game data is not prose: a site's feature list (Planning), a calendar's dates and times (Mediation).
    data = feature_vocabulary() if family_name == "dialop.planning" else {"am", "pm"}
    assert {run for run in common if not all(w in data or w.isdigit() for w in run.split())} == set()
    assert len(common) < 100  # the exemption covers data only


# ---- (b) each provider's real SDK over HTTP ------------------------------------------------------
def _private_texts(family_name: str, instance: Any, role: str) -> list[str]:
    """Texts only `role` holds (its note, its private preferences or calendar rows, its weights)."""
    if family_name == "dialop.planning":
        if role == "assistant":
            return [instance.notes[0]]
        return [p.text for p in instance.preferences]
    if role == "assistant":
        return [instance.assistant_note]
    user = instance.users[int(role[-1])]
    return [user.note, f"{user.price_pref} × (${user.mean_price}", *(e.title for e in user.private_events())]


@pytest.mark.parametrize("family_name", list(CASES))
@pytest.mark.parametrize("provider", ["openai", "anthropic", "cohere", "google"])
def test_provider_sdk_plays_a_dialop_game_over_http(monkeypatch: pytest.MonkeyPatch, provider: str,
                                                   family_name: str) -> None:
    family, make, roles, turn, _ = CASES[family_name]
    instance = make()
    for variable in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CO_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.setenv(variable, "sk-test-dialop")
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)

    def answer(asked: Asked) -> str:
        return turn(asked.system, asked.last_user)

    model = {"openai": "gpt-4o-mini", "anthropic": "claude-3-5-haiku-latest", "cohere": "command-r",
             "google": "gemini-2.5-flash"}[provider]
    with FakeProviders(answer) as fake:
        seats = {role: make_provider_agent(fake.agent_spec(f"{provider}:{model}")) for role in roles}
        sampling = {role: SeatSampling(max_tokens=300) for role in roles}
        record = asyncio.run(play(family, instance, seats, first=roles[0], sampling=sampling))
    assert record.end_reason == "accepted" and record.score is not None
    assert len(fake.received) == len(record.calls) >= 4
    written = ""  # what the users wrote so far (Mediation: user-0 writes its note aloud)
    for call, received in zip(record.calls, fake.received, strict=True):
        assert received.provider == provider
        texts = _strings(received.body)
        sent = "\n".join(texts)
        # The request the SDK sent carries the seat's rendered observation, word for word ...
        assert call.request.system in texts or all(line in sent for line in call.request.system.splitlines())
        assert _last_user(call.request) in texts
        # ... its own private data (so the check below can fail) ...
        assert all(text in sent for text in _private_texts(family_name, instance, call.role) if text)
        # ... and no other seat's, unless that seat wrote it to this one.
        for other in roles:
            if other == call.role:
                continue
            for text in _private_texts(family_name, instance, other):
                if text and text not in written:
                    assert text not in sent, (call.role, other, text)
                elif text:  # written by a user to the assistant: only the assistant may hold it
                    assert call.role == "assistant" or text not in sent, (call.role, other, text)
        assert call.reply is not None and call.reply.text == answer(Asked(provider, model, call.request.system,
                                                                          _last_user(call.request)))
        if call.outcome == "ok" and call.role != "assistant":
            written += "\n" + call.reply.text
    # The replies were parsed into the family's actions and played.
    assert record.calls[0].outcome == "format_error" and all(c.outcome == "ok" for c in record.calls[1:])
    kinds = [type(a) for a in _parsed(family, record) if type(a).__name__ != "Think"]
    if family_name == "dialop.planning":
        assert kinds == [ToolCall, Propose, Message, Respond]
        proposed = next(e.payload for e in record.state.events if e.kind == "propose")
        assert record.score.team == planning_bounds(instance).normalise(itinerary_score(instance, tuple(proposed)))
    else:
        assert kinds.count(Propose) == 1 and kinds.count(Respond) == 2 and Message in kinds
        assert "CANARY-USER0-5772" in written  # the "unless written" case did happen
        pair = next(e.payload for e in record.state.events if e.kind == "propose")
        assert record.score.team == normalised(instance, pair_value(instance, pair["user-0"], pair["user-1"]))


# ---- (c) a real small model ------------------------------------------------------------------------
@pytest.mark.local
@pytest.mark.slow
@pytest.mark.skipif(bool(local_model_available()), reason=str(local_model_available()))
@pytest.mark.parametrize("family_name", list(CASES))
def test_smollm2_plays_a_dialop_match_to_a_recorded_end(family_name: str) -> None:
    """SmolLM2-135M rarely writes a legal turn: whatever it writes, the match ends with a recorded
    outcome (a format-failure ending counts), never a crash or an error."""
    family, make, roles, _, _ = CASES[family_name]
    instance = make()
    spec = AgentSpec.model_validate({"agent": "local:smollm2", "sampling": {"seed": 5, "max_tokens": 64}})
    seats = {role: make_agent(spec, game=None, side=0) for role in roles}
    sampling = {role: SeatSampling(seed=5, max_tokens=64) for role in roles}
    record = asyncio.run(play(family, instance, seats, first=roles[0], sampling=sampling))
    print(f"{family_name}: ended {record.end_reason!r} after {len(record.calls)} calls, team "
          f"{record.score.team if record.score else None}; first feedback: {record.calls[0].feedback!r}")
    assert record.end_reason is not None and record.end_reason != "error", record.state.ended
    assert record.score is not None and record.score.end_reason == record.end_reason
    assert record.calls and all(c.reply is not None and c.reply.model == "smollm2" for c in record.calls)
    assert all(c.outcome in ("ok", "format_error", "illegal_move") for c in record.calls)
    assert json.loads(record.state.model_dump_json())["ended"] == record.end_reason
    if record.end_reason == "format":  # one seat missed four times running (DialOp's <= 3 resamples): no deal
        last = record.calls[-4:]
        assert len(last) == 4 and len({c.role for c in last}) == 1 and [c.attempt for c in last] == [0, 1, 2, 3]
        assert {c.outcome for c in last} <= {"format_error", "illegal_move"} and record.score.team == 0.0
