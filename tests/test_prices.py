"""Prices: the packaged table, model-name matching, the cost of a call, user files and bad files."""

from __future__ import annotations

import logging
from datetime import date
from pathlib import Path

import pytest

from lamen.agents.base import Usage
from lamen.agents.prices import ModelPrice, cost_usd, load_prices
from lamen.spec.problems import SpecError


@pytest.fixture(autouse=True)
def packaged_prices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LAMEN_PRICES", raising=False)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "prices.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_packaged_table_prices_current_models() -> None:
    table = load_prices()
    assert table.taken == date(2025, 11, 30)
    for provider, model in [("anthropic", "claude-3-5-haiku"), ("anthropic", "claude-sonnet-4"),
                            ("openai", "gpt-4o"), ("openai", "gpt-4o-mini"), ("cohere", "command-r"),
                            ("cohere", "command-r-plus"), ("google", "gemini-2.0-flash"), ("google", "gemini-1.5-pro")]:
        assert table.price_for(provider, model) is not None, (provider, model)
    assert table.price_for("openai", "gpt-4o") == ModelPrice(input=2.5, output=10.0, cached_input=1.25)


@pytest.mark.parametrize(("provider", "model", "listed"), [
    ("anthropic", "claude-3-5-haiku-20241022", "claude-3-5-haiku"),
    ("anthropic", "claude-3-5-haiku-latest", "claude-3-5-haiku"),
    ("anthropic", "claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),  # not claude-sonnet-4
    ("anthropic", "claude-3-5-haiku@20241022", "claude-3-5-haiku"),  # Vertex naming
    ("openai", "gpt-4o-mini-2024-07-18", "gpt-4o-mini"),  # the longest listed name wins
    ("openai", "o3-mini-2025-01-31", "o3-mini"),
    ("cohere", "command-r-plus-08-2024", "command-r-plus"),
    ("cohere", "command-r-03-2024", "command-r-03-2024"),  # its own, older price
    ("cohere", "command-r7b-12-2024", "command-r7b"),
    ("google", "models/gemini-2.0-flash-001", "gemini-2.0-flash"),
    ("google", "gemini-2.5-flash-preview-05-20", "gemini-2.5-flash"),
    ("anthropic", "claude-opus-4-7", None),  # a newer model, not a release of claude-opus-4
    ("openai", "gpt-5.1", None),
    ("openai", "gpt-4o-audio-preview-x", None),
    ("openai", "qwen2.5-7b-instruct", None),
    ("bot", "boulware", None),
])
def test_model_names_match_their_listed_model(provider: str, model: str, listed: str | None) -> None:
    table = load_prices()
    expected = None if listed is None else table.price_for(provider, listed)
    assert table.price_for(provider, model) == expected
    if listed is not None:
        assert expected is getattr(table.providers, provider)[listed]


def test_cost_of_a_call() -> None:
    usage = Usage(input_tokens=2006, output_tokens=58, cached_tokens=1920)
    # gpt-4o: 86 uncached * $2.50 + 1920 cached * $1.25 + 58 out * $10, per million
    assert cost_usd("openai", "gpt-4o-2024-08-06", usage) == pytest.approx(3195e-6)
    # Anthropic cache writes: 1840 written * $1.25 + 31 * $1 + 42 out * $5 (claude-haiku-4-5)
    written = Usage(input_tokens=1871, output_tokens=42)
    assert cost_usd("anthropic", "claude-haiku-4-5", written, cache_write_tokens=1840) == pytest.approx(2541e-6)
    # No cached price listed: cached tokens cost the input price.
    assert cost_usd("cohere", "command-r", Usage(input_tokens=1000, output_tokens=100, cached_tokens=400)) == \
        pytest.approx((1000 * 0.15 + 100 * 0.60) / 1e6)


def test_unknown_model_costs_zero_and_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    usage = Usage(input_tokens=1000, output_tokens=10)
    with caplog.at_level(logging.WARNING, logger="lamen.agents.prices"):
        assert cost_usd("openai", "my-finetune-xyz", usage) == 0.0
        assert cost_usd("openai", "my-finetune-xyz", usage) == 0.0
    assert [r.getMessage() for r in caplog.records] == [
        "no price for openai:my-finetune-xyz in the prices file: its cost is counted as 0"]


def test_user_file_from_env_or_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = write(tmp_path, "taken: 2026-10-01\nproviders:\n  openai:\n    my-finetune: {input: 3, output: 12}\n")
    monkeypatch.setenv("LAMEN_PRICES", str(path))
    table = load_prices()
    assert table.taken == date(2026, 10, 1)
    assert table.price_for("openai", "gpt-4o") is None
    assert cost_usd("openai", "my-finetune", Usage(input_tokens=1_000_000, output_tokens=500_000)) == 9.0
    monkeypatch.delenv("LAMEN_PRICES")
    assert load_prices(path) is table  # read once
    assert load_prices().price_for("openai", "gpt-4o") is not None


@pytest.mark.parametrize(("text", "problem"), [
    ("taken: 2026-10-01\nproviders:\n  openai:\n    gpt-4o: {input: -2.5, output: 10}\n",
     ":4: providers.openai.gpt-4o.input: Input should be greater than or equal to 0, got -2.5"),
    ("taken: 2026-10-01\nproviders:\n  openai:\n    gpt-4o: {input: 2.5, output: 10, cachd: 1.25}\n",
     ":4: providers.openai.gpt-4o.cachd: unknown field 'cachd' (known fields: input, output, cached_input, "
     "cache_write)"),
    ("taken: 2026-10-01\nproviders:\n  opnai:\n    gpt-4o: {input: 2.5, output: 10}\n",
     ":3: providers.opnai: unknown field 'opnai' (did you mean 'openai'?)"),
    ("taken: 2026-10-01\nproviders:\n  openai:\n    gpt-4o: {input: 2.5}\n",
     ":4: providers.openai.gpt-4o.output: required field is missing (add it)"),
    ("taken: 2026-10-01\nproviders:\n  openai:\n    gpt-4o: {input: two, output: 10}\n",
     ":4: providers.openai.gpt-4o.input: Input should be a valid number, unable to parse string as a number, "
     "got 'two' (write a number)"),
    ("providers: {}\n", ":1: taken: required field is missing (add it)"),
    ("taken: 2026-10-01\nproviders:\n  openai: [gpt-4o]\n",
     ":3: providers.openai: expected a mapping (key: value lines), got list (check indentation)"),
])
def test_bad_file_is_one_line_naming_file_line_and_field(tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(SpecError) as caught:
        load_prices(path)
    assert str(caught.value) == f"{path}{problem}"
    assert "\n" not in str(caught.value)
