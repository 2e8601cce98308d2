"""Scripted negotiators: no key, deterministic given a seed, answering through the same text
channel as language models.

Each knows only its own payoffs (plus what the protocol's visibility grants), reads the
opponent's offers from the opponent's *message text* with the judge's reader, writes a message
naming its offer with the table's labels and a note with the acceptable-offers JSON, and says
the agreement phrase when the opponent's offer is acceptable — or when the opponent accepts the
bot's own latest offer as models write it ("We agree on all issues.", "I accept your offer",
"deal"; `lamen.judge.agreement.accepts`) without restating other values. Strategies (Faratin et al.'s
time-dependent tactics and classics): target utility at time t ∈ [0, 1] is
1 − (1 − reservation)·t^(1/e) with e = 0.2 (boulware), 1 (linear), 5 (conceder); `hardliner`
never concedes; `tit-for-tat` concedes as much as the opponent conceded, measured in its own
utility; `random` proposes random acceptable offers. `noise` (0–1) varies phrasing and makes
occasional format slips, so the judge is exercised as LLMs exercise it.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import json
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lamen.agents.base import AgentError, ChatReply, ChatRequest
from lamen.judge.agreement import accepts
from lamen.judge.extract import extract_message
from lamen.judge.labels import label_cache
from lamen.spec.agent import AgentSpec
from lamen.spec.game import Game

EXPONENTS = {"boulware": 0.2, "linear": 1.0, "conceder": 5.0}
STRATEGIES = (*EXPONENTS, "hardliner", "tit-for-tat", "random")
DEFAULT_PHRASE = "We agree on all issues."
MAX_ENUMERATED = 200_000  # offers considered; larger games are sampled (seeded)


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


@lru_cache(maxsize=64)
def _offers(game: Game, side: int) -> tuple[tuple[float, tuple[str, ...]], ...]:
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
        rng = random.Random(_seed("offers", game.name, side))
        best = tuple(max(range(len(t)), key=t.__getitem__) for t in tables)
        indices = [best] + [tuple(rng.randrange(len(labels)) for labels in label_lists)
                            for _ in range(MAX_ENUMERATED)]
    offers = [(sum(t[i] for t, i in zip(tables, combo)), tuple(l[i] for l, i in zip(label_lists, combo)))
              for combo in indices]
    offers.sort(key=lambda o: -o[0])
    return tuple(offers)


def _seed(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big")


class ScriptedNegotiator:
    """One bot on one side of one match."""

    def __init__(self, spec: AgentSpec, game: Game, side: int, seed: int = 0) -> None:
        if spec.model not in STRATEGIES:
            raise AgentError(f"{spec.id}: unknown negotiator '{spec.model}' (known: {', '.join(STRATEGIES)})",
                             retryable=False)
        self.spec = spec
        self.strategy = spec.model
        self.settings = BotSettings.of(dict(spec.params), spec.id)
        self.game = game
        self.side = side
        self.rng = random.Random(_seed(seed, spec.id, side, game.name))
        self.labels = label_cache(game)
        self.issue_names = [issue.name for issue in game.issues]
        self.offers = _offers(game, side)
        self._ascending = [-u for u, _ in self.offers]  # for binary search on utility
        self.seen: dict[str, str] = {}  # the opponent's latest value per issue, from its messages
        self.latest_opponent: tuple[str, dict[str, str]] = ("", {})  # its latest message and the values it names
        self.first_opponent_utility: float | None = None
        self.last_offer: dict[str, str] | None = None
        self._decision: tuple[int, dict[str, str], bool] | None = None  # (round, offer, accepting)

    @property
    def name(self) -> str:
        return self.spec.id

    # ---- what the bot wants -----------------------------------------------------------------

    def utility(self, offer: dict[str, str]) -> float:
        return self.game.utility(self.side, offer)

    def _target(self, round_number: int, max_rounds: int, opponent_offer: dict[str, str] | None) -> float:
        reservation = self.settings.reservation
        t = (round_number - 1) / max(1, max_rounds - 1)
        if self.strategy == "hardliner":
            return 1.0
        if self.strategy == "random":
            return self.rng.uniform(reservation, 1.0)
        if self.strategy == "tit-for-tat":
            if opponent_offer is None or self.first_opponent_utility is None:
                return 1.0
            conceded = max(0.0, self.utility(opponent_offer) - self.first_opponent_utility)
            return max(reservation, 1.0 - conceded)
        exponent = self.settings.exponent or EXPONENTS[self.strategy]
        return 1.0 - (1.0 - reservation) * t ** (1.0 / exponent)

    def _read_opponent(self, meta: dict[str, Any]) -> dict[str, str] | None:
        self.latest_opponent = ("", {})
        for _, speaker, text in meta.get("messages", []):
            if speaker != self.side:
                named = extract_message(text, self.labels).offers
                self.seen.update(named)
                self.latest_opponent = (text, named)
        if all(name in self.seen for name in self.issue_names):
            offer = {name: self.seen[name] for name in self.issue_names}
            if self.first_opponent_utility is None:
                self.first_opponent_utility = self.utility(offer)
            return offer
        return None

    def _choose(self, target: float, opponent_offer: dict[str, str] | None) -> dict[str, str]:
        # Offers are sorted best first: those worth at least the target are a prefix.
        cut = max(1, bisect.bisect_right(self._ascending, -(target - 1e-9)))
        acceptable = self.offers[:cut]
        if self.strategy == "random":
            return dict(zip(self.issue_names, self.rng.choice(acceptable)[1]))
        lowest = acceptable[-1][0]
        start = bisect.bisect_left(self._ascending, -(lowest + 1e-9))
        closest = [labels for _, labels in self.offers[start:cut]]
        if opponent_offer is not None:
            def distance(labels: tuple[str, ...]) -> int:
                return sum(abs(issue.labels.index(mine) - issue.labels.index(opponent_offer[issue.name]))
                           for issue, mine in zip(self.game.issues, labels))
            nearest = min(distance(labels) for labels in closest)
            closest = [labels for labels in closest if distance(labels) == nearest]
        return dict(zip(self.issue_names, closest[self.rng.randrange(len(closest))]))

    def _accepts_mine(self, phrase: str) -> bool:
        """The opponent's latest message accepts the bot's latest offer: it accepts, and whatever
        values it restates are those of that offer."""
        text, named = self.latest_opponent
        mine = self.last_offer
        return (mine is not None and bool(text) and all(mine.get(issue) == label for issue, label in named.items())
                and accepts(text, phrase))

    def _decide(self, meta: dict[str, Any]) -> tuple[dict[str, str], bool]:
        round_number = int(meta.get("round", 1))
        if self._decision and self._decision[0] == round_number:
            return self._decision[1], self._decision[2]
        opponent_offer = self._read_opponent(meta)
        if self._accepts_mine(str(meta.get("agreement_phrase", DEFAULT_PHRASE))):
            assert self.last_offer is not None
            self._decision = (round_number, self.last_offer, True)
            return self.last_offer, True
        target = self._target(round_number, int(meta.get("max_rounds", 10)), opponent_offer)
        mine = self._choose(target, opponent_offer)
        accepting = opponent_offer is not None and (
            self.utility(opponent_offer) >= min(target, self.utility(mine)) - 1e-9 or opponent_offer == self.last_offer)
        offer = opponent_offer if accepting and opponent_offer is not None else mine
        self._decision = (round_number, offer, accepting)
        self.last_offer = offer
        return offer, accepting

    # ---- what the bot writes ----------------------------------------------------------------

    def _slip(self) -> bool:
        return self.rng.random() < self.settings.noise

    def _note(self, offer: dict[str, str], accepting: bool) -> str:
        thought = ("The other side's offer is good enough for me." if accepting
                   else f"I hold out for an offer worth at least {self.utility(offer):.2f} to me.")
        payload = dict(offer)
        if self._slip():  # spell a label the way people do
            name = self.rng.choice(self.issue_names)
            payload[name] = payload[name].replace("$1", "$1,", 1) if payload[name].startswith("$1") and len(payload[name]) == 5 else payload[name].upper()
        if self._slip():
            body = "{" + ", ".join(f"'{k}': '{v}'" for k, v in payload.items()) + ",}"
        else:
            body = json.dumps(payload, indent=2, ensure_ascii=False)
        if self._slip():  # no JSON at all, as weak models often write
            return f"{thought}\nAcceptable offer: {self._offer_text(offer)}."
        return f"{thought}\nAcceptable offer:\n```json\n{body}\n```"

    def _offer_text(self, offer: dict[str, str]) -> str:
        parts = [f"{name} {label}" if self.rng.random() < 0.5 or not self.settings.noise else f"{label} for {name}"
                 for name, label in offer.items()]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def _message(self, offer: dict[str, str], accepting: bool, phrase: str) -> str:
        text = self._offer_text(offer)
        if accepting:
            templates = ["We accept: {offer}. {phrase}", "That works for us: {offer}. {phrase}"]
        else:
            templates = ["We propose {offer}.", "Our offer is {offer}.", "How about {offer}?"]
        template = templates[self.rng.randrange(len(templates))] if self.settings.noise else templates[0]
        return template.format(offer=text, phrase=phrase)

    async def complete(self, request: ChatRequest) -> ChatReply:
        meta = request.meta
        offer, accepting = self._decide(meta)
        if request.purpose == "note" and request.response_schema is not None:
            # Structured notes: a bot's output is trivially constrained — the bare offer object.
            text = json.dumps(offer, ensure_ascii=False)
        elif request.purpose == "note":
            text = self._note(offer, accepting)
        elif request.purpose == "message":
            text = self._message(offer, accepting, str(meta.get("agreement_phrase", DEFAULT_PHRASE)))
        elif request.purpose == "interrogation":
            believed = {n: self.seen[n] for n in self.issue_names if n in self.seen} or offer
            text = "```json\n" + json.dumps(believed, ensure_ascii=False) + "\n```"
        else:
            text = "{}"
        return ChatReply(text=text, model=f"bot:{self.strategy}", finish_reason="stop")
