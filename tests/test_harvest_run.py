"""`lamen harvest`: trees stored per collapse, resumed identically from the response cache after a
SIGKILL, the budget held, the dry run's estimate, and bad specs in one line."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.harvest.estimate import estimate_harvest
from lamen.harvest.run import run_harvest
from lamen.harvest.spec import HarvestSpec
from lamen.store.harvest import node_rows, tree_rows
from lamen.store import Store
from tests.harvest_agents import fake_make
from tests.harvest_family import registered

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True, scope="module")
def errands_family() -> Iterator[None]:
    with registered():
        yield


def spec(**changes: object) -> HarvestSpec:
    return HarvestSpec.model_validate({"name": "errands-test", "family": "errands",
                                       "instances": {"config": {"codes": 2}, "count": 4},
                                       "agent": "openai:fake-clerk", "simulator": "player:customer",
                                       "turn_limit": 6, **changes})


def snapshot(path: Path) -> dict[str, list[tuple]]:
    db = sqlite3.connect(path)
    try:
        return {"trees": db.execute("SELECT id, status, end_reason, complete, reached_json, agent_turns FROM "
                                    "harvest_trees ORDER BY id").fetchall(),
                "nodes": db.execute("SELECT tree_id, node_id, parent_id, depth, role, successful, golden, state_json, "
                                    "events_json, calls_json FROM harvest_nodes ORDER BY tree_id, node_id").fetchall()}
    finally:
        db.close()


def test_trees_are_stored_with_their_flags_and_a_second_run_skips_them(tmp_path: Path) -> None:
    store = Store(tmp_path / "h.db")
    progress = run_harvest(spec(), store, fake_make())
    assert (progress.trees, progress.finished, progress.errored, progress.skipped) == (4, 4, 0, 0)
    rows = tree_rows(store, "errands-test")
    assert len(rows) == 4 and all(r.status == "finished" for r in rows)
    for row in rows:
        nodes = list(node_rows(store, row.id))
        golden = [n for n in nodes if n.golden]
        assert [n.depth for n in golden] == list(range(len(golden)))  # one path from the root
        assert all(n.successful for n in golden)
        assert row.complete == (len(row.reached) == 2)
        # every golden agent move that earned a reward names a goal reached, in order
        earned = [e["payload"]["key"] for n in golden if n.role == "clerk" for e in n.events if e["kind"] == "reward"]
        assert tuple(earned) == row.reached
    assert progress.calls > 0 and progress.spend_usd == pytest.approx(progress.calls * 0.001)
    again = run_harvest(spec(), store, fake_make(refuse_uncached=True))
    assert (again.skipped, again.calls) == (4, 0)
    store.close()


SCRIPT = """
import sys
from pathlib import Path
sys.path.insert(0, {repo!r})
from tests.harvest_family import register
from tests.harvest_agents import fake_make
from tests.test_harvest_run import spec
from lamen.harvest.run import run_harvest
from lamen.store import Store
register()
store = Store(Path(sys.argv[1]))
print("started", flush=True)
run_harvest(spec(limits={{"concurrency": 2}}), store, fake_make(seeded=False, delay=0.004))
store.close()
print("done", flush=True)
"""


def unpaid(calls_json: str) -> list[dict]:
    calls = json.loads(calls_json)
    for call in calls:
        call["reply"].update(from_cache=None, cost_usd=None, latency_s=None)
    return calls


def _wait_for_nodes(path: Path, proc: subprocess.Popen[str], more_than: int, timeout: float = 60.0) -> None:
    """Until the harvest database holds more than `more_than` stored nodes, or the process has ended."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            if path.exists() and len(snapshot(path)["nodes"]) > more_than:
                return
        except sqlite3.OperationalError:
            pass  # the writer holds the database for a moment, or has not made the table yet
        time.sleep(0.02)


