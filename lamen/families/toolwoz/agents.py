"""Scripted ToolWOZ agents (FAMILIES.md §5). Each reply is one move: an API call (the turn goes on)
or a message to the customer (the turn ends).

- oracle (cheat): reads the goal and calls every goal API with the goal's arguments, in order.
- slot-filler: finds slot values in the customer's messages by keyword matching against the
  databases' vocabularies, searches with every slot it knows as soon as they change, books the
  latest search result once it has the booking details, and asks for a missing detail.
- speak-only: only talks; never calls an API.
- random-api: one or two calls per turn of a random API with random values from the databases.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from lamen.core.types import Action, ActionSpace, Event, Message, Observation, ToolCall
from lamen.families.toolwoz.apis import SPECS
from lamen.families.toolwoz.db import BOOKABLE, SEARCH_SLOTS, rows, vocabulary
from lamen.families.toolwoz.goal import Goal

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DOMAIN_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("restaurant", ("restaurant",)), ("hotel", ("place to stay", "hotel", "guesthouse")),
    ("attraction", ("attraction",)), ("train", ("train",)))
BOOK_DETAILS = {"restaurant": ("people", "day", "time"), "hotel": ("people", "day", "stay"), "train": ("people",)}
ASK = {"people": "How many people will there be?", "day": "Which day would you like?",
       "time": "What time would suit you?", "stay": "How many nights will you stay?"}


@dataclass(frozen=True)
class Called:
    name: str
    args: dict
    result: object
    index: int


def calls_made(history: Sequence[Event]) -> list[Called]:
    """The agent's calls with their results, in order (a result follows its call)."""
    made: list[Called] = []
    pending: Event | None = None
    for event in history:
        if event.kind == "tool_call":
            pending = event
        elif event.kind == "tool_result" and pending is not None:
            made.append(Called(pending.payload["name"], dict(pending.payload["args"]),
                               event.payload.get("result"), pending.index))
            pending = None
    return made


def turn_start(history: Sequence[Event]) -> int:
    """The event index after which this agent turn began (the customer's latest message)."""
    return max((e.index for e in history if e.kind == "message" and e.role == "user"), default=-1)


def entity_name(row: dict) -> str:
    return row.get("name") or row.get("trainID") or "it"


# ---- oracle ------------------------------------------------------------------------------------------
class OracleAgent:
    """Cheat: knows the goal (from the instance)."""

    def __init__(self, goal: Goal) -> None:
        self.calls = goal.calls()

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        done = {c.name for c in calls_made(obs.history)}
        todo = [c for c in self.calls if c.name not in done]
        if todo and "tool_call" in legal.kinds:
            return (ToolCall(name=todo[0].name, args=dict(todo[0].args)),)
        return (Message(text=summary(obs) or "Is there anything else I can help you with?"),)


def summary(obs: Observation) -> str:
    """What this turn's calls found or booked, in a sentence each."""
    start = turn_start(obs.history)
    said = []
    for call in calls_made(obs.history):
        if call.index < start:
            continue
        if isinstance(call.result, dict) and call.result.get("success"):
            said.append(f"Your booking is confirmed; the reference number is {call.result['return']['reference']}.")
        elif isinstance(call.result, dict):
            said.append("I am sorry, that booking could not be made.")
        elif call.result:
            row = call.result[0]
            extra = ", ".join(f"{k} {v}" for k, v in row.items() if k not in ("name", "trainID") and v)
            said.append(f"I found {entity_name(row)} ({extra}).")
        else:
            said.append("I am sorry, nothing matches that.")
    return " ".join(said)


# ---- slot-filler -------------------------------------------------------------------------------------
def detect_domain(text: str) -> str | None:
    lowered = text.lower()
    hits = [(lowered.find(word), domain) for domain, words in DOMAIN_WORDS for word in words if word in lowered]
    return min(hits)[1] if hits else None


def _take(text: str, values: Sequence[str]) -> tuple[str | None, str]:
    for value in values:  # longest first
        if re.search(rf"\b{re.escape(value)}\b", text):
            return value, text.replace(value, " # ")
    return None, text


