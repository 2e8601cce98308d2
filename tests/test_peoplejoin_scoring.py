"""PeopleJoin-QA's deterministic Match, the people metrics and the hub's BM25 tools."""

from __future__ import annotations

from lamen.families.peoplejoin.match import match, people_metrics, words
from lamen.families.peoplejoin.organisation import load_organisation
from lamen.families.peoplejoin.questions import dev_items
from lamen.families.peoplejoin.tools import bm25_rank, resolve_person, search_documents, search_relevant_people

ITEMS = {i.datum_id: i for i in dev_items()}


def test_match_a_count_stated_in_a_sentence_with_the_question_years() -> None:
    item = ITEMS["concert_singer_1"]  # How many concerts occurred in 2014 or 2015? → [[6]]
    assert match(item, "There were 6 concerts in 2014 or 2015.") == 100
    assert match(item, "7") == 0
    assert match(item, "6, or maybe 7") == 50  # a stray number beyond the gold ones
    assert match(item, "This cannot be answered.") == 0
    assert match(item, None) == 0


def test_match_rows_of_names_and_numbers_full_and_partial() -> None:
    item = ITEMS["concert_singer_3"]  # [["France", 4], ["Netherlands", 1], ["United States", 1]]
    assert match(item, "France: 4\nNetherlands: 1\nUnited States: 1") == 100
    assert match(item, "france 4, netherlands 1, united states 1.") == 100
    assert match(item, "France: 4") == 50
    assert match(item, "Germany") == 0


def test_match_an_unanswerable_item_wants_the_claim_and_an_empty_result_wants_nothing_found() -> None:
    assert match(ITEMS["concert_singer_2"], "Sorry, this cannot be answered with what anyone holds.") == 100
    assert match(ITEMS["concert_singer_2"], "Joe Sharp: 2") == 0
    empty = next(i for i in dev_items() if i.execution_result == "[]")
    assert match(empty, "There are none.") == 100
    assert match(empty, "42") == 0


def test_people_metrics_exclude_nobody_themselves_and_credit_an_empty_gold_set() -> None:
    assert people_metrics({"hannah", "lina"}, {"hannah", "bhushan"}) == {"people": 2.0, "p_rec": 0.5, "p_prec": 0.5}
    assert people_metrics(set(), set()) == {"people": 0.0, "p_rec": 1.0}
    assert people_metrics(set(), {"hannah"}) == {"people": 0.0, "p_rec": 0.0}


def test_words_count_punctuation_as_the_nltk_tokenizer_does() -> None:
    assert words("Try Hannah, she knows.") == 6


def test_bm25_ranks_the_best_shared_word_match_first_and_hides_unrelated_texts() -> None:
    corpus = ["concert stadium year", "singer country age", "concert concert theme", "pets"]
    assert [i for i, _ in bm25_rank(corpus, "concert theme", 10)] == [2, 0]
    assert bm25_rank(corpus, "weather", 10) == []


def test_the_tools_search_the_users_documents_the_directory_and_names() -> None:
    org = load_organisation("concert_singer")
    found = search_documents(org, "stadium capacity")
    assert found.payload == ["stadium"] and "Stark's Park" in found.text
    assert search_documents(org, "singer").payload == []  # Lina's table is not Alice's
    people = search_relevant_people(org, "concerts in a stadium")
    assert people.payload[0] == "bhushan"  # his outdated profile claims the concerts Hannah holds
    assert "alice" not in people.payload
    assert resolve_person(org, "hannah jarvis").payload == "hannah"
    assert resolve_person(org, "Sylvie").payload == "sylvie"
    assert resolve_person(org, "Zed").error
