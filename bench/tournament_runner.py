"""Runner benchmarks, printed as JSON.

(a) throughput: the quickstart tournament with scripted negotiators — matches/s, turns/s, and
    CPU per agent call; plus engine-only CPU per call (agents that answer instantly, so what is
    measured is prompt building, judging and storing).
(b) concurrency: a fake LLM with 50 ms ± 10 ms latency at concurrency 1, 8, 32, 128; wall time
    against the ideal (total latency ÷ concurrency), as an efficiency ratio.
Targets: efficiency ≥ 0.85 at 32; engine CPU < 2 ms per call.

    python bench/tournament_runner.py [--skip-quickstart]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

from lamen.agents.base import ChatReply, ChatRequest, Usage
from lamen.agents.registry import make_agent
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.tournament import Tournament
from lamen.store import Store

REPO = Path(__file__).resolve().parent.parent


class LatencyLLM:
    """Answers after a fixed latency with jitter; never agrees, so every match runs all rounds."""

    def __init__(self, name: str, latency: float, jitter: float, seed: int, ledger: list[float]) -> None:
        self.name = name
        self.latency, self.jitter = latency, jitter
        self.rng = random.Random(seed)
        self.ledger = ledger

    async def complete(self, request: ChatRequest) -> ChatReply:
        wait = self.latency + self.rng.uniform(-self.jitter, self.jitter)
        self.ledger.append(wait)
        if wait > 0:
            await asyncio.sleep(wait)
        text = ('Acceptable offer: {"rent": "$1200"}' if request.purpose == "note"
                else "We propose a rent of $1200.")
        return ChatReply(text=text, usage=Usage(input_tokens=300, output_tokens=30), model="fake")


def _run(tournament: Tournament, make=make_agent) -> tuple[Runner, float, float, int]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        runner = Runner(tournament, store, Library.default(), make=make)
        wall, cpu = time.perf_counter(), time.process_time()
        asyncio.run(runner.run())
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        calls = store.db.execute("SELECT COUNT(*) FROM calls").fetchone()[0]
        turns = store.db.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
        store.close()
    return runner, wall, cpu, calls if calls else turns


def fake_tournament(name: str, agents: int, games: int, concurrency: int) -> Tournament:
    return Tournament.model_validate({
        "name": name, "agents": [f"openai:fake-{i}" for i in range(agents)],
        "games": ["rental-1-distributive", "rental-2-mixture", "rental-2-integrative-distributive"][:games],
        "self_play": False, "limits": {"concurrency": concurrency}})


def factory(latency: float, jitter: float, ledger: list[float]):
    def make(spec, *, game, side, seed):
        if spec.provider == "bot":
            return make_agent(spec, game=game, side=side, seed=seed)
        return LatencyLLM(spec.id, latency, jitter, seed, ledger)
    return make


def quickstart() -> dict:
    tournament = load_tournament(REPO / "tournaments" / "quickstart.yaml")
    runner, wall, cpu, calls = _run(tournament)
    turns = calls // 2
    return {"matches": runner.state.done, "wall_s": round(wall, 2), "matches_per_s": round(runner.state.done / wall, 1),
            "turns_per_s": round(turns / wall, 1), "agent_calls": calls,
            "cpu_ms_per_call_with_bot_strategies": round(cpu / calls * 1000, 3)}


def engine_only() -> dict:
    ledger: list[float] = []
    tournament = fake_tournament("engine", agents=4, games=3, concurrency=8)
    runner, wall, cpu, calls = _run(tournament, factory(0.0, 0.0, ledger))
    return {"matches": runner.state.done, "agent_calls": calls, "engine_cpu_ms_per_call": round(cpu / calls * 1000, 3),
            "target_ms": 2.0}


def concurrency(levels: tuple[int, ...] = (1, 8, 32, 128)) -> list[dict]:
    """Two fake agents on one game; repetitions make the match count an exact multiple of the
    concurrency (2 per slot), so the ideal is simply the total latency ÷ concurrency."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        protocol = Path(folder) / "five-rounds.yaml"
        protocol.write_text("name: five-rounds\nmax_rounds: 5\n")
        for level in levels:
            ledger: list[float] = []
            tournament = Tournament.model_validate({
                "name": f"c{level}", "agents": ["openai:fake-a", "openai:fake-b"], "games": ["rental-1-distributive"],
                "protocol": str(protocol), "self_play": False, "repetitions": max(1, level // 2),
                "limits": {"concurrency": level}})
            runner, wall, cpu, calls = _run(tournament, factory(0.05, 0.01, ledger))
            ideal = sum(ledger) / level
            rows.append({"concurrency": level, "matches": runner.state.done, "agent_calls": calls,
                         "wall_s": round(wall, 3), "ideal_s": round(ideal, 3), "efficiency": round(ideal / wall, 3),
                         "cpu_s": round(cpu, 3)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-quickstart", action="store_true")
    parser.add_argument("--levels", default="1,8,32,128")
    args = parser.parse_args()
    result = {"benchmark": "tournament_runner"}
    if not args.skip_quickstart:
        result["quickstart_scripted"] = quickstart()
    result["engine_only"] = engine_only()
    result["concurrency"] = concurrency(tuple(int(x) for x in args.levels.split(",")))
    result["targets"] = {"efficiency_at_32": 0.85, "engine_cpu_ms_per_call": 2.0}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
