"""Whose share a number is. Splits and shares are written from someone's side: "a 6-4 split in
our favour", "we keep seven board seats", "Company B should own 55%". Labels of a split issue put
the first party first ("6-4" is six for the first party); labels of a share issue are one named
party's share ("ownership" is Company A's percentage). The speaker's side comes from the turn, or
from the message itself ("Speaking for Company B: ...")."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from lamen.judge.caseless import caseless
from lamen.judge.labels import IssueLabels, ValueMatch, in_pair_units, normalise

# Verbs of having or asking to have, in any form ("keeps", "holding", "retained", "'d like").
# ("7-3 control", "the control issue": the issue's name, no verb)
_HOLDING = caseless(r"\b(?:(?:keep|retain|hold|own|get|take|have|need|want|receive|like|seek|accept|ask(?:s|ed|ing)?\s+for|settle\s+for)"
                    r"(?:s|ed|ing)?|(?<![\d%]\s)(?<![\d%])(?<!\bthe\s)control(?:s|led|ling)?|kept|held|got|has|having|taking|getting"
                    # the same verbs in the languages models answer in, left unglossed by the lexicon
                    # ("wir erhalten 5 der 10 Sitze", "nous conservons 7 sièges"): keep, receive, get, want
                    r"|conserv\w+|gard(?:ons|ez|er|erions|ent)|obten\w+|obtien\w+|recev\w+|recib\w+|ricev\w+|manten\w+|mantien\w+"
                    r"|behalt\w*|behält|erhalt\w*|bekomm\w+|möchten|wollen|brauchen|quer\w+|voul\w+|vogliamo|otten\w+|tenemos"
                    r"|teniamo|temos|behouden|houden|krijgen|willen"
                    # a floor on one's own share: "Company B cannot go below 40% ownership"
                    r"|go(?:es)?\s+(?:below|under|lower\s+than))\b")
_RECEIVER = re.compile(r"\b(?:for|to|of|from|by)\s+$", re.IGNORECASE)
_SPEAKER = caseless(r"\b(?:we|us|our|ours|ourselves)\b")
_LISTENER = caseless(r"\b(?:you|your|yours|they|their|them|theirs)\b")
# "in our favour", "in favour of Company B", and the same said as a direction: "55-45 our way",
# "tilted toward us", "weighted to Company A".
_FAVOUR = caseless(r"\b(?:in\s+(?:(?P<whose>our|your|their)\s+favou?r|favou?r\s+of\s+(?P<party>[\w ]{1,20}))|"
                   r"(?P<way>our|your|their)\s+way|(?:tilted|weighted|skewed|leaning)\s+(?:toward|towards|to)\s+"
                   r"(?:(?P<us>us|you|them)|(?P<party2>[\w ]{1,20})))(?=[\s,.;!?]|$)")


@lru_cache(maxsize=64)
def party_patterns(parties: tuple[str, str]) -> list[re.Pattern[str]]:
    """How each party is named: its full name, or the letter that ends it ("Company A" -> "A",
    written as a capital and not as the article that starts a sentence)."""
    patterns = []
    for party in parties:
        full = re.escape(party)
        last = party.split()[-1]
        letter = rf"|(?<![\w'])(?:{re.escape(last)})(?![\w'])(?!\s+[a-z]+\s+(?:of|to|in|for)\b)" \
            if len(last) == 1 and last.isupper() else ""
        patterns.append(re.compile(rf"(?i:\b{full}\b){letter}"))
    return patterns


def speaker_from_text(text: str, parties: tuple[str, str]) -> int | None:
    """The side a message says it speaks for ("On behalf of Company B:", "Company A proposes",
    "We (Company B) want ...")."""
    lower = text.lower()
    for side, party in enumerate(parties):
        name = re.escape(party)
        last = party.split()[-1]
        if len(last) == 1 and last.isupper() and re.match(rf"^\s*{re.escape(last)}\s+here\b", text):
            return side  # "B here. 4 seats for you, 6 for us."
        if party.lower() not in lower:
            continue  # every form below names the party in full (most texts do not)
        if re.search(rf"\b(?:speaking\s+for|on\s+behalf\s+of|(?:this\s+is|from|for)\s+(?=.{{0,3}}{name}\s*[:,-]))\s*{name}\b"
                      rf"|^\s*{name}\s+(?:here|proposes|suggests|offers|would|will|wants)\b"
                      rf"|\b(?:we|us|our\s+side)\s*[(,]\s*{name}\s*[),]", text, re.IGNORECASE):
            return side
    return None


def _holds(clause: str, start: int, end: int, offset: int) -> bool:
    """The reference at start..end is who gets the number at `offset`: it is the subject of a
    verb of having ("we keep 6", "Company B should own 55%"), the receiver ("for us", "to
    Company A"), an owner ("our employees", "of yours"), or stands right beside the number
    ("A 55%", "55% A"). 'We propose 70%' names who speaks, not who gets it."""
    between = clause[min(end, offset):max(start, offset)]
    if len(between.strip(" :,-")) <= 2:
        return True
    if offset > end:
        return bool(_HOLDING.search(between)) or bool(re.match(r"(?:our|your|their|its)\b", clause[start:end], re.I))
    return bool(re.search(r"\b(?:for|to|of|with|from)\s*$", clause[offset:start], re.IGNORECASE)) or \
        bool(re.match(r"(?:our|your|their|its|ours|yours)\b", clause[start:end], re.IGNORECASE))


def party_near(clause: str, offset: int, parties: tuple[str, str], side: int | None) -> int | None:
    """The party the number at `offset` of a clause belongs to: the nearest reference to a party
    by name, or to the speaker ("we") or the listener ("you") when the speaker's side is known,
    that holds the number (see _holds)."""
    found: list[tuple[float, int, int, int]] = []  # (by name, receiver, pronoun or letter; distance, party, where)
    references = [(pattern, party, 0) for party, pattern in enumerate(party_patterns(parties))]
    if side is not None:
        references += [(_SPEAKER, side, 1), (_LISTENER, 1 - side, 1)]
    for pattern, party, pronoun in references:
        for match in pattern.finditer(clause):
            if _holds(clause, match.start(), match.end(), offset):
                # (a bare letter "A" may be the article that opens a sentence: no better than a pronoun,
                # unless a preposition makes it the receiver: "55% ownership for A")
                rank = pronoun if len(match.group(0)) > 1 or _RECEIVER.search(clause[:match.start()]) else 1
                # A pronoun named as the receiver after the number ("we'd accept 55% ownership for
                # you") says who gets it; a subject before it ("we'd accept") only who speaks.
                if pronoun and match.start() > offset and re.search(r"\b(?:for|to)\s+$", clause[offset:match.start()], re.IGNORECASE):
                    rank = 0.5
                # (and a party named so, "Company B can accept 55% ownership for Company A", beats a
                # name before the number, which is the subject that speaks)
                elif not pronoun and rank == 0 and match.start() > offset and \
                        re.search(r"\b(?:for|to)\s+$", clause[offset:match.start()], re.IGNORECASE):
                    rank = -0.5
                found.append((rank, min(abs(match.start() - offset), abs(match.end() - offset)), party, match.start()))
    # A party named by its name beats a pronoun that also holds the number: "we'll accept a 45%
    # stake for Company A" is Company A's 45%, whoever "we" is; unless the pronoun stands between
    # the name and the number, the subject of its own clause: "55% for Company A if we keep 60%".
    if not found:
        return None
    best = min(found)
    if best[0] == 0 and best[3] < offset:
        between = [entry for entry in found if entry[0] == 1 and best[3] < entry[3] < offset]
        if between:
            return min(between)[2]
    return best[2]


def favoured(sentence: str, parties: tuple[str, str], side: int | None) -> int | None:
    """The party a split is 'in favour of', if the sentence says."""
    match = _FAVOUR.search(sentence)
    if not match:
        return None
    whose = match.group("whose") or match.group("way") or match.group("us")
    if whose:
        if side is None:
            return None
        return side if whose.lower() in ("our", "us") else 1 - side
    for party, pattern in enumerate(party_patterns(parties)):
        if pattern.search(match.group("party") or match.group("party2") or ""):
            return party
    return None


def _label(table: IssueLabels, first: Decimal, second: Decimal) -> ValueMatch:
    first, second = in_pair_units(table, first, second)
    percent = "%" if table.percent else ""
    key = normalise(f"{format(first.normalize(), 'f')}{percent}-{format(second.normalize(), 'f')}{percent}")
    label = table.by_normal.get(key) or table.by_normal.get(key.replace("%", ""))
    return ValueMatch("label", label) if label else ValueMatch("invalid")


def share_for(table: IssueLabels, number: Decimal, party: int, parties: tuple[str, str]) -> ValueMatch:
    """The label of a split or share issue when `party` gets `number`."""
    if table.pair_total is not None:
        other = table.pair_total - number
        return _label(table, number, other) if party == 0 else _label(table, other, number)
    owner = parties.index(table.party) if table.party in parties else 0
    value = number if party == owner else Decimal(100) - number
    labels = table.by_number.get(format(value.normalize(), "f"), [])
    return ValueMatch("label", labels[0]) if len(labels) == 1 else ValueMatch("invalid")


def split_for(table: IssueLabels, first: Decimal, second: Decimal, favoured_party: int | None,
              parties: tuple[str, str]) -> ValueMatch:
    """A written split 'a-b': the favoured party, if named, gets the larger number; else the
    first number is the first party's."""
    if favoured_party is not None:
        big, small = max(first, second), min(first, second)
        first, second = (big, small) if favoured_party == 0 else (small, big)
    if table.pair_total is not None:
        return _label(table, first, second)
    return share_for(table, first, 0, parties)
