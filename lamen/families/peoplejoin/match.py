"""PeopleJoin-QA's scores without a judge model: Match (0 / 50 / 100) by comparing the value set
of the gold result with the values the answer states, and the effort and information-source
metrics (message count and words, people contacted, P-Prec, P-Rec).

Match, deterministic: every cell of the gold rows is normalised (case, spacing, quotes, numbers
as numbers); 100 when the answer states all of them and no number beyond them and the question's
own; 50 when it states some (or all, with stray numbers: a dump of a whole table is not an
answer); 0 when none. An empty gold result needs an answer that says nothing was found; an
unanswerable item needs one that says it cannot be answered (and such a claim on an answerable
item scores 0).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from lamen.families.peoplejoin.questions import Item

CANNOT = re.compile(r"\b(cannot|can ?not|can't|unable to) be answered\b|\bunanswerable\b|"
                    r"\bnot enough information\b|\binformation (is|was) not available\b", re.IGNORECASE)
NOTHING = re.compile(r"\b(no (results?|rows?|records?|matches|such)|none|nothing|nobody|no one)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?![\w.]*\w)")
_WORD = re.compile(r"\w+|[^\w\s]")  # close to NLTK's word tokenizer: words and each punctuation mark


@lru_cache(maxsize=4096)  # a colleague's table dump recurs in every episode of its organisation
def words(text: str) -> int:
    """Message size in words, punctuation marks counted as tokens (as the paper's NLTK tokenizer does)."""
    return len(_WORD.findall(text))


def _number(text: str) -> float | None:
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _same(a: float, b: float) -> bool:
    # A result computed as 37.5 may be written 37.50 or rounded to two places.
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) or round(a, 2) == round(b, 2)


def normalise(text: str) -> str:
    """Lower case, single spaces, no surrounding quotes or trailing full stop."""
    return " ".join(str(text).lower().replace("\u2019", "'").split()).strip("\"'` ").rstrip(".")


def numbers_in(text: str) -> list[float]:
    return [n for m in _NUMBER.finditer(text) if (n := _number(m.group())) is not None]


def _stated(value: object, answer: str, answer_numbers: Sequence[float]) -> bool:
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, (int, float)):
        return any(_same(float(value), n) for n in answer_numbers)
    text = normalise(str(value))
    if not text:
        return True
    as_number = _number(text)
    if as_number is not None:
        return any(_same(as_number, n) for n in answer_numbers)
    return re.search(rf"(?<!\w){re.escape(text)}(?!\w)", answer) is not None


def gold_values(rows: Iterable[Sequence[object]]) -> list[object]:
    """The distinct cells of the gold rows (None cells are dropped: they have no written form)."""
    seen: dict[str, object] = {}
    for row in rows:
        for cell in row:
            if cell is not None:
                seen.setdefault(repr(cell) if isinstance(cell, (int, float)) else normalise(str(cell)), cell)
    return list(seen.values())


def match(item: Item, answer: str | None) -> int:
    """Match of the final answer to the initiating user: 0, 50 or 100."""
    if answer is None or not answer.strip():
        return 0
    said = normalise(answer)
    claims_cannot = CANNOT.search(answer) is not None
    if item.unanswerable:
        return 100 if claims_cannot else 0
    if claims_cannot:
        return 0
    rows = item.gold_rows() or []
    values = gold_values(rows)
    if not values:
        return 100 if NOTHING.search(answer) else 0
    answer_numbers = numbers_in(answer)
    found = [v for v in values if _stated(v, said, answer_numbers)]
    if not found:
        return 0
    if len(found) < len(values):
        return 50
    allowed = [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    allowed += [n for v in values if not isinstance(v, (int, float)) for n in numbers_in(str(v))]
    allowed += numbers_in(item.question)
    stray = [n for n in answer_numbers if not any(_same(n, a) for a in allowed)]
    return 50 if stray else 100


def people_metrics(contacted: Iterable[str], gold: Iterable[str]) -> dict[str, float]:
    """#People, P-Prec and P-Rec over sets that exclude the initiating user (the caller's job).
    P-Prec is left out when nobody was contacted (undefined: the paper's N/A); an empty gold set
    gives recall 1."""
    met, needed = set(contacted), set(gold)
    scores = {"people": float(len(met)), "p_rec": len(met & needed) / len(needed) if needed else 1.0}
    if met:
        scores["p_prec"] = len(met & needed) / len(met)
    return scores
