"""Adding replicas to an agent's server (an endpoint pool) does not change what its matches are:
their ids, seeds and stored versions stay, so a running tournament resumes onto more replicas
without replaying or refusing anything. Pointing the agent at another server still does."""

from __future__ import annotations

from pathlib import Path

from lamen.runner.run import plan, versions
from lamen.spec.library import Library
from lamen.spec.load import load_tournament


def tournament(tmp_path: Path, base_url: str) -> list:
    path = tmp_path / "t.yaml"
    path.write_text("name: t\nagents:\n  - {agent: openai:local-model, base_url: " + base_url + "}\n"
                    "  - bot:linear\ngames: [rental-1-distributive]\n")
    spec = load_tournament(path)
    matches = plan(spec, Library.default())
    return [(m.id, m.seed, p.fingerprint) for m, p in zip(matches, versions(spec, matches))]


def test_replicas_added_behind_the_server_keep_every_match(tmp_path: Path) -> None:
    one = tournament(tmp_path, "http://127.0.0.1:8001/v1")
    pool = tournament(tmp_path, "[http://127.0.0.1:8001/v1, http://127.0.0.1:8002/v1, http://127.0.0.1:8003/v1]")
    assert len(one) == 12 and one == pool  # every id, seed and version equal


def test_another_server_is_another_version(tmp_path: Path) -> None:
    one = tournament(tmp_path, "http://127.0.0.1:8001/v1")
    other = tournament(tmp_path, "[http://127.0.0.1:9001/v1, http://127.0.0.1:8001/v1]")
    played_by_model = [k for k, row in enumerate(one) if row != other[k]]
    assert played_by_model and len(played_by_model) < len(one)  # the bot's self-play is unchanged
