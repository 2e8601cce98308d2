"""The glossary (lamen/judge/glossary.py, lamen/judge/glossaries/*.tsv): a game's own words written in
another language are read as the game's English, in a game the readers have never seen; English text
is never touched; what the lexicon reads stays the lexicon's; the data files are well formed."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.glossary import GLOSSARY_DIR, forms_by_english, game_glossary
from lamen.judge.glossary_words import game_words
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game
from tests.gold_shape import game_from_yaml

# A game written for this test: its label words ("board", "drip", "irrigation", "watering") are in the
# glossary's vocabulary, not in any game the readers were tuned on in these words.
ORCHARD_STAY = """\
name: orchard-stay
description: A farm and a guest group settle a stay at an orchard.
sides:
  - You are the farm.
  - You are the group.
parties:
  - Farm
  - Group
issues:
  - name: nightly price
    issue_type: distributive
    descriptions: What the group pays per night.
    payoffs:
      - [0, 1, 2]
      - [2, 1, 0]
    payoff_labels:
      - ["$100", "$150", "$200"]
      - ["$100", "$150", "$200"]
  - name: meals
    issue_type: integrative
    descriptions: What the farm cooks.
    aliases: [catering]
    payoffs:
      - [2, 1, 0]
      - [0, 1, 2]
    payoff_labels:
      - [breakfast only, half board, full board]
      - [breakfast only, half board, full board]
  - name: watering
    issue_type: integrative
    descriptions: How the guests' garden plot is watered.
    payoffs:
      - [1, 0]
      - [0, 1]
    payoff_labels:
      - [hand watering, drip irrigation]
      - [hand watering, drip irrigation]
