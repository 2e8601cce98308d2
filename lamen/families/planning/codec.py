"""The text protocol of the Planning seats. A reply is a run of tagged parts, each tag at the
start of a line: any [think] lines first, then one move —

- assistant: `[tool] Search(...)` (its result comes back, the turn goes on), `[message] text`, or
  `[propose] [Site A, Site B, NULL]` optionally followed by `[message] text`;
- user: `[message] text`, `[accept]`, or `[reject]` optionally followed by `[message] text`.

The prompts are written in this project's own words (no sentence of the DialOp prompts).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lamen.chat import ChatReply, ChatRequest
from lamen.core.codec import FormatError
from lamen.core.tools import current_turn, move_request, native_turns
from lamen.core.types import Action, ActionSpace, Event, Message, Observation, Propose, Respond, Think, ToolCall
from lamen.families.planning.instances import CATEGORIES, SLOTS
from lamen.families.planning.rules import AssistantView, UserView, slots_text
from lamen.families.planning.search import SearchSyntaxError, parse_call, render_call

TAGS = ("think", "tool", "message", "propose", "accept", "reject")
_TAG = re.compile(r"^[ \t]*\[(think|tool|message|propose|accept|reject)\]", re.IGNORECASE | re.MULTILINE)
EMPTY = ("null", "none", "empty", "-", "")

ASSISTANT_RULES = f"""\
You work as a trip planner for a visitor to a city. Together you will fix a plan of {SLOTS} stops, \
visited in order. The visitor knows what they enjoy; you know the city. Your shared reward is how well \
the plan you end with fits the visitor's tastes, compared with the best and worst plans the city allows.

You know the database of sites: each has a category, a typical spend, a place on the map and a few \
features (such as outdoor seating or a rating). Below you see only the site names; look up the rest \
with the search tool. The visitor cannot see the database, and you cannot see how the visitor weighs \
things: ask, listen, and show them plans. Each plan you send is scored for the visitor (not for you), \
stop by stop, with the travel between stops and the whole day against their wishes and budget.

How to write a reply — each part starts a new line with its tag:
[think] <text> — a private note to yourself (optional, before your move).
[tool] Search(fields=[...], filters=[...], text_query=..., sort_by=[...], limit=N) — look sites up; \
the answer comes back to you alone and you keep your turn (each request says how many searches \
you have left this turn). Fields: name, category, price, info, or a feature. Filters must all hold, \
e.g. category == cafe, \
price <= 30, good for kids, or two choices joined by OR. text_query finds words in a site's name, \
category and features. sort_by takes fields or distance_to(<site name>), lowest first (add " desc" \
to reverse). Leave out what you do not need.
[message] <text> — talk to the visitor; this ends your turn.
[propose] [<site>, <site>, <site>] — send a plan, written with exact site names, NULL for a stop left \
open. A plan with an open stop is just shown to the visitor; a complete plan must be accepted or \
rejected before the talk goes on, and its acceptance ends the game. You may add one [message] line \
after a [propose] line.
Categories: {", ".join(sorted(CATEGORIES))}."""

# Added to the assistant's rules when it calls the search natively (`PlanningCodec.native_tools`).
NATIVE_SEARCH = """\
Instead of a [tool] line you may call the search function itself (one call per reply; its \
arguments are those of Search above, with filters, sort_by and fields as lists of strings). Its \
result comes back to you alone and you keep your turn; your earlier turns' searches show in the \
conversation as [tool] lines."""

USER_RULES = """\
You are visiting a city for a day and a trip planner is helping you choose {slots} stops, visited \
in order. The planner knows the city's sites; you know what you like. Your list of wishes is below; \
how much each one matters to you shows only in the scorecard you get with every plan the planner \
sends (a score per stop, per stretch of travel, and for the whole-trip wishes). Your shared reward \
is how well the plan you finally accept fits your wishes, compared with the best and worst plans \
this city allows.

How to write a reply — each part starts a new line with its tag:
[think] <text> — a private note to yourself (optional, before your move).
[message] <text> — talk to the planner.
[accept] — take the complete plan that waits for your answer; the game ends with it.
[reject] — turn it down; you may add one [message] line after it to say why.
While a complete plan waits for your answer you must accept or reject it first."""


def _speaker(event: Event, me: str) -> str:
    if event.role is None:
        return "Game"
    return "You" if event.role == me else ("Planner" if event.role == "assistant" else "Visitor")


def history_lines(obs: Observation, events: Sequence[Event] | None = None) -> list[str]:
    """The transcript lines of `events` (default: all the role sees)."""
    lines = []
    for e in obs.history if events is None else events:
        who = _speaker(e, obs.role)
        if e.kind == "message":
            lines.append(f"{who}: [message] {e.text}")
        elif e.kind == "propose":
            lines.append(f"{who}: [propose] {e.text}")
        elif e.kind == "respond":
            lines.append(f"{who}: {e.text}")
        elif e.kind == "think":
            lines.append(f"{who}: [think] {e.text}")
        elif e.kind == "tool_call":
            lines.append(f"{who}: [tool] {render_call(e.payload['args'])}")
        elif e.kind == "tool_result":
            lines.append(e.text)
        elif e.kind == "system":
            lines.append(e.text)
    return lines


