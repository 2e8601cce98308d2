"""Time the outcome-space analysis (frontier + Nash / KS / max-welfare + opposition) for games
of 2..10 issues × 11 values, with random payoffs and integrative weights. Prints JSON.

    python bench/space_scaling.py [--repeats 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from lamen.space import outcome_space
from lamen.spec.game import Game
from lamen.spec.issue import Issue


def random_game(n_issues: int, n_values: int, rng: np.random.Generator) -> Game:
    labels = tuple(str(v) for v in range(n_values))
    issues = tuple(
        Issue(name=f"issue {k}", descriptions=("", ""), payoff_labels=(labels, labels),
              payoffs=(tuple(float(v) for v in rng.permutation(n_values)),
                       tuple(float(v) for v in rng.permutation(n_values))))
        for k in range(n_issues))
    weights = (tuple(rng.uniform(1, 5, n_issues)), tuple(rng.uniform(1, 5, n_issues)))
    return Game(name=f"random-{n_issues}", description="", issues=issues, issue_weights=weights)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    rows = []
    for n_issues in (2, 4, 6, 8, 10):
        game = random_game(n_issues, 11, rng)
        times = []
        for _ in range(args.repeats):
            outcome_space.cache_clear()
            started = time.perf_counter()
            space = outcome_space(game)
            times.append(time.perf_counter() - started)
        rows.append({"issues": n_issues, "values_per_issue": 11, "outcomes": space.n_outcomes,
                     "frontier_points": len(space.frontier), "median_seconds": round(statistics.median(times), 6),
                     "max_seconds": round(max(times), 6)})
    print(json.dumps({"benchmark": "outcome_space", "target": "10 issues under 1 s", "results": rows}, indent=2))


if __name__ == "__main__":
    main()
