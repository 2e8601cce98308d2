"""The agenda's turn policies, stepped by hand: who has the floor after each move."""

from __future__ import annotations

import pytest

from lamen.core.agenda import Agenda
from lamen.core.types import Request


def test_alternate_two_seats_from_the_scheduled_first_mover() -> None:
    agenda = Agenda.start(("side-a", "side-b"), first="side-b")
    order = []
    for _ in range(5):
        order.append(agenda.current)
        agenda = agenda.pass_turn()
    assert order == ["side-b", "side-a", "side-b", "side-a", "side-b"]
    assert agenda.turns == {"side-a": 2, "side-b": 3}


def test_round_robin_cycles_three_seats() -> None:
    agenda = Agenda.start(("user-0", "user-1", "assistant"))
    seen = []
    for _ in range(7):
        seen.append(agenda.current)
        agenda = agenda.pass_turn()
    assert seen == ["user-0", "user-1", "assistant", "user-0", "user-1", "assistant", "user-0"]


def test_must_respond_asks_each_recipient_in_seat_order_then_returns_the_floor() -> None:
    agenda = Agenda.start(("assistant", "user-0", "user-1"), first="assistant")
    agenda = agenda.respond(["user-1", "user-0"])  # the assistant proposed to both users
    assert agenda.requests() == (Request(role="user-0", purpose="respond"),)
    agenda = agenda.answered()
    assert agenda.requests() == (Request(role="user-1", purpose="respond"),)
    with pytest.raises(ValueError):
        agenda.answered().answered()
    agenda = agenda.keep_floor()  # user-1 rejected: it takes its ordinary turn
    assert agenda.requests() == (Request(role="user-1", purpose="act"),)
    assert agenda.pass_turn().current == "assistant"


def test_inner_loop_keeps_the_floor_up_to_the_cap() -> None:
    agenda = Agenda.start(("agent", "user"))
    for used in range(3):
        assert agenda.current == "agent" and agenda.calls_left(3) == 3 - used
        agenda = agenda.inner_step(3)
    assert agenda.calls_left(3) == 0
    with pytest.raises(ValueError):
        agenda.inner_step(3)
    agenda = agenda.pass_turn()
    assert (agenda.current, agenda.calls) == ("user", 0)


def test_reactive_queue_serves_messaged_roles_once_in_delivery_order() -> None:
    agenda = Agenda.start(("hub", "colleague:lina", "colleague:bhushan", "primary"), first="hub")
    agenda = agenda.deliver(["colleague:bhushan", "colleague:lina", "colleague:bhushan", "hub"])
    assert agenda.waiting == ("colleague:bhushan", "colleague:lina")  # once each; not the sender
    agenda = agenda.next_in_queue()
    assert agenda.current == "colleague:bhushan"
    agenda = agenda.deliver(["hub"]).next_in_queue()
    assert agenda.current == "colleague:lina" and agenda.waiting == ("hub",)
    agenda = agenda.next_in_queue().next_in_queue()
    assert agenda.current is None and agenda.requests() == ()  # idle: nobody was messaged


def test_a_role_served_first_takes_one_turn_per_message_ahead_of_the_queue() -> None:
    agenda = Agenda.start(("hub", "colleague:lina", "colleague:bhushan"), first="hub")
    agenda = agenda.deliver(["colleague:lina", "colleague:bhushan"]).next_in_queue()
    assert (agenda.current, agenda.waiting, agenda.turns["hub"]) == ("colleague:lina", ("colleague:bhushan",), 1)
    agenda = agenda.deliver_first(["hub"]).next_in_queue()  # Lina answered: the hub reads it before Bhushan acts
    assert (agenda.current, agenda.waiting) == ("hub", ("colleague:bhushan",))
    agenda = agenda.deliver_first(["hub"])  # a second message while it is still waiting: a second turn
    assert agenda.waiting == ("hub", "colleague:bhushan")
    agenda = agenda.next_in_queue()
    assert (agenda.current, agenda.waiting, agenda.turns["hub"]) == ("hub", ("colleague:bhushan",), 2)


def test_a_first_mover_outside_the_roles_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of the roles"):
        Agenda.start(("a", "b"), first="c")
