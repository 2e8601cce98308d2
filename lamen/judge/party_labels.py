"""Labels that name a party ("client provides" / "cleaner provides"): said from a side ("supplies
on us", "we bring our own", "you provide the supplies"), the label is the one naming the side
meant — the speaker's for "us", the listener's for "you" / "them"."""

from __future__ import annotations

import re

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels

_WORD = re.compile(r"[a-z]+")
# The speaker's side: "on us", "ours", "our own", "we provide / supply / bring / cover"
_OURS = re.compile(r"\b(?:on\s+us|ours|our\s+own|(?:we|we'll|we\s+will|we\s+can|i|i'll)\s+(?:\w+\s+)?"
                   r"(?:provide|supply|bring|cover|buy|handle))\b", re.IGNORECASE)
# The listener's (or, in a message, the other party's): "on you", "yours", "you provide", "on them"
_THEIRS = re.compile(r"\b(?:on\s+(?:you|them)|yours|theirs|your\s+own|their\s+own|(?:you|you'll|you\s+will|they|they'll)\s+"
                     r"(?:\w+\s+)?(?:provide|supply|bring|cover|buy|handle))\b", re.IGNORECASE)


def _side_labels(labels: GameLabels, issue: str) -> dict[int, str] | None:
    """Side -> label, for a two-label issue whose labels differ by a word that names one party
    ("cleaner" of "Cleaning company"), the other label being the other side's."""
    table = labels.issues[issue]
    options = table.issue.labels
    if len(options) != 2:
        return None
    words = [set(_WORD.findall(label.lower())) for label in options]
    own = [words[0] - words[1], words[1] - words[0]]
    parties = [set(_WORD.findall(party.lower())) for party in labels.game.parties]
    named = [[side for side, party in enumerate(parties) if any(w[:5] == p[:5] and len(w) >= 5 for w in own[i] for p in party)]
             for i in range(2)]
    for i in range(2):
        if len(named[i]) == 1 and not named[1 - i]:
            return {named[i][0]: options[i], 1 - named[i][0]: options[1 - i]}
    return None


def with_party_labels(found: Extraction, text: str, labels: GameLabels, side: int | None) -> Extraction:
    """The reading, with each party-named issue that it left unread (or read as no label) taken
    from who the text says provides it, near the issue's name."""
    if side is None or not (_OURS.search(text) or _THEIRS.search(text)):
        return found
    offers, invalid = dict(found.offers), dict(found.invalid)
    for issue in labels.issues:
        if issue in offers or issue in found.ambiguous:
            continue
        sides = _side_labels(labels, issue)
        if sides is None:
            continue
        names = [issue, *labels.issues[issue].issue.aliases]
        for sentence in re.split(r"(?<=[.!?;\n])\s*", text):
            lower = sentence.lower()
            if not any(re.search(rf"\b{re.escape(name.lower())}", lower) for name in names):
                continue
            ours, theirs = _OURS.search(sentence), _THEIRS.search(sentence)
            if bool(ours) != bool(theirs):
                offers[issue] = sides[side if ours else 1 - side]
                invalid.pop(issue, None)
                break
    if offers == found.offers:
        return found
    return found.model_copy(update={"offers": offers, "invalid": invalid, "method": "text"})
