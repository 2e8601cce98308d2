"""Scripted reference players for Planning (FAMILIES.md §5). A player fills either seat: each
has an assistant behaviour and a user behaviour (a player meant for one seat falls back to a
plain partner in the other). All read only their observation, except `oracle` (a cheat).

- random: the assistant proposes a uniformly random full itinerary; the user accepts anything.
- hill-climb: the assistant searches around a hub site, proposes the three nearest sites, then
  reads the user's reported card totals and proposes untried one-site changes of the best plan so
  far (each in its shortest visiting order), and at the end proposes its best plan again. It reads
  map distances from the database it holds (a model gets them with distance_to searches). As a
  user it plays `reporter`.
- reporter: the user lists its wishes verbatim, reports each card total, and accepts a full
  itinerary it has been shown before (the planner returning to it) or when the moves run out.
- threshold: the user reports like `reporter` but accepts a full itinerary whose total reaches the
  reference score it was shown (best of 100 random itineraries), or when the moves run out.
- oracle (cheat): the assistant proposes the best itinerary; the user accepts only an optimal one.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Sequence

from lamen.core.family import PlayerSpec, Policy
from lamen.core.types import Action, ActionSpace, Message, Observation, Propose, Respond, RoleId, Think, ToolCall
from lamen.families.planning.instances import SLOTS, PlanningInstance, Site
from lamen.families.planning.rules import AssistantView, UserView
from lamen.families.planning.scoring import bounds, itinerary_score, miles

REPORT = re.compile(r"scores\s+([+-]?\d+)\s+on my card", re.IGNORECASE)
SHORTLIST = 5  # hill-climb: the untried neighbours it chooses among (the nearest-packed ones)
DEADLINE = 2  # users accept whatever full plan waits once this few moves are left


# ---- assistants -----------------------------------------------------------------------------------
class RandomAssistant:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        names = [s.name for s in obs.private.sites]
        return (Propose(payload=rng.sample(names, SLOTS)),)


class OracleAssistant:
    def __init__(self, instance: PlanningInstance) -> None:
        self.best = list(bounds(instance).best_itinerary)

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return (Propose(payload=self.best),)


def path_length(sites: Sequence[Site]) -> float:
    return sum(miles(a, b) for a, b in zip(sites, sites[1:]))


def shortest_order(sites: Sequence[Site]) -> tuple[Site, ...]:
    """The visiting order with the least travel (first in enumeration order on ties)."""
    return min(itertools.permutations(sites), key=path_length)


def reported(obs: Observation) -> list[tuple[tuple[str, ...], int | None]]:
    """Each full itinerary the assistant proposed, with the total the user reported right after."""
    found: list[tuple[tuple[str, ...], int | None]] = []
    for event in obs.history:
        if event.role == "assistant" and event.kind == "propose" and None not in event.payload:
            found.append((tuple(event.payload), None))
        elif event.role == "user" and event.kind == "message" and found and found[-1][1] is None:
            if match := REPORT.search(event.text):
                found[-1] = (found[-1][0], int(match.group(1)))
    return found


class HillClimbAssistant:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        view: AssistantView = obs.private
        by_name = {s.name: s for s in view.sites}
        tried = reported(obs)
        if not tried:
            result = next((e for e in reversed(obs.history) if e.kind == "tool_result"), None)
            if result is None and "tool_call" in legal.kinds:
                hub = self._hub(obs, view.sites)
                return (ToolCall(name="search", args={"fields": ["name", "category", "price"],
                                                      "sort_by": [f"distance_to({hub.name})"], "limit": SLOTS}),)
            rows = (result.payload or {}).get("result") or {} if result is not None else {}
            names = [row[0] for row in rows.get("rows", [])][:SLOTS] if rows else []
            if len(names) < SLOTS:
                names = [s.name for s in view.sites[:SLOTS]]
            plan = [s.name for s in shortest_order([by_name[n] for n in names])]
            return (Think(text="Start with the sites packed closest together around the hub."),
                    Propose(payload=plan), Message(text="Here is a first plan; what does your card say?"))
        scored = [(total, -i, plan) for i, (plan, total) in enumerate(tried) if total is not None]
        if not scored:  # the user reports nothing: stand by the last plan
            return (Propose(payload=list(tried[-1][0])),)
        best_total, _, best = max(scored)
        if obs.budget.get("moves_left", 99) <= 2 * DEADLINE or obs.budget.get("words_left", 10**6) < 60:
            return (Think(text=f"Time is short: go back to the best plan so far ({best_total:+d})."),
                    Propose(payload=list(best)), Message(text="This is the best plan we found; shall we take it?"))
        seen = {frozenset(plan) for plan, _ in tried}
        candidates = []
        for slot in range(SLOTS):
            for site in view.sites:
                if site.name in best:
                    continue
                group = [by_name[n] for n in best]
                group[slot] = site
                if frozenset(s.name for s in group) in seen:
                    continue
                order = shortest_order(group)
                candidates.append((path_length(order), slot, site.name, tuple(s.name for s in order)))
        if not candidates:
            return (Propose(payload=list(best)),)
        candidates.sort()
        plan = rng.choice(candidates[:SHORTLIST])[3]
        return (Think(text=f"Best so far scores {best_total:+d}; try changing one stop."), Propose(payload=list(plan)),
                Message(text="How about this one?"))

    @staticmethod
    def _hub(obs: Observation, sites: Sequence[Site]) -> Site:
        """A site the user named in a message, else the most central site."""
        said = " ".join(e.text.lower() for e in obs.history if e.role == "user" and e.kind == "message")
        for site in sites:
            if site.name.lower() in said:
                return site
        return min(sites, key=lambda s: sum(miles(s, o) for o in sites))


# ---- users ----------------------------------------------------------------------------------------
def unreported_total(obs: Observation) -> int | None:
    """The total of the newest scorecard that arrived after this user last wrote."""
    for event in reversed(obs.history):
        if event.role == obs.role and event.kind in ("message", "respond"):
            return None
        if event.kind == "system" and isinstance(event.payload, dict) and "total" in event.payload:
            return int(event.payload["total"])
    return None


class ReportingUser:
    """Lists its wishes verbatim once, then reports each new card total; `accepts` decides, and
    whatever full plan waits is accepted once `deadline` moves or fewer are left."""

    deadline = DEADLINE

    def accepts(self, obs: Observation, total: int) -> bool:
        raise NotImplementedError

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        view: UserView = obs.private
        parts = []
        if not any(e.role == obs.role and e.kind == "message" for e in obs.history):
            parts.append("My wishes: " + "; ".join(view.preferences) + ".")
        total = unreported_total(obs)
        if total is not None:
            parts.append(f"That plan scores {total:+d} on my card.")
        if not parts:
            parts.append("Please send me a plan.")
        if "respond" in legal.kinds:
            assert total is not None
            if self.accepts(obs, total) or obs.budget.get("moves_left", 99) <= self.deadline:
                return (Respond(accept=True),)
            return (Respond(accept=False), Message(text=" ".join(parts)))
        return (Message(text=" ".join(parts)),)


class ReporterUser(ReportingUser):
    def accepts(self, obs: Observation, total: int) -> bool:
        plans = [tuple(e.payload) for e in obs.history if e.kind == "propose"]
        return plans[-1] in plans[:-1]


class ThresholdUser(ReportingUser):
    def accepts(self, obs: Observation, total: int) -> bool:
        return total >= obs.private.reference


class AcceptingUser:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" in legal.kinds:
            return (Respond(accept=True),)
        return (Message(text="Any plan is fine with me; please send one."),)


class OracleUser(ReportingUser):
    """Cheat: reports like `reporter`, but accepts only an optimal itinerary, deadline or not."""

    deadline = -1

    def __init__(self, instance: PlanningInstance) -> None:
        self.instance = instance

    def accepts(self, obs: Observation, total: int) -> bool:
        return itinerary_score(self.instance, obs.public["pending"]) == bounds(self.instance).best


# ---- registry -------------------------------------------------------------------------------------
def _seated(assistant: Callable[[PlanningInstance], Policy],
            user: Callable[[PlanningInstance], Policy]) -> Callable[[PlanningInstance, RoleId], Policy]:
    def make(instance: PlanningInstance, role: RoleId) -> Policy:
        return assistant(instance) if role == "assistant" else user(instance)

    return make


PLAYERS: dict[str, PlayerSpec] = {
    "random": PlayerSpec("random", "Assistant: a uniformly random full itinerary. User: accepts anything.",
                         _seated(lambda i: RandomAssistant(), lambda i: AcceptingUser())),
    "hill-climb": PlayerSpec("hill-climb", "Assistant: local search over the user's reported card totals "
                             "(as a user: reporter).",
                             _seated(lambda i: HillClimbAssistant(), lambda i: ReporterUser())),
    "reporter": PlayerSpec("reporter", "User: lists its wishes, reports each card total, accepts a plan shown "
                           "again (as an assistant: random).",
                           _seated(lambda i: RandomAssistant(), lambda i: ReporterUser())),
    "threshold": PlayerSpec("threshold", "User: reports each card total, accepts at the reference score "
                            "(as an assistant: random).",
                            _seated(lambda i: RandomAssistant(), lambda i: ThresholdUser())),
    "oracle": PlayerSpec("oracle", "Assistant: proposes the best itinerary. User: reports totals, accepts only "
                         "an optimal one.",
                         _seated(OracleAssistant, OracleUser), cheat=True),
}
