"""Issues whose two labels are having a thing or not ("assembly included" / "self-assembly",
"operator included" / "dry hire", "fuel included" / "fuel extra"): the thing denied by name ("no
assembly", "without an operator", "no operator") is the label without it, as a careful reader
takes it, where nothing else in the text read the issue; and a thing whose last mention is left out
by the clause's predicate ("Assembly would not be included", "second shooter: not included", "let's
leave that out", "we would not include a …") is the label without it even where a mention of the
thing read the other label."""

from __future__ import annotations

import re
from functools import lru_cache

from lamen.judge.extraction import Extraction
from lamen.judge.label_verdicts import _ALTERNATIVE, _TURNED_DOWN, _WISHED, _clauses
from lamen.judge.labels import GameLabels
from lamen.judge.values import local_forms

_WORD = re.compile(r"[a-z]+")
# A clause of the other side's or a third party's ("your shuttle included", "they want power in"):
# whose thing it is the reader cannot tell; a request to the other side ("would you lend us a
# machine?", "can you include the shuttle?") is the speaker's proposal, as issue 12 reads it.
_OTHERS = re.compile(r"\b(?:you|your|yours|they|their|them)\b")
_ASKED = re.compile(r"\b(?:would|could|can|will|do)\s+you\b")
# Words of an "included" label that are not the thing ("included", "with", "in the price").
_NOT_THE_THING = {"included", "including", "include", "with", "in", "the", "price", "a", "an", "and", "of"}


@lru_cache(maxsize=512)
def _denial(issue: str, thing_words: frozenset[str]) -> re.Pattern[str]:
    things = "|".join(sorted(map(re.escape, thing_words | set(_WORD.findall(issue.lower()))), key=len, reverse=True))
    # ("no assembly fee" is assembly at no charge: the included one, so a charge after it breaks the rule)
    return re.compile(rf"\b(?:no|without|excluding|not\s+including)\s+(?:an?\s+|the\s+|any\s+)?(?:{things})s?\b"
                      rf"(?!\s+(?:fee|fees|charge|charges|cost|costs|included|extra|surcharge))", re.IGNORECASE)


# A clause that leaves the thing out, its verb before the thing: "we would not include / don't need a
# second shooter", "drop the classes".
_LEAVE_OUT_BEFORE = (r"(?:\b(?:not|n't|never)\s+(?:include|need|want|require|offer|provide)|"
                     r"\b(?:drop|dropping|skip|skipping|forgo|leave\s+out|leaving\s+out|forget(?:\s+about)?))\s+")
# ... or its predicate after it, within the clause ("Assembly would not be included at that price",
# "Group classes are not essential to us and can be excluded", "second shooter: not included",
# "Second shooter would be extra so let's leave that out").
# (round 25: "A signing bonus isn't in the budget", "a loaner machine isn't possible at that volume",
# "The extended warranty isn't included at this price": a thing said to be out of reach is left out)
_LEAVE_OUT_AFTER = (r"[^.;!?\n]{0,40}?(?:(?:\bnot|n't)\s+(?:be\s+)?(?:included|needed|necessary|required|essential)\b|"
                    r"\b(?:is|are|would|will|ca)(?:n't|\s+not)\s+(?:be\s+)?(?:possible|feasible|available|an\s+option|"
                    r"on\s+the\s+table|in\s+(?:the|our)\s+budget)\b|"
                    r"\b(?:excluded|left\s+out|dropped)\b|"
                    r"\bleave\s+(?:that|it|them|this)\s+out\b|\s*[:=]\s*(?:no|none|excluded)\b)")


