"""The grammar of written values, before any label is looked at: number words and fractions
("eleven hundred", "a year and a half", "three and a half percent"), thousands separators of
other languages ("1.200 $", "1 100 $"), common non-English unit and issue words, and the
spelling-insensitive form of text labels ("Self assembly" = "self-assembly")."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from lamen.judge.caseless import caseless, folded
from lamen.judge.marked_choices import marked_choices

_UNITS_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
               "ninety": 90}
_NUMBER_WORD = caseless(
    r"\b(?:(?:" + "|".join([*_UNITS_WORDS, *_TENS_WORDS, "hundred", "thousand"]) + r")(?:[\s-]+(?:and[\s-]+)?|\b))+")
# "a thousand", "for a week", "a year and a half": the article is the number one before a scale,
# or before a unit where it is a length ("$1,200 a month" is a rate, not one month).
_ARTICLE = re.compile(r"\b(?:a|an)\s+(?=(?P<next>hundred|thousand|(?:year|month|week|day)s?)\b)", re.IGNORECASE)
_LENGTH_BEFORE = {"for", "over", "of", "to", "about", "just", "only", "within", "lasting", "least", "most", "and",
                  "with", "allow", "allowed", "is", "be", "up", "", ":", "=",
                  # "offer a week of subletting", "maybe a week": a verb of offering before "a"
                  # (not "need a day", "take a day": time to think, not a length offered)
                  "offer", "offering", "give", "giving", "grant", "accept", "propose", "suggest", "maybe", "perhaps",
                  # "subletting — a full week —": a length set off by a dash; "more than a day": a bound
                  "—", "–", "-", "("}
# "can't offer more than a day", "allow no more than a week": a bound on a length offered.
_BOUND_BEFORE = caseless(r"\b(?:offer|give|allow|grant|permit|do|accept|go)\s+(?:any\s+|no\s+)?(?:more|less|longer|shorter)\s+than\s*$")


def _article_one(match: re.Match[str]) -> str:
    if match.group("next").lower() in ("hundred", "thousand"):
        return "one "
    if _OF_SOMETHING.match(match.string, match.end() + len(match.group("next"))):
        return "one "  # "a week of subletting", "a full year of free maintenance": a length of something
    if re.match(r"\w+\s+and\s+a\s+half\b", match.string[match.end():], re.IGNORECASE):
        return "one "
    previous = re.findall(r"[a-z]+|\S", match.string[:match.start()].lower()[-20:])
    if _BOUND_BEFORE.search(match.string[max(0, match.start() - 40):match.start()]):
        return "one "
    return "one " if (previous[-1] if previous else "") in _LENGTH_BEFORE else match.group(0)


_OF_SOMETHING = re.compile(r"s?\s+of\s+(?!(?:the|a|an|this|that|it|them|us|you|notice|time|thought)\b)[a-z]", re.IGNORECASE)
# "five grand", "10 grand": thousands of dollars.
_GRAND = caseless(r"\b(\d+(?:\.\d+)?|" + "|".join([*_UNITS_WORDS, *_TENS_WORDS]) + r")\s+grand\b")
# "a grand", "half a grand", "1.2 grand": thousands of dollars; "12 hundred", "1.5 thousand": digits
# times a scale word; "a couple of days": two.
_A_GRAND = re.compile(r"\b(?:a|one)\s+grand\b", re.IGNORECASE)
_HALF_A_GRAND = re.compile(r"\bhalf\s+a\s+grand\b", re.IGNORECASE)
_DIGITS_TIMES_SCALE = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s+(hundred|thousand)\b", re.IGNORECASE)
_COUPLE = re.compile(r"\ba\s+couple\s+(?:of\s+)?(?=(?:days?|weeks?|months?|years?|hundred|thousand)\b)", re.IGNORECASE)


def _times_scale(match: re.Match[str]) -> str:
    value = Decimal(match.group(1)) * (100 if match.group(2).lower() == "hundred" else 1000)
    return format(value.normalize(), "f")


# "half a year", "half a month": half of one unit.
_HALF_A_UNIT = re.compile(r"\bhalf\s+(?:a|an|one)\s+(?=(?:year|month|week|day|percent|per\s?cent|percentage\s+point)\b)",
                         re.IGNORECASE)
# "a single day": one unit, decorated.
_SINGLE_UNIT = re.compile(r"\b(?:a|one)\s+single\s+(?=(?:year|month|week|day)\b)", re.IGNORECASE)
# "a full week", "two whole years", "12 complete months": a count of units (up to twelve, in words
# or digits), decorated.
_FULL_UNIT = caseless(r"\b(a|an|" + "|".join(word for word, number in _UNITS_WORDS.items() if 1 <= number <= 12)
                      + r"|\d{1,2})\s+(?:full|whole|entire|complete)\s+(?=(?:year|month|week|day)s?\b)")
_HALF_WORDS = re.compile(r"\s+and\s+a\s+half\b", re.IGNORECASE)
_AND_A_HALF = re.compile(r"\b(\d+)(\s+[a-z]+)?\s+and_a_half\b", re.IGNORECASE)
# "five and seven thousand", "two to three hundred": the scale belongs to both numbers of a range.
_SHARED_SCALE = re.compile(r"\b(" + "|".join([*_UNITS_WORDS, *_TENS_WORDS]) + r")\s+(and|or|to)\s+("
                           + "|".join([*_UNITS_WORDS, *_TENS_WORDS]) + r")\s+(thousand|hundred)\b", re.IGNORECASE)
# "two and a quarter years", "a year and three quarters": the same grammar as "and a half".
_QUARTER_WORDS = re.compile(r"\s+and\s+(?:(?P<one>a|one)\s+quarter|(?P<three>three)\s+quarters)\b", re.IGNORECASE)
_AND_QUARTERS = re.compile(r"\b(\d+)(\s+[a-z]+)?\s+and_(1|3)_quarters?\b", re.IGNORECASE)

from lamen.judge.digits import ascii_digits  # noqa: E402
from lamen.judge.per_week import times_a_week  # noqa: E402
from lamen.judge.lexicon import FOREIGN_WORDS, NONE_BEFORE_WORD, UNIT_AFTER_NUMBER, worded_splits, cjk_to_latin, inflected_forms, script_to_latin, units_after_number_words, units_after_numbers  # noqa: E402  (a table of words, no logic)
from lamen.judge.lexicon import _UNIT_AFTER_NUMBER_ENGLISH as _UNIT_AFTER_NUMBER_WORDS  # noqa: E402  (round 28: the words, for a cue)

_CJK_BY_DIGIT = re.compile(r"(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])(?=\d)|"
                           r"(?<=\d)(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])")


def trie_pattern(words: list[str]) -> str:
    """One regex alternative for many words, as a trie ("ab(?:c|d)?"): it matches the longest
    word at a place, as a longest-first alternation does, but tries one branch per character
    instead of every word in turn (the lexicon's 3,800 words cost about 1 ms a text as a list)."""
    root: dict[str, dict] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict[str, dict]) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(root)


