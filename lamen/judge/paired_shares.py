"""A split written as each party's share side by side: "45% Company A / 55% Company B", "70% of
A's staff against 30% of B's", "6 seats for A and 4 for B", "Company A: 6 seats, Company B: 4
seats", "A company 45%・company B 55%" (as the glosses leave Japanese). Each number alone is one
party's share; the two together are one value of a split issue, written with the first party's
number first ("45%-55%", "6-4") whichever party the text names first. Read only where the two
numbers make the total of a split issue of the game, so two shares of different things ("60% for
A and 40% benefits") are left alone."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

_NUMBER = r"(?P<{0}>\d+(?:\.\d+)?)(?P<{0}u>\s?%)?"
# (what may stand between a number and the party it is given to: "seats for", "of", "côté", "des
# employés de": up to three words)
_TO_PARTY = r"(?P<{0}>(?:\s+[^\W\d]+){{0,3}}?)\s*"
# (a short article may open the second share: "y el 40 % para B", "and the 40% for B")
_JOINT = r"\s*(?:/|・|,|;|\band\b|\bet\b|\bund\b|\be\b|\by\b|\bagainst\b|\bversus\b|\bvs\.?|\bcontre\b|\bgegen\b|\bto\b)\s*"
# (a party's words after its name, up to the joint: "'s staff retained", "'s employees stay")
_AFTER_PARTY = r"(?:'s)?(?P<after>(?:\s+[^\W\d]+){0,3}?)"


@lru_cache(maxsize=64)
def _pair_pattern(parties: tuple[str, str]) -> re.Pattern[str]:
    names = []
    for name in parties:
        last = name.split()[-1]
        # The party's letter alone ("for A", "B's", "はA"): a capital no Latin letter or digit touches.
        letter = rf"|(?<![A-Za-z0-9']){re.escape(last)}(?![A-Za-z0-9])" if len(last) == 1 and last.isupper() else ""
        names.append(rf"(?i:\b{re.escape(name)}\b){letter}")
    party = "(?P<{0}>" + "|".join(f"(?P<{{0}}{index}>{name})" for index, name in enumerate(names)) + ")"
    # A name may carry one word of its own on either side ("A company", "company B") and a colon.
    named = r"(?:company\s+)?" + party + r"(?:\s+company)?"
    number_first = (_NUMBER.format("a") + _TO_PARTY.format("to") + named.format("p") + _AFTER_PARTY + _JOINT
                    + r"(?:[^\W\d]{1,3}\s+)?" + _NUMBER.format("b") + _TO_PARTY.format("to2") + named.format("q"))
    party_first = (named.format("r") + r"\s*:?\s*" + _NUMBER.format("c") + r"(?:\s+seats?)?" + _JOINT
                   + named.format("s") + r"\s*:?\s*" + _NUMBER.format("d") + r"(?:\s+seats?)?")
    # (a share opens with a digit or a party's name: the lookahead spares every other place the cost
    # of trying both forms)
    starts = "|".join(re.escape(name.split()[-1]) for name in parties)
    return re.compile(f"(?=\\d|(?i:company)|{starts})(?:{number_first}|{party_first})")


def _which(match: re.Match[str], group: str) -> int:
    return 0 if match.group(f"{group}0") is not None else 1


def paired_shares(text: str, parties: tuple[str, str], totals: frozenset[Decimal]) -> str:
    """The text with each split written as the parties' shares side by side rewritten as one
    split, first party first ("45% Company A / 55% Company B" -> "45%-55%")."""
    if len(parties) != 2 or not totals:
        return text

    def rewrite(match: re.Match[str]) -> str:
        first, second, x, y = ("p", "q", "a", "b") if match.group("a") is not None else ("r", "s", "c", "d")
        if _which(match, first) == _which(match, second):
            return match.group(0)  # one party named twice: two of its values, no split
        numbers = (match.group(x), match.group(y))
        percent = bool(match.group(f"{x}u") or match.group(f"{y}u"))
        if Decimal(numbers[0]) + Decimal(numbers[1]) not in totals or \
                (percent and Decimal(100) not in totals):
            return match.group(0)
        if _which(match, first) == 1:
            numbers = numbers[::-1]
        unit = "%" if percent else ""
        # (the words naming what is shared stay, for the issue they name: "70% of A's staff retained
        # against 30% of B's" -> "70%-30% of staff retained")
        words = "".join(match.group(group) or "" for group in ("to", "after")) if first == "p" else ""
        return f"{numbers[0]}{unit}-{numbers[1]}{unit}{words}"

    return _pair_pattern(parties).sub(rewrite, text)
