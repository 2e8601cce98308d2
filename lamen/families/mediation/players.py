"""Scripted reference players for Mediation (FAMILIES.md §5). Every player fills every seat (the
schedule may seat any of them anywhere); each reads only its observation, except `oracle`, which
reads the whole instance and is marked a cheat.

- `random`: the agent proposes a uniformly random flight pair; a user accepts anything and
  otherwise passes (so it never tells the agent anything).
- `shared-view`: the agent proposes the best pair under its estimate of the users' worth —
  built from what it sees (work meetings at importance 5.5, price weight 10.5 and arrival weight
  5.5, the means of the paper's ranges, a normal price = the mean of the listed flights) and
  whatever the users reported — and after a rejection the next best pair it has not proposed yet.
  On a user seat it reports every meeting with its importance, its weights and its normal price on
  its first turn, then passes, and accepts anything.
- `threshold`: on the agent seat it plays shared-view. A user stays silent until it turns a
  proposal down: it accepts when the scorecard total reaches the median worth of its own flights
  (meetings and price only), otherwise rejects and then reports the meetings the rejected flight
  overlapped, its weights and its normal price.
- `oracle` (cheat): the agent proposes the best pair (then the next best, if rejected); a user
  accepts only a best pair.
"""

from __future__ import annotations

import math
import random
import re
import statistics
from collections.abc import Callable, Sequence
from datetime import datetime

from lamen.core.family import PlayerSpec, Policy
from lamen.core.types import Action, ActionSpace, EndTurn, Message, Observation, Propose, Respond, RoleId
from lamen.families.mediation.instances import ASSISTANT, USERS, CalendarEvent, MediationInstance, Traveller, minutes
from lamen.families.mediation.rules import AssistantView, UserView
from lamen.families.mediation.scoring import calendar_term, conflicts, price_term, ranked_pairs
from lamen.families.mediation.timefmt import span

UNKNOWN_IMPORTANCE = 5.5  # mean of Uniform{1..10}
UNKNOWN_PRICE_PREF = 10.5  # mean of Uniform[1, 20]
UNKNOWN_ARRIVAL_PREF = 5.5  # mean of Uniform[1, 10]

REPORT = "What I can tell you:"
_MEETING = re.compile(r"(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}) ([AP]M) – (?:(\d{1,2})/(\d{1,2}) )?(\d{1,2}):(\d{2}) ([AP]M)"
                      r" matters (\d{1,2})")
_PRICE = re.compile(r"price weighs (\d+) for me and my normal price is \$(\d+)")
_ARRIVAL = re.compile(r"arriving together weighs (\d+)")


# ---- what users write ----------------------------------------------------------------------
def report_text(view: UserView, events: Sequence[CalendarEvent]) -> str:
    meetings = "; ".join(f"{span(e.start, e.end)} matters {e.importance}" for e in events)
    listed = f" Meetings: {meetings}." if meetings else " No meeting is in the way."
    return (f"{REPORT}{listed} For the rest, price weighs {view.price_pref} for me and my normal price is "
            f"${view.mean_price}; arriving together weighs {view.arrival_pref}.")


def _iso(year: int, month: str, day: str, hour: str, minute: str, half: str) -> str:
    h = int(hour) % 12 + (12 if half == "PM" else 0)
    return datetime(year, int(month), int(day), h, int(minute)).isoformat(timespec="minutes")


def read_report(text: str, year: int) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    """(meetings by (start, end) → importance, preferences) from one user's report messages."""
    meetings: dict[tuple[str, str], int] = {}
    for m in _MEETING.finditer(text):
        start = _iso(year, m[1], m[2], m[3], m[4], m[5])
        end = _iso(year, m[6] or m[1], m[7] or m[2], m[8], m[9], m[10])
        meetings[(start, end)] = int(m[11])
    prefs: dict[str, int] = {}
    if found := _PRICE.search(text):
        prefs.update(price_pref=int(found[1]), mean_price=int(found[2]))
    if found := _ARRIVAL.search(text):
        prefs["arrival_pref"] = int(found[1])
    return meetings, prefs


# ---- the agent's estimate --------------------------------------------------------------------
def estimate(view: AssistantView, history: Sequence, year: int) -> list[list[float]]:
    """The team value of every pair as the agent can estimate it from its view and the reports."""
    own: list[list[float]] = []
    weights: list[float] = []
    for u, role in enumerate(USERS):
        said = "\n".join(e.text for e in history if e.role == role and e.kind == "message" and REPORT in e.text)
        reported, prefs = read_report(said, year)
        known = {(w.start, w.end): UNKNOWN_IMPORTANCE for w in view.work[u]}
        known.update(reported)
        flights = view.flights[u]
        normal = prefs.get("mean_price", statistics.mean(f.price for f in flights))
        pp = prefs.get("price_pref", UNKNOWN_PRICE_PREF)
        slots = [(minutes(s), minutes(e), imp) for (s, e), imp in known.items()]
        row = []
        for f in flights:
            fs, fe = minutes(f.start), minutes(f.end)
            meetings = -sum(imp for s, e, imp in slots if s < fe and fs < e)
            row.append(meetings + math.trunc(-pp * (f.price - normal) / normal))
        own.append(row)
        weights.append(prefs.get("arrival_pref", UNKNOWN_ARRIVAL_PREF))
    lands = [[minutes(f.end) for f in view.flights[u]] for u in (0, 1)]
    values = []
    for i, a in enumerate(lands[0]):
        row = []
        for j, b in enumerate(lands[1]):
            hours = abs(a - b) // 60
            row.append(own[0][i] + own[1][j] + math.trunc(-weights[0] * hours / 3) + math.trunc(-weights[1] * hours / 3))
        values.append(row)
    return values


