"""PeopleJoin-QA's optional LLM judge in a tournament (issue 18): a spec's `match_judge` grades every
session beside the deterministic Match; its grade is stored as its own metric (`match_judge`), its
call with the match (cached and costed: it counts in the run's spend and budget), and `lamen run`,
`lamen ratings` and the report print its agreement with Match (share equal, Cohen's κ).

The judge is the `mock` provider's lenient judge of tests.test_peoplejoin_match_judge: it gives 50
where the SQL oracle says it could not compute the result of pets_1_26 and pets_1_37 (Match: 0)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest
import yaml
from sklearn.metrics import cohen_kappa_score

from lamen.agents.base import ChatReply, ChatRequest
from lamen.agents.registry import make_agent
from lamen.cli import main
from lamen.runner import Runner
from lamen.runner.run import plan
from lamen.spec.check import check_file
from lamen.spec.library import Library
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.test_peoplejoin_match_judge import lenient

STADIUM, PETS_26, PETS_37 = 0, 71, 82  # dev items: the oracle answers the first, fails the other two
JUDGE = {"agent": "mock:judge", "id": "judge", "params": {"callable": "tests.test_peoplejoin_match_judge:lenient"}}
SPEC = {"name": "judged", "family": "peoplejoin.qa", "agents": ["player:sql-oracle", "player:message-none"],
        "simulators": ["player:table-dump"], "match_judge": JUDGE,
        "instances": {"seeds": [STADIUM, PETS_26, PETS_37]}}
LINE = "Match (LLM judge) beside Match: 6 sessions graded by both, equal in 66.7%, Cohen's κ 0.400"


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("judged")
    spec = folder / "judged.yaml"
    spec.write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["run", str(spec), "--db", str(folder / "t.db"), "--yes", "--quiet"]) == 0
    return folder, out.getvalue()


def rows(database: Path) -> list[dict]:
    store = Store.open_read_only(database)
    try:
        return store.match_rows("judged")
    finally:
        store.close()


def test_every_session_is_graded_by_the_judge_beside_match(judged: tuple[Path, str]) -> None:
    folder, _ = judged
    grades = {(row["agent_a"], row["game"].rsplit(":", 1)[1]): (row["outcome"]["metrics"]["match"],
                                                                row["outcome"]["metrics"]["match_judge"])
              for row in rows(folder / "t.db")}
    assert grades == {("player:sql-oracle", "concert_singer_0"): (100.0, 100.0),
                      ("player:sql-oracle", "pets_1_26"): (0.0, 50.0), ("player:sql-oracle", "pets_1_37"): (0.0, 50.0),
                      ("player:message-none", "concert_singer_0"): (0.0, 0.0),
                      ("player:message-none", "pets_1_26"): (0.0, 0.0),
                      ("player:message-none", "pets_1_37"): (0.0, 0.0)}
    # One judge call per session, stored with it under the judge's name, asking about its final answer.
    with sqlite3.connect(folder / "t.db") as db:
        calls = db.execute("SELECT agent, COUNT(*) FROM calls WHERE purpose='match_judge' GROUP BY agent").fetchall()
        spec = json.loads(db.execute("SELECT spec_json FROM tournaments WHERE name='judged'").fetchone()[0])
    assert calls == [("judge", 6)]
    assert spec["match_judge"]["id"] == "judge"


def test_run_ratings_and_report_print_the_agreement(judged: tuple[Path, str],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder, printed = judged
    assert LINE in printed.splitlines()
    assert "judged: 6/6 sessions, mean Match 16.7, 0 errors, $0.00 in " in printed
    capsys.readouterr()
    assert main(["ratings", str(folder / "t.db"), "--bootstrap", "20"]) == 0
    text = capsys.readouterr().out
    assert LINE in text.splitlines() and "Match (LLM judge): agent (row) with simulator (column), mean" in text
    assert main(["ratings", str(folder / "t.db"), "--json", "--bootstrap", "20"]) == 0
    view = json.loads(capsys.readouterr().out)["tournaments"]["judged"]
    ours, theirs = [100, 0, 0, 0, 0, 0], [100, 50, 50, 0, 0, 0]
    assert view["judge_agreement"] == {"graded": 6, "unreadable": 0, "equal": 0.6667,
                                       "kappa": round(cohen_kappa_score(ours, theirs), 4),
                                       "confusion": {"0→0": 3, "0→50": 2, "100→100": 1}}
    assert view["judge_agreement"]["kappa"] == 0.4
    assert [m["key"] for m in view["metrics"]][-1] == "match_judge"
    report = (folder / "index.html").read_text(encoding="utf-8")
    assert "Cohen&#x27;s κ 0.400 (grades Match→judge: 0→0: 3, 0→50: 2, 100→100: 1)." in report


def test_a_tournament_without_a_judge_shows_no_agreement_and_stores_its_spec_as_before() -> None:
    plain = Tournament.model_validate({k: v for k, v in SPEC.items() if k != "match_judge"})
    assert "match_judge" not in plain.stored_form()
    assert Tournament.model_validate(SPEC).stored_form()["match_judge"]["id"] == "judge"


class PaidJudge:
    """The lenient judge behind a paid provider's id: each answer costs a cent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.asked = 0

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.asked += 1
        return ChatReply(text=lenient(request), cost_usd=0.01, model="judge-model")


