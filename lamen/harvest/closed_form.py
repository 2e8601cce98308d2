"""What a harvest yields when each sampled agent move earns the open goal independently with
probability p (a coin): the share of goals harvested, exactly. The tree's rules make it a renewal
process, so this checks the tree by construction (tests/test_harvest_closed_form.py).

After a collapse (or at the start) the beam holds one leaf; at the j-th agent turn since then it
holds n_j children: n_j = b·L_j while b·L_j ≤ B, else L_j (L_1 = 1, L_{j+1} = n_j). The goal is
met at that turn unless all n_j children fail, so the number of turns τ one goal takes has
P(τ > t) = (1 − p)^(n_1 + … + n_t). The goals are met one after another and the beam starts again
at one leaf each time, so τ_1, τ_2, … are independent copies of τ, and with K goals and T agent
turns the goals met are M = max{k ≤ K : τ_1 + … + τ_k ≤ T}; the share is E[M]/K =
(1/K) Σ_k P(τ_1 + … + τ_k ≤ T)."""

from __future__ import annotations


def beam_widths(turns: int, max_beam: int = 8, branching: int = 2) -> list[int]:
    """n_1 … n_turns: the children at each agent turn since the last collapse."""
    widths, leaves = [], 1
    for _ in range(turns):
        leaves = branching * leaves if branching * leaves <= max_beam else leaves
        widths.append(leaves)
    return widths


def goal_turns_pmf(p: float, turns: int, max_beam: int = 8, branching: int = 2) -> list[float]:
    """P(τ = t) for t = 0 … turns (t = 0 has mass 0): the turn at which one goal is met."""
    pmf, survive = [0.0], 1.0
    for width in beam_widths(turns, max_beam, branching):
        pmf.append(survive * (1 - (1 - p) ** width))
        survive *= (1 - p) ** width
    return pmf


def harvested_share(p: float, goals: int, turn_limit: int, max_beam: int = 8, branching: int = 2) -> float:
    """E[goals met] / goals for a coin agent of success probability `p` per sampled move."""
    if not 0 <= p <= 1 or goals < 1 or turn_limit < 0:
        raise ValueError("p must be in [0, 1], goals ≥ 1 and turn_limit ≥ 0")
    single = goal_turns_pmf(p, turn_limit, max_beam, branching)
    total, within = 0.0, [1.0] + [0.0] * turn_limit  # the law of τ_1 + … + τ_k on 0 … turn_limit
    for _ in range(goals):
        within = [sum(within[s] * single[t - s] for s in range(t + 1)) for t in range(turn_limit + 1)]
        total += sum(within)
    return total / goals
