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
