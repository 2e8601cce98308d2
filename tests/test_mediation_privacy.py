"""Mediation privacy (issue 17 point 4): the agent never sees a user's private events, importances
or preference weights unless that user wrote them, and one user never sees the other's channel.
The conformance suite's canary test runs on this family too; here it is shown to have teeth."""

from __future__ import annotations

import asyncio
import dataclasses
import re

from lamen.core.play import play
from lamen.core.registry import get_family
from lamen.families.mediation.instances import USERS, human_game_count, human_instance
from lamen.families.mediation.rules import AssistantView, MediationRules
from lamen.families.mediation.timefmt import span
from tests.scripted import Scripted
from tests.test_family_conformance import canary_leaks

FAMILY = get_family("dialop.mediation")
SEATS = {"assistant": "a", "user-0": "b", "user-1": "c"}


def agent_prompt(instance) -> str:
    rules = FAMILY.rules
    state = rules.initial(instance, SEATS, None)
    obs, legal = rules.view(instance, state, "assistant"), rules.legal(instance, state, "assistant")
    return FAMILY.codec("assistant").request(obs, legal, ()).system


def test_the_agent_sees_exactly_the_work_meetings_and_no_importance_or_weight() -> None:
    assert {f.name for f in dataclasses.fields(AssistantView)} == {"flights", "work", "note"}
    for index in range(human_game_count()):
        game = human_instance(index)
        prompt = agent_prompt(game)
        assert "importance" not in prompt.lower() and "weigh" not in prompt.lower()
        for u, user in enumerate(game.users):
            section = re.search(rf"User {u}'s work meetings:\n(.*?)(?:\n\n|$)", prompt, re.DOTALL)[1]
            assert sorted(section.splitlines()) == sorted(span(e.start, e.end) for e in user.shared_events()), index


def test_one_user_never_sees_the_other_users_channel() -> None:
    game = human_instance(7)
    bots = {"assistant": Scripted(["0: [message] private note for zero ZERO-ONLY", "1: [message] for one ONE-ONLY",
                                   "all: [message] to both BOTH-SEE", "all: [propose] user-0: flight 0, user-1: flight 0"]
                                  + ["[pass]"] * 20, "agent"),
            "user-0": Scripted(["[message] my secret SECRET-OF-ZERO"] + ["[pass]"] * 3 + ["[reject]"] + ["[pass]"] * 20, "u0"),
            "user-1": Scripted(["[message] my secret SECRET-OF-ONE"] + ["[pass]"] * 20, "u1")}
    record = asyncio.run(play(FAMILY, game, bots))
    assert record.end_reason == "max_steps" and record.state.proposals == 1
    seen = {role: "".join(r.system + r.messages[0].content for r in bot.requests) for role, bot in bots.items()}
    assert "SECRET-OF-ZERO" in seen["assistant"] and "SECRET-OF-ONE" in seen["assistant"]
    assert "SECRET-OF-ZERO" not in seen["user-1"] and "ZERO-ONLY" not in seen["user-1"]
    assert "SECRET-OF-ONE" not in seen["user-0"] and "ONE-ONLY" not in seen["user-0"]
    assert "BOTH-SEE" in seen["user-0"] and "BOTH-SEE" in seen["user-1"]
    # user-0's scorecard (its flight, its meetings) reached user-0 only; user-1 learnt only that it is off
    cards = [e for e in record.state.events if e.kind == "system"]
    assert [e.visible_to for e in cards] == [("user-0",), ("user-1",), ("user-1",)]
    for role in USERS:
        other = USERS[1 - USERS.index(role)]
        history = FAMILY.rules.view(game, record.state, role).history
        assert not any(e.role == other for e in history)
        assert not any(e.role == "assistant" and e.to == (other,) for e in history)


def test_private_events_reach_the_agent_only_when_the_user_writes_them() -> None:
    base = human_instance(11)
    game = FAMILY.plant_canaries(base, {"assistant": "CANARY-A", "user-0": "CANARY-U0", "user-1": "CANARY-U1"})
    assert all(e.title == "CANARY-U0" for e in game.users[0].private_events())
    assert all(e.title == "" for e in game.users[0].shared_events())
    bots = {"assistant": Scripted(["[pass]"] * 15, "agent"),
            "user-0": Scripted(["[pass]", "[message] about my calendar: CANARY-U0"] + ["[pass]"] * 13, "u0"),
            "user-1": Scripted(["[pass]"] * 15, "u1")}
    assert asyncio.run(play(FAMILY, game, bots)).end_reason == "max_steps"
    prompts = ["".join([r.system, r.messages[0].content]) for r in bots["assistant"].requests]
    assert "CANARY-A" in prompts[0] and not any("CANARY-U1" in p for p in prompts)
    assert "CANARY-U0" not in prompts[0] and "CANARY-U0" in prompts[-1]  # only after user-0 wrote it
    assert "CANARY-U0" in bots["user-0"].requests[0].system  # the owner sees its own private events


class LeakyRules(MediationRules):
    """A broken variant: the agent's note shows user-0's private note (what a leak looks like)."""

    def view(self, instance, state, role):
        obs = super().view(instance, state, role)
        if role != "assistant":
            return obs
        return dataclasses.replace(obs, private=dataclasses.replace(obs.private, note=instance.users[0].note))


def test_the_canary_check_catches_a_leaky_view_and_passes_the_real_one() -> None:
    base = human_instance(0)
    leaks, seen = canary_leaks(FAMILY, base)
    assert leaks == [] and seen == {"assistant", "user-0", "user-1"}
    leaky, _ = canary_leaks(dataclasses.replace(FAMILY, rules=LeakyRules()), base)
    assert leaky and all("user-0's canary reached assistant" in line for line in leaky)
