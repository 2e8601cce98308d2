"""Planning instances: a city of 39 sites (name, category, price, map point, five features) and
one user's preferences with their hidden weights. From the 113 human games shipped in `data/`
(CDLA-Permissive-2.0, see data/SOURCE.md) or from the seeded generator in `generator.py`.

Two readings of the shipped games are kept on purpose, because the stored scores depend on them:

- Two preference kinds in the shipped games name a feature with an underscore (`has_parking`,
  `has_takeout`) that no site carries: the stored scorecards and the stored best/worst count them
  as 0. We keep the stored name, so those preferences score 0 here too.
- In games 6, 8, 9 and 10 the recorded scorecards counted an unmet "go to at least one <category>"
  as 0 although the preference is marked `penalize` and the stored best/worst count it as −weight.
  The game's rule here is the normaliser's (−weight); `RecordedGame.card_unpenalized` names the
  preference whose recorded card differed, so the recorded human score is still reproduced.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from lamen.core.family import Instance

FAMILY_NAME = "dialop.planning"
ROLES = ("assistant", "user")
SLOTS = 3  # sites in an itinerary (the paper's k)
CATEGORIES = ("restaurant", "cafe", "museum", "bar", "landmark", "park", "shop")

FeatureValue = Union[bool, int, float, str]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FeatureSpec(_Frozen):
    """One feature of the site database: its type, the categories that may carry it and, when
    categorical, its values (from the shipped games' schema)."""

    name: str
    type: Literal["bool", "categorical"]
    categories: tuple[str, ...] | None = None  # None: every category
    values: tuple[FeatureValue, ...] = ()


class Site(_Frozen):
    name: str
    category: str
    price: int  # estimated spend in dollars
    loc: tuple[float, float]  # (longitude, latitude)
    features: dict[str, FeatureValue]

    def info(self) -> str:
        """The site's features in one line, as the search tool shows them: a true yes/no feature
        by its name, a rating as "rating: x", another category by its value."""
        parts = []
        for key, value in sorted(self.features.items()):
            if isinstance(value, bool):
                if value:
                    parts.append(key)
            elif key == "rating":
                parts.append(f"rating: {fmt_value(value)}")
            else:
                parts.append(str(value))
        return ", ".join(parts)


def fmt_value(value: FeatureValue) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def same_value(a: FeatureValue, b: FeatureValue) -> bool:
    """Equality that keeps True apart from 1 (a yes/no feature never matches a rating)."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


class FeaturePreference(_Frozen):
    """+weight per site whose feature value is in `good`, −weight per site whose value is in
    `bad`, 0 for a site without the feature."""

    kind: Literal["feature"] = "feature"
    text: str
    weight: int
    feature: str
    bad: tuple[FeatureValue, ...] = ()
    good: tuple[FeatureValue, ...] = ()


class WantToGoPreference(_Frozen):
    """+weight if the itinerary visits any of `sites`; otherwise −weight when `penalize`, else 0."""

    kind: Literal["want-to-go"] = "want-to-go"
    text: str
    weight: int
    sites: tuple[str, ...]
    penalize: bool


class AtLeastOnePreference(_Frozen):
    """+weight if the itinerary visits a site of `category`; otherwise −weight when `penalize`."""

    kind: Literal["at-least-one"] = "at-least-one"
    text: str
    weight: int
    category: str
    penalize: bool


class BudgetPreference(_Frozen):
    """`weight` (negative) once if the itinerary's total price exceeds `budget`."""

    kind: Literal["budget"] = "budget"
    text: str
    weight: int
    budget: int


class DistancePreference(_Frozen):
    """`weight` (negative) per mile of each leg, each leg truncated toward zero."""

    kind: Literal["distance"] = "distance"
    text: str
    weight: int


Preference = Annotated[Union[FeaturePreference, WantToGoPreference, AtLeastOnePreference, BudgetPreference,
                             DistancePreference], Field(discriminator="kind")]


class PlanningLimits(_Frozen):
    """The episode's limits. They travel with the instance (the core's rules see only the instance
    and the state), so a game file's settings reach the rules and two settings never share an id."""

    # Words both sides may write in messages before the assistant must make its final proposal
    # (DialOp's word-budget limit); None: no word limit, only the move limit.
    word_budget: int | None = Field(None, ge=30)
    max_moves: int = Field(30, ge=2)  # committed moves (messages, proposals, answers); searches are not moves
    calls_per_turn: int = Field(3, ge=1)  # searches the assistant may make before it must move


class PlanningConfig(PlanningLimits):
    source: Literal["human", "generated"] = "human"


class PlanningInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sites: tuple[Site, ...]
    preferences: tuple[Preference, ...]
    notes: tuple[str, str] = ("", "")  # a private line for the assistant and one for the user (the leak test)
    limits: PlanningLimits = PlanningLimits()

    def site(self, name: str) -> Site:
        for s in self.sites:
            if s.name == name:
                return s
        raise KeyError(name)

    def site_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sites)


