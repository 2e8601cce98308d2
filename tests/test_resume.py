"""Kill `lamen run` with SIGKILL at several points and rerun it: no match lost, none duplicated,
and the final outcomes identical to an uninterrupted run (scripted agents are deterministic)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.store_snapshot import match_results

SPEC = """name: resume
agents: [bot:boulware, bot:linear, bot:conceder, bot:random]
games: [rental-1-distributive, rental-2-mixture, rental-2-integrative-distributive]
seed: 5
limits: {concurrency: 4}
database: %s
"""
TOTAL = 4 * 3 * 4 + 6 * 3 * 4  # self-play + cross-play matches


def finished(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            return connection.execute("SELECT COUNT(*) FROM matches WHERE status='finished'").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def start(spec: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "lamen", "run", str(spec), "--quiet"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@pytest.mark.slow
def test_sigkill_at_several_points_then_resume(tmp_path: Path) -> None:
    reference_db = tmp_path / "reference.db"
    reference_spec = tmp_path / "reference.yaml"
    reference_spec.write_text(SPEC % reference_db)
    assert subprocess.run([sys.executable, "-m", "lamen", "run", str(reference_spec), "--quiet"],
                          capture_output=True, timeout=300).returncode == 0
    expected = match_results(reference_db)
    assert len(expected) == TOTAL

    db = tmp_path / "killed.db"
    spec = tmp_path / "killed.yaml"
    spec.write_text(SPEC % db)
    kills = 0
    for threshold in (1, TOTAL // 3, 2 * TOTAL // 3):
        process = start(spec)
        deadline = time.monotonic() + 120
        while finished(db) < threshold and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            kills += 1
        process.wait(timeout=30)
        assert finished(db) < TOTAL or process.returncode == 0
    assert kills >= 2  # the test really interrupted runs
    final = subprocess.run([sys.executable, "-m", "lamen", "run", str(spec), "--quiet"], capture_output=True,
                           text=True, timeout=300)
    assert final.returncode == 0, final.stderr

    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT COUNT(*), COUNT(DISTINCT id) FROM matches").fetchone() == (TOTAL, TOTAL)
        assert connection.execute("SELECT COUNT(*) FROM matches WHERE status != 'finished'").fetchone()[0] == 0
        assert connection.execute("SELECT COUNT(*) FROM outcomes").fetchone()[0] == TOTAL
        orphans = connection.execute("SELECT COUNT(*) FROM turns WHERE match_id NOT IN "
                                     "(SELECT match_id FROM outcomes)").fetchone()[0]
        assert orphans == 0
    assert match_results(db) == expected