# (the lexicon's words are lower case, so the trie's branches differ in their letter under IGNORECASE)
_FOREIGN = re.compile(r"(?<![\w-])(" + trie_pattern(sorted({word.lower() for word in FOREIGN_WORDS}))
                      + r")(?![\w-])", re.IGNORECASE)
FOREIGN = _FOREIGN  # (the glossary leaves what the lexicon reads to it)
# "1.200 $", "7.000 dólares": a dot before exactly three digits separates thousands (a decimal
# with three places and a non-zero whole part is not how anyone writes an amount or a rate).
# Texting: "u" is you, "ur" your (a lone letter u is no other English word).
_TEXTING = re.compile(r"(?<![\w'’.-])(?:u|ur)(?![\w'’.-])", re.IGNORECASE)
# A number type's constructor around one literal, as code and reprs write values ("Decimal('1200.00')",
# "float(2.5)", "Money(20)"); any other call ("alert(1)") is no value.
_LITERAL_CALL = re.compile(r"\b(?:decimal\.)?(?:Decimal|Fraction|Money|Amount|Price|USD|EUR|Dollars?|float|int|round|D)"
                           r"\(\s*(['\"]?)(-?\d[\d_.,]*)\1\s*\)")
_APOSTROPHE_THOUSANDS = re.compile(r"(?<![\w.'’])\d{1,3}(?:['’]\d{3})+(?![\w'’])")
_ROUND_MARK = re.compile(r"(?<=\d)\.(?:–|-{1,2})(?![\d-])")
_DECIMAL_COMMA_K = re.compile(r"(?<![\d,.])(\d{1,3}),(\d)(?=[kK]\b)")
_UNDERSCORE_THOUSANDS = re.compile(r"(?<![\w.])\d{1,3}(?:_\d{3})+(?![\w])")
_DOT_THOUSANDS = re.compile(r"(?<![\d.,])([1-9]\d{0,2})\.(\d{3})(?![\d.,]*\d)")
# "1 100 $": a space separates thousands only right before a currency.
_SPACE_THOUSANDS = re.compile(r"(?<![\d.,])([1-9]\d{0,2})[ \u00a0\u202f](\d{3})(?=\s?(?:[$€£]|dollars?\b|euros?\b|usd\b|eur\b|gbp\b))",
                              re.IGNORECASE)
# "1 300,00 $", "1.250,00 €": thousands by space or dot and decimal cents after a comma, before a currency.
_EURO_DECIMAL = re.compile(r"(?<![\d.,])([1-9]\d{0,2}(?:[. \u00a0\u202f]\d{3})+),(\d{2})(?=\s?(?:[$€£]|dollars?\b|"
                           r"euros?\b|usd\b|eur\b))", re.IGNORECASE)
# Cues the patterns above need, searched first (a digit first lets `re` skip to the digits, which
# those patterns, opening with a lookbehind, cannot): "1.250,00 €" and "0,10 $" need a digit, a
# comma and one or two digits with no digit after; "12,34,567" a group of two between commas;
# "1.200" a dot between a digit and three digits. (Round 28: most texts have commas and dots.)
_TWO_AFTER_COMMA = re.compile(r"\d,\d\d(?!\d)")  # _EURO_DECIMAL
_FEW_AFTER_COMMA = re.compile(r"\d,\d\d?(?!\d)")  # _DECIMAL_COMMA, _SMALL_DECIMAL_COMMA
_INDIAN_CUE = re.compile(r"\d,\d\d,\d")  # _INDIAN_GROUPS
_DOT_CUE = re.compile(r"\d\.\d\d\d")  # _DOT_THOUSANDS
_LETTER_COMPANY = re.compile(r"(?<![\w-])([AB])\s*company\s*(?=\d)")
# Directors counted as persons (Japanese 名) in a text about a board: the party's seats.
# (round twenty: only a count right after a party's letter, "A社6名"; "従業員50名" are employees)
_DIRECTORS_COUNTED = re.compile(r"((?:company [AB]|(?<![A-Za-z])[AB]\s*company)\s*)(\d{1,2})\s*名")
# "1 an" (French): a year after a number.
_FRENCH_YEAR = re.compile(r"(?<=\d)\s+an\b")
_DIGIT_SPACE_DIGIT = re.compile(r"\d[ \u00a0\u202f]\d")
_DECIMAL_COMMA = re.compile(r"(?<![\d,])(\d{1,2}),(\d{1,2})(?=\s?%)")


