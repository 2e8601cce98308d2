"""How near a value stands to the words naming an issue in a sentence: word positions with
clause breaks counted as extra distance, the issue words of a sentence (its name, a clipping of
it, or a word of its description), and each issue word bound to its nearest value."""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Protocol, Sequence

from lamen.judge.labels import GameLabels

_CLAUSE_BREAK = re.compile(r"[,;:(]|\s[-–—]\s")
# A conjunction joining two items of a list parts them as a comma does: "45%-55% for employees and
# 50% ownership" names employees in the first item, so "employees" binds to the split before "and",
# not to the value after it. (Only the words for "and" the glosses leave: Dutch "en" is Spanish "in".)
_LIST_JOINTS = frozenset({"and", "et", "und", "y", "e", "och", "og"})
_LETTERS = re.compile(r"[a-z]+")
# (a word in any script counts: "期和", "לחברה" left by the glosses stand between a value and an issue word)
_TOKEN = re.compile(r"[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?|[A-Za-z][\w'-]*|[^\W\d_][^\W\d_]*|[,;:(]|\s[-–—]\s")
_NOT_CLIPPINGS = {"the", "and", "are", "for", "not", "can", "you", "our", "was", "per", "with", "all", "any", "one",
                  "two", "ten", "six", "off", "out", "see", "let", "but", "who", "how", "now", "new", "may", "day",
                  "days", "year", "month", "sub"}


class Placed(Protocol):
    position: float  # word position in its sentence
    stray_noun: bool  # a count of something else, which draws no issue word


def word_positions(sentence: str) -> list[tuple[int, float]]:
    """(character offset, weighted word position) for every word; clause breaks add distance."""
    result: list[tuple[int, float]] = []
    position = 0.0
    for token in _TOKEN.finditer(sentence):
        if _CLAUSE_BREAK.fullmatch(token.group(0)):
            position += 2
            continue
        if token.group(0) in _LIST_JOINTS:  # (no word of its own: a break)
            position += 2
            continue
        result.append((token.start(), position))
        position += 1
    return result


def position_at(positions: list[tuple[int, float]], offset: int) -> float:
    """The position of the last word starting at or before the offset (0 before the first)."""
    index = bisect_right(positions, offset, key=lambda place: place[0])
    return positions[index - 1][1] if index else 0.0


def word_weights(word: str, labels: GameLabels) -> list[tuple[str, float]]:
    """(issue, weight) for each issue a word names: 0 for its name or a clipping of it ("fee",
    "own", "dep"), 1.5 for a word of its description. Memoised per game."""
    stems = labels.issue_stems
    cache = labels.word_cache
    if word not in cache:
        stem = word[:5]
        found = []
        clipping = len(word) >= 3 and word not in _NOT_CLIPPINGS
        plural = word[:-1] if len(word) > 3 and word.endswith("s") else None  # "fees" of "fee"
        for issue, (primary, secondary) in stems.items():
            prefixes = labels.clippings[issue]
            if stem in primary or (clipping and (word in prefixes or plural in prefixes)):
                found.append((issue, 0.0))
            elif stem in secondary:
                found.append((issue, 1.5))
        if len(cache) > 20_000:
            cache.clear()
        cache[word] = found
    return cache[word]


def keyword_hits(sentence: str, labels: GameLabels,
                 places: list[tuple[int, float]] | None = None) -> dict[str, list[tuple[float, float]]]:
    """Per issue, (weighted position, weight) of its words in the sentence; description words
    weigh less than the issue's name. `places`: the sentence's word_positions, if known."""
    places = word_positions(sentence) if places is None else places
    hits: dict[str, list[tuple[float, float]]] = {issue: [] for issue in labels.issues}
    for token in _LETTERS.finditer(sentence.lower()):
        for issue, weight in word_weights(token.group(0), labels):
            hits[issue].append((position_at(places, token.start()), weight))
    return hits


def bound_distances(found: Sequence[Placed], hits: dict[str, list[tuple[float, float]]]) -> list[dict[str, float]]:
    """Each issue word binds to its nearest value; a value's distance to an issue is that of the
    nearest word bound to it (infinite when none is)."""
    distances: list[dict[str, float]] = [dict() for _ in found]
    if not found:
        return distances
    for issue, occurrences in hits.items():
        for position, weight in occurrences:
            # A count of something else ("6 of the 10 seats", "3 kids") draws no issue word.
            gaps = [abs(f.position - position) if not f.stray_noun else float("inf") for f in found]
            nearest = min(gaps)
            for index, gap in enumerate(gaps):
                if gap == nearest:
                    current = distances[index].get(issue, float("inf"))
                    distances[index][issue] = min(current, gap + weight)
    return distances
