"""LAMEN's real gpt-4 self-play transcript (rental game, rent issue) as a lamen Transcript."""

from __future__ import annotations

import csv
from pathlib import Path

from lamen.transcript import Transcript, Turn

# LAMEN's agent 0 argued for the tenant ("the lower the rent, the higher your payoff"), so it sat
# on side 1 of lamen's rental game (side 0 is the landlord); agent 1 was the landlord.
SIDE_OF_AGENT = {0: 1, 1: 0}


def lamen_transcript(data: Path, with_interrogation: bool = True) -> tuple[Transcript, list[dict[str, str]]]:
    folder = data / "for_testing"
    rows = list(csv.DictReader((folder / "negotiations.csv").open(encoding="utf-8")))
    answers = {}
    if with_interrogation:
        for row in csv.DictReader((folder / "interrogation.csv").open(encoding="utf-8")):
            answers[(int(row["agent_id"]), int(row["round_num"]))] = row["answer"]
    turns = tuple(
        Turn(side=SIDE_OF_AGENT[int(row["agent_id"])], round=int(row["round"]) + 1, note=row["note"],
             message=row["message"], interrogation=answers.get((int(row["agent_id"]), int(row["round"]))))
        for row in rows)
    return Transcript(game="rental-1-distributive", agents=("gpt-4", "gpt-4"), starts=1, turns=turns), rows
