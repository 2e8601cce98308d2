"""What the report, the ratings, `lamen rejudge` and `lamen export` read: the store's reading API.

No SQL lives outside lamen.store. Every method reads this schema and the older ones (a database
opened read-only is never migrated): schema 3 keeps texts by id (lamen.store.texts), 1 and 2
kept them inline; schema 4 keeps each turn's role in `turns.role`, older ones only in a finished
match's transcript."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from lamen.chat import ChatReply, ChatRequest, Usage
from lamen.store.texts import TextReader
from lamen.transcript import Turn


@dataclass(frozen=True)
class AgentRow:
    agent_id: str
    provider: str
    model: str
    disabled_reason: str | None
    spec: dict[str, Any]


@dataclass(frozen=True)
class StoredCall:
    """One model call as stored: where it sits, the request rebuilt as sent, and the reply."""

    match_id: str
    turn_idx: int
    call_idx: int
    purpose: str
    agent: str
    request_json: str | None  # the request's JSON text as it was stored, byte for byte
    reply: ChatReply

    @property
    def request(self) -> ChatRequest | None:
        return None if self.request_json is None else ChatRequest.model_validate_json(self.request_json)


@dataclass(frozen=True)
class StoredMatch:
    """A planned match with its canonical spec and, once judged, its transcript and outcome (JSON)."""

    id: str
    tournament: str
    status: str
    row: dict[str, Any]  # the matches row: stage, game, agents, starts, repetition, block, seed...
    spec: dict[str, Any]
    transcript_json: str | None
    outcome_json: str | None


class StoreReads:
    db: sqlite3.Connection
    schema_version: int
    texts: TextReader

    # ---- the layout of this database's schema ------------------------------------------------

    @property
    def _by_id(self) -> bool:
        return self.schema_version >= 3

    def _text(self, value: Any) -> str | None:
        """A stored text column: an id from schema 3 on, the text itself before."""
        return self.texts.text(value) if self._by_id else value

    def _spec(self, row: sqlite3.Row) -> dict[str, Any]:
        return self.texts.spec(row["spec_parts"]) if self._by_id else json.loads(row["spec_json"])

    @property
    def _spec_column(self) -> str:
        return "spec_parts" if self._by_id else "spec_json"

    @property
    def _outcome_columns(self) -> str:
        return "o.transcript AS transcript, o.outcome AS outcome" if self._by_id else \
            "o.transcript_json AS transcript, o.outcome_json AS outcome"

    # ---- tournaments and agents --------------------------------------------------------------

    def tournaments(self) -> list[str]:
        return [row["name"] for row in self.db.execute("SELECT name FROM tournaments ORDER BY created_at")]

    def tournament_spec(self, tournament: str) -> dict[str, Any]:
        row = self.db.execute("SELECT spec_json FROM tournaments WHERE name=?", (tournament,)).fetchone()
        return json.loads(row["spec_json"]) if row else {}

    def agent_rows(self, tournament: str) -> list[AgentRow]:
        rows = self.db.execute("SELECT agent_id, provider, model, disabled_reason, spec_json FROM agents "
                               "WHERE tournament=? ORDER BY rowid", (tournament,))
        return [AgentRow(row["agent_id"], row["provider"], row["model"], row["disabled_reason"],
                         json.loads(row["spec_json"])) for row in rows]

    def disabled_agents(self, tournament: str) -> dict[str, str]:
        return {row.agent_id: row.disabled_reason for row in self.agent_rows(tournament) if row.disabled_reason is not None}

    # ---- matches -------------------------------------------------------------------------------

    def game_specs(self, tournament: str) -> list[tuple[str, str, Any]]:
        """(game, game class, the game as its first match's spec holds it) per game, in play order."""
        # SQLite takes bare columns from the row that holds the MIN(): the game's first match.
        rows = self.db.execute(f"SELECT game, game_class, {self._spec_column}, MIN(position) FROM matches "
                               "WHERE tournament=? GROUP BY game ORDER BY MIN(position)", (tournament,)).fetchall()
        return [(row["game"], row["game_class"], self._spec(row).get("game")) for row in rows]

    def match_rows(self, tournament: str | None = None) -> list[dict[str, Any]]:
        """Every planned match (in schedule order) with its outcome's columns and its parsed
        outcome (`outcome`, None until judged)."""
        where, args = ("WHERE m.tournament=?", (tournament,)) if tournament else ("", ())
        outcome = "o.outcome" if self._by_id else "o.outcome_json"
        rows = self.db.execute(
            "SELECT m.id AS match_id, m.tournament, m.stage, m.game, m.game_class, m.agent_a, m.agent_b, m.starts, "
            "m.repetition, m.mirror, m.block, m.status, m.error, m.source, o.agreement AS agreement_level, "
            f"o.u_a, o.u_b, o.welfare, o.rounds, {outcome} AS outcome "
            f"FROM matches m LEFT JOIN outcomes o ON o.match_id = m.id {where} ORDER BY m.position", args).fetchall()
        records = []
        for row in rows:
            record = {key: row[key] for key in row.keys()}
            text = self._text(row["outcome"])
            record["outcome"] = json.loads(text) if text else None
            records.append(record)
        return records

    def qualifier_agreements(self, tournament: str) -> list[tuple[str, int, int]]:
        """(agent, agreements, matches judged) per first-seat agent of the qualifier stage."""
        rows = self.db.execute(
            "SELECT m.agent_a AS agent, SUM(o.agreement != 'none') AS agreements, COUNT(o.match_id) AS played "
            "FROM matches m LEFT JOIN outcomes o ON o.match_id = m.id WHERE m.tournament=? AND m.stage='qualifier' "
            "GROUP BY m.agent_a", (tournament,))
        return [(row["agent"], int(row["agreements"] or 0), int(row["played"])) for row in rows]

    def stored_matches(self, tournament: str) -> Iterator[StoredMatch]:
        """Every match of a tournament with its spec, transcript and outcome, in schedule order."""
        rows = self.db.execute(
            f"SELECT m.*, {self._outcome_columns} FROM matches m LEFT JOIN outcomes o ON o.match_id = m.id "
            "WHERE m.tournament=? ORDER BY m.position", (tournament,))
        skip = {"spec_parts", "spec_json", "transcript", "outcome"}
        for row in rows:
            yield StoredMatch(id=row["id"], tournament=row["tournament"], status=row["status"],
                              row={key: row[key] for key in row.keys() if key not in skip}, spec=self._spec(row),
                              transcript_json=self._text(row["transcript"]), outcome_json=self._text(row["outcome"]))

    def outcome_json(self, match_id: str) -> str | None:
        row = self.db.execute(f"SELECT {self._outcome_columns} FROM outcomes o WHERE match_id=?", (match_id,)).fetchone()
        return None if row is None else self._text(row["outcome"])

    def transcript_json(self, match_id: str) -> str | None:
        """The judged transcript without its calls (those are `calls`)."""
        row = self.db.execute(f"SELECT {self._outcome_columns} FROM outcomes o WHERE match_id=?", (match_id,)).fetchone()
        return None if row is None else self._text(row["transcript"])

    def outcome_views(self, tournament: str) -> dict[str, dict[str, Any]]:
        """What the viewer shows of each judged outcome: its turn readings, agreed offer, end reason."""
        rows = self.db.execute(f"SELECT o.match_id, {self._outcome_columns} FROM outcomes o "
                               "JOIN matches m ON m.id = o.match_id WHERE m.tournament=?", (tournament,))
        views = {}
        for row in rows:
            outcome = json.loads(self._text(row["outcome"]) or "{}")
            views[row["match_id"]] = {"turns": outcome.get("turns") or [], "agreed_offer": outcome.get("agreed_offer"),
                                      "end_reason": outcome.get("end_reason")}
        return views

    # ---- turns and calls -----------------------------------------------------------------------

    def turns_by_match(self, tournament: str, roles: bool = False) -> dict[str, tuple[Turn, ...]]:
        """Each match's turns. `roles`: with the family role that wrote each turn (a game family's
        tournament). Schema 4 keeps it per turn, errored matches' turns included; an older
        database opened read-only kept it only in a finished match's transcript JSON, so there an
        errored match's turns have no role."""
        column = "t.role" if self.schema_version >= 4 and roles else "NULL AS role"
        rows = self.db.execute(
            f"SELECT t.match_id, t.side, t.round, t.note, t.message, t.interrogation, {column} FROM turns t "
            "JOIN matches m ON m.id = t.match_id WHERE m.tournament=? ORDER BY t.match_id, t.idx", (tournament,))
        written = self.turn_roles(tournament) if roles and self.schema_version < 4 else {}
        turns: dict[str, list[Turn]] = {}
        for row in rows:
            match_turns = turns.setdefault(row["match_id"], [])
            by = written.get(row["match_id"], ())
            role = row["role"] if row["role"] is not None else by[len(match_turns)] if len(match_turns) < len(by) \
                else None
            match_turns.append(Turn(side=row["side"], round=row["round"], note=row["note"], message=row["message"],
                                    interrogation=row["interrogation"], role=role))
        return {match_id: tuple(match_turns) for match_id, match_turns in turns.items()}

    def turn_roles(self, tournament: str) -> dict[str, tuple[str | None, ...]]:
        """Per finished match, the role of each turn in order, from its stored transcript JSON
        (how a database before schema 4 kept them)."""
        rows = self.db.execute(f"SELECT o.match_id, {self._outcome_columns} FROM outcomes o JOIN matches m "
                               "ON m.id = o.match_id WHERE m.tournament=?", (tournament,))
        found: dict[str, tuple[str | None, ...]] = {}
        for row in rows:
            text = self._text(row["transcript"])
            if text:
                found[row["match_id"]] = tuple(turn.get("role") for turn in json.loads(text).get("turns", ()))
        return found

    def transcript_events(self, tournament: str) -> dict[str, tuple[dict[str, Any], ...]]:
        """Per finished match of an agent-vs-environment family, its episode's events as the
        stored transcript keeps them (`Transcript.events`; empty for other families)."""
        rows = self.db.execute(f"SELECT o.match_id, {self._outcome_columns} FROM outcomes o JOIN matches m "
                               "ON m.id = o.match_id WHERE m.tournament=?", (tournament,))
        found: dict[str, tuple[dict[str, Any], ...]] = {}
        for row in rows:
            text = self._text(row["transcript"])
            if text:
                found[row["match_id"]] = tuple(json.loads(text).get("events", ()))
        return found

    def turn_rows(self, tournament: str) -> Iterator[dict[str, Any]]:
        """Every turn as stored (match_id, idx, side, round, note, message, interrogation)."""
        rows = self.db.execute("SELECT t.* FROM turns t JOIN matches m ON m.id = t.match_id WHERE m.tournament=? "
                               "ORDER BY m.position, t.idx", (tournament,))
        for row in rows:
            yield {key: row[key] for key in row.keys()}

    def usage(self, tournament: str) -> list[tuple[str, int, int, int, int, int, float]]:
        """Per agent: calls, input, output and cached tokens, calls answered from the cache, cost."""
        rows = self.db.execute(
            "SELECT c.agent, COUNT(*), COALESCE(SUM(c.input_tokens), 0), COALESCE(SUM(c.output_tokens), 0), "
            "COALESCE(SUM(c.cached_tokens), 0), COALESCE(SUM(c.from_cache), 0), COALESCE(SUM(c.cost_usd), 0.0) "
            "FROM calls c JOIN matches m ON m.id = c.match_id WHERE m.tournament=? GROUP BY c.agent ORDER BY c.agent",
            (tournament,)).fetchall()
        return [tuple(row) for row in rows]  # type: ignore[misc]

    def calls(self, tournament: str | None = None, match_id: str | None = None) -> Iterator[StoredCall]:
        """Model calls in schedule order (of one tournament, or one match), requests rebuilt."""
        request = "c.request_shape, c.request_texts, c.request_numbers, c.reply" if self._by_id else \
            "c.request_json, c.reply_text AS reply"
        where, args = ("WHERE c.match_id=?", (match_id,)) if match_id else \
            ("WHERE m.tournament=?", (tournament,)) if tournament else ("", ())
        rows = self.db.execute(
            "SELECT c.match_id, c.turn_idx, c.call_idx, c.purpose, c.agent, c.model, c.input_tokens, c.output_tokens, "
            f"c.cached_tokens, c.latency_s, c.cost_usd, c.from_cache, c.finish_reason, {request} FROM calls c "
            f"JOIN matches m ON m.id = c.match_id {where} ORDER BY m.position, c.turn_idx, c.call_idx", args)
        for row in rows:
            if not self._by_id:
                sent = row["request_json"]
            elif row["request_shape"] is None:
                sent = None
            else:
                sent = self.texts.request_json(row["request_shape"], row["request_texts"] or "",
                                               row["request_numbers"] or "")
            reply = ChatReply(text=self._text(row["reply"]) or "", model=row["model"] or "",
                              usage=Usage(input_tokens=row["input_tokens"] or 0, output_tokens=row["output_tokens"] or 0,
                                          cached_tokens=row["cached_tokens"] or 0),
                              latency_s=row["latency_s"] or 0.0, cost_usd=row["cost_usd"] or 0.0,
                              from_cache=bool(row["from_cache"]), finish_reason=row["finish_reason"])
            yield StoredCall(row["match_id"], row["turn_idx"], row["call_idx"], row["purpose"], row["agent"], sent, reply)
