"""Canonical JSON and content ids: the same value always hashes to the same id, on any machine."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 kept: the form ids are computed from. Floats use
    Python's shortest round-trip repr, so a value read back from JSON hashes the same."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def content_id(*parts: Any, length: int = 16) -> str:
    """A short hex id of the canonical JSON of `parts` (e.g. family name, instance content)."""
    return hashlib.sha256(canonical_json(list(parts)).encode()).hexdigest()[:length]


def as_json_value(value: Any) -> Any:
    """The value as JSON would give it back (tuples become lists): actions and events keep
    payloads in this form so that a stored and re-read state compares equal to the original."""
    return json.loads(canonical_json(value))
