"""Scripted reference players for PeopleJoin-QA (FAMILIES.md §5). Every player fills any seat: a
hub player on a person's seat plays `table-dump`, a colleague player on the hub's seat plays
`message-none`, and every player as the primary thanks the assistant for whatever it writes.

Hubs (each ends the session once it has answered and the primary has replied):
- ask-everyone: messages every colleague once with the question, waits (one turn per reply)
  until all have answered, then tells the user it could not work the answer out (PeopleJoin's
  MessageAllOnce, without a model to read the replies).
- message-none: searches its user's documents for the question and answers without contacting
  anyone: that it cannot be answered (PeopleJoin's MessageNone).
- sql-oracle (cheat): asks exactly the gold people for their documents, runs the gold SQL on its
  user's tables and the tables it was sent (sqlite3), and answers with the rows (or that the
  question cannot be answered, for an unanswerable item).
Colleagues:
- table-dump: replies with everything it holds — its tables as JSON records, its redirect notes —
  or "I don't have that."
- redirect: passes on its redirect notes only; otherwise "I don't have that."
- dont-have: always "I don't have that."
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable, Sequence

from lamen.core.family import PlayerSpec, Policy
from lamen.core.types import (Action, ActionSpace, EndSession, EndTurn, Event, Message, Observation, RoleId,
                              ToolCall)
from lamen.families.peoplejoin import sql
from lamen.families.peoplejoin.instances import HUB, PRIMARY, PeopleJoinInstance, colleague_role
from lamen.families.peoplejoin.organisation import Document
from lamen.families.peoplejoin.rules import ColleagueView, HubView

DONT_HAVE = "I don't have that."
COULD_NOT = "I asked around but could not work the answer out: it cannot be answered with what I found."
CANNOT = "This cannot be answered: the information it needs is not held by anyone I could reach."
THANKS = "Thank you, that is all I needed."
_DUMPED = re.compile(r"^Table (.+?):\n(\[.*\])$", re.MULTILINE)


# ---- what the hub has seen ----------------------------------------------------------------------
def question(obs: Observation) -> str:
    return next(e.text for e in obs.history if e.kind == "message" and e.role == PRIMARY)


def answered(obs: Observation) -> bool:
    return any(e.kind == "message" and e.role == HUB and e.to == (PRIMARY,) for e in obs.history)


def asked(obs: Observation) -> set[RoleId]:
    return {e.to[0] for e in obs.history if e.kind == "message" and e.role == HUB and e.to and e.to[0] != PRIMARY}


def replied(obs: Observation) -> set[RoleId]:
    return {e.role for e in obs.history if e.kind == "message" and e.role not in (HUB, PRIMARY)}


def _answer(text: str) -> tuple[Action, ...]:
    return (Message(text=text, to=(PRIMARY,)), EndTurn())


# ---- hubs -----------------------------------------------------------------------------------------
class AskEveryone:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if answered(obs):
            return (EndSession(),)
        view: HubView = obs.private
        if not asked(obs):
            ask = question(obs)
            return (*(Message(text=f"Hello {p.first_name}, do you know the answer to this: {ask}",
                              to=(colleague_role(p.user_id),)) for p in view.directory), EndTurn())
        if not asked(obs) <= replied(obs):
            return (EndTurn(),)  # one reply read; the others are still to come
        return _answer(COULD_NOT)


class MessageNone:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if answered(obs):
            return (EndSession(),)
        if not any(e.kind == "tool_call" for e in obs.history) and "tool_call" in legal.kinds:
            return (ToolCall(name="search_documents", args={"query": question(obs)}),)
        return _answer(CANNOT)


class SqlOracle:
    """A cheat: it knows whom to ask and the gold query; what it computes comes only from its
    user's documents and the tables people send it."""

    def __init__(self, instance: PeopleJoinInstance) -> None:
        self.instance = instance
        org = instance.organisation
        self.gold = tuple(colleague_role(p.user_id) for p in org.colleagues()
                          if p.user_id in instance.item.gold_people(org.primary))

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if answered(obs):
            return (EndSession(),)
        item = self.instance.item
        if self.gold and not asked(obs):
            return (*(Message(text=f"Could you send me everything you hold? I need it to answer: {item.question}",
                              to=(role,)) for role in self.gold), EndTurn())
        if not set(self.gold) <= replied(obs):
            return (EndTurn(),)
        if item.unanswerable:
            return _answer(CANNOT)
        return _answer(self._compute(obs))

    def _compute(self, obs: Observation) -> str:
        rows = oracle_rows(self.instance, obs.history)
        if rows is None:
            return "I gathered the tables but could not compute the answer from them."
        if not rows:
            return "No results: none match."
        return "\n".join(", ".join("NULL" if c is None else str(c) for c in row) for row in rows)


