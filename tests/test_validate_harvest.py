"""`lamen validate` knows harvest specs: the shipped ones are valid, and a broken one gets the exact
line `lamen harvest` would refuse it with (a wrong family, player or beam), never 'cannot tell what
this file is'."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.cli import main
from lamen.harvest.run import harvest_problems
from lamen.spec.check import check_file, detect_kind
from lamen.spec.library import Library
from tests.conftest import REPO

SHIPPED = REPO / "harvests" / "toolwoz.yaml"


def test_shipped_harvests_are_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(REPO / "harvests")]) == 0
    assert capsys.readouterr().out.strip() == "3 file(s) checked: 0 invalid, 0 warning(s)"


@pytest.mark.parametrize(("old", "new", "line"), [
    ("family: toolwoz", "family: toolwozz",
     "13: family: unknown game family 'toolwozz' (known: adventurers, dialop.mediation, dialop.optimization, "
     "dialop.planning, negotiation, peoplejoin.qa, toolwoz) (name a family that `lamen games list` shows)"),
    ("agent: player:slot-filler", "agent: player:nobody",
     "17: agent: toolwoz has no scripted player 'nobody' (use one of: oracle, slot-filler, speak-only, random-api, "
     "terse, verbose)"),
    ("\nbeam: 8", "\nbeam: 0", "23: beam: Input should be greater than or equal to 1, got 0 (live leaves at most (JOSH: 8))"),
])
def test_broken_harvest_gets_one_located_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              old: str, new: str, line: str) -> None:
    text = SHIPPED.read_text()
    assert old in text
    broken = tmp_path / "harvest.yaml"
    broken.write_text(text.replace(old, new, 1))
    assert main(["validate", str(broken)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{broken}:{line}", "1 file(s) checked: 1 invalid, 0 warning(s)"]
    assert broken.read_text() == text.replace(old, new, 1)  # validating never changes a file


def test_harvest_kind_is_told_from_its_fields() -> None:
    assert detect_kind({"name": "h", "family": "toolwoz", "simulator": "player:verbose"}) == "harvest"
    assert detect_kind({"name": "t", "agents": ["bot:boulware"], "beam": 8}) == "tournament"
    # Below the harvest layer a harvest file is read as YAML only; the command passes the harvest's checks.
    assert check_file(SHIPPED, Library.default()) == []
    assert harvest_problems(SHIPPED) == []
