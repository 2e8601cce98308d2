"""Round 28 (lang28): set phrases of other languages that carry a value the grammar reads only in English.

- An even split said as "half each" ("50%ずつ", "各留一半", "반반", "je zur Hälfte", "à parts égales",
  "mitad y mitad"): written " fifty-fifty split ", which the readers take for the even label of a
  split issue ("5-5", "50%-50%") and for a shared text label ("split harvest", "shared supplies").
- Round the clock ("rund um die Uhr", "24h/24", "24 horas al día", "круглосуточно", and a bare
  count of 24 hours that is no deadline: "acesso 24 horas", "24時間利用可能", "24시간 지원"):
  written " round the clock 24 hours " (`ROUND_THE_CLOCK`), the words of the games' 24/7 and 24-hour labels. A count of 24
  hours after "within" or before "以内" ("respuesta en 24 horas", "24小时内") stays a count.

Each pass runs only where its cue is in the text (a substring test), and only on text the lexicon
has already turned from another language: English text is never touched by them.
"""

from __future__ import annotations

import re

# --- an even split -------------------------------------------------------------------------------

FIFTY_FIFTY = " fifty-fifty split "
ROUND_THE_CLOCK = " round the clock 24 hours "

# Chinese, Japanese and Korean words of an even split. (Not 半額/半价, half price; not 一半 alone,
# "一半的退款" is half a refund.)
_CJK_EVEN = re.compile(r"半々|半半|对半|對半|折半|五分五分|半分ずつ|各一半|各占一半|各留一半|各半|一半一半|平分|均分|"
                       r"반반|절반씩|똑같이\s*나누")
# "50%ずつ", "50%씩", "50% 각각": half each is the even split.
_HALF_EACH_CJK = re.compile(r"50\s*%\s*(?:ずつ|씩|각각|各)")
_CJK_CUE = re.compile(r"[半折平均各반절똑ずつ씩]")

# Phrases of spaced languages (matched in any case, before the lexicon's words are read, so that
# their words stay the glossary's where they stand alone: "moitié" of "remboursement de moitié"):
# half each, in equal parts, half and half.
_EVEN_PHRASES = (
    "je zur hälfte", "jeweils die hälfte", "jeweils zur hälfte", "zu gleichen teilen", "halbe-halbe", "halbe halbe",
    "moitié-moitié", "moitié moitié", "à parts égales", "chacun la moitié", "la moitié chacun",
    "mitad y mitad", "a partes iguales", "la mitad cada uno", "a medias",
    "metà e metà", "in parti uguali", "metà ciascuno", "metà per uno",
    "meio a meio", "metade e metade", "em partes iguais", "metade cada",
    "half om half", "ieder de helft", "elk de helft", "gelijk verdeeld",
    "пополам", "поровну", "навпіл", "порівну", "po połowie", "napůl", "yarı yarıya",
    "hälften var", "halvt om halvt", "halvdelen hver", "puoliksi",
    "μισά μισά", "μισό-μισό", "μισό μισό",
    "chia đôi", "mỗi bên một nửa", "bagi dua", "sama rata", "nusu kwa nusu")
# Round the clock in words of spaced languages.
_AROUND_PHRASES = (
    "rund um die uhr", "круглосуточно", "круглосуточная", "круглосуточный", "круглосуточной", "круглосуточную",
    "круглосуточное", "цілодобово", "цілодобова", "цілодобовий", "цілодобову", "dygnet runt", "døgnet rundt",
    "ympäri vuorokauden", "całodobowo", "całodobowy", "całodobowa", "suốt ngày đêm", "24 giờ mỗi ngày")


def _phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    body = "|".join(r"\s+".join(map(re.escape, phrase.split())) for phrase in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE)


_EVEN_PATTERN = _phrase_pattern(_EVEN_PHRASES)
_AROUND_PATTERN = _phrase_pattern(_AROUND_PHRASES)
# (cheap tests, on the text in lower case: a letter run each phrase holds)
_SPACED_CUES = ("hälfte", "gleichen", "halbe", "moitié", "égales", "mitad", "iguales", "medias", "metà", "uguali", "meio",
                "metade", "iguais", "helft", "verdeeld", "попол", "поров", "навпіл", "порівн", "połowie", "napůl", "yarı",
                "hälften", "halvt", "halvdelen", "puoliksi", "μισ", "đôi", "nửa", "bagi", "rata", "nusu", "uhr", "кругл",
                "цілодоб", "runt", "rundt", "vuorokau", "całodob", "ngày")


