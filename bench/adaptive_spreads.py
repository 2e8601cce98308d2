"""The truths the adaptive-scheduling benchmark plays (issue 20): agents' gets and gives, the
games' levels, and the per-match outcome noise, for `bench/adaptive_schedule.py` and
`bench/adaptive_bound.py`.

Two spreads:

- **even** — the benchmark's original, made up: gets 0.20–0.55 spread like a leaderboard with
  two near ties, 4 games, 80% agreement, utilities Beta with concentration 4 given agreement.
- **lamen** — grounded in LAMEN's published cross-play results,
  `processed_outputs/cross_play/28-09-2023_14-40-51/evals.csv` (369 games; the 326 between two
  different models are used: gpt-4, gpt-3.5-turbo, claude-2, chat-bison, on six rental games).
  The rows are read by `lamen.importers.lamen_evals` (columns `agent_1_model_name`,
  `agent_2_model_name`; `completion_reason` "full agreement" or "aligning internal states,
  textual disagreement" is an agreement; a side's u is `agent_N_normalized_payoff` when
  agreed, else 0; `game_issues` + `game_issue_weights` name the game; `protocol_start_agent_index`
  the first mover). Then:
    * each model's gets and gives: `lamen.ratings.utility.fit_utility` on those rows
      (gets = μ̄ + a_m + ō₋m, the headline rating), and β_side, β_first from the same fit;
    * per game g, from both sides' rows: level_g = mean u of the game − the mean of the six
      games' means; p_g = the share of its matches with an agreement; c_g, the concentration of u
      given agreement, by moments: c_g = m(1 − m) / s² − 1 with m, s the mean and sd of u over
      the agreed sides;
    * K agents (8 or 16) — there are only four models — at K evenly spaced positions of the
      measured models' quantile function: the models' gets sorted, linearly interpolated at
      positions 0, 3/(K−1), …, 3 (np.interp over ranks 0..3). The spread keeps the measured
      shape — a near tie at the bottom (gpt-4 0.232, chat-bison 0.240), wider gaps above
      (claude-2 0.279, gpt-3.5-turbo 0.332). For 16 agents the four models are themselves among
      them (every fifth); for 8 only the two ends are. Gives are interpolated at the same
      positions (models taken in gets order) and shifted by the difference of the means, as the
      additive model needs (what is got is given): by 0.0005 (8 agents) and 0.0008 (16).
  Each match then agrees with probability p_g, and an agreed side's u is Beta with mean
  (μ + level_g + a_i + o_j ± β_side/2 ± β_first/2) / p_g and concentration c_g. Not modelled:
  the correlation of the two sides' u within a match (in distributive games they sum to 1).
  `check_lamen_noise` plays a round robin of the four models' spread and compares the fit's
  residual sd with the real one (0.315).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from lamen.ratings.simulate import additive_truth

REPO = Path(__file__).resolve().parent.parent
LAMEN_EVALS = (REPO.parent / "shared" / "fixtures" / "lamen" / "data" / "processed_outputs" / "cross_play"
               / "28-09-2023_14-40-51" / "evals.csv")
SPREADS = ("even", "lamen")


@dataclass(frozen=True, eq=False)
class Spread:
    """A truth to play: agents (sorted by name) with their gets and gives, one level per game
    (μ_game − μ), its agreement rate and the concentration of an agreed side's utility, and the
    side and first-mover effects."""

    name: str
    gets: dict[str, float]
    gives: dict[str, float]
    levels: np.ndarray
    agreement: np.ndarray
    concentration: np.ndarray
    side: float
    first: float
    source: str

    def __post_init__(self) -> None:
        if not (len(self.levels) == len(self.agreement) == len(self.concentration)):
            raise ValueError(f"spread {self.name}: levels, agreement and concentration need one entry per game")

    @property
    def games(self) -> int:
        return len(self.levels)


def even_spread(n_agents: int) -> Spread:
    """The original benchmark truth: gets spread like a real leaderboard (0.2–0.55) with two near
    ties; an agent that gets more gives a little less (hard bargainers), so gets and gives are
    not the same ranking."""
    if n_agents == 8:
        gets = np.array([0.20, 0.26, 0.31, 0.33, 0.39, 0.45, 0.46, 0.53])
    else:
        gets = np.array([0.18, 0.21, 0.245, 0.26, 0.29, 0.31, 0.32, 0.35, 0.37, 0.40, 0.41, 0.44, 0.46, 0.49,
                         0.50, 0.55])[:n_agents]
    mean = gets.mean()
    gives = mean - 0.4 * (gets - mean)
    names = [f"a{k:02d}" for k in range(len(gets))]
    return Spread("even", dict(zip(names, gets)), dict(zip(names, gives)),
                  levels=np.array([-0.03, -0.01, 0.01, 0.03]), agreement=np.full(4, 0.8),
                  concentration=np.full(4, 4.0), side=0.04, first=0.02, source="made up")


@dataclass(frozen=True)
class LamenMeasured:
    """What `evals.csv` says, before the spread is interpolated."""

    models: tuple[str, ...]  # best gets first
    gets: np.ndarray
    gives: np.ndarray
    gets_se: np.ndarray
    games: tuple[str, ...]
    levels: np.ndarray
    agreement: np.ndarray
    concentration: np.ndarray
    side: float
    first: float
    residual_sd: float
    matches: int


def lamen_cross_play(path: Path = LAMEN_EVALS) -> pd.DataFrame:
    """The finished cross-play rows of LAMEN's evals.csv as lamen's match table."""
    from lamen.importers.lamen_evals import import_lamen_evals
    from lamen.store import Store
    from lamen.store.tables import match_table

    if not path.is_file():
        raise SystemExit(f"{path}: LAMEN's cross-play evals.csv not found (pass --lamen-evals PATH)")
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "lamen.db")
        try:
            summary = import_lamen_evals(path, store)
            frame = match_table(store, summary.tournament)
        finally:
            store.close()
    return frame[(frame["stage"] == "cross") & (frame["status"] == "finished")].reset_index(drop=True)


def measure_lamen(path: Path = LAMEN_EVALS) -> LamenMeasured:
    from lamen.ratings.utility import fit_utility

    frame = lamen_cross_play(path)
    fit = fit_utility(frame)
    sides = pd.concat([pd.DataFrame({"game": frame["game"], "u": frame["u_a"], "agreed": frame["agreement"]}),
                       pd.DataFrame({"game": frame["game"], "u": frame["u_b"], "agreed": frame["agreement"]})])
    games = tuple(sorted(frame["game"].unique()))
    means = np.array([sides.loc[sides["game"] == g, "u"].mean() for g in games])
    agreement = np.array([frame.loc[frame["game"] == g, "agreement"].mean() for g in games])
    concentration = []
    for g in games:
        agreed = sides.loc[(sides["game"] == g) & sides["agreed"].astype(bool), "u"]
        m, s2 = agreed.mean(), agreed.var(ddof=1)
        concentration.append(m * (1 - m) / s2 - 1)
    ratings = fit.ratings  # best gets first
    return LamenMeasured(
        models=tuple(r.agent for r in ratings), gets=np.array([r.gets for r in ratings]),
        gives=np.array([r.gives for r in ratings]), gets_se=np.array([r.gets_se for r in ratings]),
        games=games, levels=means - means.mean(), agreement=agreement, concentration=np.array(concentration),
        side=fit.side.value, first=fit.first_mover.value, residual_sd=fit.residual_sd, matches=len(frame))


def lamen_spread(n_agents: int, measured: LamenMeasured) -> Spread:
    """`n_agents` at evenly spaced positions of the measured models' gets (see the module doc)."""
    order = np.argsort(measured.gets)  # worst first
    ranks = np.arange(len(order), dtype=float)
    positions = np.linspace(0.0, ranks[-1], n_agents)
    gets = np.interp(positions, ranks, measured.gets[order])
    gives = np.interp(positions, ranks, measured.gives[order])
    gives = gives + (gets.mean() - gives.mean())
    names = [f"m{k:02d}" for k in range(n_agents)]
    return Spread("lamen", dict(zip(names, gets)), dict(zip(names, gives)), levels=measured.levels,
                  agreement=measured.agreement, concentration=measured.concentration, side=measured.side,
                  first=measured.first, source=str(LAMEN_EVALS.relative_to(REPO.parent)))


