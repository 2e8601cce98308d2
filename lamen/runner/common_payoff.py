"""Common-payoff families as lamen's tournament runner plays them (`lamen.core.tournament`): two
interchangeable seats (DialOp Optimization, Traveling Adventurers) or asymmetric roles in two
parties (DialOp Planning: assistant, user; Mediation: assistant and two users, one user agent in
both user seats) — how the match's two agents fill the seats is `lamen.core.seats.seat_plan`.

These hooks know no family by name: they read the family's roles, rules, codecs and scorer. They
live in the runner, not in the families, because what they write is the store's record of a
match (`lamen.transcript`, two sides), which the families below the runner may not import.

What the store keeps of a match (its columns are shaped for two sides):
- a turn per committed move: the side of the agent that wrote it (`side`; both user seats of
  Mediation are side 1) and the role it wrote as (`role`: "user-0" or "user-1" tells Mediation's
  two user seats apart; the store keeps it per turn, `turns.role`), the reply as written
  (`message`), and the thoughts it kept private (`note`); the calls of a move's rejected
  attempts (format errors, illegal moves) stay with the move they led to;
- the outcome: **both seats' utility is the team score** (u_a = u_b = the family's
  `Score.team`), `welfare` is the team score too (not the sum: the two seats share one score),
  `rounds` the committed moves; the family's own end reason, per-role scores and metrics
  (optimal, identical, percentile ...) are in the outcome's JSON.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from lamen.agents.base import ChatRequest
from lamen.chat import approx_tokens
from lamen.core.agenda import rounds_of
from lamen.core.family import Family
from lamen.core.play import Call, EpisodeRecord, SeatSampling
from lamen.core.seats import SeatPlan, seat_plan
from lamen.core.tournament import FallbackReading, Seating
from lamen.core.types import Relation, RoleId
from lamen.schedule import FamilyMatch
from lamen.transcript import ModelCall, Transcript, Turn

MOVE_TOKENS = 200  # a move's reply when the seat sets no max_tokens: the estimate's assumption


class TeamOutcome(BaseModel):
    """A common-payoff match's outcome as the store writes it (`lamen.store.db.StoredOutcome`)."""

    model_config = ConfigDict(frozen=True)

    family: str
    team: float  # the family's team score in [0, 1]
    agreement: Literal["none", "soft", "hard"]
    end_reason: str  # the family's: "accepted", "max_steps", "format", "submitted" ...
    rounds: int  # committed moves
    per_role: dict[str, float]
    metrics: dict[str, float]
    agreed_offer: dict[str, str] | None = None

    @property
    def utilities(self) -> tuple[float, float]:
        return self.team, self.team

    @property
    def welfare(self) -> float:
        return self.team


def two_interchangeable_seats(family: Family) -> bool:
    """A common-payoff family whose two seats the schedule may swap (its `seat_symmetries`)."""
    return family.relation == Relation.COMMON_PAYOFF and any(len(group) == 2 for group in family.seat_symmetries)


def first_movers(family: Family, plan: SeatPlan) -> tuple[RoleId, ...]:
    """The roles a match may start with, indexed by `FamilyMatch.starts`: the two seats of an
    interchangeable pair; the family's `first_movers` (Planning: either; Mediation: either user)."""
    if plan.interchangeable:
        return plan.roles
    return tuple(role for role in family.first_movers if role in plan.roles) or plan.roles[:1]


class CommonPayoffTournament:
    """`lamen.core.tournament.TournamentPlay` for a common-payoff family whose seats two agents fill."""

    def __init__(self, family: Family) -> None:
        self.family = family
        plan = seat_plan(family)
        if plan is None:
            raise ValueError(f"{family.name}: its roles do not fall into two seats or two parties")
        self.plan = plan
        self.roles: tuple[RoleId, ...] = plan.roles
        self.first_movers = first_movers(family, plan)

    def seating(self, match: FamilyMatch) -> Seating:
        specs = (match.agent_a, match.agent_b)
        of = {role: specs[side] for role, side in zip(self.roles, self.plan.sides)}
        return Seating(instance=match.instance, roles=self.roles, first=self.first_movers[match.starts],
                       sampling={role: SeatSampling.for_match(spec.sampling, match.seed) for role, spec in of.items()},
                       names={role: spec.id for role, spec in of.items()},
                       sides=() if self.plan.interchangeable else self.plan.sides)

    def unsure(self, seating: Seating, record: EpisodeRecord) -> Sequence[ChatRequest]:
        return ()  # the family's codec reads every move exactly or rejects it: nothing is left unsure

    def stored(self, seating: Seating, record: EpisodeRecord,
               fallback: FallbackReading | None) -> tuple[Transcript, TeamOutcome]:
        transcript = self.transcript(seating, record)
        outcome = team_outcome(self.family, seating, record)
        if record.failure is not None:
            return transcript, outcome
        return transcript.model_copy(update={"end_reason": "agreement" if outcome.agreement != "none"
                                             else "max_rounds"}), outcome

    def transcript(self, seating: Seating, record: EpisodeRecord) -> Transcript:
        """A turn per committed move, with the calls that led to it; the calls of an attempt an
        error cut short (or the last, rejected attempts) as unfinished calls."""
        side = dict(zip(self.roles, self.plan.sides))
        rounds = rounds_of([call.role for call in record.calls if call.outcome == "ok"])  # one pass of the agenda
        turns, pending = committed_turns(record, lambda role: side[role], lambda index: rounds[index])
        update = error_fields(record, lambda role: side[role])
        # The store puts unfinished calls on the side whose turn it is, counted from `starts`.
        return Transcript(game=record.instance_id, protocol=self.family.name,
                          agents=(seating.names[self.plan.seats_of(0)[0]], seating.names[self.plan.seats_of(1)[0]]),
                          starts=side[seating.first] if seating.first else 0, turns=turns,
                          unfinished_calls=pending, **update)

    def match_tokens(self, match: FamilyMatch, seat: int) -> tuple[int, int]:
        """(input, output) tokens of one agent (`seat` = its side) in a match that lasts all its
        moves, summed over the seats it fills: each seat's first real request, each later request
        longer by the moves written since (each about the agent's max_tokens, or MOVE_TOKENS). An
        estimate, not a bound: a seat may write less."""
        family = self.family
        state = family.rules.initial(match.instance, {r: r for r in self.roles}, self.first_movers[match.starts])
        spec = (match.agent_a, match.agent_b)[seat]
        move = spec.sampling.max_tokens or MOVE_TOKENS
        steps = family.moves_cap(match.instance) if family.moves_cap is not None else family.limits.max_steps
        moves = family.limits.max_turns_per_role or math.ceil(steps / len(self.roles))
        input_tokens = output_tokens = 0.0
        for role in self.plan.seats_of(seat):
            base = approx_tokens(family.request_for(match.instance, state, role))
            input_tokens += sum(base + len(self.roles) * turn * move for turn in range(moves))
            output_tokens += moves * move
        return int(input_tokens), int(output_tokens)


