"""The text codec of a Traveling Adventurers seat: the request shows the rules, the player's own
coins, the visible transcript and the game's grounding state; a reply is tagged lines
(`codec_text`); an unreadable reply gets a repair hint (the family resamples up to 3 times)."""

from __future__ import annotations

from collections.abc import Sequence

from lamen.chat import ChatMessage, ChatReply, ChatRequest
from lamen.core.types import Action, ActionSpace, Event, Observation
from lamen.families.adventurers.codec_text import parse_reply, render_reply
from lamen.families.adventurers.prompts import coins_text, rooms_text, rules_text, situation
from lamen.families.adventurers.rules import MAX_TURNS, Seat

SHOWN = ("think", "message", "propose", "respond", "submit", "end_turn", "tool_call")


def _line(event: Event, me: str) -> str:
    who = "You" if event.role == me else "Partner"
    return f"{who}: {event.text}"


class AdventurersCodec:
    name = "adventurers-text"

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        seat: Seat = obs.private
        view = seat.view
        system = "\n\n".join(part for part in (
            rules_text(view.rooms, MAX_TURNS), rooms_text(view.rooms), coins_text(view),
            f"A private note for you: {seat.note}" if seat.note else "") if part)
        lines = [_line(e, obs.role) for e in obs.history if e.kind in SHOWN]
        transcript = "The game so far:\n" + "\n".join(lines) if lines else "Nobody has moved yet."
        now = "Your turn." + (" Your partner's suggestion waits for [agree] or [reject]."
                              if "respond" in legal.kinds else "")
        parts = [transcript, situation(view), now]
        parts += [f"Your last reply could not be used: {fb} Please write your turn again." for fb in feedback[-1:]]
        return ChatRequest(system=system, messages=(ChatMessage(role="user", content="\n\n".join(parts)),),
                           purpose="move")

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        return parse_reply(reply.text, legal.names("rooms"))

    def render(self, actions: Sequence[Action]) -> str:
        return render_reply(actions)
