"""The quickstart's scripted negotiators on its six games, cross-play only: the full round robin
played by the runner, then the same tournament with `design: adaptive` played by the runner, and
many more adaptive and uniform-random designs replayed from the round robin's outcomes (a
scripted match's outcome is a function of its spec, so every design's match is the round robin's
match: the runner's adaptive run checks that). Truth here is the round robin's gets. Coverage is
given twice: of the round robin's gets as they are, and on each design's own game mix (the round
robin's fitted model read through the design's gets contrasts, as the synthetic benchmark's truth
is). gets averages the games in the proportions they were played; the adaptive choice tilts
that mix the same way in every replay (a block's worth depends on its game's level μ_g), so its
gets are biased against the round robin's by the tilt, a random design's only scattered.

Imported by bench/adaptive_schedule.py (`--scripted`); run alone: python bench/adaptive_scripted.py
"""

from __future__ import annotations

import asyncio
import json
import math
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from lamen.adaptive import AdaptiveSettings, Block, next_round
from lamen.ratings.ranking import utility_ranking
from lamen.ratings.utility import UtilityFit, fit_utility
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.store.tables import match_table

AGENTS = ["bot:boulware", "bot:linear", "bot:conceder", "bot:hardliner", "bot:tit-for-tat", "bot:random"]
GAMES = ["rental-1-distributive", "rental-1-compatible", "rental-2-distributive", "rental-2-mixture",
         "rental-2-integrative-distributive", "rental-2-integrative-mixture"]
BUDGET_SHARE = 0.6


def tournament(design: dict) -> Tournament:
    return Tournament.model_validate({"name": "scripted", "agents": AGENTS, "games": GAMES, "self_play": False,
                                      "seed": 0, **design})


def play(spec: Tournament, database: Path) -> pd.DataFrame:
    store = Store(database)
    try:
        asyncio.run(Runner(spec, store, Library.default()).run())
        frame = match_table(store, spec.name)
    finally:
        store.close()
    return frame[(frame["stage"] == "cross") & (frame["status"] == "finished")]


def judged(frame: pd.DataFrame, truth: pd.Series, full: UtilityFit) -> dict[str, float]:
    """τ of the design's gets to the round robin's, and how often its intervals cover the round
    robin's gets — as they are (averaged over the round robin's game mix) and on the design's own
    game mix (the round robin's fitted model read through the design's gets contrasts, as the
    synthetic benchmark's truth is): a design that plays some games more than others estimates
    gets averaged over its own mix."""
    fit = fit_utility(frame)
    agents = list(truth.index)
    estimate = np.array([fit.rating(a).gets for a in agents])
    low = np.array([fit.rating(a).gets_low for a in agents])
    high = np.array([fit.rating(a).gets_high for a in agents])
    if fit.agents != full.agents or fit.games != full.games:
        raise ValueError("scripted: a design that left out an agent or a game cannot be compared with the round robin")
    own_mix = pd.Series(fit.gets_matrix @ full.params, index=fit.agents)[agents].to_numpy()
    return {"matches": len(frame), "tau": float(stats.kendalltau(estimate, truth.to_numpy()).statistic),
            "covers_round_robin": float(np.mean((low <= truth.to_numpy()) & (truth.to_numpy() <= high))),
            "covers_round_robin_on_own_mix": float(np.mean((low <= own_mix) & (own_mix <= high))),
            "game_share_range": float(np.ptp(fit.gets_matrix[0, :len(fit.games)]))}


def replay_adaptive(full: pd.DataFrame, seed: int, budget: int) -> pd.DataFrame:
    groups = {key: group for key, group in full.groupby("block", sort=False)}
    blocks = [Block(key, group["agent_a"].iloc[0], group["agent_b"].iloc[0], group["game"].iloc[0]) for key, group in groups.items()]
    settings = AdaptiveSettings(stop_when="separated", blocks=budget, round_blocks=len(AGENTS))
    chosen: list[str] = []
    round_index = 0
    while True:
        played = full[full["block"].isin(set(chosen))]
        scheduled = utility_ranking(played) if chosen else None
        unplayed = [b for b in blocks if b.key not in set(chosen)]
        choice = next_round(unplayed, AGENTS, scheduled.ranking if scheduled else None,
                            lambda b: scheduled.candidate(b.key, b.agent_a, b.agent_b, b.instance), len(chosen), round_index,
                            settings, seed)
        if choice is None:
            return played
        chosen += choice.blocks
        round_index += 1


def scripted_tournament(replications: int = 200) -> dict:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        full = play(tournament({}), Path(folder) / "full.db")
        blocks = full["block"].nunique()
        budget = math.floor(BUDGET_SHARE * blocks)
        adaptive_spec = tournament({"design": "adaptive", "adaptive": {"blocks": budget}})
        run = play(adaptive_spec, Path(folder) / "adaptive.db")
    fit = fit_utility(full)
    truth = pd.Series({r.agent: r.gets for r in fit.ratings})
    same = full.set_index("match_id").loc[run["match_id"], ["u_a", "u_b"]].to_numpy()
    result: dict = {
        "agents": len(AGENTS), "games": len(GAMES), "round_robin_matches": len(full), "round_robin_blocks": blocks,
        "round_robin_gets": {agent: round(value, 4) for agent, value in truth.sort_values(ascending=False).items()},
        "runner_adaptive": {**judged(run, truth, fit),
                            "outcomes_equal_round_robin": bool(np.allclose(same, run[["u_a", "u_b"]].to_numpy()))},
    }
    adaptive = [judged(replay_adaptive(full, seed, budget), truth, fit) for seed in range(replications)]
    rng = np.random.default_rng(0)
    keys = full["block"].unique()
    random = [judged(full[full["block"].isin(rng.choice(keys, size=a["matches"] // 4, replace=False))], truth, fit)
              for a in adaptive]
    for name, runs in (("adaptive_replayed", adaptive), ("random_replayed", random)):
        result[name] = {"replications": len(runs),
                        "matches_mean": round(float(np.mean([r["matches"] for r in runs])), 1),
                        "tau_mean": round(float(np.mean([r["tau"] for r in runs])), 4),
                        "tau_se": round(float(np.std([r["tau"] for r in runs], ddof=1) / math.sqrt(len(runs))), 4),
                        **{figure: round(float(np.mean([r[figure] for r in runs])), 4)
                           for figure in ("covers_round_robin", "covers_round_robin_on_own_mix", "game_share_range")}}
    difference = np.array([a["tau"] - r["tau"] for a, r in zip(adaptive, random)])
    result["adaptive_minus_random_tau"] = {"mean": round(float(difference.mean()), 4),
                                           "se": round(float(difference.std(ddof=1) / math.sqrt(len(runs))), 4)}
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


if __name__ == "__main__":
    print(json.dumps({"benchmark": "adaptive_scripted", "scripted": scripted_tournament()}, indent=2))
