"""Scripted negotiators: deterministic given a seed, true to their strategy, and reading the
opponent only through its message text."""

from __future__ import annotations

import asyncio

import pytest

from lamen.agents.base import ChatMessage, ChatRequest
from lamen.agents.bots import ScriptedNegotiator
from lamen.agents.base import AgentError
from lamen.agents.registry import make_agent
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_protocol

PROTOCOL = load_protocol("default")
RENT = load_game("rental-1-distributive")


def run(a: str, b: str, game=RENT, seed: int = 0, starts: int = 0, **params):
    specs = [AgentSpec.model_validate({"agent": name, "params": params}) for name in (a, b)]
    agents = tuple(make_agent(spec, game=game, side=side, seed=seed) for side, spec in enumerate(specs))
    transcript = asyncio.run(play(Negotiation(game, PROTOCOL, starts=starts), agents))
    return transcript, judge(transcript, game, PROTOCOL)


def landlord_asks(transcript) -> list[str]:
    """The landlord's offered rent, turn by turn, as the judge reads its messages."""
    from lamen.judge.extract import extract_message
    from lamen.judge.labels import label_cache

    labels = label_cache(RENT)
    return [extract_message(t.message, labels).offers.get("rent") for t in transcript.turns if t.side == 0]


def test_same_seed_same_negotiation_and_other_seeds_differ_for_random() -> None:
    first, _ = run("bot:random", "bot:random", seed=3)
    again, _ = run("bot:random", "bot:random", seed=3)
    other, _ = run("bot:random", "bot:random", seed=4)
    assert first.model_dump() == again.model_dump()
    assert first.model_dump() != other.model_dump()


def test_boulware_concedes_later_than_conceder() -> None:
    boulware, _ = run("bot:boulware", "bot:hardliner")
    conceder, _ = run("bot:conceder", "bot:hardliner")
    # Against a wall, each reveals its concession curve from $1500 toward its reservation (0.3 →
    # $800): the cheapest offer worth at least 1 − 0.7·t^(1/e), t = (round − 1) / 9.
    assert landlord_asks(boulware) == ["$1500", "$1500", "$1500", "$1500", "$1500", "$1500", "$1500", "$1400", "$1200", "$800"]
    assert landlord_asks(conceder) == ["$1500", "$1100", "$1000", "$1000", "$1000", "$900", "$900", "$900", "$900", "$800"]


def test_linear_concedes_evenly() -> None:
    linear, _ = run("bot:linear", "bot:hardliner")
    assert landlord_asks(linear) == ["$1500", "$1500", "$1400", "$1300", "$1200", "$1200", "$1100", "$1000", "$900", "$800"]


def test_hardliner_never_moves() -> None:
    transcript, outcome = run("bot:hardliner", "bot:conceder")
    assert set(landlord_asks(transcript)) == {"$1500"}
    assert outcome.agreement == "none"


def test_tit_for_tat_mirrors_the_opponents_concession() -> None:
    transcript, outcome = run("bot:tit-for-tat", "bot:linear")
    asks = landlord_asks(transcript)
    assert asks[0] == "$1500"
    assert outcome.agreement == "hard" and outcome.agreed_offer == {"rent": "$1000"}


def test_bots_agree_with_the_phrase_and_notes() -> None:
    transcript, outcome = run("bot:boulware", "bot:conceder")
    assert transcript.end_reason == "agreement"
    assert outcome.agreement == "hard"
    assert outcome.agreed_offer == {"rent": "$1100"}
    assert outcome.sides[0].internal_faithfulness == outcome.sides[1].internal_faithfulness == 1.0
    assert outcome.sides[0].format_instruction == 1.0


def test_noise_varies_phrasing_and_slips_but_stays_readable() -> None:
    clean, clean_outcome = run("bot:linear", "bot:conceder", game=load_game("rental-agreement"))
    noisy, noisy_outcome = run("bot:linear", "bot:conceder", game=load_game("rental-agreement"), noise=0.5)
    assert [t.message for t in clean.turns] != [t.message for t in noisy.turns]
    methods = {t.note.method for t in noisy_outcome.turns}
    assert methods <= {"json", "text"}
    assert noisy_outcome.sides[0].format_instruction < 1.0 or noisy_outcome.sides[1].format_instruction < 1.0
    assert noisy_outcome.agreement == "hard"


def test_the_bot_reads_the_opponent_from_message_text_only() -> None:
    bot = ScriptedNegotiator(AgentSpec.model_validate("bot:conceder"), RENT, side=0)
    request = ChatRequest(system="", messages=(ChatMessage(role="user", content="x"),), purpose="note",
                          meta={"round": 10, "max_rounds": 10, "messages": [[9, 1, "We can pay a rent of $1,100."]]})
    reply = asyncio.run(bot.complete(request))
    assert '"rent": "$1100"' in reply.text  # the conceder at its deadline takes the tenant's $1100
    message = asyncio.run(bot.complete(request.model_copy(update={"purpose": "message"})))
    assert message.text == "We accept: rent $1100. We agree on all issues."


def test_unknown_bot_and_bad_settings_are_one_line_errors() -> None:
    # Refused when the spec is read (see tests/test_spec_search.py), and again by the bot itself.
    with pytest.raises(ValueError, match="unknown negotiator 'bluffer'"):
        AgentSpec.model_validate("bot:bluffer")
    with pytest.raises(AgentError, match="unknown negotiator 'bluffer'"):
        make_agent(AgentSpec.model_construct(id="bot:bluffer", provider="bot", model="bluffer", params={}),
                   game=RENT, side=0)
    with pytest.raises(AgentError, match="unknown bot setting"):
        make_agent(AgentSpec.model_construct(id="bot:linear", provider="bot", model="linear", params={"speed": 2}),
                   game=RENT, side=0)
