"""Read the offers in free text: label mentions per issue ("a rent of $1,200", "a 12-month
lease", "5-5 on the board"), keeping the speaker's own proposals and dropping what it quotes
from the opponent, rejects or recalls. Two different own values for one issue are flagged as
ambiguous, never guessed between.

Which issue a value belongs to: its unit when only one issue has it ("9 months" is a duration),
else the issue named next to it — each issue word ("rent", "deposit") binds to the value nearest
to it, clause breaks counting as distance — else the issue the text last talked about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lamen.judge.extraction import Extraction
from lamen.judge.labels import CONVERSIONS, GameLabels, ValueMatch, unit_tokens, words_to_digits

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?k?|\d+(?:\.\d+)?k?"
MENTION = re.compile(
    rf"(?P<cur>[$€£]|\busd\s?|\beur\s?)?(?P<num>{_NUM})(?![\w,]\d)\s?(?P<pct>%|\s?percent\b)?"
    rf"(?:\s?(?P<sep>[-–:/])\s?(?P<cur2>[$€£])?(?P<num2>{_NUM})\s?(?P<pct2>%)?)?"
    rf"(?P<unit>(?:[\s-]?(?:[a-z]+))?)",
    re.IGNORECASE)
_CURRENCY_WORDS = {"dollar", "dollars", "usd", "euro", "euros", "eur", "bucks"}
# Just before a value: it is compared with, or moved away from, not offered.
_IMMEDIATE_NOT_OWN = re.compile(
    r"\b(?:from|than|not|instead of|rather than|beyond|exceed(?:s|ing)?|except)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:[$€£]|usd\s?)?$", re.IGNORECASE)
# Anywhere earlier in the value's clause: the value is the opponent's, or a past position.
_CLAUSE_NOT_OWN = re.compile(
    r"\b(?:your|yours|you(?:'ve| have)?\s+(?:offered|proposed|suggested|asked|want(?:ed)?|requested|mentioned|said|"
    r"put forward|demand(?:ed)?|insist(?:ed)?)|you(?:'re| are)\s+(?:asking|offering|proposing|demanding)|"
    r"(?:we|i)\s+(?:were|was)\s+at|(?:we|i)\s+(?:offered|proposed|suggested|asked for)|previously|earlier|"
    r"last (?:round|time)|initially|originally|at first|already|spent|ago|"
    r"can(?:no|')t|won't|will not|unable to|refuse|reject(?:ed)?|no way|positions? so far|current positions?|"
    r"(?:landlord|tenant|officer|customer|company [ab])\s*[-:])\b", re.IGNORECASE)
# Just after a value: it is being turned down.
_REJECTED_AFTER = re.compile(
    r"^\s*(?:\w+\s+){0,3}?(?:is|are|was|would be|seems|sounds)\s+(?:way |far |much |simply |just |still )?"
    r"(?:too\b|not\b|unacceptable|out of|beyond|a non-?starter|off the table)|"
    r"^\s*(?:is |are )?(?:off the table|won't work|doesn't work|does not work|is a deal-?breaker|"
    r"which (?:we|i) can(?:no|')t)", re.IGNORECASE)
_ACCEPTS = re.compile(r"\b(?:accept|agree|works?\b|fine\b|acceptable|okay|ok\b|deal\b|happy with|can live with|"
                      r"sounds good|good with|on board|go with)", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|no|never|cannot)\b|n't\b", re.IGNORECASE)
_PROPOSES = re.compile(r"\b(?:propose|proposing|offer|offering|counter|suggest|how about|what about|settle|"
                       r"would be|can do|could do|let's|let us|accept|agree|final|willing|go with|meet|"
                       r"request|insist|hold(?:ing)? at|stay(?:ing)? at|stand(?:ing)? at|move to|now|"
                       r"(?:our|my) (?:position|proposal))", re.IGNORECASE)
_FILLER = {"a", "an", "the", "per", "for", "and", "or", "as", "is", "are", "would", "with", "in", "on", "to",
           "now", "up", "of", "at", "this", "that", "which", "we", "i", "if", "but", "so", "be", "it", "total",
           "then", "plus", "each", "every", "lease", "deal", "offer", "sounds", "works", "split", "over", "p",
           "seems", "feels", "makes", "should", "could", "will", "work", "was", "only", "max", "maximum",
           "minimum", "min", "instead", "not", "too", "flat", "monthly", "annually", "annual", "yearly",
           "upfront", "down", "increase", "decrease", "more", "less", "interest"}
_ZERO_WORDS = re.compile(r"\bno\s+(?:more\s+)?([a-z]+)|\b(?:can(?:no|')t|won't|will not|do not|don't)\s+"
                         r"(?:allow|permit|accept)\s+any\s+([a-z]+)", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[;])\s+|\n+")
_CLAUSE_BREAK = re.compile(r"[,;:(]|\s[-–—]\s")
# "12 or 15 months": a bare number joined to one with a unit ("$1100 and 5 days" is not).
_JOINED = re.compile(r"(?<![$€£\d.,])(?P<a>\d+(?:\.\d+)?)\s+(?P<joint>or|to|-)\s+(?P<b>\d+(?:\.\d+)?)"
                     r"(?P<unit>\s?%|\s+[a-z]+)", re.IGNORECASE)
_TOKEN = re.compile(r"[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?|[A-Za-z][\w'-]*|[,;:(]|\s[-–—]\s")


@dataclass(frozen=True)
class Mention:
    issue: str
    label: str | None  # None: a value for this issue that is not a label
    raw: str
    own: bool
    proposed: bool
    ambiguous: bool = False


@dataclass
class _Found:
    start: int
    end: int
    span: str
    position: float  # word position, clause breaks counted as extra distance
    two_numbers: bool
    currency: bool
    stray_noun: bool


def _convertible(labels: GameLabels) -> set[str]:
    """Unit words that convert exactly into one of the game's units ('year' when labels are months)."""
    words = {source for (source, target) in CONVERSIONS if target in labels.known_units}
    return words | {f"{w}s" for w in words} | ({"yrs", "yr"} if "year" in words else set())


