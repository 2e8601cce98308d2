"""What round 18 of issue 12 left unpinned, pinned by exact values after its review: the
letter count that stands in for difflib's quick_ratio, the verb forms built for a party named as
provider, the sides a game's party names say are served, and the date labels worked out once."""

from __future__ import annotations

from difflib import SequenceMatcher
from itertools import product

import pytest

from lamen.judge.issue_names import close_spelling
from lamen.judge.parties import speaker_from_text
from lamen.judge.party_labels import _DOER, _done_by_served_issues, _served_sides, _verb_forms
from tests.gold_shape import labels_of


def test_the_letter_count_is_difflibs_quick_ratio_to_the_last_float() -> None:
    # the gate `2 * shared < 0.8 * length` rules out exactly the pairs `quick_ratio() < 0.8` did,
    # at the boundary too (4 letters shared of 5 + 5: 0.8, kept)
    for length, shared in product(range(10, 130), range(0, 66)):
        if 2 * shared <= length:
            assert (2 * shared < 0.8 * length) == (2.0 * shared / length < 0.8), (length, shared)


@pytest.mark.parametrize("word, other", [
    ("deposit", "deposits"), ("deposit", "depost"), ("subletting", "subleting"), ("warranty", "waranty"),
    ("assembly", "assemble"), ("duration", "ration"), ("salary", "salray"), ("rent", "rents"), ("fees", "fee"),
    ("cleanup", "clean-up"), ("delivery", "livery"), ("abcde", "edcba"), ("aabbc", "abbcc"), ("rental", "lentil"),
])
def test_close_spelling_keeps_difflibs_answer(word, other) -> None:
    matcher = SequenceMatcher(None, word, other)
    expected = len(word) >= 3 and other.startswith(word) or len(word) >= 5 and abs(len(word) - len(other)) <= 1 and \
        matcher.quick_ratio() >= 0.8 and matcher.ratio() >= 0.8
    assert close_spelling(word, other) == expected


@pytest.mark.parametrize("verb, forms", [
    ("handle", {"handle", "handles", "handled", "handling"}),
    ("bring", {"bring", "brings", "bringing", "brought"}),
    ("fix", {"fix", "fixes", "fixed", "fixing"}),
    ("do", {"do", "does", "did", "done", "doing"}),
])
def test_the_forms_of_a_verb_of_providing(verb, forms) -> None:
    assert _verb_forms(verb) == forms


def test_the_verbs_after_a_pronoun_are_round_seventeens_pattern() -> None:
    # (built from one list of the verbs since the review; the pattern is the one written out before)
    assert _DOER == (r"(?:(?:provide|supply|bring|cover|buy|handle|service|fix|maintain|repair|operate|run|carry|"
                     r"arrange|insure|assemble|look\s+after|take\s+care\s+of|pay\s+for|sort\s+out)(?:s|es|d|ed)?|"
                     r"(?:provid|supply|bring|cover|buy|handl|servic|fix|maintain|repair|operat|runn|carry|arrang|"
                     r"insur|assembl)ing)")


@pytest.mark.parametrize("game_name, served", [
    ("furniture-order", (1,)),  # "Customer"
    ("band-booking", (0,)),  # the "Band" is named like the game's trade: the venue is served
    ("merger", ()),
    ("home-renovation", (1,)),  # "Homeowner": one rule for every use since round twenty
])
def test_the_side_a_game_names_as_served(game_name, served) -> None:
    assert _served_sides(labels_of(game_name).game) == served


@pytest.mark.parametrize("game_name, issues", [
    ("home-renovation", (("cleanup", (1, "no cleanup")),)),
    ("solar-installation", (("battery", (1, "no battery")),)),
    ("furniture-order", ()),  # its "no warranty" stands among counts of years
])
def test_the_issues_the_served_party_may_do_itself(game_name, issues) -> None:
    assert _done_by_served_issues(labels_of(game_name).game) == issues


def test_the_date_labels_of_a_game() -> None:
    labels = labels_of("plant-hire")
    assert labels.date_labels == ("March 2", "March 16", "April 6")
    assert labels.has_dates
    assert labels_of("rental-agreement").date_labels == ()


@pytest.mark.parametrize("text, side", [
    ("On behalf of COMPANY B: 4 seats for you, 6 for us.", 1),  # (the full-name gate ignores case, as the forms do)
    ("B here. 4 seats for you, 6 for us.", 1),  # (a letter alone is read before the gate)
    ("We (company a) want 6 seats.", 0),
    ("Six seats for us, four for you.", None),
])
def test_the_side_a_message_speaks_for(text, side) -> None:
    assert speaker_from_text(text, ("Company A", "Company B")) == side


# Two misses the review found and the lead mended afterwards: "complete" was a word of `_FULL_UNIT` but not of
# the cue that lets number words be rewritten at all, and a product written without spaces ("10x600") never
# reached `_COMPUTED`, whose pattern reads it (a note read 600 and 6000 as two fees: ambiguous).
@pytest.mark.parametrize(("game", "kind", "text", "offers"), [
    ("rental-agreement", "message", "Rent $1,200 for 2 complete years.", {"rent": "$1200", "duration": "24 months"}),
    ("event-venue", "note", "Rental fee: 10x600 = 6000 dollars", {"rental fee": "$6000"}),
    ("event-venue", "note", "Rental fee: 10x$600 = $6,000", {"rental fee": "$6000"}),
])
def test_what_the_review_found_is_read(game: str, kind: str, text: str, offers: dict[str, str]) -> None:
    from lamen.judge.extract import extract_message, extract_note

    found = extract_note(text, labels_of(game)) if kind == "note" else extract_message(text, labels_of(game))
    assert dict(found.offers) == offers and not found.ambiguous
