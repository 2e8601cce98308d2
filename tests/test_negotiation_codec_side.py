"""The negotiation codec reads a note as the judge does: told which side wrote it (the judge passes
the turn's side since round 20), so its format verdict and its offer never disagree with the judge's
on a note written from its side ("we keep six seats")."""

from __future__ import annotations

import pytest

from lamen.agents.base import ChatReply
from lamen.core.registry import get_family
from lamen.core.types import Think
from lamen.families.negotiation.codec import NoteMessageCodec, TurnSpace
from lamen.families.negotiation.instances import NegotiationInstance
from lamen.judge.extract import extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game, load_protocol

FAMILY = get_family("negotiation")
NOTE = 'Acceptable offer:\n{"control": "we keep 6 seats", "ownership": "60%", "benefits": "10%"}'


@pytest.mark.parametrize("role, side, control", [("side-a", 0, "6-4"), ("side-b", 1, "4-6")])
def test_the_turn_space_carries_the_writer_and_the_note_is_read_from_its_side(role: str, side: int,
                                                                              control: str) -> None:
    game = load_game("merger")
    instance = NegotiationInstance.of(game, load_protocol("default"))
    state = FAMILY.rules.initial(instance, {"side-a": "x", "side-b": "y"}, role)
    legal = FAMILY.rules.legal(instance, state, role)
    assert isinstance(legal, TurnSpace) and (legal.purpose, legal.side) == ("note", side)
    (thought,) = NoteMessageCodec().parse(ChatReply(text=NOTE), legal)
    assert isinstance(thought, Think)
    assert thought.payload["offer"] == {"control": control, "ownership": "60%", "benefits": "10%"}
    # the judge's reading of the same turn
    assert dict(extract_note(NOTE, label_cache(game), side=side).offers) == thought.payload["offer"]


def test_a_turn_space_without_a_side_reads_the_note_as_before() -> None:
    game = load_game("merger")
    (thought,) = NoteMessageCodec().parse(ChatReply(text=NOTE), TurnSpace(kinds=frozenset({"think"}), purpose="note", game=game))
    assert thought.payload["offer"] == {"ownership": "60%", "benefits": "10%"}
