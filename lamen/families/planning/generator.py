"""A seeded Planning generator, re-derived from the DialOp paper's Appendix A and the shipped games.

The catalogue comes from the shipped games (CDLA data): the 39 site names with their categories,
the 100 map points the sites are shuffled over, each category's price steps and the feature
schema (which features a category may carry, and their values). Per instance, following the paper:
each site gets a random point (no two share one), a price, and five distinct features valid for its
category with uniform values. The user always has a budget-or-not and a distance preference and
up to ten preferences in all, drawn from the kinds the paper lists (feature, want to go, price,
at least one site of a category, distance), with weights uniform on 1..10 and the frequencies seen
in the shipped games. The preference texts are this project's own templates; unlike the shipped
games, the parking and takeout preferences name the real features (see instances.py).
"""

from __future__ import annotations

import random
from functools import lru_cache

from lamen.families.planning.instances import (CATEGORIES, FAMILY_NAME, AtLeastOnePreference, BudgetPreference,
                                               DistancePreference, FeaturePreference, FeatureSpec, FeatureValue,
                                               PlanningInstance, Preference, Site, WantToGoPreference, _human_games,
                                               schema)

SITES_PER_GAME = 39
FEATURES_PER_SITE = 5
# Frequencies measured on the 113 shipped games.
P_BUDGET, P_AT_LEAST_ONE, P_WANT_TO_GO = 102 / 113, 103 / 113, 99 / 113
P_PENALIZE_AT_LEAST_ONE, P_PENALIZE_WANT_TO_GO = 61 / 103, 47 / 99
TOTAL_PREFERENCES = ((11, 79), (10, 14), (9, 16), (8, 4))  # (preferences in all, games)
BUDGETS = (30, 40, 50, 60, 70, 80, 90)


@lru_cache(maxsize=1)
def catalogue() -> tuple[tuple[tuple[str, str], ...], tuple[tuple[float, float], ...], dict[str, tuple[int, ...]]]:
    """(name, category) of the 39 sites, the 100 map points, and each category's prices, as seen
    across the shipped games (sorted, so the catalogue does not depend on file order)."""
    games = _human_games()
    sites = tuple(sorted({(e["name"], e["etype"]) for g in games for e in g["events"]}))
    points = tuple(sorted({(e["loc"][0], e["loc"][1]) for g in games for e in g["events"]}))
    prices: dict[str, set[int]] = {}
    for g in games:
        for e in g["events"]:
            prices.setdefault(e["etype"], set()).add(int(e["est_price"]))
    return sites, points, {c: tuple(sorted(p)) for c, p in prices.items()}


def _applies(spec: FeatureSpec, category: str) -> bool:
    return spec.categories is None or category in spec.categories


def _values(spec: FeatureSpec) -> tuple[FeatureValue, ...]:
    return (False, True) if spec.type == "bool" else spec.values


def _sites(rng: random.Random) -> tuple[Site, ...]:
    names, points, prices = catalogue()
    specs = schema()
    where = rng.sample(points, len(names))
    sites = []
    for (name, category), loc in zip(names, where):
        valid = [s for s in specs if _applies(s, category)]
        chosen = sorted(rng.sample(valid, FEATURES_PER_SITE), key=lambda s: s.name)
        features = {s.name: rng.choice(_values(s)) for s in chosen}
        sites.append(Site(name=name, category=category, price=rng.choice(prices[category]), loc=loc,
                          features=features))
    rng.shuffle(sites)  # the database lists sites in no meaningful order, as the shipped games do
    return tuple(sites)


# ---- preference templates (this project's wording) ---------------------------------------------
YES_NO = {  # feature: (text when the user wants it, text when the user wants to avoid it or None)
    "accepts reservations": ("I'd like to book every place ahead", None),
    "good for groups": ("we are a party of six, so somewhere that suits groups", None),
    "good for kids": ("the children are coming along, so kid-friendly places", None),
    "has parking": ("we'll have a car, so parking on site would help", None),
    "has takeout": ("happy to grab food to go", None),
    "has wifi": ("I need wifi somewhere to answer email", None),
    "live music": ("I'd love to hear live music", "no live music please, I want to talk"),
    "outdoor seating": ("sitting outside would be best", None),
    "vegan options": ("vegan dishes on the menu are a plus", None),
    "vegetarian options": ("vegetarian dishes on the menu are a plus", None),
    "viewpoint": ("a view over the city would be wonderful", None),
    "touristy": ("show me the famous sights", "I'd rather skip the tourist crowds"),
}
RATING_BARS = (3, 4, 4.5)


