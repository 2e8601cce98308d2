"""The text protocols of Mediation seats: one tagged move per reply; the agent addresses its
messages with `0:`, `1:` or `all:` (FAMILIES.md Appendix B). Prompts are written in this
project's own words (no sentence of the DialOp prompts)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lamen.chat import ChatMessage, ChatReply, ChatRequest
from lamen.core.codec import FormatError
from lamen.core.types import Action, ActionSpace, EndTurn, Event, Message, Observation, Propose, Respond
from lamen.families.mediation.instances import ASSISTANT, USERS, Flight
from lamen.families.mediation.rules import AssistantView, UserView
from lamen.families.mediation.timefmt import span

_TAG = re.compile(r"\[(message|propose|accept|reject|pass)\]", re.IGNORECASE)
_ADDRESS = re.compile(r"^\s*(0|1|all)\s*:\s*", re.IGNORECASE)
_SIDE = {u: re.compile(rf"user[-\s]?{i}\s*[:=]?\s*(?:flight\s*)?(?:id\s*)?#?\s*(\d+)", re.IGNORECASE)
         for i, u in enumerate(USERS)}
_ADDRESSES = {"0": (USERS[0],), "1": (USERS[1],), "all": USERS}

AGENT_RULES = """\
You are a travel agent working for two friends, User 0 and User 1, who fly in from different \
cities to meet. Each needs one flight. A good pair of flights lands the two friends close together \
in time, is cheap for each of them, and spares the meetings that matter to them. The team's reward \
is the value of the pair both friends accept, measured between the worst and the best pair that \
were possible.

You see both flight lists and each friend's work meetings — when they are, not how much they \
matter. Each friend also has private appointments you cannot see, and only they know which \
meetings could be skipped and how much they care about price and about arriving together. You \
talk to each friend separately; neither sees what you write to the other.

How to move: every reply is exactly one move.
0: [message] <text> — write to User 0 only (1: for User 1 only, all: for both).
all: [propose] user-0: flight <id>, user-1: flight <id> — book one flight for each friend. Each \
friend is shown their own flight and what it costs them, and both must accept. If either turns \
it down, the proposal is off and you may make another.
[pass] — say nothing this turn.
If no proposal is accepted before the moves run out, the team earns nothing."""

USER_RULES = """\
You are flying in to meet a friend in a city where neither of you lives; you start from \
different places. A travel agent books one flight for each of you and talks to your friend in a \
separate chat you cannot see. Your reward is shared with your friend: it is high when the booked \
pair of flights lands you close together, is cheap for both of you, and spares the meetings that \
matter.

The agent sees your flights and the times of your work meetings, but not your private \
appointments, not how important any meeting is, and not how much you care about price or about \
arriving together. Tell the agent what it needs to know.

