"""Planning scores (DialOp §2.2, Appendix A and FAMILIES.md Appendix B).

An itinerary is three slots, each a site or empty. Its score is the sum of its preferences:
feature preferences per site, the distance preference per leg between neighbouring filled slots
(weight × miles, truncated toward zero; miles = round(‖Δ(lon, lat)‖ × 69, 1)), and once per
itinerary the budget, "want to go" and "at least one" preferences. The game's score is range
normalised by the best and worst full itineraries: all 39·38·37 ordered triples of distinct sites.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lamen.families.planning.instances import (AtLeastOnePreference, BudgetPreference, DistancePreference,
                                               FeaturePreference, PlanningInstance, Site, WantToGoPreference,
                                               same_value)

Slots = Sequence[str | None]


def miles(a: Site, b: Site) -> float:
    return round(math.hypot(a.loc[0] - b.loc[0], a.loc[1] - b.loc[1]) * 69, 1)


def feature_points(site: Site, pref: FeaturePreference) -> int:
    if pref.feature not in site.features:
        return 0
    value = site.features[pref.feature]
    if any(same_value(value, v) for v in pref.good):
        return pref.weight
    if any(same_value(value, v) for v in pref.bad):
        return -pref.weight
    return 0


def leg_points(pref: DistancePreference, distance: float) -> int:
    return int(pref.weight * distance)  # toward zero, as the recorded scorecards do


@dataclass(frozen=True)
class SiteLine:
    slot: int
    site: Site
    points: int
    by_preference: tuple[tuple[int, int], ...]  # (preference index, points) for nonzero contributions


@dataclass(frozen=True)
class Leg:
    origin: str
    destination: str
    miles: float
    points: int


@dataclass(frozen=True)
class CheckItem:
    preference: int
    text: str
    met: bool
    points: int


@dataclass(frozen=True)
class Scorecard:
    """What the user is shown for a proposal: per site, per leg, the itinerary-wide checklist and
    the total; `by_preference` is the total split by preference (the recorded `scores` list)."""

    slots: tuple[str | None, ...]
    sites: tuple[SiteLine, ...]
    legs: tuple[Leg, ...]
    checklist: tuple[CheckItem, ...]
    by_preference: tuple[int, ...]
    by_event: tuple[int, ...]  # site, leg, site, leg, site (the recorded `scores_by_event`)
    price: int

    @property
    def total(self) -> int:
        return sum(self.by_preference)


def scorecard(instance: PlanningInstance, slots: Slots, unpenalized: Sequence[int] = ()) -> Scorecard:
    """Score an itinerary of len(slots) slots (names or None). `unpenalized`: preferences counted
    without their penalty, to reproduce the recorded cards of four shipped games."""
    sites = [None if name is None else instance.site(name) for name in slots]
    present = [s for s in sites if s is not None]
    by_pref = [0] * len(instance.preferences)
    by_event = [0] * (2 * len(sites) - 1)
    site_lines: list[SiteLine] = []
    legs: list[Leg] = []
    checklist: list[CheckItem] = []
    price = sum(s.price for s in present)
    for i, pref in enumerate(instance.preferences):
        if isinstance(pref, FeaturePreference):
            for slot, site in enumerate(sites):
                if site is not None:
                    pts = feature_points(site, pref)
                    by_pref[i] += pts
                    by_event[2 * slot] += pts
        elif isinstance(pref, DistancePreference):
            for slot in range(len(sites) - 1):
                a, b = sites[slot], sites[slot + 1]
                if a is not None and b is not None:
                    pts = leg_points(pref, miles(a, b))
                    by_pref[i] += pts
                    by_event[2 * slot + 1] += pts
        else:
            if isinstance(pref, BudgetPreference):
                met = price <= pref.budget
                pts = 0 if met else pref.weight
            else:
                if isinstance(pref, AtLeastOnePreference):
                    met = any(s.category == pref.category for s in present)
                else:
                    assert isinstance(pref, WantToGoPreference)
                    met = any(s.name in pref.sites for s in present)
                pts = pref.weight if met else (-pref.weight if pref.penalize and i not in unpenalized else 0)
            by_pref[i] = pts
            checklist.append(CheckItem(i, pref.text, met, pts))
    for slot, site in enumerate(sites):
        if site is not None:
            contributions = tuple((i, feature_points(site, p)) for i, p in enumerate(instance.preferences)
                                  if isinstance(p, FeaturePreference) and feature_points(site, p))
            site_lines.append(SiteLine(slot, site, by_event[2 * slot], contributions))
    for slot in range(len(sites) - 1):
        a, b = sites[slot], sites[slot + 1]
        if a is not None and b is not None:
            legs.append(Leg(a.name, b.name, miles(a, b), by_event[2 * slot + 1]))
    return Scorecard(tuple(slots), tuple(site_lines), tuple(legs), tuple(checklist), tuple(by_pref),
                     tuple(by_event), price)


def itinerary_score(instance: PlanningInstance, slots: Slots) -> int:
    return scorecard(instance, slots).total


def triple_scores(instance: PlanningInstance) -> np.ndarray:
    """Scores of every itinerary (i, j, k) as an n×n×n array (the same rules as `scorecard`,
    vectorised); entries with a repeated site are NaN."""
    sites = instance.sites
    n = len(sites)
    per_site = np.zeros(n)
    leg = np.zeros((n, n))
    extra = np.zeros((n, n, n))
    price = np.array([s.price for s in sites])
    total_price = price[:, None, None] + price[None, :, None] + price[None, None, :]
    for pref in instance.preferences:
        if isinstance(pref, FeaturePreference):
            per_site += np.array([feature_points(s, pref) for s in sites])
        elif isinstance(pref, DistancePreference):
            leg += np.array([[leg_points(pref, miles(a, b)) for b in sites] for a in sites])
        elif isinstance(pref, BudgetPreference):
            extra += np.where(total_price > pref.budget, pref.weight, 0)
        else:
            if isinstance(pref, AtLeastOnePreference):
                hit = np.array([s.category == pref.category for s in sites])
            else:
                hit = np.array([s.name in pref.sites for s in sites])
            any_hit = hit[:, None, None] | hit[None, :, None] | hit[None, None, :]
            extra += np.where(any_hit, pref.weight, -pref.weight if pref.penalize else 0)
    table = (per_site[:, None, None] + per_site[None, :, None] + per_site[None, None, :]
             + leg[:, :, None] + leg[None, :, :] + extra)
    i, j, k = np.indices((n, n, n))
    return np.where((i != j) & (j != k) & (i != k), table, np.nan)


@dataclass(frozen=True)
class Bounds:
    best: int
    worst: int
    best_itinerary: tuple[str, str, str]
    random_mean: float  # mean normalised score over all ordered triples (a uniformly random itinerary)

    def normalise(self, score: float) -> float:
        return (score - self.worst) / (self.best - self.worst)


_BOUNDS: dict[str, Bounds] = {}  # by instance content id: computing them takes ~50 ms


def _bounds(instance: PlanningInstance) -> Bounds:
    table = triple_scores(instance)
    best, worst = np.nanmax(table), np.nanmin(table)
    i, j, k = np.unravel_index(np.nanargmax(table), table.shape)
    names = instance.site_names()
    mean = float(np.nanmean((table - worst) / (best - worst)))
    return Bounds(int(best), int(worst), (names[i], names[j], names[k]), mean)


def bounds(instance: PlanningInstance) -> Bounds:
    """Best and worst full itinerary, the first best one (in site order) and the random mean."""
    key = instance.content_id()
    if key not in _BOUNDS:
        _BOUNDS[key] = _bounds(instance)
    return _BOUNDS[key]
