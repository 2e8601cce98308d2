"""The text protocol of PeopleJoin-QA's seats. A reply is a run of tagged parts, each tag at the
start of a line, its text running to the next tag:

- hub: `[think] text`; `[tool] NAME {"arg": "value"}` (the whole reply, thoughts aside: its
  result comes back and the turn goes on); `[message to ID] text` (one person each, `primary` or
  the user's own id for the user); then `[end turn]` (wait for replies) or `[end session]`
  (done). A reply of messages alone ends the turn.
- primary and colleagues: `[think] text`, then one `[message] text` to the assistant.

The prompts are written in this project's own words (no sentence of PeopleJoin's prompts).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from lamen.chat import ChatReply, ChatRequest
from lamen.core.codec import FormatError
from lamen.core.tools import current_turn, move_request, native_turns
from lamen.core.types import Action, ActionSpace, EndSession, EndTurn, Event, Message, Observation, Think, ToolCall
from lamen.families.peoplejoin.instances import COLLEAGUE, HUB, PRIMARY
from lamen.families.peoplejoin.organisation import Document
from lamen.families.peoplejoin.rules import ColleagueView, HubView, PrimaryView
from lamen.families.peoplejoin.tools import TOOL_SPECS

_TAG = re.compile(r"^[ \t]*\[(think|tool|message(?:[ \t]+to[ \t]+[^\]\n]+)?|end[ _]turn|end[ _]session)\]",
                  re.IGNORECASE | re.MULTILINE)
_TOOL = re.compile(r"^([A-Za-z_]\w*)\s*(\{.*\})?$", re.DOTALL)

HUB_RULES = """\
You are an assistant working for {user} inside their organisation. {first} has asked you a question. \
The answer usually sits in tables that {first} and some colleagues hold; your job is to find the \
right people, get what you need from them, work the answer out and give it to {first}. Contact as \
few people as you can, ask precise questions, and keep messages short: everyone's time counts. \
If the organisation does not hold what the question needs, say that it cannot be answered.

You are woken up once for every message somebody writes to you, in the order they arrive. Then you \
may think, use tools (their results come back to you alone; at most {calls} calls each time you are \
woken up), send messages, and end your turn to wait for replies, or end the session once {first} \
has the answer.

How to write a reply — each part starts a new line with its tag, its text runs to the next tag:
[think] <text> — a private note to yourself.
[tool] <name> {{"<argument>": "<value>"}} — call one tool; nothing else may follow in that reply.
[message to <id>] <text> — a message to one person, by id (write `primary` or {primary_id} for {first}).
[end turn] — stop and wait for replies (a reply with messages and no end tag also ends your turn).
[end session] — finish: do this after you have given {first} the answer.

Tools:
{tools}"""

# Added to the hub's rules when it calls its tools natively (`PeopleJoinCodec.native_tools`).
NATIVE_TOOLS = """\
Instead of a [tool] line you may call a tool as a function (one call per reply). Its result comes \
back to you alone and your turn goes on; calls made while handling earlier events show in the \
history as [tool] lines."""

PERSON_RULES = """\
You are {name} (id {user_id}), who works in an organisation. An AI assistant working for a \
colleague may write to you with questions. Answer from what you hold and know, truthfully and \
briefly; if you do not have what is asked, say so; if one of your notes says who does, pass that on.

How to write a reply — each part starts a new line with its tag:
[think] <text> — a private note to yourself (optional).
[message] <text> — your answer to the assistant (exactly one)."""

PRIMARY_RULES = """\
You are {name} (id {user_id}). You asked your AI assistant this question and are waiting for its answer:
"{question}"
Reply briefly to whatever it writes to you: answer its questions about what you need, or thank it \
once it has answered.

