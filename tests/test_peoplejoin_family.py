"""PeopleJoin-QA's rules and codec by hand: the paper's walk-through on concert_singer, the
reactive agenda, the tool-call cap, who sees what, and format feedback."""

from __future__ import annotations

import asyncio
import random

import pytest

from lamen.agents.base import ChatReply
from lamen.core.codec import FormatError
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.types import EndSession, EndTurn, IllegalMove, Message, ToolCall
from lamen.families.peoplejoin import FAMILY
from lamen.families.peoplejoin.instances import PeopleJoinConfig, PeopleJoinInstance, instance_for
from lamen.families.peoplejoin.players import DONT_HAVE
from lamen.families.peoplejoin.questions import dev_items

RULES, CODEC = FAMILY.rules, FAMILY.codec("hub")
ITEMS = {i.datum_id: i for i in dev_items()}


def concerts() -> PeopleJoinInstance:
    return instance_for(ITEMS["concert_singer_1"], PeopleJoinConfig())  # gold people: hannah, bhushan


def start(instance: PeopleJoinInstance):
    return RULES.initial(instance, {r: "x" for r in instance.roles()}, None)


def step(instance, state, role, *actions):
    return RULES.step(instance, state, role, actions, "").state


def test_the_walk_through_redirect_then_answer() -> None:
    inst = concerts()
    state = start(inst)
    assert inst.roles() == ("hub", "primary", "colleague:lina", "colleague:hannah", "colleague:sylvie",
                            "colleague:bhushan")
    assert [(e.role, e.kind, e.to) for e in state.events] == [("primary", "message", ("hub",))]
    assert RULES.agenda(state)[0].role == "hub"
    state = step(inst, state, "hub", ToolCall(name="search_relevant_people", args={"query": "concerts"}))
    result = state.events[-1]
    assert result.kind == "tool_result" and result.visible_to == ("hub",) and "Bhushan Magar" in result.text
    assert RULES.agenda(state)[0].role == "hub" and RULES.view(inst, state, "hub").budget["calls_left"] == 9
    state = step(inst, state, "hub", Message(text="Do you know how many concerts were in 2014 or 2015?",
                                             to=("colleague:bhushan",)), EndTurn())
    assert RULES.agenda(state)[0].role == "colleague:bhushan"
    bhushan = RULES.view(inst, state, "colleague:bhushan")
    assert [e.kind for e in bhushan.history] == ["message"]  # his thread only: no question, no tool result
    assert bhushan.private.documents[0].title == "Try contacting Hannah Jarvis"
    state = step(inst, state, "colleague:bhushan", Message(text="Try Hannah Jarvis.", to=("hub",)))
    state = step(inst, state, "hub", Message(text="How many concerts were in 2014 or 2015?", to=("colleague:hannah",)))
    state = step(inst, state, "colleague:hannah", Message(text="Six.", to=("hub",)))
    assert RULES.view(inst, state, "hub").budget["calls_left"] == 10  # a new event: the count starts again
    state = step(inst, state, "hub", Message(text="6 concerts.", to=("primary",)), EndSession())
    assert RULES.is_over(state) == "session_completed"
    score = FAMILY.score(inst, state)
    assert score.team == 1.0 and score.end_reason == "session_completed"
    assert score.metrics["match"] == 100 and score.metrics["p_prec"] == 1.0 and score.metrics["p_rec"] == 1.0
    assert score.metrics["people"] == 2 and score.metrics["msg_cnt"] == 6 and score.metrics["tool_calls"] == 1
    lina = RULES.view(inst, state, "colleague:lina")
    assert [e.kind for e in lina.history] == ["end"]  # never messaged: she saw nothing but the end


