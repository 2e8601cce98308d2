"""An optional LLM grade of a finished episode beside one of the family's deterministic metrics
(PeopleJoin-QA's Match: FAMILIES.md §8 risk 2), and how far the two agree.

A family that offers one gives `Family.llm_judge` (`LLMGrader`): the request a judging agent is
sent for an episode, how its reply is read, and where the grade is stored (its own metric, beside
the one it is compared with). The tournament runner sends the request when a tournament names a
`match_judge`; the store keeps the grade in the match's metrics and the call with the match (so it
is cached and costed like any model call); `lamen ratings` and the report compare the two metrics
with `grade_agreement`: the share of equal grades and Cohen's κ."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from lamen.chat import ChatRequest
from lamen.core.family import MetricSpec


@dataclass(frozen=True)
class LLMGrader:
    metric: MetricSpec  # where the grade is stored (its key in the match's metrics) and how it is shown
    compares_with: str  # the deterministic metric it stands beside (its key)
    request: Callable[[Any, Any], ChatRequest]  # (instance, final state) → what the judge is asked
    read: Callable[[str], float | None]  # the judge's reply → its grade; None: unreadable


def cohen_kappa(first: Sequence[float], second: Sequence[float]) -> float | None:
    """Cohen's κ of two graders over the same items; None when it is undefined (both graders
    always gave one and the same grade: chance agreement is 1)."""
    if len(first) != len(second) or not first:
        raise ValueError(f"cohen_kappa needs two equally long non-empty lists (got {len(first)} and {len(second)})")
    n = len(first)
    observed = sum(a == b for a, b in zip(first, second)) / n
    a, b = Counter(first), Counter(second)
    chance = sum(a[g] * b[g] for g in set(a) | set(b)) / (n * n)
    if chance == 1:
        return None
    return (observed - chance) / (1 - chance)


@dataclass(frozen=True)
class GradeAgreement:
    """The judge beside the deterministic metric over the sessions both graded."""

    graded: int  # sessions with both grades (a judge reply without a readable grade is left out)
    equal: float | None  # share of them where the grades are equal (None: none graded)
    kappa: float | None  # Cohen's κ over them (None: undefined, or none graded)
    confusion: dict[str, int]  # "deterministic→judge": count
    unreadable: int = 0  # sessions the judge was asked about whose reply had no readable grade

    def as_dict(self) -> dict[str, object]:
        return {"graded": self.graded, "unreadable": self.unreadable,
                "equal": None if self.equal is None else round(self.equal, 4),
                "kappa": None if self.kappa is None else round(self.kappa, 4), "confusion": self.confusion}

    def line(self, deterministic: str, judged: str) -> str:
        """One line for a terminal or a report."""
        unread = f" ({self.unreadable} judge replies without a grade left out)" if self.unreadable else ""
        if not self.graded:
            return f"{judged} beside {deterministic}: no session graded by both{unread}"
        kappa = "undefined (one grade throughout)" if self.kappa is None else f"{self.kappa:.3f}"
        return (f"{judged} beside {deterministic}: {self.graded} sessions graded by both, equal in "
                f"{self.equal:.1%}, Cohen's κ {kappa}{unread}")


def _grade(value: float) -> str:
    return f"{value:g}"


def grade_agreement(pairs: Iterable[tuple[float, float | None]]) -> GradeAgreement:
    """(deterministic, judge) grades per session judged, the judge's None (unreadable) counted
    and left out."""
    pairs = list(pairs)
    kept = [(a, b) for a, b in pairs if b is not None and not math.isnan(b) and not math.isnan(a)]
    ours, theirs = [a for a, _ in kept], [b for _, b in kept]
    confusion = Counter(f"{_grade(a)}→{_grade(b)}" for a, b in kept)
    return GradeAgreement(graded=len(kept), equal=sum(a == b for a, b in kept) / len(kept) if kept else None,
                          kappa=cohen_kappa(ours, theirs) if kept else None,  # type: ignore[arg-type]
                          confusion=dict(sorted(confusion.items())),
                          unreadable=sum(b is None or math.isnan(b) for _, b in pairs))


__all__ = ["GradeAgreement", "LLMGrader", "cohen_kappa", "grade_agreement"]
