"""The fifty-sixth held-out gold part (tests/data/extraction_gold_test56.jsonl, `t56-*`) is a representative
sample of a round-robin tournament's turns, not a stress test: most notes give the protocol's acceptable
offer (JSON, a list or a markdown block with a sentence or two of reasoning), most messages are a few
polite sentences with a counter-offer, and acceptances come both bare and restating the package. Every
item carries `side`, notes too. At least 15% of the items are turns of tournaments played in other
languages, and it brings a new user-authored game, `vending-placement`. What every part promises (size,
families, languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py;
this module checks what this part stresses. Shape only: the readers never run here (the part is scored
by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST56 = DATA / "extraction_gold_test56.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST56, "We agree on all issues.")


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST56, "vending-placement")) >= 30


def test_most_notes_give_the_protocols_acceptable_offer() -> None:
    # A representative sample: most notes name the acceptable offer as the protocol asks, in any language.
    assert headed_notes_share(GOLD_TEST56) >= 0.7


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST56)}
    # A value the speaker corrects in the same message ("let me put it differently: ... $1,100") is superseded.
    assert found["t56-msg-015"]["offers"]["rent"] == "$1100" and not found["t56-msg-015"]["ambiguous"]
    # A package followed by "If you need ..., I could consider 15% in exchange for the main lobby" offers two
    # packages: what they differ on is ambiguous, what only the first names is offered.
    assert found["t56-msg-063"]["ambiguous"] == ["location", "commission"]
    assert found["t56-msg-063"]["offers"] == {"restocking": "twice weekly", "term": "36 months"}
    # "Would you meet me at $26,500? If not, ... stay with the powertrain plan": warranty ambiguous, price invalid.
    assert found["t56-msg-119"]["ambiguous"] == ["warranty"] and found["t56-msg-119"]["invalid"] == {"price": "$26,500"}
    # "$120,000 or $130,000 with no bonus": the bonus is named in one alternative only, so it is offered.
    assert found["t56-msg-138"]["offers"]["signing bonus"] == "no bonus" and found["t56-msg-138"]["ambiguous"] == ["salary"]
    # Extras outside the game thrown into a package are unknown issues; "unchanged — see above" offers nothing.
    assert found["t56-msg-124"]["unknown_issues"] == ["floor mats", "tint"]
    assert not found["t56-note-083"]["offers"]
