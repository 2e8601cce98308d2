"""Offers made in words rather than numbers: a text label or one of its synonyms written in a
message ("home delivery", "click and collect"), and words for nothing next to an issue's name
("no subletting", "waive the deposit", "interest-free")."""

from __future__ import annotations

import re

from lamen.judge.caseless import caseless
from lamen.judge.labels import EVEN_SPLIT, GameLabels, IssueLabels
from lamen.judge.values import squash

_ZERO_CUE = caseless(
    r"\b(?:no(?!\s+need\s+for\b)|zero|waive[sd]?|waiving|without(?:\s+any)?|free\s+of|not\s+(?:pay|charge|allow|permit)\s+any|"
    r"(?:can(?:no|')t|won't|will\s+not|do\s+not|don't)\s+(?:allow|permit|accept|charge)\s+any|"
    # "We are not able to allow subletting", "we cannot permit subletting": the thing refused whole
    r"(?:can(?:no|')t|won't|will\s+not|(?:not\s+|un)able\s+to)\s+(?:allow|permit))\s+"
    r"(?P<words>(?:[\w-]+\s+){0,2}[\w-]+)|\b(?P<word>[a-z]+)[\s-]free\b|"
    r"\b(?P<subject>[a-z]+)\s+(?:(?:is|are|isn't|aren't|is\s+not|are\s+not)\s+(?:\w+\s+){0,4}?|not\s+)(?:allowed|permitted|"
    r"something\s+(?:we|i)\s+can(?:not|'t)?\s+allow)\b|"
    # ("the service fee, though, would need to be waived": a modal and an aside may stand between)
    r"\b(?P<waived>[a-z]+)(?:,\s*[a-z]+,)?\s+(?:(?:is|are|to\s+be|(?:will|would|should|must|can|could|has\s+to|have\s+to|"
    r"(?:would\s+)?needs?\s+to|would\s+have\s+to)\s+be)\s+)?(?:waived|dropped\s+entirely|left\s+out|excluded|removed)\b|"
    # "skip the extended warranty", "drop the signing bonus": giving the issue up entirely, unless
    # a new value follows ("drop the fee to $40" lowers it)
    r"(?:\b(?:skip(?:ping)?|drop(?:ping)?|remov(?:e|ing)|forgo(?:ing)?|do(?:ing)?\s+without|pass(?:ing)?\s+on|giv(?:e|ing)\s+up|"
    # "we can't afford a second shooter", "we don't have room in the budget for an album"
    r"can(?:no|')t\s+afford|no\s+(?:room|budget|space)\s+(?:\w+\s+){0,3}?for(?:\s+(?:a|an|the))?)|"
    r"n't\s+have\s+(?:the\s+|any\s+)?(?:room|budget|space)\s+(?:\w+\s+){0,3}?for(?:\s+(?:a|an|the))?)\s+"
    # (the words dropped are words, not the new value or its "to": "drop deposit to 500")
    r"(?P<dropped>(?:(?!(?:to|by|down|from|at)\b)[^\W\d_][\w-]*\s+){0,2}(?!(?:to|by|down|from|at)\b)[^\W\d_][\w-]*)\b"
    r"(?!\s*(?:to|by|down|from|for|at|in|[$€£\d])\b)"
    # (nor a shorter cut of the words before a new value: "drop the signing bonus to $5,000" is no "drop the signing")
    r"(?!(?:\s+[^\W\d_][\w-]*){1,2}\s+(?:down\s+)?(?:to|by)\s*[*_]*\s*[$€£\d])|"
    # "We don't need to sublet at all", "we won't need a deposit": the thing is not wanted
    # ("there's no need for another free one", "I do not need the extended warranty")
    r"\b(?:(?:do\s+not|don't|won't|will\s+not)\s+need|no\s+need\s+for)\s+(?:to\s+|a\s+|an\s+|any\s+|the\s+|another\s+)?(?P<unneeded>[\w-]+)"
    r"(?!\s+(?:more|less|longer|shorter|than|higher|lower)\b)|"
    r"\b(?P<key>(?:[a-z]+[ \t]+)?[a-z]+)\s*(?:[:=]\s*(?:none|no|zero|nil|n/a|waived|not\s+(?:allowed|permitted|needed|required|necessary|wanted))|\s+(?:none|nil))\b(?!\s+(?:more|less|fewer|later|higher|lower|longer|"
    r"shorter|than|sooner|greater)\b)")