# A word any rewrite of words_to_digits starts from (number words, an article before a unit or a
# scale, "grand", "and a half"); a text without one is returned as it is.
_WORDS_CUE = caseless(r"\b(?:" + "|".join([*_UNITS_WORDS, *_TENS_WORDS, "hundred", "thousand", "a", "an", "grand", "half", "full", "whole", "entire", "complete"])
                      + r")\b")


_COUNTED_AFTER = re.compile(r"\s*-?\s*(?:(?!(?:a|an|per|each|every)\b)[a-z]+\s+)?(?:days?|weeks?|months?|years?|hours?|percent|per\s?cent|%|"
                            r"seats?|rounds?|people|guests?|licen[cs]es?|times|of\b)", re.IGNORECASE)


@lru_cache(maxsize=4096)
def words_to_digits(text: str) -> str:
    """'twelve hundred dollars' -> '1200 dollars'; 'twenty-one days' -> '21 days';
    'a year and a half' -> '1.5 year'; 'three and a half percent' -> '3.5 percent'."""

    def convert(match: re.Match[str]) -> str:
        words = [w for w in re.split(r"[\s-]+", match.group(0).lower().strip()) if w and w != "and"]
        trailing = " " if match.group(0)[-1:].isspace() or match.group(0).endswith("-") else ""
        # "twelve-fifty", "twelve fifty", "eleven seventy-five", "nine-fifty": hundreds said the
        # short way (a teen, or a unit joined by a hyphen, before the tens).
        spoken = re.sub(r"[\s-]+and$", "", match.group(0).strip().lower())  # "one-twenty and hybrid"
        if len(words) in (2, 3) and words[0] in _UNITS_WORDS and words[0] != "zero" and words[1] in _TENS_WORDS and \
                (len(words) == 2 or (words[2] in _UNITS_WORDS and _UNITS_WORDS[words[2]] < 10)) and \
                (_UNITS_WORDS[words[0]] >= 10 or re.fullmatch(r"[a-z]+-[a-z]+(?:-[a-z]+)?", spoken)
                 # "can we do seven fifty?": a unit before the tens, spaced, is an amount too, unless
                 # a count follows ("two twenty-day windows") or a third word joins it
                 or len(words) == 2 and not _COUNTED_AFTER.match(match.string[match.end():])):
            return str(_UNITS_WORDS[words[0]] * 100 + _TENS_WORDS[words[1]] + (_UNITS_WORDS[words[2]] if len(words) == 3 else 0)) \
                + trailing
        numbers: list[int] = []
        total, current, last = 0, 0, ""
        for word in words:
            # "four-six", "sixty seventy": two numbers side by side, not one.
            if (word in _UNITS_WORDS and last in ("unit", "teen")) or (word in _TENS_WORDS and last in ("tens", "unit")):
                numbers.append(total + current)
                total, current = 0, 0
            if word in _UNITS_WORDS:
                current += _UNITS_WORDS[word]
                last = "teen" if _UNITS_WORDS[word] >= 10 else "unit"
            elif word in _TENS_WORDS:
                current += _TENS_WORDS[word]
                last = "tens"
            elif word == "hundred":
                current = (current or 1) * 100
                last = "scale"
            elif word == "thousand":
                total += (current or 1) * 1000
                current, last = 0, "scale"
        numbers.append(total + current)
        joint = "-" if "-" in match.group(0).strip() and len(numbers) == 2 else " "
        return joint.join(str(n) for n in numbers) + trailing

    if "cent" in text.lower() or "¢" in text:  # ("12¢": the sign alone is a cue too)
        text = _in_cents(text)
    if not _WORDS_CUE.search(text):
        return _in_months(text)  # most values and sentences hold digits only: no other rewrite can apply
    if "-and-a-half" in text.lower():
        text = _HYPHENED_HALF.sub(" and a half ", text)  # "a two-and-a-half-year lease"
    if "thousand" in text.lower() or "hundred" in text.lower():
        # "and" would join the two into one number ("five thousand and seven thousand"): "to" does not.
        text = _SHARED_SCALE.sub(lambda m: f"{m.group(1)} {m.group(4)} {'or' if m.group(2).lower() == 'or' else 'to'} "
                                           f"{m.group(3)} {m.group(4)}", text)
    if "quarter" in text.lower():
        text = _QUARTER_WORDS.sub(lambda m: " and_1_quarter" if m.group("one") else " and_3_quarters", text)
    if "full" in text.lower() or "whole" in text.lower() or "entire" in text.lower() or "complete" in text.lower():
        text = _FULL_UNIT.sub(r"\1 ", text)
    if "single" in text.lower():
        text = _SINGLE_UNIT.sub("1 ", text)  # "a single day of subletting": one day
    text = _HALF_WORDS.sub(" and_a_half", _ARTICLE.sub(_article_one, _HALF_A_UNIT.sub("0.5 ", text)))
    if "couple" in text.lower():
        text = _COUPLE.sub("2 ", text)
    text = _GRAND.sub(r"\1 thousand dollars", _A_GRAND.sub("1000 dollars", _HALF_A_GRAND.sub("500 dollars", text)))
    if "hundred" in text.lower() or "thousand" in text.lower():
        text = _DIGITS_TIMES_SCALE.sub(_times_scale, text)  # "12 hundred", "1.2 thousand" (from "1.2 grand")
    text = _NUMBER_WORD.sub(convert, text)
    text = _AND_A_HALF.sub(lambda m: f"{m.group(1)}.5{m.group(2) or ''}", text)
    if "grand" in text.lower():
        text = _GRAND.sub(r"\1 thousand dollars", text)  # "1.5 grand", once "one and a half" is 1.5
    if "hundred" in text.lower() or "thousand" in text.lower():
        text = _DIGITS_TIMES_SCALE.sub(_times_scale, text)
    if "_quarter" in text:
        text = _AND_QUARTERS.sub(lambda m: f"{m.group(1)}.{25 if m.group(3) == '1' else 75}{m.group(2) or ''}", text)
        text = text.replace(" and_1_quarter", " and a quarter").replace(" and_3_quarters", " and three quarters")
    text = text.replace(" and_a_half", " and a half")
    return _in_months(_in_cents(text) if "cent" in text.lower() or "¢" in text else text)


