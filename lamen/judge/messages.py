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
from dataclasses import dataclass, field
from functools import lru_cache

from decimal import Decimal
from fractions import Fraction

from lamen.judge.caseless import caseless
from lamen.judge.dates import is_date_label
from lamen.judge.extraction import Extraction
from lamen.judge.label_alternatives import offered_with_another
from lamen.judge.labels import (
    CONVERSIONS, UNIT_LETTERS, UNIT_SINGULAR, GameLabels, IssueLabels, ValueMatch, frequency_words, numbers_in, unit_tokens,
    money_periods_dropped, words_to_digits,
)
from lamen.judge.numbers import decimal_text
from lamen.judge.paired_shares import paired_shares
from lamen.judge.parties import favoured, party_near, party_patterns, share_for, speaker_from_text, split_for
from lamen.judge.even_shares import even_shares, even_splits
from lamen.judge.phrases import (
    even_mentions, included_mentions, label_phrases, listed_partial_labels, paraphrased_labels, told_labels,
    zero_mentions,
)
from lamen.judge.proximity import bound_distances, keyword_hits, position_at, word_positions
from lamen.judge.stance import PROPOSES, is_own
from lamen.judge.values import in_english, local_forms

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?k?|\d+(?:\.\d+)?k?"
MENTION = re.compile(
    rf"(?P<cur>[$€£]\s?|\busd\s?|\beur\s?)?(?P<num>{_NUM})(?![\w,]\d)(?P<cur_after>\s?[$€£](?!\d))?"
    rf"\s?(?P<pct>%|\s?percent\b)?"
    # "2% or $5,000" is two values of two issues, not a pair: a percentage pairs with no amount.
    # "$1,200 / 18 months / $1,000": a slash after an amount pairs only with another amount.
    # "3:2", "4 : 6": a split; "Option 2: $1,100", "Step 2: 24 months", "$3,500: eight hours": a
    # key's colon (none before it, a space after), which pairs the number with nothing.
    rf"(?:(?P<sep>(?!(?<!\s):\s)\s?[-–:]\s?|\s?/\s?(?(cur)(?=[$€£]))|\s+(?:to|or)\s+)(?(pct)(?![$€£]))(?P<cur2>[$€£])?(?P<num2>{_NUM})"
    rf"\s?(?P<pct2>%)?)?"
    rf"(?P<unit>(?:[\s-]?(?:[a-z]+))?)",
    re.IGNORECASE)
_CURRENCY_WORDS = {"dollar", "dollars", "usd", "euro", "euros", "eur", "bucks"}
_MEASURES = {"month", "day", "year", "week", "hour", "%"}
_FILLER = {"a", "an", "the", "per", "for", "and", "or", "as", "is", "are", "would", "with", "in", "on", "to",
           "now", "up", "of", "at", "this", "that", "which", "we", "i", "if", "but", "so", "be", "it", "total",
           "then", "plus", "each", "every", "lease", "deal", "offer", "sounds", "works", "split", "over", "p",
           "seems", "feels", "makes", "should", "could", "will", "work", "was", "only", "max", "maximum",
           "minimum", "min", "instead", "not", "too", "flat", "monthly", "annually", "annual", "yearly",
           "upfront", "down", "increase", "decrease", "more", "less", "interest"}
_OR_MORE = re.compile(r"(?<![\w$€£.,])((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|[a-z]+)?)\s+or\s+(?:more|longer|above|higher|beyond)\b",
                      re.IGNORECASE)
_EXCEPT = re.compile(r"\b(?:except(?:\s+(?:that|for))?|apart\s+from|other\s+than|but\s+with)\b", re.IGNORECASE)
# "... but ...", and a slip corrected in the same sentence ("$2,500 — sorry, I meant $3,000",
# "make that $1,200", "or rather"): the value after it replaces the one before it.
_CONTRAST = caseless(r"\bbut\b(?!\s+(?:not|never)\b)|\bi\s+meant\b|\bmake\s+that\b|\bor\s+rather\b|\btypo\b|"
                     r"\boops\b|\bcorrection\b|\bmake\s+it\b(?=\s*[$€£]?\d)")
_SCORE_WORD = re.compile(r"(?<=\d)\s+(?:zu|tegen)\s+(?=\d)", re.IGNORECASE)
_ROUND_BEFORE = re.compile(r"\bround\s*(?:#|no\.?\s*)?$", re.IGNORECASE)
_KEY_BEFORE = re.compile(r"\b([a-z]+)\s*[:=]?\s*(?:[$€£]\s?)?$", re.IGNORECASE)
# ("6 of 10 seats": a number after "N of" is the whole the first is counted in)
_TOTAL_BEFORE = caseless(r"\b(?:of\s+the|out\s+of(?:\s+the)?|of\s+all)\s+$|\bseats?\s+(?:of|out\s+of|sur|su)\s+$|"
                         r"\d\s+(?:of|out\s+of)\s+$")
_OF_WHAT = re.compile(r"^\s*(?:[a-z]+\s+)?of\s+(?:our|your|its|their|the|all|his|her)?\s*(?:\d+\s+)?([a-z]+)(?:\s+([a-z]+))?",
                      re.IGNORECASE)
_PER_PERIOD = re.compile(r"^\s*(?:a|per|/|each|every)\s*(?:month|mo|year|yr)\b|^\s*(?:monthly|yearly|annually|a\s+year)\b",
                         re.IGNORECASE)
_BETWEEN = caseless(r"\b(?:between|(?:somewhere|anywhere|anything)\s+(?:from|between))\s+(?P<a>[$€£]?[\d.,]+\s?%?)\s+"
                    r"(?:and|to)\s+(?=[$€£]?\d)")
_COMPROMISE_BEFORE = re.compile(r"\b(?:split(?:ting)?\s+the\s+difference|halfway|midway|middle|meet(?:ing)?\s+halfway)\s*$",
                                re.IGNORECASE)
# "from" just before "X to Y": a move from X to Y, unless the words before say a range ("ranging from").
_MOVED_FROM = re.compile(r"(?P<range>\b(?:rang\w*|vary\w*|varies|anywhere|anything|somewhere)\s+)?\bfrom\s+"
                         r"(?:(?:my|our|your|their|the|its)\s+(?:\w+\s+)?)?$", re.IGNORECASE)
_MONEY_NEXT = re.compile(r"\W{0,2}\s*(?:[$€£]|usd\b|eur\b|dollars?\b|euros?\b)", re.IGNORECASE)  # "5 tys. USD"
# ("5 sièges chacun", "5 seggi ciascuno", "je 5 Sitze", "cada uno": the same word in the languages
# models answer in, which the lexicon leaves as they are)
_EACH_AFTER = re.compile(r"\s*(?:[a-z]+\s+)?(?:each|apiece|chacun|chacune|ciascun[oa]|cada\s+un[oa]|jeweils)\b", re.IGNORECASE)
_RANGE_AFTER = re.compile(r"^\s?%?\s*(?:[a-z]+\s+){0,2}?range\b", re.IGNORECASE)
# ("$8,000, maybe $9,000 with a co-signer": a second value offered beside the first)
_ALTERNATIVES = re.compile(r"\beither\b|\bor\s+(?:maybe|perhaps|possibly)\b|\balternatively\b|"
                           r"[,;]\s*(?:maybe|perhaps|possibly)\s+(?:even\s+)?[$€£]?\d", re.IGNORECASE)
_WHOSE = re.compile(r"\b(?:we|us|our|ours|you|your|yours|they|their)\b", re.IGNORECASE)
_TURNED_DOWN = re.compile(
    r"^\s*(?:(?:that|this|it|which)(?:'s|\s+is|\s+would\s+be|\s+will)?\s+(?:(?:simply|just|really|clearly|definitely|"
    r"absolutely|frankly)\s+)?(?:not\s+(?:workable|acceptable|possible|feasible|realistic|going\s+to\s+work|something\s+we)|"
    r"unacceptable|too\s+(?:high|low|much|steep|expensive|long|short)|out\s+of\s+the\s+question|a\s+non-?starter|"
    r"impossible|won't\s+work|doesn't\s+work|does\s+not\s+work|not\s+something\s+(?:we|i|our))|no\s+way|absolutely\s+not|"
    r"not\s+a\s+chance|come\s+on\b|you(?:'re|\s+are)\s+(?:kidding|joking)|"
    r"(?:we|i)\s+(?:can(?:no|')t|cannot|won't)\s+(?:accept|agree\s+to|do)\s+(?:that|this|it)\b)", re.IGNORECASE)
# "1.1k", "9K": thousands are amounts of money in a game that has money issues.
_THOUSANDS_K = re.compile(r"(?<![$€£\w.,])(\d{1,3}(?:\.\d+)?[kK])\b")
_LIST_INDEX = re.compile(r"^\d{1,2}[.)](?:\s|$)")
# The indices of a numbered list, two or more lines opening with "1." / "2)": no values.
_LIST_INDICES = re.compile(r"(?m)^([ \t]*)\d{1,2}[.)](?=[ \t]+\S)")
# A line or sentence opened by a side as its label ("Us:", "- You:", "Our position:", "Their ask:").
_SIDE_LABELLED = re.compile(r"^\W*(?:us|we|me|ours|you|yours|they|theirs|(?:our|my|your|their)\s+side|"
                            r"(?:our|my|your|their)\s+(?:current\s+|last\s+|latest\s+)?(?:position|offer|ask|terms))\s*[:=]",
                            re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[;])\s+|\n+")
