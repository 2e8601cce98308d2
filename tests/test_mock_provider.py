"""`mock:NAME`: agents answering from a replies file (YAML/JSONL) or a Python function, through the
same surface as the providers, in `lamen play`, `lamen run` and `lamen doctor`."""

from __future__ import annotations

import asyncio
import collections
import json
from pathlib import Path

import pytest

from lamen.agents.base import AgentError, ChatMessage, ChatReply, ChatRequest, Usage
from lamen.agents.mock import MockAgent, load_source
from lamen.agents.registry import make_agent
from lamen.cli import main
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.spec.agent import AgentSpec
from lamen.spec.check import check_paths
from lamen.spec.load import load_game, load_protocol, load_tournament
from lamen.spec.problems import SpecError
from lamen.store import Store
from lamen.store.tables import match_table

REPO = Path(__file__).resolve().parent.parent
RENT = load_game("rental-1-distributive")

BOOK = """\
replies:
  - note: '{"rent": "$1400"}'
    message: We propose rent $1400.
  - We propose rent $1300.
side_b:
  - {any: Tenant one., message: We propose rent $900.}
rules:
  - match: 'rent \\$1000'
    side: a
    reply: {message: We agree on all issues.}
  - match: 'hurry'
    purpose: note
    reply: hurried note
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def mock(path: Path | str, name: str = "x", **params: object) -> MockAgent:
    spec = AgentSpec.model_validate({"agent": f"mock:{name}", "params": {"replies": str(path), **params}})
    agent = make_agent(spec, game=RENT, side=0)
    assert isinstance(agent, MockAgent)
    return agent


def ask(agent: MockAgent, purpose: str = "message", side: int | None = 0, round_: int | None = 1,
        last: str = "Negotiation so far:", seed: int | None = None) -> str:
    meta = {k: v for k, v in (("side", side), ("round", round_)) if v is not None}
    request = ChatRequest(system="s", messages=(ChatMessage(role="user", content="earlier"),
                                                ChatMessage(role="assistant", content="rent $1000"),
                                                ChatMessage(role="user", content=last)),
                          purpose=purpose, meta=meta, seed=seed)
    reply = asyncio.run(agent.complete(request))
    assert (reply.cost_usd, reply.usage, reply.finish_reason) == (0.0, Usage(), "stop")
    return reply.text


# ---- the replies file ------------------------------------------------------------------------

def test_replies_follow_the_round_the_side_and_the_rules(tmp_path: Path) -> None:
    agent = mock(write(tmp_path, "book.yaml", BOOK))
    assert [ask(agent, "note", round_=1), ask(agent, "message", round_=1)] == ['{"rent": "$1400"}',
                                                                                "We propose rent $1400."]
    assert [ask(agent, "note", round_=2), ask(agent, "message", round_=2)] == ["We propose rent $1300."] * 2
    # Side B has its own list; `any` answers the purposes the entry does not name.
    assert [ask(agent, "note", side=1), ask(agent, "message", side=1)] == ["Tenant one.", "We propose rent $900."]
    # Rules are tried first, on the last user message only (not the earlier "rent $1000"), for
    # their side, and only for purposes their reply answers.
    assert ask(agent, "message", last="<round 1, Tenant>: rent $1000.") == "We agree on all issues."
    assert ask(agent, "note", last="<round 1, Tenant>: rent $1000.") == '{"rent": "$1400"}'
    assert ask(agent, "message", side=1, last="rent $1000") == "We propose rent $900."
    assert ask(agent, "note", side=1, last="hurry up") == "hurried note"
    assert ask(agent, "message", side=1, last="hurry up") == "We propose rent $900."
    # A request outside a round (a ping) takes the first entry.
    assert ask(agent, "ping", side=None, round_=None) == "We propose rent $1400."
    # No state: the same request gets the same answer in any order.
    assert ask(agent, "message", round_=2) == "We propose rent $1300."


@pytest.mark.parametrize(("when", "answers"), [
    ("cycle", ["one", "two", "one", "two", "one"]),
    ("repeat_last", ["one", "two", "two", "two", "two"]),
])
def test_past_the_last_reply(tmp_path: Path, when: str, answers: list[str]) -> None:
    agent = mock(write(tmp_path, "r.yaml", f"replies: [one, two]\nwhen_exhausted: {when}\n"))
    assert [ask(agent, round_=r) for r in range(1, 6)] == answers


def test_past_the_last_reply_with_error_fails_the_call(tmp_path: Path) -> None:
    path = write(tmp_path, "r.yaml", "replies: [one, two]\nwhen_exhausted: error\n")
    agent = mock(path, "strict")
    assert ask(agent, round_=2) == "two"
    with pytest.raises(AgentError) as caught:
        ask(agent, round_=3)
    assert str(caught.value) == f"mock:strict: {path}: round 3 asked, the file has 2 replies (when_exhausted: error)"
    assert caught.value.retryable is False


def test_an_entry_without_the_purpose_fails_the_call(tmp_path: Path) -> None:
    agent = mock(write(tmp_path, "r.yaml", "- {message: hi}\n"), "terse")
    with pytest.raises(AgentError, match=r"^mock:terse: .*r\.yaml: the entry has no 'note' \(it has: message; "
                                         r"add 'note' or 'any'\)$"):
        ask(agent, "note")


def test_one_of_picks_one_alternative_per_match(tmp_path: Path) -> None:
    agent = mock(write(tmp_path, "r.yaml", """\
