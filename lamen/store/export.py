"""`lamen export`: a database's matches, seats, agents, turns, model calls and scores as JSON Lines
or Parquet files, one file per table (schema in the README, section "The store").

Rows are streamed from the store (a study's calls, each with its full request, do not fit in
memory as one table): JSON Lines write a line per row, Parquet a row group per batch."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lamen.store.reads import StoreReads
from lamen.text_safety import without_surrogates

FORMATS = ("jsonl", "parquet")
BATCH = 2000  # Parquet rows per row group

SIDE_FIGURES = ("internal_faithfulness", "external_faithfulness", "note_instruction", "message_instruction",
                "format_instruction", "rule_violations")

# Column name -> type ("str", "int", "float", "bool"; JSON-valued columns are strings of JSON).
COLUMNS: dict[str, dict[str, str]] = {
    "matches": {"match_id": "str", "tournament": "str", "stage": "str", "game": "str", "game_class": "str",
                "protocol": "str", "agent_a": "str", "agent_b": "str", "starts": "int", "repetition": "int",
                "mirror": "int", "block": "str", "seed": "int", "position": "int", "status": "str", "error": "str",
                "attempts": "int", "source": "str", "finished_at": "float", "fingerprint": "str", "spec": "str"},
    "seats": {"match_id": "str", "seat": "int", "agent_id": "str", "moves_first": "bool"},
    "agents": {"tournament": "str", "agent_id": "str", "provider": "str", "model": "str", "disabled_reason": "str",
               "spec": "str"},
    "turns": {"match_id": "str", "idx": "int", "side": "int", "round": "int", "note": "str", "message": "str",
              "interrogation": "str", "role": "str"},
    "calls": {"match_id": "str", "turn_idx": "int", "call_idx": "int", "purpose": "str", "agent": "str",
              "model": "str", "input_tokens": "int", "output_tokens": "int", "cached_tokens": "int",
              "latency_s": "float", "cost_usd": "float", "from_cache": "bool", "finish_reason": "str",
              "request": "str", "reply": "str"},
    "scores": {"match_id": "str", "agreement": "str", "agreed_offer": "str", "u_a": "float", "u_b": "float",
               "welfare": "float", "nash_product": "float", "frontier_distance": "float", "welfare_share": "float",
               "rounds": "int", "end_reason": "str",
               **{f"{figure}_{side}": ("int" if figure == "rule_violations" else "float")
                  for side in "ab" for figure in SIDE_FIGURES},
               "outcome": "str"},
}


@dataclass(frozen=True)
class Exported:
    table: str
    path: Path
    rows: int


def _matches(store: StoreReads, tournament: str) -> Iterator[dict[str, Any]]:
    for match in store.stored_matches(tournament):
        row = {key: match.row.get(key if key != "match_id" else "id") for key in COLUMNS["matches"]}
        row["spec"] = json.dumps(match.spec, sort_keys=True, ensure_ascii=False)
        yield row


def _seats(store: StoreReads, tournament: str) -> Iterator[dict[str, Any]]:
    for match in store.stored_matches(tournament):
        for seat, agent in enumerate((match.row["agent_a"], match.row["agent_b"])):
            yield {"match_id": match.id, "seat": seat, "agent_id": agent, "moves_first": match.row["starts"] == seat}


def _agents(store: StoreReads, tournament: str) -> Iterator[dict[str, Any]]:
    for agent in store.agent_rows(tournament):
        yield {"tournament": tournament, "agent_id": agent.agent_id, "provider": agent.provider, "model": agent.model,
               "disabled_reason": agent.disabled_reason, "spec": json.dumps(agent.spec, sort_keys=True,
                                                                             ensure_ascii=False)}


def _turns(store: StoreReads, tournament: str) -> Iterator[dict[str, Any]]:
    for row in store.turn_rows(tournament):
        # `role` (schema 4; a game family's role that wrote the turn): absent from an older database.
        yield {key: row.get(key) for key in COLUMNS["turns"]}


def _calls(store: StoreReads, tournament: str) -> Iterator[dict[str, Any]]:
    for call in store.calls(tournament):
        reply = call.reply
        yield {"match_id": call.match_id, "turn_idx": call.turn_idx, "call_idx": call.call_idx,
               "purpose": call.purpose, "agent": call.agent, "model": reply.model,
               "input_tokens": reply.usage.input_tokens, "output_tokens": reply.usage.output_tokens,
               "cached_tokens": reply.usage.cached_tokens, "latency_s": reply.latency_s, "cost_usd": reply.cost_usd,
               "from_cache": reply.from_cache, "finish_reason": reply.finish_reason,
               "request": call.request_json, "reply": reply.text}


def _scores(store: StoreReads, tournament: str) -> Iterator[dict[str, Any]]:
    for match in store.stored_matches(tournament):
        if match.outcome_json is None:
            continue
        outcome = json.loads(match.outcome_json)
        utilities = outcome.get("utilities") or [None, None]
        row = {"match_id": match.id, "agreement": outcome.get("agreement"),
               "agreed_offer": json.dumps(outcome.get("agreed_offer"), ensure_ascii=False),
               "u_a": utilities[0], "u_b": utilities[1], "outcome": match.outcome_json}
        for key in ("welfare", "nash_product", "frontier_distance", "welfare_share", "rounds", "end_reason"):
            row[key] = outcome.get(key)
        sides = outcome.get("sides") or [{}, {}]
        for index, side in enumerate("ab"):
            for figure in SIDE_FIGURES:
                row[f"{figure}_{side}"] = sides[index].get(figure)
        yield {key: row[key] for key in COLUMNS["scores"]}


TABLES: dict[str, Callable[[StoreReads, str], Iterator[dict[str, Any]]]] = {
    "matches": _matches, "seats": _seats, "agents": _agents, "turns": _turns, "calls": _calls, "scores": _scores}


def _rows(store: StoreReads, table: str) -> Iterator[dict[str, Any]]:
    for tournament in store.tournaments():
        yield from TABLES[table](store, tournament)


def _write_jsonl(rows: Iterator[dict[str, Any]], path: Path) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            # ensure_ascii: a lone surrogate a provider sent stays valid JSON text, never an encode error.
            out.write(json.dumps(row) + "\n")
            count += 1
    return count


def _write_parquet(rows: Iterator[dict[str, Any]], path: Path, columns: dict[str, str]) -> int:
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"str": pa.string(), "int": pa.int64(), "float": pa.float64(), "bool": pa.bool_()}
    schema = pa.schema([(name, types[kind]) for name, kind in columns.items()])
    count = 0
    with pq.ParquetWriter(path, schema) as writer:
        batch: list[dict[str, Any]] = []
        for row in rows:
            # Arrow refuses a lone surrogate (a provider's JSON may carry one): U+FFFD in its place.
            batch.append({key: without_surrogates(value) if isinstance(value, str) else value
                          for key, value in row.items()})
            if len(batch) == BATCH:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                count += len(batch)
                batch = []
        if batch or count == 0:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
            count += len(batch)
    return count


def export(store: StoreReads, folder: Path, fmt: str) -> list[Exported]:
    """Every table of `store` into `folder` as `TABLE.jsonl` or `TABLE.parquet`."""
    written = []
    for table in TABLES:
        path = folder / f"{table}.{fmt}"
        draft = path.with_name(f".{path.name}.part")  # a file appears whole or not at all
        try:
            count = _write_jsonl(_rows(store, table), draft) if fmt == "jsonl" else \
                _write_parquet(_rows(store, table), draft, COLUMNS[table])
            draft.replace(path)
        finally:
            draft.unlink(missing_ok=True)
        written.append(Exported(table, path, count))
    return written