# Every match of _ZERO_CUE holds one of these (in lower case; "no" at a word's start), so that an
# ASCII sentence without any, most sentences, skips the pattern's pass: its branches that open on
# any word ("X-free", "X is not allowed", "X: none") try every word of the sentence.
# (tests/test_judge_zero_hint.py checks the hint against the pattern on every gold sentence)
ZERO_HINT = re.compile(r"\bno|zero|waiv|without|free|allow|permit|accept|charge|drop|left|exclu|remov|skip|forgo|pass|"
                       r"giv|afford|room|budget|space|need|nil|n/a")
_NOT_ISSUE_WORDS = {"the", "a", "an", "any", "all", "of", "more", "less", "than", "other", "such", "further", "way"}

Found = tuple[str, str, int, int]  # (issue, label, start, end)


def label_phrases(sentence: str, labels: GameLabels) -> list[Found]:
    """Text labels written out in a sentence, longest wording first, never overlapping."""
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    gate = labels.phrase_gate  # (round 28: where it finds nothing, no case-insensitive wording is there)
    absent = gate is not None and gate.search(sentence) is None
    for issue, label, pattern in labels.phrase_patterns:
        if absent and pattern.flags & re.IGNORECASE:
            continue
        for match in pattern.finditer(sentence):
            if any(match.start() < end and start < match.end() for start, end in taken):
                continue
            taken.append((match.start(), match.end()))
            found.append((issue, label, match.start(), match.end()))
    return sorted(found, key=lambda f: f[2])


_WORD = re.compile(r"[^\W\d_]+", re.IGNORECASE)
# "myself", "yourselves": the "self" of "self-assembly".
_SELF = re.compile(r"^(?:my|your|our|them|it|him|her)sel(?:f|ves)$")
_WINDOW = 5  # words a paraphrase may spread over ("deliver it to your home")


def _stem(word: str) -> str:
    word = word.lower()
    return "self" if _SELF.match(word) else word[:5]


def paraphrased_labels(sentence: str, labels: GameLabels, taken: list[tuple[int, int]]) -> list[Found]:
    """Text labels of two or more words written in other words of the same stems, in any order
    within a few words ("deliver to your home" = "home delivery", "assembly is included" =
    "assembly included", "assemble it myself" = "self-assembly"), and one-word labels written
    apart as a phrasal verb ("pick it up" = "pickup"), outside spans already read. Labels that
    start with "no" are words for nothing (zero_mentions)."""
    plain = [(m.start(), m.end(), m.group(0).lower()) for m in _WORD.finditer(sentence)]
    words = [(start, end, _stem(word)) for start, end, word in plain]
    if len(words) < 2:
        return []
    joined = [(start, end, _stem(word) if _SELF.match(word) else word)
              for start, end, word in _joined_compounds(plain, labels.label_words)]
    found: list[Found] = []
    # (work skipped: a label none of whose stems some word of the sentence can stand for is not
    # there; `_stems_of` gives a stem only to a word it starts, that starts it, or that is it less "y")
    heads = {piece for _, _, word in joined for piece in (word[:3], word[:4], word[:5], word + "y")}
    shorts = {word for _, _, word in joined if 3 <= len(word) < 5}
    for issue, label, stems in labels.paraphrase_stems:
        if not all(stem in heads or stem[:3] in shorts or stem[:4] in shorts for stem in stems):
            continue
        for index, (start, _, word) in enumerate(joined):
            if not _stems_of(word, stems):
                continue
            window = joined[index:index + _WINDOW + 1]
            seen: set[str] = set()
            for _, end, other in window:
                seen |= _stems_of(other, stems)
                if stems <= seen:
                    if not any(start < e and s < end for s, e in taken):
                        taken.append((start, end))
                        found.append((issue, label, start, end))
                    break
    for index, (start, _, _) in enumerate(words):
        head = sentence[start:words[index][1]].lower()
        for issue, label, compound in labels.compound_labels:
            rest = compound[len(head):]
            if len(head) < 3 or not rest or not compound.startswith(head):
                continue
            for _, end, _ in words[index + 1:index + 4]:
                if sentence[end - len(rest):end].lower() == rest and end - len(rest) > start + len(head) \
                        and not sentence[end - len(rest) - 1].isalpha() \
                        and not _TALK_OBJECT.fullmatch(sentence[start + len(head):end - len(rest)]):
                    if not any(start < e and s < end for s, e in taken):
                        taken.append((start, end))
                        found.append((issue, label, start, end))
                    break
    return found


