"""LLM seats of the cooperative families (issue 16, point 3), end to end through `core.play`.

A seat is played by text players that read only what the seat's request shows (the rules, the
sheet or the coins, the transcript) and write a real turn in the family's tags: through the
`mock` provider (a callable and a replies file), through each provider's real SDK against the
HTTP fake on 127.0.0.1 (`tests/fake_servers.py`), and by `local:smollm2`. The wire tests also
check privacy where it matters: the partner's table or coins never reach the request a
provider receives.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from lamen.agents.base import ChatRequest
from lamen.agents.local import local_model_available
from lamen.agents.mock import MockAgent
from lamen.agents.providers import make_provider_agent
from lamen.agents.registry import make_agent
from lamen.core.play import EpisodeRecord, SeatSampling, play
from lamen.core.registry import get_family
from lamen.core.types import Message, Propose, Respond, Submit
from lamen.families.adventurers.board import Board, matrix_from_edges
from lamen.families.adventurers.rules import AdventurersInstance, instance_from_board
from lamen.families.adventurers.scoring import score_game
from lamen.families.adventurers.solver import best_tour
from lamen.families.optimization.instances import OptimizationInstance, human_instance
from lamen.families.optimization.matching import best_matching, matching_value
from lamen.spec.agent import AgentSpec
from tests.adventurers_boards import PAPER_BOARD_1
from tests.fake_servers import Asked, FakeProviders

OPTIMIZATION = get_family("dialop.optimization")
ADVENTURERS = get_family("adventurers")
FIRST_TRY_TEXT = "Happy to work on this together!"  # untagged: the codec must refuse it


# ---- text players: they see exactly the request's text ------------------------------------------
def _sheet(system: str) -> tuple[list[str], list[str], list[list[int | None]]]:
    """The seat's sheet as the system prompt renders it (a CSV block after its heading)."""
    block = system.split("Your sheet (rows: reviewers; columns: papers):\n", 1)[1].split("\n\n", 1)[0]
    header, *rows = block.splitlines()
    papers = header.split(",")[1:]
    reviewers, values = [], []
    for row in rows:
        name, *cells = row.split(",")
        reviewers.append(name)
        values.append([None if c == "-" else int(c) for c in cells])
    return reviewers, papers, values


def optimization_turn(system: str, user: str) -> str:
    """Accepts a waiting proposal; otherwise proposes the best matching of its own sheet (a hidden
    cell counted as 0). Its very first reply of a game is untagged, to meet the feedback."""
    if "Nobody has moved yet." in user and "could not be used" not in user:
        return FIRST_TRY_TEXT
    if "proposal is waiting" in user:
        return "[accept]"
    reviewers, papers, values = _sheet(system)
    matching = best_matching([[0 if v is None else v for v in row] for row in values])
    return "[propose]\n" + "\n".join(f"- {papers[p]}: {reviewers[r]}" for r, p in enumerate(matching))


def _coins(system: str) -> tuple[tuple[str, ...], list[list[int]]]:
    rooms = tuple(re.findall(r"(\w+) \(", system.split("Rooms: ", 1)[1].split("\n", 1)[0]))
    table = [[0] * len(rooms) for _ in rooms]
    block = system.split("Your coins on each hallway (only you know these):\n", 1)[1]
    for a, b, coins in re.findall(r"^(\w+)-(\w+): (\d+)$", block, re.MULTILINE):
        i, j = rooms.index(a), rooms.index(b)
        table[i][j] = table[j][i] = int(coins)
    return rooms, table


def adventurers_turn(system: str, user: str) -> str:
    """Suggests its own-coins best walk at once, agrees to the partner's, ends with the agreed walk."""
    if (done := re.search(r"^Agreed walk so far: (\S+) \(complete", user, re.MULTILINE)) is not None:
        return f"[think] the walk is agreed\n[end] {done.group(1)}"
    if re.search(r"^Your partner's open suggestion: (?!none)", user, re.MULTILINE):
        return "[agree]\n[message] Fine by me."
    if re.search(r"^Your open suggestion: none", user, re.MULTILINE):
        rooms, table = _coins(system)
        walk = "-".join(rooms[i] for i in best_tour(table).tour)
        return f"[think] my coins favour {walk}\n[suggest] {walk}"
    return "[pass]"


def _last_user(request: ChatRequest) -> str:
    return next(m.content for m in reversed(request.messages) if m.role == "user")


def optimization_reply(request: ChatRequest) -> str:
    """`mock:` callable for dialop.optimization."""
    return optimization_turn(request.system, _last_user(request))


def adventurers_reply(request: ChatRequest) -> str:
    """`mock:` callable for adventurers."""
    return adventurers_turn(request.system, _last_user(request))


