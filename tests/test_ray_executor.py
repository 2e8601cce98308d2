"""The Ray executor (`lamen run --executor ray`): on a local cluster of two workers a tournament
stores exactly what the local runner stores; a worker killed mid-match loses and duplicates
nothing; per-provider limits hold across workers; and the command refuses in one line when Ray is
missing or its cluster does not answer."""

from __future__ import annotations

import asyncio
import builtins
import functools
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from lamen.runner import Runner
from lamen.runner.ray_executor import Executor, RayRunner, connect, probe, ray_session
from lamen.spec.library import Library
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.conftest import REPO, TINY_SPEC
from tests.fake_servers import FakeProviders
from tests.ray_agents import make_dying_in, make_logged
from tests.store_snapshot import match_results


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    """A local Ray cluster of two workers for the module (about 4 s to start here)."""
    pytest.importorskip("ray")
    with ray_session(num_cpus=2):
        yield


def _run_on_ray(tournament: Tournament, database: Path, **options: object) -> RayRunner:
    store = Store(database)
    try:
        runner = RayRunner(tournament, store, Library.default(), **options)  # type: ignore[arg-type]
        asyncio.run(runner.run())
    finally:
        store.close()
    return runner


def _attempts(database: Path) -> dict[str, int]:
    with sqlite3.connect(database) as db:
        return dict(db.execute("SELECT id, attempts FROM matches"))


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_a_killed_worker_loses_and_duplicates_nothing(cluster: None, tiny_db: Path, tmp_path: Path) -> None:
    """Side A of one match kills its worker process (SIGKILL) at its fifth request; Ray restarts
    the worker, the match is played again, and the database ends as the local runner's: every
    match finished, each stored once."""
    with sqlite3.connect(tiny_db) as db:
        doomed_id, doomed_seed = db.execute(
            "SELECT id, seed FROM matches ORDER BY position LIMIT 1 OFFSET 5").fetchone()
    marker = tmp_path / "died"
    database = tmp_path / "ray.db"
    runner = _run_on_ray(Tournament.model_validate(TINY_SPEC), database,
                         make=functools.partial(make_dying_in, marker, doomed_seed, 5))
    assert marker.exists()  # the worker really died
    # The doomed match was lost, and with it the one queued behind it on that worker, if any.
    lost = [m for m in runner.state.messages if "worker lost" in m]
    assert runner.lost_attempts == len(lost) in (1, 2)
    assert any(m.startswith(f"match {doomed_id}: worker lost") and m.endswith("playing it again") for m in lost)
    assert (runner.state.done, runner.state.errors) == (12, 0)
    assert match_results(database) == match_results(tiny_db)
    assert _attempts(database) == {match_id: 1 for match_id in _attempts(tiny_db)}


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_provider_limits_hold_across_workers(cluster: None, tmp_path: Path) -> None:
    """Two workers, one request at a time for the provider: calls come from both worker processes
    and never overlap; the replies the workers cached are in the database, written by the driver."""
    spec = {"name": "limited", "agents": ["openai:fake-a", "openai:fake-b"], "games": ["rental-1-distributive"],
            "cross_play": True, "self_play": False, "limits": {"per_provider": {"openai": 1}, "concurrency": 4}}
    log = tmp_path / "calls"
    log.mkdir()
    tournament = Tournament.model_validate(spec)
    database = tmp_path / "limited.db"
    runner = _run_on_ray(tournament, database, make=functools.partial(make_logged, log, 0.005))
    calls = sorted(tuple(map(float, line.split())) for path in log.iterdir() for line in path.read_text().splitlines())
    assert len(list(log.iterdir())) >= 2  # calls from more than one worker process
    assert all(end <= next_start for (_, end), (next_start, _) in zip(calls, calls[1:]))
    assert runner.provider_peaks == {"openai": 1}
    with sqlite3.connect(database) as db:
        stored_calls, cached = db.execute("SELECT (SELECT COUNT(*) FROM calls), "
                                          "(SELECT COUNT(*) FROM response_cache)").fetchone()
    assert (runner.state.done, runner.state.errors) == (4, 0)
    assert len(calls) == cached == stored_calls == 160  # 4 matches × 10 rounds × 2 sides × note and message


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_matches_waiting_for_a_model_share_a_worker(cluster: None, tmp_path: Path) -> None:
    """Model matches mostly wait: at concurrency 4 on two workers, each worker plays two at once,
    so more requests are in flight together than there are workers (scripted: one per worker)."""
    spec = {"name": "waiting", "agents": ["openai:fake-a", "openai:fake-b"], "games": ["rental-1-distributive"],
            "cross_play": True, "self_play": False, "limits": {"concurrency": 4}}
    log = tmp_path / "calls"
    log.mkdir()
    runner = _run_on_ray(Tournament.model_validate(spec), tmp_path / "waiting.db",
                         make=functools.partial(make_logged, log, 0.05))
    calls = [tuple(map(float, line.split())) for path in log.iterdir() for line in path.read_text().splitlines()]
    most = max(sum(1 for start, end in calls if start <= moment < end) for moment, _ in calls)
    assert (runner.state.done, runner.peak_in_flight) == (4, 4)
    # One match per worker would never have more than two requests out at once; a loaded machine
    # may start the four a little apart, so at least three (four, usually) overlap.
    assert most >= 3
    assert len(list(log.iterdir())) == 2  # two worker processes played them


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_a_resumed_run_reads_the_replies_cached_by_the_last(cluster: None, tmp_path: Path) -> None:
    """A run whose matches were all lost after their calls were paid (status set back to pending,
    as a crash would leave them): played again, every request is answered from the response
    cache the driver wrote — the workers read it through the cache actor — and no model is asked."""
    spec = {"name": "cached", "agents": ["openai:fake-a", "openai:fake-b"], "games": ["rental-1-distributive"],
            "cross_play": True, "self_play": False}
    tournament = Tournament.model_validate(spec)
    database = tmp_path / "cached.db"
    first, again = tmp_path / "first", tmp_path / "again"
    first.mkdir(), again.mkdir()
    _run_on_ray(tournament, database, make=functools.partial(make_logged, first, 0.0))
    played = match_results(database)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE matches SET status='pending', attempts=0")
        for table in ("outcomes", "turns", "calls"):
            db.execute(f"DELETE FROM {table}")
    runner = _run_on_ray(tournament, database, make=functools.partial(make_logged, again, 0.0))
    assert sum(1 for path in first.iterdir() for _ in path.read_text().splitlines()) == 160
    assert list(again.iterdir()) == []  # not one call reached the model
    assert (runner.state.done, runner.state.errors) == (4, 0)
    assert match_results(database) == played
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*), SUM(from_cache) FROM calls").fetchone() == (160, 160)


