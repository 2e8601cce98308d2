"""ToolWOZ's seven APIs (search per domain, book per bookable domain), their JSON schemas written
from the JOSH paper's Appendix C (book_hotel, absent there, takes MultiWOZ's hotel booking slots:
name, day, people, stay), argument checking, and the paper's adversarial serving and booking
(Appendix B, Algorithms 2 and 3).

A call with bad arguments is not a crash and not a format error: it is answered, like any call,
by an error result (the paper's "APIRETURN ERROR") naming the API, the argument and the cause.
Every argument is optional; an empty string means the argument is left out (the paper's own
examples pass "" for what the agent does not know).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lamen.core.canonical import content_id
from lamen.core.tools import Tool, ToolResult
from lamen.core.types import JSON, ToolSpec
from lamen.families.toolwoz.db import Domain, Row, norm, query, satisfies
from lamen.families.toolwoz.goal import Goal, completes, domain_of

AREAS = ["west", "east", "centre", "south", "north"]


def _prop(description: str, enum: list[str] | None = None) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "string", "description": description}
    if enum is not None:
        prop["enum"] = enum
    return prop


def _spec(name: str, description: str, properties: dict[str, dict[str, Any]]) -> ToolSpec:
    return ToolSpec(name=name, description=description,
                    parameters={"type": "object", "required": [], "properties": properties,
                                "additionalProperties": False})


SPECS: tuple[ToolSpec, ...] = (
    _spec("search_restaurant", "Search the restaurant database; returns a matching restaurant, or [] if none.", {
        "food": _prop("kind of food served, e.g. modern european"),
        "pricerange": _prop("price range, e.g. cheap", ["cheap", "expensive", "moderate"]),
        "name": _prop("what the restaurant is called, e.g. curry garden"),
        "area": _prop("part of town, e.g. centre"),
    }),
    _spec("book_restaurant", "Reserve a table at a restaurant; returns success and a reference number.", {
        "time": _prop("time of the reservation, e.g. 13:00"),
        "day": _prop("day of the week, e.g. thursday"),
        "people": _prop("number of people, e.g. 3"),
        "name": _prop("what the restaurant is called, e.g. pizza hut city centre"),
    }),
    _spec("search_hotel", "Search the hotel database; returns a matching hotel or guesthouse, or [] if none.", {
        "name": _prop("what the hotel is called, e.g. acorn guest house"),
        "area": _prop("part of town, e.g. north", AREAS),
        "parking": _prop("whether it offers free parking, e.g. yes", ["yes", "no"]),
        "pricerange": _prop("price range, e.g. moderate", ["moderate", "expensive", "cheap"]),
        "stars": _prop("star rating, e.g. 4", ["0", "1", "2", "3", "4"]),
        "internet": _prop("whether it offers free internet, e.g. yes", ["yes", "no"]),
        "type": _prop("hotel or guesthouse, e.g. guesthouse", ["hotel", "guesthouse"]),
    }),
    _spec("book_hotel", "Reserve rooms at a hotel; returns success and a reference number.", {
        "name": _prop("what the hotel is called, e.g. acorn guest house"),
        "day": _prop("day of the week the stay starts, e.g. friday"),
        "people": _prop("number of people, e.g. 2"),
        "stay": _prop("number of nights, e.g. 3"),
    }),
    _spec("search_attraction", "Search the attraction database; returns a matching attraction, or [] if none.", {
        "type": _prop("kind of attraction, e.g. boat"),
        "name": _prop("what the attraction is called, e.g. kettle's yard"),
        "area": _prop("part of town, e.g. centre", AREAS),
    }),
    _spec("search_train", "Search the train timetable; returns a matching train, or [] if none.", {
        "leaveAt": _prop("leave at or after this time, e.g. 08:45"),
        "destination": _prop("station the train goes to, e.g. cambridge"),
        "day": _prop("day of the week, e.g. tuesday"),
        "arriveBy": _prop("arrive at or before this time, e.g. 12:30"),
        "departure": _prop("station the train leaves from, e.g. london liverpool street"),
    }),
    _spec("book_train", "Buy train tickets; returns success and a reference number.", {
        "people": _prop("number of seats, e.g. 3"),
        "trainID": _prop("id of the train, e.g. TR2048"),
    }),
)
BY_NAME: dict[str, ToolSpec] = {spec.name: spec for spec in SPECS}


class BadArguments(ValueError):
    """A call's arguments do not fit its API; the text is the error result the caller sees."""


