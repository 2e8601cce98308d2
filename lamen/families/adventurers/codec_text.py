"""The written form of a Traveling Adventurers turn: one tagged line (or block) per action.

    [think] private reasoning (never shown to the partner)
    [agree] / [reject]          the partner's open suggestion
    [suggest] K-B               a segment from the last agreed room (or a whole path from the start)
    [ask] K-B, B-A              the partner's coins on these hallways
    [inform] K-B=4, B-A=2       your own coins on these hallways
    [visit] K                   mark the next agreed room in your own Visited list
    [message] free text to the partner
    [end] L-K-B-A-G-P-L         submit the round trip; you act no more
    [pass]                      nothing to do this turn (alone)

Rooms are written by id. Rendering is canonical, so a scripted player's reply parses back to
exactly its actions; every parse failure names the line and says how to repair it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lamen.core.codec import FormatError
from lamen.core.types import (Action, EndTurn, Message, Propose, Respond, Submit, Think, ToolCall)

TAGS = ("think", "agree", "reject", "suggest", "ask", "inform", "visit", "message", "end", "pass")
_TAG = re.compile(r"^[ \t]*\[(" + "|".join(TAGS) + r")\]", re.IGNORECASE | re.MULTILINE)
_ROOM_SPLIT = re.compile(r"\s*(?:->|→|–|—|-|,|\s)\s*")
_COIN = re.compile(r"^(.+?)\s*[=:]\s*(\d+)$")
EXAMPLE = "[suggest] L-K"


def render_action(action: Action) -> str:
    if isinstance(action, Think):
        return f"[think] {action.text}"
    if isinstance(action, Message):
        return f"[message] {action.text}"
    if isinstance(action, Respond):
        return "[agree]" if action.accept else "[reject]"
    if isinstance(action, Propose):
        return "[suggest] " + "-".join(action.payload)
    if isinstance(action, Submit):
        return "[end] " + "-".join(action.payload)
    if isinstance(action, EndTurn):
        return "[pass]"
    if isinstance(action, ToolCall) and action.name == "ask":
        return "[ask] " + ", ".join(f"{a}-{b}" for a, b in action.args["hallways"])
    if isinstance(action, ToolCall) and action.name == "inform":
        return "[inform] " + ", ".join(f"{a}-{b}={c}" for a, b, c in action.args["coins"])
    if isinstance(action, ToolCall) and action.name == "visit":
        return f"[visit] {action.args['room']}"
    raise ValueError(f"{action.kind} is not a move in Traveling Adventurers")


def render_reply(actions: Sequence[Action]) -> str:
    return "\n".join(render_action(a) for a in actions) if actions else "[pass]"


def parse_reply(text: str, rooms: Sequence[str]) -> tuple[Action, ...]:
    body = text.strip()
    found = list(_TAG.finditer(body))
    if not found or body[:found[0].start()].strip():
        raise FormatError("start every line of your reply with a tag such as [think], [suggest], [agree], "
                          f"[reject], [ask], [inform], [message] or [end]; for example: {EXAMPLE}")
    actions: list[Action] = []
    for k, match in enumerate(found):
        tag = match.group(1).lower()
        content = body[match.end():found[k + 1].start() if k + 1 < len(found) else len(body)].strip()
        actions.append(_action(tag, content, rooms))
    if any(isinstance(a, EndTurn) for a in actions) and len(actions) > 1:
        raise FormatError("[pass] means doing nothing this turn: write it alone, or drop it.")
    return tuple(actions)


def _action(tag: str, content: str, rooms: Sequence[str]) -> Action:
    if tag in ("agree", "reject", "pass"):
        if content:
            raise FormatError(f"[{tag}] stands alone on its line; put any words in a [message] line.")
        return EndTurn() if tag == "pass" else Respond(accept=tag == "agree")
    if not content:
        raise FormatError(f"[{tag}] needs something after the tag.")
    if tag == "think":
        return Think(text=content)
    if tag == "message":
        return Message(text=content)
    if tag in ("suggest", "end"):
        path = _path(content, rooms, tag)
        return Propose(payload=list(path)) if tag == "suggest" else Submit(payload=list(path))
    if tag == "visit":
        return ToolCall(name="visit", args={"room": _path(content, rooms, tag, single=True)[0]})
    items = [item.strip() for item in content.split(",") if item.strip()]
    if tag == "ask":
        return ToolCall(name="ask", args={"hallways": [list(_hallway(item, rooms, tag)) for item in items]})
    coins = []
    for item in items:
        found = _COIN.match(item)
        if found is None:
            raise FormatError(f"[inform] lists hallways with your coins, like K-B=4; could not read '{item}'.")
        coins.append([*_hallway(found.group(1), rooms, tag), int(found.group(2))])
    return ToolCall(name="inform", args={"coins": coins})


def _path(content: str, rooms: Sequence[str], tag: str, single: bool = False) -> tuple[str, ...]:
    by_id = {room.lower(): room for room in rooms}
    names = [token for token in _ROOM_SPLIT.split(content) if token]
    unknown = [token for token in names if token.lower() not in by_id]
    if unknown or not names:
        raise FormatError(f"[{tag}] names rooms by their ids ({', '.join(rooms)}); could not read "
                          f"{', '.join(repr(u) for u in unknown) or 'any room'} in '{content}'.")
    if single and len(names) != 1:
        raise FormatError(f"[{tag}] names exactly one room, like [visit] {rooms[1]}.")
    return tuple(by_id[token.lower()] for token in names)


def _hallway(item: str, rooms: Sequence[str], tag: str) -> tuple[str, str]:
    ends = _path(item, rooms, tag)
    if len(ends) != 2 or ends[0] == ends[1]:
        raise FormatError(f"[{tag}] names hallways as two different rooms, like {rooms[0]}-{rooms[1]}; "
                          f"could not read '{item}'.")
    return ends[0], ends[1]