# "12 or 15 months": a bare number joined to one with a unit ("$1100 and 5 days" is not).
_JOINED = re.compile(r"(?<![$€£\d.,])(?P<a>\d+(?:\.\d+)?)\s+(?P<joint>or|to|-)\s+(?P<b>\d+(?:\.\d+)?)"
                     r"(?P<unit>\s?%|\s+[a-z]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Mention:
    issue: str
    label: str | None  # None: a value for this issue that is not a label
    raw: str
    own: bool
    proposed: bool
    ambiguous: bool = False
    stated: bool = False  # the value's own clause proposes it ("..., I propose $1,100")
    revises: bool = False  # its sentence replaces what the text said before ("ok realistically 2%")
    guessed: bool = False  # its issue was chosen without its name or unit nearby
    others: tuple[tuple[str, str | None], ...] = ()  # other issues it could be, passed over for the topic


@dataclass
class _Found:
    start: int
    end: int
    span: str
    position: float  # word position, clause breaks counted as extra distance
    two_numbers: bool
    currency: bool
    stray_noun: bool
    word_range: bool = False  # "$1,000 to $1,100", "50% or 55%": two values, not a split
    party: int | None = None  # whose share the number is, when the clause says
    favour: int | None = None  # whom a written split favours
    guessed: str = ""  # why the issue chosen for this value is a guess ("" when it is not)
    measure: bool = False  # "one month's rent", "two months' rent": a value measured by another, no label
    period: str = ""  # "month" / "year": the amount is written per that period ("$1,100 a month")
    each: bool = False  # "five seats each", "50% apiece": the same number for both parties
    small_count: bool = False  # "one question", "2 kids": a count below ten of something that is no money
    others: tuple[tuple[str, str | None], ...] = ()  # the issues (and labels) a tie broken by topic passed over
    word_after: str = ""  # the word cut from the span after the number ("rounds" of "2 rounds")


def _convertible(labels: GameLabels) -> set[str]:
    """Unit words that convert exactly into one of the game's units ('year' when labels are months)."""
    words = {source for (source, target) in CONVERSIONS if target in labels.known_units}
    return words | {f"{w}s" for w in words} | ({"yrs", "yr"} if "year" in words else set())


def _share_unit(text: str, known_units: set[str]) -> str:
    """'12 or 15 months' -> '12 months or 15 months': the unit of a pair belongs to both."""

    def repeat(match: re.Match[str]) -> str:
        unit = match.group("unit")
        word = unit.strip().lower()
        if word in _CURRENCY_WORDS:
            # "5000 to 7000 dollars": a range of amounts, "$5000 to $7000".
            return f"${match.group('a')} {match.group('joint')} ${match.group('b')}"
        if unit.strip() != "%" and word.rstrip("s") not in known_units and word not in known_units:
            return match.group(0)
        return f"{match.group('a')}{unit} {match.group('joint')} {match.group('b')}{unit}"

    return _JOINED.sub(repeat, text)


def _find(sentence: str, labels: GameLabels, keyword_stems: set[str],
          places: list[tuple[int, float]]) -> list[_Found]:
    found = []
    convertible = _convertible(labels)
    name_stems = {stem for primary, _ in labels.issue_stems.values() for stem in primary}
    for match in MENTION.finditer(sentence):
        if match.group("sep") and match.group("sep").strip().lower() == "to" and "from" in sentence[:match.start()].lower():
            moved = _MOVED_FROM.search(sentence[max(0, match.start() - 40):match.start()])
            if moved and not moved.group("range"):
                # "we raise them from 40% to 60%", "move from $1,500 to $1,400": a move, whose end
                # is the value; its start was a position left behind, no range of two values.
                second = MENTION.match(sentence, match.start("cur2") if match.group("cur2") else match.start("num2"))
                match = second or match
        unit_word = match.group("unit").strip(" -").lower()
        unit_word = UNIT_SINGULAR.get(unit_word, unit_word)
        if unit_word in UNIT_LETTERS and UNIT_LETTERS[unit_word] in labels.known_units:
            unit_word = UNIT_LETTERS[unit_word]  # "2 d", "18m": an abbreviated unit of this game
        span = match.group(0)
        currency = bool(match.group("cur") or match.group("cur_after")) or unit_word in _CURRENCY_WORDS
        stray = False
        # A word of a text label ("$26,000 cash") is no unit of the amount before it.
        # ("12-month" of a game whose labels are "month-to-month" and "12 months": a unit all the same)
        # ("two years" of a game whose months are counted and whose text label says "twice a year":
        # a unit that converts exactly into the game's unit is a unit, whatever label holds the word)
        text_word = unit_word in labels.label_words and unit_word not in labels.number_label_words \
            and f"{unit_word}s" not in labels.number_label_words and unit_word not in convertible
        cut_word = ""
        if unit_word and (text_word or not (unit_word in labels.known_units or unit_word.rstrip("s") in labels.known_units
                                            or unit_word in _CURRENCY_WORDS or unit_word in convertible)):
            span = span[: match.start("unit") - match.start()]
            cut_word = unit_word
            # "3 rounds", "2 kids": a count of something else (unless it is money or a percentage).
            # ("$26,000 cash": the word after the amount is a text label of another issue, not its unit.)
            stray = (unit_word not in _FILLER and unit_word[:5] not in keyword_stems and unit_word not in labels.label_words
                     and not (len(unit_word) >= 3 and any(stem.startswith(unit_word) for stem in keyword_stems))
                     and not currency and not match.group("pct") and not match.group("num2"))
        if stray:
            # "Rent 1200 theek hai", "deposit 1000 se zyada nahi": a number right after an issue's
            # name is its value, whatever word (of another language) follows it.
            key_before = _KEY_BEFORE.search(sentence[max(0, match.start() - 30):match.start()])
            stray = not (key_before and key_before.group(1).lower()[:5] in name_stems)
        after = sentence[match.start() + len(span):]
        if not unit_word and _PER_PERIOD.match(after):
            currency = True  # "1200 a month", "1200/mo": an amount of money per period
        measure = bool(unit_word) and (after.startswith("'s") or after.startswith("' "))
        if _ROUND_BEFORE.search(sentence[:match.start()]) and re.fullmatch(r"\d{1,2}", match.group("num")) \
                and not match.group("unit").strip():
            continue  # "Proposal (Round 2):" counts the rounds of the negotiation: no value at all
        if _TOTAL_BEFORE.search(sentence[:match.start()]):
            stray = True  # "6 of the 10 seats": the 10 is the whole, not a value
        # Two amounts of money are never a split: "$1,200-$1,300" is a range.
        word_range = bool(match.group("sep")) and (match.group("sep").strip().lower() in ("to", "or")
                                                   or bool(_RANGE_AFTER.match(after))
                                                   or bool(match.group("cur") and match.group("cur2")))
        per = _PER_PERIOD.match(after)
        period = ("month" if "mo" in per.group(0).lower() else "year") if per else ""
        if not period and currency and (longer := _PER_LONGER_PERIOD.match(after)):
            period = "quarter" if "quarter" in longer.group(0).lower() else "week"  # "$3,300 per quarter"
        each = not match.group("num2") and bool(_EACH_AFTER.match(sentence, match.start() + len(span)))
        # (a word of three letters or fewer may be a scale's abbreviation: "5 tys." is 5,000)
        small_count = stray and match.group("num").isdigit() and int(match.group("num")) < 10 and len(unit_word) >= 4 \
            and not _MONEY_NEXT.match(sentence, match.end("unit"))
        found.append(_Found(match.start(), match.start() + len(span), span.strip(),
                            position_at(places, match.start()), bool(match.group("num2")), currency, stray and not each,
                            word_range, measure=measure, period=period, each=each, small_count=small_count,
                            word_after=cut_word))
    return found


def _shares(found: _Found, issue: str, labels: GameLabels) -> ValueMatch | None:
    """A split or share read from whose side it is written, or None when that does not apply."""
    table = labels.issues[issue]
    if table.pair_total is None and table.party is None:
        return None
    numbers = [Decimal(n) for n in numbers_in(found.span)]
    parties = labels.game.parties
    if found.two_numbers and len(numbers) == 2 and not found.word_range:
        return split_for(table, numbers[0], numbers[1], found.favour, parties)
    if found.each and len(numbers) == 1:
        return split_for(table, numbers[0], numbers[0], None, parties)  # "five seats each": 5-5
    if len(numbers) == 1 and found.party is not None:
        if table.percent and "%" not in found.span and "percent" not in found.span.lower():
            return None  # "you'd keep 4" is no percentage
        return share_for(table, numbers[0], found.party, parties)
    return None


def _in_one_range(span: str, issue: str, labels: GameLabels) -> bool:
    """The span's one amount lies within this money issue's range of labels and no other's."""
    numbers = numbers_in(span)
    return len(numbers) == 1 and labels.money_issues_spanning(numbers[0]) == [issue]


def _in_one_period_range(found: _Found, issue: str, labels: GameLabels) -> bool:
    """"$1,250 a month": of the money issues whose range holds the amount, this is the one
    counted in the period the amount is written per."""
    numbers = numbers_in(found.span)
    if not found.period or len(numbers) != 1:
        return False
    spanning = [name for name in labels.money_issues_spanning(numbers[0])
                if found.period in labels.money_periods.get(name, frozenset())]
    return spanning == [issue]


def _candidates(found: _Found, labels: GameLabels, distances: dict[str, float],
                topic: list[str]) -> list[tuple[str, ValueMatch]]:
    # "3y", "18m": a unit letter is the game's unit it abbreviates, where the game has that unit.
    span_tokens = {UNIT_LETTERS[t] if UNIT_LETTERS.get(t) in labels.known_units else t for t in unit_tokens(found.span)}
    span_units = span_tokens & labels.known_units
    written_units = span_tokens & _MEASURES
    options: list[tuple[float, int, str, ValueMatch]] = []
    for issue, table in labels.issues.items():
        distance = distances.get(issue, float("inf"))
        near = distance <= 8 or found.two_numbers or (issue in topic[-1:] and found.party is not None)
        # (a share whose holder the clause names is that holder's, whatever places it under the
        # issue: "B owning 55%" is A's 45% though "owning" is no word of the issue's name)
        shared = _shares(found, issue, labels) if near or (found.party is not None and table.party is not None) else None
        two_number_labels = table.pair_total is not None
        if shared is None and two_number_labels != (found.two_numbers and not found.word_range):
            if not (found.word_range and not two_number_labels):
                continue
        label_units = table.all_units
        if span_units - label_units:
            continue  # "9 months" is no number of days
        if shared is None and found.currency and not table.currency and label_units:
            continue  # "$1,200" is no number of months or a percentage
        converts = any(s in written_units and t in label_units for s, t in CONVERSIONS)
        if written_units and label_units - {"%"} and not written_units & label_units and not converts:
            continue  # "1 year" is no number of days either
        # (a count right after its issue's name, a colon between, is read as under a key:
        # "Révisions : deux tours", and one after a value of the same issue shares its unit: "from
        # two sets down to one"; elsewhere a bare count names no label written in words)
        result = shared or (table.match(found.span, labels.known_units) if distance <= 3 or issue in topic[-1:] else
                            table.match_in_text(found.span, labels.known_units, found.word_after))
        if result.kind == "invalid" and found.period and table.currency:
            result = _per_issue_period(found, issue, labels) or result
        # (not a small count of something else: "one question" is no $1,000; "120 tys." is thousands)
        thousands = table.currency and not found.currency and not span_tokens and not found.two_numbers and \
            not found.small_count and _in_thousands(found, issue, labels)
        if thousands:
            # "stretch to 26.5" of a $24,000-$28,000 price, "one-twenty" of a salary: thousands.
            result = table.match(f"${thousands}", labels.known_units)
            found.guessed = f"'{found.span}' was read in thousands"
        # Evidence that a value is about this issue: its unit, its currency, a conversion into
        # its unit, or — for two-number labels such as "6-4" — the very shape of the label.
        unit_evidence = (bool(label_units & span_units) or (table.currency and found.currency) or converts
                         or (found.two_numbers and result.kind == "label" and not found.word_range)
                         # "twelve-fifty a month": an amount per the period this issue is counted in
                         or (table.currency and _in_one_period_range(found, issue, labels))
                         or bool(thousands))
        if found.stray_noun and not unit_evidence:
            continue
        if result.kind in ("label", "ambiguous"):
            if not unit_evidence and distance > 8 and issue not in topic[-1:]:
                continue
            if result.kind == "ambiguous" and not result.candidates and not unit_evidence and distance > 8:
                continue
        elif result.kind == "invalid" and not table.by_number and not table.currency and table.pair_total is None:
            continue  # "110 is ok if remote": a number is no value of an issue whose labels hold none
        elif result.kind == "invalid":
            # A non-label value is only pinned on an issue it is clearly about.
            only_percent_issue = label_units == {"%"} and labels.percent_issues == 1
            only_money_issue = table.currency and (found.currency and (
                labels.money_issues == 1 or _in_one_range(found.span, issue, labels))
                or _in_one_period_range(found, issue, labels) or bool(thousands))
            if not ((unit_evidence and (table.measure_units - {"%"} or only_percent_issue or only_money_issue))
                    or (distance <= 4 and table.currency == found.currency
                        # "I'd accept $120,000 if the signing bonus were $5,000": an amount that is a
                        # label of another money issue is that issue's, however near this one's name
                        and not (found.currency and _label_of_other_money_issue(found.span, issue, labels)))):
                continue
        else:
            continue
        rank = 0 if distance <= 8 else (1 if unit_evidence and len(table.measure_units) else 2)
        options.append((rank + distance / 100 if distance != float("inf") else rank + 0.5, 0 if result.kind == "label" else 1,
                        issue, result, unit_evidence or distance <= 8))
    if not options:
        return []
    options.sort(key=lambda o: (o[0], o[1]))
    best = [o for o in options if o[0] == options[0][0]]
    if len(best) > 1 and found.period:
        # "$1,100 a month" with rent and deposit both in range: the money issue counted monthly.
        periodic = [o for o in best if found.period in labels.money_periods.get(o[2], frozenset())]
        best = periodic if len(periodic) == 1 else best
    if len(best) > 1:
        # Still tied: the issue the text spoke of most recently, else the only label reading.
        recent = next(([o] for issue in reversed(topic) for o in best if o[2] == issue), [])
        labelled = [o for o in best if o[1] == 0]
        tied = best
        best = recent or (labelled if len(labelled) == 1 else best)
        if len(best) == 1:
            found.guessed = f"'{found.span}' was given to {best[0][2]} only because the text spoke of it last"
            found.others = tuple((o[2], o[3].label if o[3].kind == "label" else None) for o in tied if o[2] != best[0][2])
    elif not best[0][4]:
        found.guessed = f"'{found.span}' was given to {best[0][2]} without its name or unit nearby"
    return [(o[2], o[3]) for o in best]


def _holds_numbers(table: IssueLabels) -> bool:
    """Some label of the issue is a number (an amount, a count, a share or a split)."""
    return bool(table.by_number) or table.currency or table.pair_total is not None or table.party is not None


def _label_of_other_money_issue(span: str, issue: str, labels: GameLabels) -> bool:
    """The amount lies outside this money issue's range of labels and is a label of another one."""
    numbers = numbers_in(span)
    low, high = labels.money_ranges.get(issue, (None, None))
    if len(numbers) != 1 or low is None or low <= Decimal(numbers[0]) <= high:
        return False
    return any(other != issue and table.currency and table.match(span, labels.known_units).kind == "label"
               for other, table in labels.issues.items())


def _in_thousands(found: _Found, issue: str, labels: GameLabels) -> str:
    """A bare number far below every label of a money issue whose thousands lie in that issue's
    range, and in no other money issue's ("26.5" for a car priced $24,000-$28,000): the amount in
    thousands, as a decimal string; else ""."""
    numbers = numbers_in(found.span)
    ranges = labels.money_ranges
    if len(numbers) != 1 or issue not in ranges:
        return ""
    number = Decimal(numbers[0])
    low, high = ranges[issue]
    if number <= 0:
        return ""
    scaled = number * 1000
    if number * 100 > low or not low <= scaled <= high or labels.money_issues_spanning(format(scaled, "f")) != [issue]:
        return ""
    return format(scaled.normalize(), "f")


# "$3,300 per quarter", "$420 a week", "$1,750 for the week": an amount per a period longer than
# the one its issue is counted in (only after an amount of money: "3 a week" is no money).
_PER_LONGER_PERIOD = re.compile(r"^\s*(?:a|per|/|each|every|for\s+(?:the|a|one))\s*(?:quarter|week|wk)\b|"
                                r"^\s*(?:quarterly|weekly)\b", re.IGNORECASE)
_LONGER_PERIOD_FACTORS = {("quarter", "month"): Fraction(1, 3), ("quarter", "year"): Fraction(4),
                          ("week", "day"): Fraction(1, 7)}
_PER_DAY = re.compile(r"\b(?:night|nightly|nights|per\s+day|a\s+day|daily|each\s+day|day\s+rate|daily\s+rate)\b",
                      re.IGNORECASE)


def _counted_per(issue: str, labels: GameLabels, periods: frozenset[str]) -> str:
    """The period an amount of this money issue is counted in: its money period ('month', 'year'),
    or 'day' when its name or descriptions count it per night or day ("nightly rate")."""
    if len(periods) == 1:
        return next(iter(periods))
    table = labels.issues[issue]
    return "day" if not periods and _PER_DAY.search(" ".join([issue, *table.issue.descriptions])) else ""


def _per_issue_period(found: _Found, issue: str, labels: GameLabels) -> ValueMatch | None:
    """An amount written per year for an issue counted monthly ("$14,400 per year" of rent is
    $1,200), or per month for one counted yearly: an exact conversion, never a rounding."""
    periods = labels.money_periods.get(issue, frozenset())
    numbers = numbers_in(found.span)
    if found.period in ("quarter", "week"):
        # "$3,300 per quarter" of rent counted monthly is $1,100 (three months); "$420 a week" of a
        # nightly rate is $60 (seven nights): exact conversions, never roundings.
        factor = _LONGER_PERIOD_FACTORS.get((found.period, _counted_per(issue, labels, periods)))
        if factor is None or len(numbers) != 1:
            return None
    elif not periods or found.period in periods or len(numbers) != 1:
        return None
    else:
        factor = Fraction(1, 12) if found.period == "year" else Fraction(12)
    converted = decimal_text(Fraction(Decimal(numbers[0])) * factor)
    named = labels.issues[issue].by_number.get(converted or "", [])
    return ValueMatch("label", named[0]) if len(named) == 1 else None


def _in_issue_order(found: list[_Found], labels: GameLabels) -> list[tuple[str, str]] | None:
    """A package restated without issue names ("$1,200, 12 months, $1,000 and 2 days"): one value
    per issue, in the game's order, each a label of its issue. None when it is not that."""
    values = [item for item in found if not item.stray_noun]
    if len(values) != len(labels.issues) or len(values) < 2 or len(values) != len(found):
        return None
    package = []
    for item, (issue, table) in zip(values, labels.issues.items()):
        match = table.match(item.span, labels.known_units)
        if match.kind != "label" or (item.currency and not table.currency):
            return None
        package.append((issue, match.label or ""))
    return package


# "The fee feels like a burden. I'll waive it entirely.": giving up the issue the text spoke of
# last, unless a new value follows ("drop it to $40" lowers it).
_PRONOUN_ZERO = caseless(r"\b(?:waiv(?:e|ing)|drop(?:ping)?|skip(?:ping)?|forgo(?:ing)?|scrap(?:ping)?|"
                         r"eliminat(?:e|ing)|remov(?:e|ing))\s+(?:it|that|this|them|those|these)\b"
                         r"(?!\s*(?:(?:down\s+)?(?:to|by|from|for|at|in)\b|[$€£\d]))")


def _zero_pronoun(sentence: str, labels: GameLabels, spoken_of: list[str]) -> list[tuple[str, str, int, int]]:
    match = _PRONOUN_ZERO.search(sentence)
    if not match:
        return []
    before = sentence[:match.start()]
    # An issue named earlier in the same sentence ("About the deposit: we could waive it") is nearer.
    here = sorted((max(p for p, _ in occ), issue) for issue, occ in keyword_hits(before, labels).items() if occ)
    referent = here[-1][1] if here else (spoken_of[-1] if spoken_of else None)
    zero = labels.issues[referent].zero_label() if referent else None
    return [(referent, zero, match.start(), match.end())] if referent and zero else []


# A sentence that replaces what came before it: "ok realistically 2%", "Actually, make it $1,200",
# "On second thought, 18 months", "jokes aside, 3%".
_REVISES = caseless(r"^\W*(?:(?:ok(?:ay)?|so|but|well|fine|alright|no)\W+)?(?:realistically|actually|seriously|"
                    r"on\s+second\s+thought|scratch\s+that|correction|jok(?:es|ing)\s+aside|in\s+all\s+seriousness|"
                    r"to\s+be\s+realistic|more\s+realistically|let\s+me\s+correct|"
                    # "Final offer: ...", "Bottom line: ...", "To recap: ..." after a history of offers
                    r"(?:(?:my|our|the|here's\s+(?:my|our))\s+)?(?:final|revised|updated|new|current|latest)\s+"
                    r"(?:offer|proposal|answer|terms|position|package)|final(?=\s*:)|bottom[\s-]+line|to\s+(?:sum\s+up|recap)|"
                    r"in\s+summary|summary(?=\s*:)|(?:update[ds]?|edit(?:ed)?|revision|revised|amended|amendment)(?=\s*:))\b")


# A sentence that ends by taking itself back ("fee $7,000 wait no.", "$1,200... scratch that."):
# the next sentence revises it.
_RETRACTS = caseless(r"\b(?:wait,?\s+no|no,?\s+wait|scratch\s+that|strike\s+that|hmm,?\s+no|never\s*mind)\W*$")


# A reply that opens by taking up the other side's question explains the terms it names; only a
# sentence that proposes offers anything ("Good question! Business-hours support covers 9-6 ...").
_ANSWERS_QUESTION = re.compile(r"^\W*(?:(?:that's|that\s+is|it's|what)\s+(?:a\s+)?|a\s+)?(?:good|great|fair|excellent|"
                               r"reasonable|valid)\s+question\b|^\W*to\s+answer\s+your\s+question\b", re.IGNORECASE)


def _amounts_in_game_order(found: list[_Found], labels: GameLabels) -> list[tuple[str, str]] | None:
    """(issue, label) per value when a sentence's values are two or more amounts of money, each
    in the range of the same money issues and as many as those issues, each a label of the issue
    the game's order gives it; else None."""
    if len(found) < 2 or any(item.two_numbers or item.stray_noun for item in found):
        return None
    spans = [numbers_in(item.span) for item in found]
    if any(len(numbers) != 1 for numbers in spans):
        return None
    issues = {frozenset(labels.money_issues_spanning(numbers[0])) for numbers in spans}
    ordered = [issue for issue in labels.issues if issue in next(iter(issues))] if len(issues) == 1 else []
    if len(ordered) != len(found):
        return None
    matches = [labels.match(issue, f"${numbers[0]}") for issue, numbers in zip(ordered, spans)]
    if any(match.kind != "label" for match in matches):
        return None
    return [(issue, match.label or "") for issue, match in zip(ordered, matches)]


_LISTENER_WORDS = re.compile(r"\b(?:you|your|yours|they|their|theirs)\b", re.IGNORECASE)
# A condition in a sentence: its value holds only if ("if you want 24/7, the price goes to $35").
# (a sentence opening with it is a variant of the package; "$1,200 if we agree on 30 months" is a
# proposal with its terms)
_CONDITION = re.compile(r"^\W*(?:(?:and|but|or|so|then)\s+)?(?:if|unless|otherwise|in\s+case|provided|for\s+(?:a|an)\b|si|wenn|"
                        r"falls|als|se|jeśli|если)\b", re.IGNORECASE)
_RANGE_JOINT = re.compile(r"\s*(?:to|or|[-–])\s*", re.IGNORECASE)
_TWO_OF_ONE = caseless(r"\b(?:or|either|between|alternatively|otherwise)\b|\d\s*%?\s+to\s+[$€£]?\d|\d\s*[-–]\s*[$€£]?\d")
# (or in parentheses right after it, or after a noun of it: "hybrid (three days in the office)",
# "a hybrid schedule (3 days in office)")
# (round twenty: also a label in bold before its parenthesis, "**hybrid** (three days in the
# office)", and a count of days after a comma, "hybrid, three days in the office")
_DECORATING = re.compile(r"^[*_]*(?:[\s\w-]{0,25}?\b(?:with|including|plus)\b[^,;.()]*|(?:\s+[a-z-]+){0,2}\s*\([^()]*|"
                         r"(?:\s+[a-z-]+){0,2},\s+(?:\d{1,2}|one|two|three|four|five)\s+days?(?:\s+a\s+week)?\s*)$", re.IGNORECASE)


_COUNT_WORD = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven)\b", re.IGNORECASE)