# "pick this up (in the next round)": a phrasal verb whose object is the talk itself is no label.
_TALK_OBJECT = re.compile(r"\s+(?:this|that|things|the\s+(?:conversation|discussion|thread|topic))\s+", re.IGNORECASE)


# Round twenty: words of grammar, which clip no label word ("off" is no "office": "25 days off,
# and we'll throw in" is not "in the office"; "for" no "format", "all" no "allowed", "can" no
# "cancellation").
_FUNCTION_WORDS = frozenset({"off", "for", "all", "can", "and", "the", "but", "not", "any", "are", "was", "our", "you",
                             "its", "per", "via", "too", "has", "had", "did", "may", "from", "with", "into", "onto",
                             "over", "than", "then", "them", "they", "this", "that", "what", "when", "will", "would"})


def _stems_of(word: str, stems: frozenset[str]) -> set[str]:
    """The label stems a word stands for: its first five letters, or a label word shorter than a
    stem that it starts ("pay" of "payment", "pack" of "packing"). Both count, so "packing" is
    the "packi" of "full packing" as well as the "pack" of "pack it yourself"; and "full" is the
    "fully" of "fully remote"."""
    # ("without" is no "with": it starts with the stem and says the opposite; "pay" is the
    # "payme" of "payment on delivery")
    if 3 <= len(word) < 5:
        return {stem for stem in stems if stem.startswith(word) and (word == stem or word not in _FUNCTION_WORDS)
                or word + "y" == stem  # "full" of "fully remote"
                or (3 <= len(stem) < 5 and word.startswith(stem))}
    head = word[:5]
    # (round 21: a stem that is a word of grammar stands for no longer word it starts: "offer" is no
    # "off" of "drop-off", which spread "owner drop-off" over a whole list and hid its other labels)
    return {stem for stem in stems if head == stem or (3 <= len(stem) < 5 and word.startswith(stem) and word != "without"
                                                       and stem not in _FUNCTION_WORDS)
            or word + "y" == stem}


def _joined_compounds(words: list[tuple[int, int, str]], label_words: frozenset[str]) -> list[tuple[int, int, str]]:
    """Two words written apart that a label writes as one ("half the payment up front" for
    "half upfront", "clean up" for "cleanup"), joined."""
    joined: list[tuple[int, int, str]] = []
    index = 0
    while index < len(words):
        start, end, word = words[index]
        if index + 1 < len(words) and word + words[index + 1][2] in label_words and len(word) >= 2:
            joined.append((start, words[index + 1][1], word + words[index + 1][2]))
            index += 2
            continue
        joined.append((start, end, word))
        index += 1
    return joined


def _names_issue(word: str, primary: set[str]) -> bool:
    word = word.lower()
    return word[:5] in primary or (len(word) >= 3 and any(stem.startswith(word) for stem in primary))