def check_args(name: str, args: Mapping[str, JSON]) -> dict[str, str]:
    """The call's arguments in normal form (`norm`, empty ones dropped), or BadArguments naming the
    API, the argument and what is wrong with it."""
    spec = BY_NAME.get(name)
    if spec is None:
        raise BadArguments(f"there is no API {name!r} (APIs: {', '.join(BY_NAME)})")
    if not isinstance(args, Mapping):
        raise BadArguments(f"{name}: the parameters must be a JSON object, not {type(args).__name__}")
    properties = spec.parameters["properties"]
    clean: dict[str, str] = {}
    for slot, value in args.items():
        if slot not in properties:
            raise BadArguments(f"{name} has no parameter {slot!r} (parameters: {', '.join(properties)})")
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise BadArguments(f"{name}.{slot}: expected a string, got {json.dumps(value)}")
        text = norm(value)
        if not text:
            continue
        allowed = properties[slot].get("enum")
        if allowed is not None and text not in allowed:
            raise BadArguments(f"{name}.{slot}: {text!r} is not one of {', '.join(allowed)}")
        clean[slot] = text
    return clean


def serve_search(goal: Goal, domain: Domain, args: dict[str, str]) -> tuple[Row, ...]:
    """The paper's Algorithm 2: the database answers with the rows meeting `args` (the served
    results), and the API returns one of them chosen against the goal —

    - the arguments cover the goal's search (goal ⊆ args) and the goal books in this domain: the
      goal's entity if served, else a served entity violating the goal, else nothing;
    - the arguments under-specify the goal (args ⊆ goal): a served entity violating the goal
      whenever one exists, else the goal's entity when the goal books and it is served;
    - otherwise the first served row.
    "A violating entity" is the last served one in file order (the algorithm keeps overwriting it)."""
    served = query(domain, args)
    wanted = goal.of(domain)
    if wanted is None:
        return served[:1]
    goal_args = wanted.search
    booking = wanted.entity if wanted.book is not None else None
    correct = next((row for row in served if booking is not None and row.key == booking), None)
    wrong = next((row for row in reversed(served) if not satisfies(row, goal_args)), None)
    if all(args.get(slot) == value for slot, value in goal_args.items()):
        if booking is not None:
            return (correct,) if correct else (wrong,) if wrong else ()
    elif all(goal_args.get(slot) == value for slot, value in args.items()):
        if wrong is not None:
            return (wrong,)
        if booking is not None and correct is not None:
            return (correct,)
    return served[:1]


def reference(goal: Goal, domain: str) -> str:
    """The booking reference of this conversation's `domain` booking (stable per goal)."""
    return content_id("toolwoz-reference", goal.model_dump(mode="json"), domain)[:8].upper()


def book(goal: Goal, domain: str, args: dict[str, str]) -> dict[str, Any]:
    """The paper's Algorithm 3: a booking succeeds only when the goal books in this domain and the
    call names the goal's booking — its entity and every detail (day, people, time or nights)."""
    wanted = goal.of(domain)
    if wanted is not None and wanted.book is not None and args == wanted.book:
        return {"success": True, "return": {"reference": reference(goal, domain)}}
    return {"success": False, "return": None}


@dataclass(frozen=True)
class Outcome:
    result: JSON
    text: str
    error: bool
    completed: tuple[str, ...]  # goal-call keys this call completes


def call_api(goal: Goal, name: str, raw_args: Mapping[str, JSON]) -> Outcome:
    """One API call against a goal: its result (what APIRETURN shows) and the goal calls it completes."""
    try:
        args = check_args(name, raw_args)
    except BadArguments as err:
        return Outcome(result={"error": str(err)}, text=f"ERROR: {err}", error=True, completed=())
    domain = domain_of(name)
    if name.startswith("search_"):
        result: JSON = [dict(row.shown) for row in serve_search(goal, domain, args)]  # type: ignore[arg-type]
    else:
        result = book(goal, domain, args)
    completed = tuple(call.key for call in goal.calls() if completes(call, name, args))
    return Outcome(result=result, text=json.dumps(result, ensure_ascii=False), error=False, completed=completed)


def _run(name: str):
    def run(instance: Any, state: Any, args: Mapping[str, JSON]) -> ToolResult:
        outcome = call_api(instance.goal, name, args)
        return ToolResult(text=outcome.text, payload=outcome.result, error=outcome.error,
                          reward_keys=outcome.completed)

    return run


TOOLS: tuple[Tool, ...] = tuple(Tool(spec=spec, run=_run(spec.name)) for spec in SPECS)


def unknown_api(name: str) -> Tool:
    """A call to an API that does not exist is answered with an error result (the paper counts it
    as bad API use), not refused as unreadable."""
    spec = ToolSpec(name=name, description="", parameters={"type": "object"})
    return Tool(spec=spec, run=lambda instance, state, args: ToolResult(
        text=f"ERROR: there is no API {name!r} (APIs: {', '.join(BY_NAME)})",
        payload={"error": f"no API {name!r}"}, error=True))
