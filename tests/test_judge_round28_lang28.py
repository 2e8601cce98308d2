"""Round 28, hand "lang28": set phrases of other languages that carry a value — an even split said as
half each ("50%ずつ", "各留一半", "반반", "je zur Hälfte") and round the clock ("rund um die Uhr",
"24h/24", a bare count of 24 hours that is no deadline). Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.judge.set_phrases import even_halves, round_the_clock, spaced_set_phrases
from lamen.judge.values import local_forms
from lamen.spec.load import load_game


def _merger():
    return label_cache(load_game("merger"))


@pytest.mark.parametrize("text", [
    "取締役会は6対4、従業員は50%ずつ、福利厚生は70%でお願いします。",
    "董事会6比4，员工各留一半，福利70%。",
    "董事会6比4，员工对半，福利70%。",
    "이사회 6-4, 직원은 반반, 복리후생 70%.",
    "Vorstand 6-4, die Mitarbeiter übernehmen wir je zur Hälfte, Sozialleistungen 70 %.",
    "Conseil 6-4, les salariés à parts égales, avantages 70 %.",
])
def test_half_each_is_the_even_split_of_the_workforce(text: str) -> None:
    reading = extract_message(text, _merger(), side=0)
    assert reading.offers.get("employees") == "50%-50%"
    assert reading.offers.get("control") == "6-4"


@pytest.mark.parametrize("text", ["取締役会は半々、従業員は40対60、福利厚生は80%。",
                                  "董事会五五开，员工40%-60%，福利80%。"])
def test_an_even_board_in_chinese_and_japanese(text: str) -> None:
    reading = extract_message(text, _merger(), side=1)
    assert reading.offers.get("control") == "5-5"
    assert reading.offers.get("employees") == "40%-60%"


def test_even_words_keep_other_halves() -> None:
    # half a refund, half price, a split in other tenths: no even split
    assert "fifty-fifty" not in even_halves("一半的退款")
    assert "fifty-fifty" not in even_halves("半額で")
    assert "40%-60%" in local_forms("董事会四六开")
    # a word of a phrase standing alone stays the glossary's ("remboursement de moitié": half refund)
    assert spaced_set_phrases("remboursement de moitié") == "remboursement de moitié"
    assert "fifty-fifty split" in spaced_set_phrases("moitié-moitié")


@pytest.mark.parametrize(("text", "expected"), [
    ("Zugang rund um die Uhr", "round the clock"),
    ("Offre : accès 24h/24, 100 $ par mois", "round the clock"),
    ("Proposta: acesso 24 horas, 100 dólares por mês", "round the clock"),
    ("acesso 24 horas", "round the clock"),
    ("поддержка круглосуточно", "round the clock"),
    ("24時間利用可能", "round the clock"),
    ("24시간 지원", "round the clock"),
    ("支持时间：7×24小时", "24/7"),
])
def test_round_the_clock(text: str, expected: str) -> None:
    assert expected in local_forms(text)


@pytest.mark.parametrize("text", ["Respuesta en 24 horas, 100 dólares por mes", "24小时内回复", "24시간 이내 답변", "Antwort innerhalb 24 Stunden"])
def test_a_deadline_of_24_hours_is_no_round_the_clock(text: str) -> None:
    assert "clock" not in local_forms(text)


def test_round_the_clock_is_read_once() -> None:
    once = round_the_clock("acceso 24 hours")
    assert round_the_clock(once) == once


def test_round_the_clock_reads_the_24_hour_label() -> None:
    game = load_game("tests/data/games/software-license.yaml")
    reading = extract_note("Oferta aceptable: 50 licencias, 30 $ por licencia, soporte 24 horas, 3 años.",
                           label_cache(game), side=1)
    assert reading.offers.get("support") == "24/7"


@pytest.mark.parametrize(("text", "expected"), [
    ("Cancelación: reembolso del 50 %, 100 dólares por mes", "half refund"),
    ("un crédit de 50 % sur les invendus, pour trois mois", "half credit"),
    ("rimborso del 50% in caso di annullamento, 60 dollari", "half refund"),
    ("y 50 % por adelantado, 65 dólares", "50% upfront"),
])
def test_a_half_share_of_a_refund_or_a_credit(text: str, expected: str) -> None:
    assert expected in local_forms(text)


def test_other_shares_of_fifty_stay() -> None:
    assert "half" not in local_forms("beneficios del 50 %, 100 dólares por mes")
    assert "50%" in local_forms("beneficios del 50 %, 100 dólares por mes")


@pytest.mark.parametrize(("text", "expected"), [
    ("ভাড়া $১,৪০০, ১২ মাসের চুক্তি", "12 months"),
    ("প্রতি রাত $130, 3 রাত", "3 nights"),
    ("রয়্যালটি ২ বছর", "2 years"),
    ("រយៈពេល ១២ ខែ", "12 months"),
    ("ကာလ ၁၂ လ", "12 months"),
])
def test_units_of_bengali_khmer_and_burmese_after_a_number(text: str, expected: str) -> None:
    assert expected in local_forms(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("un contrato de dos semestres, 1.200 $ al mes", "12 months"),
    ("durata tre semestri, affitto 900 $ al mese", "18 months"),
    ("quatre trimestres, 900 $ par mois", "12 months"),
    ("garantie décennale, 8 000 $ par mois", "10-year"),
    ("contrato trienal, 500 dólares por mes", "3-year"),
])
def test_periods_that_carry_their_count(text: str, expected: str) -> None:
    assert expected in local_forms(text)


def test_a_term_of_years_as_an_adjective_is_read() -> None:
    game = load_game("tests/data/games/roof-repair.yaml")
    reading = extract_message("Nous proposons 8 000 $, on commence après l'hiver, garantie décennale.", label_cache(game), side=0)
    assert reading.offers.get("guarantee") == "10 years"


@pytest.mark.parametrize(("text", "expected"), [
    ("et nous livrons le matériel, 80 $ par mois", "we deliver"),
    ("Ustedes lo entregan, 80 dólares al mes", "you lo deliver"),
    ("wir liefern die Ware, 80 $ pro Monat", "we deliver"),
    ("consegniamo noi, 80 dollari al mese", "deliver"),
])
def test_the_verb_of_delivering_in_its_person(text: str, expected: str) -> None:
    assert expected in local_forms(text)


def test_the_doer_of_a_delivery_said_by_its_verb() -> None:
    game = load_game("tests/data/games/piano-hire.yaml")
    reading = extract_message("Podemos pagar 70 dólares al mes, 24 meses. Ustedes lo entregan.", label_cache(game), side=1)
    assert reading.offers.get("transport") == "shop delivers"
