"""Driver cost of real provider SDKs, printed as JSON (issue 20 point 5).

For each provider's SDK (openai, anthropic, google-genai, cohere), a cross-play run of two agents
against that API's HTTP fake (tests/fake_servers.py) served from its own process, every request
answered after 0.5 ± 0.1 s; at each number of matches in flight (64 and 256 by default):

- efficiency: ideal wall time (the server's summed latency ÷ matches in flight) ÷ actual wall time;
- driver CPU ms per call: this process's CPU time (SDK, HTTP, JSON, runner, judge, store) ÷ calls
  served, with the SDK imported before the clock starts (its one-off import is `sdk_import_cpu_s`);
- calls/s, and the fake server's own CPU ms per call (at high rates the server, not the driver,
  may be what limits: it shares the machine's cores);
- wall_vs_floor: the in-process floor's wall time ÷ this run's. Even a driver that costs nothing
  ends after the slowest of the in-flight slots (each a chain of jittered answers), so the ideal
  above is out of reach by a few percent that grow with the number in flight; the floor shows
  what is reachable on this machine at that moment.

The machine may be shared: CPU per call is the steadier figure; efficiency also depends on how
much of a core the driver gets. `load_average` says how busy the machine was.

Also the same run with an in-process fake agent (no SDK, no HTTP) as the floor. The response
cache is left on: each match's seed is in its requests, so no call is answered from it.

`measure(..., play=...)` takes another way to play the run (the Ray executor's bench passes its
own, for calls/s with 1 and 2 workers); `workers` in the output is where those rows go.

    python bench/sdk_throughput.py [--providers openai,anthropic,google,cohere] [--levels 64,256]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # tests.fake_servers, when run as `python bench/sdk_throughput.py`
    sys.path.insert(0, str(REPO))

from lamen.agents.base import ChatReply, ChatRequest, Usage  # noqa: E402
from lamen.agents.registry import make_agent  # noqa: E402
from lamen.providers import CATALOGUE  # noqa: E402
from lamen.runner import Runner  # noqa: E402
from lamen.spec.library import Library  # noqa: E402
from lamen.spec.tournament import Tournament  # noqa: E402
from lamen.store import Store  # noqa: E402

PROVIDERS = {"openai": "openai:gpt-4o-mini", "anthropic": "anthropic:claude-haiku-4-5",
             "google": "google:gemini-2.0-flash", "cohere": "cohere:command-r"}
KEYS = {"OPENAI_API_KEY": "sk-bench", "ANTHROPIC_API_KEY": "sk-ant-bench", "CO_API_KEY": "co-bench",
        "GEMINI_API_KEY": "AIza-bench"}
LATENCY, JITTER = 0.5, 0.1
# matches = per_slot × in flight, so the ideal is the summed latency ÷ in flight. The last matches'
# uneven ends cost even a zero-overhead driver the spread of the slowest slot (each slot a chain of
# jittered answers): about 6% at 4 matches a slot and 64 in flight, 3% at 16. That tail is the run's,
# not the driver's; a longer run shows the steady state (the in-process floor shows what is reachable).
MATCHES_PER_SLOT = 16

Play = Callable[[Runner], None]


def serve(port: Any, latency_sum: Any, served: Any, server_cpu: Any, stop: Any, seed: int) -> None:
    """The fake APIs in this (separate) process; every answer waits LATENCY ± JITTER seconds."""
    from tests.fake_servers import Asked, FakeProviders, negotiator

    rng, lock = random.Random(seed), threading.Lock()

    def slow(asked: Asked) -> str:
        with lock:
            wait = LATENCY + rng.uniform(-JITTER, JITTER)
            latency_sum.value += wait
            served.value += 1
        time.sleep(wait)
        return negotiator(asked)

    with FakeProviders(slow) as fake:
        # 256 clients connect at once: the default backlog of 5 drops SYNs, each a 1 s stall
        fake._server.socket.listen(1024)
        port.value = fake.port
        started = time.process_time()
        stop.wait()
        server_cpu.value = time.process_time() - started


def tournament(agents: list[Any], in_flight: int, protocol: Path, per_slot: int = MATCHES_PER_SLOT) -> Tournament:
    return Tournament.model_validate({
        "name": f"sdk-{in_flight}", "agents": agents, "games": ["rental-1-distributive"], "protocol": str(protocol),
        "self_play": False, "repetitions": per_slot * in_flight // 4,  # 4 matches per repetition
        "limits": {"concurrency": in_flight, "max_retries": 0}})


def play_locally(runner: Runner) -> None:
    asyncio.run(runner.run())


def _run(spec: Tournament, folder: Path, make: Callable[..., Any] = make_agent,
         play: Play = play_locally) -> tuple[float, float, Runner]:
    store = Store(folder / f"{spec.name}-{time.monotonic_ns()}.db")
    runner = Runner(spec, store, Library.default(), make=make)
    wall, cpu = time.perf_counter(), time.process_time()
    play(runner)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    store.close()  # the run closed its SDK clients on its own loop as it ended
    return wall, cpu, runner


def measure(provider: str, in_flight: int, folder: Path, play: Play = play_locally,
            per_slot: int = MATCHES_PER_SLOT) -> dict[str, Any]:
    """One run against `provider`'s fake in its own process."""
    started = time.process_time()
    importlib.import_module(CATALOGUE[provider].agent.partition(":")[0])
    imported = time.process_time() - started
    context = multiprocessing.get_context("spawn")
    port, latency_sum, served = context.Value("i", 0), context.Value("d", 0.0), context.Value("i", 0)
    server_cpu = context.Value("d", 0.0)
    stop = context.Event()
    server = context.Process(target=serve, args=(port, latency_sum, served, server_cpu, stop, in_flight), daemon=True)
    server.start()
    try:
        while not port.value:
            time.sleep(0.05)
        root = f"http://127.0.0.1:{port.value}/{provider}" + ("/v1" if provider == "openai" else "")
        agents = [{"id": f"{PROVIDERS[provider]}-{side}", "agent": PROVIDERS[provider], "base_url": root}
                  for side in "ab"]
        wall, cpu, runner = _run(tournament(agents, in_flight, folder / "protocol.yaml", per_slot), folder, play=play)
    finally:
        stop.set()
        server.join(timeout=10)
    calls, ideal = served.value, latency_sum.value / in_flight
    return {"provider": provider, "in_flight": in_flight, "matches_per_slot": per_slot, "matches": runner.state.done,
            "errors": runner.state.errors,
            "calls": calls, "wall_s": round(wall, 3), "ideal_s": round(ideal, 3),
            "efficiency": round(ideal / wall, 3), "calls_per_s": round(calls / wall, 1),
            "driver_cpu_ms_per_call": round(cpu / calls * 1000, 3) if calls else None,
            "sdk_import_cpu_s": round(imported, 3),
            # the fake server is Python too: past what it can serve, the driver waits on it, not on itself
            "server_cpu_ms_per_call": round(server_cpu.value / calls * 1000, 3) if calls else None,
            "load_average": round(os.getloadavg()[0], 1)}


