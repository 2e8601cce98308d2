"""The optional LLM judge for PeopleJoin-QA's Match (issue 18; FAMILIES.md §8 risk 2): any lamen
agent reads the question, the gold execution result and the hub's final answer to its user, and
grades the answer 0, 50 or 100, as the paper's judge does. Off by default: the deterministic
`match` is the family's score. Calls are cached by request (an identical question, result and
answer is judged once per judge) and costed like the readers' `llm_fallback`; `agreement` puts
the judge beside the deterministic Match (share of equal grades and Cohen's κ).

The instructions are written in this project's own words."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from lamen.chat import Agent, ChatMessage, ChatReply, ChatRequest
from lamen.core.family import MetricSpec
from lamen.core.grading import LLMGrader, cohen_kappa
from lamen.core.state import CoreState
from lamen.families.peoplejoin.instances import PeopleJoinInstance
from lamen.families.peoplejoin.questions import Item
from lamen.families.peoplejoin.rules import final_answer

GRADES = (0, 50, 100)
PURPOSE = "match_judge"

INSTRUCTIONS = """\
You grade the final answer an assistant gave its user, who had asked a question about data held \
in their organisation. You are given the question, the correct result (the rows a database query \
returns, or a statement that the organisation holds nothing that answers it) and the assistant's \
answer. Judge what the answer states, not how it is worded or laid out:
100: it states the whole correct result and nothing false beside it; for a question the \
organisation cannot answer, it says the question cannot be answered; for a result of no rows, \
it says nothing matches.
50: it states part of the correct result, or the whole of it with wrong or misleading values added.
0: it states none of it, a wrong result, or no answer; or it claims the question cannot be \
answered when it can.
Write at most one line of reasons, then a last line `score: N` where N is 100, 50 or 0."""

_SCORE = re.compile(r"score\s*[:=]\s*\**\s*(100|50|0)\b", re.IGNORECASE)


def gold_text(item: Item) -> str:
    """The correct result as the judge is shown it."""
    if item.unanswerable:
        return "none: the organisation holds nothing that answers this question (it cannot be answered)"
    rows = item.gold_rows() or []
    if not rows:
        return "no rows: the correct answer is that nothing matches"
    return json.dumps(rows, ensure_ascii=False)


def judge_request(item: Item, answer: str | None) -> ChatRequest:
    said = answer if answer is not None and answer.strip() else "(the assistant gave its user no answer)"
    text = f"question: {item.question}\ncorrect result: {gold_text(item)}\nassistant's answer: {said}"
    return ChatRequest(system=INSTRUCTIONS, messages=(ChatMessage(role="user", content=text),), temperature=0.0,
                       max_tokens=200, purpose=PURPOSE)


def request_key(request: ChatRequest, agent_name: str) -> str:
    # The key `lamen.judge.llm_fallback` caches its readings by (that package is the negotiation
    # judge's, which this family need not load).
    payload = json.dumps({"agent": agent_name, "request": request.model_dump(mode="json")}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


def read_grade(text: str) -> int | None:
    """The grade of the judge's last `score:` line; None when it wrote none (unreadable)."""
    found = _SCORE.findall(text)
    return int(found[-1]) if found else None


def session_request(instance: PeopleJoinInstance, state: CoreState) -> ChatRequest:
    """What the judge is asked of a finished session: its question, gold and final answer."""
    return judge_request(instance.item, final_answer(state))


def session_grade(text: str) -> float | None:
    grade = read_grade(text)
    return None if grade is None else float(grade)


# The family's `llm_judge`: a tournament naming a `match_judge` stores its grade of every session
# as `match_judge`, beside the deterministic `match` (lamen.core.grading).
GRADER = LLMGrader(metric=MetricSpec("match_judge", "Match (LLM judge)", scale=100.0), compares_with="match",
                   request=session_request, read=session_grade)


@dataclass(frozen=True)
class JudgeCall:
    """One grading request and its reply (None: answered from the judge's cache). The family's
    own record, so the family imports nothing of negotiation's transcript."""

    purpose: str
    request: ChatRequest
    reply: ChatReply | None
    agent: str


class MatchJudge:
    """Grades answers with an agent; identical requests are answered from its cache, each call
    (cached ones too, with no reply) recorded for costing."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.cache: dict[str, str] = {}
        self.calls: list[JudgeCall] = []

    @property
    def cost_usd(self) -> float:
        return sum(call.reply.cost_usd for call in self.calls if call.reply is not None)

    @property
    def paid_calls(self) -> int:
        return sum(call.reply is not None for call in self.calls)

    async def grade(self, item: Item, answer: str | None) -> int | None:
        request = judge_request(item, answer)
        key = request_key(request, self.agent.name)
        if key in self.cache:
            self.calls.append(JudgeCall(purpose=PURPOSE, request=request, reply=None, agent=self.agent.name))
            return read_grade(self.cache[key])
        reply = await self.agent.complete(request)
        self.calls.append(JudgeCall(purpose=PURPOSE, request=request, reply=reply, agent=self.agent.name))
        self.cache[key] = reply.text
        return read_grade(reply.text)


@dataclass(frozen=True)
class Agreement:
    """The judge beside the deterministic Match over the sessions it could grade."""

    sessions: int  # sessions judged
    graded: int  # of them, those whose judge reply had a readable grade (the rest are left out)
    equal: float | None  # share of graded sessions where both grades are equal (None: none graded)
    kappa: float | None  # Cohen's κ over the graded sessions (None: undefined)
    confusion: dict[str, int]  # "deterministic→judge": count
    calls: int  # judge calls this comparison made (answers from the judge's cache excluded)
    cost_usd: float  # what they cost

    def as_dict(self) -> dict[str, object]:
        return {"sessions": self.sessions, "graded": self.graded, "equal": None if self.equal is None else round(self.equal, 4),
                "kappa": None if self.kappa is None else round(self.kappa, 4), "confusion": self.confusion,
                "calls": self.calls, "cost_usd": round(self.cost_usd, 6)}


async def agreement(judge: MatchJudge, sessions: Sequence[tuple[Item, str | None, int]]) -> Agreement:
    """Grade each (item, final answer, deterministic Match) with the judge and compare."""
    pairs: list[tuple[int, int]] = []
    calls_before, cost_before = judge.paid_calls, judge.cost_usd
    for item, answer, deterministic in sessions:
        if deterministic not in GRADES:
            raise ValueError(f"{item.datum_id}: deterministic Match {deterministic!r} is not one of {GRADES}")
        grade = await judge.grade(item, answer)
        if grade is not None:
            pairs.append((deterministic, grade))
    ours, theirs = [p[0] for p in pairs], [p[1] for p in pairs]
    confusion = Counter(f"{a}→{b}" for a, b in pairs)
    return Agreement(sessions=len(sessions), graded=len(pairs),
                     equal=sum(a == b for a, b in pairs) / len(pairs) if pairs else None,
                     kappa=cohen_kappa(ours, theirs) if pairs else None,
                     confusion=dict(sorted(confusion.items())), calls=judge.paid_calls - calls_before,
                     cost_usd=judge.cost_usd - cost_before)
