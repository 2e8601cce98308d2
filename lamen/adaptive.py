"""Adaptive scheduling: which debiasing blocks to play next, and when to stop (issue 20).

Pure functions of a `Ranking` (what the headline rating says now: estimates, intervals and
their covariance) and the blocks still unplayed; no I/O, no rating fit. A block is all side ×
start-order replays of one pairing on one instance, so whatever is chosen brings no side or
first-mover bias in.

Each round, most blocks are chosen greedily by how much they are expected to lower the expected
number of misordered pairs — what Kendall's τ to the truth counts: for every two keys of a group,
the posterior chance Φ(−|d| / sd) that their estimated order is wrong, and its expectation after
the block (the estimate moves, the sd shrinks; `expected_misordered`, closed form). A pair whose
order is already sure gains nothing, so blocks go where an order may still change. A block is treated as a linear
observation of the rating's parameters (`Candidate.observes`: μ_g + a_i + o_j and μ_g + a_j + o_i
for the utility model, a_i + a_j for partners) with the noise of one block; the expected
covariance after it is the Kalman update of the current one, so a second block of the same
pairing in a round is worth less than the first. A floor of the round's blocks is drawn uniformly at random (seeded), as
Chatbot Arena keeps, so no pairing is starved on the strength of an early, wrong estimate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from scipy import special

MIN_FLOOR = 0.2  # the share of every round's blocks drawn at random, at least
MIN_ROUNDS = 2  # rounds played before `separated` may stop a tournament: the warm-up and one chosen


@dataclass(frozen=True, eq=False)
class Ranking:
    """The headline rating as the scheduler sees it. `keys` are what is ranked (an agent, or a
    (role, agent) for role ratings), `groups` which ranking each key belongs to (one for most
    relations, one per role): neighbours are taken within a group. `covariance` is over the keys'
    figures (keys × keys), or, with `contrast` (keys × parameters: figure = contrast · θ), over
    the rating model's parameters, which blocks then observe; `noise` is the variance of one
    observation of one block."""

    keys: tuple[str, ...]
    groups: tuple[str, ...]
    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    covariance: np.ndarray
    noise: float
    contrast: np.ndarray | None = None

    @property
    def n_params(self) -> int:
        return len(self.keys) if self.contrast is None else self.contrast.shape[1]

    def __post_init__(self) -> None:
        n = len(self.keys)
        if len(self.groups) != n or self.estimate.shape != (n,) or self.low.shape != (n,) or self.high.shape != (n,):
            raise ValueError(f"ranking: keys, groups, estimate, low and high must all have {n} entries")
        if self.contrast is not None and self.contrast.shape[0] != n:
            raise ValueError(f"ranking: contrast must have a row per key ({n}), got {self.contrast.shape[0]}")
        p = self.n_params
        if self.covariance.shape != (p, p):
            raise ValueError(f"ranking: covariance must be {p} × {p}, got {self.covariance.shape}")
        if not (self.noise > 0 and math.isfinite(self.noise)):
            raise ValueError(f"ranking: noise must be a positive number, got {self.noise}")

    def neighbours(self) -> list[tuple[int, int]]:
        """Adjacent keys (better, worse) in each group's current order; keys without an
        estimate (NaN) are left out: nothing says where they stand."""
        pairs = []
        for group in dict.fromkeys(self.groups):
            members = [k for k, g in enumerate(self.groups) if g == group and not math.isnan(self.estimate[k])]
            members.sort(key=lambda k: (-self.estimate[k], self.keys[k]))
            pairs += list(zip(members, members[1:]))
        return pairs

    def undecided(self) -> list[tuple[int, int]]:
        """Neighbours whose intervals overlap (or are not known): the order they stand in is not settled."""
        return [(i, j) for i, j in self.neighbours() if not self.low[i] > self.high[j]]

    def separated(self) -> bool:
        """Every group's neighbours have intervals apart, and every key is ranked."""
        return not any(math.isnan(value) for value in self.estimate) and not self.undecided()