def adventurers_reply_with_a_slip(request: ChatRequest) -> str:
    """As `adventurers_reply`, but the game's first reply names a room the house does not have."""
    user = _last_user(request)
    if "Nobody has moved yet." in user and "could not be used" not in user:
        return "[suggest] L-Q"
    return adventurers_turn(request.system, user)


def _mock(target: str) -> MockAgent:
    return MockAgent(AgentSpec.model_validate({"agent": "mock:seat", "params": {"callable": target}}))


def _own_best(instance: OptimizationInstance, player: int) -> tuple[int, ...]:
    """What `optimization_turn` proposes for `player`, computed from the instance."""
    return best_matching([[0 if v is None else v for v in row] for row in instance.sheet(player)])


# ---- (a) the mock provider -------------------------------------------------------------------------
def test_mock_callable_plays_optimization_to_a_scored_end() -> None:
    instance = human_instance(3)
    seats = {role: _mock("tests.test_coop_llm_seats:optimization_reply") for role in ("player-0", "player-1")}
    record = asyncio.run(play(OPTIMIZATION, instance, seats, first="player-0"))
    assert record.end_reason == "accepted"
    # The untagged first try was fed back; the retry saw why, and proposed.
    first, second, third = record.calls
    assert (first.role, first.outcome, second.outcome, third.outcome) == ("player-0", "format_error", "ok", "ok")
    assert first.feedback.startswith("begin your reply with one tag")
    assert f"Your last reply could not be used: {first.feedback}" in _last_user(second.request)
    assert first.reply is not None and first.reply.text == FIRST_TRY_TEXT
    proposed = list(_own_best(instance, 0))
    assert [e.payload for e in record.state.events if e.kind == "propose"] == [proposed]
    assert record.score is not None
    assert record.score.team == matching_value(instance.table, proposed) / instance.optimum()
    assert record.score.metrics["format_errors"] == 1.0
    # The slip is the writer's alone: the partner's request never mentions it.
    assert FIRST_TRY_TEXT not in _last_user(third.request)


def test_mock_callable_plays_adventurers_to_a_scored_end() -> None:
    instance = instance_from_board(PAPER_BOARD_1, "test:paper-board-1")
    seats = {role: _mock("tests.test_coop_llm_seats:adventurers_reply_with_a_slip") for role in ("user", "bot")}
    record = asyncio.run(play(ADVENTURERS, instance, seats, first="user"))
    walk = tuple(PAPER_BOARD_1.rooms[i] for i in best_tour(PAPER_BOARD_1.own("user")).tour)
    assert record.end_reason == "both_submitted"
    assert [(c.role, c.outcome) for c in record.calls] == [("user", "format_error"), ("user", "ok"), ("bot", "ok"),
                                                            ("user", "ok"), ("bot", "ok")]
    slip = record.calls[0].feedback
    assert slip == "[suggest] names rooms by their ids (L, E, B, K, C, A); could not read 'Q' in 'L-Q'."
    assert f"Your last reply could not be used: {slip}" in _last_user(record.calls[1].request)
    kinds = [e.kind for e in record.state.events if e.kind != "think"]
    # both submitted the same correct tour: the harvest's reward event (seen by no role), then the end
    assert kinds == ["format_error", "propose", "respond", "message", "submit", "submit", "reward", "end"]
    expected = score_game(PAPER_BOARD_1, walk, walk)
    assert record.score is not None
    assert record.score.team == expected.joint_score
    assert (record.score.metrics["identical"], record.score.metrics["correct"]) == (1.0, 1.0)
    assert record.score.metrics["coins"] == float(expected.coins)
    # Thoughts stay private: the bot's requests never show the user's [think] line.
    bot_requests = [_last_user(c.request) for c in record.calls if c.role == "bot"]
    assert not any("my coins favour" in text for text in bot_requests)
    assert any("my coins favour" in _last_user(c.request) for c in record.calls[3:] if c.role == "user")
    assert record.score.metrics["format_errors"] == 1.0


OPTIMIZATION_REPLIES = """\
rules:
  - match: 'proposal is waiting'
    reply: '[accept]'
  - match: 'Nobody has moved yet'
    reply: |
      [propose]
      - Sparse Attention: Amara Okafor
      - Graph Kernels: Bruno Castell
      - Causal Probing: Chen Wei
      - Speech Tokens: Dalia Haddad
      - Tabular Priors: Emil Sorensen
      - Robust Decoding: Farah Qureshi
      - Memory Replay: Goran Petrovic
      - Federated Audits: Hana Sato
replies:
  - "[message] Shall we start from the papers we both can see?"
"""


