"""The Traveling Adventurers family's engine cost through the core play loop, printed as JSON:
scripted play on seeded paper-like boards (every pair of deterministic reference players, both
first movers) — CPU per agent call, and how many simulator steps the family ran per committed
turn (1.0 means no turn is replayed; rebuilding the game from the whole log on every request
makes it grow with the episode's length).

    python bench/adventurers_play.py [--boards 10]
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
from lamen.families.adventurers import sim
from lamen.families.adventurers.rules import AdventurersConfig, make_instance

PLAYERS = ("agreeable", "solo", "share-all-solver", "ibp")  # deterministic: the same work every run


async def episodes(family, boards) -> tuple[int, int, int]:
    runs = calls = turns = 0
    for instance, (a, b), first in itertools.product(boards, itertools.product(PLAYERS, repeat=2), ("user", "bot")):
        codec = family.codec("user")
        seats = {"user": PolicyAgent(a, family.players[a].make(instance, "user"), codec),
                 "bot": PolicyAgent(b, family.players[b].make(instance, "bot"), codec)}
        record = await play(family, instance, seats, first=first)
        runs, calls, turns = runs + 1, calls + len(record.calls), turns + len(record.state.log)
    return runs, calls, turns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=10, help="seeded boards to play on")
    args = parser.parse_args()
    family = get_family("adventurers")
    boards = [make_instance(AdventurersConfig(), seed) for seed in range(args.boards)]
    steps = 0
    real_step = sim.step

    def counted(*a, **k):
        nonlocal steps
        steps += 1
        return real_step(*a, **k)

    sim.step = counted  # the family calls sim.step through the module, so every step is counted
    wall, cpu = time.perf_counter(), time.process_time()
    runs, calls, turns = asyncio.run(episodes(family, boards))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    sim.step = real_step
    print(json.dumps({"family": family.name, "episodes": runs, "calls": calls, "turns": turns,
                      "sim_steps_per_turn": round(steps / turns, 2), "calls_per_s": round(calls / wall, 1),
                      "cpu_ms_per_call": round(1000 * cpu / calls, 3)}, indent=2))


if __name__ == "__main__":
    main()
