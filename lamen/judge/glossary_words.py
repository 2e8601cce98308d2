"""The game's own words as `glossary.py` reads them: the words of its issue names, aliases, text
labels and label synonyms (`game_phrases`), and `WordForms`, the one-word forms of those words for a word of
a text the glossary's trie does not hold whole (a form with another ending, without its accents, or a
compound of two of the game's words)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from lamen.judge.lexicon import FOREIGN_WORDS, lexicon_reads
from lamen.spec.game import Game

_ENGLISH_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
# Words of a label that gloss nothing ("no warranty": "no" is the lexicon's).
_DENIAL = frozenset("no not non without none never".split())
_FUNCTION_WORDS = frozenset("a an the and or of to in on for by at per from as is be it its up out off no not all this that "
                            "with only own us them we they you".split())


def game_phrases(game: Game) -> list[list[str]]:
    """The words of each of a game's issue names, aliases, text labels and label synonyms, in the
    game's order (function words left out)."""
    return [words for words, _ in _written_phrases(game)]


def _written_phrases(game: Game) -> list[tuple[list[str], str]]:
    """`game_phrases`, each with the text it was written as (lower case)."""
    phrases: list[tuple[list[str], str]] = []
    for issue in game.issues:
        texts = [issue.name, *issue.aliases]
        for label in issue.labels:
            if not any(char.isdigit() for char in label):
                texts += [label, *issue.label_synonyms(label)]
        for text in texts:
            words = [word for word in _ENGLISH_WORD.findall(text.lower().replace("-", " "))
                     if word not in _FUNCTION_WORDS and len(word) > 1]
            if words:
                phrases.append((words, text.lower()))
    return phrases


def game_words(game: Game) -> list[str]:
    """The English words of a game's text labels, label synonyms, issue names and aliases, in the
    game's order (a label's words in the order it writes them)."""
    return list(dict.fromkeys(word for phrase in game_phrases(game) for word in phrase))


def replaced(text: str, replacements: list[tuple[tuple[int, int], str]]) -> str:
    """The text with each span (in order, none overlapping) replaced."""
    if not replacements:
        return text
    parts, at = [], 0
    for (start, end), english in replacements:
        parts += [text[at:start], english]
        at = end
    return "".join(parts) + text[at:]


LONG_WORD = re.compile(r"[^\W\d_]{5,}")
_PAIR_WORD = re.compile(r"[^\W\d_]{3,}")


def _first_of(text: str, one: str, other: str) -> str | None:
    """Which of two words a text writes first (None when it lacks one)."""
    at_one, at_other = re.search(rf"\b{re.escape(one)}\b", text), re.search(rf"\b{re.escape(other)}\b", text)
    if at_one is None or at_other is None:
        return None
    return one if at_one.start() < at_other.start() else other


# Endings a form takes in the languages written with spaces (a case, a plural, an adjective's
# agreement: "Leihmaschinen", "gemischtes", "incluidas"), and the letters that join a compound's
# parts ("Garantie|verlängerung", "Frühstück|s|korb", "Leih|maschine" of "Leihe").
_ENDINGS = frozenset("s e n r a i en er es em ns as os is ern ens".split())
_LINKERS = ("", "s", "n", "en", "e", "es")
_SHORTEST_PART = 4
# (an English word of the game with an English ending, "machinery", "standards", is no compound)
_ENGLISH_ENDINGS = ("s", "ed", "ing", "ly", "er", "ery", "ers", "ized", "ised", "ation", "able")


def unaccented(word: str) -> str:
    """A word without its accents ("calefacción" -> "calefaccion"); other letters kept."""
    if word.isascii():
        return word
    return "".join(char for char in unicodedata.normalize("NFD", word) if not unicodedata.combining(char))


