"""Tournaments: the debiased schedule, stable match ids, the concurrent runner within its
limits, retries, fatal errors, the budget, the store, and the matrices."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from lamen.agents.base import AgentError, ChatMessage, ChatRequest
from lamen.agents.registry import make_agent
from lamen.cli import main
from lamen.matrices import head_to_head, self_play_summary
from lamen.runner import Runner, plan
from lamen.runner.limits import ProviderGate
from lamen.runner.resilient import ResilientAgent
from lamen.spec.library import Library
from lamen.spec.tournament import Limits, Tournament
from lamen.store import SCHEMA_VERSION, Store
from lamen.store.tables import match_table
from tests.fakes import Counter, FakeLLM

LIBRARY = Library.default()


def spec(**changes) -> Tournament:
    data = {"name": "t", "agents": ["bot:linear", "bot:conceder", "bot:boulware"],
            "games": ["rental-1-distributive", "rental-2-mixture"], "seed": 1}
    data.update(changes)
    return Tournament.model_validate(data)


def run(tournament: Tournament, db: Path, make=make_agent, **kwargs) -> Runner:
    store = Store(db)
    runner = Runner(tournament, store, LIBRARY, make=make, backoff_base=0.001, **kwargs)
    asyncio.run(runner.run())
    store.close()
    return runner


# ---- schedule --------------------------------------------------------------------------------

def test_schedule_counts_follow_the_paper() -> None:
    matches = plan(spec(repetitions=2), LIBRARY)
    stages = pd.Series([m.stage for m in matches]).value_counts().to_dict()
    # cross: 3 pairs × 2 games × 2 side assignments × 2 start orders × 2 repetitions
    # self: 3 agents × 2 games × 2 sides (instances) × 2 start orders × 2 repetitions
    assert stages == {"cross": 48, "self": 48}
    assert len({m.id for m in matches}) == 96
    block = [m for m in matches if m.block == "cross|rental-1-distributive|bot:conceder|bot:linear|0"]
    assert sorted((m.agent_a.id, m.starts) for m in block) == [
        ("bot:conceder", 0), ("bot:conceder", 1), ("bot:linear", 0), ("bot:linear", 1)]


def test_qualifier_stage_comes_first() -> None:
    matches = plan(spec(qualifier={"games": 3}, cross_play=False, self_play=False), LIBRARY)
    assert [(m.stage, m.game.name, m.agent_a.id == m.agent_b.id) for m in matches][:3] == [
        ("qualifier", "rental-1-distributive", True)] * 3
    assert len(matches) == 9


def test_match_ids_are_stable_and_follow_the_spec() -> None:
    first = [m.id for m in plan(spec(), LIBRARY)]
    assert first == [m.id for m in plan(spec(), LIBRARY)]
    other_seed = {m.id for m in plan(spec(seed=2), LIBRARY)}
    assert not other_seed & set(first)
    # Another agent adds matches; the old ones keep their ids.
    grown = {m.id for m in plan(spec(agents=["bot:linear", "bot:conceder", "bot:boulware", "bot:random"]), LIBRARY)}
    assert set(first) <= grown


def test_games_by_glob(tmp_path: Path) -> None:
    matches = plan(spec(games=["rental-2-integrative-*"], agents=["bot:linear"], cross_play=False), LIBRARY)
    assert sorted({m.game.name for m in matches}) == ["rental-2-integrative-distributive", "rental-2-integrative-mixture"]


def test_dry_run_prints_counts_and_cost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "paid.yaml"
    path.write_text("name: paid\nagents: [openai:gpt-4o-mini, bot:linear]\ngames: [rental-1-distributive]\n")
    assert main(["run", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "12 matches: 8 self, 4 cross" in out
    assert "openai:gpt-4o-mini" in out and "estimated total: $0.0" in out
    assert not (Path("reports") / "paid").exists()


# ---- runner ----------------------------------------------------------------------------------

def fake_factory(counter: Counter, latency: float = 0.0, **kwargs):
    agents: dict[str, FakeLLM] = {}

    def make(agent_spec, *, game, side, seed):
        if agent_spec.provider == "bot":
            return make_agent(agent_spec, game=game, side=side, seed=seed)
        return agents.setdefault(agent_spec.id, FakeLLM(agent_spec.id, latency, counter, **kwargs))
    make.agents = agents  # type: ignore[attr-defined]
    return make


def test_limits_hold(tmp_path: Path) -> None:
    counter = Counter()
    tournament = spec(agents=["openai:a", "openai:b", "anthropic:c"], games=["rental-1-distributive"],
                      limits={"concurrency": 5, "per_provider": {"openai": 2}})
    runner = run(tournament, tmp_path / "t.db", fake_factory(counter, latency=0.01))
    assert runner.state.done == 24
    assert runner.peak_in_flight == 5  # matches in flight never exceed the concurrency
    assert runner.gates["openai"].peak == 2  # requests in flight to openai never exceed its limit
    assert runner.gates["anthropic"].peak <= 5


def test_retryable_failures_are_retried(tmp_path: Path) -> None:
    counter = Counter()
    make = fake_factory(counter, failures=[AgentError("x: HTTP 429", retryable=True, retry_after=0.01),
                                           AgentError("x: HTTP 503", retryable=True)])
    runner = run(spec(agents=["openai:a"], games=["rental-1-distributive"], cross_play=True), tmp_path / "t.db", make)
    assert (runner.state.done, runner.state.errors) == (4, 0)
    assert any("retrying after x: HTTP 429" in m for m in runner.state.messages)


def test_exhausted_retries_error_the_match_and_a_rerun_plays_it_again(tmp_path: Path) -> None:
    counter = Counter()
    failures = [AgentError("openai:a: HTTP 500", retryable=True)] * 3
    tournament = spec(agents=["openai:a"], games=["rental-1-distributive"], limits={"max_retries": 2, "concurrency": 1})
    runner = run(tournament, tmp_path / "t.db", fake_factory(counter, failures=list(failures)))
    assert (runner.state.done, runner.state.errors) == (3, 1)
    frame = match_table(Store(tmp_path / "t.db"))
    errored = frame[frame["status"] == "errored"]
    assert errored["error"].tolist() == ["side A (openai:a): openai:a: HTTP 500 (gave up after 3 tries)"]
    assert not errored["agreement"].any()  # errored, never a non-agreement outcome
    again = run(tournament, tmp_path / "t.db", fake_factory(Counter()))
    assert (again.state.done, again.state.errors) == (4, 0)


def test_a_fatal_error_stops_that_agents_matches(tmp_path: Path) -> None:
    counter = Counter()
    fatal = AgentError("openai:a: authentication failed (HTTP 401): set OPENAI_API_KEY", retryable=False)
    tournament = spec(agents=["openai:a", "bot:linear"], games=["rental-1-distributive"], limits={"concurrency": 1})
    runner = run(tournament, tmp_path / "t.db", fake_factory(counter, failures=[fatal]))
    assert runner.state.disabled == {
        "openai:a": "side A (openai:a): openai:a: authentication failed (HTTP 401): set OPENAI_API_KEY"}
    frame = match_table(Store(tmp_path / "t.db"))
    with_a = frame[(frame["agent_a"] == "openai:a") | (frame["agent_b"] == "openai:a")]
    assert set(with_a["status"]) == {"errored"}
    assert counter.calls == 1  # no request after the fatal one
    assert set(frame.loc[frame["agent_a"] == frame["agent_b"]].query("agent_a == 'bot:linear'")["status"]) == {"finished"}


def test_budget_stops_new_matches(tmp_path: Path) -> None:
    counter = Counter()
    tournament = spec(agents=["openai:a"], games=["rental-1-distributive", "rental-2-mixture"], budget_usd=0.05,
                      limits={"concurrency": 1})
    runner = run(tournament, tmp_path / "t.db", fake_factory(counter, cost_per_call=0.01))
    # Each match costs 4 calls × $0.01; after the first, the projected spend of a second passes $0.05.
    assert runner.state.done == 1 and runner.state.skipped_budget == 7
    assert runner.state.spend_usd == pytest.approx(0.04)


def test_identical_requests_are_answered_from_the_cache(tmp_path: Path) -> None:
    store = Store(tmp_path / "cache.db")
    counter = Counter()
    agent_spec = Tournament.model_validate({"name": "x", "agents": ["openai:a"], "games": ["g"]}).agents[0]
    agent = ResilientAgent(agent_spec, FakeLLM("openai:a", counter=counter, cost_per_call=0.5),
                           ProviderGate("openai", Limits()), max_retries=0, timeout_s=5, cache=store)
    request = ChatRequest(system="s", messages=(ChatMessage(role="user", content="hi"),), purpose="note", seed=3)
    first = asyncio.run(agent.complete(request))
    second = asyncio.run(agent.complete(request))
    third = asyncio.run(agent.complete(request.model_copy(update={"seed": 4})))
    assert counter.calls == 2
    assert (first.from_cache, second.from_cache, third.from_cache) == (False, True, False)
    assert second.text == first.text and second.cost_usd == 0.0


def test_timeouts_are_retryable(tmp_path: Path) -> None:
    counter = Counter()
    agent_spec = Tournament.model_validate({"name": "x", "agents": ["openai:a"], "games": ["g"]}).agents[0]
    slow = ResilientAgent(agent_spec, FakeLLM("openai:a", latency=1.0, counter=counter), ProviderGate("openai", Limits()),
                          max_retries=1, timeout_s=0.02, backoff_base=0.001)
    request = ChatRequest(system="s", messages=(ChatMessage(role="user", content="hi"),))
    with pytest.raises(AgentError, match=r"no answer within 0.02 s \(gave up after 2 tries\)"):
        asyncio.run(slow.complete(request))
    assert counter.calls == 2


# ---- store -----------------------------------------------------------------------------------

def test_store_schema(tmp_path: Path) -> None:
    run(spec(agents=["bot:linear"], games=["rental-1-distributive"]), tmp_path / "t.db")
    db = sqlite3.connect(tmp_path / "t.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables >= {"tournaments", "agents", "matches", "turns", "calls", "outcomes", "response_cache", "meta"}
    assert db.execute("SELECT COUNT(*) FROM matches WHERE status='finished'").fetchone()[0] == 4
    assert db.execute("SELECT COUNT(*) FROM calls").fetchone()[0] == 2 * db.execute("SELECT COUNT(*) FROM turns").fetchone()[0]


def test_a_second_run_plays_nothing_new(tmp_path: Path) -> None:
    first = run(spec(), tmp_path / "t.db")
    again = run(spec(), tmp_path / "t.db")
    assert first.state.done == again.state.done == 48
    frame = match_table(Store(tmp_path / "t.db"))
    assert len(frame) == 48 and frame["match_id"].is_unique


def test_status_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(spec(agents=["bot:linear"], games=["rental-1-distributive"]), tmp_path / "t.db")
    assert main(["status", str(tmp_path / "t.db")]) == 0
    assert capsys.readouterr().out.startswith("t: 4/4 matches finished, 4 agreements, 0 errored, 0 pending, $0.00")
    assert main(["status", str(tmp_path / "missing.db")]) == 1


def test_quiet_run_prints_progress_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        report_data_only: list[Path]) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(f"name: small\nagents: [bot:linear, bot:conceder]\ngames: [rental-1-distributive]\n"
                    f"database: {tmp_path / 'small.db'}\n")
    assert main(["run", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "small: 0/12 matches, 0 agreements, 0 errors, $0.00" in out
    assert "small: 12/12 matches, 12 agreements, 0 errors, $0.00 in " in out
    assert "Self-play" in out and "Cross-play soft completion rate" in out
    assert report_data_only == [tmp_path / "small.db"]


# ---- matrices --------------------------------------------------------------------------------

def _row(match_id, stage, a, b, starts, u_a, u_b, agreement="soft", game="g", game_class="competitive", mirror=0):
    row = {"match_id": match_id, "stage": stage, "game": game, "game_class": game_class, "agent_a": a, "agent_b": b,
           "starts": starts, "repetition": 0, "mirror": mirror, "status": "finished", "rounds": 3,
           "agreement": agreement != "none", "hard": agreement == "hard", "u_a": u_a, "u_b": u_b,
           "cooperative": game_class != "competitive"}
    for figure in ("internal_faithfulness", "external_faithfulness", "note_instruction", "message_instruction",
                   "format_instruction"):
        row[f"{figure}_a"] = row[f"{figure}_b"] = 1.0
    return row


def test_head_to_head_is_debiased_over_sides_and_start_orders() -> None:
    # X vs Y: as side A (starting) X got 0.8 twice (two matches in one cell), as side A (second)
    # 0.6, as side B 0.4 and 0.2. A plain mean over matches would be 0.56; each cell counts once: 0.5.
    frame = pd.DataFrame([
        _row("1", "cross", "X", "Y", 0, 0.8, 0.2), _row("1b", "cross", "X", "Y", 0, 0.8, 0.2),
        _row("2", "cross", "X", "Y", 1, 0.6, 0.4), _row("3", "cross", "Y", "X", 0, 0.6, 0.4),
        _row("4", "cross", "Y", "X", 1, 0.8, 0.2, agreement="none"),
    ])
    frame.loc[frame["match_id"] == "4", ["u_a", "u_b"]] = 0.0
    assert head_to_head(frame, "u_star").loc["X", "Y"] == pytest.approx((0.8 + 0.6 + 0.4) / 3)
    assert head_to_head(frame, "u").loc["X", "Y"] == pytest.approx((0.8 + 0.6 + 0.4 + 0.0) / 4)
    assert head_to_head(frame, "soft").loc["Y", "X"] == pytest.approx(0.75)
    assert head_to_head(frame, "u_star", cooperative=True).isna().all().all()


def test_self_play_summary() -> None:
    frame = pd.DataFrame([
        _row("1", "self", "X", "X", 0, 0.5, 0.5, "hard"), _row("2", "self", "X", "X", 1, 0.5, 0.5),
        _row("3", "self", "X", "X", 0, 0.0, 0.0, "none", mirror=1), _row("4", "self", "X", "X", 1, 0.7, 0.3, "hard", mirror=1),
    ])
    frame.loc[frame["match_id"] == "3", ["u_a", "u_b"]] = 0.0
    table = self_play_summary(frame)
    assert table.loc["X", "soft"] == 0.75 and table.loc["X", "hard"] == 0.5
    assert table.loc["X", "U"] == pytest.approx(0.375)
    assert table.loc["X", "U*"] == pytest.approx(0.5)
    assert table.loc["X", "games"] == 4


def test_calls_of_a_turn_cut_short_are_stored_and_paid(tmp_path: Path) -> None:
    counter = Counter()
    agents: dict[str, FakeLLM] = {}

    def make(agent_spec, *, game, side, seed):
        # The note call succeeds (and costs); the message call then fails for good.
        return agents.setdefault(agent_spec.id, FakeLLM(agent_spec.id, counter=counter, cost_per_call=0.01))

    tournament = spec(agents=["openai:a"], games=["rental-1-distributive"], cross_play=False,
                      limits={"concurrency": 1, "max_retries": 0})
    store = Store(tmp_path / "t.db")
    runner = Runner(tournament, store, LIBRARY, make=make, backoff_base=0.001)

    original = FakeLLM.complete

    async def failing_message(self, request):
        if request.purpose == "message":
            raise AgentError("openai:a: HTTP 400 bad request", retryable=False)
        return await original(self, request)

    FakeLLM.complete = failing_message  # type: ignore[method-assign]
    try:
        asyncio.run(runner.run())
    finally:
        FakeLLM.complete = original  # type: ignore[method-assign]
    first_match = store.db.execute("SELECT id FROM matches ORDER BY position LIMIT 1").fetchone()[0]
    calls = store.db.execute("SELECT turn_idx, purpose, cost_usd FROM calls WHERE match_id=?", (first_match,)).fetchall()
    assert [tuple(c) for c in calls] == [(0, "note", 0.01)]
    assert runner.state.spend_usd == pytest.approx(0.01)  # later matches never started: the agent was stopped
    store.close()


def test_llm_fallback_reads_unreadable_notes_and_its_calls_are_stored_and_costed(tmp_path: Path) -> None:
    from lamen.agents.base import ChatReply, Usage

    class Reader:
        name = "openai:reader"
        calls = 0

        async def complete(self, request):
            Reader.calls += 1
            return ChatReply(text='{"rent": "$1200"}', usage=Usage(input_tokens=500, output_tokens=10), cost_usd=0.002)

    def make(agent_spec, *, game, side, seed):
        return Reader() if agent_spec.id == "openai:reader" else make_agent(agent_spec, game=game, side=side, seed=seed)

    mumbler = {"agent": "mock:mumbler", "params": {"replies": str(Path(__file__).parent / "data/mock/mumbler.yaml")}}
    tournament = spec(agents=[mumbler], games=["rental-1-distributive"], cross_play=False,
                      llm_fallback="openai:reader", protocol="default", limits={"concurrency": 1})
    store = Store(tmp_path / "t.db")
    runner = Runner(tournament, store, LIBRARY, make=make, backoff_base=0.001)
    asyncio.run(runner.run())
    frame = match_table(store)
    assert set(frame["agreement_level"]) == {"soft"}  # both notes read as $1200 by the fallback
    rows = store.db.execute("SELECT purpose, agent, cost_usd FROM calls WHERE purpose='extraction'").fetchall()
    # The same note text from the same seat makes the same request: read once per seat (the request names the
    # note's writer, since "we keep six seats" reads differently from each side), then answered from the cache.
    assert Reader.calls == 2
    assert {r["agent"] for r in rows} == {"openai:reader"}
    assert runner.state.spend_usd == pytest.approx(0.004)
    outcome = json.loads(store.outcome_json(frame["match_id"].iloc[0]))
    assert outcome["turns"][0]["note"]["method"] == "llm" and outcome["turns"][0]["note_format_ok"] is False
    store.close()


def test_an_agent_without_a_qualifier_agreement_is_left_out(tmp_path: Path) -> None:
    # Two hardliners never settle a distributive rent: the hardliner does not qualify.
    tournament = spec(agents=["bot:linear", "bot:conceder", "bot:hardliner"], games=["rental-1-distributive"],
                      qualifier={"games": 2})
    runner = run(tournament, tmp_path / "t.db")
    assert runner.state.disabled == {"bot:hardliner": "0 agreement(s) in 2 qualifier game(s), 1 needed"}
    frame = match_table(Store(tmp_path / "t.db"))
    played = frame[frame["status"] == "finished"]
    assert set(played.loc[played["stage"] == "qualifier", "agent_a"]) == {"bot:linear", "bot:conceder", "bot:hardliner"}
    later = played[played["stage"] != "qualifier"]
    assert "bot:hardliner" not in set(later["agent_a"]) | set(later["agent_b"])
    assert len(later) == 2 * 4 + 1 * 4  # self-play of two agents, cross-play of their one pair


def test_backoff_grows_with_jitter_and_honours_retry_after() -> None:
    import random

    from tenacity import RetryCallState

    from lamen.runner.resilient import _Backoff

    backoff = _Backoff(base=1.0, cap=60.0, rng=random.Random(0))
    waits = []
    for attempt, retry_after in ((1, None), (2, None), (3, None), (3, 30.0)):
        state = RetryCallState(retry_object=None, fn=None, args=(), kwargs={})  # type: ignore[arg-type]
        state.attempt_number = attempt
        state.set_exception((AgentError, AgentError("x", retryable=True, retry_after=retry_after), None))
        waits.append(backoff(state))
    assert 1.0 <= waits[0] <= 2.0 and 2.0 <= waits[1] <= 4.0 and 4.0 <= waits[2] <= 8.0
    assert waits[3] == 30.0  # never sooner than the server asked