class Synthetic:
    """Blocks of the additive utility model on a spread, each block's outcomes seeded by the
    replication and the block."""

    def __init__(self, spread: Spread, seed: int) -> None:
        from lamen.adaptive import Block

        self.spread = spread
        self.gets, self.gives = spread.gets, spread.gives
        self.names = sorted(self.gets)
        self.mu, self.a, self.o = additive_truth(self.gets, self.gives)
        self.seed = seed
        n = len(self.names)
        self.blocks = [Block(f"{g}|{self.names[i]}|{self.names[j]}", self.names[i], self.names[j], f"g{g}")
                       for g in range(spread.games) for i in range(n) for j in range(i + 1, n)]

    def play(self, block) -> list[dict]:  # noqa: ANN001 - a lamen.adaptive.Block
        game = int(block.key.split("|")[0])
        i, j = self.names.index(block.agent_a), self.names.index(block.agent_b)
        spread = self.spread
        p, c = spread.agreement[game], spread.concentration[game]
        # a block's outcomes are a function of the replication's seed and the block alone (common
        # random numbers): every design that plays it sees the same matches, so designs differ by
        # which blocks they play, not by luck, and their paired differences have a small error
        rng = np.random.default_rng([self.seed, game, i, j])
        rows = []
        for k, (a, b, a_first) in enumerate(((i, j, True), (i, j, False), (j, i, True), (j, i, False))):
            x_first = 0.5 if a_first else -0.5
            level = self.mu + spread.levels[game]
            mean_a = level + self.a[a] + self.o[b] + spread.side / 2 + spread.first * x_first
            mean_b = level + self.a[b] + self.o[a] - spread.side / 2 - spread.first * x_first
            split_a, split_b = mean_a / p, mean_b / p
            if not (0 < split_a < 1 and 0 < split_b < 1):
                raise ValueError(f"spread {spread.name}: game {game}'s mean utility given agreement leaves (0, 1)")
            agreed = rng.random() < p
            u_a = rng.beta(c * split_a, c * (1 - split_a)) if agreed else 0.0
            u_b = rng.beta(c * split_b, c * (1 - split_b)) if agreed else 0.0
            rows.append({"match_id": f"{block.key}|{k}", "game": f"g{game}", "agent_a": self.names[a],
                         "agent_b": self.names[b], "first": "a" if a_first else "b", "u_a": u_a, "u_b": u_b,
                         "agreement": agreed, "block": block.key})
        return rows

    def true_gets(self, fit) -> np.ndarray:  # noqa: ANN001 - a UtilityFit
        """The true gets under the fit's own game mix (its μ̄ weights the games by rows)."""
        n, g = len(self.names), len(fit.games)
        theta = np.zeros(fit.gets_matrix.shape[1])
        theta[:g] = [self.mu + self.spread.levels[int(name[1:])] for name in fit.games]
        theta[g:g + n] = self.a
        theta[g + n:g + 2 * n] = self.o
        return fit.gets_matrix @ theta


