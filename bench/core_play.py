"""The core play loop's engine cost, printed as JSON: scripted self-play on the 134 shipped
Optimization games (every pair of reference players, both first movers) — episodes/s, calls/s and
CPU per agent call (request rendering, parsing, stepping, scoring; the policies are cheap), plus
the seeded generator's time per instance.

    python bench/core_play.py [--generated 20]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import time

from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.families.optimization.instances import OptimizationConfig, generate, human_game_count, human_instance


async def episodes(family, games) -> tuple[int, int]:
    calls = runs = 0
    for game, (a, b), first in itertools.product(games, itertools.product(family.players, repeat=2),
                                                 ("player-0", "player-1")):
        seats = {"player-0": PolicyAgent(a, family.players[a].make(game, "player-0"), family.codec("player-0")),
                 "player-1": PolicyAgent(b, family.players[b].make(game, "player-1"), family.codec("player-1"))}
        record = await play(family, game, seats, first=first)
        calls += len(record.calls)
        runs += 1
    return runs, calls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--generated", type=int, default=20, help="generated instances to time")
    args = parser.parse_args()
    family = get_family("dialop.optimization")
    games = [human_instance(i) for i in range(human_game_count())]
    wall, cpu = time.perf_counter(), time.process_time()
    runs, calls = asyncio.run(episodes(family, games))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    gen = time.process_time()
    for seed in range(args.generated):
        generate(OptimizationConfig(source="generated"), seed)
    gen = time.process_time() - gen
    print(json.dumps({"family": family.name, "episodes": runs, "calls": calls,
                      "episodes_per_s": round(runs / wall, 1), "calls_per_s": round(calls / wall, 1),
                      "cpu_ms_per_call": round(1000 * cpu / calls, 3),
                      "generator_cpu_s_per_instance": round(gen / max(1, args.generated), 3)}, indent=2))


if __name__ == "__main__":
    main()