def _run_locally(tournament: Tournament, database: Path, **options: object) -> Runner:
    store = Store(database)
    try:
        runner = Runner(tournament, store, Library.default(), **options)  # type: ignore[arg-type]
        asyncio.run(runner.run())
    finally:
        store.close()
    return runner


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_the_budget_stops_new_matches_as_in_the_local_runner(cluster: None, tmp_path: Path) -> None:
    """$0.01 a call, 40 calls a match, a budget of $0.50: after the first match the projected
    spend of a second passes the budget, on the cluster as in one process."""
    spec = {"name": "budget", "agents": ["openai:fake"], "games": ["rental-1-distributive", "rental-2-mixture"],
            "budget_usd": 0.5, "limits": {"concurrency": 1}}
    make = functools.partial(make_logged, tmp_path, 0.0, cost=0.01)
    on_ray = _run_on_ray(Tournament.model_validate(spec), tmp_path / "ray.db", make=make)
    local = _run_locally(Tournament.model_validate(spec), tmp_path / "local.db", make=make)
    assert (on_ray.state.done, on_ray.state.skipped_budget) == (local.state.done, local.state.skipped_budget) == (1, 7)
    assert on_ray.state.spend_usd == pytest.approx(0.40) == local.state.spend_usd
    assert match_results(tmp_path / "ray.db") == match_results(tmp_path / "local.db")


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_a_fatal_error_stops_the_agent_cluster_wide(cluster: None, tmp_path: Path) -> None:
    """A revoked key on a worker stops that agent: the driver records it, and later matches are
    not sent to play with it — the database ends as the local runner's."""
    spec = {"name": "fatal", "agents": ["openai:revoked", "bot:linear"], "games": ["rental-1-distributive"],
            "limits": {"concurrency": 1}}
    make = functools.partial(make_logged, tmp_path, 0.0, fatal_for="openai:revoked")
    on_ray = _run_on_ray(Tournament.model_validate(spec), tmp_path / "ray.db", make=make)
    local = _run_locally(Tournament.model_validate(spec), tmp_path / "local.db", make=make)
    assert on_ray.state.disabled == local.state.disabled == {
        "openai:revoked": "side A (openai:revoked): openai:revoked: authentication failed (HTTP 401)"}

    def stored(database: Path) -> tuple[dict, list]:
        with sqlite3.connect(database) as db:
            errors = dict(db.execute("SELECT id, error FROM matches"))
            stopped = db.execute("SELECT agent_id, disabled_reason FROM agents ORDER BY agent_id").fetchall()
        return errors, stopped

    assert stored(tmp_path / "ray.db") == stored(tmp_path / "local.db")
    assert stored(tmp_path / "ray.db")[1] == [("bot:linear", None),
                                              ("openai:revoked", on_ray.state.disabled["openai:revoked"])]
    assert match_results(tmp_path / "ray.db") == match_results(tmp_path / "local.db")


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_lamen_run_on_ray_through_the_real_sdk(cluster: None, tmp_path: Path, report_data_only: list[Path],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`lamen run --executor ray`: the workers call a model server through the openai SDK, and the
    database holds what `lamen run` without it stores — same matches, outcomes, turns and calls."""
    from lamen.cli import main

    databases = []
    with FakeProviders() as fake:
        for executor in ("local", "ray"):
            spec = tmp_path / f"{executor}.yaml"
            database = tmp_path / f"{executor}.db"
            spec.write_text(yaml.safe_dump({"name": "served", "agents": [fake.spec("openai:house-model"), "bot:linear"],
                                            "games": ["rental-1-distributive"], "self_play": False,
                                            "database": str(database)}), encoding="utf-8")
            assert main(["run", str(spec), "--quiet", "--executor", executor]) == 0
            assert capsys.readouterr().out.splitlines()[-3].startswith("served: 4/4 matches, ")
            databases.append(database)
        sent = len(fake.received)
    local, on_ray = databases
    assert match_results(on_ray) == match_results(local)

    def calls(database: Path) -> list[tuple]:
        with sqlite3.connect(database) as db:
            return db.execute("SELECT m.id, c.turn_idx, c.call_idx, c.purpose, c.agent, c.input_tokens, "
                              "c.output_tokens "
                              "FROM calls c JOIN matches m ON m.id = c.match_id ORDER BY 1, 2, 3").fetchall()

    assert calls(on_ray) == calls(local)
    assert sent == 2 * sum(1 for row in calls(local) if row[4] == "openai:house-model")


@pytest.mark.slow
def test_quickstart_on_ray_stores_what_the_local_runner_stores(cluster: None, quickstart_db: Path,
                                                               tmp_path: Path) -> None:
    """The quickstart (504 matches of scripted negotiators) on two Ray workers: the same match ids,
    outcomes and turns as the local runner, each match stored once."""
    from lamen.spec.load import load_tournament

    database = tmp_path / "quickstart.db"
    runner = _run_on_ray(load_tournament(REPO / "tournaments" / "quickstart.yaml"), database)
    assert (runner.state.done, runner.state.errors, runner.lost_attempts) == (504, 0, 0)
    assert match_results(database) == match_results(quickstart_db)
    assert set(_attempts(database).values()) == {1}


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_seats_the_cluster_cannot_hold_are_refused_in_one_line(cluster: None, tmp_path: Path) -> None:
    """A human plays at this terminal, and an endpoint pool balances within one process: both are
    refused before anything is played or written."""
    for agents, message, hint in (
            (["human", "bot:linear"], "--executor ray: human plays at this terminal, not on a worker",
             "run without --executor ray"),
            ([{"agent": "openai:served", "base_url": ["http://127.0.0.1:9/v1", "http://127.0.0.1:10/v1"]}, "bot:linear"],
             "--executor ray: openai:served is served by a pool of endpoints, which the Ray executor does not "
             "balance yet", "run it without --executor ray, or give it one base_url")):
        tournament = Tournament.model_validate({"name": "t", "agents": agents, "games": ["rental-1-distributive"]})
        with pytest.raises(SpecError) as refused:
            _run_on_ray(tournament, tmp_path / "t.db")
        assert [(p.message, p.hint) for p in refused.value.problems] == [(message, hint)]
        assert match_results(tmp_path / "t.db") == {}


def test_executor_option_is_local_ray_or_ray_at_an_address() -> None:
    assert Executor.parse("local") == Executor("local", None)
    assert Executor.parse("ray") == Executor("ray", None)
    assert Executor.parse("ray=10.0.0.5:6379") == Executor("ray", "10.0.0.5:6379")
    for bad in ("dask", "ray=", "local=x"):
        with pytest.raises(ValueError, match="give local, ray or ray=ADDRESS"):
            Executor.parse(bad)


@pytest.mark.slow  # plays on a local Ray cluster (started once per module); runs with LAMEN_SLOW=1
def test_an_unreachable_cluster_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    spec = tmp_path / "tiny.yaml"
    spec.write_text("name: tiny\nagents: [bot:linear, bot:conceder]\ngames: [rental-1-distributive]\n")
    database = tmp_path / "t.db"
    done = subprocess.run([sys.executable, "-m", "lamen", "run", str(spec), "--db", str(database),
                           "--executor", "ray=127.0.0.1:9"], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "error: --executor ray=127.0.0.1:9: no Ray cluster answers there ([Errno 111] Connection refused) "
        "(start one with `ray start --head` and give its address, or use --executor ray for a local cluster)"]
    assert not database.exists()


def test_an_address_where_something_else_answers_is_refused_at_once() -> None:
    """An HTTP server is not a Ray head: refused on its answer, not after Ray's minutes of retries."""
    pytest.importorskip("ray")
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{server.server_address[1]}"
    try:
        with pytest.raises(SpecError) as refused:
            probe(address)  # what `connect` asks first (this module's cluster may be connected already)
    finally:
        server.shutdown()
        server.server_close()
    assert [(p.message, p.hint) for p in refused.value.problems] == [
        (f"--executor ray={address}: what answers there is not a Ray cluster",
         "give the address `ray start --head` printed (HOST:6379 by default)")]


def test_without_ray_installed_the_executor_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_ray(name: str, *args: object, **kwargs: object) -> object:
        if name == "ray" or name.startswith("ray."):
            raise ModuleNotFoundError("No module named 'ray'", name="ray")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(SpecError) as refused:
        connect()
    assert [(p.message, p.hint) for p in refused.value.problems] == [
        ("--executor ray: Ray is not installed", "pip install 'lamen[ray]', or run without --executor")]