class RecordedGame(_Frozen):
    """What a shipped human game recorded: the accepted itinerary and its stored figures."""

    index: int
    accepted: tuple[str | None, ...] | None  # None: no itinerary was accepted
    score: int
    best: int
    worst: int
    norm: float
    card_unpenalized: tuple[int, ...] = ()  # preferences the recorded scorecards counted without penalty


# Games whose recorded scorecards counted an unmet, penalised "at least one" preference as 0
# (tests/test_planning_scoring.py derives this set from the 337 recorded scorecards).
CARDS_WITHOUT_AT_LEAST_ONE_PENALTY = frozenset({6, 8, 9, 10})


def feature_schema(raw: dict) -> tuple[FeatureSpec, ...]:
    return tuple(FeatureSpec(name=name, type=spec["type"],
                             categories=tuple(spec["event_types"]) if "event_types" in spec else None,
                             values=tuple(spec.get("values", ()))) for name, spec in sorted(raw.items()))


@lru_cache(maxsize=1)
def _human_games() -> tuple[dict, ...]:
    text = files("lamen.families.planning").joinpath("data/itinerary.jsonl").read_text("utf-8")
    return tuple(json.loads(line) for line in text.splitlines() if line.strip())


@lru_cache(maxsize=1)
def schema() -> tuple[FeatureSpec, ...]:
    """The feature schema (identical in every shipped game)."""
    return feature_schema(_human_games()[0]["features"])


def human_game_count() -> int:
    return len(_human_games())


def _preference(where: str, raw: list) -> Preference:
    text, weight, kind, meta = raw
    if kind == "FeaturePreference":
        bad, good = meta["value_sets"]
        return FeaturePreference(text=text, weight=weight, feature=meta["name"], bad=tuple(bad), good=tuple(good))
    if kind == "WantToGo":
        return WantToGoPreference(text=text, weight=weight, sites=tuple(meta["event_set"]), penalize=meta["penalize"])
    if kind == "AtLeastOneEventType":
        return AtLeastOnePreference(text=text, weight=weight, category=meta["etype"], penalize=meta["penalize"])
    if kind == "PriceBudgetPreference":
        return BudgetPreference(text=text, weight=weight, budget=meta["budget"])
    if kind == "DistancePreference":
        return DistancePreference(text=text, weight=weight)
    raise ValueError(f"{where}: unknown preference kind {kind!r}")


def _check_index(index: int) -> dict:
    games = _human_games()
    if not 0 <= index < len(games):
        raise ValueError(f"dialop.planning has {len(games)} human games: "
                         f"seed {index} is out of range 0–{len(games) - 1}")
    return games[index]


def human_instance(index: int) -> PlanningInstance:
    game = _check_index(index)
    where = f"data/itinerary.jsonl line {index + 1}"
    sites = tuple(Site(name=e["name"], category=e["etype"], price=int(e["est_price"]), loc=(e["loc"][0], e["loc"][1]),
                       features=dict(e["features"])) for e in game["events"])
    return PlanningInstance(family=FAMILY_NAME, source=f"dialop-human:{index}", sites=sites,
                            preferences=tuple(_preference(where, p) for p in game["preferences"]))


def human_record(index: int) -> RecordedGame:
    game = _check_index(index)
    accepted, last = None, None
    for action in game["action_log"]:
        if action["type"] == "proposal":
            last = action["proposal"]
        elif action["type"] == "proposal_response" and action["response"]["accept"] and last is not None:
            accepted = tuple(None if slot is None else slot["name"] for slot in last[0::2])
    result = game["result"]
    unpenalized = ()
    if index in CARDS_WITHOUT_AT_LEAST_ONE_PENALTY:
        unpenalized = tuple(i for i, p in enumerate(game["preferences"]) if p[2] == "AtLeastOneEventType")
    return RecordedGame(index=index, accepted=accepted, score=result["score"], best=result["best"],
                        worst=result["worst"], norm=result["norm"], card_unpenalized=unpenalized)


def recorded_proposals(index: int) -> tuple[tuple[tuple[str | None, ...], dict], ...]:
    """Every proposal of a shipped game with the scorecard the user was shown (for tests)."""
    game = _check_index(index)
    return tuple((tuple(None if s is None else s["name"] for s in a["proposal"][0::2]), a["scores"])
                 for a in game["action_log"] if a["type"] == "proposal")


def make_instance(config: PlanningConfig, seed: int) -> PlanningInstance:
    if config.source == "human":
        instance = human_instance(seed)
    else:
        from lamen.families.planning.generator import generate

        instance = generate(seed)
    limits = PlanningLimits(word_budget=config.word_budget, max_moves=config.max_moves,
                            calls_per_turn=config.calls_per_turn)
    return instance if limits == instance.limits else instance.model_copy(update={"limits": limits})
