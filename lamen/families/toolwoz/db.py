"""The four MultiWOZ databases ToolWOZ serves (restaurant, hotel, attraction, train), shipped in
`data/` under MIT (see data/SOURCE.md), loaded once as typed rows.

Every value an API compares is a lower-case string (`norm`); a row's `key` is what identifies its
entity across searches and bookings: the name, or for a train its id, day and leaving time (an id
runs on up to four days, and 52 ids name two routes on the same day). Train times compare as
times: `leaveAt` asks for a train leaving at or after it, `arriveBy` for one arriving at or before
it (MultiWOZ's meaning); every other slot is equality.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib.resources import files
from typing import Literal

from pydantic import BaseModel, ConfigDict

Domain = Literal["restaurant", "hotel", "attraction", "train"]
DOMAINS: tuple[Domain, ...] = ("restaurant", "hotel", "attraction", "train")
BOOKABLE: tuple[Domain, ...] = ("restaurant", "hotel", "train")  # the paper: attractions have no booking
LATEST_FIRST = {"leaveAt": ">=", "arriveBy": "<="}  # train slots compared as times


class Row(BaseModel):
    """One database entity: the slots an API may compare (`slots`) and what a result shows (`shown`)."""

    model_config = ConfigDict(frozen=True)

    domain: Domain
    key: str
    slots: dict[str, str]
    shown: dict[str, str]


# What a search result shows of a row, per domain (the rest — ids, map points, long blurbs — is
# noise to a model and cost to a prompt).
SHOWN: dict[Domain, tuple[str, ...]] = {
    "restaurant": ("name", "food", "area", "pricerange", "address", "postcode", "phone"),
    "hotel": ("name", "type", "area", "stars", "pricerange", "parking", "internet", "address", "postcode", "phone"),
    "attraction": ("name", "type", "area", "entrance fee", "address", "postcode", "phone"),
    "train": ("trainID", "departure", "destination", "day", "leaveAt", "arriveBy", "duration", "price"),
}
# The slots a search may filter on, per domain (the paper's API arguments, Appendix C).
SEARCH_SLOTS: dict[Domain, tuple[str, ...]] = {
    "restaurant": ("food", "pricerange", "name", "area"),
    "hotel": ("name", "area", "parking", "pricerange", "stars", "internet", "type"),
    "attraction": ("type", "name", "area"),
    "train": ("leaveAt", "destination", "day", "arriveBy", "departure"),
}


def norm(value: object) -> str:
    """The form every comparison uses: a lower-case string without outer or doubled spaces; a
    clock time "8:05" becomes "08:05". (Train ids keep their case for display via `shown`.)"""
    text = " ".join(str(value).strip().lower().split())
    if len(text) == 4 and text[1] == ":" and text[0].isdigit():
        text = "0" + text
    return text


def _row(domain: Domain, raw: dict) -> Row:
    slots = {slot: norm(raw[slot]) for slot in SEARCH_SLOTS[domain] if slot in raw}
    key = (f"{norm(raw['trainID'])}@{norm(raw['day'])}@{norm(raw['leaveAt'])}" if domain == "train"
           else norm(raw["name"]))
    shown = {field: str(raw.get(field, "")) for field in SHOWN[domain]}
    return Row(domain=domain, key=key, slots=slots, shown=shown)


@cache
def rows(domain: Domain) -> tuple[Row, ...]:
    """The domain's rows in file order (the order searches serve them)."""
    if domain not in DOMAINS:
        raise ValueError(f"toolwoz: no database for domain {domain!r} (domains: {', '.join(DOMAINS)})")
    path = files("lamen.families.toolwoz") / "data" / f"{domain}_db.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"toolwoz: {domain}_db.json cannot be read: {err}") from None
    return tuple(_row(domain, item) for item in raw)


@cache
def by_key(domain: Domain) -> dict[str, Row]:
    return {row.key: row for row in rows(domain)}


@cache
def vocabulary(domain: Domain, slot: str) -> tuple[str, ...]:
    """The distinct values of `slot` in the domain's rows, longest first (what keyword matching tries)."""
    values = {row.slots[slot] for row in rows(domain) if slot in row.slots}
    return tuple(sorted(values, key=lambda v: (-len(v), v)))


def holds(row: Row, slot: str, value: str) -> bool:
    """Whether `row` meets one constraint slot = value."""
    have = row.slots.get(slot)
    if have is None:
        return False
    op = LATEST_FIRST.get(slot) if row.domain == "train" else None
    if op == ">=":
        return have >= value
    if op == "<=":
        return have <= value
    return have == value


def satisfies(row: Row, constraints: dict[str, str]) -> bool:
    return all(holds(row, slot, value) for slot, value in constraints.items())


def query(domain: Domain, constraints: dict[str, str]) -> tuple[Row, ...]:
    """Plain database lookup: every row meeting all constraints, in file order."""
    return _query(domain, tuple(sorted(constraints.items())))


@lru_cache(maxsize=8192)  # episodes repeat the same searches (replays, snapshots, the completion rule)
def _query(domain: Domain, constraints: tuple[tuple[str, str], ...]) -> tuple[Row, ...]:
    wanted = dict(constraints)
    return tuple(row for row in rows(domain) if satisfies(row, wanted))
