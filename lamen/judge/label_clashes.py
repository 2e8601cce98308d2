"""Labels of an issue that read the same in text ('$1,000' and '$1000', '1 year' and '12
months', a synonym given to two labels): no reader can tell which one an agent meant, so
`lamen validate` warns about them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from lamen.judge.labels import IssueLabels
from lamen.judge.numbers import COMMON_UNITS, CONVERSIONS, has_currency, normalise, numbers_in, unit_tokens
from lamen.judge.values import squash, words_to_digits
from lamen.spec.issue import Issue


def _reading_keys(table: IssueLabels, label: str) -> set[str]:
    """Every form a label is recognised by: its wordings, and its value in the smallest unit."""
    issue = table.issue
    # (a wording is read as the readers read text: number words as digits, "one week" as "1 week")
    keys = {f"w:{squash(form)}" for w in (label, *issue.label_synonyms(label)) for form in (w, words_to_digits(w))
            if squash(form)}
    keys.add(f"n:{normalise(label)}")
    numbers = numbers_in(words_to_digits(label))
    units = set(unit_tokens(label)) & COMMON_UNITS
    if len(numbers) == 1 and len(units) <= 1:
        value, unit = Fraction(Decimal(numbers[0])), next(iter(units), "")
        if unit in ("year", "week"):
            value, unit = value * CONVERSIONS[(unit, "month" if unit == "year" else "day")], (
                "month" if unit == "year" else "day")
        keys.add(f"v:{value}|{unit}|{has_currency(label)}")
    return keys


def indistinguishable_labels(issue: Issue) -> list[tuple[str, str]]:
    """Pairs of labels of an issue that read the same in text ('$1,000' and '$1000', '1 year'
    and '12 months', a synonym given to two labels): no reader can tell which one was meant."""
    table = IssueLabels.of(issue)
    keys = {label: _reading_keys(table, label) for label in issue.labels}
    labels = list(issue.labels)
    return [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:] if keys[a] & keys[b]]