def zero_mentions(sentence: str, labels: GameLabels, stems: dict[str, tuple[set[str], set[str]]]) -> list[Found]:
    """'No subletting', 'waive the service fee', 'interest-free': the issue's zero label."""
    found: list[Found] = []
    if sentence.isascii() and not ZERO_HINT.search(sentence.lower()):
        return found
    for match in _ZERO_CUE.finditer(sentence):
        if match.group("subject") and not re.search(r"n't|\bnot\b|\bcannot\b", match.group(0), re.IGNORECASE):
            continue  # "subletting is allowed" names no zero
        words = (match.group("words") or match.group("word") or match.group("key") or match.group("waived")
                 or match.group("dropped") or match.group("unneeded")
                 or match.group("subject")
                 or "").split()
        words = [w for w in words if w.lower() not in _NOT_ISSUE_WORDS]
        # "Second photographer: no": of the issues its words name, the one they name most
        # (the second shooter, not the album whose "photo book" shares a stem).
        named = {issue: sum(_names_issue(word, stems[issue][0]) for word in words)
                 for issue, table in labels.issues.items() if table.zero_label()}
        most = max(named.values(), default=0)
        for issue, count in named.items():
            # (only an "X-free" cue can name a free label: the list is looked for there alone)
            free = [label for label in labels.issues[issue].issue.labels
                    if label != labels.issues[issue].zero_label() and re.search(r"\bfree\b", label, re.IGNORECASE)
                    ] if match.group("word") else []
            if free:
                # "first lesson free" of a "free trial lesson": the free label, not the zero
                if count and count == most and len(free) == 1:
                    found.append((issue, free[0], match.start(), match.end()))
                continue
            if count and count == most and not _declines_a_label(words, labels.issues[issue]):
                found.append((issue, labels.issues[issue].zero_label() or "", match.start(), match.end()))
    return found


def _declines_a_label(words: list[str], table: IssueLabels) -> bool:
    """'no open bar', 'without full AV': the words are another label of the issue, turned down —
    not the issue given up ('no bar'). Where one label besides the zero is all the issue has,
    turning it down is the zero ('no second shooter')."""
    zero = table.zero_label()
    if len([label for label in table.issue.labels if label != zero]) < 2:
        return False
    said = squash(" ".join(words))
    return any(said.startswith(wording) for wording, label in table.by_wording.items()
               if label != zero and len(wording) >= 4)


def even_mentions(sentence: str, labels: GameLabels, stems: dict[str, tuple[set[str], set[str]]]) -> list[Found]:
    """'The board should be evenly split': the even label of the one split issue named nearby."""
    found: list[Found] = []
    for match in EVEN_SPLIT.finditer(sentence):
        if re.match(r"\d", match.group(0)):
            continue  # "50/50" is read as numbers
        start = max(0, match.start() - 60)
        window = [(m.start() + start, m.group(0)) for m in re.finditer(r"[a-z]+", sentence[start:match.end() + 60].lower())]
        if match.group(0).lower().startswith("half"):
            # "half of the board": what it is half of follows at once.
            window = [(m.start() + match.end(), m.group(0))
                      for m in re.finditer(r"[a-z]+", sentence[match.end():match.end() + 30].lower())][:2]
        # Of the split issues named nearby, the one named nearest the words ("benefits at 70%, we
        # take six seats, employee retention split evenly": the employees).
        distance: dict[str, int] = {}
        for issue, table in labels.issues.items():
            if not table.even_label():
                continue
            near = [abs(position - match.start()) for position, word in window
                    if _names_issue(word, stems[issue][0]) or word[:5] in stems[issue][1]]
            if near:
                distance[issue] = min(near)
        nearest = [issue for issue, d in distance.items() if d == min(distance.values(), default=0)]
        if len(nearest) == 1 and (len(distance) == 1 or sorted(distance.values())[1] - distance[nearest[0]] >= 15):
            found.append((nearest[0], labels.issues[nearest[0]].even_label() or "", match.start(), match.end()))
    return found


_TELLING_WINDOW = 4  # words between an issue's name and the label word beside it


def told_labels(sentence: str, labels: GameLabels, named: set[str], taken: list[tuple[int, int]]) -> list[Found]:
    """A text label named by one telling word beside its issue's name, for the issues in `named`
    (named by name in the sentence, no value read for them): "I'll be financing through my bank"
    is the bank loan, "payment after the wedding" pay after the event."""
    telling = labels.telling_words
    if not telling or not named:
        return []
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in _WORD.finditer(sentence)]
    stems = labels.issue_stems
    found: list[Found] = []
    for index, (start, end, word) in enumerate(tokens):
        owner = telling.get(word)
        if owner is None or owner[0] not in named or any(start < e and s < end for s, e in taken):
            continue
        primary = stems[owner[0]][0]
        near = tokens[max(0, index - _TELLING_WINDOW):index + _TELLING_WINDOW + 1]
        if any(_names_issue(other, primary) for _, _, other in near if other != word) and \
                not any(f[0] == owner[0] for f in found):
            found.append((owner[0], owner[1], start, end))
    return found


