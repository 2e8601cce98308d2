"""Optimization instances: a k×k reviewer × paper fit table, what each co-chair sees of it and at
which private scale. From the 134 human games shipped in `data/` (CDLA-Permissive-2.0, see
data/SOURCE.md) or from a seeded generator re-derived from the DialOp paper, Appendix A.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from lamen.core.family import Instance
from lamen.families.optimization.matching import best_matching, matching_value

FAMILY_NAME = "dialop.optimization"
ROLES = ("player-0", "player-1")
UNKNOWN = 50  # a cell nobody sees is worth its expectation under Uniform[0, 100]
# This project's own names; the paper's shipped games store only numbers.
REVIEWERS = ("Amara Okafor", "Bruno Castell", "Chen Wei", "Dalia Haddad", "Emil Sorensen",
             "Farah Qureshi", "Goran Petrovic", "Hana Sato", "Ines Duarte", "Jonas Lind")
PAPERS = ("Sparse Attention", "Graph Kernels", "Causal Probing", "Speech Tokens", "Tabular Priors",
          "Robust Decoding", "Memory Replay", "Federated Audits", "Prompt Compression", "Latent Planning")


class OptimizationConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: Literal["human", "generated"] = "human"
    k: int = Field(8, ge=2, le=len(REVIEWERS))
    p_observed: float = Field(0.4, gt=0, le=1)
    min_ratio: float = Field(1.25, ge=1)  # pooled optimum ≥ min_ratio × what each player gets alone
    max_draws: int = 200_000  # generator attempts before giving up (the rule rejects ~99.9%)


class OptimizationInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    reviewers: tuple[str, ...]
    papers: tuple[str, ...]
    table: tuple[tuple[int, ...], ...]  # true fit of reviewer r for paper p; unseen-by-both cells = 50
    masks: tuple[tuple[tuple[bool, ...], ...], tuple[tuple[bool, ...], ...]]  # per player: cells it sees
    scales: tuple[float, float]  # each player's private factor (its sheet shows round(value × scale))
    notes: tuple[str, str] = ("", "")  # a private line per player (empty in shipped/generated games)

    @property
    def k(self) -> int:
        return len(self.table)

    def sheet(self, player: int) -> tuple[tuple[int | None, ...], ...]:
        """What the player's spreadsheet shows: its cells, scaled and rounded; None elsewhere."""
        s = self.scales[player]
        return tuple(tuple(int(round(v * s)) if seen else None for v, seen in zip(row, mrow))
                     for row, mrow in zip(self.table, self.masks[player]))

    def optimum(self) -> int:
        """The pooled-knowledge optimum: the best matching over the stored table (the normaliser)."""
        return matching_value(self.table, best_matching(self.table))


@lru_cache(maxsize=1)
def _human_lines() -> tuple[str, ...]:
    text = files("lamen.families.optimization").joinpath("data/optimization.jsonl").read_text("utf-8")
    return tuple(line for line in text.splitlines() if line.strip())


def human_game_count() -> int:
    return len(_human_lines())


def human_instance(index: int) -> OptimizationInstance:
    lines = _human_lines()
    if not 0 <= index < len(lines):
        raise ValueError(f"dialop.optimization has {len(lines)} human games: seed {index} is out of range 0–{len(lines) - 1}")
    game = json.loads(lines[index])
    k = len(game["table"])
    return OptimizationInstance(
        family=FAMILY_NAME, source=f"dialop-human:{index}", reviewers=REVIEWERS[:k], papers=PAPERS[:k],
        table=tuple(tuple(int(v) for v in row) for row in game["table"]),
        masks=tuple(tuple(tuple(bool(c) for c in row) for row in game[key]) for key in ("mask1", "mask2")),  # type: ignore[arg-type]
        scales=(float(game["scale1"]), float(game["scale2"])))


def passes_ratio_rule(table: np.ndarray, masks: np.ndarray, scales: tuple[float, float], min_ratio: float) -> bool:
    """Appendix A: keep a game only if the pooled optimum is ≥ `min_ratio` × the true value of the
    matching each player would choose with only its own cells (the own-view player's choice)."""
    best = table[np.arange(len(table)), best_matching(table)].sum()
    for mask, scale in zip(masks, scales):
        # The own-view player's sheet: hidden cells shown as a 50 would be. With this view 128 of
        # the 134 human games pass the rule (with unrounded 50 × scale only 119 do).
        view = np.where(mask, np.round(table * scale), np.round(UNKNOWN * scale))
        if best < min_ratio * table[np.arange(len(table)), best_matching(view)].sum():
            return False
    return True


def generate(config: OptimizationConfig, seed: int) -> OptimizationInstance:
    """Values uniform on 0..99, each cell seen by each player with probability p, cells nobody sees
    set to 50, scales uniform on [1, 10]; redrawn until the ratio rule holds (about 1 draw in
    3,000 passes). Seeded: the same (seed, k) gives the same instance on every machine.

    Draws come in batches, and a candidate is first tested against a cheap upper bound of the
    pooled optimum (the smaller of the row-maximum and column-maximum sums), so the exact rule
    runs on few candidates; the instance is the first candidate passing the exact rule."""
    rng = np.random.default_rng([seed, config.k])
    k, batch = config.k, 256
    rows = np.arange(k)
    for _ in range(0, config.max_draws, batch):
        raw = rng.integers(0, 100, size=(batch, k, k))
        seen = rng.random((batch, 2, k, k)) < config.p_observed
        scales = rng.uniform(1, 10, size=(batch, 2))
        tables = np.where(seen[:, 0] | seen[:, 1], raw, UNKNOWN)
        bound = np.minimum(tables.max(axis=2).sum(axis=1), tables.max(axis=1).sum(axis=1))
        views = np.where(seen, np.round(tables[:, None] * scales[:, :, None, None]),
                         np.round(UNKNOWN * scales)[:, :, None, None])
        for b in range(batch):
            own = 0
            for player in (0, 1):  # most candidates fail on player 0 against the bound alone
                own = max(own, tables[b][rows, best_matching(views[b, player])].sum())
                if bound[b] < config.min_ratio * own:
                    break
            if bound[b] < config.min_ratio * own:
                continue
            if tables[b][rows, best_matching(tables[b])].sum() < config.min_ratio * own:
                continue
            return OptimizationInstance(
                family=FAMILY_NAME, source=f"generated:seed={seed}", reviewers=REVIEWERS[:k], papers=PAPERS[:k],
                table=tuple(tuple(int(v) for v in row) for row in tables[b]),
                masks=tuple(tuple(tuple(bool(c) for c in row) for row in m) for m in seen[b]),  # type: ignore[arg-type]
                scales=(float(scales[b, 0]), float(scales[b, 1])))
    raise ValueError(f"no table passed the {config.min_ratio} rule in {config.max_draws} draws (seed {seed})")


def make_instance(config: OptimizationConfig, seed: int) -> OptimizationInstance:
    return human_instance(seed) if config.source == "human" else generate(config, seed)