@lru_cache(maxsize=512)
def _left_out(issue: str, thing_words: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a mention of the thing left out by its clause, any mention of the thing)."""
    things = "|".join(sorted(map(re.escape, thing_words | set(_WORD.findall(issue.lower()))), key=len, reverse=True))
    thing = rf"(?:{things})(?:e?s)?\b"
    return (re.compile(rf"{_LEAVE_OUT_BEFORE}(?:an?\s+|the\s+|any\s+)?(?:\w+\s+)?{thing}|\b{thing}(?:\s+\w+)?"
                       rf"{_LEAVE_OUT_AFTER}", re.IGNORECASE),
            re.compile(rf"\b{thing}", re.IGNORECASE))


def _last_mention_left_out(issue: str, things: frozenset[str], english: str) -> bool:
    """Whether the text's last mention of the thing is one its clause leaves out."""
    left_out, mention = _left_out(issue, things)
    spans = [match.span() for match in left_out.finditer(english)]
    if not spans:
        return False
    last = None
    for last in mention.finditer(english):
        pass
    return last is not None and any(start <= last.start() < end for start, end in spans)


# The endings of a noun of doing ("assembly", "installation", "cleaning") its verb's stem is left
# with once they are cut ("assembl", "install", "clean").
_NOUN_ENDINGS = ("ation", "ment", "ion", "ing", "y")
# A participle not said of the thing: negated ("not assembled", "unassembled") or given an agent
# ("assembled by you": whose act that is, the party rules say).
_NOT_DONE_BEFORE = re.compile(r"(?:\b(?:not|n't|never|un)|\bself)[\s-]*$", re.IGNORECASE)
_AGENT_AFTER = re.compile(r"\s+by\b", re.IGNORECASE)


@lru_cache(maxsize=512)
def _participle(thing_words: frozenset[str]) -> re.Pattern[str] | None:
    """The past participles of the thing's nouns of doing ("assembled" of "assembly"), or None."""
    forms = set()
    for word in thing_words:
        for ending in _NOUN_ENDINGS:
            stem = word[:-len(ending)]
            if word.endswith(ending) and len(stem) >= 4:
                forms.add(stem + ("d" if stem.endswith("e") else "ed"))
                break
    if not forms:
        return None
    return re.compile(rf"\b(?:{'|'.join(sorted(map(re.escape, forms)))})\b", re.IGNORECASE)


def _done_to_it(things: frozenset[str], english: str) -> bool:
    """Whether the text says the thing is done, by its participle ("I'd need it delivered to my door
    and assembled", "800 delivered, assembled"), not negated and with no agent named."""
    participle = _participle(things)
    if participle is None:
        return False
    return any(not _NOT_DONE_BEFORE.search(english, max(0, match.start() - 12), match.start())
               and not _AGENT_AFTER.match(english, match.end()) for match in participle.finditer(english))


# A verb of giving the thing before it ("throw in a coach", "lend us a machine"): "with" and
# "include" before the thing are the message reader's (`phrases.included_mentions`) ...
_HAD_BEFORE = (r"\b(?:throw(?:s|ing)?\s+in|lend(?:s|ing)?(?:\s+(?:us|you|them|me))?)"
               r"\s+(?:(?:the|a|an|our|your|their|some)\s+)?(?:[a-z-]+\s+)?")
# ... or a predicate of having after it, ending its clause ("the shuttle included", "sidewalks in",
# "power in.", "the machine is included", "classes thrown in").
_HAD_AFTER = (r"\s+(?:(?:is|are|would\s+be|will\s+be|be)\s+)?(?:included|thrown\s+in|in)"
              r"(?=\s*(?:[,.;:!?)\n]|$|and\b|too\b|as\s+well\b))")


# ... or the thing alone as an item of a package's list ("$60, shared guide, shuttle, our insurance",
# "six months with full access and classes"): a list of what is offered names what is in it.
_LISTED_BEFORE = r"(?:[,;]|\band)\s+(?:the\s+)?"
# (not before a dash: "assembly — customer's own" is a key and its value)
_LISTED_AFTER = r"(?=\s*(?:[,;.!?)\n]|$|and\b))"


@lru_cache(maxsize=512)
def _had(issue: str, thing_words: frozenset[str]) -> re.Pattern[str]:
    """A mention of the thing (its words, the issue's name's) the clause says is had."""
    names = {word for word in _WORD.findall(issue.lower()) if len(word) >= 4}
    things = "|".join(sorted(map(re.escape, thing_words | names), key=len, reverse=True))
    return re.compile(rf"{_HAD_BEFORE}(?:{things})(?:e?s)?\b|\b(?:{things})(?:e?s)?{_HAD_AFTER}|"
                      rf"(?P<listed>{_LISTED_BEFORE}(?:{things})(?:e?s)?{_LISTED_AFTER})")


