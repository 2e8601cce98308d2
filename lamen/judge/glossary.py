"""A game's own words in other languages: the words of its text labels, label synonyms, issue names
and aliases, glossed into the English the game wrote them in before a text in another language is read.

A label such as "drip irrigation" or "full board" is read in a Spanish message only once "riego por
goteo" or "pensión completa" is English. The lexicon (`lexicon.py`, `label_glosses.py`) glosses the
words earlier rounds met; the glossary (`glossaries/*.tsv`, one file per language) is a dictionary of a
fixed English vocabulary of services, rentals, events, schedules, payment, equipment, food, lodging,
transport, farming and media rights, so that a game never seen before is read in the languages it
covers. Each line is `english<TAB>form|form|…`.

Only the forms of the game's own words are glossed, only those of the text's own language, and only in
a text that is not in English: a dictionary's form that means something else in another sense
("servicio" as service or maintenance) can then only turn into a word the game uses, a word of another
language that happens to be spelled like a form stays as written, and English text is never touched.
Forms the lexicon already reads are left to it (its curated English serves other rules too), as are
forms of one CJK character (too many senses) and forms written with digits. The game's words, and the
forms a text writes with another ending, without accents or in a compound, are `glossary_words.py`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lamen.judge.glossary_words import LONG_WORD, WordForms, game_phrases, replaced, word_forms
from lamen.judge.lexicon import lexicon_reads
from lamen.judge.values import FOREIGN as LEXICON_WORDS
from lamen.judge.values import in_english, trie_pattern
from lamen.spec.game import Game

GLOSSARY_DIR = Path(__file__).with_name("glossaries")
# Scripts written without spaces between words: a form of theirs is found anywhere in the text.
# Korean, Arabic and Hebrew are spaced, but a particle, an article or a preposition is written
# onto the word ("호스텔에서", "بالتنقيط", "בהסעה"): their forms are found inside words too.
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3\u0590-\u05ff\u0600-\u06ff]")
# (forms of those scripts shorter than this are too often part of another word)
_SHORTEST_CJK, _SHORTEST_OTHER = 2, 3
_CJK_HANGUL_OR_THAI = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3]")
_LETTERS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@lru_cache(maxsize=1)
def forms_by_language() -> dict[str, dict[str, tuple[str, ...]]]:
    """Each language of the glossary (its file's name: "es", "zh") -> English word -> its forms
    (lower case). Callers must not change the tables (they are shared)."""
    languages: dict[str, dict[str, tuple[str, ...]]] = {}
    for path in sorted(GLOSSARY_DIR.glob("*.tsv")):
        forms: dict[str, tuple[str, ...]] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#") or "\t" not in line:
                continue
            english, _, written = line.partition("\t")
            found = [form.strip().lower() for form in written.split("|") if form.strip()]
            forms[english.strip().lower()] = tuple(dict.fromkeys((*forms.get(english.strip().lower(), ()), *found)))
        languages[path.stem] = forms
    return languages


@lru_cache(maxsize=1)
def forms_by_english() -> dict[str, tuple[str, ...]]:
    """Every English word of the glossary -> its forms in every language (lower case)."""
    forms: dict[str, list[str]] = {}
    for table in forms_by_language().values():
        for english, found in table.items():
            forms.setdefault(english, []).extend(found)
    return {english: tuple(dict.fromkeys(found)) for english, found in forms.items()}


@lru_cache(maxsize=1)
def _languages_by_word() -> dict[str, frozenset[str]]:
    """Each word of a form of the spaced languages -> the languages whose forms have it; the
    glossary's English words themselves (loanwords such as "hotel", "menu") are left out."""
    english = set(forms_by_english())
    found: dict[str, set[str]] = {}
    for language, table in forms_by_language().items():
        for forms in table.values():
            for form in forms:
                if not _UNSPACED.search(form):
                    for word in _LETTERS.findall(form):
                        if len(word) > 2 and word not in english:
                            found.setdefault(word, set()).add(language)
    return {word: frozenset(languages) for word, languages in found.items()}


# The scripts that name their language (Japanese by its kana, Chinese by Han characters alone).
_SCRIPTS = (("ja", re.compile(r"[\u3040-\u30ff]")), ("ko", re.compile(r"[\uac00-\ud7a3]")),
            ("th", re.compile(r"[\u0e00-\u0e7f]")), ("he", re.compile(r"[\u0590-\u05ff]")),
            ("ar", re.compile(r"[\u0600-\u06ff]")), ("hi", re.compile(r"[\u0900-\u097f]")))
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff]")