def _feature_preference(rng: random.Random, spec: FeatureSpec) -> FeaturePreference:
    weight = rng.randint(1, 10)
    if spec.name == "rating":
        bar = rng.choice(RATING_BARS)
        good = tuple(v for v in spec.values if v >= bar)
        bad = tuple(v for v in spec.values if v <= 2.5)
        return FeaturePreference(text=f"places rated {bar:g} stars or more, please", weight=weight,
                                 feature="rating", bad=bad, good=good)
    if spec.type == "categorical":
        values = list(spec.values)
        rng.shuffle(values)
        liked = values[:rng.randint(1, max(1, len(values) // 2))]
        disliked: list[FeatureValue] = []
        if rng.random() < 0.5:
            disliked = values[len(liked):len(liked) + rng.randint(0, len(values) - len(liked))]
        text = f"{spec.name} I enjoy: {', '.join(map(str, liked))}"
        if disliked:
            text += f"; {spec.name} I'd avoid: {', '.join(map(str, disliked))}"
        return FeaturePreference(text=text, weight=weight, feature=spec.name, bad=tuple(disliked), good=tuple(liked))
    want, avoid = YES_NO[spec.name]
    if avoid is not None and rng.random() < 0.5:
        return FeaturePreference(text=avoid, weight=weight, feature=spec.name, bad=(True,), good=(False,))
    return FeaturePreference(text=want, weight=weight, feature=spec.name, bad=(False,), good=(True,))


def _want_to_go(rng: random.Random, sites: tuple[Site, ...]) -> WantToGoPreference:
    penalize = rng.random() < P_PENALIZE_WANT_TO_GO
    if rng.random() < 0.5:
        site = rng.choice(sites).name
        text = f"I must see {site}" if penalize else f"a friend recommended {site}"
        return WantToGoPreference(text=text, weight=rng.randint(1, 10), sites=(site,), penalize=penalize)
    category = rng.choice([c for c in CATEGORIES if sum(s.category == c for s in sites) >= 2])
    pair = tuple(s.name for s in rng.sample([s for s in sites if s.category == category], 2))
    text = (f"a friend insists I visit one of these: {pair[0]} or {pair[1]}" if penalize
            else f"I read good reviews of {pair[0]} and {pair[1]}")
    return WantToGoPreference(text=text, weight=rng.randint(1, 10), sites=pair, penalize=penalize)


def _preferences(rng: random.Random, sites: tuple[Site, ...]) -> tuple[Preference, ...]:
    prefs: list[Preference] = []
    if rng.random() < P_AT_LEAST_ONE:
        category = rng.choice(CATEGORIES)
        prefs.append(AtLeastOnePreference(text=f"visit at least one {category}", weight=rng.randint(1, 10),
                                          category=category, penalize=rng.random() < P_PENALIZE_AT_LEAST_ONE))
    if rng.random() < P_WANT_TO_GO:
        prefs.append(_want_to_go(rng, sites))
    if rng.random() < P_BUDGET:
        budget = rng.choice(BUDGETS)
        prefs.append(BudgetPreference(text=f"spend no more than ${budget} in all", weight=-rng.randint(1, 10),
                                      budget=budget))
    total = rng.choices([t for t, _ in TOTAL_PREFERENCES], weights=[n for _, n in TOTAL_PREFERENCES])[0]
    # The features the shipped games state wishes about (every one but "open late").
    preferable = [spec for spec in schema() if spec.name in YES_NO or spec.type == "categorical"]
    features = rng.sample(preferable, min(len(preferable), total - 1 - len(prefs)))
    prefs += [_feature_preference(rng, spec) for spec in features]
    rng.shuffle(prefs)
    prefs.append(DistancePreference(text="keep the travelling short", weight=-rng.randint(1, 10)))
    return tuple(prefs)


def generate(seed: int) -> PlanningInstance:
    """One instance per seed, the same on every machine."""
    rng = random.Random(f"{FAMILY_NAME}:{seed}")
    sites = _sites(rng)
    return PlanningInstance(family=FAMILY_NAME, source=f"generated:seed={seed}", sites=sites,
                            preferences=_preferences(rng, sites))
