"""The optional LLM judge for PeopleJoin-QA's Match: what it is asked, how its grade is read, its
cache and cost (the `mock` provider offline, and OpenAI's SDK on the HTTP fake), Cohen's κ
against scikit-learn's, and the agreement bench on scripted sessions."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from sklearn.metrics import cohen_kappa_score

from bench.peoplejoin_match_judge import main, measure, scripted_sessions
from lamen.agents.mock import MockAgent
from lamen.agents.providers import make_provider_agent
from lamen.chat import ChatRequest
from lamen.families.peoplejoin.match import match
from lamen.families.peoplejoin.match_judge import (INSTRUCTIONS, MatchJudge, agreement, cohen_kappa, gold_text,
                                                   judge_request, read_grade)
from lamen.families.peoplejoin.questions import dev_items
from lamen.spec.agent import AgentSpec
from tests.fake_servers import Asked, FakeProviders
from tests.test_provider_common import KEY

HERE = "tests.test_peoplejoin_match_judge"
# The lenient judge beside the deterministic Match on the first 120 dev items: it disagrees on
# pets_1_26 and pets_1_37, where the oracle could not compute [["Tracy", "F"]] and says so — the
# judge finds the gold cell "F" inside a word of that sentence and gives 50 (Match, which reads
# whole words, gives 0).
EXPECTED_ORACLE = {"sessions": 120, "graded": 120, "equal": 0.9833, "kappa": 0.9672,
                   "confusion": {"0→0": 57, "0→50": 2, "100→100": 61}, "calls": 120, "cost_usd": 0.0}
ITEMS = {i.datum_id: i for i in dev_items()}
STADIUM = ITEMS["concert_singer_0"]  # [["Stark's Park", 10104]]


def lenient(request: ChatRequest) -> str:
    """A judge model that gives full marks when every gold cell is written somewhere in the
    answer (stray values do not bother it), half when some are, and reads "cannot" claims."""
    text = request.messages[-1].content
    gold = text.split("\ncorrect result: ", 1)[1].split("\nassistant's answer: ", 1)[0]
    answer = text.split("\nassistant's answer: ", 1)[1].lower()
    if gold.startswith("none:"):
        grade = 100 if "cannot be answered" in answer else 0
    elif gold.startswith("no rows"):
        grade = 100 if re.search(r"\bno\b|\bnone\b", answer) else 0
    elif "cannot be answered" in answer:
        grade = 0
    else:
        cells = {str(c).lower() for row in json.loads(gold) for c in row if c is not None}
        found = sum(c in answer for c in cells)
        grade = 100 if found == len(cells) else 50 if found else 0
    return f"The answer {'has' if grade else 'lacks'} the result.\nscore: {grade}"


def mock_judge() -> MatchJudge:
    return MatchJudge(MockAgent(AgentSpec.model_validate({"agent": "mock:judge",
                                                          "params": {"callable": f"{HERE}:lenient"}})))


def test_the_request_shows_the_question_the_gold_result_and_the_answer() -> None:
    request = judge_request(STADIUM, "Stark's Park, 10104 seats.")
    assert request.system == INSTRUCTIONS and request.purpose == "match_judge" and request.temperature == 0.0
    assert request.messages[0].content == (
        "question: What is the name and capacity for the stadium with highest average attendance?\n"
        "correct result: [[\"Stark's Park\", 10104]]\nassistant's answer: Stark's Park, 10104 seats.")
    assert judge_request(STADIUM, None).messages[0].content.endswith("(the assistant gave its user no answer)")
    unanswerable = next(i for i in dev_items() if i.unanswerable)
    assert gold_text(unanswerable).startswith("none: the organisation holds nothing")


@pytest.mark.parametrize(("reply", "grade"), [
    ("Right.\nscore: 100", 100), ("score: 50", 50), ("Partly right.\nScore: **0**", 0),
    ("score: 100 at first sight; on reflection score: 50", 50), ("It is correct.", None), ("score: 75", None),
])
def test_the_grade_is_the_last_score_line(reply: str, grade: int | None) -> None:
    assert read_grade(reply) == grade


def test_cohen_kappa_is_scikit_learns() -> None:
    a = [0, 0, 50, 100, 100, 100, 0, 50, 100, 0]
    b = [0, 50, 50, 100, 100, 0, 0, 100, 100, 0]
    assert cohen_kappa(a, b) == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)
    assert cohen_kappa([100, 100], [100, 100]) is None  # chance agreement 1: undefined
    assert cohen_kappa([0, 100], [100, 0]) == -1.0
    with pytest.raises(ValueError, match="equally long"):
        cohen_kappa([0], [0, 0])


def test_identical_requests_are_judged_once_and_unreadable_grades_are_left_out() -> None:
    judge = mock_judge()
    sessions = [(STADIUM, "Stark's Park with 10104.", 100), (STADIUM, "Stark's Park with 10104.", 100),
                (STADIUM, "Stark's Park.", 50), (STADIUM, "Glebe Park, 3960.", 0)]
    found = asyncio.run(agreement(judge, sessions))
    assert (found.sessions, found.graded, found.equal, found.calls) == (4, 4, 1.0, 3)
    assert found.kappa == 1.0 and found.confusion == {"0→0": 1, "100→100": 2, "50→50": 1}
    assert [c.reply is None for c in judge.calls] == [False, True, False, False]  # the repeat: from the cache

    class Mumbler:
        name = "mumbler"

        async def complete(self, request: ChatRequest):
            from lamen.chat import ChatReply
            return ChatReply(text="Looks fine to me.")

    silent = asyncio.run(agreement(MatchJudge(Mumbler()), sessions))
    assert (silent.sessions, silent.graded, silent.equal, silent.kappa) == (4, 0, None, None)


def test_agreement_with_the_deterministic_match_on_scripted_sessions() -> None:
    items = dev_items()[:120]
    judge = mock_judge()
    result = asyncio.run(measure(judge, ("sql-oracle", "ask-everyone"), items))
    oracle, everyone, both = result["sql-oracle"], result["ask-everyone"], result["all"]
    assert oracle == EXPECTED_ORACLE
    assert everyone["equal"] == 1.0 and everyone["calls"] == 120
    assert both["calls"] == 0 and result["total_calls"] == 240  # "all" re-reads the cache
    assert result["total_cost_usd"] == 0.0  # mock calls are free
    # κ over all the sessions, recomputed from the sessions themselves with scikit-learn.
    sessions = [s for hub in ("sql-oracle", "ask-everyone") for s in asyncio.run(scripted_sessions(hub, items))]
    assert all(m == match(item, answer) for item, answer, m in sessions)
    ours = [m for _, _, m in sessions]
    theirs = [read_grade(lenient(judge_request(item, answer))) for item, answer, _ in sessions]
    assert both["kappa"] == round(cohen_kappa_score(ours, theirs), 4)


def test_the_bench_prints_json_and_refuses_unknown_hubs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--judge", f"mock:{HERE}:lenient", "--hubs", "message-none", "--items", "5"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["items"] == 5 and printed["message-none"]["sessions"] == 5
    with pytest.raises(SystemExit):
        main(["--judge", f"mock:{HERE}:lenient", "--hubs", "nobody"])
    assert "--hubs: nobody: the scripted hubs are sql-oracle, ask-everyone, message-none" in capsys.readouterr().err


def test_an_openai_judge_on_the_wire_is_cached_and_costed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)

    def answer(asked: Asked) -> str:
        return "The answer names the stadium and its capacity.\nscore: 100" if "10104" in asked.last_user.split(
            "assistant's answer:", 1)[1] else "It names no stadium.\nscore: 0"

    with FakeProviders(answer) as fake:
        judge = MatchJudge(make_provider_agent(fake.agent_spec("openai:gpt-4o-mini")))
        sessions = [(STADIUM, "Stark's Park, 10104.", 100), (STADIUM, "I could not find it.", 0),
                    (STADIUM, "Stark's Park, 10104.", 100)]
        found = asyncio.run(agreement(judge, sessions))
    assert (found.graded, found.equal, found.kappa, found.calls) == (3, 1.0, 1.0, 2)
    assert len(fake.received) == 2  # the repeated answer was judged from the cache
    body = fake.received[0].body
    assert body["model"] == "gpt-4o-mini" and body["temperature"] == 0.0
    assert body["messages"] == [{"role": "system", "content": INSTRUCTIONS},
                                {"role": "user", "content": judge_request(STADIUM, "Stark's Park, 10104.")
                                 .messages[0].content}]
    # gpt-4o-mini: 1000 × $0.15/M + 50 × $0.60/M per call (tests/fake_servers.py's golden usage).
    assert found.cost_usd == pytest.approx(2 * 0.00018, abs=1e-12)