def test_mock_replies_file_plays_optimization(tmp_path: Path) -> None:
    """A hand-written replies file: its rules answer by what the request's last message says."""
    path = tmp_path / "co-chair.yaml"
    path.write_text(OPTIMIZATION_REPLIES, encoding="utf-8")
    agent = MockAgent(AgentSpec.model_validate({"agent": "mock:co-chair", "params": {"replies": str(path)}}))
    instance = human_instance(0)
    record = asyncio.run(play(OPTIMIZATION, instance, {"player-0": agent, "player-1": agent}, first="player-1"))
    assert record.end_reason == "accepted"
    assert [(c.role, c.outcome) for c in record.calls] == [("player-1", "ok"), ("player-0", "ok")]
    diagonal = list(range(8))  # reviewer r reviews paper r
    assert [e.payload for e in record.state.events if e.kind == "propose"] == [diagonal]
    assert record.score is not None
    assert record.score.team == matching_value(instance.table, diagonal) / instance.optimum()


SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"


def _runs(text: str, n: int = 7) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize(("family_name", "seed_paper"), [("dialop.optimization", "000_"), ("adventurers", "001_")])
def test_prompts_share_no_sentence_with_the_seed_papers(family_name: str, seed_paper: str) -> None:
    """The seed papers print the upstream prompts (DialOp Appendix E, Traveling Adventurers
    Appendix F); no run of 7 words of anything a seat is shown comes from them."""
    papers = sorted(SEEDS.glob(f"{seed_paper}*.txt")) if SEEDS.is_dir() else []
    if not papers:
        pytest.skip(f"seed papers not found in {SEEDS}")
    family, make, roles, turn = CASES[family_name]
    seats = {role: _mock(f"tests.test_coop_llm_seats:{turn.__name__.replace('_turn', '_reply')}") for role in roles}
    record = asyncio.run(play(family, make(), seats, first=roles[0]))
    shown = "\n".join(c.request.system + "\n" + _last_user(c.request) for c in record.calls)
    assert len(_runs(shown)) > 300  # rules, sheet or coins, transcript and situation were all rendered
    assert _runs(shown) & _runs(papers[0].read_text(encoding="utf-8")) == set()


# ---- (b) each provider's real SDK over HTTP ------------------------------------------------------
def _strings(value: Any) -> list[str]:
    """Every string in a JSON body (the texts a provider reads; numeric settings left out)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _numbers(texts: list[str]) -> set[int]:
    return {int(n) for text in texts for n in re.findall(r"\d+", text)}


def _private_optimization() -> OptimizationInstance:
    """A shipped game with factors that make each co-chair's numbers recognisable: every value
    player-0 sees is a multiple of 1,000 (below 100,000), every one player-1 sees of 1,000,000."""
    game = human_instance(5).model_copy(update={"scales": (1000.0, 1_000_000.0)})
    return OPTIMIZATION.plant_canaries(game, {"player-0": "CANARY-ZERO-7731", "player-1": "CANARY-ONE-4410"})


def _private_adventurers() -> AdventurersInstance:
    """The user's coins are 201–215 and the bot's 301–315: numbers no other text on the board has."""
    rooms = PAPER_BOARD_1.rooms
    board = Board(rooms, (matrix_from_edges(6, [201, 214, 203, 212, 205, 210, 207, 208, 209, 206, 211, 204, 213,
                                                202, 215]),
                          matrix_from_edges(6, [315, 302, 313, 304, 311, 306, 309, 308, 307, 310, 305, 312, 303,
                                                314, 301])))
    game = instance_from_board(board, "test:private-coins")
    return ADVENTURERS.plant_canaries(game, {"user": "CANARY-USER-5150", "bot": "CANARY-BOT-6262"})


def _private_numbers(family: str, instance: Any, role: str) -> set[int]:
    """The numbers only `role` holds: its sheet's nonzero values, or its coins."""
    if family == "dialop.optimization":
        return {v for row in instance.sheet(int(role[-1])) for v in row if v}
    table = instance.weights[("user", "bot").index(role)]
    return {v for row in table for v in row if v}


CASES = {
    "dialop.optimization": (OPTIMIZATION, _private_optimization, ("player-0", "player-1"), optimization_turn),
    "adventurers": (ADVENTURERS, _private_adventurers, ("user", "bot"), adventurers_turn),
}


