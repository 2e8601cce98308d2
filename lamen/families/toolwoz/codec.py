"""The text protocol of the ToolWOZ seats, with prompts in this project's words.

Agent (the paper's ReAct format): a reply is an optional `PLAN <text>` and then one of
`APICALL {"name": ..., "parameters": {...}}` (the result comes back as an APIRETURN line and the
turn goes on) or `SPEAK <text>` (a message to the customer, which ends the turn); each command may
end with `<COMMAND_END>`. The native variant (`native_tools()`) lets a model call the APIs as
functions instead of writing APICALL lines.

User (customer): a reply is `SPEAK <words>`; `END_CONVERSATION` (alone, or after the words) ends
the conversation. (The command makes a garbled or confused reply — one that plays the agent's
part, say — detectable, as every family's text protocol does.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from lamen.chat import ChatReply, ChatRequest
from lamen.core.codec import FormatError
from lamen.core.tools import current_turn, move_request, native_turns
from lamen.core.types import Action, ActionSpace, EndSession, Event, Message, Observation, Think, ToolCall
from lamen.families.toolwoz.apis import SPECS
from lamen.families.toolwoz.goal import Goal
from lamen.families.toolwoz.rules import AgentView, UserView

END = "<COMMAND_END>"
CLOSE = "END_CONVERSATION"
_COMMAND = re.compile(r"(?:^|(?<=<COMMAND_END>)|(?<=\n))[ \t]*(PLAN|APICALL|SPEAK)\b[ \t:]*", re.MULTILINE)

AGENT_RULES = """\
You are the assistant of a booking service for visitors to Cambridge. A customer will write to you \
about restaurants, hotels, attractions and trains. Find what they ask for with the service's APIs, \
book it when they want a booking, and tell them what you found or booked. Never answer from your \
own knowledge: facts come only from the APIs.

How to write a reply:
PLAN <text> <COMMAND_END> — optional: think to yourself first; the customer never sees it.
then exactly one of:
APICALL {"name": "<api>", "parameters": {...}} <COMMAND_END> — call one API. Its answer comes back \
to you alone as an APIRETURN line and your turn goes on, so call one API per reply. \
At most {calls} calls per turn.
SPEAK <text> <COMMAND_END> — say something to the customer. This ends your turn, so make the calls \
you need first.
The customer sees only what you SPEAK. Leave out parameters you do not know; never invent \
parameters that an API does not list. An APIRETURN that starts with ERROR means the call was \
wrong: check the API's parameters and try again."""

NATIVE_CALLS = """\
Instead of an APICALL line you may call the APIs as functions, one call per reply; the calls of \
earlier turns show in the conversation as APICALL and APIRETURN lines."""

USER_RULES = """\
You are a visitor to Cambridge writing to a booking service's assistant. You want what your task \
below says, in that order, one part after the other. Tell the assistant what you want a little at \
a time, as a real customer would; answer its questions from your task, and when your task does \
not say, tell it you have no preference. Never mention the task itself. Check that what the \
assistant finds or books fits your task. When everything in your task is done, or nothing more \
can be done, write END_CONVERSATION.

How to write a reply: SPEAK <your words to the assistant>. To end the conversation write \
END_CONVERSATION, alone or after your last words (SPEAK Thanks, goodbye. END_CONVERSATION)."""


SLOT_WORDS = """\
In your task, leaveAt = 09:15 means leaving at 09:15 or later, arriveBy = 17:00 arriving by 17:00; \
pricerange is the price range, stay the number of nights, people the size of your party, and \
parking = yes or internet = yes that it must offer them free."""


def api_lines() -> str:
    lines = []
    for spec in SPECS:
        params = []
        for name, prop in spec.parameters["properties"].items():
            choice = f" (one of {', '.join(prop['enum'])})" if "enum" in prop else ""
            params.append(f"    {name}: {prop['description']}{choice}")
        lines.append(f"- {spec.name}: {spec.description}\n" + "\n".join(params))
    return "\n".join(lines)


def goal_lines(goal: Goal) -> str:
    """The customer's task in plain words (what a model playing the customer reads)."""
    parts = []
    for n, wanted in enumerate(goal.domains, 1):
        wants = ", ".join(f"{slot} = {value}" for slot, value in wanted.search.items())
        line = f"{n}. Find a {wanted.domain} with {wants}."
        if wanted.book is not None:
            details = ", ".join(f"{slot} = {value}" for slot, value in wanted.book.items()
                                if slot not in ("name", "trainID"))
            line += f" Then book it: {details}, and get the reference number."
        else:
            line += " You only want its details, no booking."
        parts.append(line)
    return "\n".join(parts)


def _render_call(call: ToolCall) -> str:
    return json.dumps({"name": call.name, "parameters": dict(call.args)}, ensure_ascii=False)


def history_lines(obs: Observation, events: Sequence[Event]) -> list[str]:
    agent = obs.role == "agent"
    lines = []
    for e in events:
        if e.kind == "message":
            who = ("assistant" if e.role == "agent" else "customer") if agent else \
                ("You" if e.role == "user" else "Assistant")
            lines.append(f"{who}: {e.text}")
        elif e.kind == "think":
            lines.append(f"assistant: PLAN {e.text}")
        elif e.kind == "tool_call":
            lines.append(f"assistant: APICALL {_render_call(ToolCall(name=e.payload['name'], args=e.payload['args']))}")
        elif e.kind == "tool_result":
            lines.append(f"APIRETURN {e.text}")
    return lines


