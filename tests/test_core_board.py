"""The proposal board against a plain reference model (random operation sequences), plus the
DialOp scenarios stepped by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lamen.core.board import BoardRules, ProposalBoard
from lamen.core.types import IllegalMove

ROLES = ("a", "b", "c")


class Reference:
    """The rules in their plainest form: one pending proposal; a full one blocks new proposals;
    unanimity needs every recipient; a rejection clears; a partial one is only informational."""

    def __init__(self, unanimity: bool) -> None:
        self.unanimity = unanimity
        self.pending: tuple[str, frozenset[str], set[str]] | None = None
        self.agreed: tuple[str, object] | None = None

    def propose(self, who: str, payload: object, to: frozenset[str], full: bool) -> str:
        if self.pending is not None:
            raise IllegalMove("pending")
        if not to - {who}:
            raise IllegalMove("nobody")
        if not full:
            return "informational"
        self.pending = (who, to - {who}, set())
        self.payload = payload
        return "waiting"

    def respond(self, who: str, accept: bool) -> str:
        if self.pending is None or who not in self.pending[1] or who in self.pending[2]:
            raise IllegalMove("cannot answer")
        if not accept:
            self.pending = None
            return "rejected"
        self.pending[2].add(who)
        if not self.unanimity or self.pending[2] == set(self.pending[1]):
            self.agreed, self.pending = (self.pending[0], self.payload), None
            return "accepted"
        return "waiting"


operation = st.one_of(
    st.tuples(st.just("propose"), st.sampled_from(ROLES), st.integers(0, 3),
              st.frozensets(st.sampled_from(ROLES), min_size=1), st.booleans()),
    st.tuples(st.just("respond"), st.sampled_from(ROLES), st.booleans()))


@settings(max_examples=300, deadline=None)
@given(st.booleans(), st.lists(operation, max_size=25))
def test_board_agrees_with_the_reference_model(unanimity: bool, ops: list[tuple]) -> None:
    rules = BoardRules(unanimity=unanimity)
    board, model = ProposalBoard(), Reference(unanimity)
    for op in ops:
        try:
            expected = model.propose(op[1], op[2], op[3], op[4]) if op[0] == "propose" else model.respond(op[1], op[2])
        except IllegalMove:
            with pytest.raises(IllegalMove):
                if op[0] == "propose":
                    board.propose(rules, op[1], op[2], sorted(op[3]), full=op[4])
                else:
                    board.respond(rules, op[1], op[2])
            continue
        if op[0] == "propose":
            board, outcome = board.propose(rules, op[1], op[2], sorted(op[3]), full=op[4])
        else:
            board, outcome = board.respond(rules, op[1], op[2])
        assert outcome == expected
        assert (board.pending is None) == (model.pending is None)
        if outcome == "accepted":
            assert (board.last_accepted.proposer, board.last_accepted.payload) == model.agreed


def test_dialop_cycle_propose_reject_propose_accept() -> None:
    rules = BoardRules()
    board, outcome = ProposalBoard().propose(rules, "player-0", [1, 0], ["player-1"])
    assert outcome == "waiting" and board.must_answer("player-1") and not board.must_answer("player-0")
    with pytest.raises(IllegalMove, match="waiting for an answer"):
        board.propose(rules, "player-1", [0, 1], ["player-0"])
    board, outcome = board.respond(rules, "player-1", accept=False)
    assert outcome == "rejected" and board.pending is None
    board, outcome = board.propose(rules, "player-1", (0, 1), ["player-0"])
    board, outcome = board.respond(rules, "player-0", accept=True)
    assert outcome == "accepted" and board.last_accepted.payload == [0, 1]  # payloads are stored as JSON


def test_mediation_needs_both_users_and_planning_partials_oblige_nobody() -> None:
    rules = BoardRules(who_may_propose=("assistant",))
    with pytest.raises(IllegalMove, match="may not make proposals"):
        ProposalBoard().propose(rules, "user-0", {"user-0": 19}, ["assistant"])
    board, _ = ProposalBoard().propose(rules, "assistant", {"user-0": 19, "user-1": 22}, ["user-0", "user-1"])
    board, outcome = board.respond(rules, "user-0", accept=True)
    assert outcome == "waiting" and board.waiting_for() == ("user-1",)
    board, outcome = board.respond(rules, "user-1", accept=True)
    assert outcome == "accepted"
    board, outcome = ProposalBoard().propose(BoardRules(), "assistant", ["cafe"], ["user"], full=False)
    assert outcome == "informational" and not board.must_answer("user")


def test_standing_offers_agree_only_when_every_role_stands_on_the_same_offer() -> None:
    from lamen.core.board import StandingOffers

    offers = StandingOffers().stand("side-a", {"rent": "$1,500"})
    assert offers.agreed(["side-a", "side-b"]) is None  # side-b has no offer yet
    offers = offers.stand("side-b", {"rent": "$1,400"})
    assert offers.agreed(["side-a", "side-b"]) is None
    offers = offers.stand("side-b", {"rent": "$1,500"})
    assert offers.agreed(["side-a", "side-b"]) == {"rent": "$1,500"}
    assert offers.stand("side-a", ("L", "A", "B", "L")).agreed(["side-a"]) == ["L", "A", "B", "L"]
