"""The runner plays through the core (lamen.core.play with the negotiation family) and stores
what the old note → message loop stored — here for what the quickstart's bots never do: model
agents (mock replies) under a protocol with the interrogation and structured notes, one in the
dialogue format, agents that fail mid-turn (an errored match keeps its partial turns and the
paid calls of the cut-short turn), and the LLM fallback reader (its extraction calls join the
turns they read). Each match is played both ways — the old loop as `Runner.play_match` ran it
before (same agents, same fallback, same judge) and the runner today — and the transcripts
(turns, every call's request and reply) and outcomes must be the same JSON, byte for byte."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lamen.agents.base import AgentError
from lamen.judge import Outcome, judge
from lamen.judge.llm_fallback import LLMExtractor, llm_readings, with_extraction_calls
from lamen.play import Negotiation, play
from lamen.runner.run import Runner, plan
from lamen.schedule import Match
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.transcript import Transcript
from tests.conftest import REPO

DATA = REPO / "tests" / "data"
CHATTY = """\
- note: "Acceptable: {\\"rent\\": \\"$1100\\"}"
  message: "We offer $1100 for rent."
  interrogation: "{\\"rent\\": \\"$1200\\"}"
- note: "I think twelve hundred or so."
  message: "How about $1,150? We agree on all issues."
  interrogation: "they want about 1200"
- note: "{\\"rent\\": \\"$1000\\"}"
  message: "We agree on all issues."
  interrogation: "{\\"rent\\": \\"$1000\\"}"