def _decorations_dropped(written: list[tuple[str, str, int, int]], sentence: str) -> list[tuple[str, str, int, int]]:
    """'a hybrid arrangement with three days in the office': a label of the same issue inside a
    'with' phrase after a label describes it ('in the office' is how hybrid is lived), no second value."""
    dropped = {index for index, (issue, label, start, end) in enumerate(written)
               for other_issue, other_label, _, other_end in written[:index]
               if other_issue == issue and other_label != label and other_end <= start
               and _DECORATING.match(sentence[other_end:start])}
    return [found for index, found in enumerate(written) if index not in dropped]


# "$1,200/month", "1.200 $ al mes", "€90 per week": the period an amount is counted in, right
# after it — the amount's unit, not a value of a frequency or length issue.
_AMOUNT_PERIOD = re.compile(r"(?:\d|[$€£¥]|\b(?:usd|eur|gbp|dollars?|euros?|pounds?|dólares|dollari))\s*"
                            r"(?:/|\bper\b|\ba\b|\ban\b|\beach\b|\bal\b|\bpar\b|\bpro\b|\bau\b|\bim\b)\s*$",
                            re.IGNORECASE)
_PERIOD_WORD = re.compile(r"(?:day|week|month|year|mo|yr|wk|mes|mois|monat|jahr|año|an|anno|mese)s?\.?",
                          re.IGNORECASE)


