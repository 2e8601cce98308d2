"""Scripted negotiators: no key, deterministic given a seed, answering through the same text
channel as language models.

Each knows only its own payoffs (plus what the protocol's visibility grants), reads the
opponent's offers from the opponent's *message text* with the judge's reader, writes a message
naming its offer with the table's labels and a note with the acceptable-offers JSON, and says
the agreement phrase when the opponent's offer is acceptable — or when the opponent accepts the
bot's own latest offer as models write it ("We agree on all issues.", "I accept your offer",
"deal"; `lamen.judge.agreement.accepts`) without restating other values. How it bargains is its
strategy (`lamen.agents.strategies`); what it sees is a `NegotiationView`. `noise` (0–1) varies
phrasing and makes occasional format slips, so the judge is exercised as LLMs exercise it.
"""

from __future__ import annotations

import json
import random

from lamen.chat import AgentError, ChatReply, ChatRequest
from lamen.agents.negotiation_view import NegotiationView
from lamen.agents.strategies import (STRATEGIES, STRATEGY_CLASSES, BotSettings, Moment, OfferBook, Strategy,
                                     stable_seed)
from lamen.judge.agreement import accepts
from lamen.judge.extract import extract_message
from lamen.judge.labels import label_cache
from lamen.spec.agent import AgentSpec
from lamen.spec.game import Game

__all__ = ["STRATEGIES", "BotSettings", "ScriptedNegotiator"]


class ScriptedNegotiator:
    """One bot on one side of one match."""

    def __init__(self, spec: AgentSpec, game: Game, side: int, seed: int = 0) -> None:
        if spec.model not in STRATEGIES:
            raise AgentError(f"{spec.id}: unknown negotiator '{spec.model}' (known: {', '.join(STRATEGIES)})",
                             retryable=False)
        self.spec = spec
        self.settings = BotSettings.of(dict(spec.params), spec.id)
        self.game = game
        self.side = side
        self.rng = random.Random(stable_seed(seed, spec.id, side, game.name))
        self.strategy: Strategy = STRATEGY_CLASSES[spec.model](self.settings, self.rng)
        self.labels = label_cache(game)
        self.issue_names = [issue.name for issue in game.issues]
        self.book = OfferBook(game, side)
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

    def _read_opponent(self, view: NegotiationView) -> dict[str, str] | None:
        self.latest_opponent = ("", {})
        for message in view.messages:
            if message.side != self.side:
                named = extract_message(message.text, self.labels).offers
                self.seen.update(named)
                self.latest_opponent = (message.text, named)
        if all(name in self.seen for name in self.issue_names):
            offer = {name: self.seen[name] for name in self.issue_names}
            if self.first_opponent_utility is None:
                self.first_opponent_utility = self.utility(offer)
            return offer
        return None

    def _accepts_mine(self, phrase: str) -> bool:
        """The opponent's latest message accepts the bot's latest offer: it accepts, and whatever
        values it restates are those of that offer."""
        text, named = self.latest_opponent
        mine = self.last_offer
        return (mine is not None and bool(text) and all(mine.get(issue) == label for issue, label in named.items())
                and accepts(text, phrase))

    def decide(self, view: NegotiationView) -> tuple[dict[str, str], bool]:
        """The bot's offer this round and whether it accepts the opponent's (decided once per round)."""
        if self._decision and self._decision[0] == view.round:
            return self._decision[1], self._decision[2]
        opponent_offer = self._read_opponent(view)
        if self._accepts_mine(view.agreement_phrase):
            assert self.last_offer is not None
            self._decision = (view.round, self.last_offer, True)
            return self.last_offer, True
        offered = self.utility(opponent_offer) if opponent_offer is not None else None
        moment = Moment(time=(view.round - 1) / max(1, view.max_rounds - 1), opponent_utility=offered,
                        first_opponent_utility=self.first_opponent_utility)
        target = self.strategy.target(moment)
        mine = dict(zip(self.issue_names, self.strategy.propose(self.book, target, opponent_offer)))
        accepting = opponent_offer is not None and offered is not None and self.strategy.accepts(
            offered, target, self.utility(mine), repeats_mine=opponent_offer == self.last_offer)
        offer = opponent_offer if accepting and opponent_offer is not None else mine
        self._decision = (view.round, offer, accepting)
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
        view = NegotiationView.of_meta(request.meta, self.side)  # the one place the bot reads the dict
        offer, accepting = self.decide(view)
        if request.purpose == "note" and request.response_schema is not None:
            # Structured notes: a bot's output is trivially constrained — the bare offer object.
            text = json.dumps(offer, ensure_ascii=False)
        elif request.purpose == "note":
            text = self._note(offer, accepting)
        elif request.purpose == "message":
            text = self._message(offer, accepting, view.agreement_phrase)
        elif request.purpose == "interrogation":
            believed = {n: self.seen[n] for n in self.issue_names if n in self.seen} or offer
            text = "```json\n" + json.dumps(believed, ensure_ascii=False) + "\n```"
        else:
            text = "{}"
        return ChatReply(text=text, model=f"bot:{self.strategy.name}", finish_reason="stop")