@dataclass(frozen=True)
class Candidate:
    """A block that may be played next. `observes` lists what one play of it observes, each a
    tuple of (key index — parameter index with a contrast —, coefficient) pairs: ((i, 1.0),) and ((j, 1.0),) for gets_i and gets_j;
    ((i, 1.0), (j, 1.0)) once for a partner team."""

    block: str
    observes: tuple[tuple[tuple[int, float], ...], ...]


def observation_matrix(candidate: Candidate, n_keys: int) -> np.ndarray:
    rows = np.zeros((len(candidate.observes), n_keys))
    for row, terms in enumerate(candidate.observes):
        for key, coefficient in terms:
            rows[row, key] += coefficient
    return rows


def after_block(covariance: np.ndarray, observed: np.ndarray, noise: float) -> np.ndarray:
    """The covariance after one more block observing `observed` (rows × keys) with `noise` each:
    the Kalman update Σ − ΣHᵀ(R + HΣHᵀ)⁻¹HΣ."""
    if not len(observed):  # a block of an agent not rated yet: the ranking learns nothing it can weigh
        return covariance
    gain = covariance @ observed.T
    innovation = noise * np.eye(len(observed)) + observed @ gain
    return covariance - gain @ np.linalg.solve(innovation, gain.T)


def pairs_of(ranking: Ranking) -> list[tuple[int, int]]:
    """Every two ranked keys of a group (better first in the current order): what Kendall's τ counts."""
    out = []
    for group in dict.fromkeys(ranking.groups):
        members = [k for k, g in enumerate(ranking.groups) if g == group and not math.isnan(ranking.estimate[k])]
        members.sort(key=lambda k: (-ranking.estimate[k], ranking.keys[k]))
        out += [(members[a], members[b]) for a in range(len(members)) for b in range(a + 1, len(members))]
    return out


def misordered(difference: np.ndarray, variance: np.ndarray) -> np.ndarray:
    """The probability that each pair's order is wrong: Φ(−|d| / sd) for an estimated difference d
    of the given variance (the posterior of a flat prior; ½ for a pair with no difference known)."""
    sd = np.sqrt(np.clip(variance, 0.0, None))
    return special.ndtr(-np.abs(difference) / np.maximum(sd, 1e-300))


