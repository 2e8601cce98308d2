"""Native tool calls on the core: a model's `ChatReply.tool_calls` become the family's `ToolCall`
actions (DialOp Planning's search, run by its deterministic executor), and the call and its result
— events only the caller sees — come back as the caller's assistant and `tool` turns, which the
real Anthropic SDK sends as `tool_use` / `tool_result` blocks (on the fake wire). Then the play
loop with a native seat (`SeatSampling.native_tools`): Planning episodes on the HTTP fake, checked
on the wire in OpenAI's and Anthropic's forms, and with the option off, every request as before."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterable
from dataclasses import replace

import pytest

from lamen.agents.providers import make_provider_agent
from lamen.chat import ChatMessage, ChatReply, ChatRequest, ChatTool, ChatToolCall
from lamen.core.codec import FormatError
from lamen.core.play import EpisodeRecord, SeatSampling, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.tools import chat_tools, reply_actions, tool_actions, tool_offer, tool_turns
from lamen.core.types import Event, Message
from lamen.families.planning.codec import ASSISTANT_RULES, NATIVE_SEARCH
from lamen.families.planning.instances import human_instance
from lamen.families.planning.search import SEARCH_SPEC
from lamen.spec.agent import AgentSpec
from tests.fake_servers import Asked, FakeProviders, ToolUse
from tests.test_provider_common import KEY, Wire

FAMILY = get_family("dialop.planning")
GAME = human_instance(2)
SEATS = {"assistant": "a", "user": "u"}
# What tests/data/providers/anthropic/tool_call.json asks, and the executor's answer on game 2.
ARGUMENTS = {"fields": ["name", "price"], "filters": ["category == cafe", "price <= 30"],
             "sort_by": ["distance_to(Mad Seoul)"], "limit": 3}
# A replayed call's arguments: the stored ToolCall's, in canonical (sorted) key order.
REPLAYED = json.dumps(dict(sorted(ARGUMENTS.items())), ensure_ascii=False)
RESULT = ("Search Results (3):\nname|price|distance_to(Mad Seoul)\nSchwarzes Cafe|15|0.1\nCoffee Nook|5|0.2\n"
          "The Cupcake Bar|5|0.8")


def start() -> tuple[object, object]:
    state = FAMILY.rules.initial(GAME, SEATS, "assistant")
    return state, FAMILY.rules.legal(GAME, state, "assistant")


def test_a_models_search_call_runs_on_the_planning_executor_and_its_result_goes_back_to_it_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    wire = Wire("anthropic", "tool_call", "success")
    agent = make_provider_agent(AgentSpec.model_validate("anthropic:claude-haiku-4-5"), http_client=wire.client())
    state, legal = start()
    ask = ChatMessage(role="user", content="Plan a day near Mad Seoul.")
    request = ChatRequest(system="You are the travel assistant.", messages=(ask,), tools=chat_tools(legal.tools))
    reply = asyncio.run(agent.complete(request))
    assert [tool["name"] for tool in json.loads(wire.requests[0].content)["tools"]] == ["search"]
    actions = tool_actions(reply, legal)
    assert [(a.name, a.args, a.call_id) for a in actions] == [("search", ARGUMENTS, "toolu_01A09q90qw90lq917835lq9")]
    events = FAMILY.rules.step(GAME, state, "assistant", actions, reply.text).events
    assert [(e.kind, e.text, e.visible_to) for e in events] == [
        ("tool_call", "search", ("assistant",)), ("tool_result", RESULT, ("assistant",))]

    assert tool_turns(events, "user") == ()  # the user never sees the search
    turns = tool_turns(events, "assistant")
    assert [(t.role, t.content, t.tool_call_id, t.tool_name) for t in turns] == [
        ("assistant", "", "", ""), ("tool", RESULT, "toolu_01A09q90qw90lq917835lq9", "search")]
    assert turns[0].tool_calls[0].arguments == ARGUMENTS

    asyncio.run(agent.complete(request.model_copy(update={"messages": (ask, *turns)})))
    assert json.loads(wire.requests[1].content)["messages"][1:] == [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9",
                                           "name": "search", "input": ARGUMENTS}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9",
                                      "content": RESULT}]},
    ]


def test_the_offered_tools_are_the_roles_tools_and_the_user_has_none() -> None:
    state, legal = start()
    assert [(t.name, t.description, t.parameters) for t in chat_tools(legal.tools)] == [
        ("search", SEARCH_SPEC.description, SEARCH_SPEC.parameters)]
    assert chat_tools(FAMILY.rules.legal(GAME, FAMILY.rules.initial(GAME, SEATS, "user"), "user").tools) == ()


def test_a_call_written_in_text_gets_an_id_and_its_result_answers_it() -> None:
    state, legal = start()
    text = "[tool] Search(fields=[name, price], filters=[category == cafe], sort_by=[price], limit=2)"
    actions = FAMILY.codec("assistant").parse(ChatReply(text=text), legal)
    events = FAMILY.rules.step(GAME, state, "assistant", actions, text).events
    call, result = tool_turns(events, "assistant")
    assert call.tool_calls[0].id == "call-0" and (result.tool_call_id, result.tool_name) == ("call-0", "search")
    assert result.content == "Search Results (2):\nname|price\nCommon Grounds|5\nThe Cupcake Bar|5"


def test_calls_the_role_cannot_make_are_fed_back_to_the_model() -> None:
    _, legal = start()
    with pytest.raises(FormatError, match=r"there is no tool 'book' to call now \(tools: search\)"):
        tool_actions(ChatReply(text="", tool_calls=(ChatToolCall.of("c1", "book", {}),)), legal)
    broken = ChatReply(text="", tool_calls=(ChatToolCall.parsed("c1", "search", '{"limit": '),))
    with pytest.raises(FormatError, match="the search call could not be read: arguments are not JSON"):
        tool_actions(broken, legal)
    user_legal = FAMILY.rules.legal(GAME, FAMILY.rules.initial(GAME, SEATS, "user"), "user")
    with pytest.raises(FormatError, match=r"\(tools: none this turn\)"):
        tool_actions(ChatReply(text="", tool_calls=(ChatToolCall.of("c1", "search", {}),)), user_legal)


def test_a_result_without_its_call_is_refused() -> None:
    orphan = Event(index=4, role=None, kind="tool_result", text="rows", payload={"call_id": "c9"},
                   visible_to=("assistant",))
    with pytest.raises(ValueError, match="event 4: a tool_result for call c9, which is not among the events"):
        tool_turns([orphan], "assistant")


# ---- the play loop: a Planning episode whose assistant calls the search natively ------------------
PLAN = "[propose] [Schwarzes Cafe, Coffee Nook, The Cupcake Bar]\n[message] Three cafés close to each other."
SAID = "Let me look near Mad Seoul."
CALL_ID = {"openai": "call_q0L3v7WcP2s9", "anthropic": "toolu_01A09q90qw90lq917835lq9"}
MODEL = {"openai": "gpt-4o", "anthropic": "claude-haiku-4-5"}
USER_MODEL = "user-sim"  # the user seat: a text model on the same fake


def after_tool_result(asked: Asked) -> bool:
    """The request ends with a tool result (the model's turn goes on after its search)."""
    last = asked.body["messages"][-1]
    if asked.provider == "openai":
        return last["role"] == "tool"
    return last["role"] == "user" and isinstance(last["content"], list) \
        and last["content"][-1].get("type") == "tool_result"


def user_answer(asked: Asked) -> str:
    return "[accept]" if "Now: " in asked.last_user else "[message] I like coffee."


def seats(fake: FakeProviders, provider: str) -> dict[str, object]:
    return {"assistant": make_provider_agent(fake.agent_spec(f"{provider}:{MODEL[provider]}")),
            "user": make_provider_agent(fake.agent_spec(f"{provider}:{USER_MODEL}"))}


def run(fake: FakeProviders, provider: str, native: bool = True) -> EpisodeRecord:
    sampling = {"assistant": SeatSampling(max_tokens=300, native_tools=native), "user": SeatSampling(max_tokens=300)}
    return asyncio.run(play(FAMILY, GAME, seats(fake, provider), first="assistant", sampling=sampling))


def bodies(fake: FakeProviders, model: str) -> list[dict]:
    return [r.body for r in fake.received if r.body.get("model") == model or model in r.path]


def offered(body: dict) -> list[str]:
    """The names of the tools a request body declares (OpenAI nests them under "function")."""
    return [tool.get("function", tool)["name"] for tool in body.get("tools", [])]


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    pytest.importorskip("anthropic")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_native_search_runs_in_the_play_loop_and_its_rows_go_back_to_the_assistant_alone(
        keys: None, provider: str) -> None:
    def answer(asked: Asked) -> str | ToolUse:
        if asked.model == USER_MODEL:
            return user_answer(asked)
        return PLAN if after_tool_result(asked) else ToolUse(((CALL_ID[provider], "search", ARGUMENTS),), SAID)

    with FakeProviders(answer) as fake:
        record = run(fake, provider)
    assert [(c.role, c.outcome) for c in record.calls] == [("assistant", "ok"), ("assistant", "ok"), ("user", "ok")]
    assert record.end_reason == "accepted" and record.score is not None
    assert record.state.board.pending is None
    first, second = bodies(fake, MODEL[provider])
    # Both assistant requests offer the search (two of its three calls this turn are left).
    assert offered(first) == offered(second) == ["search"] and "tool_choice" not in second
    call_id = CALL_ID[provider]
    if provider == "openai":
        assert first["messages"][0]["role"] == "system" and len(first["messages"]) == 2
        assert second["messages"][2:] == [
            {"role": "assistant", "content": SAID, "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": "search", "arguments": REPLAYED}}]},
            {"role": "tool", "tool_call_id": call_id, "content": RESULT}]
    else:
        assert len(first["messages"]) == 1
        assert second["messages"][1:] == [
            {"role": "assistant", "content": [{"type": "text", "text": SAID},
                                              {"type": "tool_use", "id": call_id, "name": "search",
                                               "input": ARGUMENTS}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id, "content": RESULT}]}]
    # The first user message is the same transcript in both requests: the search is not a line of it.
    assert second["messages"][-3 if provider == "openai" else 0]["role"] == "user"
    # The words beside the call are the assistant's private thought; the user sees none of the search.
    kinds = [(e.kind, e.role, e.visible_to) for e in record.state.events[:3]]
    assert kinds == [("think", "assistant", ("assistant",)), ("tool_call", "assistant", ("assistant",)),
                     ("tool_result", None, ("assistant",))]
    (user_body,) = bodies(fake, USER_MODEL)
    sent = json.dumps(user_body)
    assert "Schwarzes Cafe|15|0.1" not in sent and "Search Results" not in sent and SAID not in sent
    assert "Schwarzes Cafe, Coffee Nook, The Cupcake Bar" in sent  # the check can fail: the plan is there


