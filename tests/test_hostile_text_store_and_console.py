"""Hostile text from models and providers stays inert in the store and on the console.

Store: replies carrying NUL bytes and lone surrogates (JSON from a provider may hold "\\ud83d"
alone) are stored without a crash — NUL exactly, each lone surrogate as U+FFFD — in turns, calls,
the response cache and an agent's stop reason. Console: an HTTP 400 whose error message carries
ANSI escapes and a right-to-left override prints inert in `lamen run` and `lamen status`."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.agents.registry import make_agent
from lamen.cli import main
from lamen.report.data import read_report_data
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store

NOTE = 'Acceptable offer: {"rent": "$1000"}\x00 hidden\ud83d'
MESSAGE = "Rent $1000.\x00 We agree on all issues. \udc80"
STORED_NOTE = 'Acceptable offer: {"rent": "$1000"}\x00 hidden\ufffd'
STORED_MESSAGE = "Rent $1000.\x00 We agree on all issues. \ufffd"
HOSTILE_ERROR = "model \x1b[2J\x1b[31mgone\u202e evil\x07\rOK"
STORED_ERROR = "model \x1b[2J\x1b[31mgone\u202e evil\x07 OK"  # the provider layer turned \r into a space
SHOWN_ERROR = "model \\u001b[2J\\u001b[31mgone\\u202e evil\\u0007 OK"


class HostileLLM:
    """Answers with NUL bytes and lone surrogates; its second agent stops with such a reason."""

    def __init__(self, name: str) -> None:
        self.name = name

    async def complete(self, request: ChatRequest) -> ChatReply:
        if self.name.endswith("breaks"):
            raise AgentError(f"{self.name}: bad request (HTTP 400): unknown model\ud800\x00", retryable=False)
        return ChatReply(text=NOTE if request.purpose == "note" else MESSAGE,
                         usage=Usage(input_tokens=10, output_tokens=5), model="fake\udfff")


def make(spec, *, game, side, seed):  # type: ignore[no-untyped-def]
    return HostileLLM(spec.id) if spec.provider == "openai" else make_agent(spec, game=game, side=side, seed=seed)


def test_nul_bytes_and_lone_surrogates_are_stored_safely(tmp_path: Path) -> None:
    tournament = Tournament.model_validate({
        "name": "hostile", "agents": ["openai:fake-hostile", "openai:fake-breaks", "bot:linear"],
        "games": ["rental-1-distributive"], "self_play": False, "limits": {"concurrency": 1}})
    database = tmp_path / "t.db"
    store = Store(database)
    runner = Runner(tournament, store, Library.default(), make=make)
    state = asyncio.run(runner.run())
    store.close()
    assert (state.done, state.errors) == (4, 8)  # hostile × linear played; every match of `breaks` errored
    with sqlite3.connect(database) as db:
        notes = {row[0] for row in db.execute("SELECT note FROM turns t JOIN matches m ON m.id=t.match_id "
                                              "WHERE (t.side=0 AND m.agent_a='openai:fake-hostile') OR "
                                              "(t.side=1 AND m.agent_b='openai:fake-hostile')")}
        stored = Store.open_read_only(database)
        messages = {call.reply.text for call in stored.calls() if call.agent == "openai:fake-hostile"
                    and call.purpose == "message"}
        stored.close()
        models = {row[0] for row in db.execute("SELECT model FROM calls WHERE agent='openai:fake-hostile'")}
        cached = [json.loads(row[0]) for row in db.execute("SELECT reply_json FROM response_cache")]
        reason = db.execute("SELECT disabled_reason FROM agents WHERE agent_id='openai:fake-breaks'").fetchone()[0]
        errors = [row[0] for row in db.execute("SELECT error FROM matches WHERE status='errored'")]
    assert notes == {STORED_NOTE}
    assert messages == {STORED_MESSAGE}
    assert models == {"fake\ufffd"}
    assert {entry["text"] for entry in cached} == {STORED_NOTE, STORED_MESSAGE}
    assert reason.endswith("openai:fake-breaks: bad request (HTTP 400): unknown model\ufffd\x00")
    # The match errored by that failure is stored too (its transcript held the lone surrogate).
    assert len(errors) == 8 and any(error.endswith("unknown model\ufffd\x00") for error in errors)
    data = read_report_data(database)  # and it reads back for the report
    assert len(data.outcomes) == 4


class _HostileAPI(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = json.dumps({"error": {"message": HOSTILE_ERROR, "type": "invalid_request_error"}}).encode()
        self.send_response(400)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def hostile_api(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(variable, raising=False)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _HostileAPI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_a_providers_error_body_prints_inert_in_run_and_status(hostile_api: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "t.yaml"
    database = tmp_path / "t.db"
    spec.write_text(yaml.safe_dump({"name": "errors", "games": ["rental-1-distributive"], "self_play": False,
                                    "agents": [{"agent": "openai:gpt-4o-mini", "base_url": hostile_api}, "bot:linear"],
                                    "limits": {"max_retries": 0, "concurrency": 1}, "database": str(database)}),
                    encoding="utf-8")
    assert main(["run", str(spec), "--quiet"]) == 1  # every match errored: "run again"
    run_out, run_err = capsys.readouterr()
    assert main(["status", str(database)]) == 0
    status_out, status_err = capsys.readouterr()
    with sqlite3.connect(database) as db:
        stored = db.execute("SELECT disabled_reason FROM agents WHERE agent_id='openai:gpt-4o-mini'").fetchone()[0]
    assert stored.endswith(STORED_ERROR)  # the store keeps the provider's words; only printing makes them inert
    for output in (run_out + run_err, status_out + status_err):
        assert not any(char in output for char in "\x1b\x07\r\u202e")
    assert f"stopped openai:gpt-4o-mini: side A (openai:gpt-4o-mini): openai:gpt-4o-mini: bad request (HTTP 400): " \
           f"{SHOWN_ERROR}\n" in run_out.replace("side B", "side A")
    assert f"  stopped openai:gpt-4o-mini: side A (openai:gpt-4o-mini): openai:gpt-4o-mini: bad request " \
           f"(HTTP 400): {SHOWN_ERROR}\n" in status_out.replace("side B", "side A")


def test_the_response_cache_takes_a_reply_with_a_lone_surrogate(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    store.cache_reply("k", "agent", ChatReply(text="a\x00b\ud800c", usage=Usage(input_tokens=1, output_tokens=1)))
    assert store.cached_reply("k").text == "a\x00b\ufffdc"  # type: ignore[union-attr]
    store.close()
