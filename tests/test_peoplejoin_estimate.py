"""What `lamen run --dry-run` estimates a paid PeopleJoin-QA session costs (issue 18): the moves of
a session that asks each colleague once within the agenda's limits (`role_moves`), not the
1,000-step backstop spread over every person."""

from __future__ import annotations

from lamen.families.peoplejoin import FAMILY, moves_cap, role_moves
from lamen.families.peoplejoin.instances import HUB, PRIMARY
from lamen.runner.estimate import estimate
from lamen.runner.run import plan
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament

SPEC = {"name": "pj-paid", "family": "peoplejoin.qa", "agents": ["openai:gpt-4o-mini"],
        "simulators": ["player:table-dump"], "instances": {"seeds": [0]}}


def test_a_session_asks_each_colleague_once_with_the_agendas_tool_calls_per_event() -> None:
    instance = FAMILY.instances(FAMILY.config(), 0)  # concert_singer_0: the primary and four colleagues
    colleagues = instance.colleague_roles()
    assert len(colleagues) == 4
    moves = role_moves(instance)
    # 6 events (the question, four replies, the user's thanks), each up to 10 tool calls and a closing reply.
    assert moves == {HUB: 66, PRIMARY: 1, **{role: 1 for role in colleagues}}
    assert moves_cap(instance) == 71
    # No more events than the agenda's hub_events (30 by default; here 4).
    big = instance.model_copy(update={"hub_events": 4})
    assert role_moves(big)[HUB] == 44


def test_the_dry_run_estimate_of_one_paid_hub_session_is_exact() -> None:
    tournament = Tournament.model_validate(SPEC)
    matches = plan(tournament, Library.default())
    assert len(matches) == 1
    (found,) = estimate(matches, family="peoplejoin.qa")
    # The hub's first request (about 2,100 characters: rules, directory, the question) and 65 more,
    # each longer by two replies of 200 tokens: 66 · base + 400 · (0 + 1 + … + 65).
    instance = matches[0].instance
    state = FAMILY.rules.initial(instance, {r: r for r in instance.roles()}, None)
    rules = FAMILY.rules
    request = FAMILY.codec(HUB).request(rules.view(instance, state, HUB), rules.legal(instance, state, HUB), ())
    base = (len(request.system) + sum(len(m.content) for m in request.messages)) / 4
    assert (found.agent, found.matches) == ("openai:gpt-4o-mini", 1)
    assert found.input_tokens == int(sum(base + 400 * turn for turn in range(66))) == 891_775
    assert found.output_tokens == 66 * 200
    # gpt-4o-mini at $0.15 in and $0.60 out per million tokens.
    assert round(found.cost_usd, 6) == round((891_775 * 0.15 + 13_200 * 0.60) / 1e6, 6)


def test_a_paid_match_judge_adds_one_request_per_session_to_the_estimate() -> None:
    tournament = Tournament.model_validate({**SPEC, "agents": ["player:sql-oracle", "player:message-none"],
                                            "match_judge": "openai:gpt-4o-mini"})
    matches = plan(tournament, Library.default())
    (judge,) = estimate(matches, family="peoplejoin.qa", judge=tournament.match_judge)
    # The judge's instructions, the question and its gold (no answer yet) and 200 tokens of answer;
    # a reply of the request's 200 tokens.
    request = FAMILY.llm_judge.request(matches[0].instance, FAMILY.rules.initial(
        matches[0].instance, {r: r for r in matches[0].instance.roles()}, None))
    shown = (len(request.system) + sum(len(m.content) for m in request.messages)) / 4
    assert (judge.agent, judge.matches) == ("openai:gpt-4o-mini", 2)
    assert judge.input_tokens == 2 * int(shown + 200) == 928
    assert judge.output_tokens == 2 * 200
    # A scripted or offline judge costs nothing to estimate.
    assert estimate(matches, family="peoplejoin.qa", judge=Tournament.model_validate(
        {**SPEC, "match_judge": {"agent": "mock:judge", "params": {"callable": "x:y"}}}).match_judge) == []
