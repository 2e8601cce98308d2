"""Which Bradley–Terry strengths have no finite maximum-likelihood value.

With graded scores the likelihood has a finite maximum unless some direction of the parameters
only ever improves it: a direction d along which every cell's logit grows only where side A won
every game outright (score 1), falls only where it lost every game outright (score 0), and stays
put elsewhere. Whether one exists is a linear programme. The default L2 penalty keeps such a
fit finite, but the number it returns then only shows a direction, not a size.
"""

from __future__ import annotations

import numpy as np
from scipy import optimize

from lamen.ratings.bt_design import Design


def unbounded_directions(design: Design) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(agents, effects) that run off to ±∞ without a penalty; both empty when the maximum is
    finite. Effects are named "side A" and "first mover"."""
    games = np.asarray(design.block_games.sum(axis=0)).ravel()
    score = np.asarray(design.block_score.sum(axis=0)).ravel()
    won = np.isclose(score, games)
    lost = np.isclose(score, 0.0)
    if not (won.any() or lost.any()):
        return (), ()
    x = design.cell_matrix()
    mixed = ~(won | lost)
    # Maximise the total push of d, bounded so the programme stays finite: 0 ≤ y ≤ 1 on cells
    # won outright, −1 ≤ y ≤ 0 on cells lost outright, y = 0 on the rest.
    upper = np.vstack([-x[won], x[won], x[lost], -x[lost]])
    bound = np.r_[np.zeros(won.sum()), np.ones(won.sum()), np.zeros(lost.sum()), np.ones(lost.sum())]
    objective = -(x[won].sum(axis=0) - x[lost].sum(axis=0))
    result = optimize.linprog(
        objective, A_ub=upper if len(upper) else None, b_ub=bound if len(upper) else None,
        A_eq=x[mixed] if mixed.any() else None, b_eq=np.zeros(mixed.sum()) if mixed.any() else None,
        bounds=[(None, None)] * design.n_params, method="highs",
    )
    if result.status != 0 or -result.fun < 1e-9:
        return (), ()
    direction = result.x
    n_agents = len(design.agents)
    theta = np.round(direction[:n_agents], 9)
    # The largest group moving together is the reference; every other agent runs away from it.
    values, counts = np.unique(theta, return_counts=True)
    reference = values[np.argmax(counts)]
    agents = tuple(agent for agent, value in zip(design.agents, theta) if value != reference)
    effects = tuple(name for name, value in zip(("side A", "first mover"), direction[n_agents:])
                    if abs(value) > 1e-9)
    return agents, effects
