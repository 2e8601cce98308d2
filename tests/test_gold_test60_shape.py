"""The sixtieth held-out gold part (tests/data/extraction_gold_test60.jsonl, `t60-*`) is well formed by the
rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns rather
than a stress test: mostly protocol notes ("Acceptable offer" JSON or lists, often markdown) and a few
sentences of polite negotiation, with acceptances bare and restating, relative concessions, and turns of
tournaments played in other languages; every item carries its writer's side, and it brings a new
user-authored game (ice-rink-booking). What every part promises (size, families, languages, sides, games,
hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after
the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share, texts_with
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST60 = DATA / "extraction_gold_test60.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST60, "We agree on all issues.", restated_issues=4)


def test_most_notes_follow_the_protocol() -> None:
    # A representative sample: most notes state their "Acceptable offer" (in the tournament's language).
    assert headed_notes_share(GOLD_TEST60) >= 0.7


def test_messages_are_mostly_a_few_sentences() -> None:
    # Real turns: most messages are short to middling; a few are long and chatty, a few terse.
    messages = [i for i in read_items(GOLD_TEST60) if i["kind"] == "message"]
    long_ones = [i for i in messages if len(i["text"]) > 600]
    terse = [i for i in messages if len(i["text"]) < 60]
    assert 2 <= len(long_ones) <= 0.1 * len(messages)
    assert len(terse) >= 8


def test_concessions_relative_to_an_earlier_value_state_their_result() -> None:
    assert texts_with(GOLD_TEST60, "come down another", "another thousand", "half a point", "drop **$2",
                      "another fifty", "up $10k") >= 5


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    rink = new_game_items_offering_every_label(GOLD_TEST60, "ice-rink-booking")
    assert len(rink) >= 30
    # Its synonyms and aliases are written, not only the issue names and labels.
    synonyms = ("Saturday afternoon", "saturday afternoon", "after-school", "after school", "shared lockers",
                "own dressing room", "whole season", "until Christmas", "October to March")
    assert sum(any(w in i["text"] for w in synonyms) for i in rink) >= 6
    assert sum(any(w in i["text"] for w in ("Ice rate", "Slot", "slot:", "Locker room", "Term", "term:", "Rate:"))
               for i in rink) >= 4
