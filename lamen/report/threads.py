"""An agent-vs-environment episode as the transcript viewer shows it: one thread per person the
agent talks with (a PeopleJoin session: the user who asked and each colleague messaged; ToolWOZ:
the customer), and a lane of the agent's own work — its tool calls, each with its arguments and
the result that came back, and its private thoughts. Every entry keeps the event's number, so the
threads can be read against each other in time.

Read from the stored events (`Transcript.events`) alone, by who wrote what to whom, never by the
family's name: an event belongs to the thread of the person on the other side of the agent."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

TOOLS = "tools"  # the key of the agent's own lane
SHOWN = ("message", "tool_call", "tool_result", "think", "end_session", "end_turn", "format_error",
         "illegal_move", "reward", "submit")


def _thread_of(event: Mapping[str, Any], agent_roles: set[str], people: Sequence[str]) -> str | None:
    role, kind = event.get("role"), event.get("kind")
    visible = event.get("visible_to")
    if kind not in SHOWN:
        return None
    mine = role in agent_roles or (role is None and visible is not None and set(visible) <= agent_roles)
    if kind == "message":
        if role in agent_roles:
            to = event.get("to") or []
            return to[0] if to else (people[0] if len(people) == 1 else "everyone")
        return str(role)
    if mine:
        return TOOLS
    return None if role is None else str(role)


def _entry(event: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    role = event.get("role")
    kind = str(event.get("kind"))
    entry: dict[str, Any] = {"index": event.get("index"), "kind": kind, "role": role,
                             "agent": names.get(str(role), "") if role is not None else "",
                             "text": str(event.get("text", ""))}
    if kind == "tool_call":
        entry["args"] = event.get("args", {})
    if event.get("to"):
        entry["to"] = list(event["to"])
    if event.get("error"):
        entry["error"] = str(event["error"])
    if event.get("reward"):
        entry["reward"] = float(event["reward"])
    return entry


def episode_threads(events: Iterable[Mapping[str, Any]], agent_roles: Iterable[str],
                    names: Mapping[str, str]) -> list[dict[str, Any]]:
    """The threads of one episode, in the order they start, the agent's lane first: each
    {"key", "title", "people": the role, "agent": who played it, "entries": [...]}.
    `agent_roles`: the roles the rated agent filled; `names`: role → the agent id in it."""
    events = list(events)
    mine = set(agent_roles)
    people = list(dict.fromkeys(str(e["role"]) for e in events
                                if e.get("role") is not None and e["role"] not in mine))
    threads: dict[str, list[dict[str, Any]]] = {TOOLS: []}
    for event in events:
        key = _thread_of(event, mine, people)
        if key is not None:
            threads.setdefault(key, []).append(_entry(event, names))
    agent = ", ".join(sorted(mine))
    found = []
    for key, entries in threads.items():
        if key == TOOLS:
            if not entries:
                continue
            title = f"{agent}: tool calls, results and private thoughts"
            who = names.get(next(iter(sorted(mine)), ""), "")
        else:
            title = f"{agent} with {key}"
            who = names.get(key, "")
        found.append({"key": key, "title": title, "agent": who, "entries": entries})
    return found


__all__ = ["TOOLS", "episode_threads"]
