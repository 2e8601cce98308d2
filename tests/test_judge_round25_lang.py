"""Round 25, hand "lang": a game's own words in other languages read where the glossary's trie does not
hold the word as written: a form with an ending the glossary does not list, a form written without its
accents, a compound of two of the game's words (German, Dutch, Swedish), and a compound form of the
glossary that is a label of the game whole ("Frontlader"). Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from tests.gold_shape import game_from_yaml

PRINT_SHOP = """\
name: print-shop
description: A print shop and a publisher settle a print run.
sides:
  - You are the print shop.
  - You are the publisher.
parties:
  - Shop
  - Publisher
issues:
  - name: price
    issue_type: distributive
    descriptions: What the publisher pays.
    payoffs:
      - [0, 1, 2]
      - [2, 1, 0]
    payoff_labels:
      - ["$200", "$300", "$400"]
      - ["$200", "$300", "$400"]
  - name: paper
    issue_type: integrative
    descriptions: Which paper is used.
    payoffs:
      - [1, 0]
      - [0, 1]
    payoff_labels:
      - [standard paper, recycled paper]
      - [standard paper, recycled paper]
  - name: press
    issue_type: integrative
    descriptions: Whose machine prints.
    payoffs:
      - [1, 0]
      - [0, 1]
    payoff_labels:
      - [machine on loan, own machine]
      - [machine on loan, own machine]
  - name: attachments
    issue_type: integrative
    descriptions: What comes with the forklift.
    payoffs:
      - [1, 0]
      - [0, 1]
    payoff_labels:
      - [front loader, no attachments]
      - [front loader, no attachments]
  - name: proof
    issue_type: integrative
    descriptions: Whether a proof is printed first, and who pays for it.
    payoffs:
      - [1, 0]
      - [0, 1]
    payoff_labels:
      - [no free proof, free proof]
      - [no free proof, free proof]
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory):
    return game_from_yaml(tmp_path_factory.mktemp("games"), "print-shop", PRINT_SHOP)


@pytest.mark.parametrize("message, paper, press", [
    # compounds of two of the game's words, a linking letter or a dropped "e" between
    ("Unser Angebot: 300 $, Standardpapier und eine Leihmaschine.", "standard paper", "machine on loan"),
    ("Ons voorstel: 300 $, standaardpapier en een eigen machine.", "standard paper", "own machine"),
    ("Vi föreslår 300 $ totalt, med standardpapper och egen maskin.", "standard paper", "own machine"),
    # an ending the glossary does not list ("recyceltes" of "recycelt")
    ("Unser Angebot: 300 $, recyceltes Papier, eine Leihmaschine.", "recycled paper", "machine on loan"),
])
def test_compounds_and_endings_of_the_games_words_are_read(shop, message: str, paper: str, press: str) -> None:
    reading = extract_message(message, label_cache(shop), side=1)
    assert reading.offers.get("price") == "$300"
    assert reading.offers.get("paper") == paper
    assert reading.offers.get("press") == press


def test_a_form_written_without_its_accents_is_read(shop) -> None:
    glossary = label_cache(shop).glossary
    assert glossary is not None
    assert "machine" in glossary.gloss("Propuesta: 300 $, una maquina propia.")


def test_a_glossary_form_that_is_a_compound_of_a_label_reads_as_the_label(shop) -> None:
    glossary = label_cache(shop).glossary
    assert glossary is not None
    # "Frontlader" is the glossary's "loader"; in this game, "front" and "loader" are one label
    assert glossary.english_by_form["frontlader"] == "front loader"
    note = "Akzeptables Angebot:\n- Preis: 200 $\n- Papier: Standardpapier\n- Anbaugeräte: Frontlader"
    assert extract_note(note, label_cache(shop), side=0).offers.get("attachments") == "front loader"


def test_two_game_words_no_phrase_of_the_game_holds_are_no_compound(shop) -> None:
    glossary = label_cache(shop).glossary
    assert glossary is not None and glossary.words is not None
    # paper and machine are both the game's words, but no label, name or synonym holds both
    assert glossary.words.compound("papiermaschine") is None
    assert glossary.words.compound("standardpapier") == "standard paper"


def test_english_text_and_what_the_lexicon_reads_stay_as_written(shop) -> None:
    glossary = label_cache(shop).glossary
    assert glossary is not None
    text = "Our offer: $300, standard paper and a machine on loan."
    assert glossary.glossed(text) == text
    # an inflection is only read where the ending is one of a language's endings ("papierata" is none)
    assert glossary.words.english("papierata") is None


@pytest.mark.parametrize("text, english", [
    ("不设 signing bonus", "no signing bonus"),  # a word the glossary made English after the negation
    ("不提供 machine", "no machine"),
    ("不要 bar", "no bar"),
    ("仅 weekday", "only weekday"),
    ("但只 including breakfast", "only including breakfast"),
])
def test_chinese_negation_and_only_before_a_glossed_word(text: str, english: str) -> None:
    from lamen.judge.lexicon import cjk_to_latin
    assert english in cjk_to_latin(text)


def test_chinese_only_is_not_a_counter_after_a_numeral() -> None:
    from lamen.judge.lexicon import cjk_to_latin
    # "8只 birds": 只 counts the birds, it is no "only"
    assert "only" not in cjk_to_latin("带 8只 birds")


@pytest.mark.parametrize("text, phrase", [
    ("Proposta: 300 $, papel estándar.", "standard paper"),  # the lexicon's "estándar" after the glossary's "papel"
    ("Proposition : 300 $, papier recyclé.", "recycled paper"),
])
def test_an_adjective_after_its_noun_reads_in_the_games_order(shop, text: str, phrase: str) -> None:
    glossary = label_cache(shop).glossary
    assert glossary is not None
    assert phrase in glossary.gloss(text)


def test_a_label_denying_its_words_is_not_what_they_name_side_by_side(shop) -> None:
    glossary = label_cache(shop).glossary
    assert glossary is not None and glossary.words is not None
    # "no free proof" comes first in the game, but "épreuve gratuite" is the free proof
    assert glossary.words.phrase_by_words[frozenset(("free", "proof"))] == "free proof"
    assert "no free" not in glossary.gloss("Proposition : 300 $, une épreuve gratuite.")
