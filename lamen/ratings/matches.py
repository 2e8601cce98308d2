"""The cross-play match table every rating reads: validation, filtering and the debiasing block.

Errored rows and self-play are dropped here, in one place, so every rating sees the same games.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from lamen.ratings.scores import graded_score

REQUIRED_COLUMNS = ("match_id", "game", "agent_a", "agent_b", "first", "u_a", "u_b", "agreement")


def _first_bad(rows: pd.DataFrame, bad: np.ndarray | pd.Series) -> str:
    return str(rows.loc[np.asarray(bad, dtype=bool), "match_id"].iloc[0])


def _value(rows: pd.DataFrame, match_id: str, column: str) -> str:
    """The offending value as the user wrote it (a Python scalar, not a numpy one)."""
    value = rows.loc[rows["match_id"] == match_id, column].iloc[0]
    return repr(value.item() if isinstance(value, np.generic) else value)


def _finished(matches: pd.DataFrame) -> pd.DataFrame:
    if "status" not in matches.columns:
        return matches
    return matches[matches["status"] == "finished"]


def validate_matches(matches: pd.DataFrame) -> None:
    """Raise ValueError, with a one-line message naming the column and match, on a bad table.

    Rows whose `status` is not "finished" are not checked: an errored match may have no utilities.
    """
    missing = [column for column in REQUIRED_COLUMNS if column not in matches.columns]
    if missing:
        raise ValueError(
            f"match table: missing column '{missing[0]}' (needs {', '.join(REQUIRED_COLUMNS)})"
        )
    rows = _finished(matches)
    text_columns = ["match_id", "game", "agent_a", "agent_b"] + (
        ["block"] if "block" in rows.columns else []
    )
    for column in text_columns:
        empty = rows[column].isna().to_numpy()
        if not empty.any():
            continue
        if column == "match_id":
            raise ValueError(f"match table: 'match_id' is empty in row {int(np.argmax(empty))}")
        raise ValueError(f"match table: match '{_first_bad(rows, empty)}' has no '{column}'")
    duplicated = rows["match_id"].duplicated()
    if duplicated.any():
        match_id = _first_bad(rows, duplicated)
        raise ValueError(f"match table: match_id '{match_id}' appears more than once")
    bad_first = ~rows["first"].isin(["a", "b"])
    if bad_first.any():
        match_id = _first_bad(rows, bad_first)
        value = _value(rows, match_id, "first")
        raise ValueError(f"match table: 'first' must be 'a' or 'b'; match '{match_id}' has {value}")
    for column in ("u_a", "u_b"):
        values = pd.to_numeric(rows[column], errors="coerce")
        bad = ~values.between(0.0, 1.0)
        if bad.any():
            match_id = _first_bad(rows, bad)
            value = _value(rows, match_id, column)
            raise ValueError(
                f"match table: '{column}' must be a number in [0, 1]; match '{match_id}' has {value}"
            )
    if rows["agreement"].dtype == bool:
        bad_agreement = np.zeros(len(rows), dtype=bool)
    else:
        bad_agreement = ~rows["agreement"].map(lambda value: isinstance(value, (bool, np.bool_))).to_numpy()
    if bad_agreement.any():
        match_id = _first_bad(rows, bad_agreement)
        value = _value(rows, match_id, "agreement")
        raise ValueError(f"match table: 'agreement' must be True or False; match '{match_id}' has {value}")
    impasse_with_utility = ~rows["agreement"].astype(bool) & ((rows["u_a"] != 0) | (rows["u_b"] != 0))
    if impasse_with_utility.any():
        match_id = _first_bad(rows, impasse_with_utility)
        raise ValueError(
            f"match table: match '{match_id}' has no agreement but non-zero utility; "
            "u_a and u_b must both be 0 without agreement"
        )


def rated_matches(matches: pd.DataFrame) -> pd.DataFrame:
    """The finished cross-play rows, with `block` filled in and the graded `score` for side A.

    A missing `block` column is derived from the game and the unordered pair of agents: every
    replay of that pairing in that game is then one cluster, the conservative choice.
    """
    validate_matches(matches)
    rows = _finished(matches)
    rows = rows[rows["agent_a"] != rows["agent_b"]].reset_index(drop=True)
    if rows.empty:
        raise ValueError("match table: no finished cross-play matches to rate (self-play is not rated)")
    rows = rows.astype({"agent_a": str, "agent_b": str, "game": str, "match_id": str})
    if "block" not in rows.columns:
        low = np.minimum(rows["agent_a"].to_numpy(), rows["agent_b"].to_numpy())
        high = np.maximum(rows["agent_a"].to_numpy(), rows["agent_b"].to_numpy())
        rows["block"] = rows["game"] + "|" + pd.Series(low) + "|" + pd.Series(high)
    rows["agreement"] = rows["agreement"].astype(bool)
    rows["u_a"] = rows["u_a"].astype(float)
    rows["u_b"] = rows["u_b"].astype(float)
    rows["score"] = graded_score(rows["u_a"].to_numpy(), rows["u_b"].to_numpy(), rows["agreement"].to_numpy())
    return rows


def agent_index(rows: pd.DataFrame) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """Agents sorted by name, and the index of side A's and side B's agent in every row."""
    names = np.union1d(rows["agent_a"].to_numpy(dtype=str), rows["agent_b"].to_numpy(dtype=str))
    side_a = np.searchsorted(names, rows["agent_a"].to_numpy(dtype=str))
    side_b = np.searchsorted(names, rows["agent_b"].to_numpy(dtype=str))
    return tuple(str(name) for name in names), side_a, side_b