# "12 cents", "ten cents" (once a number): an amount in dollars, $0.12.
_CENTS = re.compile(r"(?<![\d.,$€£])(\d{1,2})\s*(?:cents?|¢)(?!\w)", re.IGNORECASE)


def _in_cents(text: str) -> str:
    return _CENTS.sub(lambda m: f"${int(m.group(1)) / 100:.2f}", text)


def _in_months(text: str) -> str:
    """'2 years and 3 months': one length, in months ('27 months')."""
    if "year" in text.lower() and "month" in text.lower():
        text = _YEARS_AND_MONTHS.sub(lambda m: f"{int(m.group(1)) * 12 + int(m.group(2))} months", text)
    return text


_HYPHENED_HALF = re.compile(r"-and-a-half(?:-|\b)", re.IGNORECASE)
_YEARS_AND_MONTHS = re.compile(r"\b(\d+)\s+years?,?\s+(?:and\s+)?(\d+)\s+months?\b", re.IGNORECASE)


# "1,00,000", "1,50,000": Indian grouping (lakh) is read as written, one number.
_INDIAN_GROUPS = re.compile(r"(?<![\d,.])\d{1,2}(?:,\d{2})+,\d{3}(?![\d,])")
# "mille e cento", "mil y cien", "tausend und": other languages join the parts of one number.
_JOINED_NUMBER_WORDS = caseless(r"\b(thousand|hundred)\s+(?:e|y|et|und|and)\s+(?=(?:one|two|three|four|five|six|seven|"
                                r"eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred)\b)")
# "tra 1.000 e 1.100", "entre 1 000 et 1 100" (translated to "between ... e ..."): a range.
_BETWEEN_AND = caseless(r"(\bbetween\s+[$€£]?\d[\d.,]*\s?(?:%|[a-z$]+)?)\s+(?:e|y|et|und|en)\s+(?=[$€£]?\d)")
_DOZEN = re.compile(r"\b(?:a|one)\s+dozen\b", re.IGNORECASE)
_FORTNIGHT = re.compile(r"\b(?:a|one)\s+fortnight\b", re.IGNORECASE)
# "6 der 10 Sitze", "6 de los 10": a share of a whole, in the words the English grammar knows.
_OF_THE_WHOLE = re.compile(r"(?<=\d)\s+(?:der|de|dei|degli|delle|dos|das|des|de los|de las|su|sur|von|van)\s+(?=\d)",
                           re.IGNORECASE)
# The same count written in words, glossed to English ones first: "sechs der zehn Sitze", "sept sur dix".
_SMALL_COUNT = r"(?:one|two|three|four|five|six|seven|eight|nine|ten)"
_OF_THE_WHOLE_IN_WORDS = caseless(rf"\b({_SMALL_COUNT}|\d+)\s+(?:der|de|dei|degli|delle|dos|das|des|de los|de las|su|sur|von|van)"
                                  rf"\s+(?={_SMALL_COUNT}\b|\d)")
