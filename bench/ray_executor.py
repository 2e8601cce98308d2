"""The Ray executor against the local runner, printed as JSON.

(a) scripted: the quickstart tournament (scripted negotiators, CPU-bound);
(b) waiting: four fake models answering after 20 ms (never agreeing: 40 calls a match), cross-play
    on two games at concurrency 16 — the work is waiting, as with a model server.
Each is played into a fresh database by the local runner, then by the Ray executor on a local
cluster of 1 and of 2 workers: matches/s (the run's wall time; the cluster's start reported
apart) and the driver's CPU per match (this process's CPU time over the run, Ray's client
threads included) — what the one writer spends on planning, shipping, receiving and storing each
match.

    python bench/ray_executor.py [--spec tournaments/quickstart.yaml] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lamen.agents.base import ChatReply, ChatRequest, Usage
from lamen.agents.registry import make_agent
from lamen.runner import Runner
from lamen.runner.ray_executor import RayRunner, ray_session
from lamen.spec.agent import AgentSpec
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.tournament import Tournament
from lamen.store import Store

REPO = Path(__file__).resolve().parent.parent
LATENCY_S = 0.02


class WaitingLLM:
    """Answers after LATENCY_S, never agreeing (pickled by value to the workers: this is __main__)."""

    def __init__(self, name: str) -> None:
        self.name = name

    async def complete(self, request: ChatRequest) -> ChatReply:
        await asyncio.sleep(LATENCY_S)
        text = 'Acceptable offer: {"rent": "$1200"}' if request.purpose == "note" else "We propose a rent of $1200."
        return ChatReply(text=text, usage=Usage(input_tokens=300, output_tokens=30), model="fake")


def make_waiting(spec: AgentSpec, **seat: object) -> WaitingLLM:
    return WaitingLLM(spec.id)


WAITING = {"name": "waiting", "agents": ["openai:w1", "openai:w2", "openai:w3", "openai:w4"],
           "games": ["rental-1-distributive", "rental-2-mixture"], "self_play": False, "limits": {"concurrency": 16}}


def _measure(runner_class: type[Runner], tournament: Tournament, make: Callable[..., object] = make_agent
             ) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        try:
            runner = runner_class(tournament, store, Library.default(), make=make)
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
    scripted, waiting = load_tournament(args.spec), Tournament.model_validate(WAITING)
    figures: dict[str, dict[str, object]] = {
        "scripted": {"spec": args.spec.name, "local": _measure(Runner, scripted)},
        "waiting": {"latency_ms": LATENCY_S * 1000, "concurrency": 16,
                    "local": _measure(Runner, waiting, make_waiting)}}
    for workers in args.workers:
        started = time.perf_counter()
        with ray_session(num_cpus=workers):
            start_s = round(time.perf_counter() - started, 2)
            figures["scripted"][f"ray_{workers}_workers"] = {**_measure(RayRunner, scripted),
                                                             "cluster_start_s": start_s}
            figures["waiting"][f"ray_{workers}_workers"] = _measure(RayRunner, waiting, make_waiting)
    print(json.dumps({"cores": os.cpu_count(), **figures}, indent=2))


if __name__ == "__main__":
    main()