def _periods_of_amounts_dropped(written: list[tuple[str, str, int, int]],
                                sentence: str) -> list[tuple[str, str, int, int]]:
    """A label read from a bare period word that follows an amount ("$1,200/month") names the
    amount's period, not a frequency or length."""
    if not written or not _DIGIT.search(sentence):
        return written
    return [found for found in written
            # (a period in bold or italics, "**$500/month**", is the amount's all the same)
            if not (_PERIOD_WORD.fullmatch(sentence[found[2]:found[3]].strip(" \t*_"))
                    and _AMOUNT_PERIOD.search(sentence, 0, found[2]))]


_KEY_GAP = re.compile(r"[\s:=*\-–—]*")


def _keys_dropped(written: list[tuple[str, str, int, int]], sentence: str) -> list[tuple[str, str, int, int]]:
    """'second shooter no second shooter': a label worded as its issue's name, followed at once by
    another label of that issue, is the key naming the issue, not a value."""
    kept = []
    for index, (issue, label, start, end) in enumerate(written):
        after = written[index + 1] if index + 1 < len(written) else None
        if after and after[0] == issue and after[1] != label and label.lower() == issue.lower() \
                and _KEY_GAP.fullmatch(sentence[end:after[2]]):
            continue
        kept.append((issue, label, start, end))
    return kept


