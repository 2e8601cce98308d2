"""An OpenAI-compatible server on this machine: llama.cpp's server (`python -m llama_cpp.server`)
with SmolLM2 on 127.0.0.1, played through the `openai` provider with `base_url`. Skipped, with
the reason, without the `local` extra or the server's packages."""

from __future__ import annotations

import asyncio
import importlib.util
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from lamen.agents.local import local_model_available, model_path
from lamen.agents.registry import make_agent
from lamen.judge import judge
from lamen.play import Negotiation, play
from lamen.runner.limits import ProviderGate
from lamen.runner.resilient import ResilientAgent
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_protocol
from lamen.spec.tournament import Limits

SERVER_PACKAGES = ("fastapi", "uvicorn", "sse_starlette", "starlette_context", "pydantic_settings")
STARTUP_S = 120.0


def unavailable() -> str | None:
    reason = local_model_available()
    if reason:
        return reason
    missing = [name for name in SERVER_PACKAGES if importlib.util.find_spec(name) is None]
    if missing:
        return f"llama.cpp's server needs {', '.join(missing)}: pip install 'llama-cpp-python[server]'"
    return None


pytestmark = [pytest.mark.local, pytest.mark.skipif(bool(unavailable()), reason=str(unavailable()))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server's base URL once it answers; the server is stopped after the module's tests."""
    port = free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path("smollm2")),
             "--model_alias", "smollm2", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096",
             "--n_threads", "2"],
            stdout=output, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}/v1"
        deadline = time.monotonic() + STARTUP_S
        while True:
            if server.poll() is not None:
                pytest.fail(f"llama.cpp's server exited with {server.returncode}:\n{log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama.cpp's server did not answer within {STARTUP_S:g} s:\n{log.read_text()[-2000:]}")
            time.sleep(0.25)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=15)


# (about 40 s on the idle machine, most of the default run's budget: it runs in CI, as .ci/run sets CI=true)
@pytest.mark.slow
def test_a_short_game_through_the_openai_provider(llama_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # a real key must not go to a local server
    game = load_game("rental-1-distributive")
    # One round: the model's note and message and the bot's answer. Each call evaluates a ~600-token
    # prompt on the CPU, seconds apiece, so more rounds only make the test slower.
    protocol = load_protocol("default").model_copy(update={"max_rounds": 1})
    specs = (AgentSpec.model_validate({"agent": "openai:smollm2", "base_url": llama_server,
                                       "sampling": {"seed": 7, "max_tokens": 96}}),
             AgentSpec.model_validate("bot:conceder"))
    model = ResilientAgent(specs[0], make_agent(specs[0], game=game, side=0), ProviderGate("openai", Limits()),
                           max_retries=0, timeout_s=120)
    agents = (model, make_agent(specs[1], game=game, side=1))
    negotiation = Negotiation(game, protocol, sampling=(specs[0].sampling, specs[1].sampling),
                              agent_names=(specs[0].id, specs[1].id))
    transcript = asyncio.run(play(negotiation, agents))
    assert transcript.error is None
    assert transcript.end_reason in ("agreement", "max_rounds")
    model_turns = [t for t in transcript.turns if t.side == 0]
    assert len(model_turns) == 1 and model_turns[0].message.strip()
    assert [call.purpose for call in model_turns[0].calls] == ["note", "message"]
    for call in model_turns[0].calls:
        assert call.reply.model == "smollm2" and call.reply.usage.input_tokens > 0
        assert call.reply.usage.output_tokens > 0 and call.reply.cost_usd == 0.0  # no price for a local model
    outcome = judge(transcript, game, protocol)
    assert outcome.rounds == 1 and outcome.error is None
