"""The negotiation family as lamen's tournament runner plays it (`lamen.core.tournament`): a
scheduled match becomes an instance with its sides' sampling; a played episode becomes the
transcript and outcome the store has always written — the same turns, the same calls (tokens,
latency, cost, cache hits; the calls of a turn an error cut short), the same error lines, judged
once with the fallback reader's readings when a tournament names one.

The fallback reader is a step of the runner's: `unsure` lists the requests for the texts the
rule-based readers were unsure of (the judge's own selection, `llm_readings`), the runner asks
its reader agent, and `stored` hands the answers to the judge's extractor in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lamen.agents.base import ChatReply, ChatRequest
from lamen.chat import approx_tokens
from lamen.core.play import EpisodeRecord, Failure, SeatSampling
from lamen.core.tournament import FallbackReading, Seating
from lamen.families.negotiation.codec import request_for
from lamen.families.negotiation.instances import ROLES, NegotiationInstance, Seat, side_of
from lamen.families.negotiation.scoring import transcript_of
from lamen.judge import Outcome, judge
from lamen.judge.llm_fallback import LLMExtractor, llm_readings, with_extraction_calls
from lamen.schedule import Match
from lamen.spec.agent import AgentSpec, Persona
from lamen.spec.game import Game
from lamen.spec.protocol import Protocol
from lamen.transcript import ModelCall, Transcript

TOKENS_PER_WORD = 1.4
SIDE_NAMES = ("A", "B")


def seat_sampling(spec: AgentSpec, match_seed: int) -> SeatSampling:
    """The runner's rule (`SeatSampling.for_match`), for this agent spec."""
    return SeatSampling.for_match(spec.sampling, match_seed)


class _Asked:
    """An agent that only notes what it is asked (the fallback's first pass: what to ask)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.requests: list[ChatRequest] = []

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        return ChatReply(text="{}")


class _Answered:
    """An agent that gives the runner's reader's answers back, in the order they were asked."""

    def __init__(self, reading: FallbackReading) -> None:
        self.name = reading.reader
        self._answers = list(reading.answers)

    async def complete(self, request: ChatRequest) -> ChatReply:
        answer = self._answers.pop(0)
        if answer.request != request:
            raise RuntimeError("the fallback reader's answers do not follow the episode's unsure texts")
        return answer.reply


def _run(coroutine: Any) -> Any:
    """Run a coroutine that awaits nothing real (the two agents above) to its end, here."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("the fallback reader's pass awaited something")


class NegotiationTournament:
    """`lamen.core.tournament.TournamentPlay` for LAMEN negotiation."""

    def __init__(self) -> None:
        # The instance of a (game, protocol, personas) triple, made once per tournament: matches
        # share these objects, and the instance's content id is then hashed once. The key holds
        # the objects, so their ids cannot be reused while cached.
        self._instances: dict[tuple[int, ...], tuple[Any, NegotiationInstance]] = {}

    def seating(self, match: Match) -> Seating:
        personas = (match.agent_a.persona, match.agent_b.persona)
        key = (id(match.game), id(match.protocol), id(personas[0]), id(personas[1]))
        held = self._instances.get(key)
        if held is None:
            instance = NegotiationInstance.of(match.game, match.protocol, personas)
            if len(self._instances) > 4096:
                self._instances.clear()
            self._instances[key] = held = ((match.game, match.protocol, *personas), instance)
        specs = (match.agent_a, match.agent_b)
        return Seating(instance=held[1], roles=ROLES, first=ROLES[match.starts],
                       sampling={role: seat_sampling(spec, match.seed) for role, spec in zip(ROLES, specs)},
                       names={role: spec.id for role, spec in zip(ROLES, specs)})

    # ---- what the store keeps ----------------------------------------------------------------

    def unsure(self, seating: Seating, record: EpisodeRecord) -> Sequence[ChatRequest]:
        instance: NegotiationInstance = seating.instance
        asked = _Asked("reader")
        _run(llm_readings(episode_transcript(seating, record), instance.game, LLMExtractor(asked)))
        return tuple(asked.requests)

    def stored(self, seating: Seating, record: EpisodeRecord,
               fallback: FallbackReading | None) -> tuple[Transcript, Outcome]:
        instance: NegotiationInstance = seating.instance
        transcript = episode_transcript(seating, record)
        readings = None
        if fallback is not None:
            extractor = LLMExtractor(_Answered(fallback))
            readings = _run(llm_readings(transcript, instance.game, extractor))
            transcript = with_extraction_calls(transcript, extractor)
        return transcript, judge(transcript, instance.game, instance.protocol, readings)

    # ---- the cost estimate -------------------------------------------------------------------

    def match_tokens(self, match: Match, seat: int) -> tuple[int, int]:
        """(input, output) tokens one side spends in a match that runs all its rounds: the first
        request's real prompt, then each message seen adding about its own length."""
        game, protocol = match.game, match.protocol
        # The first note request of a side without personas: the prompt every later one extends.
        request = request_for(Seat(game, protocol, 0, None, None), (), ROLES[0], "note", 1)
        base = approx_tokens(request)
        note_out = protocol.note_max_words * TOKENS_PER_WORD + 15 * len(game.issues)
        message_out = protocol.message_max_words * TOKENS_PER_WORD
        per_message = message_out
        input_tokens = output_tokens = 0.0
        for turn in range(protocol.max_rounds):
            seen = 2 * turn + seat  # messages written before this side's turn
            window = seen if protocol.note_sees_messages < 0 else min(seen, protocol.note_sees_messages)
            requests = 3 if protocol.interrogation else 2
            input_tokens += requests * (base + window * per_message) + note_out
            output_tokens += note_out + message_out + (note_out if protocol.interrogation else 0)
        return int(input_tokens), int(output_tokens)