def test_a_malformed_native_call_is_answered_with_its_feedback_and_the_model_tries_again(keys: None) -> None:
    script = [ToolUse((("call_bad", "search", '{"limit": '),)), ToolUse((("call_ok", "search", ARGUMENTS),)), PLAN]

    def answer(asked: Asked) -> str | ToolUse:
        return user_answer(asked) if asked.model == USER_MODEL else script.pop(0)

    with FakeProviders(answer) as fake:
        record = run(fake, "openai")
    assert [c.outcome for c in record.calls] == ["format_error", "ok", "ok", "ok"]
    feedback = record.calls[0].feedback
    assert feedback.startswith("the search call could not be read: arguments are not JSON: ")
    _, retry, last = bodies(fake, MODEL["openai"])
    refused = [{"role": "assistant", "content": None, "tool_calls": [
                   {"id": "call_bad", "type": "function", "function": {"name": "search", "arguments": '{"limit": '}}]},
               {"role": "tool", "tool_call_id": "call_bad", "content": feedback}]
    assert retry["messages"][2:] == refused  # the feedback is the call's result, not a second user turn
    assert last["messages"][2:] == refused + [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_ok", "type": "function", "function": {"name": "search", "arguments": REPLAYED}}]},
        {"role": "tool", "tool_call_id": "call_ok", "content": RESULT}]
    assert record.end_reason == "accepted"