# "6 mil dólares", "9 thousand": a digit before a scale word of any language.
_TIMES_THOUSAND = re.compile(r"(?<![\d.,])(\d{1,3})\s+thousand\b", re.IGNORECASE)
# "1,2 mil dólares", "1,5 Tausend": a decimal comma before the scale word (as "1,2k" has one).
_DECIMAL_COMMA_THOUSAND = re.compile(r"(?<![\d.,])(\d{1,3}),(\d{1,2})(?=\s+thousand\b)", re.IGNORECASE)
# "~~$1,200~~ $1,100": a struck-out value is withdrawn.
_STRUCK = re.compile(r"~~[^~\n]{1,80}~~")
# "$1,200 → $1,100": a value changed into another; only the new one stands. (A pair "7-3 → 6-4"
# goes whole, not "3 → " out of it: round 24.)
# The arrow may name the move in a few words ("$28K → can flex to $27K", "$600 → propose $450").
# (Round 27) The other side's value set beside one's own before the arrow goes too ("Rate: you 3% / me
# 5% → I propose 4%"), and the words after the arrow may say who moves without a modal ("→ I accept
# $10,000", "→ we can do $140").
_CHANGED_TO = re.compile(r"(?:\b(?:you|your|yours|they|their|theirs)\b[ \t]*:?[ \t]*[$€£]?\d[\d,.]*[ \t]?(?:%|k\b|[a-z]{1,8}\b)?"
                         r"[ \t]*(?:/|\||vs\.?|versus|,|;)[ \t]*(?:me|us|we|i|mine|ours|our\s+side)\b[ \t]*:?[ \t]*)?"
                         r"(?<![\d%])[$€£]?(?:\d+%?[-–:/])?\d[\d,.]*[ \t]?(?:%|k\b|[a-z]{1,8}\b)?[ \t]*(?:→|->|=>|⟶|➡️?|➔)\s*"
                         r"(?=(?:(?:i|we)\s+)?(?:(?:can|could|would|will|may|might|maybe|then|now|so)\s+)?"
                         r"(?:(?:flex|go|come|move|drop|settle|propose|offer|counter|ask|meet|accept|do|take|agree\s+to)\s+)?"
                         r"(?:(?:down|up)\s+)?(?:(?:to|at|for|with|on)\s+)?[$€£]?\d)", re.IGNORECASE)
# "anything from $1,200 up", "from 18 months onwards": a lower bound, which offers its value (as "at least" does).
_FROM_UP = re.compile(r"\bfrom\s+([$€£]?\d[\d,.]*(?:\s?(?:%|[a-z]{1,8}\b))?)\s+(?:and\s+)?(?:up(?:wards?)?|onwards?|above|"
                      r"higher|or\s+(?:more|higher|above))\b", re.IGNORECASE)
# "8 hours × $625/hr = $5,000", "100 seats * $30 = $3,000": a computation; its result is the value.
_COMPUTED = re.compile(r"[$€£]?\d[\d,.]*[ \t]*(?:[a-z]{1,8}\b)?[ \t]*[×x*][ \t]*[$€£]?\d[\d,.]*[ \t]*(?:[a-z%/]{1,8}\b)?"
                       r"[ \t]*=[ \t]*(?=[$€£]?\d)", re.IGNORECASE)
# "4½%", "1½-year", "¾": vulgar fractions are decimals.
_VULGAR = {"½": ".5", "¼": ".25", "¾": ".75", "⅕": ".2", "⅖": ".4", "⅗": ".6", "⅘": ".8", "⅒": ".1"}
_VULGAR_FRACTION = re.compile(r"(\d*)\s?([½¼¾⅕⅖⅗⅘⅒])")
# "250 bps", "250 basis points": hundredths of a percent.
_BASIS_POINTS = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s?(?:bps|bp|basis\s+points?)\b", re.IGNORECASE)
# "three-fifths", "a quarter", "two tenths": a share as a fraction with an exact percent (not
# "two and a quarter", a mixed number, nor "two-thirds", which has none).
_FRACTION_WORDS = {"fifth": 20, "quarter": 25, "tenth": 10}
_COUNT_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_WORD_FRACTION = re.compile(r"\b(a|one|two|three|four|five|six|seven|eight|nine)[\s-](fifth|quarter|tenth)s?\b"
                            r"(?!\s+(?:of\s+a|an?)\s+(?:year|month|week|day))", re.IGNORECASE)


_MIXED_BEFORE = re.compile(r"(?:\d|\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))"
                           r"(?:\s+[a-z]+)?\s+and\s+$", re.IGNORECASE)


# "$3,300 a quarter": right after an amount, "a quarter" is its period, no share.
_AMOUNT_BEFORE = re.compile(r"\d(?:\s?(?:[$€£]|dollars?|euros?|usd))?\s+$", re.IGNORECASE)


def _word_fraction(match: re.Match[str]) -> str:
    before = match.string[max(0, match.start() - 30):match.start()]
    if _MIXED_BEFORE.search(before):
        return match.group(0)  # "two and a quarter years": a mixed number, read by words_to_digits
    if folded(match.group(1)) == "a" and folded(match.group(2)) == "quarter" and _AMOUNT_BEFORE.search(before):
        return match.group(0)
    count = _COUNT_WORDS[folded(match.group(1))]
    share = count * _FRACTION_WORDS[folded(match.group(2))]
    return f"{share}%" if share <= 100 else match.group(0)


_SHARE_AHEAD = re.compile(r"(?<![\w-])(?:half|(?:the\s+)?(?:full|whole|entire)\s+(?:amount|sum|fee|price|total))"
                          r"(?:\s+of\s+(?:it|the\s+(?:fee|price|total|amount)))?(?=\s+(?:(?:paid|payable|due|down)\s+)?(?:up[\s-]?front|in\s+advance|on\s+signing|"
                          r"at\s+(?:signing|booking)|when\s+(?:we|you)\s+(?:sign|book)))", re.IGNORECASE)
