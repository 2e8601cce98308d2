"""`lamen export sft|kto|dpo DB`: training data from stored harvest trees, in TRL's formats and
both renderings; true turns lie on golden paths, false ones share a golden turn's prompt."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.harvest.export import examples
from lamen.harvest.run import run_harvest
from lamen.store.harvest import node_rows, tree_rows
from lamen.store import Store
from tests.harvest_agents import fake_make
from tests.harvest_family import registered
from tests.test_harvest_run import spec



@pytest.fixture(autouse=True, scope="module")
def errands_family() -> Iterator[None]:
    with registered():
        yield


SLIP = "I will file a code now."  # the fake model's unreadable line (tests/harvest_agents.py)


@pytest.fixture(scope="module")
def harvest_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("harvest") / "h.db"
    store = Store(path)
    run_harvest(spec(instances={"config": {"codes": 2}, "count": 12}, turn_limit=5), store,
                fake_make(p=0.3, slip=0.2))
    store.close()
    return path


@pytest.fixture(scope="module")
def store(harvest_db: Path):  # noqa: ANN201
    opened = Store.open_read_only(harvest_db)
    yield opened
    opened.close()


def flags(store: Store) -> dict[tuple[str, str], tuple[bool, bool, str | None]]:
    return {(row.id, node.node_id): (node.golden, node.successful, node.parent_id)
            for row in tree_rows(store) for node in node_rows(store, row.id)}


@pytest.mark.parametrize("rendering", ["text", "openai-tools"])
def test_kto_true_turns_are_golden_and_false_ones_share_a_true_prompt(store: Store, rendering: str) -> None:
    found = flags(store)
    rows = list(examples(store, "kto", rendering))  # type: ignore[arg-type]
    true = [e for e in rows if e.record["label"]]
    false = [e for e in rows if not e.record["label"]]
    assert true and false
    for example in true:
        golden, successful, _ = found[(example.tree_id, example.node_ids[0])]
        assert golden and successful
    true_prompts = {json.dumps(e.record["prompt"]) for e in true}
    true_parents = {(e.tree_id, found[(e.tree_id, e.node_ids[0])][2]) for e in true}
    for example in false:
        golden, successful, parent = found[(example.tree_id, example.node_ids[0])]
        assert not golden and not successful
        assert (example.tree_id, parent) in true_parents  # a sibling of a golden turn
        assert json.dumps(example.record["prompt"]) in true_prompts
    assert all(e.record["completion"][0]["role"] == "assistant" for e in rows)


def test_dpo_pairs_are_the_kto_pairs(store: Store) -> None:
    kto = list(examples(store, "kto", "text"))
    dpo = list(examples(store, "dpo", "text"))
    assert len(dpo) == sum(1 for e in kto if not e.record["label"])
    true = {(e.tree_id, e.node_ids[0]): e.record for e in kto if e.record["label"]}
    false = {(e.tree_id, e.node_ids[0]): e.record for e in kto if not e.record["label"]}
    for pair in dpo:
        assert set(pair.record) == {"prompt", "chosen", "rejected"}
        chosen, rejected = true[(pair.tree_id, pair.node_ids[0])], false[(pair.tree_id, pair.node_ids[1])]
        assert pair.record["prompt"] == chosen["prompt"] == rejected["prompt"]
        assert (pair.record["chosen"], pair.record["rejected"]) == (chosen["completion"], rejected["completion"])


def test_sft_holds_complete_trees_golden_paths_without_feedback(store: Store) -> None:
    rows = {row.id: row for row in tree_rows(store)}
    complete = {tree for tree, row in rows.items() if row.complete}
    assert 0 < len(complete) < len(rows)  # both kinds are there, so the filter is tested
    text = list(examples(store, "sft", "text"))
    tools = list(examples(store, "sft", "openai-tools"))
    assert {e.tree_id for e in text} == {e.tree_id for e in tools} == complete
    # Some golden turn slipped before it committed: its feedback is in the store, not in SFT.
    slipped = [node for tree in complete for node in node_rows(store, tree)
               if node.golden and any(c["outcome"] == "format_error" for c in node.calls)]
    assert slipped
    for example in text + tools:
        dumped = json.dumps(example.record)
        assert SLIP not in dumped and "ERROR" not in dumped
        assert example.record["messages"][-1]["role"] == "assistant"
    # In the openai-tools rendering every goal's filing call is an assistant tool call, answered.
    for example in tools:
        calls = [c for m in example.record["messages"] for c in m.get("tool_calls", [])]
        filed = {json.loads(c["function"]["arguments"])["code"] for c in calls}
        codes = {goal.removeprefix("code:") for goal in rows[example.tree_id].goals}
        assert codes <= filed
        assert example.record["tools"][0]["function"]["name"] == "file"
        answered = {m["tool_call_id"] for m in example.record["messages"] if m["role"] == "tool"}
        assert {c["id"] for c in calls[:-1]} <= answered


def test_the_cli_writes_both_renderings_and_datasets_loads_them(harvest_db: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    for kind in ("sft", "kto", "dpo"):
        assert main(["export", kind, str(harvest_db), "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "sft (text):" in out and "dpo (openai-tools):" in out
    files = sorted(p.name for p in tmp_path.glob("*.jsonl"))
    assert files == [f"{k}-{r}.jsonl" for k in ("dpo", "kto", "sft") for r in ("openai-tools", "text")]
    first = json.loads((tmp_path / "kto-text.jsonl").read_text().splitlines()[0])
    assert set(first) == {"prompt", "completion", "label"}
    datasets = pytest.importorskip("datasets")
    for name in files:
        loaded = datasets.load_dataset("json", data_files=str(tmp_path / name), split="train")
        lines = (tmp_path / name).read_text().splitlines()
        assert loaded.num_rows == len(lines) > 0
        assert loaded.column_names == list(json.loads(lines[0]))


def test_training_exports_refuse_bad_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "t.db"
    Store(empty).close()
    assert main(["export", "kto", str(empty), "--out", str(tmp_path / "o")]) == 1
    assert "holds no harvest" in capsys.readouterr().err
    assert main(["export", "sft", "--out", str(tmp_path / "o")]) == 1
    assert "no database given" in capsys.readouterr().err
    assert main(["export", str(empty), str(empty), "--out", str(tmp_path / "o")]) == 1
    assert "is not a kind of training data" in capsys.readouterr().err


def test_an_export_of_a_harvest_the_database_does_not_hold_is_one_line(harvest_db: Path, store: Store, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    (name,) = {row.harvest for row in tree_rows(store)}
    assert main(["export", "kto", str(harvest_db), "--out", str(tmp_path / "o"), "--harvest", "nosuch"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert f"holds no harvest named 'nosuch' (harvests: {name})" in err and not (tmp_path / "o").exists()
    assert main(["export", "kto", str(harvest_db), "--out", str(tmp_path / "o"), "--harvest", name]) == 0


def test_status_of_a_harvest_database_says_what_it_holds_and_how_to_export_it(
        harvest_db: Path, store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trees = tree_rows(store)
    (name,) = {tree.harvest for tree in trees}
    finished = sum(1 for tree in trees if tree.status == "finished")
    complete = sum(1 for tree in trees if tree.complete)
    assert main(["status", str(harvest_db)]) == 0
    assert capsys.readouterr().out.split("\n")[:2] == [
        f"{name} (harvest): {finished}/{len(trees)} trees finished, {complete} met every goal",
        f"training data: lamen export sft|kto|dpo {harvest_db} --out FOLDER"]
    empty = tmp_path / "t.db"
    Store(empty).close()
    assert main(["status", str(empty)]) == 0
    assert capsys.readouterr().out == f"{empty}: holds no tournament or harvest yet\n"


def test_a_tree_of_an_unknown_family_is_one_line(harvest_db: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import shutil
    import sqlite3

    copy = tmp_path / "h.db"
    shutil.copyfile(harvest_db, copy)
    db = sqlite3.connect(copy)
    db.execute("UPDATE harvest_trees SET family='nowhere'")
    db.commit()
    db.close()
    assert main(["export", "sft", str(copy), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "was grown in game family 'nowhere'" in err


def test_a_harvest_with_native_tool_calls_exports_both_renderings(tmp_path: Path) -> None:
    """`native_tools: true`: the clerk's calls arrive as function calls (the fake model's ids
    `fc-…`); openai-tools keeps them, text writes each as the codec writes a call."""
    store = Store(tmp_path / "h.db")
    run_harvest(spec(native_tools=True, instances={"config": {"codes": 2}, "count": 6}, turn_limit=5), store,
                fake_make(p=0.4, slip=0.0))
    requests = [c["request"] for row in tree_rows(store) for n in node_rows(store, row.id) for c in n.calls
                if c["role"] == "clerk"]
    assert requests and all(r["tools"][0]["name"] == "file" for r in requests)
    tools = list(examples(store, "sft", "openai-tools"))
    text = list(examples(store, "sft", "text"))
    assert tools and len(tools) == len(text)
    for example in tools:
        ids = [c["id"] for m in example.record["messages"] for c in m.get("tool_calls", [])]
        assert ids and all(i.startswith("fc-") for i in ids)
    for example in text:
        last = example.record["messages"][-1]["content"]
        assert last.startswith('CALL file {"code": ') and "fc-" not in json.dumps(example.record)
    kto = list(examples(store, "kto", "text"))
    assert all(e.record["completion"][0]["content"].startswith("CALL file ") for e in kto)
    store.close()
