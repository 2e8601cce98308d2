"""Adaptive scheduling against the full round robin and uniform random sampling (issue 20).

Synthetic agents with known gets and gives (the utility model of `lamen.ratings.utility`, 8 and
16 agents) on two truths (`bench/adaptive_spreads.py`): **even**, the original made-up spread
(gets 0.20–0.55, two near ties, 4 games), and **lamen**, grounded in LAMEN's published
cross-play results (the four models' gets, interpolated to 8 and 16 agents, on the paper's six
games with their measured levels, agreement rates and utility noise). Every design plays debiasing
blocks of four matches (both sides × both start orders), one block per pairing and game in the
round robin, many seeded replications. Per design: the
matches it used, Kendall τ of the fitted gets to the true ones, and how often the 95% intervals
cover the true gets. Adaptive stops when every neighbour is separated or at 60% of the round
robin's blocks; random plays as many blocks as adaptive did, drawn uniformly. A block's outcomes
are seeded by the replication and the block, so designs that play the same block see the same
matches, and the differences between designs are paired (their standard errors printed). τ is
also given on the separable pairs (true gets ≥ 0.02 apart). With `--oracle`, the adaptive choice
told the true gets: whether a better-known order would help the same rule (it is a greedy rule
with the truth, not the best possible design, so not a bound). With the lamen spread, the
measured figures it was derived from are printed too, and the simulated per-match noise checked
against the real one (the utility fit's residual sd on a round robin of the four models).

With `--scripted`, also the quickstart's scripted negotiators on its six games, played by the
runner in full and adaptively into temporary databases: matches used, and τ of the adaptive
gets to the full round robin's (the only truth there is).

Prints JSON. Run: python bench/adaptive_schedule.py [--replications N] [--agents 8 16] [--spread even lamen]
[--share 0.6] [--oracle] [--scripted] [--lamen-evals PATH]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from adaptive_spreads import LAMEN_EVALS, SPREADS, Spread, Synthetic, check_lamen_noise, even_spread, lamen_spread, \
    measure_lamen

from lamen.adaptive import AdaptiveSettings, choose_round, next_round, round_rng
from lamen.ratings.ranking import utility_ranking
from lamen.ratings.utility import fit_utility

BUDGET_SHARE = 0.6
# replications per spread and number of agents: enough for a paired standard error of τ differences
# of at most 0.01 (sd of a paired difference up to 0.08, 0.03, 0.19 and 0.11), in about ten minutes on one core
REPLICATIONS = {("even", 8): 200, ("even", 16): 40, ("lamen", 8): 400, ("lamen", 16): 130}
SEPARABLE = 0.02  # true gets this far apart or more: a pair some design can order (on the even spread the
# round robin's sd of a difference of gets is about 0.03, so the 0.01 near ties are close to a coin toss)


def score(world: Synthetic, rows: list[dict]) -> dict[str, float]:
    frame = pd.DataFrame(rows)
    fit = fit_utility(frame)
    estimate = np.array([fit.rating(name).gets for name in world.names])
    low = np.array([fit.rating(name).gets_low for name in world.names])
    high = np.array([fit.rating(name).gets_high for name in world.names])
    true = world.true_gets(fit)
    truth_gets = np.array([world.gets[name] for name in world.names])
    tau = stats.kendalltau(estimate, truth_gets).statistic  # τ_b (the truth has no exact ties)
    i, j = np.triu_indices(len(truth_gets), 1)
    apart = np.abs(truth_gets[i] - truth_gets[j]) >= SEPARABLE - 1e-12
    agree = np.sign(estimate[i] - estimate[j])[apart] * np.sign(truth_gets[i] - truth_gets[j])[apart]
    return {"matches": len(frame), "tau": float(tau), "tau_separable": float(agree.mean()),
            "coverage": float(np.mean((low <= true) & (true <= high)))}


def adaptive(world: Synthetic, seed: int, budget: int, round_blocks: int, oracle: bool = False) -> list[dict]:
    """The adaptive design's rows. `oracle`: the same choice, but told the true gets (its
    intervals and covariance still the fit's), so a pair's worth is its true chance of being
    misordered: whether knowing the order would help the same greedy rule."""
    settings = AdaptiveSettings(stop_when="separated", blocks=budget, round_blocks=round_blocks)
    rows: list[dict] = []
    played: set[str] = set()
    round_index = 0
    while True:
        unplayed = [block for block in world.blocks if block.key not in played]
        scheduled = utility_ranking(pd.DataFrame(rows)) if rows else None
        if oracle and scheduled is not None:
            if len(played) >= budget or not unplayed:
                return rows
            told = replace(scheduled.ranking, estimate=np.array([world.gets[key] for key in scheduled.ranking.keys]))
            candidates = [scheduled.candidate(b.key, b.agent_a, b.agent_b, b.instance) for b in unplayed]
            choice = choose_round(told, candidates, min(round_blocks, budget - len(played)), settings.floor,
                                  round_rng(seed, round_index), known=True)
        else:
            choice = next_round(unplayed, world.names, scheduled.ranking if scheduled else None,
                                lambda b: scheduled.candidate(b.key, b.agent_a, b.agent_b, b.instance), len(played),
                                round_index, settings, seed)
        if choice is None:
            return rows
        by_key = {block.key: block for block in unplayed}
        for key in choice.blocks:
            rows += world.play(by_key[key])
            played.add(key)
        round_index += 1


def replication(spread: Spread, seed: int, oracle: bool = False,
                share: float = BUDGET_SHARE) -> dict[str, dict[str, float]]:
    n_agents = len(spread.gets)
    blocks = spread.games * n_agents * (n_agents - 1) // 2
    budget = math.floor(share * blocks)
    full = Synthetic(spread, seed)
    result = {"round_robin": score(full, [row for block in full.blocks for row in full.play(block)])}
    world = Synthetic(spread, seed)
    adaptive_rows = adaptive(world, seed, budget, round_blocks=n_agents)
    result["adaptive"] = score(world, adaptive_rows)
    if oracle:
        told = Synthetic(spread, seed)
        result["oracle"] = score(told, adaptive(told, seed, budget, round_blocks=n_agents, oracle=True))
    used = result["adaptive"]["matches"] // 4
    sampled = Synthetic(spread, seed)
    picks = np.random.default_rng([seed, 1]).choice(len(sampled.blocks), size=used, replace=False)
    result["random"] = score(sampled, [row for k in sorted(picks) for row in sampled.play(sampled.blocks[k])])
    return result


def summarise(runs: list[dict[str, dict[str, float]]], spread: Spread) -> dict:
    out: dict = {"spread": spread.name, "agents": len(spread.gets), "games": spread.games,
                 "true_gets": [round(value, 4) for value in sorted(spread.gets.values())], "replications": len(runs), "round_robin_matches": runs[0]["round_robin"]["matches"]}

    def mean_se(values: np.ndarray) -> tuple[float, float | None]:
        se = float(values.std(ddof=1) / math.sqrt(len(values))) if len(values) > 1 else None
        return round(float(values.mean()), 4), (round(se, 4) if se is not None else None)

    for design in [design for design in ("round_robin", "random", "adaptive", "oracle") if design in runs[0]]:
        tau, tau_se = mean_se(np.array([run[design]["tau"] for run in runs]))
        separable, separable_se = mean_se(np.array([run[design]["tau_separable"] for run in runs]))
        out[design] = {
            "matches_mean": round(float(np.mean([run[design]["matches"] for run in runs])), 1),
            "tau_mean": tau, "tau_se": tau_se, "tau_separable": separable, "tau_separable_se": separable_se,
            "coverage": round(float(np.mean([run[design]["coverage"] for run in runs])), 4),
        }
    # paired over replications (the same seeds and, block by block, the same outcomes)
    for other in [other for other in ("round_robin", "random", "oracle") if other in runs[0]]:
        for figure in ("tau", "tau_separable"):
            difference, se = mean_se(np.array([run["adaptive"][figure] - run[other][figure] for run in runs]))
            out[f"adaptive_minus_{other}_{figure}"] = {"mean": difference, "se": se}
    if "oracle" in runs[0]:
        difference, se = mean_se(np.array([run["oracle"]["tau"] - run["round_robin"]["tau"] for run in runs]))
        out["oracle_minus_round_robin_tau"] = {"mean": difference, "se": se}
    out["adaptive_share_of_matches"] = round(out["adaptive"]["matches_mean"] / out["round_robin_matches"], 3)
    # within Monte-Carlo error: the paired difference's mean is less than two standard errors from 0
    to_round_robin, to_random = out["adaptive_minus_round_robin_tau"], out["adaptive_minus_random_tau"]
    out["reaches_round_robin_tau"] = bool(to_round_robin["se"] is not None
                                          and to_round_robin["mean"] + 2 * to_round_robin["se"] >= 0)
    out["beats_random_tau"] = bool(to_random["se"] is not None and to_random["mean"] - 2 * to_random["se"] > 0)
    out["target_met"] = bool(out["adaptive_share_of_matches"] <= BUDGET_SHARE and out["reaches_round_robin_tau"]
                             and out["beats_random_tau"] and 0.90 <= out["adaptive"]["coverage"] <= 0.98)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, nargs="+", default=[8, 16])
    parser.add_argument("--replications", type=int, default=None,
                        help="replications of every spread and size (default: REPLICATIONS, paired SE ≤ 0.01)")
    parser.add_argument("--share", type=float, default=BUDGET_SHARE,
                        help="adaptive's block budget as a share of the round robin's (the target: 0.6)")
    parser.add_argument("--oracle", action="store_true",
                        help="also the adaptive choice told the true gets (the same greedy rule, knowing the order)")
    parser.add_argument("--scripted", action="store_true", help="also run the quickstart's bots adaptively")
    parser.add_argument("--spread", nargs="+", choices=SPREADS, default=list(SPREADS),
                        help="even: the original made-up truth; lamen: grounded in LAMEN's cross-play results")
    parser.add_argument("--lamen-evals", type=Path, default=LAMEN_EVALS, help="LAMEN's cross-play evals.csv")
    arguments = parser.parse_args()
    results = []
    measured = measure_lamen(arguments.lamen_evals) if "lamen" in arguments.spread else None
    for name in arguments.spread:
        for n_agents in arguments.agents:
            spread = even_spread(n_agents) if name == "even" else lamen_spread(n_agents, measured)
            started = time.perf_counter()
            runs = [replication(spread, seed, arguments.oracle, arguments.share)
                    for seed in range(arguments.replications or REPLICATIONS.get((name, n_agents), 100))]
            summary = summarise(runs, spread)
            summary["seconds"] = round(time.perf_counter() - started, 1)
            results.append(summary)
    output: dict = {"benchmark": "adaptive_schedule", "synthetic": results}
    if measured is not None:
        output["lamen_measured"] = {
            "source": str(arguments.lamen_evals), "cross_play_matches": measured.matches,
            "gets_and_se": {m: [round(g, 4), round(se, 4)]
                            for m, g, se in zip(measured.models, measured.gets, measured.gets_se)},
            "gives": {m: round(v, 4) for m, v in zip(measured.models, measured.gives)},
            "games": {g: {"level": round(level, 4), "agreement": round(p, 3), "concentration": round(c, 2)}
                      for g, level, p, c in zip(measured.games, measured.levels, measured.agreement,
                                                measured.concentration)},
            "side": round(measured.side, 4), "first": round(measured.first, 4),
            "noise": check_lamen_noise(measured)}
    if arguments.scripted:
        from bench.adaptive_scripted import scripted_tournament

        output["scripted"] = scripted_tournament()
    print(json.dumps(output, indent=2))


if __name__ == "__main__":
    main()