# A decimal comma in a small amount of money ("0,10 $", "1,5 €"): never a thousands separator,
# which groups three digits.
_SMALL_DECIMAL_COMMA = caseless(r"(?<![\d.,])(\d{1,2}),(\d{1,2})(?=\s?(?:[$€£]|dollars?\b|euros?\b|usd\b))")
_PER_CENT_WORDS = re.compile(r"\bper\s+cent\b", re.IGNORECASE)
_PER_CENT = re.compile(r"(?<=\d)\s*(?:per\s+cent|pct\.?|percent)\b", re.IGNORECASE)
# Words that are numbers of a unit: "a decade" is ten years.
_DECADE = re.compile(r"\b(?:a|one)\s+decade\b", re.IGNORECASE)


# Closed compounds of number words ("milleduecento", "eintausendzweihundert"): split into the
# lexicon's number words, plus those that are English words alone ("due") or only parts ("mila").
_ENGLISH_NUMBER_WORDS = {*_UNITS_WORDS, *_TENS_WORDS, "hundred", "thousand", "one", "and"}
_NUMBER_MORPHEMES = {word: english for word, english in FOREIGN_WORDS.items()
                     if " " not in word and all(part in _ENGLISH_NUMBER_WORDS for part in english.split())}
_NUMBER_MORPHEMES |= {"due": "two", "mila": "thousand", "ein": "one", "un": "one", "uno": "one", "und": "and"}
_LONGEST_MORPHEME = max(map(len, _NUMBER_MORPHEMES))
_COMPOUND_CANDIDATE = re.compile(r"(?<![\w-])[^\W\d_]{8,}(?![\w-])")


def _split_number_compound(word: str) -> str | None:
    """The morphemes of a closed compound number word, or None when it is not one."""
    lower = word.lower()
    best: list[list[str] | None] = [[]] + [None] * len(lower)
    for end in range(1, len(lower) + 1):
        for start in range(max(0, end - _LONGEST_MORPHEME), end):
            if best[start] is not None and lower[start:end] in _NUMBER_MORPHEMES:
                best[end] = best[start] + [_NUMBER_MORPHEMES[lower[start:end]]]
                break
    parts = best[-1]
    return " ".join(parts) if parts and len(parts) >= 2 else None


from lamen.judge.deal_words import COMPOUND_PARTS  # noqa: E402  (a table of words, no logic)

# German and Dutch write a noun phrase as one word ("Wertdeckung" = value coverage,
# "Gesamtpreis" = total price, "Vollerstattung" = full refund): a long word the lexicon lacks is
# split into two parts it has (a linking s, n, e or en between), each read as its English word.
_WORD_PARTS = {word: english for word, english in FOREIGN_WORDS.items()
               if " " not in word and "-" not in word and len(word) >= 3 and word != english} | COMPOUND_PARTS


def _split_noun_compound(word: str) -> str | None:
    lower = word.lower()
    for cut in range(len(lower) - 3, 2, -1):
        head, tail = lower[:cut], lower[cut:]
        if tail not in _WORD_PARTS:
            continue
        for linker in ("", "s", "n", "en", "e"):
            stem = head[:len(head) - len(linker)] if linker and head.endswith(linker) else head if not linker else None
            if stem and len(stem) >= 3 and stem in _WORD_PARTS:
                return f"{_WORD_PARTS[stem]} {_WORD_PARTS[tail]}"
    return None


def _noun_compounds(text: str) -> str:
    return _COMPOUND_CANDIDATE.sub(lambda m: m.group(0) if m.group(0).lower() in FOREIGN_WORDS
                                   else _split_noun_compound(m.group(0)) or m.group(0), text)


def _number_compounds(text: str) -> str:
    # A word the lexicon has whole ("sechsunddreißig" = thirty-six) is read by the lexicon.
    return _COMPOUND_CANDIDATE.sub(lambda m: m.group(0) if m.group(0).lower() in FOREIGN_WORDS
                                   else _split_number_compound(m.group(0)) or m.group(0), text)


_WORD = re.compile(r"[a-z]+\$|[^\W\d_]+(?:['-][^\W\d_]+)*")
_FOREIGN_SINGLE = frozenset(word for word, english in FOREIGN_WORDS.items() if " " not in word and word != english)
_FOREIGN_PAIRS = frozenset(tuple(word.split()[:2]) for word in FOREIGN_WORDS if " " in word)


@lru_cache(maxsize=4096)  # (round 29: split once for `_has_foreign_words` and `in_english`, which most often see one text)
def _words(text: str) -> tuple[str, ...]:
    """The lower-case words of a text, as `_WORD` finds them."""
    return tuple(_WORD.findall(text.lower()))


def _has_foreign_words(text: str) -> bool:
    """Whether the lexicon has a word of the text: a set lookup per word, so that English text,
    the common case, costs no pass of the lexicon's large pattern."""
    words = _words(text)
    return not _FOREIGN_SINGLE.isdisjoint(words) or not _FOREIGN_PAIRS.isdisjoint(zip(words, words[1:]))


