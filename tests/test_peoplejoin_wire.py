"""PeopleJoin-QA seats on the provider wire: every seat is a model behind the real OpenAI or
Anthropic SDK, talking to the HTTP fake (tests/fake_servers.py). The hub calls its tools as native
functions: the wire carries the tools' JSON schemas, each result comes back as the API's own
tool-result turn, and the hub reads one reply per turn. Privacy on the wire: no colleague's
request carries another person's documents or the hub's messages to anyone else, and the hub's
requests carry a colleague's documents only once that colleague has written them to it."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from lamen.agents.providers import make_provider_agent
from lamen.core.play import EpisodeRecord, SeatSampling, play
from lamen.families.peoplejoin import FAMILY
from lamen.families.peoplejoin.instances import PeopleJoinConfig, PeopleJoinInstance, instance_for
from lamen.families.peoplejoin.questions import dev_items
from lamen.families.peoplejoin.tools import TOOL_SPECS
from tests.fake_servers import Asked, FakeProviders, ToolUse
from tests.test_provider_common import KEY

ITEM = next(i for i in dev_items() if i.datum_id == "concert_singer_1")  # How many concerts in 2014 or 2015?
HUB_MODEL = {"openai": "gpt-4o", "anthropic": "claude-haiku-4-5"}
PERSON_MODEL = "person-sim"  # every person's seat: a text model on the same fake
CALL = {"openai": ("call_search_01", "call_resolve_01"), "anthropic": ("toolu_search_01", "toolu_resolve_01")}
# What the hub writes to each person: distinct texts, so a leak of one thread into another shows.
TO_BHUSHAN = "Hello Bhushan, how many concerts took place in 2014 or 2015?"
TO_LINA = "Hello Lina, do you keep the list of concerts by year?"
TO_HANNAH = "Hello Hannah, could you send me your concert records?"


def after_tool_result(asked: Asked) -> str | None:
    """The text of the tool result the request ends with (the hub's turn goes on), else None."""
    last = asked.body["messages"][-1]
    if asked.provider == "openai":
        return last["content"] if last["role"] == "tool" else None
    blocks = last["content"] if last["role"] == "user" and isinstance(last["content"], list) else []
    if blocks and blocks[-1].get("type") == "tool_result":
        content = blocks[-1]["content"]
        return content if isinstance(content, str) else "".join(part.get("text", "") for part in content)
    return None


def hub(asked: Asked) -> str | ToolUse:
    """Search the people for the question, ask both found; follow Bhushan's redirect by resolving
    the name; wait on Lina's refusal; count the rows Hannah sends; end after the thanks."""
    search, resolve = CALL[asked.provider]
    result = after_tool_result(asked)
    if result is not None:
        if result.startswith("search_relevant_people"):
            return f"[message to bhushan] {TO_BHUSHAN}\n[message to lina] {TO_LINA}\n[end turn]"
        resolved = re.search(r", id (\w+),", result).group(1)
        return f"[message to {resolved}] {TO_HANNAH}\n[end turn]"
    transcript = asked.body["messages"][-1]["content"]
    transcript = transcript if isinstance(transcript, str) else "".join(p.get("text", "") for p in transcript)
    handled = transcript.rsplit("→ you: ", 1)[1]  # the one message this turn handles: the latest
    if handled.startswith("Thank you"):
        return "[end session]"
    if handled.startswith("Table concert:"):
        rows = json.loads(handled.split("\n", 1)[1].split("\n\n", 1)[0])
        return f"[message to primary] {sum(r['year'] in ('2014', '2015') for r in rows)} concerts.\n[end turn]"
    if "Try contacting Hannah Jarvis" in handled:
        return ToolUse(((resolve, "resolve_person", {"name": "Hannah Jarvis"}),), "Bhushan points to Hannah.")
    if handled.startswith("I don't have that"):
        return "[end turn]"
    return ToolUse(((search, "search_relevant_people", {"query": "concerts and singers"}),),
                   "Who knows about concerts?")


def person(asked: Asked) -> str:
    """A colleague answers from what its rules say it holds: the table the assistant names, a
    redirect note, or that it has nothing; the primary thanks."""
    if "You asked your AI assistant" in asked.system:
        return "[message] Thank you, that is all I needed."
    held = asked.system.split("What you hold:\n", 1)[1]
    if held.startswith("You hold no documents."):
        return "[message] I don't have that."
    title, content = held.removeprefix("Document: ").split("\n", 1)
    if not content.startswith("["):
        return f"[message] {title}. {content}"
    if title.lower() not in asked.last_user.split("Your move")[0].lower().replace("concerts", "concert "):
        return "[message] I don't have that."
    return f"[message] Table {title}:\n{content.split(chr(10) + chr(10))[0]}"


def answer(asked: Asked) -> str | ToolUse:
    return person(asked) if asked.model == PERSON_MODEL else hub(asked)


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    pytest.importorskip("anthropic")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)


