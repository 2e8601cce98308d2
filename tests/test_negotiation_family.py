"""The negotiation family beyond the conformance test: every built-in game and every LAMEN
protocol file becomes an instance unchanged and plays; the protocol's variants (interrogation,
dialogue format, visibility with personas, structured notes, memory windows) play exactly as
today's loop plays them; a note without a readable offer is recorded and still counts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lamen.agents.base import ChatReply, ChatRequest
from lamen.core.play import play
from lamen.families.negotiation import FAMILY
from lamen.families.negotiation.instances import ROLES, NegotiationConfig, NegotiationInstance, make_instance
from lamen.families.negotiation.matches import CoreMatch, play_bots
from lamen.families.negotiation.scoring import transcript_of
from lamen.judge import judge
from lamen.play import Negotiation
from lamen.play import play as old_play
from lamen.schedule import Match
from lamen.spec.agent import AgentSpec, Persona
from lamen.spec.library import Library, builtin_root
from lamen.spec.load import game_with_issues, load_game, load_protocol
from tests.negotiation_equivalence import differences

BUILTIN_GAMES = ["loan-agreement", "merger", "rental-1-compatible", "rental-1-distributive", "rental-2-distributive",
                 "rental-2-integrative-distributive", "rental-2-integrative-mixture", "rental-2-mixture",
                 "rental-agreement"]


def bots(a: str, b: str) -> tuple[AgentSpec, AgentSpec]:
    return AgentSpec.model_validate(f"bot:{a}"), AgentSpec.model_validate(f"bot:{b}")


def test_every_builtin_game_is_an_instance_unchanged() -> None:
    config = NegotiationConfig(games=(), max_rounds=None)
    assert config.game_names() == tuple(BUILTIN_GAMES)
    library = Library((builtin_root(),))
    default = load_protocol("default", library)
    ids = set()
    for seed, name in enumerate(BUILTIN_GAMES):
        instance = make_instance(config, seed)
        assert instance.game == load_game(name, library) and instance.protocol == default
        assert NegotiationInstance.model_validate_json(instance.model_dump_json()) == instance
        ids.add(instance.content_id())
    assert len(ids) == len(BUILTIN_GAMES)


def test_the_default_config_is_the_two_single_issue_rental_games_cut_to_three_rounds() -> None:
    config = FAMILY.default_config()
    first, second = (FAMILY.instances(config, seed) for seed in (0, 1))
    assert (first.game.name, second.game.name) == ("rental-1-compatible", "rental-1-distributive")
    assert first.protocol.max_rounds == 3 and FAMILY.instances(config, 2) == first


def _lamen_protocols(lamen_data: Path) -> list[Path]:
    return sorted((lamen_data / "communication_protocols").glob("*.yaml"))


def test_lamen_files_load_unchanged_and_play_as_today(lamen_data: Path) -> None:
    library = Library.default([lamen_data])
    game = game_with_issues(lamen_data / "games" / "generic-rental-agreement.yaml", ["gen-ra-rent", "gen-ra-duration"],
                            [[100, 200], [200, 100]], library=library)
    protocols = _lamen_protocols(lamen_data)
    assert len(protocols) == 8
    for index, path in enumerate(protocols):
        protocol = load_protocol(path, library)
        instance = NegotiationInstance.of(game, protocol)
        assert NegotiationInstance.model_validate_json(instance.model_dump_json()) == instance
        a, b = bots(("linear", "conceder", "boulware", "tit-for-tat")[index % 4], "random")
        match = Match("cross", game, protocol, a, b, index % 2, 0, 0)
        assert differences(match) == [], path.name


@pytest.mark.parametrize("change", [
    {"interrogation": True},
    {"format": "dialogue"},
    {"visibility": 2},
    {"structured_notes": True},
    {"note_sees_notes": -1, "note_sees_messages": 2, "message_sees_notes": 0, "message_sees_messages": 3},
    {"show_rounds": False, "max_rounds": 4},
], ids=lambda c: ",".join(c))
def test_protocol_variants_play_as_today(change: dict) -> None:
    library = Library((builtin_root(),))
    protocol = load_protocol("default", library).model_copy(update=change)
    game = load_game("rental-2-integrative-mixture", library)
    a, b = bots("tit-for-tat", "conceder")
    a = a.model_copy(update={"persona": Persona(internal_description={"name": "Ada"},
                                                external_description={"name": "a tough landlord"})})
    for starts in (0, 1):
        match = Match("cross", game, protocol, a, b, starts, 0, 5)
        assert differences(match) == [], (change, starts)
    record = asyncio.run(play_bots(CoreMatch.of(Match("cross", game, protocol, a, b, 0, 0, 5))))
    if change.get("interrogation"):
        probes = [e for e in record.state.events if e.kind == "think" and e.payload["purpose"] == "interrogation"]
        assert probes and all(e.visible_to == () for e in probes)  # stored, seen by no role
    systems = {c.role: c.request.system for c in record.calls}
    assert "About you — name: Ada." in systems["side-a"]
    # Visibility 2 shows side A's external description to side B.
    assert ("About them — name: a tough landlord" in systems["side-b"]) is (change.get("visibility") == 2)


class Scripted:
    """An agent that answers each purpose with a fixed text (as a weak model might)."""

    def __init__(self, note: str, message: str) -> None:
        self.note, self.message = note, message

    @property
    def name(self) -> str:
        return "scripted"

    async def complete(self, request: ChatRequest) -> ChatReply:
        return ChatReply(text=self.message if request.purpose == "message" else self.note)


def test_a_note_without_a_readable_offer_is_recorded_and_still_counts() -> None:
    library = Library((builtin_root(),))
    game, protocol = load_game("rental-1-distributive", library), load_protocol("default", library)
    protocol = protocol.model_copy(update={"max_rounds": 2})
    sloppy = Scripted("I will think about the rent.", "How about $1,300 per month?")
    tidy = Scripted('```json\n{"rent": "$1,300"}\n```', "We agree on all issues. $1,300 per month.")
    instance = NegotiationInstance.of(game, protocol)
    record = asyncio.run(play(FAMILY, instance, {"side-a": sloppy, "side-b": tidy}))
    misses = [e for e in record.state.events if e.kind == "format_error"]
    assert [(e.role, e.visible_to, e.text) for e in misses] == [("side-a", ("side-a",), sloppy.note)] * 2
    assert [c.outcome for c in record.calls].count("format_error") == 2 and len(record.calls) == 8
    transcript = transcript_of(instance, record.state)
    assert [t.note for t in transcript.turns] == [sloppy.note, tidy.note] * 2  # the miss still counts as the note
    old = asyncio.run(old_play(Negotiation(game, protocol), (Scripted(sloppy.note, sloppy.message),
                                                            Scripted(tidy.note, tidy.message))))
    assert transcript.turns == tuple(t.model_copy(update={"calls": ()}) for t in old.turns)
    outcome = judge(old, game, protocol)
    assert record.score is not None and record.score.agreement == outcome.agreement == "none"
    assert record.score.metrics["side-a.format_instruction"] == 0.0
    assert record.score.metrics["side-b.format_instruction"] == 1.0
    assert record.end_reason == outcome.end_reason == "max_rounds"


def test_the_other_sides_tables_reach_a_request_only_when_the_protocol_shows_them() -> None:
    # The privacy check has teeth: with visibility 1 each side's canary is meant to be shown.
    base = FAMILY.instances(FAMILY.default_config(), 0)
    planted = FAMILY.plant_canaries(base, {"side-a": "CANARY-A", "side-b": "CANARY-B"})
    for visibility, shown in ((0, False), (1, True)):
        protocol = planted.protocol.model_copy(update={"visibility": visibility})
        instance = planted.model_copy(update={"protocol": protocol})
        seats = CoreMatch("cross", instance, bots("linear", "linear"), ROLES[0], 0, 0).bot_seats()
        record = asyncio.run(play(FAMILY, instance, seats))
        b_system = next(c.request.system for c in record.calls if c.role == "side-b")
        assert "CANARY-B" in b_system and ("CANARY-A" in b_system) is shown
