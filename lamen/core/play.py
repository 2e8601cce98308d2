"""One `play` loop for every family: ask whoever the agenda names, parse the reply with the
family's codec, step the rules; unreadable or illegal replies are fed back under the family's
feedback policy. Agents are reached only through `Agent.complete` (LLMs, humans, scripted)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from lamen.agents.base import Agent, AgentError, ChatReply, ChatRequest
from lamen.core.codec import FormatError
from lamen.core.family import EpisodeLimits, Family
from lamen.core.frozen import copied
from lamen.core.state import CoreState, append, end
from lamen.core.tools import native_codec, reply_actions, tool_offer
from lamen.core.types import ActionSpace, IllegalMove, Observation, RoleId, Score, ToolSpec

# How an agent failed: fatal (it cannot go on: auth, unknown model, bad request), exhausted
# (retryable failures ran out of retries), crash (it raised something unexpected), stopped (it
# was stopped before the episode, e.g. by an earlier fatal error).
FailureKind = Literal["fatal", "exhausted", "crash", "stopped"]


@dataclass(frozen=True)
class SeatSampling:
    temperature: float = 0.0
    max_tokens: int | None = None
    top_p: float | None = None
    seed: int | None = None
    stop: tuple[str, ...] = ()
    # Offer the role's tools as native function calls (`ChatRequest.tools`) where the family's
    # codec can replay a tool loop (it has `native_tools()`); elsewhere, and when False, the seat
    # writes its calls as text, as before. Not a request field: `_sampling_fields` leaves it out.
    native_tools: bool = False

    @classmethod
    def for_match(cls, sampling: Any, match_seed: int) -> "SeatSampling":
        """A seat's sampling in a scheduled match (`sampling`: an agent spec's settings, read by
        field): without a seed of its own an agent samples with the match's (derived, stable)
        seed, so the same match replays identically and repetitions stay independent draws."""
        seed = sampling.seed if sampling.seed is not None else match_seed % 2**31
        # An agent spec without the option (today's) plays in text.
        return cls(temperature=sampling.temperature, max_tokens=sampling.max_tokens, top_p=sampling.top_p,
                   seed=seed, stop=tuple(sampling.stop), native_tools=bool(getattr(sampling, "native_tools", False)))


DEFAULT_SAMPLING = SeatSampling()


@dataclass(frozen=True, slots=True)  # one per request: no per-instance dict
class Call:
    role: RoleId
    step: int
    attempt: int
    request: ChatRequest  # as the agent received it
    reply: ChatReply | None
    outcome: Literal["ok", "format_error", "illegal_move", "error"]
    feedback: str = ""
    # The moves the role could make when asked: what its reply was parsed against, kept so a
    # stored call can be parsed again (the request's meta holds it only for scripted players).
    legal: ActionSpace | None = None
    # A committed move's events: state.events[start:end] (its thoughts, tool calls, messages).
    # Events carry no step, and one role may commit several moves in a row (a hub's tool calls
    # while handling one message): this span says which events each move wrote. None: not committed.
    events: tuple[int, int] | None = None


@dataclass(frozen=True)
class Failure:
    """An agent that could not answer: the episode is errored, never lost."""

    role: RoleId | None  # None: nobody's fault (the episode was interrupted)
    agent: str
    reason: str  # one line: the agent's error
    kind: FailureKind
    before_play: bool = False  # the agent never got a request (it could not be made, or was stopped)


@dataclass(frozen=True)
class EpisodeRecord:
    family: str
    instance_id: str
    state: CoreState
    calls: tuple[Call, ...]
    end_reason: str | None  # None: stopped early by `stop_after` (a snapshot point)
    score: Score | None  # None while unfinished, when an agent failed (errored, never a loss), or unscored
    extra: Mapping[str, Any] = field(default_factory=dict)
    failure: Failure | None = None


def _sampling_fields(seat: SeatSampling) -> dict[str, Any]:
    return {"temperature": seat.temperature, "max_tokens": seat.max_tokens, "top_p": seat.top_p, "seed": seat.seed,
            "stop": seat.stop}


def over(family: Family, state: CoreState) -> str | None:
    return state.ended or family.rules.is_over(state)


def failure_of(exc: BaseException, role: RoleId, agent: str) -> Failure:
    if isinstance(exc, AgentError):
        return Failure(role, agent, str(exc), "exhausted" if exc.exhausted else "fatal")
    return Failure(role, agent, f"{type(exc).__name__}: {exc}", "crash")


def unplayed(family: Family, instance: Any, seating: Mapping[RoleId, str], failure: Failure,
             first: RoleId | None = None) -> EpisodeRecord:
    """The record of an episode that could not start: one of its agents failed before its first
    request (`failure.before_play`). Stored like any errored episode."""
    state = end(family.rules.initial(instance, seating, first), "error", failure.reason)
    return EpisodeRecord(family.name, instance.content_id(), state, (), "error", None, failure=failure)


async def play(family: Family, instance: Any, seats: Mapping[RoleId, Agent], *, first: RoleId | None = None,
               sampling: Mapping[RoleId, SeatSampling] | None = None, limits: EpisodeLimits | None = None,
               state: CoreState | None = None, stop_after: int | None = None, scored: bool = True,
               watch: Callable[[CoreState, Sequence[Call]], None] | None = None) -> EpisodeRecord:
    """Play one episode (or continue `state`, a restored snapshot) until it ends, or until
    `stop_after` committed moves (for snapshots). `scored=False` leaves the score to the caller
    (the tournament runner scores once, after its fallback reader). `watch` sees the state and
    the calls so far after every request answered (a live display; what an interrupted episode
    had reached); it must not change them."""
    limits = limits or family.limits
    sampling = sampling or {}
    rules = family.rules
    if state is None:
        state = rules.initial(instance, {role: agent.name for role, agent in seats.items()}, first)
    calls: list[Call] = []
    errors = 0
    failure: Failure | None = None
    # Per seat, once: its codec, whether it reads observations, its sampling as request fields.
    codecs = {role: family.codec(role) for role in seats}
    # Seats that call tools natively, with the codec that replays their tool loop as chat turns.
    native: set[RoleId] = set()
    for role in seats:
        variant = native_codec(codecs[role]) if (sampling.get(role) or DEFAULT_SAMPLING).native_tools else None
        if variant is not None:
            codecs[role] = variant
            native.add(role)
    known_tools: dict[RoleId, dict[str, ToolSpec]] = {role: {} for role in native}  # what each was offered
    observing = {role: getattr(agent, "observes", False) for role, agent in seats.items()}
    sampled = {role: _sampling_fields(sampling.get(role) or DEFAULT_SAMPLING) for role in seats}
    while over(family, state) is None:
        if state.steps >= limits.max_steps:
            state = end(state, "max_steps")
            break
        if stop_after is not None and state.steps >= stop_after:
            break
        role = rules.agenda(state)[0].role  # deterministic; independent requests may later run concurrently
        if limits.max_turns_per_role is not None and state.agenda.turns.get(role, 0) >= limits.max_turns_per_role:
            state = end(state, "max_turns")
            break
        obs = rules.view(instance, state, role)
        obs = Observation(obs.role, obs.private, obs.history, obs.step, obs.public,  # dataclasses.replace, 2 µs cheaper
                          {**obs.budget, "steps_left": limits.max_steps - state.steps})
        legal = rules.legal(instance, state, role)
        codec = codecs[role]
        agent = seats[role]
        # Scripted players read the typed observation from `meta`; any other agent gets the
        # request exactly as rendered (and as stored), with only the codec's own meta.
        observes = observing[role]
        feedback: list[str] = []
        attempt = refusals = 0
        while True:
            rendered = codec.request(obs, legal, tuple(feedback))
            update = sampled[role]
            if role in native:
                update = {**update, **tool_offer(rendered, legal.tools, known_tools[role])}
            if observes:
                update = {**update, "meta": {**rendered.meta, "observation": obs, "legal": legal, "attempt": attempt}}
            request = copied(rendered, update)
            try:
                reply = await agent.complete(request)
            except Exception as exc:  # noqa: BLE001 - an agent's failure or bug errors the match, never the run
                refused = getattr(codec, "refuses_schema", None)
                if request.response_schema is not None and isinstance(exc, AgentError) and refused is not None \
                        and refused(exc) and not refusals:
                    # The API refused the response schema itself: the role is asked again in free
                    # text. The refused call returned nothing, so it is not a call; the event
                    # (seen by the role only) tells the codec to stop asking for the schema.
                    # Once per request: a codec that asks for the schema again is a failure, not a loop.
                    refusals += 1
                    state = append(state, [state.event(role, "system", str(exc),
                                                       payload={"schema_refused": str(exc)}, visible_to=(role,))])
                    obs = replace(rules.view(instance, state, role), budget=obs.budget)
                    legal = rules.legal(instance, state, role)
                    continue
                failure = failure_of(exc, role, agent.name)
                calls.append(Call(role, state.steps, attempt, request, None, "error", failure.reason, legal))
                state = end(state, "error", f"{role} ({agent.name}): {failure.reason}")
                break
            try:
                # Native calls are read by the tools helper (the text beside them becomes a private
                # Think); a reply without calls goes through the codec as always.
                actions = reply_actions(reply, legal) if reply.tool_calls else codec.parse(reply, legal)
                transition = rules.step(instance, state, role, actions, reply.text)
            except (FormatError, IllegalMove) as err:
                kind = "format_error" if isinstance(err, FormatError) else "illegal_move"
                text = err.feedback if isinstance(err, FormatError) else str(err)
                calls.append(Call(role, state.steps, attempt, request, reply, kind, text, legal))
                errors += 1
                policy = family.feedback
                # Seen by the writer only: the partner never learns of a slip (DialOp resamples silently).
                payload: dict[str, Any] = {"feedback": text}
                if reply.tool_calls:  # the refused calls, each answered with the feedback as an error result
                    payload["tool_calls"] = [call.model_dump(mode="json") for call in reply.tool_calls]
                state = append(state, [state.event(role, kind, reply.text, payload=payload, visible_to=(role,))])
                if policy.errors_per_episode is not None and errors >= policy.errors_per_episode:
                    state = end(state, "format")
                    break
                if attempt >= policy.retries_per_request:
                    fallback = err.fallback if isinstance(err, FormatError) else None
                    if policy.on_exhausted == "record_and_continue" and fallback is not None:
                        moved = rules.step(instance, state, role, fallback, reply.text).state
                        state = moved.model_copy(update={"steps": moved.steps + 1})
                    elif policy.on_exhausted == "end_episode":
                        state = end(state, "format")
                    else:
                        state = append(state, [], agenda=state.agenda.pass_turn(), steps=state.steps + 1)
                    break
                feedback.append(text)
                attempt += 1
                if reply.tool_calls:  # the codec replays the refused calls (with error results) from the history
                    obs = replace(rules.view(instance, state, role), budget=obs.budget)
                continue
            calls.append(Call(role, state.steps, attempt, request, reply, "ok", legal=legal,
                              events=(len(state.events), len(transition.state.events))))
            state = transition.state.model_copy(update={"steps": transition.state.steps + 1})
            break
        if watch is not None:
            watch(state, calls)
    reason = over(family, state)
    score = family.score(instance, state) if scored and reason is not None and reason != "error" else None
    return EpisodeRecord(family.name, instance.content_id(), state, tuple(calls), reason, score, failure=failure)