@dataclass
class Reading:
    """Every mention of a text, and what the reader could not place (why it is unsure)."""

    mentions: list[Mention]
    unsure: list[str]
    sentences: list[str] = field(default_factory=list)  # the text's sentences, as read
    sentence_at: list[int] = field(default_factory=list)  # which of them holds each mention


_CLAUSE_JOINT = re.compile(r"[,;:]\s|\s(?:and|but|while|whereas|versus|vs\.?)\s")


# A seat count the speaker gives away (in its own clause), or a sentence that speaks to or of the
# other side (in the languages models write: "Ihnen", "vous", "a voi"): not the speaker's seats.
_GIVEN = re.compile(r"\b(?:offer\w*|give\w*|giving|gave|grant\w*|cede\w*|ced\w+|concede\w*|conced\w+|allow\w*|leav\w+|"
                    r"left|let|allot\w*|allocat\w*|hand\w*|yield\w*|zugest\w+|geben|gibt|anbiet\w*|offr\w+|ofrec\w+|"
                    r"offri\w*|dare|dar|lasci\w*|laiss\w+|each|either|other|both)\b", re.IGNORECASE)
_LISTENER_ANY = re.compile(r"\b(?:you|your|yours|they|their|them|ihnen|sie|euch|vous|voi|usted(?:es)?|vosotros|você|"
                           r"vocês|jullie|u)\b", re.IGNORECASE)
_SEAT_AFTER = re.compile(r"\s*(?:(?:of|out\s+of)(?:\s+the)?\s+\d+\s+)?(?:board\s+)?seats?\b", re.IGNORECASE)


def _speakers_seats(sentence: str, item: _Found, found: list[_Found], labels: GameLabels, side: int) -> bool:
    """A count of seats of a seat split the sentence gives no holder, said by a speaker the sentence
    names ("we", or the speaker's own party), with no listener, giving verb or other seat count in
    it: the speaker's seats. ("7 of the 10 seats": the whole is no count of anyone's.)"""
    if item.two_numbers or item.each or not _SEAT_AFTER.match(sentence, item.end):
        return False
    numbers = numbers_in(item.span)
    splits = [table for table in labels.issues.values() if table.pair_total is not None and not table.percent]
    if len(numbers) != 1 or len(splits) != 1 or not 0 < Decimal(numbers[0]) < splits[0].pair_total:
        return False
    whole = format(splits[0].pair_total, "f")
    if any(other is not item and _SEAT_AFTER.match(sentence, other.end) and numbers_in(other.span) != [whole]
           for other in found) or _LISTENER_ANY.search(sentence):
        return False
    clause, _ = _clause_around(sentence, item.start, item.end)
    patterns = party_patterns(labels.game.parties)
    if _GIVEN.search(clause) or patterns[1 - side].search(clause):
        return False
    return bool(re.search(r"\b(?:we|us|our)\b", sentence, re.IGNORECASE) or patterns[side].search(sentence))


def _clause_around(sentence: str, start: int, end: int) -> tuple[str, int]:
    """The clause holding a span, and the span's offset in it."""
    breaks = [m.end() for m in _CLAUSE_JOINT.finditer(sentence)
              if m.end() <= start]
    begin = breaks[-1] if breaks else 0
    stop = _CLAUSE_JOINT.search(sentence, end)
    finish = stop.start() if stop else len(sentence)
    return sentence[begin:finish], start - begin


def _evens(sentence: str, labels: GameLabels, stems: dict[str, tuple[set[str], set[str]]]) -> list[tuple[str, str, int, int]]:
    """Even splits and even shares; an "even" that says a share is held evenly ("even ownership")
    is no even split of a split issue named nearby ("even ownership, 6-4 board")."""
    shares = even_shares(sentence, labels, stems)
    # (round 27: a tight even split of a split issue is read first; the nearest-issue rule adds
    # only what it does not cover)
    tight = [f for f in even_splits(sentence, labels, stems) if not any(f[2] < g[3] and g[2] < f[3] for g in shares)]
    shares = shares + tight
    return [f for f in even_mentions(sentence, labels, stems)
            if not any(f[2] < g[3] and g[2] < f[3] for g in shares) and not any(f[0] == g[0] for g in tight)] + shares


