"""The Planning state machine (DialOp §2.2): the assistant and the user take turns. The assistant
may think and search (the search keeps it on the floor, up to `calls_per_turn` calls), then sends
a message or proposes an itinerary (optionally followed by a message). Every proposal, partial or
full, is scored on a card only the user sees. A partial one asks nothing of the user; a full one
must be accepted or rejected before anything else (a rejection may carry a message). Acceptance
ends the game. With a word budget, once fewer than 25 words are left the assistant must make its
best final proposal, which ends the game as if accepted. The move cap counts committed moves;
searches and thoughts are not moves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lamen.core.board import BoardRules
from lamen.core.canonical import content_id
from lamen.core.rules import AgendaTurns, Transition
from lamen.core.agenda import Agenda
from lamen.core.state import DEAL, CoreState, append, end, end_rewarded
from lamen.core.tools import call_tool
from lamen.core.types import (Action, ActionSpace, Event, IllegalMove, Message, Observation, Propose, Respond,
                              RoleId, Score, Think, ToolCall)
from lamen.families.planning.instances import (FAMILY_NAME, ROLES, SLOTS, PlanningInstance, Site,
                                               fmt_value)
from lamen.families.planning.scoring import Scorecard, bounds, itinerary_score, scorecard
from lamen.families.planning.search import SEARCH, SEARCH_SPEC

BOARD = BoardRules(who_may_propose=("assistant",), unanimity=True, reject_clears=True, partial_is_informational=True)
ANSWER_FIRST = "a full itinerary waits for your answer: reply [accept] or [reject] first"
FINAL_CALL = "the word budget is spent: make your best final proposal now (a full itinerary of three sites)"
FINAL_WORDS = 25  # below this many words left, the assistant must make its final proposal


@dataclass(frozen=True)
class AssistantView:
    """The assistant's share: the site database (searched with the tool) and a private note."""

    sites: tuple[Site, ...]  # the database, in its order (the prompt lists names; search shows the rest)
    note: str = ""


@dataclass(frozen=True)
class UserView:
    """The user's share: the preference texts (never their weights), a reference score and a note."""

    preferences: tuple[str, ...]
    reference: int  # the best card total among 100 seeded random itineraries ("a good day scores about this")
    note: str = ""


class PlanningState(CoreState):
    moves: int = 0  # committed moves: messages, proposals, answers
    words: int = 0  # words written in messages by both roles
    proposals: int = 0
    searches: int = 0
    final_call: bool = False


_REFERENCE: dict[str, int] = {}


def reference_score(instance: PlanningInstance) -> int:
    """Best card total of 100 random full itineraries drawn with a generator seeded by the
    instance (what the user is told a good day scores; the threshold user's bar)."""
    key = instance.content_id()
    if key not in _REFERENCE:
        # Seeded by where the instance came from, so the draw survives changes to the instance schema.
        rng = random.Random(int(content_id("planning-reference", instance.source), 16))
        names = instance.site_names()
        _REFERENCE[key] = max(itinerary_score(instance, rng.sample(names, SLOTS)) for _ in range(100))
    return _REFERENCE[key]


def slots_text(slots: Sequence[str | None]) -> str:
    return "[" + ", ".join("NULL" if s is None else s for s in slots) + "]"


def card_text(card: Scorecard) -> str:
    """The user's scorecard for a proposal, in words."""
    lines = ["Your scorecard for this proposal (only you see it):"]
    by_slot = {line.slot: line for line in card.sites}
    legs = {leg.origin: leg for leg in card.legs}
    for slot, name in enumerate(card.slots):
        line = by_slot.get(slot)
        if line is None:
            lines.append(f"  stop {slot + 1}: (empty)")
            continue
        site = line.site
        features = "; ".join(f"{k}: {fmt_value(v)}" for k, v in sorted(site.features.items()))
        lines.append(f"  stop {slot + 1}: {site.name} ({site.category}, ${site.price}) {line.points:+d}")
        lines.append(f"    {features}")
        leg = legs.get(site.name)
        if leg is not None and slot + 1 < len(card.slots) and card.slots[slot + 1] == leg.destination:
            lines.append(f"  travel {leg.miles:g} mi to {leg.destination}: {leg.points:+d}")
    if card.checklist:
        lines.append("  whole-trip checks:")
        lines += [f"    {'met' if c.met else 'not met'}: {c.text} {c.points:+d}" for c in card.checklist]
    lines.append(f"  total price ${card.price}; TOTAL SCORE {card.total:+d}")
    return "\n".join(lines)


