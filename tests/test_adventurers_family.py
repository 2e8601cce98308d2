"""Traveling Adventurers on the core: the family plays exactly the pure simulator's games, the
pinned share-all-solver self-play, coins stay private until informed, the codec's grammar and
feedback, the ≤ 3 resamples, and seeded instances."""

from __future__ import annotations

import asyncio
import re

import pytest

from lamen.agents.base import ChatReply
from lamen.core.codec import FormatError
from lamen.core.play import EpisodeRecord, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.types import EndTurn, Message, Propose, Respond, Submit, Think, ToolCall
from lamen.families.adventurers import sim
from lamen.families.adventurers.board import Board, edges, human_agent_board, matrix_from_edges, paper_like_board
from lamen.families.adventurers.policies import POLICIES
from lamen.families.adventurers.rules import AdventurersConfig, game, instance_from_board, make_instance
from lamen.families.adventurers.scoring import score_game
from tests.adventurers_boards import PAPER_BOARD_1
from tests.scripted import Scripted

FAMILY = get_family("adventurers")
CODEC = FAMILY.codec("user")
ROOMS = ("L", "E", "B", "K", "C", "A")
DETERMINISTIC = ("agreeable", "solo", "share-all-solver", "ibp")  # random-tour draws from its own rng


def match(instance, user: str, bot: str, seed: int = 0) -> EpisodeRecord:
    seats = {role: PolicyAgent(name, FAMILY.players[name].make(instance, role), CODEC, seed)
             for role, name in (("user", user), ("bot", bot))}
    return asyncio.run(play(FAMILY, instance, seats))


def test_registered_with_the_paper_roles_limits_and_resampling() -> None:
    assert FAMILY.name == "adventurers" and FAMILY.relation == "common-payoff"
    assert set(FAMILY.players) == {"random-tour", "agreeable", "solo", "share-all-solver", "ibp"}
    assert FAMILY.limits.max_turns_per_role == 15 and FAMILY.limits.max_steps == 30
    assert FAMILY.feedback.retries_per_request == 3 and FAMILY.feedback.on_exhausted == "end_episode"


@pytest.mark.parametrize("boards", ["paper-like", "human-agent"])
def test_share_all_solver_self_play_is_identical_correct_optimal_on_every_board(boards: str) -> None:
    config = AdventurersConfig(generator=boards)
    for seed in range(12):
        instance = make_instance(config, seed)
        record = match(instance, "share-all-solver", "share-all-solver")
        metrics = record.score.metrics
        assert record.end_reason == "both_submitted", seed
        assert (metrics["identical"], metrics["correct"], metrics["optimal"]) == (1.0, 1.0, 1.0), seed
        assert record.score.team == 1.0 and metrics["percentile"] == 100.0 and metrics["coins"] == metrics["optimum"]
        pure = sim.play(instance.board(), POLICIES["share-all-solver"], POLICIES["share-all-solver"])
        assert pure.outcome == score_game(instance.board(), *game(instance, record.state).submitted)


@pytest.mark.parametrize("user", DETERMINISTIC)
@pytest.mark.parametrize("bot", DETERMINISTIC)
def test_the_family_plays_exactly_the_pure_simulators_game(user: str, bot: str) -> None:
    for board in (PAPER_BOARD_1, paper_like_board(3, shape="divergent"), human_agent_board(5)):
        instance = instance_from_board(board, "test")
        record = match(instance, user, bot)
        pure = sim.play(board, POLICIES[user], POLICIES[bot])
        played = game(instance, record.state)
        assert played.log == pure.state.log and played == pure.state
        outcome = pure.outcome
        assert record.end_reason == outcome.end_reason
        assert record.score.team == outcome.joint_score
        assert record.score.metrics["optimal"] == float(outcome.optimal)
        assert record.score.metrics["percentile"] == outcome.percentile


