"""The graded score a negotiation gives side A: what Bradley–Terry and Elo read as the result."""

from __future__ import annotations

import numpy as np


def graded_score(u_a: np.ndarray, u_b: np.ndarray, agreement: np.ndarray) -> np.ndarray:
    """s = (1 + u_a − u_b) / 2 for side A; an impasse is an even result, 0.5.

    A graded score uses the whole utility gap, not just who got more: a near-even split says
    less about strength than a rout, and the fractional likelihood weighs it accordingly.
    """
    u_a = np.asarray(u_a, dtype=float)
    u_b = np.asarray(u_b, dtype=float)
    return np.where(np.asarray(agreement, dtype=bool), (1.0 + u_a - u_b) / 2.0, 0.5)
