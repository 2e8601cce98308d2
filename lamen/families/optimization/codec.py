"""The text protocol of an Optimization seat: one tagged move per reply. The prompt is written in
this project's own words (no sentence of the DialOp prompts)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lamen.chat import ChatMessage, ChatReply, ChatRequest
from lamen.core.codec import FormatError
from lamen.core.types import Action, ActionSpace, Event, Message, Observation, Propose, Respond
from lamen.families.optimization.instances import PAPERS, REVIEWERS
from lamen.families.optimization.rules import Sheet

TAGS = ("message", "propose", "accept", "reject")
_TAG = re.compile(r"\[(message|propose|accept|reject)\]", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s*")

RULES = """\
You are one of two co-chairs of a workshop programme. With your partner you must assign {k} reviewers \
to {k} papers: every paper gets exactly one reviewer and every reviewer exactly one paper. Each \
reviewer–paper pair has a fit score, and your shared reward is the total fit of the assignment the \
two of you settle on, measured against the best assignment that was possible.

Neither of you sees every score. Your sheet below lists the ones you can see, multiplied by a \
factor only you have; your partner's numbers use another factor, so compare scores with your \
partner in relative terms ("a strong fit", "much weaker than") rather than as raw numbers. A dash \
marks a score hidden from you: your partner may know it, or nobody does.

How to move: every reply is exactly one move, beginning with its tag.
[message] <text> — talk to your partner.
[propose] followed by one line per paper, written "<paper>: <reviewer>", covering all {k} papers — a \
complete assignment your partner must then accept or reject.
[accept] / [reject] — your answer to a proposal from your partner; while one waits for you, no \
other move is allowed. Accepting ends the game with that assignment. Rejecting removes it, and \
then it is your move.
If no proposal is accepted before the moves run out, the team earns nothing."""


def sheet_csv(sheet: Sheet) -> str:
    header = ",".join(["reviewer", *sheet.papers])
    rows = [",".join([name, *("-" if v is None else str(v) for v in row)])
            for name, row in zip(sheet.reviewers, sheet.values)]
    return "\n".join([header, *rows])


def _speaker(event: Event, me: str) -> str:
    return "You" if event.role == me else "Partner"


class OptimizationCodec:
    name = "dialop-text"

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        sheet: Sheet = obs.private
        system = "\n\n".join(part for part in (
            RULES.format(k=len(sheet.papers)),
            "Your sheet (rows: reviewers; columns: papers):\n" + sheet_csv(sheet),
            f"A private note for you: {sheet.note}" if sheet.note else "") if part)
        lines = [f"{_speaker(e, obs.role)}: {e.text.strip()}" for e in obs.history
                 if e.kind in ("message", "propose", "respond")]
        transcript = "The conversation so far:\n" + "\n".join(lines) if lines else "Nobody has moved yet."
        if "respond" in legal.kinds:
            now = "Your partner's proposal is waiting: answer with [accept] or [reject]."
        else:
            now = "Your move: [message] or [propose]."
        left = obs.budget.get("steps_left")
        parts = [transcript, now if left is None else f"{now} Moves left in the game: {left}."]
        parts += [f"Your last reply could not be used: {fb} Please answer again." for fb in feedback[-1:]]
        return ChatRequest(system=system, messages=(ChatMessage(role="user", content="\n\n".join(parts)),),
                           purpose="move")

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        text = reply.text.strip()
        found = list(_TAG.finditer(text))
        if not found or found[0].start() != 0:
            raise FormatError("begin your reply with one tag: [message], [propose], [accept] or [reject].")
        if len(found) > 1:
            raise FormatError("write exactly one move per reply (one tag); you wrote "
                              + ", ".join(f"[{m.group(1).lower()}]" for m in found) + ".")
        tag, body = found[0].group(1).lower(), text[found[0].end():].strip()
        if tag == "message":
            if not body:
                raise FormatError("[message] needs some text after the tag.")
            return (Message(text=body),)
        if tag in ("accept", "reject"):
            if body:
                raise FormatError(f"[{tag}] stands alone; say anything else in a [message] on your next move.")
            return (Respond(accept=tag == "accept"),)
        return (Propose(payload=list(self._assignment(body, legal.names("reviewers"), legal.names("papers")))),)

    @staticmethod
    def _assignment(body: str, reviewers: tuple[str, ...], papers: tuple[str, ...]) -> tuple[int, ...]:
        def key(name: str) -> str:
            return " ".join(name.lower().split())

        paper_of = {key(p): i for i, p in enumerate(papers)}
        reviewer_of = {key(r): i for i, r in enumerate(reviewers)}
        chosen: dict[int, int] = {}
        problems: list[str] = []
        for raw in body.splitlines():
            line = _BULLET.sub("", raw).strip()
            if not line:
                continue
            if ":" not in line:
                problems.append(f"'{line}' is not '<paper>: <reviewer>'")
                continue
            left, right = (key(part) for part in line.split(":", 1))
            if left not in paper_of or right not in reviewer_of:
                problems.append(f"'{line}' does not name a paper and a reviewer from the sheet")
            elif paper_of[left] in chosen:
                problems.append(f"{papers[paper_of[left]]} is listed twice")
            else:
                chosen[paper_of[left]] = reviewer_of[right]
        missing = [p for i, p in enumerate(papers) if i not in chosen]
        if missing and not problems:
            problems.append("no reviewer for " + ", ".join(missing))
        doubled = sorted({reviewers[r] for r in chosen.values() if list(chosen.values()).count(r) > 1})
        if doubled:
            problems.append("reviewer(s) given two papers: " + ", ".join(doubled))
        if problems:
            raise FormatError("the proposal could not be read: " + "; ".join(problems) + ".")
        matching = [0] * len(papers)
        for paper, reviewer in chosen.items():
            matching[reviewer] = paper
        return tuple(matching)

    def render(self, actions: Sequence[Action]) -> str:
        if len(actions) != 1:
            raise ValueError("an Optimization reply holds exactly one move")
        action = actions[0]
        if isinstance(action, Message):
            return f"[message] {action.text}"
        if isinstance(action, Respond):
            return "[accept]" if action.accept else "[reject]"
        if isinstance(action, Propose):
            k = len(action.payload)
            by_paper = {paper: reviewer for reviewer, paper in enumerate(action.payload)}
            return "[propose]\n" + "\n".join(f"- {PAPERS[p]}: {REVIEWERS[by_paper[p]]}" for p in range(k))
        raise ValueError(f"{action.kind} is not a move in dialop.optimization")
