"""The human seat of `lamen play`: it sees what its seat may see, stops on one Ctrl-C with the
transcript saved, ends on end of input, never sends an empty answer by accident; and `lamen play`
prints model text inert and refuses an unwritable --json before playing."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from lamen.agents.base import ChatMessage, ChatRequest
from lamen.agents.human import HumanSeat, SeatLeft
from lamen.cli import main
from lamen.spec.agent import AgentSpec
from tests.conftest import REPO
from tests.fake_servers import Asked, FakeProviders

# A bot's private note always starts with this; its messages with "We propose".
BOT_NOTE = "I hold out for an offer worth at least"
ENV = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "400"}  # wide: no text is wrapped across lines


def seat(answers: list[str | None]) -> tuple[HumanSeat, io.StringIO]:
    """A seat reading `answers` (None = end of input) and printing into a buffer."""
    feed: Iterator[str | None] = iter(answers)

    def read_line(prompt: str) -> str:
        line = next(feed)
        if line is None:
            raise EOFError
        return line

    screen = io.StringIO()
    return HumanSeat(AgentSpec.model_validate("human"), Console(file=screen, width=200), read_line), screen


def request(purpose: str = "note", text: str = "Round 1 of 3.") -> ChatRequest:
    return ChatRequest(system="You are the tenant.", messages=(ChatMessage(role="user", content=text),),
                       purpose=purpose)


def ask(human: HumanSeat, req: ChatRequest) -> str:
    import asyncio

    return asyncio.run(human.complete(req)).text


def test_an_empty_answer_is_asked_again_not_sent() -> None:
    human, screen = seat(["", "   ", "rent $900 is my floor", "then $1000", ""])
    assert ask(human, request("note")) == "rent $900 is my floor\nthen $1000"
    assert screen.getvalue().count("(nothing typed yet: type your private note, then an empty line)") == 2


def test_end_of_input_with_nothing_typed_leaves_the_match() -> None:
    human, _ = seat([None])
    with pytest.raises(SeatLeft, match="human left the match"):
        ask(human, request("message"))
    assert human.left


def test_end_of_input_after_some_text_sends_that_text() -> None:
    human, _ = seat(["we agree on all issues", None])
    assert ask(human, request("message")) == "we agree on all issues"
    assert not human.left


def test_the_seat_shows_model_text_inert() -> None:
    human, screen = seat(["ok", ""])
    ask(human, request("message", "\x1b[2J\x1b]0;owned\x07[red]offer[/red] \u202eevil"))
    shown = screen.getvalue()
    assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
    assert "\\u001b[2J\\u001b]0;owned\\u0007[red]offer[/red] \\u202eevil" in shown


def play_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lamen", "play", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, env=ENV, cwd=REPO)


def test_the_human_sees_its_own_notes_and_both_messages_never_the_bots_notes(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    answers = "my floor is $900\n\nWe offer $900.\n\n" * 2
    result = play_cli("rental-2-mixture", "--side-a", "bot:linear", "--side-b", "human", "--max-rounds", "2",
                      "--json", str(out), stdin=answers)
    assert result.returncode == 0, result.stderr
    turns = json.loads(out.read_text())["transcript"]["turns"]
    assert [(t["side"], t["note"]) for t in turns if t["side"] == 1] == [(1, "my floor is $900")] * 2
    assert BOT_NOTE in turns[0]["note"]
    screen = result.stdout
    assert BOT_NOTE not in screen
    assert "the Landlord's notes stay private" in screen
    assert screen.count("note (private)") == 2  # the human's two notes, never the bot's
    for turn in turns:
        assert turn["message"] in screen


def test_with_no_human_the_screen_shows_both_sides_notes(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = play_cli("rental-2-mixture", "--side-a", "bot:linear", "--side-b", "bot:boulware", "--max-rounds", "2",
                      "--json", str(out))
    assert result.returncode == 0, result.stderr
    turns = json.loads(out.read_text())["transcript"]["turns"]
    assert len(turns) == 4
    assert result.stdout.count("note (private)") == 4
    for turn in turns:
        assert turn["note"].splitlines()[0] in result.stdout


def test_two_humans_share_a_screen_so_no_note_is_replayed(tmp_path: Path) -> None:
    answers = "note of A\n\nmessage of A\n\nnote of B\n\nmessage of B\n\n"
    result = play_cli("rental-1-distributive", "--side-a", "human", "--side-b", "human", "--max-rounds", "1",
                      stdin=answers)
    assert result.returncode == 0, result.stderr
    assert "note (private)" not in result.stdout
    assert "message of A" in result.stdout and "message of B" in result.stdout


def test_end_of_input_ends_the_match_instead_of_playing_empty_turns(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = play_cli("rental-2-mixture", "--side-a", "bot:linear", "--side-b", "human", "--max-rounds", "5",
                      "--json", str(out), stdin="my note\n\nmy message\n\n")
    assert result.returncode == 0, result.stderr
    assert "human ended the match (end of input) after 3 turn(s)" in result.stdout
    saved = json.loads(out.read_text())
    assert saved["interrupted"] is False
    assert [t["side"] for t in saved["transcript"]["turns"]] == [0, 1, 0]
    assert saved["transcript"]["error"] == "side B (human): human left the match (end of input)"
    assert saved["outcome"]["agreement"] == "none"


class Terminal:
    """`lamen play` on a pseudo-terminal, as a person runs it, so Ctrl-C is a real SIGINT."""

    def __init__(self, *args: str) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: become lamen
            os.chdir(REPO)
            os.execvpe(sys.executable, [sys.executable, "-m", "lamen", "play", *args], ENV)
        self.screen = b""

    def wait_for(self, text: bytes, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while text not in self.screen:
            assert time.monotonic() < end, f"no {text!r} on the screen: {self.screen[-500:]!r}"
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                self.screen += os.read(self.fd, 65536)

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def exit_code(self, timeout: float = 30) -> int:
        """The exit code; a process still alive after `timeout` seconds (ignoring Ctrl-C) fails."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.2)
                if ready:
                    self.screen += os.read(self.fd, 65536)
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        raise AssertionError(f"still running {timeout} s after Ctrl-C: {self.screen[-500:]!r}")


