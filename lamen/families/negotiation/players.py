"""Scripted players: today's six negotiators (`lamen.agents.bots.ScriptedNegotiator`), unchanged,
answering through the negotiation codec.

A bot keeps state between calls (what it read of the opponent, its last offer, its random
stream), while a core policy must be a pure function of its observation. `BotPolicy` squares
the two: the requests a side received so far follow from the events it can see, so the policy
rebuilds them with the codec's `request_for` and feeds them to a fresh bot, exactly as today's
loop fed it. The bot it keeps is a cache: reused while the new observation extends the last one,
rebuilt from scratch otherwise (a restored snapshot, a replay) — so every path gives the same move.
The bot's text goes through the codec's reader into actions, which the codec renders back to the
same text: a bot writes what a model would, and its moves are parsed like a model's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from lamen.agents.base import ChatReply, ChatRequest
from lamen.agents.bots import STRATEGIES, ScriptedNegotiator
from lamen.core.codec import FormatError
from lamen.core.family import PlayerSpec
from lamen.core.types import Action, ActionSpace, Event, Observation, RoleId
from lamen.families.negotiation.codec import NoteMessageCodec, request_for
from lamen.families.negotiation.instances import NegotiationInstance, Seat, side_of
from lamen.spec.agent import AgentSpec
from lamen.spec.game import Game

CODEC = NoteMessageCodec()
Point = tuple[str, int, int]  # (purpose, round, how many visible events the request was built from)


def request_points(obs: Observation) -> list[Point]:
    """Every request the side received in this episode, in order, ending with the current one.
    A note at position i of the visible history was asked for on the events before it; the
    interrogation and the message of that turn on those events and the note."""
    seat: Seat = obs.private
    purpose, round_now = obs.public["purpose"], obs.public["round"]
    points: list[Point] = []
    for at, note in enumerate(obs.history):
        if note.kind != "think" or note.role != obs.role or note.payload.get("purpose") != "note":
            continue
        round_number = note.payload["round"]
        points.append(("note", round_number, at))
        if seat.protocol.interrogation and (round_number < round_now or purpose == "message"):
            points.append(("interrogation", round_number, at + 1))
        if round_number < round_now:
            points.append(("message", round_number, at + 1))
    return [*points, (purpose, round_now, len(obs.history))]


def _answer(bot: ScriptedNegotiator, request: ChatRequest) -> str:
    """The bot's reply, run to completion here: `complete` is a coroutine only to fit the agent
    surface (it awaits nothing), and a policy is called synchronously inside the play loop."""
    coroutine = bot.complete(request)
    try:
        coroutine.send(None)
    except StopIteration as done:
        reply: ChatReply = done.value
        return reply.text
    coroutine.close()
    raise RuntimeError(f"{bot.name}: a scripted negotiator awaited something")


class BotPolicy:
    """One of today's bots on one side, as a core policy (seeded as the runner seeds it)."""

    def __init__(self, spec: AgentSpec, game: Game, side: int, seed: int = 0) -> None:
        self.spec, self.game, self.side, self.seed = spec, game, side, seed
        self._bot: ScriptedNegotiator | None = None
        self._history: tuple[Event, ...] = ()
        self._points: list[Point] = []
        self._last = ""

    def _fresh(self) -> ScriptedNegotiator:
        return ScriptedNegotiator(self.spec, self.game, self.side, self.seed)

    def text(self, obs: Observation) -> str:
        """What the bot writes for the current request of `obs`."""
        points = request_points(obs)
        known = len(self._points)
        reusable = (self._bot is not None and known <= len(points) and points[:known] == self._points
                    and obs.history[:len(self._history)] == self._history)
        if not reusable:
            self._bot, self._points, known = self._fresh(), [], 0
        if known == len(points):
            return self._last  # the same request again
        assert self._bot is not None
        seat: Seat = obs.private
        for purpose, round_number, seen in points[known:]:
            history = obs.history if seen == len(obs.history) else obs.history[:seen]  # the loop's own tuple: memo hit
            self._last = _answer(self._bot, request_for(seat, history, obs.role, purpose, round_number))
        self._history, self._points = obs.history, points
        return self._last

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        reply = ChatReply(text=self.text(obs))
        try:
            return CODEC.parse(reply, legal)
        except FormatError as miss:  # a noisy bot's slip: the note still counts, as for a model
            assert miss.fallback is not None
            return miss.fallback


def _player(strategy: str) -> PlayerSpec:
    spec = AgentSpec.model_validate(f"bot:{strategy}")

    def make(instance: NegotiationInstance, role: RoleId) -> BotPolicy:
        return BotPolicy(spec, instance.game, side_of(role))

    return PlayerSpec(name=strategy, description=f"today's scripted negotiator bot:{strategy}", make=make)


PLAYERS: dict[str, PlayerSpec] = {strategy: _player(strategy) for strategy in STRATEGIES}