class PlanningCodec:
    """`native=True` (from `native_tools()`): the seat's search calls are native function calls;
    its current turn's calls and results follow its user message as real chat turns (a refused
    call answered by an error result carrying the feedback), and any feedback on a text reply
    after them comes as a last user turn. Off, every request is exactly the text protocol's."""

    def __init__(self, native: bool = False) -> None:
        self.native = native
        self.name = "dialop-planning-native" if native else "dialop-planning-text"

    def native_tools(self) -> "PlanningCodec":
        return PlanningCodec(native=True)

    @staticmethod
    def move_line(event: Event) -> str:
        """A move as a line of its own (what a harvest's openai-tools rendering writes): a proposal's
        event keeps only the itinerary, so its tag is written as the transcript writes it."""
        return f"[propose] {event.text}" if event.kind == "propose" else event.text

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        private = obs.private
        if isinstance(private, AssistantView):
            sites = "\n".join(f"- {site.name} ({site.category})" for site in private.sites)
            system = "\n\n".join(part for part in (
                ASSISTANT_RULES, NATIVE_SEARCH if self.native else "", "The sites of this city:\n" + sites,
                f"A private note for you: {private.note}" if private.note else "") if part)
        else:
            assert isinstance(private, UserView)
            wishes = "\n".join(f"- {text}" for text in private.preferences)
            system = "\n\n".join(part for part in (
                USER_RULES.format(slots=SLOTS), "Your wishes for this city:\n" + wishes,
                f"Before you started you were told that a good day in this city scores about "
                f"{private.reference:+d} on your scorecard.",
                f"A private note for you: {private.note}" if private.note else "") if part)
        # Natively, the current turn's searches are replayed as chat turns, not transcript lines.
        start = current_turn(obs.history, obs.role) if self.native else len(obs.history)
        turns = native_turns(obs.history[start:], obs.role) if self.native else ()
        lines = history_lines(obs, obs.history[:start])
        transcript = "The conversation so far:\n" + "\n".join(lines) if lines else "Nobody has written yet."
        if legal.must:
            now = f"Now: {legal.must}."
        elif obs.role == "assistant":
            calls = obs.budget.get("calls_left", 0)
            now = (f"Your turn: search ({calls} left this turn), message or propose." if calls
                   else "Your turn: message or propose (no searches left this turn).")
        else:
            now = "Your turn: [message]."
        left = [f"{obs.budget['moves_left']} moves"] if "moves_left" in obs.budget else []
        if "words_left" in obs.budget:
            left.append(f"{obs.budget['words_left']} words")
        parts = [transcript, now + (f" Left in the game: {', '.join(left)}." if left else "")]
        return move_request(system, parts, turns, obs.history, feedback)

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        text = reply.text.strip()
        found = list(_TAG.finditer(text))
        if not found or found[0].start() != 0:
            raise FormatError("begin your reply with a tag: [think], [tool], [message], [propose], [accept] "
                              "or [reject], each part on its own line.")
        actions: list[Action] = []
        for n, match in enumerate(found):
            tag = match.group(1).lower()
            body = text[match.end():found[n + 1].start() if n + 1 < len(found) else len(text)].strip()
            actions.append(self._part(tag, body, legal))
        return tuple(actions)

    def _part(self, tag: str, body: str, legal: ActionSpace) -> Action:
        if tag in ("think", "message"):
            if not body:
                raise FormatError(f"[{tag}] needs some text after the tag.")
            return Think(text=body) if tag == "think" else Message(text=body)
        if tag in ("accept", "reject"):
            if body:
                raise FormatError(f"[{tag}] stands alone on its line; to add words, put a [message] line after it.")
            return Respond(accept=tag == "accept")
        if tag == "tool":
            try:
                return ToolCall(name="search", args=parse_call(body))
            except SearchSyntaxError as err:
                raise FormatError(f"the [tool] call could not be read: {err}.") from None
        slots = self._itinerary(body, legal.names("sites"))
        return Propose(payload=list(slots), partial=None in slots)

    @staticmethod
    def _itinerary(body: str, names: tuple[str, ...]) -> tuple[str | None, ...]:
        if not (body.startswith("[") and body.endswith("]")):
            raise FormatError(f"write a plan as [<site>, <site>, <site>] with {SLOTS} stops (NULL for an open one).")
        by_key = {" ".join(n.lower().split()): n for n in names}
        slots: list[str | None] = []
        unknown = []
        for raw in body[1:-1].split(","):
            key = " ".join(raw.strip().strip("\"'").lower().split())
            if key in EMPTY:
                slots.append(None)
            elif key in by_key:
                slots.append(by_key[key])
            else:
                unknown.append(raw.strip())
        if unknown:
            raise FormatError("no site is called " + ", ".join(repr(u) for u in unknown)
                              + "; use the exact names from the list of sites.")
        if len(slots) != SLOTS:
            raise FormatError(f"a plan has exactly {SLOTS} stops (you wrote {len(slots)}); write NULL for an open one.")
        return tuple(slots)

    def render(self, actions: Sequence[Action]) -> str:
        parts = []
        for action in actions:
            if isinstance(action, Think):
                parts.append(f"[think] {action.text}")
            elif isinstance(action, Message):
                parts.append(f"[message] {action.text}")
            elif isinstance(action, Respond):
                parts.append("[accept]" if action.accept else "[reject]")
            elif isinstance(action, ToolCall):
                parts.append(f"[tool] {render_call(action.args)}")
            elif isinstance(action, Propose):
                parts.append(f"[propose] {slots_text(action.payload)}")
            else:
                raise ValueError(f"{action.kind} is not a move in dialop.planning")
        return "\n".join(parts)
