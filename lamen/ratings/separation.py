"""Which Bradley–Terry strengths have no finite maximum-likelihood value.

With graded scores the likelihood has a finite maximum unless some direction of the parameters
only ever improves it: a direction d along which every cell's logit grows only where side A won
every game outright (score 1), falls only where it lost every game outright (score 0), and stays
put elsewhere. Whether one exists is a linear programme. The default L2 penalty keeps such a
fit finite, but the number it returns then only shows a direction, not a size. The programme is
the general engine's (`design.unbounded_direction`); this module names what it moves.
"""

from __future__ import annotations

import numpy as np

from lamen.ratings.bt_design import Design, gauge_of
from lamen.ratings.design import DesignRows, unbounded_direction


def unbounded_directions(design: Design) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(agents, effects) that run off to ±∞ without a penalty; both empty when the maximum is
    finite. Effects are named "side A" and "first mover"."""
    rows = DesignRows(x=design.cell_matrix(), cluster_games=design.block_games, cluster_score=design.block_score,
                      offset=np.zeros(len(design.cell_a)))
    direction = unbounded_direction(rows, gauge_of(design)[:, None])
    if direction is None:
        return (), ()
    n_agents = len(design.agents)
    theta = np.round(direction[:n_agents], 9)
    # The largest group moving together is the reference; every other agent runs away from it.
    values, counts = np.unique(theta, return_counts=True)
    reference = values[np.argmax(counts)]
    agents = tuple(agent for agent, value in zip(design.agents, theta) if value != reference)
    effects = tuple(name for name, value in zip(("side A", "first mover"), direction[n_agents:])
                    if abs(value) > 1e-9)
    return agents, effects