def _share_unit(text: str, known_units: set[str]) -> str:
    """'12 or 15 months' -> '12 months or 15 months': the unit of a pair belongs to both."""

    def repeat(match: re.Match[str]) -> str:
        unit = match.group("unit")
        word = unit.strip().lower()
        if unit.strip() != "%" and word.rstrip("s") not in known_units and word not in known_units:
            return match.group(0)
        return f"{match.group('a')}{unit} {match.group('joint')} {match.group('b')}{unit}"

    return _JOINED.sub(repeat, text)


def _positions(sentence: str) -> list[tuple[int, float]]:
    """(character offset, weighted word position) for every word; clause breaks add distance."""
    result: list[tuple[int, float]] = []
    position = 0.0
    for token in _TOKEN.finditer(sentence):
        if _CLAUSE_BREAK.fullmatch(token.group(0)):
            position += 2
            continue
        result.append((token.start(), position))
        position += 1
    return result


def _position_at(positions: list[tuple[int, float]], offset: int) -> float:
    best = 0.0
    for start, position in positions:
        if start > offset:
            break
        best = position
    return best


def _find(sentence: str, labels: GameLabels, keyword_stems: set[str]) -> list[_Found]:
    positions = _positions(sentence)
    found = []
    for match in MENTION.finditer(sentence):
        unit_word = match.group("unit").strip(" -").lower()
        span = match.group(0)
        currency = bool(match.group("cur")) or unit_word in _CURRENCY_WORDS
        stray = False
        if unit_word and not (unit_word in labels.known_units or unit_word.rstrip("s") in labels.known_units
                              or unit_word in _CURRENCY_WORDS or unit_word in _convertible(labels)):
            span = span[: match.start("unit") - match.start()]
            # "3 rounds", "2 kids": a count of something else (unless it is money or a percentage).
            stray = (unit_word not in _FILLER and unit_word[:5] not in keyword_stems
                     and not currency and not match.group("pct") and not match.group("num2"))
        found.append(_Found(match.start(), match.start() + len(span), span.strip(),
                            _position_at(positions, match.start()), bool(match.group("num2")), currency, stray))
    return found


