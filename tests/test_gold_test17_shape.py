"""The seventeenth held-out gold part (tests/data/extraction_gold_test17.jsonl, `t17-*`) is issue 12's
second held-out set again, in drift the issue and the earlier parts do not list: ReAct traces (Thought /
Action Input), role-play stage directions in asterisks, arrows for moves ("$1,200 → $1,600"), the prompt's
JSON Schema echoed instead of values, whole-turn JSON with private and public fields, function calls with
keyword arguments, issue-order value vectors, markdown-escaped dollars, keycap emoji digits and
`<details>` wrappers, with more than a quarter of its items turns of multilingual tournaments (several
scripts besides the Latin one), and a new user-authored game, `band-booking`. What every part promises
(size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts, texts_with
from tests.gold_shape import items as read_items

GOLD_TEST17 = DATA / "extraction_gold_test17.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST17, OTHER_SCRIPTS)


def test_the_drift_beyond_earlier_parts_is_there() -> None:
    assert texts_with(GOLD_TEST17, "Action Input:") >= 3  # ReAct traces
    assert texts_with(GOLD_TEST17, "→") >= 5  # arrows for moves and headings
    assert texts_with(GOLD_TEST17, "*adjusts", "*leans", "*tunes", "*sighs") >= 2  # role-play stage directions
    assert texts_with(GOLD_TEST17, "\"enum\"") >= 1  # the prompt's schema echoed back
    assert texts_with(GOLD_TEST17, "propose(", "Offer vector") >= 2  # calls and vectors in the issue order
    assert texts_with(GOLD_TEST17, "\\$", "2️⃣", "<details>") >= 3  # escaped dollars, keycap digits, HTML wrappers


def test_the_new_game_takes_its_labels_in_other_words() -> None:
    band = [i for i in read_items(GOLD_TEST17) if i["game"] == "band-booking"]
    assert len(band) >= 30
    sets = [i["offers"]["sets"] for i in band if "sets" in i["offers"]]
    assert set(sets) == {"one set", "two sets", "three sets"}
    # Most offered labels are not written as the label is.
    assert sum(any(label not in i["text"] for label in i["offers"].values()) for i in band) >= 20
    assert any("sets" in i["invalid"] for i in band)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST17, "agree on all issues")