def proposed_pairs(history: Sequence) -> set[tuple[int, int]]:
    return {(e.payload[USERS[0]], e.payload[USERS[1]]) for e in history if e.kind == "propose" and e.role == ASSISTANT}


def next_untried(ranking: Sequence[tuple[int, int]], history: Sequence) -> tuple[int, int]:
    tried = proposed_pairs(history)
    return next((p for p in ranking if p not in tried), ranking[0])


def _propose(pair: tuple[int, int]) -> tuple[Action, ...]:
    return (Propose(payload={USERS[0]: pair[0], USERS[1]: pair[1]}, to=USERS),)


def _year(view: AssistantView) -> int:
    return datetime.fromisoformat(view.flights[0][0].start).year


# ---- the policies ----------------------------------------------------------------------------
class RandomPlayer:
    """Agent: a uniformly random flight pair at every turn. User: accepts anything, else passes."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if obs.role != ASSISTANT:
            return (Respond(accept=True),) if "respond" in legal.kinds else (EndTurn(),)
        view: AssistantView = obs.private
        return _propose((rng.randrange(len(view.flights[0])), rng.randrange(len(view.flights[1]))))


class SharedViewAgent:
    """Agent: the best pair under its estimate (work meetings, mean weights, and the reports it
    got) that it has not proposed yet."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        view: AssistantView = obs.private
        return _propose(next_untried(ranked_pairs(estimate(view, obs.history, _year(view))), obs.history))


class ReporterUser:
    """User: reports every meeting, its weights and normal price on its first turn; accepts anything."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" in legal.kinds:
            return (Respond(accept=True),)
        if any(e.role == obs.role and e.kind == "message" for e in obs.history):
            return (EndTurn(),)
        view: UserView = obs.private
        return (Message(text=report_text(view, view.calendar)),)


class ThresholdUser:
    """User: accepts a proposal whose scorecard total reaches the median worth of its own flights
    (meetings and price); after a rejection, reports what the rejected flight ran into."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        view: UserView = obs.private
        cards = [e for e in obs.history if e.kind == "system" and e.payload and "total" in e.payload]
        if "respond" in legal.kinds:
            return (Respond(accept=cards[-1].payload["total"] >= self.threshold(view)),)
        answers = [e for e in obs.history if e.role == obs.role and e.kind in ("respond", "message")]
        if answers and answers[-1].kind == "respond" and not answers[-1].payload["accept"]:
            flight = view.flights[cards[-1].payload["flight"]]
            return (Message(text=report_text(view, conflicts(_as_traveller(view), flight))),)
        return (EndTurn(),)

    @staticmethod
    def threshold(view: UserView) -> float:
        me = _as_traveller(view)
        return statistics.median(calendar_term(me, f) + price_term(me, f) for f in view.flights)


def _as_traveller(view: UserView) -> Traveller:
    return Traveller(flights=view.flights, calendar=view.calendar, price_pref=view.price_pref,
                     arrival_pref=view.arrival_pref, mean_price=view.mean_price)


class OracleAgent:
    """Cheat: the best pair, then the next best ones if rejected."""

    def __init__(self, instance: MediationInstance) -> None:
        from lamen.families.mediation.scoring import pair_values

        self.ranking = ranked_pairs(pair_values(instance))

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return _propose(next_untried(self.ranking, obs.history))


class OracleUser:
    """Cheat: accepts only its own flight of the best pair (the first best pair, as the oracle agent
    ranks them); a user sees only its own side of a proposal, so both must agree on that pair."""

    def __init__(self, instance: MediationInstance, role: RoleId) -> None:
        from lamen.families.mediation.scoring import pair_values

        self.flight = ranked_pairs(pair_values(instance))[0][USERS.index(role)]

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" not in legal.kinds:
            return (EndTurn(),)
        return (Respond(accept=obs.public["pending"] == self.flight),)


def _by_role(agent: Callable[[MediationInstance], Policy], user: Callable[[MediationInstance, RoleId], Policy]
             ) -> Callable[[MediationInstance, RoleId], Policy]:
    def make(instance: MediationInstance, role: RoleId) -> Policy:
        return agent(instance) if role == ASSISTANT else user(instance, role)

    return make


PLAYERS: dict[str, PlayerSpec] = {
    "random": PlayerSpec("random", RandomPlayer.__doc__ or "", _by_role(lambda i: RandomPlayer(), lambda i, r: RandomPlayer())),
    "shared-view": PlayerSpec("shared-view", "Agent: best pair under its estimate from work meetings and reports; "
                              "user: reports everything, accepts anything.",
                              _by_role(lambda i: SharedViewAgent(), lambda i, r: ReporterUser())),
    "threshold": PlayerSpec("threshold", "Agent: shared-view; user: accepts at its median own worth, reports what "
                            "a rejected flight ran into.", _by_role(lambda i: SharedViewAgent(), lambda i, r: ThresholdUser())),
    "oracle": PlayerSpec("oracle", "Cheat. Agent: the best pair (the next best if rejected); user: accepts only "
                         "its flight of the best pair.", _by_role(OracleAgent, OracleUser), cheat=True),
}