def test_a_killed_harvest_resumes_to_the_identical_tree(tmp_path: Path) -> None:
    """The fake model draws from the operating system: a regrown tree can only match its first
    growth because every reply it had comes back from the response cache."""
    path = tmp_path / "h.db"
    script = SCRIPT.format(repo=str(REPO))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    rng = random.Random(7)
    partial: list[dict[str, list[tuple]]] = []
    kills = 0
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
        # Kill a random moment after this run has stored something new (a collapse), whatever
        # the machine's load: a fixed delay lands before the first collapse on a busy machine and
        # after the last one on an idle one.
        _wait_for_nodes(path, proc, more_than=len(partial[-1]["nodes"]) if partial else 0)
        time.sleep(rng.uniform(0.0, 0.03))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=60)
        partial.append(snapshot(path))
    finished = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env,
                              timeout=300, check=False)
    assert finished.returncode == 0, finished.stderr
    assert kills >= 1
    final = snapshot(path)
    assert len(final["trees"]) == 4 and all(t[1] == "finished" for t in final["trees"])
    # Every node a killed run had stored (at a collapse) is in the final tree, unchanged.
    rows = {row[:2]: row for row in final["nodes"]}
    stored_before = [row for snap in partial for row in snap["nodes"]]
    assert stored_before, "no run was killed after its first collapse"
    assert all(rows[row[:2]] == row for row in stored_before)
    # Growing every tree again on a copy, with a model that fails on any call the cache does not
    # answer, gives the identical trees.
    copy = tmp_path / "again.db"
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    db.execute("DELETE FROM harvest_nodes")
    db.execute("DELETE FROM harvest_trees")
    db.commit()
    db.close()
    store = Store(copy)
    run_harvest(spec(limits={"concurrency": 2}), store, fake_make(refuse_uncached=True))
    store.close()
    regrown = snapshot(copy)["nodes"]
    assert [row[:9] for row in regrown] == [row[:9] for row in final["nodes"]]
    # the calls are the same requests and replies, answered by the cache this time
    assert [unpaid(row[9]) for row in regrown] == [unpaid(row[9]) for row in final["nodes"]]
    assert all(c["reply"]["from_cache"] for row in regrown for c in json.loads(row[9]) if c["role"] == "clerk")
    assert [t[:6] for t in snapshot(copy)["trees"]] == [t[:6] for t in final["trees"]]


def test_the_budget_holds(tmp_path: Path) -> None:
    store = Store(tmp_path / "h.db")
    progress = run_harvest(spec(budget_usd=0.02, instances={"config": {"codes": 3}, "count": 6}, turn_limit=10),
                           store, fake_make(cost=0.001, p=0.1), cost_per_call=0.001)
    assert progress.spend_usd <= 0.02
    assert progress.stopped >= 1
    assert {r.status for r in tree_rows(store)} <= {"finished", "stopped"}
    store.close()


