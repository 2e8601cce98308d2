"""A person at the terminal in a game family's seat (issue 17, point 6): `lamen play FAMILY --seat
ROLE=human ...` shows the person the family codec's rendering of their own observation, reads
their reply from stdin (piped here) and plays it; an unreadable reply is fed back; the end of
input ends the match unscored. Bad seats are one line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.registry import get_family

REPO = Path(__file__).resolve().parents[1]
MEDIATION = get_family("dialop.mediation")
PLANNING = get_family("dialop.planning")


def lamen(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "lamen", "play", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=120)


def test_a_person_plays_the_planning_user_from_piped_stdin() -> None:
    """Game 2, the oracle assistant first: it proposes the best plan; the person first writes an
    untagged line (fed back, as to a model), then accepts."""
    done = lamen("dialop.planning", "--seat", "user=human", "--seat", "assistant=player:oracle", "--first",
                 "assistant", "--seed", "2", stdin="sounds good\n\n[accept]\n\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "ended: accepted   team score: 1.000   moves: 2" in out
    # The person saw the user's view: their wishes and the scorecard of the plan put to them ...
    instance = PLANNING.instances(PLANNING.default_config(), 2)
    assert "Your wishes for this city:" in out and all(p.text in out for p in instance.preferences)
    assert "Planner: [propose] [Taqueria y Mas, Schwarzes Cafe, Mad Seoul]" in out and "TOTAL SCORE +13" in out
    # ... the feedback on their untagged line ...
    assert "Your last reply could not be used" in out
    # ... and nothing of the assistant's: no site list, no search tool.
    assert "The sites of this city:" not in out and "Search(" not in out


def test_a_person_plays_a_mediation_user_and_sees_only_their_own_calendar(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(sys, "stdin", io.StringIO("[message] Any flight is fine by me.\n\n[accept]\n\n"))
    code = main(["play", "dialop.mediation", "--seat", "user-0=human", "--seat", "assistant=player:oracle",
                 "--seat", "user-1=player:oracle", "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 0 and "ended: accepted   team score: 1.000   moves: 5" in out
    # Their own calendar, flights and price weight (game 4: user-0's normal price is $247, user-1's $950) ...
    assert "private | 6/1 9:00 AM – 11:00 AM | importance 7" in out and "24 | JetBlue | $66 |" in out
    assert "plus 5 × ($247 − its price)" in out and "The agent's proposal waits for your answer" in out
    # ... never the other user's, nor the agent's view of both.
    assert "$950" not in out and "14 | Alaska | $2309 |" not in out and "private | 6/2 10:30 AM – 11:30 AM" not in out
    assert "User 1's flights" not in out and "User 0's flights" not in out


def test_the_end_of_input_ends_the_match_unscored(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(["play", "dialop.planning", "--seat", "user=human", "--seat", "assistant=player:oracle",
                 "--first", "assistant", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0 and "human (user) ended the match (end of input) after 1 move(s); not scored" in out
    assert "team score" not in out


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "user=human"], "error: dialop.planning: no agent for assistant"),
    (["--seat", "user=human", "--seat", "planner=player:oracle"],
     "error: --seat 'planner=player:oracle': dialop.planning has no role 'planner'"),
    (["--seat", "user=human", "--seat", "assistant=player:nobody"],
     "error: --seat assistant=player:nobody: dialop.planning has no scripted player 'nobody'"),
    (["--seat", "user", "--seat", "assistant=human"], "error: --seat 'user': expected ROLE=AGENT"),
])
def test_bad_seats_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["play", "dialop.planning", *args]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(message) and "\n" not in err, err


def test_a_negotiation_still_needs_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    # a missing side is a usage error, said as argparse says its own (exit 2)
    assert main(["play", "rental", "--side-a", "human"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "lamen play: error: the following arguments are required: --side-b (see `lamen play --help`)", err
    # a family's options on a negotiation are a spec error naming the game
    assert main(["play", "rental", "--side-a", "human", "--seat", "user=human"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: rental: a negotiation needs --side-a and --side-b") and "\n" not in err, err