def read_mentions(text: str, labels: GameLabels, side: int | None = None) -> Reading:
    stems = labels.issue_stems
    keyword_stems = {s for primary, secondary in stems.values() for s in primary | secondary}
    local = local_forms(text)
    unsure: list[str] = []
    if not in_english(text):
        unsure.append("text not in English")
    if side is None:
        side = speaker_from_text(text, labels.game.parties) if local == text else \
            speaker_from_text(local, labels.game.parties)
    # "between 1,000 and 1,100" and, once number words are digits, "between five and seven thousand".
    # (not where a compromise works out its two ends: "splitting the difference between $1,000 and
    # $1,400 gives $1,200", whose ends stance.is_own tells from the result by their "between")
    to_range = lambda m: m.group(0) if _COMPROMISE_BEFORE.search(m.string, max(0, m.start() - 40), m.start()) \
        else f"{m.group('a')} to "  # noqa: E731
    converted = _share_unit(_BETWEEN.sub(to_range, words_to_digits(_BETWEEN.sub(to_range, local))), labels.known_units)
    converted = frequency_words(converted, labels.label_words, labels.label_wordings)  # "tidied every day": daily
    totals = frozenset(table.pair_total for table in labels.issues.values() if table.pair_total is not None)
    if totals:  # "45% Company A / 55% Company B": one split, written as each party's share
        converted = paired_shares(converted, labels.game.parties, totals)
    if " or " in converted:
        converted = _OR_MORE.sub(r"at least \1", converted)  # "for 3 years or more": a bound, 3 years
    if " zu " in converted or " tegen " in converted:
        converted = _SCORE_WORD.sub("-", converted)  # "sechs zu vier", "zes tegen vier": a score, 6-4
    if labels.money_issues and ("k" in converted or "K" in converted):
        converted = _THOUSANDS_K.sub(r"$\1", converted)  # "1.1k / 18 mo": an amount, not one half of a pair
    if len(_LIST_INDICES.findall(converted)) >= 2:
        converted = _LIST_INDICES.sub(r"\1-", converted)
    result: list[Mention] = []
    sentence_at: list[int] = []
    topic: list[str] = []  # issues in the order the text names them
    spoken_of: list[str] = []  # issues in the order the text names them by any of their words
    sentences = [s for s in _SENTENCE.split(converted) if s and s.strip()]
    answering = bool(_ANSWERS_QUESTION.match(converted))
    for number, sentence in enumerate(sentences):
        # "$1,400 and a $2,500 deposit? That's simply not workable.": a question the next
        # sentence turns down quotes the values it names.
        turned_down = sentence.rstrip().endswith("?") and number + 1 < len(sentences) and \
            bool(_TURNED_DOWN.match(sentences[number + 1]))
        if turned_down:
            continue
        if _SIDE_LABELLED.match(sentence) and any(PROPOSES.search(later) and _DIGIT.search(later)
                                                  for later in sentences[number + 1:]):
            # "- You: $140, weekly / - Us: $180, monthly" in a summary of both sides followed by
            # "Proposed middle ground: $160, fortnightly": where each side stood, not the offer
            # (a later proposal with values of its own: "We'd hold at ours" keeps "us:")
            continue
        first_of_sentence, unplaced = len(result), []
        places = word_positions(sentence)
        found = _find(sentence, labels, keyword_stems, places)
        hits = keyword_hits(sentence, labels, places)
        distances = bound_distances(found, hits)
        for index, item in enumerate(found):
            # "55% of our employees": the words after "of" say what the number is.
            what = _OF_WHAT.match(sentence[item.end:])
            if what:
                # "55% of retained staff": the noun may follow one word that describes it.
                for issue, (primary, secondary) in stems.items():
                    if any(word and word.lower()[:5] in primary | secondary for word in what.groups()):
                        distances[index][issue] = 0.0
        proposed = bool(PROPOSES.search(sentence))
        revising = (bool(_REVISES.match(sentence)) or number > 0 and bool(_RETRACTS.search(sentences[number - 1]))) \
            and number > 0
        # "everything as in their last proposal ($1,200, ...) except rent at $1,300": what follows
        # "except" replaces the package's value of that issue.
        excepting = _EXCEPT.search(sentence)
        except_at = excepting.end() if excepting else len(sentence) + 1
        # "$26,000 is closer, but I need $25,000": of two values of one issue in a sentence, the
        # one after the contrast is the speaker's word on it (the other was granted or quoted); a
        # value after "but" with none of its issue before it revises nothing
        # (not where a range or alternatives make both values the issue's: "but 1 or 2 days")
        # (a range or alternatives in the sentence: asked three times below, answered once here)
        two_of_one = bool(_TWO_OF_ONE.search(sentence))
        contrast = _CONTRAST.search(sentence) if not two_of_one else None
        contrast_at = contrast.end() if contrast else len(sentence) + 1
        explains = answering and not proposed
        named_here = sorted((min(p for p, _ in occ), issue) for issue, occ in hits.items() if occ)
        named_by_name = any(weight == 0.0 for occurrences in hits.values() for _, weight in occurrences)
        package = _in_issue_order(found, labels) if not named_by_name else None
        if package is not None:
            for item, (issue, label) in zip(found, package):
                # ("Summary: $8,000, 5 years, 3%, $30." after a point-by-point answer: the recap stands)
                result.append(Mention(issue, label, item.span, is_own(sentence, item.start, item.end), proposed,
                                      revises=revising))
            topic += [issue for issue, _ in package]
            found = []
        every_written = money_periods_dropped(label_phrases(sentence, labels), sentence, labels)
        keyed = _keys_dropped(every_written, sentence)
        written = _decorations_dropped(keyed, sentence)
        if len(written) < len(keyed) and _COUNT_WORD.search(sentence):
            # (round twenty: "hybrid, three days in the office": the count describes the label, and
            # may be read as another issue's value; the reading says so)
            unsure.append("a label described by a count after it")
        amounts = [item for item in found if item.currency]
        amounts_in_order = _amounts_in_game_order(amounts, labels) if not package else None
        read_in_order: list[_Found] = []
        # (only where none of those money issues is named in the sentence, and only for the speaker's
        # own package: "you at $1,400, me at $1,000" are two positions)
        money_named = amounts_in_order and any(weight == 0.0 for issue, _ in amounts_in_order for _, weight in hits[issue])
        if amounts_in_order and not money_named and not _LISTENER_WORDS.search(sentence) and \
                all(is_own(sentence, item.start, item.end) for item in amounts):
            # "We're at $1,200 and $1,000.": as many amounts as the money issues each could be, no
            # issue named: read in the game's order of those issues (rent before deposit).
            for item, (issue, label) in zip(amounts, amounts_in_order):
                result.append(Mention(issue, label, item.span, True, proposed))
            unsure.append(f"{', '.join(item.span for item in amounts)} read in the game's order of "
                          f"{', '.join(issue for issue, _ in amounts_in_order)}")
            topic += [issue for issue, _ in amounts_in_order]
            read_in_order = amounts
        for index, item in enumerate(found):
            if item in read_in_order:
                continue
            clause, offset = _clause_around(sentence, item.start, item.end)
            item.party = party_near(clause, offset, labels.game.parties, side)
            if item.party is None and side is not None and _speakers_seats(sentence, item, found, labels, side):
                # "we (company B) propose: 7 of the 10 seats", "we board 7 seats 원해요": a count of
                # seats the speaker names with no holder is the speaker's; said as a guess
                item.party = side
                unsure.append(f"'{item.span}' read as the speaker's seats, no holder named")
            item.favour = favoured(sentence[item.start:], labels.game.parties, side)
            own = is_own(sentence, item.start, item.end) and not explains
            if item.measure:
                if own:
                    unsure.append(f"'{item.span}' measures a value by another")
                continue
            in_label = any(start <= item.start and item.end <= end + 1 for _, _, start, end in written)
            if in_label and any(start <= item.start and item.end <= end + 1 and is_date_label(label)
                                for _, label, start, end in written):
                continue  # the "2" of "March 2": the date's day, no value of its own ("in thousands")
            choices = _candidates(item, labels, distances[index], topic)
            if not choices and not item.stray_noun and own and not _LIST_INDEX.match(sentence[item.start:]) \
                    and not in_label:  # "50% deposit": a number inside a text label's wording
                # (how near the nearest issue that could hold a number is: "twenty-six thousand,
                # financed through us" names financing, whose labels are words)
                unplaced.append((item, len(unsure), proposed, min(
                    (distance for issue, distance in distances[index].items() if _holds_numbers(labels.issues[issue])),
                    default=float("inf"))))
                unsure.append(f"'{item.span}' belongs to no issue for sure")
            if len(choices) > 1 and own:
                unsure.append(f"'{item.span}' could be {' or '.join(issue for issue, _ in choices)}")
            if len(choices) == 1 and own and item.guessed:
                unsure.append(item.guessed)
            split_issue = any(labels.issues[issue].pair_total is not None or labels.issues[issue].party is not None
                              for issue, _ in choices)
            if split_issue and side is None and own and _WHOSE.search(clause):
                unsure.append(f"whose share '{item.span}' is depends on who speaks, which is not known")
            for issue, match in choices:
                ambiguous = len(choices) > 1 or match.kind == "ambiguous"
                label = match.label if match.kind == "label" and not ambiguous else None
                stated = bool(PROPOSES.search(clause))
                after_except = item.start >= except_at
                result.append(Mention(issue, label, item.span, own, proposed or revising or after_except, ambiguous, stated,
                                      revising or after_except or item.start >= contrast_at and any(
                                          m.issue == issue and m.own for m in result[first_of_sentence:]),
                                      guessed=bool(item.guessed), others=item.others))
            if len(choices) == 1:
                topic.append(choices[0][0])
        paraphrased = paraphrased_labels(sentence, labels, [(start, end) for _, _, start, end in every_written]) \
            if labels.paraphrase_stems or labels.compound_labels else []
        zeros = zero_mentions(sentence, labels, stems) + _zero_pronoun(sentence, labels, spoken_of)
        # "drop the second shooter": the words for nothing name the zero label, and the label
        # written inside them ("second shooter") is the thing given up, not a second value.
        inside_zero = lambda f: any(z[0] == f[0] and z[1] != f[1] and z[2] <= f[2] and f[3] <= z[3]  # noqa: E731
                                    for z in zeros)
        # "+ assembly", "throw in assembly", "free assembly": the label saying it is included
        included = [f for f in included_mentions(sentence, labels)
                    if not any(f[0] == g[0] and f[2] < g[3] and g[2] < f[3] for g in written + paraphrased + zeros)]
        # ("hybrid (3 days in office)": a paraphrase inside a label's parenthesis describes it too)
        phrases = [f for f in _decorations_dropped(sorted(written + paraphrased, key=lambda f: f[2]), sentence)
                   if not inside_zero(f)] + zeros + included + \
            _evens(sentence, labels, stems)
        if labels.label_words:
            phrases += listed_partial_labels(sentence, labels, [(start, end) for _, _, start, end in phrases + every_written])
        phrases = _periods_of_amounts_dropped(phrases, sentence)
        owns = [is_own(sentence, start, end) for _, _, start, end in phrases]
        for index, (issue, label, start, end) in enumerate(phrases):
            # The same label found twice over one place ("No warranty" and "No warranty is a"): what
            # is said of the shorter span ("... is a dealbreaker") holds for both.
            own = owns[index] and not explains and all(owns[other] for other, (i, l, s, e) in enumerate(phrases)
                                                       if (i, l) == (issue, label) and s < end and start < e)
            result.append(Mention(issue, label, sentence[start:end], own, True, revises=revising or start >= except_at))
            topic.append(issue)
        named_unplaced = {issue for _, issue in named_here if any(weight == 0.0 for _, weight in hits[issue])} - \
            {m.issue for m in result[first_of_sentence:]}
        for issue, label, start, end in told_labels(sentence, labels, named_unplaced,
                                                    [(start, end) for _, _, start, end in phrases]):
            own = is_own(sentence, start, end) and not explains
            result.append(Mention(issue, label, sentence[start:end], own, True, revises=revising or start >= except_at))
            # ("Payment: After the event": the word opens the value of its issue's key, as sure as a pair)
            if own and not re.search(r"[:=][\s*_]*$", sentence[:start]):
                unsure.append(f"{issue}: '{label}' read from one word beside the issue's name")
            topic.append(issue)
        for issue in sorted(named_unplaced - {m.issue for m in result[first_of_sentence:]}):
            # "$21,000 — premium panels — battery — within two weeks": a thing named alone as an
            # item of a list of what is offered, of an issue whose labels are having it or not,
            # is having it.
            included = labels.issues[issue].included_label
            # (where commas part the items, a dash parts a key from its value: "assembly — by the
            # customer, price $900")
            item = _ALONE_IN_LIST(issue, bool(re.search(r"[,;]\s", sentence))).search(sentence) if included else None
            if item and not _DENIED_BEFORE.search(sentence[max(0, item.start() - 25):item.start("thing")]):
                own = is_own(sentence, item.start("thing"), item.end("thing")) and not explains
                result.append(Mention(issue, included[0], item.group("thing"), own, True))
                if own:
                    unsure.append(f"{issue}: '{included[0]}' read from the thing named alone in a list")
                topic.append(issue)
        placed = {m.issue for m in result}
        # "1100, 24 months, 750 deposit, 4 days": a bare amount several money issues could hold
        # goes to the one of them the sentence gives no other value (the deposit is named for 750).
        named_in_sentence = {m.issue for m in result[first_of_sentence:] if m.own}
        # "$1,000 is what we can do, with a $500 deposit": of the money issues a value could be,
        # the one the sentence gives no other value.
        clear = {m.issue for m in result[first_of_sentence:] if m.own and not m.ambiguous}
        contested: dict[str, list[int]] = {}
        # (not where the other value may be a second one of that issue: "between $1,000 and $1,100 for rent")
        for at_index in range(first_of_sentence, len(result)) if not two_of_one else ():
            mention = result[at_index]
            if mention.ambiguous and mention.own and labels.issues[mention.issue].currency:
                contested.setdefault(mention.raw, []).append(at_index)
        for raw, places_of in contested.items():
            open_issues = [at_index for at_index in places_of if result[at_index].issue not in clear]
            if len(places_of) > 1 and len(open_issues) == 1:
                kept = result[open_issues[0]]
                match = labels.match(kept.issue, kept.raw)
                result[open_issues[0]] = Mention(kept.issue, match.label if match.kind == "label" else None, kept.raw,
                                                 True, kept.proposed, False, kept.stated, kept.revises)
                for at_index in places_of:
                    if at_index != open_issues[0]:
                        result[at_index] = Mention(result[at_index].issue, None, raw, False, False, True)
                note = f"'{raw}' could be {' or '.join(result[i].issue for i in places_of)}"
                unsure[:] = [u if u != note else f"'{raw}' was given to {kept.issue}, the one money issue the sentence "
                             f"leaves open" for u in unsure]
        # "somewhere between 1000 and 1100 for rent": an unplaced number joined by "to"/"or"/"-" to a
        # value read for an issue is the other end of that issue's range: the issue is ambiguous.
        spans = {(m.raw, m.issue) for m in result[first_of_sentence:] if m.own and not m.ambiguous}
        for item, at, item_proposed, nearest in unplaced:
            joined = [other for other in found if other is not item and _RANGE_JOINT.fullmatch(
                sentence[min(item.end, other.end):max(item.start, other.start)])]
            for other in joined:
                for raw, issue in spans:
                    if raw == other.span:
                        result.append(Mention(issue, None, item.span, True, True, True))
                        unsure[at] = f"'{item.span}' and '{raw}' are a range of {issue}"
        # (not where a range or alternatives may make the other value a second one of the same
        # issue: "somewhere between 1000 and 1100 for rent")
        for item, at, item_proposed, nearest in reversed(unplaced) if not two_of_one else ():
            amounts = numbers_in(item.span)
            if len(amounts) != 1:
                continue
            if "." in amounts[0] and not item.currency and not item.stray_noun:
                # "ok 3.5 works": a bare number with a fraction is no count; where it is the number
                # of one issue's label only (3.5 of a 3.5% rate), it is that label
                owners = [issue for issue, table in labels.issues.items() if table.by_number.get(amounts[0])]
                if len(owners) == 1 and len(labels.issues[owners[0]].by_number[amounts[0]]) == 1:
                    result.append(Mention(owners[0], labels.issues[owners[0]].by_number[amounts[0]][0], item.span, True,
                                          item_proposed))
                    unsure[at] = f"'{item.span}' was given to {owners[0]}, the one issue with a label of that number"
                    placed.add(owners[0])
                    continue
            spanning = labels.money_issues_spanning(amounts[0])
            left = [issue for issue in spanning if issue not in named_in_sentence]
            why = "the one money issue the sentence leaves open"
            if len(left) > 1 and nearest > 4:
                # "meet me at 1100?" of a $500-$1,500 rent and a $0-$2,500 deposit in steps of $250:
                # the one issue of which the amount is a label, as a reader takes a valid offer
                # over an invalid one.
                left = [issue for issue in left if labels.match(issue, f"${amounts[0]}").kind == "label"]
                why = "the one money issue it is a label of"
            positive = [Decimal(n) for n in labels.issues[spanning[0]].by_number if Decimal(n) > 0] if spanning else []
            if len(spanning) == 1 and nearest > 4 and positive and Decimal(amounts[0]) >= min(positive):
                # "meet me at 1100" of a rent-only game; not "7" of a deposit whose range starts at $0.
                why = "the one money issue whose range holds it"
            elif len(spanning) == 1:
                continue
            if len(left) == 1:
                match = labels.match(left[0], f"${amounts[0]}")
                result.append(Mention(left[0], match.label if match.kind == "label" else None, item.span, True,
                                      item_proposed))
                unsure[at] = f"'{item.span}' was given to {left[0]}, {why}"
                placed.add(left[0])
        if proposed or "?" in sentence:
            for _, issue in named_here:
                if issue not in placed and any(weight == 0.0 for _, weight in hits[issue]):
                    unsure.append(f"{issue} is named in a proposal but no value was read for it")
        # What a pronoun of the next sentence refers to ("the fee ... waive it"): any word of an issue.
        spoken_of += [issue for _, issue in named_here]
        # Only an issue's own name makes it the topic ("months" after a number names no issue).
        topic += [issue for _, issue in named_here if any(weight == 0.0 for _, weight in hits[issue])]
        sentence_at += [number] * (len(result) - len(sentence_at))
    if any(m.others for m in result):
        _left_open(result, unsure, labels)
    if any(m.ambiguous for m in result):
        _one_left_open(result, unsure, labels)
    return Reading(result, unsure, sentences, sentence_at)