def test_pinned_scores_on_the_first_seeded_board() -> None:
    instance = FAMILY.instances(FAMILY.default_config(), 0)
    assert instance.source == "generated:paper-like:divergent:rooms=6:seed=0" and instance.rooms == ROOMS
    table = {(u, b): round(match(instance, u, b).score.team, 4) for u in FAMILY.players for b in FAMILY.players}
    assert table[("share-all-solver", "share-all-solver")] == 1.0
    assert table[("ibp", "ibp")] == 0.9524  # 20/21 of the way from the worst tour to the best
    assert table[("solo", "solo")] == 0.0  # each submits its own optimum: not identical
    assert table[("agreeable", "agreeable")] == 0.0  # nobody suggests: both run out of turns
    assert match(instance, "agreeable", "agreeable").end_reason == "timeout"


def _distinct_board() -> Board:
    """Coins nobody could confuse: the user's are 101..115, the bot's 201..215."""
    count = len(edges(6))
    return Board(ROOMS, (matrix_from_edges(6, [101 + k for k in range(count)]),
                         matrix_from_edges(6, [201 + k for k in range(count)])))


@pytest.mark.parametrize("user", list(POLICIES))
@pytest.mark.parametrize("bot", list(POLICIES))
def test_a_players_coins_reach_the_other_only_as_informed(user: str, bot: str) -> None:
    instance = instance_from_board(_distinct_board(), "test")
    record = match(instance, user, bot)
    prefix = {"user": "1", "bot": "2"}
    for call in record.calls:
        partner = "bot" if call.role == "user" else "user"
        text = call.request.system + call.request.messages[0].content
        shown = set(re.findall(rf"\b{prefix[partner]}\d\d\b", text))
        informed = {str(c) for e in call.request.meta["observation"].history
                    if e.role == partner and isinstance(e.payload, dict) and "inform" in e.payload
                    for _, _, c in e.payload["inform"]["coins"]}
        assert shown <= informed, (call.role, call.step, shown - informed)
        assert len(set(re.findall(rf"\b{prefix[call.role]}\d\d\b", call.request.system))) == 15  # own coins shown


def test_informed_coins_do_reach_the_partner() -> None:  # the privacy test above has teeth
    record = match(instance_from_board(_distinct_board(), "test"), "share-all-solver", "agreeable")
    last_bot = [c for c in record.calls if c.role == "bot"][-1].request.messages[0].content
    assert "L-E=101" in last_bot


def test_parse_reads_every_tag_in_order() -> None:
    text = ("[think] K first,\nthen B\n[reject]\n[ask] k-b, B-A\n[inform] K-B=4, b-a: 2\n"
            "[suggest] L -> K → B\n[visit] K\n[message] shall we?\n[end] L-E-B-K-C-A-L")
    assert CODEC.parse(ChatReply(text=text), FAMILY.rules.legal(_inst(), _start(), "user")) == (
        Think(text="K first,\nthen B"), Respond(accept=False),
        ToolCall(name="ask", args={"hallways": [["K", "B"], ["B", "A"]]}),
        ToolCall(name="inform", args={"coins": [["K", "B", 4], ["B", "A", 2]]}),
        Propose(payload=["L", "K", "B"]), ToolCall(name="visit", args={"room": "K"}), Message(text="shall we?"),
        Submit(payload=list("LEBKCAL")))
    assert CODEC.parse(ChatReply(text="[pass]"), FAMILY.rules.legal(_inst(), _start(), "user")) == (EndTurn(),)


def _inst():
    return FAMILY.instances(FAMILY.default_config(), 0)


def _start():
    return FAMILY.rules.initial(_inst(), {"user": "a", "bot": "b"}, None)


@pytest.mark.parametrize(("text", "feedback"), [
    ("let's go to the kitchen", "start every line of your reply with a tag"),
    ("", "start every line of your reply with a tag"),
    ("[suggest] L-X", "[suggest] names rooms by their ids (L, E, B, K, C, A); could not read 'X' in 'L-X'."),
    ("[agree] sure", "[agree] stands alone on its line"),
    ("[inform] K-B four", "[inform] lists hallways with your coins, like K-B=4; could not read 'K-B four'."),
    ("[ask] K", "[ask] names hallways as two different rooms"),
    ("[visit] K B", "[visit] names exactly one room"),
    ("[pass]\n[suggest] L-K", "[pass] means doing nothing this turn"),
    ("[message]", "[message] needs something after the tag."),
])
def test_unreadable_replies_get_a_repair_hint(text: str, feedback: str) -> None:
    with pytest.raises(FormatError) as err:
        CODEC.parse(ChatReply(text=text), FAMILY.rules.legal(_inst(), _start(), "user"))
    assert err.value.feedback.startswith(feedback)


