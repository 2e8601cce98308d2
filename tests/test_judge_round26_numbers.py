"""Round 26, hand "numbers26": counts and units written in other languages' words and notations —
units after a number in Thai, nights and people counted in CJK, Korean, Arabic, Hebrew and Hindi, one
night or one person before an amount as the rate's unit, classifiers, rare Chinese numerals,
Sino-Korean numerals, Arabic and Hebrew duals, a year and a half / half a year, Russian and
Ukrainian number words. Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.judge.lexicon import cjk_to_latin, script_to_latin
from lamen.spec.load import load_game
from tests.gold_shape import labels_from_yaml

STAY = """\
name: pet-hotel
description: A pet hotel and an owner settle a stay.
sides:
  - You are the hotel.
  - You are the owner.
parties:
  - Hotel
  - Owner
issues:
  - name: nightly rate
    issue_type: distributive
    descriptions: What the owner pays a night.
    payoffs:
      - [0, 1, 2]
      - [2, 1, 0]
    payoff_labels:
      - ["$40", "$60", "$80"]
      - ["$40", "$60", "$80"]
  - name: stay
    issue_type: distributive
    descriptions: How many nights.
    payoffs:
      - [0, 1, 2]
      - [2, 1, 0]
    payoff_labels:
      - [3 nights, 6 nights, 9 nights]
      - [3 nights, 6 nights, 9 nights]
  - name: walkers
    issue_type: integrative
    descriptions: How many walkers come along.
    payoffs:
      - [0, 1, 2]
      - [2, 1, 0]
    payoff_labels:
      - [2 walkers, 4 walkers, 8 walkers]
      - [2 walkers, 4 walkers, 8 walkers]
