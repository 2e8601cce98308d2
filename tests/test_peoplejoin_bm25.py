"""The hub's searches score with Okapi BM25 exactly as PeopleJoin's own code does (rank-bm25's
BM25Okapi, k1 1.5, b 0.75, a term in more than half the texts weighted 0.25 × the mean idf):
scores worked out by hand on a three-text corpus, where that floor decides the order."""

from __future__ import annotations

import math

import pytest

from lamen.families.peoplejoin.tools import B, K1, bm25_rank

# Lengths 3, 4, 2 (mean 3). "concert" and "stadium" are in 2 of 3 texts: Okapi's idf
# ln((3 - 2 + 0.5) / (2 + 0.5)) = -ln(5/3) is negative, so both are weighted 0.25 × the mean idf
# of the six words, (4 ln(5/3) - 2 ln(5/3)) / 6 = ln(5/3) / 3; the other words: ln(2.5 / 1.5) = ln(5/3).
CORPUS = ["singer concert stadium", "concert concert year 2014", "stadium capacity"]
L = math.log(5 / 3)
FLOOR = 0.25 * L / 3


def tf_part(tf: int, length: int) -> float:
    return tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / 3))


def test_the_parameters_are_the_papers() -> None:
    assert (K1, B) == (1.5, 0.75)


@pytest.mark.parametrize(("query", "expected"), [
    ("singer", [(0, L)]),  # tf 1 at the mean length: the term part is exactly 1
    # Only floored words: "concert" twice in the longer text beats once in the mean-length one
    # (2 × 2.5 / (2 + 1.5 × 1.25) = 40/31); a library that drops the floor to 0 ties them.
    ("concert", [(1, FLOOR * 40 / 31), (0, FLOOR)]),
    ("stadium capacity", [(2, FLOOR * tf_part(1, 2) + L * tf_part(1, 2)), (0, FLOOR)]),
    ("concert 2014", [(1, FLOOR * 40 / 31 + L * tf_part(1, 4)), (0, FLOOR)]),
    ("pets", []),  # no shared word: nothing shows, whatever the score
])
def test_okapi_scores_by_hand(query: str, expected: list[tuple[int, float]]) -> None:
    found = bm25_rank(CORPUS, query, 3)
    assert [i for i, _ in found] == [i for i, _ in expected]
    for (_, score), (_, want) in zip(found, expected):
        assert math.isclose(score, want, rel_tol=1e-12)
    assert math.isclose(FLOOR * 40 / 31, L * 10 / 93, rel_tol=1e-12)


def test_the_limit_keeps_the_best() -> None:
    assert [i for i, _ in bm25_rank(CORPUS, "concert stadium", 1)] == [0]
