"""The note → (interrogation) → message turn as a pure state machine (today's `Negotiation`,
as a value). Sides alternate from the schedule's first mover; a round ends after the second
mover; the episode ends when both latest messages say the agreement phrase, or after
2 × max_rounds turns. The interrogation answer is stored as an event no role sees: it is asked on
a rewound view and never enters anybody's memory.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from lamen.core.canonical import as_json_value
from lamen.core.frozen import unchecked
from lamen.core.rules import AgendaTurns, Transition, opening_agenda
from lamen.core.state import CoreState, end
from lamen.core.types import Action, ActionSpace, Event, IllegalMove, Message, Observation, Request, RoleId, Think
from lamen.families.negotiation.codec import TurnSpace, structured_now
from lamen.families.negotiation.instances import FAMILY_NAME, ROLES, NegotiationInstance, seat_of, side_of
from lamen.judge.agreement import says_phrase
from lamen.spec.game import Game

Phase = Literal["note", "interrogation", "message"]


class NegotiationState(CoreState):
    phase: Phase = "note"
    turns: int = 0  # finished turns (note + message)
    first: RoleId = "side-a"  # who opened (the schedule's `starts`)

    @property
    def round(self) -> int:
        return self.turns // 2 + 1


# legal()'s answers by (id(game), phase, structured, side); the game is held with each, so its id
# cannot be reused while an entry lives.
_SPACES: dict[tuple[int, str, bool, int], tuple[Game, TurnSpace]] = {}


class NegotiationRules(AgendaTurns):
    def initial(self, instance: NegotiationInstance, seating: Mapping[RoleId, str],
                first: RoleId | None) -> NegotiationState:
        agenda = opening_agenda(FAMILY_NAME, ROLES, seating, first)
        return NegotiationState(seating=dict(seating), agenda=agenda, first=first or ROLES[0])

    def agenda(self, state: NegotiationState) -> tuple[Request, ...]:
        if state.ended or state.agenda.current is None:
            return ()
        return (Request(role=state.agenda.current, purpose=state.phase, rewind=state.phase == "interrogation"),)

    def view(self, instance: NegotiationInstance, state: NegotiationState, role: RoleId) -> Observation:
        return Observation(role=role, private=seat_of(instance, role), history=state.visible(role), step=state.steps,
                           public={"purpose": state.phase, "round": state.round})

    def legal(self, instance: NegotiationInstance, state: NegotiationState, role: RoleId) -> ActionSpace:
        kind = "message" if state.phase == "message" else "think"
        structured = state.phase == "note" and instance.protocol.structured_notes \
            and structured_now(instance.protocol, state.events, role)
        game = instance.game
        side = side_of(role)
        key = (id(game), state.phase, structured, side)
        held = _SPACES.get(key)
        if held is None or held[0] is not game:  # one value per game, phase, format and side: it is immutable
            if len(_SPACES) >= 1024:
                _SPACES.clear()
            held = _SPACES[key] = (game, TurnSpace(kinds=frozenset({kind}), must=state.phase, purpose=state.phase,
                                                   game=game, structured=structured, side=side))
        return held[1]

    def step(self, instance: NegotiationInstance, state: NegotiationState, role: RoleId,
             actions: Sequence[Action], text: str) -> Transition[NegotiationState]:
        self.check_turn(state, role)
        if len(actions) != 1:
            raise IllegalMove("one note, answer or message per reply")
        action, phase, protocol = actions[0], state.phase, instance.protocol
        if phase == "message":
            if not isinstance(action, Message):
                raise IllegalMove("a message is asked for")
            # The family's own events, from actions the codec validated: built without validation.
            event = unchecked(Event, index=len(state.events), role=role, kind="message", text=action.text,
                              payload={"round": state.round})
            new = state.model_copy(update={"events": state.with_events(event), "phase": "note",
                                           "turns": state.turns + 1, "agenda": state.agenda.pass_turn()})
            reason = self._end(new, protocol.agreement_phrase, protocol.max_rounds)
            if reason is not None:
                new = end(new, reason)
        else:
            if not isinstance(action, Think) or not isinstance(action.payload, dict) \
                    or action.payload.get("purpose") != phase:
                raise IllegalMove(f"a {phase} is asked for")
            # The interrogation answer is seen by no role (visible_to = ()): it never enters memory.
            seen_by = (role,) if phase == "note" else ()
            event = unchecked(Event, index=len(state.events), role=role, kind="think", text=action.text,
                              payload=as_json_value({**action.payload, "round": state.round}), visible_to=seen_by)
            following: Phase = "interrogation" if phase == "note" and protocol.interrogation else "message"
            new = state.model_copy(update={"events": state.with_events(event), "phase": following})
        return Transition(new, new.events[len(state.events):])

    @staticmethod
    def _end(state: NegotiationState, phrase: str, max_rounds: int) -> str | None:
        latest: dict[RoleId, str] = {}
        for e in reversed(state.events):  # each side's latest message; stop once both are found
            if e.kind == "message" and e.role is not None and e.role not in latest:
                latest[e.role] = e.text
                if len(latest) == 2:
                    break
        if len(latest) == 2 and all(says_phrase(text, phrase) for text in latest.values()):
            return "agreement"
        if state.turns >= 2 * max_rounds:
            return "max_rounds"
        return None
