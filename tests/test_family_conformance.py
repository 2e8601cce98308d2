"""What every game family must satisfy (like PettingZoo's api_test), parametrised over the family
registry — plus the outside toy family of tests/toy_family.py, to show the checks are generic.

Per family, on two seeded instances and every ordered pair of its scripted players: the same seed
gives the same instance and the same match; a snapshot restored mid-episode continues identically;
parse(render(actions)) == actions on every move played; nobody makes an illegal move; the stored
final state re-scores identically; no role's private canary reaches another role's request; every
request rebuilds byte for byte from the instance and the replies; garbled replies stay contained.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Iterator

import pytest

from lamen.agents.base import ChatReply
from lamen.core.family import Family
from lamen.core.play import EpisodeRecord, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import all_families
from tests.toy_family import FAMILY as TOY

FAMILIES = [*all_families(), TOY]
SEEDS = (0, 1)
VISIBLE_ACTIONS = ("message", "propose", "respond", "submit", "tool_call")


def roles_of(family: Family, instance: object) -> tuple[str, ...]:
    return tuple(spec.name for spec in family.roles(family.default_config(), instance))


def seatings(family: Family, instance: object) -> Iterator[tuple[str, dict[str, PolicyAgent]]]:
    """Every ordered pair of scripted players (a on even seats, b on odd ones), self-play included."""
    roles = roles_of(family, instance)
    for a, b in itertools.product(family.players, repeat=2):
        names = {role: (a, b)[i % 2] for i, role in enumerate(roles)}
        yield f"{a}×{b}", {role: PolicyAgent(name, family.players[name].make(instance, role), family.codec(role), seed=7)
                           for role, name in names.items()}


def run(family: Family, instance: object, seats: dict, **kwargs: object) -> EpisodeRecord:
    return asyncio.run(play(family, instance, seats, **kwargs))


def instances(family: Family) -> list[object]:
    return [family.instances(family.default_config(), seed) for seed in SEEDS]


@pytest.fixture(params=FAMILIES, ids=lambda f: f.name)
def family(request: pytest.FixtureRequest) -> Family:
    return request.param


def test_same_seed_same_instance_and_a_stable_content_id(family: Family) -> None:
    config = family.default_config()
    first, again = family.instances(config, 0), family.instances(config, 0)
    assert first == again and first.content_id() == again.content_id()
    assert first.content_id() != family.instances(config, 1).content_id()
    restored = family.instance_type.model_validate_json(first.model_dump_json())
    assert restored == first and restored.content_id() == first.content_id()


def test_same_seed_same_match_and_every_player_finishes_legally(family: Family) -> None:
    for instance in instances(family):
        for label, seats in seatings(family, instance):
            record = run(family, instance, seats)
            again = run(family, instance, dict(seatings(family, instance))[label])
            assert record.state == again.state and record.score == again.score, label
            assert record.end_reason not in (None, "error", "format"), (label, record.end_reason)
            slips = [e for e in record.state.events if e.kind in ("format_error", "illegal_move")]
            assert not slips, (label, slips)
            assert record.score is not None and record.score.end_reason == record.end_reason


def cut_points(steps: int, every: bool) -> list[int]:
    """Where to snapshot an episode of `steps` moves: every point (slow runs: CI), or by default
    the first two, the last two and up to four evenly between — each snapshot replays the episode,
    so every point makes the check quadratic in its length (38 s for one family's long games)."""
    if every or steps <= 9:
        return list(range(1, steps))
    between = [round(1 + (steps - 2) * k / 5) for k in range(1, 5)]
    return sorted({1, 2, *between, steps - 2, steps - 1})


def test_cut_points_cover_both_ends_and_the_middle() -> None:
    assert cut_points(5, every=False) == [1, 2, 3, 4]
    assert cut_points(30, every=False) == [1, 2, 7, 12, 18, 23, 28, 29]
    assert cut_points(30, every=True) == list(range(1, 30))


def test_snapshot_restore_continues_identically(family: Family) -> None:
    every = os.environ.get("CI", "").lower() in {"1", "true", "yes"} or os.environ.get("LAMEN_SLOW") == "1"
    # The default run snapshots the first seed's episodes (a third of this file's time with both);
    # CI snapshots both seeds at every point.
    for instance in instances(family) if every else instances(family)[:1]:
        for label, seats in seatings(family, instance):
            full = run(family, instance, seats)
            for cut in cut_points(full.state.steps, every):
                partial = run(family, instance, seats, stop_after=cut)
                assert partial.end_reason is None and partial.state.steps == cut
                restored = family.state_type.model_validate_json(partial.state.model_dump_json())
                assert restored == partial.state
                resumed = run(family, instance, seats, state=restored)
                assert resumed.state == full.state and resumed.score == full.score, (label, cut)


def test_parse_of_render_is_the_identity_on_every_move_played(family: Family) -> None:
    checked = 0
    for instance in instances(family):
        for _, seats in seatings(family, instance):
            for call in run(family, instance, seats).calls:
                codec, legal = family.codec(call.role), call.request.meta["legal"]
                actions = tuple(codec.parse(call.reply, legal))
                assert codec.render(actions) == call.reply.text  # scripted players write canonically
                assert tuple(codec.parse(ChatReply(text=codec.render(actions)), legal)) == actions
                checked += 1
    assert checked > 0


def test_rescoring_a_stored_final_state_is_identical(family: Family) -> None:
    for instance in instances(family):
        for label, seats in seatings(family, instance):
            record = run(family, instance, seats)
            stored = family.state_type.model_validate_json(record.state.model_dump_json())
            stored_instance = family.instance_type.model_validate_json(instance.model_dump_json())
            assert family.score(stored_instance, stored) == record.score, label


def canary_leaks(family: Family, base: object) -> tuple[list[str], set[str]]:
    """Plant a canary in each role's private data, play every seating, and list each request that
    shows another role's canary the owner never wrote in a visible action; also which roles saw
    their own canary (the check has teeth only if planted data is rendered at all)."""
    roles = roles_of(family, base)
    canaries = {role: f"CANARY-{i}-{base.content_id()[:6]}" for i, role in enumerate(roles)}
    instance = family.plant_canaries(base, canaries)
    leaks, seen_by_owner = [], set()
    for label, seats in seatings(family, instance):
        for call in run(family, instance, seats).calls:
            text = call.request.system + "".join(m.content for m in call.request.messages)
            if canaries[call.role] in text:
                seen_by_owner.add(call.role)
            history = call.request.meta["observation"].history
            for owner, canary in canaries.items():
                if owner == call.role or canary not in text:
                    continue
                if not any(e.role == owner and e.kind in VISIBLE_ACTIONS and canary in e.text for e in history):
                    leaks.append(f"{label}: {owner}'s canary reached {call.role} at move {call.step}")
    return leaks, seen_by_owner


def test_private_canaries_never_reach_another_role(family: Family) -> None:
    assert family.plant_canaries is not None, f"{family.name} has no plant_canaries hook for the leak test"
    for base in instances(family):
        leaks, seen_by_owner = canary_leaks(family, base)
        assert leaks == []
        assert seen_by_owner == set(roles_of(family, base))


class Replay:
    """Answers with recorded reply texts, in order (what a store keeps of a model's calls)."""

    def __init__(self, name: str, replies: list[str]) -> None:
        self._name, self.replies = name, replies

    @property
    def name(self) -> str:
        return self._name

    async def complete(self, request: object) -> ChatReply:
        return ChatReply(text=self.replies.pop(0))


def test_every_request_rebuilds_byte_for_byte_from_the_instance_and_the_replies(family: Family) -> None:
    # What store v2 relies on: keep the instance, the seating and each reply; rebuild the rest.
    for instance in instances(family):
        for label, seats in seatings(family, instance):
            record = run(family, instance, seats)
            replays = {role: Replay(agent.name, [c.reply.text for c in record.calls if c.role == role])
                       for role, agent in seats.items()}
            rebuilt = run(family, instance, replays)
            assert [c.request.model_dump_json(exclude={"meta"}) for c in rebuilt.calls] == \
                   [c.request.model_dump_json(exclude={"meta"}) for c in record.calls], label
            assert rebuilt.state == record.state and all(not r.replies for r in replays.values())


def test_garbled_replies_are_contained_and_seen_only_by_their_writer(family: Family) -> None:
    for instance in instances(family):
        for label, seats in seatings(family, instance):
            slippy = {role: PolicyAgent(a.name, a.policy, a.codec, seed=a.seed, noise=1 / 3) for role, a in seats.items()}
            record = run(family, instance, slippy)
            assert any(c.outcome == "format_error" for c in record.calls) or len(record.calls) < 4, label
            assert record.end_reason is not None and record.end_reason != "error", label
            assert record.score is not None and record.score.end_reason == record.end_reason
            for event in record.state.events:
                if event.kind in ("format_error", "illegal_move"):
                    assert event.visible_to == (event.role,), label
