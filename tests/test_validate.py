"""`lamen validate`: one exact line per problem, never a traceback, safe on hostile files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lamen.cli import main
from lamen.spec.check import check_file, check_paths
from lamen.spec.library import Library
from tests.conftest import REPO

MALFORMED = REPO / "tests" / "data" / "malformed"

# file -> the exact problems `lamen validate` prints for it (after "tests/data/malformed/<file>:").
EXPECTED = {
    "alias_bomb.yaml": ["1: (document): YAML aliases expand to more than 200000 nodes (an alias bomb?) (write the values out instead of nesting anchors and aliases)"],
    "descriptions_three.yaml": ["2: descriptions: Tuple should have at most 2 items after validation, not 3 (give exactly two entries, one per side)"],
    "duplicate_key.yaml": ["2: name: key 'name' appears twice (remove one; YAML keeps only the last)"],
    "duplicate_labels.yaml": [
        "10: payoff_labels[0][2]: label 'low' appears twice on side 1 (labels must be unique)",
        "11: payoff_labels[1][2]: label 'low' appears twice on side 2 (labels must be unique)",
    ],
    "empty_file.yaml": ["1: (document): file is empty (write a YAML mapping, e.g. 'name: ...')"],
    "empty_issue_list.yaml": ["5: issues: the game has no issues (list at least one issue under 'issues')"],
    "game_unknown_field.yaml": ["3: partys: unknown field 'partys' (did you mean 'parties'?)"],
    "inline_issue_zero_payoffs.yaml": ["7: issues[1]: side 1's best payoff for issue 'pets' is 0 (utility is payoff / best payoff, so a weighted issue needs a positive payoff)"],
    "labels_differ.yaml": ["11: payoff_labels[1]: the sides' labels differ: side 2 lacks ['low', 'high'] and adds ['small', 'big'] (both sides must list the same labels (their order may differ))"],
    "length_mismatch.yaml": ["8: payoffs[1]: side 2 has 2 labels but 3 payoffs (give exactly one payoff per label)"],
    "missing_name.yaml": ["1: name: required field is missing (add it)"],
    "nan_payoff.yaml": ["4: payoffs[0][1]: must be a finite number, not .nan or .inf"],
    "non_utf8.yaml": ["2: (document): not UTF-8: byte 0xe9 at offset 29 (save the file as UTF-8)"],
    "protocol_bad_window.yaml": ["2: note_sees_notes: Input should be greater than or equal to -1, got -2 (a memory window: 0 = none, N = the latest N, -1 = all)"],
    "protocol_unknown_field.yaml": ["3: max_round: unknown field 'max_round' (did you mean 'max_rounds'?)"],
    "python_tag.yaml": ["1: (document): YAML tag !!python/object/apply:os.system is not allowed: lamen only reads plain data (remove the !!tag; python objects are never constructed)"],
    "scale_negative.yaml": ["6: scale[1]: scale -100 is not positive (use e.g. [100, 100])"],
    "syntax_error.yaml": ["5: (document): YAML syntax error: expected ',' or ']', but got '[' (check indentation, colons and quotes on this line)"],
    "top_level_list.yaml": ["1: (document): the file must be a YAML mapping (key: value lines), not a list (start with 'name: ...')"],
    "tournament_no_agents.yaml": ["2: agents: no agents listed (list at least one under 'agents')"],
    "tournament_unknown_provider.yaml": ["3: agents[0].provider: unknown provider 'openia' (known: bot, local, human, mock, anthropic, openai, cohere, google, player)"],
    "tournament_unknown_player.yaml": ["14: parts[1].simulators[1]: toolwoz has no scripted player 'chatty' (use one of: oracle, slot-filler, speak-only, random-api, terse, verbose)"],
    "unknown_field_typo.yaml": [
        # One misspelling, one line: the missing 'payoffs' is the 'payofs' typo.
        "6: payofs: unknown field 'payofs' (did you mean 'payoffs'?)",
    ],
    "unknown_issue_ref.yaml": ["5: issues[1]: unknown issue 'rnet' (did you mean 'rent'?)"],
    "unknown_issue_type.yaml": ["2: issue_type: Input should be 'distributive', 'compatible', 'integrative' or 'custom'"],
    "weights_all_zero.yaml": ["7: issue_weights[0]: side 1's weights are all zero (give at least one issue a positive weight)"],
    "weights_negative.yaml": ["7: issue_weights[0][1]: weight -1 is negative (weights must be ≥ 0)"],
    "weights_wrong_length.yaml": ["8: issue_weights[1]: side 2 has 1 weight(s) for 2 issue(s) (give one weight per issue, in the order of 'issues')"],
    "wrong_type_payoff.yaml": ["7: payoffs[0][2]: Input should be a valid number, unable to parse string as a number, got 'ten' (write a number)"],
}


def test_every_malformed_file_has_an_expectation() -> None:
    assert sorted(p.name for p in MALFORMED.glob("*.yaml")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 20


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_file_reports_exact_problems(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    library = Library.default()
    from lamen.runner.checks import tournament_problems  # what `lamen validate` passes down

    rendered = [p.render() for p in check_file(Path("tests/data/malformed") / name, library, tournament_problems)]
    assert rendered == [f"tests/data/malformed/{name}:{line}" for line in EXPECTED[name]]


def test_cli_prints_one_line_per_problem_and_exits_1(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code = main(["validate", "tests/data/malformed"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    n_problems = sum(len(v) for v in EXPECTED.values())
    assert len(out) == n_problems + 1
    assert out[-1] == f"{len(EXPECTED)} file(s) checked: {len(EXPECTED)} invalid, 0 warning(s)"
    assert not any("Traceback" in line for line in out)


def test_valid_files_exit_0(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert main(["validate", "games", "issues", "protocols"]) == 0
    assert capsys.readouterr().out.strip() == "23 file(s) checked: 0 invalid, 0 warning(s)"


def test_user_authored_test_games_are_strictly_valid(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    count = len(list((REPO / "tests" / "data" / "games").glob("*.yaml")))
    assert main(["validate", "--strict", "tests/data/games"]) == 0
    assert capsys.readouterr().out.strip() == f"{count} file(s) checked: 0 invalid, 0 warning(s)"


def test_an_issue_s_warning_is_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # An inline issue is validated again as the game is built: its type warning must not repeat.
    game = tmp_path / "game.yaml"
    game.write_text("""name: opposed
