"""Mediation instances: two travellers, each with a three-day calendar (work events the assistant
also sees, private ones it does not; every event with an importance 1–10 only its owner knows),
a list of flights, and two private preference weights (price, arriving together). From the 162
human games shipped in `data/` (CDLA-Permissive-2.0, see data/SOURCE.md) or from the seeded
generator of `generator.py`, re-derived from the DialOp paper, Appendix A.1.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from importlib.resources import files
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from lamen.core.family import Instance

FAMILY_NAME = "dialop.mediation"
ASSISTANT = "assistant"
USERS = ("user-0", "user-1")
ROLES = (ASSISTANT, *USERS)
TURN_ORDER = (*USERS, ASSISTANT)  # the round-robin the paper iterates (users first, then the agent)
DATA = "data/mediation.jsonl"
_ORIGIN = datetime(2000, 1, 1)  # minutes are counted from here: no time zone, no locale


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CalendarEvent(_Frozen):
    start: str  # ISO minute, "2023-05-31T09:00" (local to the trip; no zone)
    end: str
    importance: int = Field(ge=1, le=10)  # known to the owner only
    shared: bool  # a work event the assistant also sees (without its importance)
    title: str = ""  # empty in the shipped games; the leak test plants canaries here


class Flight(_Frozen):
    carrier: str
    price: int = Field(ge=0)
    start: str
    end: str


class Traveller(_Frozen):
    """One user's private world. `flights` keep the stored order: a flight's id is its index."""

    flights: tuple[Flight, ...] = Field(min_length=1)
    calendar: tuple[CalendarEvent, ...]
    price_pref: int = Field(ge=0)  # weight of the price term (paper: Uniform[1, 20])
    arrival_pref: int = Field(ge=0)  # weight per 3 hours apart on arrival (paper: Uniform[1, 10])
    mean_price: int = Field(gt=0)  # centre of the price term (the mean of the flights drawn before filtering)
    note: str = ""  # a private line for this user (empty in shipped games; canaries in the leak test)

    def shared_events(self) -> tuple[CalendarEvent, ...]:
        return tuple(e for e in self.calendar if e.shared)

    def private_events(self) -> tuple[CalendarEvent, ...]:
        return tuple(e for e in self.calendar if not e.shared)


class MediationConfig(_Frozen):
    source: Literal["human", "generated"] = "human"
    days: int = Field(3, ge=1, le=7)
    p_event: float = Field(0.35, gt=0, le=1)
    f_shared: float = Field(0.75, ge=0, le=1)
    flights_drawn: int = Field(30, ge=1, le=200)


class MediationInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    users: tuple[Traveller, Traveller]
    assistant_note: str = ""  # a private line for the assistant (canaries in the leak test)


def minutes(iso: str) -> int:
    """Minutes since a fixed origin; ISO minute strings only."""
    return int((datetime.fromisoformat(iso) - _ORIGIN).total_seconds()) // 60


def user_index(role: str) -> int:
    if role not in USERS:
        raise KeyError(f"dialop.mediation has users {USERS}, not {role!r}")
    return USERS.index(role)


@lru_cache(maxsize=1)
def _human_lines() -> tuple[str, ...]:
    text = files("lamen.families.mediation").joinpath(DATA).read_text("utf-8")
    return tuple(line for line in text.splitlines() if line.strip())


def human_game_count() -> int:
    return len(_human_lines())


def human_record(index: int) -> dict:
    """The stored game as upstream wrote it (for tests against its recorded results)."""
    lines = _human_lines()
    if not 0 <= index < len(lines):
        raise ValueError(f"dialop.mediation has {len(lines)} human games: seed {index} is out of range 0–{len(lines) - 1}")
    return json.loads(lines[index])


def traveller_from_record(user: dict) -> dict:
    """One upstream `player_data` entry → the fields of a Traveller (validated by the caller, so
    an error names its whole path). An event is shared when it is in `shared_calendar` (matched
    on start, end and importance)."""
    shared = {(e["start"], e["end"], e["importance"]) for e in user["shared_calendar"]}
    return {"flights": [{"carrier": f["carrier"], "price": f["price"], "start": f["start"], "end": f["end"]}
                        for f in user["flights"]],
            "calendar": [{"start": e["start"], "end": e["end"], "importance": e["importance"],
                          "shared": (e["start"], e["end"], e["importance"]) in shared} for e in user["calendar"]],
            "price_pref": user["price_pref"], "arrival_pref": user["arrival_time_pref"],
            "mean_price": user["mean_price"]}


@lru_cache(maxsize=256)
def human_instance(index: int) -> MediationInstance:
    game = human_record(index)
    try:
        users = [traveller_from_record(u) for u in game["player_data"]]
        return MediationInstance.model_validate({"family": FAMILY_NAME, "source": f"dialop-human:{index}",
                                                 "users": users})
    except KeyError as err:
        raise ValueError(f"{DATA} line {index + 1}: player_data lacks the field {err}") from None
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{DATA} line {index + 1}: {where}: {first['msg']}") from None


def make_instance(config: MediationConfig, seed: int) -> MediationInstance:
    if config.source == "human":
        return human_instance(seed)
    from lamen.families.mediation.generator import generate

    return generate(config, seed)
