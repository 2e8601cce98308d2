"""The fourteenth held-out gold part (tests/data/extraction_gold_test14.jsonl, `t14-*`) is well formed by
the rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered
value is one of its labels, invalid values are not labels and stand in the text as written, ambiguous
issues are in neither offers nor invalid. It is a representative sample of a round-robin tournament's
turns rather than a stress test: about 40% notes, every message names its side, six model families each
write notes and messages, at least 15% of the items are turns of tournaments played in other languages,
and it brings a new user-authored game (coworking-membership). It checks the labels' shape only; it
never runs the readers (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating

GOLD_TEST14 = DATA / "extraction_gold_test14.jsonl"
# What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
# tests/test_gold_parts_shape.py; this module checks what this part stresses.


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST14, "We agree on all issues.")
