"""Acceptances as models write them: the one rule (`lamen.judge.agreement`) for saying the
agreement phrase and for accepting in other words, careful with negations, questions and
conditions; and every scripted negotiator taking a bare acceptance as acceptance of its own
latest offer, so that it ends in hard agreement."""

from __future__ import annotations

import asyncio
import json

import pytest

from lamen.agents.base import ChatMessage, ChatReply, ChatRequest
from lamen.agents.bots import STRATEGIES, ScriptedNegotiator
from lamen.agents.registry import make_agent
from lamen.judge import judge
from lamen.judge.agreement import accepts, says_phrase
from lamen.judge.extract import extract_message
from lamen.judge.labels import label_cache
from lamen.play import Negotiation, play
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_protocol

PHRASE = "We agree on all issues."
PROTOCOL = load_protocol("default")
RENTAL = load_game("rental-agreement")
RENT = load_game("rental-1-distributive")


# ---- the rule -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("message", "says", "accepted"), [
    # the phrase
    ("We agree on all issues.", True, True),
    ("Great, $1200 it is. We agree on all issues.", True, True),
    ("we  agree on ALL issues", True, True),
    ("If you can live with $1200, we agree on all issues.", True, True),  # the phrase counts, as in the paper
    ("Do we agree on all issues?", False, False),
    ("We agree on all issues? Not quite.", False, False),
    ("I cannot say we agree on all issues yet.", False, False),
    ("We don't agree on all issues.", False, False),
    # other words
    ("I accept your offer.", False, True),
    ("I accept.", False, True),
    ("We accept your latest offer!", False, True),
    ("We accept $1200 per month.", False, True),
    ("I’m happy to accept your offer.", False, True),
    ("We would be happy to accept your proposal.", False, True),
    ("It's not ideal, but we accept your offer.", False, True),
    ("We have a deal.", False, True),
    ("Deal!", False, True),
    ("It's a deal.", False, True),
    ("Agreed.", False, True),
    ("Agreed on all points.", False, True),
    ("That works for us. Let's finalize.", False, True),
    ("A rent of $1200 works for us.", False, True),
    ("Sounds good to me.", False, True),
    ("We are in agreement.", False, True),
    # negations, questions, conditions, reservations, parts, other tenses
    ("I cannot accept your offer.", False, False),
    ("We can't accept that.", False, False),
    ("Not agreed.", False, False),
    ("That is not agreed.", False, False),
    ("No deal.", False, False),
    ("That doesn't work for us.", False, False),
    ("Do we have a deal?", False, False),
    ("Can you accept $1200?", False, False),
    ("I would accept your offer if you lower the deposit.", False, False),
    ("We hope we have a deal soon.", False, False),
    ("We accept your offer, but the deposit must be lower.", False, False),
    ("We accept your offer. However, we need a shorter lease.", False, False),
    ("I accept nothing less than $1400.", False, False),
    ("We agree on the rent.", False, False),
    ("We agree that the rent is high.", False, False),
    ("As agreed earlier, rent is $1200.", False, False),
    ("We accepted your earlier offer of $1100 but you withdrew it.", False, False),
    ("We propose $1200.", False, False),
])
def test_what_a_message_says_and_accepts(message: str, says: bool, accepted: bool) -> None:
    assert (says_phrase(message, PHRASE), accepts(message, PHRASE)) == (says, accepted)


def test_another_protocol_phrase_is_the_one_said() -> None:
    assert says_phrase("Fine by us. DEAL CONFIRMED!", "Deal confirmed.")
    assert not says_phrase("We agree on all issues.", "Deal confirmed.")
    assert says_phrase("Then: deal. Signed.", "Deal. Signed.")  # a phrase of two sentences
    assert not says_phrase("Deal. Signed?", "Deal. Signed.")
    assert accepts("Deal confirmed.", "Deal confirmed.") and accepts("I accept your offer.", "Deal confirmed.")


# ---- the scripted negotiators ---------------------------------------------------------------------

class Acceptor:
    """Says only the agreement phrase; its note holds the offer the opponent's latest message
    names, read with the judge's reader (as a model reads it)."""

    name = "acceptor"

    def __init__(self, game) -> None:
        self.labels = label_cache(game)

    async def complete(self, request: ChatRequest) -> ChatReply:
        if request.purpose != "note":
            return ChatReply(text=PHRASE)
        theirs = [text for _, speaker, text in request.meta["messages"] if speaker != request.meta["side"]]
        offer = extract_message(theirs[-1], self.labels).offers if theirs else {}
        return ChatReply(text=f"Acceptable offer:\n```json\n{json.dumps(offer)}\n```")


@pytest.mark.parametrize("starts", [0, 1])
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_bot_takes_a_bare_acceptance_of_its_offer_to_hard_agreement(strategy: str, starts: int) -> None:
    bot = make_agent(AgentSpec.model_validate(f"bot:{strategy}"), game=RENTAL, side=0, seed=5)
    transcript = asyncio.run(play(Negotiation(RENTAL, PROTOCOL, starts=starts), (bot, Acceptor(RENTAL))))
    outcome = judge(transcript, RENTAL, PROTOCOL)
    bot_turns = [t for t in transcript.turns if t.side == 0]
    first_offer = extract_message(bot_turns[0].message, label_cache(RENTAL)).offers
    assert len(first_offer) == 4
    # The bot proposes once; the acceptor agrees; the bot answers with the phrase, its note holding that offer.
    assert len(bot_turns) == 2 and transcript.end_reason == "agreement"
    assert says_phrase(bot_turns[1].message, PHRASE)
    assert (outcome.agreement, outcome.agreed_offer) == ("hard", first_offer)


def test_an_acceptance_that_restates_other_values_is_a_counter_offer() -> None:
    bot = ScriptedNegotiator(AgentSpec.model_validate("bot:hardliner"), RENT, side=0)
    meta = {"round": 1, "max_rounds": 10, "messages": [], "agreement_phrase": PHRASE}
    request = ChatRequest(system="", messages=(ChatMessage(role="user", content="x"),), purpose="message", meta=meta)
    assert asyncio.run(bot.complete(request)).text == "We propose rent $1500."
    later = {**meta, "round": 2, "messages": [[1, 0, "We propose rent $1500."]]}
    for text, accepted in [("I accept your offer.", True), ("We accept $1500. We agree on all issues.", True),
                           ("We accept $1000. We agree on all issues.", False), ("I cannot accept.", False)]:
        fresh = ScriptedNegotiator(AgentSpec.model_validate("bot:hardliner"), RENT, side=0)
        asyncio.run(fresh.complete(request))  # its first offer: $1500
        answer = asyncio.run(fresh.complete(request.model_copy(update={"meta": {
            **later, "messages": [*later["messages"], [1, 1, text]]}})))
        assert (answer.text == f"We accept: rent $1500. {PHRASE}") is accepted, text