def episode_transcript(seating: Seating, record: EpisodeRecord) -> Transcript:
    """The transcript with each turn's calls; the calls of a turn an error cut short (paid
    for) as its unfinished calls; the failed call itself returned nothing and is not one."""
    groups: list[list[ModelCall]] = [[]]
    for call in record.calls:
        if call.reply is None:
            continue
        request = call.request
        groups[-1].append(ModelCall(purpose=request.purpose, request=request, reply=call.reply))
        if request.purpose == "message":
            groups.append([])
    instance: NegotiationInstance = seating.instance
    names = seating.names
    transcript = transcript_of(instance, record.state, groups)  # type: ignore[arg-type]
    update: dict[str, Any] = {"agents": (names[ROLES[0]], names[ROLES[1]])}
    if len(groups) > len(transcript.turns) and groups[len(transcript.turns)]:
        update["unfinished_calls"] = tuple(groups[len(transcript.turns)])
    failure = record.failure
    if failure is not None:
        update.update(end_reason="error", error=_error_line(failure), error_kind=failure.kind,
                      error_side=None if failure.role is None else side_of(failure.role))
    return transcript.model_copy(update=update)


def direct_seating(game: Game, protocol: Protocol, specs: tuple[AgentSpec, AgentSpec], starts: int,
                   personas: tuple[Persona | None, Persona | None] = (None, None)) -> Seating:
    """A match outside a tournament (`lamen play`): each agent samples exactly as its spec says
    (no seed is derived from a schedule)."""
    def sampling(spec: AgentSpec) -> SeatSampling:
        s = spec.sampling
        return SeatSampling(temperature=s.temperature, max_tokens=s.max_tokens, top_p=s.top_p, seed=s.seed, stop=s.stop)

    return Seating(instance=NegotiationInstance.of(game, protocol, personas), roles=ROLES, first=ROLES[starts],
                   sampling={role: sampling(spec) for role, spec in zip(ROLES, specs)},
                   names={role: spec.id for role, spec in zip(ROLES, specs)})


def _error_line(failure: Failure) -> str:
    """The match's error as the store has always written it: an agent that failed in play is
    named by its side; one that never played (stopped, or could not be made) by its own words."""
    if failure.before_play or failure.role is None:
        return failure.reason
    return f"side {SIDE_NAMES[side_of(failure.role)]} ({failure.agent}): {failure.reason}"


__all__ = ["NegotiationTournament", "direct_seating", "episode_transcript", "seat_sampling"]
