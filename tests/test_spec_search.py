"""Where specs are found and how agents are named: a user `id` wins over the `agent:` shorthand;
a tournament finds the games of its own data folder from any working directory; `--data` works
before and after the command; an unknown name gets a "did you mean"."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.cli import main
from lamen.runner import plan
from lamen.spec.agent import AgentSpec
from lamen.spec.library import Library, builtin_root, spec_data_folder
from lamen.spec.load import load_tournament

ISSUE = """name: price
issue_type: distributive
descriptions: [You negotiate the price., You negotiate the price.]
payoffs: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
payoff_labels:
  - ["$0", "$10", "$20", "$30", "$40", "$50", "$60", "$70", "$80", "$90", "$100"]
  - ["$0", "$10", "$20", "$30", "$40", "$50", "$60", "$70", "$80", "$90", "$100"]
"""
GAME = "name: shop\nextends: rental-agreement\nissues: [price]\nissue_weights: [[1], [1]]\n"
TOURNAMENT = """name: shop-test
agents:
  - bot:linear
  - {id: noisy, agent: bot:linear, params: {noise: 0.5}}
games: [shop]
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's project: games/ issues/ tournaments/; the working directory is somewhere else."""
    root = tmp_path / "project"
    for folder, name, text in (("issues", "price.yaml", ISSUE), ("games", "shop.yaml", GAME),
                               ("tournaments", "shop-test.yaml", TOURNAMENT)):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / name).write_text(text)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    monkeypatch.delenv("LAMEN_PATH", raising=False)
    return root


def test_a_user_id_wins_over_the_agent_shorthand() -> None:
    noisy = AgentSpec.model_validate({"id": "noisy", "agent": "bot:linear", "params": {"noise": 0.5}})
    assert (noisy.id, noisy.provider, noisy.model, noisy.params) == ("noisy", "bot", "linear", {"noise": 0.5})
    plain = AgentSpec.model_validate({"agent": "bot:linear"})
    assert (plain.id, plain.provider, plain.model) == ("bot:linear", "bot", "linear")


def test_two_configurations_of_one_model_are_two_agents(project: Path) -> None:
    spec = project / "tournaments" / "shop-test.yaml"
    tournament = load_tournament(spec)
    assert [a.id for a in tournament.agents] == ["bot:linear", "noisy"]
    matches = plan(tournament, Library.for_spec_file(spec))
    # 2 self-play agents × 4 (sides × start orders) + 1 pair × 4 cross-play
    assert len(matches) == 12
    assert {(m.agent_a.id, m.agent_b.id) for m in matches if m.stage == "cross"} == {("bot:linear", "noisy"),
                                                                                    ("noisy", "bot:linear")}


def test_a_tournament_finds_its_own_games_from_anywhere(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", str(project / "tournaments" / "shop-test.yaml"), "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.splitlines()[0] == "12 matches: 8 self, 4 cross"
    assert "│ shop │ competitive │      12 │" in out
    assert not (Path.cwd() / "reports").exists()  # a dry run writes nothing


def test_the_spec_data_folder_is_the_file_folder_or_its_parent(project: Path, tmp_path: Path) -> None:
    assert spec_data_folder(project / "tournaments" / "shop-test.yaml") == project.resolve()
    assert spec_data_folder(project / "t.yaml") == project.resolve()
    (tmp_path / "lonely").mkdir()
    assert spec_data_folder(tmp_path / "lonely" / "t.yaml") is None


def test_data_folders_come_before_the_spec_folder(project: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / "games").mkdir(parents=True)
    (other / "games" / "shop.yaml").write_text(GAME.replace("issues: [price]", "issues: [rent]"))
    library = Library.for_spec_file(project / "tournaments" / "shop-test.yaml", [other])
    assert library.roots[:3] == (other.resolve(), project.resolve(), Path.cwd().resolve())
    assert library.roots[-1] == builtin_root().resolve()
    assert library.find("games", "shop") == other.resolve() / "games" / "shop.yaml"


@pytest.mark.parametrize("where", ["before", "after", "both"])
def test_data_is_accepted_before_and_after_the_command(project: Path, where: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = ["--data", str(project)]
    argv = {"before": [*data, "games", "show", "shop", "--json"],
            "after": ["games", "show", "shop", "--json", *data],
            "both": ["--data", str(project / "games"), "games", "show", "shop", "--json", *data]}[where]
    assert main(argv) == 0
    assert '"name": "shop"' in capsys.readouterr().out


def test_without_data_the_game_is_unknown(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "show", "shop"]) == 1
    assert capsys.readouterr().err.splitlines()[0].startswith("error: unknown game 'shop' (")


def test_a_missing_data_folder_is_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "rental-1-distributive", "--side-a", "bot:linear", "--side-b", "bot:linear",
                 "--data", "no-such-folder"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "error: --data no-such-folder: no such directory (give a folder holding games/, issues/ or protocols/)"]


@pytest.mark.parametrize(("argv", "says"), [
    (["games", "show", "rental-2-mixtur"],
     "error: unknown game 'rental-2-mixtur' (did you mean 'rental-2-mixture' or 'rental-2-integrative-mixture' "
     "or 'rental-2-distributive'?)"),
    (["play", "rental-1-distributive", "--protocol", "defualt", "--side-a", "bot:linear", "--side-b", "bot:linear"],
     "error: unknown protocol 'defualt' (did you mean 'default'?)"),
    (["play", "rental-1-distributive", "--persona-a", "zzzz", "--side-a", "bot:linear", "--side-b", "bot:linear"],
     "error: unknown persona 'zzzz' (known: none)"),
])
def test_unknown_names_get_a_did_you_mean(argv: list[str], says: str, project: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    assert capsys.readouterr().err.splitlines() == [says]


def test_an_unknown_issue_in_a_game_gets_a_did_you_mean(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = project / "games" / "typo.yaml"
    game.write_text(GAME.replace("price", "prize"))
    assert main(["games", "show", str(game)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{game}:3: issues[0]: unknown issue 'prize' (did you mean 'price'?)"]
