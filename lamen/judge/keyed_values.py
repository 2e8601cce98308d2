"""Round 28 (notes28): a value under an issue's key that is no wording of a label of the issue
("Lieferung: retrait par le café", "transport: I drop the dog off myself") is read as free text, on
its own, as a message's words are (glossed by the game's glossary and the lexicon): where that
reading names the keyed issue, and no other, the label it finds is the value. A value's numbers must
be the label's ("every three weeks" is not "weekly"; "1,300 $" is not "$1000"): free text may read a
number the key's own grammar did not take, but not change it."""

from __future__ import annotations

import re
from typing import Any

from lamen.judge.labels import GameLabels
from lamen.judge.values import local_forms, words_to_digits

# A value written as code ("alert(4000)", "Money(4000)"): a call is no words; code_literals.py reads the number types it knows.
_CALL = re.compile(r"[A-Za-z_]\(")
_WORD = re.compile(r"[^\W\d_]{3}")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _numbers(text: str) -> set[str]:
    return {re.sub(r"[.,](?=\d{3}\b)", "", n).replace(",", ".") for n in _NUMBER.findall(words_to_digits(local_forms(text)))}


def value_alone(issue: str, values: list[Any], labels: GameLabels, side: int | None = None) -> str | None:
    """The label of `issue` that a keyed value names read as free text alone, or None. Readings are kept
    with the game's labels (a note's blocks are read more than once)."""
    from lamen.judge.messages import extract_text  # (messages imports the note readers' modules)

    if len(values) != 1 or not isinstance(values[0], str):
        return None
    text = values[0].strip()
    # (words, not a sentence: a value of two to sixty characters with a word of three letters)
    if not 2 <= len(text) <= 60 or _CALL.search(text) or not _WORD.search(text):
        return None
    cache = labels.keyed_value_cache
    if (text, side) not in cache:
        if len(cache) > 4096:
            cache.clear()
        cache[(text, side)] = extract_text(text, labels, side=side)
    read = cache[(text, side)]
    if set(read.offers) != {issue} or read.ambiguous or read.invalid:
        return None
    label = read.offers[issue]
    if _numbers(text) != _numbers(label):
        return None
    return label
