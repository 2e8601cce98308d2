"""DialOp Planning on the core: the rules (informational partial proposals, must-answer full ones,
the search inner loop, the word-budget final proposal, the move cap), the codec's feedback, what
each role sees, and the scripted players' pinned baselines on the 113 shipped games."""

from __future__ import annotations

import asyncio
import re
import statistics

import pytest

from lamen.agents.base import ChatReply
from lamen.core.codec import FormatError
from lamen.core.play import EpisodeRecord, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.types import Message, Propose, Respond, Think, ToolCall
from lamen.families.planning.instances import PlanningConfig, human_game_count, human_instance, make_instance
from lamen.families.planning.scoring import bounds, itinerary_score, scorecard
from tests.scripted import Scripted

FAMILY = get_family("dialop.planning")
CODEC = FAMILY.codec("assistant")
GAME = human_instance(2)
HUMAN = [human_instance(i) for i in range(human_game_count())]
ASSISTANT_LEGAL = FAMILY.rules.legal(GAME, FAMILY.rules.initial(GAME, {"assistant": "a", "user": "u"}, None),
                                     "assistant")


def scripted(assistant: list[str], user: list[str], *, game=GAME, first: str = "user",
             ) -> tuple[EpisodeRecord, Scripted, Scripted]:
    a, u = Scripted(assistant, "a"), Scripted(user, "u")
    record = asyncio.run(play(FAMILY, game, {"assistant": a, "user": u}, first=first))
    return record, a, u


def match(instance, assistant: str, user: str, seed: int = 0) -> EpisodeRecord:
    seats = {"assistant": PolicyAgent(assistant, FAMILY.players[assistant].make(instance, "assistant"), CODEC, seed),
             "user": PolicyAgent(user, FAMILY.players[user].make(instance, "user"), CODEC, seed)}
    return asyncio.run(play(FAMILY, instance, seats))


def prompt(request) -> str:
    return request.system + "".join(m.content for m in request.messages)


# ---- rules ----------------------------------------------------------------------------------------
def test_a_partial_proposal_is_scored_for_the_user_only_and_asks_nothing() -> None:
    record, a, u = scripted(
        ["[think] start small\n[propose] [Mad Seoul, NULL, NULL]\n[message] A first stop.",
         "[propose] [Mad Seoul, Caribbean Corner, Hindenberg Memorial]"],
        ["[message] Hello! I want Mad Seoul.", "[message] Good start, go on.", "[accept]"])
    assert record.end_reason == "accepted"
    partial_card = u.requests[1].messages[0].content
    assert "stop 1: Mad Seoul (restaurant, $120) +1" in partial_card and "stop 2: (empty)" in partial_card
    assert "TOTAL SCORE +9" in partial_card  # +1 for Mad Seoul's features, +9 want-to-go, -1 over the $30 budget
    assert "Now:" not in partial_card.split("The conversation so far")[1]  # no obligation after a partial plan
    assert all("scorecard" not in prompt(r) and "TOTAL SCORE" not in prompt(r) for r in a.requests)
    assert "start small" not in prompt(u.requests[-1])  # the assistant's thought is its own
    value = itinerary_score(GAME, ("Mad Seoul", "Caribbean Corner", "Hindenberg Memorial"))
    assert record.score.team == bounds(GAME).normalise(value) and record.score.metrics["value"] == value == 4.0
    assert record.score.metrics["proposals"] == 2 and record.state.moves == 5


def test_the_card_of_the_papers_worked_example_reads_as_printed_there() -> None:
    # The paper's Planning example (its Appendix) shows this plan's card: Mad Seoul +1, travel 0,
    # Caribbean Corner -1, travel 0.2 mi -2, Hindenberg Memorial -2, budget -1, Mad Seoul wish +9 = 4.
    card = scorecard(GAME, ("Mad Seoul", "Caribbean Corner", "Hindenberg Memorial"))
    assert card.by_event == (1, 0, -1, -2, -2) and card.total == 4
    assert [(c.text, c.points) for c in card.checklist] == [("keep budget below $30", -1),
                                                            ("definitely want to go to Mad Seoul", 9)]
    assert itinerary_score(GAME, ("Mad Seoul", None, None)) == 9


