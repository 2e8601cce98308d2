"""A reader that raises on a text answers an empty unsure reading naming the failure, logged,
instead of stopping the match (or the run) being judged."""

from __future__ import annotations

import logging

import pytest

import lamen.judge.extract as extract
from lamen.judge.guard import READER_FAILED
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game


def _boom(*_args: object, **_kwargs: object) -> None:
    raise KeyError("yil")


@pytest.mark.parametrize("reader, inner", [("extract_message", "_read_message"), ("extract_note", "_read_note")])
def test_a_failing_rule_leaves_an_unsure_empty_reading_and_a_log_line(
        reader: str, inner: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    labels = label_cache(load_game("rental-agreement"))
    monkeypatch.setattr(extract, inner, _boom)
    with caplog.at_level(logging.WARNING, logger="lamen.judge"):
        reading = getattr(extract, reader)("Rent $1,200, 12 months.", labels, 0)
    assert (reading.offers, reading.method, reading.confidence) == ({}, "none", "unsure")
    assert reading.reason == f"{READER_FAILED} (KeyError: 'yil')"
    assert [record.getMessage()[:len(READER_FAILED)] for record in caplog.records] == [READER_FAILED]


def test_a_reader_that_works_is_untouched() -> None:
    labels = label_cache(load_game("rental-agreement"))
    reading = extract.extract_message("I can do $1,200 rent for 12 months.", labels, 1)
    assert reading.offers == {"rent": "$1200", "duration": "12 months"}
