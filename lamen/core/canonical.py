"""Canonical JSON and content ids: the same value always hashes to the same id, on any machine."""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 kept: the form ids are computed from. Floats use
    Python's shortest round-trip repr, so a value read back from JSON hashes the same."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def content_id(*parts: Any, length: int = 16) -> str:
    """A short hex id of the canonical JSON of `parts` (e.g. family name, instance content)."""
    return hashlib.sha256(canonical_json(list(parts)).encode()).hexdigest()[:length]


def as_json_value(value: Any) -> Any:
    """The value as JSON would give it back (tuples become lists, keys sorted as
    `canonical_json` writes them): actions and events keep payloads in this form so that a stored
    and re-read state compares equal to the original. Plain values (every event's payload) are
    copied directly; anything else goes through the JSON text, which also raises what JSON would."""
    try:
        return _plain_copy(value)
    except _NotPlain:
        return json.loads(canonical_json(value))


class _NotPlain(Exception):
    pass


def _plain_copy(value: Any) -> Any:
    """What `json.loads(canonical_json(value))` gives, for values made only of exact str, int,
    bool, finite float, None, lists, tuples and dicts with str keys (a float's repr round-trips
    exactly); raises _NotPlain for anything else (subclasses included)."""
    kind = type(value)
    if value is None or kind is str or kind is bool or kind is int:
        return value
    if kind is float:
        if value != value or value in (math.inf, -math.inf):
            raise _NotPlain
        return value
    if kind is dict:
        if not all(type(key) is str for key in value):
            raise _NotPlain
        return {key: _plain_copy(value[key]) for key in sorted(value)}
    if kind is list or kind is tuple:
        return [_plain_copy(item) for item in value]
    raise _NotPlain