How to write a reply — each part starts a new line with its tag:
[think] <text> — a private note to yourself (optional).
[message] <text> — your reply to the assistant (exactly one)."""


def _tools_text() -> str:
    lines = []
    for spec in TOOL_SPECS:
        argument = next(iter(spec.parameters["properties"]))
        lines.append(f"- {spec.name} {{\"{argument}\": ...}}: {spec.description}")
    return "\n".join(lines)


def documents_text(documents: Sequence[Document]) -> str:
    if not documents:
        return "You hold no documents."
    return "\n\n".join(f"Document: {d.title}\n{d.content}" for d in documents)


class PeopleJoinCodec:
    """`native=True` (from `native_tools()`): the hub's tool calls are native function calls; the
    calls and results of the event it is handling follow its user message as chat turns, and any
    feedback on a text reply after them as a last user turn. Off, every request is the text
    protocol's. People have no tools: their requests are the same either way."""

    def __init__(self, native: bool = False) -> None:
        self.native = native
        self.name = "peoplejoin-native" if native else "peoplejoin-text"

    def native_tools(self) -> "PeopleJoinCodec":
        return PeopleJoinCodec(native=True)

    # ---- requests ---------------------------------------------------------------------------
    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        private = obs.private
        names = self._names(private)
        if isinstance(private, HubView):
            system = HUB_RULES.format(user=private.user.full_name, first=private.user.first_name,
                                      calls=private.calls_per_event, primary_id=private.user.user_id,
                                      tools=_tools_text())
            if self.native:
                system += "\n\n" + NATIVE_TOOLS
            directory = "\n".join(f"- {p.full_name} (id {p.user_id})" for p in private.directory)
            system += "\n\nYour colleagues in the organisation:\n" + directory
        elif isinstance(private, PrimaryView):
            system = PRIMARY_RULES.format(name=private.person.full_name, user_id=private.person.user_id,
                                          question=private.question)
        else:
            assert isinstance(private, ColleagueView)
            system = PERSON_RULES.format(name=private.person.full_name, user_id=private.person.user_id)
            system += "\n\nWhat you hold:\n" + documents_text(private.documents)
        if private.note:
            system += f"\n\nA private note for you: {private.note}"
        start = current_turn(obs.history, obs.role) if self.native and obs.role == HUB else len(obs.history)
        turns = native_turns(obs.history[start:], obs.role) if start < len(obs.history) else ()
        lines = [line for e in obs.history[:start] if (line := self._line(e, obs.role, names))]
        parts = ["What has happened so far:\n" + "\n".join(lines)]
        if obs.role == HUB:
            calls = obs.budget.get("calls_left", 0)
            parts.append(f"Your move ({calls} tool calls left for this event; "
                         f"{obs.budget.get('events_left', 0)} events left in the session)." if calls else
                         "Your move (no tool calls left for this event: send messages or end your turn).")
        else:
            parts.append("Your move: one [message] to the assistant.")
        return move_request(system, parts, turns, obs.history, feedback)

    @staticmethod
    def _names(private: object) -> dict[str, str]:
        if isinstance(private, HubView):
            named = {f"{COLLEAGUE}{p.user_id}": f"{p.full_name} ({p.user_id})" for p in private.directory}
            return {**named, PRIMARY: f"{private.user.full_name} ({private.user.user_id}, your user)"}
        return {HUB: "the assistant"}

    @staticmethod
    def _line(event: Event, me: str, names: dict[str, str]) -> str:
        def who(role: str | None) -> str:
            return "You" if role == me else names.get(role or "", role or "")

        if event.kind == "message":
            to = event.to[0] if event.to else ""
            target = "you" if to == me else names.get(to, to)
            return f"{who(event.role)} → {target}: {event.text}"
        if event.kind == "think":
            return f"You: [think] {event.text}"
        if event.kind == "tool_call":
            return f"You: [tool] {_call_text(event.payload['name'], event.payload['args'])}"
        if event.kind in ("tool_result", "system", "end"):
            return event.text
        return ""  # refused replies: their feedback comes with the request

    # ---- replies ----------------------------------------------------------------------------
    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        text = reply.text.strip()
        found = list(_TAG.finditer(text))
        hub = "end_session" in legal.kinds
        if not found or found[0].start() != 0:
            first = ("[think], [tool], [message to <id>], [end turn] or [end session]" if hub
                     else "[think] or [message]")
            raise FormatError(f"begin your reply with a tag: {first}, each part on its own line.")
        actions: list[Action] = []
        for n, match in enumerate(found):
            tag = " ".join(match.group(1).lower().replace("_", " ").split())
            body = text[match.end():found[n + 1].start() if n + 1 < len(found) else len(text)].strip()
            actions.append(self._part(tag, body, legal, hub))
        return tuple(actions)

    def _part(self, tag: str, body: str, legal: ActionSpace, hub: bool) -> Action:
        if tag == "think":
            if not body:
                raise FormatError("[think] needs some text after the tag.")
            return Think(text=body)
        if tag in ("end turn", "end session"):
            if not hub:
                raise FormatError(f"[{tag}] is for the assistant; answer with one [message].")
            if body:
                raise FormatError(f"[{tag}] stands alone: put any text in a [message to <id>] part before it.")
            return EndTurn() if tag == "end turn" else EndSession()
        if tag == "tool":
            if not hub:
                raise FormatError("only the assistant has tools; answer with one [message].")
            return _read_call(body)
        if not body:
            raise FormatError("a message needs some text after its tag.")
        if tag == "message":
            if hub:
                raise FormatError("say whom the message is for: [message to <id>] (primary for your user).")
            return Message(text=body, to=(HUB,))
        recipient = tag[len("message"):].strip()[len("to"):].strip()
        if not hub:
            raise FormatError("write [message] alone: your messages go to the assistant.")
        return Message(text=body, to=(_recipient(recipient, legal),))

    # ---- canonical text ---------------------------------------------------------------------
    def render(self, actions: Sequence[Action]) -> str:
        parts = []
        for action in actions:
            if isinstance(action, Think):
                parts.append(f"[think] {action.text}")
            elif isinstance(action, ToolCall):
                parts.append(f"[tool] {_call_text(action.name, action.args)}")
            elif isinstance(action, Message):
                to = action.to[0] if action.to else HUB
                if to == HUB:
                    parts.append(f"[message] {action.text}")
                else:
                    parts.append(f"[message to {to.removeprefix(COLLEAGUE)}] {action.text}")
            elif isinstance(action, EndTurn):
                parts.append("[end turn]")
            elif isinstance(action, EndSession):
                parts.append("[end session]")
            else:
                raise ValueError(f"{action.kind} is not a move in PeopleJoin-QA")
        return "\n".join(parts)


