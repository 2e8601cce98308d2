"""Self-play and cross-play matrices (paper Tables 1–4, 11–14) from the match table, debiased
by averaging over side assignments and start orders: each (pairing, game, repetition, side,
start) cell counts once, whatever number of matches it holds."""

from __future__ import annotations

import numpy as np
import pandas as pd

FIGURES = {
    "internal_faithfulness": "int. faithful",
    "external_faithfulness": "ext. faithful",
    "note_instruction": "note instruct",
    "message_instruction": "msg instruct",
    "format_instruction": "format instruct",
}


def _per_side(frame: pd.DataFrame) -> pd.DataFrame:
    """Each finished match twice, once from each side's point of view."""
    finished = frame[frame["status"] == "finished"]
    views = []
    for side, me, other in ((0, "a", "b"), (1, "b", "a")):
        view = pd.DataFrame({
            "match_id": finished["match_id"], "stage": finished["stage"], "game": finished["game"],
            "game_class": finished["game_class"], "cooperative": finished["cooperative"],
            "agent": finished[f"agent_{me}"], "opponent": finished[f"agent_{other}"], "side": side,
            "moved_first": finished["starts"] == side, "repetition": finished["repetition"],
            "mirror": finished["mirror"], "soft": finished["agreement"], "hard": finished["hard"],
            "u": finished[f"u_{me}"], "rounds": finished["rounds"],
        })
        for figure in FIGURES:
            view[figure] = finished[f"{figure}_{me}"]
        views.append(view)
    return pd.concat(views, ignore_index=True)


def _debiased_mean(view: pd.DataFrame, by: list[str], column: str) -> pd.Series:
    """Mean of `column` over cells (side × start order × mirror × repetition), cells weighted equally."""
    data = view.dropna(subset=[column])
    if data.empty:
        return pd.Series(dtype=float)
    cells = data.groupby(by + ["side", "moved_first", "mirror", "repetition"])[column].mean()
    return cells.groupby(level=list(range(len(by)))).mean()


def self_play_summary(frame: pd.DataFrame, by_game_class: bool = False) -> pd.DataFrame:
    """Per agent (and game class): faithfulness, instruction following, soft/hard completion,
    U (utility, 0 without agreement), U* (over completed games) and average rounds."""
    view = _per_side(frame[frame["stage"] == "self"])
    if view.empty:
        return pd.DataFrame()
    keys = ["agent", "game_class"] if by_game_class else ["agent"]
    table = pd.DataFrame({title: _debiased_mean(view, keys, figure) for figure, title in FIGURES.items()})
    table["soft"] = _debiased_mean(view.assign(soft=view["soft"].astype(float)), keys, "soft")
    table["hard"] = _debiased_mean(view.assign(hard=view["hard"].astype(float)), keys, "hard")
    table["U"] = _debiased_mean(view, keys, "u")
    table["U*"] = _debiased_mean(view[view["soft"]], keys, "u")
    table["rounds"] = _debiased_mean(view.assign(rounds=view["rounds"].astype(float)), keys, "rounds")
    # Int64: a count prints as a count, also in a row of floats.
    table["games"] = view[view["side"] == 0].groupby(keys).size().astype("Int64")
    return table


def head_to_head(frame: pd.DataFrame, value: str = "u_star", cooperative: bool | None = None) -> pd.DataFrame:
    """Row agent against column agent, from the row agent's point of view, debiased.

    value: "u_star" (the row agent's utility over completed games), "u" (0 without agreement),
    "soft" or "hard" (completion rates). cooperative: None for all games, True / False to keep
    only cooperative or only competitive ones."""
    cross = frame[frame["stage"] == "cross"]
    if cooperative is not None:
        cross = cross[cross["cooperative"] == cooperative]
    view = _per_side(cross)
    agents = sorted(set(frame.loc[frame["stage"] != "qualifier", "agent_a"]) | set(frame.loc[frame["stage"] != "qualifier", "agent_b"]))
    if view.empty:
        return pd.DataFrame(np.nan, index=agents, columns=agents)
    if value == "u_star":
        data, column = view[view["soft"]], "u"
    elif value == "u":
        data, column = view, "u"
    elif value in ("soft", "hard"):
        data, column = view.assign(**{value: view[value].astype(float)}), value
    else:
        raise ValueError(f"unknown value {value!r} (u_star, u, soft, hard)")
    means = _debiased_mean(data, ["agent", "opponent", "game"], column)
    if means.empty:
        return pd.DataFrame(np.nan, index=agents, columns=agents)
    matrix = means.groupby(level=["agent", "opponent"]).mean().unstack("opponent")
    return matrix.reindex(index=agents, columns=agents)
