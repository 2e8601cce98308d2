"""The harvest on ToolWOZ, the family it was built for (skipped until the family is installed and
names its goals: `Family.goals`): scripted agents branched against the verbose customer; the
golden path reaches each goal in the order it was met, and the exports hold what they promise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lamen.core.registry import UnknownFamily, get_family
from lamen.harvest.export import examples
from lamen.harvest.run import run_harvest
from lamen.harvest.spec import HarvestSpec
from lamen.store import Store
from lamen.store.harvest import node_rows, tree_rows


def toolwoz_with_goals() -> None:
    try:
        family = get_family("toolwoz")
    except UnknownFamily:
        pytest.skip("the toolwoz family is not installed")
    if family.goals is None:
        pytest.skip("toolwoz names no goals yet (Family.goals)")


def test_a_toolwoz_harvest_with_the_slot_filler(tmp_path: Path) -> None:
    toolwoz_with_goals()
    spec = HarvestSpec.model_validate({"name": "tw", "family": "toolwoz", "instances": {"count": 4},
                                       "agent": "player:slot-filler", "simulator": "player:verbose"})
    store = Store(tmp_path / "h.db")
    progress = run_harvest(spec, store)
    assert progress.finished == 4 and progress.errored == 0
    rows = tree_rows(store, "tw")
    assert any(row.complete for row in rows)
    for row in rows:
        golden = [n for n in node_rows(store, row.id) if n.golden]
        earned = [e["payload"]["key"] for n in golden for e in n.events if e["kind"] == "reward"]
        assert [key for key in earned if key in row.goals] == list(row.reached)
    for rendering in ("text", "openai-tools"):
        sft = list(examples(store, "sft", rendering))  # type: ignore[arg-type]
        assert {e.tree_id for e in sft} == {row.id for row in rows if row.complete}
        assert all(m["role"] != "tool" or m["content"] for e in sft for m in e.record["messages"])
        assert all(json.dumps(e.record["messages"][-1]).startswith('{"role": "assistant"') for e in sft)
    store.close()


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_shipped_toolwoz_harvest_runs_and_exports_end_to_end(tmp_path: Path) -> None:
    """`lamen harvest toolwoz` (harvests/toolwoz.yaml: the slot-filler exploring, with slips,
    against the verbose customer on six shipped goals) → `lamen export sft|kto|dpo` in both
    renderings."""
    toolwoz_with_goals()
    from lamen.cli import main
    from lamen.families.toolwoz.apis import SPECS

    db, out = tmp_path / "h.db", tmp_path / "out"
    assert main(["harvest", "toolwoz", "--db", str(db)]) == 0
    for kind in ("sft", "kto", "dpo"):
        assert main(["export", kind, str(db), "--out", str(out)]) == 0
    store = Store.open_read_only(db)
    rows = tree_rows(store, "toolwoz")
    assert len(rows) == 6 and all(row.status == "finished" for row in rows)
    complete = [row for row in rows if row.complete]
    assert 0 < len(complete) < len(rows)
    nodes = {row.id: node_rows(store, row.id) for row in rows}
    # Some golden turn slipped before it committed: the feedback is stored, so leaving it out is tested.
    slipped = [n for row in complete for n in nodes[row.id] if n.golden and
               any(c["outcome"] == "format_error" for c in n.calls)]
    assert slipped
    feedback = {c["feedback"] for n in slipped for c in n.calls if c["outcome"] == "format_error"}
    store.close()

    for rendering in ("text", "openai-tools"):
        kto = read_jsonl(out / f"kto-{rendering}.jsonl")
        true = [r for r in kto if r["label"] is True]
        false = [r for r in kto if r["label"] is False]
        assert true and false and len(true) + len(false) == len(kto)
        true_prompts = {json.dumps(r["prompt"]) for r in true}
        assert all(json.dumps(r["prompt"]) in true_prompts for r in false)
        assert all(r["completion"] != t["completion"] for r in false for t in true
                   if t["prompt"] == r["prompt"])  # a failed sibling did something else
        dpo = read_jsonl(out / f"dpo-{rendering}.jsonl")
        assert len(dpo) == len(false)
        sft = read_jsonl(out / f"sft-{rendering}.jsonl")
        assert len(sft) == len(complete)
        for record in sft:
            dumped = json.dumps(record)
            assert "~slip~" not in dumped and not any(json.dumps(text)[1:-1] in dumped for text in feedback)
            assert record["messages"][-1]["role"] == "assistant"
        if rendering == "text":
            assert all(r["tools"] == [] for r in sft)
            continue
        for record in sft:  # ToolWOZ's API schemas, and every call answered by its own id
            assert [t["function"]["name"] for t in record["tools"]] == [s.name for s in SPECS]
            assert [t["function"]["parameters"] for t in record["tools"]] == [s.parameters for s in SPECS]
            messages = record["messages"]
            calls = [c["id"] for m in messages for c in m.get("tool_calls", [])]
            answers = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
            assert calls and len(set(calls)) == len(calls)
            last_is_call = bool(messages[-1].get("tool_calls"))
            assert answers == (calls[:-1] if last_is_call else calls)
            for i, message in enumerate(messages):  # each answer follows its call at once
                if message["role"] == "tool":
                    assert messages[i - 1]["tool_calls"][0]["id"] == message["tool_call_id"]


def test_a_bad_explore_mixture_is_one_located_line(tmp_path: Path) -> None:
    toolwoz_with_goals()
    from lamen.harvest.run import harvest_family
    from lamen.spec.problems import SpecError

    def problem(explore: object) -> str:
        spec = HarvestSpec.model_validate({"name": "tw", "family": "toolwoz", "instances": {"count": 1},
                                           "agent": {"agent": "player:slot-filler", "params": {"explore": explore}},
                                           "simulator": "player:verbose"})
        with pytest.raises(SpecError) as caught:
            harvest_family(spec)
        (found,) = caught.value.problems
        return f"{'.'.join(map(str, found.field))}: {found.message}"

    assert problem({"nobody": 0.2}) == "agent.params.explore.nobody: toolwoz has no scripted player 'nobody'"
    assert problem({"random-api": 1.5}) == "agent.params.explore.random-api: probability 1.5 is not a number in [0, 1]"
    assert problem({"random-api": 0.6, "speak-only": 0.6}) == \
        "agent.params.explore: probabilities sum to 1.2, more than 1"
    assert problem([]) == "agent.params.explore: explore must map player names to probabilities, got []"


def test_the_shipped_harvest_is_found_by_name_and_a_typo_is_one_line() -> None:
    from lamen.harvest.spec import find_harvest, load_harvest
    from lamen.spec.problems import SpecError

    assert find_harvest("toolwoz").name == "toolwoz.yaml"
    assert load_harvest("toolwoz").agent.params["explore"] == {"random-api": 0.2, "speak-only": 0.1}
    with pytest.raises(SpecError, match="toolwz: no such harvest spec file, nor a shipped harvest .*'toolwoz'"):
        find_harvest("toolwz")
