"""`lamen doctor`: SDK versions, key variables (set / not set, never values), prices, the agents of a
tournament spec, and `--ping` against a local fake API server."""

from __future__ import annotations

import argparse
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from lamen.cli import doctor
from lamen.spec.problems import SpecError
from tests.test_provider_common import recorded

KEY = "sk-ant-test-doctor-7f3a9c"
KEY_VARIABLES = ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "CO_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (*KEY_VARIABLES, "LAMEN_PRICES", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy",
                 "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="lamen")
    doctor.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["doctor", *argv])
    code = args.handler(args)
    return code, capsys.readouterr().out


def tournament(tmp_path: Path, agents: list[Any]) -> str:
    path = tmp_path / "tournament.yaml"
    path.write_text(json.dumps({"name": "doctor-check", "agents": agents, "games": ["rental-1-distributive"]}))
    return str(path)


def test_sdks_and_key_variables_without_values(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    code, out = run(capsys)
    assert code == 0
    for extra, distributions in doctor.EXTRAS.items():
        for distribution in distributions:
            try:
                shown = metadata.version(distribution)
            except metadata.PackageNotFoundError:
                shown = f"not installed (pip install 'lamen[{extra}]')"
            assert f"  {extra:<10} {distribution:<18} {shown}\n" in out
    assert "  anthropic  ANTHROPIC_API_KEY  set\n" in out
    assert "  openai     OPENAI_API_KEY     not set\n" in out
    assert "  google     GEMINI_API_KEY     not set\n" in out
    assert KEY not in out
    assert "prices built-in, taken 2025-11-30\n" in out


def test_agents_of_a_spec(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                          tmp_path: Path) -> None:
    pytest.importorskip("anthropic")
    pytest.importorskip("openai")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    spec = tournament(tmp_path, ["bot:boulware", "anthropic:claude-haiku-4-5", "openai:gpt-4o",
                                 {"id": "local", "provider": "openai", "model": "qwen2.5-7b",
                                  "base_url": "http://127.0.0.1:9/v1"}])
    code, out = run(capsys, spec)
    assert f"agents of {spec}: 3 LLM agents (1 bot/local/human/player agents need no check)\n" in out
    assert "  anthropic:claude-haiku-4-5: sdk ok, key set, price listed\n" in out
    assert "  local: sdk ok, key set, price not needed (this machine's server)\n" in out
    assert "  openai:gpt-4o: sdk ok, key not set, price listed\n" in out
    assert code == 1  # openai:gpt-4o has no key


def test_a_paid_model_without_a_price_is_not_ready_unless_the_spec_prices_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("openai")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.delenv("LAMEN_PRICES", raising=False)
    spec = tournament(tmp_path, ["openai:gpt-unlisted-9"])
    code, out = run(capsys, spec)
    assert "  openai:gpt-unlisted-9: sdk ok, key set, price missing (`lamen run` refuses it: give one under the " \
           "spec's prices:)\n" in out
    assert code == 1
    document = json.loads(Path(spec).read_text(encoding="utf-8"))
    document["prices"] = {"openai": {"gpt-unlisted-9": {"input": 1.0, "output": 2.0}}}
    Path(spec).write_text(json.dumps(document), encoding="utf-8")
    code, out = run(capsys, spec)
    assert "  openai:gpt-unlisted-9: sdk ok, key set, price listed\n" in out
    assert code == 0


class FakeAPI(BaseHTTPRequestHandler):
    """OpenAI-compatible chat completions that answer, and an Anthropic Messages API that refuses the key."""

    seen: list[tuple[str, dict[str, Any]]] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        FakeAPI.seen.append((self.path, body))
        answer = recorded("openai", "local_server") if self.path == "/v1/chat/completions" else \
            recorded("anthropic", "unauthorized")
        content = json.dumps(answer["body"]).encode()
        self.send_response(answer["status"])
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's signature
        pass


@pytest.fixture
def fake_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeAPI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    FakeAPI.seen = []
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_ping_each_llm_agent(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                             fake_api: str) -> None:
    pytest.importorskip("anthropic")
    pytest.importorskip("openai")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    spec = tournament(tmp_path, [
        "bot:linear",
        {"id": "local", "provider": "openai", "model": "qwen2.5-7b-instruct", "base_url": f"{fake_api}/v1"},
        {"id": "claude", "provider": "anthropic", "model": "claude-haiku-4-5", "base_url": fake_api},
    ])
    code, out = run(capsys, spec, "--ping")
    assert "  ping local: ok: " in out and ", model qwen2.5-7b-instruct\n" in out
    assert "  ping claude: failed: claude: authentication failed (HTTP 401): set ANTHROPIC_API_KEY\n" in out
    assert KEY not in out
    assert code == 1
    sent = dict(FakeAPI.seen)
    assert sent["/v1/chat/completions"]["max_tokens"] == 1
    assert sent["/v1/messages"]["max_tokens"] == 1
    assert len(FakeAPI.seen) == 2  # one request each, the bot is not pinged


def test_ping_needs_a_spec(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--ping")
    assert (code, out) == (2, "--ping needs a tournament SPEC: lamen doctor SPEC --ping\n")


def test_bad_prices_file_is_reported(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    bad = tmp_path / "prices.yaml"
    bad.write_text("taken: 2026-01-01\nproviders:\n  openai:\n    gpt-4o: {input: 2.5}\n")
    monkeypatch.setenv("LAMEN_PRICES", str(bad))
    code, out = run(capsys)
    assert code == 1
    assert f"prices unreadable: {bad}:4: providers.openai.gpt-4o.output: required field is missing (add it)\n" in out


def test_bad_spec_is_a_spec_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no agents listed"):
        run(capsys, tournament(tmp_path, []))