def _keyword_hits(sentence: str, stems: dict[str, tuple[set[str], set[str]]]) -> dict[str, list[tuple[float, float]]]:
    """Per issue, (weighted position, weight) of its words in the sentence; description words
    weigh less than the issue's name."""
    positions = _positions(sentence)
    hits: dict[str, list[tuple[float, float]]] = {issue: [] for issue in stems}
    for token in re.finditer(r"[a-z]+", sentence.lower()):
        stem = token.group(0)[:5]
        for issue, (primary, secondary) in stems.items():
            if stem in primary:
                hits[issue].append((_position_at(positions, token.start()), 0.0))
            elif stem in secondary:
                hits[issue].append((_position_at(positions, token.start()), 1.5))
    return hits


def _bound_distances(found: list[_Found], hits: dict[str, list[tuple[float, float]]]) -> list[dict[str, float]]:
    """Each issue word binds to its nearest value; a value's distance to an issue is that of the
    nearest word bound to it (infinite when none is)."""
    distances: list[dict[str, float]] = [dict() for _ in found]
    if not found:
        return distances
    for issue, occurrences in hits.items():
        for position, weight in occurrences:
            gaps = [abs(f.position - position) for f in found]
            nearest = min(gaps)
            for index, gap in enumerate(gaps):
                if gap == nearest:
                    current = distances[index].get(issue, float("inf"))
                    distances[index][issue] = min(current, gap + weight)
    return distances


def _is_own(sentence: str, found: _Found) -> bool:
    before = sentence[: found.start]
    clause = _CLAUSE_BREAK.split(before)[-1]
    after = sentence[found.end:found.end + 50]
    if _IMMEDIATE_NOT_OWN.search(before[-30:]) or _REJECTED_AFTER.search(after):
        return False
    if _CLAUSE_NOT_OWN.search(clause):
        # "your 24-month proposal works": accepting a named value makes it one's own.
        return bool(re.search(r"\byour?\b", clause, re.IGNORECASE) and _ACCEPTS.search(sentence)
                    and not _NEGATION.search(sentence))
    return True


def _candidates(found: _Found, labels: GameLabels, distances: dict[str, float],
                topic: list[str]) -> list[tuple[str, ValueMatch]]:
    span_units = unit_tokens(found.span) & labels.known_units
    options: list[tuple[float, int, str, ValueMatch]] = []
    for issue, table in labels.issues.items():
        two_number_labels = not table.by_number
        if two_number_labels != found.two_numbers:
            continue
        label_units = table.all_units
        if span_units - label_units:
            continue  # "9 months" is no number of days
        result = table.match(found.span, labels.known_units)
        distance = distances.get(issue, float("inf"))
        converts = any(s in unit_tokens(found.span) and t in label_units for s, t in CONVERSIONS)
        # Evidence that a value is about this issue: its unit, its currency, a conversion into
        # its unit, or — for two-number labels such as "6-4" — the very shape of the label.
        unit_evidence = (bool(label_units & span_units) or (table.currency and found.currency) or converts
                         or (found.two_numbers and result.kind == "label"))
        if found.stray_noun and not unit_evidence:
            continue
        if result.kind in ("label", "ambiguous"):
            if not unit_evidence and distance > 8 and issue not in topic[-1:]:
                continue
        elif result.kind == "invalid":
            # A non-label value is only pinned on an issue it is clearly about.
            if not ((unit_evidence and label_units - {"%"}) or (distance <= 4 and table.currency == found.currency)):
                continue
        else:
            continue
        rank = 0 if distance <= 8 else (1 if unit_evidence and len(label_units) else 2)
        options.append((rank + distance / 100 if distance != float("inf") else rank + 0.5, 0 if result.kind == "label" else 1,
                        issue, result))
    if not options:
        return []
    options.sort(key=lambda o: (o[0], o[1]))
    best = [o for o in options if o[0] == options[0][0]]
    if len(best) > 1:
        # Still tied: the issue the text spoke of most recently, else the only label reading.
        recent = next(([o] for issue in reversed(topic) for o in best if o[2] == issue), [])
        labelled = [o for o in best if o[1] == 0]
        best = recent or (labelled if len(labelled) == 1 else best)
    return [(o[2], o[3]) for o in best]


