"""Adaptive scheduling against the full round robin and uniform random sampling (issue 20).

Synthetic agents with known gets and gives (the utility model of `lamen.ratings.utility`, 8 and
16 agents, a realistic spread with near ties), every design played in debiasing blocks of four
matches (both sides × both start orders) on 4 games, many seeded replications. Per design: the
matches it used, Kendall τ of the fitted gets to the true ones, and how often the 95% intervals
cover the true gets. Adaptive stops when every neighbour is separated or at 60% of the round
robin's blocks; random plays as many blocks as adaptive did, drawn uniformly. A block's outcomes
are seeded by the replication and the block, so designs that play the same block see the same
matches, and the differences between designs are paired (their standard errors printed). τ is
also given on the separable pairs (true gets ≥ 0.02 apart). With `--oracle`, the adaptive choice
told the true gets: whether a better-known order would help the same rule (it is a greedy rule
with the truth, not the best possible design, so not a bound).

With `--scripted`, also the quickstart's scripted negotiators on its six games, played by the
runner in full and adaptively into temporary databases: matches used, and τ of the adaptive
gets to the full round robin's (the only truth there is).

Prints JSON. Run: python bench/adaptive_schedule.py [--replications 100] [--agents 8 16] [--share 0.6] [--oracle] [--scripted]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import replace

import numpy as np
import pandas as pd
from scipy import stats

from lamen.adaptive import AdaptiveSettings, Block, choose_round, next_round, round_rng
from lamen.ratings.ranking import utility_ranking
from lamen.ratings.simulate import additive_truth
from lamen.ratings.utility import fit_utility

GAMES = 4  # instances per pairing: the round robin plays each pairing once on each
GAME_LEVEL = np.array([-0.03, -0.01, 0.01, 0.03])  # μ_game − μ
SIDE, FIRST, AGREEMENT, CONCENTRATION = 0.04, 0.02, 0.8, 4.0
BUDGET_SHARE = 0.6
SEPARABLE = 0.02  # true gets this far apart or more: a pair some design can order (the round robin's sd of a
# difference of gets is about 0.03, so the 0.01 near ties are close to a coin toss for every design)


def truth(n_agents: int) -> tuple[dict[str, float], dict[str, float]]:
    """Gets spread like a real leaderboard (0.2–0.55) with two near ties; an agent that gets more
    gives a little less (hard bargainers), so gets and gives are not the same ranking."""
    if n_agents == 8:
        gets = np.array([0.20, 0.26, 0.31, 0.33, 0.39, 0.45, 0.46, 0.53])
    else:
        gets = np.array([0.18, 0.21, 0.245, 0.26, 0.29, 0.31, 0.32, 0.35, 0.37, 0.40, 0.41, 0.44, 0.46, 0.49,
                         0.50, 0.55])
        gets = gets[:n_agents]
    mean = gets.mean()
    gives = mean - 0.4 * (gets - mean)
    names = [f"a{k:02d}" for k in range(len(gets))]
    return dict(zip(names, gets)), dict(zip(names, gives))


class Synthetic:
    """Blocks of the additive utility model, each block's outcomes seeded by the replication and the block."""

    def __init__(self, n_agents: int, seed: int) -> None:
        self.gets, self.gives = truth(n_agents)
        self.names = sorted(self.gets)
        self.mu, self.a, self.o = additive_truth(self.gets, self.gives)
        self.seed = seed
        self.blocks = [Block(f"{g}|{self.names[i]}|{self.names[j]}", self.names[i], self.names[j], f"g{g}")
                       for g in range(GAMES) for i in range(n_agents) for j in range(i + 1, n_agents)]

    def play(self, block: Block) -> list[dict]:
        game = int(block.key.split("|")[0])
        i, j = self.names.index(block.agent_a), self.names.index(block.agent_b)
        # a block's outcomes are a function of the replication's seed and the block alone (common
        # random numbers): every design that plays it sees the same matches, so designs differ by
        # which blocks they play, not by luck, and their paired differences have a small error
        rng = np.random.default_rng([self.seed, game, i, j])
        rows = []
        for k, (a, b, a_first) in enumerate(((i, j, True), (i, j, False), (j, i, True), (j, i, False))):
            x_first = 0.5 if a_first else -0.5
            mean_a = self.mu + GAME_LEVEL[game] + self.a[a] + self.o[b] + SIDE / 2 + FIRST * x_first
            mean_b = self.mu + GAME_LEVEL[game] + self.a[b] + self.o[a] - SIDE / 2 - FIRST * x_first
            agreed = rng.random() < AGREEMENT
            split_a, split_b = mean_a / AGREEMENT, mean_b / AGREEMENT
            u_a = rng.beta(CONCENTRATION * split_a, CONCENTRATION * (1 - split_a)) if agreed else 0.0
            u_b = rng.beta(CONCENTRATION * split_b, CONCENTRATION * (1 - split_b)) if agreed else 0.0
            rows.append({"match_id": f"{block.key}|{k}", "game": f"g{game}", "agent_a": self.names[a],
                         "agent_b": self.names[b], "first": "a" if a_first else "b", "u_a": u_a, "u_b": u_b,
                         "agreement": agreed, "block": block.key})
        return rows

    def true_gets(self, fit) -> np.ndarray:  # noqa: ANN001 - a UtilityFit
        """The true gets under the fit's own game mix (its μ̄ weights the games by rows)."""
        n, g = len(self.names), len(fit.games)
        theta = np.zeros(fit.gets_matrix.shape[1])
        theta[:g] = [self.mu + GAME_LEVEL[int(name[1:])] for name in fit.games]
        theta[g:g + n] = self.a
        theta[g + n:g + 2 * n] = self.o
        return fit.gets_matrix @ theta


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


