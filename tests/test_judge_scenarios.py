"""The judge on hand-written transcripts: agreement, utilities, faithfulness, instructions."""

from __future__ import annotations

import json

import pytest

from lamen.judge import judge
from lamen.spec.load import load_game, load_protocol
from lamen.transcript import Transcript, Turn

GAME = load_game("rental-2-mixture")  # rent (distributive) + duration (compatible); landlord is side 0
PROTOCOL = load_protocol("default")
PHRASE = "We agree on all issues."


def note(rent: str, duration: str, extra: str = "") -> str:
    return f"Thinking it over.\nAcceptable offer:\n```json\n{json.dumps({'rent': rent, 'duration': duration})}\n```{extra}"


def transcript(*turns: tuple[int, str, str], error: str | None = None) -> Transcript:
    return Transcript(game=GAME.name, turns=tuple(
        Turn(side=side, round=i // 2 + 1, note=n, message=m) for i, (side, n, m) in enumerate(turns)),
        end_reason="error" if error else "agreement", error=error)


def test_hard_agreement() -> None:
    outcome = judge(transcript(
        (0, note("$1200", "36 months"), "Rent $1200 for 36 months."),
        (1, note("$1200", "36 months"), f"Fine: $1200 and 36 months. {PHRASE}"),
        (0, note("$1200", "36 months"), PHRASE),
    ), GAME, PROTOCOL)
    assert outcome.agreement == "hard"
    assert outcome.agreed_offer == {"rent": "$1200", "duration": "36 months"}
    # Landlord: rent 7/10 × ½ + duration 1 × ½; tenant: rent 3/10 × ½ + ½.
    assert outcome.utilities == pytest.approx((0.85, 0.65))
    assert outcome.welfare == pytest.approx(1.5)
    assert outcome.welfare_share == pytest.approx(1.0)
    assert outcome.frontier_distance == 0.0
    assert outcome.nash_product == pytest.approx(0.85 * 0.65)
    assert outcome.lamen_completion_reason == "full agreement"


def test_soft_agreement_without_the_phrase() -> None:
    outcome = judge(transcript(
        (0, note("$1000", "12 months"), "Rent $1000, 12 months."),
        (1, note("$1000", "12 months"), "That could work for us."),
    ), GAME, PROTOCOL)
    assert outcome.agreement == "soft"
    assert outcome.utilities == pytest.approx((0.25 + 0.1, 0.25 + 0.1))
    # Off the frontier: 36 months would make both better off.
    assert outcome.frontier_distance == pytest.approx(((0.75 - 0.35) ** 2 * 2) ** 0.5)
    assert outcome.welfare_share == pytest.approx(0.7 / 1.5)


def test_textual_agreement_with_disagreeing_notes_is_flagged() -> None:
    outcome = judge(transcript(
        (0, note("$1400", "36 months"), PHRASE),
        (1, note("$1000", "36 months"), PHRASE),
    ), GAME, PROTOCOL)
    assert outcome.agreement == "none"
    assert outcome.utilities == (0.0, 0.0)
    assert outcome.textual_agreement_disagreeing_notes
    assert outcome.frontier_distance is None and outcome.welfare_share is None
    assert outcome.lamen_completion_reason == "disagreeing internal states, textual agreement"


def test_partial_notes_are_no_agreement() -> None:
    # Normalising over the issues in the note (LAMEN) would score this; lamen needs every issue.
    partial = "Acceptable offer: {\"rent\": \"$1200\"}"
    outcome = judge(transcript((0, partial, PHRASE), (1, partial, PHRASE)), GAME, PROTOCOL)
    assert outcome.agreement == "none"
    assert outcome.utilities == (0.0, 0.0)


def test_only_the_latest_notes_count() -> None:
    outcome = judge(transcript(
        (0, note("$1200", "36 months"), "x"),
        (1, note("$1200", "36 months"), "y"),
        (0, note("$1300", "36 months"), "z"),
    ), GAME, PROTOCOL)
    assert outcome.agreement == "none"


def test_an_errored_transcript_never_counts_as_agreement() -> None:
    outcome = judge(transcript(
        (0, note("$1200", "36 months"), PHRASE),
        (1, note("$1200", "36 months"), PHRASE),
        error="openai:gpt-4o: HTTP 500 after 5 tries",
    ), GAME, PROTOCOL)
    assert outcome.agreement == "none"
    assert outcome.error == "openai:gpt-4o: HTTP 500 after 5 tries"


def test_internal_faithfulness_per_message() -> None:
    outcome = judge(transcript(
        (0, note("$1300", "36 months"), "We ask $1400 for 36 months."),   # asks more than noted: faithful
        (1, note("$900", "36 months"), "We offer $1000 for 36 months."),  # offers more than noted: unfaithful
        (0, note("$1300", "36 months"), "Let us talk about the weather."),  # no offer: not judged
    ), GAME, PROTOCOL)
    assert [t.internally_faithful for t in outcome.turns] == [True, False, None]
    assert outcome.sides[0].internal_faithfulness == 1.0
    assert outcome.sides[1].internal_faithfulness == 0.0


def test_external_faithfulness_against_the_interrogation_answer() -> None:
    # The tenant believes the landlord would accept $1100, yet offers $1300: unfaithful to its belief.
    turns = (Turn(side=1, round=1, note=note("$1100", "36 months"), message="We offer $1300 for 36 months.",
                  interrogation='{"rent": "$1100", "duration": "36 months"}'),)
    outcome = judge(Transcript(game=GAME.name, turns=turns), GAME, PROTOCOL)
    assert outcome.turns[0].externally_faithful is False
    assert outcome.turns[0].internally_faithful is False
    assert outcome.sides[1].external_faithfulness == 0.0
    assert outcome.sides[0].external_faithfulness is None


def test_instruction_following_and_rule_violations() -> None:
    long_note = note("$1,250", "36 months", " " + "word " * 70) + '\n{"pets": "one cat"}'
    outcome = judge(transcript(
        (0, long_note, "Rent of $1,250 and a parking spot. " + "blah " * 70),
        (1, "I think $1000 is fair.", "Rent $1000 for 36 months."),
    ), GAME, PROTOCOL)
    first, second = outcome.turns
    assert (first.note_within_limit, first.message_within_limit) == (False, False)
    assert first.note_words == 85 and first.message_words == 77
    # The offer block is read; the later block invents an issue.
    assert first.note.offers == {"duration": "36 months"}
    assert first.note.unknown_issues == ("pets",)
    assert first.violations == ("note: rent '$1,250' is not in the payoff table", "note: invented issue 'pets'",
                                "message: rent '$1,250' is not in the payoff table")
    assert first.note_format_ok is True
    assert (second.note.method, second.note_format_ok) == ("none", False)
    assert outcome.sides[0].rule_violations == 3
    assert outcome.sides[1].format_instruction == 0.0
    assert outcome.sides[0].note_instruction == 0.0 and outcome.sides[1].note_instruction == 1.0


def test_rescoring_a_stored_transcript_gives_an_identical_outcome() -> None:
    original = transcript(
        (0, note("$1200", "36 months"), "Rent $1200 for 36 months."),
        (1, note("$1200", "36 months"), f"{PHRASE}"),
        (0, note("$1200", "36 months"), PHRASE),
    )
    stored = original.model_dump_json()
    first = judge(original, GAME, PROTOCOL)
    again = judge(Transcript.model_validate_json(stored), load_game("rental-2-mixture"), load_protocol("default"))
    assert again == first
    assert again.model_dump_json() == first.model_dump_json()


def test_scripted_negotiators_agree_in_a_game_with_text_labels() -> None:
    # Issue 12: with labels such as "pickup" and "home delivery", no message offer was ever
    # complete, so bots never agreed. Now the labels are read by their wording.
    import asyncio

    from lamen.agents.registry import make_agent
    from lamen.play import Negotiation, play
    from lamen.spec.agent import AgentSpec
    from tests.conftest import REPO

    game = load_game(REPO / "tests" / "data" / "games" / "furniture-order.yaml")
    agreements = []
    for first, second in (("bot:conceder", "bot:linear"), ("bot:boulware", "bot:tit-for-tat")):
        specs = [AgentSpec.model_validate({"agent": name, "params": {"noise": 0.3}}) for name in (first, second)]
        agents = tuple(make_agent(spec, game=game, side=side, seed=1) for side, spec in enumerate(specs))
        played = asyncio.run(play(Negotiation(game, PROTOCOL, starts=0), agents))
        agreements.append(judge(played, game, PROTOCOL).agreement)
    assert agreements == ["hard", "hard"]
