"""Round 20 of issue 12, numbers and notes: the note's writer's side, given by the runner, and the
numeric values a text offers (tuned on every item of test20 … test31 and the retired parts; checked on
test32 … test35, parts by other hands, by their totals alone). Each class is tested on fresh examples
written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_note
from lamen.judge.judging import judge
from lamen.spec.load import load_game, load_protocol
from lamen.transcript import Transcript, Turn
from tests.gold_shape import labels_of


# The seat that wrote a note is known to the runner: "we keep six seats", "6-4 in our favour" and
# "we supply the products" are that side's, in prose, in key/value lines and in a JSON value.
@pytest.mark.parametrize("game_name, text, side, offers", [
    ("merger", "Acceptable offer: we keep six board seats, ownership 60%.", 0, {"control": "6-4", "ownership": "60%"}),
    ("merger", "Acceptable offer: we keep six board seats, ownership 60%.", 1, {"control": "4-6", "ownership": "60%"}),
    ("merger", "Acceptable offer: board seats 6-4 in our favour, ownership 60%.", 1, {"control": "4-6", "ownership": "60%"}),
    ("merger", 'Acceptable offer:\n{"control": "we keep 6 seats", "ownership": "60%"}', 1,
     {"control": "4-6", "ownership": "60%"}),
    ("office-cleaning", "Acceptable offer: $2,500 a month, twice a week, and we supply the cleaning products.", 1,
     {"monthly price": "$2500", "frequency": "twice a week", "supplies": "client provides"}),
    ("office-cleaning", "Acceptable offer: $2,500 a month, twice a week, and we supply the cleaning products.", 0,
     {"monthly price": "$2500", "frequency": "twice a week", "supplies": "cleaner provides"}),
])
def test_a_note_is_read_from_its_writers_side(game_name, text, side, offers) -> None:
    assert dict(extract_note(text, labels_of(game_name), side=side).offers) == offers


# Without a side, a note reads as before: its "we" has no side unless the note names its writer, and a
# split written from its side is left unread or read as written.
@pytest.mark.parametrize("game_name, text, offers", [
    ("merger", "Acceptable offer: we keep six board seats, ownership 60%.", {"ownership": "60%"}),
    ("merger", 'Acceptable offer:\n{"control": "we keep 6 seats", "ownership": "60%"}', {"ownership": "60%"}),
    ("office-cleaning", "Acceptable offer: $2,500 a month, twice a week, and we supply the cleaning products.",
     {"monthly price": "$2500", "frequency": "twice a week"}),
    ("office-cleaning", "Office manager note. Acceptable offer: $2,500 a month, twice a week, and we supply the "
     "cleaning products.", {"monthly price": "$2500", "frequency": "twice a week", "supplies": "client provides"}),
])
def test_a_note_without_a_side_reads_as_before(game_name, text, offers) -> None:
    assert dict(extract_note(text, labels_of(game_name)).offers) == offers


def test_the_judge_reads_a_turns_note_from_its_side() -> None:
    game = load_game("merger")
    note = "Acceptable offer: we keep six board seats, ownership 60%, benefits 10%, employees 70%."
    turns = (Turn(side=0, round=1, note=note, message="Let's talk."), Turn(side=1, round=1, note=note, message="Fine."),
             Turn(side=0, round=1, note=note, message="Ok.", interrogation=note))
    outcome = judge(Transcript(game=game.name, turns=turns), game, load_protocol("default"))
    assert [t.note.offers.get("control") for t in outcome.turns] == ["6-4", "4-6", "6-4"]
    assert outcome.turns[2].interrogation is not None and outcome.turns[2].interrogation.offers["control"] == "6-4"
