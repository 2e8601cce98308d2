"""Every LAMEN data file reads unchanged, and lamen's built-in games match LAMEN's runs."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pandas as pd
import pytest

from lamen.spec.check import check_paths
from lamen.spec.library import Library
from lamen.spec.load import game_from_document, game_with_issues, load_game, load_issue, load_persona, load_protocol
from lamen.spec.yaml_source import read_yaml
from tests.conftest import LAMEN_DATA, REPO


def lamen_files(folder: str) -> list[Path]:
    return sorted((LAMEN_DATA / folder).glob("*.yaml")) if LAMEN_DATA.is_dir() else []


@pytest.mark.parametrize("path", lamen_files("issues"), ids=lambda p: p.name)
def test_every_lamen_issue_loads(path: Path) -> None:
    issue = load_issue(path)
    assert len(issue.labels) == len(issue.aligned_payoffs(0)) == len(issue.aligned_payoffs(1)) >= 10


def test_lamen_issue_count(lamen_data: Path) -> None:
    assert len(lamen_files("issues")) == 24
    assert len(lamen_files("games")) == 7


@pytest.mark.parametrize("path", lamen_files("games"), ids=lambda p: p.name)
def test_every_lamen_game_loads_and_plays_with_issues(path: Path) -> None:
    library = Library.default([LAMEN_DATA])
    # LAMEN's game files carry no issues: they validate as descriptions ...
    assert game_from_document(read_yaml(path), library) is None
    # ... and become playable games with issues chosen per experiment, as LAMEN's runs did.
    game = game_with_issues(path, ["gen-ra-rent", "gen-ra-duration"], [[100, 200], [200, 100]], library=library)
    assert [issue.name for issue in game.issues] == ["rent", "duration"]
    assert game.game_class == "integrative"


def test_lamen_quirks_are_read_and_reported(lamen_data: Path) -> None:
    employees = load_issue(lamen_data / "issues" / "gen-m-employees.yaml")
    assert employees.aligned_payoffs(1) == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    assert employees.warnings == (
        "payoffs[1] is nested one level too deep ([[...]]); read as a flat list",
        "payoff_labels[1] is nested one level too deep ([[...]]); read as a flat list",
    )
    # room_price lists side 2's labels in reverse with a typo ("$000" for "$800").
    room = load_issue(lamen_data / "issues" / "room_price.yaml")
    assert room.labels[0] == "$100"
    assert room.aligned_payoffs(0) == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert room.aligned_payoffs(1) == (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    assert room.side_label(1, "$800") == "$000"
    assert room.warnings == ("side 2 label '$000' is not among side 1's labels; paired with '$800', the only unmatched one",)


@pytest.mark.parametrize("path", lamen_files("communication_protocols"), ids=lambda p: p.name)
def test_every_lamen_protocol_loads(path: Path) -> None:
    protocol = load_protocol(path)
    lamen = read_yaml(path).data
    assert protocol.note_max_words == lamen["note_max_len"]
    assert protocol.message_max_words == lamen["msg_max_len"]
    assert protocol.note_sees_notes == lamen["note_input_note_history"]
    assert protocol.note_sees_messages == lamen["note_input_msg_history"]
    assert protocol.message_sees_notes == lamen["msg_input_note_history"]
    assert protocol.message_sees_messages == lamen["msg_input_msg_history"]
    # The rules and prompts come from LAMEN's own files beside the protocol.
    rules = read_yaml(LAMEN_DATA / "general_game_rules.yaml").data
    assert protocol.rules == tuple(rules["rules"])
    assert protocol.rules_prompt == rules["rules_prompt"]
    assert protocol.note_prompt == (LAMEN_DATA / "note_prompts" / "prompt_0.txt").read_text().strip()
    assert protocol.message_prompt == (LAMEN_DATA / "message_prompts" / "prompt_0.txt").read_text().strip()
    assert protocol.note_format_prompt == (LAMEN_DATA / "note_prompts" / "note_standard_suffix.txt").read_text().strip()


@pytest.mark.parametrize("path", lamen_files("agents"), ids=lambda p: p.name)
def test_every_lamen_persona_loads(path: Path) -> None:
    persona = load_persona(path)
    assert persona.internal_description["name"]


def test_default_protocol_is_the_papers(lamen_data: Path) -> None:
    protocol = load_protocol(REPO / "protocols" / "default.yaml")
    assert (protocol.note_sees_notes, protocol.note_sees_messages) == (0, -1)
    assert (protocol.message_sees_notes, protocol.message_sees_messages) == (1, -1)
    assert (protocol.note_max_words, protocol.message_max_words, protocol.max_rounds) == (64, 64, 10)
    assert protocol.format == "transcript" and protocol.show_rounds and protocol.visibility == 0
    assert protocol.agreement_phrase == "We agree on all issues."
    assert protocol.rules == tuple(read_yaml(lamen_data / "general_game_rules.yaml").data["rules"])


def test_builtin_specs_all_validate() -> None:
    count, problems = check_paths([REPO / "games", REPO / "issues", REPO / "protocols", REPO / "tournaments"])
    assert count == 9 + 13 + 1 + 4  # games, issues, protocols, tournaments (quickstart, the cooperative one of two
    # parts, the DialOp one of three and agents-vs-people of two)
    assert problems == []


# The paper's experimental set, as LAMEN's cross-play run configured it (evals.csv game columns).
PAPER_SET = {
    "rental-1-distributive": (["gen-ra-rent"], "[[100], [100]]"),
    "rental-1-compatible": (["gen-ra-duration"], "[[100], [100]]"),
    "rental-2-distributive": (["gen-ra-rent", "gen-ra-subletting"], "[[100, 100], [100, 100]]"),
    "rental-2-mixture": (["gen-ra-rent", "gen-ra-duration"], "[[100, 100], [100, 100]]"),
    "rental-2-integrative-distributive": (["gen-ra-rent", "gen-ra-subletting"], "[[200, 100], [100, 200]]"),
    "rental-2-integrative-mixture": (["gen-ra-rent", "gen-ra-duration"], "[[100, 200], [200, 100]]"),
}


def _lamen_payoff_tables(issues_text: str) -> dict[str, list[list[float]]]:
    """Parse the `game_issues` repr LAMEN stored: Issue(name='rent', ..., payoffs=[array([...]), array([...])], ...)."""
    tables = {}
    for match in re.finditer(r"Issue\(name='([^']*)'.*?payoffs=\[array\((\[.*?\])\), array\((\[.*?\])\)\]", issues_text, re.S):
        tables[match.group(1)] = [ast.literal_eval(" ".join(match.group(k).split())) for k in (2, 3)]
    return tables


@pytest.mark.parametrize("name", sorted(PAPER_SET))
def test_builtin_paper_games_match_lamens_payoff_tables(name: str, lamen_data: Path) -> None:
    issue_files, weights = PAPER_SET[name]
    evals = pd.read_csv(lamen_data / "processed_outputs" / "cross_play" / "28-09-2023_14-40-51" / "evals.csv")
    issue_names = [load_issue(lamen_data / "issues" / f"{f}.yaml").name for f in issue_files]
    rows = evals[(evals.game_issue_weights == weights)
                 & (evals.game_issues.str.findall(r"Issue\(name='([^']*)'").map(tuple) == tuple(issue_names))]
    assert len(rows) > 0
    lamen_tables = _lamen_payoff_tables(rows.iloc[0].game_issues)
    game = load_game(name)
    for index, issue in enumerate(game.issues):
        for side in (0, 1):
            ours = game.table_payoffs(side, index)
            assert ours == pytest.approx(lamen_tables[issue.name][side], abs=1e-3)
    expected_class = {"non-integrative distributive": "competitive", "non-integrative compatible": "cooperative",
                      "integrative distributive": "integrative", "integrative compatible": "integrative"}
    assert game.game_class == expected_class[rows.iloc[0].game_type]