def mentions(text: str, labels: GameLabels) -> list[Mention]:
    stems = labels.issue_stems
    keyword_stems = {s for primary, secondary in stems.values() for s in primary | secondary}
    converted = _share_unit(words_to_digits(text), labels.known_units)
    result: list[Mention] = []
    topic: list[str] = []  # issues in the order the text names them
    for sentence in [s for s in _SENTENCE.split(converted) if s and s.strip()]:
        found = _find(sentence, labels, keyword_stems)
        hits = _keyword_hits(sentence, stems)
        distances = _bound_distances(found, hits)
        proposed = bool(_PROPOSES.search(sentence))
        named_here = sorted((min(p for p, _ in occ), issue) for issue, occ in hits.items() if occ)
        for index, item in enumerate(found):
            choices = _candidates(item, labels, distances[index], topic)
            own = _is_own(sentence, item)
            for issue, match in choices:
                ambiguous = len(choices) > 1 or match.kind == "ambiguous"
                label = match.label if match.kind == "label" and not ambiguous else None
                result.append(Mention(issue, label, item.span, own, proposed, ambiguous))
            if len(choices) == 1:
                topic.append(choices[0][0])
        for match in _ZERO_WORDS.finditer(sentence):
            word = (match.group(1) or match.group(2) or "").lower()[:5]
            for issue, table in labels.issues.items():
                if word in stems[issue][0] and len(table.by_number.get("0", [])) == 1:
                    result.append(Mention(issue, table.by_number["0"][0], match.group(0), True, True))
        topic += [issue for _, issue in named_here]
    return result


def extract_text(text: str, labels: GameLabels, method: str = "text", side: int | None = None) -> Extraction:
    """Offers a free text makes, per issue: several different own values for one issue are
    ambiguous (unless exactly one comes with a proposal); non-label values are invalid."""
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    ambiguous: list[str] = []
    by_issue: dict[str, list[Mention]] = {}
    for mention in mentions(text, labels):
        if mention.own:
            by_issue.setdefault(mention.issue, []).append(mention)
    for issue, own in by_issue.items():
        clean = [m for m in own if not m.ambiguous]
        values = list(dict.fromkeys(m.label for m in clean if m.label))
        unresolved = {m.raw for m in own if m.ambiguous and m.proposed}
        if values and unresolved - {m.raw for m in clean}:
            ambiguous.append(issue)  # "50% or 55% ownership": another proposed value could be this issue's
            continue
        if len(values) > 1:
            proposed = list(dict.fromkeys(m.label for m in clean if m.label and m.proposed))
            values = proposed if len(proposed) == 1 else values
        if len(values) == 1:
            offers[issue] = values[0]
        elif len(values) > 1:
            ambiguous.append(issue)
        elif any(m.label is None and not m.ambiguous for m in clean):
            invalid[issue] = next(m.raw for m in clean if m.label is None and not m.ambiguous)
        elif any(m.ambiguous for m in own):
            ambiguous.append(issue)
    found = bool(offers or invalid or ambiguous)
    return Extraction(method=method if found else "none", offers=offers, invalid=invalid,  # type: ignore[arg-type]
                      ambiguous=tuple(ambiguous))
