"""How a scripted negotiator bargains: a concession curve (the utility it holds out for at each
moment), a proposal rule (which offer worth that much it names) and an acceptance rule (when the
opponent's offer is good enough). One class per strategy over a shared base.

Faratin et al.'s time-dependent tactics: target utility at time t ∈ [0, 1] is
1 − (1 − reservation)·t^(1/e) with e = 0.2 (boulware), 1 (linear), 5 (conceder); `hardliner`
never concedes; `tit-for-tat` concedes as much as the opponent conceded, measured in its own
utility; `random` proposes random acceptable offers.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from lamen.chat import AgentError
from lamen.spec.game import Game

MAX_ENUMERATED = 200_000  # offers considered; larger games are sampled (seeded)
SLACK = 1e-9  # utilities are sums of floats: equal within this


def stable_seed(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big")


@dataclass(frozen=True)
class BotSettings:
    reservation: float = 0.3
    noise: float = 0.0
    exponent: float | None = None

    @classmethod
    def of(cls, params: dict[str, Any], agent: str) -> "BotSettings":
        unknown = set(params) - {"reservation", "noise", "exponent"}
        if unknown:
            raise AgentError(f"{agent}: unknown bot setting(s) {sorted(unknown)} (known: reservation, noise, exponent)",
                             retryable=False)
        settings = cls(**params)
        if not 0 <= settings.reservation <= 1 or not 0 <= settings.noise <= 1:
            raise AgentError(f"{agent}: reservation and noise must be between 0 and 1", retryable=False)
        return settings


Labels = tuple[str, ...]  # one label per issue, in the game's issue order


@lru_cache(maxsize=64)
def ranked_offers(game: Game, side: int) -> tuple[tuple[float, Labels], ...]:
    """Every complete offer with its utility to `side`, best first (sampled for huge games).
    Shared by all bots of a game and side: matches re-use it."""
    tables = [game.issue_utilities(side, i) for i in range(len(game.issues))]
    label_lists = [issue.labels for issue in game.issues]
    total = 1
    for labels in label_lists:
        total *= len(labels)
    if total <= MAX_ENUMERATED:
        indices = itertools.product(*[range(len(labels)) for labels in label_lists])
    else:
        rng = random.Random(stable_seed("offers", game.name, side))
        best = tuple(max(range(len(t)), key=t.__getitem__) for t in tables)
        indices = [best] + [tuple(rng.randrange(len(labels)) for labels in label_lists)
                            for _ in range(MAX_ENUMERATED)]
    offers = [(sum(t[i] for t, i in zip(tables, combo)), tuple(l[i] for l, i in zip(label_lists, combo)))
              for combo in indices]
    offers.sort(key=lambda o: -o[0])
    return tuple(offers)


class OfferBook:
    """One side's offers, best first, searchable by utility."""

    def __init__(self, game: Game, side: int) -> None:
        self.game = game
        self.offers = ranked_offers(game, side)
        self._ascending = [-u for u, _ in self.offers]  # for binary search on utility

    def worth_at_least(self, target: float) -> tuple[tuple[float, Labels], ...]:
        """The offers worth at least `target` (a prefix: offers are sorted best first); the best
        offer when none is."""
        return self.offers[:max(1, bisect.bisect_right(self._ascending, -(target - SLACK)))]

    def least_acceptable(self, target: float) -> list[Labels]:
        """The offers worth at least `target` that are worth the least among those."""
        cut = max(1, bisect.bisect_right(self._ascending, -(target - SLACK)))
        lowest = self.offers[cut - 1][0]
        start = bisect.bisect_left(self._ascending, -(lowest + SLACK))
        return [labels for _, labels in self.offers[start:cut]]

    def distance(self, labels: Labels, other: dict[str, str]) -> int:
        """How many label steps `labels` is from the offer `other`, summed over the issues."""
        return sum(abs(issue.labels.index(mine) - issue.labels.index(other[issue.name]))
                   for issue, mine in zip(self.game.issues, labels))


@dataclass(frozen=True)
class Moment:
    """What a strategy knows when it sets its target."""

    time: float  # (round − 1) / (max_rounds − 1): 0 at the first round, 1 at the deadline
    opponent_utility: float | None  # the opponent's current complete offer, valued by the bot
    first_opponent_utility: float | None  # its first complete offer, valued by the bot


class Strategy:
    """The shared rules: propose, among the offers worth at least the target, those worth the
    least, nearest the opponent's offer (seeded tie-break); accept an offer worth at least the
    target or at least the bot's own proposal, or one that repeats the bot's own last offer."""

    name: ClassVar[str]

    def __init__(self, settings: BotSettings, rng: random.Random) -> None:
        self.settings = settings
        self.rng = rng

    def target(self, moment: Moment) -> float:
        raise NotImplementedError

    def propose(self, book: OfferBook, target: float, opponent_offer: dict[str, str] | None) -> Labels:
        closest = book.least_acceptable(target)
        if opponent_offer is not None:
            nearest = min(book.distance(labels, opponent_offer) for labels in closest)
            closest = [labels for labels in closest if book.distance(labels, opponent_offer) == nearest]
        return closest[self.rng.randrange(len(closest))]

    def accepts(self, offered: float, target: float, proposed: float, repeats_mine: bool) -> bool:
        """`offered`, `proposed`: the opponent's offer and the bot's own proposal, valued by the bot."""
        return offered >= min(target, proposed) - SLACK or repeats_mine


class TimeDependent(Strategy):
    exponent: ClassVar[float]

    def target(self, moment: Moment) -> float:
        exponent = self.settings.exponent or self.exponent
        return 1.0 - (1.0 - self.settings.reservation) * moment.time ** (1.0 / exponent)


class Boulware(TimeDependent):
    name, exponent = "boulware", 0.2


class Linear(TimeDependent):
    name, exponent = "linear", 1.0


class Conceder(TimeDependent):
    name, exponent = "conceder", 5.0


class Hardliner(Strategy):
    name = "hardliner"

    def target(self, moment: Moment) -> float:
        return 1.0


class TitForTat(Strategy):
    name = "tit-for-tat"

    def target(self, moment: Moment) -> float:
        if moment.opponent_utility is None or moment.first_opponent_utility is None:
            return 1.0
        conceded = max(0.0, moment.opponent_utility - moment.first_opponent_utility)
        return max(self.settings.reservation, 1.0 - conceded)


class RandomOffers(Strategy):
    name = "random"

    def target(self, moment: Moment) -> float:
        return self.rng.uniform(self.settings.reservation, 1.0)

    def propose(self, book: OfferBook, target: float, opponent_offer: dict[str, str] | None) -> Labels:
        return self.rng.choice(book.worth_at_least(target))[1]


STRATEGY_CLASSES: dict[str, type[Strategy]] = {
    cls.name: cls for cls in (Boulware, Linear, Conceder, Hardliner, TitForTat, RandomOffers)}
STRATEGIES = tuple(STRATEGY_CLASSES)
