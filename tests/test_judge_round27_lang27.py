"""Round 27, hand "lang27": numbers written in other languages' words — Dutch, Polish, Czech,
Indonesian / Malay, Turkish, Greek, Hebrew and French past sixty as English number words; a unit
after a number written in words; Hindi and Arabic numbers of several scaled parts summed, a scale
word alone, Arabic teens and tens, Hindi "साढ़े" and per cent as one word. Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.lexicon import script_to_latin, units_after_number_words
from lamen.judge.values import local_forms, words_to_digits


def _read(text: str) -> str:
    return " ".join(words_to_digits(local_forms(text)).split())


@pytest.mark.parametrize(("text", "expected"), [
    ("Wij bieden negenhonderd dollar", "900 dollar"),
    ("een looptijd van zeventien maanden", "17 months"),
    ("vijfendertig dollar", "35 dollar"),
    ("Oferujemy trzydzieści dwa tysiące dolarów", "32000 dollars"),
    ("czynsz dziewięćset dolarów", "900 dollars"),
    ("Kami tawarkan dua ribu lima ratus dolar", "2500 dollars"),
    ("masa sewa dua belas bulan", "12 month"),
    ("Toplam üç yüz kırk dolar", "340 dollars"),
    ("Προτείνω οκτακόσια πενήντα δολάρια", "850 dollars"),
    ("אנחנו מציעים אלפיים ושלוש מאות דולר", "2300"),
    ("une remise de quatre-vingt-quinze pour cent", "95 percent"),
])
def test_number_words_of_more_languages(text: str, expected: str) -> None:
    assert expected in _read(text)


def test_a_unit_after_a_number_in_words() -> None:
    assert units_after_number_words("contract seven ay") == "contract seven months"
    assert "3 months" in _read("משך: שלושה חודשים")
    assert "9 months" in _read("Süre: dokuz ay")
    assert units_after_number_words("ten times") == "ten times"  # (no unit: unchanged)


@pytest.mark.parametrize(("text", "expected"), [
    ("किराया दो हज़ार तीन सौ डॉलर", "2300 dollars"),
    ("एक सौ पचास डॉलर", "150 dollars"),
    ("साढ़े चार प्रतिशत", "4.5 percent"),
    ("نقترح أربعمئة دولار", "400 dollars"),
    ("ألفين وخمسمائة دولار", "2500 dollars"),
    ("ألف دولار", "1000 dollars"),
    ("لمدة ثمانية عشر شهرا", "18 months"),
    ("خمسين دولار أسبوعيا", "50 dollars per week"),
])
def test_scaled_parts_in_scripts(text: str, expected: str) -> None:
    assert expected in _read(text)


def test_digits_and_a_scale_stay_as_before() -> None:
    assert "5000 dollars" in _read("خمسة آلاف دولار")
    assert "1,300 dollars" in " ".join(script_to_latin("إيجار 1,300 دولار").split())
    # a count after a scaled amount is not part of it when a unit follows it
    assert "1000 dollars" in _read("ألف دولار و 12 شهرا")


@pytest.mark.parametrize(("text", "expected"), [
    ("계약 기간 열여덟 달", "18 months"),
    ("계약은 두 시즌으로 하죠", "2 seasons"),
    ("전대: 사흘", "3 days"),
    ("기간 칠 년, 연이율 삼 퍼센트", "7 years"),
    ("기간 칠 년, 연이율 삼 퍼센트", "3%"),
    ("한 달에 90달러", "per month 90 dollars"),
])
def test_korean_counts_in_words(text: str, expected: str) -> None:
    assert expected in _read(text)


def test_korean_native_words_without_a_counter_stay() -> None:
    assert _read("세 가지 조건") == "세 가지 조건"
    assert "1 months" in _read("한 달 계약")


@pytest.mark.parametrize(("text", "expected"), [
    ("เงินกู้สามพันดอลลาร์", "3000 dollars"),
    ("สัญญาสิบแปดเดือน", "18 months"),
    ("ระยะเวลาสองปีครึ่ง", "2.5 years"),
    ("ดอกเบี้ยร้อยละ 6", "6%"),
])
def test_thai_numbers_in_words(text: str, expected: str) -> None:
    assert expected in _read(text)


def test_a_thai_numeral_inside_another_word_stays() -> None:
    assert _read("โต๊ะสี่เหลี่ยม") == "โต๊ะสี่เหลี่ยม"


@pytest.mark.parametrize(("text", "expected"), [
    ("durata del contratto: un triennio", "3 years"),
    ("plazo de un quinquenio", "5 years"),
    ("διάρκεια μια τριετία", "3 years"),
    ("durée : trois trimestres", "9 months"),
    ("기간 반년", "6 months"),
])
def test_periods_named_by_one_word(text: str, expected: str) -> None:
    assert expected in _read(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("เงินกู้ 3% ไม่มี fees ครับ", "no fees"),         # Thai "there is no" before its noun
    ("ค่าธรรมเนียม: ไม่มี", "none"),                     # ... and alone, after it
    ("ब्याज 3% और बिना किसी शुल्क के", "no fees"),       # Hindi "without" before its noun
    ("Faiz %4 ve masrafsız olsun, lütfen", "no fees"),  # Turkish "without" as a suffix
])
def test_without_before_or_on_its_noun(text: str, expected: str) -> None:
    assert expected in _read(text)


def test_a_russian_score_is_only_parts_of_ten_or_a_hundred() -> None:
    assert "6-4" in _read("Совет директоров 6 на 4")
    assert "5000 на 4 years" in _read("Предлагаем $5000 на 4 года")


@pytest.mark.parametrize(("text", "expected"), [
    ("une sous-location d'une journée par an", "1 day"),
    ("Mohli bychom 3 dnech podnájmu ročně", "3 days"),
    ("Nudimo 12 tisuća dolara", "12000 dollars"),
    ("subarriendo cero", "subletting 0"),
    ("καθόλου υπεκμίσθωση", "no "),
])
def test_more_counts_and_units(text: str, expected: str) -> None:
    assert expected in _read(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("کرایہ 900 ڈالر، مدت 18 مہینے، 3 دن", "900 dollars"),
    ("کرایہ 900 ڈالر، مدت 18 مہینے، 3 دن", "18 months"),
    ("kérnénk 6 évre, 3 napra", "6 years"),
    ("kérnénk 6 évre, 3 napra", "3 days"),
    ("5000 dollárt, díjak nélkül", "5000 dollars"),
    ("- ጊዜ: 18 ወራት", "18 months"),
    ("ვადა 6 თვე", "6 months"),
    ("ժամկետ 2 տարի", "2 years"),
])
def test_units_after_a_number_in_more_languages(text: str, expected: str) -> None:
    assert expected in _read(text)