def check_lamen_noise(measured: LamenMeasured, replications: int = 20) -> dict:
    """The four models' own spread, played as a round robin (every game, both sides × both start
    orders, twice — LAMEN played each pairing 54 times on average): the utility fit's residual sd
    against the real data's, so the simulated per-match noise is seen to be the measured one."""
    from lamen.ratings.utility import fit_utility

    names = [f"m{k:02d}" for k in range(len(measured.models))]
    order = np.argsort(measured.gets)
    gives = measured.gives[order] + (measured.gets.mean() - measured.gives.mean())
    spread = Spread("lamen-4", dict(zip(names, measured.gets[order])), dict(zip(names, gives)),
                    levels=measured.levels, agreement=measured.agreement, concentration=measured.concentration,
                    side=measured.side, first=measured.first, source="")
    residual = []
    for seed in range(replications):
        rows = []
        for repeat in range(2):
            world = Synthetic(spread, seed * 2 + repeat)
            for block in world.blocks:
                rows += [{**row, "match_id": f"{row['match_id']}|{repeat}", "block": f"{row['block']}|{repeat}"}
                         for row in world.play(block)]
        residual.append(fit_utility(pd.DataFrame(rows)).residual_sd)
    return {"real_residual_sd": round(measured.residual_sd, 4),
            "simulated_residual_sd": round(float(np.mean(residual)), 4)}
