"""Agreement as the paper defines it. Soft: both sides' latest notes hold the same offer on
every issue. Hard: soft, and both latest messages say the agreement phrase.

What a message accepts is decided here, once, for the judge, the play loop and the scripted
negotiators. A message *says the phrase* when the phrase stands in a sentence that is not a
question and does not negate it ("We cannot say we agree on all issues yet" does not). A
message *accepts* when it says the phrase, or accepts in the words models use ("I accept your
offer", "we have a deal", "Agreed.", "that works for us") in a sentence that is not a question,
is not negated, and sets no condition or reservation ("if", "but", "as long as"), with no later
sentence opening a reservation ("However, ..."). Acceptance in other words is not the phrase:
hard agreement still requires the phrase, as in the paper.
"""

from __future__ import annotations

import re

from lamen.judge.extraction import Extraction

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
_CLAUSE_BREAK = re.compile(r"[,;:(]|\s[-–—]\s")
# Words before a cue, in its own clause, that deny it.
_NEGATED = re.compile(
    r"\b(?:not|no|never|nor|neither|cannot|unable|refuse|far from|yet to|no longer)\b|n't\b", re.IGNORECASE)
# Anywhere in the sentence: the acceptance is conditional, or only hoped for or asked about.
_CONDITIONAL = re.compile(
    r"\b(?:if|unless|provided|providing|as long as|so long as|on condition|only when|hope|hopefully|until|"
    r"before we|would you|could you|can you|will you|do you|are you)\b", re.IGNORECASE)
# After the cue in its sentence, or opening a later sentence: a reservation.
_RESERVATION = re.compile(r"\b(?:but|however|except|although|though|whereas|nothing|none|apart from)\b",
                          re.IGNORECASE)
_LATER_RESERVATION = re.compile(r"^\W*(?:but|however|except|although|though|unless|that said|still)\b",
                                re.IGNORECASE)
# How models accept in other words. What is accepted must be the whole offer on the table ("your
# offer", "the terms", "that"), never one issue ("we agree on the rent" accepts nothing).
_SUBJECT = r"\b(?:i|we)(?:'m|'re|'ll|'d)?\s+"
_ADVERBS = (r"(?:(?:can|will|would|do|be|am|are|gladly|happily|hereby|fully|readily|then|now|all|both|also|"
            r"(?:happy|pleased|glad|ready|willing) to)\s+)*")
_WHOLE = (r"(?:(?:your|the|this|that|these|those|our)\s+(?:(?:latest|last|new|revised|current|final|updated|"
          r"kind|generous|fair|full)\s+)?(?:offer|proposal|terms|deal|package|counteroffer|counter-offer|"
          r"conditions)\b|all\b|everything\b|that\b|this\b|it\b)")
_END = r"(?=\s*(?:[.!,;]|$))"
_IDIOMS = re.compile(
    rf"{_SUBJECT}{_ADVERBS}accept(?:\s+{_WHOLE}|\s+(?=[$€£\d])|{_END})"
    rf"|{_SUBJECT}{_ADVERBS}agree(?:\s+(?:to|with|on)\s+{_WHOLE}|{_END})"
    r"|\b(?:offer|proposal|terms|deal|counteroffer)\s+(?:is\s+)?(?:accepted|agreed)\b|^\W*(?:accepted|agreed)\b"
    r"|\b(?:it's|it is|that's|that is|all|everything)\s+agreed\b"
    r"|\b(?:we|you)\s+(?:have|'ve got|have got|got)\s+(?:a|our)\s+deal\b"
    r"|\b(?:it's|it is|that's|that is|this is)\s+a\s+deal\b|^\W*deal\W*$"
    r"|\b(?:we're|we are|i'm|i am)\s+in\s+(?:full\s+)?agreement\b"
    rf"|(?:\b(?:that|this|it|everything|offer|proposal|deal|terms|package)|[\d%](?:\s+[a-z]+){{0,2}})\s+"
    rf"(?:works|is fine|is acceptable|sounds good|sounds great)(?:\s+(?:for|with|to|by)\s+(?:us|me)\b|{_END})"
    r"|^\W*(?:works for (?:us|me)|sounds (?:good|great))\b"
    rf"|\bwe\s+can\s+live\s+with\s+{_WHOLE}"
    rf"|\blet's\s+(?:close|finali[sz]e|sign|shake on it|go with\s+{_WHOLE})",
    re.IGNORECASE)


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def _sentences(message: str, phrase: str = "") -> list[str]:
    """The message's sentences; the whole message when the phrase itself spans sentences."""
    message = message.replace("\u2019", "'")
    if _SENTENCE_END.search(phrase.strip()):
        return [message.strip()]
    return [s.strip() for s in _SENTENCE_END.split(message) if s and s.strip()]