@lru_cache(maxsize=4096)  # (asked of one text by `glossed` and `gloss`)
def text_languages(text: str) -> tuple[frozenset[str], int]:
    """The languages of the glossary a text is written in, and how many of its distinct words are
    forms of the likeliest spaced one: by script where the script names the language, else the
    language(s) whose forms hold most of its words ("elle" is a Turkish form, but a French text
    has more French ones)."""
    found = {language for language, script in _SCRIPTS if script.search(text)}
    if _HAN.search(text) and not _KANA.search(text):
        found.add("zh")
    counts: dict[str, int] = {}
    by_word = _languages_by_word()
    for word in set(_LETTERS.findall(text.lower())):
        for language in by_word.get(word, ()):
            counts[language] = counts.get(language, 0) + 1
    best = max(counts.values(), default=0)
    if best:
        found |= {language for language, count in counts.items() if count == best}
    return frozenset(found), best


# Endings an English word drops to be its glossary word ("hives" -> "hive", "deliveries" ->
# "delivery", "boxes" -> "box", "maintains" -> "maintain", "heated" -> "heat", "guided" -> "guide").
_ENGLISH_STEMS = (("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"))


def headword(word: str) -> str | None:
    """The glossary's English word for a word of a game: itself, else itself less an ending."""
    forms = forms_by_english()
    if word in forms:
        return word
    for ending, added in _ENGLISH_STEMS:
        if word.endswith(ending) and len(word) - len(ending) >= 3 and (stem := word[: -len(ending)] + added) in forms:
            return stem
    return None


def _one_gloss(words: list[str], phrases: list[list[str]]) -> str:
    """The English of a form that glosses several of the game's words: the words of one phrase
    of the game, in its order, where one phrase has them all ("滴灌" is the "drip irrigation"
    label); else the first (the issue "heating" before the synonym's "heat"): two words of one
    sense side by side ("rail train") would read as two values."""
    if len(words) > 1:
        for phrase in phrases:
            if set(words) <= set(phrase):
                return " ".join(word for word in phrase if word in words)
    return words[0]


@dataclass(frozen=True, eq=False)
class Glossary:
    """The forms of one game's words and the English each stands for."""

    english_by_form: dict[str, str]
    spaced: re.Pattern[str] | None
    unspaced: re.Pattern[str] | None
    # The first words of the spaced forms: a text holding none of them (and no letter of the
    # unspaced scripts) is left as it is after a set lookup per word, English text above all.
    first_words: frozenset[str]
    # A word the trie does not hold whole, read by `WordForms.english`: a form with another ending,
    # or written without its accents, or a compound of two of the game's words.
    words: WordForms
    # The languages each form is a word of: a form is read only in a text of its language (the
    # Turkish "elle", by hand, is the French "she").
    languages_by_form: dict[str, frozenset[str]]
    # Arabic and Hebrew forms, found at a word's start or after the article or preposition
    # written onto it ("بالتنقيط", "בהסעה"), never inside another word ("منفصل").
    attached: re.Pattern[str] | None

    def glossed(self, text: str) -> str:
        """The text glossed (`gloss`) where it holds a form of the glossary and is not in English,
        or is taken for English but holds three words of one other language ("Vårt bud: 150 $ per
        natt, helpension och droppbevattning": Swedish the English test does not know)."""
        if not _UNSPACED.search(text):
            words = _LETTERS.findall(text.lower())
            if self.first_words.isdisjoint(words) and not self.words.may_hold(words):
                return text
        if in_english(text) and text_languages(text)[1] < _WORDS_OF_A_LANGUAGE:
            return text
        return self.gloss(text)

    def gloss(self, text: str) -> str:
        """The text with the game's words of its language in English ("riego por goteo" ->
        "riego por drip", "滴灌" -> " drip irrigation ")."""
        lower = text.replace("İ", "i").lower()  # (Turkish "İ" lower-cases to two letters; "i" keeps the places)
        if len(lower) != len(text):
            return text
        languages = text_languages(text)[0]
        if not languages:
            return text
        of = self.languages_by_form
        if self.unspaced is not None and _UNSPACED.search(text):
            text = replaced(text, [(m.span(), f" {self.english_by_form[m.group(0)]} ")
                                    for m in self.unspaced.finditer(lower) if of[m.group(0)] & languages])
            lower = text.lower()
        if self.attached is not None and _ATTACHED.search(text):
            text = replaced(text, [(m.span(2), f" {self.english_by_form[m.group(2)]} ")
                                    for m in self.attached.finditer(lower) if of[m.group(2)] & languages])
            lower = text.lower()
        if self.spaced is not None and (first := self.spaced.search(lower)) is not None:
            # A word inside what the lexicon reads ("après l'événement", "la moitié d'avance") is
            # the lexicon's: its phrase says more than the word alone. A phrase of the glossary
            # holding the lexicon's words ("mês a mês") says more than they do.
            read = [match.span() for match in LEXICON_WORDS.finditer(text)]
            text = replaced(text, [(m.span(), self.english_by_form[m.group(0)])
                                    for m in self.spaced.finditer(lower, first.start())
                                    if of[m.group(0)] & languages and not _cut(m.span(), read)])
        return self.words.in_game_order(self._words_glossed(text))

    def _words_glossed(self, text: str) -> str:
        """The words the trie did not gloss that `WordForms` reads (none inside what the lexicon reads)."""
        replacements = [(match.span(), english) for match in LONG_WORD.finditer(text)
                        if (english := self.words.english(match.group(0))) is not None]
        if replacements:
            read = [match.span() for match in LEXICON_WORDS.finditer(text)]
            replacements = [(span, english) for span, english in replacements
                            if not any(_overlap(span, other) for other in read)]
        return replaced(text, replacements)


