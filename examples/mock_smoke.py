"""mock:fixed-price's answers (examples/mock-smoke.yaml): a Python function given each ChatRequest,
returning the text (or a lamen.agents.base.ChatReply). It keeps no state between calls: one agent
answers every match of a tournament, concurrently, so it reads what it needs from the request."""

from __future__ import annotations

import re

from lamen.agents.base import ChatRequest

PHRASE = "We agree on all issues."
PRICE = "$1200"


def answer(request: ChatRequest) -> str:
    """Asks for rent $1200 and agrees once the other side offers it or accepts."""
    if request.purpose == "note":
        return f'{{"rent": "{PRICE}"}}'
    prompt = request.messages[-1].content if request.messages else ""
    # The other side's messages in the transcript so far: "<round 2, Landlord>: ..." (not "(you)").
    theirs = re.findall(r"^<round \d+, [^>(]*>: (.*)$", prompt, re.MULTILINE)
    if theirs and (PRICE in theirs[-1] or PHRASE in theirs[-1]):
        return PHRASE
    return f"We propose rent {PRICE}."