class ToolWozCodec:
    """`customer=True`: the user's seat (SPEAK, END_CONVERSATION); otherwise the agent's
    (PLAN / APICALL / SPEAK). `native=True` (from `native_tools()`, agent only): API calls are
    native function calls; the current turn's calls and results follow the user message as real
    chat turns."""

    def __init__(self, customer: bool = False, native: bool = False) -> None:
        self.customer = customer
        self.native = native and not customer
        self.name = "toolwoz-customer" if customer else ("toolwoz-react-native" if self.native else "toolwoz-react")

    def native_tools(self) -> "ToolWozCodec | None":
        return None if self.customer else ToolWozCodec(native=True)

    # ---- requests ---------------------------------------------------------------------------------
    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        private = obs.private
        if isinstance(private, AgentView):
            calls = obs.budget.get("calls_left", 0)
            system = "\n\n".join(part for part in (
                AGENT_RULES.replace("{calls}", str(private.calls_per_turn)), NATIVE_CALLS if self.native else "",
                "The APIs (every parameter is an optional string):\n" + api_lines(),
                f"A private note for you: {private.note}" if private.note else "") if part)
            now = (f"Your turn: PLAN if you like, then APICALL ({calls} calls left this turn) or SPEAK."
                   if calls else "Your turn: PLAN if you like, then SPEAK (no API calls left this turn).")
        else:
            assert isinstance(private, UserView)
            system = "\n\n".join(part for part in (
                USER_RULES, "Your task:\n" + goal_lines(private.goal), SLOT_WORDS,
                f"A private note for you: {private.note}" if private.note else "") if part)
            now = "Your turn: SPEAK to the assistant (or END_CONVERSATION)."
        start = current_turn(obs.history, obs.role) if self.native else len(obs.history)
        turns = native_turns(obs.history[start:], obs.role) if self.native else ()
        lines = history_lines(obs, obs.history[:start])
        transcript = "The conversation so far:\n" + "\n".join(lines) if lines else "Nobody has written yet."
        left = obs.budget.get("messages_left")
        parts = [transcript, now + (f" Messages left in the conversation: {left}." if left is not None else "")]
        return move_request(system, parts, turns, obs.history, feedback)

    # ---- replies ----------------------------------------------------------------------------------
    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        if "end_session" in legal.kinds:
            return parse_customer(reply.text)
        text = reply.text.strip()
        found = list(_COMMAND.finditer(text))
        if not found or text[:found[0].start()].strip():
            raise FormatError("begin your reply with a command: PLAN, then APICALL {...} or SPEAK, "
                              f"each ending with {END}.")
        actions: list[Action] = []
        for n, match in enumerate(found):
            body = text[match.end():found[n + 1].start() if n + 1 < len(found) else len(text)].strip()
            if body.endswith(END):
                body = body[:-len(END)].strip()
            if END in body:
                raise FormatError(f"put each command right after a {END}; text between commands is not allowed.")
            actions.append(self._command(match.group(1), body))
        return tuple(actions)

    @staticmethod
    def _command(command: str, body: str) -> Action:
        if command in ("PLAN", "SPEAK"):
            if not body:
                raise FormatError(f"{command} needs some text after it.")
            return Think(text=body) if command == "PLAN" else Message(text=body)
        try:
            call = json.loads(body)
        except ValueError:
            raise FormatError('APICALL must be followed by one JSON object: {"name": "<api>", "parameters": '
                              "{...}}.") from None
        if not isinstance(call, dict) or not isinstance(call.get("name"), str) \
                or not isinstance(call.get("parameters", {}), dict) or set(call) - {"name", "parameters"}:
            raise FormatError('APICALL must be followed by one JSON object with the keys "name" (a string) and '
                              '"parameters" (an object).')
        return ToolCall(name=call["name"], args=call.get("parameters", {}))

    def render(self, actions: Sequence[Action]) -> str:
        if self.customer:
            return render_customer(actions)
        parts = []
        for action in actions:
            if isinstance(action, Think):
                parts.append(f"PLAN {action.text} {END}")
            elif isinstance(action, ToolCall):
                parts.append(f"APICALL {_render_call(action)} {END}")
            elif isinstance(action, Message):
                parts.append(f"SPEAK {action.text} {END}")
            else:
                raise ValueError(f"{action.kind} is not an agent's move in toolwoz")
        return "\n".join(parts)


def parse_customer(text: str) -> tuple[Action, ...]:
    """`SPEAK <words>`, optionally ending with END_CONVERSATION, or END_CONVERSATION alone."""
    text = text.strip()
    if text == CLOSE:
        return (EndSession(),)
    if not text.startswith("SPEAK"):
        raise FormatError(f"begin your reply with SPEAK and your words to the assistant, or write {CLOSE} alone.")
    body = text[len("SPEAK"):].strip()
    ends = body.endswith(CLOSE)
    if ends:
        body = body[:-len(CLOSE)].strip()
    if body.endswith(END):
        body = body[:-len(END)].strip()
    if CLOSE in body:
        raise FormatError(f"{CLOSE} ends the conversation: write it last.")
    if not body:
        raise FormatError("SPEAK needs some words after it.")
    return (Message(text=body), EndSession()) if ends else (Message(text=body),)


def render_customer(actions: Sequence[Action]) -> str:
    parts = []
    for action in actions:
        if isinstance(action, Message):
            parts.append(f"SPEAK {action.text}")
        elif isinstance(action, EndSession):
            parts.append(CLOSE)
        else:
            raise ValueError(f"{action.kind} is not a customer's move in toolwoz")
    return " ".join(parts)
