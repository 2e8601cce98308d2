"""DialOp in a harvest's openai-tools rendering (issue 17): Planning's proposals keep their
`[propose]` tag (its event holds only the itinerary), and Mediation's two users stay two
attributable speakers — each user turn named by its writer's role, two users' back-to-back lines
never merged into one turn."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.types import Event
from lamen.harvest.export import chat_turns, examples
from lamen.store import Store

MEDIATION_HARVEST = """name: med-harvest
family: dialop.mediation
agent_role: assistant
instances: {config: {source: human}, count: 2}
agent: {agent: player:shared-view, params: {explore: {random: 0.3}}}
simulator: player:threshold
min_reward: 0.5
beam: 4
branching: 2
temperature: 1.0
turn_limit: 10
"""
TAGS = ("[propose] ", "[message] ", "[accept]", "[reject]", "[think] ", "[tool] ")


def _grown(folder: Path, name_or_spec: str) -> Store:
    db = folder / "h.db"
    assert main(["harvest", name_or_spec, "--db", str(db)]) == 0
    return Store.open_read_only(db)


@pytest.fixture(scope="module")
def planning(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    store = _grown(tmp_path_factory.mktemp("planning"), "dialop-planning")
    yield store
    store.close()


@pytest.fixture(scope="module")
def mediation(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    folder = tmp_path_factory.mktemp("mediation")
    (folder / "med.yaml").write_text(MEDIATION_HARVEST)
    store = _grown(folder, str(folder / "med.yaml"))
    yield store
    store.close()


def _messages(store: Store) -> list[dict]:
    found = []
    for kind in ("sft", "kto"):
        for example in examples(store, kind, "openai-tools"):  # type: ignore[arg-type]
            record = example.record
            found += record.get("messages", []) + record.get("prompt", []) + record.get("completion", [])
    return found


def _event(index: int, role: str | None, kind: str, text: str, visible_to: tuple[str, ...] | None = None) -> Event:
    return Event(index=index, role=role, kind=kind, text=text, visible_to=visible_to)


def test_a_planning_proposal_is_written_with_its_tag(planning: Store) -> None:
    said = [line for m in _messages(planning) if m["role"] == "assistant" and m.get("content")
            for line in m["content"].splitlines()]
    proposals = [line for line in said if line.startswith("[propose] ")]
    assert proposals and all(re.fullmatch(r"\[propose\] \[[^\]]+, [^\]]+, [^\]]+\]", line) for line in proposals)
    # No bare itinerary `[A, B, C]` is left: every bracketed line opens with a tag.
    assert all(line.startswith(TAGS) for line in said if line.startswith("["))


def test_the_line_for_a_planning_move_is_the_transcripts() -> None:
    from lamen.core.registry import get_family

    codec = get_family("dialop.planning").codec("assistant")
    events = [_event(0, "user", "message", "Somewhere quiet."),
              _event(1, "assistant", "propose", "[Saul's, NULL, The Tower]"),
              _event(2, "assistant", "message", "How about this one?"),
              _event(3, "user", "respond", "[reject]")]
    assert chat_turns(events, "assistant", codec.move_line) == [  # type: ignore[attr-defined]
        {"role": "user", "content": "Somewhere quiet."},
        {"role": "assistant", "content": "[propose] [Saul's, NULL, The Tower]\nHow about this one?"},
        {"role": "user", "content": "[reject]"}]


def test_mediation_users_stay_two_named_speakers(mediation: Store) -> None:
    messages = _messages(mediation)
    users = [m for m in messages if m["role"] == "user"]
    assert users and {m["name"] for m in users} == {"user-0", "user-1"}
    assert all("name" not in m for m in messages if m["role"] != "user")
    back_to_back = 0
    for record in [e.record for e in examples(mediation, "sft", "openai-tools")]:
        turns = record["messages"]
        for before, after in zip(turns, turns[1:]):
            if before["role"] == after["role"] == "user":
                assert before["name"] != after["name"]  # one writer's consecutive lines are one turn
                back_to_back += 1
    assert back_to_back > 0  # the lines that used to be merged into one user turn


def test_the_mediation_assistant_sees_each_users_lines_under_its_name() -> None:
    events = [_event(0, "user-0", "end_turn", "[pass]", ("assistant", "user-0")),
              _event(1, "user-1", "message", "[message] Mornings suit me.", ("assistant", "user-1")),
              _event(2, "user-1", "message", "[message] Not Monday.", ("assistant", "user-1")),
              _event(3, "assistant", "propose", "all: [propose] user-0: flight 1, user-1: flight 5"),
              _event(4, "user-0", "respond", "[accept]", ("assistant", "user-0"))]
    assert chat_turns(events, "assistant", named=True) == [
        {"role": "user", "name": "user-0", "content": "[pass]"},
        {"role": "user", "name": "user-1", "content": "[message] Mornings suit me.\n[message] Not Monday."},
        {"role": "assistant", "content": "all: [propose] user-0: flight 1, user-1: flight 5"},
        {"role": "user", "name": "user-0", "content": "[accept]"}]
    # Unnamed (two-role families, as before): the users' lines would be one turn.
    assert chat_turns(events, "assistant")[0] == {
        "role": "user", "content": "[pass]\n[message] Mornings suit me.\n[message] Not Monday."}