@pytest.mark.parametrize("family_name", list(CASES))
@pytest.mark.parametrize("provider", ["openai", "anthropic", "cohere", "google"])
def test_provider_sdk_plays_a_cooperative_game_over_http(monkeypatch: pytest.MonkeyPatch, provider: str,
                                                         family_name: str) -> None:
    family, make, roles, turn = CASES[family_name]
    instance = make()
    for variable in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CO_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.setenv(variable, "sk-test-coop")
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)

    def answer(asked: Asked) -> str:
        return turn(asked.system, asked.last_user)

    model = {"openai": "gpt-4o-mini", "anthropic": "claude-3-5-haiku-latest", "cohere": "command-r",
             "google": "gemini-2.5-flash"}[provider]
    with FakeProviders(answer) as fake:
        seats = {role: make_provider_agent(fake.agent_spec(f"{provider}:{model}")) for role in roles}
        sampling = {role: SeatSampling(max_tokens=300) for role in roles}
        record = asyncio.run(play(family, instance, seats, first=roles[0], sampling=sampling))
    assert record.score is not None, record.end_reason
    assert len(fake.received) == len(record.calls) >= 3
    for call, received in zip(record.calls, fake.received, strict=True):
        assert received.provider == provider
        texts = _strings(received.body)
        sent = "\n".join(texts)
        # The request the SDK sent carries the seat's rendered observation, word for word ...
        assert call.request.system in texts or all(line in sent for line in call.request.system.splitlines())
        assert _last_user(call.request) in texts
        # ... and the partner's private table or coins, and its private note, never.
        partner = roles[1 - roles.index(call.role)]
        assert _private_numbers(family_name, instance, partner).isdisjoint(_numbers(texts)), call.role
        assert instance.notes[roles.index(partner)] not in sent
        assert instance.notes[roles.index(call.role)] in sent
        # The check can fail: the seat's own numbers are there.
        assert _private_numbers(family_name, instance, call.role) & _numbers(texts)
        assert call.reply is not None and call.reply.text == answer(Asked(provider, model, call.request.system,
                                                                          _last_user(call.request)))
    # The replies were parsed into the family's actions and played.
    if family_name == "dialop.optimization":
        assert [c.outcome for c in record.calls] == ["format_error", "ok", "ok"]
        kinds = [type(a) for a in _parsed(family, record)]
        assert kinds == [Propose, Respond]
        assert record.end_reason == "accepted"
        proposed = list(_own_best(instance, 0))
        assert record.score.team == matching_value(instance.table, proposed) / instance.optimum()
    else:
        assert [c.outcome for c in record.calls] == ["ok"] * 4
        assert Submit in {type(a) for a in _parsed(family, record)} and Message in {type(a) for a in
                                                                                     _parsed(family, record)}
        assert record.end_reason == "both_submitted"
        assert (record.score.metrics["identical"], record.score.metrics["correct"]) == (1.0, 1.0)


def _parsed(family: Any, record: EpisodeRecord) -> list[Any]:
    """The actions the codec read from the replies that were played."""
    return [action for call in record.calls if call.outcome == "ok" and call.reply is not None
            for action in family.codec(call.role).parse(call.reply, call.legal)]


# ---- (c) a real small model ------------------------------------------------------------------------
@pytest.mark.local
@pytest.mark.slow
@pytest.mark.skipif(bool(local_model_available()), reason=str(local_model_available()))
@pytest.mark.parametrize("family_name", list(CASES))
def test_smollm2_plays_a_cooperative_match_to_a_recorded_end(family_name: str) -> None:
    """SmolLM2-135M rarely writes a legal turn: whatever it writes, the match ends with a recorded
    outcome (a format-failure ending counts), never a crash or an error."""
    family, make, roles, _ = CASES[family_name]
    instance = make()
    spec = AgentSpec.model_validate({"agent": "local:smollm2", "sampling": {"seed": 5, "max_tokens": 64}})
    seats = {role: make_agent(spec, game=None, side=0) for role in roles}
    sampling = {role: SeatSampling(seed=5, max_tokens=64) for role in roles}
    record = asyncio.run(play(family, instance, seats, first=roles[0], sampling=sampling))
    assert record.end_reason is not None and record.end_reason != "error", record.state.ended
    assert record.score is not None and record.score.end_reason == record.end_reason
    assert record.calls and all(c.reply is not None and c.reply.model == "smollm2" for c in record.calls)
    assert all(c.outcome in ("ok", "format_error", "illegal_move") for c in record.calls)
    assert json.loads(record.state.model_dump_json())["ended"] == record.end_reason
    if record.end_reason == "format":  # one seat missed four times running (DialOp's ≤ 3 resamples): no deal
        last = record.calls[-4:]
        assert len(last) == 4 and len({c.role for c in last}) == 1 and [c.attempt for c in last] == [0, 1, 2, 3]
        assert {c.outcome for c in last} <= {"format_error", "illegal_move"} and record.score.team == 0.0
