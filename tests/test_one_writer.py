"""One writer per database: two `lamen run`s started together against a fake provider API pay for
exactly the calls of one run and store exactly one run's outcomes; a run held by a live process
is refused at once naming its pid (or waited for with --wait); a lock left by a killed run is
taken over."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lamen.cli import main
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.store.lock import DatabaseLock, lock_path
from tests.fake_servers import FakeProviders
from tests.store_snapshot import match_results

KEYS = {"OPENAI_API_KEY": "sk-test-one-writer", "ANTHROPIC_API_KEY": "sk-ant-test-one-writer"}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    for variable, key in KEYS.items():
        monkeypatch.setenv(variable, key)
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(variable, raising=False)
    return dict(os.environ)


def write_spec(folder: Path, fake: FakeProviders, database: Path) -> Path:
    # Concurrency 1: one run's calls are then an exact number (no two identical requests in
    # flight at once, each missing the response cache).
    spec = {"name": "writers", "agents": [fake.spec("openai:gpt-4o-mini"), fake.spec("anthropic:claude-haiku-4-5")],
            "games": ["rental-1-distributive"], "limits": {"concurrency": 1, "max_retries": 0},
            "database": str(database)}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{database.stem}.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    return path


def start(spec: Path, env: dict[str, str], *flags: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "lamen", "run", str(spec), "--quiet", *flags], cwd=spec.parent,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=300)
    return process.returncode, out, err


@pytest.mark.slow
@pytest.mark.parametrize("wait", [False, True])
def test_two_runs_started_together_pay_once_and_store_one_run(env: dict[str, str], tmp_path: Path,
                                                              wait: bool) -> None:
    with FakeProviders() as fake:
        code, out, err = finish(start(write_spec(tmp_path, fake, tmp_path / "single.db"), env))
        assert code == 0, err
        single_calls = len(fake.received)
        single = match_results(tmp_path / "single.db")
        fake.received.clear()
        spec = write_spec(tmp_path, fake, tmp_path / "double.db")
        flags = ("--wait",) if wait else ()
        runs = [start(spec, env, *flags), start(spec, env, *flags)]
        results = [finish(run) for run in runs]
        double_calls = len(fake.received)
    assert single_calls == 72  # this fake, this spec: 12 matches, the response cache answering repeats
    assert double_calls == single_calls
    assert match_results(tmp_path / "double.db") == single
    codes = sorted(code for code, _, _ in results)
    if wait:
        assert codes == [0, 0], results
    else:
        # The second either found the database held (refused at once) or, started after the
        # first had finished, found nothing left to play.
        assert codes in ([0, 1], [0, 0]), results
        for code, out, err in results:
            if code == 1:
                # Refused before playing (what it printed, if anything, is the estimate of its checks).
                assert "writers: " not in out
                assert err.startswith(f"error: {tmp_path / 'double.db'}: lamen run (pid ")
                assert "is writing this database (wait for it to finish, run again with --wait" in err
                assert err.count("\n") == 1


def test_a_live_holder_is_named_and_a_killed_one_is_taken_over(tmp_path: Path) -> None:
    database = tmp_path / "t.db"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from lamen.store.lock import DatabaseLock; "
         "DatabaseLock(Path(sys.argv[1])).acquire(); print('held', flush=True); time.sleep(120)", str(database)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(SpecError) as refused:
            DatabaseLock(database).acquire()
        assert f"lamen run (pid {holder.pid}, started " in refused.value.problems[0].message
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    assert lock_path(database).read_text().split()[0] == str(holder.pid)  # the killed run's pid is still written
    with DatabaseLock(database):  # ... and the lock is free: the kernel dropped it with the process
        assert lock_path(database).read_text().split()[0] == str(os.getpid())
    assert lock_path(database).read_text() == ""


def test_lamen_run_refuses_a_held_database_at_once(tmp_path: Path) -> None:
    spec = tmp_path / "t.yaml"
    database = tmp_path / "t.db"
    spec.write_text(yaml.safe_dump({"name": "held", "agents": ["bot:linear", "bot:conceder"],
                                    "games": ["rental-1-distributive"], "database": str(database)}), encoding="utf-8")
    with DatabaseLock(database):
        done = subprocess.run([sys.executable, "-m", "lamen", "run", str(spec), "--quiet"], capture_output=True,
                              text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith(f"error: {database}: lamen run (pid {os.getpid()}, started ")
    assert not database.exists()  # refused before the database was created


def test_status_reads_a_database_while_a_run_writes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "t.db"
    tournament = Tournament.model_validate({"name": "live", "agents": ["bot:linear", "bot:conceder"],
                                            "games": ["rental-1-distributive"]})
    with DatabaseLock(database):
        store = Store(database)
        asyncio.run(Runner(tournament, store, Library.default()).run())
        assert Path(f"{database}-wal").exists()  # the writer's connection is still open
        assert main(["status", str(database)]) == 0
        store.close()
    assert capsys.readouterr().out.startswith("live: 12/12 matches finished, 12 agreements, 0 errored, 0 pending")
