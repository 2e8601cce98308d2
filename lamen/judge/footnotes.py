"""Footnotes: a text whose values carry a mark ("Salary: $120,000*", "... for Company A.*") and end
in a line opened by that mark ("*or $110,000 if they add a signing bonus", "† Should you prefer,
we could instead take 55% ownership with a 4-6 board"). The footnote is no part of the offer's
body; where it offers another value for an issue the body reads ("or", "instead", "if"), the
writer leaves that issue open between the two, as a careful reader takes it: the issue is
ambiguous, and the reading unsure."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from lamen.judge.extraction import Extraction

# A mark right after a value or a sentence's end in the body ("$120,000*", "Company A.*", "5-5†").
# (one asterisk, not a markdown "**" closing bold: "(Round 7)**")
_MARK_IN_BODY = re.compile(r"(?<=[\w%$€£.)])(?<!\*)(?:\*(?!\*)|†)(?=[\s.,;:)]|$)", re.MULTILINE)
# The footnote lines at the end of the text: opened by the mark, with a word right after an
# asterisk (a markdown bullet has a space there: "* Salary: ...").
# (not a line in italics, "*Note: if they push, ...*", which closes its asterisk)
_FOOTNOTE = re.compile(r"\n[ \t]*(?:\*(?=[^\s*])|†[ \t]*)(?P<text>[^\n]*[^\s*])[ \t]*(?:\n[ \t]*)*\Z")
# What makes a footnote another value rather than a remark on the first one.
_ALTERNATIVE = re.compile(r"\b(?:or|instead|alternatively|otherwise|prefer|if|should)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Footnoted:
    """A text cut into its body and its footnote."""

    body: str
    footnote: str


def split_footnote(text: str) -> Footnoted | None:
    """The body and the footnote of a text that marks a value and ends in the note the mark refers
    to, or None (most texts: one substring test)."""
    if "\n*" not in text and "†" not in text and "\n *" not in text:
        return None
    found = _FOOTNOTE.search(text)
    if found is None or not _MARK_IN_BODY.search(text, 0, found.start()):
        return None
    return Footnoted(body=text[:found.start()], footnote=found.group("text").strip())


def with_footnote(text: str, read: Callable[[str], Extraction], read_footnote: Callable[[str], Extraction]) -> Extraction | None:
    """The reading of a footnoted text: its body's, with each issue the footnote offers another
    value for left ambiguous (unsure); None when the text has no footnote that offers one."""
    parts = split_footnote(text)
    if parts is None or not _ALTERNATIVE.search(parts.footnote):
        return None
    body = read(parts.body)
    other = read_footnote(parts.footnote)
    opened = [issue for issue, label in other.offers.items() if issue in body.offers and body.offers[issue] != label]
    if not opened:
        return None
    offers = {issue: label for issue, label in body.offers.items() if issue not in opened}
    reason = f"a footnote offers other values for {', '.join(opened)}"
    return body.model_copy(update={"offers": offers, "ambiguous": tuple(dict.fromkeys((*body.ambiguous, *opened))),
                                   "confidence": "unsure", "reason": "; ".join(filter(None, (body.reason, reason)))})