def test_people_act_only_when_messaged_and_the_hub_takes_one_turn_per_reply_in_arrival_order() -> None:
    inst = concerts()
    state = step(inst, start(inst), "hub", Message(text="a?", to=("colleague:sylvie",)),
                 Message(text="b?", to=("colleague:lina",)), Message(text="c?", to=("colleague:hannah",)), EndTurn())
    order = []
    for _ in range(3):
        role = RULES.agenda(state)[0].role
        order.append(role)
        state = step(inst, state, role, Message(text=f"{role} has nothing", to=("hub",)))
        # The reply goes to the hub before anyone else still asked acts: it handles it on its own.
        assert RULES.agenda(state)[0].role == "hub"
        seen = [e for e in RULES.view(inst, state, "hub").history if e.kind == "message" and e.role != "hub"]
        assert seen[-1].text == f"{role} has nothing" and len(seen) == len(order) + 1
        assert RULES.view(inst, state, "hub").budget["calls_left"] == 10
        state = step(inst, state, "hub", ToolCall(name="resolve_person", args={"name": "Lina"}))
        state = step(inst, state, "hub", EndTurn())
    assert order == ["colleague:sylvie", "colleague:lina", "colleague:hannah"]
    assert state.agenda.turns["hub"] == 4 and RULES.is_over(state) == "idle"  # the question + one per reply


def test_two_messages_to_one_person_get_one_reply() -> None:
    inst = concerts()
    state = step(inst, start(inst), "hub", Message(text="a?", to=("colleague:lina",)),
                 Message(text="and b?", to=("colleague:lina",)), EndTurn())
    assert [r.role for r in RULES.agenda(state)] == ["colleague:lina"] and state.agenda.waiting == ()
    assert [e.text for e in RULES.view(inst, state, "colleague:lina").history] == ["a?", "and b?"]


def test_ten_tool_calls_per_event_then_only_messages() -> None:
    inst = concerts()
    state = start(inst)
    for _ in range(10):
        state = step(inst, state, "hub", ToolCall(name="search_documents", args={"query": "stadium"}))
    legal = RULES.legal(inst, state, "hub")
    assert "tool_call" not in legal.kinds and legal.tools == ()
    with pytest.raises(IllegalMove, match="no tool calls left"):
        step(inst, state, "hub", ToolCall(name="search_documents", args={"query": "stadium"}))


def test_a_hub_that_waits_with_nobody_asked_ends_the_session_idle() -> None:
    inst = concerts()
    assert RULES.is_over(step(inst, start(inst), "hub", EndTurn())) == "idle"


def test_the_session_is_cut_after_the_hubs_event_budget() -> None:
    inst = instance_for(ITEMS["concert_singer_1"], PeopleJoinConfig(hub_events=2))
    state = step(inst, start(inst), "hub", Message(text="a?", to=("colleague:lina",)))
    state = step(inst, state, "colleague:lina", Message(text="no", to=("hub",)))
    state = step(inst, state, "hub", Message(text="b?", to=("colleague:lina",)))
    assert RULES.is_over(state) == "hub_events"


def test_the_hub_codec_reads_addressed_messages_tools_and_ends() -> None:
    legal = RULES.legal(concerts(), start(concerts()), "hub")
    text = ('[think] Bhushan may know.\n[tool] search_relevant_people {"query": "concerts"}')
    assert CODEC.parse(ChatReply(text=text), legal)[1] == ToolCall(name="search_relevant_people",
                                                                   args={"query": "concerts"})
    parsed = CODEC.parse(ChatReply(text="[message to Hannah] Hi,\nhow many?\n[Message to alice] Soon.\n"
                                        "[message to Bhushan Magar] And you?\n[message to Alice Anastasiou] Yes.\n"
                                        "[end turn]"), legal)
    assert parsed == (Message(text="Hi,\nhow many?", to=("colleague:hannah",)),
                      Message(text="Soon.", to=("primary",)), Message(text="And you?", to=("colleague:bhushan",)),
                      Message(text="Yes.", to=("primary",)), EndTurn())
    with pytest.raises(FormatError, match="nobody has the id 'zoe'; write primary for your user, or one of these "
                                          "ids: lina, hannah, sylvie, bhushan"):
        CODEC.parse(ChatReply(text="[message to zoe] hi"), legal)
    with pytest.raises(FormatError, match="say whom the message is for"):
        CODEC.parse(ChatReply(text="[message] hi"), legal)
    with pytest.raises(FormatError, match="not a JSON object"):
        CODEC.parse(ChatReply(text="[tool] search_documents {query: x}"), legal)
    with pytest.raises(FormatError, match="begin your reply with a tag"):
        CODEC.parse(ChatReply(text="Sure! [end turn]"), legal)


