"""The protocol loop stepped by hand with fake agents: what each request shows, rounds, endings,
start order, dialogue format, the system prompt, and agents that misbehave."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from lamen.agents.base import AgentError, ChatReply, ChatRequest
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.spec.load import load_game, load_persona, load_protocol
from tests.conftest import REPO

GAME = load_game("rental-1-distributive")
DEFAULT = load_protocol("default")
PHRASE = "We agree on all issues."


def protocol(**changes):
    return DEFAULT.model_copy(update=changes)


def answer(negotiation: Negotiation, text: str) -> ChatRequest:
    step = negotiation.next_request()
    assert step is not None
    negotiation.submit(step, ChatReply(text=text))
    return step.request


def take_turn(negotiation: Negotiation, note: str, message: str) -> tuple[ChatRequest, ChatRequest]:
    return answer(negotiation, note), answer(negotiation, message)


def play_rounds(negotiation: Negotiation, turns: int) -> list[tuple[ChatRequest, ChatRequest]]:
    return [take_turn(negotiation, f"note {i}", f"message {i}") for i in range(turns)]


# ---- memory windows ----------------------------------------------------------------------------

@pytest.mark.parametrize(("window", "expected_notes"), [(0, []), (1, [[2, "note 2"]]), (-1, [[1, "note 0"], [2, "note 2"]])])
def test_note_sees_own_notes(window: int, expected_notes: list) -> None:
    negotiation = Negotiation(GAME, protocol(note_sees_notes=window))
    play_rounds(negotiation, 4)
    step = negotiation.next_request()  # side 0's note in round 3
    assert (step.side, step.purpose, step.request.meta["round"]) == (0, "note", 3)
    assert step.request.meta["own_notes"] == expected_notes
    text = step.request.messages[0].content
    assert ("note 2" in text) == (window != 0)
    assert ("note 0" in text) == (window == -1)
    assert "note 1" not in text and "note 3" not in text  # the opponent's notes are private


@pytest.mark.parametrize(("window", "expected"), [
    (0, []),
    (1, [[2, 1, "message 3"]]),
    (-1, [[1, 0, "message 0"], [1, 1, "message 1"], [2, 0, "message 2"], [2, 1, "message 3"]]),
])
def test_note_sees_messages(window: int, expected: list) -> None:
    negotiation = Negotiation(GAME, protocol(note_sees_messages=window))
    play_rounds(negotiation, 4)
    assert negotiation.next_request().request.meta["messages"] == expected


@pytest.mark.parametrize(("window", "expected_notes"), [
    (0, []), (1, [[2, "fresh note"]]), (-1, [[1, "note 0"], [2, "fresh note"]]),
])
def test_message_sees_notes_including_the_one_just_written(window: int, expected_notes: list) -> None:
    negotiation = Negotiation(GAME, protocol(message_sees_notes=window))
    play_rounds(negotiation, 2)
    answer(negotiation, "fresh note")
    step = negotiation.next_request()
    assert step.purpose == "message"
    assert step.request.meta["own_notes"] == expected_notes


@pytest.mark.parametrize(("window", "count"), [(0, 0), (1, 1), (-1, 3)])
def test_message_sees_messages(window: int, count: int) -> None:
    negotiation = Negotiation(GAME, protocol(message_sees_messages=window))
    play_rounds(negotiation, 3)
    answer(negotiation, "note 3")
    step = negotiation.next_request()
    assert [m[2] for m in step.request.meta["messages"]] == ["message 0", "message 1", "message 2"][3 - count:]


def test_transcript_format_request_text() -> None:
    negotiation = Negotiation(GAME, DEFAULT)
    take_turn(negotiation, "n0", "We ask $1500.")
    step = negotiation.next_request()
    assert len(step.request.messages) == 1 and step.request.messages[0].role == "user"
    assert step.request.messages[0].content == (
        "Negotiation so far:\n<round 1, Landlord>: We ask $1500.\n\n"
        "Round 1 of 10 (9 rounds left after this one).\n\n"
        + "\n".join([DEFAULT.note_prompt, "Your note can not exceed 64 words.", DEFAULT.note_format_prompt,
                     "The issues are: rent."]))


def test_round_text_counts_down_and_can_be_hidden() -> None:
    negotiation = Negotiation(GAME, protocol(max_rounds=3))
    play_rounds(negotiation, 4)
    assert "\n\nRound 3 of 3 (0 rounds left after this one).\n\n" in negotiation.next_request().request.messages[0].content
    hidden = Negotiation(GAME, protocol(show_rounds=False))
    assert hidden.next_request().request.messages[0].content.startswith("The negotiation starts now")


def test_word_limits_and_the_agreement_phrase_in_prompts() -> None:
    negotiation = Negotiation(GAME, protocol(note_max_words=32, message_max_words=50))
    note_request, first_message = take_turn(negotiation, "n", "m")
    assert "Your note can not exceed 32 words." in note_request.messages[0].content
    assert "Your message can not exceed 50 words." in first_message.messages[0].content
    assert PHRASE not in first_message.messages[0].content  # not offered before anything is on the table
    _, second_message = take_turn(negotiation, "n", "m")
    assert f'say "{PHRASE}"' in second_message.messages[0].content


# ---- endings and order -------------------------------------------------------------------------

def test_ends_when_both_latest_messages_say_the_phrase() -> None:
    negotiation = Negotiation(GAME, DEFAULT)
    take_turn(negotiation, "n", f"Fine. {PHRASE}")
    assert not negotiation.done
    take_turn(negotiation, "n", "Not yet.")
    take_turn(negotiation, "n", PHRASE)
    assert not negotiation.done  # the other side's latest message does not say it
    take_turn(negotiation, "n", f"{PHRASE.lower()}")
    assert negotiation.done and negotiation.end_reason == "agreement"
    assert negotiation.next_request() is None
    assert len(negotiation.transcript().turns) == 4


def test_ends_at_max_rounds() -> None:
    negotiation = Negotiation(GAME, protocol(max_rounds=2))
    play_rounds(negotiation, 4)
    assert negotiation.done and negotiation.end_reason == "max_rounds"
    assert [t.round for t in negotiation.transcript().turns] == [1, 1, 2, 2]


@pytest.mark.parametrize("starts", [0, 1])
def test_start_order(starts: int) -> None:
    negotiation = Negotiation(GAME, DEFAULT, starts=starts)
    play_rounds(negotiation, 3)
    assert [t.side for t in negotiation.transcript().turns] == [starts, 1 - starts, starts]
    assert negotiation.transcript().starts == starts


def test_dialogue_format_alternates_roles() -> None:
    negotiation = Negotiation(GAME, protocol(format="dialogue"), starts=1)
    take_turn(negotiation, "n", "tenant opens")      # side 1
    take_turn(negotiation, "n", "landlord answers")  # side 0
    answer(negotiation, "tenant note")
    step = negotiation.next_request()                # side 1's message
    roles = [m.role for m in step.request.messages]
    assert roles == ["user", "assistant", "user"]
    assert [m.content.split("\n")[0] for m in step.request.messages] == ["The negotiation begins.", "tenant opens", "landlord answers"]
    assert all(a != b for a, b in zip(roles, roles[1:]))
    assert step.request.messages[-1].content.endswith(step.request.messages[-1].content.split("\n")[-1])
    assert "Your private notes:\n<round 2>: tenant note" in step.request.messages[-1].content


def test_folding_the_system_prompt_for_providers_without_a_system_role() -> None:
    request = Negotiation(GAME, DEFAULT).next_request().request
    folded = request.folded()
    assert folded[0].role == "user" and folded[0].content.startswith(request.system)


# ---- prompts -----------------------------------------------------------------------------------

def test_rental_system_prompt_snapshot() -> None:
    snapshot = REPO / "tests" / "data" / "snapshots" / "rental_agreement_system_side0.txt"
    system = Negotiation(load_game("rental-agreement"), DEFAULT).systems[0]
    assert system == snapshot.read_text(encoding="utf-8")


def test_visibility_and_personas(lamen_data: Path) -> None:
    buyer = load_persona(lamen_data / "agents" / "car_buyer.yaml")
    seller = load_persona(lamen_data / "agents" / "car_salesperson.yaml")
    own_only = Negotiation(GAME, DEFAULT, personas=(seller, buyer)).systems[0]
    assert "Tenant's payoff tables" not in own_only and "Ms. Mayer" not in own_only
    assert "About you — name: " in own_only
    tables = Negotiation(GAME, protocol(visibility=1), personas=(seller, buyer)).systems[0]
    assert "Tenant's payoff tables" in tables and "Ms. Mayer" not in tables
    described = Negotiation(GAME, protocol(visibility=2), personas=(seller, buyer)).systems[0]
    assert "About them — name: Ms. Mayer, gender: female, age: early-thirties" in described


def test_every_request_is_kept_in_the_transcript() -> None:
    negotiation = Negotiation(GAME, protocol(interrogation=True))
    requests = [answer(negotiation, t) for t in ("note", '{"rent": "$1000"}', "message")]
    turn = negotiation.transcript().turns[0]
    assert [c.purpose for c in turn.calls] == ["note", "interrogation", "message"]
    assert [c.request for c in turn.calls] == requests
    assert turn.interrogation == '{"rent": "$1000"}'
    assert "From the perspective of the other agent" in requests[1].messages[0].content


# ---- misbehaving agents ------------------------------------------------------------------------

class Scripted:
    def __init__(self, name: str, reply: Callable[[ChatRequest], str]) -> None:
        self.name = name
        self.reply = reply

    async def complete(self, request: ChatRequest) -> ChatReply:
        return ChatReply(text=self.reply(request))


class Broken:
    name = "bot:broken"

    async def complete(self, request: ChatRequest) -> ChatReply:
        raise RuntimeError("the strategy divided by zero")


@pytest.mark.parametrize("bad_reply", [
    "",
    "x" * 200_000,
    PHRASE,
    "The game is over. We already agreed. Acceptable offer: none.",
], ids=["empty", "200k-characters", "only-the-phrase", "claims-game-over"])
def test_bad_replies_are_recorded_and_judged(bad_reply: str) -> None:
    fair = Scripted("fair", lambda r: '{"rent": "$1000"}' if r.purpose == "note" else f"Rent $1000. {PHRASE}")
    bad = Scripted("bad", lambda r: bad_reply)
    negotiation = Negotiation(GAME, protocol(max_rounds=2))
    transcript = asyncio.run(play(negotiation, (fair, bad)))
    assert transcript.error is None
    assert all(t.message == bad_reply for t in transcript.turns if t.side == 1)
    outcome = judge(transcript, GAME, DEFAULT)
    assert outcome.agreement in ("none", "soft", "hard")
    if bad_reply == PHRASE:
        assert outcome.textual_agreement_disagreeing_notes  # said it, but its note holds no offer
    if len(bad_reply) == 200_000:
        later = negotiation.transcript().turns[-1].calls[0].request.messages[0].content
        assert len(later) < 30_000  # the runaway reply is kept whole, but not re-sent whole


def test_an_agent_that_raises_errors_the_match() -> None:
    fair = Scripted("fair", lambda r: "Rent $1000.")
    transcript = asyncio.run(play(Negotiation(GAME, DEFAULT), (fair, Broken())))
    assert transcript.end_reason == "error"
    assert transcript.error == "side B (bot:broken): RuntimeError: the strategy divided by zero"
    assert judge(transcript, GAME, DEFAULT).agreement == "none"


def test_an_agent_error_keeps_its_one_line_reason() -> None:
    class Unauthorised:
        name = "openai:gpt-4o"

        async def complete(self, request: ChatRequest) -> ChatReply:
            raise AgentError("openai:gpt-4o: authentication failed (HTTP 401): set OPENAI_API_KEY", retryable=False)

    transcript = asyncio.run(play(Negotiation(GAME, DEFAULT), (Unauthorised(), Broken())))
    assert transcript.error == "side A (openai:gpt-4o): openai:gpt-4o: authentication failed (HTTP 401): set OPENAI_API_KEY"
    assert transcript.turns == ()


def test_answers_must_match_the_state() -> None:
    negotiation = Negotiation(GAME, DEFAULT)
    step = negotiation.next_request()
    negotiation.submit(step, ChatReply(text="note"))
    with pytest.raises(RuntimeError):
        negotiation.submit(step, ChatReply(text="note again"))
