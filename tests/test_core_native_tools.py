"""Native tool calls on the core: a model's `ChatReply.tool_calls` become the family's `ToolCall`
actions (DialOp Planning's search, run by its deterministic executor), and the call and its result
— events only the caller sees — come back as the caller's assistant and `tool` turns, which the
real Anthropic SDK sends as `tool_use` / `tool_result` blocks (on the fake wire)."""

from __future__ import annotations

import asyncio
import json

import pytest

from lamen.agents.providers import make_provider_agent
from lamen.chat import ChatMessage, ChatReply, ChatRequest, ChatToolCall
from lamen.core.codec import FormatError
from lamen.core.registry import get_family
from lamen.core.tools import chat_tools, tool_actions, tool_turns
from lamen.core.types import Event
from lamen.families.planning.instances import human_instance
from lamen.families.planning.search import SEARCH_SPEC
from lamen.spec.agent import AgentSpec
from tests.test_provider_common import KEY, Wire

FAMILY = get_family("dialop.planning")
GAME = human_instance(2)
SEATS = {"assistant": "a", "user": "u"}
# What tests/data/providers/anthropic/tool_call.json asks, and the executor's answer on game 2.
ARGUMENTS = {"fields": ["name", "price"], "filters": ["category == cafe", "price <= 30"],
             "sort_by": ["distance_to(Mad Seoul)"], "limit": 3}
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
