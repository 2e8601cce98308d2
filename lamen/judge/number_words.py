"""Round 27 (lang27): number words of more languages, and periods named by one word, as the English number words the grammar
already combines ("dwadzieścia siedem tysięcy" -> "twenty seven thousand" -> 27000; "seribu tiga
ratus" -> "one thousand three hundred"; "אלף ומאה" -> "one thousand and one hundred").

A value written in words is a number only once each of its words is an English number word: the
grammar (`values.words_to_digits`) then adds units, tens and hundreds and multiplies by the scales.
So each language needs its units, teens, tens, hundreds and scales, and where the language writes
a connector onto the next word (Hebrew ו, "and"), the connected form too. Words that are also
English or common words of the language in another sense are left out ("on", Turkish ten; "bin",
Turkish thousand, only after a unit; Dutch "een", also "a").
"""

from __future__ import annotations

_UNITS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _english(n: int) -> str:
    """1-99 in the English words the grammar reads ("twenty-seven")."""
    if n < 20:
        return _UNITS[n]
    tens, unit = divmod(n, 10)
    return _TENS[tens] + (f"-{_UNITS[unit]}" if unit else "")


def _table(units: list[str], tens: list[str], hundreds: list[str] = (), scales: dict[str, str] | None = None
           ) -> dict[str, str]:
    """Words of one language: units (index = value, "" for a word left out), tens (index = tens),
    hundreds written as one word (index = hundreds), and other words (scales, cases)."""
    words = {word: _english(n) for n, word in enumerate(units) if word}
    words.update({word: _english(10 * n) for n, word in enumerate(tens) if word})
    words.update({word: f"{_UNITS[n]} hundred" for n, word in enumerate(hundreds) if word})
    words.update(scales or {})
    return words


_DUTCH_UNITS = ["", "", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf",
                "dertien", "veertien", "vijftien", "zestien", "zeventien", "achttien", "negentien"]
_DUTCH_TENS = ["", "", "twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig", "negentig"]
DUTCH = _table(_DUTCH_UNITS, _DUTCH_TENS, scales={"honderd": "hundred", "duizend": "thousand",
                                                  "eenduizend": "one thousand", "eenhonderd": "one hundred"})
# "vijfentwintig", "eenendertig": the unit, "en", the tens, one word
DUTCH.update({f"{('een' if u == 1 else _DUTCH_UNITS[u])}{'ën' if _DUTCH_UNITS[u].endswith('e') else 'en'}{tens}":
              _english(10 * t + u) for t, tens in enumerate(_DUTCH_TENS) if tens for u in range(1, 10)})

POLISH = _table(
    ["", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć", "dziesięć", "jedenaście",
     "dwanaście", "trzynaście", "czternaście", "piętnaście", "szesnaście", "siedemnaście", "osiemnaście",
     "dziewiętnaście"],
    ["", "", "dwadzieścia", "trzydzieści", "czterdzieści", "pięćdziesiąt", "sześćdziesiąt", "siedemdziesiąt",
     "osiemdziesiąt", "dziewięćdziesiąt"],
    ["", "sto", "dwieście", "trzysta", "czterysta", "pięćset", "sześćset", "siedemset", "osiemset", "dziewięćset"],
    {"tysiąc": "one thousand", "tysiące": "thousand", "tysięcy": "thousand", "dwóch": "two", "trzech": "three",
     "czterech": "four", "pięciu": "five", "sześciu": "six", "dwunastu": "twelve", "osiemnastu": "eighteen",
     "dwudziestu": "twenty", "trzydziestu": "thirty", "dwudziestu czterech": "twenty-four"})

CZECH = _table(
    ["", "", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět", "deset", "jedenáct", "dvanáct", "třináct",
     "čtrnáct", "patnáct", "šestnáct", "sedmnáct", "osmnáct", "devatenáct"],
    ["", "", "dvacet", "třicet", "čtyřicet", "padesát", "šedesát", "sedmdesát", "osmdesát", "devadesát"],
    ["", "sto", "dvě stě", "tři sta", "čtyři sta", "pět set", "šest set", "sedm set", "osm set", "devět set"],
    {"tisíc": "thousand", "tisíce": "thousand", "tisíc dolarů": "thousand dollars"})