def test_a_full_proposal_must_be_answered_and_a_message_first_is_fed_back() -> None:
    record, a, u = scripted(
        ["[propose] [Mad Seoul, Caribbean Corner, Hindenberg Memorial]", "[message] Understood.",
         "[propose] [Mad Seoul, Caribbean Corner, Saul's]"],
        ["[message] Hi.", "[message] Let me think.", "[reject]\n[message] Too far apart.", "[message] Thanks.",
         "[accept]"])
    assert record.end_reason == "accepted" and record.state.moves == 7
    slip = [e for e in record.state.events if e.kind == "illegal_move"]
    assert len(slip) == 1 and slip[0].visible_to == ("user",)
    assert "a full itinerary waits for your answer" in slip[0].payload["feedback"]
    assert "Your last reply could not be used: a full itinerary waits" in u.requests[2].messages[0].content
    assert all("Let me think" not in prompt(r) for r in a.requests)  # the partner never sees a slip


def test_a_bare_rejection_keeps_the_floor_and_acceptance_ends_the_game() -> None:
    record, a, u = scripted(
        ["[propose] [Mad Seoul, Caribbean Corner, Hindenberg Memorial]", "[propose] [Saul's, Mad Seoul, NULL]",
         "[propose] [Saul's, Mad Seoul, Caribbean Corner]"],
        ["[message] Hi.", "[reject]", "[message] Closer, please.", "[message] Fine so far.", "[accept]"])
    kinds = [(e.role, e.kind) for e in record.state.events if e.kind in ("message", "propose", "respond")]
    assert kinds == [("user", "message"), ("assistant", "propose"), ("user", "respond"), ("user", "message"),
                     ("assistant", "propose"), ("user", "message"), ("assistant", "propose"), ("user", "respond")]
    assert record.end_reason == "accepted" and record.state.board.last_accepted.payload == [
        "Saul's", "Mad Seoul", "Caribbean Corner"]


def test_the_user_may_not_propose_or_search_and_the_assistant_may_not_answer() -> None:
    rules = FAMILY.rules
    state = rules.initial(GAME, {"assistant": "a", "user": "u"}, "user")
    with pytest.raises(Exception, match="not a move for the user"):
        rules.step(GAME, state, "user", [Propose(payload=["Mad Seoul", None, None])], "")
    with pytest.raises(Exception, match="only the assistant can search"):
        rules.step(GAME, state, "user", [ToolCall(name="search", args={})], "")
    state = rules.initial(GAME, {"assistant": "a", "user": "u"}, "assistant")
    with pytest.raises(Exception, match="not a move for the assistant"):
        rules.step(GAME, state, "assistant", [Respond(accept=True)], "")
    with pytest.raises(Exception, match="only once"):
        rules.step(GAME, state, "assistant", [Propose(payload=["Mad Seoul", "Mad Seoul", None])], "")
    with pytest.raises(Exception, match="before your move"):
        rules.step(GAME, state, "assistant", [Message(text="hi"), Think(text="late")], "")


def test_searches_keep_the_floor_are_seen_by_the_assistant_only_and_are_capped_per_turn() -> None:
    search = "[tool] Search(fields=[name, price], filters=[category == cafe], sort_by=[price], limit=2)"
    record, a, u = scripted([search, search, search, search, "[message] Found two cheap cafes."],
                            ["[message] Hi, cheap coffee please.", "[message] Thanks."], first="user")
    results = [e for e in record.state.events if e.kind == "tool_result"]
    assert len(results) == 3 and all(e.visible_to == ("assistant",) for e in results)
    assert results[0].text == "Search Results (2):\nname|price\nCommon Grounds|5\nThe Cupcake Bar|5"
    assert "Search Results (2):" in a.requests[1].messages[0].content  # the result comes back at once
    slip = [e for e in record.state.events if e.kind == "illegal_move"]
    assert len(slip) == 1 and "no searches left this turn (at most 3)" in slip[0].payload["feedback"]
    assert all("Common Grounds|5" not in prompt(r) for r in u.requests)
    assert record.state.searches == 3 and record.state.moves == 3  # searches are not moves


