"""The match table: what is rejected, with which message, and what is silently left out."""

import pandas as pd
import pytest

from lamen.ratings import fit_bradley_terry, rated_matches, validate_matches


def table(**changes) -> pd.DataFrame:
    rows = pd.DataFrame(
        {
            "match_id": ["m1", "m2"],
            "game": ["split", "split"],
            "agent_a": ["ann", "bob"],
            "agent_b": ["bob", "ann"],
            "first": ["a", "b"],
            "u_a": [0.6, 0.5],
            "u_b": [0.4, 0.5],
            "agreement": [True, True],
        }
    )
    for column, values in changes.items():
        rows[column] = values
    return rows


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"first": ["a", "c"]}, "'first' must be 'a' or 'b'; match 'm2' has 'c'"),
        ({"u_a": [1.5, 0.5]}, "'u_a' must be a number in [0, 1]; match 'm1' has 1.5"),
        ({"u_b": [0.4, None]}, "'u_b' must be a number in [0, 1]; match 'm2' has nan"),
        ({"agreement": ["yes", True]}, "'agreement' must be True or False; match 'm1' has 'yes'"),
        ({"agreement": [True, False]}, "match 'm2' has no agreement but non-zero utility"),
        ({"match_id": ["m1", "m1"]}, "match_id 'm1' appears more than once"),
        ({"agent_b": ["bob", None]}, "match 'm2' has no 'agent_b'"),
        ({"match_id": ["m1", None]}, "'match_id' is empty in row 1"),
    ],
)
def test_bad_values_are_named(changes, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        validate_matches(table(**changes))


def test_a_missing_column_is_named():
    with pytest.raises(ValueError, match="missing column 'first'"):
        validate_matches(table().drop(columns="first"))


def test_errored_rows_and_self_play_are_left_out():
    rows = pd.concat(
        [
            table(),
            table(match_id=["e1", "s1"], status=["errored", "finished"], u_a=[float("nan"), 0.5],
                  agent_b=["bob", "bob"], agent_a=["ann", "bob"]),
        ]
    )
    rows["status"] = rows["status"].fillna("finished")
    rated = rated_matches(rows)
    assert rated["match_id"].tolist() == ["m1", "m2"]
    assert rated["score"].tolist() == pytest.approx([0.6, 0.5])


def test_missing_block_is_the_game_and_unordered_pair():
    assert rated_matches(table())["block"].tolist() == ["split|ann|bob", "split|ann|bob"]


def test_only_self_play_cannot_be_rated():
    with pytest.raises(ValueError, match="no finished cross-play matches"):
        fit_bradley_terry(table(agent_b=["ann", "bob"]))