# (a text the English test takes for English is glossed only with this many words of one language)
_WORDS_OF_A_LANGUAGE = 3
# The articles and prepositions written onto an Arabic or a Hebrew word.
_ARABIC_PREFIXES = ("وال", "بال", "فال", "كال", "لل", "ال", "و", "ب", "ل", "ف", "ك")
_HEBREW_PREFIXES = ("וה", "שה", "מה", "כש", "וב", "ול", "ומ", "ה", "ב", "ל", "מ", "ו", "ש", "כ")
_ATTACHED_LETTER = r"[\u0590-\u05ff\u0600-\u06ff]"
_ATTACHED = re.compile(_ATTACHED_LETTER)


def _attached_pattern(forms: list[str]) -> re.Pattern[str] | None:
    if not forms:
        return None
    prefixes = "|".join(map(re.escape, (*_ARABIC_PREFIXES, *_HEBREW_PREFIXES)))
    return re.compile(rf"(?<!{_ATTACHED_LETTER})({prefixes})?({trie_pattern(sorted(forms))})")


def _overlap(span: tuple[int, int], other: tuple[int, int]) -> bool:
    return other[0] < span[1] and span[0] < other[1]


def _cut(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    """Whether a span overlaps one of the spans without holding it whole."""
    return any(_overlap(span, other) and not (span[0] <= other[0] and other[1] <= span[1]) for other in spans)


def _pattern(forms: list[str], spaced: bool) -> re.Pattern[str] | None:
    if not forms:
        return None
    # (read in the text's lower case, so that `re` may skip to a form's first letters: a case-
    # insensitive pattern is tried at every place)
    body = trie_pattern(sorted(forms))
    # (Devanagari's vowel signs are no `\w`: without them a form would match inside a word, "हाथी")
    return re.compile(rf"(?<![\w\u0900-\u097f-])(?:{body})(?![\w\u0900-\u097f-])" if spaced else f"(?:{body})")


@lru_cache(maxsize=256)
def game_glossary(game: Game) -> Glossary | None:
    """The glossary of a game's words, or None when the glossary has none of them."""
    phrases = game_phrases(game)
    english_by_form: dict[str, list[str]] = {}
    languages_by_form: dict[str, set[str]] = {}
    for word in dict.fromkeys(word for phrase in phrases for word in phrase):
        found_headword = headword(word)
        if found_headword is None:
            continue
        for language, table in forms_by_language().items():
            for form in table.get(found_headword, ()):
                if form == word or any(c.isdigit() for c in form):
                    continue
                unspaced = bool(_UNSPACED.search(form))
                shortest = _SHORTEST_CJK if unspaced and _CJK_HANGUL_OR_THAI.search(form) else _SHORTEST_OTHER
                if len(form) < shortest or lexicon_reads(form):
                    continue
                found = english_by_form.setdefault(form, [])
                if word not in found:
                    found.append(word)
                languages_by_form.setdefault(form, set()).add(language)
    if not english_by_form:
        return None
    joined = {form: _one_gloss(words, phrases) for form, words in english_by_form.items()}
    spaced = [form for form in joined if not _UNSPACED.search(form)]
    attached = [form for form in joined if _ATTACHED.search(form)]
    unspaced = [form for form in joined if _UNSPACED.search(form) and not _ATTACHED.search(form)]
    first_words = frozenset(words[0] for form in spaced if (words := _LETTERS.findall(form)))
    found_word_forms = word_forms(game, joined, spaced, phrases)
    return Glossary(joined, _pattern(spaced, True), _pattern(unspaced, False), first_words, found_word_forms,
                    {form: frozenset(languages) for form, languages in languages_by_form.items()},
                    _attached_pattern(attached))
