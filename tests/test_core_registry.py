"""Families come from the `lamen.families` entry-point group: a package outside lamen adds one
by declaring an entry point (here a real dist-info folder on sys.path, as pip would install it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.core import registry
from lamen.core.registry import UnknownFamily, family_names, get_family


def install_fake_distribution(root: Path, entry: str) -> None:
    dist = root / "toy_scouts-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-scouts\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[lamen.families]\n{entry}\n")


def test_an_outside_package_registers_a_family_through_its_entry_point(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert "toy.scouts" not in family_names()
    install_fake_distribution(tmp_path, "toy.scouts = tests.toy_family:FAMILY")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert family_names() == ("adventurers", "dialop.mediation", "dialop.optimization", "dialop.planning", "negotiation", "peoplejoin.qa",
                              "toolwoz", "toy.scouts")
    family = get_family("toy.scouts")
    assert family.name == "toy.scouts" and set(family.players) == {"teller", "guesser"}


def test_an_entry_point_naming_something_else_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake_distribution(tmp_path, "toy.other = tests.toy_family:FAMILY")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match="gives family 'toy.scouts'"):
        get_family("toy.other")


def test_a_built_in_cannot_be_replaced_by_an_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake_distribution(tmp_path, "dialop.optimization = tests.toy_family:FAMILY")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert get_family("dialop.optimization").name == "dialop.optimization"


def test_a_family_registered_in_code_and_an_unknown_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toy_family import FAMILY

    monkeypatch.setitem(registry._BUILTIN, "toy.scouts", lambda: FAMILY)
    assert get_family("toy.scouts") is FAMILY
    with pytest.raises(UnknownFamily, match="unknown game family 'nope' \\(known: adventurers, dialop.mediation, dialop.optimization, dialop.planning, negotiation, peoplejoin.qa, toolwoz, toy.scouts\\)"):
        get_family("nope")