def expected_misordered(difference: np.ndarray, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The expected probability that each pair's order is wrong once a block has brought its
    difference's variance from `before` to `after`. The estimate then moves by N(0, v), v =
    before − after (preposterior), and E[Φ(−|d + √v·Z| / √after)] is, in closed form, 2·T(h, a)
    with Owen's T, h = |d| / √before and a = √after / √v: ½ − arcsin(√(v / before)) / π for d = 0,
    Φ(−h) as v → 0. Never above `misordered(difference, before)`: min(p, 1 − p) is concave."""
    moved = np.clip(before - after, 0.0, None)
    h = np.abs(difference) / np.maximum(np.sqrt(np.clip(before, 0.0, None)), 1e-300)
    with np.errstate(divide="ignore"):
        a = np.sqrt(np.clip(after, 0.0, None)) / np.sqrt(moved)
    return np.where(moved > 0, 2.0 * special.owens_t(h, np.where(moved > 0, a, 0.0)), misordered(difference, before))


def expected_gain(ranking: Ranking, candidate: Candidate, covariance: np.ndarray | None = None) -> float:
    """How much one play of `candidate` is expected to lower the expected number of misordered
    pairs (`covariance`: the current one, by default the ranking's)."""
    covariance = ranking.covariance if covariance is None else covariance
    return float(_gains(covariance, [observation_matrix(candidate, ranking.n_params)], pairs_of(ranking), ranking)[0])


@dataclass(frozen=True)
class RoundChoice:
    """The blocks of one round, in the order chosen, and which of them the floor drew at random."""

    blocks: tuple[str, ...]
    random: tuple[str, ...]


def _gains(covariance: np.ndarray, observed: Sequence[np.ndarray], pairs: Sequence[tuple[int, int]],
           ranking: Ranking, known: bool = False) -> np.ndarray:
    """The expected number of misordered `pairs` now minus after each of the `observed` blocks,
    for all of them at once: the Kalman update lowers the variance of a difference d by
    (dΣHᵀ)(R + HΣHᵀ)⁻¹(HΣdᵀ), and `expected_misordered` weighs what that is worth to its order.
    `known`: the estimates are the true figures (a benchmark's oracle), so a pair's chance of
    being misordered after the block is Φ(−|d| / sd after)."""
    gains = np.zeros(len(observed))
    if not pairs or not len(observed):
        return gains
    first, second = (list(side) for side in zip(*pairs))
    contrast = np.eye(len(ranking.keys)) if ranking.contrast is None else ranking.contrast
    differences = contrast[first] - contrast[second]  # pairs × parameters
    estimated = ranking.estimate[first] - ranking.estimate[second]
    spread = differences @ covariance
    before = np.clip(np.einsum("kp,kp->k", spread, differences), 0.0, None)
    base = misordered(estimated, before).sum()
    by_rows: dict[int, list[int]] = {}
    for k, matrix in enumerate(observed):
        by_rows.setdefault(len(matrix), []).append(k)
    for rows, members in by_rows.items():
        if rows == 0:
            continue  # observes nothing the ranking can weigh: no gain
        h = np.stack([observed[k] for k in members])  # kinds × rows × parameters
        # matrix products (BLAS) rather than einsum: this is the scheduler's inner loop
        gain_t = np.matmul(covariance, h.transpose(0, 2, 1))  # ΣHᵀ, kinds × parameters × rows
        innovation = ranking.noise * np.eye(rows) + np.matmul(h, gain_t)
        projected = np.matmul(differences, gain_t)  # dΣHᵀ per kind and pair
        # (R + HΣHᵀ) is rows × rows per kind: invert it once, not once per pair
        solved = np.matmul(projected, np.linalg.inv(innovation))
        after = np.clip(before[None, :] - (projected * solved).sum(axis=2), 0.0, None)
        expected = misordered(np.broadcast_to(estimated, after.shape), after) if known else expected_misordered(
            np.broadcast_to(estimated, after.shape), np.broadcast_to(before, after.shape), after)
        gains[members] = base - expected.sum(axis=1)
    return gains


def floor_count(round_blocks: int, floor: float) -> int:
    """How many of a round's blocks are drawn at random: at least `floor` of them, at least one."""
    if not MIN_FLOOR <= floor <= 1.0:
        raise ValueError(f"floor must be between {MIN_FLOOR} and 1, got {floor}")
    return max(1, math.ceil(round_blocks * floor - 1e-9))


def choose_round(ranking: Ranking, candidates: Sequence[Candidate], round_blocks: int, floor: float,
                 rng: np.random.Generator, *, known: bool = False) -> RoundChoice:
    """The next round's blocks: `floor_count` drawn uniformly (by `rng`) from the candidates, the
    rest one by one, each the candidate expected to lower the expected number of misordered pairs
    most given those chosen before it (ties go to the earlier kind of block; the block of a kind
    is drawn by `rng`, so the choice is a function of its inputs). `known`: the ranking's
    estimates are the truth (`_gains`), for a benchmark's oracle only."""
    if round_blocks < 1:
        raise ValueError(f"round_blocks must be ≥ 1, got {round_blocks}")
    if len(candidates) <= round_blocks:
        return RoundChoice(tuple(c.block for c in candidates), ())
    drawn = sorted(rng.choice(len(candidates), size=floor_count(round_blocks, floor), replace=False).tolist())
    taken = set(drawn)
    covariance = ranking.covariance
    n = ranking.n_params
    for k in drawn:  # what the random blocks will tell is counted before the greedy choice
        covariance = after_block(covariance, observation_matrix(candidates[k], n), ranking.noise)
    chosen: list[int] = []
    pairs = pairs_of(ranking)
    # Blocks that observe the same figures (one pairing on several instances) are worth the
    # same: each kind is evaluated once, and one of its untaken blocks is drawn (by `rng`) — so a
    # pairing chosen often still meets the instances in a balanced mix, as a random design would.
    kinds: dict[tuple, list[int]] = {}
    for k, candidate in enumerate(candidates):
        if k not in taken:
            kinds.setdefault(candidate.observes, []).append(k)
    matrices = {kind: observation_matrix(candidates[members[0]], n) for kind, members in kinds.items()}
    while len(chosen) + len(drawn) < round_blocks:
        open_kinds = [kind for kind, members in kinds.items() if members]
        gains = _gains(covariance, [matrices[kind] for kind in open_kinds], pairs, ranking, known)
        # the first of (numerically) equal gains: the choice must not hang on rounding
        best = None if not open_kinds else open_kinds[int(np.flatnonzero(gains >= gains.max() - 1e-12)[0])]
        assert best is not None  # more candidates than the round takes
        chosen.append(kinds[best].pop(int(rng.integers(len(kinds[best])))))
        covariance = after_block(covariance, matrices[best], ranking.noise)
    return RoundChoice(tuple(candidates[k].block for k in chosen + drawn),
                       tuple(candidates[k].block for k in drawn))


@dataclass(frozen=True)
class AdaptiveSettings:
    """How an adaptive tournament chooses and stops (the spec's `adaptive:`): rounds of
    `round_blocks` blocks, `floor` of each drawn at random; it stops when every neighbour is
    separated (`stop_when: separated`) or when `blocks` blocks have been played."""

    stop_when: Literal["separated", "budget"] = "separated"
    blocks: int | None = None
    round_blocks: int = 8
    floor: float = MIN_FLOOR


@dataclass(frozen=True)
class Block:
    """A debiasing block of the full design, by its key and its two agents."""

    key: str
    agent_a: str
    agent_b: str
    instance: str = ""  # the game or instance it is played on, for ratings with a level per instance


def round_rng(seed: int, round_index: int) -> np.random.Generator:
    """The random draws of one round: a function of the tournament's seed and the round alone."""
    return np.random.default_rng([int(seed) % 2**63, round_index])


def warm_up(unplayed: Sequence[Block], agents: Sequence[str], count: int, rng: np.random.Generator) -> tuple[str, ...]:
    """A first round that connects every agent: the pairings around a random cycle of the agents
    (each plays two others), up to `count`. The k-th pairing of the cycle plays its k-th unplayed
    block (cyclically), so the warm-up spreads over the instances instead of piling on the first."""
    order = [agents[k] for k in rng.permutation(len(agents))]
    of_pair: dict[frozenset[str], list[str]] = {}
    for block in unplayed:
        of_pair.setdefault(frozenset((block.agent_a, block.agent_b)), []).append(block.key)
    cycle = list(zip(order, order[1:] + order[:1])) if len(order) > 2 else list(zip(order, order[1:]))
    chosen = [of_pair[pair][k % len(of_pair[pair])] for k, pair in enumerate(map(frozenset, cycle)) if pair in of_pair]
    return tuple(dict.fromkeys(chosen))[:count]


def next_round(unplayed: Sequence[Block], agents: Sequence[str], ranking: Ranking | None,
               candidate: Callable[[Block], Candidate], played: int, round_index: int,
               settings: AdaptiveSettings, seed: int) -> RoundChoice | None:
    """The blocks of round `round_index`, or None when the tournament stops: every neighbour
    separated (stop_when: separated), the block budget spent, or nothing left to play. Without a
    ranking (nothing rated yet) the round is the warm-up cycle, topped up at random."""
    budget = settings.blocks
    if not unplayed or (budget is not None and played >= budget):
        return None
    # Intervals fitted on the warm-up alone rest on a handful of blocks (one instance, maybe):
    # separation counts only from the second round's ranking on.
    if ranking is not None and settings.stop_when == "separated" and round_index >= MIN_ROUNDS and ranking.separated():
        return None
    size = settings.round_blocks if budget is None else min(settings.round_blocks, budget - played)
    rng = round_rng(seed, round_index)
    if ranking is None:
        cycle = warm_up(unplayed, agents, max(size, len(agents)), rng)
        rest = [block.key for block in unplayed if block.key not in set(cycle)]
        extra = max(0, size - len(cycle))
        drawn = [rest[k] for k in sorted(rng.choice(len(rest), size=min(extra, len(rest)), replace=False))]
        if budget is not None:
            cycle = cycle[:budget - played]
        return RoundChoice(cycle + tuple(drawn), tuple(drawn))
    return choose_round(ranking, [candidate(block) for block in unplayed], size, settings.floor, rng)
