"""`lamen games list` and `lamen games show`."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from lamen.cli import main
from lamen.cli.games import games_table
from lamen.spec.library import Library


def test_games_list_shows_the_builtin_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "list"]) == 0
    out = capsys.readouterr().out
    for name in ("rental-agreement", "rental-1-compatible", "rental-2-mixture", "loan-agreement", "merger"):
        assert name in out


def test_games_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "show", "rental-2-integrative-mixture", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["class"] == "integrative"
    assert summary["outcomes"] == 121
    assert summary["frontier_size"] == 11
    assert [i["name"] for i in summary["issues"]] == ["rent", "duration"]
    assert summary["issues"][0]["weights"] == [1.0, 2.0]
    assert summary["issues"][1]["payoffs"][1][:3] == [0.0, 1.0, 2.0]
    assert summary["nash"] == {"offer": {"rent": "$500", "duration": "36 months"}, "utilities": [0.666667, 1.0]}
    assert summary["kalai_smorodinsky"] == {"offer": {"rent": "$800", "duration": "36 months"},
                                            "utilities": [0.766667, 0.8]}
    assert summary["opposition"] == 0.298142


def test_games_show_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "show", "rental-1-distributive"]) == 0
    out = capsys.readouterr().out
    assert "class: competitive" in out and "Nash" in out and "$1000" in out


def test_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "show", "no-such-game"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown game 'no-such-game'" in err[0]


def test_description_only_game_is_explained(lamen_data, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(lamen_data), "games", "show", "hotel"]) == 1
    assert "has no issues (a LAMEN game description)" in capsys.readouterr().err


def test_user_folder_comes_before_builtins(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rental-1-distributive.yaml").write_text(
        "name: rental-1-distributive\nextends: rental-agreement\nissues: [deposit]\n")
    monkeypatch.chdir(tmp_path)
    assert main(["games", "show", "rental-1-distributive", "--json"]) == 0
    assert [i["name"] for i in json.loads(capsys.readouterr().out)["issues"]] == ["deposit"]


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["games", "frobnicate"])
    assert caught.value.code == 2


def test_games_list_fits_100_columns_and_never_cuts_a_name(tmp_path, monkeypatch) -> None:
    """Two games sharing a long prefix print whole and different; a long folder wraps instead."""
    folder = tmp_path / ("a-rather-deep-folder-of-user-games-" * 2) / "games"
    folder.mkdir(parents=True)
    names = ["rental-2-integrative-distributive-variant-a", "rental-2-integrative-distributive-variant-b"]
    for name in names:
        (folder / f"{name}.yaml").write_text(f"name: {name}\nextends: rental-agreement\nissues: [deposit, rent]\n")
    monkeypatch.chdir(folder.parent)
    table, broken = games_table(Library.default())
    console = Console(width=100, file=io.StringIO(), highlight=False)
    console.print(table)
    out = console.file.getvalue()
    lines = out.splitlines()
    assert broken == []
    assert max(len(line) for line in lines) <= 100
    assert "…" not in out
    for name in [*names, "rental-2-integrative-distributive", "rental-2-integrative-mixture", "loan-agreement"]:
        assert sum(f"│ {name} " in line for line in lines) == 1, name
    # the folder, folded over several lines, is all there
    assert str(folder).replace("/", "") in "".join(line.split("│")[-2].strip() for line in lines if "│" in line
                                                   ).replace("/", "")
