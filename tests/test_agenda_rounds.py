"""A stored turn's round is one pass of the agenda (issue 17): with Mediation's three roles in
round-robin, Planning's tool calls inside the assistant's turn, and two alternating seats alike —
not `step // 2 + 1`, which fits two seats that each make one move per turn only."""

from __future__ import annotations

import asyncio
from itertools import groupby

import pytest

from lamen.core.agenda import rounds_of
from lamen.core.play import SeatSampling, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.tournament import Seating
from lamen.runner.common_payoff import CommonPayoffTournament


def test_three_roles_in_round_robin_make_one_round_per_pass() -> None:
    movers = ["user-0", "user-1", "assistant"] * 3 + ["user-0"]
    assert rounds_of(movers) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]
    # Starting with user-1, the pass is user-1 → assistant → user-0.
    assert rounds_of(["user-1", "assistant", "user-0", "user-1", "assistant"]) == [1, 1, 1, 2, 2]


def test_the_moves_of_one_turn_share_its_round() -> None:
    # Planning: the assistant searches twice before it talks; the user answers a plan and keeps the floor.
    movers = ["user", "assistant", "assistant", "assistant", "user", "user", "assistant", "user"]
    assert rounds_of(movers) == [1, 1, 1, 1, 2, 2, 2, 3]
    assert rounds_of(["a", "b"] * 3) == [1, 1, 2, 2, 3, 3]  # two seats, a move a turn: as step // 2 + 1
    assert rounds_of([]) == []


def _stored_turns(family_name: str, assistant: str, user: str, first: str, instance_index: int) -> list:
    family = get_family(family_name)
    hooks = CommonPayoffTournament(family)
    instance = family.instances(family.config(source="human"), instance_index)
    names = {role: (assistant if role == "assistant" else user) for role in hooks.roles}
    seats = {role: PolicyAgent(f"player:{name}", family.players[name].make(instance, role), family.codec(role), seed=3)
             for role, name in names.items()}
    record = asyncio.run(play(family, instance, seats, first=first))
    seating = Seating(instance=instance, roles=hooks.roles, first=first,
                      sampling={role: SeatSampling() for role in hooks.roles},
                      names={role: f"player:{name}" for role, name in names.items()}, sides=hooks.plan.sides)
    return list(hooks.transcript(seating, record).turns)


@pytest.mark.parametrize(("first", "index", "expected"), [
    ("user-0", 3, [("user-0", 1), ("user-1", 1), ("assistant", 1), ("user-0", 2), ("user-0", 2), ("user-1", 2),
                   ("assistant", 2), ("user-0", 3), ("user-1", 3)]),
    ("user-1", 5, [("user-1", 1), ("assistant", 1), ("user-0", 1), ("user-1", 2), ("user-1", 2), ("assistant", 2),
                   ("user-0", 2), ("user-1", 3)]),
])
def test_a_mediation_match_numbers_its_rounds_by_passes_of_the_agenda(first: str, index: int,
                                                                      expected: list[tuple[str, int]]) -> None:
    turns = _stored_turns("dialop.mediation", "shared-view", "threshold", first, index)
    # Each pass: user-0 → user-1 → assistant from the first mover; a user that rejects a proposal
    # and then talks does both in its one turn; the answers to the last proposal open a new pass.
    assert [(t.role, t.round) for t in turns] == expected
    assert [t.message.split()[0] for t in turns[3:5]] == ["[reject]", "[message]"]


def test_a_planning_match_keeps_the_assistants_searches_in_its_turn() -> None:
    turns = _stored_turns("dialop.planning", "hill-climb", "reporter", "user", 0)
    searches = [t for t in turns if t.role == "assistant" and t.message.lstrip().startswith("[tool]")]
    assert searches  # the scripted assistant searches before it proposes
    runs = [(role, {t.round for t in group}) for role, group in groupby(turns, key=lambda t: t.role)]
    # The two roles alternate turns; each turn (its searches included) is one round: the user's n-th and
    # the assistant's n-th turn make round n.
    assert [role for role, _ in runs] == ["user", "assistant"] * (len(runs) // 2) + ["user"] * (len(runs) % 2)
    assert [rounds for _, rounds in runs] == [{n // 2 + 1} for n in range(len(runs))]
    assert len(turns) > len(runs)  # several moves in some turn: step // 2 + 1 would have split them
