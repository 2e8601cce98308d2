"""Endpoint pools (issue 20 point 3): an agent served by several replicas sends each request to
the one with the fewest in flight, sets a failing one aside for a cool-down and tries it again
after, one request at a time; a tournament over real HTTP replicas, one of them down or failing,
finishes every match and stores exact per-endpoint counts."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from lamen.agents.pool import EndpointCount, EndpointPool, pool_cooldown, shown
from lamen.agents.prices import is_paid
from lamen.agents.registry import make_agent
from lamen.chat import AgentError, ChatMessage, ChatReply, ChatRequest
from lamen.runner import Runner
from lamen.spec.agent import AgentSpec
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.store.endpoints import endpoint_counts
from tests.fake_servers import FakeProviders

REQUEST = ChatRequest(system="s", messages=(ChatMessage(role="user", content="hello"),))
SPEC = AgentSpec.model_validate({"agent": "openai:replica", "base_url": ["http://a/v1", "http://b/v1", "http://c/v1"]})


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Replica:
    """An in-process endpoint: answers when released, or fails as told."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.release = asyncio.Event()
        self.release.set()
        self.failure: AgentError | None = None
        self.asked = 0

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.asked += 1
        await self.release.wait()
        if self.failure is not None:
            raise self.failure
        return ChatReply(text=f"from {self.name}")


def pool(*names: str, cooldown_s: float = 10.0) -> tuple[EndpointPool, list[Replica], Clock]:
    replicas = [Replica(name) for name in names]
    clock = Clock()
    made = EndpointPool(SPEC, [(f"http://{r.name}/v1", r) for r in replicas], cooldown_s=cooldown_s, clock=clock)
    return made, replicas, clock


def table(made: EndpointPool) -> list[tuple[str, int, int, int, int]]:
    return [(c.endpoint, c.requests, c.answered, c.failed, c.set_aside) for c in made.counts()]


# ---- the spec --------------------------------------------------------------------------------

def test_base_url_lists_a_pool() -> None:
    assert SPEC.endpoints == ("http://a/v1", "http://b/v1", "http://c/v1")
    assert SPEC.at("http://b/v1").base_url == "http://b/v1"
    assert SPEC.model_dump(mode="json")["base_url"] == ["http://a/v1", "http://b/v1", "http://c/v1"]
    one = AgentSpec.model_validate({"agent": "openai:m", "base_url": ["http://a/v1"]})
    assert one.base_url == "http://a/v1" and one.endpoints == ("http://a/v1",)
    assert AgentSpec.model_validate("openai:m").endpoints == ()


