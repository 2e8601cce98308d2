"""The Ray executor against the local runner, printed as JSON.

The quickstart tournament (scripted negotiators, CPU-bound) played into a fresh database by the
local runner, then by the Ray executor on a local cluster of 1 and of 2 workers: matches/s (the
run's wall time, the cluster's start reported apart) and the driver's CPU per match (this
process's CPU time over the run, Ray's client threads included) — what the one writer spends on
planning, shipping, receiving and storing each match.

    python bench/ray_executor.py [--spec tournaments/quickstart.yaml] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from pathlib import Path

from lamen.runner import Runner
from lamen.runner.ray_executor import RayRunner, ray_session
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.tournament import Tournament
from lamen.store import Store

REPO = Path(__file__).resolve().parent.parent


def _measure(runner_class: type[Runner], tournament: Tournament) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        try:
            runner = runner_class(tournament, store, Library.default())
            wall, cpu = time.perf_counter(), time.process_time()
            state = asyncio.run(runner.run())
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        finally:
            store.close()
    played = state.done + state.errors
    return {"matches": played, "wall_s": round(wall, 2), "matches_per_s": round(played / wall, 1),
            "driver_cpu_ms_per_match": round(1000 * cpu / played, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", type=Path, default=REPO / "tournaments" / "quickstart.yaml")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    tournament = load_tournament(args.spec)
    figures: dict[str, object] = {"spec": args.spec.name, "cores": os.cpu_count(),
                                  "local": _measure(Runner, tournament)}
    for workers in args.workers:
        started = time.perf_counter()
        with ray_session(num_cpus=workers):
            start_s = time.perf_counter() - started
            figures[f"ray_{workers}_workers"] = {**_measure(RayRunner, tournament),
                                                 "cluster_start_s": round(start_s, 2)}
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