description: Two sides settle a delivery date.
sides: [You are the seller., You are the buyer.]
parties: [Seller, Buyer]
issues:
  - name: delivery
    issue_type: compatible
    descriptions: When the goods arrive.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [[1 week, 2 weeks, 3 weeks], [1 week, 2 weeks, 3 weeks]]
""")
    assert main(["validate", str(game)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{game}:1: (document): warning: issue 'delivery': issue_type is compatible but the sides rank some "
        "labels in opposite order",
        "1 file(s) checked: 0 invalid, 1 warning(s)"]


def test_warnings_pass_unless_strict(lamen_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    room = str(lamen_data / "issues" / "room_price.yaml")
    assert main(["validate", room]) == 0
    assert "warning: side 2 label '$000'" in capsys.readouterr().out
    assert main(["validate", "--strict", room]) == 1


def test_missing_path_is_a_problem_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "no/such/file.yaml"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == "no/such/file.yaml:1: (document): no such file or directory (check the path)"


def test_50_mb_file_is_refused_without_reading_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "huge.yaml"
    with big.open("wb") as handle:  # sparse: 50 MB on paper, nothing written
        handle.truncate(50 * 1024 * 1024)

    def never(self: Path) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr(Path, "read_bytes", never)
    assert [p.render() for p in check_file(big, Library.default())] == [
        f"{big}:1: (document): file is 52.4 MB, over the 2 MB limit for spec files "
        "(a game, issue or protocol file is a few KB; check this is the right file)"
    ]


def test_alias_bomb_is_refused_before_anything_is_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Expanding 9^9 strings would take gigabytes: the refusal must come before construction.
    def never(self, node):
        raise AssertionError("the document was constructed")

    monkeypatch.setattr(yaml.SafeLoader, "construct_document", never)
    problems = check_file(MALFORMED / "alias_bomb.yaml", Library.default())
    assert problems[0].message.startswith("YAML aliases expand to more than 200000 nodes")


def test_directory_recursion_counts_files(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.yaml").write_text((REPO / "issues" / "rent.yaml").read_text())
    (tmp_path / "b.yml").write_text("name: x\nagents: []\ngames: [a]\n")
    count, problems = check_paths([tmp_path])
    assert count == 2
    assert [p.message for p in problems] == ["no agents listed"]


def test_empty_directory_is_reported(tmp_path: Path) -> None:
    count, problems = check_paths([tmp_path])
    assert (count, [p.message for p in problems]) == (0, ["no .yaml files in this directory"])


def test_validate_never_raises_on_fuzzed_yaml(tmp_path: Path) -> None:
    """Truncations of real files must all give problems, not exceptions."""
    library = Library.default()
    source = (REPO / "games" / "rental-agreement.yaml").read_text()
    for cut in range(0, len(source), 37):
        path = tmp_path / f"cut{cut}.yaml"
        path.write_text(source[:cut])
        check_file(path, library)  # raises on any unexpected exception
    assert os.path.exists(path)


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["rent", "duration", "rental-agreement", "$500", "distributive", "-1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12)
_keys = st.sampled_from(["name", "description", "sides", "parties", "issues", "issue_weights", "scale",
                         "extends", "payoffs", "payoff_labels", "descriptions", "issue_type", "agents",
                         "games", "note_max_words", "msg_max_len", "rules", "kind", "internal_description"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(_keys, _values, max_size=6))
def test_validate_never_raises_on_random_specs(tmp_path: Path, spec: dict) -> None:
    """Any mapping of known keys to junk gives problems (or passes), never an exception."""
    path = tmp_path / "random.yaml"
    path.write_text(yaml.safe_dump(spec, allow_unicode=True))
    for problem in check_file(path, Library.default()):
        assert problem.render().startswith(f"{path}:")


def test_labels_that_cannot_be_told_apart_are_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    issue = tmp_path / "term.yaml"
    issue.write_text("name: term\ndescriptions: The length of the contract.\n"
                     "payoffs:\n  - [0, 1, 2, 3]\n  - [3, 2, 1, 0]\n"
                     "payoff_labels:\n  - ['1 year', '12 months', '$1,000', '$1000']\n"
                     "  - ['1 year', '12 months', '$1,000', '$1000']\n")
    assert [p.render() for p in check_file(issue, Library.default())] == [
        f"{issue}:1: (document): warning: issue 'term': labels '1 year' and '12 months' cannot be told apart in text; "
        "reword one of them (or drop the synonym they share)",
        f"{issue}:1: (document): warning: issue 'term': labels '$1,000' and '$1000' cannot be told apart in text; "
        "reword one of them (or drop the synonym they share)",
    ]
    assert main(["validate", str(issue)]) == 0 and main(["validate", "--strict", str(issue)]) == 1
    capsys.readouterr()


def test_a_user_game_with_aliases_synonyms_and_text_labels_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(REPO / "tests" / "data" / "games" / "furniture-order.yaml")]) == 0
    assert capsys.readouterr().out.strip() == "1 file(s) checked: 0 invalid, 0 warning(s)"