def test_the_word_budget_calls_for_a_final_proposal_that_stands_as_accepted() -> None:
    game = make_instance(PlanningConfig(word_budget=40), 2)
    long = "word " * 20
    record, a, u = scripted(["[message] " + long.strip(), "[message] more?",
                             "[propose] [Mad Seoul, NULL, NULL]", "[propose] [Mad Seoul, Saul's, Caribbean Corner]"],
                            ["[message] hello there"], game=game, first="assistant")
    # 20 + 2 words written: 18 left < 25, so the assistant is called on for its final proposal.
    assert "make your best final proposal now" in a.requests[1].messages[0].content
    feedback = [e.payload["feedback"] for e in record.state.events if e.kind == "illegal_move"]
    assert len(feedback) == 2 and all("final proposal" in f for f in feedback)  # no message, no partial plan
    assert record.end_reason == "final_proposal" and record.score.agreement == "hard"
    final = itinerary_score(GAME, ("Mad Seoul", "Saul's", "Caribbean Corner"))
    assert record.score.team == bounds(GAME).normalise(final)


def test_the_move_cap_ends_without_a_deal_and_scores_zero() -> None:
    game = make_instance(PlanningConfig(max_moves=4), 2)
    assert game.limits.max_moves == 4 and game.content_id() != GAME.content_id()
    record, _, _ = scripted(["[message] a", "[message] b"], ["[message] c", "[message] d"], game=game)
    assert record.end_reason == "max_moves" and record.score.team == 0.0 and record.score.agreement == "none"
    assert "value" not in record.score.metrics and record.score.metrics["worst"] == bounds(GAME).worst


# ---- codec --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,feedback", [
    ("hello", "begin your reply with a tag"),
    ("[message]", "[message] needs some text"),
    ("[accept] yes!", "[accept] stands alone"),
    ("[propose] Mad Seoul, Saul's", "write a plan as [<site>, <site>, <site>]"),
    ("[propose] [Mad Seoul, Atlantis, NULL]", "no site is called 'Atlantis'"),
    ("[propose] [Mad Seoul, Saul's]", "a plan has exactly 3 stops (you wrote 2)"),
    ("[tool] Find(x=1)", "the [tool] call could not be read: write the call as Search("),
])
def test_unreadable_replies_get_feedback(text: str, feedback: str) -> None:
    with pytest.raises(FormatError) as err:
        CODEC.parse(ChatReply(text=text), ASSISTANT_LEGAL)
    assert feedback in err.value.feedback


def test_a_reply_reads_in_any_case_and_spacing_and_renders_canonically() -> None:
    actions = CODEC.parse(ChatReply(text="[THINK] hmm\n  [Propose] [mad seoul,  null, \"Saul's\"]\n[Message] ok?"),
                          ASSISTANT_LEGAL)
    assert actions == (Think(text="hmm"), Propose(payload=["Mad Seoul", None, "Saul's"], partial=True),
                       Message(text="ok?"))
    assert CODEC.render(actions) == "[think] hmm\n[propose] [Mad Seoul, NULL, Saul's]\n[message] ok?"


def test_three_resamples_then_the_episode_ends_as_a_format_failure() -> None:
    record, a, _ = scripted(["nope"] * 4, ["[message] hi"])
    assert record.end_reason == "format" and record.score.team == 0.0 and len(a.requests) == 4


# ---- what each role sees ---------------------------------------------------------------------------
def test_the_assistant_sees_site_names_never_weights_and_the_user_sees_wishes_never_weights() -> None:
    record = match(GAME, "hill-climb", "reporter")
    weights = {str(p.weight) for p in GAME.preferences}
    for call in record.calls:
        text = prompt(call.request)
        if call.role == "assistant":
            assert "Mad Seoul (restaurant)" in text and "minimize travel distance" in text  # the user said it
            assert "scorecard" not in text and "TOTAL SCORE" not in text
        else:
            rules_part = text.split("conversation")[0]
            assert "- minimize travel distance" in text and "Mad Seoul (restaurant)" not in rules_part
        events = call.request.meta["observation"].history
        assert all(e.visible(call.role) for e in events)
    user_system = record.calls[0].request.system
    assert not any(f"weight {w}" in user_system or f"({w})" in user_system for w in weights)


