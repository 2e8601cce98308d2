"""How times read in Mediation prompts and reports: "5/31 9:30 AM", spans on one day shortened."""

from __future__ import annotations

from datetime import datetime


def _day(moment: datetime) -> str:
    return f"{moment.month}/{moment.day}"


def _clock(moment: datetime) -> str:
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def when(iso: str) -> str:
    moment = datetime.fromisoformat(iso)
    return f"{_day(moment)} {_clock(moment)}"


def span(start: str, end: str) -> str:
    """"5/31 9:30 AM – 11:00 AM", or with both days when the span crosses midnight."""
    a, b = datetime.fromisoformat(start), datetime.fromisoformat(end)
    tail = _clock(b) if a.date() == b.date() else f"{_day(b)} {_clock(b)}"
    return f"{_day(a)} {_clock(a)} – {tail}"