- one_of:
    - {note: '{"rent": "$1400"}', message: We propose rent $1400.}
    - {note: '{"rent": "$1300"}', message: We propose rent $1300.}
"""))
    picks = []
    for seed in range(40):
        note, message = ask(agent, "note", seed=seed), ask(agent, "message", seed=seed)
        assert message == f"We propose rent {json.loads(note)['rent']}."  # note and message agree
        assert ask(agent, "message", seed=seed) == message  # the same match, the same pick
        picks.append(message[-6:-1])
    assert collections.Counter(picks) == {"$1400": 17, "$1300": 23}
    # Without a request seed (lamen play), the agent's seed picks.
    assert ask(agent, "message") == ask(agent, "message", seed=0)


def test_jsonl_replies(tmp_path: Path) -> None:
    path = write(tmp_path, "r.jsonl", '"first"\n\n{"note": "n2", "message": "m2"}\n')
    agent = mock(path)
    assert [ask(agent, "message", round_=1), ask(agent, "note", round_=2), ask(agent, "message", round_=2)] == [
        "first", "n2", "m2"]
    write(tmp_path, "r.jsonl", '"first"\n\n{"note": "n2",\n')
    with pytest.raises(AgentError) as caught:
        mock(path)
    assert str(caught.value) == (f"mock:x: replies file {path}:3: replies[1]: not JSON: Expecting property "
                                 """name enclosed in double quotes (one reply per line: "text" or """
                                 """{"note": ..., "message": ...})""")
    write(tmp_path, "r.jsonl", '"one"\n{"nots": "x"}\n')
    with pytest.raises(AgentError, match=r"r\.jsonl:2: replies\[1\]\.nots: unknown purpose 'nots'"):
        mock(path)


def test_a_bad_replies_file_names_every_problem_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.yaml", """\
replies:
  - note: 12
    mesage: hi
  - {one_of: []}
rules:
  - match: '('
    reply: x
