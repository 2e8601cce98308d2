"""Tool calls inside a step: private events, rewards once per goal, unknown tools fed back."""

from __future__ import annotations

import pytest

from lamen.core.agenda import Agenda
from lamen.core.state import CoreState, append
from lamen.core.tools import Tool, ToolResult, call_tool
from lamen.core.types import IllegalMove, ToolCall, ToolSpec

ROOMS = {"north": ["Golden Wok"], "south": []}


def search(instance: dict, state: CoreState, args: dict) -> ToolResult:
    found = instance.get(args.get("area", ""), [])
    return ToolResult(text=", ".join(found) or "nothing", payload=found, reward_keys=("search_north",) if found else ())


SEARCH = Tool(ToolSpec("search_restaurant", "find restaurants", {"type": "object"}), search)


def test_a_call_and_its_result_are_seen_by_the_caller_only_and_a_goal_pays_once() -> None:
    state = CoreState(seating={"agent": "m", "user": "u"}, agenda=Agenda.start(("user", "agent"), first="agent"))
    events = call_tool([SEARCH], ROOMS, state, "agent", ToolCall(name="search_restaurant", args={"area": "north"}),
                       rewards={"search_north": 0.5})
    assert [(e.index, e.kind, e.text, e.reward) for e in events] == [
        (0, "tool_call", "search_restaurant", 0.0), (1, "tool_result", "Golden Wok", 0.0), (2, "reward", "search_north", 0.5)]
    assert all(e.visible_to == ("agent",) for e in events)
    state = append(state, events, agenda=state.agenda.inner_step(3))
    again = call_tool([SEARCH], ROOMS, state, "agent", ToolCall(name="search_restaurant", args={"area": "north"}))
    assert [e.kind for e in again] == ["tool_call", "tool_result"]  # the goal was already met
    with pytest.raises(IllegalMove, match="no tool 'book' \\(tools: search_restaurant\\)"):
        call_tool([SEARCH], ROOMS, state, "agent", ToolCall(name="book"))
