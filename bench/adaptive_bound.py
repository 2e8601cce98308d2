"""How far any allocation of blocks among the agents can carry Kendall τ (issue 20): a model
calculation beside `bench/adaptive_schedule.py`, not a simulation.

Model: agent k's gets is estimated with variance c / n_k after n_k blocks (each block counts for
both of its agents), independently; a pair is misordered with probability Φ(−|Δ| / sd of the
difference), and E[τ] = 1 − 2 · E[misordered pairs] / pairs. c is set so that the round robin
(every agent in (K − 1) · games blocks) has the τ `adaptive_schedule.py` measured for it. Then,
for each share of the round robin's blocks: τ of the uniform allocation, and of the best
allocation of the blocks among the agents for the known truth (numerical optimum) — what even
an oracle that knows every agent's gets can reach by choosing whom to play more; and the
share of the round robin's blocks that best allocation needs to reach the round robin's τ (what
it takes, in this model, to match the round robin with fewer matches).

Prints JSON. Run: python bench/adaptive_bound.py [--tau8 0.9298] [--tau16 0.9447]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from scipy import optimize, stats

sys.path.insert(0, str(Path(__file__).resolve().parent))
from adaptive_spreads import LAMEN_EVALS, Spread, even_spread, lamen_spread, measure_lamen  # noqa: E402

SHARES = (0.6, 0.7, 0.8, 0.9, 1.0)


def misordered(gets: np.ndarray, blocks: np.ndarray, c: float) -> float:
    i, j = np.triu_indices(len(gets), 1)
    sd = np.sqrt(c * (1 / blocks[i] + 1 / blocks[j]))
    return float(stats.norm.cdf(-np.abs(gets[i] - gets[j]) / sd).sum())


def tau(gets: np.ndarray, blocks: np.ndarray, c: float) -> float:
    pairs = len(gets) * (len(gets) - 1) / 2
    return 1 - 2 * misordered(gets, blocks, c) / pairs


def best(gets: np.ndarray, total: float, c: float) -> np.ndarray:
    """The allocation of `total` agent-blocks (shares by softmax) with the fewest expected misorders."""
    def allocation(x: np.ndarray) -> np.ndarray:
        return total * np.exp(x) / np.exp(x).sum()

    result = optimize.minimize(lambda x: misordered(gets, allocation(x), c), np.zeros(len(gets)),
                               method="Nelder-Mead", options={"maxiter": 40000, "xatol": 1e-7, "fatol": 1e-10})
    return allocation(result.x)


def bound(spread: Spread, round_robin_tau: float) -> dict:
    gets = np.array(sorted(spread.gets.values()))
    n_agents = len(gets)
    full = np.full(n_agents, (n_agents - 1) * spread.games, dtype=float)
    c = optimize.brentq(lambda c: tau(gets, full, c) - round_robin_tau, 1e-6, 10.0)
    rows = []
    for share in SHARES:
        allocation = best(gets, share * full.sum(), c)
        rows.append({"share": share, "uniform_tau": round(tau(gets, share * full, c), 4),
                     "best_allocation_tau": round(tau(gets, allocation, c), 4),
                     "best_allocation_blocks_per_agent_share": [round(float(x), 2) for x in allocation / full]})
    return {"spread": spread.name, "agents": n_agents, "round_robin_tau": round_robin_tau,
            "variance_per_block": round(c, 5), "by_share": rows,
            "share_needed_by_best_allocation": round(share_needed(gets, full, c, round_robin_tau), 3)}


def share_needed(gets: np.ndarray, full: np.ndarray, c: float, target: float) -> float:
    """The least share of the round robin's blocks whose best allocation reaches τ `target`
    (bisection to 0.005; the round robin's own allocation reaches it at 1)."""
    low, high = 0.2, 1.0
    while high - low > 0.005:
        middle = (low + high) / 2
        if tau(gets, best(gets, middle * full.sum(), c), c) >= target:
            high = middle
        else:
            low = middle
    return high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tau8", type=float, default=0.9298, help="the round robin's τ measured on 8 agents (even)")
    parser.add_argument("--tau16", type=float, default=0.9447, help="the round robin's τ measured on 16 agents (even)")
    parser.add_argument("--lamen-tau8", type=float, default=0.6909,
                        help="the round robin's τ measured on 8 agents of the lamen spread")
    parser.add_argument("--lamen-tau16", type=float, default=0.7333,
                        help="the round robin's τ measured on 16 agents of the lamen spread")
    parser.add_argument("--lamen-evals", type=Path, default=LAMEN_EVALS, help="LAMEN's cross-play evals.csv")
    arguments = parser.parse_args()
    measured = measure_lamen(arguments.lamen_evals)
    models = [bound(even_spread(8), arguments.tau8), bound(even_spread(16), arguments.tau16),
              bound(lamen_spread(8, measured), arguments.lamen_tau8),
              bound(lamen_spread(16, measured), arguments.lamen_tau16)]
    print(json.dumps({"benchmark": "adaptive_bound", "models": models}, indent=2))


if __name__ == "__main__":
    main()