"""


@pytest.fixture(scope="module")
def hotel(tmp_path_factory: pytest.TempPathFactory):
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "pet-hotel", STAY)


@pytest.fixture(scope="module")
def rental():
    return label_cache(load_game("rental-agreement"))


@pytest.mark.parametrize("text", [
    "我们的方案：每晚60美元，住九晚。",
    "ご提案：1泊60ドル、9泊でお願いします。",
    "제안: 1박에 60달러, 9박.",
    "ข้อเสนอ: 60 ดอลลาร์ต่อคืน 9 คืน",
])
def test_nights_counted_in_other_scripts_are_the_stay(hotel, text: str) -> None:
    offers = extract_message(text, hotel).offers
    assert offers.get("stay") == "9 nights"
    assert offers.get("nightly rate") == "$60"


def test_one_night_or_person_before_an_amount_is_the_rates_unit() -> None:
    assert "per night" in cjk_to_latin("1泊 80ドル")
    assert "1 nights" not in script_to_latin("1인 1박 $80")
    assert "5 nights" in script_to_latin("1박 $80, 5박")


@pytest.mark.parametrize("text, english", [
    ("工人廿四名", "24"), ("年假卅天", "30 days"), ("月租壹仟叁佰美元", "1300 dollars"), ("保固兩年", "2 years"),
    ("合同期半年", "6 months"),
])
def test_rare_chinese_numerals_and_half_a_year(text: str, english: str) -> None:
    assert english in cjk_to_latin(text)


def test_a_classifier_between_count_and_noun_is_dropped() -> None:
    assert "12 seats" in cjk_to_latin("我们要12个席位")
    assert "20 \n" not in cjk_to_latin("台数: 20台\n- 期间")  # (a count at a line's end keeps its word)


@pytest.mark.parametrize("text, english", [
    ("요금 사천 달러", "4000 dollars"), ("가격 이만삼천 달러", "23000 dollars"), ("천이백달러", "1200 dollars"),
])
def test_sino_korean_numerals_with_a_scale(text: str, english: str) -> None:
    assert english in script_to_latin(text)


def test_a_lone_korean_scale_word_is_no_number() -> None:
    assert "10000" not in script_to_latin("만일 가능하다면")


@pytest.mark.parametrize("text, value", [
    ("ข้อเสนอ: ค่าเช่า 1,200 ดอลลาร์ สัญญา ๑๒ เดือน", "12 months"),
    ("نقترح إيجار 1200 دولار لمدة سنتين", "24 months"),
    ("אנחנו מציעים שכר דירה 1,200$ וחוזה לשנתיים", "24 months"),
    ("Propuesta: alquiler de 1.200 $ y contrato de año y medio.", "18 months"),
    ("Пропонуємо: оренда 1200 доларів, термін півтора року.", "18 months"),
])
def test_durations_in_other_languages_words(rental, text: str, value: str) -> None:
    assert extract_message(text, rental).offers.get("duration") == value


def test_russian_number_words_past_twelve(rental) -> None:
    offers = extract_note("Приемлемое предложение: аренда тысяча двести долларов, срок тридцать шесть месяцев.",
                          rental).offers
    assert offers.get("rent") == "$1200"
    assert offers.get("duration") == "36 months"


def test_a_count_after_a_russian_preposition(rental) -> None:
    assert extract_message("Аренда 1 200 $, субаренда до семи дней в году.", rental).offers.get("subletting") == "7 days"


def test_board_members_counted_with_mei_stay_seats() -> None:
    assert "persons" not in cjk_to_latin("取締役会はA社6名・B社4名")


@pytest.mark.parametrize("text, english", [
    ("所有权：七成", "70%"), ("持股四成五。", "45%"), ("所有権：4割5分", "45%"), ("所有権：六割五分", "65%"),
    ("员工保留六成对四成，", "60%-40%"), ("価格は2万6千ドル", "26000 dollars"),
])
def test_tenths_written_cheng_or_wari_bu_and_ten_thousands_with_thousands(text: str, english: str) -> None:
    assert english in cjk_to_latin(text)


def test_cheng_in_other_words_is_no_tenth() -> None:
    assert "%" not in cjk_to_latin("我们成交吧")


@pytest.mark.parametrize("text, english", [
    ("7,000ドルを5年間、年利3%", "5 years"), ("期限：5 年\n3. 年利率：4%", "5 years"), ("要12个月，不是18个月", "not 18 months"),
])
def test_japanese_years_of_duration_a_count_before_a_line_break_and_not(text: str, english: str) -> None:
    assert english in cjk_to_latin(text)


@pytest.mark.parametrize("text", [
    "Miete 1.200 $, Laufzeit 24 Monate. Untervermietung ist leider nicht möglich.",
    "Miete 1.200 $, Laufzeit 24 Monate. Auf Untervermietung kann ich verzichten.",
    "Miete 1.200 $, Laufzeit 24 Monate. Untervermietung möchten wir ausschließen.",
    "العرض المقبول: الإيجار 1200 دولار، المدة 24 شهرًا، لا تأجير من الباطن.",
    "نقترح إيجار 1200 دولار لمدة 24 شهرا، ولا نسمح بالتأجير من الباطن.",
    "수용 가능한 제안: - 월세: 1,200달러 - 기간: 24개월 - 전대: 불가",
])
def test_a_thing_denied_after_its_noun_or_by_arabic_la(rental, text: str) -> None:
    offers = extract_note(text, rental).offers
    assert offers.get("subletting") == "0 days"
    assert offers.get("rent") == "$1200"


def test_a_word_for_nothing_before_a_noun_is_no(rental) -> None:
    offers = extract_message("Je maintiens : loyer 1 200 $, 24 mois, aucune sous-location.", rental).offers
    assert offers.get("subletting") == "0 days"


@pytest.mark.parametrize("text, english", [
    ("किराया ग्यारह सौ डॉलर और साल में सात दिन", "1100 dollars"), ("किराया ग्यारह सौ डॉलर और साल में सात दिन", "7 days"),
    ("अवधि: सवा साल", "1.25 years"), ("पौने दो साल की लीज़", "1.75 years"), ("डेढ़ साल", "1.5 years"),
    ("قرض بقيمة خمسة آلاف دولار لمدة خمس سنوات", "5000 dollars"), ("التزام لستة أشهر", "6 months"),
    ("زمان تحویل: سه ماه", "3 months"),
])
def test_hindi_arabic_and_persian_number_words(text: str, english: str) -> None:
    assert english in script_to_latin(text)


def test_number_words_inside_longer_words_stay() -> None:
    assert "2" not in script_to_latin("दोनों पक्ष")  # "both sides": दो is part of the word
    assert "6" not in script_to_latin("استلام")


def test_keycap_digits_are_a_number_but_a_lone_one_opening_a_line_numbers_a_list() -> None:
    from lamen.judge.digits import ascii_digits
    assert ascii_digits("amount $6️⃣,0️⃣0️⃣0️⃣, 5️⃣ years, 3️⃣% rate") == "amount $6,000, 5 years, 3% rate"
    assert ascii_digits("2️⃣ Duración: 1️⃣8️⃣ meses") == "2️⃣ Duración: 18 meses"


@pytest.mark.parametrize("text, english", [
    ("un conseil de 6 à 4", "6-4"), ("consejo de 6 a 4", "6-4"), ("Mitarbeiter 40 % zu 60 %,", "40%-60%"),
    ("Vorstand 4:6,", "4-6"),
])
def test_a_split_of_a_whole_written_with_a_word_between_its_parts(text: str, english: str) -> None:
    from lamen.judge.lexicon import worded_splits
    assert english in worded_splits(text)


@pytest.mark.parametrize("text", ["de 1000 a 1200 $", "à 10:30", "de 3 à 5 jours", "40 % à 50 %"])
def test_a_range_or_a_time_is_no_split(text: str) -> None:
    from lamen.judge.lexicon import worded_splits
    assert worded_splits(text) == text


def test_greek_tens_before_a_per_cent_word() -> None:
    merger = label_cache(load_game("merger"))
    offers = extract_message("Η εταιρεία A προτείνει: παροχές 30%, μετοχές A εξήντα τοις εκατό.", merger).offers
    assert offers.get("ownership") == "60%"