def _one_left_open(result: list[Mention], unsure: list[str], labels: GameLabels) -> None:
    """"소유권 60%, employees 50%-50%, benefits 30%": a value of the speaker's that could be two or
    more issues (its own issue's name left in a language the glosses lack, or too far away) is the
    one issue of the game the whole text leaves without a clear value, when it is one of those, as
    a full package is read by elimination. (Money has its own rule, by sentence, above.)"""
    clear = {m.issue for m in result if m.own and not m.ambiguous and m.label}
    clear_labels = {(m.issue, m.label) for m in result if m.own and not m.ambiguous and m.label}
    by_raw: dict[tuple[str, int], list[int]] = {}
    for index, mention in enumerate(result):
        if mention.ambiguous and mention.own and mention.label is None and not labels.issues[mention.issue].currency:
            by_raw.setdefault((mention.raw, id(mention.others)), []).append(index)
    for (raw, _), places_of in by_raw.items():
        note = f"'{raw}' could be {' or '.join(result[i].issue for i in places_of)}"
        if len(places_of) < 2 or note not in unsure:
            continue  # (only the values read as several issues at once, as the note says)
        open_places = [i for i in places_of if result[i].issue not in clear]
        # (only where the text gives every other issue of the game a clear value: "employees は 50%ずつ"
        # may be the value of a third issue the candidates leave out, and then nothing is eliminated)
        if len(open_places) != 1 or [issue for issue in labels.issues if issue not in clear] != [result[open_places[0]].issue]:
            continue
        candidates = {result[i].issue for i in places_of}
        if any(issue not in candidates and labels.match(issue, raw).label == label for issue, label in clear_labels):
            # "board seats 70%-30% split (we 7 seats)": the value restates, in another form, one an
            # issue it was not read as has already (the 7-3 board), and is no value of a third
            continue
        kept = result[open_places[0]]
        match = labels.match(kept.issue, raw)
        if match.kind != "label":
            continue
        result[open_places[0]] = Mention(kept.issue, match.label, raw, True, kept.proposed, False, kept.stated, kept.revises,
                                         guessed=True)
        clear.add(kept.issue)  # (now clear: no second value is given to it by elimination)
        for index in places_of:
            if index != open_places[0]:
                result[index] = Mention(result[index].issue, None, raw, False, False, True)
        unsure[:] = [u if u != note else f"'{raw}' was given to {kept.issue}, the one issue the text leaves open"
                     for u in unsure]


def _left_open(result: list[Mention], unsure: list[str], labels: GameLabels) -> None:
    """"benefits 80%, employees 30/70, A gets 35%": a value given to the issue the text spoke of
    last, which has a clear value of its own already, is the one issue of those it could be that
    the text leaves without a value (as an amount goes to the money issue a sentence leaves open)."""
    clear = {m.issue for m in result if m.own and not m.ambiguous and not m.guessed and m.label}
    for index, mention in enumerate(result):
        # (not amounts of money: a quoted position beside the offer often gives the other one, and
        # money has its own rule, the issue a sentence leaves open)
        if not mention.others or mention.issue not in clear or labels.issues[mention.issue].currency:
            continue
        open_issues = [(issue, label) for issue, label in mention.others if issue not in clear]
        if len(open_issues) == 1 and open_issues[0][1]:
            issue, label = open_issues[0]
            result[index] = Mention(issue, label, mention.raw, mention.own, mention.proposed, False, mention.stated,
                                    mention.revises, guessed=True)
            note = f"'{mention.raw}' was given to {mention.issue} only because the text spoke of it last"
            unsure[:] = [f"'{mention.raw}' was given to {issue}, the one issue the text leaves open" if u == note else u
                         for u in unsure]


_ITEM_EDGE = r"(?:^|$|[—–;,•|+]|\s-\s|\s&\s|\band\b|\bplus\b|\bwith\b)"
_COMMA_ITEM_EDGE = r"(?:^|$|[;,•|+]|\s&\s|\band\b|\bplus\b|\bwith\b)"
_DENIED_BEFORE = re.compile(r"\b(?:no|not|without|skip|drop|minus|sans)\b[^—–;,•|]*$", re.IGNORECASE)


@lru_cache(maxsize=512)
def _ALONE_IN_LIST(issue: str, commas: bool) -> re.Pattern[str]:  # noqa: N802 - a pattern per issue, built once
    edge = _COMMA_ITEM_EDGE if commas else _ITEM_EDGE
    return re.compile(rf"{edge}\s*(?:(?:a|an|the)\s+)?(?P<thing>{re.escape(issue)})\s*(?={edge})", re.IGNORECASE)


