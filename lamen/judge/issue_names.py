"""Which game issue a key or a word names: its name or an alias, case, spacing and punctuation
aside; a key whose words contain, or are contained in, one issue's name; a clipping or
misspelling of a name word ('dur', 'duraton'); or words of one issue's description."""

from __future__ import annotations

import re
from difflib import SequenceMatcher


def close_spelling(word: str, other: str) -> bool:
    """A misspelling or a clipping of a name word ('duraton', 'subleting', 'dep', 'dur')."""
    if len(word) >= 3 and other.startswith(word):
        return True
    if len(word) < 5 or abs(len(word) - len(other)) > 1:
        return False
    # The ratio is 2·matches / total length; the letters the two words share bound the matches, so
    # most pairs are ruled out by a count of letters before the (slower) alignment. (The count is
    # difflib's quick_ratio, taken without building a matcher, which cost more than the count.)
    shared = sum(min(word.count(letter), other.count(letter)) for letter in set(word))
    if 2 * shared < 0.8 * (len(word) + len(other)):
        return False
    return SequenceMatcher(None, word, other).ratio() >= 0.8


_KEY_STOPWORDS = {"the", "of", "a", "an", "and", "monthly", "level", "total", "number", "proposed",
                  "offer", "acceptable", "you", "have", "to", "negotiate", "how", "is", "are", "will", "be",
                  "what", "that", "this", "your", "for", "in", "on", "with", "as", "by", "it", "can", "each",
                  "which", "we", "our", "their", "they", "or", "not", "at", "from", "company", "companies", "my"}


_DESCRIPTION_STOPWORDS = {"the", "of", "a", "an", "and", "you", "have", "to", "negotiate", "negotiation", "how",
                          "is", "are", "will", "be", "what", "that", "this", "your", "for", "in", "on", "with",
                          "as", "by", "it", "can", "each", "which", "we", "our", "their", "they", "or", "not",
                          "at", "from", "amount", "may", "many", "much", "want", "get", "possible",
                          # words of any negotiation, which name no issue in particular
                          "propose", "proposed", "proposal", "agree", "agreed", "offer", "accept", "them", "yet",
                          "more", "less", "other", "there", "plays", "role", "same", "only", "two", "across",
                          "decide", "level", "number", "negotiating", "receive", "company", "companies", "merged",
                          "value", "important", "determining", "versus", "total", "enable"}


def stem_words(text: str, description: bool = False) -> set[str]:
    """Stems of the content words of a text, for finding issues named in messages. Stems are
    5-letter prefixes, so 'monthly', 'months' and 'month' agree."""
    if not description:
        return {w[:5] for w in key_words(text)}
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {w[:5] for w in words if w not in _DESCRIPTION_STOPWORDS and len(w) > 2}


def key_words(text: str) -> set[str]:
    """Words of a key, stemmed by truncation ('subletting' and 'sublet' agree)."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    kept = [w for w in words if w not in _KEY_STOPWORDS] or words
    return {w[:6] for w in kept}


# Words negotiators use for the same issue ("term" or "lease length" for a duration, "equity" for
# ownership, "PTO" for vacation). A key none of whose words names an issue is tried with each of
# its words replaced by a word of its group; only an answer naming one issue counts.
_SYNONYM_GROUPS = [
    {"duration", "term", "length", "period", "tenure", "lease"},
    {"rent", "rental"},
    {"deposit", "security", "bond", "escrow"},
    {"subletting", "sublet", "sublease", "subleasing", "subletting"},
    {"salary", "pay", "compensation", "base", "wage", "wages", "pay"},
    {"vacation", "pto", "leave", "holiday", "holidays"},
    {"employees", "staff", "workforce", "headcount", "retention", "personnel"},
    {"ownership", "equity", "stake", "shares"},
    {"control", "board", "seats", "directors"},
    {"benefits", "health", "healthcare", "perks"},
    {"fee", "fees", "charge", "charges"},
    {"rate", "interest", "apr"},
    {"amount", "principal", "loan", "sum", "size"},
    {"price", "cost"},
    {"delivery", "shipping"},
    {"warranty", "guarantee"},
    {"assembly", "installation", "setup", "install"},
    {"arrangement", "location", "remote", "modality", "setup"},
]
SYNONYMS: dict[str, frozenset[str]] = {}
for _group in _SYNONYM_GROUPS:
    _stems = frozenset(word[:6] for word in _group)
    for _stem in _stems:
        SYNONYMS[_stem] = SYNONYMS.get(_stem, frozenset()) | _stems


def synonym_variants(words: set[str]) -> list[set[str]]:
    """The key words with one word replaced by each of its synonyms."""
    variants = []
    for word in words:
        for other in SYNONYMS.get(word, ()):
            if other != word:
                variants.append((words - {word}) | {other})
    return variants