# ---- scripted players: pinned on the shipped games -------------------------------------------------
def test_oracle_scores_exactly_1_on_every_game() -> None:
    assert {match(g, "oracle", "reporter").score.team for g in HUMAN} == {1.0}


def test_random_assistant_with_an_accepting_user_matches_the_analytic_mean() -> None:
    scores = [match(HUMAN[s % 113], "random", "random", seed=s).score.team for s in range(1130)]
    mean, se = statistics.mean(scores), statistics.stdev(scores) / len(scores) ** 0.5
    assert abs(mean - 0.5150054427796169) < 3 * se


PINNED_FIRST_20 = {("hill-climb", "reporter"): 0.860086, ("hill-climb", "threshold"): 0.851046}


@pytest.mark.parametrize("pair", sorted(PINNED_FIRST_20))
def test_hill_climb_pinned_on_the_first_20_games(pair: tuple[str, str]) -> None:
    scores = [match(HUMAN[i], *pair, seed=i).score.team for i in range(20)]
    assert round(statistics.mean(scores), 6) == PINNED_FIRST_20[pair]


# Pinned once on the 113 shipped games (seed = game index) and reviewed: every value lies between
# the random itinerary (0.5150) and the oracle (1.000); hill-climb × reporter sits just under the
# humans' 0.886. hill-climb × oracle user: the cheat accepts only an optimum, which local search
# reaches in 13 of 113 games.
PINNED_113 = {("hill-climb", "reporter"): 0.86022, ("hill-climb", "threshold"): 0.83856,
              ("hill-climb", "random"): 0.649512, ("random", "reporter"): 0.517195,
              ("random", "threshold"): 0.551659, ("hill-climb", "oracle"): 0.115044}


@pytest.mark.slow
def test_scripted_players_pinned_on_all_113_games() -> None:
    for pair, pinned in PINNED_113.items():
        scores = [match(g, *pair, seed=i).score.team for i, g in enumerate(HUMAN)]
        assert round(statistics.mean(scores), 6) == pinned, pair
        if pair[1] != "oracle":
            assert 0.5150 < pinned < 1.0


def test_preference_weights_reach_the_assistant_only_through_what_the_user_writes() -> None:
    # Weights no other number in the game can be: 9001, 9002, ... (distance and budget negative).
    prefs = tuple(p.model_copy(update={"weight": (9001 + i) * (1 if p.weight > 0 else -1)})
                  for i, p in enumerate(GAME.preferences))
    game = GAME.model_copy(update={"preferences": prefs})
    weights = {str(abs(p.weight)) for p in prefs}
    for user in ("random", "reporter", "oracle"):
        record = match(game, "hill-climb", user)
        for call in [c for c in record.calls if c.role == "assistant"]:
            shown = set(re.findall(r"\d+", prompt(call.request))) & weights
            written = {n for e in call.request.meta["observation"].history if e.role == "user"
                       for n in re.findall(r"\d+", e.text)}
            assert shown <= written, (user, shown - written)
        user_calls = [c for c in record.calls if c.role == "user"]
        if record.state.proposals:  # the user does see its own card, with the weights' effects
            assert any(set(re.findall(r"\d+", prompt(c.request))) & weights for c in user_calls)


def test_scripted_players_finish_without_a_slip_under_a_word_budget() -> None:
    for budget, reason in ((60, "final_proposal"), (400, "accepted")):
        game = make_instance(PlanningConfig(word_budget=budget), 2)
        record = asyncio.run(play(FAMILY, game, {
            "assistant": PolicyAgent("hill-climb", FAMILY.players["hill-climb"].make(game, "assistant"), CODEC, 0),
            "user": PolicyAgent("reporter", FAMILY.players["reporter"].make(game, "user"), CODEC, 0)}))
        assert record.end_reason == reason and record.score.metrics["format_errors"] == 0
        assert record.score.team > bounds(game).random_mean
