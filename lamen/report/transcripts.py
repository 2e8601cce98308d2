"""What the transcript viewer shows, as plain JSON-ready data: every match with its turns (note,
message, the offers the judge read, its flags), or what is missing when the store has no turns."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from lamen.judge.extraction import Extraction
from lamen.judge.outcome import Outcome, TurnReading
from lamen.report.data import ReportData
from lamen.transcript import Turn


def _number(value: Any) -> float | None:
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return None
    return float(value)


def _text(value: Any) -> str | None:
    """A text cell, None when missing (pandas may hold a missing text as NaN or NA)."""
    return None if value is None or pd.isna(value) else str(value)


def _offers(extraction: Extraction) -> dict[str, Any]:
    return {"method": extraction.method, "offers": dict(extraction.offers), "invalid": dict(extraction.invalid),
            "ambiguous": list(extraction.ambiguous), "unknown_issues": list(extraction.unknown_issues)}


def turn_flags(reading: TurnReading) -> list[dict[str, str]]:
    """The judge's findings on one turn, each with a kind the viewer styles by."""
    flags = [{"kind": "violation", "text": f"rule violation: {violation}"} for violation in reading.violations]
    if reading.internally_faithful is False:
        flags.append({"kind": "unfaithful", "text": "unfaithful: the message offers less than the note"})
    if reading.externally_faithful is False:
        flags.append({"kind": "unfaithful", "text": "externally unfaithful: the message is not what it believes "
                                                    "the opponent accepts"})
    if not reading.note_within_limit:
        flags.append({"kind": "limit", "text": f"note over the word limit ({reading.note_words} words)"})
    if not reading.message_within_limit:
        flags.append({"kind": "limit", "text": f"message over the word limit ({reading.message_words} words)"})
    if not reading.note_format_ok:
        flags.append({"kind": "format",
                      "text": f"note format: offers not read from JSON (method: {reading.note.method})"})
    for where, extraction in (("note", reading.note), ("message", reading.message)):
        for issue in extraction.ambiguous:
            flags.append({"kind": "format", "text": f"{where}: several values for {issue}"})
    if reading.says_agreement:
        flags.append({"kind": "info", "text": "says the agreement phrase"})
    return flags


def _turn(turn: Turn, reading: TurnReading | None, agents: tuple[str, str], parties: tuple[str, str]) -> dict[str, Any]:
    entry: dict[str, Any] = {"side": turn.side, "round": turn.round, "agent": agents[turn.side],
                             "party": parties[turn.side], "note": turn.note, "message": turn.message,
                             "interrogation": turn.interrogation, "note_reading": None, "message_reading": None,
                             "flags": []}
    if reading is not None:
        entry["note_reading"] = _offers(reading.note)
        entry["message_reading"] = _offers(reading.message)
        entry["flags"] = turn_flags(reading)
    return entry


def _outcome_label(row: pd.Series) -> str:
    if row["status"] != "finished":
        return str(row["status"])
    return str(row["agreement_level"])


def _missing(row: pd.Series, turns: tuple[Turn, ...]) -> str | None:
    if turns:
        return None
    if row["source"] != "played":
        return f"no transcripts: imported from {row['source']} (the source keeps outcomes only)"
    if row["status"] == "errored":
        return f"no transcript: the match errored before its first turn ({_text(row['error']) or 'no error text'})"
    return "no transcript stored for this match"


def match_entry(row: pd.Series, data: ReportData, parties: tuple[str, str]) -> dict[str, Any]:
    turns = data.turns.get(row["match_id"], ())
    outcome: Outcome | None = data.outcomes.get(row["match_id"])
    readings = {reading.index: reading for reading in outcome.turns} if outcome else {}
    agents = (str(row["agent_a"]), str(row["agent_b"]))
    return {
        "id": row["match_id"], "stage": row["stage"], "game": row["game"], "game_class": row["game_class"],
        "a": agents[0], "b": agents[1], "starts": int(row["starts"]), "repetition": int(row["repetition"]),
        "status": row["status"], "outcome": _outcome_label(row), "source": row["source"],
        "u": [_number(row["u_a"]), _number(row["u_b"])], "rounds": _number(row["rounds"]),
        "error": _text(row["error"]), "parties": list(parties),
        "agreed_offer": dict(outcome.agreed_offer) if outcome and outcome.agreed_offer else None,
        "end_reason": outcome.end_reason if outcome else None,
        "missing": _missing(row, turns),
        "turns": [_turn(turn, readings.get(index), agents, parties) for index, turn in enumerate(turns)],
    }


def viewer_payload(data: ReportData) -> dict[str, Any]:
    """Every match that was played or imported (pending ones have nothing to show)."""
    parties = {info.name: tuple(info.game.parties) if info.game else ("side A", "side B") for info in data.games}
    shown = data.matches[data.matches["status"] != "pending"]
    matches = [match_entry(row, data, parties.get(row["game"], ("side A", "side B"))) for _, row in shown.iterrows()]
    return {
        "tournament": data.tournament,
        "agents": list(data.agent_ids),
        "games": [info.name for info in data.games],
        "outcomes": sorted({entry["outcome"] for entry in matches}),
        "pending": int((data.matches["status"] == "pending").sum()),
        "matches": matches,
    }
