"""Classes of text the twelfth round of issue 12 reads by general mechanisms (tuned on the odd half
of test11 and the even half of test10, checked on test11's even half), each tested on fresh
examples written for these tests, not the gold set's items."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"


def game(name: str):
    return label_cache(load_game(GAMES / f"{name}.yaml"))


# Everyday words of deal terms (full, half, only, items, refund, next, same, business day,
# notice, ...) in other languages, one concept a row: a game whose text labels are made of them
# is read in each language without phrases of its own, word order aside.
@pytest.mark.parametrize("text, game_name, side, offers", [
    ("Unser Vorschlag: 3.000 $, volle Verpackung und Umzug am Wochenende.", "moving-service", 0,
     {"price": "$3000", "packing": "full packing", "move day": "weekend"}),
    ("Proponemos 1.500 $, embalaje solo de objetos frágiles, cobertura básica y mudanza entre semana.",
     "moving-service", 0, {"price": "$1500", "packing": "fragile items only", "insurance": "basic coverage",
                           "move day": "weekday"}),
    ("Nous proposons 6 000 $, remboursement de la moitié et 8 heures.", "event-venue", 1,
     {"rental fee": "$6000", "cancellation": "50% refund", "hours": "8 hours"}),
    ("Vorschlag: 10.000 $ pro Monat, 40 Stunden, Antwort am nächsten Werktag, Kündigungsfrist von zwei Monaten.",
     "consulting-retainer", 0, {"retainer": "$10000", "hours": "40 hours", "response time": "next business day",
                                "notice period": "two months"}),
    ("Oferecemos 6.000 $ por mês, 20 horas, resposta no mesmo dia e aviso prévio de um mês.", "consulting-retainer", 0,
     {"retainer": "$6000", "hours": "20 hours", "response time": "same day", "notice period": "one month"}),
    ("Ik neem het afhalen in de winkel, 800 $, montage inbegrepen.", "furniture-order", 1,
     {"delivery": "pickup", "assembly": "assembly included", "price": "$800"}),
])
def test_everyday_words_of_text_labels_in_other_languages(text, game_name, side, offers) -> None:
    found = extract_message(text, game(game_name), side=side)
    assert found.offers == offers
    assert found.confidence == "unsure"  # not English: the fallback may still check it


@pytest.mark.parametrize("note, game_name, offers", [
    ("Proposta accettabile: tariffa 5.000 $, rimborso completo, 10 ore, proiettore e schermo.", "event-venue",
     {"rental fee": "$5000", "cancellation": "full refund", "hours": "10 hours", "av equipment": "basic AV"}),
    ("許容できる提案：月額12,000ドル、月40時間、当日対応、解約予告は3か月。", "consulting-retainer",
     {"retainer": "$12000", "hours": "40 hours", "response time": "same day", "notice period": "three months"}),
])
def test_offer_headings_and_label_words_in_other_languages_in_notes(note, game_name, offers) -> None:
    assert extract_note(note, game(game_name)).offers == offers


# A label's words in another order (adjectives after the noun, as Romance languages place them):
# in free text within a few words, and as a key-bound value whose words are exactly the label's.
@pytest.mark.parametrize("text, game_name, kind, offers", [
    ("We would like the packing full and the protection at full value, on a weekday.", "moving-service", "message",
     {"packing": "full packing", "insurance": "full value protection", "move day": "weekday"}),
    ("Oferta aceptable: salario $110000, trabajo remoto completo.", "job-offer", "note",
     {"salary": "$110000", "work arrangement": "fully remote"}),
    ('Acceptable offer:\n```json\n{"salary": "$100000", "work arrangement": "remote, full"}\n```', "job-offer", "note",
     {"salary": "$100000", "work arrangement": "fully remote"}),
])
def test_a_labels_words_in_another_order_read_the_label(text, game_name, kind, offers) -> None:
    labels = game(game_name)
    found = extract_note(text, labels) if kind == "note" else extract_message(text, labels, side=1)
    assert found.offers == offers


def test_words_of_two_labels_in_another_order_name_neither() -> None:
    # "value full" alone shares "full" with "full packing": only the insurance label has both words.
    found = extract_note('Acceptable offer: {"packing": "full value"}', game("moving-service"))
    assert "packing" not in found.offers