def test_two_calls_in_one_reply_are_refused_and_each_gets_an_error_result(keys: None) -> None:
    other = {"fields": ["name"], "limit": 1}
    script = [ToolUse((("toolu_a", "search", ARGUMENTS), ("toolu_b", "search", other)), "Two at once."), PLAN]

    def answer(asked: Asked) -> str | ToolUse:
        return user_answer(asked) if asked.model == USER_MODEL else script.pop(0)

    with FakeProviders(answer) as fake:
        record = run(fake, "anthropic")
    assert [c.outcome for c in record.calls] == ["illegal_move", "ok", "ok"]
    feedback = record.calls[0].feedback
    assert feedback == "a [tool] call ends the reply: its result comes back before you go on"
    _, retry = bodies(fake, MODEL["anthropic"])
    assert retry["messages"][1:] == [
        {"role": "assistant", "content": [{"type": "text", "text": "Two at once."},
                                          {"type": "tool_use", "id": "toolu_a", "name": "search", "input": ARGUMENTS},
                                          {"type": "tool_use", "id": "toolu_b", "name": "search", "input": other}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_a", "content": feedback, "is_error": True},
            {"type": "tool_result", "tool_use_id": "toolu_b", "content": feedback, "is_error": True}]}]
    assert not any(e.kind in ("tool_call", "tool_result") for e in record.state.events)  # nothing ran


