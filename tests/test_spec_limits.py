"""Spec limits and names are checked before anything runs: limits that would hang or crash the
runner, a schedule too large to build, and names or ids that would escape their folder or print
as terminal control. Each is one line naming file, line and field; exit 1; no file written."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from lamen.cli import main
from lamen.schedule import MAX_MATCHES, resolve_games, schedule, schedule_size
from lamen.spec.library import Library
from lamen.spec.load import load_protocol
from lamen.spec.tournament import Tournament

BASE = {"name": "limits", "agents": ["bot:linear", "bot:conceder"], "games": ["rental-1-distributive"]}
SIX = ["bot:linear", "bot:conceder", "bot:boulware", "bot:hardliner", "bot:random", "bot:tit-for-tat"]

CASES = {
    "per-provider 0": ({"limits": {"per_provider": {"openai": 0}}},
                       ":8: limits.per_provider.openai: Input should be greater than or equal to 1, got 0"),
    "per-provider negative": ({"limits": {"per_provider": {"openai": -1}}},
                              ":8: limits.per_provider.openai: Input should be greater than or equal to 1, got -1"),
    "rate nan": ({"limits": {"requests_per_minute": {"anthropic": math.nan}}},
                 ":8: limits.requests_per_minute.anthropic: Input should be a finite number, got nan"),
    "rate inf": ({"limits": {"tokens_per_minute": {"openai": math.inf}}},
                 ":8: limits.tokens_per_minute.openai: Input should be a finite number, got inf"),
    "rate 0": ({"limits": {"requests_per_minute": {"anthropic": 0}}},
               ":8: limits.requests_per_minute.anthropic: Input should be greater than 0, got 0"),
    "concurrency 0": ({"limits": {"concurrency": 0}},
                      ":7: limits.concurrency: Input should be greater than or equal to 1, got 0"),
    "timeout inf": ({"limits": {"timeout_s": math.inf}}, ":7: limits.timeout_s: Input should be a finite number"),
    "budget nan": ({"budget_usd": math.nan}, ":4: budget_usd: Input should be a finite number, got nan"),
    "repetitions 1e9": ({"repetitions": 1_000_000_000},
                        ":7: repetitions: Input should be less than or equal to 100000, got 1000000000"),
    "schedule too large": ({"repetitions": 100_000, "agents": SIX, "games": ["rental-*"]},
                           ":11: repetitions: the schedule would hold 58,800,000 matches (6 agents, 7 games, "
                           "100000 repetitions), more than the 1,000,000 one tournament may hold"),
    "name ..": ({"name": ".."}, ":6: name: name contains '..' or is '.'"),
    "name with /": ({"name": "a/b"}, ":6: name: name contains a path separator"),
    "name with \\": ({"name": "a\\b"}, ":6: name: name contains a path separator"),
    "name with NUL": ({"name": "x\x00y"}, ":6: name: name contains the unprintable character U+0000"),
    "name with ANSI": ({"name": "evil\x1b[31m"}, ":6: name: name contains the unprintable character U+001B"),
    "name with newline": ({"name": "a\nb"}, ":6: name: name contains the unprintable character U+000A"),
    "name with RLO": ({"name": "rtl\u202eabc"}, ":6: name: name contains the unprintable character U+202E"),
    "agent id with ANSI": ({"agents": [{"id": "bad\x1b[2J", "provider": "bot", "model": "linear"}, "bot:conceder"]},
                           ": agents[0]: agent id 'bad\\x1b[2J' contains the unprintable character U+001B"),
    "agent id with ..": ({"agents": [{"id": "../x", "provider": "bot", "model": "linear"}, "bot:conceder"]},
                         ": agents[0]: agent id '../x' contains a path separator"),
    "database with NUL": ({"database": "a\x00b.db"}, ":4: database: database must be a file path without NUL"),
    "negative price": ({"prices": {"openai": {"m": {"input": -1, "output": 1}}}},
                       ": prices.openai.m.input: Input should be greater than or equal to 0"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_limits_and_names_are_one_line_before_anything_runs(case: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    change, expected = CASES[case]
    spec = tmp_path / "t.yaml"
    spec.write_text(yaml.safe_dump({**BASE, **change}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["run", str(spec)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and expected in err, err
    assert "Traceback" not in err and "\x1b" not in err and "\x00" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.yaml"]  # no reports/ folder, no database


@pytest.mark.parametrize(("agents", "games", "repetitions", "qualifier", "self_play", "cross_play"), [
    (SIX, 7, 1, None, True, True), (SIX[:2], 1, 3, {"games": 4}, True, False), (SIX[:3], 2, 2, None, False, True),
])
def test_the_schedule_size_is_counted_exactly_before_it_is_built(
        agents: list[str], games: int, repetitions: int, qualifier: dict | None, self_play: bool,
        cross_play: bool) -> None:
    tournament = Tournament.model_validate({**BASE, "agents": agents, "games": ["rental-*"], "repetitions": repetitions,
                                            "qualifier": qualifier, "self_play": self_play, "cross_play": cross_play})
    library = Library.default()
    found = resolve_games(tournament.games, library)[:games]
    qualifier_game = resolve_games(["rental-1-distributive"], library)[0] if qualifier else None
    built = schedule(tournament, found, load_protocol("default", library), qualifier_game)
    assert schedule_size(tournament, games) == len(built)


def test_the_largest_schedule_allowed_is_stated(tmp_path: Path) -> None:
    # 2 agents and 1 game: 12 matches per repetition; 83,333 of them fit, 83,334 do not.
    assert MAX_MATCHES == 1_000_000
    assert schedule_size(Tournament.model_validate({**BASE, "repetitions": 83_333}), 1) == 999_996
    assert schedule_size(Tournament.model_validate({**BASE, "repetitions": 83_334}), 1) == 1_000_008


def test_the_default_database_stays_inside_reports() -> None:
    tournament = Tournament.model_validate({**BASE, "name": "a.b c"})
    assert tournament.database_path(Path("/base")) == Path("/base/reports/a.b c/tournament.db")
