"""Issues whose two labels are having a thing or not ("assembly included" / "self-assembly",
"operator included" / "dry hire", "fuel included" / "fuel extra"): the thing denied by name ("no
assembly", "without an operator", "no operator") is the label without it, as a careful reader
takes it, where nothing else in the text read the issue."""

from __future__ import annotations

import re
from functools import lru_cache

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.values import local_forms

_WORD = re.compile(r"[a-z]+")
# Words of an "included" label that are not the thing ("included", "with", "in the price").
_NOT_THE_THING = {"included", "including", "include", "with", "in", "the", "price", "a", "an", "and", "of"}


@lru_cache(maxsize=512)
def _denial(issue: str, thing_words: frozenset[str]) -> re.Pattern[str]:
    things = "|".join(sorted(map(re.escape, thing_words | set(_WORD.findall(issue.lower()))), key=len, reverse=True))
    # ("no assembly fee" is assembly at no charge: the included one, so a charge after it breaks the rule)
    return re.compile(rf"\b(?:no|without|excluding|not\s+including)\s+(?:an?\s+|the\s+|any\s+)?(?:{things})s?\b"
                      rf"(?!\s+(?:fee|fees|charge|charges|cost|costs|included|extra|surcharge))", re.IGNORECASE)


def with_denied_things(found: Extraction, text: str, labels: GameLabels) -> Extraction:
    """The reading, with each having-or-not issue it left unread taken as the label without the
    thing where the text denies the thing by name; such readings are unsure."""
    offers = dict(found.offers)
    reasons: list[str] = []
    english = None
    for issue, table in labels.issues.items():
        pair = table.included_label
        if pair is None or issue in offers or issue in found.ambiguous:
            continue
        things = frozenset(word for word in _WORD.findall(pair[0].lower()) if word not in _NOT_THE_THING and len(word) >= 3)
        if not things:
            continue
        english = english if english is not None else local_forms(text)
        if _denial(issue, things).search(english):
            offers[issue] = pair[1]
            reasons.append(f"{issue}: '{pair[1]}' read from the thing denied by name")
    if not reasons:
        return found
    invalid = {issue: raw for issue, raw in found.invalid.items() if issue not in offers}
    return found.model_copy(update={"offers": offers, "invalid": invalid, "confidence": "unsure",
                                    "reason": "; ".join(filter(None, (found.reason, *reasons)))})
