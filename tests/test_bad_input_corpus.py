"""A corpus of bad input — tournament files, game and issue files, command-line arguments and
paths — each answered the way a careful user expects: the exact exit code, exactly one line
saying what is wrong (file, field, cause, fix), no traceback, and not one byte written.

(Bad database files have their own corpus: tests/test_bad_input_databases.py.)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lamen.cli import main
from tests.conftest import copy_database

OK_TOURNAMENT = "name: {name}\nagents: [bot:linear, bot:boulware]\ngames: [rental-1-distributive]\n"
OK_GAME = "name: mine\nextends: rental-agreement\nissues: [rent]\n"
PRICE = """name: price
issue_type: distributive
descriptions: [You negotiate the price., You negotiate the price.]
payoffs: [[0, 1, 2], [2, 1, 0]]
payoff_labels: [["$1", "$2", "$3"], ["$1", "$2", "$3"]]
"""
PLAY = ["--side-a", "bot:linear", "--side-b", "bot:boulware"]
ISSUE_HINT = "(name an agent like bot:boulware, local:smollm2, human or openai:gpt-4o)"
BOTS = "boulware, linear, conceder, hardliner, tit-for-tat, random"
MIXTURE_HINT = "did you mean 'rental-2-mixture' or 'rental-2-integrative-mixture' or 'rental-2-distributive'?"


@dataclass(frozen=True)
class Case:
    name: str
    argv: list[str]
    code: int
    line: str  # exact; {project} stands for the folder the command runs in
    files: dict[str, str | bytes] = field(default_factory=dict)  # written before the checksums are taken


def bad_tournament(name: str, slug: str, line: str, body: str | bytes | None = None) -> Case:
    """`lamen run tournaments/SLUG.yaml` (holding `body`; none: no such file): exit 1 with `line`
    after the file's name."""
    path = f"tournaments/{slug}.yaml"
    return Case(name, ["run", path], 1, f"{path}:{line}", {} if body is None else {path: body})


def bad_game(name: str, slug: str, line: str, body: str, issue: tuple[str, str] | None = None) -> Case:
    """`lamen play games/SLUG.yaml` (holding `body`; `issue`: an issues/NAME.yaml beside it, as
    (NAME, text)) between two bots: exit 1 with `line`."""
    files = {f"games/{slug}.yaml": body, **({f"issues/{issue[0]}.yaml": issue[1]} if issue else {})}
    return Case(name, ["play", f"games/{slug}.yaml", *PLAY], 1, line, files)


def play_rental(name: str, extra: list[str], line: str, code: int = 1) -> Case:
    """`lamen play rental-1-distributive` between two bots with `extra` arguments."""
    return Case(name, ["play", "rental-1-distributive", *PLAY, *extra], code, line)