def _call_text(name: str, args: object) -> str:
    return f"{name} {json.dumps(args, ensure_ascii=False)}"


def _read_call(body: str) -> ToolCall:
    found = _TOOL.match(body.strip())
    names = ", ".join(spec.name for spec in TOOL_SPECS)
    if found is None:
        raise FormatError(f'write a tool call as [tool] <name> {{"<argument>": "<value>"}} (tools: {names}).')
    name, raw = found.group(1), found.group(2) or "{}"
    try:
        args = json.loads(raw)
    except ValueError as err:
        raise FormatError(f"the arguments of {name} are not a JSON object ({err.msg}).") from None
    if not isinstance(args, dict):
        raise FormatError(f"the arguments of {name} must be a JSON object.")
    return ToolCall(name=name, args=args)


def _recipient(written: str, legal: ActionSpace) -> str:
    key = written.strip().strip("`'\"").lower()
    primary = legal.names("primary")
    if key == PRIMARY or (primary and key == primary[0].lower()):
        return PRIMARY
    ids, names = legal.names("people"), legal.names("names")
    by_key = {p.lower(): p for p in ids}
    # A model may write a name instead of an id: a full name, or a first name nobody else shares.
    firsts = [n.split()[0].lower() if n.split() else "" for n in names]
    by_key.update({n.lower(): i for i, n in zip(ids, names) if n.lower() not in by_key})
    by_key.update({f: i for i, f in zip(ids, firsts) if f and firsts.count(f) == 1 and f not in by_key})
    if key in by_key:
        found = by_key[key]
        return PRIMARY if primary and found == primary[0] else f"{COLLEAGUE}{found}"
    people = ", ".join(p for p in legal.names("people") if not primary or p != primary[0])
    raise FormatError(f"nobody has the id {written.strip()!r}; write primary for your user, "
                      f"or one of these ids: {people}.")
