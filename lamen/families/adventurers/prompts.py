"""The words an LLM seat reads in Traveling Adventurers, written for this project (no sentence of
the upstream prompts, which carry no license). `rules_text` is the system prompt; `situation`
renders the grounding state the game keeps for the player (agreed path, open suggestions, what
it was told and asked)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lamen.families.adventurers.board import ROOM_NAMES

if TYPE_CHECKING:
    from lamen.families.adventurers.protocol import AdventurerView

RULES = """\
You and a partner are planning one walk through a house together. The walk starts in room {start}, \
passes through every other room exactly once and comes back to {start}. Each hallway between two \
rooms holds coins for each of you: you know only your own coins, your partner knows only theirs. \
Your team collects both players' coins on every hallway the walk uses, so the best walk for the \
team is rarely the best one for either of you alone.

You win together only if both of you finish with exactly the same complete walk; the team's result \
is then how close that walk comes to the most coins any walk could collect. Different walks, an \
incomplete walk, or running out of turns earn nothing. Each of you has {turns} turns.

Build the walk step by step: suggest how it continues from the last agreed room, and agree to or \
reject what your partner suggests. Ask your partner for their coins on hallways you care about and \
tell them yours: they cannot see your coins unless you tell them.

Write your turn as one or more lines, each starting with a tag:
[think] your private reasoning (your partner never sees it)
[agree] or [reject] — your answer to your partner's open suggestion
[suggest] rooms by id, e.g. {example} — how the walk continues from the last agreed room
[ask] hallways, e.g. {hallway} — ask for your partner's coins there
[inform] hallways with your coins, e.g. {hallway}=3 — tell your partner your coins
[visit] a room id — tick off the next agreed room in your own notes (optional)
[message] anything you want to say to your partner
[end] the whole walk, e.g. {walk} — your final answer; after it you take no more turns
[pass] nothing to do this turn (alone on its line)
Lines are carried out in the order you write them."""


def rules_text(rooms: tuple[str, ...], turns: int) -> str:
    walk = "-".join((*rooms, rooms[0]))
    return RULES.format(start=rooms[0], turns=turns, example=f"{rooms[0]}-{rooms[1]}",
                        hallway=f"{rooms[1]}-{rooms[2]}", walk=walk)


def rooms_text(rooms: tuple[str, ...]) -> str:
    return "Rooms: " + ", ".join(f"{r} ({ROOM_NAMES.get(r, 'room ' + r)})" for r in rooms) + "."


def coins_text(view: AdventurerView) -> str:
    rooms, n = view.rooms, len(view.rooms)
    lines = [f"{rooms[i]}-{rooms[j]}: {view.own[i][j]}" for i in range(n) for j in range(i + 1, n)]
    return "Your coins on each hallway (only you know these):\n" + "\n".join(lines)


def _path(path: tuple[str, ...] | None) -> str:
    return "-".join(path) if path else "none"


def situation(view: AdventurerView) -> str:
    rooms, n = view.rooms, len(view.rooms)
    learned = [f"{rooms[i]}-{rooms[j]}={view.learned[i][j]}" for i in range(n) for j in range(i + 1, n)
               if view.learned[i][j] is not None]
    lines = [
        f"Agreed walk so far: {_path(view.agreed)}" + (" (complete: submit it with [end])" if view.complete else ""),
        f"Your partner's open suggestion: {_path(view.partner_suggestion)}",
        f"Your open suggestion: {_path(view.own_suggestion)}",
        "Your partner's coins you were told: " + (", ".join(learned) or "none"),
        "Your partner asked about: " + (", ".join(f"{a}-{b}" for a, b in view.asked_of_me) or "nothing open"),
    ]
    if view.partner_submitted is not None:
        lines.append(f"Your partner has ended with the walk {_path(view.partner_submitted)}.")
    lines.append(f"Turns you have left: {view.turns_left}.")
    return "\n".join(lines)
