"""A reader that fails on a text must not stop a tournament.

The readers are many rules meeting text nobody foresaw; one that raises on a model's turn (it once
did: "6 YIL VADE" in capitals) would lose the match being judged, or every match of a run. A
guarded reader answers such a text with an empty reading flagged unsure, whose reason names the
failure, so the LLM fallback reads it where one is configured, the faithfulness checks see no
offer rather than a wrong one, and the failure is logged for whoever keeps the readers.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TypeVar

from lamen.judge.extraction import Extraction

READER_FAILED = "the reader failed on this text"
_log = logging.getLogger("lamen.judge")

Labels = TypeVar("Labels")


def never_raises(read: Callable[[str, Labels, int | None], Extraction]) -> Callable[[str, Labels, int | None], Extraction]:
    """`read`, answering an empty unsure reading where it raises (see the module's doc)."""

    @functools.wraps(read)
    def guarded(text: str, labels: Labels, side: int | None = None) -> Extraction:
        try:
            return read(text, labels, side)
        except Exception as exc:  # noqa: BLE001 - any rule's failure, by design
            _log.warning("%s (%s: %s): %.80r", READER_FAILED, type(exc).__name__, exc, text)
            return Extraction(confidence="unsure", reason=f"{READER_FAILED} ({type(exc).__name__}: {exc})")

    return guarded
