"""The twenty-seventh held-out gold part (tests/data/extraction_gold_test27.jsonl, `t27-*`) is issue 12's
second held-out set again: about half ordinary tournament turns, the rest drift the earlier parts list
little or not at all: negotiation logs and timelines of the own offers ("Round 3 → ..."), memos and
summaries addressed to a third party (a board, a principal, a spouse), e-mails with a signature and the
other side's quoted reply, footnotes and nested parentheticals, pros/cons of each value before a
"Recommendation" under Title Case headings, GitHub-style callouts (`> [!NOTE]`), unusual unit words
("1 yr", "p.m.", "pcm", "per mensem", "twelve-month"), rounding words ("roughly", "a hair under"),
counting words ("a dozen", "a couple of", "a score of days"), fractions for percentages ("two-fifths"),
sarcasm, and the speaker quoting its own earlier turn; more than a quarter of its items are turns of
multilingual tournaments, in languages the earlier parts barely used (Greek, Ukrainian, Czech, Romanian,
Malay, Tagalog, Bengali, Persian, Swahili, Finnish) beside the usual ones, and a new user-authored game,
`film-location`. What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape
only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import (
    DATA, check_agreements_bare_and_restating, check_other_scripts, items, language_of,
    new_game_items_offering_every_label, texts_with,
)

GOLD_TEST27 = DATA / "extraction_gold_test27.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "el", "uk", "bn", "fa"}
# Languages the earlier parts barely used, each spoken in this part.
RARE_LANGUAGES = {"el", "uk", "cs", "ro", "ms", "tl", "bn", "fa", "sw", "fi"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST27, OTHER_SCRIPTS)


def test_languages_the_earlier_parts_barely_used_are_spoken_in_notes_and_messages() -> None:
    found = items(GOLD_TEST27)
    assert RARE_LANGUAGES <= {language_of(i) for i in found}
    for kind in ("note", "message"):
        assert sum(language_of(i) in RARE_LANGUAGES for i in found if i["kind"] == kind) >= 10, kind


def test_the_drift_beyond_earlier_parts_is_there() -> None:
    assert texts_with(GOLD_TEST27, "Round 3", "R3:", "Round-by-round", "Negotiation Log", "Negotiation log") >= 4  # logs
    assert texts_with(GOLD_TEST27, "Memo to", "Note to my", "Summary for my") >= 3  # addressed to a third party
    assert texts_with(GOLD_TEST27, "Recommendation", "Go with:") >= 4  # a recommendation after weighing
    assert texts_with(GOLD_TEST27, "Pros", "pros:", "Pro:") >= 3  # pros and cons of each value
    assert texts_with(GOLD_TEST27, "> [!NOTE]", "> [!TIP]", "> [!WARNING]") >= 2  # markdown callouts
    assert texts_with(GOLD_TEST27, " wrote:") >= 1  # an e-mail quoting the other side
    assert texts_with(GOLD_TEST27, "¹") >= 1  # footnotes
    assert texts_with(GOLD_TEST27, "1 yr", "p.m.", "pcm", "per mensem", "twelve-month") >= 5  # unit words
    assert texts_with(GOLD_TEST27, "a dozen", "a couple of", "a score of") >= 4  # counting words
    assert texts_with(GOLD_TEST27, "two-fifths", "three-fifths", "one third") >= 3  # fractions for percentages
    assert texts_with(GOLD_TEST27, "roughly", "a hair under") >= 3  # rounding words


def test_the_new_game_takes_its_labels_in_other_words() -> None:
    film = new_game_items_offering_every_label(GOLD_TEST27, "film-location")
    assert len(film) >= 30
    # Many offered text labels are not written as the label is (synonyms, paraphrases, other languages).
    assert sum(any(label not in i["text"] for label in i["offers"].values()) for i in film) >= 20
    assert any(i["invalid"] for i in film) and any(i["ambiguous"] for i in film)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST27, "agree on all issues", restated_issues=4)