def test_with_its_searches_spent_the_turn_still_declares_the_tool_but_forbids_calling_it(keys: None) -> None:
    script = [ToolUse(((f"toolu_{n}", "search", ARGUMENTS),)) for n in range(3)] + [PLAN]

    def answer(asked: Asked) -> str | ToolUse:
        return user_answer(asked) if asked.model == USER_MODEL else script.pop(0)

    with FakeProviders(answer) as fake:
        record = run(fake, "anthropic")
    assert [c.outcome for c in record.calls] == ["ok"] * 5
    *searching, spent = bodies(fake, MODEL["anthropic"])
    assert all("tool_choice" not in body and body["tools"][0]["name"] == "search" for body in searching)
    # Anthropic refuses tool_use blocks in a request without tools: declared, with calls switched off.
    assert spent["tool_choice"] == {"type": "none"}
    assert [t["name"] for t in spent["tools"]] == ["search"]
    assert spent["tools"][0]["input_schema"] == SEARCH_SPEC.parameters
    assert len(spent["messages"]) == 1 + 2 * 3
    assert "no searches left this turn" in spent["messages"][0]["content"]


# ---- native tools off: every request as before -------------------------------------------------
# Digests of every request of three Planning episodes, taken on the integration branch before the
# play loop knew native tools (8bf5755): what a provider received (two text seats writing a [tool]
# line, on the fake) and what scripted seats were asked. A change to Planning's prompts moves them
# too — re-pin only after checking that the change is meant.
BEFORE = {"openai": "e8cce7cc6d18a87a", "anthropic": "84229c61c88b4624", "scripted": "7c7db0e90518afc6"}
TEXT_SEARCH = ("[think] Cafes first.\n"
               "[tool] Search(fields=[name, price], filters=[category == cafe], sort_by=[price], limit=2)")