CASES = [
    # ---- tournament files (lamen run) -----------------------------------------------------
    bad_tournament("tournament-duplicate-ids", "dup",
                   "2: agents[1]: agent id 'bot:linear' is used twice (give each agent a distinct id)",
                   "name: dup\nagents: [bot:linear, bot:linear]\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-is-a-list", "list",
                   "1: (document): expected a tournament (a YAML mapping), got list "
                   "(start the file with 'name: ...')",
                   "- bot:linear\n- bot:boulware\n"),
    bad_tournament("tournament-yaml-syntax", "syntax",
                   "3: (document): YAML syntax error: expected ',' or ']', but got '<stream end>' "
                   "(check indentation, colons and quotes on this line)",
                   "name: syntax\nagents: [bot:linear\n"),
    bad_tournament("tournament-misspelt-field", "typo",
                   "2: agnets: unknown field 'agnets' (did you mean 'agents'?)",
                   "name: typo\nagnets: [bot:linear]\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-unknown-provider", "provider",
                   "2: agents[0].provider: unknown provider 'openia' "
                   "(known: bot, local, human, mock, anthropic, openai, cohere, google, player)",
                   "name: provider\nagents: [openia:gpt-4o]\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-unknown-bot", "bot",
                   f"2: agents[0]: unknown negotiator 'bluffer' (known: {BOTS})",
                   "name: bot\nagents: [bot:bluffer, bot:linear]\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-bot-setting-out-of-range", "noise",
                   "4: agents[1]: reservation and noise must be between 0 and 1",
                   "name: noise\nagents:\n  - bot:linear\n  - {id: noisy, agent: bot:linear, "
                   "params: {noise: 5}}\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-unknown-game", "game",
                   f"3: games[0]: unknown game 'rental-2-mixtur' ({MIXTURE_HINT})",
                   "name: game\nagents: [bot:linear]\ngames: [rental-2-mixtur]\n"),
    bad_tournament("tournament-glob-matches-nothing", "glob",
                   "3: games[0]: no playable game matches 'nothing-*' (see `lamen games list`)",
                   "name: glob\nagents: [bot:linear]\ngames: ['nothing-*']\n"),
    bad_tournament("tournament-unknown-protocol", "protocol",
                   "4: protocol: unknown protocol 'defualt' (did you mean 'default'?)",
                   "name: protocol\nagents: [bot:linear]\ngames: [rental-1-distributive]\n"
                   "protocol: defualt\n"),
    bad_tournament("tournament-zero-repetitions", "reps",
                   "4: repetitions: Input should be greater than or equal to 1, got 0",
                   "name: reps\nagents: [bot:linear]\ngames: [rental-1-distributive]\nrepetitions: 0\n"),
    bad_tournament("tournament-repetitions-not-a-number", "many",
                   "4: repetitions: Input should be a valid integer, unable to parse string as an "
                   "integer, got 'many' (write a number)",
                   "name: many\nagents: [bot:linear]\ngames: [rental-1-distributive]\nrepetitions: many\n"),
    bad_tournament("tournament-no-agents", "none",
                   "2: agents: no agents listed (list at least one under 'agents')",
                   "name: none\nagents: []\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-not-utf8", "bytes",
                   "1: (document): not UTF-8: byte 0xff at offset 10 (save the file as UTF-8)",
                   b"name: byte\xff\xfe\nagents: [bot:linear]\n"),
    bad_tournament("tournament-empty-file", "empty",
                   "1: (document): file is empty (write a YAML mapping, e.g. 'name: ...')",
                   ""),
    bad_tournament("tournament-negative-budget", "budget",
                   "4: budget_usd: Input should be greater than 0, got -5 "
                   "(no new match starts once projected spend passes it)",
                   "name: budget\nagents: [bot:linear]\ngames: [rental-1-distributive]\nbudget_usd: -5\n"),
    bad_tournament("tournament-zero-concurrency", "conc",
                   "4: limits.concurrency: Input should be greater than or equal to 1, got 0",
                   "name: conc\nagents: [bot:linear]\ngames: [rental-1-distributive]\n"
                   "limits: {concurrency: 0}\n"),
    bad_tournament("tournament-agent-is-a-number", "number",
                   "2: agents[0]: expected a mapping (key: value lines), got int (check indentation)",
                   "name: number\nagents: [42]\ngames: [rental-1-distributive]\n"),
    bad_tournament("tournament-file-missing", "missing", "1: (document): file not found (check the path)"),
    Case("tournament-path-is-a-directory", ["run", "tournaments"], 1,
         "tournaments:1: (document): is a directory, not a YAML file (pass a .yaml file or use `lamen validate DIR`)"),
    # ---- game and issue files (lamen play PATH) -------------------------------------------
    bad_game("game-misspelt-field", "field",
             "games/field.yaml:3: isues: unknown field 'isues' (did you mean 'issues'?)",
             "name: field\nextends: rental-agreement\nisues: [rent]\n"),
    bad_game("game-unknown-issue", "issue",
             "games/issue.yaml:3: issues[0]: unknown issue 'prise' (did you mean 'price'?)",
             "name: issue\nextends: rental-agreement\nissues: [prise]\n"),
    bad_game("game-issue-named-like-the-game", "price",
             "issues/price.yaml:4: payoffs[0]: side 1 has 3 labels but 4 payoffs (give exactly one payoff per label)",
             "name: price-game\nextends: rental-agreement\nissues: [price]\n",
             issue=("price", PRICE.replace("[[0, 1, 2], [2, 1, 0]]", "[[0, 1, 2, 3], [2, 1, 0]]"))),
    bad_game("game-extends-itself", "cycle",
             "games/cycle.yaml:2: extends: 'extends: cycle' makes a cycle (remove the loop)",
             "name: cycle\nextends: cycle\nissues: [rent]\n"),
    bad_game("game-extends-unknown", "base",
             "games/base.yaml:2: extends: unknown game 'rental-agrement' (did you mean 'rental-agreement' or "
             "'loan-agreement'?)",
             "name: base\nextends: rental-agrement\nissues: [rent]\n"),
    bad_game("game-weights-per-issue", "weights",
             "games/weights.yaml:4: issue_weights[0]: side 1 has 2 weight(s) for 1 issue(s) "
             "(give one weight per issue, in the order of 'issues')",
             "name: weights\nextends: rental-agreement\nissues: [rent]\n"
             "issue_weights: [[1, 2], [1]]\n"),
    bad_game("game-is-a-list", "list",
             "games/list.yaml:1: (document): expected a game (a YAML mapping), got list "
             "(start the file with 'name: ...')",
             "- rent\n"),
    bad_game("game-without-issues", "description",
             "games/description.yaml:1: (document): this game file has no issues (a LAMEN game description) "
             "(make a game file with 'extends: <this game>' and 'issues: [...]')",
             "name: description\ndescription: Two firms negotiate.\n"),
    bad_game("game-of-another-kind", "kind",
             "games/kind.yaml:1: kind: kind is 'protocol', expected 'game'",
             "kind: protocol\nname: kind\n"),
    bad_game("issue-unknown-type", "type",
             "issues/typed.yaml:2: issue_type: Input should be 'distributive', 'compatible', 'integrative' or 'custom'",
             "name: type\nextends: rental-agreement\nissues: [typed]\n",
             issue=("typed", PRICE.replace("issue_type: distributive", "issue_type: distribtive"))),
    # ---- command-line arguments -----------------------------------------------------------
    Case("unknown-command", ["plya"], 2,
         "lamen: error: argument COMMAND: invalid choice: 'plya' (choose from 'validate', 'games', 'play', 'run', "
         "'status', 'ratings', 'import', 'compare', 'rejudge', 'report', 'export', 'doctor', 'harvest') (did you mean 'play'?)"),
    Case("missing-action", ["games"], 2,
         "lamen games: error: the following arguments are required: ACTION (see `lamen games --help`)"),
    Case("missing-side", ["play", "rental-1-distributive", "--side-a", "bot:linear"], 2,
         "lamen play: error: the following arguments are required: --side-b (see `lamen play --help`)"),
    play_rental("unknown-flag", ["--colour"],
                "lamen: error: unrecognized arguments: --colour (see `lamen --help`)", code=2),
    play_rental("seed-not-a-number", ["--seed", "abc"],
                "lamen play: error: argument --seed: invalid int value: 'abc' (see `lamen play --help`)",
                code=2),
    play_rental("starts-not-a-side", ["--starts", "c"],
                "lamen play: error: argument --starts: invalid choice: 'c' (choose from 'a', 'b') "
                "(see `lamen play --help`)", code=2),
    play_rental("max-rounds-zero", ["--max-rounds", "0"],
                "error: --max-rounds 0: must be between 1 and 1000 (a protocol's own limit)"),
    play_rental("max-rounds-past-the-protocol-bound", ["--max-rounds", "1000000"],
                "error: --max-rounds 1000000: must be between 1 and 1000 (a protocol's own limit)"),
    Case("unknown-provider", ["play", "rental-1-distributive", "--side-a", "openia:gpt-4o", "--side-b", "bot:linear"], 1,
         "error: --side-a 'openia:gpt-4o': unknown provider 'openia' (known: bot, local, human, mock, anthropic, openai, "
         f"cohere, google, player) {ISSUE_HINT}"),
    Case("unknown-bot", ["play", "rental-1-distributive", "--side-a", "bot:linear", "--side-b", "bot:bluffer"], 1,
         f"error: --side-b 'bot:bluffer': unknown negotiator 'bluffer' (known: {BOTS}) {ISSUE_HINT}"),
    Case("empty-agent", ["play", "rental-1-distributive", "--side-a", "", "--side-b", "bot:linear"], 1,
         "error: --side-a '': unknown provider '' (known: bot, local, human, mock, anthropic, openai, cohere, google, player) "
         f"{ISSUE_HINT}"),
    Case("agent-without-key", ["play", "rental-1-distributive", "--side-a", "openai:gpt-4o", "--side-b", "bot:linear"],
         1, "error: cannot start: openai:gpt-4o: no API key: set OPENAI_API_KEY"),
    Case("unknown-game", ["play", "rental-2-mixtur", *PLAY], 1, f"error: unknown game 'rental-2-mixtur' ({MIXTURE_HINT})"),
    Case("unknown-game-shown", ["games", "show", "mixture"], 1,
         "error: unknown game 'mixture' (did you mean 'rental-2-mixture'?)"),
    play_rental("unknown-protocol", ["--protocol", "defualt"],
                "error: unknown protocol 'defualt' (did you mean 'default'?)"),
    play_rental("unknown-persona", ["--persona-a", "nobody"],
                "error: unknown persona 'nobody' (known: none)"),
    # ---- paths ----------------------------------------------------------------------------
    play_rental("json-folder-missing", ["--json", "nodir/game.json"],
                "error: --json nodir/game.json: folder nodir does not exist (create it first or choose another path)"),
    play_rental("json-is-a-directory", ["--json", "games"],
                "error: --json games: is a directory (give a file name, e.g. game.json)"),
    play_rental("json-under-a-file", ["--json", "notes.txt/game.json"],
                "error: --json notes.txt/game.json: notes.txt is not a folder (choose a path inside a folder)"),
    play_rental("data-missing", ["--data", "nodir"],
                "error: --data nodir: no such directory (give a folder holding games/, issues/ or protocols/)"),
    Case("data-is-a-file", ["--data", "notes.txt", "games", "list"], 1,
         "error: --data notes.txt: is not a directory (give a folder holding games/, issues/ or protocols/)"),
    Case("data-missing-after-run", ["run", "tournaments/fine.yaml", "--data", "nodir"], 1,
         "error: --data nodir: no such directory (give a folder holding games/, issues/ or protocols/)"),
    Case("report-output-is-a-file", ["report", "played/tournament.db", "-o", "notes.txt"], 1,
         "error: -o notes.txt: is a file, not a folder (give a folder for the report)"),
    Case("report-output-under-a-file", ["report", "played/tournament.db", "-o", "notes.txt/report"], 1,
         "error: -o notes.txt/report: cannot be created ({project}/notes.txt is a file) (give a folder for the report)"),
    Case("validate-missing-data", ["validate", "games", "--data", "nodir"], 1,
         "error: --data nodir: no such directory (give a folder holding games/, issues/ or protocols/)"),
]
NEEDS_DATABASE = {"report-output-is-a-file", "report-output-under-a-file"}