def spaced_set_phrases(text: str) -> str:
    """The text with half each and round the clock, said in words of a spaced language, in English."""
    lower = text.lower()
    if not any(cue in lower for cue in _SPACED_CUES):
        return text
    return _AROUND_PATTERN.sub(ROUND_THE_CLOCK, _EVEN_PATTERN.sub(FIFTY_FIFTY, text))


def even_halves(text: str) -> str:
    """The text with an even split said as half each in Chinese, Japanese or Korean as " fifty-fifty split "."""
    if _CJK_CUE.search(text):
        text = _HALF_EACH_CJK.sub(FIFTY_FIFTY, text)
        text = _CJK_EVEN.sub(FIFTY_FIFTY, text)
    return text


# --- round the clock -----------------------------------------------------------------------------

# Round the clock in words, and 24 hours "of 24" / "a day" / "seven days".
_AROUND_WORDS = re.compile(
    r"全天候|24時間365日|7\s*[×x*]\s*24\s*(?:小时|小時|時間|시간|hours?)?|"
    r"24\s*(?:h\s*)?/\s*24|24\s*(?:h|heures|horas|ore|hours|Stunden|uur|часа)\s+(?:sur|su|de|al|por|a|am|per|op|в)\s+"
    r"(?:24|día|dia|giorno|jour|tag|dag|day|сутки)(?![\w])",
    re.IGNORECASE)
# A bare count of 24 hours (after the lexicon's pass: "24 hours", "24-hour"), no deadline: not after
# "within" ("within 24 hours", "en 24 horas", "in 24 Stunden") nor before "以内" / "内" / "이내".
_TWENTY_FOUR_HOURS = re.compile(r"(?<![\d.,/])24[\s-]*(?:hours?|h)(?![\w/])(?!\s*(?:以内|内|內|이내|안에|以前|前|后|後|notice|before|after|"
                                r"advance|in advance|of|prior|turnaround|response|reply|cancel))", re.IGNORECASE)
_DEADLINE_BEFORE = re.compile(r"(?:within|in|inside|under|after|before|en|em|dentro\s+de|entro|innerhalb|binnen|nach|"
                              r"vor|sous|dans|d'ici|после|через|в\s+течение|за|trong|dalam|w\s+ciągu|inom|"
                              r"every|each|per|last|first|next|upto|up\s+to|than|least|most|notice|response|reply|"
                              r"respond|answer|turnaround|delivery|deliver|cancel\w*|clock|\d)\W*$", re.IGNORECASE)


def round_the_clock(text: str) -> str:
    """The text with round the clock, said in another language or as a bare 24 hours, as
    `ROUND_THE_CLOCK`."""
    if "24" not in text and "全天候" not in text:
        return text
    text = _AROUND_WORDS.sub(" 24/7" + ROUND_THE_CLOCK, text)
    if "24" in text and _TWENTY_FOUR_CUE.search(text):
        text = _TWENTY_FOUR_HOURS.sub(
            lambda m: m.group(0) if _DEADLINE_BEFORE.search(text, max(0, m.start() - 25), m.start()) else ROUND_THE_CLOCK,
            text)
    return text


_TWENTY_FOUR_CUE = re.compile(r"24[\s-]*[hH]")


# --- half of a refund or a credit ------------------------------------------------------------------

# "remboursement de 50 %", "rimborso del 50%", "un crédit de 50 %" (their nouns English once the
# lexicon has read them): a refund or a credit of 50% is a half one, as the games' "half refund" and
# "half credit" labels write it. A per cent sign after a space ("50 %", as French and Spanish
# typeset it) is joined to its number, as the labels' synonyms ("50% upfront") write it.
_SPACED_PERCENT = re.compile(r"(?<=\d)[ \u00a0\u202f]+%")
# (the nouns in English, or as French, Spanish, Italian and Portuguese write them where no glossary read them)
_SHARE_NOUNS = {"refund": "refund", "refunds": "refund", "reimbursement": "refund", "credit": "credit", "credits": "credit",
                "remboursement": "refund", "reembolso": "refund", "rimborso": "refund", "crédit": "credit",
                "crédito": "credit", "credito": "credit"}
