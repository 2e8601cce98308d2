"""The seventy-seventh held-out gold part (tests/data/extraction_gold_test77.jsonl, `t77-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as a
TypeScript literal (`as const satisfies`, a union type), a Pydantic-style constructor, a C# object
initializer, an Erlang map, a Cypher node, RDF Turtle triples, a Kubernetes ConfigMap, a Python REPL
session and Jest `expect(...).toBe(...)` lines; an HTML form with a selected option and checked radio
buttons; star ratings and progress bars beside the values; a multiple-choice answer; a shopping cart, a
recipe, a scoreboard, a status board and numbered steps; a "Previously on" recap, ❝ ❞ quotes, third-person
commentary and a "Reply YES" line; and measures a careful reader converts or refuses (a fee per fortnight,
"bi-weekly", "a half-dozen", "three-fifty", "quid", "$26k OTD", an APR beside the rate, an hourly wage,
Korean native numerals, French "quatre-vingts", Hebrew and Arabic duals). Every item carries `side`, notes
too. More than a quarter of its items are turns of multilingual tournaments, and it brings a new
user-authored game, `lobby-flowers-t77`. What every part promises (size, families, languages, sides,
games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this
part stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST77 = DATA / "extraction_gold_test77.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST77, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST77, "agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST77, "lobby-flowers-t77")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code-ish offers: TypeScript, a constructor call, C#, Erlang, Cypher, Turtle, a ConfigMap, a REPL, Jest.
    assert texts_with(GOLD_TEST77, "satisfies Offer", "type Rent =", "rent: 1000 | 1100", "Offer(amount=",
                      "new Offer", "#{price", "CREATE (:Offer", "@prefix", "kind: ConfigMap", ">>> ", "toBe(") == 11
    assert texts_with(GOLD_TEST77, "<input", "★", "Answer: (b)", "█") == 4  # forms, stars, an answer, bars
    assert texts_with(GOLD_TEST77, "🛒", "Recipe for", "Scoreboard", "Status board", "**Step 1:**") == 5
    assert texts_with(GOLD_TEST77, "Previously on", "❝", "crowd goes wild", "Reply YES", "⇒") == 5
    assert texts_with(GOLD_TEST77, "per fortnight", "bi-weekly", "half-dozen", "three-fifty", "quid", "OTD",
                      "APR", "an hour", "열두", "quatre-vingts", "שנתיים", "سنتين") == 12


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST77)}
    # A union type in a declaration is no offer, a union as the value is two: ambiguous.
    assert found["t77-note-026"]["offers"]["rent"] == "$1300" and not found["t77-note-026"]["ambiguous"]
    assert found["t77-note-027"]["ambiguous"] == ["rent"]
    # Keyword units and a fraction: 0.04 is 4%; enum members and atoms name labels.
    assert found["t77-note-028"]["offers"]["annual interest rate"] == "4%"
    assert found["t77-note-029"]["offers"]["arrangement style"] == "tropical"
    assert found["t77-note-030"]["offers"]["warranty"] == "no extended warranty"
    # The selected option and the checked radio buttons are the picks; the answered choice is the offer.
    assert found["t77-note-035"]["offers"]["contract length"] == "6 months" and not found["t77-note-035"]["ambiguous"]
    assert found["t77-note-037"]["offers"] == {"rent": "$1200", "duration": "24 months"}
    # A fee per fortnight is exact; 'bi-weekly' is no label; an unrendered template offers nothing.
    assert found["t77-note-038"]["offers"]["weekly fee"] == "$250"
    assert found["t77-note-039"]["invalid"] == {"refresh": "bi-weekly"}
    assert not found["t77-note-041"]["offers"] and not found["t77-note-041"]["invalid"]
    # A cart's subtotal, a recap's old positions and a status board's dropped label are no offers.
    assert found["t77-msg-060"]["offers"]["weekly fee"] == "$250"
    assert found["t77-msg-061"]["offers"] == {"rent": "$1300", "duration": "18 months"}
    assert found["t77-msg-068"]["offers"]["arrangement style"] == "white and green"
    # A ⇒ decision tree is two packages; spoken prices and slang currencies are exact.
    assert sorted(found["t77-msg-064"]["ambiguous"]) == ["duration", "rent"]
    assert found["t77-msg-048"]["offers"]["weekly fee"] == "$350"
    assert found["t77-msg-066"]["offers"]["weekly fee"] == "$250"
    # An APR beside the rate is no second value; an hourly wage is not converted.
    assert found["t77-msg-072"]["offers"]["annual interest rate"] == "4%" and not found["t77-msg-072"]["ambiguous"]
    assert found["t77-msg-075"]["invalid"] == {"salary": "$55 an hour"}
    # Bare 'weekly' is the weekly refresh; three office days a week is hybrid.
    assert found["t77-msg-050"]["offers"]["refresh"] == "weekly refresh"
    assert found["t77-msg-032"]["offers"]["work arrangement"] == "hybrid"
    # Native Korean numerals and duals are exact; twenty-four months is no contract label.
    assert found["t77-note-055"]["offers"]["duration"] == "12 months"
    assert found["t77-note-056"]["invalid"] == {"contract length": "스물네 달"}
    assert found["t77-msg-103"]["offers"]["duration"] == "24 months"
    assert found["t77-msg-106"]["offers"]["duration"] == "24 months"