def replication(n_agents: int, seed: int, oracle: bool = False,
                share: float = BUDGET_SHARE) -> dict[str, dict[str, float]]:
    blocks = GAMES * n_agents * (n_agents - 1) // 2
    budget = math.floor(share * blocks)
    full = Synthetic(n_agents, seed)
    result = {"round_robin": score(full, [row for block in full.blocks for row in full.play(block)])}
    world = Synthetic(n_agents, seed)
    adaptive_rows = adaptive(world, seed, budget, round_blocks=n_agents)
    result["adaptive"] = score(world, adaptive_rows)
    if oracle:
        told = Synthetic(n_agents, seed)
        result["oracle"] = score(told, adaptive(told, seed, budget, round_blocks=n_agents, oracle=True))
    used = result["adaptive"]["matches"] // 4
    sampled = Synthetic(n_agents, seed)
    picks = np.random.default_rng([seed, 1]).choice(len(sampled.blocks), size=used, replace=False)
    result["random"] = score(sampled, [row for k in sorted(picks) for row in sampled.play(sampled.blocks[k])])
    return result


def summarise(runs: list[dict[str, dict[str, float]]], n_agents: int) -> dict:
    out: dict = {"agents": n_agents, "replications": len(runs), "round_robin_matches": runs[0]["round_robin"]["matches"]}

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
    parser.add_argument("--replications", type=int, default=100)
    parser.add_argument("--share", type=float, default=BUDGET_SHARE,
                        help="adaptive's block budget as a share of the round robin's (the target: 0.6)")
    parser.add_argument("--oracle", action="store_true",
                        help="also the adaptive choice told the true gets (the same greedy rule, knowing the order)")
    parser.add_argument("--scripted", action="store_true", help="also run the quickstart's bots adaptively")
    arguments = parser.parse_args()
    results = []
    for n_agents in arguments.agents:
        started = time.perf_counter()
        runs = [replication(n_agents, seed, arguments.oracle, arguments.share) for seed in range(arguments.replications)]
        summary = summarise(runs, n_agents)
        summary["seconds"] = round(time.perf_counter() - started, 1)
        results.append(summary)
    output: dict = {"benchmark": "adaptive_schedule", "synthetic": results}
    if arguments.scripted:
        from bench.adaptive_scripted import scripted_tournament

        output["scripted"] = scripted_tournament()
    print(json.dumps(output, indent=2))


if __name__ == "__main__":
    main()