when_exhausted: forever
""")
    spec = AgentSpec.model_validate({"agent": "mock:bad", "params": {"replies": str(path)}})
    with pytest.raises(SpecError) as caught:
        load_source(spec)
    assert [p.render() for p in caught.value.problems] == [
        f"{path}:2: replies[0].note: the 'note' reply must be text, got int (quote it in YAML, a JSON note too: "
        """'{"rent": "$1000"}')""",
        f"{path}:3: replies[0].mesage: unknown purpose 'mesage' (use: note, interrogation, message, extraction, "
        "ping, any)",
        f"{path}:4: replies[1]: one_of must be the entry's only key and a non-empty list of replies (not nested) "
        "(one_of: [text, {note: ..., message: ...}])",
        f"{path}:6: rules[0].match: not a valid regex: missing ), unterminated subpattern at position 0 (escape "
        "special characters like $ ( ) with \\)",
        f"{path}:8: when_exhausted: must be one of cycle, repeat_last, error, got 'forever'",
    ]


@pytest.mark.parametrize(("params", "message"), [
    ({}, "mock:x: params: no replies file or callable given (give params: {replies: FILE.yaml} or "
         "{callable: 'pkg.module:function'}, or name the file: mock:FILE.yaml)"),
    ({"replies": "nope.yaml"}, "mock:x: params.replies: file 'nope.yaml' not found (looked in {cwd}) (check the path)"),
    ({"replies": "r.txt"}, "mock:x: params.replies: replies file 'r.txt' is not .yaml, .yml, .json or .jsonl"),
    ({"reply": "r.yaml"}, "mock:x: params.reply: unknown mock setting(s) ['reply'] (use params.replies or "
                          "params.callable)"),
    ({"replies": "r.yaml", "callable": "json:loads"}, "mock:x: params: give params.replies or params.callable, "
                                                      "not both"),
    ({"callable": "json"}, "mock:x: params.callable: callable 'json' is not 'pkg.module:function' or "
                           "'file.py:function'"),
    ({"callable": "no_such_module_here:f"}, "mock:x: params.callable: cannot import 'no_such_module_here': "
     "ModuleNotFoundError: No module named 'no_such_module_here' (check the module is importable, or give a file: "
     "path/to/file.py:function)"),
    ({"callable": "json:no_such"}, "mock:x: params.callable: 'json' has no function 'no_such'"),
    ({"replies": "empty.yaml"}, "mock:x: replies file {cwd}/empty.yaml:1: (document): file is empty (write the "
                                "replies: a list, or 'replies:' with a list)"),
])
def test_a_mock_that_cannot_answer_fails_to_start_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                params: dict, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "r.txt", "hi")
    write(tmp_path, "empty.yaml", "")
    with pytest.raises(AgentError) as caught:
        make_agent(AgentSpec.model_validate({"agent": "mock:x", "params": params}), game=RENT, side=0)
    assert str(caught.value) == message.replace("{cwd}", str(tmp_path))


# ---- a Python function -------------------------------------------------------------------------

def echo_round(request: ChatRequest) -> str:
    return f"{request.purpose} of round {request.meta.get('round')}"


async def reply_with_usage(request: ChatRequest) -> ChatReply:
    return ChatReply(text="counted", usage=Usage(input_tokens=7), model="mine")


def broken(request: ChatRequest) -> str:
    raise ZeroDivisionError("division by zero")


def wrong_type(request: ChatRequest) -> int:
    return 3


def test_a_callable_answers(tmp_path: Path) -> None:
    agent = make_agent(AgentSpec.model_validate({"agent": "mock:f", "params": {
        "callable": "tests.test_mock_provider:echo_round"}}), game=RENT, side=0)
    assert ask(agent, "note", round_=4) == "note of round 4"
    # An async function returning a ChatReply: taken as it is.
    agent = make_agent(AgentSpec.model_validate("mock:tests.test_mock_provider:reply_with_usage"), game=RENT, side=0)
    reply = asyncio.run(agent.complete(ChatRequest(system="", messages=())))
    assert (reply.text, reply.usage.input_tokens, reply.model) == ("counted", 7, "mine")
    # A file next to the spec (or the working directory).
    write(tmp_path, "answers.py", "def answer(request):\n    return 'from a file'\n")
    spec = AgentSpec.model_validate({"agent": "mock:file", "params": {"callable": f"{tmp_path}/answers.py:answer"}})
    assert ask(make_agent(spec, game=RENT, side=0)) == "from a file"


@pytest.mark.parametrize(("function", "message"), [
    ("broken", "mock:f: ZeroDivisionError: division by zero"),
    ("wrong_type", "mock:f: the callable returned int, not text or a ChatReply"),
])
def test_a_failing_callable_fails_the_call(function: str, message: str) -> None:
    agent = make_agent(AgentSpec.model_validate({"agent": "mock:f", "params": {
        "callable": f"tests.test_mock_provider:{function}"}}), game=RENT, side=0)
    with pytest.raises(AgentError) as caught:
        ask(agent)
    assert (str(caught.value), caught.value.retryable) == (message, False)


# ---- in a negotiation, in lamen play, lamen run and lamen doctor ------------------------------------

HAGGLER = REPO / "examples" / "mock-smoke.replies.yaml"


def test_structured_notes_are_answered_with_the_files_text(tmp_path: Path) -> None:
    protocol = load_protocol("default").model_copy(update={"structured_notes": True})
    agents = tuple(make_agent(AgentSpec.model_validate(f"mock:{HAGGLER}"), game=RENT, side=side) for side in (0, 1))
    transcript = asyncio.run(play(Negotiation(RENT, protocol), agents))  # type: ignore[arg-type]
    assert all(c.request.response_schema is not None for t in transcript.turns for c in t.calls if c.purpose == "note")
    assert [t.note_offer for t in transcript.turns] == [
        {"rent": r} for r in ("$1400", "$1000", "$1300", "$1100", "$1200", "$1200", "$1200")]
    outcome = judge(transcript, RENT, protocol)
    assert {t.note.method for t in outcome.turns} == {"structured"}
    assert (outcome.agreement, outcome.agreed_offer, outcome.rounds) == ("hard", {"rent": "$1200"}, 4)


def test_lamen_play_names_the_replies_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "rental-1-distributive", "--side-a", f"mock:{HAGGLER}", "--side-b", f"mock:{HAGGLER}",
                 "--quiet"]) == 0
    assert "agreement: hard   agreed offer: rent: $1200   rounds: 4   end: agreement" in capsys.readouterr().out


def test_lamen_play_with_a_missing_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "rental-1-distributive", "--side-a", "mock:x:y.yaml", "--side-b", "bot:linear"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"error: cannot start: mock:x:y.yaml: params.replies: file 'x:y.yaml' not found (looked in {tmp_path}) "
        "(check the path)"]


def test_the_example_smoke_tournament_runs_offline_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # the replies file and the function are found next to the spec
    spec = REPO / "examples" / "mock-smoke.yaml"
    assert check_paths([spec]) == (1, [])
    assert main(["run", str(spec), "--db", str(tmp_path / "smoke.db"), "--quiet"]) == 0
    assert "mock-smoke: 24/24 matches, 24 agreements, 0 errors, $0.00 in " in capsys.readouterr().out
    frame = match_table(Store(tmp_path / "smoke.db"))
    mocks_only = frame[frame["agent_a"].str.startswith("mock:") & frame["agent_b"].str.startswith("mock:")]
    assert len(mocks_only) == 12 and set(mocks_only["agreement_level"]) == {"hard"}
    assert set(mocks_only["u_a"]) == {0.7}  # always $1200: 7/10 to the landlord
    assert frame["agreement_level"].value_counts().to_dict() == {"hard": 22, "soft": 2}


def test_the_spec_folder_comes_before_the_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "specs").mkdir()
    write(tmp_path / "specs", "r.yaml", "[from the spec folder]\n")
    write(tmp_path, "r.yaml", "[from the working directory]\n")
    spec = write(tmp_path / "specs", "t.yaml", "name: t\nagents: [{agent: mock:a, params: {replies: r.yaml}}]\n"
                                              "games: [rental-1-distributive]\n")
    monkeypatch.chdir(tmp_path)
    tournament = load_tournament(spec)
    agent = make_agent(tournament.agents[0], game=RENT, side=0)
    assert ask(agent) == "from the spec folder"
    # Without the spec (a name on the command line), the working directory.
    assert ask(make_agent(AgentSpec.model_validate("mock:r.yaml"), game=RENT, side=0)) == "from the working directory"


def test_a_bad_mock_stops_the_run_before_anything_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "r.yaml", "replies:\n  - {note: x, mesage: y}\n")
    spec = write(tmp_path, "t.yaml", "name: t\nagents:\n  - bot:linear\n  - {agent: mock:a, params: {replies: r.yaml}}\n"
                                     "  - {agent: mock:b, params: {replies: gone.yaml}}\ngames: [rental-1-distributive]\n")
    assert main(["run", str(spec)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{tmp_path}/r.yaml:2: replies[0].mesage: unknown purpose 'mesage' (use: note, interrogation, message, "
        "extraction, ping, any)",
        f"{spec}:5: agents[2].params.replies: file 'gone.yaml' not found (looked in {tmp_path}) (check the path)"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.yaml", "t.yaml"]


def test_doctor_shows_and_pings_mock_agents(capsys: pytest.CaptureFixture[str]) -> None:
    spec = REPO / "examples" / "mock-smoke.yaml"
    assert main(["doctor", str(spec), "--ping"]) == 0
    out = capsys.readouterr().out
    assert f"agents of {spec}: 0 LLM agents, 2 mock agents (1 bot/local/human/player agents need no check)\n" in out
    assert (f"  mock:haggler: replies {spec.parent}/mock-smoke.replies.yaml (3 replies for side A, 3 replies for "
            "side B, 2 rules, when exhausted: repeat_last); no key, $0\n") in out
    assert "  mock:fixed-price: callable mock_smoke.py:answer; no key, $0\n" in out
    assert "  ping mock:haggler: ok: " in out and "  ping mock:fixed-price: ok: " in out
