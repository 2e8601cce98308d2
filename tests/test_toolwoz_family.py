"""The ToolWOZ family on the core: turn rules (user opens, ≤ 3 calls a turn, ≤ 15 messages,
END_CONVERSATION), reward events and the score, the text and native codecs, and the scripted
players' figures on the 36 shipped goals (oracle 1.0 everywhere; slot-filler pinned; the two
scripted customers rank the four agents identically)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence

import pytest

from lamen.chat import ChatReply, ChatRequest, ChatToolCall
from lamen.core.codec import FormatError
from lamen.core.play import SeatSampling, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.types import ActionSpace, EndSession, IllegalMove, Message, Think, ToolCall
from lamen.families.toolwoz.codec import ToolWozCodec
from lamen.families.toolwoz.generator import shipped_goals

FAMILY = get_family("toolwoz")
CONFIG = FAMILY.default_config()
GAME = FAMILY.instances(CONFIG, 0)  # shipped goal 0: a train search, then a cheap portuguese restaurant booked
AGENT, USER = FAMILY.codec("agent"), FAMILY.codec("user")
AGENTS = ("oracle", "slot-filler", "random-api", "speak-only")
USERS = ("terse", "verbose")


def opened():
    state = FAMILY.rules.initial(GAME, {"agent": "a", "user": "u"}, None)
    return FAMILY.rules.step(GAME, state, "user", [Message(text="I need a train.")], "").state.model_copy(
        update={"steps": 1})


def test_the_user_opens_and_the_agent_may_not() -> None:
    state = FAMILY.rules.initial(GAME, {"agent": "a", "user": "u"}, None)
    assert FAMILY.rules.agenda(state)[0].role == "user"
    with pytest.raises(ValueError, match="the user opens"):
        FAMILY.rules.initial(GAME, {"agent": "a", "user": "u"}, "agent")
    with pytest.raises(IllegalMove):
        FAMILY.rules.step(GAME, state, "agent", [Message(text="hi")], "")


def test_a_goal_call_yields_a_reward_event_only_the_agent_sees_and_at_most_three_calls_a_turn() -> None:
    state = opened()
    train = GAME.goal.domains[0]
    call = ToolCall(name="search_train", args=dict(train.search))
    state = FAMILY.rules.step(GAME, state, "agent", [Think(text="look it up"), call], "").state
    assert FAMILY.goals(GAME) == ("search_train", "search_restaurant", "book_restaurant")  # what a harvest removes
    rewards = [e for e in state.events if e.kind == "reward"]
    assert [(e.text, e.reward, e.visible_to) for e in rewards] == [("search_train", 1 / 3, ("agent",))]
    assert FAMILY.rules.agenda(state)[0].role == "agent"  # the turn goes on after a call
    # The same goal call again earns nothing more; bad arguments are an error result, not a crash.
    state = FAMILY.rules.step(GAME, state, "agent", [call], "").state
    state = FAMILY.rules.step(GAME, state, "agent", [ToolCall(name="search_train", args={"stars": "4"})], "").state
    last = state.events[-1]
    assert last.kind == "tool_result" and last.payload["error"] and last.text.startswith("ERROR: search_train has no")
    assert sum(e.kind == "reward" for e in state.events) == 1
    legal = FAMILY.rules.legal(GAME, state, "agent")
    assert "tool_call" not in legal.kinds and legal.tools == ()
    with pytest.raises(IllegalMove, match="no API calls left"):
        FAMILY.rules.step(GAME, state, "agent", [call], "")
    state = FAMILY.rules.step(GAME, state, "agent", [Message(text="Found it.")], "").state
    assert FAMILY.rules.agenda(state)[0].role == "user"
    score = FAMILY.score(GAME, state)
    assert score.team == 1 / 3 and score.metrics["success"] == 0.0 and score.metrics["api_calls"] == 3
    assert score.metrics["api_errors"] == 1 and score.metrics["messages"] == 2


def test_a_call_to_an_api_that_does_not_exist_is_answered_with_an_error() -> None:
    state = FAMILY.rules.step(GAME, opened(), "agent", [ToolCall(name="book_attraction", args={})], "").state
    assert state.events[-1].text.startswith("ERROR: there is no API 'book_attraction'")


def test_end_conversation_ends_and_fifteen_messages_end() -> None:
    state = FAMILY.rules.step(GAME, opened(), "agent", [Message(text="Hello")], "").state
    over = FAMILY.rules.step(GAME, state, "user", [Message(text="Bye"), EndSession()], "").state
    assert over.ended == "end_conversation" and over.messages == 3
    for n in range(13):
        role = "user" if n % 2 == 0 else "agent"
        state = FAMILY.rules.step(GAME, state, role, [Message(text=f"m{n}")], "").state
    assert state.messages == 15 and state.ended == "max_messages"
    assert FAMILY.score(GAME, state).end_reason == "max_messages"


def test_the_agent_codec_reads_plan_apicall_speak_and_explains_what_it_cannot_read() -> None:
    legal = FAMILY.rules.legal(GAME, opened(), "agent")
    text = ('PLAN find trains <COMMAND_END>\n'
            'APICALL {"name": "search_train", "parameters": {"day": "monday"}} <COMMAND_END>')
    assert AGENT.parse(ChatReply(text=text), legal) == (Think(text="find trains"),
                                                        ToolCall(name="search_train", args={"day": "monday"}))
    assert AGENT.parse(ChatReply(text="PLAN greet<COMMAND_END>SPEAK Hello!"), legal) == \
        (Think(text="greet"), Message(text="Hello!"))
    for bad, says in (("Hello there", "begin your reply with a command"),
                      ("APICALL {name: search_train}", "one JSON object"),
                      ('APICALL {"name": "search_train", "args": {}}', '"parameters"'),
                      ("SPEAK <COMMAND_END>", "SPEAK needs some text")):
        with pytest.raises(FormatError, match=says):
            AGENT.parse(ChatReply(text=bad), legal)


def test_the_customer_codec_reads_speak_and_end_conversation() -> None:
    legal = FAMILY.rules.legal(GAME, opened(), "user")
    assert USER.parse(ChatReply(text="SPEAK Thanks, bye. END_CONVERSATION"), legal) == \
        (Message(text="Thanks, bye."), EndSession())
    assert USER.parse(ChatReply(text="END_CONVERSATION"), legal) == (EndSession(),)
    assert USER.render([Message(text="A train, please.")]) == "SPEAK A train, please."
    with pytest.raises(FormatError, match="begin your reply with SPEAK"):
        USER.parse(ChatReply(text="I need a train."), legal)
    with pytest.raises(FormatError, match="write it last"):
        USER.parse(ChatReply(text="SPEAK END_CONVERSATION no wait"), legal)


# ---- the scripted players on the shipped goals ---------------------------------------------------
def episode(agent: str, user: str, seed: int, native: bool = False):
    instance = FAMILY.instances(CONFIG, seed)
    seats = {"agent": PolicyAgent(agent, FAMILY.players[agent].make(instance, "agent"), AGENT, seed=7),
             "user": PolicyAgent(user, FAMILY.players[user].make(instance, "user"), USER, seed=7)}
    return asyncio.run(play(FAMILY, instance, seats))


def mean_reward(agent: str, user: str) -> float:
    return sum(episode(agent, user, seed).score.team for seed in range(len(shipped_goals()))) / len(shipped_goals())


def test_the_oracle_completes_every_shipped_goal_with_either_customer() -> None:
    for user in USERS:
        for seed in range(len(shipped_goals())):
            record = episode("oracle", user, seed)
            assert record.score.team == 1.0 and record.score.metrics["success"] == 1.0, (user, seed)


# Pinned (FAMILIES.md §5: no paper number exists): mean reward over the 36 shipped goals.
PINNED = {("slot-filler", "terse"): 74 / 108, ("slot-filler", "verbose"): 1051 / 1080,
          ("random-api", "terse"): 1 / 180, ("random-api", "verbose"): 1 / 180,
          ("speak-only", "terse"): 0.0, ("speak-only", "verbose"): 0.0, ("oracle", "terse"): 1.0,
          ("oracle", "verbose"): 1.0}


def kendall_tau(a: Sequence[float], b: Sequence[float]) -> float:
    """Kendall's τ-b of two score lists (ties count as neither concordant nor discordant)."""
    concordant = discordant = ties_a = ties_b = 0
    for i, j in itertools.combinations(range(len(a)), 2):
        da, db = a[i] - a[j], b[i] - b[j]
        if da == 0 and db == 0:
            continue
        if da == 0:
            ties_a += 1
        elif db == 0:
            ties_b += 1
        elif (da > 0) == (db > 0):
            concordant += 1
        else:
            discordant += 1
    n0 = concordant + discordant
    return (concordant - discordant) / (((n0 + ties_a) * (n0 + ties_b)) ** 0.5)