def test_three_resamples_then_the_episode_ends_with_no_score() -> None:
    user = Scripted(["hello"] * 4)
    record = asyncio.run(play(FAMILY, _inst(), {"user": user, "bot": Scripted([])}))
    assert [c.outcome for c in record.calls] == ["format_error"] * 4 and record.end_reason == "format"
    assert record.score.team == 0.0 and record.score.metrics["format_errors"] == 4.0
    assert "Your last reply could not be used: start every line" in user.requests[1].messages[0].content


def test_an_illegal_move_is_fed_back_to_its_writer_only_and_the_retry_counts() -> None:
    user = Scripted(["[agree]", "[think] my plan\n[suggest] L-K"])
    bot = Scripted(["[agree]\n[suggest] K-B"])
    record = asyncio.run(play(FAMILY, _inst(), {"user": user, "bot": bot}, stop_after=2))
    assert [c.outcome for c in record.calls] == ["illegal_move", "ok", "ok"]
    assert "your partner has no open suggestion" in record.calls[0].feedback
    bot_text = bot.requests[0].messages[0].content
    assert "Partner: [suggest] L-K" in bot_text and "my plan" not in bot_text and "Partner: [agree]" not in bot_text
    assert game(_inst(), record.state).agreed == ("L", "K")
    assert [e.kind for e in record.state.visible("bot")] == ["propose", "respond", "propose"]


def test_instances_are_seeded_with_content_ids_per_config() -> None:
    a = make_instance(AdventurersConfig(), 4)
    assert a == make_instance(AdventurersConfig(), 4) and a.board() == paper_like_board(4, shape="divergent")
    ids = {make_instance(c, 4).content_id() for c in (AdventurersConfig(), AdventurersConfig(shape="any"),
                                                      AdventurersConfig(generator="human-agent"),
                                                      AdventurersConfig(generator="random", n_rooms=8))}
    assert len(ids) == 4
    human = make_instance(AdventurersConfig(generator="human-agent"), 4)
    assert human.board() == human_agent_board(4) and human.source == "generated:human-agent:rooms=6:seed=4"
    with pytest.raises(ValueError, match="shape 'divergent' applies to paper-like boards only"):
        make_instance(AdventurersConfig(generator="random", shape="divergent"), 0)


def test_the_bot_may_open_and_the_turns_alternate_from_it() -> None:
    instance = _inst()
    seats = {role: PolicyAgent("share-all-solver", FAMILY.players["share-all-solver"].make(instance, role), CODEC)
             for role in ("user", "bot")}
    record = asyncio.run(play(FAMILY, instance, seats, first="bot"))
    roles = [c.role for c in record.calls]
    assert roles[:4] == ["bot", "user", "bot", "user"] and record.score.metrics["optimal"] == 1.0
    assert record.state.agenda.turns == {"user": roles.count("user"), "bot": roles.count("bot")}


def test_each_turn_is_simulated_once_and_a_restored_state_replays_its_log_once(monkeypatch) -> None:
    # view, legal, step and score all need the simulator's game; rebuilding it from the whole log
    # on every request made an episode quadratic in its turns.
    steps = []
    real_step = sim.step
    monkeypatch.setattr(sim, "step", lambda *args: steps.append(args[2]) or real_step(*args))
    instance = _inst()
    record = match(instance, "share-all-solver", "share-all-solver")
    turns = len(record.state.log)
    assert turns >= 4 and len(steps) == turns
    restored = type(record.state).model_validate_json(record.state.model_dump_json())
    assert game(instance, restored) == game(instance, record.state) and len(steps) == 2 * turns
    assert game(instance, restored) is game(instance, restored) and len(steps) == 2 * turns
