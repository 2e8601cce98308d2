"""`lamen import adventurers-boards FILE` (issue 16, point 2): a user's own copy of the paper's
board file becomes lamen instances that the `adventurers` family plays (`generator: file`); a bad
file is one line naming the file, the board and field and the cause, exit 2, nothing written."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.families.adventurers.board import human_agent_board
from lamen.families.adventurers.boards_file import read_boards
from lamen.families.adventurers.rules import AdventurersConfig, make_instance
from tests.adventurers_boards import PAPER_BOARD_1, PAPER_BOARD_1_BOT, PAPER_BOARD_1_USER
from tests.test_cli_startup import PARSING_ONLY, heavy, loaded

FAMILY = get_family("adventurers")
OPTIMAL = [["L", "E", "A", "B", "K", "C", "L"], ["L", "E", "K", "C", "B", "A", "L"], 52]
# Board 9 swaps the players' coins (its team optimum is the same 52); board 3 is a human-agent board.
HUMAN = human_agent_board(1)
PAPER_FILE = {
    "1": {"USER": PAPER_BOARD_1_USER, "BOT": PAPER_BOARD_1_BOT, "OPTIMAL": OPTIMAL},
    "9": {"USER": PAPER_BOARD_1_BOT, "BOT": PAPER_BOARD_1_USER},
    "3": {"USER": HUMAN.to_json()["weights"]["user"], "BOT": HUMAN.to_json()["weights"]["bot"]},
}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boards_6.json").write_text(json.dumps(PAPER_FILE), encoding="utf-8")
    return tmp_path


def lamen(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(["import", "adventurers-boards", *argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_import_writes_instances_the_family_plays(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = lamen(capsys, "boards_6.json")
    assert (code, err) == (0, [])
    written = folder / "boards_6.lamen.json"
    instances = [make_instance(AdventurersConfig(generator="file", boards=str(written)), k) for k in range(3)]
    ids = [i.content_id() for i in instances]
    assert out == [
        f"board 1: 6 rooms (L-E-B-K-C-A), team optimum 52 coins, instance {ids[0]}",
        f"board 9: 6 rooms (L-E-B-K-C-A), team optimum 52 coins, instance {ids[1]}",
        f"board 3: 6 rooms (L-K-B-A-G-P), team optimum {_optimum(HUMAN)} "
        f"coins, instance {ids[2]}",
        "boards_6.json: 3 boards written to boards_6.lamen.json; play them with the adventurers config "
        "generator: file, boards: boards_6.lamen.json",
    ]
    # Read back: the same boards under the same ids, in file order; one board a line.
    assert read_boards(written) == read_boards(folder / "boards_6.json")
    assert list(read_boards(written).values()) == [PAPER_BOARD_1, PAPER_BOARD_1.__class__(
        PAPER_BOARD_1.rooms, (PAPER_BOARD_1.weights[1], PAPER_BOARD_1.weights[0])), HUMAN]
    lines = written.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and [json.loads(line.rstrip(","))["instance"] for line in lines[1:4]] == ids
    # The instance names the board's id, not where the file lives: a moved file keeps its ids.
    assert [i.source for i in instances] == ["board-file:1", "board-file:9", "board-file:3"]
    moved = folder / "elsewhere.json"
    moved.write_text(written.read_text(encoding="utf-8"), encoding="utf-8")
    assert make_instance(AdventurersConfig(generator="file", boards=str(moved)), 0).content_id() == ids[0]
    # An imported board is played by the family: share-all-solver self-play finds the optimum.
    seats = {role: PolicyAgent("share-all-solver", FAMILY.players["share-all-solver"].make(instances[0], role),
                               FAMILY.codec(role)) for role in ("user", "bot")}
    record = asyncio.run(play(FAMILY, instances[0], seats, first="user"))
    assert record.score is not None and record.score.metrics["optimal"] == 1.0
    assert record.score.metrics["coins"] == 52.0


def _optimum(board) -> int:
    from lamen.families.adventurers.solver import best_tour

    return best_tour(board.joint()).value


def test_check_validates_and_writes_nothing(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = lamen(capsys, "boards_6.json", "--check")
    assert (code, err) == (0, [])
    assert out[-1] == "boards_6.json: 3 boards valid; nothing written (--check)"
    assert sorted(p.name for p in folder.iterdir()) == ["boards_6.json"]


def test_out_is_never_overwritten_without_force(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "mine.json").write_text("keep me", encoding="utf-8")
    assert lamen(capsys, "boards_6.json", "--out", "mine.json") == (
        2, [], ["error: --out mine.json: already exists (give --force to replace it)"])
    assert (folder / "mine.json").read_text(encoding="utf-8") == "keep me"
    assert lamen(capsys, "boards_6.json", "--out", "mine.json", "--force")[0] == 0
    assert list(read_boards(folder / "mine.json")) == ["1", "9", "3"]
    assert lamen(capsys, "boards_6.json", "--out", "boards_6.json", "--force") == (
        2, [], ["error: --out boards_6.json: is the board file being read; choose another path"])
    assert lamen(capsys, "boards_6.json", "--out", "no/such/folder.json") == (
        2, [], ["error: --out no/such/folder.json: folder no/such does not exist (create it first or choose "
                "another path)"])


USER, BOT = PAPER_BOARD_1_USER, PAPER_BOARD_1_BOT


@pytest.mark.parametrize(("content", "message"), [
    (None, "{path}: no such file"),
    ('{"1": {"USER": [["L", "E", 5]],\n "BOT": ]}', "{path}: not JSON (line 2, column 9: Expecting value)"),
    (b"\xff\xfe{", "{path}: cannot read (UnicodeDecodeError)"),
    ('"boards"', "{path}: expected an object of boards by id (the paper's layout) or a list of boards"),
    (json.dumps({"1": {"USER": USER, "BOT": BOT}, "2": {"USER": USER}}), "{path}: board 2: missing BOT"),
    (json.dumps({"1": {"USER": USER, "BOT": BOT[:-1]}}), "{path}: board 1.BOT: missing hallways C–A"),
    (json.dumps({"1": {"USER": USER[:-1] + [["C", "A", -1]], "BOT": BOT}}),
     "{path}: board 1.USER: coins in ['C', 'A', -1] must be a non-negative integer"),
    (json.dumps({"1": {"USER": USER, "BOT": BOT, "OPTIMAL": [["L", "E", "A", "B", "K", "C", "L"], 53]}}),
     "{path}: board 1.OPTIMAL: says 53 coins but the best tour collects 52"),
    (json.dumps({"1": {"USER": USER, "BOT": BOT, "OPTIMAL": [["L", "E", "B", "K", "C", "A", "L"], 52]}}),
     "{path}: board 1.OPTIMAL: the tour L-E-B-K-C-A-L collects 43, not 52"),
    (json.dumps([{"board": "x", **PAPER_BOARD_1.to_json()}, {"board": "x", **PAPER_BOARD_1.to_json()}]),
     "{path}: board 2.board: the id 'x' is used twice"),
    (json.dumps([{"board": None, **PAPER_BOARD_1.to_json()}]),
     "{path}: board 1.board: expected the board's id (a string or number), got None"),
])
def test_a_bad_file_is_one_line_exit_2_and_nothing_written(folder: Path, capsys: pytest.CaptureFixture[str],
                                                           content: str | bytes | None, message: str) -> None:
    path = folder / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    before = sorted(p.name for p in folder.iterdir())
    assert lamen(capsys, "bad.json") == (2, [], ["error: " + message.format(path="bad.json")])
    assert sorted(p.name for p in folder.iterdir()) == before


def test_the_file_generator_names_its_problems(folder: Path) -> None:
    with pytest.raises(ValueError, match="^adventurers: generator file needs boards"):
        make_instance(AdventurersConfig(generator="file"), 0)
    with pytest.raises(ValueError, match="^adventurers: generator file needs boards"):
        make_instance(AdventurersConfig(boards="boards_6.json"), 0)
    with pytest.raises(ValueError, match=r"^adventurers: boards boards_6\.json holds 3 boards: seed 3 is out of "
                                         r"range 0–2$"):
        make_instance(AdventurersConfig(generator="file", boards="boards_6.json"), 3)
    with pytest.raises(ValueError, match="^adventurers: boards gone.json: no such file$"):
        make_instance(AdventurersConfig(generator="file", boards="gone.json"), 0)
    # The paper's own layout is read directly too.
    assert make_instance(AdventurersConfig(generator="file", boards="boards_6.json"), 1).source == "board-file:9"


def test_help_of_the_import_loads_no_heavy_library() -> None:
    code = ("from lamen.cli import main\n    try: main(['import', 'adventurers-boards', '--help'])\n"
            "    except SystemExit: pass")
    assert heavy(loaded(code), PARSING_ONLY) == []
