"""A seeded Mediation generator, re-derived from the DialOp paper (Appendix A.1) and, where the
paper is silent, from what the 162 shipped games show (noted at each choice):

- calendar: each day, half-hour steps from 9:00 to 20:30 (the shipped games' first and last
  event starts); at each free step an event starts with probability p_event, lasting 30 min, 1 h,
  2 h or 4 h with equal chance (the paper's four lengths; equally frequent in the games);
  importance uniform on 1..10. ⌊0.75·n⌋ of a user's n events are work events the assistant sees
  (exactly this count in every shipped game).
- flights: 30 per user, departing at a uniform minute between day 1 9:00 and day 3 19:00 (the
  games' range), all lasting one duration per user, uniform on 1..10 hours, plus a few minutes
  (geometric, as in the games); prices drawn from N(μ, μ), μ ~ Uniform[50, 1000], floored at
  $50 (the games' minimum); only flights overlapping at least one event are kept (true of all
  7,245 shipped flights).
- preferences: price weight uniform on 1..20, arrival weight uniform on 1..10.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from lamen.families.mediation.instances import (FAMILY_NAME, CalendarEvent, Flight, MediationConfig,
                                                MediationInstance, Traveller)

FIRST_DAY = datetime(2023, 5, 31)  # the shipped games' dates
LENGTHS = (30, 60, 120, 240)  # minutes
CARRIERS = ("Alaska", "American", "Delta", "JetBlue", "Southwest", "United")
MIN_PRICE = 50


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="minutes")


def _calendar(rng: random.Random, config: MediationConfig) -> tuple[CalendarEvent, ...]:
    spans: list[tuple[datetime, datetime]] = []
    for day in range(config.days):
        t = FIRST_DAY + timedelta(days=day, hours=9)
        last_start = FIRST_DAY + timedelta(days=day, hours=20, minutes=30)
        while t <= last_start:
            if rng.random() < config.p_event:
                length = timedelta(minutes=rng.choice(LENGTHS))
                spans.append((t, t + length))
                t += length
            else:
                t += timedelta(minutes=30)
    shared = set(rng.sample(range(len(spans)), int(config.f_shared * len(spans))))
    return tuple(CalendarEvent(start=_iso(s), end=_iso(e), importance=rng.randint(1, 10), shared=i in shared)
                 for i, (s, e) in enumerate(spans))


def _flights(rng: random.Random, config: MediationConfig, calendar: tuple[CalendarEvent, ...]
             ) -> tuple[tuple[Flight, ...], int]:
    mu = rng.uniform(50, 1000)
    hours = rng.randint(1, 10)
    earliest = FIRST_DAY + timedelta(hours=9)
    window = int((timedelta(days=config.days - 1, hours=10)).total_seconds() // 60)  # to day 3, 19:00
    drawn = []
    for _ in range(config.flights_drawn):
        start = earliest + timedelta(minutes=rng.randrange(window))
        extra = 0
        while rng.random() < 0.37:  # the games' extra minutes: 63% none, then ~ ×0.37 per minute
            extra += 1
        end = start + timedelta(hours=hours, minutes=extra)
        price = max(MIN_PRICE, round(rng.gauss(mu, mu)))
        drawn.append(Flight(carrier=rng.choice(CARRIERS), price=price, start=_iso(start), end=_iso(end)))
    kept = [f for f in drawn if any(e.start < f.end and f.start < e.end for e in calendar)]  # ISO strings order as times
    return tuple(sorted(kept, key=lambda f: (f.start, f.end, f.price))), max(1, int(mu))


def generate(config: MediationConfig, seed: int) -> MediationInstance:
    """The same (config, seed) gives the same instance on every machine (Python's seeded Random)."""
    rng = random.Random(f"{FAMILY_NAME}:{seed}:{config.model_dump_json()}")
    users = []
    while len(users) < 2:
        calendar = _calendar(rng, config)
        flights, mean_price = _flights(rng, config, calendar)
        if not flights:  # nothing overlaps an empty calendar: draw this user again
            continue
        users.append(Traveller(flights=flights, calendar=calendar, price_pref=rng.randint(1, 20),
                               arrival_pref=rng.randint(1, 10), mean_price=mean_price))
    return MediationInstance(family=FAMILY_NAME, source=f"generated:seed={seed}", users=tuple(users))  # type: ignore[arg-type]
