"""`lamen play`: a whole negotiation from the command line, a human seat fed through stdin."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lamen.cli import main


def test_play_two_bots_and_write_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.json"
    code = main(["play", "rental-2-mixture", "--side-a", "bot:linear", "--side-b", "bot:conceder",
                 "--starts", "b", "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "agreement: hard" in printed and "internal faithfulness" in printed
    saved = json.loads(out.read_text())
    assert saved["transcript"]["starts"] == 1
    assert saved["transcript"]["turns"][0]["side"] == 1
    assert saved["outcome"]["agreement"] == "hard"
    # The exact request of every note and message is kept.
    assert saved["transcript"]["turns"][0]["calls"][0]["request"]["purpose"] == "note"


def test_play_bad_agent_names_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "rental-2-mixture", "--side-a", "openia:gpt-4o", "--side-b", "bot:linear"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: --side-a 'openia:gpt-4o': unknown provider 'openia' (known: bot, local, human, mock, "
                   "anthropic, openai, cohere, google, player) (name an agent like bot:boulware, local:smollm2, human or openai:gpt-4o)"]
    assert main(["play", "rental-2-mixture", "--side-a", "bot:bluffer", "--side-b", "bot:linear"]) == 1
    assert "unknown negotiator 'bluffer'" in capsys.readouterr().err


def test_a_human_takes_side_b_through_stdin(tmp_path: Path) -> None:
    # Each answer ends with an empty line: note, then message, for one round.
    answers = 'Acceptable offer: {"rent": "$1500"}\n\nYou win: rent $1500. We agree on all issues.\n\n'
    out = tmp_path / "human.json"
    result = subprocess.run(
        [sys.executable, "-m", "lamen", "play", "rental-1-distributive", "--side-a", "bot:hardliner",
         "--side-b", "human", "--max-rounds", "1", "--json", str(out)],
        input=answers, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "what you know (system prompt)" in result.stdout  # shown what a model would see
    assert "You are an advisor representing the best interests of the tenant" in result.stdout
    saved = json.loads(out.read_text())
    human_turn = saved["transcript"]["turns"][1]
    assert human_turn["note"] == 'Acceptable offer: {"rent": "$1500"}'
    assert saved["outcome"]["agreement"] == "soft"  # the hardliner has no turn left to say the phrase
    assert saved["outcome"]["agreed_offer"] == {"rent": "$1500"}