"""


def tournaments(folder: Path) -> list[Tournament]:
    (folder / "chatty.yaml").write_text(CHATTY, encoding="utf-8")
    (folder / "reader.yaml").write_text('- any: "{\\"rent\\": \\"$1200\\"}"\n', encoding="utf-8")
    (folder / "probe.yaml").write_text("name: probe\nmax_rounds: 4\ninterrogation: true\nstructured_notes: true\n")
    (folder / "talk.yaml").write_text("name: talk\nmax_rounds: 3\nformat: dialogue\nnote_sees_notes: 1\n"
                                      "message_sees_notes: -1\n")
    reader = {"agent": "mock:reader", "params": {"replies": str(folder / "reader.yaml")}}
    mocks = [{"agent": "mock:polyglot", "params": {"replies": str(DATA / "store" / "polyglot.yaml")}},
             {"agent": "mock:mumbler", "params": {"replies": str(DATA / "mock" / "mumbler.yaml")}}]
    chatty = {"agent": "mock:chatty", "params": {"replies": str(folder / "chatty.yaml")}}
    agree = {"agent": "mock:agree", "params": {"replies": str(DATA / "mock" / "agree-at-1000.yaml")}}
    return [
        Tournament.model_validate({  # the interrogation and structured notes; polyglot has no interrogation: errors
            "name": "probe", "agents": ["bot:linear", chatty, *mocks],
            "games": ["rental-1-distributive", "rental-1-compatible"], "protocol": str(folder / "probe.yaml"),
            "llm_fallback": reader}),
        Tournament.model_validate({  # the dialogue format, two issues, repetitions
            "name": "talk", "agents": ["bot:boulware", agree, *mocks],
            "games": ["rental-2-mixture"], "protocol": str(folder / "talk.yaml"), "repetitions": 2,
            "llm_fallback": reader}),
    ]


async def old_play_match(runner: Runner, match: Match) -> tuple[Transcript, Outcome]:
    """`Runner.play_match` as it was before the runner moved onto the core (its agents, its
    fallback step, its judge), for a match whose agents can all be made and are not stopped."""
    specs = (match.agent_a, match.agent_b)
    sampling = tuple(s.sampling if s.sampling.seed is not None else
                     s.sampling.model_copy(update={"seed": match.seed % 2**31}) for s in specs)
    negotiation = Negotiation(match.game, match.protocol, starts=match.starts,
                              personas=(specs[0].persona, specs[1].persona), sampling=sampling,  # type: ignore[arg-type]
                              agent_names=(specs[0].id, specs[1].id))
    agents = (runner._agent(specs[0], match, 0), runner._agent(specs[1], match, 1))
    transcript = await play(negotiation, agents)
    readings = None
    if runner.tournament.llm_fallback is not None and transcript.error is None:
        extractor = LLMExtractor(runner._agent(runner.tournament.llm_fallback, match, 0))
        readings = await llm_readings(transcript, match.game, extractor)
        transcript = with_extraction_calls(transcript, extractor)
    return transcript, judge(transcript, match.game, match.protocol, readings)


def test_model_agents_errors_and_the_fallback_reader_are_stored_as_the_old_loop_stored_them(
        tmp_path: Path) -> None:
    library = Library.default()
    seen = {"errored": 0, "unfinished": 0, "extraction": 0, "interrogation": 0, "structured_fallback": 0}
    for tournament in tournaments(tmp_path):
        for index, match in enumerate(plan(tournament, library)[::3]):
            stores = [Store(tmp_path / f"{tournament.name}-{index}-{way}.db") for way in ("old", "new")]
            try:
                old_transcript, old = asyncio.run(old_play_match(Runner(tournament, stores[0], library), match))
                new_transcript, new = asyncio.run(Runner(tournament, stores[1], library).play_match(match))
            finally:
                for store in stores:
                    store.close()
            assert new_transcript.model_dump_json() == old_transcript.model_dump_json(), match.id
            assert new.model_dump_json() == old.model_dump_json(), match.id  # type: ignore[attr-defined]
            seen["errored"] += old_transcript.error is not None
            seen["unfinished"] += bool(old_transcript.unfinished_calls)
            seen["extraction"] += sum(c.purpose == "extraction" for c in old_transcript.calls)
            seen["interrogation"] += sum(t.interrogation is not None for t in old_transcript.turns)
            seen["structured_fallback"] += sum(t.structured_fallback is not None for t in old_transcript.turns)
    # The subset reaches every path this test is about.
    assert all(count > 0 for count in seen.values()), seen


# ---- structured notes through the core: the scenarios of tests/test_structured_notes.py ---------

def _both_ways(make_a, make_b, protocol):  # type: ignore[no-untyped-def]
    """The old loop's and the core's transcript and outcome (fresh agents for each: they keep state)."""
    from lamen.core.play import play as core_play
    from lamen.families.negotiation import FAMILY
    from lamen.families.negotiation.tournament import direct_seating, episode_transcript
    from lamen.spec.agent import AgentSpec
    from tests.test_structured_notes import RENT

    specs = (AgentSpec.model_validate("mock:a"), AgentSpec.model_validate("mock:b"))
    old_transcript = asyncio.run(play(Negotiation(RENT, protocol, agent_names=(specs[0].id, specs[1].id)),
                                      (make_a(), make_b())))
    seating = direct_seating(RENT, protocol, specs, 0)
    record = asyncio.run(core_play(FAMILY, seating.instance, dict(zip(seating.roles, (make_a(), make_b()))),
                                   first=seating.first, sampling=seating.sampling, scored=False))
    new_transcript = episode_transcript(seating, record)
    return (old_transcript, judge(old_transcript, RENT, protocol)), (new_transcript, judge(new_transcript, RENT, protocol))


@pytest.mark.parametrize("case", ["valid", "off-schema", "filtered", "refused", "other bad request"])
def test_structured_notes_go_through_the_core_as_through_the_old_loop(case: str) -> None:
    from tests.test_structured_notes import REFUSED, STRUCTURED, Scripted

    class Filtered(Scripted):
        async def complete(self, request):  # type: ignore[no-untyped-def]
            reply = await super().complete(request)
            return reply.model_copy(update={"text": "", "empty_reason": "filtered"}) if request.purpose == "note" \
                else reply

    bad = AgentError("gpt: bad request (HTTP 400): max_tokens: 99999 > 8192", retryable=False, status=400)
    protocol = STRUCTURED.model_copy(update={"max_rounds": 2})
    agents = {
        "valid": (lambda: Scripted("a", ['{"rent": "$1200"}']), lambda: Scripted("b", ['{"rent": "$1200"}'])),
        "off-schema": (lambda: Scripted("a", ['Acceptable offer: {"rent": "$1200"}'], message="We propose rent $1200."),
                       lambda: Scripted("b", ['{"rent": "$1000"}'], message="We propose rent $1000.")),
        "filtered": (lambda: Filtered("a", ["x"]), lambda: Scripted("b", ['{"rent": "$1200"}'])),
        "refused": (lambda: Scripted("a", [REFUSED, 'Acceptable offer: {"rent": "$1200"}']),
                    lambda: Scripted("b", ['{"rent": "$1200"}'])),
        "other bad request": (lambda: Scripted("a", [bad]), lambda: Scripted("b", ['{"rent": "$1200"}'])),
    }[case]
    (old_transcript, old), (new_transcript, new) = _both_ways(*agents, protocol)
    assert new_transcript.model_dump_json() == old_transcript.model_dump_json()
    assert new.model_dump_json() == old.model_dump_json()
    if case == "refused":  # what the case is about happened
        assert new_transcript.turns[0].structured_fallback == f"structured output refused: {REFUSED}"
    if case == "other bad request":
        assert (new_transcript.error_kind, new_transcript.error_side) == ("fatal", 0)


# ---- the family a tournament names ------------------------------------------------------------

@pytest.mark.parametrize(("family", "says"), [
    ("nope", "family: unknown game family 'nope' (known: adventurers, dialop.mediation, dialop.optimization, "
             "dialop.planning, negotiation, peoplejoin.qa, toolwoz)")])
# (A known family whose seats two agents cannot fill: tests/test_dialop_tournament.py.)
def test_a_family_the_runner_cannot_play_is_one_line_naming_the_file(tmp_path: Path, family: str, says: str,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from lamen.cli import main

    path = tmp_path / "t.yaml"
    path.write_text(f"name: t\nfamily: {family}\nagents: [bot:linear]\ninstances: {{count: 1}}\n")
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:2: {says}") and "\n" not in err
    assert not (tmp_path / "t.db").exists()


def test_the_stored_spec_of_a_negotiation_tournament_has_no_family_key() -> None:
    # Databases and reports of LAMEN tournaments stay as they were before `family` existed.
    spec = Tournament.model_validate({"name": "t", "agents": ["bot:linear"], "games": ["rental-1-distributive"]})
    assert spec.family == "negotiation" and "family" not in spec.stored_form()
    other = spec.model_copy(update={"family": "adventurers"})
    assert other.stored_form()["family"] == "adventurers"


def test_a_schema_refused_twice_for_one_request_errors_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    # A codec that kept asking for the refused schema would loop for ever: the second refusal of
    # one request is the agent's failure instead.
    import lamen.families.negotiation.codec as codec
    from lamen.core.play import play as core_play
    from lamen.families.negotiation import FAMILY
    from lamen.families.negotiation.tournament import direct_seating, episode_transcript
    from lamen.spec.agent import AgentSpec
    from tests.test_structured_notes import REFUSED, RENT, STRUCTURED, Scripted

    monkeypatch.setattr(codec, "structured_now", lambda protocol, history, role: True)
    specs = (AgentSpec.model_validate("mock:a"), AgentSpec.model_validate("mock:b"))
    seating = direct_seating(RENT, STRUCTURED, specs, 0)
    refuser = Scripted("mock:a", [REFUSED])
    record = asyncio.run(core_play(FAMILY, seating.instance, dict(zip(seating.roles, (refuser, Scripted("b", ["x"])))),
                                   first=seating.first, sampling=seating.sampling, scored=False))
    transcript = episode_transcript(seating, record)
    assert len(refuser.requests) == 2 and all(r.response_schema is not None for r in refuser.requests)
    assert (transcript.end_reason, transcript.error_kind, transcript.error_side) == ("error", "fatal", 0)
    assert transcript.error == f"side A (mock:a): {REFUSED}"