def test_the_judges_calls_are_cached_and_count_in_the_spend_and_budget(tmp_path: Path) -> None:
    made: list[PaidJudge] = []

    def make(spec, *, game, side, seed):  # type: ignore[no-untyped-def]
        if spec.provider != "openai":
            return make_agent(spec, game=game, side=side, seed=seed)
        made.append(PaidJudge(spec.id))
        return made[-1]

    # message-none gives every simulator the same final answer: its second session's request is
    # the first's, answered from the response cache at no cost.
    spec = {**SPEC, "agents": ["player:message-none"], "simulators": ["player:table-dump", "player:dont-have"],
            "match_judge": "openai:judge-model", "instances": {"seeds": [STADIUM, PETS_26]},
            "limits": {"concurrency": 1}}
    store = Store(tmp_path / "t.db")
    try:
        state = asyncio.run(Runner(Tournament.model_validate(spec), store, Library.default(), make=make).run())
        summary = store.summary("judged")
    finally:
        store.close()
    assert (state.done, made[0].asked) == (4, 2)
    assert round(state.spend_usd, 6) == round(summary["spend_usd"], 6) == 0.02
    # A budget of 1.5 cents: after the first session (a cent) the next is projected to reach 2: none starts.
    store = Store(tmp_path / "b.db")
    try:
        state = asyncio.run(Runner(Tournament.model_validate({**spec, "budget_usd": 0.015}), store, Library.default(),
                                   make=make).run())
    finally:
        store.close()
    assert (state.done, state.skipped_budget, round(state.spend_usd, 6)) == (1, 3, 0.01)


def test_a_match_judge_the_family_cannot_use_is_one_located_line(tmp_path: Path) -> None:
    toolwoz = {"name": "t", "family": "toolwoz", "agents": ["player:oracle"], "simulators": ["player:terse"],
               "instances": {"count": 1}, "match_judge": JUDGE}
    with pytest.raises(SpecError, match="toolwoz has no LLM judge for `match_judge` to play"):
        plan(Tournament.model_validate(toolwoz), Library.default())
    with pytest.raises(SpecError, match="match_judge player:table-dump is a player agent; the judge must be a model"):
        plan(Tournament.model_validate({**SPEC, "match_judge": "player:table-dump"}), Library.default())
    with pytest.raises(SpecError, match="match_judge belongs to tournaments of families with an LLM judge"):
        Tournament.model_validate({"name": "n", "agents": ["bot:linear"], "games": ["x"], "match_judge": JUDGE})
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(toolwoz, sort_keys=False), encoding="utf-8")
    from lamen.runner.checks import tournament_problems  # what `lamen validate` passes down

    rendered = [p.render() for p in check_file(path, Library.default(), tournament_problems)]
    line = path.read_text(encoding="utf-8").splitlines().index("match_judge:") + 1
    assert rendered == [f"{path}:{line}: match_judge: toolwoz has no LLM judge for `match_judge` to play "
                        "(remove `match_judge` (peoplejoin.qa has one, for its Match))"]


def test_changing_the_judge_is_another_version_of_the_spec(judged: tuple[Path, str],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = judged
    other = folder / "other.yaml"
    other.write_text(yaml.safe_dump({**SPEC, "match_judge": {**JUDGE, "id": "judge-2"}}), encoding="utf-8")
    capsys.readouterr()
    assert main(["run", str(other), "--db", str(folder / "t.db"), "--yes", "--quiet"]) == 1
    assert "holds matches played under another version of this spec: judge settings changed (6 stored matches)" \
        in capsys.readouterr().err
