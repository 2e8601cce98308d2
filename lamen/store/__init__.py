"""The tournament database (SQLite, WAL): specs, matches, turns, model calls, outcomes and the
response cache. Each finished match is written in one transaction."""

from lamen.store.db import SCHEMA_VERSION, MatchRecord, Store

__all__ = ["SCHEMA_VERSION", "MatchRecord", "Store"]