def snapshot(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder` with the checksum of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def played(tiny_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real tournament database, for the cases about `lamen report` paths: the session's tiny
    tournament (conftest), played once, not a run of its own."""
    return copy_database(tiny_db, tmp_path_factory.mktemp("played"))


def test_the_corpus_is_large_and_named_once() -> None:
    assert len(CASES) >= 30
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_bad_input_is_one_line_exit_code_and_no_file_changed(case: Case, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str],
                                                             request: pytest.FixtureRequest) -> None:
    project = tmp_path / "project"
    files: dict[str, str | bytes] = {"games/ok.yaml": OK_GAME, "issues/price.yaml": PRICE, "notes.txt": "notes\n",
                                     "tournaments/fine.yaml": OK_TOURNAMENT.format(name="fine"), **case.files}
    for name, body in files.items():
        path = project / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body if isinstance(body, bytes) else body.encode())
    if case.name in NEEDS_DATABASE:
        database = request.getfixturevalue("played")
        (project / "played").mkdir()
        (project / "played" / "tournament.db").write_bytes(database.read_bytes())
    monkeypatch.chdir(project)
    monkeypatch.delenv("LAMEN_PATH", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    capsys.readouterr()  # what making the database printed
    before = snapshot(project)
    try:
        code = main(case.argv)
    except SystemExit as exit:  # argparse's usage errors
        code = exit.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).splitlines()
    assert "Traceback" not in captured.out + captured.err
    assert lines == [case.line.replace("{project}", str(project))]
    assert code == case.code
    assert snapshot(project) == before