def test_the_four_agents_figures_are_pinned_and_both_customers_rank_them_identically() -> None:
    means = {(agent, user): mean_reward(agent, user) for agent in AGENTS for user in USERS}
    for key, value in PINNED.items():
        assert means[key] == pytest.approx(value, abs=1e-12), key
    terse, verbose = ([means[(agent, user)] for agent in AGENTS] for user in USERS)
    assert terse == sorted(terse, reverse=True) and len(set(terse)) == 4  # oracle > slot-filler > random > speak
    assert kendall_tau(terse, verbose) == 1.0
    assert kendall_tau([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0


# ---- native tool calling ---------------------------------------------------------------------------
class NativeModel:
    """Answers with native calls: the goal's train search, then words to the customer."""

    def __init__(self) -> None:
        self.requests: list[ChatRequest] = []

    @property
    def name(self) -> str:
        return "native"

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        if len(self.requests) == 1:
            call = ChatToolCall.of("c1", "search_train", dict(GAME.goal.domains[0].search))
            return ChatReply(text="Looking it up.", tool_calls=(call,))
        return ChatReply(text="SPEAK Train TR6934 leaves at 05:32. <COMMAND_END>")


def test_a_native_seat_calls_the_apis_as_functions_and_gets_the_results_back_as_tool_turns() -> None:
    model = NativeModel()
    user = PolicyAgent("terse", FAMILY.players["terse"].make(GAME, "user"), USER, seed=7)
    record = asyncio.run(play(FAMILY, GAME, {"agent": model, "user": user},
                              sampling={"agent": SeatSampling(native_tools=True)}, stop_after=3))
    first, second = model.requests[:2]
    assert [tool.name for tool in first.tools][:2] == ["search_restaurant", "book_restaurant"]
    assert len(first.tools) == 7
    tool_turn = second.messages[-1]
    assert tool_turn.role == "tool" and '"trainID": "TR6934"' in tool_turn.content
    assert second.messages[-2].tool_calls[0].name == "search_train"
    assert [e.text for e in record.state.events if e.kind == "reward"] == ["search_train"]
    assert ToolWozCodec(customer=True).native_tools() is None  # the customer has no tools
    assert isinstance(FAMILY.rules.legal(GAME, record.state, "user"), ActionSpace)
