"""The negotiation engine's cost through the core against the loop it replaced, printed as JSON:
the quickstart's bot matches (every `--stride`-th of the 504) played three ways in one process,
alternately (`--rounds` times; the best round of each is kept, so a busy machine hurts less) —

- old: `lamen.play.Negotiation` with the bots `make_agent` makes and the judge, as the runner
  played matches before it moved onto the core;
- runner: `Runner.play_match`, which plays through `lamen.core.play` with the negotiation family
  (same bots, judged once by the family's tournament hooks);
- core_players: the family's own scripted players (`play_bots`: the bots as core policies).

CPU seconds per agent call for each, and each over old. All include the bots' own work and the
judge.

    python bench/negotiation_core.py [--stride 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from lamen.agents.registry import make_agent
from lamen.families.negotiation.matches import CoreMatch, play_bots
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.runner.run import Runner, plan
from lamen.schedule import Match
from lamen.spec.library import Library
from lamen.spec.load import load_tournament

QUICKSTART = Path(__file__).resolve().parent.parent / "tournaments" / "quickstart.yaml"


async def old_path(matches: list[Match]) -> int:
    calls = 0
    for match in matches:
        specs = (match.agent_a, match.agent_b)
        sampling = tuple(s.sampling if s.sampling.seed is not None else
                         s.sampling.model_copy(update={"seed": match.seed % 2**31}) for s in specs)
        negotiation = Negotiation(match.game, match.protocol, starts=match.starts,
                                  personas=(specs[0].persona, specs[1].persona), sampling=sampling,  # type: ignore[arg-type]
                                  agent_names=(specs[0].id, specs[1].id))
        agents = tuple(make_agent(s, game=match.game, side=side, seed=match.seed) for side, s in enumerate(specs))
        transcript = await play(negotiation, agents)  # type: ignore[arg-type]
        judge(transcript, match.game, match.protocol)
        calls += len(transcript.calls)
    return calls


async def runner_path(runner: Runner, matches: list[Match]) -> int:
    calls = 0
    for match in matches:
        transcript, _ = await runner.play_match(match)
        calls += len(transcript.calls)
    return calls


async def core_players_path(matches: list[Match]) -> int:
    calls = 0
    for match in matches:
        record = await play_bots(CoreMatch.of(match))
        calls += len(record.calls)
    return calls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stride", type=int, default=4, help="play every N-th quickstart match")
    parser.add_argument("--rounds", type=int, default=3, help="alternate the three paths this many times")
    args = parser.parse_args()
    tournament = load_tournament(QUICKSTART)
    library = Library.default()
    matches = plan(tournament, library)[::args.stride]
    runner = Runner(tournament, None, library)  # type: ignore[arg-type]  # bots need no store
    paths: dict[str, Callable[[], Awaitable[int]]] = {
        "old": lambda: old_path(matches), "runner": lambda: runner_path(runner, matches),
        "core_players": lambda: core_players_path(matches)}
    for run in paths.values():  # warm the shared memos (labels, offers, prompts) for all
        asyncio.run(run())
    best: dict[str, tuple[float, int]] = {}
    for _ in range(args.rounds):
        for name, run in paths.items():
            start = time.process_time()
            calls = asyncio.run(run())
            cpu = time.process_time() - start
            if name not in best or cpu < best[name][0]:
                best[name] = (cpu, calls)
    results = {name: {"calls": calls, "cpu_s": round(cpu, 3), "cpu_ms_per_call": round(1000 * cpu / calls, 4)}
               for name, (cpu, calls) in best.items()}
    per_call = {name: r["cpu_ms_per_call"] for name, r in results.items()}
    print(json.dumps({"matches": len(matches), "rounds": args.rounds, **results,
                      "runner_over_old": round(per_call["runner"] / per_call["old"], 3),
                      "core_players_over_old": round(per_call["core_players"] / per_call["old"], 3)}, indent=2))


if __name__ == "__main__":
    main()
