"""The negotiation family's engine cost through the core against today's runner, printed as
JSON: the quickstart's bot matches (every `--stride`-th of the 504) played both ways in one
process — CPU seconds per agent call for each path and their ratio. Both paths include the
bots' own work and the judge; the old path's `Runner.play_match` is timed as the runner calls it.

    python bench/negotiation_core.py [--stride 4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from lamen.families.negotiation.matches import CoreMatch, play_bots
from lamen.runner.run import Runner, plan
from lamen.spec.library import Library
from lamen.spec.load import load_tournament

QUICKSTART = Path(__file__).resolve().parent.parent / "tournaments" / "quickstart.yaml"


async def old_path(runner: Runner, matches: list) -> int:
    calls = 0
    for match in matches:
        transcript, _ = await runner.play_match(match)
        calls += len(transcript.calls)
    return calls


async def core_path(matches: list) -> int:
    calls = 0
    for match in matches:
        record = await play_bots(CoreMatch.of(match))
        calls += len(record.calls)
    return calls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stride", type=int, default=4, help="play every N-th quickstart match")
    args = parser.parse_args()
    tournament = load_tournament(QUICKSTART)
    library = Library.default()
    matches = plan(tournament, library)[::args.stride]
    runner = Runner(tournament, None, library)  # type: ignore[arg-type]  # bots need no store
    asyncio.run(old_path(runner, matches[:6]))  # warm the shared memos (labels, offers) for both
    results = {}
    for name, run in (("old", lambda: old_path(runner, matches)), ("core", lambda: core_path(matches))):
        start = time.process_time()
        calls = asyncio.run(run())
        cpu = time.process_time() - start
        results[name] = {"calls": calls, "cpu_s": round(cpu, 3), "cpu_ms_per_call": round(1000 * cpu / calls, 3)}
    ratio = results["core"]["cpu_ms_per_call"] / results["old"]["cpu_ms_per_call"]
    print(json.dumps({"matches": len(matches), **results, "core_over_old": round(ratio, 3)}, indent=2))


if __name__ == "__main__":
    main()