class PlanningRules(AgendaTurns):
    def initial(self, instance: PlanningInstance, seating: Mapping[RoleId, str], first: RoleId | None) -> PlanningState:
        missing = set(ROLES) - set(seating)
        if missing:
            raise ValueError(f"{FAMILY_NAME} needs seats {ROLES}; missing {sorted(missing)}")
        return PlanningState(seating=dict(seating), agenda=Agenda.start(ROLES, first or "user"))

    # ---- what a role sees ------------------------------------------------------------------
    def view(self, instance: PlanningInstance, state: PlanningState, role: RoleId) -> Observation:
        if role == "assistant":
            private: object = AssistantView(sites=instance.sites, note=instance.notes[0])
        elif role == "user":
            private = UserView(preferences=tuple(p.text for p in instance.preferences),
                               reference=reference_score(instance), note=instance.notes[1])
        else:
            raise KeyError(f"{FAMILY_NAME} has roles {ROLES}, not {role!r}")
        pending = state.board.pending
        public = {} if pending is None else {"pending": pending.payload}
        budget = {"moves_left": instance.limits.max_moves - state.moves}
        if instance.limits.word_budget is not None:
            budget["words_left"] = instance.limits.word_budget - state.words
        if role == "assistant":
            budget["calls_left"] = state.agenda.calls_left(instance.limits.calls_per_turn)
        return Observation(role=role, private=private, history=state.visible(role), step=state.steps,
                           public=public, budget=budget)

    def legal(self, instance: PlanningInstance, state: PlanningState, role: RoleId) -> ActionSpace:
        vocabulary = (("sites", instance.site_names()),)
        if role == "assistant":
            searching = state.agenda.calls_left(instance.limits.calls_per_turn) > 0
            kinds = {"think", "propose"} | ({"tool_call"} if searching else set())
            if state.final_call:
                return ActionSpace(kinds=frozenset(kinds), tools=(SEARCH_SPEC,) if searching else (), must=FINAL_CALL,
                                   max_actions=4, vocabulary=vocabulary)
            return ActionSpace(kinds=frozenset(kinds | {"message"}), tools=(SEARCH_SPEC,) if searching else (),
                               max_actions=4, vocabulary=vocabulary)
        if state.board.must_answer(role):
            return ActionSpace(kinds=frozenset({"think", "respond", "message"}), must=ANSWER_FIRST, max_actions=4,
                               vocabulary=vocabulary)
        return ActionSpace(kinds=frozenset({"think", "message"}), max_actions=4, vocabulary=vocabulary)

    # ---- one reply -------------------------------------------------------------------------
    def step(self, instance: PlanningInstance, state: PlanningState, role: RoleId, actions: Sequence[Action],
             text: str) -> Transition[PlanningState]:
        self.check_turn(state, role)
        n_thoughts = 0
        while n_thoughts < len(actions) and isinstance(actions[n_thoughts], Think):
            n_thoughts += 1
        thoughts, moves = list(actions[:n_thoughts]), list(actions[n_thoughts:])
        if any(isinstance(a, Think) for a in moves):
            raise IllegalMove("write your [think] lines before your move")
        if not moves:
            raise IllegalMove("a reply needs a move after its thoughts: "
                              "[message], [propose], [accept], [reject] or [tool]")
        events = [_event(role, "think", t.text, visible_to=(role,)) for t in thoughts]
        if isinstance(moves[0], ToolCall):
            new = self._search(instance, state, role, moves, events)
        elif role == "assistant":
            new = self._assistant(instance, state, moves, events)
        elif role == "user":
            new = self._user(instance, state, moves, events)
        else:
            raise IllegalMove(f"{role} has no seat in {FAMILY_NAME}")
        return Transition(new, new.events[len(state.events):])

    def _search(self, instance: PlanningInstance, state: PlanningState, role: RoleId, moves: list[Action],
                events: list[Event]) -> PlanningState:
        if role != "assistant":
            raise IllegalMove("only the assistant can search the site database")
        if len(moves) != 1:
            raise IllegalMove("a [tool] call ends the reply: its result comes back before you go on")
        if state.agenda.calls_left(instance.limits.calls_per_turn) <= 0:
            raise IllegalMove(f"no searches left this turn (at most {instance.limits.calls_per_turn}): "
                              "send a message or a proposal")
        call = moves[0]
        assert isinstance(call, ToolCall)
        thought = append(state, events)
        tool_events = call_tool((SEARCH,), instance, thought, role, call)
        return append(thought, tool_events, agenda=state.agenda.inner_step(instance.limits.calls_per_turn),
                      searches=state.searches + 1)

    def _assistant(self, instance: PlanningInstance, state: PlanningState, moves: list[Action],
                   events: list[Event]) -> PlanningState:
        first, rest = moves[0], moves[1:]
        if isinstance(first, Message):
            if state.final_call:
                raise IllegalMove(FINAL_CALL)
            if rest:
                raise IllegalMove("a [message] is the last part of a reply")
            events.append(_event("assistant", "message", first.text, payload={"text": first.text}))
            return self._commit(instance, state, events, state.agenda.pass_turn(), words=_words(first.text))
        if not isinstance(first, Propose):
            raise IllegalMove(f"{first.kind} is not a move for the assistant")
        if len(rest) > 1 or any(not isinstance(a, Message) for a in rest):
            raise IllegalMove("after a [propose] only one [message] may follow")
        slots = self._check_itinerary(instance, first.payload)
        full = None not in slots
        if state.final_call and not full:
            raise IllegalMove(FINAL_CALL)
        at = len(state.events) + len(events)
        events.append(_event("assistant", "propose", slots_text(slots), payload=list(slots)))
        card = scorecard(instance, slots)
        events.append(_event(None, "system", card_text(card), payload={"proposal": at, "total": card.total},
                             visible_to=("user",)))
        board, _ = state.board.propose(BOARD, "assistant", list(slots), ["user"], full=full, event_index=at)
        words = 0
        if rest:
            assert isinstance(rest[0], Message)
            events.append(_event("assistant", "message", rest[0].text, payload={"text": rest[0].text}))
            words = _words(rest[0].text)
        if state.final_call:  # the final proposal stands as accepted
            board, _ = board.respond(BOARD, "user", True)
            new = append(state, events, board=board, proposals=state.proposals + 1, moves=state.moves + 1,
                         words=state.words + words)
            return end(new, "final_proposal")
        agenda = state.agenda.respond(["user"]) if full else state.agenda.pass_turn()
        moved = state.model_copy(update={"board": board, "proposals": state.proposals + 1})
        return self._commit(instance, moved, events, agenda, words=words)

    def _user(self, instance: PlanningInstance, state: PlanningState, moves: list[Action],
              events: list[Event]) -> PlanningState:
        first, rest = moves[0], moves[1:]
        waiting = state.board.must_answer("user")
        if waiting and not isinstance(first, Respond):
            raise IllegalMove(ANSWER_FIRST)
        if isinstance(first, Message):
            if rest:
                raise IllegalMove("a [message] is the last part of a reply")
            events.append(_event("user", "message", first.text, payload={"text": first.text}))
            return self._commit(instance, state, events, state.agenda.pass_turn(), words=_words(first.text))
        if not isinstance(first, Respond):
            raise IllegalMove(f"{first.kind} is not a move for the user")
        if not waiting:
            raise IllegalMove("there is no full itinerary waiting for an answer")
        if first.accept and rest:
            raise IllegalMove("[accept] ends the game: nothing may follow it")
        if len(rest) > 1 or any(not isinstance(a, Message) for a in rest):
            raise IllegalMove("after a [reject] only one [message] may follow")
        board, outcome = state.board.respond(BOARD, "user", first.accept)
        events.append(_event("user", "respond", "[accept]" if first.accept else "[reject]",
                             payload={"accept": first.accept}))
        if outcome == "accepted":  # the deal: worth the score it gets (a harvest's reward; not a final call's)
            return end_rewarded(append(state, events, board=board, moves=state.moves + 1), "accepted", DEAL,
                                lambda closed: score(instance, closed).team or 0.0)
        if rest:
            assert isinstance(rest[0], Message)
            events.append(_event("user", "message", rest[0].text, payload={"text": rest[0].text}))
            return self._commit(instance, state.model_copy(update={"board": board}), events, state.agenda.pass_turn(),
                                words=_words(rest[0].text))
        # A bare rejection: the user keeps the floor for its ordinary turn (DialOp: reject, then talk).
        return self._commit(instance, state.model_copy(update={"board": board}), events, state.agenda.keep_floor(),
                            words=0)

    # ---- helpers -------------------------------------------------------------------------------
    def _check_itinerary(self, instance: PlanningInstance, payload: object) -> tuple[str | None, ...]:
        names = set(instance.site_names())
        if not isinstance(payload, list) or len(payload) != SLOTS:
            raise IllegalMove(f"an itinerary has exactly {SLOTS} stops (write NULL for an empty one)")
        slots = tuple(payload)
        if all(s is None for s in slots):
            raise IllegalMove("an itinerary needs at least one site")
        unknown = [str(s) for s in slots if s is not None and s not in names]
        if unknown:
            raise IllegalMove(f"no such site: {', '.join(unknown)}")
        chosen = [s for s in slots if s is not None]
        if len(set(chosen)) != len(chosen):
            raise IllegalMove("a site may appear only once in an itinerary")
        return slots  # type: ignore[return-value]

    def _commit(self, instance: PlanningInstance, state: PlanningState, events: list[Event], agenda: Agenda, *,
                words: int) -> PlanningState:
        """Append a committed move's events; then the word budget and the move cap."""
        new = append(state, events, agenda=agenda, moves=state.moves + 1, words=state.words + words)
        budget = instance.limits.word_budget
        if budget is not None and not new.final_call and budget - new.words < FINAL_WORDS:
            # DialOp's word-budget limit: the assistant gets the floor and must make its final proposal.
            notice = _event(None, "system", "The word budget is spent: the assistant now makes its final "
                                            "proposal, which stands as accepted.")
            new = append(new, [notice], final_call=True, board=new.board.model_copy(update={"pending": None}),
                         agenda=new.agenda.model_copy(update={"current": "assistant", "purpose": "act",
                                                              "waiting": (), "calls": 0}))
        if new.moves >= instance.limits.max_moves and not new.ended:
            return end(new, "max_moves")
        return new


