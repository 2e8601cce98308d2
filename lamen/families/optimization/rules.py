"""The Optimization state machine (DialOp §2.1 and §3): two co-chairs alternate moves
[message] / [propose] / [accept] / [reject] over one proposal board; a full proposal must be
answered before anything else, acceptance ends the game, rejection clears the board and leaves
the responder on the floor. Score = true fit of the accepted matching ÷ pooled-knowledge optimum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lamen.core.board import BoardRules
from lamen.core.rules import AgendaTurns, Transition, opening_agenda
from lamen.core.state import DEAL, CoreState, end_rewarded
from lamen.core.types import (Action, ActionSpace, IllegalMove, Message, Observation, Propose, Respond, RoleId,
                              Score)
from lamen.families.optimization.instances import FAMILY_NAME, ROLES, OptimizationInstance
from lamen.families.optimization.matching import is_matching, matching_value

BOARD = BoardRules(unanimity=True, reject_clears=True, partial_is_informational=True)
ANSWER_FIRST = "your partner's proposal waits for your answer: reply [accept] or [reject]"


@dataclass(frozen=True)
class Sheet:
    """One co-chair's private share of the instance."""

    player: int
    reviewers: tuple[str, ...]
    papers: tuple[str, ...]
    values: tuple[tuple[int | None, ...], ...]  # scaled, rounded; None = not visible to this player
    scale: float  # known to the scripted players (FAMILIES.md §5 defines own-view with it); never rendered
    note: str = ""


class OptimizationState(CoreState):
    proposals: int = 0


def player_index(role: RoleId) -> int:
    if role not in ROLES:
        raise KeyError(f"dialop.optimization has roles {ROLES}, not {role!r}")
    return ROLES.index(role)


def partner(role: RoleId) -> RoleId:
    return ROLES[1 - player_index(role)]


class OptimizationRules(AgendaTurns):
    def initial(self, instance: OptimizationInstance, seating: Mapping[RoleId, str],
                first: RoleId | None) -> OptimizationState:
        return OptimizationState(seating=dict(seating), agenda=opening_agenda(FAMILY_NAME, ROLES, seating, first))

    def view(self, instance: OptimizationInstance, state: OptimizationState, role: RoleId) -> Observation:
        p = player_index(role)
        sheet = Sheet(player=p, reviewers=instance.reviewers, papers=instance.papers, values=instance.sheet(p),
                      scale=instance.scales[p], note=instance.notes[p])
        pending = state.board.pending
        public = {} if pending is None else {"pending": pending.payload, "proposer": pending.proposer}
        return Observation(role=role, private=sheet, history=state.visible(role), step=state.steps, public=public)

    def legal(self, instance: OptimizationInstance, state: OptimizationState, role: RoleId) -> ActionSpace:
        vocabulary = (("reviewers", instance.reviewers), ("papers", instance.papers))
        if state.board.must_answer(role):
            return ActionSpace(kinds=frozenset({"respond"}), must=ANSWER_FIRST, vocabulary=vocabulary)
        return ActionSpace(kinds=frozenset({"message", "propose"}), vocabulary=vocabulary)

    def step(self, instance: OptimizationInstance, state: OptimizationState, role: RoleId,
             actions: Sequence[Action], text: str) -> Transition[OptimizationState]:
        self.check_turn(state, role)
        if len(actions) != 1:
            raise IllegalMove("write exactly one move per reply")
        action = actions[0]
        must_answer = state.board.must_answer(role)
        if must_answer and not isinstance(action, Respond):
            raise IllegalMove(ANSWER_FIRST)
        if isinstance(action, Message):
            event = state.event(role, "message", text, payload={"text": action.text})
            new = state.model_copy(update={"events": state.with_events(event), "agenda": state.agenda.pass_turn()})
        elif isinstance(action, Propose):
            if action.partial or not is_matching(action.payload, instance.k):
                raise IllegalMove(f"a proposal must give each of the {instance.k} papers a different reviewer")
            event = state.event(role, "propose", text, payload=action.payload)
            board, _ = state.board.propose(BOARD, role, action.payload, [partner(role)], event_index=event.index)
            new = state.model_copy(update={"events": state.with_events(event), "board": board,
                                           "agenda": state.agenda.respond([partner(role)]),
                                           "proposals": state.proposals + 1})
        elif isinstance(action, Respond):
            board, outcome = state.board.respond(BOARD, role, action.accept)
            event = state.event(role, "respond", text, payload={"accept": action.accept})
            new = state.model_copy(update={"events": state.with_events(event), "board": board,
                                           "agenda": state.agenda.keep_floor()})
            if outcome == "accepted":  # the deal: worth the score it gets (a harvest's reward)
                new = end_rewarded(new, "accepted", DEAL, lambda closed: score(instance, closed).team or 0.0)
        else:
            raise IllegalMove(f"{action.kind} is not a move in this game")
        return Transition(new, new.events[len(state.events):])


def score(instance: OptimizationInstance, state: OptimizationState) -> Score:
    """Pure: the accepted matching's true fit over the pooled-knowledge optimum; 0 without a deal."""
    optimum = instance.optimum()
    accepted = state.board.last_accepted if state.ended == "accepted" else None
    value = matching_value(instance.table, accepted.payload) if accepted is not None else 0
    team = value / optimum
    messages = [e for e in state.events if e.kind == "message"]
    return Score(per_role={r: team for r in ROLES}, team=team, agreement="hard" if accepted else "none",
                 end_reason=state.ended or "unfinished",
                 metrics={"value": float(value), "optimum": float(optimum), "optimal": float(value == optimum),
                          "steps": float(state.steps), "proposals": float(state.proposals),
                          "messages": float(len(messages)),
                          "words": float(sum(len(str(e.payload["text"]).split()) for e in messages)),
                          "format_errors": float(sum(e.kind in ("format_error", "illegal_move") for e in state.events))})
