"""The forty-fifth held-out gold part (tests/data/extraction_gold_test45.jsonl, `t45-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers echoed as a JSON
Schema (`const` / `enum`), INI sections, XML attributes, JSON Lines, SCREAMING_SNAKE keys in bracket tags,
offers in a rhyme or a haiku, labels referred to by their place in a list, an `offer` object beside a list
of fallback alternatives, digits and words that disagree, emoji as keys, "a decade" / "half a decade",
unnamed slash packages, the speaker's own earlier offer quoted with ">" and reaffirmed, a pasted wrong
shorthand corrected in the same turn, trade words ("bac acier", "garantie décennale"), Bengali digits and
Korean native number words. Every item carries `side`, notes too. More than a quarter of its items are
turns of multilingual tournaments (several scripts besides the Latin one), and it brings a new
user-authored game, `roof-repair`. What every part promises (size, families, languages, sides, games,
hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after
the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST45 = DATA / "extraction_gold_test45.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "ar", "he", "hi", "bn", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST45, OTHER_SCRIPTS)


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST45, '"const"') == 2  # the offer echoed as a JSON Schema
    assert texts_with(GOLD_TEST45, "[offer]", "<offer price=", "[ACCEPTABLE_OFFER]") == 3  # INI, XML attributes, tags
    assert texts_with(GOLD_TEST45, "Roof above", "A roof of tile") == 2  # offers in verse
    assert texts_with(GOLD_TEST45, "💰") == 2  # emoji as keys
    assert texts_with(GOLD_TEST45, "a decade", "A decade", "décennale") == 3  # guarantees in decades
    assert texts_with(GOLD_TEST45, "৬", "이틀") == 2  # Bengali digits, Korean native number words


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST45)}
    # A schema `enum` of two values is two values; `const` is the value.
    assert found["t45-note-021"]["ambiguous"] == ["price"]
    assert found["t45-note-020"]["offers"]["price"] == "$7000"
    # Labels named only by their place in a list the note does not show are not read.
    assert set(found["t45-note-064"]["offers"]) == {"price", "guarantee"}
    # An `offer` object beside fallback alternatives: the offer object counts.
    assert found["t45-note-091"]["offers"]["rent"] == "$1100"
    # Digits and words that disagree are two values.
    assert found["t45-note-092"]["ambiguous"] == ["rent"]
    # The speaker's own earlier offer, quoted and reaffirmed, is offered again.
    assert found["t45-msg-133"]["offers"]["rent"] == "$1100"
    # A pasted wrong shorthand corrected in the same turn: the correction counts.
    assert found["t45-msg-135"]["offers"]["price"] == "$9000"
    # A share that is no label ("two thirds") and a vague count ("a couple days") are invalid as written.
    assert found["t45-note-099"]["invalid"] == {"ownership": "две трети"}
    assert found["t45-msg-136"]["invalid"] == {"subletting": "a couple days"}
    # A guarantee named in only one of two packages is offered; the price they differ in is ambiguous.
    assert found["t45-msg-120"]["offers"]["guarantee"] == "no guarantee"
    assert found["t45-msg-120"]["ambiguous"] == ["price"]


def test_the_new_game_offers_every_label() -> None:
    roof = new_game_items_offering_every_label(GOLD_TEST45, "roof-repair")
    assert len(roof) >= 30
    # Most of its text labels are written in other words than the label's.
    starts = [i for i in roof if "start" in i["offers"]]
    assert sum(i["offers"]["start"] not in i["text"] for i in starts) >= 10


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST45, "agree on all issues")