def _had_in_offer(issue: str, things: frozenset[str], lowered: str, keyed: bool) -> bool:
    """Whether a clause of the text (in lower case) has the thing (`_had`), and none turns it down,
    weighs it against another value with "or", makes it hang on another's wish, or speaks of the
    other side. Where a key gave the issue a value no rule read (`keyed`: "조립 — 고객 직접", glossed
    "assembly — customer ..."), the thing as a list's item is that key, not a thing had."""
    if not any(word in lowered for word in (*things, *_WORD.findall(issue.lower()))):
        return False  # (most texts name no such thing: no pattern run)
    found = False
    clauses: list[tuple[int, int]] | None = None  # (the text's clauses, split once, at the first match)
    for match in _had(issue, things).finditer(lowered):
        if keyed and match.group("listed"):
            continue
        clauses = clauses if clauses is not None else _clauses(lowered)
        clause = next(((s, e) for s, e in clauses if s <= match.start() < e), match.span())
        words = lowered[clause[0]:clause[1]]
        if _TURNED_DOWN.search(words) or _ALTERNATIVE.search(words) or _WISHED.search(words) \
                or _OTHERS.search(_ASKED.sub(" ", words)):
            return False
        found = True
    return found


def with_denied_things(found: Extraction, text: str, labels: GameLabels) -> Extraction:
    """The reading, with each having-or-not issue it left unread taken as the label without the
    thing where the text denies the thing by name; such readings are unsure."""
    offers = dict(found.offers)
    reasons: list[str] = []
    english = lowered = None
    for issue, table in labels.issues.items():
        pair = table.included_label
        if pair is None:
            # (round 25) An issue whose zero label denies a thing ("no bonus", "no extended
            # warranty"), left unread: the thing left out by the clause of its last mention ("we
            # would not include a signing bonus", "forget the guarantee") is the zero label.
            zero = table.zero_label()
            if zero is None or not zero.lower().startswith("no ") or issue in offers or issue in found.ambiguous \
                    or issue in found.invalid:
                continue
            things = frozenset(word for word in _WORD.findall(zero.lower()[3:])
                               if word not in _NOT_THE_THING and len(word) >= 3)
            english = english if english is not None else local_forms(text)
            if things and _last_mention_left_out(issue, things, english):
                offers[issue] = zero
                reasons.append(f"{issue}: '{zero}' read from the thing left out by its clause")
            continue
        if issue in found.ambiguous or offers.get(issue, pair[0]) != pair[0]:
            continue
        things = frozenset(word for word in _WORD.findall(pair[0].lower()) if word not in _NOT_THE_THING and len(word) >= 3)
        if not things:
            continue
        english = english if english is not None else local_forms(text)
        if issue in offers:
            # read as the included label from a mention of the thing: only a last mention left out
            # by its clause turns it round.
            if _last_mention_left_out(issue, things, english):
                offers[issue] = pair[1]
                reasons.append(f"{issue}: '{pair[1]}' read from the thing left out by its clause")
            continue
        if _denial(issue, things).search(english) or _last_mention_left_out(issue, things, english):
            offers[issue] = pair[1]
            reasons.append(f"{issue}: '{pair[1]}' read from the thing denied by name")
        elif _done_to_it(things, english):
            offers[issue] = pair[0]
            reasons.append(f"{issue}: '{pair[0]}' read from the thing's participle")
        elif _had_in_offer(issue, things, lowered := lowered if lowered is not None else english.lower(),
                           issue in found.invalid):
            offers[issue] = pair[0]
            reasons.append(f"{issue}: '{pair[0]}' read from the thing said to be had")
    if not reasons:
        return found
    invalid = {issue: raw for issue, raw in found.invalid.items() if issue not in offers}
    return found.made_unsure(reasons, offers=offers, invalid=invalid)