class LatencyAgent:
    """The in-process floor: answers like the fake server, after the same latency, without SDK or HTTP."""

    def __init__(self, name: str, rng: random.Random, ledger: list[float]) -> None:
        self.name, self.rng, self.ledger = name, rng, ledger

    async def complete(self, request: ChatRequest) -> ChatReply:
        from tests.fake_servers import Asked, negotiator

        wait = LATENCY + self.rng.uniform(-JITTER, JITTER)
        self.ledger.append(wait)
        await asyncio.sleep(wait)
        last = request.messages[-1].content if request.messages else ""
        schema = request.response_schema
        text = negotiator(Asked("openai", "fake", request.system, last, schema))
        return ChatReply(text=text, usage=Usage(input_tokens=1000, output_tokens=50), model="fake")


def in_process(in_flight: int, folder: Path, per_slot: int = MATCHES_PER_SLOT) -> dict[str, Any]:
    ledger: list[float] = []
    rng = random.Random(in_flight)

    def make(spec: Any, **seat: Any) -> Any:
        return LatencyAgent(spec.id, rng, ledger)

    agents = [{"id": f"openai:fake-{side}", "agent": "openai:fake"} for side in "ab"]
    wall, cpu, runner = _run(tournament(agents, in_flight, folder / "protocol.yaml", per_slot), folder, make=make)
    calls, ideal = len(ledger), sum(ledger) / in_flight
    return {"provider": "in-process fake agent", "in_flight": in_flight, "matches_per_slot": per_slot,
            "matches": runner.state.done,
            "errors": runner.state.errors, "calls": calls, "wall_s": round(wall, 3), "ideal_s": round(ideal, 3),
            "efficiency": round(ideal / wall, 3), "calls_per_s": round(calls / wall, 1),
            "driver_cpu_ms_per_call": round(cpu / calls * 1000, 3), "load_average": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--providers", default=",".join(PROVIDERS))
    parser.add_argument("--levels", default="64,256")
    parser.add_argument("--no-floor", action="store_true", help="skip the in-process fake agent runs")
    parser.add_argument("--matches-per-slot", type=int, default=MATCHES_PER_SLOT,
                        help="matches per in-flight slot (longer runs show the steady state; default %(default)s)")
    args = parser.parse_args()
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        os.environ.pop(variable, None)  # the SDKs must talk to 127.0.0.1 directly
    os.environ.update(KEYS)
    levels = [int(level) for level in args.levels.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "protocol.yaml").write_text("name: five-rounds\nmax_rounds: 5\n")
        for level in levels:
            if not args.no_floor:
                rows.append(in_process(level, folder, args.matches_per_slot))
            floor = None if args.no_floor else rows[-1]["wall_s"]
            for provider in args.providers.split(","):
                row = measure(provider, level, folder, per_slot=args.matches_per_slot)
                if floor is not None:
                    row["wall_vs_floor"] = round(floor / row["wall_s"], 3)
                rows.append(row)
    print(json.dumps({"benchmark": "sdk_throughput", "latency_s": f"{LATENCY} ± {JITTER}", "cores": os.cpu_count(),
                      "runs": rows, "workers": [],
                      "targets": {"driver_cpu_ms_per_call": 3.0, "efficiency_at_64": 0.95}}, indent=2))


if __name__ == "__main__":
    main()