def test_a_colleague_writes_one_message_and_has_no_tools() -> None:
    inst = concerts()
    legal = RULES.legal(inst, start(inst), "colleague:lina")
    assert CODEC.parse(ChatReply(text="[think] no\n[message] I don't have that."), legal)[1] == \
        Message(text="I don't have that.", to=("hub",))
    with pytest.raises(FormatError, match="is for the assistant"):
        CODEC.parse(ChatReply(text="[end turn]"), legal)


class Garbler:
    name = "garbler"

    async def complete(self, request: object) -> ChatReply:
        return ChatReply(text="I will look into it!")


def test_three_unreadable_replies_end_the_session_each_fed_back_to_its_writer() -> None:
    inst = concerts()
    seats = {r: PolicyAgent("table-dump", FAMILY.players["table-dump"].make(inst, r), FAMILY.codec(r))
             for r in inst.roles()}
    record = asyncio.run(play(FAMILY, inst, {**seats, "hub": Garbler()}))
    assert record.end_reason == "format"
    errors = [e for e in record.state.events if e.kind == "format_error"]
    assert len(errors) == 3 and all(e.visible_to == ("hub",) for e in errors)
    assert "begin your reply with a tag" in record.calls[1].request.messages[-1].content
    assert record.score.metrics["match"] == 0


@pytest.mark.parametrize(("player", "bhushan", "hannah"), [
    ("redirect", "Note: Try contacting Hannah Jarvis. hannah has relevant information on following topics: concert",
     DONT_HAVE),
    ("dont-have", DONT_HAVE, DONT_HAVE),
])
def test_scripted_colleagues_redirect_and_dont_have(player: str, bhushan: str, hannah: str) -> None:
    inst = concerts()
    state = step(inst, start(inst), "hub", Message(text="?", to=("colleague:bhushan",)),
                 Message(text="?", to=("colleague:hannah",)))
    for role, expected in (("colleague:bhushan", bhushan), ("colleague:hannah", hannah)):
        policy = FAMILY.players[player].make(inst, role)
        assert policy.act(RULES.view(inst, state, role), RULES.legal(inst, state, role), random.Random(0)) == \
            (Message(text=expected, to=("hub",)),)


def test_table_dump_sends_the_table_and_the_oracle_answers_from_it() -> None:
    inst = instance_for(ITEMS["concert_singer_3"], PeopleJoinConfig())  # countries and singers: Lina's table
    seats = {r: PolicyAgent("x", FAMILY.players["table-dump"].make(inst, r), FAMILY.codec(r)) for r in inst.roles()}
    seats["hub"] = PolicyAgent("o", FAMILY.players["sql-oracle"].make(inst, "hub"), FAMILY.codec("hub"))
    record = asyncio.run(play(FAMILY, inst, seats))
    messages = [(e.role, e.to, e.text.splitlines()[0]) for e in record.state.events if e.kind == "message"]
    assert messages[2] == ("colleague:lina", ("hub",), "Table singer:")
    assert messages[3] == ("hub", ("primary",), "France, 4")
    assert record.score.metrics["match"] == 100 and record.score.metrics["msg_cnt"] == 5


def test_ask_everyone_completes_in_the_largest_generated_organisation() -> None:
    """26 people (25 colleagues): one hub event per reply still leaves room to answer and read the thanks."""
    from lamen.families.peoplejoin.generator import generate_organisation, retarget, tables_of
    from lamen.families.peoplejoin.organisation import load_organisation

    item = ITEMS["concert_singer_1"]
    generated = generate_organisation(tables_of(load_organisation(item.organisation)), 3, idle=22)
    inst = instance_for(retarget(generated, item), PeopleJoinConfig(), organisation=generated.organisation)
    assert len(inst.colleague_roles()) == 25
    seats = {r: PolicyAgent("x", FAMILY.players["ask-everyone"].make(inst, r), FAMILY.codec(r)) for r in inst.roles()}
    record = asyncio.run(play(FAMILY, inst, seats))
    assert record.end_reason == "session_completed"
    assert (record.score.metrics["hub_events"], record.score.metrics["msg_cnt"]) == (27, 53)