How to move: every reply is exactly one move.
[message] <text> — write to the agent.
[pass] — say nothing this turn.
[accept] / [reject] — your answer when the agent proposes a flight for you (you are shown what it \
costs you); while a proposal waits for your answer no other move is allowed. The booking stands \
only when you and your friend both accept.
If no booking is accepted before the moves run out, nobody earns anything."""


def flight_table(flights: Sequence[Flight]) -> str:
    return "\n".join(["id | carrier | price | departs – lands",
                      *(f"{i} | {f.carrier} | ${f.price} | {span(f.start, f.end)}" for i, f in enumerate(flights))])


def _feedback_and_now(obs: Observation, now: str, feedback: tuple[str, ...]) -> list[str]:
    left = obs.budget.get("steps_left")
    parts = [now if left is None else f"{now} Moves left in the game: {left}."]
    parts += [f"Your last reply could not be used: {fb} Please answer again." for fb in feedback[-1:]]
    return parts


def _split_tag(text: str, allowed: str) -> tuple[str, str]:
    found = list(_TAG.finditer(text))
    if not found or found[0].start() != 0:
        raise FormatError(f"begin your move with one tag: {allowed}.")
    if len(found) > 1:
        raise FormatError("write exactly one move per reply (one tag); you wrote "
                          + ", ".join(f"[{m.group(1).lower()}]" for m in found) + ".")
    return found[0].group(1).lower(), text[found[0].end():].strip()


class AssistantCodec:
    name = "dialop-mediation-agent"

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        view: AssistantView = obs.private
        parts = [AGENT_RULES]
        for i, (flights, work) in enumerate(zip(view.flights, view.work)):
            meetings = "\n".join(span(w.start, w.end) for w in work) or "(none)"
            parts += [f"User {i}'s flights:\n{flight_table(flights)}", f"User {i}'s work meetings:\n{meetings}"]
        if view.note:
            parts.append(f"A private note for you: {view.note}")
        lines = [line for e in obs.history if (line := self._line(e))]
        transcript = "The conversations so far:\n" + "\n".join(lines) if lines else "Nobody has written yet."
        now = "Your move: a [message] to one friend or both, a [propose], or [pass]."
        content = "\n\n".join([transcript, *_feedback_and_now(obs, now, feedback)])
        return ChatRequest(system="\n\n".join(parts), messages=(ChatMessage(role="user", content=content),),
                           purpose="move")

    @staticmethod
    def _line(event: Event) -> str | None:
        if event.role in USERS and event.kind in ("message", "respond"):
            return f"User {USERS.index(event.role)}: {event.text.strip()}"
        if event.role == ASSISTANT and event.kind in ("message", "propose"):
            to = event.to or USERS
            who = "both" if set(to) == set(USERS) else f"User {USERS.index(to[0])}"
            return f"You to {who}: {event.text.strip()}"
        return None

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        text = reply.text.strip()
        address = _ADDRESS.match(text)
        rest = text[address.end():] if address else text
        tag, body = _split_tag(rest, "0:/1:/all: [message], all: [propose] or [pass]")
        to = _ADDRESSES[address.group(1).lower()] if address else None
        if tag == "message":
            if to is None:
                raise FormatError("say whom you write to: begin with 0:, 1: or all: before [message].")
            if not body:
                raise FormatError("[message] needs some text after the tag.")
            return (Message(text=body, to=to),)
        if tag == "pass":
            if address or body:
                raise FormatError("[pass] stands alone, with no address and no text.")
            return (EndTurn(),)
        if tag in ("accept", "reject"):
            raise FormatError("only the travellers accept or reject; you may [message], [propose] or [pass].")
        if to is not None and to != USERS:
            raise FormatError("a proposal goes to both friends at once: write all: [propose] user-0: flight <id>, "
                              "user-1: flight <id>.")
        payload = {}
        for role, pattern in _SIDE.items():
            found = pattern.findall(body)
            ids = legal.names(f"flights:{role}")
            if len(found) != 1:
                raise FormatError(f"name exactly one flight for {role}, as '{role}: flight <id>'.")
            if ids and found[0] not in ids and str(int(found[0])) not in ids:
                raise FormatError(f"{role} has flights 0–{len(ids) - 1}; there is no flight {found[0]}.")
            payload[role] = int(found[0])
        return (Propose(payload=payload, to=USERS),)

    def render(self, actions: Sequence[Action]) -> str:
        if len(actions) != 1:
            raise ValueError("a Mediation reply holds exactly one move")
        action = actions[0]
        if isinstance(action, Message):
            to = action.to or USERS
            address = "all" if set(to) == set(USERS) else str(USERS.index(to[0]))
            return f"{address}: [message] {action.text}"
        if isinstance(action, Propose):
            return "all: [propose] " + ", ".join(f"{r}: flight {action.payload[r]}" for r in USERS)
        if isinstance(action, EndTurn):
            return "[pass]"
        raise ValueError(f"{action.kind} is not a move of the Mediation agent")


class UserCodec:
    name = "dialop-mediation-user"

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        view: UserView = obs.private
        meetings = "\n".join(
            f"{'work' if e.shared else 'private'} | {span(e.start, e.end)} | importance {e.importance}"
            + (f" | {e.title}" if e.title else "") for e in view.calendar) or "(none)"
        scoring = (f"What a flight is worth to you: minus the importance of every meeting it overlaps; plus "
                   f"{view.price_pref} × (${view.mean_price} − its price) ÷ ${view.mean_price}, rounded toward "
                   f"zero (${view.mean_price} is the price you regard as normal); minus {view.arrival_pref} × "
                   "the whole hours between your arrival and your friend's ÷ 3, rounded toward zero. "
                   "The team's value is your worth plus your friend's.")
        parts = [USER_RULES, f"Your flights:\n{flight_table(view.flights)}",
                 "Your meetings (work meetings are visible to the agent, without importance; private ones are "
                 f"not; importance runs from 1, skippable, to 10, essential):\n{meetings}", scoring]
        if view.note:
            parts.append(f"A private note for you: {view.note}")
        lines = [line for e in obs.history if (line := self._line(e, obs.role))]
        transcript = "Your chat with the agent so far:\n" + "\n".join(lines) if lines else "Nobody has written yet."
        if "respond" in legal.kinds:
            now = "The agent's proposal waits for your answer: [accept] or [reject]."
        else:
            now = "Your move: [message] or [pass]."
        content = "\n\n".join([transcript, *_feedback_and_now(obs, now, feedback)])
        return ChatRequest(system="\n\n".join(parts), messages=(ChatMessage(role="user", content=content),),
                           purpose="move")

    @staticmethod
    def _line(event: Event, me: str) -> str | None:
        if event.role == me and event.kind in ("message", "respond"):
            return f"You: {event.text.strip()}"
        if event.role == ASSISTANT and event.kind == "message":
            text = event.text.strip()
            address = _ADDRESS.match(text)  # the address is the channel's business, not the reader's
            return f"Agent: {text[address.end():] if address else text}"
        if event.role is None and event.kind == "system":
            return f"(Booking desk) {event.text}"
        return None

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        text = reply.text.strip()
        if _ADDRESS.match(text):
            raise FormatError("you write to the agent only: begin with the tag, without an address.")
        tag, body = _split_tag(text, "[message], [pass], [accept] or [reject]")
        if tag == "message":
            if not body:
                raise FormatError("[message] needs some text after the tag.")
            return (Message(text=body),)
        if tag == "propose":
            raise FormatError("only the agent proposes flights; you may [message], [pass], or [accept] / [reject] "
                              "a proposal.")
        if body:
            raise FormatError(f"[{tag}] stands alone; say anything else in a [message] on a later move.")
        if tag == "pass":
            return (EndTurn(),)
        return (Respond(accept=tag == "accept"),)

    def render(self, actions: Sequence[Action]) -> str:
        if len(actions) != 1:
            raise ValueError("a Mediation reply holds exactly one move")
        action = actions[0]
        if isinstance(action, Message):
            return f"[message] {action.text}"
        if isinstance(action, Respond):
            return "[accept]" if action.accept else "[reject]"
        if isinstance(action, EndTurn):
            return "[pass]"
        raise ValueError(f"{action.kind} is not a move of a Mediation user")