_SHARE_NOUN = rf"({'|'.join(_SHARE_NOUNS)})"
_NOUN_OF_HALF = re.compile(rf"\b{_SHARE_NOUN}\s+(?:of|de|del|di|da|do|du|des|von|van|på|na|z)\s+(?:the\s+)?50%", re.IGNORECASE)
_HALF_BEFORE_NOUN = re.compile(rf"(?<![\d.,])50%\s+(?:(?:of|de|del|di|da|do|du)\s+|d['’]\s*)?(?:the\s+)?{_SHARE_NOUN}\b", re.IGNORECASE)


def percent_joined(text: str) -> str:
    """'50 %' -> '50%' (a text in another language)."""
    return _SPACED_PERCENT.sub("%", text) if "%" in text else text


def half_shares(text: str) -> str:
    """'refund de 50%', '50% credit' -> 'half refund', 'half credit'."""
    if "50" not in text:
        return text
    half = lambda m: f"half {_SHARE_NOUNS[m.group(1).lower()]}"  # noqa: E731
    return _HALF_BEFORE_NOUN.sub(half, _NOUN_OF_HALF.sub(half, text))


# --- periods that carry their count ----------------------------------------------------------------

# A count of half years or quarters ("dos semestres", "tre semestri", "quatre trimestres"; the count in
# English words or digits once the lexicon has read it): so many months. A legal term of years as an
# adjective ("garantie décennale", "garanzia decennale", "contrato trienal"): a term of so many years.
_PERIOD_MONTHS = {"semest": 6, "trimest": 3, "quadrimest": 4, "bimest": 2}
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "eleven": 11, "twelve": 12, "un": 1, "une": 1, "una": 1, "um": 1, "uma": 1, "ein": 1, "einem": 1, "een": 1}
_COUNTED_PERIOD = re.compile(r"(?<![\w.,])(\d{1,2}|" + "|".join(_COUNTS) + r")\s+"
                             r"(semest|trimest|quadrimest|bimest)(?:res?|ri|ers?|rs?|ry)(?![\w])", re.IGNORECASE)
_YEARS_ADJECTIVE = re.compile(r"(?<![\w-])(?:(d[ée]cenn?a[le]{1,2}|decennial)|(trienn?a[le]{1,2}|triennial)|"
                              r"(quinquenn?a[le]{1,2}|quinquennial))(?![\w-])", re.IGNORECASE)


def counted_periods(text: str) -> str:
    """'two semestres' -> '12 months', 'garantie décennale' -> 'garantie 10-year'."""
    lower = text.lower()
    if "mest" in lower:
        text = _COUNTED_PERIOD.sub(lambda m: f"{_count(m.group(1)) * _PERIOD_MONTHS[m.group(2).lower()]} months", text)
    if "enn" in lower or "enal" in lower:
        text = _YEARS_ADJECTIVE.sub(lambda m: "10-year" if m.group(1) else "3-year" if m.group(2) else "5-year", text)
    return text


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _COUNTS[word.lower()]


def after_the_lexicon(text: str) -> str:
    """The set phrases read once the lexicon's words are English: round the clock, "50 %" as
    "50%", a half share, periods that carry their count."""
    return counted_periods(half_shares(percent_joined(round_the_clock(text))))


# --- a label said by the verb of its deed ----------------------------------------------------------

# The verb of delivering conjugated in French, Spanish, Portuguese, Italian and German, as the English
# verb of its person ("nous livrons le piano": we deliver the piano; "ustedes lo entregan": you deliver
# it), so that the readers take the doer for the label ("shop delivers") as they do in English. Forms
# that are also nouns of another sense ("livre", a book; "entrega", the lexicon's delivery) are left.
DEED_VERBS = {
    "livrons": "deliver", "livrez": "deliver", "livrent": "deliver", "livrera": "will deliver",
    "livrerons": "will deliver", "livrerez": "will deliver", "livreront": "will deliver",
    "entregamos": "deliver", "entregan": "deliver", "entregáis": "deliver", "entregue": "deliver",
    "entreguen": "deliver", "entregará": "will deliver", "entregaremos": "will deliver", "entregarán": "will deliver",
    "entregam": "deliver", "entregaria": "would deliver",
    "consegniamo": "deliver", "consegnate": "deliver", "consegnano": "deliver", "consegnerà": "will deliver",
    "consegneremo": "will deliver",
    "liefern": "deliver", "liefert": "delivers", "liefere": "deliver",
    "ustedes": "you",
}