def extract(domain: str, message: str) -> dict[str, str]:
    """The slot values a keyword matcher reads in one customer message for `domain`."""
    text = " ".join(message.lower().split())
    found: dict[str, str] = {}
    if domain != "train":
        name, text = _take(text, vocabulary(domain, "name"))  # names first: they contain area and food words
        if name:
            found["name"] = name
    for slot in {"restaurant": ("food", "area", "pricerange"), "hotel": ("area", "pricerange", "type"),
                 "attraction": ("type", "area"), "train": ()}[domain]:
        value, text = _take(text, vocabulary(domain, slot))
        if value:
            found[slot] = value
    if domain == "hotel":
        if m := re.search(r"\b(\d) stars?\b", text):
            found["stars"] = m.group(1)
        if "free parking" in text:
            found["parking"] = "yes"
        if "wifi" in text or "internet" in text:
            found["internet"] = "yes"
    if domain == "train":
        for station in vocabulary("train", "departure"):
            at = text.find(station)
            if at < 0:
                continue
            before = text[:at].rstrip()
            if before.endswith("from"):
                found["departure"] = station
            elif before.endswith("to"):
                found["destination"] = station
        if m := re.search(r"\bafter (\d\d:\d\d)", text):
            found["leaveAt"] = m.group(1)
        if m := re.search(r"\bby (\d\d:\d\d)", text):
            found["arriveBy"] = m.group(1)
    if day := next((d for d in WEEKDAYS if re.search(rf"\b{d}\b", text)), None):
        found["day"] = day
    if m := re.search(r"\b(\d+) (?:people|persons|guests)\b", text):
        found["people"] = m.group(1)
    if domain == "restaurant" and (m := re.search(r"\bat (\d\d:\d\d)", text)):
        found["time"] = m.group(1)
    if domain == "hotel" and (m := re.search(r"\b(\d+) nights?\b", text)):
        found["stay"] = m.group(1)
    return found


def known_slots(history: Sequence[Event]) -> tuple[str | None, dict[str, dict[str, str]]]:
    """The customer's domain now and every slot heard so far, per domain (later values win)."""
    active: str | None = None
    slots: dict[str, dict[str, str]] = {}
    for event in history:
        if event.kind == "message" and event.role == "user":
            active = detect_domain(event.text) or active
            if active is not None:
                slots.setdefault(active, {}).update(extract(active, event.text))
    return active, slots


class SlotFillerAgent:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        active, slots = known_slots(obs.history)
        if active is None:
            return (Message(text="Hello! What are you looking for: a restaurant, a hotel, an attraction or a train?"),)
        heard = slots.get(active, {})
        # A restaurant's or hotel's day is a booking detail; only a train searches by day.
        search = {k: v for k, v in heard.items() if k in SEARCH_SLOTS[active]}
        made = calls_made(obs.history)
        searches = [c for c in made if c.name == f"search_{active}"]
        calling = "tool_call" in legal.kinds
        if calling and search and (not searches or searches[-1].args != search):
            return (ToolCall(name=f"search_{active}", args=search),)
        details = BOOK_DETAILS.get(active, ())
        found = searches[-1].result if searches and isinstance(searches[-1].result, list) else []
        missing = [d for d in details if d not in heard]
        if calling and active in BOOKABLE and found and not missing:
            key = "trainID" if active == "train" else "name"
            args = {key: found[0][key], **{d: heard[d] for d in details}}
            if not any(c.name == f"book_{active}" and c.args == args for c in made):
                return (ToolCall(name=f"book_{active}", args=args),)
        said = summary(obs)
        if found and missing and active in BOOKABLE:
            return (Message(text=f"{said} {ASK[missing[0]]}".strip()),)
        return (Message(text=said or "Could you tell me more about what you are looking for?"),)


# ---- baselines ---------------------------------------------------------------------------------------
class SpeakOnlyAgent:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return (Message(text="I see. Could you tell me more about what you need?"),)


def random_call(rng: random.Random) -> ToolCall:
    spec = rng.choice(SPECS)
    domain = spec.name.split("_", 1)[1]
    slots = list(spec.parameters["properties"])
    args: dict[str, str] = {}
    for slot in rng.sample(slots, rng.randint(1, min(2, len(slots)))):
        if spec.name.startswith("search_"):
            args[slot] = rng.choice(vocabulary(domain, slot))  # type: ignore[arg-type]
        elif slot in ("name", "trainID"):
            args[slot] = rng.choice(rows(domain)).key.split("@")[0]  # type: ignore[arg-type]
        elif slot == "people":
            args[slot] = str(rng.randint(1, 8))
        elif slot == "day":
            args[slot] = rng.choice(WEEKDAYS)
        elif slot == "time":
            args[slot] = f"{rng.randint(11, 20):02d}:{rng.choice((0, 15, 30, 45)):02d}"
        else:
            args[slot] = str(rng.randint(1, 5))
    return ToolCall(name=spec.name, args=args)


class RandomApiAgent:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        start = turn_start(obs.history)
        this_turn = [c for c in calls_made(obs.history) if c.index > start]
        if "tool_call" in legal.kinds and len(this_turn) < 2:
            return (random_call(rng),)
        return (Message(text="Done. Is there anything else?"),)