@lru_cache(maxsize=4096)
def local_forms(text: str) -> str:
    """Other languages' number formats and common words in the English the readers know."""
    # Each rewrite runs only where its cue is in the text: most texts need none of them.
    text = marked_choices(ascii_digits(text))
    if " u" in text or " ur " in text:
        text = _TEXTING.sub(lambda m: "you" if m.group(0).lower() == "u" else "your", text)  # "4 seats for u"
    if "(" in text:
        text = _LITERAL_CALL.sub(r"\2", text)  # "Decimal('1200.00')", "float(2.5)": the literal
    lower = text.lower()
    if "cent" in lower or "pct" in lower:
        # ("four per cent": one word, so that no reading of "cent" as a number word splits it)
        text = _PER_CENT.sub("%", _PER_CENT_WORDS.sub("percent", text) if "per cent" in lower else text)
    if "bp" in lower or "basis point" in lower:
        text = _BASIS_POINTS.sub(lambda m: f"{format(Decimal(m.group(1)) / 100, 'f').rstrip('0').rstrip('.')}%", text)
    if "fifth" in lower or "quarter" in lower or "tenth" in lower:
        text = _WORD_FRACTION.sub(_word_fraction, text)
    if ("half" in lower or "full" in lower or "whole" in lower or "entire" in lower) and \
            ("front" in lower or "advance" in lower or "signing" in lower or "booking" in lower or " sign" in lower
             or " book" in lower):
        # "pay half in advance", "the full amount upfront": a share of the payment paid ahead
        text = _SHARE_AHEAD.sub(lambda m: "50%" if m.group(0).lower().startswith("half") else "100%", text)
    if "decade" in lower or "dozen" in lower or "fortnight" in lower:
        text = _DOZEN.sub("12", _FORTNIGHT.sub("14 days", _DECADE.sub("10 years", text)))
    if "from" in lower and ("up" in lower or "onward" in lower or "above" in lower or "higher" in lower):
        text = _FROM_UP.sub(r"at least \1", text)
    if "~~" in text:
        text = _STRUCK.sub(" ", text)
    # Any "x" with an "=" may be a product ("10x600 = 6000"): the pattern decides, the cue only skips texts without.
    if "=" in text and ("×" in text or "*" in text or "x" in text):
        text = _COMPUTED.sub("", text)
    if any(arrow in text for arrow in ("→", "->", "=>", "⟶", "➡", "➔")):
        text = _CHANGED_TO.sub("", text)
    if "," in text and (" " in text or "." in text) and _TWO_AFTER_COMMA.search(text):
        text = _EURO_DECIMAL.sub(lambda m: re.sub(r"[. \u00a0\u202f]", "", m.group(1)) + "." + m.group(2), text)
    if "," in text and _INDIAN_CUE.search(text):
        text = _INDIAN_GROUPS.sub(lambda m: m.group(0).replace(",", ""), text)
    if "." in text and _DOT_CUE.search(text):
        text = _DOT_THOUSANDS.sub(r"\1\2", text)
    if "'" in text or "’" in text:
        text = _APOSTROPHE_THOUSANDS.sub(lambda m: re.sub(r"['’]", "", m.group(0)), text)  # Swiss "1'100.–"
    if ".–" in text or ".-" in text:
        text = _ROUND_MARK.sub("", text)  # "750.–": a round amount, no cents
    if "," in text and ("k" in text or "K" in text):
        text = _DECIMAL_COMMA_K.sub(r"\1.\2", text)  # "1,2k": a decimal comma before thousands
    if "_" in text:
        text = _UNDERSCORE_THOUSANDS.sub(lambda m: m.group(0).replace("_", ""), text)  # "1_100", as code and TOML write numbers
    if _DIGIT_SPACE_DIGIT.search(text):
        text = _SPACE_THOUSANDS.sub(r"\1\2", text)
    if "," in text and "%" in text and _FEW_AFTER_COMMA.search(text):
        text = _DECIMAL_COMMA.sub(r"\1.\2", text)
    if "," in text and _FEW_AFTER_COMMA.search(text):
        text = _SMALL_DECIMAL_COMMA.sub(r"\1.\2", text)  # "0,10 $ por palabra": ten cents
    if not text.isascii():
        if _VULGAR_FRACTION.search(text):
            text = _VULGAR_FRACTION.sub(lambda m: f"{m.group(1) or '0'}{_VULGAR[m.group(2)]}", text)
        text = script_to_latin(cjk_to_latin(text))
        if "company" in text:
            # "A公司4席", "A社6名" gloss as "A company 4 seats": the party's name before its count is
            # "company A" ("B company wants 6" is read as it stands)
            text = _LETTER_COMPANY.sub(r"company \1 ", text)
            if "board" in text and "名" in text:
                text = _DIRECTORS_COUNTED.sub(r"\1\2 seats", text)  # "取締役会はA社6名": six directors, six seats
        if _CJK_BY_DIGIT.search(text):
            # "期和500 dollars deposit": a number the glosses left glued to an untranslated character
            # is a word of its own, so that its distance to the issue named after it counts right
            text = _CJK_BY_DIGIT.sub(" ", text)
    # The lexicon's large pattern runs only where one of its words is (a set lookup per word):
    # an English text with a dash or an emoji in it needs no pass of it.
    if (not text.isascii() or _UNIT_WORD_CUE.search(text.lower())) and UNIT_AFTER_NUMBER.search(text):
        text = units_after_numbers(text)
    if _has_foreign_words(text) or "d.h." in lower:
        text = _number_compounds(text)
        if not in_english(text):
            text = inflected_forms(_noun_compounds(text))  # "z pełną załogą": the lexicon's "załoga"
        else:
            text = inflected_forms(text, strict=True)  # "ilman allekirjoitusbonusta", few lexicon words
        text = _FOREIGN.sub(lambda m: FOREIGN_WORDS.get(m.group(1).lower(), m.group(1)), text)
        text = units_after_number_words(text)  # "altı ay" -> "six months" (round 27)
        if "none " in text:
            text = NONE_BEFORE_WORD.sub("no ", text)  # "aucune sous-location": no subletting (round 26)
        text = worded_splits(text)  # "un conseil de 6 à 4", "40 % zu 60 %" (round 26)
        if "percent" in text:
            # "1,5 prosent" is now "1,5 percent": a per cent word after a decimal comma
            text = _DECIMAL_COMMA.sub(r"\1.\2", _PER_CENT.sub("%", text))
        text = _OF_THE_WHOLE.sub(" of the ", text)
        text = _OF_THE_WHOLE_IN_WORDS.sub(r"\1 of the ", text)
        text = _FRENCH_YEAR.sub(" year", text)
        text = _BETWEEN_AND.sub(r"\1 and ", text)
        text = _JOINED_NUMBER_WORDS.sub(r"\1 ", text)
        text = _TIMES_THOUSAND.sub(lambda m: str(int(m.group(1)) * 1000), text)
        if "," in text:
            text = _DECIMAL_COMMA_THOUSAND.sub(r"\1.\2", text)
        if _DIGIT_SPACE_DIGIT.search(text):
            text = _SPACE_THOUSANDS.sub(r"\1\2", text)  # "1 200 долларов": the currency is English only now
    if "%" in text and _PERCENT_BEFORE.search(text):
        # "%30", "%2,5" (Turkish, Basque, ...): 30%, 2.5%
        text = _PERCENT_BEFORE.sub(lambda m: m.group(1).replace(",", ".") + "%", text)
    if not text.isascii() and _SCORE_JOINT.search(text):
        text = _SCORE_JOINT.sub(r"\1-", text)  # "55%対45%", "7대3", "60 대 40": a split, 55%-45%
    return times_a_week(text)


