"""Two text labels of one issue offered as alternatives: "plated or buffet, whichever your kitchen
prefers", "online or at my studio", "the standard album at $3,000 or the premium one". The text
names one label in full and the other by a word of its own ("plated" of "plated dinner", "studio"
of "tutor's studio", "premium" of "premium album"), with "or" between them; a careful reader
takes the issue as open (two values offered), not the label written in full.

The grammar is the clause's: the label's wording, at most three words, "or", at most two words,
then a word only the other label holds (or the same, mirrored: that word, "or", the wording).
Words of every label ("only", "with", "included") tell nothing, and a denial before the pair
("no plated or buffet") offers neither, so it is left to the other rules."""

from __future__ import annotations

import re

from lamen.judge.labels import GameLabels
from lamen.judge.values import local_forms

# Words that stand in labels of every kind and tell no label from another.
_COMMON = frozenset({"only", "with", "without", "included", "include", "full", "basic", "standard"})
# "or" in the languages whose label words the lexicon glosses (a one-letter "o" is Portuguese "the" too: left out)
_OR_LIST = ("or", "ou", "oder", "oppure", "eller", "albo", "lub", "nebo", "atau", "veya")
_OR = "(?:" + "|".join(_OR_LIST) + ")"
_ANY_OR = re.compile(rf"\s{_OR}\s")
_OR_WORDS = tuple(f" {word} " for word in _OR_LIST)  # (a cheap look before the pattern)
# Up to three words (no sentence end) between the full wording and "or", then up to two words after it.
_AFTER = re.compile(rf"(?:[ \t,;:]+[^\s.!?;:]+){{0,3}}?[ \t]*[,;—–-]?[ \t]+{_OR}[ \t]+((?:[^\s.!?,;:]+[ \t]+){{0,2}}[^\s.!?,;:]+)")
_BEFORE = re.compile(rf"(?:^|[\s(])((?:[^\s.!?,;:]+)[ \t,]+){_OR}[ \t]+(?:the[ \t]+|an?[ \t]+)?$")
_DENIED = re.compile(r"\b(?:no|not|without|neither|nor)[ \t]+(?:\S+[ \t]+)?$")
_WORD = re.compile(r"[a-z]+")


def offered_with_another(text: str, issue: str, label: str, labels: GameLabels) -> bool:
    """The text offers `label` of `issue` beside another of its labels, named by a word of its
    own, with "or" between them."""
    lower = text.lower()
    if not any(word in lower for word in _OR_WORDS) or not _ANY_OR.search(lower):
        return False
    if not lower.isascii():
        lower = local_forms(text).lower()  # (the labels' words in the lexicon's English)
    table = labels.issues[issue]
    own = [words for words, owner in table.phrases if owner == label]
    own_stems = {word[:5] for words in own for word in words}
    others = {word[:5] for words, owner in table.phrases if owner != label for word in words
              if len(word) >= 4 and word.isalpha() and word not in _COMMON} - own_stems
    if not own or not others:
        return False
    for words in own:
        body = r"[\s-]*".join(re.escape(word) for word in words)
        for match in re.finditer(rf"(?<![\w-]){body}(?![\w-])", lower):
            if _DENIED.search(lower, max(0, match.start() - 20), match.start()):
                continue
            after = _AFTER.match(lower, match.end())
            if after and any(word[:5] in others for word in _WORD.findall(after.group(1))):
                return True
            before = _BEFORE.search(lower, max(0, match.start() - 40), match.start())
            if before and any(word[:5] in others for word in _WORD.findall(before.group(1))) and \
                    not _DENIED.search(lower, max(0, before.start(1) - 20), before.start(1)):
                return True
    return False