def included_mentions(sentence: str, labels: GameLabels) -> list[Found]:
    """'+ assembly', 'throw in assembly', 'with free assembly': the label of an issue saying the
    thing is included ("assembly included"), where the issue's other label is its absence."""
    found: list[Found] = []
    for issue, table in labels.issues.items():
        pair = table.included_label
        if pair is None:
            continue
        names = "|".join(re.escape(word) for word in re.findall(r"[a-z]+", issue.lower()) if len(word) >= 4)
        if not names:
            continue
        pattern = re.compile(rf"(?:\+|\b(?:with|plus|throw(?:ing)?\s+in|includ(?:e|es|ing))\b)\s+(?:the\s+|an?\s+)?"
                             rf"(?:free\s+)?(?:{names})\b(?!\s+(?:included|extra|fee|cost|charge))|\bfree\s+(?:{names})\b",
                             re.IGNORECASE)
        for match in pattern.finditer(sentence):
            found.append((issue, pair[0], match.start(), match.end()))
    return found



# The pieces of a package written as a list: commas, semicolons, " / ", "+" and a closing "and".
_LIST_PIECE = re.compile(r"[^,;/+]+")
_LIST_FILLER = {"a", "an", "the", "and", "with", "plus", "also", "then", "please", "ok"}
_FRAGMENT_WORD = re.compile(r"[^\W\d_]+")
_UNSPACED_SCRIPT = re.compile(r"[\u0e00-\u0eff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")


# (compiled once: these run for every listed piece of every sentence)
_DIGIT = re.compile(r"\d")
_DIGIT_OR_QUESTION = re.compile(r"\d|\?")
_LATIN_WORD = re.compile(r"[a-z]+")


def listed_partial_labels(sentence: str, labels: GameLabels, taken: list[tuple[int, int]]) -> list[Found]:
    """A piece of a listed package that is part of exactly one text label of the game, words of
    no number ("$130,000 base, remote, 30 days PTO" — "remote" is only part of "fully remote";
    "non-exclusive" only of "non-exclusive licence"), outside spans already read. Only in a list
    of three or more pieces, one of which at least holds a number: a package, not a sentence.
    A piece that is just an issue's name or alias ("revisions") names the issue, not a label."""
    pieces = [m for m in _LIST_PIECE.finditer(sentence) if m.group(0).strip()]
    # "And glass only." — a sentence of a few words and no number is one more piece of the
    # package the message lists around it, read like a piece of a list
    # ("Dedicated, please."); a question of a few words ("Glass or bottle?") offers nothing
    # (in scripts that part words by spaces: a run of kana or hanzi is a whole clause, not a word)
    fragment = not _DIGIT_OR_QUESTION.search(sentence) and len(_FRAGMENT_WORD.findall(sentence)) <= 4 \
        and not _UNSPACED_SCRIPT.search(sentence)
    if not fragment and (len(pieces) < 3 or not any(_DIGIT.search(m.group(0)) for m in pieces)):
        return []
    found: list[Found] = []
    for piece in pieces:
        text = piece.group(0)
        if _DIGIT.search(text) or any(piece.start() < end and start < piece.end() for start, end in taken):
            continue
        if piece.start() >= 2 and sentence[piece.start() - 1] == "/" and sentence[piece.start() - 2].isdigit():
            continue  # "**$500/month**": the unit of a rate after its number's slash, no piece of a list
        words = [w for w in _LATIN_WORD.findall(text.lower()) if w not in _LIST_FILLER]
        if not words or len(words) > 3 or sum(map(len, words)) < 4:
            continue
        owners = [(issue, label) for issue, table in labels.issues.items() for label in table.partial_labels(words)]
        if len(owners) != 1:
            continue
        issue = owners[0][0]
        names = [set(re.findall(r"[a-z]+", name.lower())) for name in (issue, *labels.issues[issue].issue.aliases)]
        if set(words) in names:
            continue
        lead = len(text) - len(text.lstrip())
        found.append((issue, owners[0][1], piece.start() + lead, piece.start() + len(text.rstrip())))
    return found