def run(fake: FakeProviders, provider: str) -> tuple[PeopleJoinInstance, EpisodeRecord]:
    instance = instance_for(ITEM, PeopleJoinConfig())
    seats = {role: make_provider_agent(fake.agent_spec(f"{provider}:{PERSON_MODEL}")) for role in instance.roles()}
    seats["hub"] = make_provider_agent(fake.agent_spec(f"{provider}:{HUB_MODEL[provider]}"))
    sampling = {role: SeatSampling(max_tokens=300, native_tools=role == "hub") for role in instance.roles()}
    return instance, asyncio.run(play(FAMILY, instance, seats, sampling=sampling))


def declared(provider: str, tool: dict) -> tuple[str, str, dict]:
    if provider == "openai":
        return tool["function"]["name"], tool["function"]["description"], tool["function"]["parameters"]
    return tool["name"], tool["description"], tool["input_schema"]


def flat(value: object) -> str:
    """Every text a request body carries (system, messages, tool turns), joined."""
    if isinstance(value, str):
        return value + "\n"
    if isinstance(value, dict):
        return "".join(flat(v) for v in value.values())
    if isinstance(value, list):
        return "".join(flat(v) for v in value)
    return ""


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_native_hub_and_model_colleagues_on_the_wire(keys: None, provider: str) -> None:
    with FakeProviders(answer) as fake:
        instance, record = run(fake, provider)
    assert record.end_reason == "session_completed" and all(c.outcome == "ok" for c in record.calls)
    metrics = record.score.metrics
    assert (metrics["match"], metrics["p_prec"], metrics["p_rec"], metrics["people"]) == (100, 2 / 3, 1.0, 3)
    assert (metrics["tool_calls"], metrics["hub_events"], metrics["msg_cnt"]) == (2, 5, 9)
    # One hub turn per incoming message, in the order written: Bhushan's redirect (read before Lina
    # acts), Lina's refusal, Hannah's table, the thanks.
    talk = [(e.role, e.to[0]) for e in record.state.events if e.kind == "message"]
    assert talk == [("primary", "hub"), ("hub", "colleague:bhushan"), ("hub", "colleague:lina"),
                    ("colleague:bhushan", "hub"), ("hub", "colleague:hannah"), ("colleague:lina", "hub"),
                    ("colleague:hannah", "hub"), ("hub", "primary"), ("primary", "hub")]

    hub_bodies = [r.body for r in fake.received if r.body.get("model") == HUB_MODEL[provider]]
    person_bodies = [r.body for r in fake.received if r.body.get("model") == PERSON_MODEL]
    assert len(hub_bodies) == 7 and len(person_bodies) == 4
    # The wire carries the hub's three tools with their JSON schemas, in every hub request with calls left.
    for body in hub_bodies:
        assert [declared(provider, t) for t in body["tools"]] == [(s.name, s.description, s.parameters)
                                                                  for s in TOOL_SPECS]
    assert all("tools" not in body for body in person_bodies)  # people have no tools

    # Each result comes back as the API's tool-result turn, answering its call by id.
    results = [e for e in record.state.events if e.kind == "tool_result"]
    calls = [(body, call_id, result.text) for body, call_id, result in
             zip((hub_bodies[1], hub_bodies[3]), CALL[provider], results)]
    for body, call_id, text in calls:
        if provider == "openai":
            assert body["messages"][-2]["tool_calls"][0]["id"] == call_id
            assert body["messages"][-1] == {"role": "tool", "tool_call_id": call_id, "content": text}
        else:
            assert body["messages"][-2]["content"][-1]["id"] == call_id
            assert body["messages"][-1] == {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": call_id, "content": text}]}
    assert results[0].text.startswith("search_relevant_people('concerts and singers'): 2 people.")
    assert results[1].text == "resolve_person('Hannah Jarvis'): Hannah Jarvis, id hannah, hannah@company.com."

    # Privacy on the wire.
    org = instance.organisation
    holdings = {user: [d.content[:80] for d in org.documents_of(user)] for user in ("alice", "lina", "hannah",
                                                                                   "bhushan")}
    threads = {"bhushan": TO_BHUSHAN, "lina": TO_LINA, "hannah": TO_HANNAH}
    for body in person_bodies:
        shown = flat(body)
        me = re.search(r"You are [^(]+\(id (\w+)\)", shown).group(1)
        for user, contents in holdings.items():
            # A colleague's prompt holds its own documents; the primary's holds none (it only asked).
            assert all((c in shown) == (user == me != "alice") for c in contents), (me, user)
        for user, text in threads.items():
            assert (text in shown) == (user == me), (me, user)
    roles = [c.role for c in record.calls]
    before_hannah = roles[:roles.index("colleague:hannah")].count("hub")  # hub requests before she wrote
    assert before_hannah == 5
    for n, body in enumerate(hub_bodies):
        shown = flat(body)
        assert not any(c in shown for user in ("alice", "lina") for c in holdings[user])  # never written to it
        # Bhushan's note reached the hub in his reply; Hannah's table only once she had sent it.
        assert (holdings["hannah"][0] in shown) == (n >= before_hannah), n
        assert (holdings["bhushan"][0] in shown) == (n >= 2), n