# Indonesian and Malay: "sepuluh" 10, "dua belas" 12, "dua puluh" 20, "seratus" 100, "tiga ratus"
# 300, "seribu" 1,000, "lima ribu" 5,000.
_MALAY_UNITS = ["", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan"]
MALAY = _table(_MALAY_UNITS, [], scales={"sepuluh": "ten", "sebelas": "eleven", "seratus": "one hundred",
                                          "seribu": "one thousand", "ratus": "hundred", "ribu": "thousand",
                                          "lapan": "eight", "lapan belas": "eighteen", "lapan puluh": "eighty"})
MALAY.update({f"{_MALAY_UNITS[u]} belas": _english(10 + u) for u in range(2, 10)})
MALAY.update({f"{_MALAY_UNITS[u]} puluh": _english(10 * u) for u in range(2, 10)})

# Turkish: "on" (ten) is an English word and "bin" (thousand) one too: both only in a phrase
# with a unit ("on iki" 12, "iki bin" 2,000).
_TURKISH_UNITS = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
TURKISH = _table(_TURKISH_UNITS, ["", "", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"],
                 scales={"yüz": "hundred", "bin dolar": "one thousand dollars"})
TURKISH.update({f"on {_TURKISH_UNITS[u]}": _english(10 + u) for u in range(1, 10)})
TURKISH.update({f"{_TURKISH_UNITS[u]} bin": f"{_UNITS[u]} thousand" for u in range(2, 10)})

_GREEK_HUNDREDS = ["", "", "διακόσι", "τριακόσι", "τετρακόσι", "πεντακόσι", "εξακόσι", "επτακόσι", "οκτακόσι",
                   "εννιακόσι"]
GREEK = _table(
    ["", "ένα", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά", "οκτώ", "εννέα", "δέκα", "έντεκα", "δώδεκα",
     "δεκατρία", "δεκατέσσερα", "δεκαπέντε", "δεκαέξι", "δεκαεπτά", "δεκαοκτώ", "δεκαεννέα"],
    ["", "", "είκοσι", "τριάντα", "σαράντα", "πενήντα", "εξήντα", "εβδομήντα", "ογδόντα", "ενενήντα"],
    scales={"εκατό": "one hundred", "εκατόν": "one hundred", "χίλια": "one thousand", "χίλιες": "one thousand",
            "χιλιάδες": "thousand", "τρεις": "three", "τέσσερις": "four", "εφτά": "seven", "οχτώ": "eight",
            "εννιά": "nine", "δεκαεφτά": "seventeen", "δεκαοχτώ": "eighteen", "δεκαεννιά": "nineteen",
            "εννεακόσια": "nine hundred", "εφτακόσια": "seven hundred", "οχτακόσια": "eight hundred"})
# hundreds agree with their noun: -α (neuter), -ες (feminine), -οι (masculine)
GREEK.update({f"{stem}{ending}": f"{_UNITS[n]} hundred" for n, stem in enumerate(_GREEK_HUNDREDS) if stem
              for ending in ("α", "ες", "οι")})

# Hebrew: masculine and feminine forms, the construct before a noun ("שלושת אלפים"), and "and"
# written onto the next number ("אלף ומאה": 1,100).
HEBREW = {
    "אחד": "one", "אחת": "one", "שניים": "two", "שתיים": "two", "שני": "two", "שתי": "two", "שלוש": "three",
    "שלושה": "three", "שלושת": "three", "ארבע": "four", "ארבעה": "four", "ארבעת": "four", "חמש": "five",
    "חמישה": "five", "חמשת": "five", "שש": "six", "שישה": "six", "ששת": "six", "שבע": "seven", "שבעה": "seven",
    "שבעת": "seven", "שמונה": "eight", "שמונת": "eight", "תשע": "nine", "תשעה": "nine", "תשעת": "nine",
    "עשר": "ten", "עשרה": "ten", "עשרת": "ten", "עשרים": "twenty", "שלושים": "thirty", "ארבעים": "forty",
    "חמישים": "fifty", "שישים": "sixty", "שבעים": "seventy", "שמונים": "eighty", "תשעים": "ninety",
    "מאה": "one hundred", "מאתיים": "two hundred", "מאות": "hundred", "אלף": "one thousand",
    "אלפיים": "two thousand", "אלפים": "thousand",
}
HEBREW.update({f"ו{word}": f"and {english}" for word, english in list(HEBREW.items())})
HEBREW.update({"שנים עשר": "twelve", "שתים עשרה": "twelve", "שניים עשר": "twelve", "שמונה עשר": "eighteen",
               "שמונה עשרה": "eighteen"})

# French seventy to ninety-nine (sixty and below are the lexicon's): "soixante-dix", "quatre-vingts".
_FRENCH_UNITS = ["", "", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze",
                 "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"]
FRENCH = {"soixante-dix": "seventy", "soixante et onze": "seventy-one", "soixante-et-onze": "seventy-one",
          "quatre-vingts": "eighty", "quatre-vingt": "eighty", "quatre-vingt-un": "eighty-one"}
FRENCH.update({f"soixante-{_FRENCH_UNITS[n]}": _english(60 + n) for n in range(12, 20)})
FRENCH.update({f"quatre-vingt-{_FRENCH_UNITS[n]}": _english(80 + n) for n in range(2, 20)})

# Swedish, Norwegian and Danish ("to", "fire", "sex", "en" are English words or articles: left out;
# "tvåhundrafemtio" is split into these words by the compound pass).
NORDIC = _table(
    ["", "", "två", "tre", "fyra", "fem", "", "sju", "åtta", "nio", "tio", "elva", "tolv", "tretton", "fjorton",
     "femton", "sexton", "sjutton", "arton", "nitton"],
    ["", "", "tjugo", "trettio", "fyrtio", "femtio", "sextio", "sjuttio", "åttio", "nittio"],
    scales={"hundra": "hundred", "hundre": "hundred", "hundrede": "hundred", "tusen": "thousand",
            "tusind": "thousand", "ett tusen": "one thousand", "et tusen": "one thousand", "syv": "seven",
            "åtte": "eight", "otte": "eight", "tjue": "twenty", "tyve": "twenty", "tretti": "thirty",
            "tredive": "thirty", "førti": "forty", "femti": "fifty", "seksti": "sixty", "elleve": "eleven"})

# Finnish: units, teens ("kaksitoista" 12), tens ("kaksikymmentä" 20) and hundreds / thousands after
# a unit ("kaksisataa", "kolmetuhatta"); compounds are split into these by the compound pass.
_FINNISH_UNITS = ["", "yksi", "kaksi", "kolme", "neljä", "viisi", "kuusi", "seitsemän", "kahdeksan", "yhdeksän"]
FINNISH = _table(_FINNISH_UNITS, [], scales={"kymmenen": "ten", "sata": "one hundred", "sataa": "hundred",
                                             "tuhat": "one thousand", "tuhatta": "thousand"})
FINNISH.update({f"{_FINNISH_UNITS[u]}toista": _english(10 + u) for u in range(1, 10)})
FINNISH.update({f"{_FINNISH_UNITS[u]}kymmentä": _english(10 * u) for u in range(2, 10)})

# Turkish nouns read only with the privative suffix ("masrafsız": no fees; `lexicon._known_form`),
# not alone (the glossary reads them).
TURKISH_NOUNS = {"masraf": "fees", "garanti": "warranty", "komisyon": "commission"}

# Croatian / Serbian / Bosnian thousands and dollars ("26 tisuća dolara"); zero in Spanish; Greek
# "καθόλου" (none at all) before its noun; Czech "ročně" (a year).
OTHERS = {"tisuća": "thousand", "tisuće": "thousand", "hiljada": "thousand", "hiljade": "thousand",
          "dolara": "dollars", "dolari": "dollars", "cero": "zero", "καθόλου": "no", "ročně": "per year", "uma semana": "one week",
          "dollár": "dollars", "dollárt": "dollars", "dollárral": "dollars", "díjak nélkül": "no fees"}

# Thousands abbreviated ("1,1 Tsd. $", "5 tkr"): the scale word.
ABBREVIATIONS = {"tsd": "thousand", "tsd.": "thousand", "tys.": "thousand"}

# A period named by one word: two years as a "biennio", five as a "πενταετία", half a year as a
# "semestre", a year as four quarters ("cuatro trimestres").
PERIODS = {
    "biennio": "2 years", "un biennio": "2 years", "triennio": "3 years", "un triennio": "3 years",
    "quinquennio": "5 years", "un quinquennio": "5 years", "bienio": "2 years", "un bienio": "2 years",
    "trienio": "3 years", "un trienio": "3 years", "quinquenio": "5 years", "un quinquenio": "5 years",
    "biênio": "2 years", "um biênio": "2 years", "triênio": "3 years", "um triênio": "3 years",
    "διετία": "2 years", "μια διετία": "2 years", "μία διετία": "2 years", "τριετία": "3 years",
    "μια τριετία": "3 years", "πενταετία": "5 years", "μια πενταετία": "5 years", "μία πενταετία": "5 years",
    "εξάμηνο": "6 months", "ένα εξάμηνο": "6 months",
    "un semestre": "6 months", "um semestre": "6 months", "ein halbjahr": "6 months",
    "un trimestre": "3 months", "um trimestre": "3 months",
}
for _count, _english_months in ((2, "6 months"), (3, "9 months"), (4, "12 months")):
    for _word in (("dos", "deux", "due", "dois"), ("tres", "trois", "tre", "três"),
                  ("cuatro", "quatre", "quattro", "quatro"))[_count - 2]:
        PERIODS[f"{_word} {'trimestri' if _word in ('due', 'tre', 'quattro') else 'trimestres'}"] = _english_months

NUMBER_WORDS: dict[str, str] = {}
for _language in (DUTCH, POLISH, CZECH, MALAY, TURKISH, GREEK, HEBREW, FRENCH, NORDIC, FINNISH, ABBREVIATIONS,
                  PERIODS, OTHERS):
    NUMBER_WORDS.update(_language)
