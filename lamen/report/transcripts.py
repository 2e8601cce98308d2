"""What the transcript viewer shows, as plain JSON-ready data: a short listing row per match for
index.html, and each match's turns (note, message, the offers the judge read, its flags) — or
what is missing — in chunk files the page loads when a match is opened.

A match of a game family other than negotiation (DialOp Optimization, Traveling Adventurers) has
no note and no judge: its turns are shown as the moves the family's players wrote — tagged lines
such as `[message] ...`, `[propose] ...`, `[accept]`, `[suggest] L-E`, `[agree]` — and the
thoughts the seat kept to itself (`[think]`, stored as the turn's note), marked private."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from lamen.report.data import ReportData
from lamen.report.html import script_json
from lamen.transcript import Turn


# Matches per transcript file: small enough to load at a click, few enough files for 10,000s.
CHUNK = 100
CHUNK_FILES = "transcripts"
STAGES = ("cross", "self", "qualifier")
# One listing row per match, in this order (agents, games, outcomes and stages as indices).
COLUMNS = ("id", "stage", "game", "a", "b", "starts", "repetition", "outcome", "u_a", "u_b", "rounds", "chunk")


def _number(value: Any) -> float | None:
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return None
    return float(value)


def _rounded(value: Any) -> float | None:
    """A utility for the list: 4 decimals keep every payoff step (0.01 and finer) and the page small."""
    number = _number(value)
    return None if number is None else round(number, 4)


def _text(value: Any) -> str | None:
    """A text cell, None when missing (pandas may hold a missing text as NaN or NA)."""
    return None if value is None or pd.isna(value) else str(value)


def turn_flags(reading: dict[str, Any]) -> list[dict[str, str]]:
    """The judge's findings on one turn (a `TurnReading` as stored), each with a kind the viewer
    styles by."""
    flags = [{"kind": "violation", "text": f"rule violation: {violation}"} for violation in reading["violations"]]
    if reading["internally_faithful"] is False:
        flags.append({"kind": "unfaithful", "text": "unfaithful: the message offers less than the note"})
    if reading["externally_faithful"] is False:
        flags.append({"kind": "unfaithful", "text": "externally unfaithful: the message is not what it believes "
                                                    "the opponent accepts"})
    if not reading["note_within_limit"]:
        flags.append({"kind": "limit", "text": f"note over the word limit ({reading['note_words']} words)"})
    if not reading["message_within_limit"]:
        flags.append({"kind": "limit", "text": f"message over the word limit ({reading['message_words']} words)"})
    if not reading["note_format_ok"]:
        flags.append({"kind": "format",
                      "text": f"note format: offers not read from JSON (method: {reading['note']['method']})"})
    for where in ("note", "message"):
        for issue in reading[where]["ambiguous"]:
            flags.append({"kind": "format", "text": f"{where}: several values for {issue}"})
    if reading["says_agreement"]:
        flags.append({"kind": "info", "text": "says the agreement phrase"})
    return flags


def _turn(turn: Turn, reading: dict[str, Any] | None, agents: tuple[str, str],
          parties: tuple[str, str]) -> dict[str, Any]:
    entry: dict[str, Any] = {"side": turn.side, "round": turn.round, "agent": agents[turn.side],
                             "party": parties[turn.side], "note": turn.note, "message": turn.message,
                             "interrogation": turn.interrogation, "note_reading": None, "message_reading": None,
                             "flags": []}
    if reading is not None:
        # Extractions as the judge stored them: method, offers, invalid, unknown_issues, ambiguous.
        entry["note_reading"] = reading["note"]
        entry["message_reading"] = reading["message"]
        entry["flags"] = turn_flags(reading)
    return entry


# A move's tag opens a line: `[propose]`, `[think]` ... (the families' written form of a turn).
MOVE_TAG = re.compile(r"^\[([A-Za-z][A-Za-z_-]*)\][ \t]?(.*)$")
PRIVATE = "think"  # the one tag a seat writes for itself alone
THINK_TAG = re.compile(r"^\[think\][ \t]?", re.MULTILINE)  # the note keeps the tag: shown once, as "private"


def family_moves(message: str) -> list[dict[str, str]]:
    """A family turn's reply split into its moves, each {"kind": tag, "text": what follows}; lines
    after a tagged line belong to it (a proposal's list). Text before the first tag (a reply the
    family's codec would have rejected is never committed, so this is rare) is kept as "text"."""
    moves: list[dict[str, str]] = []
    for line in message.splitlines():
        found = MOVE_TAG.match(line)
        if found:
            moves.append({"kind": found.group(1).lower(), "text": found.group(2)})
        elif moves:
            moves[-1]["text"] += ("\n" if moves[-1]["text"] else "") + line
        elif line.strip():
            moves.append({"kind": "text", "text": line})
    return moves


def _family_turn(turn: Turn, agents: tuple[str, str], parties: tuple[str, str]) -> dict[str, Any]:
    """A family turn: its public moves, and its private thoughts — the family's record of them
    (the turn's note) or, when the runner could not attribute them to this move, the reply's own
    `[think]` lines — never mixed into the moves the partner saw."""
    moves = family_moves(turn.message)
    written = "\n".join(move["text"] for move in moves if move["kind"] == PRIVATE)
    return {"side": turn.side, "round": turn.round, "agent": agents[turn.side], "party": parties[turn.side],
            "role": turn.role,  # which seat of its side wrote it (Mediation's user-0 or user-1); None if unknown
            "moves": [move for move in moves if move["kind"] != PRIVATE],
            "private": THINK_TAG.sub("", turn.note) or written,
            "flags": []}


def _outcome_label(row: Mapping[str, Any]) -> str:
    if row["status"] != "finished":
        return str(row["status"])
    return str(row["agreement_level"])


def _missing(row: Mapping[str, Any], turns: tuple[Turn, ...]) -> str | None:
    if turns:
        return None
    if row["source"] != "played":
        return f"no transcripts: imported from {row['source']} (the source keeps outcomes only)"
    if row["status"] == "errored":
        return f"no transcript: the match errored before its first turn ({_text(row['error']) or 'no error text'})"
    return "no transcript stored for this match"


def match_detail(row: Mapping[str, Any], data: ReportData, parties: tuple[str, str],
                 family: bool = False) -> dict[str, Any]:
    """What the viewer shows of one match once it is opened: its turns with the judge's readings
    (`family`: a game family's match, its turns as moves and private thoughts)."""
    turns = data.turns.get(row["match_id"], ())
    outcome = data.outcomes.get(row["match_id"])
    readings = {reading["index"]: reading for reading in outcome["turns"]} if outcome else {}
    agents = (str(row["agent_a"]), str(row["agent_b"]))
    if family:
        shown = [_family_turn(turn, agents, parties) for turn in turns]
    else:
        shown = [_turn(turn, readings.get(index), agents, parties) for index, turn in enumerate(turns)]
    threads = None
    if row["match_id"] in data.events:  # an agent-vs-environment episode: a thread per person it talked with
        from lamen.report.threads import episode_threads

        roles = {turn.role for turn in turns if turn.side == 0 and turn.role} or {"agent"}
        names = {str(turn.role): agents[turn.side] for turn in turns if turn.role}
        names.update({str(e["role"]): agents[0] if e["role"] in roles else agents[1]
                      for e in data.events[row["match_id"]]
                      if e.get("role") is not None and str(e["role"]) not in names})
        threads = episode_threads(data.events[row["match_id"]], roles, names)
        parties = ("agent", "simulator")
    return {
        "threads": threads,
        "id": row["match_id"], "parties": list(parties), "status": row["status"], "source": row["source"],
        "u": [_number(row["u_a"]), _number(row["u_b"])], "error": _text(row["error"]),
        "agreed_offer": outcome["agreed_offer"] if outcome else None,
        "end_reason": outcome["end_reason"] if outcome else None,
        "missing": _missing(row, turns),
        "turns": shown,
    }


@dataclass(frozen=True)
class Viewer:
    """The transcript viewer's data: `listing` goes into index.html (one short row per match);
    `chunks[n]` holds the transcripts of matches n·CHUNK … n·CHUNK + CHUNK − 1, loaded on demand."""

    listing: dict[str, Any]
    chunks: list[dict[str, dict[str, Any]]]


def viewer_data(data: ReportData, chunk: int = CHUNK) -> Viewer:
    """Every match that was played or imported (pending ones have nothing to show), in the order
    the tournament planned them."""
    parties = {info.name: tuple(info.game.parties) if info.game else ("side A", "side B") for info in data.games}
    family = str(data.spec.get("family", "negotiation")) != "negotiation"
    shown = data.matches[data.matches["status"] != "pending"].reset_index(drop=True)
    agents = list(data.agent_ids)
    games = [info.name for info in data.games]
    records = shown.to_dict("records")  # plain dicts: a tenth of the time of iterrows at 10,000 matches
    outcomes = sorted({_outcome_label(row) for row in records})
    index = {"agent": {a: i for i, a in enumerate(agents)}, "game": {g: i for i, g in enumerate(games)},
             "outcome": {o: i for i, o in enumerate(outcomes)}, "stage": {s: i for i, s in enumerate(STAGES)}}
    rows, chunks = [], []
    for number, row in enumerate(records):
        if number % chunk == 0:
            chunks.append({})
        rows.append([row["match_id"], index["stage"][row["stage"]], index["game"][row["game"]],
                     index["agent"][row["agent_a"]], index["agent"][row["agent_b"]], int(row["starts"]),
                     int(row["repetition"]), index["outcome"][_outcome_label(row)], _rounded(row["u_a"]),
                     _rounded(row["u_b"]), _number(row["rounds"]), len(chunks) - 1])
        game = row["game"]
        chunks[-1][row["match_id"]] = match_detail(row, data, parties.get(game, ("side A", "side B")), family)
    classes = {info.name: info.game_class for info in data.games}
    listing = {
        "tournament": data.tournament, "agents": agents, "games": games, "game_classes": [classes[g] for g in games],
        "outcomes": outcomes, "stages": list(STAGES), "columns": list(COLUMNS),
        "pending": int((data.matches["status"] == "pending").sum()), "chunk_files": CHUNK_FILES,
        "matches": rows,
    }
    return Viewer(listing, chunks)


def chunk_name(number: int) -> str:
    return f"{number:04d}.js"


def write_chunks(viewer: Viewer, folder: Path) -> list[Path]:
    """Each chunk as `folder/NNNN.js`: a call of the viewer's loader with the chunk's transcripts.
    A script file, not JSON for fetch(): browsers let a page opened from file:// load scripts
    beside it but not fetch them."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.js"):
        stale.unlink()
    written = []
    for number, chunk in enumerate(viewer.chunks):
        path = folder / chunk_name(number)
        path.write_text(f"window.lamenTranscripts({number},{script_json(chunk)});\n", encoding="utf-8")
        written.append(path)
    return written