def digest(texts: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_with_native_tools_off_the_provider_receives_exactly_what_it_did_before(keys: None, provider: str) -> None:
    def answer(asked: Asked) -> str:
        if asked.model == USER_MODEL:
            return user_answer(asked)
        return PLAN.replace("cafés close to each other", "cafés") if "Search Results" in asked.last_user \
            else TEXT_SEARCH

    with FakeProviders(answer) as fake:
        record = run(fake, provider, native=False)
    assert (record.end_reason, len(fake.received)) == ("accepted", 3)
    assert all("tools" not in r.body for r in fake.received)
    assert digest(json.dumps(r.body, sort_keys=True) for r in fake.received) == BEFORE[provider]


def test_with_native_tools_off_scripted_seats_are_asked_exactly_as_before() -> None:
    seats = {"assistant": PolicyAgent("hill-climb", FAMILY.players["hill-climb"].make(GAME, "assistant"),
                                      FAMILY.codec("assistant"), 0),
             "user": PolicyAgent("reporter", FAMILY.players["reporter"].make(GAME, "user"), FAMILY.codec("user"), 0)}
    for sampling in (None, {role: SeatSampling(native_tools=False) for role in seats}):
        record = asyncio.run(play(FAMILY, GAME, seats, sampling=sampling))
        assert (record.end_reason, len(record.calls)) == ("accepted", 30)
        assert digest(c.request.model_dump_json(exclude={"meta"}) for c in record.calls) == BEFORE["scripted"]


# ---- the pieces: the native codec's layout, the words beside a call, a tool not seen this run ---
def test_the_native_codec_keeps_earlier_searches_as_lines_and_puts_feedback_after_the_current_turn() -> None:
    state, legal = start()
    search = ChatReply(text="Cafés first.", tool_calls=(ChatToolCall.of("c1", "search", ARGUMENTS),))
    state = FAMILY.rules.step(GAME, state, "assistant", reply_actions(search, legal), search.text).state
    native, text = FAMILY.codec("assistant").native_tools(), FAMILY.codec("assistant")
    obs = FAMILY.rules.view(GAME, state, "assistant")
    legal = FAMILY.rules.legal(GAME, state, "assistant")
    request = native.request(obs, legal, ("[message] needs some text after the tag.",))
    assert [(m.role, m.content) for m in request.messages] == [
        ("user", "Nobody has written yet.\n\nYour turn: search (2 left this turn), message or propose. "
                 "Left in the game: 30 moves."),
        ("assistant", "Cafés first."), ("tool", RESULT),
        ("user", "Your last reply could not be used: [message] needs some text after the tag. Please answer again.")]
    assert request.system == text.request(obs, legal, ()).system.replace(
        ASSISTANT_RULES, ASSISTANT_RULES + "\n\n" + NATIVE_SEARCH)
    # Once the assistant has moved, the search is a line of its transcript like any text call.
    moved = FAMILY.rules.step(GAME, state, "assistant", (Message(text="Any wishes?"),), "").state
    user_said = FAMILY.rules.step(GAME, moved, "user", (Message(text="Coffee."),), "").state
    later = native.request(FAMILY.rules.view(GAME, user_said, "assistant"), legal, ())
    assert len(later.messages) == 1
    assert later.messages[0].content.startswith(
        "The conversation so far:\nYou: [think] Cafés first.\nYou: [tool] Search(fields=[name, price], ")
    assert later.messages[0].content == text.request(FAMILY.rules.view(GAME, user_said, "assistant"), legal,
                                                     ()).messages[0].content


def test_words_beside_a_call_are_a_thought_only_where_the_role_may_think() -> None:
    _, legal = start()
    reply = ChatReply(text="  Looking.  ", tool_calls=(ChatToolCall.of("c1", "search", {"limit": 1}),))
    assert [(a.kind, getattr(a, "text", None)) for a in reply_actions(reply, legal)] == [
        ("think", "Looking."), ("tool_call", None)]
    silent = replace(legal, kinds=legal.kinds - {"think"})
    assert [a.kind for a in reply_actions(reply, silent)] == ["tool_call"]


def test_a_spent_tool_not_seen_this_run_is_declared_by_name() -> None:
    turn = ChatMessage(role="assistant", content="", tool_calls=(ChatToolCall.of("c1", "search", {}),))
    request = ChatRequest(system="", messages=(ChatMessage(role="user", content="go"), turn))
    known: dict = {}
    assert tool_offer(request, (), known) == {"tools": (ChatTool(name="search"),), "tool_choice": "none"}
    assert tool_offer(request.model_copy(update={"messages": request.messages[:1]}), (), known) == {}
    assert tool_offer(request, (SEARCH_SPEC,), known) == {"tools": chat_tools((SEARCH_SPEC,))}
    assert tool_offer(request, (), known)["tools"] == chat_tools((SEARCH_SPEC,))  # now known: its full spec
