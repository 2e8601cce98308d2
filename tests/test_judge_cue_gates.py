"""A cheap substring test before a case-insensitive pattern must let through every text the pattern
matches: in capitals, in title case and with doubled spaces too (round 24's gates missed them)."""

from __future__ import annotations

import pytest

from lamen.judge.proposal_headings import last_proposal_heading
from lamen.judge.stance import _TAKEN_UP_BEFORE, _taken_up


@pytest.mark.parametrize("before", ["I Take your ", "WE ACCEPT YOUR ", "YES TO ", "We Keep your ", "yes  to ",
                                    "I'll gladly accept the "])
def test_a_verb_of_taking_up_in_any_case_or_spacing_governs_the_value(before: str) -> None:
    assert _TAKEN_UP_BEFORE.search(before)
    assert _taken_up(before)


@pytest.mark.parametrize("message, heading", [("So my offer  is $55 for the lot.", "So my offer  is"),
                                              ("OVERALL, OUR PROPOSAL WOULD BE $55.", "OVERALL, OUR PROPOSAL WOULD BE"),
                                              ("COUNTER-PROPOSAL: $50, weekly.", "COUNTER-PROPOSAL:")])
def test_a_heading_or_conclusion_in_any_case_or_spacing_is_found(message: str, heading: str) -> None:
    found = last_proposal_heading(message)
    assert found is not None and found.group(0) == heading
