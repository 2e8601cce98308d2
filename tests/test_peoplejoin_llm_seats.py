"""LLM seats of PeopleJoin-QA through `core.play` and the `mock` provider: every seat is played by a
text player that reads only what its request shows and writes the family's tags — the hub finds
the right person through the people search and a redirect, the colleagues answer from what their
prompt says they hold, the primary thanks. Privacy: no seat's request shows what another holds
unless that person wrote it; and no run of 7 words of any prompt comes from the seed paper."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from lamen.agents.base import ChatReply, ChatRequest
from lamen.agents.local import local_model_available
from lamen.agents.registry import make_agent
from lamen.chat import ChatToolCall
from lamen.core.play import SeatSampling, play
from lamen.core.players import PolicyAgent
from lamen.families.peoplejoin import FAMILY
from lamen.families.peoplejoin.instances import PeopleJoinConfig, instance_for
from lamen.families.peoplejoin.questions import dev_items
from lamen.spec.agent import AgentSpec
from tests.test_coop_llm_seats import FIRST_TRY_TEXT, SEEDS, _last_user, _mock, _runs

HERE = "tests.test_peoplejoin_llm_seats"
ITEM = next(i for i in dev_items() if i.datum_id == "concert_singer_1")  # How many concerts in 2014 or 2015?


def hub_turn(user: str) -> str:
    """Untagged first (fed back); then: search people for the question, ask the first one found;
    follow a redirect by resolving the name; count the rows a table sent; answer; end."""
    lines = user.split("\n")
    if "You:" not in user and "→ you" in lines[1] and "could not be used" not in user:
        return FIRST_TRY_TEXT
    question = lines[1].split("→ you: ", 1)[1]
    if "Thank you" in user:
        return "[end session]"
    if "[tool] search_relevant_people" not in user:
        return f"[think] who knows about this?\n[tool] search_relevant_people {json.dumps({'query': question})}"
    table = re.search(r"→ you: Table concert:\n(\[.*\])", user)
    if table:
        years = [row["year"] for row in json.loads(table.group(1))]
        return f"[message to primary] {sum(y in ('2014', '2015') for y in years)} concerts.\n[end turn]"
    resolved = re.search(r"resolve_person\(.*\): .*, id (\w+),", user)
    if resolved:
        return f"[message to {resolved.group(1)}] Could you send me the concerts table?\n[end turn]"
    redirect = re.search(r"Try contacting ([A-Z]\w+ [A-Z]\w+)", user)
    if redirect:
        return f"[tool] resolve_person {json.dumps({'name': redirect.group(1)})}"
    first = re.search(r"^- .+ \(id (\w+)\):", user, re.MULTILINE)
    return f"[message to {first.group(1)}] {question}\n[end turn]"


def person_turn(system: str) -> str:
    if "You asked your AI assistant" in system:
        return "[message] Thank you, that is all I needed."
    held = system.split("What you hold:\n", 1)[1].split("\n\nA private note", 1)[0]
    if held == "You hold no documents.":
        return "[message] I don't have that."
    title, content = held.removeprefix("Document: ").split("\n", 1)
    return f"[message] Table {title}:\n{content}" if content.startswith("[") else f"[message] {title}. {content}"


def reply(request: ChatRequest) -> str:
    """`mock:` callable for every PeopleJoin seat (the hub's rules name its seat)."""
    if request.system.startswith("You are an assistant working for"):
        return hub_turn(_last_user(request))
    return person_turn(request.system)


def played():
    instance = instance_for(ITEM, PeopleJoinConfig())
    seats = {role: _mock(f"{HERE}:reply") for role in instance.roles()}
    return instance, asyncio.run(play(FAMILY, instance, seats))


def test_mock_seats_follow_the_redirect_to_the_right_answer() -> None:
    instance, record = played()
    assert record.end_reason == "session_completed"
    assert [c.outcome for c in record.calls[:2]] == ["format_error", "ok"]  # the untagged try was fed back
    talk = [(e.role, e.to) for e in record.state.events if e.kind == "message"]
    assert talk == [("primary", ("hub",)), ("hub", ("colleague:bhushan",)), ("colleague:bhushan", ("hub",)),
                    ("hub", ("colleague:hannah",)), ("colleague:hannah", ("hub",)), ("hub", ("primary",)),
                    ("primary", ("hub",))]
    metrics = record.score.metrics
    assert (metrics["match"], metrics["p_prec"], metrics["p_rec"], metrics["people"]) == (100, 1.0, 1.0, 2)
    assert metrics["tool_calls"] == 2 and metrics["format_errors"] == 1


def test_mock_seats_see_only_their_own_holdings_and_thread() -> None:
    instance, record = played()
    org = instance.organisation
    stadium, concerts, singers = (org.documents_of(user)[0].content[:60] for user in ("alice", "hannah", "lina"))
    for call in record.calls:
        shown = call.request.system + "".join(m.content for m in call.request.messages)
        assert stadium not in shown  # the hub never searched Alice's documents, so nobody was shown them
        assert singers not in shown  # Lina was never asked
        if call.role == "colleague:hannah":
            assert concerts in shown
        elif call.role == "hub":
            assert (concerts in shown) == ("colleague:hannah" in [e.role for e in
                                                                  call.request.meta["observation"].history]) \
                if "observation" in call.request.meta else ("Table concert:" in shown or concerts not in shown)
        else:
            assert concerts not in shown, call.role


def test_prompts_share_no_run_of_seven_words_with_the_seed_paper() -> None:
    papers = sorted(SEEDS.glob("002_*.txt")) if SEEDS.is_dir() else []
    if not papers:
        pytest.skip(f"seed paper not found in {SEEDS}")
    instance, record = played()
    shown = "\n".join(c.request.system + "\n" + _last_user(c.request) for c in record.calls)
    # The organisation's own texts (profiles, documents: CDLA data, which the paper quotes) are
    # data, not prompts: runs are counted only within what lies between them.
    org = instance.organisation
    data = [*org.descriptions.values(), instance.item.question,
            *(t for docs in org.documents.values() for d in docs for t in (d.title, d.content))]
    between = re.split("|".join(re.escape(t) for t in sorted(data, key=len, reverse=True)), shown)
    ours = set().union(*(_runs(part) for part in between))
    assert len(ours) > 300
    assert ours & _runs(papers[0].read_text(encoding="utf-8")) == set()


class NativeHub:
    """A hub model that calls search_documents as a native function, then answers from its rows."""

    name = "native-hub"

    def __init__(self) -> None:
        self.requests: list[ChatRequest] = []

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        if len(self.requests) == 1:
            call = ChatToolCall.of("c1", "search_documents", {"query": "stadium average attendance"})
            return ChatReply(text="Alice's own stadium table should have it.", tool_calls=(call,))
        if len(self.requests) == 2:
            rows = json.loads(request.messages[-1].content.split("Document 1: stadium\n", 1)[1])
            best = max(rows, key=lambda row: row["average"])
            return ChatReply(text=f"[message to primary] {best['name']}, capacity {best['capacity']}.\n[end turn]")
        return ChatReply(text="[end session]")


def test_a_native_hub_calls_its_tools_as_functions_and_reads_the_results_as_tool_turns() -> None:
    instance = instance_for(next(i for i in dev_items() if i.datum_id == "concert_singer_0"), PeopleJoinConfig())
    hub = NativeHub()
    seats = {**{role: _mock(f"{HERE}:reply") for role in instance.roles()}, "hub": hub}
    record = asyncio.run(play(FAMILY, instance, seats, sampling={"hub": SeatSampling(native_tools=True)}))
    assert record.end_reason == "session_completed" and record.score.metrics["match"] == 100
    first, second, third = hub.requests
    assert [tool.name for tool in first.tools] == ["search_documents", "search_relevant_people", "resolve_person"]
    assert "call a tool as a function" in first.system
    assert [(m.role, bool(m.tool_calls)) for m in second.messages] == [("user", False), ("assistant", True),
                                                                        ("tool", False)]
    assert second.messages[1].content == "Alice's own stadium table should have it."
    assert "Stark's Park" in second.messages[2].content
    # Once the hub has moved on to a new event, the call is a transcript line like a text call.
    assert len(third.messages) == 1 and 'You: [tool] search_documents {"query": "stadium average attendance"}' in \
        third.messages[0].content
    assert [e.payload["call_id"] for e in record.state.events if e.kind == "tool_call"] == ["c1"]


@pytest.mark.local
@pytest.mark.slow
@pytest.mark.skipif(bool(local_model_available()), reason=str(local_model_available()))
def test_smollm2_as_the_hub_plays_to_a_recorded_end() -> None:
    """SmolLM2-135M rarely writes a legal turn: whatever it writes, the session ends with a
    recorded outcome (three unreadable replies end it), never a crash or an error."""
    instance = instance_for(ITEM, PeopleJoinConfig())
    spec = AgentSpec.model_validate({"agent": "local:smollm2", "sampling": {"seed": 5, "max_tokens": 64}})
    seats = {role: PolicyAgent("table-dump", FAMILY.players["table-dump"].make(instance, role), FAMILY.codec(role))
             for role in instance.roles()}
    seats["hub"] = make_agent(spec, game=None, side=0)
    record = asyncio.run(play(FAMILY, instance, seats, sampling={"hub": SeatSampling(seed=5, max_tokens=64)}))
    assert record.end_reason is not None and record.end_reason != "error", record.state.ended
    assert record.score is not None and record.score.end_reason == record.end_reason
    hub_calls = [c for c in record.calls if c.role == "hub"]
    assert hub_calls and all(c.reply is not None and c.reply.model == "smollm2" for c in hub_calls)
    assert all(c.outcome in ("ok", "format_error", "illegal_move") for c in record.calls)