# (round 28) What `UNIT_AFTER_NUMBER` needs in an ASCII text, searched in its lower case: a digit and
# one of the lexicon's unit words an ASCII text can spell, as IGNORECASE compares them ("6 YIL" is
# "yıl"). A digit first lets `re` skip to the digits; the lexicon's pattern opens with a lookbehind.
_UNIT_WORD_CUE = re.compile(r"\d\s*(?:" + "|".join(sorted(
    {re.escape(folded(word)) for word in _UNIT_AFTER_NUMBER_WORDS if folded(word).isascii()}, key=len, reverse=True)) + ")")
# A per cent sign before its number, as Turkish and Basque write it ("%30", "%55-%45").
_PERCENT_BEFORE = re.compile(r"(?<![\w%])%\s?(\d+(?:[.,]\d+)?)(?![\d%]|,\d)")
# One word of another script between two numbers, each maybe a percentage: the "to" of a split
# ("6比4", "45%対55%", Korean "7대3", "60 대 40").
_SCORE_JOINT = re.compile(r"(\d%?)\s*(?:[比对対대])\s*(?=\d)")


def squash(text: str) -> str:
    """The spelling-insensitive form of a text label: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9%]+", "", text.lower())


def word_sequence(text: str) -> list[str]:
    """Lower-case words and numbers of a text (hyphens and punctuation split words)."""
    return re.findall(r"[a-z0-9%]+", text.lower())


# Letters of other scripts (punctuation, arrows, currency, box drawing and emoji are not letters).
_NON_ENGLISH = re.compile(r"[^\x00-\x7f\u00a0-\u00ff\u2010-\u2027\u2030-\u205e\u20a0-\u20cf\u2190-\u22ff\u2500-\u27bf"
                          r"\U0001f000-\U0001faff\ufe0f]")
# Function words of French, German, Spanish, Italian, Portuguese and Dutch that English never uses.
_FOREIGN_WORDS = caseless(r"\b(?:nous|vous|wir|sie|und|una?|los|las|les|des|der|das|por|para|pour|avec|mit|"
                          r"che|que|et|du|ist|est|sono|é|não|het|een|voor|nel|della|dei|ein|eine)\b")


@lru_cache(maxsize=4096)  # (asked of one message by the reader and by the doubts)
def in_english(text: str) -> bool:
    """No letters of other scripts, and at most one word that is a function word of another
    language or a word of the lexicon ("caution" and "bail" are English too)."""
    if _NON_ENGLISH.search(text):
        return False
    sequence = _words(text)
    words = set(sequence)
    pairs = len(_FOREIGN_PAIRS.intersection(zip(sequence, sequence[1:])))  # "jangka waktu", "kami usulkan"
    return _FOREIGN_WORDS.count(text) + len(words & _FOREIGN_SINGLE) + pairs < 2


# Contractions typed without their apostrophe ("doesnt work", "cant do", "wont accept"): the
# readers' denials are written with it. ("wont" and "cant" are kept only before a verb-like word.)
_BARE_CONTRACTION = caseless(r"\b(do|does|did|is|are|was|were|could|would|should|have|has|had|must|need)nt\b|"
                             r"\b(ca|wo)nt\b(?=\s+(?:\w+))")


def with_apostrophes(text: str) -> str:
    """The text with apostrophe-less contractions restored ("doesnt" -> "doesn't")."""
    if "nt" not in text:
        return text
    return _BARE_CONTRACTION.sub(lambda m: f"{m.group(1) or m.group(2)}n't", text)
