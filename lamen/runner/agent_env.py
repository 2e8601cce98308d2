"""Agent-vs-environment families as lamen's tournament runner plays them (`lamen.core.tournament`):
PeopleJoin-QA (a hub among colleagues and the user who asked) and ToolWOZ (an agent and a
customer). A match seats one *agent* in the contestant roles and one *simulator* in every
simulator role — a binding fills its whole group: every PeopleJoin colleague and the primary are
played by the same simulator, each seat with its own context (its own requests, from its own view).

These hooks know no family by name: they read the family's roles (`RoleSpec.kind`, which may
depend on the instance: PeopleJoin's colleagues are the organisation's people), rules, codecs and
scorer. They live in the runner for the reason `lamen.runner.common_payoff` does: what they write
is the store's record of a match (two sides: 0 the agent, 1 the simulator).

What the store keeps of a match:
- a turn per committed move, with the side and role that wrote it (as in common payoff), its
  private thoughts as the note and the calls that led to it;
- the episode's events (`Transcript.events`): every message with its recipient, every tool call
  with its result — the thread view reads these;
- the outcome: both sides' utility is the family's headline score (`Score.team`: Match / 100,
  reward), the family's metrics (PeopleJoin's msg_cnt, p_prec ...; ToolWOZ's reward, success) in
  the outcome's JSON.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from lamen.agents.base import ChatRequest
from lamen.chat import approx_tokens
from lamen.core.family import Family
from lamen.core.play import EpisodeRecord, SeatSampling
from lamen.core.tournament import FallbackReading, Seating
from lamen.core.types import Event, Relation, RoleId, RoleSpec
from lamen.runner.common_payoff import (MOVE_TOKENS, TeamOutcome, committed_turns, error_fields,
                                        team_outcome)
from lamen.schedule import FamilyMatch
from lamen.transcript import Transcript

AGENT, SIMULATOR = 0, 1  # the store's sides


def side_of(spec: RoleSpec) -> int:
    """The contestant roles are the agent's; the rest (simulators, and roles either may fill) the
    simulator's: the environment an agent is rated against."""
    return AGENT if spec.kind == "contestant" else SIMULATOR


def stored_event(event: Event) -> dict[str, Any]:
    """An event as the transcript keeps it: what was shown, to whom; payloads stay out (a tool
    result's text is what its caller read), except a call's arguments."""
    kept: dict[str, Any] = {"index": event.index, "role": event.role, "kind": event.kind, "text": event.text}
    if event.to is not None:
        kept["to"] = list(event.to)
    if event.visible_to is not None:
        kept["visible_to"] = list(event.visible_to)
    if event.kind == "tool_call" and isinstance(event.payload, dict):
        kept["args"] = event.payload.get("args", {})
    if event.kind == "tool_result" and isinstance(event.payload, dict) and event.payload.get("error"):
        kept["error"] = event.payload["error"]
    if event.reward:
        kept["reward"] = event.reward
    return kept


class AgentEnvTournament:
    """`lamen.core.tournament.TournamentPlay` for an agent-vs-environment family: the match's
    `agent_a` is the agent, its `agent_b` the simulator."""

    def __init__(self, family: Family) -> None:
        if family.relation != Relation.AGENT_VS_ENV:
            raise ValueError(f"{family.name} is {family.relation}, not agent-vs-env")
        self.family = family

    def roles_of(self, match: FamilyMatch) -> tuple[RoleSpec, ...]:
        config = self.family.config.model_validate(match.game.config)
        return tuple(self.family.roles(config, match.instance))

    def seating(self, match: FamilyMatch) -> Seating:
        specs = self.roles_of(match)
        roles = tuple(spec.name for spec in specs)
        sides = tuple(side_of(spec) for spec in specs)
        bindings = (match.agent_a, match.agent_b)
        first = self.family.first_movers[0] if self.family.first_movers else None
        return Seating(instance=match.instance, roles=roles, first=first,
                       sampling={role: SeatSampling.for_match(bindings[side].sampling, match.seed)
                                 for role, side in zip(roles, sides)},
                       names={role: bindings[side].id for role, side in zip(roles, sides)}, sides=sides)

    def unsure(self, seating: Seating, record: EpisodeRecord) -> Sequence[ChatRequest]:
        return ()  # the families' codecs read every move exactly or reject it

    def stored(self, seating: Seating, record: EpisodeRecord,
               fallback: FallbackReading | None) -> tuple[Transcript, TeamOutcome]:
        return self.transcript(seating, record), team_outcome(self.family, seating, record)

    def transcript(self, seating: Seating, record: EpisodeRecord) -> Transcript:
        """A turn per committed move with the calls that led to it (the calls of an attempt an
        error cut short as unfinished calls), and the episode's events."""
        turns, pending = committed_turns(record, seating.side, lambda index: index + 1)
        update = error_fields(record, lambda role: seating.side(role) if role in seating.roles else None)
        agent = next((seating.names[r] for r in seating.roles if seating.side(r) == AGENT), "")
        simulator = next((seating.names[r] for r in seating.roles if seating.side(r) == SIMULATOR), "")
        return Transcript(game=record.instance_id, protocol=self.family.name, agents=(agent, simulator),
                          starts=seating.side(seating.first) if seating.first else AGENT, turns=turns,
                          unfinished_calls=pending,
                          events=tuple(stored_event(e) for e in record.state.events), **update)

    def match_tokens(self, match: FamilyMatch, seat: int) -> tuple[int, int]:
        """(input, output) tokens of the agent (`seat` 0) or the simulator (1) in a match that
        lasts all its moves, summed over the roles it fills — the estimate common payoff makes
        (`lamen.runner.common_payoff`): each role's first request, each later one longer by the
        moves written since. Each role makes the moves the family gives it (`Family.role_moves`),
        else an even share of the episode's. An estimate, not a bound."""
        family = self.family
        specs = self.roles_of(match)
        roles = tuple(spec.name for spec in specs)
        first = family.first_movers[0] if family.first_movers else None
        state = family.rules.initial(match.instance, {r: r for r in roles}, first)
        binding = (match.agent_a, match.agent_b)[seat]
        move = binding.sampling.max_tokens or MOVE_TOKENS
        steps = family.moves_cap(match.instance) if family.moves_cap is not None else family.limits.max_steps
        even = family.limits.max_turns_per_role or math.ceil(steps / len(roles))
        per_role = family.role_moves(match.instance) if family.role_moves is not None else {}
        input_tokens = output_tokens = 0.0
        for spec in specs:
            if side_of(spec) != seat:
                continue
            moves = per_role.get(spec.name, even)
            base = approx_tokens(family.request_for(match.instance, state, spec.name))
            input_tokens += sum(base + 2 * turn * move for turn in range(moves))
            output_tokens += moves * move
        return int(input_tokens), int(output_tokens)


def seats_by_side(seating: Seating) -> dict[int, tuple[RoleId, ...]]:
    """side → the roles it fills, in the seating's order."""
    return {side: tuple(r for r in seating.roles if seating.side(r) == side) for side in (AGENT, SIMULATOR)}


__all__ = ["AGENT", "SIMULATOR", "AgentEnvTournament", "seats_by_side", "side_of", "stored_event"]
