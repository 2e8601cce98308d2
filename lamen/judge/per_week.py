"""How many times a week, in the words of many languages ("2x/week", "3 times per week",
"dwa razy w tygodniu", "duas vezes por semana", "주 2회", "週2回", "haftada 2 kez"), written in
the one English form the games' labels and synonyms use ("twice a week", "three times a week"),
so that a count per week reads as the label that says it, whatever the language."""

from __future__ import annotations

import re
from lamen.judge.caseless import caseless, folded, folded_keys

# Counts left in the writer's language after the lexicon's pass (which turns "dos", "deux", "tre"
# into English), and words that are a count and "times" at once ("zweimal", "dvakrát", "дважды").
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "jeden": 1, "dwa": 2, "dwie": 2, "trzy": 3, "один": 1, "одна": 1, "два": 2, "две": 2, "дві": 2, "три": 3,
           "en": 1, "ett": 1, "to": 2, "två": 2, "tre": 3, "yksi": 1, "kaksi": 2, "kolme": 3, "bir": 1, "iki": 2,
           "üç": 3, "satu": 1, "dua": 2, "tiga": 3, "μία": 1, "μια": 1, "δύο": 2, "τρεις": 3, "o": 1, "două": 2,
           "doua": 2, "trei": 3, "jedna": 1, "dvě": 2, "dva": 2, "tři": 3}
_TIMES_IN_ONE = {"once": 1, "twice": 2, "thrice": 3, "einmal": 1, "zweimal": 2, "dreimal": 3, "viermal": 4,
                 "jednou": 1, "dvakrát": 2, "třikrát": 3, "однажды": 1, "дважды": 2, "трижды": 3, "dwukrotnie": 2,
                 "kerran": 1, "kahdesti": 2, "raz": 1, "una vez": 1, "une fois": 1, "una volta": 1, "uma vez": 1,
                 "een keer": 1, "één keer": 1, "en gang": 1, "én gang": 1, "en gång": 1, "bir kez": 1, "sekali": 1,
                 "μία φορά": 1, "μια φορά": 1, "o dată": 1, "o data": 1}
# (looked up as the pattern matched them: "İKİ", "DWA")
_COUNTS_FOLDED, _TIMES_IN_ONE_FOLDED = folded_keys(_COUNTS), folded_keys(_TIMES_IN_ONE)
_COUNT = r"(?P<count>\d{1,2}|" + "|".join(sorted(map(re.escape, _COUNTS), key=len, reverse=True)) + ")"
_TIMES = (r"(?:x|×|times?|mal|veces|vez|fois|volte|volta|vezes|keer|maal|ganger|gange|gånger|gång|razy|raz|"
          r"раз|раза|рази|kertaa|kez|kali|φορές|φορά|ori|dată|次|回|회)")
# What is counted, where it is said between the count and the week ("dos clases por semana").
_SESSIONS = (r"(?:sessions?|lessons?|classes|class|visits?|cleanings?|clases|lecciones|sesiones|visitas|cours|séances|"
             r"leçons|lezioni|sessioni|aulas|sessões|lessen|lekcje|zajęcia|spotkania|занятия|занятий|урока|уроки|"
             r"заняття|lekce|tuntia|tunnit|ders|pertemuan|μαθήματα|stunden|termine|einheiten|timer|lektioner|besøk|besøg)")
# A week in any of the languages (the lexicon may have made it "week" already), after up to two
# short words ("per", "a la", "in der", "/"): "pro Woche", "par semaine", "w tygodniu".
_WEEK_WORD = (r"(?:week|wk|woche|semana|semaine|settimana|uken|uka|ugen|veckan|vecka|tygodniu|неделю|неделе|тиждень|"
              r"týdně|týden|viikossa|seminggu|minggu|εβδομάδα|săptămână)\b|(?:weekly|wöchentlich|tygodniowo)\b")
_WEEK = rf"(?:(?:[^\W\d]{{1,5}}|/)\s*){{0,2}}(?:{_WEEK_WORD})"
# "2x/week", "three times a week", "dwa razy w tygodniu", "dos clases por semana"
_COUNT_FIRST = caseless(rf"(?<![\w.,]){_COUNT}\s*-?\s*(?:{_TIMES}(?:\s+{_SESSIONS})?|{_SESSIONS})\s*(?:{_WEEK})")
# "zweimal pro Woche", "twice weekly", "дважды в неделю"
_ONE_WORD = caseless(r"(?<!\w)(?P<count>" + "|".join(sorted(map(re.escape, _TIMES_IN_ONE), key=len, reverse=True))
                     + rf")\s+(?:{_WEEK})")
# The week first: "주 2회", "週2回", "每周 2 次", "haftada 2 kez", "seminggu 2 kali"
_WEEK_FIRST = caseless(rf"(?:주|週|每周|每週|一周|一週|haftada|seminggu)\s*(?P<count>\d{{1,2}})\s*{_TIMES}")
_CUE = caseless(r"week|wk|woche|seman|semaine|settiman|uke|uge|veck|tygod|недел|тижд|týd|viiko|hafta|minggu|εβδομ|"
                r"săptăm|주|週|周")


def _english(count: int) -> str:
    return {1: "once a week", 2: "twice a week"}.get(count, f"{count} times a week")


def _count(word: str) -> int:
    word = folded(word)
    return int(word) if word.isdigit() else _COUNTS_FOLDED.get(word) or _TIMES_IN_ONE_FOLDED[word]


def times_a_week(text: str) -> str:
    """The text with each count per week written "once a week", "twice a week", "N times a week"."""
    if not _CUE.search(text):
        return text
    for pattern in (_COUNT_FIRST, _ONE_WORD):
        text = pattern.sub(lambda m: _english(_count(m.group("count"))), text)
    # (scripts without spaces: "清洁每週1次" keeps the English apart from the word before it)
    return _WEEK_FIRST.sub(lambda m: f" {_english(_count(m.group('count')))} ", text)
