"""Nothing paid is lost and nothing is paid by surprise: before its first model call `lamen run`
checks the database path, every provider agent's key (and with --ping its model), a price for
every paid model (the spec's `prices:` counts), and asks above `confirm_usd` — in a terminal, or
by `--yes` anywhere else. A refusal makes no call and writes no file."""

from __future__ import annotations

import builtins
import sqlite3
from pathlib import Path

import pytest
import yaml

from lamen.cli import main
from tests.fake_servers import ECHO_KEY_MODEL, INPUT_TOKENS, OUTPUT_TOKENS, FakeProviders

GAME = ["rental-1-distributive"]
# What these runs print and pay is the point, not the report they end with: it is read, not drawn
# (conftest: report_data_only).
pytestmark = pytest.mark.usefixtures("report_data_only")


@pytest.fixture(autouse=True)
def no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "CO_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY",
                     "LAMEN_PRICES", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                     "all_proxy"):
        monkeypatch.delenv(variable, raising=False)


def write(folder: Path, **spec: object) -> Path:
    path = folder / "t.yaml"
    path.write_text(yaml.safe_dump({"name": "paid", "games": GAME, "self_play": False, **spec}), encoding="utf-8")
    return path


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_a_missing_key_is_refused_before_any_call_or_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeProviders() as fake:
        spec = write(tmp_path, agents=[fake.spec("anthropic:claude-haiku-4-5"), "bot:linear"],
                     database=str(tmp_path / "t.db"))
        assert main(["run", str(spec), "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert err == ("error: no API key for anthropic:claude-haiku-4-5 (set ANTHROPIC_API_KEY) (export the key in "
                   "this shell, or `lamen doctor SPEC` to see every agent's state)\n")
    assert fake.received == []
    assert files(tmp_path) == ["t.yaml"]


def test_an_unpriced_paid_model_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-preflight")
    spec = write(tmp_path, agents=["openai:gpt-unlisted-9", "bot:linear"], database=str(tmp_path / "t.db"))
    assert main(["run", str(spec)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: prices: no price for openai:gpt-unlisted-9 (openai model 'gpt-unlisted-9'): its "
                          "spend would count as $0 and no budget would stop it (give its price under `prices:` in "
                          "the spec, e.g. prices: {openai: {gpt-unlisted-9: {input: 1.0, output: 2.0}}}")
    assert err.count("\n") == 1
    assert files(tmp_path) == ["t.yaml"]


def test_the_specs_prices_price_every_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A model no prices file lists, priced by the spec at $2/M in and $4/M out: every call the fake
    answered costs 1000 × 2/M + 50 × 4/M = $0.0022, and the run's spend is their sum."""
    with FakeProviders() as fake:
        spec = write(tmp_path, agents=[fake.spec("openai:house-model"), "bot:linear"], database=str(tmp_path / "t.db"),
                     prices={"openai": {"house-model": {"input": 2.0, "output": 4.0}}})
        assert main(["run", str(spec), "--quiet"]) == 0
    with sqlite3.connect(tmp_path / "t.db") as db:
        costs = [row[0] for row in db.execute("SELECT cost_usd FROM calls WHERE agent='openai:house-model' "
                                              "AND from_cache=0")]
    assert costs and all(cost == pytest.approx((INPUT_TOKENS * 2.0 + OUTPUT_TOKENS * 4.0) / 1e6) for cost in costs)
    assert len(costs) == len(fake.received)


def test_above_confirm_usd_a_run_needs_yes_without_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeProviders() as fake:
        spec = write(tmp_path, agents=[fake.spec("anthropic:claude-haiku-4-5"), "bot:linear"], confirm_usd=0.001,
                     database=str(tmp_path / "t.db"))
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
            assert main(["run", str(spec), "--quiet"]) == 1
            out, err = capsys.readouterr()
            assert "Cost estimate" in out and "estimated cost of the 4 matches to play: up to $" in out
            assert err.startswith("error: estimated cost up to $") and "is above confirm_usd ($0.00) (pass --yes" in err
            assert fake.received == [] and files(tmp_path) == ["t.yaml"]
            assert main(["run", str(spec), "--quiet", "--yes"]) == 0
    assert len(fake.received) > 0


@pytest.mark.parametrize(("answer", "code"), [("y", 0), ("n", 1), (EOFError, 1)])
def test_above_confirm_usd_a_terminal_is_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str], answer: object, code: int) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if answer is EOFError:
            raise EOFError
        return str(answer)

    monkeypatch.setattr(builtins, "input", ask)
    with FakeProviders() as fake:
        spec = write(tmp_path, agents=[fake.spec("anthropic:claude-haiku-4-5"), "bot:linear"], confirm_usd=0.001,
                     database=str(tmp_path / "t.db"))
        assert main(["run", str(spec), "--quiet"]) == code
    assert len(asked) == 1 and asked[0].endswith("is above confirm_usd ($0.00): start the run? [y/N] ")
    assert (len(fake.received) > 0) == (code == 0)
    if code:
        assert capsys.readouterr().err == "error: not started: the estimated cost was not confirmed\n"
        assert files(tmp_path) == ["t.yaml"]


def test_dry_run_shows_each_agents_key_state_never_its_value(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRETVALUE")
    spec = write(tmp_path, agents=["openai:gpt-4o-mini", "anthropic:claude-haiku-4-5", "cohere:command-r-plus",
                                   {"agent": "openai:llama3", "base_url": "http://127.0.0.1:8000/v1"}, "bot:linear"])
    assert main(["run", str(spec), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "  openai:gpt-4o-mini: key set, price listed\n" in out
    assert "  anthropic:claude-haiku-4-5: key missing (set ANTHROPIC_API_KEY), price listed\n" in out
    assert "  cohere:command-r-plus: key missing (set CO_API_KEY), price listed\n" in out
    assert "  openai:llama3: key set, price not needed (this machine's server)\n" in out
    assert "SECRETVALUE" not in out


def test_ping_refuses_a_model_that_does_not_answer_before_any_match(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with FakeProviders() as fake:
        spec = write(tmp_path, agents=[fake.spec("openai:gpt-4o-mini"), fake.spec(f"openai:{ECHO_KEY_MODEL}")],
                     database=str(tmp_path / "t.db"))
        assert main(["run", str(spec), "--quiet", "--ping"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: ping failed: openai:{ECHO_KEY_MODEL}: bad request (HTTP 400): ")
    assert err.count("\n") == 1
    assert [request.body.get("max_tokens") for request in fake.received] == [1, 1]  # the two pings, nothing else
    assert files(tmp_path) == ["t.yaml"]


def test_an_unwritable_database_path_is_refused_before_any_call(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    with FakeProviders() as fake:
        spec = write(tmp_path, agents=[fake.spec("openai:gpt-4o-mini"), "bot:linear"])
        assert main(["run", str(spec), "--db", str(tmp_path / "a-file" / "t.db")]) == 1
    assert capsys.readouterr().err == (f"error: {tmp_path / 'a-file' / 't.db'}: cannot be created: "
                                       f"{tmp_path / 'a-file'} is a file, not a folder (give `--db` a new file or a "
                                       "lamen tournament database)\n")
    assert fake.received == []