def gathered_tables(instance: PeopleJoinInstance, history: Sequence[Event]) -> dict[str, sql.Rows]:
    """The hub user's own tables and every table a person sent the hub in `history` (as
    table-dump writes them), halves of a split table joined."""
    org = instance.organisation
    own = [(d.title, rows) for d in org.documents_of(org.primary) if (rows := d.records()) is not None]
    sent = [(m.group(1), rows) for e in history if e.kind == "message" and e.role not in (HUB, PRIMARY)
            for m in _DUMPED.finditer(e.text)
            if (rows := Document(url="", title=m.group(1), content=m.group(2)).records()) is not None]
    return sql.gather([*own, *sent])


def oracle_rows(instance: PeopleJoinInstance, history: Sequence[Event]) -> list[tuple[object, ...]] | None:
    """The gold query's rows over the gathered tables; None when it cannot run on them."""
    try:
        return sql.run(gathered_tables(instance, history), instance.item.gold_sql)
    except sqlite3.Error:
        return None


# ---- people -------------------------------------------------------------------------------------
def dump(documents: Sequence[Document]) -> str:
    """Everything a person holds, as a table-dump colleague sends it."""
    parts = [f"Table {d.title}:\n{d.content}" if d.records() is not None else f"Note: {d.title}. {d.content}"
             for d in documents]
    return "\n\n".join(parts) if parts else DONT_HAVE


class TableDump:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        view: ColleagueView = obs.private
        return (Message(text=dump(view.documents), to=(HUB,)),)


class Redirect:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        view: ColleagueView = obs.private
        notes = [d for d in view.documents if d.records() is None]
        return (Message(text=dump(notes) if notes else DONT_HAVE, to=(HUB,)),)


class DontHave:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return (Message(text=DONT_HAVE, to=(HUB,)),)


class Thanks:
    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        return (Message(text=THANKS, to=(HUB,)),)


def _seated(hub: Callable[[PeopleJoinInstance], Policy],
            colleague: Callable[[PeopleJoinInstance], Policy]) -> Callable[[PeopleJoinInstance, RoleId], Policy]:
    def make(instance: PeopleJoinInstance, role: RoleId) -> Policy:
        if role == HUB:
            return hub(instance)
        return Thanks() if role == PRIMARY else colleague(instance)

    return make


PLAYERS: dict[str, PlayerSpec] = {
    "ask-everyone": PlayerSpec("ask-everyone", "Hub: messages every colleague once with the question (as a person: "
                               "table-dump).", _seated(lambda i: AskEveryone(), lambda i: TableDump())),
    "message-none": PlayerSpec("message-none", "Hub: searches its user's documents, contacts nobody (as a person: "
                               "table-dump).", _seated(lambda i: MessageNone(), lambda i: TableDump())),
    "sql-oracle": PlayerSpec("sql-oracle", "Hub: asks exactly the gold people for their tables and runs the gold SQL "
                             "on them (as a person: table-dump).", _seated(SqlOracle, lambda i: TableDump()),
                             cheat=True),
    "table-dump": PlayerSpec("table-dump", "Colleague: sends everything it holds, or says it has nothing (as the "
                             "hub: message-none).", _seated(lambda i: MessageNone(), lambda i: TableDump())),
    "redirect": PlayerSpec("redirect", "Colleague: passes on its redirect notes only (as the hub: message-none).",
                           _seated(lambda i: MessageNone(), lambda i: Redirect())),
    "dont-have": PlayerSpec("dont-have", "Colleague: always \"I don't have that.\" (as the hub: message-none).",
                            _seated(lambda i: MessageNone(), lambda i: DontHave())),
}
