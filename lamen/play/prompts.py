"""The text an agent sees: a static system prompt (game, role, persona, payoff tables, rules —
the stable prefix providers can cache) and, per request, the visible history and the task."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lamen.spec.agent import Persona
from lamen.spec.game import Game
from lamen.spec.protocol import Protocol

INTERROGATION_QUESTION = (
    "From the perspective of the other agent, what do you believe would be an acceptable offer for each issue? "
    "Format your response as follows: ```json{{{format}}}```"
)
# A runaway reply is kept whole in the transcript, but not re-sent whole in later prompts.
HISTORY_WORD_CAP = 2000
HISTORY_CHAR_CAP = 16_000


def _describe(description: dict[str, Any]) -> str:
    return ", ".join(f"{key.replace('_', ' ')}: {value}" for key, value in description.items())


def payoff_table(game: Game, side: int, whose: str) -> str:
    lines = [f"{whose} payoff tables (a higher payoff is better{' for you' if whose == 'Your' else ''}):"]
    for index, issue in enumerate(game.issues):
        lines.append(f"Issue {index + 1}: {issue.name} — {issue.descriptions[side]}")
        for label, payoff in zip(issue.payoff_labels[side], game.table_payoffs(side, index)):
            lines.append(f"  {label}: {payoff:g}")
    return "\n".join(lines)


def system_prompt(game: Game, protocol: Protocol, side: int, persona: Persona | None,
                  opponent_persona: Persona | None) -> str:
    """Everything that stays the same for one agent through one match."""
    other = 1 - side
    parts = [game.description.strip()]
    if game.sides[side].strip():
        parts.append(game.sides[side].strip())
    me = persona or Persona()
    parts.append(f"You are {game.parties[side]}'s representative. About you — {_describe(me.internal_description)}.")
    opponent = f"You are negotiating with {game.parties[other]}'s representative"
    if protocol.visibility >= 2:
        them = (opponent_persona or Persona()).external_description
        opponent += f". About them — {_describe(them)}"
    parts.append(opponent + ".")
    parts.append(payoff_table(game, side, "Your"))
    if protocol.visibility >= 1:
        parts.append(payoff_table(game, other, f"{game.parties[other]}'s"))
    rules_prompt = game.rules_prompt or protocol.rules_prompt
    rules = game.rules if game.rules is not None else protocol.rules
    parts.append("\n".join([rules_prompt, *[f"{i + 1}. {rule}" for i, rule in enumerate(rules)]]))
    return "\n\n".join(parts)


def _with_limit(prompt: str, kind: str, limit: int) -> str:
    if "{max_words}" in prompt:
        return prompt.replace("{max_words}", str(limit))
    return f"{prompt}\nYour {kind} can not exceed {limit} words."


def offer_format(game: Game) -> str:
    return ", ".join(f'"{issue.name}": "<acceptable offer>"' for issue in game.issues)


def note_task(game: Game, protocol: Protocol) -> str:
    issues = ", ".join(issue.name for issue in game.issues)
    return (f"{_with_limit(protocol.note_prompt, 'note', protocol.note_max_words)}\n"
            f"{protocol.note_format_prompt}\nThe issues are: {issues}.")


def message_task(protocol: Protocol, first_move: bool) -> str:
    task = _with_limit(protocol.message_prompt, "message", protocol.message_max_words)
    if not first_move:
        task += (f'\nIf you accept the current offer on all issues, say "{protocol.agreement_phrase}" '
                 "in your message.")
    return task


def interrogation_task(game: Game) -> str:
    return INTERROGATION_QUESTION.format(format=offer_format(game))


def round_text(round_number: int, protocol: Protocol) -> str:
    if not protocol.show_rounds:
        return ""
    left = protocol.max_rounds - round_number
    return f"Round {round_number} of {protocol.max_rounds} ({left} round{'s' if left != 1 else ''} left after this one)."


def capped(text: str) -> str:
    words = text.split()
    if len(words) <= HISTORY_WORD_CAP and len(text) <= HISTORY_CHAR_CAP:
        return text
    return " ".join(words[:HISTORY_WORD_CAP])[:HISTORY_CHAR_CAP] + " [... cut: the reply was longer]"


@dataclass(frozen=True)
class Visible:
    """What one request shows of the past: the speaker's own notes and the public messages."""

    own_notes: tuple[tuple[int, str], ...]  # (round, note)
    messages: tuple[tuple[int, int, str], ...]  # (round, side, message)


def window(items: list, size: int) -> list:
    """The latest `size` items; 0 = none, -1 = all."""
    if size < 0:
        return list(items)
    return list(items[-size:]) if size else []


def transcript_user_message(game: Game, side: int, visible: Visible, header: str, task: str) -> str:
    """Transcript format: one user message with the history as a transcript, then the round and
    the task. The history comes first so that consecutive requests share the longest prefix
    (the system prompt plus the transcript so far), which providers' prompt caches reuse."""
    parts = []
    if visible.messages:
        lines = ["Negotiation so far:"]
        for round_number, speaker, message in visible.messages:
            who = f"{game.parties[speaker]} (you)" if speaker == side else game.parties[speaker]
            lines.append(f"<round {round_number}, {who}>: {capped(message)}")
        parts.append("\n".join(lines))
    else:
        parts.append("The negotiation starts now: nothing has been said yet.")
    if visible.own_notes:
        parts.append("\n".join(["Your private notes:", *[f"<round {r}>: {capped(n)}" for r, n in visible.own_notes]]))
    if header:
        parts.append(header)
    parts.append(task)
    return "\n\n".join(parts)


def dialogue_messages(game: Game, side: int, visible: Visible, header: str, task: str) -> list[tuple[str, str]]:
    """Dialogue format: the opponent's messages as user turns, one's own as assistant turns,
    strictly alternating and starting with a user turn; notes and the task close it."""
    turns: list[tuple[str, str]] = []
    for _, speaker, message in visible.messages:
        role = "assistant" if speaker == side else "user"
        if turns and turns[-1][0] == role:
            turns[-1] = (role, f"{turns[-1][1]}\n\n{capped(message)}")
        else:
            turns.append((role, capped(message)))
    if turns and turns[0][0] == "assistant":
        turns.insert(0, ("user", "The negotiation begins."))
    closing = [header] if header else []
    if visible.own_notes:
        closing.append("\n".join(["Your private notes:", *[f"<round {r}>: {capped(n)}" for r, n in visible.own_notes]]))
    closing.append(task)
    text = "\n\n".join(closing)
    if turns and turns[-1][0] == "user":
        turns[-1] = ("user", f"{turns[-1][1]}\n\n{text}")
    else:
        turns.append(("user", text))
    return turns