@dataclass(frozen=True)
class WordForms:
    """The one-word forms of a game's words, without accents, for the words the glossary's trie
    does not hold whole: a form with an ending the glossary does not list ("gemischtes" of
    "gemischt"), a vowel of agreement changed ("incluida" of "incluido"), a form written without
    its accents ("calefaccion"), and a compound of two of the game's words or their forms
    ("Standardpapier" = standard paper, "Leihmaschine" = machine on loan)."""

    english_by_form: dict[str, str]
    english_words: frozenset[str]
    # a label's (or issue name's) words -> how the game writes it ("machine on loan")
    phrase_by_words: dict[frozenset[str], str]
    written: tuple[tuple[tuple[str, ...], str], ...]
    prefixes: frozenset[str]

    def may_hold(self, words: list[str]) -> bool:
        """Whether a word of the text (lower case) may start with one of the forms or words: a cheap test."""
        by_form = self.english_by_form
        for word in words:
            if len(word) < 5:
                continue
            start = unaccented(word[:_SHORTEST_PART])
            if start not in self.prefixes:
                continue
            plain = unaccented(word)
            if plain in by_form or plain[:-1] in by_form or plain[:-2] in by_form or plain[:-3] in by_form:
                return True  # (a form, with an ending or without its accents)
            if len(plain) >= 2 * _SHORTEST_PART and plain not in self.english_words and not plain.endswith(_ENGLISH_ENDINGS):
                return True  # (perhaps a compound)
        return False

    def _part(self, part: str, endings: bool) -> str | None:
        found = self.english_by_form.get(part)
        if found is None and (part in self.english_words or FOREIGN_WORDS.get(part) in self.english_words):
            found = FOREIGN_WORDS.get(part, part)  # (the game's word, or the lexicon's form of it: "standaard")
        if found is None and endings:
            found = self._inflected(part)
        return found

    def _inflected(self, word: str) -> str | None:
        for cut in (1, 2, 3):
            stem = word[:-cut]
            if len(stem) < _SHORTEST_PART:
                break
            if word[-cut:] in _ENDINGS and (found := self.english_by_form.get(stem)) is not None:
                return found
        if word[-1] in "aoei":  # (a vowel of gender or number: "incluida" of "incluido")
            for vowel in "aoe":
                if vowel != word[-1] and (found := self.english_by_form.get(word[:-1] + vowel)) is not None:
                    return found
        return None

    def compound(self, word: str) -> str | None:
        """The English of a word made of two of the game's words or their forms, as the game
        writes the phrase holding both."""
        for cut in range(len(word) - _SHORTEST_PART, _SHORTEST_PART - 1, -1):
            tail = self._part(word[cut:], endings=True)
            if tail is None:
                continue
            head_letters = word[:cut]
            for linker in _LINKERS:
                if linker and not head_letters.endswith(linker):
                    continue
                stem = head_letters[: len(head_letters) - len(linker)]
                if len(stem) < _SHORTEST_PART:
                    continue
                head = self._part(stem, endings=False) or self._part(stem + "e", endings=False)
                if head is not None and head != tail and (joined := self._joined(head, tail)) is not None:
                    return joined
        return None

    def _joined(self, head: str, tail: str) -> str | None:
        """The phrase of the game holding both parts' words (as the game writes it where they are
        all its words), or None: two of the game's words side by side that no phrase of it holds
        ("Servicegebühren" in a game of "service fees" and "interest rate") are no compound of it."""
        words = [*head.split(), *tail.split()]
        written = self.phrase_by_words.get(frozenset(words))
        if written is not None:
            return written
        for phrase, text in self.written:
            if set(words) <= set(phrase):
                # (the words as the game joins them where they stand together: "anti-graffiti")
                together = re.search(r"\b" + r"[\s-]+".join(map(re.escape, (w for w in phrase if w in words))) + r"\b", text)
                return together.group(0) if together else " ".join(word for word in phrase if word in words)
        return None

    def _english_of(self, lower: str) -> str | None:
        """The game's English word a word of the text (lower case) is, if any: the word itself, a
        form of the glossary or of the lexicon, or a form with an ending."""
        if lower in self.english_words:
            return lower
        plain = unaccented(lower)
        found = self.english_by_form.get(plain)
        if found is None and FOREIGN_WORDS.get(lower) in self.english_words:
            found = FOREIGN_WORDS[lower]
        if found is None and len(plain) >= 5:
            found = self._inflected(plain)
        return found

    def in_game_order(self, text: str) -> str:
        """Two words side by side that are, as the game's English, one of its labels in the other
        order, written in the game's: a language that puts the adjective after its noun ("paper
        estándar", "heating complet", "mileage unlimited") names the game's "standard paper",
        "full heating", "unlimited mileage"."""
        words = list(_PAIR_WORD.finditer(text))
        replacements: list[tuple[tuple[int, int], str]] = []
        last_end = -1
        for first, second in zip(words, words[1:]):
            if first.start() < last_end or text[first.end():second.start()].strip(" \t"):
                continue
            noun = self._english_of(first.group(0).lower())
            if noun is None or " " in noun:
                continue
            modifier = self._english_of(second.group(0).lower())
            if modifier is None or modifier == noun or " " in modifier:
                continue
            written = self.phrase_by_words.get(frozenset((noun, modifier)))
            if written is not None and _first_of(written, modifier, noun) == modifier:
                replacements.append(((first.start(), second.end()), written))
                last_end = second.end()
        return replaced(text, replacements)

    def english(self, word: str) -> str | None:
        """The English of a word the trie did not gloss, or None."""
        lower = word.lower()
        if lower in self.english_words or unaccented(lower[:_SHORTEST_PART]) not in self.prefixes:
            return None
        plain = unaccented(lower)
        found = self.english_by_form.get(plain) or self._inflected(plain) or (
            self.compound(plain) if len(plain) >= 2 * _SHORTEST_PART else None)
        # (a word the lexicon reads is its own: checked last, the lexicon's tables are long)
        return None if found is None or lexicon_reads(lower) else found


def word_forms(game: Game, joined: dict[str, str], spaced: list[str], phrases: list[list[str]]) -> WordForms:  # noqa: C901
    """The game's one-word forms for `WordForms`; a form that is itself a compound of two of the
    game's words ("Frontlader" of "loader", the game's "front loader") glossed as the phrase."""
    english_by_form: dict[str, str] = {}
    for form in spaced:
        if form.isalpha() and len(form) >= _SHORTEST_PART:
            english_by_form.setdefault(unaccented(form), joined[form])
    english_words = frozenset(word for phrase in phrases for word in phrase if len(word) >= _SHORTEST_PART)
    phrase_by_words: dict[frozenset[str], str] = {}
    for words, text in _written_phrases(game):
        # (a label that denies its words, "no free trial", is not what they name side by side)
        if len(words) > 1 and _DENIAL.isdisjoint(_ENGLISH_WORD.findall(text)):
            phrase_by_words.setdefault(frozenset(words), text)
    lexicon_forms = [form for form, english in FOREIGN_WORDS.items() if english in english_words and form.isalpha()]
    prefixes = frozenset(unaccented(word[:_SHORTEST_PART]) for word in (*english_by_form, *english_words, *lexicon_forms))
    written = tuple((tuple(words), text) for words, text in _written_phrases(game))
    forms = WordForms(english_by_form, english_words, phrase_by_words, written, prefixes)
    for form in spaced:
        plain = unaccented(form)
        if form.isalpha() and len(plain) >= 2 * _SHORTEST_PART and " " not in joined[form]:
            whole = forms.compound(plain)
            if whole is not None and whole in phrase_by_words.values() and joined[form] in whole.split():
                joined[form] = whole
                english_by_form[plain] = whole
    return forms