def test_the_dry_run_bounds_the_calls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = estimate_harvest(spec(agent="openai:gpt-4o-mini", turn_limit=5))
    # per tree: 2 + 4 + 8 + 8 + 8 agent calls; the customer answers each and opens
    assert [(s.seat, s.calls) for s in found.seats] == [("agent", 4 * 30), ("simulator", 4 * 31)]
    assert found.seats[1].cost_usd == 0.0 and (found.seats[0].cost_usd or 0) > 0
    # The bound holds: a real harvest makes no more agent calls than estimated.
    store = Store(tmp_path / "h.db")
    progress = run_harvest(spec(turn_limit=5), store, fake_make(slip=0.0))
    assert progress.calls <= found.seats[0].calls
    store.close()
    path = tmp_path / "spec.yaml"
    path.write_text("name: errands-cli\nfamily: errands\ninstances: {config: {codes: 2}, count: 3}\n"
                    "agent: openai:gpt-4o-mini\nsimulator: player:customer\nturn_limit: 3\nbudget_usd: 1\n")
    assert main(["harvest", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "agent openai:gpt-4o-mini: at most 42 calls" in out and "3 trees: at most 87 calls" in out
    assert "(budget $1.00)" in out and not (tmp_path / "reports").exists()


def test_a_harvest_cli_run_with_scripted_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "spec.yaml"
    path.write_text("name: errands-cli\nfamily: errands\ninstances: {config: {codes: 2}, count: 3}\n"
                    "agent: player:coin-0.5\nsimulator: player:customer\nturn_limit: 6\n")
    assert main(["harvest", str(path), "--db", str(tmp_path / "h.db")]) == 0
    assert "3 trees: 3 finished (3 met every goal)" in capsys.readouterr().out


@pytest.mark.parametrize(("text", "error"), [
    ("family: nowhere", "unknown game family 'nowhere'"),
    ("family: negotiation", "game family negotiation names no goals"),
    ("agent: player:oracle", "errands has no scripted player 'oracle'"),
    ("beam: 0", "beam"),
])
def test_bad_specs_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, error: str) -> None:
    fields = {"name": "x", "family": "errands", "instances": "{count: 2}", "agent": "player:coin-0.5",
              "simulator": "player:customer"}
    key, _, value = text.partition(": ")
    fields[key] = value
    path = tmp_path / "spec.yaml"
    path.write_text("".join(f"{k}: {v}\n" for k, v in fields.items()))
    assert main(["harvest", str(path), "--dry-run"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and error in err, err


def test_the_harvest_sits_above_core_and_store() -> None:
    """Data flows one way: the core and the store never import the harvest."""
    from tests.test_import_layers import PACKAGE, chain_to, import_graph

    graph = import_graph(PACKAGE)
    for below in [m for m in graph if m.startswith(("lamen.core", "lamen.store"))]:
        assert chain_to(graph, below, "lamen.harvest") is None, below


def test_a_changed_spec_is_refused_rather_than_mixed_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "spec.yaml"
    text = ("name: errands-cli\nfamily: errands\ninstances: {config: {codes: 2}, count: 2}\n"
            "agent: player:coin-0.5\nsimulator: player:customer\nturn_limit: 6\n")
    path.write_text(text)
    assert main(["harvest", str(path), "--db", str(tmp_path / "h.db")]) == 0
    path.write_text(text.replace("turn_limit: 6", "turn_limit: 7"))
    assert main(["harvest", str(path), "--db", str(tmp_path / "h.db")]) == 1
    err = capsys.readouterr().err
    assert "harvest 'errands-cli' holds 2 tree(s) grown under another version of this spec" in err
    path.write_text(text.replace("turn_limit: 6", "agent_role: cashier"))
    assert main(["harvest", str(path), "--dry-run"]) == 1
    assert "errands has no role 'cashier' (roles: customer, clerk)" in capsys.readouterr().err


def test_provider_failures_are_retried_and_a_dead_agent_leaves_the_tree_to_resume(tmp_path: Path) -> None:
    """Retryable failures go through the runner's retries; a fatal one errors the tree (never a
    finished tree with a hole) and the next run grows it."""
    import asyncio

    from lamen.chat import AgentError
    from lamen.harvest.run import Harvester
    from tests.harvest_agents import FakeClerkModel

    class Flaky(FakeClerkModel):
        calls = 0

        async def complete(self, request):  # noqa: ANN001, ANN201
            Flaky.calls += 1
            if Flaky.calls % 3 == 1:
                raise AgentError("overloaded", retryable=True, retry_after=0.0)
            return await super().complete(request)

    store = Store(tmp_path / "h.db")
    harvester = Harvester(spec(), store, lambda s, **seat: Flaky(s), backoff_base=0.001)
    progress = asyncio.run(harvester.run())
    assert (progress.finished, progress.errored) == (4, 0) and Flaky.calls > progress.calls

    class Dead(FakeClerkModel):
        async def complete(self, request):  # noqa: ANN001, ANN201
            raise AgentError("fake-clerk: invalid API key", retryable=False)

    other = Store(tmp_path / "dead.db")
    progress = run_harvest(spec(), other, lambda s, **seat: Dead(s))
    assert progress.errored == 4 and progress.finished == 0
    assert {(r.status, r.error) for r in tree_rows(other)} == {
        ("errored", "openai:fake-clerk: fake-clerk: invalid API key")}
    progress = run_harvest(spec(), other, fake_make())
    assert (progress.finished, progress.skipped) == (4, 0)
    store.close()
    other.close()
