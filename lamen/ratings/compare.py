"""Paired comparison of two agents — or two versions of one agent, e.g. before and after a prompt
change, possibly stored in two databases — on the matches they played under identical specs.

A pair is one match of agent A and one of agent B with the same game, opponent, side, start
order (whether the agent moved first), repetition and mirror. Pairing removes what the game,
the opponent and the seating contribute, so the differences measure the agents alone. Pairs that
share a debiasing block (game, opponent, repetition) are correlated, so intervals use the
cluster-robust standard error of a mean over those blocks, with a t quantile on blocks − 1
degrees of freedom.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from lamen.ratings.scores import graded_score

KEY = ("game", "opponent", "side", "moved_first", "repetition", "mirror")
FIGURES = {"utility": "U", "agreement": "agreement", "score": "BT score"}


@dataclass(frozen=True)
class PairedDifference:
    """B − A of one figure over the matched pairs, with its `level` interval (NaN when the
    pairs cannot give one: fewer than two blocks, or differences without spread)."""

    figure: str
    mean_a: float
    mean_b: float
    difference: float
    lower: float
    upper: float
    se: float


@dataclass(frozen=True, eq=False)
class Comparison:
    label_a: str
    label_b: str
    pairs: int
    blocks: int
    unmatched_a: int
    unmatched_b: int
    differences: tuple[PairedDifference, ...]
    matched: pd.DataFrame  # one row per pair: the key, then <figure>_a and <figure>_b
    level: float

    def difference(self, figure: str) -> PairedDifference:
        return next(d for d in self.differences if d.figure == figure)


def agent_rows(matches: pd.DataFrame, agent: str) -> pd.DataFrame:
    """The finished cross-play matches of `agent`, one row each from its own side: the key,
    its utility, whether there was an agreement, and its graded score."""
    finished = matches[(matches["status"] == "finished") & (matches["agent_a"] != matches["agent_b"])]
    if "stage" in finished:
        finished = finished[finished["stage"] == "cross"]
    views = []
    for side, me, other in ((0, "a", "b"), (1, "b", "a")):
        mine = finished[finished[f"agent_{me}"] == agent]
        score = graded_score(mine[f"u_{me}"].astype(float), mine[f"u_{other}"].astype(float), mine["agreement"])
        views.append(pd.DataFrame({
            "match_id": mine["match_id"], "game": mine["game"], "opponent": mine[f"agent_{other}"], "side": side,
            "moved_first": mine["first"] == me, "repetition": mine.get("repetition", 0),
            "mirror": mine.get("mirror", 0), "utility": mine[f"u_{me}"].astype(float),
            "agreement": mine["agreement"].astype(float), "score": score,
        }))
    rows = pd.concat(views, ignore_index=True)
    return rows.fillna({"repetition": 0, "mirror": 0})


def _difference(figure: str, pairs: pd.DataFrame, cluster: np.ndarray, level: float) -> PairedDifference:
    a, b = pairs[f"{figure}_a"].to_numpy(float), pairs[f"{figure}_b"].to_numpy(float)
    d = b - a
    mean = float(d.mean())
    clusters = np.unique(cluster)
    se = lower = upper = np.nan
    if len(clusters) >= 2:
        # CR1 standard error of a mean: residuals summed per block, small-sample factor C/(C − 1).
        sums = pd.Series(d - mean).groupby(cluster).sum().to_numpy()
        se = float(np.sqrt(len(clusters) / (len(clusters) - 1) * (sums**2).sum()) / len(d))
        if se > 1e-12:
            half = float(stats.t.ppf(0.5 + level / 2, len(clusters) - 1)) * se
            lower, upper = mean - half, mean + half
    return PairedDifference(figure=figure, mean_a=float(a.mean()), mean_b=float(b.mean()), difference=mean,
                            lower=lower, upper=upper, se=se)


def compare_agents(matches_a: pd.DataFrame, agent_a: str, matches_b: pd.DataFrame, agent_b: str, *,
                   label_a: str | None = None, label_b: str | None = None, level: float = 0.95) -> Comparison:
    """Pair the cross-play matches of `agent_a` (in `matches_a`) and `agent_b` (in `matches_b`)
    by game, opponent, side, start order, repetition and mirror; B − A of U, agreement rate and
    graded score with intervals. Raises ValueError without a single pair.

    Matches against the other agent of the comparison cannot pair (neither plays itself).
    Should one table hold several matches with the same key, they are averaged into one.
    """
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must be between 0 and 1, got {level}")
    rows_a, rows_b = agent_rows(matches_a, agent_a), agent_rows(matches_b, agent_b)
    label_a, label_b = label_a or agent_a, label_b or agent_b
    for label, rows in ((label_a, rows_a), (label_b, rows_b)):
        if rows.empty:
            raise ValueError(f"{label}: no finished cross-play match of this agent")
    key = list(KEY)
    mean_a = rows_a.groupby(key)[list(FIGURES)].mean()
    mean_b = rows_b.groupby(key)[list(FIGURES)].mean()
    pairs = mean_a.merge(mean_b, how="inner", left_index=True, right_index=True, suffixes=("_a", "_b")).reset_index()
    if pairs.empty:
        raise ValueError(f"{label_a} and {label_b} never played the same game against the same opponent on the same "
                         "side, start order and repetition: nothing to pair")
    cluster = pd.factorize(pd.MultiIndex.from_frame(pairs[["game", "opponent", "repetition"]]))[0]
    return Comparison(
        label_a=label_a, label_b=label_b, pairs=len(pairs), blocks=int(cluster.max()) + 1,
        unmatched_a=len(mean_a) - len(pairs), unmatched_b=len(mean_b) - len(pairs),
        differences=tuple(_difference(figure, pairs, cluster, level) for figure in FIGURES),
        matched=pairs, level=level,
    )