def _event(role: RoleId | None, kind: str, text: str, **fields: object) -> Event:
    return Event(index=0, role=role, kind=kind, text=text, **fields)  # type: ignore[arg-type]


def _words(text: str) -> int:
    return len(text.split())


def score(instance: PlanningInstance, state: PlanningState) -> Score:
    """Pure: the accepted itinerary's score range-normalised over all full itineraries; 0 without one."""
    b = bounds(instance)
    accepted = state.board.last_accepted if state.ended in ("accepted", "final_proposal") else None
    value = itinerary_score(instance, accepted.payload) if accepted is not None else None
    team = b.normalise(value) if value is not None else 0.0
    messages = [e for e in state.events if e.kind == "message"]
    return Score(per_role={r: team for r in ROLES}, team=team, agreement="hard" if accepted else "none",
                 end_reason=state.ended or "unfinished",
                 metrics={**({"value": float(value)} if value is not None else {}), "best": float(b.best),
                          "worst": float(b.worst), "optimal": float(value == b.best),
                          "moves": float(state.moves), "steps": float(state.steps),
                          "proposals": float(state.proposals), "searches": float(state.searches),
                          "messages": float(len(messages)), "words": float(state.words),
                          "format_errors": float(sum(e.kind in ("format_error", "illegal_move")
                                                     for e in state.events))})
