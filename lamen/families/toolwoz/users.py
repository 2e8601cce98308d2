"""Scripted customers (user simulators) for ToolWOZ: they disclose the goal piecemeal.

The goal becomes a queue of disclosures, domain by domain: first the search wishes (in the goal's
order), then the booking details (party size, day, time or nights). Each customer turn answers the
slots the assistant's last message asks about (when they are next in the current domain), then
tops up with the next disclosures of that domain: `terse` one per turn in a clipped phrase,
`verbose` two per turn in full, friendly sentences. Once everything is disclosed and the assistant
has answered, the customer writes END_CONVERSATION (the rules end it anyway at 15 messages).

A policy is pure in its observation: each turn replays the disclosures of the earlier turns from
the assistant's messages, so nothing is remembered between calls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from lamen.core.types import Action, ActionSpace, EndSession, Message, Observation
from lamen.families.toolwoz.goal import Goal

DOMAIN_WORDS = {"restaurant": "a restaurant", "hotel": "a place to stay", "attraction": "an attraction to visit",
                "train": "a train"}
PHRASES: dict[tuple[str, str], str] = {
    ("restaurant", "food"): "serving {v} food", ("restaurant", "area"): "in the {v} area",
    ("restaurant", "pricerange"): "in the {v} price range", ("restaurant", "name"): "called {v}",
    ("hotel", "name"): "called {v}", ("hotel", "area"): "in the {v} area", ("hotel", "parking"): "with free parking",
    ("hotel", "internet"): "with free wifi", ("hotel", "pricerange"): "in the {v} price range",
    ("hotel", "stars"): "with {v} stars", ("hotel", "type"): "of the {v} kind",
    ("attraction", "type"): "of the {v} type", ("attraction", "area"): "in the {v} area",
    ("attraction", "name"): "called {v}",
    ("train", "departure"): "leaving from {v}", ("train", "destination"): "going to {v}", ("train", "day"): "on {v}",
    ("train", "leaveAt"): "leaving after {v}", ("train", "arriveBy"): "arriving by {v}",
    ("book", "people"): "for {v} people", ("book", "day"): "on {v}", ("book", "time"): "at {v}",
    ("book", "stay"): "for {v} nights",  # "1 nights": the matcher reads digits, not grammar
}
# What an assistant's question must contain for a customer to hear it as asking about a slot.
QUESTIONS: tuple[tuple[str, str], ...] = (
    ("how many people", "people"), ("which day", "day"), ("what day", "day"), ("what time", "time"),
    ("how many nights", "stay"), ("which area", "area"), ("what area", "area"), ("price range", "pricerange"),
    ("what kind of food", "food"), ("what type", "type"), ("how many stars", "stars"),
    ("where from", "departure"), ("leaving from", "departure"), ("where to", "destination"),
    ("going to", "destination"), ("leave after", "leaveAt"), ("arrive by", "arriveBy"),
)


@dataclass(frozen=True)
class Item:
    domain: str
    stage: str  # "search" or "book"
    slot: str
    value: str

    def phrase(self) -> str:
        key = ("book", self.slot) if self.stage == "book" else (self.domain, self.slot)
        return PHRASES[key].format(v=self.value)


def disclosures(goal: Goal) -> tuple[Item, ...]:
    items = []
    for wanted in goal.domains:
        items += [Item(wanted.domain, "search", slot, value) for slot, value in wanted.search.items()]
        if wanted.book is not None:
            items += [Item(wanted.domain, "book", slot, value) for slot, value in wanted.book.items()
                      if slot not in ("name", "trainID")]
    return tuple(items)


def asked_slots(text: str) -> set[str]:
    lowered = text.lower()
    return {slot for words, slot in QUESTIONS if words in lowered}


def turn_items(queue: Sequence[Item], said: set[int], question: str, per_turn: int) -> list[int]:
    """The queue positions a customer discloses this turn: asked slots first, then the next ones,
    all within the first domain that still has something to say."""
    left = [i for i in range(len(queue)) if i not in said]
    if not left:
        return []
    domain = queue[left[0]].domain
    here = [i for i in left if queue[i].domain == domain]
    asked = asked_slots(question)
    chosen = [i for i in here if queue[i].slot in asked][:per_turn]
    chosen += [i for i in here if i not in chosen][:per_turn - len(chosen)]
    return sorted(chosen)


class ScriptedCustomer:
    def __init__(self, per_turn: int, verbose: bool) -> None:
        self.per_turn = per_turn
        self.verbose = verbose

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        self.queue = disclosures(obs.private.goal)  # a cache of the observation's goal
        said: set[int] = set()
        question = ""  # the assistant's latest message since the customer's latest one
        for event in obs.history:
            if event.kind != "message":
                continue
            if event.role == "user":  # replay what that turn disclosed
                said.update(turn_items(self.queue, said, question, self.per_turn))
                question = ""
            else:
                question = event.text
        now = turn_items(self.queue, said, question, self.per_turn)
        if not now:  # everything said, and the assistant has had its turn to act on it
            return (Message(text="Thank you, that is all I need." if self.verbose else "Thanks, that's all."),
                    EndSession())
        return (Message(text=self.words([self.queue[i] for i in now], opens=self.opens(now, said))),)

    def opens(self, now: list[int], said: set[int]) -> bool:
        domain = self.queue[now[0]].domain
        return not any(self.queue[i].domain == domain for i in said)

    def words(self, items: list[Item], opens: bool) -> str:
        wishes = [item.phrase() for item in items if item.stage == "search"]
        booking = [item.phrase() for item in items if item.stage == "book"]
        domain = DOMAIN_WORDS[items[0].domain]
        parts = []
        if not self.verbose:
            if opens:
                parts.append(f"I need {domain}{' ' + ', '.join(wishes) if wishes else ''}.")
            elif wishes:
                parts.append(f"It should be {', '.join(wishes)}.")
            if booking:
                parts.append(f"Book it {', '.join(booking)}.")
            return " ".join(parts)
        if opens:
            parts.append(f"Hello there! I am hoping you can help me find {domain}.")
            if wishes:
                parts.append(f"Ideally it would be {' and '.join(wishes)}.")
        elif wishes:
            parts.append(f"Oh, and I forgot to say: it should be {' and '.join(wishes)}.")
        if booking:
            parts.append(f"I would like to make a booking {' and '.join(booking)}, please.")
        parts.append("Thank you so much for your help." if opens else "Thanks for bearing with me.")
        return " ".join(parts)


def terse() -> ScriptedCustomer:
    return ScriptedCustomer(per_turn=1, verbose=False)


def verbose() -> ScriptedCustomer:
    return ScriptedCustomer(per_turn=2, verbose=True)

