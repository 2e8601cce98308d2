"""Time a Bradley–Terry fit and the utility model (gets/gives), each with a 1000-replicate block
bootstrap, on synthetic round robins.

Prints JSON: per number of agents, the matches, blocks and seconds for each fit and bootstrap.
Run: python bench/ratings_fit.py [--replicates 1000] [--agents 10 30 100]
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from lamen.ratings import bootstrap_bradley_terry, bootstrap_utility, fit_bradley_terry, fit_utility, simulate_matches


def bench(n_agents: int, games_per_pair: int, replicates: int) -> dict[str, float | int]:
    strengths = {f"agent{i:03d}": s for i, s in enumerate(np.linspace(-1.0, 1.0, n_agents))}
    matches = simulate_matches(strengths, games_per_pair=games_per_pair, side=0.05, seed=n_agents)
    start = time.perf_counter()
    fit = fit_bradley_terry(matches)
    fitted = time.perf_counter()
    bootstrap_bradley_terry(matches, fit, replicates=replicates, seed=0)
    done = time.perf_counter()
    utility = fit_utility(matches)
    utility_fitted = time.perf_counter()
    bootstrap_utility(matches, utility, replicates=replicates, seed=0)
    utility_done = time.perf_counter()
    return {
        "agents": n_agents,
        "matches": fit.n_matches,
        "blocks": fit.n_blocks,
        "replicates": replicates,
        "fit_seconds": round(fitted - start, 3),
        "bootstrap_seconds": round(done - fitted, 3),
        "total_seconds": round(done - start, 3),
        "utility_fit_seconds": round(utility_fitted - done, 3),
        "utility_bootstrap_seconds": round(utility_done - utility_fitted, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, nargs="+", default=[10, 30, 100])
    parser.add_argument("--games-per-pair", type=int, default=50)
    parser.add_argument("--replicates", type=int, default=1000)
    arguments = parser.parse_args()
    results = [bench(n, arguments.games_per_pair, arguments.replicates) for n in arguments.agents]
    print(json.dumps({"benchmark": "bradley_terry_fit_and_bootstrap", "results": results}, indent=2))


if __name__ == "__main__":
    main()
