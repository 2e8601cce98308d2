"""Agreement as the paper defines it. Soft: both sides' latest notes hold the same offer on
every issue. Hard: soft, and both latest messages contain the agreement phrase."""

from __future__ import annotations

import re

from lamen.judge.extraction import Extraction


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def says_phrase(message: str, phrase: str) -> bool:
    """The message contains the agreement phrase (case, spacing and punctuation aside)."""
    wanted = _squash(phrase)
    return bool(wanted) and f" {wanted} " in f" {_squash(message)} "


def soft_agreement(latest_notes: tuple[Extraction | None, Extraction | None],
                   issue_names: tuple[str, ...]) -> dict[str, str] | None:
    """The offer both latest notes share on every issue, or None."""
    first, second = latest_notes
    if first is None or second is None:
        return None
    if not (first.is_complete(issue_names) and second.is_complete(issue_names)):
        return None
    if any(first.offers[name] != second.offers[name] for name in issue_names):
        return None
    return {name: first.offers[name] for name in issue_names}