def _negated(sentence: str, start: int) -> bool:
    """A word before position `start`, in the same clause, denies what follows."""
    clause = _CLAUSE_BREAK.split(sentence[:start])[-1]
    return bool(_NEGATED.search(clause))


def _phrase_at(sentence: str, wanted: str) -> int | None:
    """Where the (squashed) phrase starts in the sentence, as a character offset, or None."""
    if f" {wanted} " not in f" {_squash(sentence)} ":
        return None
    first = wanted.split(" ", 1)[0]
    for word in re.finditer(r"[A-Za-z0-9]+", sentence):
        if word.group(0).lower() == first and f"{_squash(sentence[word.start():])} ".startswith(f"{wanted} "):
            return word.start()
    return 0


def says_phrase(message: str, phrase: str) -> bool:
    """The message says the agreement phrase (case, spacing and punctuation aside), in a sentence
    that is not a question and does not negate it."""
    wanted = _squash(phrase)
    if not wanted or f" {wanted} " not in f" {_squash(message)} ":
        return False  # the common case, decided without reading sentences
    for sentence in _sentences(message, phrase):
        start = _phrase_at(sentence, wanted)
        if start is not None and not sentence.endswith("?") and not _negated(sentence, start):
            return True
    return False


def accepts(message: str, phrase: str) -> bool:
    """The message accepts the offer on the table: it says the phrase, or accepts in other words
    in a sentence that is not a question, negation or condition, with no reservation after it."""
    if says_phrase(message, phrase):
        return True
    sentences = _sentences(message, phrase)
    for index, sentence in enumerate(sentences):
        cue = _IDIOMS.search(sentence)
        if (cue is None or sentence.endswith("?") or _negated(sentence, cue.start())
                or _CONDITIONAL.search(sentence) or _RESERVATION.search(sentence, cue.end())):
            continue
        if not any(_LATER_RESERVATION.search(later) for later in sentences[index + 1:]):
            return True
    return False


# Words that accept a value the sentence names ("your 24-month proposal works", "we'll take your
# $750 deposit"): wider than the idioms above, since what is accepted is named, not implied.
# "works" is a verb of acceptance; "on-site work" and "doesn't quite work" are not.
_VALUE_CUES = re.compile(r"\b(?:accept|agree|works\b|(?:would|will|could|should|can|does|do|might)\s+work\b|fine\b|acceptable|okay|ok\b|deal\b|happy with|can live with|"
                         r"sounds good|good with|on board|go with|match|(?:we|i)(?:'ll| will| can)? take|"
                         # "I can do the $1,000 deposit you asked for", "the deposit can stay at the $1,500 you proposed"
                         r"(?:we|i)\s+(?:can|could|will|'ll)\s+do\b|(?:can|could|will|should)\s+stay\s+(?:at|as)\b|"
                         r"yes\s+to\s+(?:both|all|that|this|it|those|these|them))", re.IGNORECASE)


def accepts_named(sentence: str) -> bool:
    """The sentence accepts what it names: an acceptance cue that is not negated in its clause,
    in a sentence that is not a question and has no negation before the cue (the same rule of
    negation and questions as `accepts`; a condition does not undo it, since a conditional
    package is still the speaker's)."""
    sentence = sentence.replace("\u2019", "'")
    if sentence.rstrip().endswith("?"):
        return False
    for cue in _VALUE_CUES.finditer(sentence):
        if not _negated(sentence, cue.start()) and not _NEGATED.search(sentence[:cue.start()]):
            return True
    return False


def soft_agreement(latest_notes: tuple[Extraction | None, Extraction | None],
                   issue_names: tuple[str, ...]) -> dict[str, str] | None:
    """The offer both latest notes share on every issue, or None."""
    first, second = latest_notes
    if first is None or second is None:
        return None
    if not (first.is_complete(issue_names) and second.is_complete(issue_names)):
        return None
    if any(first.offers[name] != second.offers[name] for name in issue_names):
        return None
    return {name: first.offers[name] for name in issue_names}