"""


@pytest.fixture(scope="module")
def orchard(tmp_path_factory: pytest.TempPathFactory):
    return game_from_yaml(tmp_path_factory.mktemp("games"), "orchard-stay", ORCHARD_STAY)


@pytest.mark.parametrize("message, meals, watering", [
    ("Nuestra propuesta: 150 $ por noche, pensión completa y riego por goteo.", "full board", "drip irrigation"),
    ("Propuesta: 150 $ por noche, solo desayuno, riego manual.", "breakfast only", "hand watering"),
    ("我们的方案：每晚150美元，全食宿，滴灌。", None, "drip irrigation"),
    ("ご提案：1泊150ドル、朝食のみ、点滴灌漑でお願いします。", "breakfast only", "drip irrigation"),
])
def test_a_message_in_another_language_names_the_game_labels(orchard, message: str, meals: str | None,
                                                             watering: str) -> None:
    reading = extract_message(message, label_cache(orchard), side=1)
    assert reading.offers["nightly price"] == "$150"
    assert reading.offers["watering"] == watering
    assert reading.offers.get("meals") == meals


def test_a_note_in_another_language_names_the_game_labels(orchard) -> None:
    note = "Oferta aceptable:\n- precio por noche: 200 $\n- comidas: pensión completa\n- riego: por goteo"
    assert extract_note(note, label_cache(orchard), side=0).offers == {
        "nightly price": "$200", "meals": "full board", "watering": "drip irrigation"}


def test_english_text_is_never_glossed(orchard) -> None:
    glossary = label_cache(orchard).glossary
    assert glossary is not None
    text = "Our proposal: $150 a night, full board and drip irrigation."
    # (the reader glosses only a text that is not in English; `gloss` itself would also leave it)
    assert glossary.gloss(text) == text
    assert extract_message(text, label_cache(orchard), side=1).offers == {
        "nightly price": "$150", "meals": "full board", "watering": "drip irrigation"}


def test_only_the_games_own_words_are_glossed(orchard) -> None:
    words = game_words(orchard)
    assert {"board", "drip", "irrigation", "watering", "breakfast", "meals"} <= set(words)
    glossary = label_cache(orchard).glossary
    assert glossary is not None
    assert set(glossary.english_by_form.values()) <= {*words, "drip irrigation", "hand watering"} | {
        " ".join(pair) for pair in zip(words, words[1:])}
    # "piscina" (pool) is in the glossary but names nothing of this game: it stays as written
    assert "piscina" in forms_by_english()["pool"]
    assert "piscina" in glossary.gloss("con piscina y riego por goteo")


def test_a_form_of_several_game_words_of_one_label_reads_as_that_label(orchard) -> None:
    glossary = label_cache(orchard).glossary
    assert glossary is not None
    assert glossary.english_by_form["滴灌"] == "drip irrigation"


def test_what_the_lexicon_reads_is_left_to_it(orchard) -> None:
    # "semana" of the lexicon's phrase "esta semana" is never the glossary's
    glossary = label_cache(orchard).glossary
    assert glossary is not None and "por noche" in glossary.english_by_form
    from lamen.judge.lexicon import lexicon_reads
    assert lexicon_reads("semana") and lexicon_reads("送货")
    assert not any(lexicon_reads(form) for form in glossary.english_by_form)


def test_a_game_with_no_text_label_glosses_its_issue_names_only() -> None:
    glossary = game_glossary(load_game("rental-agreement"))
    assert glossary is not None
    # ("subletting" is no word of the glossary's vocabulary; the lexicon reads it)
    assert set(glossary.english_by_form.values()) == {"rent", "duration", "deposit"}


def test_the_glossaries_are_well_formed() -> None:
    first = (GLOSSARY_DIR / "english.txt").read_text(encoding="utf-8").split()
    second = (GLOSSARY_DIR / "english2.txt").read_text(encoding="utf-8").split()
    assert not set(first) & set(second) and len(set(first)) == len(first) and len(set(second)) == len(second)
    files = sorted(GLOSSARY_DIR.glob("*.tsv"))
    assert len(files) >= 20
    for path in files:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        # every language covers the first vocabulary; the second, where it has been written
        assert sum(line.split("\t")[0] in first for line in lines) >= 0.9 * len(first), path.name
        for line in lines:
            assert line.count("\t") == 1, (path.name, line)
            english, forms = line.split("\t")
            assert english in first or english in second, (path.name, english)
            assert all(form.strip() for form in forms.split("|")), (path.name, line)
            assert not any(char.isupper() for char in forms), (path.name, line)


def test_a_form_of_another_language_is_not_read_in_a_text_of_this_one(orchard) -> None:
    # "elle" is a Turkish form of "hand" (by hand); in a French text it is "she"
    from lamen.judge.glossary import forms_by_language
    assert "elle" in forms_by_language()["tr"]["hand"]
    message = "Le prix : 150 $ par nuit, pension complète ; pour l'arrosage, elle préfère le goutte-à-goutte."
    assert extract_message(message, label_cache(orchard), side=1).offers.get("watering") == "drip irrigation"
    assert "elle" in label_cache(orchard).glossary.gloss(message)


def test_a_game_word_is_looked_up_whole_before_less_an_ending() -> None:
    from lamen.judge.glossary import headword
    assert headword("delivery") == "delivery" and headword("sites") == "site"
    assert headword("guided") in ("guided", "guide")
    assert headword("zzzs") is None


def test_a_text_the_english_test_takes_for_english_is_glossed_when_three_words_are_of_one_language(orchard) -> None:
    glossary = label_cache(orchard).glossary
    assert glossary is not None
    swedish = "Vårt bud: 150 $ per natt, helpension och droppbevattning."
    assert "drip irrigation" in glossary.glossed(swedish)
    english = "We propose $150 per night, manual watering and full board."
    assert glossary.glossed(english) == english


def test_a_turkish_capital_i_does_not_stop_the_glossing(orchard) -> None:
    glossary = label_cache(orchard).glossary
    assert glossary is not None
    assert "drip irrigation" in glossary.gloss("İlk teklifimiz: gecelik 150 $, tam pansiyon ve damla sulama.")


def test_an_arabic_form_is_read_at_a_word_start_or_after_an_article_never_inside_a_word(orchard) -> None:
    glossary = label_cache(orchard).glossary
    assert glossary is not None and glossary.english_by_form["الثمن"] == "price"
    assert "price" in glossary.gloss("الثمن: 150 دولار") and "price" in glossary.gloss("بالثمن المعتاد")
    assert glossary.gloss("منثمن") == "منثمن"  # (a form inside another word, after no article)


def test_a_hindi_form_is_never_read_inside_a_word(orchard) -> None:
    glossary = label_cache(orchard).glossary
    assert glossary is not None and glossary.english_by_form["दाम"] == "price"
    assert "price" in glossary.gloss("दाम 150 डॉलर")
    assert glossary.gloss("दामी 150") == "दामी 150"  # (a vowel sign after it: the form is part of a word)