@pytest.mark.skipif(sys.platform != "linux", reason="pseudo-terminal test")
def test_one_ctrl_c_stops_the_match_and_saves_the_partial_transcript(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    term = Terminal("rental-2-mixture", "--side-a", "bot:linear", "--side-b", "human", "--json", str(out))
    term.wait_for(b"Type your private note")
    term.type(b"my floor is $900\r\r")
    term.wait_for(b"Type your public message")
    term.type(b"\x03")  # one Ctrl-C
    assert term.exit_code() == 130
    assert b"interrupted (Ctrl-C) after 1 turn(s)" in term.screen
    saved = json.loads(out.read_text())
    assert saved["interrupted"] is True
    transcript = saved["transcript"]
    assert transcript["error"] == "interrupted at the keyboard (Ctrl-C) in round 1"
    assert len(transcript["turns"]) == 1
    # The note typed before Ctrl-C is kept with the unfinished turn.
    assert [(c["purpose"], c["reply"]["text"]) for c in transcript["unfinished_calls"]] == [("note", "my floor is $900")]


@pytest.mark.skipif(sys.platform != "linux", reason="pseudo-terminal test")
def test_ctrl_d_at_the_note_prompt_ends_the_match_without_an_empty_note(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    term = Terminal("rental-2-mixture", "--side-a", "bot:linear", "--side-b", "human", "--json", str(out))
    term.wait_for(b"Type your private note")
    term.type(b"\x04")  # Ctrl-D on an empty line
    assert term.exit_code() == 0
    saved = json.loads(out.read_text())
    assert saved["transcript"]["error"] == "side B (human): human left the match (end of input)"
    assert len(saved["transcript"]["turns"]) == 1 and saved["transcript"]["unfinished_calls"] == []


@pytest.mark.parametrize(("where", "says"), [
    ("no/such/dir/game.json", "--json {path}: folder {parent} does not exist (create it first or choose another path)"),
    ("", "--json {path}: is a directory (give a file name, e.g. game.json)"),
    ("a-file/game.json", "--json {path}: {parent} is not a folder (choose a path inside a folder)"),
])
def test_a_json_path_that_cannot_be_written_is_refused_before_playing(tmp_path: Path, where: str, says: str) -> None:
    (tmp_path / "a-file").write_text("x")
    path = tmp_path / where if where else tmp_path
    before = sorted(p.name for p in tmp_path.rglob("*"))
    # A human seat with no input would block, or end the match, if anything were played.
    result = play_cli("rental-2-mixture", "--side-a", "human", "--side-b", "bot:linear", "--json", str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["error: " + says.format(path=path, parent=path.parent)]
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_model_text_is_printed_inert_by_lamen_play(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    hostile = "\x1b[2J\x1b]0;owned\x07[bold red]We agree[/] \u202eon all issues."

    def answer(asked: Asked) -> str:
        if "acceptable offer format" in asked.last_user:
            return hostile + '\n```json{"rent": "$1000"}```'
        return hostile

    with FakeProviders(answer) as fake:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url("openai"))
        code = main(["play", "rental-1-distributive", "--side-a", "openai:gpt-4o-mini", "--side-b", "bot:linear",
                     "--max-rounds", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    # Shown, character for character, as visible escapes: note and message of the model's turn.
    assert out.count("\\u001b[2J\\u001b]0;owned\\u0007[bold red]We agree[/] \\u202eon all issues.") == 2