def team_outcome(family: Family, seating: Seating, record: EpisodeRecord) -> TeamOutcome:
    """A team-scored episode's outcome: the family's score (the mean of its roles' where it gives
    no team score), or, for an errored episode, no agreement and a team score of 0."""
    if record.failure is not None:
        return TeamOutcome(family=family.name, team=0.0, agreement="none", end_reason="error",
                           rounds=record.state.steps, per_role={}, metrics={})
    score = record.score or family.score(seating.instance, record.state)
    team = score.team if score.team is not None else sum(score.per_role.values()) / len(score.per_role)
    return TeamOutcome(family=family.name, team=team, agreement=score.agreement or "none",
                       end_reason=score.end_reason, rounds=record.state.steps, per_role=dict(score.per_role),
                       metrics=dict(score.metrics))


def committed_turns(record: EpisodeRecord, side: Callable[[RoleId], int],
                    round_of: Callable[[int], int]) -> tuple[tuple[Turn, ...], tuple[ModelCall, ...]]:
    """A turn per committed move (on `side(role)`, in round `round_of(its index)`) with its private
    thoughts and the calls that led to it; then the calls after the last committed move (an attempt
    an error cut short, or the last, rejected attempts), which the transcript keeps as unfinished."""
    thoughts = private_thoughts(record)
    turns: list[Turn] = []
    pending: list[ModelCall] = []
    for call in record.calls:
        if call.reply is not None:
            pending.append(ModelCall(purpose="move", request=call.request, reply=call.reply))
        if call.outcome != "ok":
            continue
        turns.append(Turn(side=side(call.role), role=call.role, round=round_of(len(turns)),
                          note=thoughts.get((call.role, call.step), ""),
                          message=call.reply.text if call.reply else "", calls=tuple(pending)))
        pending = []
    return tuple(turns), tuple(pending)


def error_fields(record: EpisodeRecord, side: Callable[[RoleId], int | None]) -> dict[str, Any]:
    """The transcript fields of an errored episode (none for one that finished): the reason, with
    the role and agent that failed when the failure came in play, and that role's side."""
    failure = record.failure
    if failure is None:
        return {}
    where = "" if failure.before_play or failure.role is None else f"{failure.role} ({failure.agent}): "
    return {"end_reason": "error", "error": where + failure.reason, "error_kind": failure.kind,
            "error_side": None if failure.role is None else side(failure.role)}


def private_thoughts(record: EpisodeRecord) -> dict[tuple[RoleId, int], str]:
    """(role, step) → the thoughts the role wrote in that committed move, seen by it alone. Each
    committed call says which events its move wrote (`Call.events`), so a role's several moves
    in a row (a PeopleJoin hub's tool calls while it handles one message) each keep their own.
    A record without those spans is paired the old way: a move is a run of one role's events
    (its slips left out), and when the runs do not pair up one to one with the committed moves,
    no thought is attributed rather than one to the wrong move."""
    ok: list[Call] = [call for call in record.calls if call.outcome == "ok"]
    events = record.state.events
    if ok and all(call.events is not None for call in ok):
        found = {}
        for call in ok:
            start, stop = call.events  # type: ignore[misc]
            texts = [e.text for e in events[start:stop] if e.kind == "think" and e.role == call.role]
            if texts:
                found[(call.role, call.step)] = "\n".join(texts)
        return found
    runs: list[tuple[RoleId, list[str]]] = []
    for event in events:
        if event.role is None or event.kind in ("format_error", "illegal_move", "system", "end"):
            continue
        if not runs or runs[-1][0] != event.role:
            runs.append((event.role, []))
        if event.kind == "think":
            runs[-1][1].append(event.text)
    if len(runs) != len(ok) or any(run[0] != call.role for run, call in zip(runs, ok)):
        return {}
    return {(call.role, call.step): "\n".join(texts) for (_, texts), call in zip(runs, ok) if texts}


__all__ = ["CommonPayoffTournament", "TeamOutcome", "committed_turns", "error_fields", "first_movers",
           "private_thoughts", "team_outcome", "two_interchangeable_seats"]