@pytest.mark.parametrize(("base_url", "message"), [
    ([], "an empty list names no server: give one URL or several"),
    (["http://a/v1", "http://a/v1"], "endpoint 'http://a/v1' is listed twice"),
    (["http://a/v1", 3], "every endpoint of a pool must be a URL string"),
])
def test_a_bad_pool_is_one_line(base_url: list[Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        AgentSpec.model_validate({"agent": "openai:m", "base_url": base_url})


def test_only_model_servers_have_pools() -> None:
    with pytest.raises(ValidationError, match="base_url: a pool of endpoints is for model servers, not provider 'bot'"):
        AgentSpec.model_validate({"agent": "bot:boulware", "base_url": ["http://a", "http://b"]})


def test_cooldown_param_and_pricing() -> None:
    assert pool_cooldown(SPEC) == 10.0
    assert pool_cooldown(SPEC.model_copy(update={"params": {"endpoint_cooldown_s": 2}})) == 2.0
    with pytest.raises(AgentError, match=r"^openai:replica: params.endpoint_cooldown_s must be a positive number "
                                         r"of seconds, got 0$"):
        pool_cooldown(SPEC.model_copy(update={"params": {"endpoint_cooldown_s": 0}}))
    local = AgentSpec.model_validate({"agent": "openai:m",
                                      "base_url": ["http://127.0.0.1:1/v1", "http://localhost:2/v1"]})
    assert not is_paid(local)
    assert is_paid(local.model_copy(update={"base_url": ("http://127.0.0.1:1/v1", "https://gateway.example/v1")}))


def test_a_password_in_an_endpoint_is_never_shown() -> None:
    assert shown("http://user:sk-secret@10.0.0.5:8000/v1") == "http://10.0.0.5:8000/v1"
    assert shown("http://10.0.0.5:8000/v1") == "http://10.0.0.5:8000/v1"


def test_make_agent_builds_a_pool_with_one_client_per_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    made = make_agent(SPEC, game=None, side=0)
    assert isinstance(made, EndpointPool) and made.name == "openai:replica"
    assert [str(e.agent._clients.first.base_url) for e in made.endpoints] == [  # type: ignore[attr-defined]
        "http://a/v1/", "http://b/v1/", "http://c/v1/"]


# ---- choosing, setting aside, trying again -----------------------------------------------------

def test_requests_go_to_the_fewest_in_flight() -> None:
    made, replicas, _ = pool("a", "b", "c")

    async def scenario() -> list[int]:
        replicas[0].release.clear()  # a is slow: its requests stay in flight
        first = [asyncio.create_task(made.complete(REQUEST)) for _ in range(3)]
        await asyncio.sleep(0)
        replicas[1].release.clear()
        replicas[2].release.clear()
        more = [asyncio.create_task(made.complete(REQUEST)) for _ in range(6)]
        await asyncio.sleep(0)
        in_flight = [e.in_flight for e in made.endpoints]
        for replica in replicas:
            replica.release.set()
        await asyncio.gather(*first, *more)
        return in_flight

    # a holds its first request while b and c answer theirs at once; the six more, all held, go
    # where fewest are in flight (asked least among equals): b, c, a, b, c, a.
    assert asyncio.run(scenario()) == [3, 2, 2]
    assert table(made) == [("http://a/v1", 3, 3, 0, 0), ("http://b/v1", 3, 3, 0, 0), ("http://c/v1", 3, 3, 0, 0)]


def test_a_quiet_pool_takes_turns() -> None:
    made, replicas, _ = pool("a", "b", "c")

    async def five() -> list[str]:
        return [(await made.complete(REQUEST)).text for _ in range(5)]

    assert asyncio.run(five()) == ["from a", "from b", "from c", "from a", "from b"]


def test_a_failing_endpoint_is_set_aside_and_the_request_answered_elsewhere() -> None:
    made, replicas, clock = pool("a", "b", "c")
    replicas[0].failure = AgentError("openai:replica: connection failed (ConnectError)", retryable=True)
    told: list[str] = []
    made.on_set_aside = told.append

    async def four() -> list[str]:
        return [(await made.complete(REQUEST)).text for _ in range(4)]

    assert asyncio.run(four()) == ["from b", "from c", "from b", "from c"]
    assert table(made) == [("http://a/v1", 1, 0, 1, 1), ("http://b/v1", 2, 2, 0, 0), ("http://c/v1", 2, 2, 0, 0)]
    assert told == ["openai:replica: endpoint http://a/v1 set aside for 10 s after openai:replica: connection failed "
                    "(ConnectError)"]
    assert made.endpoints[0].back_at == clock.now + 10.0


def test_after_the_cooldown_one_request_at_a_time_tries_it_again() -> None:
    made, replicas, clock = pool("a", "b")
    replicas[0].failure = AgentError("x: server error (HTTP 503)", retryable=True)

    async def scenario() -> None:
        assert (await made.complete(REQUEST)).text == "from b"  # a fails, b answers
        clock.now += 9.9
        assert (await made.complete(REQUEST)).text == "from b"  # a still set aside
        assert replicas[0].asked == 1
        clock.now += 0.1
        # a is back on probation, and still failing: set aside again, for twice as long
        assert (await made.complete(REQUEST)).text == "from b"
        assert replicas[0].asked == 2 and made.endpoints[0].back_at == clock.now + 20.0
        clock.now += 20.0
        replicas[0].failure = None
        replicas[0].release.clear()
        probe = asyncio.create_task(made.complete(REQUEST))
        await asyncio.sleep(0)
        # while the probe is out, a gets nothing more, though it has no more in flight than b
        others = [asyncio.create_task(made.complete(REQUEST)) for _ in range(2)]
        await asyncio.sleep(0)
        assert [e.in_flight for e in made.endpoints] == [1, 0]
        replicas[0].release.set()
        assert (await probe).text == "from a"
        assert [(await task).text for task in others] == ["from b", "from b"]
        # answered: a is trusted again; asked least so far (3 to 5), it takes quiet requests until level
        assert [(await made.complete(REQUEST)).text for _ in range(4)] == ["from a", "from a", "from a", "from b"]

    asyncio.run(scenario())
    assert table(made) == [("http://a/v1", 6, 4, 2, 2), ("http://b/v1", 6, 6, 0, 0)]


def test_retry_after_lengthens_the_cooldown() -> None:
    made, replicas, clock = pool("a", "b")
    replicas[0].failure = AgentError("x: rate limited (HTTP 429)", retryable=True, retry_after=42.0)
    asyncio.run(made.complete(REQUEST))
    assert made.endpoints[0].back_at == clock.now + 42.0


def test_a_bad_request_is_raised_and_the_endpoint_kept() -> None:
    made, replicas, _ = pool("a", "b")
    replicas[0].failure = AgentError("x: bad request (HTTP 400)", retryable=False, status=400)
    with pytest.raises(AgentError, match=r"^x: bad request \(HTTP 400\)$"):
        asyncio.run(made.complete(REQUEST))
    assert table(made) == [("http://a/v1", 1, 0, 1, 0), ("http://b/v1", 0, 0, 0, 0)]
    assert made.endpoints[0].back_at == 0.0


def test_with_every_endpoint_set_aside_the_failure_says_when_to_come_back() -> None:
    made, replicas, clock = pool("a", "b")
    replicas[0].failure = AgentError("x: connection failed (ConnectError)", retryable=True)
    replicas[1].failure = AgentError("x: server error (HTTP 502)", retryable=True, retry_after=30.0)
    with pytest.raises(AgentError) as caught:
        asyncio.run(made.complete(REQUEST))
    assert str(caught.value) == "openai:replica: all 2 endpoints are set aside (last: x: server error (HTTP 502))"
    assert caught.value.retryable and caught.value.retry_after == 10.0
    clock.now += 5.0
    with pytest.raises(AgentError) as again:
        asyncio.run(made.complete(REQUEST))
    assert str(again.value) == "openai:replica: all 2 endpoints are set aside"
    assert again.value.retry_after == 5.0
    assert table(made) == [("http://a/v1", 1, 0, 1, 1), ("http://b/v1", 1, 0, 1, 1)]


def test_a_request_the_runner_gives_up_on_sets_its_endpoint_aside() -> None:
    made, replicas, _ = pool("a", "b")
    replicas[0].release.clear()  # a hangs

    async def scenario() -> None:
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(made.complete(REQUEST), timeout=0.01)
        assert (await made.complete(REQUEST)).text == "from b"

    asyncio.run(scenario())
    assert table(made) == [("http://a/v1", 1, 0, 1, 1), ("http://b/v1", 1, 1, 0, 0)]


# ---- a tournament over real HTTP replicas -------------------------------------------------------

class Unavailable:
    """A replica that answers every request with HTTP 503, on its own port."""

    def __init__(self) -> None:
        self.requests = 0

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(handler) -> None:
                handler.rfile.read(int(handler.headers.get("content-length") or 0))
                self.requests += 1
                data = json.dumps({"error": {"message": "replica is loading the model"}}).encode()
                handler.send_response(503)
                handler.send_header("content-type", "application/json")
                handler.send_header("content-length", str(len(data)))
                handler.end_headers()
                handler.wfile.write(data)

            def log_message(handler, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Unavailable":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/openai/v1"


def closed_port_url() -> str:
    """A replica that is down: nothing listens on its port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/openai/v1"


def tournament(endpoints: list[str], concurrency: int) -> Tournament:
    return Tournament.model_validate({
        "name": "pool", "seed": 3, "self_play": False, "games": ["rental-1-distributive"],
        "agents": [{"agent": "openai:gpt-4o-mini", "base_url": endpoints}, "bot:boulware"],
        "limits": {"concurrency": concurrency, "max_retries": 2}})


def play(spec: Tournament, database: Path) -> Runner:
    store = Store(database)
    runner = Runner(spec, store, Library.default(), backoff_base=0.001)
    asyncio.run(runner.run())
    store.close()
    return runner


@pytest.fixture
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(variable, raising=False)  # the SDK must talk to 127.0.0.1 directly


def paid_calls(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM calls WHERE from_cache=0 AND agent='openai:gpt-4o-mini'").fetchone()[0]


def test_one_request_at_a_time_a_down_replica_costs_one_try(no_proxy: None, tmp_path: Path) -> None:
    with FakeProviders() as first, FakeProviders() as third:
        down = closed_port_url()
        urls = [first.base_url("openai"), down, third.base_url("openai")]
        runner = play(tournament(urls, concurrency=1), tmp_path / "pool.db")
        store = Store.open_read_only(tmp_path / "pool.db")
        stored = endpoint_counts(store, "pool")
        store.close()
    calls = paid_calls(tmp_path / "pool.db")
    assert runner.state.done == runner.state.total == 4 and runner.state.errors == 0
    # The first call goes to the first replica, the second to the down one, which fails at once
    # and is set aside (for longer than the run) while the third answers; then the two take turns.
    assert [(s.count.endpoint, s.count.requests, s.count.answered, s.count.failed, s.count.set_aside)
            for s in stored] == [(urls[0], (calls + 1) // 2, (calls + 1) // 2, 0, 0), (down, 1, 0, 1, 1),
                                 (urls[2], calls // 2, calls // 2, 0, 0)]
    assert len(first.received) == (calls + 1) // 2 and len(third.received) == calls // 2
    assert {s.run_started for s in stored} == {runner.started_at}
    assert [m for m in runner.state.messages if "set aside" in m] == [
        f"openai:gpt-4o-mini: endpoint {down} set aside for 10 s after openai:gpt-4o-mini: connection failed "
        "(ConnectError)"]


def test_many_in_flight_a_failing_replica_loses_no_match(no_proxy: None, tmp_path: Path) -> None:
    with FakeProviders() as first, FakeProviders() as second, Unavailable() as failing:
        urls = [first.base_url("openai"), failing.base_url, second.base_url("openai")]
        spec = tournament(urls, concurrency=8).model_copy(update={"repetitions": 3})
        runner = play(spec, tmp_path / "pool.db")
        store = Store.open_read_only(tmp_path / "pool.db")
        stored = {s.count.endpoint: s for s in endpoint_counts(store, "pool")}
        store.close()
    calls = paid_calls(tmp_path / "pool.db")
    assert runner.state.done == runner.state.total == 12 and runner.state.errors == 0
    bad = stored[failing.base_url].count
    # Requests sent to the failing replica before its first 503 came back all fail; none after.
    assert bad.requests == bad.failed == bad.set_aside == failing.requests >= 1 and bad.answered == 0
    good = [stored[urls[0]].count, stored[urls[2]].count]
    assert [c.answered for c in good] == [len(first.received), len(second.received)]
    assert sum(c.answered for c in good) == calls and all(c.failed == 0 and c.answered > 0 for c in good)
    assert all(s.wall_s > 0 and s.answered_per_s == s.count.answered / s.wall_s for s in stored.values())


def test_counts_of_a_run_without_pools_are_none(tmp_path: Path) -> None:
    spec = Tournament.model_validate({"name": "bots", "agents": ["bot:linear", "bot:boulware"],
                                      "games": ["rental-1-distributive"], "self_play": False})
    play(spec, tmp_path / "bots.db")
    with sqlite3.connect(tmp_path / "bots.db") as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "endpoint_counts" not in tables
    store = Store.open_read_only(tmp_path / "bots.db")
    assert endpoint_counts(store, "bots") == []
    store.close()


def test_endpoint_count_is_what_the_store_keeps() -> None:
    made, _, _ = pool("a", "b")
    asyncio.run(made.complete(REQUEST))
    assert made.counts()[0] == EndpointCount("openai:replica", "http://a/v1", 1, 1, 0, 0, 0.0)


def test_lamen_run_prints_what_each_endpoint_did(no_proxy: None, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from lamen.cli import main

    with FakeProviders() as first, FakeProviders() as second:
        down = closed_port_url()
        urls = [first.base_url("openai"), second.base_url("openai"), down]
        spec = tmp_path / "pool.yaml"
        spec.write_text(json.dumps({"name": "pool", "seed": 3, "self_play": False, "games": ["rental-1-distributive"],
                                    "agents": [{"agent": "openai:gpt-4o-mini", "base_url": urls}, "bot:boulware"],
                                    "limits": {"concurrency": 1}}))
        code = main(["run", str(spec), "--db", str(tmp_path / "pool.db"), "--quiet", "--yes"])
    out = capsys.readouterr().out
    assert code == 0, out
    calls = paid_calls(tmp_path / "pool.db")
    # One at a time: first, second, then the down one fails over to first; then turns.
    lines = [line for line in out.splitlines() if line.startswith("openai:gpt-4o-mini")]
    assert lines[-4:-1] == [
        f"openai:gpt-4o-mini at {urls[0]}: {(calls + 1) // 2} requests, {(calls + 1) // 2} answered, 0 failed",
        f"openai:gpt-4o-mini at {urls[1]}: {calls // 2} requests, {calls // 2} answered, 0 failed",
        f"openai:gpt-4o-mini at {down}: 1 requests, 0 answered, 1 failed, set aside 1×"]
    assert lines[-1].startswith(f"openai:gpt-4o-mini: {calls} answers from 3 endpoints in ")
