"""The Mediation score (DialOp §2.3, FAMILIES.md Appendix B), re-derived from the paper and checked
against every stored number of the 162 human games.

Each user's scorecard for its flight f, given the other user's flight g:
- calendar: minus the summed importance of the user's events (shared and private) that f overlaps;
- price: −price_pref × (price − mean_price) / mean_price, truncated toward zero;
- arrival: −arrival_pref × (whole hours between the two arrivals) / 3, truncated toward zero.
The pair's value is the sum of both users' totals (the arrival term counts once per user, with
each user's own weight); the team score is that value range-normalised over every flight pair.
All arithmetic is on integers, so the score is the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lamen.families.mediation.instances import CalendarEvent, Flight, MediationInstance, Traveller, minutes


def _trunc_div(numerator: int, denominator: int) -> int:
    """numerator / denominator truncated toward zero (Python's // floors), for denominator > 0."""
    q = abs(numerator) // denominator
    return q if numerator >= 0 else -q


def overlaps(flight: Flight, event: CalendarEvent) -> bool:
    """Open intervals: a flight landing as a meeting starts does not conflict with it."""
    return minutes(event.start) < minutes(flight.end) and minutes(flight.start) < minutes(event.end)


def conflicts(user: Traveller, flight: Flight) -> tuple[CalendarEvent, ...]:
    return tuple(e for e in user.calendar if overlaps(flight, e))


def calendar_term(user: Traveller, flight: Flight) -> int:
    return -sum(e.importance for e in conflicts(user, flight))


def price_term(user: Traveller, flight: Flight) -> int:
    return _trunc_div(-user.price_pref * (flight.price - user.mean_price), user.mean_price)


def hours_apart(a: Flight, b: Flight) -> int:
    return abs(minutes(a.end) - minutes(b.end)) // 60


def arrival_term(user: Traveller, flight: Flight, other: Flight) -> int:
    return -((user.arrival_pref * hours_apart(flight, other)) // 3)


@dataclass(frozen=True)
class Scorecard:
    """What a user is shown for its side of a proposal (and what it contributes to the team)."""

    calendar: int
    price: int
    arrival: int
    conflicts: tuple[CalendarEvent, ...]

    @property
    def total(self) -> int:
        return self.calendar + self.price + self.arrival


def scorecard(instance: MediationInstance, user: int, flight_id: int, other_flight_id: int) -> Scorecard:
    me, other = instance.users[user], instance.users[1 - user]
    flight, theirs = me.flights[flight_id], other.flights[other_flight_id]
    return Scorecard(calendar=calendar_term(me, flight), price=price_term(me, flight),
                     arrival=arrival_term(me, flight, theirs), conflicts=conflicts(me, flight))


@lru_cache(maxsize=1024)
def pair_values(instance: MediationInstance) -> tuple[tuple[int, ...], ...]:
    """values[i][j]: the team value of user 0 on flight i and user 1 on flight j."""
    u0, u1 = instance.users
    own0 = [calendar_term(u0, f) + price_term(u0, f) for f in u0.flights]
    own1 = [calendar_term(u1, f) + price_term(u1, f) for f in u1.flights]
    return tuple(tuple(own0[i] + own1[j] + arrival_term(u0, f, g) + arrival_term(u1, g, f)
                       for j, g in enumerate(u1.flights)) for i, f in enumerate(u0.flights))


def pair_value(instance: MediationInstance, flight0: int, flight1: int) -> int:
    return pair_values(instance)[flight0][flight1]


def bounds(instance: MediationInstance) -> tuple[int, int]:
    """(best, worst) team value over every flight pair."""
    flat = [v for row in pair_values(instance) for v in row]
    return max(flat), min(flat)


def normalised(instance: MediationInstance, value: int) -> float:
    best, worst = bounds(instance)
    return 1.0 if best == worst else (value - worst) / (best - worst)


def random_pair_mean(instance: MediationInstance) -> float:
    """The expected normalised score of a uniformly random flight pair (exact).

    The random baseline is the mean of this over games: **0.59541** on the 162 shipped games
    (0.5954094894921561). Issue 17 and FAMILIES.md §5 say 0.5956; no justified rule gives that
    (tests/test_mediation_random_baseline.py computes each candidate exactly):
    - averaging: per game, then over games (this one; each game counts once, as in Planning's
      0.5150 and Optimization's 0.6103) 0.595409; pooled over every pair of every game 0.596679
      (games have 10 to 30 flights a user, so a big game weighs more: in Planning and Optimization,
      whose games are all one size, the two coincide); the median game 0.596567; each game's mean
      rounded to 2 places first 0.595741, to 3 places 0.595432;
    - the scoring terms: of ten variants (touching meetings conflict; the price or arrival term
      floored, rounded or unrounded; fractional hours; hours by departure; the arrival term once),
      only these terms give the recorded best and worst of all 162 games, and none gives 0.5956;
    - sampling: one random match has standard deviation 0.229, so 10,000 sampled matches are
      ±0.0023 and cannot tell 0.5954 from 0.5956 (0.08 SE apart); a 161-game set would also do it
      (leaving out any one of 17 games gives 0.5956).
    So 0.5956 is most likely a sampled or differently-aggregated figure; the exact per-game mean
    of the rule that reproduces every recorded number is kept."""
    best, worst = bounds(instance)
    flat = [v for row in pair_values(instance) for v in row]
    return 1.0 if best == worst else (sum(flat) / len(flat) - worst) / (best - worst)


def ranked_pairs(values: tuple[tuple[float, ...], ...] | list[list[float]]) -> list[tuple[int, int]]:
    """Every pair, best first; ties in (flight of user 0, flight of user 1) order."""
    pairs = [(i, j) for i in range(len(values)) for j in range(len(values[0]))]
    return sorted(pairs, key=lambda p: (-values[p[0]][p[1]], p))
