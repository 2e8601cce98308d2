"""The thirteenth held-out gold part (tests/data/extraction_gold_test13.jsonl, `t13-*`) is well formed by
the rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered
value is one of its labels, invalid values are not labels and stand in the text as written, ambiguous
issues are in neither offers nor invalid. It imitates six model families' habits (each item's `why`
opens "Family-like; lang; role; ..."), about 40% notes and 60% messages, puts many items in two
user-authored games written for it (boat-charter, office-cleaning), and stresses notations the earlier
parts have little of (Python dict literals, TOML/INI sections, pipe and CSV lines, emails, chat
transcripts, several options, basis points, other scripts' digits, less-used languages). It checks the
labels' shape only; it never runs the readers (the part is scored by bench/extraction_gold.py, after the
labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, language_of
from tests.gold_shape import items as read_items

GOLD_TEST13 = DATA / "extraction_gold_test13.jsonl"
# Languages the earlier parts used little or not at all.
RARE_LANGUAGES = {"ar", "he", "el", "cs", "id", "da", "nb", "fi", "ro", "uk"}
# What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
# tests/test_gold_parts_shape.py; this module checks what this part stresses.


def test_languages_the_earlier_parts_used_little() -> None:
    foreign = [i for i in read_items(GOLD_TEST13) if language_of(i) != "en"]
    assert len({language_of(i) for i in foreign} & RARE_LANGUAGES) >= 8


def test_the_notations_this_part_stresses_are_there() -> None:
    items = read_items(GOLD_TEST13)
    notes = [i for i in items if i["kind"] == "note"]
    messages = [i for i in items if i["kind"] == "message"]
    # The notations this part stresses: Python dict literals, TOML/INI sections and pipe or CSV lines
    # in notes; emails, chat transcripts and several options in messages; basis points, "per cent"
    # and digits of other scripts anywhere.
    assert sum(i["text"].lstrip().startswith("{'") or "= {'" in i["text"] for i in notes) >= 5
    assert sum(any(line.strip().startswith("[") and line.strip().endswith("]") and "'" not in line
                   for line in i["text"].splitlines()) for i in notes) >= 4
    assert sum("|" in i["text"] or i["text"].count(",") >= 3 and "\n" in i["text"] for i in notes) >= 5
    assert sum("Subject:" in i["text"] for i in messages) >= 4
    speakers = ("Landlord", "Tenant", "Customer", "Officer", "Organiser", "Company", "Manager", "Cleaner",
                "Store", "Dealer", "Buyer", "Caterer", "Client", "Venue", "Tutor", "Parent", "Couple")
    assert sum(sum(line.split(":")[0].strip() in speakers for line in i["text"].splitlines()) >= 2
               for i in messages) >= 8
    assert sum("Option 1" in i["text"] or "Option A" in i["text"] for i in items) >= 5
    assert sum("bps" in i["text"] or "basis points" in i["text"] for i in items) >= 3
    assert sum("per cent" in i["text"] for i in items) >= 3
    assert sum(any(ch in i["text"] for ch in "０１２３４５６７８９٠١٢٣٤٥٦٧٨٩") for i in items) >= 4