def mentions(text: str, labels: GameLabels, side: int | None = None) -> list[Mention]:
    return read_mentions(text, labels, side).mentions


_OR_WORD = re.compile(r"\sor\s")


def _or_another_of(text: str, issue: str, label: str, labels: GameLabels) -> bool:
    """A text label followed by "or" and a word of another label of the same issue ("cash or
    financing through us", "pickup or delivery"): alternatives, the second in other words."""
    table = labels.issues[issue]
    lower = text.lower()
    # (most texts have no "or" at all: the wordings' patterns need not be built)
    if not table.phrases or label not in table.issue.labels or not _OR_WORD.search(lower):
        return False
    wordings = [" ".join(words) for words, owner in table.phrases if owner == label]
    others = {word[:5] for words, owner in table.phrases if owner != label for word in words
              if len(word) >= 4 and word not in ("only", "with", "without", "included")}
    others -= {word[:5] for wording in wordings for word in wording.split()}
    for wording in wordings:
        for match in re.finditer(rf"(?<![\w-]){re.escape(wording)}\s+or\s+(?:an?\s+|the\s+)?([a-z]+)", lower):
            if match.group(1)[:5] in others:
                return True
    return False


def _offered_beside(placed: list[tuple[int, Mention]], reading: Reading) -> bool:
    """Of an issue's own numbers, one is offered after "or" beside another, different one ("24
    months ... — or 27 if you'd rather"); not a correction ("or rather"), nor "or more"."""
    if len(placed) < 2:
        return False
    clean = [(at, m) for at, m in placed if not m.ambiguous and _DIGIT.search(m.raw)]
    if len({m.label or m.raw for _, m in clean}) < 2:
        return False
    for at, mention in clean:
        sentence = reading.sentences[reading.sentence_at[at]]
        where = sentence.find(mention.raw) if " or " in sentence.lower() else -1
        if where > 0 and _OR_BEFORE.search(sentence, 0, where):
            return True
    return False


_OR_BEFORE = re.compile(r"\bor\s+(?:even\s+|maybe\s+|perhaps\s+)?(?:[$€£]\s?)?$", re.IGNORECASE)


def _latest_stands(clean: list[tuple[int, Mention]], values: list[str], issue: str, reading: Reading) -> list[str]:
    """Several numbers of one issue in different sentences: the last sentence's stands, as a later
    word does in a negotiation ("$1,000 is below my cost. I can move to $1,400."), unless a
    sentence offers two values of it ("$1,000 or $1,100", "between"), opens with a condition ("If
    you want 24/7, the price goes to $35": a variant of the package), or an earlier value was
    itself proposed; the reading is unsure, since an earlier value may still be meant."""
    labelled = [(at, m) for at, m in clean if m.label]
    if any(m.guessed or not _DIGIT.search(m.label or "") for _, m in labelled):
        return values
    where = {at: reading.sentence_at[at] for at, _ in labelled}
    last_at, last = labelled[-1]
    earlier = [(at, m) for at, m in labelled if m.label != last.label]
    if any(where[at] == where[last_at] or m.stated for at, m in earlier):
        return values
    if any(_TWO_OF_ONE.search(reading.sentences[number]) or _CONDITION.search(reading.sentences[number])
           for number in set(where.values())):
        return values
    reading.unsure.append(f"several values for {issue}: the last sentence's read")
    return [last.label or ""]


# A line that gives a value under a key ("- **Precio por caja:** 140 $", "Visits: weekly", "2. Salary:
# $110,000"): a key of one to four words without digits before a colon, after an optional list marker.
_KEYED_LINE = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)])?\s*[*_]{0,2}[^\W\d][^\W\d]*(?:[ '’-][^\W\d]+){0,3}[*_]{0,2}\s*[:：]"
                         r"\s*[*_]{0,2}\s*(?=\S)")


_SMALL_BARE = re.compile(r"\d{1,2}")  # a bare count ("1", "12"), which only a guess reads as an amount in thousands


def _keyed_lines(sentences: list[str]) -> set[str]:
    """The lines of a listed proposal: at least two lines that each give a value under a key."""
    lines = {line.strip() for line in sentences if _KEYED_LINE.match(line) and not _CONDITION.match(line)
             and line.count(":") + line.count("：") == 1}
    return lines if len(lines) >= 2 else set()


def _keyed_stands(clean: list[tuple[int, Mention]], values: list[str], issue: str, reading: Reading,
                  text: str) -> list[str]:
    """Several values of one issue, exactly one of them given on a line of a listed proposal (under a
    key) and the others in running prose: the listed one is the offer, the prose a reason or a
    rejected number ("- Visits: weekly ... Weekly visits mean twice the hours of a fortnightly
    schedule", "**Precio:** 140 $ ... El precio de 160 $ supera nuestro presupuesto"). Unsure,
    since prose may still revise the list."""
    # (the sentences as read, in the reader's wording; only a text of several lines has a list)
    lines = _keyed_lines(reading.sentences) if "\n" in text else set()
    if not lines:
        return values
    keyed: list[str] = []
    prose = False
    for at, mention in clean:
        if mention.label:
            if reading.sentences[reading.sentence_at[at]].strip() in lines:
                keyed.append(mention.label)
            else:
                prose = True
    chosen = list(dict.fromkeys(keyed))
    if len(chosen) != 1 or not prose:
        return values
    reading.unsure.append(f"several values for {issue}: the one listed under a key read")
    return chosen


def extract_text(text: str, labels: GameLabels, method: str = "text", side: int | None = None) -> Extraction:
    """Offers a free text makes, per issue: several different own values for one issue are
    ambiguous (unless exactly one comes with a proposal); non-label values are invalid."""
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    ambiguous: list[str] = []
    places: dict[str, list[tuple[int, Mention]]] = {}  # each issue's own mentions, with their place in the reading
    if text.count(" / ") >= 2 and "\n" not in text.strip() and len(text) <= 160:
        # "fee 5000 / 50% refund / 8h / full AV": a line of values, not a split "5000 / 50"
        text = text.replace(" / ", ", ")
    reading = read_mentions(text, labels, side)
    for at, mention in enumerate(reading.mentions):
        if mention.own:
            places.setdefault(mention.issue, []).append((at, mention))
    for issue, placed in places.items():
        own = [m for _, m in placed]
        clean_placed = [(at, m) for at, m in placed if not m.ambiguous]
        clean = [m for _, m in clean_placed]
        values = list(dict.fromkeys(m.label for m in clean if m.label))
        unresolved = {m.raw for m in own if m.ambiguous and m.proposed}
        if values and unresolved - {m.raw for m in clean}:
            ambiguous.append(issue)  # "50% or 55% ownership": another proposed value could be this issue's
            continue
        if values and _offered_beside(placed, reading):
            # "Let's lock in 24 months ... — or 27 if you'd rather": a second value, offered beside it
            ambiguous.append(issue)
            reading.unsure.append(f"{issue}: two values offered, one after 'or'")
            continue
        in_thousands = [m for m in clean if m.guessed and m.label and m.label[:1] in "$€£"
                        and _SMALL_BARE.fullmatch(m.raw.strip())]
        placed_values = list(dict.fromkeys(m.label for m in clean if m.label and m not in in_thousands))
        if len(values) > 1 and len(placed_values) == 1 and in_thousands:
            # "每周 ... 1 次, 但 price ... 1400 dollars": a bare number given to the issue by a guess
            # ("1" read in thousands) yields to the value written with the issue's unit or name
            values = placed_values
            reading.unsure.append(f"several values for {issue}: the one placed by its unit or name read")
        revised = [m.label for m in clean if m.label and m.revises]
        if len(values) > 1 and revised:
            values = [revised[-1]]  # "half a percent lol. ok realistically 2%": the revision stands
        if len(values) > 1:
            proposed = list(dict.fromkeys(m.label for m in clean if m.label and m.proposed))
            stated = list(dict.fromkeys(m.label for m in clean if m.label and m.stated))
            alternatives = bool(_ALTERNATIVES.search(text))
            values = proposed if len(proposed) == 1 else stated if len(stated) == 1 and not alternatives else values
            if len(values) > 1 and not alternatives:
                values = _keyed_stands(clean_placed, values, issue, reading, text)
            if len(values) > 1 and not alternatives:
                values = _latest_stands(clean_placed, values, issue, reading)
        if len(values) == 1 and (_or_another_of(text, issue, values[0], labels)
                                 or offered_with_another(text, issue, values[0], labels)):
            ambiguous.append(issue)  # "cash or financing through us": the other label, in other words
            reading.unsure.append(f"{issue}: '{values[0]}' or another of its labels")
        elif len(values) == 1:
            offers[issue] = values[0]
        elif len(values) > 1:
            ambiguous.append(issue)
            reading.unsure.append(f"several values for {issue}, none clearly the offer")
        elif any(m.label is None and not m.ambiguous for m in clean):
            invalid[issue] = next(m.raw for m in clean if m.label is None and not m.ambiguous)
        elif any(m.ambiguous for m in own):
            ambiguous.append(issue)
    found = bool(offers or invalid or ambiguous)
    unsure = reading.unsure
    return Extraction(method=method if found else "none", offers=offers, invalid=invalid,  # type: ignore[arg-type]
                      ambiguous=tuple(ambiguous), confidence="unsure" if unsure else "sure",
                      reason="; ".join(dict.fromkeys(unsure)))
